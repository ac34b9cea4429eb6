"""The slug rule: a spell's public address, made from its name."""

from __future__ import annotations

import json
import string
import unicodedata

import pytest
from hypothesis import given, strategies as st

from generator.spellformat.slug import SLUG_PATTERN, SLUG_RE, slugify
from generator.spellformat.validate import SCHEMA_PATH


@pytest.mark.parametrize(
    ("title", "slug"),
    [
        ("Œil de mage", "oeil-de-mage"),
        ("Détection de l'invisibilité", "detection-de-l-invisibilite"),
        ("Ouverture / fermeture de porte", "ouverture-fermeture-de-porte"),
        ("Images miroir", "images-miroir"),
        ("Image miroir", "image-miroir"),
        ("Sort Absolu", "sort-absolu"),
        ("Éclair", "eclair"),
        ("Affûtage", "affutage"),
        ("Lumières dansantes", "lumieres-dansantes"),
        ("Mur de glace", "mur-de-glace"),
        ("cœur ÆTHER œuvre", "coeur-aether-oeuvre"),
        ("Temps d’incantation", "temps-d-incantation"),
        ("  -- Sort (spécial) --  ", "sort-special"),
        ("Niveau 3^e", "niveau-3-e"),
        ("1 mètre ³", "1-metre-3"),
        ("", ""),
        ("?!", ""),
    ],
)
def test_examples(title: str, slug: str) -> None:
    assert slugify(title) == slug


def test_the_schema_uses_the_same_pattern() -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    assert schema["properties"]["slug"]["pattern"] == SLUG_PATTERN


FRENCH = st.text(
    alphabet="abcdeéèêëàâäîïôöûùüçœæ ABCDÉÈÊÀÂÎÔÛÇŒÆ'’/-_.,:;()«»0123456789^", max_size=40
)


@given(st.one_of(st.text(), FRENCH))
def test_output_is_a_slug_or_empty_and_slugify_is_idempotent(title: str) -> None:
    slug = slugify(title)
    assert slug == "" or SLUG_RE.fullmatch(slug)
    assert slugify(slug) == slug


@given(FRENCH)
def test_only_separators_are_dropped(title: str) -> None:
    # The slug's letters and digits are exactly those of the title once ligatures are
    # expanded and accents removed, lower-cased and in order.
    expanded = title.replace("œ", "oe").replace("Œ", "oe").replace("æ", "ae").replace("Æ", "ae")
    plain = "".join(
        c for c in unicodedata.normalize("NFKD", expanded) if not unicodedata.combining(c)
    ).lower()
    assert slugify(title).replace("-", "") == "".join(
        c for c in plain if c in string.ascii_lowercase + string.digits
    )
