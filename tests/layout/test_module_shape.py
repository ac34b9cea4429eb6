"""Modules of one job: no Python module of the product, its tools or its benchmarks over 400
lines, no function over 60 (Ruff's C901 and PLR0915 bound their branches and statements)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("rules", "generator", "widgets", "tools", "bench")
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def modules() -> list[Path]:
    return sorted(
        path
        for folder in FOLDERS
        for path in (ROOT / folder).rglob("*.py")
        if "__pycache__" not in path.parts
    )


def test_the_folders_hold_modules():
    assert len(modules()) > 50


@pytest.mark.parametrize("path", modules(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_module_and_its_functions_stay_short(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MAX_MODULE_LINES
    long = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lignes)"
        for node in ast.walk(ast.parse(text))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]
    assert not long
