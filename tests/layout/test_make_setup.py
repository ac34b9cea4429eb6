"""A first `make serve` or `make test` says what each install step does before it starts: the
installs take minutes on a fresh machine, and a terminal silent that long looks stuck."""

from __future__ import annotations

import re
import subprocess

from tests.conftest import ROOT


def test_each_install_step_is_announced_in_french_before_it_runs():
    # A dry run (-n) of every step, as if nothing were installed (-B): nothing is executed.
    out = subprocess.run(
        ["make", "-n", "-B", "setup"], cwd=ROOT, capture_output=True, text=True, timeout=60
    ).stdout
    lines = out.splitlines()
    steps = [i for i, line in enumerate(lines) if re.match(r"echo \"Installation \d/4 : ", line)]
    assert len(steps) == 4, out
    for step, command in zip(
        steps,
        ("-m venv", "install --quiet --upgrade pip", "install --quiet -e", "npm ci"),
        strict=True,
    ):
        assert command in lines[step + 1], (lines[step], lines[step + 1])
