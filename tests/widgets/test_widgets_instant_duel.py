"""The duel from the build's data: the page's own look-up (instant.js, run by Node) puts the
answer together from the duel's parts, and it must equal what widgets/bridge returns.

The duel takes 980,000 inputs (magic up to the fold on each side, learning, elements, reading);
the bridge answers about 500 a second, so the comparison covers every input through its parts:
every caster (each magic of the grid and beyond the fold, each learning and reading) on each
side under every relation of elements, and every pair of caster states met in a reading with
every pair of elements (its casters drawn among the state's members), against the bridge.
"""

from __future__ import annotations

import gzip
import itertools
import json
import random
import subprocess

import pytest

import rules
from widgets import bridge, instant

from .test_widgets_instant import LOOKUP

# The data file, gzip-compressed, fetched at the first duel a reader asks.
MAX_GZIP_BYTES = 15_000


@pytest.fixture(scope="module")
def duel():
    return instant.duel_document()


@pytest.fixture(scope="module")
def fields():
    return bridge.reading()


def page(tmp_path, fields, document, requests):
    """What instant.js (in Node) answers to ``requests`` from ``document``: [{errors, answer}]."""
    files = {name: tmp_path / f"{name}.json" for name in ("fields", "doc", "requests")}
    files["fields"].write_bytes(instant.encode(fields))
    files["doc"].write_bytes(instant.encode(document))
    files["requests"].write_text(json.dumps(requests, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run(
        ["node", str(LOOKUP), *(str(files[n]) for n in ("fields", "doc", "requests"))],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return json.loads(done.stdout)


def request(a, b, pair, extremes):
    """The duel of caster ``a`` = (magic, learning) against ``b``, elements ``pair``."""
    return {
        "calc": "duel",
        "a_magic": str(a[0]),
        "a_learning": str(a[1]),
        "a_element": pair[0],
        "b_magic": str(b[0]),
        "b_learning": str(b[1]),
        "b_element": pair[1],
        "extremes": extremes,
    }


def same_as_the_engine(tmp_path, fields, duel, requests):
    said = page(tmp_path, fields, duel, requests)
    assert len(said) == len(requests)
    for asked, out in zip(requests, said, strict=True):
        assert out == {"errors": [], "answer": bridge.handle(asked)}, asked


def members(duel):
    """{(reading, state): [casters (magic, learning)]} from the document's casters."""
    axes = dict(duel["axes"])
    grid = itertools.product(axes["extremes"], axes["a_learning"], axes["a_magic"])
    found = {}
    for (extremes, learning, magic), state in zip(
        grid, duel["parts"]["casters"]["index"], strict=True
    ):
        found.setdefault((extremes, state), []).append((magic, learning))
    return found


PAIRS = list(itertools.product(rules.ELEMENTS, repeat=2))


def test_every_pair_of_states_with_every_pair_of_elements(duel, fields, tmp_path):
    draw = random.Random(17)
    groups = members(duel)
    asked = []
    for (extremes, _), casters_a in groups.items():
        for (other, _), casters_b in groups.items():
            if other == extremes:
                asked += [
                    request(draw.choice(casters_a), draw.choice(casters_b), pair, extremes)
                    for pair in PAIRS
                ]
    assert len(asked) == 16 * sum(
        sum(1 for (e, _) in groups if e == extremes) ** 2 for extremes in rules.EXTREMES
    )
    same_as_the_engine(tmp_path, fields, duel, asked)


def test_every_caster_on_each_side_under_every_relation(duel, fields, tmp_path):
    """Each magic of the grid and beyond the fold (where the engine says nothing changes), each
    learning and reading, as A and as B, under each relation of elements."""
    axes = dict(duel["axes"])
    fold = duel["fold"]["a_magic"]
    assert fold == rules.stable_magic(max(max(rules.test_modifiers(*pair)) for pair in PAIRS))
    assert axes["a_magic"] == axes["b_magic"] == list(range(fold + 1))
    relations = {}
    for pair in PAIRS:
        relations.setdefault((rules.dominance(*pair), rules.test_modifiers(*pair)), pair)
    assert len(relations) == 3
    draw = random.Random(5)
    asked = []
    for extremes, learning, magic in itertools.product(
        rules.EXTREMES,
        range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1),
        [*range(fold + 4), 10**6, 2**53 - 1],
    ):
        for pair in relations.values():
            other = (draw.randrange(fold + 1), draw.randint(rules.MIN_LEARNING, rules.MAX_LEARNING))
            asked.append(request((magic, learning), other, pair, extremes))
            asked.append(request(other, (magic, learning), pair, extremes))
    same_as_the_engine(tmp_path, fields, duel, asked)


def test_field_text_is_read_as_the_bridge_reads_it(duel, fields, tmp_path):
    asked = [
        {
            **request((4, 3), (6, 2), ("feu", "eau"), "modified"),
            "a_magic": " 4 ",
            "b_learning": "+2",
        },
        {
            **request((4, 3), (6, 2), ("neutre", "vigne"), "natural"),
            "a_magic": "004",
            "b_magic": "\u00a06",
        },
        {**request((0, 1), (0, 5), ("eau", "eau"), "modified"), "a_magic": "-0", "b_magic": "+0"},
        {**request((0, 1), (99, 5), ("vigne", "feu"), "natural"), "b_magic": " 99999 "},
    ]
    same_as_the_engine(tmp_path, fields, duel, asked)


def test_what_the_data_does_not_hold_goes_to_the_engine(duel, fields, tmp_path):
    base = request((4, 3), (6, 2), ("feu", "eau"), "modified")
    outside = [
        {**base, "a_magic": "4.0"},
        {**base, "b_magic": "1" * 30},  # beyond the integers the page holds exactly
        {k: v for k, v in base.items() if k != "b_element"},
        {**base, "calc": "roll"},
        {**base, "calc": "cast"},
    ]
    said = page(tmp_path, fields, duel, outside)
    assert [out["answer"] for out in said] == [None] * len(outside)
    assert instant.assemble(duel, base) == bridge.handle(base)  # the Python reading agrees


def test_the_duel_data_is_small(duel):
    payload = instant.encode(duel)
    assert len(gzip.compress(payload, 9)) <= MAX_GZIP_BYTES
    # The parts, not the answers: far fewer probabilities than inputs.
    assert len(duel["parts"]["probs"]) < 1000 and "answers" not in duel
