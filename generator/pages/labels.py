"""French labels of the site, keyed by the stable English keys of the data."""

from __future__ import annotations

FIELDS = {
    "levels": "Niveau",
    "casting_time": "Temps d’incantation",
    "range": "Portée",
    "target": "Cible",
    "duration": "Durée",
    "saving_throw": "Jet de sauvegarde",
}

ERRATA_KINDS = {
    "typo": "Coquille",
    "export": "Défaut d’export du document",
    "inconsistency": "Incohérence",
}

STATUS = {
    "editorial": "choix éditorial",
    "author": "donné par l’auteur",
}

FIGURE_CERTAINTY = {
    "sure": "",
    "probable": "légende probable d’une image ou d’un tableau perdu",
}

EMPTY_FIELD = "—"
EMPTY_FIELD_LABEL = "vide dans le document"
