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
from source_audit import (
    DIFFICULTY_NOTE,
    ERRATA,
    FIELD_KEYS,
    FIELD_LABELS,
    HEADING_LINES,
    INLINE_CAPTIONS,
    ORDINALS,
    PER_LEVEL,
    PROBABLE_TRAILING_CAPTION,
    TABLE_LINES,
)
from source_fields import (
    parse_casting_time,
    parse_duration,
    parse_levels,
    parse_range,
    split_field,
)

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "sources" / "001_f396c234087bc437.txt"
EDITORIAL = ROOT / "tools" / "editorial.tsv"


def slugify(title: str) -> str:
    """Return the ASCII kebab-case slug of a spell title (same rule as generator.spellformat.slug)."""
    text = title.replace("œ", "oe").replace("Œ", "oe").replace("æ", "ae").replace("Æ", "ae")
    text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


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
    lines = SOURCE.read_text(encoding="utf-8").split("\n")
    at = _Lines(lines)
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
    # A spell starts at its title, or two lines above it at the caption of its lost image.
    starts = [t - 2 if at(t - 1) == "" and at(t - 2) and at(t - 3) == "" else t for t in titles]
    editorial = load_editorial()
    spells: dict[str, dict] = {}
    for order, title_line in enumerate(titles):
        end = (starts[order + 1] - 1) if order + 1 < len(titles) else len(lines)
        spell = _spell(at, title_line, starts[order], end, editorial)
        spells[spell["slug"]] = spell
    _add_index(spells, index_rows)
    _add_errata(spells, at)
    blocks = []
    for header, next_header in zip(headers, headers[1:] + [titles[0]], strict=True):
        rows = [r for r in index_rows if header < r[0] < next_header]
        blocks.append({"header": at(header).split("\t"), "count": len(rows)})
    return spells, {"title": at(1), "legend": at(3), "index_blocks": blocks}


class _Lines:
    """The document's lines, 1-based, as the audit numbers them."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def __call__(self, n: int) -> str:
        return self.lines[n - 1]


def _spell(at: _Lines, title_line: int, first: int, end: int, editorial: dict) -> dict:
    """The data of the spell titled at ``title_line``, from ``first`` to ``end``."""
    name = at(title_line)
    slug = slugify(name)
    fields = {
        key: split_field(at(n), label)
        for key, label, n in zip(
            FIELD_KEYS, FIELD_LABELS, range(title_line + 2, title_line + 8), strict=True
        )
    }
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
    return {
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


def _add_index(spells: dict[str, dict], index_rows: list[tuple]) -> None:
    """Each spell's name and position in the index; a name other than its title, an alias."""
    by_name = {spell["name"].casefold(): spell for spell in spells.values()}
    aliases = {"image miroir": "images miroir"}
    for position, (_line, index_name, levels) in enumerate(index_rows, start=1):
        spell = by_name[aliases.get(index_name.casefold(), index_name.casefold())]
        spell["index"] = {"name": index_name, "position": position}
        spell["levels"]["index_raw"] = levels
        if index_name != spell["name"]:
            spell["aliases"].append(index_name)


def _add_errata(spells: dict[str, dict], at: _Lines) -> None:
    """Each erratum of the audit, to the spell whose lines hold it."""
    for line, fragment, kind, note in ERRATA:
        assert fragment in at(line), (line, fragment)
        spell = next(
            s
            for s in spells.values()
            if s["source"]["first_line"] <= line <= s["source"]["last_line"]
        )
        spell["errata"].append({"text": fragment, "kind": kind, "note": note})


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
