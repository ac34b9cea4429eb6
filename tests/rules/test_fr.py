"""French number formatting, against an independent Decimal-based rounding."""

from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction as F

import pytest
from hypothesis import given, strategies as st

import rules

NBSP = "\u00a0"
fractions = st.fractions(min_value=-(10**7), max_value=10**7, max_denominator=10**6)
probabilities = st.fractions(min_value=0, max_value=1, max_denominator=10**6)
digits = st.integers(min_value=0, max_value=4)


def decimal_french(value, places):
    """Round with Decimal's ROUND_HALF_UP and write it the French way."""
    with localcontext() as context:
        context.prec = 200
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        rounded = exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    if rounded == 0:
        rounded = abs(rounded)
    text = f"{rounded:,.{places}f}"
    return text.replace(",", NBSP).replace(".", ",")


@given(probabilities, digits)
def test_format_percent_matches_decimal_rounding(p, places):
    assert rules.format_percent(p, places) == decimal_french(p * 100, places) + NBSP + "%"


@given(fractions, digits)
def test_format_decimal_matches_decimal_rounding(x, places):
    if x.denominator == 1:
        expected = f"{x.numerator:,}".replace(",", NBSP)
    else:
        expected = decimal_french(x, places)
    assert rules.format_decimal(x, places) == expected


@pytest.mark.parametrize(
    "p, digits, text",
    [
        (F(7, 12), 1, "58,3\u00a0%"),
        (F(0), 1, "0,0\u00a0%"),
        (F(1), 1, "100,0\u00a0%"),
        (F(1, 12), 2, "8,33\u00a0%"),
        (F(1, 8), 1, "12,5\u00a0%"),
        (F(1, 16), 1, "6,3\u00a0%"),  # 6,25 → half up
        (F(1, 16), 0, "6\u00a0%"),
        (F(1, 2), 0, "50\u00a0%"),
        (1, 1, "100,0\u00a0%"),
    ],
)
def test_format_percent_golden(p, digits, text):
    assert rules.format_percent(p, digits) == text
    assert "\u202f" not in rules.format_percent(p, digits)


def test_format_percent_default_digits():
    assert rules.format_percent(F(7, 12)) == "58,3\u00a0%"


@pytest.mark.parametrize(
    "x, text",
    [
        (F(12, 7), "1,7"),
        (F(12), "12"),
        (12, "12"),
        (F(12, 5), "2,4"),
        (F(1199, 100), "12,0"),  # not an exact integer: decimals kept
        (F(1, 20), "0,1"),  # 0,05 → half up
        (F(-1, 20), "-0,1"),
        (F(-1, 100), "0,0"),
        (F(24691, 20), "1\u00a0234,6"),
        (1234567, "1\u00a0234\u00a0567"),
        (-1000, "-1\u00a0000"),
    ],
)
def test_format_decimal_golden(x, text):
    assert rules.format_decimal(x) == text


@pytest.mark.parametrize(
    "p, text",
    [(F(7, 12), "7/12"), (F(0), "0"), (F(1), "1"), (1, "1"), (F(6, 8), "3/4"), (F(-1, 2), "-1/2")],
)
def test_format_fraction(p, text):
    assert rules.format_fraction(p) == text


@pytest.mark.parametrize(
    "p, text",
    [
        (F(1, 12), "1 chance sur 12"),
        (F(7, 12), "1 chance sur 1,7"),
        (F(1, 2), "1 chance sur 2"),
        (F(1, 3), "1 chance sur 3"),
        (F(3, 10), "1 chance sur 3,3"),
        (F(1, 1728), "1 chance sur 1\u00a0728"),
        (F(0), "aucune chance"),
        (0, "aucune chance"),
        (F(1), "certain"),
    ],
)
def test_one_in(p, text):
    assert rules.one_in(p) == text


@given(probabilities)
def test_one_in_uses_the_inverse(p):
    text = rules.one_in(p)
    if 0 < p < 1:
        assert text == "1 chance sur " + rules.format_decimal(1 / p)
