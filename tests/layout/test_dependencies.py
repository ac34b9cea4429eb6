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


#: The stages of a generation, each called by ``generator/pages/pipeline.py`` and never calling it.
STAGES = ("compendium", "site_files", "spell_page", "writer", "templating", "mkdocs_page")


def imported_modules(path: Path, package: str) -> set[str]:
    """The dotted name of every module ``path`` (a module of ``package``) imports, relative
    imports resolved (``from .x import y`` and ``from . import x`` both give ``package.x``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = parts[: len(parts) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_no_stage_of_a_generation_imports_the_pipeline():
    pages = ROOT / "generator" / "pages"
    assert all((pages / f"{stage}.py").is_file() for stage in STAGES)
    importers = {
        path.relative_to(ROOT).as_posix()
        for path in modules("generator")
        if "generator.pages.pipeline" in imported_modules(path, _package_of(path))
    }
    assert importers == {"generator/cli.py", "generator/mkdocs_hooks.py"}


def _package_of(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).parent.parts)


def test_the_check_sees_a_stage_importing_the_pipeline(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from . import pipeline\nfrom .pipeline import generate\nfrom ..pages import writer\n",
        encoding="utf-8",
    )
    found = imported_modules(sample, "generator.pages")
    assert {"generator.pages.pipeline", "generator.pages.writer"} <= found


def test_the_pages_templates_cannot_render_a_calculator_themselves():
    """A calculator's HTML comes from ``widgets.calculators`` only: the pages' environment does
    not even find the partials."""
    import jinja2

    from generator.pages.templating import environment
    from widgets.calculators import calculator_html

    with pytest.raises(jinja2.TemplateNotFound):
        environment().get_template("calculators/cast.html")
    assert calculator_html("cast", {"prefix": "x"}).startswith('<section class="gr-calc"')
