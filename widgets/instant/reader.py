"""The documents read back in Python, as ``instant.js`` reads them: the build checks the duel's
parts put together give the bridge's answers, and the tests compare every entry with the engine."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

from widgets import bridge

from .shared import at, requests, text

__all__ = ["assemble", "expand"]

Answer = dict[str, Any]


def expand(data: dict[str, Any]) -> Iterator[tuple[dict[str, str], Answer]]:
    """Every (request, answer) pair a document stands for, answers rebuilt as ``instant.js``
    does (a cast's rolls included)."""
    calc, axes = data["calc"], data["axes"]
    rolls = data.get("rolls")
    for position, (request, values) in enumerate(
        zip(requests(axes, calc), itertools.product(*(values for _, values in axes)), strict=False)
    ):
        by_field = {name: value for (name, _), value in zip(axes, values, strict=False)}
        inputs = _inputs(data["inputs"], by_field)
        answer = data["answers"][data["index"][position]]
        if "impossible" in data:
            answer = {**answer, "impossible": _impossible(data["impossible"], position)}
        yield request, {"calc": calc, "inputs": inputs, **answer}
        if rolls:
            row = rolls["rows"][rolls["index"][position]]
            for face, ref in zip(rolls["faces"], row, strict=False):
                yield (
                    {**request, "calc": "roll", rolls["field"]: str(face)},
                    {
                        "calc": "roll",
                        "inputs": inputs,
                        **answer,
                        "roll": {"face": face, **rolls["answers"][ref]},
                    },
                )


def _impossible(reasons: dict[str, Any], position: int) -> list[str]:
    texts, tail = reasons["texts"], reasons["tail"][position]
    return [texts[start] + texts[tail] for start in reasons["heads"][reasons["head"][position]]]


def assemble(data: dict[str, Any], request: dict[str, Any]) -> Answer | None:
    """The answer a parts document (the duel's) gives to ``request``, put together as
    ``instant.js`` does, or None when it has none."""
    found = _positions(data, request)
    if found is None:
        return None
    positions, values = found
    parts = data["parts"]
    sizes = {field: len(axis) for field, axis in data["axes"]}

    def flat(fields: list[str]) -> int:
        position = 0
        for field in fields:
            position = position * sizes[field] + positions[field]
        return position

    casters, pairs = parts["casters"], parts["pairs"]
    pair = flat(pairs["fields"])
    keys = {side: casters["index"][flat(casters["sides"][side])] for side in ("a", "b")}
    keys["relation"] = pairs["relation"][pair]
    refs = _refs(parts, keys)
    if refs is None:
        return None
    answer = json.loads(json.dumps(parts["skeletons"][pairs["skeleton"][pair]]))
    _fill(parts, answer, refs)
    return {"calc": data["calc"], "inputs": _inputs(data["inputs"], values), **answer}


def _positions(
    data: dict[str, Any], request: dict[str, Any]
) -> tuple[dict[str, int], dict[str, Any]] | None:
    """The position of each field's value on its axis (a value beyond a fold read as the fold)
    and the values the engine receives, or None when the document has no such request."""
    positions, values = {}, {}
    for field, axis in data["axes"]:
        raw = request.get(field)
        if raw is None:
            return None
        value = values[field] = bridge.to_engine(raw)
        fold = data["fold"].get(field)
        if fold is not None and type(value) is int and value > fold:
            value = fold
        matches = [i for i, v in enumerate(axis) if v == value and type(v) is type(value)]
        if not matches:
            return None
        positions[field] = matches[0]
    return positions, values


def _refs(parts: dict[str, Any], keys: dict[str, int]) -> list[Any] | None:
    """The part of every slot, from the groups (None when a group never met these keys)."""
    refs: list[Any] = [None] * len(parts["slots"])
    for group in parts["groups"]:
        position = 0
        for name in group["by"]:
            position = position * parts["sizes"][name] + keys[name]
        found = group["index"][position]
        if found < 0:
            return None
        for slot, ref in zip(group["slots"], group["values"][found], strict=True):
            refs[slot] = ref
    return refs


def _fill(parts: dict[str, Any], answer: Answer, refs: list[Any]) -> None:
    """Put each slot's part into the skeleton ``answer``: the probabilities, then the texts
    (whose holes quote them)."""
    slots = list(zip(parts["slots"], refs, strict=True))
    for (path, kind), ref in slots:
        if kind == "p":
            at(answer, _keys(path)).update(
                zip(parts["probability"], parts["probs"][ref], strict=True)
            )
    for (path, kind), ref in slots:
        if kind == "t":
            template, holes = parts["texts"][ref]
            pieces = template.split("{}")
            filled = pieces[0] + "".join(
                str(at(answer, _keys(hole))) + piece
                for hole, piece in zip(holes, pieces[1:], strict=True)
            )
            keys = _keys(path)
            at(answer, keys[:-1])[keys[-1]] = filled


def _keys(dotted: str) -> list[str | int]:
    return [int(part) if part.isdigit() else part for part in dotted.split(".")]


def _inputs(spec: list[list[Any]], values: dict[str, Any]) -> dict[str, Any]:
    """The answer's ``inputs`` from the request's values (a dotted key is nested: ``a.magic``)."""
    inputs: dict[str, Any] = {}
    for key, field, how in spec:
        value = values[field]
        value = value if how == "value" else text(value) if how == "text" else how[value]
        *parents, last = key.split(".")
        target = inputs
        for parent in parents:
            target = target.setdefault(parent, {})
        target[last] = value
    return inputs
