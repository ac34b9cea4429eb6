"""The duel's document: its 980,000 inputs' answers cut into parts the page puts back by looking
them up (the format is in the package's docstring)."""

from __future__ import annotations

import itertools
import json

import rules

from .reader import assemble
from .shared import EXTREMES, FORMAT, INPUTS, LEARNING, Unique, ask, at, strip

__all__ = ["duel_document"]

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
            [f"{side}_learning", list(LEARNING)],
            [f"{side}_element", list(rules.ELEMENTS)],
        ]
    return axes + [["extremes", list(EXTREMES)]]


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
            ask(_duel_request((0, LEARNING[0]), (0, LEARNING[0]), self.pairs[0], EXTREMES[0]))[
                "sides"
            ][0]["cast"]
        )
        self.probs, self.texts = Unique(), Unique()

    def states(self):
        """Every caster's state, and a member of each state per reading."""
        signatures, index, members = Unique(), [], {}
        for extremes, learning, magic in itertools.product(*(v for _, v in self.caster_axes)):
            caster = (magic, learning)
            shown = []
            for pair in self.example:  # the caster on both sides: as A and as B at once
                shown.append(ask(_duel_request(caster, caster, pair, extremes))["sides"])
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
                    answer = strip(ask(_duel_request(a, b, pair, extremes)))
                    key = (sa, sb, relation)
                    if key in found and found[key] != answer:
                        raise ValueError(f"le duel {key} dépend d'autre chose que de ses sorciers")
                    found[key] = answer
        return found

    def slots(self, answers):
        """Where the parts of a body go: every probability object (``p``), and every other
        value that changes with the casters (``t``)."""
        shapes = {tuple(path for path, _ in _walk(answer)) for answer in answers.values()}
        if len(shapes) != 1:
            raise ValueError("les réponses du duel n'ont pas toutes la même forme")
        places = self._probability_places(next(iter(answers.values())))
        varying = self._varying(answers, places)
        for path in varying:
            if not all(isinstance(at(answer, path), str) for answer in answers.values()):
                raise ValueError(f"valeur du duel inattendue : {_dotted(path)}")
        return [(path, "p") for path in places] + [(path, "t") for path in varying]

    def _probability_places(self, answer):
        """The paths of the probability objects of an answer."""
        probability = set(self.probability)
        places = []
        for path, _ in _walk(answer):
            if path[-1] in probability and path[:-1] not in places:
                if not probability <= set(at(answer, path[:-1])):
                    raise ValueError(f"probabilité incomplète : {_dotted(path[:-1])}")
                places.append(path[:-1])
        return places

    def _varying(self, answers, places):
        """The paths, outside the probability objects, whose value changes with the casters
        under one relation of elements."""
        probability = set(self.probability)
        varying = []
        for relation in range(len(self.relations)):
            group = [answer for key, answer in answers.items() if key[2] == relation]
            for path, value in _walk(group[0]):
                if path[:-1] in places and path[-1] in probability:
                    continue
                if path not in varying and any(at(other, path) != value for other in group):
                    varying.append(path)
        return varying

    def refs(self, answers, slots):
        """For every answer, the index of each slot's part: a probability, or a text (a
        template whose holes name, among the answer's percentages it quotes, the same ones
        in every answer with that template wherever they can)."""
        texts = {}
        for key, answer in answers.items():
            for position, (path, kind) in enumerate(slots):
                if kind == "t":
                    texts[key, position] = _template(at(answer, path), answer, slots)
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
                    value = at(answer, path)
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
                target = at(skeleton, path)
                for key in self.probability:
                    del target[key]
            else:
                at(skeleton, path[:-1])[path[-1]] = None
        return skeleton


def _template(text, answer, slots):
    """``(template, holes)``: ``text`` with every percentage of ``answer`` it quotes made a
    hole (``{}``), and for each hole the paths of the answer's percentages it may be filled
    from (in the order of the slots)."""
    quoted = {}
    for path, kind in slots:
        if kind == "p":
            percent = at(answer, path).get("percent")
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
        values, index = Unique(), [-1] * size
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
    skeletons, pairs = Unique(), []
    for pair in parts.pairs:
        answer = strip(ask(_duel_request(a, a, pair, extremes)))
        pairs.append(skeletons.add(parts.skeleton(answer, slots)))
    document = {
        "format": FORMAT,
        "calc": "duel",
        "axes": parts.axes,
        "fold": {field: values[-1] for field, values in parts.axes if field.endswith("_magic")},
        "inputs": INPUTS["duel"],
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
        if assemble(document, request) != ask(request):
            raise ValueError(f"le duel {pair} ne se recompose pas")
    return document
