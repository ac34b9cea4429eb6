"""Render: every file of one generation, in the order it is written, as ``(path, content)``.

The home page and the site's scripts and styles; per spell its page (context from
:mod:`.spell_page`), a redirect page per alias whose slug differs and its JSON; the index, the
JSON API, the search's folded texts; the rules, the calculators (their forms rendered by
``widgets``), « Mon grimoire » and the cards (:mod:`.cards`). A page is a Markdown file (front
matter and heading) and its HTML body beside it (:mod:`.mkdocs_page`), which MkDocs builds with
``generator/mkdocs_hooks.py``.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import yaml
from jinja2 import Environment
from markupsafe import escape

import widgets
from widgets import calculators, grimoire
from widgets.calculators import calculators_page_html

from .compendium import Compendium, GenerationError
from .mkdocs_page import check_front_matter, markdown_page, page_files
from .spell_page import forget_partials, spell_context, title_origin
from .templating import environment
from .. import cards, index
from ..security import CONTENT_SECURITY_POLICY
from ..spellformat.slug import slugify

__all__ = [
    "GENERATED_FOLDERS",
    "SHARED_STATIC",
    "SITE_STATIC",
    "STATIC_ROOMS",
    "api_spell",
    "app_pages",
    "site_files",
    "static_files",
]

SCHEMA = Path(__file__).parent.parent / "spellformat" / "spell.schema.json"
SITE_STATIC = "assets/site"
SHARED_STATIC = "assets/shared"
#: Each room's static folder and where the site serves it, copied as it is with its subfolders:
#: the site's own scripts and styles (the index, the cards) and the offline panel, the modules
#: the apps share (beside them, ``widgets.packaging`` installs the engine and the build's
#: answers), « Mon grimoire », the calculators.
STATIC_ROOMS = (
    (SITE_STATIC, Path(__file__).parent / "static"),
    (SITE_STATIC, Path(__file__).parent.parent / "offline" / "static"),
    (SHARED_STATIC, Path(widgets.__file__).parent / "shared"),
    (index.SERVED, index.STATIC),
    (cards.SERVED, cards.STATIC),
    (grimoire.SERVED, grimoire.STATIC),
    (calculators.SERVED, calculators.STATIC),
)
#: The folders whose every file comes from one generation (what it no longer writes is removed).
GENERATED_FOLDERS = (
    "sorts",
    "api",
    "regles",
    "calculateurs",
    "grimoire",
    "cartes",
    *dict.fromkeys(served for served, _ in STATIC_ROOMS),
)
API_SCHEMA_VERSION = 1


def static_files() -> list[tuple[str, Path]]:
    """``(path in the site, source file)`` of every room's static file, by path in the site; a
    room's README is for its readers, not served; with the rooms' libraries from ``node_modules``
    (GenerationError when one is not installed)."""
    modules = Path(widgets.__file__).parent.parent / "node_modules"
    vendored = [(f"{grimoire.SERVED}/{path}", modules / source) for path, source in grimoire.VENDOR]
    missing = [str(source) for _, source in vendored if not source.is_file()]
    if missing:
        raise GenerationError([f"bibliothèque absente : lancez `npm ci` ({', '.join(missing)})"])
    return sorted(
        [
            *(
                (f"{served}/{source.relative_to(folder).as_posix()}", source)
                for served, folder in STATIC_ROOMS
                for source in folder.rglob("*")
                if source.is_file() and source.name != "README.md"
            ),
            *vendored,
        ]
    )


def api_spell(spell: dict) -> dict:
    """The public JSON of one spell: the data with its page URL, stable English keys."""
    return {**spell, "url": f"sorts/{spell['slug']}/"}


def site_files(
    root: Path, compendium: Compendium, site_url: str
) -> Iterator[tuple[str, str | bytes]]:
    """Every file of the docs folder made from ``root`` (its ``content/``, ``sources/``) and the
    loaded ``compendium``; ``site_url`` (the publishing address, when known) makes the alias
    pages point to the absolute address of their spell. Raises GenerationError when a page's
    front matter would not be read back as written."""
    content = root / "content"
    env = environment()
    yield "index.md", (content / "index.md").read_text(encoding="utf-8")
    for served, source in static_files():
        yield served, source.read_bytes()
    yield from _spell_files(root, compendium, site_url, env)
    yield from _index_files(content, compendium.spells, env)
    yield from _other_pages(root, compendium.spells, env)


def _spell_files(
    root: Path, compendium: Compendium, site_url: str, env: Environment
) -> Iterator[tuple[str, str | bytes]]:
    """Per spell: its page, a redirect page per alias whose slug differs, its JSON."""
    spell_template = env.get_template("spell.md.j2")
    forget_partials()
    for spell in compendium.spells:
        page = markdown_page(spell_template.render(**spell_context(compendium, spell)))
        check_front_matter(
            page,
            functools.partial(title_origin, root, spell["slug"]),
            {"title": str(escape(spell["name"]))},
        )
        yield from page_files(f"sorts/{spell['slug']}/index.md", page)
        for alias in spell["aliases"]:
            alias_slug = slugify(alias)
            if alias_slug != spell["slug"] and alias_slug not in compendium.by_slug:
                yield (
                    f"sorts/{alias_slug}/index.html",
                    env.get_template("alias.html.j2").render(
                        spell=spell,
                        alias=alias,
                        csp=CONTENT_SECURITY_POLICY,
                        canonical=_canonical(site_url, f"sorts/{spell['slug']}/"),
                    ),
                )
        yield f"api/sorts/{spell['slug']}.json", _json(api_spell(spell))


def _index_files(
    content: Path, spells: list[dict], env: Environment
) -> Iterator[tuple[str, str | bytes]]:
    """The index, the JSON API and its schema, the search's folded texts."""
    document = yaml.safe_load((content / "document.yaml").read_text(encoding="utf-8"))
    yield from page_files(index.PAGE, markdown_page(index.index_page(env, spells, document)))
    yield (
        "api/sorts.json",
        _json(
            {
                "schema_version": API_SCHEMA_VERSION,
                "count": len(spells),
                "spells": [api_spell(spell) for spell in spells],
            }
        ),
    )
    yield "api/schema.json", SCHEMA.read_bytes()
    yield index.SEARCH_TEXTS, _json(index.search_texts(spells))


def _other_pages(
    root: Path, spells: list[dict], env: Environment
) -> Iterator[tuple[str, str | bytes]]:
    """The rules, the calculators, « Mon grimoire » and the cards."""
    content = root / "content"
    rules_text = (root / "sources" / "000_520746474e142303.txt").read_text(encoding="utf-8")
    yield from page_files(
        "regles/index.md",
        markdown_page(
            env.get_template("regles.md.j2").render(
                rules_lines=rules_text.split("\n"),
                readings=(content / "regles.md").read_text(encoding="utf-8"),
                root="../",
            )
        ),
    )
    yield from page_files(
        "calculateurs/index.md",
        markdown_page(
            env.get_template("calculateurs.md.j2").render(
                calculators_html=calculators_page_html(spells),
                intro=(content / "calculateurs.md").read_text(encoding="utf-8"),
                root="../",
            )
        ),
    )
    for relative, text in app_pages(env, spells).items():
        if relative.endswith(".md"):
            yield from page_files(relative, markdown_page(text))
        else:
            yield relative, text


def app_pages(env: Environment, spells: list[dict]) -> dict[str, str]:
    """``{path in the docs folder: text}`` of the pages the rooms render: « Mon grimoire » and
    « La table » with the spellbook's configuration, the cards."""
    return {
        **grimoire.pages(env, (spell["difficulty"] for spell in spells)),
        cards.PAGE: cards.cards_page(env, spells),
    }


def _canonical(site_url: str, path: str) -> str:
    """The absolute address of a page when the publishing address is known, else ''."""
    if not site_url:
        return ""
    return site_url.rstrip("/") + "/" + path


def _json(value: object) -> str:
    def default(item: object) -> object:
        if isinstance(item, Fraction):
            return str(item)
        raise TypeError(type(item).__name__)

    return json.dumps(value, ensure_ascii=False, indent=1, default=default) + "\n"
