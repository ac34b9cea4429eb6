"""Answers the calculators know before the engine has booted.

At build time this module asks :func:`widgets.bridge.handle` -- the very function the Web
Worker calls -- for every request of a fixed grid (the inputs players actually use), and
writes the answers as plain JSON, content-hashed (``instant-<key>-<hash>.json``, so every page
shares one cached copy), that the calculators fetch as one approaches the screen
(``assets/widgets/instant.js`` looks answers up in them; anything outside goes to the engine).
No rule is computed here: every figure is the bridge's output, stored as it is; requests the
engine says are answered alike (:func:`widgets.bridge.answer_key`) are asked once.

Covered (every combination of the axes is stored):

* ``cast``: magic 0 to :func:`rules.stable_magic` for the largest modifier, learning 1-5,
  modifier -5..+5, both readings of the 1 and the 12, with the engine's reason for each
  impossible outcome; and its rolls, for every face of the die;
* ``progression``: the same magic (higher magic is folded onto it, the engine saying nothing
  changes beyond), learning 1-5 at 0 XP, the numbers of casts of
  :data:`PROGRESSION_CASTS`, both readings; one file per difficulty;
* ``study``: 1-6 hours, chances written ``a/b`` with ``b`` up to :data:`STUDY_DENOMINATOR`.

A document (``FORMAT`` is its version) is ``{"format", "calc", "axes": [[field, [values]]...],
"fold": {field: largest value stored}, "inputs": [[key, field, how]...], "answers": [...],
"index": [...]}``: ``answers`` holds each distinct answer once (the bridge's answer without
``calc``, ``inputs`` and a cast's ``impossible``), ``index`` the position in ``answers`` of every combination of the axes
in row-major order; ``inputs`` says how the answer's ``inputs`` object is rebuilt from the
request (``how``: ``"value"``, ``"text"`` or a label table). The cast's also holds ``rolls``:
``{"field": "face", "faces": [...], "answers": [distinct roll objects without their face,
the request's], "rows": [[one answer per
face]...], "index": [a row per combination]}``, and ``impossible``: the engine's sentence for
each outcome no face gives, which names the cast's own figures, so is stored apart from the
shared answers: ``{"texts": [distinct texts], "heads": [[text, ...]...], "head": [a row of heads
per combination], "tail": [a text per combination, -1 for none]}``, each sentence of a
combination being one of its heads followed by its tail. ``fields`` (``instant-fields-<hash>.json``) is
:func:`widgets.bridge.reading`: how the bridge reads and refuses every field.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import pathlib

import rules
from widgets import bridge

__all__ = [
    "FORMAT",
    "PROGRESSION_CASTS",
    "SPLIT",
    "STUDY_DENOMINATOR",
    "build",
    "configuration",
    "encode",
    "expand",
    "install",
    "requests",
]

FORMAT = 3

#: Numbers of casts covered by the progression table (the pages' default).
PROGRESSION_CASTS = (10,)

#: Tables written as one file per value of a field: a spell page fetches only the
#: progression of its spell's difficulty.
SPLIT = {"progression": "difficulty"}

#: Largest denominator of the study chances covered ("a/b", 0 <= a <= b).
STUDY_DENOMINATOR = 6

_MODIFIERS = range(-5, 6)
_LEARNING = range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1)
_DIFFICULTIES = range(rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY + 1)
_HOURS = tuple(rules.STUDY_XP)
_EXTREMES = tuple(rules.EXTREMES)
_EXTREMES_LABELS = dict(rules.EXTREMES_LABELS)

_INPUTS = {
    "cast": [["magic", "magic", "value"], ["learning", "learning", "value"],
             ["modifier", "modifier", "value"], ["extremes", "extremes", "value"],
             ["extremes_label", "extremes", _EXTREMES_LABELS]],
    "progression": [["magic", "magic", "value"], ["learning", "learning", "value"],
                    ["difficulty", "difficulty", "value"], ["xp", "xp", "value"],
                    ["n", "n", "value"], ["extremes", "extremes", "value"],
                    ["extremes_label", "extremes", _EXTREMES_LABELS]],
    "study": [["hours", "hours", "value"], ["p", "p", "text"]],
}


def _strip(response):
    """The part of a bridge answer stored in the tables (``calc`` and ``inputs`` are rebuilt)."""
    return {k: v for k, v in response.items() if k not in ("calc", "inputs", "impossible")}


def _ask(request):
    response = bridge.handle(request)
    if not response.get("ok"):
        raise ValueError(f"le moteur refuse {request!r} : {response.get('errors')}")
    return response


#: The stripped answers during one :func:`build`, by :func:`widgets.bridge.answer_key`.
_answers = None


def _answer(request):
    """The bridge's answer to ``request`` without ``calc`` and ``inputs``."""
    key = bridge.answer_key(request)
    if key is None or _answers is None:
        return _strip(_ask(request))
    if key not in _answers:
        _answers[key] = _strip(_ask(request))
    return _answers[key]


def _study_texts():
    return [f"{numerator}/{denominator}"
            for denominator in range(1, STUDY_DENOMINATOR + 1)
            for numerator in range(0, denominator + 1)]


def _axes():
    magic = list(range(0, rules.stable_magic(max(_MODIFIERS)) + 1))
    return {
        "cast": [["magic", magic], ["learning", list(_LEARNING)],
                 ["modifier", list(_MODIFIERS)], ["extremes", list(_EXTREMES)]],
        "progression": [["magic", magic], ["learning", list(_LEARNING)], ["xp", [0]],
                        ["difficulty", list(_DIFFICULTIES)], ["n", list(PROGRESSION_CASTS)],
                        ["extremes", list(_EXTREMES)]],
        "study": [["hours", list(_HOURS)],
                  ["p", [bridge.to_engine(text) for text in _study_texts()]]],
    }


#: Fields whose larger values are answered as the largest stored (the engine's
#: :func:`rules.stable_magic`: nothing but R changes beyond). A cast, whose impossible outcomes
#: are explained with R's range, and its rolls, which show R, are not folded.
_FOLD = {"progression": ("magic",)}

#: Where the engine's sentences on impossible outcomes are cut into shared pieces (the part
#: naming the outcome and the part naming the range of R); a sentence without it stays whole.
_REASON_CUT = ", or "


def _text(value):
    return value if isinstance(value, str) else str(value)


def requests(axes, calc):
    """Every request of one table, in row-major order of its axes."""
    names = [name for name, _ in axes]
    for values in itertools.product(*(values for _, values in axes)):
        yield {"calc": calc, **{name: _text(value) for name, value in zip(names, values, strict=False)}}


class _Unique:
    """Distinct JSON values, each kept once, by their JSON text."""

    def __init__(self):
        self.values, self._known, self._seen = [], {}, {}

    def add(self, value):
        seen = self._seen.get(id(value))  # the memo hands the same object for answers alike
        if seen is not None and seen[0] is value:
            return seen[1]
        text = json.dumps(value)
        if text not in self._known:
            self._known[text] = len(self.values)
            self.values.append(value)
        self._seen[id(value)] = (value, self._known[text])  # kept: its id is not reused
        return self._known[text]


def _table(calc, axes):
    answers = _Unique()
    index = [answers.add(_answer(request)) for request in requests(axes, calc)]
    return {
        "format": FORMAT,
        "calc": calc,
        "axes": axes,
        "fold": {field: dict(axes)[field][-1] for field in _FOLD.get(calc, ())},
        "inputs": _INPUTS[calc],
        "answers": answers.values,
        "index": index,
    }


def _impossible(axes):
    """The engine's sentences on impossible outcomes for every cast of the grid, each cut where
    the range of R starts: the heads (outcome and need) by row, the tail (R's range, the same for
    every sentence of one cast) by text."""
    texts, heads, head, tail = _Unique(), _Unique(), [], []
    for request in requests(axes, "cast"):
        cut = [sentence.partition(_REASON_CUT) for sentence in bridge.impossible_reasons(request)]
        ends = {sep + rest for _, sep, rest in cut}
        if len(ends) > 1 or any(not sep for _, sep, _ in cut):
            raise ValueError(f"phrases inattendues du moteur pour {request!r}")
        head.append(heads.add([texts.add(start) for start, _, _ in cut]))
        tail.append(texts.add(ends.pop()) if ends else -1)
    return {"texts": texts.values, "heads": heads.values, "head": head, "tail": tail}


def _rolls(axes):
    """The roll of every face for every cast of the grid (rows shared by casts the engine
    answers alike)."""
    face = next(f for f in _reading()["calcs"]["roll"] if f["field"] == "face")
    faces = list(range(face["low"], face["high"] + 1))
    answers, rows, index, by_key = _Unique(), _Unique(), [], {}
    for request in requests(axes, "cast"):
        key = bridge.answer_key(request)
        row = by_key.get(key)
        if row is None:
            # A roll shows R, which the engine's key holds (casts alike have the same R).
            row = by_key[key] = [answers.add(_roll(request, face)) for face in faces]
        index.append(rows.add(row))
    return {"field": "face", "faces": faces, "answers": answers.values, "rows": rows.values,
            "index": index}


def _roll(request, face):
    """The roll object of the bridge's answer, without the face (the request's)."""
    roll = dict(_ask({**request, "calc": "roll", "face": str(face)})["roll"])
    if roll.pop("face") != face:
        raise ValueError(f"le moteur ne rejoue pas la face {face}")
    return roll


def _reading():
    if "value" not in _READING:
        _READING["value"] = bridge.reading()
    return _READING["value"]


def build():
    """Ask the bridge every covered request; return ``{key: document}``: one per calculator
    (the cast's holds its rolls), or per value of the field named in :data:`SPLIT`
    (``progression-3``: difficulty 3), and ``fields`` (:func:`widgets.bridge.reading`)."""
    global _answers
    _answers = {}
    _READING.clear()
    try:
        return _build()
    finally:
        _answers = None


def _build():
    axes = _axes()
    documents = {}
    for calc in ("cast", "progression", "study"):
        split = SPLIT.get(calc)
        parts = [(calc, axes[calc])]
        if split:
            values = dict(axes[calc])[split]
            parts = [(f"{calc}-{value}",
                      [[name, [value] if name == split else values_] for name, values_ in axes[calc]])
                     for value in values]
        for key, part_axes in parts:
            documents[key] = _table(calc, part_axes)
    documents["cast"]["rolls"] = _rolls(axes["cast"])
    documents["cast"]["impossible"] = _impossible(axes["cast"])
    documents["fields"] = _reading()
    return documents


def configuration(names):
    """What the page needs to pick a data file: ``{"files": {key: file name}, "split": SPLIT,
    "integer": how the bridge reads integer text}`` (see ``instant.js``)."""
    return {"files": dict(names), "split": dict(SPLIT), "integer": _integer_reading()}


def _integer_reading():
    return _INTEGER["value"] if "value" in _INTEGER else _reading()["integer"]


_READING = {}  # bridge.reading() during a build
_INTEGER = {}  # how the bridge reads integers, from the fields file installed last


def install(directory, cache_dir=None):
    """Write the data files into ``directory`` (content-hashed names, stale ones removed).

    With ``cache_dir``, the computed files are kept there under the hash of the engine's sources,
    so a build whose ``rules/``, bridge and this module are unchanged reuses them.
    Returns ``{key: file name}`` (keys of :func:`build`).
    """
    directory = pathlib.Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    names = {}
    payloads = _payloads(cache_dir)
    for key, payload in payloads.items():
        name = f"instant-{key}-{hashlib.sha256(payload).hexdigest()[:12]}.json"
        target = directory / name
        if not target.is_file() or target.read_bytes() != payload:
            tmp = target.with_name(name + ".tmp")
            tmp.write_bytes(payload)
            tmp.replace(target)
        names[key] = name
    for path in directory.glob("instant-*.json"):
        if path.name not in names.values():
            path.unlink()
    _INTEGER["value"] = json.loads(payloads["fields"])["integer"]
    return names


_CACHE = {}


def _payloads(cache_dir=None):
    """``{key: bytes}``, computed once per process for the same engine sources
    (``mkdocs serve`` and the tests install the site many times), and kept in ``cache_dir``
    between processes."""
    sources = sorted(pathlib.Path(rules.__file__).parent.glob("*.py"))
    sources += [pathlib.Path(bridge.__file__), pathlib.Path(__file__)]
    digest = hashlib.sha256()
    for path in sources:
        digest.update(path.name.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    key = digest.hexdigest()
    if key not in _CACHE:
        cached = _read_cache(cache_dir, key)
        _CACHE.clear()
        _CACHE[key] = cached or {name: encode(document) for name, document in build().items()}
    if cache_dir is not None and not _cache_file(cache_dir, key).is_file():
        _write_cache(cache_dir, key, _CACHE[key])
    return _CACHE[key]


def _cache_file(cache_dir, key):
    return pathlib.Path(cache_dir) / f"instant-{key[:32]}.json"


def _read_cache(cache_dir, key):
    """The payloads kept for ``key``, or None (no cache, none kept, or unreadable)."""
    if cache_dir is None:
        return None
    try:
        kept = json.loads(_cache_file(cache_dir, key).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(kept, dict) or kept.get("key") != key or not isinstance(kept.get("payloads"), dict):
        return None
    payloads = kept["payloads"]
    if "fields" not in payloads or not all(isinstance(v, str) for v in payloads.values()):
        return None
    return {name: text.encode("utf-8") for name, text in payloads.items()}


def _write_cache(cache_dir, key, payloads):
    """Keep ``payloads`` for the next builds (a cache that cannot be written is only slower)."""
    if cache_dir is None:
        return
    cache_dir = pathlib.Path(cache_dir)
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        target = _cache_file(cache_dir, key)
        for stale in cache_dir.glob("instant-*.json"):
            if stale != target:
                stale.unlink()
        text = json.dumps({"key": key, "payloads": {name: payload.decode("utf-8")
                                                    for name, payload in payloads.items()}},
                          ensure_ascii=False)
        tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)
    except OSError:
        pass


def encode(data):
    """The bytes of the data file: compact JSON, UTF-8."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def expand(data):
    """Every (request, answer) pair a document stands for, answers rebuilt as ``instant.js``
    does (a cast's rolls included)."""
    calc, axes = data["calc"], data["axes"]
    rolls = data.get("rolls")
    for position, (request, values) in enumerate(
        zip(requests(axes, calc), itertools.product(*(values for _, values in axes)), strict=False)
    ):
        by_field = {name: value for (name, _), value in zip(axes, values, strict=False)}
        inputs = {}
        for key, field, how in data["inputs"]:
            value = by_field[field]
            inputs[key] = value if how == "value" else _text(value) if how == "text" else how[value]
        answer = data["answers"][data["index"][position]]
        if "impossible" in data:
            reasons = data["impossible"]
            texts, tail = reasons["texts"], reasons["tail"][position]
            answer = {**answer, "impossible": [
                texts[start] + texts[tail]
                for start in reasons["heads"][reasons["head"][position]]]}
        yield request, {"calc": calc, "inputs": inputs, **answer}
        if rolls:
            row = rolls["rows"][rolls["index"][position]]
            for face, ref in zip(rolls["faces"], row, strict=False):
                yield ({**request, "calc": "roll", rolls["field"]: str(face)},
                       {"calc": "roll", "inputs": inputs, **answer,
                        "roll": {"face": face, **rolls["answers"][ref]}})
