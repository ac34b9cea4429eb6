"""Folding of a text for matching and sorting, and the slug of a spell (its public identifier, file
name and page address), which is the folded name with ``-`` between its words.

Folding: œ → oe, æ → ae, accents removed, lower case, every run of characters other than ASCII
letters and digits is one word break. This module is its only home: the site's sort order, the
index's search words, the slugs and the aliases' addresses all use :func:`fold`, and the browser
folds with ``widgets/shared/common.js``'s ``fold``, checked against this function on every character of
the site's text and of the Latin blocks of Unicode (tests/js/test_fold_parity.py).
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["SLUG_PATTERN", "SLUG_RE", "fold", "fold_marks", "slugify"]

#: Shape of a slug (repeated verbatim in ``spell.schema.json``).
SLUG_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
SLUG_RE = re.compile(SLUG_PATTERN)

_LIGATURES = str.maketrans({"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae"})
_NOT_ASCII = re.compile(r"[^\x00-\x7f]")
_OTHERS = re.compile(r"[^a-z0-9]+")


def _uncombined(match: re.Match) -> str:
    # Accents come apart from their letter in NFKD and are dropped; only non-ASCII is looked at.
    return "" if unicodedata.combining(match[0]) else match[0]


def fold_marks(text: str) -> str:
    """*text* in lower case, without accents, œ and æ written out; other characters kept.

    >>> fold_marks("L’Œil de mage")
    'l’oeil de mage'
    """
    text = unicodedata.normalize("NFKD", text.translate(_LIGATURES))
    # Lower-case only after stripping marks (so ß, ı, ø… are what NFKD leaves of them).
    return _NOT_ASCII.sub(_uncombined, text).lower()


def fold(text: str) -> str:
    """The words of *text*, folded, one space apart: what matching and sorting compare.

    >>> fold("Détection de l'invisibilité")
    'detection de l invisibilite'
    """
    return _OTHERS.sub(" ", fold_marks(text)).strip()


def slugify(title: str) -> str:
    """Return the slug of *title*, or an empty string if it has no letter or digit.

    >>> slugify("Œil de mage")
    'oeil-de-mage'
    >>> slugify("Détection de l'invisibilité")
    'detection-de-l-invisibilite'
    """
    return fold(title).replace(" ", "-")
