"""The pages of « Mon grimoire », of « La table » and of the spell cards, and the spellbook's configuration script.

``extra_pages(env, spells)`` returns ``{path in docs_dir: text}``:

* ``grimoire/index.md``: the spellbook page (the list itself lives in the reader's browser and is
  drawn by the spellbook's scripts, ``widgets/grimoire/``);
* ``table/index.md``: « La table », the MJ's page (the party lives in the MJ's browser and is
  drawn by the spellbook's scripts too);
* ``cartes/index.md``: every spell as a printable card, server-rendered (the full description,
  without per-level ids nor erratum marks: 110 cards on one page must not repeat ids nor point
  to anchors of other pages); ``static/cards.js`` keeps the selection given in the URL, splits
  long spells over several cards and lays them out on A4 sheets. Without JavaScript every card
  shows;
* the spellbook's configuration module, written by ``widgets.grimoire`` from the rules engine
  for the difficulties the compendium uses.
"""

from __future__ import annotations

from markupsafe import Markup

import rules
from widgets import grimoire

from . import labels
from .render import render_description, render_inline

__all__ = ["LEARNING_MAX", "LEARNING_MIN", "card_context", "extra_pages"]

LEARNING_MIN = rules.MIN_LEARNING
LEARNING_MAX = rules.MAX_LEARNING


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


def extra_pages(env, spells: list[dict]) -> dict[str, str]:
    """The spellbook page, the table page, the cards page and the spellbook's configuration
    script."""
    return {
        "grimoire/index.md": env.get_template("grimoire.md.j2").render(
            root="../", learning=range(LEARNING_MIN, LEARNING_MAX + 1), unlearnt=LEARNING_MIN - 1
        ),
        "table/index.md": env.get_template("table.md.j2").render(root="../"),
        "cartes/index.md": env.get_template("cartes.md.j2").render(
            cards=[card_context(spell) for spell in spells], root="../"
        ),
        grimoire.CONFIG_FILE: grimoire.config_script(spell["difficulty"] for spell in spells),
    }
