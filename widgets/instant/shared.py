"""What the documents share: the bridge asked, answers kept once, requests in the axes' order."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

import rules
from widgets import bridge

__all__ = ["EXTREMES", "FORMAT", "INPUTS", "LEARNING", "Unique", "ask", "requests", "strip", "text"]

#: The version of the documents' format (``instant.js`` reads the same).
FORMAT = 3

LEARNING = range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1)
EXTREMES = tuple(rules.EXTREMES)
_EXTREMES_LABELS = dict(rules.EXTREMES_LABELS)

#: How each calculator's answer ``inputs`` is rebuilt from the request: ``[key, field, how]``.
INPUTS: dict[str, list[list[Any]]] = {
    "cast": [
        ["magic", "magic", "value"],
        ["learning", "learning", "value"],
        ["modifier", "modifier", "value"],
        ["extremes", "extremes", "value"],
        ["extremes_label", "extremes", _EXTREMES_LABELS],
    ],
    "progression": [
        ["magic", "magic", "value"],
        ["learning", "learning", "value"],
        ["difficulty", "difficulty", "value"],
        ["xp", "xp", "value"],
        ["n", "n", "value"],
        ["extremes", "extremes", "value"],
        ["extremes_label", "extremes", _EXTREMES_LABELS],
    ],
    "study": [["hours", "hours", "value"], ["p", "p", "text"]],
    "duel": [
        *(
            spec
            for side in ("a", "b")
            for spec in (
                [f"{side}.magic", f"{side}_magic", "value"],
                [f"{side}.learning", f"{side}_learning", "value"],
                [f"{side}.element", f"{side}_element", "value"],
                [f"{side}.element_label", f"{side}_element", dict(rules.ELEMENT_LABELS)],
            )
        ),
        ["extremes", "extremes", "value"],
        ["extremes_label", "extremes", _EXTREMES_LABELS],
    ],
}


def strip(response: dict[str, Any]) -> dict[str, Any]:
    """The part of a bridge answer stored in the tables (``calc`` and ``inputs`` are rebuilt)."""
    return {k: v for k, v in response.items() if k not in ("calc", "inputs", "impossible")}


def ask(request: dict[str, str]) -> dict[str, Any]:
    """The bridge's answer to a request of the grid, which it must accept."""
    response = bridge.handle(request)
    if not response.get("ok"):
        raise ValueError(f"le moteur refuse {request!r} : {response.get('errors')}")
    return response


def text(value: object) -> str:
    """A value of an axis as a request's field holds it."""
    return value if isinstance(value, str) else str(value)


def requests(axes: list[list[Any]], calc: str) -> Iterator[dict[str, str]]:
    """Every request of one table, in row-major order of its axes."""
    names = [name for name, _ in axes]
    for values in itertools.product(*(values for _, values in axes)):
        yield {
            "calc": calc,
            **{name: text(value) for name, value in zip(names, values, strict=False)},
        }


class Unique:
    """Distinct JSON values, each kept once, by their JSON text."""

    def __init__(self) -> None:
        self.values: list[Any] = []
        self._known: dict[str, int] = {}
        self._seen: dict[int, tuple[Any, int]] = {}

    def add(self, value: Any) -> int:
        """The position of ``value`` among the distinct values (added when new)."""
        seen = self._seen.get(id(value))  # the memo hands the same object for answers alike
        if seen is not None and seen[0] is value:
            return seen[1]
        key = json.dumps(value)
        if key not in self._known:
            self._known[key] = len(self.values)
            self.values.append(value)
        self._seen[id(value)] = (value, self._known[key])  # kept: its id is not reused
        return self._known[key]


def at(value: Any, path: Any) -> Any:
    """The part of a JSON value at ``path`` (keys and positions)."""
    for part in path:
        value = value[part]
    return value
