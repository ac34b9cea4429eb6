"""Slug of a spell: its public identifier, file name and page address.

Rule (issue 2, § 2): œ→oe, æ→ae, accents removed, lower case, every run of other
characters replaced by ``-``, no ``-`` at either end.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["SLUG_PATTERN", "SLUG_RE", "slugify"]

#: Shape of a slug (repeated verbatim in ``spell.schema.json``).
SLUG_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
SLUG_RE = re.compile(SLUG_PATTERN)

_LIGATURES = str.maketrans({"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae"})
_OTHERS = re.compile(r"[^a-z0-9]+")


def slugify(title: str) -> str:
    """Return the slug of *title*, or an empty string if it has no letter or digit.

    >>> slugify("Œil de mage")
    'oeil-de-mage'
    >>> slugify("Détection de l'invisibilité")
    'detection-de-l-invisibilite'
    """
    text = unicodedata.normalize("NFKD", title.translate(_LIGATURES))
    text = "".join(c for c in text if not unicodedata.combining(c))
    # Lower-case only after stripping marks, then keep ASCII letters and digits:
    # anything else (ß, ı, ø, punctuation, spaces...) is a separator.
    return _OTHERS.sub("-", text.lower()).strip("-")
