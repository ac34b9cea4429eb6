"""The browser folds text (widgets/shared/common.js) exactly as Python does (generator.spellformat.slug):
on every character of the site's text and of Unicode's Latin blocks, alone and between letters."""

from __future__ import annotations

import json
import shutil
import subprocess
import unicodedata

import pytest

from generator.spellformat.slug import fold, fold_marks
from tests.conftest import ROOT

COMMON = ROOT / "widgets" / "shared" / "common.js"
LATIN = [
    (0x0000, 0x024F),
    (0x1E00, 0x1EFF),
    (0x2C60, 0x2C7F),
    (0xA720, 0xA7FF),
    (0xAB30, 0xAB6F),
    (0xFB00, 0xFB06),
    (0xFF00, 0xFF5E),
]


def site_characters() -> set[str]:
    chars: set[str] = set()
    for folder in ("spells", "content"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in (".yaml", ".md"):
                chars |= set(path.read_text(encoding="utf-8"))
    return chars


def samples() -> list[str]:
    chars = site_characters() | {chr(c) for lo, hi in LATIN for c in range(lo, hi + 1)}
    # Characters Python's Unicode database knows (a newer JavaScript engine knows more).
    chars = {c for c in chars if unicodedata.category(c) not in ("Cs", "Cn")}
    return sorted(chars) + [f"a{c}b{c}" for c in sorted(chars)]


@pytest.mark.skipif(shutil.which("node") is None, reason="node absent")
def test_the_browser_folds_like_python():
    texts = samples()
    assert len(texts) > 2 * 1200  # the site's characters and the Latin blocks, really
    script = (
        f"import {{ fold, foldMarks }} from {json.dumps(COMMON.as_uri())};\n"
        "let data = ''; process.stdin.on('data', (d) => { data += d; });\n"
        "process.stdin.on('end', () => { const texts = JSON.parse(data);\n"
        "  process.stdout.write(JSON.stringify(texts.map((t) => [fold(t), foldMarks(t)]))); });"
    )
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    differ = [
        (t, js, [fold(t), fold_marks(t)])
        for t, js in zip(texts, json.loads(out), strict=True)
        if js != [fold(t), fold_marks(t)]
    ]
    assert differ == []
