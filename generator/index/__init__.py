"""The index of the spells, one room: the list of every spell (``sorts/``), its filter, its sorts
and its views kept in the address.

:func:`index_page` renders the page from its template (``templates/index.md.j2``): the whole list,
in the document's order, for readers without JavaScript. Its scripts and style (``static/``,
served from :data:`SERVED`): ``spell-index.js``, the page's entry, mounts the view
(``spell-index-view.js``) over the data :func:`index_data` gives it; ``index-address.js`` opens
the old ``?q=`` links as a filtered list. :func:`search_texts` is what its text filter ranks by.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment

import rules

from ..spellformat.slug import fold

__all__ = [
    "INDEX_ROWS_DRAWN",
    "PAGE",
    "SEARCH_TEXTS",
    "SERVED",
    "STATIC",
    "TEMPLATES",
    "index_data",
    "index_page",
    "search_texts",
]

#: The index's template, its scripts and style, and where the site serves them.
TEMPLATES = Path(__file__).parent / "templates"
STATIC = Path(__file__).parent / "static"
SERVED = "assets/site"
#: The page, in the docs folder, and the folded texts its filter reads.
PAGE = "sorts/index.md"
SEARCH_TEXTS = f"{SERVED}/recherche.json"
#: Rows of the index's list drawn at once by its script (more as the reader scrolls, all before
#: printing); the page without JavaScript is the whole list.
INDEX_ROWS_DRAWN = 200


def index_data(spells: list[dict]) -> dict:
    """What the index's script sorts and filters by: folded names and aliases, element ranks."""
    return {
        "names": {s["slug"]: fold(s["name"]) for s in spells},
        "aliases": {s["slug"]: fold(" ".join(s["aliases"])) for s in spells},
        "element_rank": {
            key: rank
            for rank, key in enumerate(
                sorted(rules.ELEMENT_LABELS, key=lambda k: fold(rules.ELEMENT_LABELS[k]))
            )
        },
        "drawn": INDEX_ROWS_DRAWN,
    }


def index_page(env: Environment, spells: list[dict], document: dict) -> str:
    """The index page (Markdown with its front matter), rendered by ``env``, the pages', with the
    headings and legend of the source ``document`` (``content/document.yaml``)."""
    return env.get_template("index.md.j2").render(
        spells=spells,
        document=document,
        index_rows=sorted(spells, key=lambda s: s["index"]["position"]),
        index=index_data(spells),
        root="../",
    )


def search_texts(spells: list[dict]) -> dict[str, str]:
    """Each spell's folded name, aliases and description, by slug: what the filter ranks by."""
    return {s["slug"]: fold(" ".join([s["name"], *s["aliases"], s["description"]])) for s in spells}
