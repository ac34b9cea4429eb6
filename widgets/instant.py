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
* ``study``: 1-6 hours, chances written ``a/b`` with ``b`` up to :data:`STUDY_DENOMINATOR`;
* ``duel``: magic 0 to :func:`rules.stable_magic` for the largest duel-test modifier on each
  side (folded beyond), learning 1-5, the four elements on each side, both readings.

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
combination being one of its heads followed by its tail.

The duel's document has no ``answers``: its 980,000 inputs have few distinct figures, so it holds
the bridge's answers cut into ``parts`` the page puts back by looking them up (no figure made
in the page): ``casters`` gives each caster (``sides``: the fields read, row-major) its *state*,
casters whose side of every duel the bridge shows alike sharing one; ``pairs`` gives each pair
of elements (``fields``) its ``skeleton`` (the answer without its figures: labels, dominance,
reasons about the elements) and its ``relation`` (:func:`rules.dominance` and
:func:`rules.test_modifiers`); ``slots`` names where the figures go (``"p"``: a probability
object of ``probs``, its values in the order of ``probability``, merged there; ``"t"``: a text
of ``texts``, ``[template, [paths]]``, each ``{}`` filled with the answer's value at that path);
``groups`` holds the figures of the slots by what determines them (``by``: the state of
``a``, of ``b``, the ``relation``, sizes in ``sizes``; ``index`` row-major, -1 for a
combination never met; ``values``: the part of each slot). The build checks that every group
is determined by its keys over every answer it asked. ``fields`` (``instant-fields-<hash>.json``) is
:func:`widgets.bridge.reading`: how the bridge reads and refuses every field.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import pathlib
from typing import Any

import rules
from widgets import bridge

__all__ = [
    "FORMAT",
    "PROGRESSION_CASTS",
    "SPLIT",
    "STUDY_DENOMINATOR",
    "assemble",
    "build",
    "configuration",
    "duel_document",
    "encode",
    "expand",
    "install",
    "payloads",
    "requests",
    "sources",
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
    return [
        f"{numerator}/{denominator}"
        for denominator in range(1, STUDY_DENOMINATOR + 1)
        for numerator in range(0, denominator + 1)
    ]


def _axes():
    magic = list(range(0, rules.stable_magic(max(_MODIFIERS)) + 1))
    return {
        "cast": [
            ["magic", magic],
            ["learning", list(_LEARNING)],
            ["modifier", list(_MODIFIERS)],
            ["extremes", list(_EXTREMES)],
        ],
        "progression": [
            ["magic", magic],
            ["learning", list(_LEARNING)],
            ["xp", [0]],
            ["difficulty", list(_DIFFICULTIES)],
            ["n", list(PROGRESSION_CASTS)],
            ["extremes", list(_EXTREMES)],
        ],
        "study": [
            ["hours", list(_HOURS)],
            ["p", [bridge.to_engine(text) for text in _study_texts()]],
        ],
    }


#: Fields whose larger values are answered as the largest stored (the engine's
#: :func:`rules.stable_magic`: nothing but R changes beyond). A cast, whose impossible outcomes
#: are explained with R's range, and its rolls, which show R, are not folded.
_FOLD = {"progression": ("magic",)}


def _text(value):
    return value if isinstance(value, str) else str(value)


def requests(axes, calc):
    """Every request of one table, in row-major order of its axes."""
    names = [name for name, _ in axes]
    for values in itertools.product(*(values for _, values in axes)):
        yield {
            "calc": calc,
            **{name: _text(value) for name, value in zip(names, values, strict=False)},
        }


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
    """The engine's sentences on impossible outcomes for every cast of the grid, in the engine's
    two parts (:func:`rules.impossible_parts`): the heads (outcome and need) by row, the tail
    (R's range, the same for every sentence of one cast) by text."""
    texts, heads, head, tail = _Unique(), _Unique(), [], []
    for request in requests(axes, "cast"):
        parts = bridge.impossible_parts(request)
        ends = {end for _, end in parts}
        if len(ends) > 1:  # the engine says one range of R per cast
            raise ValueError(f"phrases inattendues du moteur pour {request!r}")
        head.append(heads.add([texts.add(start) for start, _ in parts]))
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
    return {
        "field": "face",
        "faces": faces,
        "answers": answers.values,
        "rows": rows.values,
        "index": index,
    }


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
            parts = [
                (
                    f"{calc}-{value}",
                    [[name, [value] if name == split else values_] for name, values_ in axes[calc]],
                )
                for value in values
            ]
        for key, part_axes in parts:
            documents[key] = _table(calc, part_axes)
    documents["cast"]["rolls"] = _rolls(axes["cast"])
    documents["cast"]["impossible"] = _impossible(axes["cast"])
    documents["duel"] = duel_document()
    documents["fields"] = _reading()
    return documents


def configuration(names):
    """What the page needs to pick a data file: ``{"files": {key: file name}, "split": SPLIT,
    "integer": how the bridge reads integer text}`` (see ``instant.js``)."""
    return {"files": dict(names), "split": dict(SPLIT), "integer": _integer_reading()}


def _integer_reading():
    return _INTEGER["value"] if "value" in _INTEGER else _reading()["integer"]


_READING: dict[str, Any] = {}  # bridge.reading() during a build
_INTEGER: dict[str, Any] = {}  # how the bridge reads integers, from the fields file installed last


def sources():
    """``{name: path}`` of every file whose change changes :func:`payloads` (the engine, the
    bridge, this module): what a build's cache keys the answers on."""
    files = {
        f"rules/{path.name}": path
        for path in sorted(pathlib.Path(rules.__file__).parent.glob("*.py"))
    }
    files |= {
        f"widgets/bridge/{path.name}": path
        for path in sorted(pathlib.Path(bridge.__file__).parent.glob("*.py"))
    }
    files["widgets/instant.py"] = pathlib.Path(__file__)
    return files


@functools.cache
def payloads():
    """``{key: bytes}``: the data files of :func:`build`, encoded (computed once per process:
    the engine's sources do not change while it runs)."""
    return {name: encode(document) for name, document in build().items()}


def install(directory, files=None):
    """Write the data files ``files`` (:func:`payloads`, computed when not given) into
    ``directory``, content-hashed names, stale ones removed. Returns ``{key: file name}``."""
    directory = pathlib.Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    files = payloads() if files is None else files
    names = {}
    for key, payload in files.items():
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
    _INTEGER["value"] = json.loads(files["fields"])["integer"]
    return names


def _inputs(spec, values):
    """The answer's ``inputs`` from the request's values (a dotted key is nested: ``a.magic``)."""
    inputs = {}
    for key, field, how in spec:
        value = values[field]
        value = value if how == "value" else _text(value) if how == "text" else how[value]
        *parents, last = key.split(".")
        target = inputs
        for parent in parents:
            target = target.setdefault(parent, {})
        target[last] = value
    return inputs


def assemble(data, request):
    """The answer a parts document (the duel's) gives to ``request``, put together as
    ``instant.js`` does, or None when it has none."""
    parts, positions, values = data["parts"], {}, {}
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
    sizes = {field: len(axis) for field, axis in data["axes"]}

    def flat(fields):
        position = 0
        for field in fields:
            position = position * sizes[field] + positions[field]
        return position

    casters, pairs = parts["casters"], parts["pairs"]
    pair = flat(pairs["fields"])
    keys = {side: casters["index"][flat(casters["sides"][side])] for side in ("a", "b")}
    keys["relation"] = pairs["relation"][pair]
    refs = [None] * len(parts["slots"])
    for group in parts["groups"]:
        position = 0
        for name in group["by"]:
            position = position * parts["sizes"][name] + keys[name]
        at = group["index"][position]
        if at < 0:
            return None
        for slot, ref in zip(group["slots"], group["values"][at], strict=True):
            refs[slot] = ref
    answer = json.loads(json.dumps(parts["skeletons"][pairs["skeleton"][pair]]))
    slots = list(zip(parts["slots"], refs, strict=True))
    for (path, kind), ref in slots:
        if kind == "p":
            _at(answer, _keys(path)).update(
                zip(parts["probability"], parts["probs"][ref], strict=True)
            )
    for (path, kind), ref in slots:
        if kind == "t":
            template, holes = parts["texts"][ref]
            pieces = template.split("{}")
            text = pieces[0] + "".join(
                str(_at(answer, _keys(hole))) + piece
                for hole, piece in zip(holes, pieces[1:], strict=True)
            )
            keys = _keys(path)
            _at(answer, keys[:-1])[keys[-1]] = text
    return {"calc": data["calc"], "inputs": _inputs(data["inputs"], values), **answer}


def _keys(dotted):
    return [int(part) if part.isdigit() else part for part in dotted.split(".")]


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
        inputs = _inputs(data["inputs"], by_field)
        answer = data["answers"][data["index"][position]]
        if "impossible" in data:
            reasons = data["impossible"]
            texts, tail = reasons["texts"], reasons["tail"][position]
            answer = {
                **answer,
                "impossible": [
                    texts[start] + texts[tail]
                    for start in reasons["heads"][reasons["head"][position]]
                ],
            }
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


# ---------------------------------------------------------------- the duel, from parts

#: The sides of a duel and the fields of each caster (``a_magic``...), in the bridge's names.
_SIDES = ("a", "b")


def _duel_pairs():
    """Every (element of A, element of B), in the order of the document's pairs."""
    return list(itertools.product(rules.ELEMENTS, repeat=2))


def _relation(pair):
    """What the engine makes of two elements in a duel: its dominance and the duel tests'
    modifiers (:func:`rules.dominance`, :func:`rules.test_modifiers`)."""
    return (rules.dominance(*pair), rules.test_modifiers(*pair))


def _duel_axes():
    """Magic up to where every duel test stops changing (:func:`rules.stable_magic` of the
    largest test modifier), learning, elements and readings."""
    largest = max(max(rules.test_modifiers(*pair)) for pair in _duel_pairs())
    magic = list(range(0, rules.stable_magic(largest) + 1))
    axes = []
    for side in _SIDES:
        axes += [
            [f"{side}_magic", magic],
            [f"{side}_learning", list(_LEARNING)],
            [f"{side}_element", list(rules.ELEMENTS)],
        ]
    return axes + [["extremes", list(_EXTREMES)]]


def _duel_request(a, b, pair, extremes):
    """The duel of caster ``a`` (magic, learning) against ``b`` with the elements ``pair``."""
    request = {"calc": "duel", "extremes": extremes}
    for side, caster, element in zip(_SIDES, (a, b), pair, strict=True):
        request.update(
            {
                f"{side}_magic": str(caster[0]),
                f"{side}_learning": str(caster[1]),
                f"{side}_element": element,
            }
        )
    return request


def _walk(value, path=()):
    """Every leaf of a JSON value as (path, value); a path is a tuple of keys and positions."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(item, (*path, key))
    elif isinstance(value, list):
        for position, item in enumerate(value):
            yield from _walk(item, (*path, position))
    else:
        yield path, value


def _dotted(path):
    return ".".join(str(part) for part in path)


def _at(value, path):
    for part in path:
        value = value[part]
    return value


class _DuelParts:
    """The duel's answers cut into parts the page puts back together by looking them up.

    * A caster's *state*: what the bridge shows of one side (its cast and duel-test chances),
      asked on each side under every relation of elements; casters alike share a state.
    * A *body* per (state of A, state of B, relation): the probabilities of the answer and the
      texts that change with the casters (a text quoting percentages of the same answer keeps
      them as holes filled from it).
    * A *skeleton* per pair of elements: the rest of the answer (labels, dominance, reasons
      about the elements).
    """

    def __init__(self):
        self.axes = _duel_axes()
        axes = dict(self.axes)
        self.pairs = _duel_pairs()
        relations = []
        for pair in self.pairs:
            if _relation(pair) not in relations:
                relations.append(_relation(pair))
        self.relations = relations
        self.relation_of = [relations.index(_relation(pair)) for pair in self.pairs]
        self.example = [self.pairs[self.relation_of.index(r)] for r in range(len(relations))]
        self.caster_axes = [
            ["extremes", axes["extremes"]],
            ["learning", axes["a_learning"]],
            ["magic", axes["a_magic"]],
        ]
        self.probability = list(
            _ask(_duel_request((0, _LEARNING[0]), (0, _LEARNING[0]), self.pairs[0], _EXTREMES[0]))[
                "sides"
            ][0]["cast"]
        )
        self.probs, self.texts = _Unique(), _Unique()

    def states(self):
        """Every caster's state, and a member of each state per reading."""
        signatures, index, members = _Unique(), [], {}
        for extremes, learning, magic in itertools.product(*(v for _, v in self.caster_axes)):
            caster = (magic, learning)
            shown = []
            for pair in self.example:  # the caster on both sides: as A and as B at once
                shown.append(_ask(_duel_request(caster, caster, pair, extremes))["sides"])
            state = signatures.add(shown)
            index.append(state)
            members.setdefault((extremes, state), caster)
        return len(signatures.values), index, members

    def answers(self, count, members):
        """The bridge's answer for every (state of A, state of B, relation) met in a reading."""
        found = {}
        for (extremes, sa), a in members.items():
            for (other, sb), b in members.items():
                if other != extremes:
                    continue
                for relation, pair in enumerate(self.example):
                    answer = _strip(_ask(_duel_request(a, b, pair, extremes)))
                    key = (sa, sb, relation)
                    if key in found and found[key] != answer:
                        raise ValueError(f"le duel {key} dépend d'autre chose que de ses sorciers")
                    found[key] = answer
        return found

    def slots(self, answers):
        """Where the parts of a body go: every probability object (``p``), and every other
        value that changes with the casters (``t``)."""
        probability = set(self.probability)
        shapes = {tuple(path for path, _ in _walk(answer)) for answer in answers.values()}
        if len(shapes) != 1:
            raise ValueError("les réponses du duel n'ont pas toutes la même forme")
        first = next(iter(answers.values()))
        places = []
        for path, _ in _walk(first):
            if path[-1] in probability and path[:-1] not in places:
                if not probability <= set(_at(first, path[:-1])):
                    raise ValueError(f"probabilité incomplète : {_dotted(path[:-1])}")
                places.append(path[:-1])
        varying = []
        for relation in range(len(self.relations)):
            group = [answer for key, answer in answers.items() if key[2] == relation]
            for path, value in _walk(group[0]):
                if path[:-1] in places and path[-1] in probability:
                    continue
                if path not in varying and any(_at(other, path) != value for other in group):
                    varying.append(path)
        for path in varying:
            if not all(isinstance(_at(answer, path), str) for answer in answers.values()):
                raise ValueError(f"valeur du duel inattendue : {_dotted(path)}")
        return [(path, "p") for path in places] + [(path, "t") for path in varying]

    def refs(self, answers, slots):
        """For every answer, the index of each slot's part: a probability, or a text (a
        template whose holes name, among the answer's percentages it quotes, the same ones
        in every answer with that template wherever they can)."""
        texts = {}
        for key, answer in answers.items():
            for position, (path, kind) in enumerate(slots):
                if kind == "t":
                    texts[key, position] = _template(_at(answer, path), answer, slots)
        chosen = {}
        for (_, position), (template, holes) in texts.items():
            common = chosen.setdefault((position, template), [set(h) for h in holes])
            for known, candidates in zip(common, holes, strict=True):
                known &= set(candidates)
        refs = {}
        for key, answer in answers.items():
            row = []
            for position, (path, kind) in enumerate(slots):
                if kind == "p":
                    value = _at(answer, path)
                    row.append(self.probs.add([value[name] for name in self.probability]))
                    continue
                template, holes = texts[key, position]
                common = chosen[position, template]
                paths = [
                    next((c for c in candidates if c in shared), candidates[0])
                    for candidates, shared in zip(holes, common, strict=True)
                ]
                row.append(self.texts.add([template, paths]))
            refs[key] = row
        return refs

    def skeleton(self, answer, slots):
        """The answer without its body: probabilities' figures removed, texts left empty."""
        skeleton = json.loads(json.dumps(answer))
        for path, kind in slots:
            if kind == "p":
                target = _at(skeleton, path)
                for key in self.probability:
                    del target[key]
            else:
                _at(skeleton, path[:-1])[path[-1]] = None
        return skeleton


def _template(text, answer, slots):
    """``(template, holes)``: ``text`` with every percentage of ``answer`` it quotes made a
    hole (``{}``), and for each hole the paths of the answer's percentages it may be filled
    from (in the order of the slots)."""
    quoted = {}
    for path, kind in slots:
        if kind == "p":
            percent = _at(answer, path).get("percent")
            if isinstance(percent, str) and percent:
                quoted.setdefault(percent, []).append(f"{_dotted(path)}.percent")
    if "{" in text or "}" in text:
        return text, []
    parts, holes, start, i = [], [], 0, 0
    while i < len(text):
        found = max((p for p in quoted if text.startswith(p, i)), key=len, default=None)
        if found is None:
            i += 1
            continue
        parts.append(text[start:i])
        holes.append(quoted[found])
        i += len(found)
        start = i
    parts.append(text[start:])
    return "{}".join(parts), holes


#: What a part of the duel's answer may depend on: the state of A's caster, of B's, the
#: relation of the elements; each slot is kept by the fewest of them that determine it.
_KEYS = ("a", "b", "relation")


def _groups(refs, sizes):
    """The slots grouped by what they depend on (checked over every answer): ``[{"by": [keys],
    "slots": [positions], "index": [values' position per combination, -1: never met],
    "values": [[part indexes]...]}]``."""
    slots = len(next(iter(refs.values())))
    subsets = [list(c) for n in range(len(_KEYS) + 1) for c in itertools.combinations(_KEYS, n)]
    by_slot = {}
    for position in range(slots):
        for subset in subsets:
            seen = {}
            if all(
                seen.setdefault(
                    tuple(k for k, name in zip(key, _KEYS, strict=True) if name in subset),
                    row[position],
                )
                == row[position]
                for key, row in refs.items()
            ):
                by_slot[position] = subset
                break
    groups = []
    for subset in subsets:
        positions = [p for p in range(slots) if by_slot[p] == subset]
        if not positions:
            continue
        size = 1
        for name in subset:
            size *= sizes[name]
        values, index = _Unique(), [-1] * size
        for key, row in refs.items():
            flat = 0
            for k, name in zip(key, _KEYS, strict=True):
                if name in subset:
                    flat = flat * sizes[name] + k
            index[flat] = values.add([row[p] for p in positions])
        groups.append({"by": subset, "slots": positions, "index": index, "values": values.values})
    return groups


def duel_document():
    """The duel's document (see the module's docstring), asked of the bridge."""
    parts = _DuelParts()
    count, casters, members = parts.states()
    answers = parts.answers(count, members)
    slots = parts.slots(answers)
    refs = parts.refs(answers, slots)
    groups = _groups(refs, {"a": count, "b": count, "relation": len(parts.relations)})
    # A skeleton per pair of elements, from any two casters met in one reading.
    (extremes, _), a = next(iter(members.items()))
    skeletons, pairs = _Unique(), []
    for pair in parts.pairs:
        answer = _strip(_ask(_duel_request(a, a, pair, extremes)))
        pairs.append(skeletons.add(parts.skeleton(answer, slots)))
    document = {
        "format": FORMAT,
        "calc": "duel",
        "axes": parts.axes,
        "fold": {field: values[-1] for field, values in parts.axes if field.endswith("_magic")},
        "inputs": _INPUTS["duel"],
        "parts": {
            "casters": {
                "sides": {
                    side: ["extremes", f"{side}_learning", f"{side}_magic"] for side in _SIDES
                },
                "index": casters,
            },
            "pairs": {
                "fields": [f"{side}_element" for side in _SIDES],
                "skeleton": pairs,
                "relation": parts.relation_of,
            },
            "sizes": {"a": count, "b": count, "relation": len(parts.relations)},
            "slots": [[_dotted(path), kind] for path, kind in slots],
            "groups": groups,
            "probability": parts.probability,
            "probs": parts.probs.values,
            "texts": parts.texts.values,
            "skeletons": skeletons.values,
        },
    }
    # Put together again for every pair of elements, the answers are the bridge's.
    for pair in parts.pairs:
        request = _duel_request(a, a, pair, extremes)
        if assemble(document, request) != _ask(request):
            raise ValueError(f"le duel {pair} ne se recompose pas")
    return document
