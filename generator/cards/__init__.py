"""The spell cards, one room: every spell as a printable card, server-rendered (``cartes/``).

:func:`cards_page` renders the page from its template (``templates/cartes.md.j2``): the full
description of each spell, without per-level ids nor erratum marks (110 cards on one page must
not repeat ids nor point to anchors of other pages). Its scripts and style (``static/``, served
from :data:`SERVED`): ``cards.js`` keeps the selection given in the URL, splits long spells over
several cards (``cards-layout.js``) and lays them out on A4 sheets. Without JavaScript every
card shows.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment
from markupsafe import Markup

import rules

from ..pages import labels
from ..pages.render import render_description, render_inline

__all__ = ["PAGE", "SERVED", "STATIC", "TEMPLATES", "card_context", "cards_page"]

#: The cards page's template, its scripts and style, and where the site serves them.
TEMPLATES = Path(__file__).parent / "templates"
STATIC = Path(__file__).parent / "static"
SERVED = "assets/site"
#: The page, in the docs folder.
PAGE = "cartes/index.md"


def card_context(spell: dict) -> dict:
    """What one card shows: the six fields, element, difficulty and the whole description."""
    fields = [
        {
            "key": key,
            "label": label,
            "raw": spell[key]["raw"],
            "html": render_inline(spell[key]["raw"]),
        }
        for key, label in labels.FIELDS.items()
    ]
    return {
        "spell": spell,
        "fields": fields,
        "element": rules.ELEMENT_LABELS[spell["element"]],
        "description": Markup(render_description(spell["description"], subheading="h3")),
    }


def cards_page(env: Environment, spells: list[dict]) -> str:
    """The cards page (Markdown with its front matter), rendered by ``env``, the pages'."""
    cards = [card_context(spell) for spell in spells]
    return env.get_template("cartes.md.j2").render(cards=cards, root="../")
