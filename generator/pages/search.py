"""The site search, lean and started on first use (called by the MkDocs hook after the build).

mkdocs-material fetches ``search/search_index.json`` and starts its search worker on every page
load. :func:`defer_search` changes what those two requests cost:

* the index's documents move to ``search/documents.json``; ``search_index.json`` keeps only the
  configuration (a few hundred bytes), which the page needs at load;
* the theme's worker script moves to ``<name>.engine.js`` beside it, and its usual path gets a
  small worker (``templates/search/worker.js``) that answers « ready » at once, then loads the
  engine and the documents on the first query, and folds case and accents both in the indexed
  words and in the query, with the site's one browser folding (``widgets/shared/common.js``, imported by
  the worker; it equals ``generator.spellformat.slug.fold_marks``).

So a page loads no search document before the reader searches, and « eclair » finds « Éclair »
with the title boost of the theme intact; the results show the text as written.
"""

from __future__ import annotations

import json
from pathlib import Path

from .site_files import SHARED_STATIC

__all__ = ["DOCUMENTS", "ENGINE_SUFFIX", "SearchError", "defer_search"]

WORKER_TEMPLATE = Path(__file__).parent / "templates" / "search" / "worker.js"
INDEX = "search/search_index.json"
DOCUMENTS = "search/documents.json"
WORKERS = "assets/javascripts/workers"
ENGINE_SUFFIX = ".engine.js"


class SearchError(RuntimeError):
    """The theme's search files are not where expected (French message)."""


def _write_json(path: Path, value) -> None:
    path.write_text(json.dumps(value, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def defer_search(site_dir: Path) -> None:
    """Split the index and put the on-demand worker at the theme's worker path."""
    site_dir = Path(site_dir)
    index_path = site_dir / INDEX
    if not index_path.exists():
        return
    workers = sorted(path for path in (site_dir / WORKERS).glob("search.*.min.js"))
    if len(workers) != 1:
        raise SearchError(
            f"{WORKERS} : un seul script de recherche attendu, trouvé "
            f"{len(workers)} ({', '.join(p.name for p in workers) or 'aucun'})"
        )
    worker = workers[0]
    engine = worker.with_name(worker.name[: -len(".min.js")] + ENGINE_SUFFIX)
    index = json.loads(index_path.read_text(encoding="utf-8"))
    _write_json(site_dir / DOCUMENTS, index)
    _write_json(index_path, {"config": index.get("config", {}), "docs": []})
    template = WORKER_TEMPLATE.read_text(encoding="utf-8")
    first_line = template.split("\n", 1)[0]
    if not (engine.exists() and worker.read_text(encoding="utf-8").startswith(first_line)):
        worker.replace(engine)  # else already done (``mkdocs serve`` keeps unchanged files)
    up = "../" * len(Path(WORKERS).parts)
    settings = {
        "worker": engine.name,
        "documents": up + DOCUMENTS,
        "fold": up + f"{SHARED_STATIC}/common.js",
    }
    marker = "/*@SEARCH@*/ null"
    if marker not in template:
        raise SearchError(f"{WORKER_TEMPLATE} : marqueur {marker!r} absent")
    worker.write_text(template.replace(marker, json.dumps(settings)), encoding="utf-8")
