"""The odds chart of a spell page, drawn at build time as inline SVG from the engine's exact odds.

It needs no script, is allowed by the page's Content-Security-Policy (no inline style: every
colour comes from ``site.css`` classes) and prints. Two panels share the magic axis, from 0 to
:func:`rules.stable_magic` (from which no odds change):

- « Au moins « Lancé » »: one step line per apprentissage, the chance that the spell is cast;
- « Parfait »: one bar per apprentissage over the magic where a perfect cast can happen, with its
  chance.

The geometry is exact and readable back: a magic unit is :data:`UNIT` wide and 100 % is
:data:`HEIGHT` high, so the chances of the casting die land on whole coordinates; each line carries its
points as exact fractions (``data-points``, one per magic from 0), which the spellbook reads to
mark the reader's own wizard.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

from markupsafe import Markup, escape

import rules
from rules.fr import format_fraction, format_percent

__all__ = ["HEIGHT", "LEFT", "TOP", "UNIT", "CastSeries", "cast_chart", "cast_series"]

#: The width of one magic point, in SVG units.
UNIT = 11
#: The height of 100 % in the lines' panel.
HEIGHT = 120
#: The left edge of both panels (room for the percentages) and the top of the lines' panel.
LEFT = 36
TOP = 20
#: The bars' panel: the height of one apprentissage's row and the gap above the panel.
ROW = 14
GAP = 40
#: The magic values marked on the axis, and written under it.
TICK_EVERY = 4
LABEL_EVERY = 8
READING = "modified"


@dataclass(frozen=True)
class CastSeries:
    """One apprentissage's chances, one per magic from 0 to the stable magic."""

    learning: int
    cast: tuple[Fraction, ...]
    perfect: tuple[Fraction, ...]


@functools.cache
def cast_series(reading: str = READING) -> tuple[CastSeries, ...]:
    """The chart's figures, from the engine: for each apprentissage that can cast, the chance of
    at least « Lancé » and of « Parfait » at every magic from 0 to :func:`rules.stable_magic`."""
    magics = range(rules.stable_magic() + 1)
    series = []
    for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1):
        odds = [rules.cast_odds(m, learning, extremes=reading) for m in magics]
        series.append(
            CastSeries(
                learning,
                tuple(sum((o[k] for k in rules.Outcome if k.is_cast), Fraction(0)) for o in odds),
                tuple(o[rules.Outcome.PERFECT] for o in odds),
            )
        )
    return tuple(series)


def _num(value: Fraction | int) -> str:
    """A coordinate: whole when it is, else two decimals."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


def _x(magic: int) -> str:
    return _num(LEFT + UNIT * magic)


def _y(chance: Fraction) -> str:
    return _num(TOP + HEIGHT - HEIGHT * chance)


def _runs(values: tuple[Fraction, ...]) -> list[tuple[int, int, Fraction]]:
    """``values`` as runs of one value: (first magic, magic after the run, value)."""
    runs: list[tuple[int, int, Fraction]] = []
    for magic, value in enumerate(values):
        if runs and runs[-1][2] == value:
            runs[-1] = (runs[-1][0], magic + 1, value)
        else:
            runs.append((magic, magic + 1, value))
    return runs


def _step_path(values: tuple[Fraction, ...]) -> str:
    """A step line: each magic's chance holds until the next magic; the last one ends the axis."""
    last = len(values) - 1
    runs = _runs(values)
    parts = [f"M{_x(0)} {_y(runs[0][2])}"]
    for index, (_start, end, value) in enumerate(runs):
        if index:
            parts.append(f"V{_y(value)}")
        parts.append(f"H{_x(min(end, last))}")
    return "".join(parts)


def _fractions(values: tuple[Fraction, ...]) -> str:
    return " ".join(f"{v.numerator}/{v.denominator}" for v in values)


def _label_rows(series: tuple[CastSeries, ...]) -> dict[int, Fraction]:
    """The height of each line's label, beside its start: above the line, pushed apart so that
    two labels never touch."""
    wanted = sorted(
        ((TOP + HEIGHT - HEIGHT * s.cast[0] - 3, s.learning) for s in series), reverse=True
    )
    placed: dict[int, Fraction] = {}
    floor = Fraction(TOP + HEIGHT)
    for y, learning in wanted:
        y = min(y, floor - 10)
        placed[learning] = y
        floor = y
    return placed


def _desc(series: tuple[CastSeries, ...]) -> str:
    """The chart in words: for each apprentissage, the chance at magic 0 and the magic from which
    the spell is always cast, then where « Parfait » can happen."""
    lines = []
    for s in series:
        text = f"apprentissage {s.learning} : {format_percent(s.cast[0])} à magie 0"
        settled = _runs(s.cast)[-1]
        if settled[0] > 0:
            text += f", {format_percent(settled[2])} dès magie {settled[0]}"
        lines.append(text)
    perfect = []
    for s in series:
        possible = [(a, b, v) for a, b, v in _runs(s.perfect) if v]
        spans = ", ".join(
            f"{format_percent(v)} de magie {a} à {b - 1}"
            if b - 1 < len(s.perfect) - 1
            else f"{format_percent(v)} dès magie {a}"
            for a, b, v in possible
        )
        perfect.append(f"apprentissage {s.learning} : {spans or 'jamais'}")
    return (
        "Au moins « Lancé » — "
        + " ; ".join(lines)
        + ". « Parfait » — "
        + " ; ".join(perfect)
        + f". Au-delà de magie {len(series[0].cast) - 1}, rien ne change."
    )


@functools.cache
def cast_chart(reading: str = READING) -> Markup:
    """The spell page's chart (the same for every spell: casting does not depend on the spell)."""
    series = cast_series(reading)
    last = len(series[0].cast) - 1
    right = LEFT + UNIT * last
    bars_top = TOP + HEIGHT + GAP
    bars_bottom = bars_top + ROW * len(series)
    width = right + 12
    height = bars_bottom + 30
    out = [
        f'<svg class="gr-chart" data-chart="cast" data-reading="{reading}" viewBox="0 0 {width}'
        f' {height}" width="{width}" height="{height}" role="img" aria-labelledby="graphique-titre'
        f' graphique-desc" data-left="{LEFT}" data-top="{TOP}" data-unit="{UNIT}"'
        f' data-height="{HEIGHT}" xmlns="http://www.w3.org/2000/svg">',
        '<title id="graphique-titre">Chances de lancer ce sort selon la magie, par'
        " apprentissage (résultat modifié)</title>",
        f'<desc id="graphique-desc">{escape(_desc(series))}</desc>',
        *_cast_lines(series, last, bars_bottom),
        *_perfect_bars(series, last, bars_top),
    ]
    for m in range(0, last + 1, LABEL_EVERY):
        out.append(
            f'<text class="gr-chart__tick" x="{_x(m)}" y="{bars_bottom + 15}"'
            f' text-anchor="middle">{m}</text>'
        )
    out.append(
        f'<text class="gr-chart__axis" x="{right}" y="{bars_bottom + 28}" text-anchor="end">'
        "magie du magicien →</text>"
    )
    out.append("</svg>")
    return Markup("\n".join(out))


def _cast_lines(series: tuple[CastSeries, ...], last: int, bars_bottom: int) -> list[str]:
    """The grid, the chance of « Lancé » or better as one step line per apprentissage, and their
    labels."""
    right, bottom = LEFT + UNIT * last, TOP + HEIGHT
    grid = "".join(f"M{LEFT} {_y(Fraction(k, 4))}H{right}" for k in range(5))
    grid += "".join(
        f"M{_x(m)} {bottom}v4M{_x(m)} {bars_bottom}v4" for m in range(0, last + 1, TICK_EVERY)
    )
    out = [
        f'<path class="gr-chart__grid" d="{grid}"/>',
        f'<text class="gr-chart__head" x="{LEFT}" y="{TOP - 8}">Au moins « Lancé »</text>',
    ]
    for k in (0, 2, 4):
        out.append(
            f'<text class="gr-chart__tick" x="{LEFT - 4}" y="{_num(TOP + HEIGHT - HEIGHT * k // 4 + 3)}"'
            f' text-anchor="end">{k * 25} %</text>'
        )
    labels = _label_rows(series)
    for s in series:
        out.append(
            f'<path class="gr-chart__line gr-chart__line--{s.learning}" data-learning="{s.learning}"'
            f' data-points="{_fractions(s.cast)}" d="{_step_path(s.cast)}"/>'
        )
    for s in series:
        out.append(
            f'<text class="gr-chart__label gr-chart__label--{s.learning}" x="{LEFT + 3}"'
            f' y="{_num(labels[s.learning])}">{s.learning}</text>'
        )
    return out


def _perfect_bars(series: tuple[CastSeries, ...], last: int, bars_top: int) -> list[str]:
    """Where « Parfait » is possible: one row of bars per apprentissage."""
    # One chance for every bar (a perfect cast needs one face) is said once, in the heading.
    chances = {v for s in series for _a, _b, v in _runs(s.perfect) if v}
    shared = chances.pop() if len(chances) == 1 else None
    head = "« Parfait » possible"
    if shared is not None:
        head += f" : {format_fraction(shared)} ({format_percent(shared)})"
    out = [f'<text class="gr-chart__head" x="{LEFT}" y="{bars_top - 8}">{head}</text>']
    for row, s in enumerate(series):
        y = bars_top + ROW * row
        out.append(
            f'<text class="gr-chart__tick" x="{LEFT - 4}" y="{y + 10}"'
            f' text-anchor="end">{s.learning}</text>'
        )
        for start, end, value in _runs(s.perfect):
            if not value:
                continue
            stop = min(end, last)
            out.append(
                f'<rect class="gr-chart__bar gr-chart__bar--{s.learning}"'
                f' data-learning="{s.learning}" data-from="{start}" data-to="{end - 1}"'
                f' data-chance="{value.numerator}/{value.denominator}" x="{_x(start)}"'
                f' y="{y + 2}" width="{_num(UNIT * (stop - start))}" height="{ROW - 4}"/>'
            )
            if shared is None:
                out.append(
                    f'<text class="gr-chart__value" x="{_num(LEFT + UNIT * stop + 3)}"'
                    f' y="{y + 10}">{format_fraction(value)}</text>'
                )
    return out
