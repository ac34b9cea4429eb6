"""Biome checks every script of the site (but the theme's own, taken as they are) by its
recommended rules and against undeclared names, without an exemption, and no browser module is
over :data:`MAX_LINES` lines, none exempted; a module imports from another room only the shared
module and the seams :data:`CROSS_ROOM_IMPORTS` lists (read from the files, nothing is run)."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Taken as it is from the theme (its inline head script, as a file): neither split nor linted.
THEME = "generator/pages/static/theme-base.js"
#: The most lines of a browser module: past them, a module is split by what it does.
MAX_LINES = 400


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


#: Biome's bound on a function's cognitive complexity (its branches, weighted by nesting): every
#: script of the site, and every test script, within it.
COMPLEXITY = {"level": "error", "options": {"maxAllowedComplexity": 15}}


def test_biome_exempts_no_script_and_no_rule():
    config = json.loads((ROOT / "biome.json").read_text(encoding="utf-8"))
    assert "overrides" not in config  # no file is exempted from any rule
    assert config["linter"]["rules"]["complexity"]["noExcessiveCognitiveComplexity"] == COMPLEXITY
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


def lines(path: Path) -> int:
    """The lines of a file, as ``wc -l`` counts them (a last line without its newline too)."""
    text = path.read_text(encoding="utf-8")
    return text.count("\n") + (1 if text and not text.endswith("\n") else 0)


def test_no_browser_module_is_over_400_lines():
    """Every script the site's pages or workers run (the theme's too), without an exemption."""
    modules = sorted(
        path
        for folder in ("generator", "widgets")
        for path in (ROOT / folder).rglob("*.js")
        if "__pycache__" not in path.parts
    )
    names = {path.relative_to(ROOT).as_posix() for path in modules}
    assert {
        "widgets/shared/instant.js",
        "generator/index/static/spell-index.js",
        "generator/pages/templates/search/worker.js",
        "generator/offline/sw.js",
    } <= names
    long = {
        path.relative_to(ROOT).as_posix(): count
        for path in modules
        if (count := lines(path)) > MAX_LINES
    }
    assert long == {}


def test_the_line_count_sees_a_long_module(tmp_path):
    module = tmp_path / "long.js"
    module.write_text("let a;\n" * MAX_LINES, encoding="utf-8")
    assert lines(module) == MAX_LINES
    module.write_text("let a;\n" * MAX_LINES + "let b;", encoding="utf-8")
    assert lines(module) == MAX_LINES + 1


#: A module may import, outside its own room's folder, only the shared modules (``SHARED``, the
#: folder every room's scripts share) and what this list names (module → what it imports from
#: another room): each one a seam between rooms still to cut, so the list only shrinks.
CROSS_ROOM_IMPORTS: dict[str, set[str]] = {}
SHARED = "../shared/"
IMPORTED = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.\.?/[^"']+)["']""")


def cross_room_imports(source: str) -> set[str]:
    """What a module imports from outside its own folder (statically or dynamically)."""
    return {target for target in IMPORTED.findall(source) if target.startswith("../")}


def test_a_module_imports_from_another_room_only_what_is_listed():
    found = {}
    for path in scripts():
        if path.parent == ROOT / "widgets" / "shared":
            assert cross_room_imports(path.read_text(encoding="utf-8")) == set()
            continue
        imported = cross_room_imports(path.read_text(encoding="utf-8"))
        outside = {target for target in imported if not target.startswith(SHARED)}
        if outside:
            found[str(path.relative_to(ROOT))] = outside
    assert found == CROSS_ROOM_IMPORTS


def test_the_check_sees_an_import_from_another_room():
    source = 'import { a } from "./a.js";\nimport "../b/b.js";\nawait import("../c/c.js");\n'
    assert cross_room_imports(source + f'import {{ el }} from "{SHARED}common.js";') == {
        "../b/b.js",
        "../c/c.js",
        f"{SHARED}common.js",
    }
