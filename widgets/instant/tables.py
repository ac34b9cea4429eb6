"""The documents of the cast (with its rolls and its impossible outcomes), the progression and
the study: every answer of a grid of requests, each distinct answer once, and an index."""

from __future__ import annotations

import functools
from typing import Any

import rules
from widgets import bridge

from .shared import EXTREMES, FORMAT, INPUTS, LEARNING, Unique, ask, requests, strip

__all__ = [
    "PROGRESSION_CASTS",
    "SPLIT",
    "STUDY_DENOMINATOR",
    "fields_reading",
    "tables",
]

#: Numbers of casts covered by the progression table (the pages' default).
PROGRESSION_CASTS = (10,)

#: Tables written as one file per value of a field: a spell page fetches only the
#: progression of its spell's difficulty.
SPLIT = {"progression": "difficulty"}

#: Largest denominator of the study chances covered ("a/b", 0 <= a <= b).
STUDY_DENOMINATOR = 6

_MODIFIERS = range(-5, 6)
_DIFFICULTIES = range(rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY + 1)
_HOURS = tuple(rules.STUDY_XP)

#: Fields whose larger values are answered as the largest stored (the engine's
#: :func:`rules.stable_magic`: nothing but R changes beyond). A cast, whose impossible outcomes
#: are explained with R's range, and its rolls, which show R, are not folded.
_FOLD = {"progression": ("magic",)}

Axes = list[list[Any]]
Document = dict[str, Any]


@functools.cache
def fields_reading() -> dict[str, Any]:
    """:func:`widgets.bridge.reading`, asked once per build."""
    return bridge.reading()


def tables() -> dict[str, Document]:
    """The cast's document (with its rolls and impossible outcomes), the progression's (one per
    value of the field :data:`SPLIT` names: ``progression-3``, difficulty 3) and the study's."""
    axes = _axes()
    memo: dict[Any, dict[str, Any]] = {}  # the stripped answers, by bridge.answer_key
    documents = {}
    for calc in ("cast", "progression", "study"):
        for key, part_axes in _split(calc, axes[calc]):
            documents[key] = _table(calc, part_axes, memo)
    documents["cast"]["rolls"] = _rolls(axes["cast"])
    documents["cast"]["impossible"] = _impossible(axes["cast"])
    return documents


def _split(calc: str, axes: Axes) -> list[tuple[str, Axes]]:
    """``(key, axes)`` of each document of ``calc``: one, or one per value of its split field."""
    split = SPLIT.get(calc)
    if not split:
        return [(calc, axes)]
    return [
        (f"{calc}-{value}", [[name, [value] if name == split else values] for name, values in axes])
        for value in dict(axes)[split]
    ]


def _study_texts() -> list[str]:
    return [
        f"{numerator}/{denominator}"
        for denominator in range(1, STUDY_DENOMINATOR + 1)
        for numerator in range(0, denominator + 1)
    ]


def _axes() -> dict[str, Axes]:
    magic = list(range(0, rules.stable_magic(max(_MODIFIERS)) + 1))
    return {
        "cast": [
            ["magic", magic],
            ["learning", list(LEARNING)],
            ["modifier", list(_MODIFIERS)],
            ["extremes", list(EXTREMES)],
        ],
        "progression": [
            ["magic", magic],
            ["learning", list(LEARNING)],
            ["xp", [0]],
            ["difficulty", list(_DIFFICULTIES)],
            ["n", list(PROGRESSION_CASTS)],
            ["extremes", list(EXTREMES)],
        ],
        "study": [
            ["hours", list(_HOURS)],
            ["p", [bridge.to_engine(text) for text in _study_texts()]],
        ],
    }


def _answer(request: dict[str, str], memo: dict[Any, dict[str, Any]]) -> dict[str, Any]:
    """The bridge's answer to ``request`` without ``calc`` and ``inputs``, asked once for the
    requests the engine answers alike."""
    key = bridge.answer_key(request)
    if key is None:
        return strip(ask(request))
    if key not in memo:
        memo[key] = strip(ask(request))
    return memo[key]


def _table(calc: str, axes: Axes, memo: dict[Any, dict[str, Any]]) -> Document:
    answers = Unique()
    index = [answers.add(_answer(request, memo)) for request in requests(axes, calc)]
    return {
        "format": FORMAT,
        "calc": calc,
        "axes": axes,
        "fold": {field: dict(axes)[field][-1] for field in _FOLD.get(calc, ())},
        "inputs": INPUTS[calc],
        "answers": answers.values,
        "index": index,
    }


def _impossible(axes: Axes) -> dict[str, Any]:
    """The engine's sentences on impossible outcomes for every cast of the grid, in the engine's
    two parts (:func:`rules.impossible_parts`): the heads (outcome and need) by row, the tail
    (R's range, the same for every sentence of one cast) by text."""
    texts, heads = Unique(), Unique()
    head: list[int] = []
    tail: list[int] = []
    for request in requests(axes, "cast"):
        parts = bridge.impossible_parts(request)
        ends = {end for _, end in parts}
        if len(ends) > 1:  # the engine says one range of R per cast
            raise ValueError(f"phrases inattendues du moteur pour {request!r}")
        head.append(heads.add([texts.add(start) for start, _ in parts]))
        tail.append(texts.add(ends.pop()) if ends else -1)
    return {"texts": texts.values, "heads": heads.values, "head": head, "tail": tail}


def _rolls(axes: Axes) -> dict[str, Any]:
    """The roll of every face for every cast of the grid (rows shared by casts the engine
    answers alike)."""
    face = next(f for f in fields_reading()["calcs"]["roll"] if f["field"] == "face")
    faces = list(range(face["low"], face["high"] + 1))
    answers, rows = Unique(), Unique()
    index: list[int] = []
    by_key: dict[Any, list[int]] = {}
    for request in requests(axes, "cast"):
        key = bridge.answer_key(request)
        row = by_key.get(key)
        if row is None:
            # A roll shows R, which the engine's key holds (casts alike have the same R).
            row = by_key[key] = [answers.add(_roll(request, face)) for face in faces]
        index.append(rows.add(row))
    return {
        "field": "face",
        "faces": faces,
        "answers": answers.values,
        "rows": rows.values,
        "index": index,
    }


def _roll(request: dict[str, str], face: int) -> dict[str, Any]:
    """The roll object of the bridge's answer, without the face (the request's)."""
    roll = dict(ask({**request, "calc": "roll", "face": str(face)})["roll"])
    if roll.pop("face") != face:
        raise ValueError(f"le moteur ne rejoue pas la face {face}")
    return roll
