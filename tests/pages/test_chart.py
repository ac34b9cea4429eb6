"""The spell page's odds chart (generator/pages/chart.py): every plotted point read back from the
SVG and compared with the engine, its text equivalent, its golden file and its weight."""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

import rules
from generator.pages import chart
from tests.golden import GOLDEN, compare
from tests.pages.test_golden import generated

NS = {"s": "http://www.w3.org/2000/svg"}
MAGICS = range(rules.stable_magic() + 1)
LEARNINGS = range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1)


def cast_chance(magic: int, learning: int) -> Fraction:
    odds = rules.cast_odds(magic, learning)
    return sum((odds[o] for o in rules.Outcome if o.is_cast), Fraction(0))


def perfect_chance(magic: int, learning: int) -> Fraction:
    return rules.cast_odds(magic, learning)[rules.Outcome.PERFECT]


def parsed() -> ET.Element:
    return ET.fromstring(str(chart.cast_chart()))


def segments(d: str) -> list[tuple[Fraction, Fraction, Fraction]]:
    """A step path's horizontal segments (x from, x to, y), from its M, H and V commands."""
    found = []
    x = y = None
    for command, args in re.findall(r"([MHV])([^MHV]+)", d):
        numbers = [Fraction(n) for n in args.split()]
        if command == "M":
            x, y = numbers
        elif command == "V":
            (y,) = numbers
        else:
            (to,) = numbers
            found.append((x, to, y))
            x = to
    return found


def drawn_chance(d: str, magic: int) -> Fraction:
    """The chance the path shows at ``magic``: the segment that starts at or spans it."""
    x = chart.LEFT + chart.UNIT * magic
    for start, end, y in segments(d):
        if start <= x < end or (x == end == chart.LEFT + chart.UNIT * MAGICS[-1]):
            return (chart.TOP + chart.HEIGHT - y) / chart.HEIGHT
    raise AssertionError(f"magie {magic} absente du tracé")


def test_every_line_point_is_the_engine_s_chance_of_casting():
    lines = {int(p.get("data-learning")): p for p in parsed().findall("s:path[@data-learning]", NS)}
    assert sorted(lines) == list(LEARNINGS)
    for learning, path in lines.items():
        points = [Fraction(v) for v in path.get("data-points").split()]
        assert points == [cast_chance(m, learning) for m in MAGICS]
        for magic in MAGICS:
            assert drawn_chance(path.get("d"), magic) == cast_chance(magic, learning), (
                learning,
                magic,
            )
        # Beyond the axis nothing changes: the last point holds for any higher magic.
        assert cast_chance(MAGICS[-1] + 7, learning) == points[-1]


def test_every_bar_covers_exactly_the_magic_where_perfect_can_happen():
    bars = parsed().findall("s:rect", NS)
    for learning in LEARNINGS:
        mine = [b for b in bars if int(b.get("data-learning")) == learning]
        covered = {}
        for bar in mine:
            start, stop = int(bar.get("data-from")), int(bar.get("data-to"))
            assert Fraction(bar.get("x")) == chart.LEFT + chart.UNIT * start
            assert Fraction(bar.get("width")) == chart.UNIT * (min(stop + 1, MAGICS[-1]) - start)
            for magic in range(start, stop + 1):
                covered[magic] = Fraction(bar.get("data-chance"))
        assert covered == {
            m: perfect_chance(m, learning) for m in MAGICS if perfect_chance(m, learning)
        }


def test_the_chart_says_its_figures_in_words():
    svg = parsed()
    assert svg.get("role") == "img"
    title = svg.find("s:title", NS).text
    desc = svg.find("s:desc", NS).text
    assert svg.get("aria-labelledby") == "graphique-titre graphique-desc"
    assert "apprentissage" in title and "magie" in title
    for learning in LEARNINGS:
        start = rules.fr.format_percent(cast_chance(0, learning))
        assert f"apprentissage {learning} : {start} à magie 0" in desc
    assert f"Au-delà de magie {MAGICS[-1]}, rien ne change." in desc


def test_the_chart_is_drawn_within_its_box_from_zero():
    svg = parsed()
    width, height = (int(v) for v in svg.get("viewBox").split()[2:])
    assert width <= 328  # the text's width on a 360 px phone
    for path in svg.findall("s:path[@data-learning]", NS):
        for start, end, y in segments(path.get("d")):
            assert 0 <= start <= end <= width and 0 <= y <= chart.TOP + chart.HEIGHT
    ticks = [t.text for t in svg.findall("s:text", NS)]
    assert "0 %" in ticks and "100 %" in ticks  # the axis starts at 0 %
    assert not re.search(r"\bstyle=", str(chart.cast_chart()))  # the CSP allows no inline style


def test_the_chart_weighs_at_most_4_kb_gzip():
    assert len(gzip.compress(str(chart.cast_chart()).encode(), 9)) <= 4096


def test_the_chart_matches_its_golden_file(update_goldens):
    compare(str(chart.cast_chart()) + "\n", GOLDEN / "graphiques" / "lancer.svg", update_goldens)


@pytest.mark.parametrize("slug", ["vol", "invocation-de-monstre"])
def test_two_spells_of_other_difficulties_carry_the_golden_chart(slug, built_docs):
    page = generated(built_docs, f"sorts/{slug}")
    golden = (GOLDEN / "graphiques" / "lancer.svg").read_text(encoding="utf-8")
    assert page.count('<svg class="gr-chart"') == 1
    assert golden.removesuffix("\n") in page


def test_every_spell_page_carries_the_checked_chart(built_docs):
    drawn = str(chart.cast_chart())
    pages = sorted((built_docs / "sorts").glob("*/index.md"))
    assert len(pages) >= 110
    difficulties = set()
    for page in pages:
        text = generated(built_docs, f"sorts/{page.parent.name}")
        assert text.count(drawn) == 1, page.parent.name
        difficulties.add(re.search(r'data-difficulty="(\d)"', text)[1])
    assert len(difficulties) > 1
