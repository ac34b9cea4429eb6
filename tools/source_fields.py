"""The fields of a spell as the source document writes them (« Portée : 9 m »), read: the label
and the raw text, kept verbatim, and what the generator can compute from it."""

from __future__ import annotations

import re


def split_field(line: str, label: str) -> dict:
    """Split a field line into its label as written and its value (``label + raw == line``)."""
    m = re.match(rf"^({re.escape(label)}\s*:?\s*)(.*)$", line)
    assert m, line
    return {"label": m.group(1), "raw": m.group(2)}


def parse_casting_time(raw: str) -> dict | None:
    """Parse regular casting times; None when the value is irregular."""
    units = {
        "s": "second",
        "round": "round",
        "rounds": "round",
        "minute": "minute",
        "minutes": "minute",
        "segment": "segment",
    }
    if raw == "spécial":
        return {"kind": "special"}
    m = re.fullmatch(r"(\d+) (s|rounds?|minutes?|segment)(?: (?:/|par) niveau(?: du sort)?)?", raw)
    if not m:
        return None
    amount, unit = int(m.group(1)), units[m.group(2)]
    if "niveau" in raw:
        return {"kind": "per_level", "amount": amount, "unit": unit, "per": "spell_level"}
    return {"kind": "fixed", "amount": amount, "unit": unit}


def _number(text: str) -> int | float:
    value = float(text.replace(",", "."))
    return int(value) if value.is_integer() else value


def parse_range(raw: str) -> dict | None:
    """Parse regular ranges; None when the value is irregular or empty."""
    if raw in ("touché", "contact"):
        return {"kind": "touch"}
    if raw in ("spécial", "spéciale"):
        return {"kind": "special"}
    units = {"case": "case", "cases": "case", "m": "metre", "mètres": "metre", "km": "kilometre"}
    m = re.fullmatch(
        r"(\d+(?:,\d+)?) (cases?|m|mètres|km)"
        r"(?: (?:/|par) niveau (du|de) (magicien|sort))?",
        raw,
    )
    if not m:
        return None
    parsed = {"amount": _number(m.group(1)), "unit": units[m.group(2)]}
    if m.group(4):
        per = "caster_level" if m.group(4) == "magicien" else "spell_level"
        return {"kind": "per_level", **parsed, "per": per}
    return {"kind": "fixed", **parsed}


def parse_duration(raw: str) -> dict | None:
    """Parse regular durations; None when the value is irregular."""
    if raw in ("instantanée", "instantané"):
        return {"kind": "instantaneous"}
    if raw in ("permanent", "permanente"):
        return {"kind": "permanent"}
    if raw in ("spécial", "spéciale", "Spécial"):
        return {"kind": "special"}
    m = re.fullmatch(r"(\d+)\+(\d+d\d+) rounds?", raw)
    if m:
        return {"kind": "dice", "base": int(m.group(1)), "dice": m.group(2), "unit": "round"}
    units = {
        "round": "round",
        "rounds": "round",
        "minute": "minute",
        "minutes": "minute",
        "heure": "hour",
        "heures": "hour",
        "h": "hour",
        "jour": "day",
        "semaine": "week",
        "an": "year",
    }
    m = re.fullmatch(
        r"(\d+) (rounds?|minutes?|heures?|h|jour|semaine|an)"
        r"(?: par niveau (du|de) (magicien|sort|jeteur de sort))?",
        raw,
    )
    if not m:
        return None
    amount, unit = int(m.group(1)), units[m.group(2)]
    if m.group(4):
        per = "spell_level" if m.group(4) == "sort" else "caster_level"
        return {"kind": "per_level", "amount": amount, "unit": unit, "per": per}
    return {"kind": "fixed", "amount": amount, "unit": unit}


def parse_levels(raw: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d)(?:-(\d))?", raw)
    assert m, raw
    low = int(m.group(1))
    return low, int(m.group(2) or low)
