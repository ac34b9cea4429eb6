"""« Mon grimoire », one room: its scripts and style sheet (``static/``, served from
:data:`SERVED`) and the data the build writes for them from ``rules`` (:mod:`.data`)."""

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
    "casts_data",
    "casts_file",
    "casts_sources",
    "config_script",
]

#: The spellbook's scripts and style sheet, served as they are from :data:`SERVED`.
STATIC = Path(__file__).parent / "static"
