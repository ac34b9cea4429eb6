"""The calculators' HTML: a calculator's form rendered from its partial of
``templates/calculators/`` (``cast``, ``duel``, ``progression``, ``study``) and its settings.

Every page that shows a calculator takes its HTML from here: the calculators page from
:func:`calculators_page_html`, a spell page from :func:`spell_page_calculator_html`, the test
harness of ``tests/widgets`` from :func:`calculator_html`. The partials read the rules' numbers and labels as the Jinja global
``game`` (:func:`game_constants`) and the fields' names as ``field_labels`` (``bridge``).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

import rules
from widgets import bridge
from widgets.instant import PROGRESSION_CASTS

__all__ = [
    "SERVED",
    "STATIC",
    "TEMPLATES",
    "calculator_html",
    "calculators_page_html",
    "environment",
    "game_constants",
    "html_environment",
    "spell_page_calculator_html",
]

#: The folder of the calculator partials (``calculators/*.html``).
TEMPLATES = Path(__file__).parent / "templates"
#: The calculators' scripts and style, and where the site serves them.
STATIC = Path(__file__).parent / "static"
SERVED = "assets/widgets"


def game_constants() -> dict:
    """Every number and label of the rules a page or a script shows, read from ``rules``.

    The templates get it as the Jinja global ``game``; the scripts as generated data.
    """
    return {
        "die_faces": rules.DIE_FACES,
        "magic_divisor": rules.MAGIC_DIVISOR,
        "cast_formula": rules.CAST_FORMULA,
        "learning": {"min": rules.MIN_LEARNING, "max": rules.MAX_LEARNING},
        "difficulty": {"min": rules.MIN_DIFFICULTY, "max": rules.MAX_DIFFICULTY},
        "study_hours": {"min": rules.MIN_STUDY_HOURS, "max": rules.MAX_STUDY_HOURS},
        "spell_level": {"min": rules.MIN_SPELL_LEVEL, "max": rules.MAX_SPELL_LEVEL},
        "elements": dict(rules.ELEMENT_LABELS),
        "extremes": dict(rules.EXTREMES_LABELS),
        "outcomes": {outcome.value: outcome.label for outcome in rules.Outcome},
    }


def html_environment(*folders: Path) -> Environment:
    """A Jinja environment of the site's HTML templates in ``folders`` (searched in order), the
    calculators' partials and the pages alike: autoescape, StrictUndefined, the same whitespace,
    and the rules' numbers and labels (``game``) and the fields' names (``field_labels``) as
    globals."""
    env = Environment(
        loader=FileSystemLoader(folders),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.globals["game"] = game_constants()
    env.globals["field_labels"] = bridge.FIELD_LABELS
    return env


@functools.cache
def environment() -> Environment:
    """The Jinja environment of the partials, one per process: its compiled templates serve every
    later render; a partial whose file changed is read again."""
    return html_environment(TEMPLATES)


def calculator_html(name: str, calc: dict) -> Markup:
    """The form of the calculator ``name`` with the settings ``calc`` (the context keys are
    documented at the top of each partial), as HTML without a final line end.

    Raises ``jinja2.UndefinedError`` when a required setting (``calc.prefix``) is missing."""
    html = environment().get_template(f"calculators/{name}.html").render(calc=calc)
    return Markup(html.removesuffix("\n"))


#: What a calculator holds before the reader types: the first magic and apprentissage, no
#: modifier, the 1 and the 12 read on the modified result, the first difficulty, a neutral
#: element, no XP yet, and as many casts as the build's data answers (``PROGRESSION_CASTS``), so
#: that a page's first answers never wait for the engine.
_FIRST = {"magic": 0, "learning": rules.MIN_LEARNING}
_READING = {"extremes": "modified"}
_NEUTRAL = "neutre"  # the element of rules.ELEMENTS that dominates none
_CAST = {**_FIRST, "modifier": 0, **_READING}
_PROGRESSION = {**_FIRST, "xp": 0, "n": PROGRESSION_CASTS[0]}
_CHOSEN = {"difficulty": rules.MIN_DIFFICULTY, "element": _NEUTRAL, "spell": ""}
#: The prefix of each calculator's fields in a page's address (« ?lancer-magie=6 »).
PREFIXES = {"cast": "lancer", "duel": "duel", "progression": "progression", "study": "etude"}


def calculators_page_html(spells: list[dict]) -> Markup:
    """The four calculators of the calculators page, the duel's and the progression's with a
    chooser of every spell (``spells``: the compendium's, with slug, name and element)."""
    choices = [{"slug": s["slug"], "name": s["name"], "element": s["element"]} for s in spells]
    forms: dict[str, dict[str, Any]] = {
        "cast": {"spells": [], "defaults": {**_CAST, **_CHOSEN}},
        "duel": {
            "spells": choices,
            "defaults": {
                **_FIRST,
                **{f"{name}_b": value for name, value in _FIRST.items()},
                "element": _NEUTRAL,
                "element_b": _NEUTRAL,
                **_READING,
            },
        },
        "progression": {"spells": choices, "defaults": {**_PROGRESSION, **_CHOSEN}},
        "study": {"spells": [], "defaults": {"hours": 4, "p": "3/4"}},
    }
    return Markup("\n").join(
        calculator_html(name, {"prefix": PREFIXES[name], **calc}) for name, calc in forms.items()
    )


def spell_page_calculator_html(name: str, difficulty: int) -> Markup:
    """A spell page's calculator ``name`` (``cast``, or ``progression`` at the spell's
    ``difficulty``), under the page's own odds tables."""
    defaults = {"cast": _CAST, "progression": {**_PROGRESSION, "difficulty": difficulty}}[name]
    return calculator_html(
        name,
        {"prefix": PREFIXES[name], "heading_level": 3, "page_tables": True, "defaults": defaults},
    )
