"""The pages of « Mon grimoire » and of the spell cards, and the spellbook's configuration script.

``extra_pages(env, spells)`` returns ``{path in docs_dir: text}``:

* ``grimoire/index.md``: the spellbook page (the list itself lives in the reader's browser and is
  drawn by ``static/grimoire.js``);
* ``cartes/index.md``: every spell as a printable card, server-rendered (the full description,
  without per-level ids nor erratum marks: 110 cards on one page must not repeat ids nor point
  to anchors of other pages); ``static/cards.js`` keeps the selection given in the URL, splits
  long spells over several cards and lays them out on A4 sheets. Without JavaScript every card
  shows;
* ``assets/site/grimoire-config.js`` (an ES module, ``export default {...}``): what the
  spellbook's module imports from the rules engine
  (the ranges of apprentissage and difficulty, the French names of the elements, the cost of each
  level), so no rule is typed in JavaScript.
"""

from __future__ import annotations

import json

from markupsafe import Markup

import rules

from . import labels
from .render import render_description, render_inline

__all__ = ["extra_pages", "card_context", "LEARNING_MIN", "LEARNING_MAX"]

LEARNING_MIN = rules.MIN_LEARNING
LEARNING_MAX = rules.MAX_LEARNING


def card_context(spell: dict) -> dict:
    """What one card shows: the six fields, element, difficulty and the whole description."""
    fields = [{"key": key, "label": label, "raw": spell[key]["raw"],
               "html": render_inline(spell[key]["raw"])}
              for key, label in labels.FIELDS.items()]
    return {
        "spell": spell,
        "fields": fields,
        "element": rules.ELEMENT_LABELS[spell["element"]],
        "description": Markup(render_description(spell["description"], subheading="h3")),
    }


def _config_script(spells: list[dict]) -> str:
    # The XP a spell can hold at each apprentissage below the last: the cost of the next level
    # (the book bounds the XP a reader types by it), for the difficulties the compendium uses.
    costs = {str(difficulty): {str(learning): rules.level_up_cost(learning, difficulty)
                               for learning in range(LEARNING_MIN, LEARNING_MAX)}
             for difficulty in sorted({spell["difficulty"] for spell in spells})}
    config = {
        "learning": {"min": LEARNING_MIN, "max": LEARNING_MAX},
        "difficulty": {"min": rules.MIN_DIFFICULTY, "max": rules.MAX_DIFFICULTY},
        "elements": dict(rules.ELEMENT_LABELS),
        "level_up_cost": costs,
    }
    return ("// Généré par generator/pages/cards.py depuis le moteur de règles : ne pas modifier.\n"
            f"export default {json.dumps(config, ensure_ascii=False, sort_keys=True)};\n")


def extra_pages(env, spells: list[dict]) -> dict[str, str]:
    """The spellbook page, the cards page and the spellbook's configuration script."""
    return {
        "grimoire/index.md": env.get_template("grimoire.md.j2").render(
            root="../", learning=range(LEARNING_MIN, LEARNING_MAX + 1)),
        "cartes/index.md": env.get_template("cartes.md.j2").render(
            cards=[card_context(spell) for spell in spells], root="../"),
        "assets/site/grimoire-config.js": _config_script(spells),
    }
