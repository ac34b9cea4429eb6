"""Golden cases of the description renderer (render.py) and the cross-linker (links.py), no build.

Each case is an input file ``golden/texte/<tool>/<case>.txt`` beside its expected output (``.html`` for
the renderer, ``.out`` for the linker). An optional front matter (``---`` … ``---``) gives the
case's options: ``per_level`` for the renderer, ``exclude`` (a page's own spell) for the linker.
Mentions are found among the spells of ``golden/texte/compendium.yaml``.

Compared by the project's one golden comparison (:mod:`tests.golden`): after reviewing a
difference, accept the new output with ``pytest tests/pages/test_text_goldens.py --update-goldens``.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from generator.pages.links import MentionFinder
from generator.pages.render import Span, render_description
from tests.golden import GOLDEN, compare

GOLDENS = GOLDEN / "texte"
EXPECTED_SUFFIX = {"render": ".html", "links": ".out"}


def pytest_generate_tests(metafunc):
    if "case" in metafunc.fixturenames:
        cases = sorted(GOLDENS.glob("*/*.txt"))
        metafunc.parametrize("case", cases, ids=[f"{c.parent.name}/{c.stem}" for c in cases])


def finder() -> MentionFinder:
    return MentionFinder(yaml.safe_load((GOLDENS / "compendium.yaml").read_text(encoding="utf-8")))


def read_case(case: Path) -> tuple[dict, str]:
    text = case.read_text(encoding="utf-8")
    if text.startswith("---\n"):
        front, text = text[4:].split("\n---\n", 1)
        return yaml.safe_load(front) or {}, text
    return {}, text


def rendered(options: dict, text: str) -> str:
    mentions = finder()

    def spans_for(line: str) -> tuple[Span, ...]:
        return tuple(
            Span(m.start, m.end, "link", f"../{m.slug}/")
            for m in mentions.find(line, exclude=options.get("exclude", ""))
        )

    description = text.rstrip("\n")
    return (
        str(
            render_description(
                description, per_level=options.get("per_level", []), spans_for=spans_for
            )
        )
        + "\n"
    )


def linked(options: dict, text: str) -> str:
    mentions = finder()
    out = []
    for line in text.rstrip("\n").split("\n"):
        marked, position = [], 0
        for m in mentions.find(line, exclude=options.get("exclude", "")):
            marked += [line[position : m.start], f"[{line[m.start : m.end]}]({m.slug})"]
            position = m.end
        out.append("".join(marked) + line[position:])
    return "\n".join(out) + "\n"


def test_golden_case(case: Path, update_goldens: bool):
    tool = case.parent.name
    produced = {"render": rendered, "links": linked}[tool](*read_case(case))
    compare(produced, case.with_suffix(EXPECTED_SUFFIX[tool]), update_goldens)


def test_every_case_has_its_expected_output():
    cases = sorted(GOLDENS.glob("*/*.txt"))
    assert {case.parent.name for case in cases} == set(EXPECTED_SUFFIX)
    missing = [str(c) for c in cases if not c.with_suffix(EXPECTED_SUFFIX[c.parent.name]).exists()]
    assert missing == []
