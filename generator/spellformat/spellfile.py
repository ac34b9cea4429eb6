"""Safe loading of a YAML spell file, with the line number of every value.

The file is read as bytes (bounded size), decoded as UTF-8, then composed into PyYAML's
node graph with the limits below. When PyYAML has libyaml (``yaml.__with_libyaml__``), its C
parser produces the events and only the composition runs in Python; any error (syntax,
limit, tag, duplicate key…) makes the file be read again by the pure-Python ``SafeLoader``,
so that messages and line numbers are the same everywhere. PyYAML constructs no Python
object: the node tree is converted here into ``dict`` / ``list`` / scalars, recording the
line of every key and every list item.

Scalar types: only YAML 1.1's implicit resolution to an integer, a float, a boolean or
null is applied; everything else (dates included) stays text as written, so that the
schema can say « attendu un texte, reçu le nombre 9 » when someone writes ``raw: 9``.

Protections: a maximum size, a maximum nesting depth and a maximum number of nodes
*after alias expansion* (alias bombs); duplicate keys and tags (``!!python/...``,
``!foo``) are refused. No exception escapes :func:`load_bytes` or :func:`load_path`:
errors are returned, with their line.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import Resolver

try:  # libyaml's parser, when PyYAML was built with it
    from yaml.cyaml import CParser as _CParser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - depends on how PyYAML was installed
    _CParser = None  # type: ignore[assignment, misc]

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "DataPath",
    "LoadError",
    "Loaded",
    "load_bytes",
    "load_path",
]

#: Maximum size of a spell file. The whole source of the 110 spells is 178 KB and its
#: longest spell under 15 KB; the bound keeps (pure Python) parsing under 0.3 s even
#: for a file crafted to be slow.
MAX_BYTES = 128 * 1024
#: Maximum nesting depth (a valid spell uses 4).
MAX_DEPTH = 20
#: Maximum number of values once aliases are expanded (the largest real spell has about 200).
MAX_NODES = 2000

#: Path of a value in the document: keys (str) and list indices (int).
DataPath = tuple[str | int, ...]


@dataclass(frozen=True)
class LoadError:
    """A located loading error: ``line`` counts from 1 (None: no line), ``path`` is the
    path of the value concerned (None: the whole file)."""

    line: int | None
    path: DataPath | None
    message: str


@dataclass
class Loaded:
    """Result of a load: data and lines, or errors (never both)."""

    data: Any = None
    lines: dict[DataPath, int] = field(default_factory=dict)
    errors: list[LoadError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def load_path(path: str | os.PathLike[str]) -> Loaded:
    """Read and load the file at *path* (at most :data:`MAX_BYTES` bytes)."""
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
            size = os.fstat(stream.fileno()).st_size
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return Loaded(
            errors=[
                LoadError(
                    None, None, f"attendu un fichier lisible, reçu une erreur de lecture ({reason})"
                )
            ]
        )
    if len(raw) > MAX_BYTES:
        return Loaded(errors=[LoadError(1, None, _too_big(max(size, len(raw))))])
    return load_bytes(raw)


def load_bytes(raw: bytes) -> Loaded:
    """Load a YAML document given as bytes."""
    if len(raw) > MAX_BYTES:
        return Loaded(errors=[LoadError(1, None, _too_big(len(raw)))])
    if not raw:
        return Loaded(
            errors=[
                LoadError(1, None, "attendu un objet YAML décrivant un sort, reçu un fichier vide")
            ]
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        return Loaded(
            errors=[
                LoadError(
                    line,
                    None,
                    f"attendu un fichier encodé en UTF-8, reçu l'octet 0x{raw[exc.start]:02X} "
                    "invalide en UTF-8 (fichier enregistré en Latin-1 ou Windows-1252 ?)",
                )
            ]
        )
    # libyaml accepts tabs in places where PyYAML refuses them: such files take the pure path.
    if _CParser is not None and "\t" not in text:
        loaded = _Builder(text, _FastComposer).run()
        if loaded.ok:
            return loaded
    return _Builder(text, _Composer).run()


def _too_big(size: int) -> str:
    return f"attendu un fichier d'au plus {MAX_BYTES // 1024} Kio, reçu {_thousands(size)} octets"


def _thousands(n: int) -> str:
    return f"{n:,}".replace(",", "\u202f")


# --------------------------------------------------------------------------- parsing


class _Limit(Exception):
    """A protection limit was exceeded (depth, node count)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def _line(node_or_event: Any) -> int:
    return node_or_event.start_mark.line + 1


def _depth_error(line: int) -> _Limit:
    return _Limit(line, f"attendu au plus {MAX_DEPTH} niveaux d'imbrication, reçu davantage")


def _nodes_error(line: int, expanded: bool) -> _Limit:
    if expanded:
        return _Limit(
            line,
            f"attendu au plus {MAX_NODES} valeurs une fois les alias développés, reçu davantage "
            "(alias imbriqués en cascade)",
        )
    return _Limit(line, f"attendu au plus {MAX_NODES} valeurs, reçu davantage")


class _Limited:
    """Depth and node-count limits, checked as each node is composed (before any alias is expanded)."""

    _depth = 0
    _count = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node:
        self._count += 1
        self._depth += 1
        try:
            if self._count > MAX_NODES:
                raise _nodes_error(_line(self.peek_event()), expanded=False)  # type: ignore[attr-defined]
            if self._depth > MAX_DEPTH:
                raise _depth_error(_line(self.peek_event()))  # type: ignore[attr-defined]
            return super().compose_node(parent, index)  # type: ignore[misc]
        finally:
            self._depth -= 1


class _Composer(_Limited, yaml.SafeLoader):
    """SafeLoader used only up to the node graph (pure Python: the reference for every message)."""


if _CParser is not None:

    class _FastComposer(_Limited, _CParser, Composer, Resolver):
        """libyaml's events, composed by PyYAML's Python composer (so that the limits apply)."""

        # CParser composes in C, without the limits: use the Python composer instead.
        get_single_node = Composer.get_single_node
        compose_document = Composer.compose_document
        check_node = Composer.check_node
        get_node = Composer.get_node

        def __init__(self, text: str) -> None:
            _CParser.__init__(self, text)
            Composer.__init__(self)
            Resolver.__init__(self)
else:  # pragma: no cover
    _FastComposer = None  # type: ignore[assignment, misc]


_TAG = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_TAG + t for t in ("str", "int", "float", "bool", "null"))
_SEQ, _MAP = _TAG + "seq", _TAG + "map"
# Plain scalars that YAML 1.1 resolves to something we do not construct stay text:
# dates (``2001-01-01``), the merge key ``<<`` and the value key ``=``.
_AS_TEXT = {_STR, _TAG + "timestamp", _TAG + "merge", _TAG + "value"}
_ALLOWED_TAGS = "!!str, !!int, !!float, !!bool, !!null, !!seq, !!map"


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else tag


class _Builder:
    def __init__(self, text: str, composer: type) -> None:
        self.text = text
        self.composer = composer
        self.lines: dict[DataPath, int] = {}
        self.errors: list[LoadError] = []
        self.count = 0
        self._scalars = SafeConstructor()

    def run(self) -> Loaded:
        try:
            composer = self.composer(self.text)
            try:
                root = composer.get_single_node()
            finally:
                composer.dispose()
            if root is None:
                return Loaded(
                    errors=[
                        LoadError(
                            1,
                            None,
                            "attendu un objet YAML décrivant un sort, "
                            "reçu un document sans contenu (seulement des commentaires ou des espaces)",
                        )
                    ]
                )
            self.lines[()] = _line(root)
            data = self.build(root, (), 1)
        except _Limit as exc:
            return Loaded(errors=[LoadError(exc.line, None, exc.message)])
        except yaml.MarkedYAMLError as exc:
            return Loaded(errors=[_yaml_error(exc)])
        except yaml.reader.ReaderError as exc:
            line = self.text.count("\n", 0, exc.position) + 1
            return Loaded(
                errors=[
                    LoadError(
                        line,
                        None,
                        f"attendu des caractères imprimables, reçu le caractère de contrôle U+{exc.character:04X}",
                    )
                ]
            )
        except yaml.YAMLError as exc:  # pragma: no cover - every PyYAML error is one of the above
            return Loaded(errors=[LoadError(1, None, f"YAML invalide ({type(exc).__name__})")])
        if self.errors:
            return Loaded(errors=self.errors)
        return Loaded(data=data, lines=self.lines)

    def build(self, node: Node, path: DataPath, depth: int) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise _nodes_error(_line(node), expanded=True)
        if depth > MAX_DEPTH:  # only reachable through aliases (recursive ones included)
            raise _depth_error(_line(node))
        if isinstance(node, ScalarNode):
            return self.scalar(node, path)
        if isinstance(node, SequenceNode):
            if node.tag != _SEQ:
                return self.bad_tag(node, path)
            items = []
            for index, item in enumerate(node.value):
                item_path = path + (index,)
                self.lines[item_path] = _line(item)
                items.append(self.build(item, item_path, depth + 1))
            return items
        assert isinstance(node, MappingNode)
        if node.tag != _MAP:
            return self.bad_tag(node, path)
        mapping: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                kind = "une liste" if isinstance(key_node, SequenceNode) else "un objet"
                self.errors.append(
                    LoadError(
                        _line(key_node),
                        path or None,
                        f"attendu une clé simple (un mot), reçu {kind} en position de clé",
                    )
                )
                continue
            key = key_node.value
            key_path = path + (key,)
            if key in mapping:
                self.errors.append(
                    LoadError(
                        _line(key_node),
                        key_path,
                        f"attendu des clés toutes différentes, reçu la clé « {key} » une deuxième fois "
                        f"(première à la ligne {self.lines[key_path]})",
                    )
                )
                continue
            self.lines[key_path] = _line(key_node)
            mapping[key] = self.build(value_node, key_path, depth + 1)
        return mapping

    def bad_tag(self, node: Node, path: DataPath) -> None:
        self.errors.append(
            LoadError(
                _line(node),
                path or None,
                f"attendu une valeur YAML ordinaire (étiquettes permises : {_ALLOWED_TAGS}), "
                f"reçu l'étiquette « {_short_tag(node.tag)} »",
            )
        )
        return None

    def scalar(self, node: ScalarNode, path: DataPath) -> Any:
        tag = node.tag
        if tag in _AS_TEXT:
            return node.value
        if tag == _NULL:
            return None
        try:
            if tag == _BOOL:
                return self._scalars.construct_yaml_bool(node)
            if tag == _INT:
                return self._scalars.construct_yaml_int(node)
            if tag == _FLOAT:
                number = self._scalars.construct_yaml_float(node)
                if math.isfinite(number):
                    return number
                self.errors.append(
                    LoadError(
                        _line(node), path or None, f"attendu un nombre fini, reçu « {node.value} »"
                    )
                )
                return None
        except (ValueError, KeyError):
            # An explicit tag on a value that does not fit it (``!!int abc``), or an
            # integer too long for Python (more than 4300 digits).
            what = {
                _BOOL: "un booléen (true ou false)",
                _INT: "un entier d'au plus 4300 chiffres",
                _FLOAT: "un nombre",
            }[tag]
            shown = node.value if len(node.value) <= 40 else f"{len(node.value)} caractères"
            self.errors.append(
                LoadError(_line(node), path or None, f"attendu {what}, reçu « {shown} »")
            )
            return None
        return self.bad_tag(node, path)


# --------------------------------------------------------------------------- YAML errors in French

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


def _yaml_error(exc: yaml.MarkedYAMLError) -> LoadError:
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
    return LoadError(line, None, "YAML invalide : " + message)
