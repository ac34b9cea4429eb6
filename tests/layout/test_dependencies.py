"""The dependencies go one way: ``rules`` imports neither ``generator`` nor ``widgets``, and
``widgets`` never imports ``generator`` (read from the source with ``ast``, nothing is run)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

FORBIDDEN = {"rules": {"generator", "widgets"}, "widgets": {"generator"}}


def imported_packages(path: Path) -> set[str]:
    """The top-level package of every absolute import in one module, however deeply nested."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
        elif isinstance(node, ast.ImportFrom) and node.level > 1:
            found.add("..")  # a relative import that leaves its own package
    return found


def modules(package: str) -> list[Path]:
    return sorted(
        path for path in (ROOT / package).rglob("*.py") if "__pycache__" not in path.parts
    )


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_package_imports_only_what_it_may(package):
    assert modules(package), f"aucun module dans {package}/"
    wrong = {
        str(path.relative_to(ROOT)): sorted(imported_packages(path) & (FORBIDDEN[package] | {".."}))
        for path in modules(package)
    }
    assert {name: found for name, found in wrong.items() if found} == {}


def test_the_check_sees_a_forbidden_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import os\ndef f():\n    from generator.pages import pipeline\n"
        "from ..other import x\nimport widgets.bridge as b\n",
        encoding="utf-8",
    )
    assert imported_packages(sample) == {"os", "generator", "..", "widgets"}
