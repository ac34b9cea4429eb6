"""« Mon grimoire », one room: its pages' templates (``templates/``), its scripts and style sheet (``static/``, served from
:data:`SERVED`), the library it draws QR codes with (:data:`VENDOR`, pinned in ``package.json``)
and the data the build writes for them from ``rules`` (:mod:`.data`)."""

from pathlib import Path

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
