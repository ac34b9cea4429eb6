"""Slug d'un sort : identifiant public, nom de fichier et adresse de page.

Règle (issue 2, § 2) : œ→oe, æ→ae, accents retirés, minuscules, chaque suite
d'autres caractères remplacée par « - », aucun « - » aux extrémités.
"""

from __future__ import annotations

import re
import unicodedata

__all__ = ["SLUG_PATTERN", "SLUG_RE", "slugify"]

#: Forme d'un slug (reprise telle quelle dans ``schema/spell.schema.json``).
SLUG_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
SLUG_RE = re.compile(SLUG_PATTERN)

_LIGATURES = str.maketrans({"œ": "oe", "Œ": "oe", "æ": "ae", "Æ": "ae"})
_OTHERS = re.compile(r"[^a-z0-9]+")


def slugify(title: str) -> str:
    """Slug de *title* ; chaîne vide si le titre ne contient ni lettre ni chiffre.

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
