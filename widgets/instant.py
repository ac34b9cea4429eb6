"""Answers the calculators know before the engine has booted.

At build time this module asks :func:`widgets.bridge.handle` -- the very
function the Web Worker calls -- for every request of a fixed set (the
inputs players actually use), and packs the answers into one small JSON
document per calculator (``instant-<calc>-<hash>.json``, content-hashed so
every page shares one cached copy; the progression is split by difficulty) that the calculators fetch when one comes
into view or is first used (``assets/widgets/instant.js`` looks answers up
in it; anything outside it goes to the engine). No rule is computed here:
every figure is the bridge's output, stored as it is. Requests the engine says
are answered alike (:func:`widgets.bridge.answer_key`, from
:func:`rules.cast_key` and :func:`rules.progression_key`) are asked once.

Covered (axes of each table; every combination is stored):

* ``cast``: magic 0 to the level where the odds stop changing, learning
  1-5, modifier -5..+5, both readings of the 1 and the 12;
* ``progression``: magic as above, learning 1-5 at 0 XP, difficulty 1-5,
  the numbers of casts of :data:`PROGRESSION_CASTS`, both readings;
* ``study``: 1-6 hours, chances written ``a/b`` with ``b`` up to
  :data:`STUDY_DENOMINATOR`;
* ``roll``: a roll is a cast plus a die face; the face comes from the seed
  (Python's ``random.Random(seed).randint(1, 12)``, reproduced by
  ``instant.js`` and checked here), the modified result from ``modified``
  (one list of twelve results per magic and modifier, from
  ``rules.cast(face=...)``) and the rest from the cast's outcome rows.

Format (``FORMAT`` is its version):

* ``atoms``: the distinct primitive values; ``nodes``: the distinct
  containers, ``[0, shape, *refs]`` for an object whose keys are
  ``shapes[shape]``, ``[1, *refs]`` for a list. A ref ``r`` is
  ``atoms[r >> 1]`` when even, a node when odd: ``nodes[r >> 1]`` in the
  tables, ``nodes[i - (r >> 1)]`` inside node ``i`` (children come before
  their parents, so these distances are small and compress well). Every
  object or list that appears twice is stored once.
* ``tables``: per calculator, ``axes`` (``[field, [values...]]`` in
  row-major order, values as :func:`widgets.bridge.to_engine` returns them),
  ``index`` (one ref per combination: the bridge's answer without its
  ``calc`` and ``inputs``) and ``inputs`` (how the ``inputs`` object is
  rebuilt: ``[key, field, how]`` with how ``"value"``, ``"text"`` (the
  value as text) or a label table ``{value: label}``).
* ``integer``: the bridge's reading of integer text (``whitespace``
  characters around an optional sign and at most ``digits`` digits);
  ``absent``: the values used for a field that is not sent; ``seed``: the
  range of drawn seeds; ``xp_text``: the roll's XP text per outcome.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import pathlib
import sys

import rules
from widgets import bridge

__all__ = [
    "FORMAT",
    "PROGRESSION_CASTS",
    "SPLIT",
    "STUDY_DENOMINATOR",
    "build",
    "configuration",
    "decode",
    "encode",
    "expand",
    "install",
    "requests",
]

FORMAT = 1

#: Numbers of casts covered by the progression table (the pages' default).
PROGRESSION_CASTS = (10,)

#: Tables written as one file per value of a field: a spell page fetches only the
#: progression of its spell's difficulty.
SPLIT = {"progression": "difficulty"}

#: Largest denominator of the study chances covered ("a/b", 0 <= a <= b).
STUDY_DENOMINATOR = 6

_MODIFIERS = range(-5, 6)
_LEARNING = range(1, rules.MAX_LEARNING + 1)
_DIFFICULTIES = range(1, 6)
_HOURS = tuple(rules.STUDY_XP)
_EXTREMES = tuple(rules.EXTREMES)


def _strip(response):
    """The part of a bridge answer stored in the tables (``calc`` and ``inputs`` are rebuilt)."""
    return {k: v for k, v in response.items() if k not in ("calc", "inputs")}


def _ask(request):
    response = bridge.handle(request)
    if not response.get("ok"):
        raise ValueError(f"le moteur refuse {request!r} : {response.get('errors')}")
    return response


#: The stripped answers during one :func:`build`, by :func:`widgets.bridge.answer_key` (requests
#: the engine says are answered alike, the search for the stable magic and the table included,
#: are asked once; tests compare every entry with the bridge); None outside a build.
_answers = None


def _answer(request):
    """The bridge's answer to ``request`` without ``calc`` and ``inputs``."""
    key = bridge.answer_key(request)
    if key is None or _answers is None:
        return _strip(_ask(request))
    if key not in _answers:
        _answers[key] = _strip(_ask(request))
    return _answers[key]


def _stable_magic():
    """The smallest magic from which no cast answer changes any more (for every
    learning, modifier and reading), found by asking the bridge."""
    def answers(magic):
        return [
            _answer({"calc": "cast", "magic": str(magic), "learning": str(learning),
                     "modifier": str(modifier), "extremes": extremes})
            for learning in _LEARNING for modifier in _MODIFIERS for extremes in _EXTREMES
        ]

    magic, previous = 0, answers(0)
    streak = 0
    while True:
        current = answers(magic + 1)
        streak = streak + 1 if current == previous else 0
        # Two unchanged steps in a row: magic enters the rules by halves.
        if streak >= 2:
            return magic - 1
        previous = current
        magic += 1
        if magic > 1000:
            raise ValueError("les chances d'un lancer ne se stabilisent pas avant la magie 1000")


def _study_texts():
    texts = []
    for denominator in range(1, STUDY_DENOMINATOR + 1):
        for numerator in range(0, denominator + 1):
            texts.append(f"{numerator}/{denominator}")
    return texts


def _axes(stable):
    magic = list(range(0, stable + 1))
    return {
        "cast": [["magic", magic], ["learning", list(_LEARNING)],
                 ["modifier", list(_MODIFIERS)], ["extremes", list(_EXTREMES)]],
        "progression": [["magic", magic], ["learning", list(_LEARNING)], ["xp", [0]],
                        ["difficulty", list(_DIFFICULTIES)], ["n", list(PROGRESSION_CASTS)],
                        ["extremes", list(_EXTREMES)]],
        "study": [["hours", list(_HOURS)],
                  ["p", [bridge.to_engine(text) for text in _study_texts()]]],
    }


def _text(value):
    return value if isinstance(value, str) else str(value)


def requests(axes, calc):
    """Every request of one table, in row-major order of its axes."""
    names = [name for name, _ in axes]
    for values in itertools.product(*(values for _, values in axes)):
        yield {"calc": calc, **{name: _text(value) for name, value in zip(names, values)}}


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


class _Interner:
    """Hash-consing of JSON values into atoms and nodes (see the module docstring)."""

    def __init__(self):
        self.atoms, self.nodes, self.shapes = [], [], []
        self._atoms, self._nodes, self._shapes = {}, {}, {}
        self._texts, self._objects = {}, {}

    def answer(self, value):
        """The ref of one whole answer; answers met before (the same object, or the same JSON
        text, hence the same types, keys and order) are not walked again."""
        known = self._objects.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        text = json.dumps(value)
        ref = self._texts.get(text)
        if ref is None:
            ref = self._texts[text] = self.ref(value)
        self._objects[id(value)] = (value, ref)  # the value is kept: its id is not reused
        return ref

    def ref(self, value):
        if isinstance(value, dict):
            keys = tuple(value)
            shape = self._shapes.get(keys)
            if shape is None:
                shape = self._shapes[keys] = len(self.shapes)
                self.shapes.append(list(keys))
            node = (0, shape, *(self.ref(value[k]) for k in keys))
        elif isinstance(value, list):
            node = (1, *(self.ref(item) for item in value))
        else:
            # bool before int: True == 1 must not share an atom with 1.
            key = (type(value).__name__, value)
            index = self._atoms.get(key)
            if index is None:
                index = self._atoms[key] = len(self.atoms)
                self.atoms.append(value)
            return index << 1
        index = self._nodes.get(node)
        if index is None:
            index = self._nodes[node] = len(self.nodes)
            self.nodes.append(list(node))
        return (index << 1) | 1


def _relative(nodes):
    """The nodes with their node refs written as distances back from the node itself."""
    out = []
    for index, node in enumerate(nodes):
        head = 2 if node[0] == 0 else 1
        out.append(node[:head] + [r if r & 1 == 0 else ((index - (r >> 1)) << 1) | 1
                                  for r in node[head:]])
    return out


def decode(data, ref, at=None):
    """The JSON value a ref stands for (what ``instant.js`` does in the browser);
    ``at`` is the index of the node holding the ref (None for a table's ref)."""
    if ref & 1 == 0:
        return data["atoms"][ref >> 1]
    index = ref >> 1 if at is None else at - (ref >> 1)
    node = data["nodes"][index]
    if node[0] == 0:
        return {key: decode(data, r, index) for key, r in zip(data["shapes"][node[1]], node[2:])}
    return [decode(data, r, index) for r in node[1:]]


def build():
    """Ask the bridge every covered request; return ``{key: document}``, one JSON-ready
    document per calculator (``cast`` also holds what a roll needs), or per value of
    the field named in :data:`SPLIT` (``progression-3``: difficulty 3)."""
    global _answers
    _answers = {}
    try:
        return _build()
    finally:
        _answers = None


def _build():
    stable = _stable_magic()
    axes = _axes(stable)
    integer = _integer_reading()
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
            interner = _Interner()
            index = [interner.answer(_answer(request)) for request in requests(part_axes, calc)]
            tables = {calc: {"axes": part_axes, "index": index, "inputs": _INPUTS[calc]}}
            extra = {}
            if calc == "cast":
                extra, tables["roll"] = _roll_data(interner, stable)
            documents[key] = {
                "format": FORMAT,
                "integer": integer,
                "absent": dict(bridge._ABSENT),
                **extra,
                "atoms": interner.atoms,
                "shapes": interner.shapes,
                "nodes": _relative(interner.nodes),
                "tables": tables,
            }
    return documents


def configuration(names):
    """What the page needs to pick a data file: ``{"files": {key: file name}, "split":
    SPLIT, "integer": how the bridge reads integer text}`` (see ``instant.js``; after
    :func:`install`, the reading is the one kept with the data)."""
    return {"files": dict(names), "split": dict(SPLIT), "integer": _integer_reading()}


def _roll_data(interner, stable):
    """What a roll adds to a cast: the seeds drawn, the die's faces, the modified
    result of each face per magic and modifier, the XP text per outcome."""
    # The die's faces, as the bridge lists them in a cast's outcome rows.
    sample = _ask({"calc": "cast", "magic": "0", "learning": "1"})
    faces = sorted(face for row in sample["outcomes"] for face in row["faces"])
    magics = list(range(0, stable + 1))
    modified = [
        interner.ref([rules.cast(magic, 1, face=face, modifier=modifier).modified for face in faces])
        for magic in magics
        for modifier in _MODIFIERS
    ]
    xp_text = {}
    for outcome in rules.Outcome:
        text = _roll_for_outcome(outcome)
        if text is None:
            raise ValueError(f"aucun lancer ne donne l'issue « {outcome.value} »")
        xp_text[outcome.value] = text
    extra = {"seed": [1, bridge._SEED_RANGE - 1], "faces": faces, "xp_text": xp_text}
    return extra, {"axes": [["magic", magics], ["modifier", list(_MODIFIERS)]], "index": modified}


_READING = {}


def _integer_reading():
    """How the bridge reads integer text, found by asking :func:`widgets.bridge.to_engine`."""
    if "value" not in _READING:
        _READING["value"] = _probe_integer_reading()
    return json.loads(json.dumps(_READING["value"]))


def _probe_integer_reading():
    candidates = list(filter(str.isspace, map(chr, range(sys.maxunicode + 1)))) + ["\ufeff"]
    whitespace = "".join(c for c in candidates if bridge.to_engine(f"{c}7{c}") == 7)
    signs = {}
    for sign in ("+", "-", "\u2212", "\u2013", "\ufe62", "\ufe63", "\uff0b", "\uff0d"):
        value = bridge.to_engine(f"{sign}7")
        if value in (7, -7):
            signs[sign] = 1 if value == 7 else -1
    digits, low, high = 1, 1, 100_000  # largest run of digits still read as a number
    while low <= high:
        middle = (low + high) // 2
        if bridge.to_engine("0" * (middle - 1) + "7") == 7:
            digits, low = middle, middle + 1
        else:
            high = middle - 1
    return {"whitespace": whitespace, "signs": signs, "digits": digits}


def _roll_for_outcome(outcome):
    """The bridge's XP text for a roll ending in ``outcome`` (found by rolling seeds)."""
    for seed in range(1, 10_000):
        for magic, modifier in ((0, 0), (0, -5), (30, 0), (0, 5), (12, 0)):
            response = _ask({"calc": "roll", "magic": str(magic), "learning": "3",
                             "modifier": str(modifier), "extremes": "modified", "seed": str(seed)})
            if response["roll"]["outcome"] == outcome.value:
                return response["roll"]["xp_text"]
    return None


def install(directory, cache_dir=None):
    """Write the data files into ``directory`` (content-hashed names, stale ones removed).

    With ``cache_dir``, the computed files are kept there under the hash of the engine's sources,
    so a build whose ``rules/``, bridge and this module are unchanged reuses them.
    Returns ``{key: file name}`` (keys of :func:`build`).
    """
    directory = pathlib.Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    names = {}
    for key, payload in _payloads(cache_dir).items():
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
    return names


_CACHE = {}


def _payloads(cache_dir=None):
    """``{calc: bytes}``, computed once per process for the same engine sources
    (``mkdocs serve`` and the tests install the site many times), and kept in ``cache_dir``
    between processes."""
    sources = sorted(pathlib.Path(rules.__file__).parent.glob("*.py"))
    sources += [pathlib.Path(bridge.__file__), pathlib.Path(__file__)]
    digest = hashlib.sha256()
    for path in sources:
        digest.update(path.name.encode("utf-8") + b"\0" + path.read_bytes() + b"\0")
    key = digest.hexdigest()
    if key not in _CACHE:
        _READING.clear()  # the bridge may have changed: its reading of integers too
        cached = _read_cache(cache_dir, key)
        if cached:
            try:  # every document holds the reading found when it was computed
                _READING["value"] = json.loads(next(iter(cached.values())))["integer"]
            except (ValueError, KeyError, TypeError):
                cached = None
        _CACHE.clear()
        _CACHE[key] = cached or {calc: encode(document) for calc, document in build().items()}
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
    if not payloads or not all(isinstance(v, str) for v in payloads.values()):
        return None
    return {calc: text.encode("utf-8") for calc, text in payloads.items()}


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
        text = json.dumps({"key": key, "payloads": {calc: payload.decode("utf-8")
                                                    for calc, payload in payloads.items()}},
                          ensure_ascii=False)
        tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)
    except OSError:
        pass


def encode(data):
    """The bytes of the data file: compact JSON, UTF-8."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def expand(data, calc):
    """Every (request, answer) pair a table stands for, answers rebuilt as ``instant.js`` does."""
    table = data["tables"][calc]
    for request, values, ref in zip(
        requests(table["axes"], calc),
        itertools.product(*(values for _, values in table["axes"])),
        table["index"],
    ):
        by_field = {name: value for (name, _), value in zip(table["axes"], values)}
        inputs = {}
        for key, field, how in table["inputs"]:
            value = by_field[field]
            inputs[key] = value if how == "value" else _text(value) if how == "text" else how[value]
        yield request, {"calc": calc, "inputs": inputs, **decode(data, ref)}
