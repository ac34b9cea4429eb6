"""widgets/instant and assets/shared/instant.js: the shipped answers and messages are the
engine's.

Every entry of every document is checked, not a sample: the page's own lookup (instant.js, run
by Node) answers every request of the grid, rolls included, and each answer must equal what
widgets/bridge -- the function the engine's worker calls -- returns for the same request. A
corpus of bad values per field checks that the page refuses them, without the engine, with the
engine's own words.
"""

from __future__ import annotations

import gzip
import itertools
import json
import pathlib
import re
import subprocess

import pytest

import rules
from widgets import bridge, instant

REPO = pathlib.Path(__file__).resolve().parents[2]
LOOKUP = REPO / "tests" / "js" / "lookup_all.mjs"
KEYS = ["cast", *(f"progression-{d}" for d in range(1, 6)), "study"]


@pytest.fixture(scope="module")
def documents():
    return instant.build()


def page(tmp_path, documents, document, requests):
    """What instant.js (in Node) says of ``requests``: [{errors, answer}]."""
    fields_file, doc_file = tmp_path / "fields.json", tmp_path / "doc.json"
    requests_file = tmp_path / "requests.json"
    fields_file.write_bytes(instant.encode(documents["fields"]))
    if document is not None:
        doc_file.write_bytes(instant.encode(document))
    requests_file.write_text(json.dumps(requests, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run(
        [
            "node",
            str(LOOKUP),
            str(fields_file),
            str(doc_file) if document is not None else "-",
            str(requests_file),
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return json.loads(done.stdout)


def test_documents_cover_every_calculator(documents):
    assert sorted(documents) == sorted(
        [*KEYS, "duel", "fields"]
    )  # the duel: test_widgets_instant_duel


@pytest.mark.parametrize("key", KEYS)
def test_every_entry_equals_the_engine(documents, key, tmp_path):
    document = documents[key]
    pairs = list(instant.expand(document))
    requests = [request for request, _ in pairs]
    said = page(tmp_path, documents, document, requests)
    assert len(said) == len(requests)
    for (request, expected), out in zip(pairs, said, strict=False):
        engine = bridge.handle(request)
        assert expected == engine, request  # the Python reading of the document
        assert out == {"errors": [], "answer": engine}, request
    if key == "cast":
        assert sum(r["calc"] == "roll" for r in requests) == 12 * sum(
            r["calc"] == "cast" for r in requests
        )
        # Cast 6, apprentissage 5: « Parfait » is 0, and the page says why in the engine's words.
        answer = next(
            a
            for r, a in pairs
            if r
            == {
                "calc": "cast",
                "magic": "6",
                "learning": "5",
                "modifier": "0",
                "extremes": "modified",
            }
        )
        assert rules.impossible_reason("perfect", 6, 5) in answer["impossible"]


def test_magic_beyond_the_grid_is_folded_as_the_engine_says(documents, tmp_path):
    document = documents["cast"]
    top = dict(document["axes"])["magic"][-1]
    requests = [
        {
            "calc": "cast",
            "magic": str(magic),
            "learning": str(learning),
            "modifier": str(modifier),
            "extremes": extremes,
        }
        for magic in (top + 1, 2**53 - 1)
        for learning in (1, 5)
        for modifier in (-5, 5)
        for extremes in ("modified", "natural")
    ]
    # A cast names R's range in its impossible outcomes, a roll shows R, and R keeps falling
    # with magic: both are the engine's beyond the grid.
    rolls = [{**request, "calc": "roll", "face": "3"} for request in requests[:2]]
    said = page(tmp_path, documents, document, requests + rolls)
    assert [out["answer"] for out in said] == [None] * len(said)
    assert all(bridge.handle(request)["impossible"] for request in requests)
    progression = {
        "calc": "progression",
        "magic": str(top + 5),
        "learning": "2",
        "difficulty": "3",
        "xp": "0",
        "n": "10",
        "extremes": "natural",
    }
    out = page(tmp_path, documents, documents["progression-3"], [progression])[0]
    assert out["answer"] == bridge.handle(progression)


def test_requests_outside_the_documents_go_to_the_engine(documents, tmp_path):
    outside = [
        {"calc": "cast", "magic": "4", "learning": "1", "modifier": "6", "extremes": "modified"},
        {"calc": "cast", "magic": "4.0", "learning": "1", "modifier": "0", "extremes": "modified"},
        {
            "calc": "cast",
            "magic": "1" * 30,
            "learning": "1",
            "modifier": "0",
            "extremes": "modified",
        },
        {
            "calc": "roll",
            "magic": "4",
            "learning": "1",
            "modifier": "0",
            "extremes": "modified",
            "seed": "7",
        },
        {"calc": "roll", "magic": "4", "learning": "1", "modifier": "0", "extremes": "modified"},
        {"calc": "duel", "a_magic": "4"},
    ]
    said = page(tmp_path, documents, documents["cast"], outside)
    assert [out["answer"] for out in said] == [None] * len(outside)
    assert said[3]["errors"] is None  # a roll shared by its seed: the engine's to judge
    study = [
        {"calc": "study", "hours": "3", "p": " 3/4"},
        {"calc": "study", "hours": "3", "p": "0,5"},
    ]
    said = page(tmp_path, documents, documents["study"], study)
    assert said == [{"errors": [], "answer": None}] * 2


def test_field_text_is_read_as_the_bridge_reads_it(documents, tmp_path):
    """Spaces, signs and leading zeros: the same normalisation, so the same answer."""
    variants = [
        {
            "calc": "cast",
            "magic": " 4 ",
            "learning": "\u00a02",
            "modifier": "\u22123",
            "extremes": "natural",
        },
        {
            "calc": "cast",
            "magic": "004",
            "learning": "+2",
            "modifier": "-0",
            "extremes": "modified",
        },
        {
            "calc": "roll",
            "magic": "4",
            "learning": "2",
            "modifier": "0",
            "extremes": "modified",
            "face": " 12",
        },
    ]
    for out, request in zip(
        page(tmp_path, documents, documents["cast"], variants), variants, strict=False
    ):
        assert out["answer"] is not None and out["answer"] == bridge.handle(request), request


# Bad values, tried in every field of every calculator (and good ones, which must pass).
CORPUS = [
    "",
    " ",
    "\u3000",
    "abc",
    "7",
    "-1",
    "\u22121",
    "0",
    "1",
    "5",
    "6",
    "13",
    "1.5",
    "2,5",
    "1e3",
    "\u0663",
    "\u0663/\u0664",
    "\uff13",
    "\u0665\u0660 %",
    "3/4",
    "3 / 4",
    "0/0",
    "4/3",
    "75 %",
    "75%",
    "100 %",
    "101 %",
    "0,75",
    ".5",
    "5.",
    ",",
    "%",
    "1/" + "9" * 29,
    "1/" + "9" * 31,
    "9" * 30,
    "-" + "9" * 30,
    "9" * 31,
    "x" * 50,
    "feu",
    "neutre",
    "Feu",
    "natural",
    "modified",
    " feu",
    "+",
    "--1",
    "+-1",
    "\u2212\u22121",
    "1\u00a0",
    "\ufeff1",
    "\u00851",
    "1\u200b",
    "é" * 45,
    "10 000",
    "24",
    "25",
    "499",
    "500",
    "\x00",
]


def _corpus_requests():
    fields = bridge.reading()["calcs"]
    requests = []
    for calc, entries in fields.items():
        valid = {"calc": calc, **{e["field"]: str(e["stand_in"]) for e in entries}}
        if calc == "roll":
            valid["face"] = "4"
        for entry in entries:
            for value in CORPUS:
                requests.append({**valid, entry["field"]: value})
        # A field not sent takes the bridge's value for it.
        for entry in entries:
            requests.append({k: v for k, v in valid.items() if k != entry["field"]})
        # Several bad fields at once, and the XP bound that follows learning and difficulty.
        names = [e["field"] for e in entries]
        for a, b in itertools.combinations(names, 2):
            requests.append({**valid, a: "abc", b: "-7"})
        if calc == "progression":
            for learning, difficulty, xp in itertools.product(
                ["1", "4", "5", "x", "9"],
                ["1", "5", "0", "z"],
                ["0", "9", "10", "49", "50", "499", "x", "-1"],
            ):
                requests.append({**valid, "learning": learning, "difficulty": difficulty, "xp": xp})
    return requests


def test_bad_values_are_refused_in_the_engine_words_without_it(documents, tmp_path):
    requests = _corpus_requests()
    said = page(tmp_path, documents, None, requests)
    refused = 0
    for request, out in zip(requests, said, strict=False):
        engine = bridge.handle(request)
        expected = sorted((e["field"], e["message"]) for e in engine.get("errors", []))
        assert out["errors"] is not None, request
        assert sorted((e["field"], e["message"]) for e in out["errors"]) == expected, request
        refused += bool(expected)
    assert refused > len(requests) // 2  # the corpus is mostly bad values
    # The study chance takes ASCII digits only, as every other field.
    arabic = {"calc": "study", "hours": "2", "p": "\u0663/\u0664"}
    assert not bridge.handle(arabic)["ok"]


def test_data_files_are_small_and_content_hashed(documents, tmp_path):
    names = instant.install(
        tmp_path, {key: instant.encode(document) for key, document in documents.items()}
    )
    assert sorted(names) == sorted(documents)
    for key, name in names.items():
        payload = (tmp_path / name).read_bytes()
        assert name.startswith(f"instant-{key}-") and name.endswith(".json")
        # The cast's holds the engine's sentence on every impossible outcome of its grid.
        assert len(gzip.compress(payload, 9)) < (
            12_500 if key == "cast" else 15_000 if key == "duel" else 8_000
        ), name
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(names.values())


def test_the_page_reads_the_format_written():
    script = (REPO / "widgets" / "shared" / "instant.js").read_text(encoding="utf-8")
    assert f"export const FORMAT = {instant.FORMAT};" in script


def test_nothing_private_of_the_bridge_is_read():
    modules = sorted((REPO / "widgets" / "instant").glob("*.py"))
    assert len(modules) > 1
    for module in modules:
        source = module.read_text(encoding="utf-8")
        assert not re.search(r"bridge\._[A-Za-z]", source) and "sys.path" not in source, module
