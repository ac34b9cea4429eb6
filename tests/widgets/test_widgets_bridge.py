"""widgets/bridge in CPython: every figure equals what rules/ computes and formats."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import rules
from widgets import bridge
from widgets.bridge.formatting import faces_text


def engine_probability(p):
    return {
        "fraction": rules.format_fraction(p),
        "percent": rules.format_percent(p),
        "one_in": rules.one_in(p),
    }


def shown(figure):
    """The displayed keys of a bridge probability (share is only for bars)."""
    return {k: figure[k] for k in ("fraction", "percent", "one_in")}


def engine_message(call):
    with pytest.raises(rules.RulesError) as caught:
        call()
    return caught.value.param, str(caught.value)


def beside_field(field, message):
    """The engine's ``message`` as the calculator shows it: after the field's visible label."""
    name, said = message.split(" : ", 1)
    assert name == rules.errors.PARAM_NAMES[field.removeprefix("a_").removeprefix("b_")]
    return f"{bridge.FIELD_LABELS[field.removeprefix('a_').removeprefix('b_')]} : {said}"


# ---------------------------------------------------------------- conversion


@pytest.mark.parametrize(
    "raw, expected",
    [("12", 12), (" -3 ", -3), ("+5", 5), ("\u22122", -2), ("0", 0), (7, 7)],
)
def test_integer_text_becomes_int(raw, expected):
    assert bridge.to_engine(raw) == expected
    assert type(bridge.to_engine(raw)) is int


@pytest.mark.parametrize(
    "raw", ["", " ", "abc", "1.5", "3/4", "75 %", "1 2", "--1", None, True, "9" * 400]
)
def test_other_values_pass_unchanged(raw):
    assert bridge.to_engine(raw) is raw


# ---------------------------------------------------------------- cast


@pytest.mark.parametrize("magic", [0, 1, 6, 13, 30])
@pytest.mark.parametrize("learning", [1, 3, 5])
@pytest.mark.parametrize("modifier, extremes", [(0, "modified"), (-1, "natural"), (2, "modified")])
def test_cast_matches_engine(magic, learning, modifier, extremes):
    out = bridge.handle(
        {
            "calc": "cast",
            "magic": str(magic),
            "learning": f" {learning} ",
            "modifier": str(modifier),
            "extremes": extremes,
        }
    )
    assert out["ok"] is True
    odds = rules.cast_odds(magic, learning, modifier=modifier, extremes=extremes)
    assert [o["key"] for o in out["outcomes"]] == [o.value for o in rules.Outcome]
    for row, outcome in zip(out["outcomes"], rules.Outcome, strict=True):
        assert row["label"] == outcome.label
        assert row["xp"] == rules.xp_for(outcome)
        assert shown(row) == engine_probability(odds[outcome])
        assert row["share"] == pytest.approx(float(odds[outcome]), abs=1e-6)
        faces = [
            f
            for f in range(1, 13)
            if rules.cast(magic, learning, face=f, modifier=modifier, extremes=extremes).outcome
            is outcome
        ]
        assert row["faces"] == faces
    expected = rules.expected_xp(magic, learning, modifier=modifier, extremes=extremes)
    assert out["expected_xp"] == {
        "decimal": rules.format_decimal(expected, 2),
        "fraction": rules.format_fraction(expected),
    }
    cast_chance = sum((p for o, p in odds.items() if o.is_cast), Fraction(0))
    assert shown(out["cast_chance"]) == engine_probability(cast_chance)
    assert out["inputs"]["extremes_label"] == rules.EXTREMES_LABELS[extremes]
    json.dumps(out)


def test_faces_text():
    assert faces_text([]) == "aucune"
    assert faces_text([1, 2, 3, 5, 7, 8, 12]) == "1 à 3, 5, 7, 8, 12"


def test_absent_optional_fields_take_the_engine_defaults():
    out = bridge.handle({"calc": "cast", "magic": "6", "learning": "2"})
    assert out["inputs"]["modifier"] == 0 and out["inputs"]["extremes"] == "modified"


# ---------------------------------------------------------------- roll


def test_roll_with_seed_is_the_engine_cast_with_that_seed():
    for seed in (0, 1, 42, 987654):
        out = bridge.handle(
            {
                "calc": "roll",
                "magic": "5",
                "learning": "2",
                "modifier": "-1",
                "extremes": "natural",
                "seed": str(seed),
            }
        )
        expected = rules.cast(5, 2, rng=random.Random(seed), modifier=-1, extremes="natural")
        assert out["roll"] == {
            "face": expected.face,
            "modified": expected.modified,
            "outcome": expected.outcome.value,
            "label": expected.outcome.label,
            "xp": expected.xp,
            "xp_text": f"+{expected.xp} XP",
            "seed": seed,
        }
        # The roll carries the odds too, as a cast would.
        assert (
            out["outcomes"]
            == bridge.handle(
                {
                    "calc": "cast",
                    "magic": "5",
                    "learning": "2",
                    "modifier": "-1",
                    "extremes": "natural",
                }
            )["outcomes"]
        )


@pytest.mark.parametrize("face", range(1, rules.DIE_FACES + 1))
def test_roll_with_a_face_is_the_engine_cast_on_that_face(face):
    out = bridge.handle(
        {"calc": "roll", "magic": "8", "learning": "3", "modifier": "1", "face": f" {face}"}
    )
    expected = rules.cast(8, 3, face=face, modifier=1)
    assert out["roll"] == {
        "face": face,
        "modified": expected.modified,
        "outcome": expected.outcome.value,
        "label": expected.outcome.label,
        "xp": expected.xp,
        "xp_text": f"+{expected.xp} XP",
    }


@pytest.mark.parametrize("face", [None, "", "  "])
def test_roll_without_face_or_seed_draws_a_face(face):
    request = {"calc": "roll", "magic": "8", "learning": "3"}
    if face is not None:
        request["face"] = face
    faces = {bridge.handle(request)["roll"]["face"] for _ in range(60)}
    assert len(faces) > 1 and faces <= set(range(1, rules.DIE_FACES + 1))


@pytest.mark.parametrize("face", ["0", "13", "abc", "\u0663", "1.5"])
def test_bad_face_is_reported_on_its_field(face):
    out = bridge.handle({"calc": "roll", "magic": "1", "learning": "1", "face": face, "seed": "5"})
    assert [e["field"] for e in out["errors"]] == ["face"]
    assert out["errors"][0]["message"].startswith("Face du dé : attendu un entier de 1 à 12, reçu ")


@pytest.mark.parametrize("seed", ["abc", "-4", "1.5"])
def test_bad_seed_is_reported_on_its_field(seed):
    out = bridge.handle({"calc": "roll", "magic": "1", "learning": "1", "seed": seed})
    assert out == {
        "ok": False,
        "errors": [
            {
                "field": "seed",
                "message": f"Graine : attendu un entier positif ou nul, reçu « {seed} »",
            }
        ],
    }


# ---------------------------------------------------------------- hostile sizes

LONG = "9" * 5000  # beyond Python's 4,300-digit limit on int()


@pytest.mark.parametrize(
    "request_, field, name",
    [
        ({"calc": "cast", "magic": LONG, "learning": "1"}, "magic", "Magie"),
        (
            {"calc": "cast", "magic": "1", "learning": "1", "modifier": "-" + LONG},
            "modifier",
            "Modificateur",
        ),
        ({"calc": "roll", "magic": "1", "learning": "1", "seed": LONG}, "seed", "Graine"),
        (
            {"calc": "progression", "magic": "1", "learning": "1", "difficulty": "1", "xp": LONG},
            "xp",
            "Expérience acquise",
        ),
        ({"calc": "study", "hours": "4", "p": "1/" + LONG}, "p", "Chance de réussir chaque test"),
        ({"calc": "study", "hours": "4", "p": "0," + LONG}, "p", "Chance de réussir chaque test"),
        (
            {
                "calc": "duel",
                "a_magic": "1",
                "a_learning": "1",
                "a_element": "feu",
                "b_magic": "9" * 31,
                "b_learning": "1",
                "b_element": "eau",
            },
            "b_magic",
            "Magie",
        ),
    ],
)
def test_too_many_digits_are_refused_before_python_converts_them(request_, field, name):
    out = bridge.handle(request_)
    value = request_[field]
    assert out == {
        "ok": False,
        "errors": [
            {
                "field": field,
                "message": f"{name} : attendu un nombre de {bridge.MAX_DIGITS} chiffres au plus, reçu « {value[:20]}… »",
            }
        ],
    }
    assert bridge.MAX_DIGITS == 30


def test_the_digit_limit_is_exact():
    ok = bridge.handle(
        {
            "calc": "progression",
            "magic": "9" * 30,
            "learning": "5",
            "difficulty": "1",
            "xp": "9" * 30,
        }
    )
    assert ok["ok"] is True
    out = bridge.handle(
        {"calc": "progression", "magic": "9" * 31, "learning": "5", "difficulty": "1"}
    )
    assert out["errors"][0]["field"] == "magic"


def test_other_faulty_fields_are_still_reported_beside_a_long_number():
    out = bridge.handle({"calc": "cast", "magic": LONG, "learning": "x"})
    assert [e["field"] for e in out["errors"]] == ["magic", "learning"]
    assert out["errors"][1]["message"] == "Apprentissage : attendu un entier de 1 à 5, reçu « x »"


def test_long_values_are_cut_in_messages():
    seed = "abcdefghijklmnopqrstuvwxyz" * 200
    out = bridge.handle({"calc": "roll", "magic": "1", "learning": "1", "seed": seed})
    assert (
        out["errors"][0]["message"]
        == "Graine : attendu un entier positif ou nul, reçu « abcdefghijklmnopqrst… »"
    )
    out = bridge.handle({"calc": "cast", "magic": "x" * 5000, "learning": "1"})
    assert len(out["errors"][0]["message"]) < 100


def test_a_python_error_never_reaches_the_reader_in_english(monkeypatch):
    def refuse(*args, **kwargs):
        raise ValueError("Exceeds the limit (4300 digits) for integer string conversion")

    monkeypatch.setattr(rules, "study_odds", refuse)
    out = bridge.handle({"calc": "study", "hours": "4", "p": "3/4"})
    assert out == {"ok": False, "errors": [{"field": None, "message": bridge.GENERIC_ERROR}]}


# ---------------------------------------------------------------- duel


@pytest.mark.parametrize(
    "a, b",
    [
        ((4, 3, "feu"), (6, 2, "eau")),
        ((0, 1, "vigne"), (10, 5, "eau")),
        ((4, 3, "neutre"), (4, 3, "feu")),
        ((7, 2, "eau"), (7, 2, "eau")),
        ((2, 4, "feu"), (3, 1, "vigne")),
    ],
)
@pytest.mark.parametrize("extremes", ["modified", "natural"])
def test_duel_matches_engine(a, b, extremes):
    request = {"calc": "duel", "extremes": extremes}
    for side, (magic, learning, element) in (("a", a), ("b", b)):
        request.update(
            {
                f"{side}_magic": str(magic),
                f"{side}_learning": str(learning),
                f"{side}_element": element,
            }
        )
    out = bridge.handle(request)
    assert out["ok"] is True
    d = rules.duel_breakdown(rules.Caster(*a), rules.Caster(*b), extremes=extremes)
    assert out["dominant"] == d.dominant == rules.dominance(a[2], b[2])
    assert [o["key"] for o in out["odds"]] == ["a", "b", "cancel", "none"]
    for row in out["odds"]:
        assert shown(row) == engine_probability(d.odds[row["key"]])
        assert shown(row) == engine_probability(
            rules.duel_odds(rules.Caster(*a), rules.Caster(*b), extremes=extremes)[row["key"]]
        )
    for row in out["clash"]:
        assert shown(row) == engine_probability(
            rules.clash_odds(rules.Caster(*a), rules.Caster(*b), extremes=extremes)[row["key"]]
        )
    sides = {s["key"]: s for s in out["sides"]}
    assert shown(sides["a"]["cast"]) == engine_probability(d.cast_a)
    assert shown(sides["b"]["test"]) == engine_probability(d.test_b)
    assert len(out["rows"]) == len(d.rows)
    for row, expected in zip(out["rows"], d.rows, strict=True):
        assert (row["a_passed"], row["b_passed"], row["result"]) == (
            expected.a_passed,
            expected.b_passed,
            expected.result,
        )
        assert shown(row) == engine_probability(expected.probability)
    # The verdict names the larger of the engine's two figures.
    pa, pb = rules.format_percent(d.odds["a"]), rules.format_percent(d.odds["b"])
    assert pa in out["verdict"] and pb in out["verdict"]
    if d.odds["a"] != d.odds["b"]:
        assert out["verdict"].startswith(
            "Avantage à " + ("A" if d.odds["a"] > d.odds["b"] else "B")
        )
    assert rules.format_percent(d.test_a) in " ".join(out["reasons"])


def test_duel_errors_name_the_side():
    out = bridge.handle(
        {
            "calc": "duel",
            "a_magic": "x",
            "a_learning": "3",
            "a_element": "feu",
            "b_magic": "6",
            "b_learning": "0",
            "b_element": "air",
        }
    )
    assert out["ok"] is False
    expected = [
        (
            "a_magic",
            beside_field("a_magic", engine_message(lambda: rules.Caster("x", 3, "feu"))[1]),
        ),
        (
            "b_learning",
            beside_field("b_learning", engine_message(lambda: rules.Caster(6, 0, "air"))[1]),
        ),
        (
            "b_element",
            beside_field("b_element", engine_message(lambda: rules.Caster(6, 3, "air"))[1]),
        ),
    ]
    assert [(e["field"], e["message"]) for e in out["errors"]] == expected


# ---------------------------------------------------------------- progression


@pytest.mark.parametrize(
    "magic, learning, difficulty, xp, n",
    [(4, 1, 1, 0, 20), (4, 2, 3, 10, 30), (0, 4, 5, 499, 1), (12, 3, 2, 0, 0), (6, 1, 5, 20, 100)],
)
def test_progression_matches_engine(magic, learning, difficulty, xp, n):
    out = bridge.handle(
        {
            "calc": "progression",
            "magic": str(magic),
            "learning": str(learning),
            "difficulty": str(difficulty),
            "xp": str(xp),
            "n": str(n),
        }
    )
    assert out["ok"] is True
    path = rules.level_path(magic, learning, difficulty, xp)
    assert out["path"] == [
        {
            "to_level": s.to_level,
            "label": f"{s.to_level - 1} → {s.to_level}",
            "cost": s.cost,
            "xp_needed": s.xp_needed,
            "expected_casts": rules.format_decimal(s.expected_casts, 1),
        }
        for s in path
    ]
    expected = rules.casts_to_next_level(magic, learning, difficulty, xp)
    assert out["expected_casts"]["decimal"] == rules.format_decimal(expected, 1)
    assert out["xp_needed"] == path[0].xp_needed
    assert out["cost"] == rules.level_up_cost(learning, difficulty)
    assert shown(out["within"])["percent"] == rules.format_percent(
        rules.level_up_within(magic, learning, difficulty, n, xp)
    )
    assert out["within"]["one_in"] == rules.one_in(
        rules.level_up_within(magic, learning, difficulty, n, xp)
    )
    assert out["expected_xp"]["decimal"] == rules.format_decimal(
        rules.expected_xp(magic, learning), 2
    )
    expect_curve(out["curve"], magic, learning, difficulty, xp, n)
    json.dumps(out)


def expect_curve(curve, magic, learning, difficulty, xp, n):
    """The progression's curve is the engine's chance of the level-up after each count drawn,
    to the count where it reaches 99 % (or the casts asked for), and says its main figures."""
    chance = [rules.level_up_within(magic, learning, difficulty, k, xp) for k in range(2000)]
    assert curve["title"] == f"Chance d'avoir atteint le niveau {learning + 1}"
    last = curve["last"]
    assert last == max(next(k for k, c in enumerate(chance) if c >= Fraction(99, 100)), n) or (
        chance[last] == 1 and chance[last - 1] < 1
    )
    counts = [*range(0, last, curve["step"]), last]
    assert len(counts) <= 33
    assert curve["permille"] == [round(chance[k] * 1000) for k in counts]
    assert curve["ticks"][0] == 0 and curve["ticks"][-1] <= last and len(curve["ticks"]) <= 6
    expected = rules.casts_to_next_level(magic, learning, difficulty, xp)
    assert curve["expected"]["casts"] == pytest.approx(float(expected), abs=0.005)
    assert rules.format_decimal(expected, 1) in curve["expected"]["label"]
    if n <= last:
        within = rules.format_percent(chance[n])
        assert curve["point"] == {
            "casts": n,
            "permille": round(chance[n] * 1000),
            "label": f"{n} lancer{'s' if n > 1 else ''} : {within}",
        }
        assert curve["text"].endswith(f" : {within}")
    else:
        assert curve["point"] is None
    half = next(k for k, c in enumerate(chance) if c >= Fraction(1, 2))
    assert f"50 % ou plus dès {half} lancer" in curve["text"].replace("\u00a0", " ")
    assert f"({rules.format_percent(chance[half])})" in curve["text"]


def test_progression_at_level_five():
    out = bridge.handle(
        {
            "calc": "progression",
            "magic": "4",
            "learning": "5",
            "difficulty": "3",
            "xp": "1000",
            "n": "10",
        }
    )
    assert out["ok"] is True and out["max_level"] is True and out["path"] == []
    assert rules.level_path(4, 5, 3, 1000) == ()
    bad = bridge.handle(
        {
            "calc": "progression",
            "magic": "4",
            "learning": "5",
            "difficulty": "3",
            "xp": "0",
            "n": "-1",
        }
    )
    assert bad["errors"][0]["field"] == "n"


def test_progression_xp_beyond_the_cost_is_the_engine_message():
    out = bridge.handle(
        {
            "calc": "progression",
            "magic": "4",
            "learning": "1",
            "difficulty": "3",
            "xp": "100",
            "n": "30",
        }
    )
    message = engine_message(lambda: rules.level_path(4, 1, 3, 100))[1]
    assert out["errors"] == [{"field": "xp", "message": beside_field("xp", message)}]


# ---------------------------------------------------------------- study


@pytest.mark.parametrize("hours", [1, 3, 4, 6])
@pytest.mark.parametrize("p", ["3/4", "0,75", "75 %", "1/2", "1", "0"])
def test_study_matches_engine(hours, p):
    out = bridge.handle({"calc": "study", "hours": str(hours), "p": p})
    assert out["ok"] is True
    engine_p = bridge.to_engine(p)
    odds = rules.study_odds(hours, engine_p)
    assert [row["xp"] for row in out["distribution"]] == list(odds)
    for row in out["distribution"]:
        assert shown(row) == engine_probability(odds[row["xp"]])
    expected = rules.study_expected(hours, engine_p)
    assert out["expected"]["decimal"] == rules.format_decimal(expected, 2)
    best_hours, best_value = rules.best_study_hours(engine_p)
    assert out["best"]["hours"] == best_hours
    assert out["best"]["expected"]["decimal"] == rules.format_decimal(best_value, 2)
    assert [r["expected"] for r in out["by_hours"]] == [
        rules.format_decimal(rules.study_expected(h, engine_p), 2) for h in range(1, 7)
    ]
    assert [r["full_xp"] for r in out["by_hours"]] == [rules.study_xp(h) for h in range(1, 7)]
    assert [r["hours"] for r in out["by_hours"] if r["best"]] == [best_hours]


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "request_, field, call",
    [
        (
            {"calc": "cast", "magic": "abc", "learning": "1"},
            "magic",
            lambda: rules.cast_odds("abc", 1),
        ),
        ({"calc": "cast", "magic": "", "learning": "1"}, "magic", lambda: rules.cast_odds("", 1)),
        ({"calc": "cast", "magic": "-2", "learning": "1"}, "magic", lambda: rules.cast_odds(-2, 1)),
        (
            {"calc": "cast", "magic": "4", "learning": "7"},
            "learning",
            lambda: rules.cast_odds(4, 7),
        ),
        (
            {"calc": "cast", "magic": "4", "learning": "2,5"},
            "learning",
            lambda: rules.cast_odds(4, "2,5"),
        ),
        (
            {"calc": "cast", "magic": "4", "learning": "1", "modifier": "x"},
            "modifier",
            lambda: rules.cast_odds(4, 1, modifier="x"),
        ),
        (
            {"calc": "cast", "magic": "4", "learning": "1", "extremes": "dé"},
            "extremes",
            lambda: rules.cast_odds(4, 1, extremes="dé"),
        ),
        (
            {"calc": "progression", "magic": "4", "learning": "1", "difficulty": "9"},
            "difficulty",
            lambda: rules.level_path(4, 1, 9),
        ),
        (
            {
                "calc": "progression",
                "magic": "4",
                "learning": "1",
                "difficulty": "1",
                "n": "beaucoup",
            },
            "n",
            lambda: rules.level_up_within(4, 1, 1, "beaucoup"),
        ),
        ({"calc": "study", "hours": "0", "p": "1/2"}, "hours", lambda: rules.study_odds(0, "1/2")),
        ({"calc": "study", "hours": "2", "p": "150 %"}, "p", lambda: rules.study_odds(2, "150 %")),
        ({"calc": "study", "hours": "2", "p": ""}, "p", lambda: rules.study_odds(2, "")),
    ],
)
def test_errors_are_the_engine_messages_on_their_field(request_, field, call):
    param, message = engine_message(call)
    assert param == field
    # The engine's words after the field's visible label (« Magie : attendu … »).
    message = beside_field(field, message)
    assert bridge.handle(request_) == {
        "ok": False,
        "errors": [{"field": field, "message": message}],
    }


def test_every_faulty_field_is_reported():
    out = bridge.handle(
        {"calc": "cast", "magic": "abc", "learning": "9", "modifier": "", "extremes": "modified"}
    )
    assert [e["field"] for e in out["errors"]] == ["magic", "learning", "modifier"]
    out = bridge.handle({"calc": "study", "hours": "7", "p": "2"})
    assert [e["field"] for e in out["errors"]] == ["hours", "p"]


@pytest.mark.parametrize("request_", [None, "cast", [], {"calc": "sort"}, {}])
def test_unknown_requests(request_):
    out = bridge.handle(request_)
    assert out["ok"] is False and out["errors"][0]["message"]


def test_unexpected_exception_gives_a_generic_french_message(monkeypatch, capsys):
    def boom(*args, **kwargs):
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(rules, "study_odds", boom)
    out = bridge.handle({"calc": "study", "hours": "2", "p": "1/3"})
    assert out == {"ok": False, "errors": [{"field": None, "message": bridge.GENERIC_ERROR}]}
    assert "Traceback" not in json.dumps(out)
    assert "ZeroDivisionError" in capsys.readouterr().err  # for the console, not the reader


def test_handle_json_round_trip():
    text = bridge.handle_json(json.dumps({"calc": "study", "hours": "2", "p": "3/4"}))
    assert json.loads(text) == bridge.handle({"calc": "study", "hours": "2", "p": "3/4"})
    assert json.loads(bridge.handle_json("not json"))["ok"] is False


FIELDS = [
    "magic",
    "learning",
    "modifier",
    "extremes",
    "seed",
    "difficulty",
    "xp",
    "n",
    "hours",
    "p",
    "a_magic",
    "a_learning",
    "a_element",
    "b_magic",
    "b_learning",
    "b_element",
]


@settings(max_examples=150, deadline=None)
@given(
    calc=st.sampled_from(sorted(bridge.CALCS)),
    values=st.dictionaries(
        st.sampled_from(FIELDS),
        st.one_of(
            st.text(max_size=6),
            st.integers(-20, 600).map(str),
            st.sampled_from(["feu", "eau", "natural", "3/4"]),
        ),
    ),
)
def test_any_input_gives_a_json_answer_never_an_exception(calc, values):
    out = bridge.handle({"calc": calc, **values})
    assert out["ok"] in (True, False)
    if not out["ok"]:
        assert out["errors"] and all(
            isinstance(e["message"], str) and e["message"] for e in out["errors"]
        )
        assert all(e["message"] != bridge.GENERIC_ERROR for e in out["errors"])
    json.dumps(out)


def test_bridge_imports_only_rules_and_the_standard_library():
    import ast
    import sys

    imported = set()
    modules = sorted(Path(bridge.__file__).parent.glob("*.py"))
    assert len(modules) > 1
    for module in modules:
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                imported.add(node.module.split(".")[0])
    assert imported - {"rules"} <= set(sys.stdlib_module_names) | {"__future__"}
    assert "rules" in imported


def _stripped(request):
    """An answer without what names the request's own figures (its inputs, and the range of R
    in the reasons of its impossible outcomes)."""
    return {k: v for k, v in bridge.handle(request).items() if k not in ("inputs", "impossible")}


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 40),
    st.integers(1, 5),
    st.integers(-5, 5),
    st.sampled_from(["modified", "natural"]),
    st.integers(1, 5),
    st.integers(0, 30),
)
def test_requests_with_the_same_answer_key_have_the_same_answer(
    magic, learning, modifier, extremes, difficulty, n
):
    cast = {
        "calc": "cast",
        "magic": str(magic),
        "learning": str(learning),
        "modifier": str(modifier),
        "extremes": extremes,
    }
    twin = {**cast, "magic": str(magic + 2), "modifier": str(modifier + 1)}
    assert bridge.answer_key(cast) == bridge.answer_key(twin) is not None
    assert _stripped(cast) == _stripped(twin)
    progression = {
        "calc": "progression",
        "magic": str(magic - magic % 2),
        "learning": str(learning),
        "difficulty": str(difficulty),
        "xp": "0",
        "n": str(n),
        "extremes": extremes,
    }
    other = {**progression, "magic": str(magic - magic % 2 + 1)}
    assert bridge.answer_key(progression) == bridge.answer_key(other) is not None
    assert _stripped(progression) == _stripped(other)
    assert bridge.answer_key({**progression, "n": str(n + 1)}) != bridge.answer_key(progression)


@pytest.mark.parametrize(
    "request_",
    [
        {"calc": "cast", "magic": "-1", "learning": "2"},
        {"calc": "cast", "magic": "2", "learning": "9" * 40},
        {"calc": "progression", "magic": "2", "learning": "2", "difficulty": "3", "n": "beaucoup"},
        {"calc": "roll", "magic": "2", "learning": "2", "seed": "4"},
        {"calc": "study", "hours": "2", "p": "1/2"},
        {"calc": "duel"},
        {"calc": "inconnu"},
        "pas un objet",
    ],
)
def test_requests_that_cannot_be_grouped_have_no_key(request_):
    assert bridge.answer_key(request_) is None


# ---------------------------------------------------------------- one label form


@pytest.fixture(scope="module")
def fields():
    return bridge.reading()["calcs"]


@pytest.mark.parametrize("calc", sorted(bridge.CALCS))
def test_every_field_message_starts_with_the_field_visible_label(calc, fields):
    """« Magie : … », « Apprentissage : … »: the label the form shows, from the bridge's field
    data, for the engine's messages and the bridge's own (long numbers, seeds) alike."""
    assert sorted(fields) == sorted(bridge.CALCS)
    entries = fields[calc]
    valid = {"calc": calc, **{e["field"]: str(e["stand_in"]) for e in entries}}
    seen = 0
    for entry in entries:
        label = entry["label"]
        assert label == bridge.FIELD_LABELS[entry["field"].removeprefix("a_").removeprefix("b_")]
        messages = (
            entry["message"] if isinstance(entry["message"], dict) else {"": entry["message"]}
        )
        assert all(m.startswith(label + " : ") for m in messages.values())
        for bad in ("x", "-1", "99", "9" * 31, ""):
            for error in bridge.handle({**valid, entry["field"]: bad}).get("errors", []):
                if error["field"] is not None:
                    own = next(e["label"] for e in entries if e["field"] == error["field"])
                    assert error["message"].startswith(own + " : "), error
                    seen += 1
    assert seen >= len(entries)
    seed = bridge.handle({"calc": "roll", "magic": "1", "learning": "1", "seed": "x"})["errors"]
    assert seed[0]["message"].startswith(bridge.FIELD_LABELS["seed"] + " : ")
