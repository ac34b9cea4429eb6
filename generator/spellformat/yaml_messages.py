"""PyYAML's errors said in French: what the syntax expected and what the file holds.

Each message of PyYAML's scanner and parser that a spell file can meet is matched by a pattern
and said again in French, with the line of the value it started; any other keeps PyYAML's
words, quoted, after a French sentence.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

__all__ = ["yaml_error"]

_TOKENS = {
    "<block end>": "la fin d'un bloc",
    "<block mapping start>": "le début d'un objet (clé : valeur)",
    "<block sequence start>": "le début d'une liste",
    "<scalar>": "une valeur",
    "<stream end>": "la fin du fichier",
    "<document start>": "un début de document « --- »",
    "<document end>": "une fin de document « ... »",
    "<alias>": "un alias « * »",
    "<anchor>": "une ancre « & »",
    "<tag>": "une étiquette « ! »",
    "<directive>": "une directive « % »",
    "?": "une clé",
    "-": "un élément de liste « - »",
}


def _found(found: str) -> str:
    """French wording of the %r part of a PyYAML message (a token id or a character)."""
    value = (
        found[1:-1] if len(found) >= 2 and found[0] == found[-1] and found[0] in "'\"" else found
    )
    if value in _TOKENS:
        return _TOKENS[value]
    if value in ("\\t", "\t"):
        return "une tabulation"
    if value in ("\\0", "\\x00", "\0"):
        return "la fin du fichier"
    if value in ("\\n", "\n", "\\r", "\r"):
        return "une fin de ligne"
    return f"« {value} »"


_PROBLEMS: list[tuple[re.Pattern[str], Any]] = [
    (
        re.compile(r"mapping values are not allowed here"),
        lambda m: (
            "attendu une seule paire « clé: valeur » par ligne, reçu un deuxième « : » suivi d'une espace "
            "(mettre la valeur entre guillemets)"
        ),
    ),
    (
        re.compile(r"could not find expected ':'"),
        lambda m: "attendu « : » après la clé, reçu une fin de ligne",
    ),
    (
        re.compile(r"found character (.+) that cannot start any token"),
        lambda m: (
            "attendu des espaces pour l'indentation, reçu une tabulation"
            if _found(m[1]) == "une tabulation"
            else f"attendu le début d'une valeur, reçu le caractère {_found(m[1])} (mettre la valeur entre guillemets)"
        ),
    ),
    (
        re.compile(r"expected <block end>, but found (.+)"),
        lambda m: f"attendu la fin du bloc (indentation incohérente ?), reçu {_found(m[1])}",
    ),
    (
        re.compile(
            r"expected <document start>, but found (.+)|expected '<document start>', but found (.+)"
        ),
        lambda m: f"attendu un début de document « --- », reçu {_found(m[1] or m[2])}",
    ),
    (
        re.compile(r"expected the node content, but found (.+)"),
        lambda m: f"attendu une valeur, reçu {_found(m[1])}",
    ),
    (
        re.compile(r"expected ',' or '(.)', but got (.+)"),
        lambda m: f"attendu « , » ou « {m[1]} », reçu {_found(m[2])}",
    ),
    (
        re.compile(r"found unexpected end of stream"),
        lambda m: "attendu la fin de la valeur, reçu la fin du fichier",
    ),
    (
        re.compile(r"found unexpected document separator"),
        lambda m: "attendu la suite de la valeur, reçu un séparateur de document « --- »",
    ),
    (
        re.compile(r"but found another document"),
        lambda m: "attendu un seul document YAML, reçu un deuxième document (« --- »)",
    ),
    (
        re.compile(r"found undefined alias (.+)"),
        lambda m: (
            f"attendu un alias défini plus haut par une ancre « & », reçu l'alias inconnu {_found(m[1])}"
        ),
    ),
    (
        re.compile(r"found duplicate anchor (.+); first occurrence"),
        lambda m: (
            f"attendu des ancres toutes différentes, reçu l'ancre {_found(m[1])} une deuxième fois"
        ),
    ),
    (
        re.compile(r"sequence entries are not allowed here"),
        lambda m: (
            "attendu une valeur, reçu un élément de liste « - » à une place où il n'est pas permis"
        ),
    ),
    (
        re.compile(r"mapping keys are not allowed here"),
        lambda m: (
            "attendu une valeur, reçu une clé complexe « ? » à une place où elle n'est pas permise"
        ),
    ),
    (
        re.compile(r"found unknown escape character (.+)"),
        lambda m: (
            f"attendu une séquence d'échappement connue après « \\ » entre guillemets doubles, reçu {_found(m[1])}"
        ),
    ),
    (
        re.compile(r"found undefined tag handle (.+)"),
        lambda m: f"attendu une étiquette connue, reçu le préfixe inconnu {_found(m[1])}",
    ),
    (
        re.compile(r"invalid indentation or unclosed '\[' or '\{'"),
        lambda m: "attendu la fermeture de « [ » ou « { », reçu une indentation invalide",
    ),
    (
        re.compile(r"expected a comment or a line break, but found (.+)"),
        lambda m: f"attendu un commentaire ou une fin de ligne, reçu {_found(m[1])}",
    ),
    (
        re.compile(r"expected alphabetic or numeric character, but found (.+)"),
        lambda m: f"attendu une lettre ou un chiffre (nom d'ancre ou d'alias), reçu {_found(m[1])}",
    ),
    (
        re.compile(r"expected ' ', but found (.+)"),
        lambda m: f"attendu une espace, reçu {_found(m[1])}",
    ),
]

_CONTEXTS = [
    ("quoted scalar", "texte entre guillemets commencé"),
    ("block scalar", "bloc de texte « | » ou « > » commencé"),
    ("simple key", "clé commencée"),
    ("block mapping", "objet commencé"),
    ("flow mapping", "objet « { } » commencé"),
    ("flow sequence", "liste « [ ] » commencée"),
    ("block collection", "liste ou objet commencé"),
    ("mapping", "objet commencé"),
    ("anchor", "ancre commencée"),
    ("alias", "alias commencé"),
    ("tag", "étiquette commencée"),
    ("directive", "directive commencée"),
    ("node", "valeur commencée"),
]


def yaml_error(exc: yaml.MarkedYAMLError) -> tuple[int, str]:
    """The line of a PyYAML error and what it means, in French."""
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark else 1
    problem = exc.problem or ""
    # PyYAML puts the interesting half of a few messages in the context ("found
    # duplicate anchor 'x'; first occurrence" / "second occurrence").
    for pattern, translate in _PROBLEMS:
        match = pattern.search(problem) or pattern.search(exc.context or "")
        if match:
            message = translate(match)
            break
    else:
        message = f"attendu du YAML valide, reçu une erreur de syntaxe (PyYAML : « {problem} »)"
    context = exc.context or ""
    if (
        exc.context_mark is not None
        and exc.problem_mark is not None
        and exc.context_mark.line != exc.problem_mark.line
    ):
        what = next((fr for en, fr in _CONTEXTS if en in context), None)
        if what and "another document" not in problem and "occurrence" not in problem:
            message += f" ({what} ligne {exc.context_mark.line + 1})"
    return line, "YAML invalide : " + message
