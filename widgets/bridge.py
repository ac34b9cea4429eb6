"""Bridge between the calculators of the site and the rules engine.

The same file runs in CPython (tests) and in Pyodide (the browser's Web
Worker). It imports only :mod:`rules` and the standard library, and it holds
no game rule: every figure comes from the engine and is formatted by the
engine's French formatters. The bridge only

* turns the raw text of the form fields into engine arguments (text that
  looks like an integer becomes an ``int``; anything else is passed through
  unchanged so that the engine's own French message is the one shown);
* calls the engine and returns JSON-ready dicts: every figure already
  formatted ("7/12", "58,3 %", "1 chance sur 1,7"), plus a ``share`` float
  (0–1) per probability, only to size the bars;
* refuses a number of more than ``MAX_DIGITS`` digits before Python converts
  it (its message names the limit), and cuts long raw text in its messages;
* turns :class:`rules.RulesError` into ``{"ok": False, "errors": [...]}``,
  one entry per faulty field, and any other exception into a generic French
  message (never a traceback).

Requests are dicts ``{"calc": <name>, <field>: <raw text>, ...}``:

===============  ==============================================================
``cast``         magic, learning, modifier (0), extremes ("modified")
``roll``         the same as ``cast`` plus face (the die's face, drawn when empty or
                 absent); seed (rolls shared before faces were: the face drawn by
                 Python's ``random.Random(seed)``) is read when face is absent
``duel``         a_magic, a_learning, a_element, b_magic, b_learning,
                 b_element, extremes ("modified")
``progression``  magic, learning, difficulty, xp (0), n (20),
                 extremes ("modified")
``study``        hours, p
===============  ==============================================================

Values in brackets are used when a field is absent (``None``); an empty
string is passed on, and the engine reports it as an empty value. The
``field`` of an error is the request key it belongs to: the engine's
``RulesError.param`` ("magic", "learning", ...), prefixed with the side for
a duel ("a_magic").
"""

from __future__ import annotations

import functools
import json
import re
import sys
from fractions import Fraction

import rules
from rules import errors as rules_errors

__all__ = [
    "answer_key",
    "handle",
    "handle_json",
    "impossible_parts",
    "reading",
    "to_engine",
    "CALCS",
    "FIELD_LABELS",
    "GENERIC_ERROR",
    "MAX_DIGITS",
]

GENERIC_ERROR = (
    "Le calcul n'a pas pu être fait (erreur inattendue du moteur de calcul) ; "
    "les tables précalculées restent valables."
)

# The longest run of digits a field may hold. Longer numbers are refused before any int() (Python
# refuses more than 4,300 digits with an English message, and converting is slow well before).
MAX_DIGITS = 30
_LONG_NUMBER = re.compile(f"[0-9]{{{MAX_DIGITS + 1}}}")

# The signs integer text may start with (ASCII or the typographic minus), and their value.
_SIGNS = {"+": 1, "-": -1, "\u2212": -1}

# Integer-looking text: whitespace, an optional sign, ASCII digits, whitespace.
_INTEGER = re.compile(rf"\s*([{re.escape(''.join(_SIGNS))}]?)([0-9]{{1,{MAX_DIGITS}}})\s*")

# Raw text quoted in a message is cut after this many characters.
_SHOWN_CHARS = 20

# Exact fractions longer than this are not shown (the percentage is).
_MAX_FRACTION_CHARS = 40

# Valid stand-ins used, after a field was found faulty, to look for errors in
# the other fields (the engine stops at the first error it meets).
_STAND_INS = {
    "magic": 0,
    "learning": rules.MIN_LEARNING,
    "modifier": 0,
    "extremes": "modified",
    "difficulty": rules.MIN_DIFFICULTY,
    "xp": 0,
    "n": 1,
    "hours": rules.MIN_STUDY_HOURS,
    "p": "1/2",
    "element": "neutre",
    "seed": "",
    "face": "",
}

_ABSENT = {"modifier": 0, "extremes": "modified", "xp": 0, "n": 20}

# The visible label of each field of the calculators: the one home of these words. The templates
# show them, and every message about a field starts with its label (« Magie : attendu … »), the
# engine's name of the value being replaced by it.
FIELD_LABELS = {
    "magic": "Magie",
    "learning": "Apprentissage",
    "modifier": "Modificateur",
    "extremes": f"Lecture du 1 et du {rules.DIE_FACES}",
    "face": "Face du dé",
    "seed": "Graine",
    "element": "Élément du sort",
    "difficulty": "Difficulté du sort",
    "xp": "Expérience acquise",
    "n": "Nombre de lancers",
    "hours": "Heures d'étude prévues",
    "p": "Chance de réussir chaque test",
}

_SIDE_NAMES = {"a": "A", "b": "B"}
_ELEMENT_WITH_ARTICLE = rules.ELEMENT_ARTICLE_LABELS


def _shown(raw):
    """Raw text as a message quotes it: « … », cut after ``_SHOWN_CHARS`` characters."""
    text = str(raw)
    return f"« {text[:_SHOWN_CHARS]}… »" if len(text) > _SHOWN_CHARS else f"« {text} »"


def _base(field):
    """A request key without its duel side: "a_magic" → "magic"."""
    return field.split("_", 1)[1] if field[:2] in ("a_", "b_") else field


def _labelled(field, message):
    """``message`` about ``field`` starting with the field's visible label instead of the
    engine's name of the value (« magie : attendu … » → « Magie : attendu … »)."""
    base = _base(field) if isinstance(field, str) else None
    label = FIELD_LABELS.get(base) if base else None
    if label is None:
        return message
    name = "graine" if base == "seed" else rules_errors.PARAM_NAMES.get(base, base)
    prefix = f"{name} : "
    return label + " : " + message[len(prefix) :] if message.startswith(prefix) else message


def _too_long(field, raw):
    """The French message refusing ``raw`` when it holds a number too long, else None."""
    if not isinstance(raw, str) or not _LONG_NUMBER.search(raw):
        return None
    base = field.split("_", 1)[1] if field[:2] in ("a_", "b_") else field
    name = "graine" if base == "seed" else rules_errors.PARAM_NAMES.get(base, base)
    return f"{name} : attendu un nombre de {MAX_DIGITS} chiffres au plus, reçu {_shown(raw)}"


class _TooLong:
    """A field whose raw text was refused before reaching the engine."""

    def __init__(self, message):
        self.message = message


class _FieldError(Exception):
    """An input error already attached to a request field."""

    def __init__(self, field, message):
        super().__init__(message)
        self.field = field
        self.message = message


def to_engine(value: object) -> object:
    """Return ``value`` as the engine should receive it.

    Text that looks like an integer (" -3 ", "+5", "12") becomes an ``int``;
    everything else is returned unchanged, so the engine judges it and its
    French message names what was received.
    """
    if isinstance(value, str):
        match = _INTEGER.fullmatch(value)
        if match:
            return _SIGNS.get(match.group(1), 1) * int(match.group(2))
    return value


# ---------------------------------------------------------------- formatting


def _probability(p):
    """All the ways the site shows one exact probability (a fresh dict)."""
    return dict(_probability_items(type(p), p))


@functools.lru_cache(maxsize=1024)
def _probability_items(kind, p):
    # Kept by value (and type): the same odds recur across requests and outcomes.
    fraction = rules.format_fraction(p)
    return (
        ("fraction", fraction if len(fraction) <= _MAX_FRACTION_CHARS else None),
        ("percent", rules.format_percent(p)),
        ("one_in", rules.one_in(p)),
        ("share", round(float(p), 6)),
    )


def _number(x, digits=1):
    """An exact number, as a French decimal and (when short) a fraction (a fresh dict)."""
    return dict(_number_items(type(x), x, digits))


@functools.lru_cache(maxsize=1024)
def _number_items(kind, x, digits):
    fraction = rules.format_fraction(x)
    return (
        ("decimal", rules.format_decimal(x, digits)),
        ("fraction", fraction if len(fraction) <= _MAX_FRACTION_CHARS else None),
    )


def _faces_text(faces):
    """French list of die faces, runs joined: "1 à 3, 7" (or "aucune")."""
    if not faces:
        return "aucune"
    runs, start, previous = [], faces[0], faces[0]
    for face in list(faces[1:]) + [None]:
        if face is not None and face == previous + 1:
            previous = face
            continue
        if start == previous:
            runs.append(str(start))
        elif previous == start + 1:
            runs.append(f"{start}, {previous}")
        else:
            runs.append(f"{start} à {previous}")
        start = previous = face
    return ", ".join(runs)


def _signed(n):
    """A modifier as shown in French: "−1", "+1", "0"."""
    return "0" if n == 0 else (f"+{n}" if n > 0 else f"\u2212{-n}")


# ---------------------------------------------------------------- requests


def _fields(request, names):
    """Engine arguments for the named fields of a request."""
    values = {}
    for name in names:
        raw = request.get(name)
        if raw is None:
            raw = _ABSENT.get(name.split("_", 1)[-1] if name[:2] in ("a_", "b_") else name)
        message = _too_long(name, raw)
        values[name] = _TooLong(message) if message else to_engine(raw)
    return values


def _stand_in(field):
    return _STAND_INS.get(field.split("_", 1)[1] if field[:2] in ("a_", "b_") else field)


class _Labelled(list):
    """The errors of a request, each message starting with its field's visible label."""

    def append(self, error):
        super().append({**error, "message": _labelled(error["field"], error["message"])})


def _run(compute, values):
    """Call ``compute(values)``; collect the error of every faulty field.

    The engine stops at the first invalid argument, so each faulty field is
    replaced by a valid stand-in and the computation retried, until it runs
    or an error cannot be attached to a field of this request.
    """
    values = dict(values)
    errors = _Labelled()
    for field, value in values.items():
        if isinstance(value, _TooLong):
            errors.append({"field": field, "message": value.message})
            values[field] = _stand_in(field)
    while True:
        try:
            result = compute(values)
        except _FieldError as error:
            field, message = error.field, error.message
        except rules.RulesError as error:  # any other error gets the generic French message
            field, message = error.param, str(error)
        else:
            return {"ok": False, "errors": list(errors)} if errors else result
        if field not in values or any(e["field"] == field for e in errors):
            errors.append({"field": field if field in values else None, "message": message})
            return {"ok": False, "errors": list(errors)}
        errors.append({"field": field, "message": message})
        stand_in = _stand_in(field)
        if stand_in is None:
            return {"ok": False, "errors": list(errors)}
        values[field] = stand_in


def _cast_figures(v):
    """The answer to a valid cast request, a fresh copy the caller may change (a roll adds its
    own part to it)."""
    return json.loads(_cast_answer(v["magic"], v["learning"], v["modifier"], v["extremes"]))


@functools.lru_cache(maxsize=512)
def _cast_answer(magic, learning, modifier, extremes):
    """The cast figures of one set of values as JSON, kept: every roll of a cast repeats them."""
    v = {"magic": magic, "learning": learning, "modifier": modifier, "extremes": extremes}
    odds = rules.cast_odds(magic, learning, modifier=modifier, extremes=extremes)
    faces = rules.outcome_faces(magic, learning, modifier=modifier, extremes=extremes)
    expected = rules.expected_xp(magic, learning, modifier=modifier, extremes=extremes)
    cast_chance = sum((p for o, p in odds.items() if o.is_cast), Fraction(0))
    answer = {
        "ok": True,
        "calc": "cast",
        "inputs": {
            "magic": magic,
            "learning": learning,
            "modifier": modifier,
            "extremes": extremes,
            "extremes_label": rules.EXTREMES_LABELS[extremes],
        },
        "outcomes": [
            {
                "key": outcome.value,
                "label": outcome.label,
                "faces": list(faces[outcome]),
                "faces_text": _faces_text(faces[outcome]),
                "xp": rules.xp_for(outcome),
                **_probability(odds[outcome]),
            }
            for outcome in rules.Outcome
        ],
        "cast_chance": _probability(cast_chance),
        "at_least": _at_least(odds),
        "expected_xp": _number(expected, 2),
        "impossible": _impossible(v),
    }
    return json.dumps(answer, ensure_ascii=False)


def _at_least(odds):
    """The chance of each outcome or a better one, from the second worst to the best."""
    order = list(rules.Outcome)
    return [
        {
            "key": outcome.value,
            "label": f"« {outcome.label} »" + (" ou mieux" if outcome is not order[-1] else ""),
            **_probability(sum((odds[o] for o in order[index:]), Fraction(0))),
        }
        for index, outcome in enumerate(order)
        if index
    ]


def _impossible(v):
    """The engine's sentence for each outcome no face gives, in outcome order."""
    return [
        reason
        for outcome in rules.Outcome
        if (
            reason := rules.impossible_reason(
                outcome, v["magic"], v["learning"], modifier=v["modifier"], extremes=v["extremes"]
            )
        )
    ]


def impossible_parts(request: dict[str, object]) -> list[tuple[str, str]]:
    """The engine's two parts (:func:`rules.impossible_parts`) of each ``impossible`` sentence of
    the answer to a valid cast request, in outcome order."""
    v = _fields(request, ("magic", "learning", "modifier", "extremes"))
    return [
        parts
        for outcome in rules.Outcome
        if (
            parts := rules.impossible_parts(
                outcome, v["magic"], v["learning"], modifier=v["modifier"], extremes=v["extremes"]
            )
        )
    ]


def _cast(request):
    return _run(_cast_figures, _fields(request, ("magic", "learning", "modifier", "extremes")))


def _blank(raw):
    return raw is None or (isinstance(raw, str) and not raw.strip())


def _seed(raw):
    """The seed of a roll shared as a seed: a non-negative int."""
    too_long = _too_long("seed", raw)
    if too_long:
        raise _FieldError("seed", too_long)
    seed = to_engine(raw)
    if isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0:
        return seed
    shown = _shown(raw) if isinstance(raw, str) else str(raw)
    raise _FieldError("seed", f"graine : attendu un entier positif ou nul, reçu {shown}")


def _roll(request):
    values = _fields(request, ("magic", "learning", "modifier", "extremes", "face"))
    seeded = _blank(request.get("face")) and not _blank(request.get("seed"))
    if seeded:
        values["seed"] = request.get("seed")

    def compute(v):
        figures = _cast_figures(v)
        cast = functools.partial(
            rules.cast, v["magic"], v["learning"], modifier=v["modifier"], extremes=v["extremes"]
        )
        if seeded and not _blank(v["seed"]):  # (blank: the stand-in of a refused seed)
            import random  # imported on first use: the browser pays for the bridge's imports

            seed = _seed(v["seed"])
            result = cast(rng=random.Random(seed))
        elif _blank(v["face"]):
            import secrets

            seed, result = None, cast(face=secrets.randbelow(rules.DIE_FACES) + 1)
        else:
            seed, result = None, cast(face=v["face"])
        figures["calc"] = "roll"
        figures["roll"] = {
            "face": result.face,
            "modified": result.modified,
            "outcome": result.outcome.value,
            "label": result.outcome.label,
            "xp": result.xp,
            "xp_text": f"+{result.xp} XP",
        }
        if seed is not None:
            figures["roll"]["seed"] = seed
        return figures

    return _run(compute, values)


def _caster(v, side):
    try:
        return rules.Caster(v[f"{side}_magic"], v[f"{side}_learning"], v[f"{side}_element"])
    except rules.RulesError as error:
        param = error.param
        raise _FieldError(f"{side}_{param}" if param else None, str(error)) from None


def _duel_figures(v):
    a, b = _caster(v, "a"), _caster(v, "b")
    extremes = v["extremes"]
    d = rules.duel_breakdown(a, b, extremes=extremes)
    odds, clash = d.odds, d.clash
    result_labels = {
        "a": "Le sort de A prend effet",
        "b": "Le sort de B prend effet",
        "cancel": "Les deux sorts s'annulent",
        "none": "Aucun sort n'est lancé",
    }
    sides = {
        side: {
            "magic": caster.magic,
            "learning": caster.learning,
            "element": caster.element,
            "element_label": rules.ELEMENT_LABELS[caster.element],
        }
        for side, caster in (("a", a), ("b", b))
    }
    return {
        "ok": True,
        "calc": "duel",
        "inputs": {
            "a": sides["a"],
            "b": sides["b"],
            "extremes": extremes,
            "extremes_label": rules.EXTREMES_LABELS[extremes],
        },
        "dominant": d.dominant,
        "dominant_label": _SIDE_NAMES.get(d.dominant, "aucun"),
        "odds": [
            {"key": key, "label": result_labels[key], **_probability(odds[key])}
            for key in ("a", "b", "cancel", "none")
        ],
        "clash": [
            {"key": key, "label": result_labels[key], **_probability(clash[key])}
            for key in ("a", "b", "cancel")
        ],
        "sides": [
            {
                "key": side,
                "label": f"Sorcier {_SIDE_NAMES[side]}",
                "element_label": sides[side]["element_label"],
                "modifier": _signed(modifier),
                "cast": _probability(cast),
                "test": _probability(test),
            }
            for side, modifier, cast, test in (
                ("a", d.modifier_a, d.cast_a, d.test_a),
                ("b", d.modifier_b, d.cast_b, d.test_b),
            )
        ],
        "rows": [
            {
                "a": "réussi" if row.a_passed else "raté",
                "b": "réussi" if row.b_passed else "raté",
                "a_passed": row.a_passed,
                "b_passed": row.b_passed,
                "result": row.result,
                "result_label": result_labels[row.result],
                **_probability(row.probability),
            }
            for row in d.rows
        ],
        "verdict": _verdict(odds),
        "reasons": _reasons(a, b, d),
    }


def _verdict(odds):
    a, b = odds["a"], odds["b"]
    pa, pb = rules.format_percent(a), rules.format_percent(b)
    if a == b:
        return f"Équilibre : chaque sort prend effet dans {pa} des cas."
    winner, loser = ("A", "B") if a > b else ("B", "A")
    return (
        f"Avantage à {winner} : son sort prend effet dans "
        f"{pa if a > b else pb} des cas, contre {pb if a > b else pa} pour {loser}."
    )


def _reasons(a, b, d):
    """French sentences explaining the figures, built from the engine's breakdown."""
    reasons = []
    if d.dominant:
        win, lose = (a, b) if d.dominant == "a" else (b, a)
        w, loser = _SIDE_NAMES[d.dominant], "B" if d.dominant == "a" else "A"
        reasons.append(
            f"{_ELEMENT_WITH_ARTICLE[win.element].capitalize()} ({w}) domine "
            f"{_ELEMENT_WITH_ARTICLE[lose.element]} ({loser}) : "
            f"{_signed(d.modifier_a if w == 'A' else d.modifier_b)} au résultat du dé "
            f"pour {w} lors du test de duel, "
            f"{_signed(d.modifier_b if w == 'A' else d.modifier_a)} pour {loser}."
        )
    elif a.element == b.element:
        reasons.append(
            f"Même élément ({_ELEMENT_WITH_ARTICLE[a.element]}) : aucune dominance, "
            "aucun modificateur au test de duel."
        )
    else:
        reasons.append(
            "Un sort neutre est hors du cercle de dominance : aucune dominance, "
            "aucun modificateur au test de duel."
        )
    reasons.append(
        f"A lance son sort avec {rules.format_percent(d.cast_a)} de chances, "
        f"B avec {rules.format_percent(d.cast_b)}."
    )
    reasons.append(
        "Si les deux sorts se rencontrent, A réussit son test de duel avec "
        f"{rules.format_percent(d.test_a)} de chances, B avec {rules.format_percent(d.test_b)}."
    )
    if d.dominant:
        reasons.append(
            "Si les deux tests réussissent ou échouent ensemble, le sort dominant "
            f"({_SIDE_NAMES[d.dominant]}) l'emporte."
        )
    else:
        reasons.append(
            "Si les deux tests réussissent ou échouent ensemble, les deux sorts s'annulent."
        )
    return reasons


def _duel(request):
    names = ("a_magic", "a_learning", "a_element", "b_magic", "b_learning", "b_element", "extremes")
    return _run(_duel_figures, _fields(request, names))


def _progression_figures(v):
    magic, learning, difficulty = v["magic"], v["learning"], v["difficulty"]
    xp, n, extremes = v["xp"], v["n"], v["extremes"]
    path = rules.level_path(magic, learning, difficulty, xp, extremes=extremes)
    figures = {
        "ok": True,
        "calc": "progression",
        "inputs": {
            "magic": magic,
            "learning": learning,
            "difficulty": difficulty,
            "xp": xp,
            "n": n,
            "extremes": extremes,
            "extremes_label": rules.EXTREMES_LABELS[extremes],
        },
        "max_level": not path,
        "path": [
            {
                "to_level": step.to_level,
                "label": f"{step.to_level - 1} → {step.to_level}",
                "cost": step.cost,
                "xp_needed": step.xp_needed,
                "expected_casts": rules.format_decimal(step.expected_casts, 1),
            }
            for step in path
        ],
        "expected_xp": _number(rules.expected_xp(magic, learning, extremes=extremes), 2),
    }
    if path:
        expected = rules.casts_to_next_level(magic, learning, difficulty, xp, extremes=extremes)
        within = rules.level_up_within(magic, learning, difficulty, n, xp, extremes=extremes)
        figures.update(
            next_level=learning + 1,
            cost=rules.level_up_cost(learning, difficulty),
            xp_needed=path[0].xp_needed,
            expected_casts=_number(expected, 1),
            within={"n": n, **_probability(within)},
        )
    else:
        # Still check the number of casts, so a bad value is reported at 5 too.
        if not (isinstance(n, int) and not isinstance(n, bool) and n >= 0):
            rules.level_up_within(magic, 1, difficulty, n, extremes=extremes)
        figures.update(next_level=None, cost=None, xp_needed=0, expected_casts=None, within=None)
    return figures


def _progression(request):
    names = ("magic", "learning", "difficulty", "xp", "n", "extremes")
    return _run(_progression_figures, _fields(request, names))


def _study_figures(v):
    hours, p = v["hours"], v["p"]
    odds = rules.study_odds(hours, p)
    expected = rules.study_expected(hours, p)
    best_hours, best_expected = rules.best_study_hours(p)
    return {
        "ok": True,
        "calc": "study",
        "inputs": {"hours": hours, "p": p if isinstance(p, str) else str(p)},
        "distribution": [{"xp": xp, **_probability(chance)} for xp, chance in odds.items()],
        "expected": _number(expected, 2),
        "best": {"hours": best_hours, "expected": _number(best_expected, 2)},
        "by_hours": [
            {
                "hours": h,
                "full_xp": rules.study_xp(h),
                "expected": rules.format_decimal(rules.study_expected(h, p), 2),
                "best": h == best_hours,
                "planned": h == hours,
            }
            for h in rules.STUDY_XP
        ],
    }


def _study(request):
    return _run(_study_figures, _fields(request, ("hours", "p")))


CALCS = {
    "cast": _cast,
    "roll": _roll,
    "duel": _duel,
    "progression": _progression,
    "study": _study,
}


def answer_key(request: dict[str, object]) -> tuple | None:
    """A hashable value shared by requests whose answers are the same apart from ``inputs``
    (the engine's :func:`rules.cast_key` and :func:`rules.progression_key`), or None when the
    request cannot be grouped (another calculator, or a value the engine refuses)."""
    try:
        calc = request.get("calc")
        if calc == "cast":
            v = _fields(request, ("magic", "learning", "modifier", "extremes"))
            return rules.cast_key(
                v["magic"], v["learning"], modifier=v["modifier"], extremes=v["extremes"]
            )
        if calc == "progression":
            v = _fields(request, ("magic", "learning", "difficulty", "xp", "n", "extremes"))
            n = v["n"]
            if not (isinstance(n, int) and not isinstance(n, bool) and n >= 0):
                return None
            return rules.progression_key(
                v["magic"], v["learning"], v["difficulty"], v["xp"], extremes=v["extremes"]
            ) + (n,)
    except Exception:  # noqa: BLE001 - an invalid request is simply not grouped
        return None
    return None


def handle(request: object) -> dict[str, object]:
    """Answer one calculator request (a dict of raw field text) with a JSON-ready dict.

    ``{"ok": True, "calc": ..., ...figures}`` or ``{"ok": False, "errors":
    [{"field": <request key or None>, "message": <French>}]}``. Never raises.
    """
    try:
        if not isinstance(request, dict):
            return {
                "ok": False,
                "errors": [{"field": None, "message": "requête invalide : attendu un objet"}],
            }
        calc = request.get("calc")
        handler = CALCS.get(calc) if isinstance(calc, str) else None
        if handler is None:
            return {
                "ok": False,
                "errors": [{"field": "calc", "message": f"calculateur inconnu : « {calc} »"}],
            }
        return handler(request)
    except Exception:  # noqa: BLE001 — the reader gets a sentence; the console gets the details
        import traceback

        traceback.print_exc(file=sys.stderr)
        return {"ok": False, "errors": [{"field": None, "message": GENERIC_ERROR}]}


def handle_json(text: str) -> str:
    """:func:`handle` for JSON text in and out (what the Web Worker calls)."""
    try:
        request = json.loads(text)
    except (TypeError, ValueError):
        request = None
    return json.dumps(handle(request), ensure_ascii=False)


# ---------------------------------------------------------------- the fields, as data

# The fields of each calculator in the order the engine judges them, and what each holds:
# ("integer", low, high) with None for no bound, ("choice", allowed values), ("probability",).
# Bounds are the engine's constants; the messages are asked from the bridge itself.
_ANY_INT = ("integer", None, None)
_MAGIC = ("integer", 0, None)
_LEARNING = ("integer", rules.MIN_LEARNING, rules.MAX_LEARNING)
_EXTREMES = ("choice", tuple(rules.EXTREMES))
_ELEMENT = ("choice", tuple(rules.ELEMENTS))
_SPECS: dict[str, dict[str, tuple]] = {
    "cast": {"magic": _MAGIC, "learning": _LEARNING, "modifier": _ANY_INT, "extremes": _EXTREMES},
    "duel": {
        "a_magic": _MAGIC,
        "a_learning": _LEARNING,
        "a_element": _ELEMENT,
        "b_magic": _MAGIC,
        "b_learning": _LEARNING,
        "b_element": _ELEMENT,
        "extremes": _EXTREMES,
    },
    "progression": {
        "magic": _MAGIC,
        "learning": _LEARNING,
        "difficulty": ("integer", rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY),
        "xp": ("integer", 0, "cost"),
        "extremes": _EXTREMES,
        "n": ("integer", 0, None),
    },
    "study": {
        "hours": ("integer", rules.MIN_STUDY_HOURS, rules.MAX_STUDY_HOURS),
        "p": ("probability",),
    },
}
_SPECS["roll"] = {**_SPECS["cast"], "face": ("integer", 1, rules.DIE_FACES)}

# A value no field accepts, whose description is replaced by "{}" in the message templates.
_SENTINEL = "\u2060?\u2060"


def _valid_request(calc: str) -> dict[str, str]:
    request = {"calc": calc}
    for field, _spec in _SPECS[calc].items():
        value = _stand_in(field)
        request[field] = value if isinstance(value, str) else str(value)
    return request


def _template(request: dict[str, str], field: str) -> str:
    """The bridge's message for ``field`` holding the sentinel, with "{}" for the value."""
    errors = handle({**request, field: _SENTINEL})["errors"]
    assert isinstance(errors, list)
    message = next(e["message"] for e in errors if e["field"] == field)
    shown = rules_errors.describe(_SENTINEL)
    if message.count(shown) != 1:
        raise ValueError(f"message inattendu pour {field} : {message}")
    return message.replace(shown, "{}")


def reading() -> dict:
    """How the bridge reads every field, as JSON-ready data for the pages, which then judge a
    value without the engine and word their messages exactly as :func:`handle` does.

    ``integer``: integer text is ``whitespace``, an optional sign of ``signs``, 1 to ``digits``
    ASCII digits, ``whitespace``. ``long``: the message (``{}`` for the quoted text, cut after
    ``shown`` characters) for a field holding more than ``digits`` digits in a row. ``describe``:
    how a message names the value received (``blank`` for blank text, text cut after ``chars``
    characters). ``probability``: how a probability is written (the engine's patterns, ``\\s``
    standing for ``whitespace``). ``calcs``: per calculator, its fields in the engine's order:
    ``label`` (its visible label, which starts its messages), ``kind`` ("integer", "choice" or
    "probability"), ``low``/``high`` (None: no bound; for the
    progression's XP, ``high`` and ``message`` by "learning,difficulty", the bound being below the
    level's cost, None at the last level; ``by`` names those fields), ``allowed``, ``absent`` (the value of a field not sent),
    ``stand_in`` (the value the other fields are judged with when this one is refused), and
    ``message`` (``{}`` for the value received).
    """
    whitespace = "".join(filter(str.isspace, map(chr, range(sys.maxunicode + 1))))
    calcs = {}
    for calc, specs in _SPECS.items():
        base = _valid_request(calc)
        fields = []
        for field, spec in specs.items():
            short = field.split("_", 1)[1] if field[:2] in ("a_", "b_") else field
            entry = {
                "field": field,
                "label": FIELD_LABELS[short],
                "kind": spec[0],
                "absent": _ABSENT.get(short),
                "stand_in": _stand_in(field),
            }
            if spec[0] == "integer" and spec[2] == "cost":
                highs: dict[str, int | None] = {}
                messages = {}
                for learning in range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1):
                    for difficulty in range(rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY + 1):
                        key = f"{learning},{difficulty}"
                        try:
                            cost = rules.level_up_cost(learning, difficulty)
                            highs[key] = None if cost is None else cost - 1
                        except rules.RulesError:
                            highs[key] = None  # the last level: no cost left
                        messages[key] = _template(
                            {**base, "learning": str(learning), "difficulty": str(difficulty)},
                            field,
                        )
                entry.update(
                    low=spec[1], high=highs, message=messages, by=["learning", "difficulty"]
                )
            else:
                if spec[0] == "integer":
                    entry.update(low=spec[1], high=spec[2])
                elif spec[0] == "choice":
                    entry.update(allowed=list(spec[1]))
                entry["message"] = _template(base, field)
            fields.append(entry)
        calcs[calc] = fields
    sample = "1" * (MAX_DIGITS + 1)
    return {
        "integer": {"whitespace": whitespace, "signs": dict(_SIGNS), "digits": MAX_DIGITS},
        "long": {
            "digits": MAX_DIGITS,
            "shown": _SHOWN_CHARS,
            "message": {
                field: _labelled(field, _too_long(field, sample)).replace(_shown(sample), "{}")
                for specs in _SPECS.values()
                for field in specs
            },
        },
        "describe": {
            "blank": rules_errors.describe(""),
            "none": rules_errors.describe(None),
            "chars": rules_errors.MAX_SHOWN,
        },
        "probability": {
            "ratio": rules_errors.PROBABILITY_RATIO,
            "decimal": rules_errors.PROBABILITY_DECIMAL,
            "percent_spaces": rules_errors.PERCENT_SPACES,
            "low": 0,
            "high": 1,
        },
        "calcs": calcs,
    }
