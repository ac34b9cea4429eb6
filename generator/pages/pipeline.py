"""Generate the compendium's pages and JSON from the spell files, in four stages called once each:

1. load and validate ``spells/`` (:mod:`.compendium`: every problem located, in French, or the
   spells and their lookups);
2. render every file (:mod:`.site_files`: the pages through the templates of
   ``generator/pages/templates``, each spell page's context from :mod:`.spell_page`, the
   calculators' forms from ``widgets.calculators``, the JSON API);
3. write them into ``out`` (mkdocs' ``docs_dir``; :mod:`.writer`: only files whose bytes change
   are rewritten), then the calculators' engine assets (``widgets.packaging``);
4. remove what this generation no longer produces.

:func:`generate` skips the whole when nothing it reads has changed (:mod:`generator.cache`).
"""

from __future__ import annotations

from pathlib import Path

from widgets import instant
from widgets.grimoire import CASTS_FILE, casts_file, casts_sources
from widgets.packaging import (
    engine_files,
    install_engine_assets,
    stdlib_archive,
)

from .compendium import Compendium, GenerationError, load_spells
from .site_files import GENERATED_FOLDERS, site_files
from .writer import Report, Writer
from .. import cache

__all__ = ["ENGINE_LAYERS", "GenerationError", "Report", "generate"]

#: The layers of the build's cache (generator/cache.py) made from the rules and the engine alone,
#: never from the spells: the calculators' answers and the spellbook's table of expected casts
#: (the worker's standard library is made once per process, never kept). A copy of the project may start from another build's.
ANSWERS_LAYER, CASTS_LAYER = "instant", "grimoire-casts"
ENGINE_LAYERS = (ANSWERS_LAYER, CASTS_LAYER)


def generate(root: Path, out: Path, *, site_url: str = "") -> Report:
    """Validate ``root/spells`` and write every page, JSON file and asset into ``out``.

    ``site_url`` (the publishing address, when known) makes the alias pages point to the
    absolute address of their spell. When nothing the generation reads has changed since the
    last one and ``out`` is as it left it, nothing is done (:mod:`generator.cache`)."""
    key = cache.generation_digest(root, out, site_url)
    known = cache.unchanged_generation(out, key)
    if known is not None:
        return Report(spells=known)  # the same sources: the files are already there
    cache.forget_generation(out)
    report = _generate(root, out, site_url)
    cache.record_generation(out, key, report.spells)
    return report


def _generate(root: Path, out: Path, site_url: str) -> Report:
    compendium = Compendium(load_spells(root / "spells"))
    report = Report(spells=len(compendium.spells))
    writer = Writer(out, report)
    for relative, content in site_files(root, compendium, site_url):
        writer.write(relative, content)
    casts = cache.remember(out, CASTS_LAYER, casts_sources(), lambda: {"casts": casts_file()})
    writer.write(CASTS_FILE, casts["casts"])
    engine = install_engine_assets(
        out,
        root,
        answers=cache.remember(out, ANSWERS_LAYER, instant.sources(), instant.payloads),
        stdlib=stdlib_archive(root),  # made once per process: too little to keep (README)
    )
    writer.keep(*engine_files(engine))  # beside the shared modules, in a generated folder
    writer.prune(*GENERATED_FOLDERS)
    return report
