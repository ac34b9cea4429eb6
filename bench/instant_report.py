"""How bench_instant.py prints its rounds: the medians beside their goals."""

from __future__ import annotations

import statistics

ANSWER_GOAL_MS = 200
ENGINE_GOAL_RATIO = 0.8
RUN_GOAL_RATIO = 1.15
FREEZE_GOAL_MS = 100


def kb(n):
    return f"{n / 1000:,.1f} kB".replace(",", " ")


def report(rounds, visits, reader_step_ms):
    """Print the medians of the rounds beside their goals."""

    def med(*keys):
        values = []
        for figures in rounds:
            value = figures
            for key in keys:
                value = value[key]
            values.append(value)
        return statistics.median(values)

    def freeze(keys):
        return f"longest main-thread task {med(*keys, 'task'):.0f} ms, frame gap {med(*keys, 'gap'):.0f} ms"

    def line(label, keys, goal):
        print(f"{label}: {med(*keys, 'ms'):.0f} ms ({freeze(keys)})  {goal}")

    line(
        "a tap as the calculator scrolls in → figures (duel)",
        ("approach",),
        f"goal ≤ {ANSWER_GOAL_MS} ms",
    )
    print(
        f"  a screen scrolled every {reader_step_ms} ms, {med('approach', 'steps'):.0f} steps; "
        f"the page's start → the tap: {med('approach', 't0'):.0f} ms"
    )
    line(
        "a tap right after a jump to the calculator → figures (duel; nothing fetched before)",
        ("duel", "scrolled"),
        "no goal: one round trip at least",
    )
    print(
        f"  the page's start → the tap: {med('duel', 'scrolled', 't0'):.0f} ms; → those figures: "
        f"{med('duel', 'scrolled', 't1'):.0f} ms"
    )
    line("duel tap → figures", ("duel", "tap"), f"goal ≤ {ANSWER_GOAL_MS} ms")
    line(
        "an invalid value → its message (apprentissage 7)",
        ("duel", "invalid"),
        f"goal ≤ {ANSWER_GOAL_MS} ms",
    )
    print(
        f"  engine meanwhile: {rounds[-1]['duel']['engine']}; "
        f"message: « {rounds[-1]['duel']['invalid']['text']} »"
    )
    print(f"  bytes fetched (page, scripts, data; gzip): {kb(med('duel', 'bytes'))}")
    for visit in visits:
        _report_visit(med, freeze, visit)
    _report_freezes(rounds, visits)


def _report_visit(med, freeze, visit):
    """The engine's figures of one visit beside the bare boot's."""
    bare_keys, engine_keys = ("bare_scenario", visit), ("progression_scenario", visit)
    bare, progression = med(*bare_keys, "ms"), med(*engine_keys, "ms")
    print(
        f"bare Pyodide boot (full standard library), {visit} visit: {bare:.0f} ms "
        f"({freeze(bare_keys)}); bytes fetched {kb(med(*bare_keys, 'bytes'))}"
    )
    goal = f"  goal ≤ {ENGINE_GOAL_RATIO}" if visit == "first" else ""
    print(
        f"progression at 40 XP → figures, {visit} visit: {progression:.0f} ms "
        f"({freeze(engine_keys)}); bytes fetched {kb(med(*engine_keys, 'bytes'))}; "
        f"ratio to the bare boot {progression / bare:.2f}{goal}"
    )
    # The worker's timings (ms from its start) are the steadiest figures on a busy machine.
    run, booted = med(*engine_keys, "run", "ms"), med(*engine_keys, "worker", "pyodide")
    print(
        f"  the engine's whole run, from its start: {run:.0f} ms, ratio to the bare boot "
        f"{run / bare:.2f}  goal ≤ {RUN_GOAL_RATIO}; Pyodide booted at {booted:.0f} ms in its "
        f"worker; engine archive + import {med(*engine_keys, 'worker', 'engine'):.0f} ms; "
        f"everything not Pyodide's boot {run - booted:.0f} ms (ratio to its own boot {run / booted:.2f})"
    )


def _report_freezes(rounds, visits):
    worst = {
        "bare": [figures["bare_scenario"][visit] for figures in rounds for visit in visits],
        "engine": [
            figures["progression_scenario"][visit]["run"] for figures in rounds for visit in visits
        ],
    }
    print(
        f"longest main-thread freeze while Pyodide boots, of every round and visit (goal < {FREEZE_GOAL_MS} ms): "
        + "; ".join(
            f"{name} long task {max(f['task'] for f in found):.0f} ms, "
            f"frame gap {max(f['gap'] for f in found):.0f} ms"
            for name, found in worst.items()
        )
    )
