"""The site search's documents hold each page's prose: no table cells run together, no list of
fields, no navigation, no « # » of a link to a passage; punctuation as written."""

from __future__ import annotations

import json
import re

import pytest
import yaml

from tests.conftest import ROOT


@pytest.fixture(scope="module")
def documents(built_site) -> list[dict]:
    return json.loads((built_site / "search" / "documents.json").read_text(encoding="utf-8"))[
        "docs"
    ]


@pytest.fixture(scope="module")
def spells() -> dict[str, dict]:
    return {
        p.stem: yaml.safe_load(p.read_text(encoding="utf-8"))
        for p in sorted((ROOT / "spells").glob("*.yaml"))
    }


def test_every_spell_page_is_searchable_by_its_prose(documents, spells):
    pages = {d["location"]: d for d in documents}
    for slug, spell in spells.items():
        page = pages[f"sorts/{slug}/"]
        assert page["title"] == spell["name"]
        first = next(
            line
            for line in spell["description"].split("\n")
            if line.strip() and not line.startswith(("|", "!", "- ", "#"))
        )
        words = re.findall(r"\w{4,}", first)[:3]
        assert all(word in page["text"] for word in words), slug


def test_the_documents_hold_prose_only(documents):
    text = "\n".join(d["text"] for d in documents)
    assert "Aller au niveau" not in text and "Par niveau du magicien :" not in text
    assert "magicienSort" not in text and "<table" not in text and "<td" not in text
    assert "Temps d’incantation" not in text  # the list of a spell's fields
    # No « # » of a link to a passage at the end of a paragraph or item.
    assert not re.search(r"\s#</(p|li)>", text)
    invocation = next(d for d in documents if d["location"] == "sorts/invocation-de-monstre/")
    assert not re.search(r"\d-\d+1111", invocation["text"])


def test_punctuation_is_kept(documents):
    eclair = next(d for d in documents if d["location"] == "sorts/eclair/")
    assert "du 3ᵉ (1 seule direction)" in eclair["text"]
