"""The context of one spell page (``templates/spell.md.j2``): its fields and description with
their links and errata, its figures and levels, its precomputed odds tables, its two calculators
(rendered by ``widgets``) and its summary for link previews.

The tables and calculators are the same for every spell of one difficulty: each is rendered once
per build (:func:`forget_partials` starts a build)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from markupsafe import Markup

import rules
from widgets.calculators import spell_page_calculator_html

from . import labels
from .chart import cast_chart
from .compendium import Compendium
from .render import Span, figure, level_anchors, render_description, render_inline
from .templating import environment

__all__ = ["cast_tables", "forget_partials", "spell_context", "summary", "title_origin"]

#: The magic levels of the precomputed odds tables.
TABLE_MAGIC = (0, 4, 8)
#: The length of a spell's summary (a link preview).
SUMMARY_CHARS = 160
SUPERSCRIPT = re.compile(r"(\d)\^(er|eme|e)\b")


@functools.cache
def cast_tables(difficulty: int) -> dict:
    """Precomputed figures shown on a spell page even without JavaScript (one per difficulty)."""
    odds: list[dict[str, Any]] = [
        {
            "magic": magic,
            "penalty": magic // rules.MAGIC_DIVISOR,
            "rows": [
                {
                    "learning": learning,
                    "odds": rules.cast_odds(magic, learning),
                    "xp": rules.expected_xp(magic, learning),
                }
                for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1)
            ],
        }
        for magic in TABLE_MAGIC
    ]
    for block in odds:  # the engine's reason for each zero of the table, each said once
        block["impossible"] = list(
            dict.fromkeys(
                reason
                for row in block["rows"]
                for outcome in rules.Outcome
                if (reason := rules.impossible_reason(outcome, block["magic"], row["learning"]))
            )
        )
    total, costs = 0, []
    for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING):
        cost = rules.level_up_cost(learning, difficulty)
        assert cost is not None  # every level above the first has a cost
        total += cost
        costs.append({"from": learning, "to": learning + 1, "cost": cost, "total": total})
    path = {magic: rules.level_path(magic, rules.MIN_LEARNING, difficulty) for magic in TABLE_MAGIC}
    return {"odds": odds, "costs": costs, "path": path}


_partials: dict[tuple, Markup] = {}


def forget_partials() -> None:
    """Render the shared parts again (a template may have changed since the last build,
    ``mkdocs serve``)."""
    _partials.clear()


def _once(key: tuple, render: Callable[[], str]) -> Markup:
    """A part of a spell page that is the same for many spells, rendered once per ``key``."""
    if key not in _partials:
        _partials[key] = Markup(render().removesuffix("\n"))
    return _partials[key]


def _cast_tables_html(difficulty: int) -> Markup:
    """The precomputed tables of a spell page: the same for every spell of one difficulty."""
    return _once(
        ("tables", difficulty),
        lambda: (
            environment()
            .get_template("partials/cast-tables.html")
            .render(
                tables=cast_tables(difficulty), chart=cast_chart(), spell={"difficulty": difficulty}
            )
        ),
    )


def _calculators_html(difficulty: int) -> Markup:
    """The cast calculator (the same on every page) and the progression one of ``difficulty``."""
    return Markup("\n").join(
        [
            _once(("cast",), lambda: spell_page_calculator_html("cast", difficulty)),
            _once(
                ("progression", difficulty),
                lambda: spell_page_calculator_html("progression", difficulty),
            ),
        ]
    )


def spell_context(compendium: Compendium, spell: dict) -> dict:
    """Everything ``spell.md.j2`` shows of ``spell``."""
    erratum_lines: set[int] = set()

    def spans_for(text: str) -> tuple[Span, ...]:
        spans = compendium.spans(spell, text, "../")
        for span in spans:
            if span.kind == "erratum":
                erratum_lines.add(int(span.payload.split("-")[1]))
        return spans

    description = render_description(
        spell["description"], per_level=spell["per_level"], spans_for=spans_for, subheading="h2"
    )
    fields = []
    for key in labels.FIELDS:
        raw = spell[key]["raw"]
        fields.append(
            {
                "key": key,
                "label": labels.FIELDS[key],
                "raw": raw,
                "html": render_inline(raw, compendium.spans(spell, raw, "../")),
                "parsed": spell[key].get("parsed"),
            }
        )
    figures_before = [
        Markup(figure(f["caption"])) for f in spell["figures"] if f["position"] == "before_title"
    ]
    figures_after = [
        Markup(figure(f["caption"], note=labels.FIGURE_CERTAINTY[f["certainty"]]))
        for f in spell["figures"]
        if f["position"] == "after_description"
    ]
    levels = [
        {"anchor": anchor, "entry": entry}
        for entry, anchor in zip(spell["per_level"], level_anchors(spell["per_level"]), strict=True)
    ]
    return {
        "spell": spell,
        "fields": fields,
        "description": description,
        "figures_before": figures_before,
        "figures_after": figures_after,
        "levels": levels,
        "errata": [{"number": n, **e} for n, e in enumerate(spell["errata"], start=1)],
        "unmarked_errata": [
            n for n in range(1, len(spell["errata"]) + 1) if n not in erratum_lines
        ],
        "cast_tables_html": _cast_tables_html(spell["difficulty"]),
        "calculators_html": _calculators_html(spell["difficulty"]),
        "root": "../../",
        "summary": summary(spell),
    }


def summary(spell: dict, limit: int = SUMMARY_CHARS) -> str:
    """The spell's level range and the start of its text, as plain text (a link preview)."""
    words = []
    for line in spell["description"].split("\n"):
        line = line.strip()
        if not line or line.startswith(("|", "![")):
            continue
        line = re.sub(r"^(- |#### )", "", line)
        words += SUPERSCRIPT.sub(r"\1\2", line).split()
    text = f"Sort de magicien, niveaux {spell['levels']['raw']}."
    for word in words:
        if len(text) + 1 + len(word) > limit - 1:
            return text + " …" if text.endswith((".", "!", "?")) else text + "…"
        text += " " + word
    return text


def title_origin(root: Path, slug: str) -> str:
    """``spells/<slug>.yaml:<line of its name>: name``: where a spell page's title comes from."""
    source = f"spells/{slug}.yaml"
    try:
        lines = (root / source).read_text(encoding="utf-8", errors="replace").split("\n")
    except OSError:
        lines = []
    line = next(
        (number for number, text in enumerate(lines, start=1) if text.startswith("name:")), 1
    )
    return f"{source}:{line}: name"
