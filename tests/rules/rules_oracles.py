"""Brute-force oracles for the rules engine, written from the rules text.

Nothing here imports the engine's internals: each rule is re-derived from
the document and the readings (A1–E4), in the most literal way, so that a
mistake in ``rules/`` is not copied into its own check.
"""

import math
from fractions import Fraction
from itertools import product

CRITICAL, FAILED, FLAWED, SUCCESS, PERFECT = (
    "critical_failure",
    "failure",
    "flawed",
    "success",
    "perfect",
)
XP = {CRITICAL: 1, FAILED: 1, FLAWED: 3, SUCCESS: 3, PERFECT: 5}
COST_BASE = {1: 10, 2: 25, 3: 50, 4: 100}


def roll(face, magic, learning, modifier=0, extremes="modified"):
    """Outcome of one face, as the rules text lists the cases."""
    r = face - magic // 2 + modifier
    one = face if extremes == "natural" else r
    if one == 12:
        return CRITICAL
    if one == 1:
        return FLAWED
    if r > learning * 2:
        return FAILED
    if r == learning * 2:
        return PERFECT
    return SUCCESS


def odds(magic, learning, modifier=0, extremes="modified"):
    """{outcome name: Fraction} by counting the 12 faces."""
    table = {name: Fraction(0) for name in (CRITICAL, FAILED, FLAWED, SUCCESS, PERFECT)}
    for face in range(1, 13):
        table[roll(face, magic, learning, modifier, extremes)] += Fraction(1, 12)
    return table


def is_cast(outcome):
    return outcome not in (CRITICAL, FAILED)


def element_winner(x, y):
    """'a' if x beats y, 'b' if y beats x, None otherwise (the circle of line 41)."""
    circle = ["feu", "vigne", "eau"]  # each burns / draws from / puts out the next
    if x in circle and y in circle and x != y:
        return "a" if circle[(circle.index(x) + 1) % 3] == y else "b"
    return None


def duel_by_faces(a, b, extremes="modified"):
    """(clash, duel) odds for casters (magic, learning, element), by enumerating
    the 12×12 cast faces and the 12×12 duel-test faces."""
    (ma, la, ea), (mb, lb, eb) = a, b
    dom = element_winner(ea, eb)
    mod_a = -1 if dom == "a" else 1 if dom == "b" else 0
    mod_b = -1 if dom == "b" else 1 if dom == "a" else 0
    cast_a = [is_cast(roll(f, ma, la, 0, extremes)) for f in range(1, 13)]
    cast_b = [is_cast(roll(f, mb, lb, 0, extremes)) for f in range(1, 13)]
    test_a = [is_cast(roll(f, ma, la, mod_a, extremes)) for f in range(1, 13)]
    test_b = [is_cast(roll(f, mb, lb, mod_b, extremes)) for f in range(1, 13)]

    clash_counts = {"a": 0, "b": 0, "cancel": 0}
    for ta, tb in product(test_a, test_b):
        if ta and not tb:
            clash_counts["a"] += 1
        elif tb and not ta:
            clash_counts["b"] += 1
        else:
            clash_counts[dom or "cancel"] += 1
    clash = {k: Fraction(v, 144) for k, v in clash_counts.items()}

    duel_counts = {"a": 0, "b": 0, "cancel": 0, "none": 0}
    for ca, cb in product(cast_a, cast_b):
        if not ca and not cb:
            duel_counts["none"] += 144
        elif ca and not cb:
            duel_counts["a"] += 144
        elif cb and not ca:
            duel_counts["b"] += 144
        else:
            for ta, tb in product(test_a, test_b):
                if ta == tb:
                    duel_counts[dom or "cancel"] += 1
                else:
                    duel_counts["a" if ta else "b"] += 1
    duel = {k: Fraction(v, 144 * 144) for k, v in duel_counts.items()}
    return clash, duel


def cost(level, difficulty):
    return COST_BASE[level] * difficulty


def gains(magic, learning, extremes="modified"):
    """{xp gained: Fraction} for one cast."""
    out = {}
    for outcome, chance in odds(magic, learning, 0, extremes).items():
        out[XP[outcome]] = out.get(XP[outcome], 0) + chance
    return out


def forward_progress(magic, learning, difficulty, xp, target, extremes="modified"):
    """Propagate the distribution over (level, xp) cast by cast, forward.

    Returns (expected casts to reach ``target``, [P(reached within n casts)
    for n = 0, 1, ...] until it is 1). Expected = Σ_n P(not reached after n).
    """
    dist = {(learning, xp): Fraction(1)}
    expected = Fraction(0)
    within = []
    while True:
        alive = sum(dist.values(), Fraction(0))
        within.append(1 - alive)
        if alive == 0:
            return expected, within
        expected += alive
        new = {}
        for (level, have), chance in dist.items():
            for gain, g_chance in gains(magic, level, extremes).items():
                lvl, total = level, have + gain
                while lvl < 5 and total >= cost(lvl, difficulty):
                    total -= cost(lvl, difficulty)
                    lvl += 1
                if lvl >= target:
                    continue
                key = (lvl, total)
                new[key] = new.get(key, 0) + chance * g_chance
        dist = new


def linear_solve_expected(magic, learning, difficulty, target, extremes="modified"):
    """Expected casts from every (level, xp) below ``target`` by Gauss–Jordan
    elimination of E = 1 + P·E on Fractions (small cases only)."""
    states = [(lvl, x) for lvl in range(learning, target) for x in range(cost(lvl, difficulty))]
    index = {s: i for i, s in enumerate(states)}
    size = len(states)
    rows = []
    for lvl, x in states:
        row = [Fraction(0)] * (size + 1)
        row[index[(lvl, x)]] += 1
        row[size] = Fraction(1)
        for gain, chance in gains(magic, lvl, extremes).items():
            nl, nx = lvl, x + gain
            if nx >= cost(nl, difficulty):
                nx -= cost(nl, difficulty)
                nl += 1
            if nl < target:
                row[index[(nl, nx)]] -= chance
        rows.append(row)
    for col in range(size):
        pivot = next(r for r in range(col, size) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [v / lead for v in rows[col]]
        for r in range(size):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [v - factor * w for v, w in zip(rows[r], rows[col], strict=True)]
    return {s: rows[index[s]][size] for s in states}


def study_labels(hours):
    """The hour of each test of a session, in order (reading D3)."""
    labels = [1, 1]  # comprehension, then resolution
    for hour in range(2, hours + 1):
        labels += [hour] * hour
    return labels


def study_session_xp(hours, results):
    """XP of a session whose tests gave ``results`` (True = passed), stopping at
    the first failure."""
    totals = {0: 0, 1: 5, 2: 12, 3: 25, 4: 55, 5: 125, 6: 300}
    for hour, passed in zip(study_labels(hours), results, strict=False):
        if not passed:
            return math.ceil(Fraction(totals[hour - 1], 2))
    return totals[hours]


def study_by_sequences(hours, p):
    """{xp: Fraction} over every pass/fail sequence of all the session's tests
    (tests after a failure are rolled but ignored)."""
    labels = study_labels(hours)
    out = {}
    for results in product((True, False), repeat=len(labels)):
        chance = Fraction(1)
        for passed in results:
            chance *= p if passed else 1 - p
        xp = study_session_xp(hours, results)
        out[xp] = out.get(xp, 0) + chance
    return out


def study_by_tree(hours, p):
    """{xp: Fraction} by walking the tests one by one until the first failure."""
    labels = study_labels(hours)
    out = {}

    def walk(done, chance):
        if done == len(labels):
            xp = study_session_xp(hours, [True] * done)
            out[xp] = out.get(xp, 0) + chance
            return
        fail_xp = study_session_xp(hours, [True] * done + [False])
        out[fail_xp] = out.get(fail_xp, 0) + chance * (1 - p)
        walk(done + 1, chance * p)

    walk(0, Fraction(1))
    return out
