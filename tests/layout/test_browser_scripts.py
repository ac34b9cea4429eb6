"""Biome checks every script of the site (but the theme's own, taken as they are) by its
recommended rules and against undeclared names, without an exemption (read from the files,
nothing is run)."""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Taken as they are from the theme: neither split nor linted.
THEME = "generator/pages/static/theme-*.js"


def scripts() -> list[Path]:
    return sorted(
        path
        for folder in ("generator", "widgets")
        for path in (ROOT / folder).rglob("*.js")
        if not path.match(THEME) and "__pycache__" not in path.parts
    )


def switched_off(config) -> list[str]:
    """Every rule the configuration turns off, anywhere in it."""
    found: list[str] = []
    if isinstance(config, dict):
        for key, value in config.items():
            found += [key] if value == "off" else switched_off(value)
    elif isinstance(config, list):
        for value in config:
            found += switched_off(value)
    return found


def test_biome_exempts_no_script_and_no_rule():
    config = json.loads((ROOT / "biome.json").read_text(encoding="utf-8"))
    assert "overrides" not in config
    assert [p for p in config["files"]["includes"] if p.startswith("!")] == ["!" + THEME]
    rules = config["linter"]["rules"]
    assert rules["preset"] == "recommended"
    # A name no module declares nor imports (a split that forgot an import) is an error too.
    assert rules["correctness"]["noUndeclaredVariables"] == "error"
    assert switched_off(config) == []
    suppressed = [
        path.relative_to(ROOT).as_posix()
        for path in [*scripts(), *(ROOT / "tests" / "js").glob("*.mjs")]
        if "biome-ignore" in path.read_text(encoding="utf-8")
    ]
    assert suppressed == []


def test_the_exemption_search_sees_a_rule_turned_off():
    assert switched_off({"overrides": [{"linter": {"rules": {"a": {"noArguments": "off"}}}}]}) == [
        "noArguments"
    ]
