"""widgets/instant.py and assets/widgets/instant.js: the shipped answers are the engine's.

Every entry of every table is checked, not a sample: the page's own lookup
(instant.js, run by Node) answers every request of the grid, and each answer
must equal what widgets/bridge.py -- the function the engine's worker calls --
returns for the same request.
"""

from __future__ import annotations

import gzip
import json
import pathlib
import random
import subprocess

import pytest

from widgets import bridge, instant

REPO = pathlib.Path(__file__).resolve().parents[2]
LOOKUP = REPO / "tests" / "js" / "lookup_all.mjs"


@pytest.fixture(scope="module")
def documents():
    return instant.build()


def page_lookup(tmp_path, document, requests, *options):
    """The answers of instant.js (in Node) to ``requests``, from ``document``."""
    doc_file, requests_file = tmp_path / "doc.json", tmp_path / "requests.json"
    doc_file.write_bytes(instant.encode(document))
    requests_file.write_text(json.dumps(requests, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run(
        ["node", str(LOOKUP), str(doc_file), str(requests_file), *options],
        capture_output=True, text=True, check=True, timeout=300,
    )
    return json.loads(done.stdout)


def grid(document, calc):
    table = document["tables"][calc]
    return list(instant.requests(table["axes"], calc))


def test_documents_cover_every_table():
    names = instant.build()
    assert sorted(names) == ["cast", *(f"progression-{d}" for d in range(1, 6)), "study"]


@pytest.mark.parametrize("key", ["cast", *(f"progression-{d}" for d in range(1, 6)), "study"])
def test_every_entry_equals_the_engine(documents, key, tmp_path):
    calc = key.split("-")[0]
    document = documents[key]
    requests = grid(document, calc)
    answers = page_lookup(tmp_path, document, requests)
    assert len(answers) == len(requests)
    for request, answer in zip(requests, answers):
        assert answer == bridge.handle(request), request
    # The Python reading of the tables agrees too (it is what the docs describe).
    for request, answer in instant.expand(document, calc):
        assert answer == bridge.handle(request), request


def test_rolls_replay_as_the_engine_does(documents, tmp_path):
    """A seeded roll answered in the page is the engine's roll: same face, same result."""
    document = documents["cast"]
    rng = random.Random(11)
    casts = grid(document, "cast")
    seeds = [0, 1, 2, 3, 999_999, 2**32 - 1] + [rng.randrange(1, 1_000_000) for _ in range(400)]
    requests = [dict(rng.choice(casts), calc="roll", seed=str(seed)) for seed in seeds]
    # Every cast of the grid at least once, with a random seed.
    requests += [dict(cast, calc="roll", seed=str(rng.randrange(1, 1_000_000))) for cast in casts]
    answers = page_lookup(tmp_path, document, requests)
    for request, answer in zip(requests, answers):
        assert answer == bridge.handle(request), request


def test_a_roll_needs_the_random_generator(documents, tmp_path):
    """Without pyrandom.js (fetched by the page at its first roll) a roll goes to the engine;
    the casts are answered all the same."""
    document = documents["cast"]
    cast = grid(document, "cast")[0]
    requests = [dict(cast, calc="roll", seed="7"), cast]
    assert page_lookup(tmp_path, document, requests) == [bridge.handle(r) for r in requests]
    assert page_lookup(tmp_path, document, requests, "no-random") == [None, bridge.handle(cast)]


def test_requests_outside_the_tables_go_to_the_engine(documents, tmp_path):
    outside = [
        {"calc": "cast", "magic": "1000", "learning": "1", "modifier": "0", "extremes": "modified"},
        {"calc": "cast", "magic": "4", "learning": "6", "modifier": "0", "extremes": "modified"},
        {"calc": "cast", "magic": "4", "learning": "1", "modifier": "x", "extremes": "modified"},
        {"calc": "cast", "magic": "4", "learning": "1", "modifier": "0", "extremes": "1"},
        {"calc": "cast", "magic": "", "learning": "1"},
        {"calc": "cast", "magic": "4.0", "learning": "1"},
        {"calc": "cast", "magic": True, "learning": "1"},
        {"calc": "cast", "magic": "0" * 300 + "4", "learning": "1"},
        {"calc": "roll", "magic": "4", "learning": "1", "seed": "-1"},
        {"calc": "roll", "magic": "4", "learning": "1", "seed": str(2**32)},
        {"calc": "roll", "magic": "4", "learning": "1", "seed": "abc"},
        {"calc": "duel", "a_magic": "4"},
    ]
    assert page_lookup(tmp_path, documents["cast"], outside) == [None] * len(outside)
    study = [{"calc": "study", "hours": "3", "p": " 3/4"}, {"calc": "study", "hours": "7", "p": "3/4"},
             {"calc": "study", "hours": "3", "p": "1/" + "9" * 5000}]
    assert page_lookup(tmp_path, documents["study"], study) == [None] * len(study)


def test_field_text_is_read_as_the_bridge_reads_it(documents, tmp_path):
    """Spaces, signs and leading zeros: the same normalisation, so the same answer."""
    variants = [
        {"calc": "cast", "magic": " 4 ", "learning": "\u00a02", "modifier": "\u22123", "extremes": "natural"},
        {"calc": "cast", "magic": "004", "learning": "+2", "modifier": "-0", "extremes": "modified"},
        {"calc": "cast", "magic": "4", "learning": "2"},  # absent fields take the bridge's defaults
        {"calc": "progression", "magic": "6", "learning": "3", "difficulty": "2", "xp": " 0", "n": "10"},
    ]
    cast = page_lookup(tmp_path, documents["cast"], variants[:3])
    progression = page_lookup(tmp_path, documents["progression-2"], variants[3:])
    for request, answer in zip(variants, cast + progression):
        assert answer is not None and answer == bridge.handle(request), request


def test_data_files_are_small_and_content_hashed(documents, tmp_path):
    names = instant.install(tmp_path)
    assert sorted(names) == sorted(documents)
    for key, name in names.items():
        payload = (tmp_path / name).read_bytes()
        assert name.startswith(f"instant-{key}-") and name.endswith(".json")
        assert len(gzip.compress(payload, 9)) < 8_000, name
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names.values())


def test_unchanged_engine_reuses_the_kept_data(tmp_path, monkeypatch):
    """A later build with the same engine sources reads the kept files instead of recomputing;
    a damaged cache file is recomputed, never trusted."""
    cache = tmp_path / "cache"
    names = instant.install(tmp_path / "first", cache)
    kept = list(cache.glob("instant-*.json"))
    assert len(kept) == 1
    expected = {key: (tmp_path / "first" / name).read_bytes() for key, name in names.items()}

    def no_compute():
        raise AssertionError("recomputed despite the kept data")

    reading = instant.configuration(names)["integer"]
    monkeypatch.setattr(instant, "_CACHE", {})  # a new process
    monkeypatch.setattr(instant, "_READING", {})
    monkeypatch.setattr(instant, "build", no_compute)
    monkeypatch.setattr(instant, "_probe_integer_reading", no_compute)
    again = instant.install(tmp_path / "second", cache)
    assert {key: (tmp_path / "second" / name).read_bytes() for key, name in again.items()} == expected
    assert instant.configuration(again)["integer"] == reading  # kept with the data, not probed

    kept[0].write_text("{", encoding="utf-8")
    monkeypatch.setattr(instant, "_CACHE", {})
    with pytest.raises(AssertionError, match="recomputed"):
        instant.install(tmp_path / "third", cache)


def test_the_page_reads_the_format_written():
    script = (REPO / "widgets" / "static" / "instant.js").read_text(encoding="utf-8")
    assert f"export const FORMAT = {instant.FORMAT};" in script


def test_covered_inputs(documents):
    cast = dict(documents["cast"]["tables"]["cast"]["axes"])
    assert cast["learning"] == [1, 2, 3, 4, 5] and cast["modifier"] == list(range(-5, 6))
    assert cast["extremes"] == ["modified", "natural"]
    # Magic goes as far as the odds change: one more step changes nothing.
    top = cast["magic"][-1]
    for learning in (1, 5):
        for modifier in (-5, 5):
            for extremes in ("modified", "natural"):
                answers = [
                    bridge.handle({"calc": "cast", "magic": str(m), "learning": str(learning),
                                   "modifier": str(modifier), "extremes": extremes})
                    for m in (top, top + 1, top + 7)
                ]
                assert answers[0]["outcomes"] == answers[1]["outcomes"] == answers[2]["outcomes"]
