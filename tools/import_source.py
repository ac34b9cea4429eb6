"""One-time import of the spell document into ``spells/<slug>.yaml``.

The YAML files are the source of truth once written: edit them, not this script. The script
stays as the record of how the data was derived from ``sources/001_f396c234087bc437.txt`` (every
structural decision below is traceable to a source line) and so that the import can be
re-checked. Run from the repository root::

    python tools/import_source.py            # writes spells/ and content/document.yaml
    python tools/import_source.py --check    # exits 1 if the written files differ

Editorial inputs: ``tools/editorial.tsv`` (duel element and its French justification per spell).
"""

from __future__ import annotations

import argparse
import csv
import math
import re
import sys
import unicodedata
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "sources" / "001_f396c234087bc437.txt"
EDITORIAL = ROOT / "tools" / "editorial.tsv"

FIELD_KEYS = ("levels", "casting_time", "range", "target", "duration", "saving_throw")
FIELD_LABELS = ("Niveau", "Temps d’incantation", "Portée", "Cible", "Durée", "Jet de sauvegarde")

# Sub-headings inside descriptions (source-irregularities.md §9), by source line.
HEADING_LINES = {
    885,
    892,
    899,
    907,
    914,
    921,
    928,
    935,
    941,
    959,
    973,
    1402,
    1786,
    1916,
    1921,
    2018,
    2025,
    2078,
    2089,
    2136,
    2143,
    2328,
}
# Captions of lost images inside a description: line -> text after the caption (None: whole line).
INLINE_CAPTIONS = {
    2154: (
        "Les approximations en téléportation peuvent vous envoyer beaucoup trop bas ou beaucoup trop haut",
        None,
    ),
    2178: (
        "Se faire téléporter par un Azathothien comporte des risques",
        "Chercher à se faire téléporter",
    ),
}
# The tab-separated table of Invocation de monstre.
TABLE_LINES = range(862, 871)
PROBABLE_TRAILING_CAPTION = 2377

ORDINALS = {
    "premier": 1,
    "deuxième": 2,
    "troisième": 3,
    "quatrième": 4,
    "cinquième": 5,
    "sixième": 6,
    "septième": 7,
    "huitième": 8,
    "neuvième": 9,
}
_N = r"(?P<n>\d+)(?:\^?(?:er|e|eme))?"
# Per-level lines: slug -> (regex on the description line as written, basis).
PER_LEVEL = {
    "agrandissement": (rf"^(?P<label>{_N} niveau :) (?P<text>.+)$", "spell"),
    "reduction": (rf"^(?P<label>{_N} niveau :) (?P<text>.+)$", "spell"),
    "comprehension-des-langages": (
        r"^(?P<label>Au (?:premier|niveau (?P<n>\d)) niveau,|Au niveau (?P<n2>\d),) (?P<text>.+)$",
        "spell",
    ),
    "illusion": (r"^(?P<label>Niveau (?P<n>\d) :) (?P<text>.+)$", "spell"),
    "invisibilite": (r"^(?P<label>Niveau (?P<n>\d) :) (?P<text>.+)$", "spell"),
    "metamorphose": (r"^(?P<label>Niveau (?P<n>\d) :) (?P<text>.+)$", "spell"),
    "missile-magique": (r"^(?P<label>Niveau (?P<n>\d+)-(?P<to>\d+) :) (?P<text>.+)$", "caster"),
    "message": (rf"^(?P<label>Au {_N} niveau de sort :) (?P<text>.+)$", "spell"),
    "nuage-toxique": (r"^(?P<label>- Au niveau (?P<n>\d) :) (?P<text>.+)$", "spell"),
    "oubli": (r"^(?P<label>-Au niveau (?P<n>\d) :) (?P<text>.+)$", "spell"),
    "permanence": (rf"^(?P<label>Au {_N} niveau,) (?P<text>.+)$", "spell"),
    "protection-contre-le-feu": (r"^(?P<label>Le sort du (?P<w>\w+)) (?P<text>.+)$", "spell"),
    "protection-contre-le-froid": (r"^(?P<label>Le sort du (?P<w>\w+)) (?P<text>.+)$", "spell"),
    "protection-contre-les-gaz": (rf"^(?P<label>Au {_N} niveau) (?P<text>permet.+)$", "spell"),
    "reparation": (rf"^(?P<label>au {_N}) (?P<text>.+)$", "spell"),
    "resistance-compressee": (rf"^(?P<label>{_N} :) (?P<text>.+ gp)$", "spell"),
    "teleportation": (rf"^(?P<label>Au {_N} niveau,) (?P<text>.+)$", "spell"),
    "transformation-de-la-pierre-en-chair": (rf"^(?P<label>Au {_N},) (?P<text>.+)$", "spell"),
    "vol": (rf"^(?P<label>au {_N}) (?P<text>\d+ cases = .+)$", "spell"),
}

# Errata: (source line, fragment exactly as written, kind, French note). Shown beside the text.
ERRATA = [
    (
        144,
        "1-9",
        "inconsistency",
        "L'index du document indique 1-7 pour ce sort ; sa fiche indique 1-9.",
    ),
    (259, "boucler", "typo", "Lire « bouclier »."),
    (292, "l'air d'effet", "typo", "Lire « l'aire d'effet »."),
    (294, "l'air d'effet", "typo", "Lire « l'aire d'effet »."),
    (
        350,
        "l'autre Dans ce duel",
        "export",
        "Un saut de ligne semble perdu entre « l'autre » et « Dans ce duel ».",
    ),
    (613, "n'eexiste", "typo", "Lire « n'existe »."),
    (749, "objet,cependant", "typo", "Une espace manque après la virgule."),
    (
        781,
        "créatures Si pendant",
        "export",
        "Un saut de ligne (et peut-être du texte) semble perdu avant « Si pendant ».",
    ),
    (
        939,
        "3000 xp - dragon noir",
        "export",
        "Deux monstres fusionnés sur une même ligne dans le document.",
    ),
    (
        945,
        "5000 xp - Éléphant",
        "export",
        "Deux monstres fusionnés sur une même ligne dans le document.",
    ),
    (
        983,
        "=4.5 millions",
        "inconsistency",
        "(100 + 80) × 50 × 1.000 donne 9 millions ; les parenthèses du calcul ne sont pas équilibrées.",
    ),
    (1004, "est de cases,", "export", "Un nombre manque (probablement 4, voir la ligne suivante)."),
    (1013, "réssurrection", "typo", "Lire « résurrection »."),
    (
        1266,
        "2 m par niveau du magicien",
        "inconsistency",
        "Le texte du sort parle de 1 m par niveau du jeteur de sort.",
    ),
    (1301, "aventurer,25", "typo", "Une espace manque après la virgule."),
    (1304, "mur de fer", "inconsistency", "Copie du sort Mur de fer : lire « mur de glace »."),
    (1321, "mur de fer", "inconsistency", "Copie du sort Mur de fer : lire « mur de pierre »."),
    (1432, "permet de d'essayer", "typo", "Lire « permet d'essayer »."),
    (
        1532,
        "l'oreille Pour référence",
        "export",
        "Un saut de ligne semble perdu avant « Pour référence ».",
    ),
    (1694, "jusq'a", "typo", "Lire « jusqu'à »."),
    (
        1769,
        "-1 moins niveaux du sort",
        "inconsistency",
        "Le texte du sort indique -2 par niveau du sort.",
    ),
    (1857, "l'air d'effet", "typo", "Lire « l'aire d'effet »."),
    (1862, "explosives runes", "typo", "Lire « runes explosives »."),
    (1898, "une saut", "typo", "Lire « un saut »."),
    (2007, "voir des corps", "typo", "Lire « voire des corps »."),
    (2110, "Ce port permet", "typo", "Lire « Ce sort permet »."),
    (
        2126,
        "l'Ether Il est impossible",
        "export",
        "Un saut de ligne (et peut-être du texte) semble perdu après « l'Ether ».",
    ),
    (2169, "enviromement", "typo", "Lire « environnement »."),
    (
        2178,
        "Chercher à se faire téléporter",
        "export",
        "Dans le document, ce sous-titre est fusionné avec la légende de l'image qui le précède.",
    ),
    (2224, "niveau du joueur", "inconsistency", "Partout ailleurs : « niveau du magicien »."),
    (
        2238,
        "(-1 par niveau du sort)+1",
        "inconsistency",
        "Le texte du sort indique « -1 par niveau du sort moins 1 ».",
    ),
    (2358, "86.4", "inconsistency", "La progression par doublement donnerait 84.4 km/h."),
]

DIFFICULTY_NOTE = (
    "Choix éditorial : la règle ne donne pas la difficulté des sorts ; par défaut "
    "difficulté = ⌈niveau minimum / 2⌉ (niveau minimum {min} → difficulté {d})."
)


def slugify(title: str) -> str:
    """Return the ASCII kebab-case slug of a spell title (same rule as generator.spellformat.slug)."""
    text = title.replace("œ", "oe").replace("Œ", "oe").replace("æ", "ae").replace("Æ", "ae")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def split_field(line: str, label: str) -> dict:
    """Split a field line into its label as written and its value (``label + raw == line``)."""
    m = re.match(rf"^({re.escape(label)}\s*:?\s*)(.*)$", line)
    assert m, line
    return {"label": m.group(1), "raw": m.group(2)}


def parse_casting_time(raw: str) -> dict | None:
    """Parse regular casting times; None when the value is irregular."""
    units = {
        "s": "second",
        "round": "round",
        "rounds": "round",
        "minute": "minute",
        "minutes": "minute",
        "segment": "segment",
    }
    if raw == "spécial":
        return {"kind": "special"}
    m = re.fullmatch(r"(\d+) (s|rounds?|minutes?|segment)(?: (?:/|par) niveau(?: du sort)?)?", raw)
    if not m:
        return None
    amount, unit = int(m.group(1)), units[m.group(2)]
    if "niveau" in raw:
        return {"kind": "per_level", "amount": amount, "unit": unit, "per": "spell_level"}
    return {"kind": "fixed", "amount": amount, "unit": unit}


def _number(text: str) -> int | float:
    value = float(text.replace(",", "."))
    return int(value) if value.is_integer() else value


def parse_range(raw: str) -> dict | None:
    """Parse regular ranges; None when the value is irregular or empty."""
    if raw in ("touché", "contact"):
        return {"kind": "touch"}
    if raw in ("spécial", "spéciale"):
        return {"kind": "special"}
    units = {"case": "case", "cases": "case", "m": "metre", "mètres": "metre", "km": "kilometre"}
    m = re.fullmatch(
        r"(\d+(?:,\d+)?) (cases?|m|mètres|km)"
        r"(?: (?:/|par) niveau (du|de) (magicien|sort))?",
        raw,
    )
    if not m:
        return None
    parsed = {"amount": _number(m.group(1)), "unit": units[m.group(2)]}
    if m.group(4):
        per = "caster_level" if m.group(4) == "magicien" else "spell_level"
        return {"kind": "per_level", **parsed, "per": per}
    return {"kind": "fixed", **parsed}


def parse_duration(raw: str) -> dict | None:
    """Parse regular durations; None when the value is irregular."""
    if raw in ("instantanée", "instantané"):
        return {"kind": "instantaneous"}
    if raw in ("permanent", "permanente"):
        return {"kind": "permanent"}
    if raw in ("spécial", "spéciale", "Spécial"):
        return {"kind": "special"}
    m = re.fullmatch(r"(\d+)\+(\d+d\d+) rounds?", raw)
    if m:
        return {"kind": "dice", "base": int(m.group(1)), "dice": m.group(2), "unit": "round"}
    units = {
        "round": "round",
        "rounds": "round",
        "minute": "minute",
        "minutes": "minute",
        "heure": "hour",
        "heures": "hour",
        "h": "hour",
        "jour": "day",
        "semaine": "week",
        "an": "year",
    }
    m = re.fullmatch(
        r"(\d+) (rounds?|minutes?|heures?|h|jour|semaine|an)"
        r"(?: par niveau (du|de) (magicien|sort|jeteur de sort))?",
        raw,
    )
    if not m:
        return None
    amount, unit = int(m.group(1)), units[m.group(2)]
    if m.group(4):
        per = "spell_level" if m.group(4) == "sort" else "caster_level"
        return {"kind": "per_level", "amount": amount, "unit": unit, "per": per}
    return {"kind": "fixed", "amount": amount, "unit": unit}


def parse_levels(raw: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d)(?:-(\d))?", raw)
    assert m, raw
    low = int(m.group(1))
    return low, int(m.group(2) or low)


def is_list_line(line: str) -> bool:
    return line.startswith(("- ", "• ")) or bool(re.match(r"^-[^\W\d_]", line))


def list_item(line: str) -> str:
    """The Markdown list item for a bulleted source line (marker normalised, text verbatim)."""
    if line.startswith(("- ", "• ")):
        return "- " + line[2:]
    return "- " + line[1:]


def description_markdown(lines: list[tuple[int, str]]) -> str:
    """Turn a spell's description lines into the restricted Markdown (one line, one block)."""
    blocks: list[str] = []
    nonblank = [(n, t) for n, t in lines if t]
    index = 0
    while index < len(nonblank):
        number, text = nonblank[index]
        if number in TABLE_LINES:
            rows = [t.split("\t") for n, t in nonblank if n in TABLE_LINES]
            table = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" * len(rows[0])]
            table += ["| " + " | ".join(r) + " |" for r in rows[1:]]
            blocks.append("\n".join(table))
            index += len(rows)
            continue
        if number in INLINE_CAPTIONS:
            caption, rest = INLINE_CAPTIONS[number]
            assert text == caption + (" " + rest if rest else ""), text
            blocks.append(f"![{caption}]()")
            if rest:
                blocks.append("#### " + rest)
            index += 1
            continue
        if number in HEADING_LINES:
            blocks.append("#### " + text)
            index += 1
            continue
        if is_list_line(text):
            items = []
            while index < len(nonblank):
                n, t = nonblank[index]
                if is_list_line(t):
                    items.append(list_item(t))
                elif items and n == nonblank[index - 1][0] + 1 and _list_resumes(nonblank, index):
                    items.append("  " + t)  # continuation paragraph of the previous item
                else:
                    break
                index += 1
            blocks.append("\n".join(items))
            continue
        blocks.append(text)
        index += 1
    return "\n\n".join(blocks)


def _list_resumes(nonblank: list[tuple[int, str]], index: int) -> bool:
    """True when an unbulleted line sits between list items of the same list."""
    for n, t in nonblank[index + 1 :]:
        if n != nonblank[index][0] + 1 and not is_list_line(t):
            return False
        return is_list_line(t)
    return False


def per_level_entries(slug: str, lines: list[tuple[int, str]]) -> list[dict]:
    if slug not in PER_LEVEL:
        return []
    pattern, basis = PER_LEVEL[slug]
    entries = []
    for _number, text in lines:
        m = re.match(pattern, text)
        if not m:
            continue
        groups = m.groupdict()
        if groups.get("w"):
            if groups["w"] not in ORDINALS:
                continue
            level = ORDINALS[groups["w"]]
        elif groups.get("n"):
            level = int(groups["n"])
        elif groups.get("n2"):
            level = int(groups["n2"])
        else:
            level = 1  # « Au premier niveau, »
        label = m.group("label")
        if label.startswith("-"):
            label = label.lstrip("- ")
        entry = {"level": level}
        if groups.get("to"):
            entry["level_to"] = int(groups["to"])
        entry.update({"basis": basis, "label": label, "text": m.group("text")})
        entries.append(entry)
    return entries


def load_editorial() -> dict[str, dict]:
    with EDITORIAL.open(encoding="utf-8") as handle:
        return {row["slug"]: row for row in csv.DictReader(handle, delimiter="\t")}


def import_document() -> tuple[dict[str, dict], dict]:
    """Return ({slug: spell data}, document-level data) read from the source document."""
    text = SOURCE.read_text(encoding="utf-8")
    lines = text.split("\n")
    at = lambda n: lines[n - 1]  # noqa: E731 - 1-based access reads like the audit
    titles = [
        n
        for n in range(1, len(lines) - 2)
        if at(n)
        and not at(n + 1)
        and at(n + 2).startswith("Niveau :")
        and at(n + 3).startswith("Temps")
    ]
    assert len(titles) == 110

    index_rows = [
        (n, *at(n).split("\t"))
        for n in range(1, titles[0])
        if "\t" in at(n) and not at(n).startswith("Nom du sort")
    ]
    assert len(index_rows) == 110
    headers = [n for n in range(1, titles[0]) if at(n).startswith("Nom du sort")]

    starts = []
    for t in titles:
        first = t
        if at(t - 1) == "" and at(t - 2) and at(t - 3) == "":
            first = t - 2
        starts.append(first)

    editorial = load_editorial()
    by_name = {}
    spells: dict[str, dict] = {}
    for order, title_line in enumerate(titles):
        first = starts[order]
        end = (starts[order + 1] - 1) if order + 1 < len(titles) else len(lines)
        name = at(title_line)
        slug = slugify(name)
        fields = {}
        for key, label, n in zip(
            FIELD_KEYS, FIELD_LABELS, range(title_line + 2, title_line + 8), strict=True
        ):
            fields[key] = split_field(at(n), label)
        body = [(n, at(n)) for n in range(title_line + 8, end + 1)]
        figures = []
        if first != title_line and at(first) != name:
            figures.append({"caption": at(first), "position": "before_title", "certainty": "sure"})
        if end == PROBABLE_TRAILING_CAPTION:
            figures.append(
                {"caption": at(end), "position": "after_description", "certainty": "probable"}
            )
            body = [(n, t) for n, t in body if n != end]
        while body and not body[-1][1]:
            body.pop()
        last = max(n for n, t in [(title_line, name), *body] if t)
        if figures and figures[-1]["position"] == "after_description":
            last = end
        lmin, lmax = parse_levels(fields["levels"]["raw"])
        ed = editorial[slug]
        spell = {
            "schema": 1,
            "slug": slug,
            "name": name,
            "aliases": [],
            "levels": {**fields["levels"], "min": lmin, "max": lmax, "index_raw": None},
            "index": None,
            "casting_time": {
                **fields["casting_time"],
                "parsed": parse_casting_time(fields["casting_time"]["raw"]),
            },
            "range": {**fields["range"], "parsed": parse_range(fields["range"]["raw"])},
            "target": fields["target"],
            "duration": {**fields["duration"], "parsed": parse_duration(fields["duration"]["raw"])},
            "saving_throw": fields["saving_throw"],
            "element": ed["element"],
            "element_status": "editorial",
            "element_note": ed["note"],
            "difficulty": math.ceil(lmin / 2),
            "difficulty_status": "editorial",
            "difficulty_note": DIFFICULTY_NOTE.format(min=lmin, d=math.ceil(lmin / 2)),
            "description": description_markdown(body),
            "per_level": per_level_entries(slug, body),
            "figures": figures,
            "errata": [],
            "source": {"title_line": title_line, "first_line": first, "last_line": last},
        }
        spells[slug] = spell
        by_name[name.casefold()] = spell

    aliases = {"image miroir": "images miroir"}
    for position, (_line, index_name, levels) in enumerate(index_rows, start=1):
        spell = by_name[aliases.get(index_name.casefold(), index_name.casefold())]
        spell["index"] = {"name": index_name, "position": position}
        spell["levels"]["index_raw"] = levels
        if index_name != spell["name"]:
            spell["aliases"].append(index_name)

    for line, fragment, kind, note in ERRATA:
        assert fragment in at(line), (line, fragment)
        spell = next(
            s
            for s in spells.values()
            if s["source"]["first_line"] <= line <= s["source"]["last_line"]
        )
        spell["errata"].append({"text": fragment, "kind": kind, "note": note})

    blocks = []
    for header, next_header in zip(headers, headers[1:] + [titles[0]], strict=True):
        rows = [r for r in index_rows if header < r[0] < next_header]
        blocks.append({"header": at(header).split("\t"), "count": len(rows)})
    document = {
        "title": at(1),
        "legend": at(3),
        "index_blocks": blocks,
    }
    return spells, document


class _Dumper(yaml.SafeDumper):
    """Quotes every string (values like ``-``, ``0`` or ``1.000`` must stay strings)."""


_PLAIN = re.compile(r"[a-z][a-z_]*")
_YAML11_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null"}


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if "\n" in value:
        style = "|"
    elif _PLAIN.fullmatch(value) and value not in _YAML11_WORDS:
        style = None  # keys and enum values read better unquoted
    else:
        style = '"'
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str)


def dump(data: dict) -> str:
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=10_000)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    spells, document = import_document()
    outputs = {ROOT / "spells" / f"{slug}.yaml": dump(spell) for slug, spell in spells.items()}
    outputs[ROOT / "content" / "document.yaml"] = dump(document)
    differing = [
        path
        for path, text in outputs.items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    if args.check:
        for path in differing:
            print(f"{path.relative_to(ROOT)} : diffère de l'import", file=sys.stderr)
        return 1 if differing else 0
    for path in differing:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(outputs[path], encoding="utf-8")
    print(f"{len(spells)} sorts importés, {len(differing)} fichiers écrits")
    return 0


if __name__ == "__main__":
    sys.exit(main())
