"""The request corpus of the bridge, and the standard library files it imports in Pyodide.

``python tests/widgets/stdlib_record.py`` boots the pinned Pyodide in Node with its whole
standard library (``node_modules/pyodide/python_stdlib.zip``), unpacks the engine archive,
imports the bridge, answers the whole corpus (and one unexpected error), and writes the files of
the standard library Python imported into ``widgets/stdlib-modules.json``: the list
``widgets/stdlib.py`` builds the worker's standard library from. Run it after upgrading Pyodide
or when the engine or the bridge imports a new module (``test_widgets_stdlib.py`` says so).
"""

from __future__ import annotations

import itertools
import json
import pathlib
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parents[2]
for _path in (REPO, REPO / "tests" / "widgets"):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from test_widgets_instant import _corpus_requests  # noqa: E402

import rules  # noqa: E402
from widgets import bridge, packaging, stdlib  # noqa: E402

RUNNER = pathlib.Path(__file__).with_name("pyodide_bridge.mjs")
PYODIDE = REPO / "node_modules" / "pyodide"

#: Request texts the bridge must refuse as a whole (not JSON, not an object, unknown calculator).
MALFORMED = [
    "not json",
    "",
    "null",
    "[]",
    '"cast"',
    "42",
    '{"calc": "sort"}',
    "{}",
    '{"calc": null}',
    '{"calc": ["cast"]}',
]

#: A request answered once with ``rules.cast_odds`` raising: the bridge's unexpected error.
FAILING = {"calc": "study", "hours": "2", "p": "1/3"}


def good_requests() -> list[dict]:
    """Valid requests of every calculator: covered by the build's data or not (duels, a roll
    shared by its seed, progressions beyond 0 XP, magic beyond the data's grid)."""
    requests = []
    for magic, learning, modifier, extremes in itertools.product(
        ("0", "3", "13", "40"), ("1", "3", "5"), ("-2", "0", "3"), ("modified", "natural")
    ):
        cast = {
            "calc": "cast",
            "magic": magic,
            "learning": learning,
            "modifier": modifier,
            "extremes": extremes,
        }
        requests.append(cast)
        requests.append({**cast, "calc": "roll", "seed": str(int(magic) * 7 + int(learning))})
    for face in range(1, 13):
        requests.append(
            {
                "calc": "roll",
                "magic": "6",
                "learning": "2",
                "modifier": "0",
                "extremes": "natural",
                "face": str(face),
            }
        )
    elements = ("feu", "eau", "vigne", "neutre")
    for (a_element, b_element), (a_magic, b_magic), extremes in itertools.product(
        itertools.product(elements, repeat=2),
        (("4", "6"), ("0", "34"), ("12", "12")),
        ("modified", "natural"),
    ):
        requests.append(
            {
                "calc": "duel",
                "a_magic": a_magic,
                "a_learning": "3",
                "a_element": a_element,
                "b_magic": b_magic,
                "b_learning": "2",
                "b_element": b_element,
                "extremes": extremes,
            }
        )
    for learning, difficulty, xp, magic in itertools.product(
        ("1", "3", "4"), ("1", "3", "5"), ("0", "40"), ("2", "9", "30")
    ):
        requests.append(
            {
                "calc": "progression",
                "magic": magic,
                "learning": learning,
                "difficulty": difficulty,
                "xp": xp,
                "n": "10",
                "extremes": "natural",
            }
        )
    for hours, chance in itertools.product(("1", "3", "24"), ("3/4", "1/3", "75 %", "100 %")):
        requests.append({"calc": "study", "hours": hours, "p": chance})
    return requests


def corpus() -> list[str]:
    """The texts given to ``bridge.handle_json``: the bad values of every field
    (test_widgets_instant's corpus, rolls whose face the bridge draws included), valid
    requests, whole-request errors."""
    requests = _corpus_requests() + good_requests()
    return [json.dumps(request, ensure_ascii=False) for request in requests] + MALFORMED


def same_answer(expected: str, said: str) -> bool:
    """Whether two answers of the bridge are the same; a roll whose face the bridge drew
    (neither face nor seed given) is the same but for its ``roll``, with a face of the die."""
    if expected == said:
        return True
    a, b = json.loads(expected), json.loads(said)
    if a.get("calc") != "roll" or b.get("calc") != "roll":
        return False
    face = b.get("roll", {}).get("face")
    return (
        {k: v for k, v in a.items() if k != "roll"} == {k: v for k, v in b.items() if k != "roll"}
        and isinstance(face, int)
        and 1 <= face <= rules.DIE_FACES
    )


def run(stdlib_zip: pathlib.Path, texts: list[str]) -> dict:
    """What the bridge, in Pyodide booted with ``stdlib_zip``, answers (pyodide_bridge.mjs)."""
    with tempfile.TemporaryDirectory() as folder:
        engine = pathlib.Path(folder) / "engine.zip"
        engine.write_bytes(packaging.build_engine_archive(REPO))
        requests = pathlib.Path(folder) / "requests.json"
        requests.write_text(
            json.dumps({"texts": texts, "failing": FAILING}, ensure_ascii=False), encoding="utf-8"
        )
        done = subprocess.run(
            ["node", str(RUNNER), str(stdlib_zip), str(engine), str(requests)],
            capture_output=True,
            text=True,
            timeout=600,
        )
    if done.returncode != 0:
        raise RuntimeError(f"Pyodide dans Node a échoué :\n{done.stderr[-4000:]}")
    return json.loads(done.stdout)


def main() -> None:
    version = json.loads((PYODIDE / "package.json").read_text(encoding="utf-8"))["version"]
    texts = corpus()
    said = run(PYODIDE / "python_stdlib.zip", texts)
    if not all(
        same_answer(bridge.handle_json(text), answer)
        for text, answer in zip(texts, said["answers"], strict=True)
    ):
        sys.exit("Pyodide ne donne pas les réponses de CPython : relevé abandonné")
    data = {"pyodide": version, "files": said["files"]}
    stdlib.MODULES_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{len(said['files'])} fichiers → {stdlib.MODULES_FILE}")


if __name__ == "__main__":
    main()
