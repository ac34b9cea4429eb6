"""MkDocs integration: generate ``docs_dir`` from the spell files before every build.

``on_pre_build`` is the one place a build generates the pages (``python -m generator build`` and
``serve`` only run MkDocs and turn :class:`InvalidSpells` into French output).

This is the only module that knows about MkDocs; the generator itself writes each page's
Markdown (front matter, heading) with its HTML body beside it, and JSON (``python -m generator
generate``). A site needs these hooks as well, one step each: they give each page its style
sheets and scripts (``grimoire_assets``) and its security policy, link the 404 page from the
site's folder when no publishing address is known, append its body after its heading, and give
the search its prose only; another builder would have to do the same.
"""

from __future__ import annotations

import copy
import functools
import re
from pathlib import Path

from mkdocs.exceptions import Abort
from mkdocs.plugins import event_priority

from generator.pages.pipeline import GenerationError, generate
from generator.site_folder import fault_point


class InvalidSpells(Abort):
    """The build stopped before writing anything: ``problems`` lists every located French message."""

    def __init__(self, problems: list[str]):
        super().__init__("Fichiers de sorts invalides :\n" + "\n".join(problems))
        self.problems = problems


def _assets_of(names, docs_dir: Path | None = None) -> dict:
    """A page's style sheets and scripts, and once the pages are generated (``docs_dir``) the
    modules its scripts import, asked for at once after them."""
    from generator.pages.page_assets import module_preloads, resolve

    resolved = resolve(names)
    assets = {"grimoire_css": resolved["css"], "grimoire_js": resolved["js"]}
    if docs_dir is not None:
        assets["grimoire_preload"] = module_preloads(docs_dir, resolved["js"], _imports)
    return assets


# Each module's static imports, read once per build (on_pre_build empties it).
_imports: dict[str, list[str]] = {}


def on_config(config):
    """Every page carries the site's Content-Security-Policy (``generator/security.py``) and the
    installed site's colour (``generator/offline``, the manifest's too); pages without front
    matter (404) load the base assets only."""
    from generator.offline import THEME_COLOR
    from generator.security import policy_for

    config.extra["content_security_policy"] = policy_for(_command)
    config.extra["theme_color"] = THEME_COLOR
    config.extra["grimoire_default"] = _assets_of(())
    return config


def on_template_context(context, template_name, config):
    """The 404 page's links relative to the site's folder when no publishing address is known.

    MkDocs gives an error page root-absolute links (``/assets/…``), taking the server's root for
    the site's, and only the address (``site_url``) tells it a sub-path: such a page is unstyled,
    and leads out of the site, under ``https://exemple.fr/grimoire/``. Without an address, every
    page of the site is relative, the 404 page too: whole wherever the host answers with it at
    the site's top level (``…/grimoire/inconnu``). Deeper addresses need the publishing address
    (``SITE_URL``), whose sub-path the page then links from."""
    if template_name == "404.html" and not config.site_url:
        context["base_url"] = "."
    return context


def on_pre_build(config) -> None:
    """Write the pages (the build's only generation); abort (no half-built site) on invalid spells."""
    root = Path(config.config_file_path).parent
    try:
        generate(root, Path(config.docs_dir), site_url=config.site_url or "")
    except GenerationError as error:
        raise InvalidSpells(error.problems) from None
    _imports.clear()
    config.extra["grimoire_default"] = _assets_of((), Path(config.docs_dir))
    fault_point("generated")


def on_page_markdown(markdown, page, config, files) -> str:
    """Resolve the page's ``grimoire_assets`` into the style sheets and scripts it loads."""
    from generator.pages.page_assets import UnknownBundle

    if not page.meta and markdown.lstrip("\n").startswith("---"):
        raise Abort(
            f"{_page_source(page.file.src_uri)}: -: attendu un en-tête de page (métadonnées YAML) "
            "que MkDocs sait lire, reçu un en-tête illisible : la page serait affichée comme du "
            "texte Markdown ; construction arrêtée"
        )
    try:
        page.meta.update(_assets_of(page.meta.get("grimoire_assets") or (), Path(config.docs_dir)))
    except UnknownBundle as error:
        raise Abort(f"{page.file.src_uri} : {error}") from None
    return markdown


def _page_source(src_uri: str) -> str:
    """``file:1`` of what a page of ``build/docs`` is made from (a spell page: its spell file)."""
    parts = src_uri.split("/")
    if len(parts) == 3 and parts[0] == "sorts" and parts[2] == "index.md" and parts[1]:
        return f"spells/{parts[1]}.yaml:1"
    return f"build/docs/{src_uri}:1"


# What the search indexes of a page: its prose. mkdocs-material's search reads a page's HTML and
# runs the cells of a table, the terms of a list of fields and the links of a navigation together
# (« Niveau du magicienSort niv 1Sort niv 2… », « Aller au niveau : 123456789 »), and indexes the
# « # » of each link to a passage. Its parser cannot be told to skip them, and would skip a
# ``data-search-exclude`` block only until the first closing tag of the same name inside it (it
# compares elements by tag). So the one search step of the build, ``on_page_context``, hands
# the theme's search a copy of the page without those elements (``data-search-exclude`` blocks —
# the calculators, the odds tables —, tables, lists of fields, navigations, the labels of folds,
# links to a passage), and the theme renders the page itself whole. The generated HTML is well
# formed: an element ends at the closing tag that balances its opening one, found by counting
# that tag alone, which costs far less than parsing.
_EXCLUDED_START = re.compile(
    r"<([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?\sdata-search-exclude(?=[\s=/>])[^>]*>"
    r"|<(table|dl|nav|summary)(?=[\s>])[^>]*>"
    r"|<(a)\s[^>]*?class=\"gr-level-link\"[^>]*>"
)


def _excluded_spans(html: str) -> list[tuple[int, int]]:
    """The (start, end) of each outermost ``data-search-exclude`` element, closing tag included."""
    spans: list[tuple[int, int]] = []
    position = 0
    while True:
        start = _EXCLUDED_START.search(html, position)
        if start is None:
            return spans
        name = start[1] or start[2] or start[3]
        tag = re.compile(rf"<(/?){name}(?=[\s/>])", re.IGNORECASE)
        depth, end = 1, len(html)
        for match in tag.finditer(html, start.end()):
            depth += -1 if match[1] else 1
            if depth == 0:
                close = html.find(">", match.end())
                end = len(html) if close < 0 else close + 1
                break
        spans.append((start.start(), end))
        position = end


# The theme's results cut a text at each tag and drop the punctuation that starts a piece
# (« du 3<sup>e</sup> (1 seule direction) » showed « 1 seule direction) »): the search reads an
# ordinal's superscript as the superscript letters (« du 3ᵉ (1 seule direction) »), which fold
# back to plain letters for matching.
_ORDINAL = re.compile(r"<sup>([emr]+)</sup>")
_SUPERSCRIPT_LETTERS = str.maketrans("emr", "ᵉᵐʳ")


def searchable(html: str) -> str:
    """``html`` without what the search must not index (see above): its prose."""
    kept, position = [], 0
    for start, end in _excluded_spans(html):
        kept.append(html[position:start])
        position = end
    kept.append(html[position:])
    return _ORDINAL.sub(lambda match: match[1].translate(_SUPERSCRIPT_LETTERS), "".join(kept))


def on_page_content(html, page, config, files) -> str:
    """A generated page's HTML body (written beside its Markdown, ``generator/pages/mkdocs_page.py``)
    after its heading."""
    from generator.pages.mkdocs_page import body_file

    body = Path(config.docs_dir) / body_file(page.file.src_uri)
    if not body.is_file():
        return html
    return html + "\n" + body.read_text(encoding="utf-8").removesuffix("\n")


@event_priority(100)  # before the theme's search plugin (priority 0)
def on_page_context(context, page, config, nav):
    """The search's one step (see above): the theme's search indexes a copy of the page that
    holds its prose only, and skips the page itself (its ``search.exclude``), which the theme
    renders whole; the theme's search plugin then removes the ``data-search-…`` attributes."""
    search = config.plugins.get("material/search")
    if search is None or not search.config.enabled:
        return context
    prose = searchable(page.content)
    if prose == page.content:
        return context
    indexed = copy.copy(page)
    indexed.content = prose
    search.search_index.add_entry_from_context(indexed)
    page.meta = {**page.meta, "search": {**(page.meta.get("search") or {}), "exclude": True}}
    return context


_command = "build"


def on_startup(*, command, dirty) -> None:
    """``mkdocs serve`` gets a service worker that caches nothing (generator/offline/) and a
    policy that lets its live-reload script run."""
    from generator.offline import set_command

    global _command
    _command = command
    set_command(command)


def on_post_build(config) -> None:
    """Start the search on first use (generator/pages/search.py), trim the theme's stylesheet and
    compact the site's own (generator/pages/theme_style.py), then write the offline files, which hash the finished site."""
    from generator.offline import write_offline_files
    from generator.pages.search import SearchError, defer_search
    from generator.pages.theme_style import ThemeStyleError, compact_styles, trim_theme_style

    fault_point("pages")
    site_dir = Path(config.site_dir)
    try:
        defer_search(site_dir)
        trim_theme_style(site_dir)
        compact_styles(site_dir)
    except (SearchError, ThemeStyleError) as error:
        raise Abort(str(error)) from None
    write_offline_files(site_dir, config)


# ---------------------------------------------------------------- mkdocs serve: a broken rebuild

#: What stops the last rebuild of ``mkdocs serve`` (located French lines), empty once one works.
_serve_problems: list[str] = []
#: The longest a page asked during a rebuild waits for it.
_REBUILD_WAIT_S = 120

#: The error page's style: one ``<style>`` element its policy allows by its hash (a policy
#: cannot allow a ``style`` attribute without allowing all of them). The page is no file of the
#: site: it is shown when there may be no site yet to serve a style sheet from.
_SERVE_ERROR_STYLE = (
    "body { font: 16px/1.5 system-ui, sans-serif; margin: 1rem; max-width: 50rem }"
    " h1 { font-size: 1.4rem }"
)

_SERVE_ERROR_PAGE = """<!doctype html>
<html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="{policy}">
<title>Site non reconstruit — Grimoire</title>
<style>{style}</style></head>
<body>
<h1>Site non reconstruit : un fichier est à corriger</h1>
<p>La dernière modification n’a pas été publiée, car&nbsp;:</p>
<ul>{items}</ul>
<p>Corrigez le fichier et enregistrez-le&nbsp;: cette page se recharge d’elle-même.</p>
</body></html>
"""


def serve_error_page(problems: list[str]) -> bytes:
    """The page ``mkdocs serve`` shows at every address while a rebuild fails: each problem as
    ``fichier:ligne: champ: message``, escaped (file names come printable from the validation,
    ``shown_path``; a character UTF-8 cannot hold, a lone surrogate, is shown as ``\\udcff``),
    styled within its own policy, and reloaded by the script ``serve`` adds to it (which its
    policy lets run, :func:`generator.security.policy_for`)."""
    from markupsafe import escape

    from generator.security import policy_for

    items = "".join(f"<li><code>{escape(problem)}</code></li>" for problem in problems)
    page = _SERVE_ERROR_PAGE.format(
        policy=escape(policy_for("serve", styles=[_SERVE_ERROR_STYLE])),
        style=_SERVE_ERROR_STYLE,
        items=items,
    )
    return page.encode("utf-8", "backslashreplace")


def on_serve(server, config, builder):
    """A rebuild that fails no longer leaves the browser waiting on the server: the failure is
    said in French in the terminal, and every page address answers with the French error page
    (which reloads itself once a rebuild succeeds)."""
    import logging

    # The server's own lines (requests, reloads) are printed, but not counted among a rebuild's
    # warnings: in strict mode, a page answered 404 or 500 during a rebuild would fail it.
    requests_log = logging.getLogger("mkdocs.livereload")
    if requests_log.propagate:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        requests_log.addHandler(handler)
        requests_log.propagate = False

    server.builder = functools.partial(_guarded_build, server.builder)
    server._serve_request = functools.partial(_serve_request, server, server._serve_request)
    return server


def _guarded_build(build):
    """Run MkDocs' rebuild; keep the French problems of a failure for the pages to show."""
    import logging
    import traceback

    try:
        build()
    except InvalidSpells as error:
        _serve_problems[:] = error.problems
    except Abort as error:
        _serve_problems[:] = [str(error)]
    except Exception as error:  # noqa: BLE001 - the page says it, the terminal has the details
        traceback.print_exc()
        _serve_problems[:] = [
            f"erreur inattendue de la reconstruction ({type(error).__name__}), "
            "détails dans le terminal"
        ]
    else:
        _serve_problems.clear()
        return
    logging.getLogger("mkdocs").error(
        "Site non reconstruit, à corriger :\n%s", "\n".join(_serve_problems)
    )


def _serve_request(server, serve_file, environ, start_response):
    """A page asked: the French error page while the last rebuild failed, else the page."""
    path = environ.get("PATH_INFO", "")
    page = path.endswith("/") or path.endswith(".html")
    if not page or path.startswith("/livereload/"):
        return serve_file(environ, start_response)
    # A page asked during a rebuild waits for its end, as MkDocs does (bounded here: a
    # rebuild that never ends leaves the last known state shown).
    with server._epoch_cond:
        server._epoch_cond.wait_for(
            lambda: server._visible_epoch == server._wanted_epoch, timeout=_REBUILD_WAIT_S
        )
        epoch = server._visible_epoch
    problems = list(_serve_problems)
    if not problems:
        return serve_file(environ, start_response)
    body = server._inject_js_into_html(serve_error_page(problems), epoch)
    start_response(
        "500 Internal Server Error",
        [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(body)))],
    )
    return [body]
