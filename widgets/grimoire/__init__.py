"""« Mon grimoire », one room: its pages' templates (``templates/``), its scripts and style sheet (``static/``, served from
:data:`SERVED`), the library it draws QR codes with (:data:`VENDOR`, pinned in ``package.json``)
and the data the build writes for them from ``rules`` (:mod:`.data`)."""

from collections.abc import Iterable
from pathlib import Path

from jinja2 import Environment

import rules

from .data import (
    CASTS_FILE,
    CONFIG_FILE,
    SERVED,
    casts_data,
    casts_file,
    casts_sources,
    config_script,
)

__all__ = [
    "CASTS_FILE",
    "CONFIG_FILE",
    "SERVED",
    "STATIC",
    "TEMPLATES",
    "VENDOR",
    "casts_data",
    "casts_file",
    "casts_sources",
    "config_script",
    "pages",
]

#: The spellbook's scripts and style sheet, served as they are from :data:`SERVED`.
STATIC = Path(__file__).parent / "static"

#: The Markdown templates of the pages « Mon grimoire » and « La table » (rendered by the pages'
#: environment, ``generator/pages/templating.py``).
TEMPLATES = Path(__file__).parent / "templates"

#: The libraries the room serves from ``node_modules`` (installed by ``npm ci``, pinned in
#: ``package.json``), as ``(path under SERVED, path under node_modules)``: the QR code of a
#: wizard's update at « La table », loaded on first use.
VENDOR = (("vendor/uqr.mjs", "uqr/dist/index.mjs"),)


def pages(env: Environment, difficulties: Iterable[int]) -> dict[str, str]:
    """``{path in the docs folder: text}`` of the room's pages, rendered by ``env`` (the pages'
    environment): « Mon grimoire » (the list itself lives in the reader's browser and is drawn
    by the room's scripts), « La table » (the party lives in the MJ's browser), and the
    spellbook's configuration module for the ``difficulties`` the compendium uses."""
    learning = range(rules.MIN_LEARNING, rules.MAX_LEARNING + 1)
    return {
        "grimoire/index.md": env.get_template("grimoire.md.j2").render(
            root="../", learning=learning, unlearnt=rules.MIN_LEARNING - 1
        ),
        "table/index.md": env.get_template("table.md.j2").render(root="../"),
        CONFIG_FILE: config_script(difficulties),
    }
