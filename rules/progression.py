"""Learning levels: level-up costs, XP bookkeeping and the odds of progressing.

Costs (rules lines 21–27): 1 → 2 costs 10 × difficulty XP, 2 → 3 25 ×,
3 → 4 50 ×, 4 → 5 100 ×; 0 → 1 needs role-play and has no XP cost. Level-ups
are automatic, the cost is spent and the rest kept, several may chain, and 5
is the maximum (reading C1).

Progress by casting is a Markov chain on (learning, xp): each cast earns 1, 3
or 5 XP with the odds of the current learning level. Because every gain is at
least 1, xp only grows, so expected values are solved exactly by backward
recursion over xp, level by level from the top, instead of a linear solver.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction

from . import errors
from .casting import _shift, check_extremes, face_counts, xp_for
from .constants import CAST_XP, DIE_FACES, LEVEL_UP_BASE_COST, MAX_LEARNING

# Names for the type checker only: nothing more is imported when the browser runs the engine.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeAlias

    #: ((a, b), …): gains and their faces, or the (W, e) values of a backward pass.
    Pairs: TypeAlias = tuple[tuple[int, int], ...]

__all__ = [
    "LevelStep",
    "casts_to_next_level",
    "gain_xp",
    "level_path",
    "level_up_cost",
    "level_up_curve",
    "level_up_within",
    "progression_key",
]

#: The highest apprentissage a spell can reach (0 = not learnt), from rules/constants.py.
MAX_LEVEL = MAX_LEARNING
_BASE_COST = LEVEL_UP_BASE_COST
#: The XP a cast earns, from the least to the most (1, 3, 5): the gains of the chain below.
GAINS = tuple(sorted(set(CAST_XP.values())))
#: The most a cast earns: XP overshoots a cost by at most this minus one.
_TOP_GAIN = GAINS[-1]


@dataclass(frozen=True)
class LevelStep:
    """One level-up ahead on the path from the current state.

    ``to_level`` is the level reached, ``cost`` the XP that level-up spends,
    ``xp_needed`` the total XP still to earn from the current state to reach
    it, and ``expected_casts`` the exact expected number of casts from the
    current state to reach it (cumulative).
    """

    to_level: int
    cost: int
    xp_needed: int
    expected_casts: Fraction


def _cost(learning: int, difficulty: int) -> int:
    return _BASE_COST[learning] * difficulty


def level_up_cost(learning: int, difficulty: int) -> int | None:
    """Return the XP needed to go from ``learning`` to ``learning + 1``.

    ``learning`` is 0–4; from 0 the answer is None (the first level needs
    role-play, not XP).
    """
    learning = errors.learning(learning, 0, MAX_LEVEL - 1)
    difficulty = errors.difficulty(difficulty)
    return None if learning == 0 else _cost(learning, difficulty)


def gain_xp(learning: int, xp: int, gained: int, difficulty: int) -> tuple[int, int]:
    """Add ``gained`` XP and apply the automatic level-ups; return (learning, xp).

    Each level-up spends its cost and keeps the rest; several may chain; XP
    keeps accruing at 5. At 0 XP accrues but never levels up (role-play).
    """
    learning = errors.learning(learning, 0, MAX_LEVEL)
    xp = errors.integer("xp", xp, 0)
    gained = errors.integer("gained", gained, 0)
    difficulty = errors.difficulty(difficulty)
    xp += gained
    while 1 <= learning < MAX_LEVEL and xp >= _cost(learning, difficulty):
        xp -= _cost(learning, difficulty)
        learning += 1
    return learning, xp


def _gain_counts(magic: int, learning: int, extremes: str) -> Pairs:
    """Return ((gain, faces out of the die's), ...) for one cast at this level, one pair per
    gain of :data:`GAINS`, in its order."""
    counts = face_counts(magic, learning, 0, extremes)
    return tuple(
        (gain, sum(n for outcome, n in counts.items() if xp_for(outcome) == gain)) for gain in GAINS
    )


@functools.lru_cache(maxsize=32)
def _backward(gains: Pairs, cost: int, terminal: Pairs) -> Pairs:
    """Expected casts to reach the top of a level, for every xp in [0, cost).

    Solves V(x) = 1 + Σ (n_g / F) V(x + g) for x < cost (F the die's faces), with V(cost + r)
    given by ``terminal[r]`` (r = 0..4, the leftover carried to the next
    level). Values are kept as (W, e) meaning W / F**e, so the whole pass is
    integer arithmetic with no gcd; returns the tuple of (W, e) for x = 0..cost-1.

    ``gains`` and ``terminal`` are tuples: passes are kept (the same level is solved again for
    every target above it, and for every magic with the same odds).
    """
    top = max(e for _, e in terminal)
    faces, spill = DIE_FACES, _TOP_GAIN - 1  # XP beyond the cost: 0 to spill
    size = cost + _TOP_GAIN
    values = [0] * size
    for r, (w, e) in enumerate(terminal):
        # Exponent at x is top + cost + spill - x; rescale the terminal to it.
        values[cost + r] = w * faces ** (top - e + spill - r)
    multipliers = [(g, n * faces ** (g - 1)) for g, n in gains if n]
    power = faces ** (top + spill)  # faces ** exponent at x = cost, times faces each step down
    for x in range(cost - 1, -1, -1):
        power *= faces
        total = power
        for g, m in multipliers:
            total += m * values[x + g]
        values[x] = total
    return tuple((values[x], top + cost + spill - x) for x in range(cost))


def _expected_to(
    magic: int, learning: int, difficulty: int, xp: int, target: int, extremes: str
) -> Fraction:
    """Exact expected casts from (learning, xp) to reach ``target``; validated input."""
    terminal: Pairs = ((0, 0),) * _TOP_GAIN
    for level in range(target - 1, learning - 1, -1):
        solved = _backward(_gain_counts(magic, level, extremes), _cost(level, difficulty), terminal)
        terminal = solved[:_TOP_GAIN]
    w, e = solved[xp]
    return Fraction(w, DIE_FACES**e)


def _check_progress(
    magic: object, learning: object, difficulty: object, xp: object, extremes: object, top: int
) -> tuple[int, int, int, int, str]:
    magic = errors.magic(magic)
    learning = errors.learning(learning, 1, top)
    difficulty = errors.difficulty(difficulty)
    high = _cost(learning, difficulty) - 1 if learning < MAX_LEVEL else None
    xp = errors.integer("xp", xp, 0, high)
    return magic, learning, difficulty, xp, check_extremes(extremes)


def progression_key(
    magic: int, learning: int, difficulty: int, xp: int = 0, *, extremes: str = "modified"
) -> tuple[str, int, int, int, int, str]:
    """Return a hashable value that two states share only when their progression is the same.

    Magic enters progression only through the odds of a cast without modifier, that is through
    ⌊magic / 2⌋: states with the same ⌊magic / 2⌋, learning, difficulty, xp and reading have the
    same :func:`level_path`, :func:`casts_to_next_level` and :func:`level_up_within` (for any
    number of casts). ``learning`` is 1–5.
    """
    magic, learning, difficulty, xp, extremes = _check_progress(
        magic, learning, difficulty, xp, extremes, MAX_LEVEL
    )
    return ("progression", _shift(magic, 0), learning, difficulty, xp, extremes)


def casts_to_next_level(
    magic: int, learning: int, difficulty: int, xp: int = 0, *, extremes: str = "modified"
) -> Fraction:
    """Return the exact expected number of casts to reach ``learning + 1``.

    ``learning`` is 1–4 and ``xp`` the XP already held at that level (below
    its cost). A Fraction, positive and finite.
    """
    magic, learning, difficulty, xp, extremes = _check_progress(
        magic, learning, difficulty, xp, extremes, MAX_LEVEL - 1
    )
    return _expected_to(magic, learning, difficulty, xp, learning + 1, extremes)


def level_path(
    magic: int,
    learning: int,
    difficulty: int,
    xp: int = 0,
    *,
    extremes: str = "modified",
    target: int = MAX_LEVEL,
) -> tuple[LevelStep, ...]:
    """Return the :class:`LevelStep` of every level from ``learning + 1`` to ``target``.

    Odds change with each level reached; leftover XP is carried. A tuple,
    empty when ``learning`` already is the ``target`` (5 by default).
    """
    magic, learning, difficulty, xp, extremes = _check_progress(
        magic, learning, difficulty, xp, extremes, MAX_LEVEL
    )
    target = errors.integer("target", target, learning, MAX_LEVEL)
    steps = []
    needed = -xp
    for to_level in range(learning + 1, target + 1):
        cost = _cost(to_level - 1, difficulty)
        needed += cost
        expected = _expected_to(magic, learning, difficulty, xp, to_level, extremes)
        steps.append(LevelStep(to_level, cost, needed, expected))
    return tuple(steps)


def level_up_within(
    magic: int, learning: int, difficulty: int, n: int, xp: int = 0, *, extremes: str = "modified"
) -> Fraction:
    """Return the exact probability of reaching ``learning + 1`` within ``n`` casts.

    ``learning`` is 1–4. Until the level-up every cast has the same odds, so
    this is P(sum of n gains ≥ XP still needed), summed exactly over how many
    casts gave 3 and 5 XP.
    """
    magic, learning, difficulty, xp, extremes = _check_progress(
        magic, learning, difficulty, xp, extremes, MAX_LEVEL - 1
    )
    n = errors.integer("n", n, 0)
    needed = _cost(learning, difficulty) - xp
    (g1, n1), (g3, n3), (g5, n5) = _gain_counts(magic, learning, extremes)
    if n * g1 >= needed:
        # Every cast earns at least the smallest gain.
        return Fraction(1)
    # Not reached: n·g1 + (g3 − g1)·b + (g5 − g1)·c < needed, with b casts of the middle gain
    # and c of the largest.
    step3, step5 = g3 - g1, g5 - g1
    slack = needed - n * g1
    pow1 = [n1**i for i in range(n + 1)]
    pow3 = [n3**i for i in range(n + 1)]
    short = 0
    for c in range(min(n, (slack - 1) // step5) + 1):
        inner = 0
        rest = n - c
        for b in range(min(rest, (slack - 1 - step5 * c) // step3) + 1):
            inner += math.comb(rest, b) * pow3[b] * pow1[rest - b]
        short += math.comb(n, c) * n5**c * inner
    return 1 - Fraction(short, DIE_FACES**n)


def level_up_curve(
    magic: int,
    learning: int,
    difficulty: int,
    xp: int = 0,
    *,
    extremes: str = "modified",
    until: Fraction = Fraction(1),
    n: int = 0,
) -> tuple[Fraction, ...]:
    """Return the exact probability of reaching ``learning + 1`` within n casts, for n = 0, 1, …

    The curve goes on to the first count at which the chance has reached ``until`` (a
    probability) and that is at least ``n``, or at which the chance is 1 (it is once every
    cast has earned the smallest gain, :data:`GAINS`, enough times). Element n equals
    :func:`level_up_within` for n casts. ``learning`` is 1–4.

    One pass over the XP still short of the cost: the ways of each total after n casts, out of
    the die's faces to the n.
    """
    magic, learning, difficulty, xp, extremes = _check_progress(
        magic, learning, difficulty, xp, extremes, MAX_LEVEL - 1
    )
    n = errors.integer("n", n, 0)
    until = errors.probability(until)
    needed = _cost(learning, difficulty) - xp
    gains = tuple((gain, faces) for gain, faces in _gain_counts(magic, learning, extremes) if faces)
    return _curve(gains, needed, until, n)


@functools.lru_cache(maxsize=1024)
def _curve(gains: Pairs, needed: int, until: Fraction, n: int) -> tuple[Fraction, ...]:
    """:func:`level_up_curve` for the faces of each gain and the XP still ``needed``: the
    calculators ask for the same curve from many states (a higher magic past the point where the
    odds stop changing, another difficulty with the same XP short), computed once."""
    ways = [0] * needed  # ways[s]: the faces' sequences that have earned s XP, s short of needed
    ways[0] = 1
    curve = [Fraction(0)]
    total = 1
    while curve[-1] < 1 and (curve[-1] < until or len(curve) <= n):
        after = [0] * needed
        for earned, count in enumerate(ways):
            if count:
                for gain, faces in gains:
                    if earned + gain < needed:
                        after[earned + gain] += count * faces
        ways = after
        total *= DIE_FACES
        curve.append(1 - Fraction(sum(ways), total))
    return tuple(curve)
