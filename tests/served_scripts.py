"""The site's scripts laid out as the build serves them (``assets/<room>/``), for the tests that
run them outside a built site: every room's static files (``generator.pages.site_files``) and the
spellbook's configuration module written from ``rules``, so that each module's relative imports
resolve as on the site.

``python -m tests.served_scripts FOLDER`` lays them out in FOLDER (the node tests' helper)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import rules
from generator.pages.site_files import static_files
from widgets import grimoire

ROOT = Path(__file__).resolve().parent.parent


def lay_out(folder: Path, difficulties=None) -> Path:
    """Copy the scripts into ``folder`` as served, with the spellbook's configuration for
    ``difficulties`` (every difficulty of the rules when not given); returns ``folder``."""
    for path, source in static_files():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    if difficulties is None:
        difficulties = range(rules.MIN_DIFFICULTY, rules.MAX_DIFFICULTY + 1)
    (folder / grimoire.CONFIG_FILE).write_text(
        grimoire.config_script(difficulties), encoding="utf-8"
    )
    return folder


if __name__ == "__main__":
    lay_out(Path(sys.argv[1]))
