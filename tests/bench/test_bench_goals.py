"""bench/bench_lighthouse.py says each goal of the processor's work and whether it is met."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _bench():
    spec = importlib.util.spec_from_file_location(
        "bench_lighthouse", ROOT / "bench" / "bench_lighthouse.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _runs(*performance, dom=100, style=100, tbt=100):
    return [{"performance": p, "dom": dom, "style": style, "tbt": tbt} for p in performance]


def test_every_goal_is_said_and_judged_from_the_figures():
    bench = _bench()
    plain = "mkdocs-material seul"
    results = {
        ("accueil", "Grimoire"): _runs(96, 97, 95, style=190, tbt=140),
        ("accueil", plain): _runs(98, 97, 99),
        ("index des sorts", "Grimoire"): _runs(85, 86, 91),  # below plain − 2 and below 90
        ("index des sorts", plain): _runs(87, 88, 89),
        ("un sort", "Grimoire"): _runs(96, 95, 89, dom=668, style=650, tbt=160),  # one run < 90
        ("un sort", plain): _runs(97, 97, 97),
        ("calculateurs", "Grimoire"): _runs(90, 91, 92),
    }
    said = dict(bench.goals(results))
    judged = {
        text.split(" : ", 1)[0] + " / " + text.split(" : ", 1)[1].split(" ", 1)[0]: met
        for text, met in said.items()
    }
    assert judged == {
        "accueil / performance": True,
        "index des sorts / performance": False,
        "un sort / performance": False,
        "calculateurs / performance": True,
        "un sort / style": False,  # 6.5×
        "accueil / style": True,  # 1.9×
        "accueil / temps": True,  # 1.4×
        "index des sorts / temps": True,
        "un sort / temps": False,  # 1.6×
        "un sort / au": False,  # 668 elements
    }
    assert any("(6.50×)" in text for text in said)


def test_a_goal_without_the_plain_site_is_not_measured():
    bench = _bench()
    said = bench.goals({("un sort", "Grimoire"): _runs(95, dom=250)})
    assert [met for _, met in said].count(None) == len(said) - 1
    assert said[-1][1] is True  # the elements need no plain page
