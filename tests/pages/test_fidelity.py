"""Nothing lost: every non-blank line of the spell document is in the data and in the site."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.fidelity import ROOT, find_sequence, page_text, source_lines, spell_data_words, words

SPELLS = {
    path.stem: yaml.safe_load(path.read_text(encoding="utf-8"))
    for path in sorted((ROOT / "spells").glob("*.yaml"))
}
LINES = source_lines()
INDEX_END = min(spell["source"]["first_line"] for spell in SPELLS.values()) - 1
DOCUMENT = yaml.safe_load((ROOT / "content" / "document.yaml").read_text(encoding="utf-8"))


def owner_of(number: int) -> str | None:
    """The slug of the spell whose block holds source line ``number`` (None in the index)."""
    for slug, spell in SPELLS.items():
        if spell["source"]["first_line"] <= number <= spell["source"]["last_line"]:
            return slug
    return None


def test_there_are_exactly_110_spell_files():
    assert len(SPELLS) == 110


def test_every_line_after_the_index_belongs_to_exactly_one_spell():
    for number in range(INDEX_END + 1, len(LINES) + 1):
        if LINES[number - 1].strip():
            owners = [
                s
                for s, d in SPELLS.items()
                if d["source"]["first_line"] <= number <= d["source"]["last_line"]
            ]
            assert len(owners) == 1, (number, LINES[number - 1], owners)


@pytest.mark.parametrize("slug", sorted(SPELLS))
def test_spell_lines_are_in_its_data_in_order(slug):
    spell = SPELLS[slug]
    data = spell_data_words(spell)
    position = 0
    for number in range(spell["source"]["first_line"], spell["source"]["last_line"] + 1):
        line = LINES[number - 1]
        if not line.strip():
            continue
        found = find_sequence(data, words(line), position)
        assert found >= 0, f"ligne {number} absente (ou déplacée) des données de {slug} : {line!r}"
        position = found  # a duplicated title line matches the same place


def test_index_rows_and_document_lines_are_in_the_data():
    rows = sorted(SPELLS.values(), key=lambda s: s["index"]["position"])
    data_rows = [f"{s['index']['name']}\t{s['levels']['index_raw']}" for s in rows]
    source_rows = [
        line for line in LINES[:INDEX_END] if "\t" in line and not line.startswith("Nom du sort")
    ]
    assert data_rows == source_rows
    headers = ["\t".join(block["header"]) for block in DOCUMENT["index_blocks"]]
    assert headers == [line for line in LINES[:INDEX_END] if line.startswith("Nom du sort")]
    assert [b["count"] for b in DOCUMENT["index_blocks"]] == [41, 38, 31]
    assert DOCUMENT["title"] == LINES[0] and DOCUMENT["legend"] == LINES[2]


def _page_words(site: Path, relative: str) -> str:
    return " " + " ".join(words(page_text(site / relative / "index.html"))) + " "


def test_every_line_is_in_the_built_site(built_site):
    pages: dict[str, str] = {}

    def text_of(relative: str) -> str:
        if relative not in pages:
            pages[relative] = _page_words(built_site, relative)
        return pages[relative]

    missing = []
    for number, line in enumerate(LINES, start=1):
        if not line.strip():
            continue
        wanted = " " + " ".join(words(line)) + " "
        slug = owner_of(number)
        places = [f"sorts/{slug}"] if slug else ["sorts"]
        if slug is None and "\t" in line and not line.startswith("Nom du sort"):
            name = line.split("\t")[0]
            spell = next(s for s in SPELLS.values() if s["index"]["name"] == name)
            places.append(f"sorts/{spell['slug']}")
        for place in places:
            if wanted not in text_of(place):
                missing.append(f"{number} ({place}) : {line}")
    assert not missing, "lignes absentes du site :\n" + "\n".join(missing[:20])
