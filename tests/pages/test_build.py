"""Building variants of the site: hostile spell text, invalid spell files, reproducibility."""

from __future__ import annotations

import filecmp
import html.parser
import shutil
from pathlib import Path

import markupsafe
import pytest
import yaml

from generator.build import BuildError, build_site
from generator.pages.chart import cast_chart
from generator.site_folder import MARKER, MARKER_TEXT
from tests.conftest import ROOT, copy_project, serve_directory

#: The payloads of a hostile-input review: Markdown attributes, a javascript: link, HTML handlers.
PAYLOADS = [
    "{: onmouseover=alert(document.cookie) tabindex=0 }",
    "[clic](javascript:alert(document.domain))",
    "<img src=x onerror=alert(1)>",
    "<script>alert(2)</script>",
    '<a href="javascript:alert(3)">ici</a>',
    "{#piege onclick=alert(4)}",
]
ALL = " ".join(PAYLOADS)

HOSTILE = {
    "name": "Piège bis",
    "description": "\n\n".join(
        [
            "Texte <script>window.__xss = 2</script> du sort.",
            '<img src="x" onerror="window.__xss = 3">',
            '[lien piégé](javascript:window.__xss=4) et <a href="javascript:window.__xss=5">ici</a>',
            '- <svg onload="window.__xss = 6"></svg>',
            '#### <iframe src="javascript:window.__xss = 7"></iframe>',
            *PAYLOADS,
            "\n".join(f"- {payload}" for payload in PAYLOADS),
            f"#### {PAYLOADS[0]}",
            "| Colonne {: onclick=alert(5) } | [clic](javascript:alert(6)) |\n|---|---|\n"
            f"| {PAYLOADS[2]} | {PAYLOADS[0]} |",
            f"![{PAYLOADS[2]} {PAYLOADS[0]}]()",
            f"- {PAYLOADS[5]} Niveau 3 : {PAYLOADS[1]} {PAYLOADS[2]}",
        ]
    ),
    "target": '<b onmouseover="window.__xss = 8">cible</b>',
}


class _Elements(html.parser.HTMLParser):
    """Every tag, attribute and inline script of a page, as a browser would parse them."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.attributes, self.scripts, self._in_script = set(), [], [], False

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.attributes += [(name, value or "") for name, value in attrs]
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.scripts.append(data)


def hostile_spell() -> dict:
    """A valid spell whose every free text (all but name, aliases and slug) carries the payloads."""
    from generator.spellformat.slug import slugify

    spell = yaml.safe_load((ROOT / "spells" / "vol.yaml").read_text(encoding="utf-8"))
    spell["name"] = HOSTILE["name"]
    spell["slug"] = slugify(spell["name"])
    spell["aliases"] = ["Piège ter"]
    spell["index"] = {"name": "Piège quater", "position": 1}
    spell["description"] = HOSTILE["description"]
    spell["target"]["raw"] = HOSTILE["target"]
    for key in ("casting_time", "range", "duration", "saving_throw"):
        spell[key]["raw"] = f"{key} {ALL}"
        spell[key]["label"] = f"{PAYLOADS[0]} {PAYLOADS[2]} : "
    spell["levels"]["raw"] = f"3-9 {ALL}"
    spell["levels"]["index_raw"] = f"3-9 {PAYLOADS[1]}"
    spell["element_note"] = f"Élément {ALL}"
    spell["difficulty_note"] = f"Difficulté {ALL}"
    spell["per_level"] = [
        {
            "level": 3,
            "basis": "spell",
            "label": f"{PAYLOADS[5]} Niveau 3 :",
            "text": f"{PAYLOADS[1]} {PAYLOADS[2]}",
        }
    ]
    spell["figures"] = [
        {"caption": f"Figure {ALL}", "position": "before_title", "certainty": "sure"},
        {
            "caption": f"Figure après {ALL}",
            "position": "after_description",
            "certainty": "probable",
        },
    ]
    spell["errata"] = [
        {"text": PAYLOADS[1], "kind": "typo", "note": f"lire {ALL}"},
        {"text": PAYLOADS[0], "kind": "typo", "note": PAYLOADS[2]},
    ]
    return spell


#: The pages of the hostile site where its texts appear.
HOSTILE_PAGES = (
    "sorts/piege-bis/",
    "sorts/piege-ter/",
    "sorts/",
    "sorts/?q=piege",
    "cartes/",
    "calculateurs/",
    "grimoire/",
)


def write_spell(project: Path, spell: dict) -> Path:
    path = project / "spells" / f"{spell['slug']}.yaml"
    path.write_text(yaml.safe_dump(spell, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory, build_cache) -> tuple[Path, str]:
    project = copy_project(tmp_path_factory.mktemp("hostile"), build_cache)
    spell = hostile_spell()
    write_spell(project, spell)
    return build_site(project), spell["slug"]


def _page_file(site: Path, path: str) -> Path:
    return site / path.split("?")[0] / "index.html"


@pytest.mark.parametrize("path", [p for p in HOSTILE_PAGES if "?" not in p])
def test_markup_in_spell_text_is_shown_as_text(hostile_site, path):
    site, slug = hostile_site
    page = _page_file(site, path).read_text(encoding="utf-8")
    elements = _Elements()
    elements.feed(page)
    assert not [a for a in elements.attributes if a[0].startswith("on")]
    assert not [
        a
        for a in elements.attributes
        if a[0] in ("href", "src", "action", "formaction")
        and "javascript:" in a[1].lower().replace(" ", "")
    ]
    assert not [a for a in elements.attributes if a[0] == "id" and a[1] == "piege"]
    assert not [s for s in elements.scripts if "__xss" in s or "alert(" in s]
    assert "<iframe" not in page and "<svg onload" not in page


def test_every_hostile_text_reaches_the_spell_page_as_text(hostile_site):
    site, slug = hostile_site
    page = (site / "sorts" / slug / "index.html").read_text(encoding="utf-8")
    assert '<h1 id="piege-bis">Piège bis</h1>' in page
    article = page[page.index('<article class="gr-spell"') : page.index("</article>")]
    # The one SVG of a spell page is the build's odds chart, the same on every page.
    assert article.count("<svg") == 1
    article = article.replace(str(cast_chart()), "")
    inside = _Elements()
    inside.feed(article)
    assert not {"iframe", "svg", "img", "b", "script"} & inside.tags
    assert "Texte &lt;script&gt;window.__xss = 2&lt;/script&gt; du sort." in page
    assert (
        "&lt;img src=&#34;x&#34; onerror=&#34;window.__xss = 3&#34;&gt;" in page
        or "&lt;img src=&quot;x&quot; onerror=&quot;window.__xss = 3&quot;&gt;" in page
    )
    # Each payload shows whole, as text, in the description and in each short field.
    for payload in PAYLOADS:
        shown = str(markupsafe.escape(payload))
        assert page.count(shown) >= 8, payload
    # The front matter's title and description stay escaped in <title> and the meta tags.
    assert "<title>Piège bis - Grimoire</title>" in page
    assert '<meta name="description" content="Sort de magicien, niveaux 3-9 {: onmouseover' in page


# Pointer events on the first elements of each kind: a handler smuggled into them would run.
HOVER_AND_CLICK = """(selectors) => {
  // A clicked link stays unfollowed: leaving the page would end its probe half-way (and the page
  // under test with it). Handlers still receive the click; javascript: links are refused apart.
  window.addEventListener("click", (event) => event.preventDefault(), true);
  for (const selector of selectors) {
    for (const element of Array.from(document.querySelectorAll(selector)).slice(0, 5)) {
      for (const type of ["mouseover", "focus", "click"]) {
        element.dispatchEvent(new MouseEvent(type, {bubbles: true, cancelable: true}));
      }
    }
  }
}"""


@pytest.mark.browser
def test_hostile_text_runs_nothing_in_a_browser(hostile_site, page):
    site, slug = hostile_site
    url, server = serve_directory(site)
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        for path in HOSTILE_PAGES:
            page.goto(url + path)
            if path == "sorts/piege-ter/":  # the alias address leads to the spell's page
                page.wait_for_url(f"**/sorts/{slug}/")
            page.wait_for_load_state("load")
            page.evaluate(
                HOVER_AND_CLICK,
                [
                    ".gr-spell h1",
                    "h1",
                    ".gr-fields dd",
                    ".gr-description *",
                    ".gr-errata li",
                    "figure",
                    ".gr-index-table td",
                    ".gr-card",
                    ".gr-source p",
                ],
            )
            page.keyboard.press("Tab")
            assert page.evaluate("typeof window.__xss") == "undefined", path
            assert (
                page.locator("[onmouseover], [onclick], [onerror], a[href^='javascript']").count()
                == 0
            )
        page.goto(url + f"sorts/{slug}/")
        assert page.locator("h1").inner_text() == "Piège bis"
        assert "window.__xss = 2" in page.inner_text(".gr-description")
        assert PAYLOADS[0] in page.inner_text(".gr-description")
        assert dialogs == []
    finally:
        server.shutdown()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("name", PAYLOADS[0]),
        ("name", f"Piège {PAYLOADS[1]}"),
        ("aliases", [PAYLOADS[2]]),
        ("aliases", ["—"]),
        ("index", {"name": f"Piège {PAYLOADS[5]}", "position": 1}),
        ("target", {"label": "Cible : ", "raw": "1 personne\n\n[clic](javascript:alert(1))"}),
        ("element_note", "Note \u202e inversée"),
    ],
)
def test_markup_in_names_stops_the_build_with_file_and_line(tmp_path, field, value):
    project = copy_project(tmp_path)
    spell = hostile_spell()
    spell[field] = value
    path = write_spell(project, spell)
    key = "index:" if field == "index" else f"{field}:"
    line = next(
        n
        for n, text in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1)
        if text.startswith(key)
    )
    line += {"aliases": 1, "index": 1, "target": 2}.get(field, 0)
    with pytest.raises(BuildError) as error:
        build_site(project)
    shown = {"aliases": "aliases[0]", "index": "index.name", "target": "target.raw"}.get(
        field, field
    )
    assert str(error.value).startswith(f"spells/{spell['slug']}.yaml:{line}: {shown}: attendu ")
    assert not (project / "site").exists()


def test_an_invalid_spell_stops_the_build_and_leaves_no_site(tmp_path):
    project = copy_project(tmp_path)
    spell = hostile_spell()
    spell["element"] = "air"
    path = write_spell(project, spell)
    line = path.read_text(encoding="utf-8").split("\n").index("element: air") + 1
    site = tmp_path / "site"
    site.mkdir()
    (site / "ancien.html").write_text("ancien site", encoding="utf-8")
    (site / MARKER).write_text(MARKER_TEXT, encoding="utf-8")  # a site of this project's
    with pytest.raises(BuildError) as error:
        build_site(project)
    assert str(error.value) == (
        f"spells/{spell['slug']}.yaml:{line}: element: attendu l'une des valeurs feu, vigne, eau, "
        "neutre, reçu « air »"
    )
    # The previous site is untouched and nothing half-built is left beside it.
    assert (site / "ancien.html").read_text(encoding="utf-8") == "ancien site"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("site")) == ["site"]


def test_two_builds_of_the_same_input_are_identical(tmp_path_factory, hostile_site):
    # The small project of this module, built again: a second full build of the 110 spells
    # would test the same code paths at many times the cost.
    first, _ = hostile_site
    # From nothing again: without the generated pages, the build generates them anew (unchanged
    # sources would otherwise let it keep them, generator/cache.py).
    shutil.rmtree(first.parent / "build" / "docs")
    again = build_site(first.parent, tmp_path_factory.mktemp("again") / "site")
    # MkDocs stamps these itself: the sitemap's date and the gzip header of its compressed copy.
    stamped = {"sitemap.xml", "sitemap.xml.gz"}
    differing = []

    def compare(cmp: filecmp.dircmp, prefix: str = "") -> None:
        differing.extend(prefix + name for name in cmp.left_only + cmp.right_only)
        _, mismatch, errors = filecmp.cmpfiles(cmp.left, cmp.right, cmp.common_files, shallow=False)
        differing.extend(
            prefix + name for name in mismatch + errors if prefix + name not in stamped
        )
        for name, sub in cmp.subdirs.items():
            compare(sub, f"{prefix}{name}/")

    compare(filecmp.dircmp(first, again))
    assert len(list(again.rglob("*.html"))) > 5
    assert differing == []
    shutil.rmtree(again)


def test_a_build_validates_and_generates_once(tmp_path, monkeypatch):
    import generator.pages.pipeline
    import generator.spellformat.validate

    calls = {"load_dir": 0, "generate": 0}

    def counted(name, function):
        def wrapper(*args, **kwargs):
            calls[name] += 1
            return function(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(
        generator.spellformat.validate,
        "load_dir",
        counted("load_dir", generator.spellformat.validate.load_dir),
    )
    monkeypatch.setattr(
        generator.pages.pipeline, "generate", counted("generate", generator.pages.pipeline.generate)
    )
    project = copy_project(tmp_path)
    shutil.copy2(ROOT / "spells" / "vol.yaml", project / "spells" / "vol.yaml")
    site = build_site(project)
    assert (site / "sorts" / "vol" / "index.html").is_file()
    assert calls == {"load_dir": 1, "generate": 1}


def test_names_are_never_read_as_markdown_even_unvalidated():
    """Defence in depth: a name the validator would refuse still renders as text in every page."""
    import markdown
    from mkdocs.utils.yaml import yaml_load

    from generator.index import INDEX_ROWS_DRAWN
    from generator.pages.compendium import Compendium
    from generator.pages.site_files import app_pages
    from generator.pages.spell_page import spell_context
    from generator.pages.templating import environment

    spell = hostile_spell()
    spell["name"] = f"Piège {PAYLOADS[0]} {PAYLOADS[1]} {PAYLOADS[2]}"
    spell["aliases"] = [PAYLOADS[5], PAYLOADS[1]]
    spell["index"]["name"] = PAYLOADS[0]
    config = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    extensions = [
        next(iter(e)) if isinstance(e, dict) else e for e in config["markdown_extensions"]
    ]
    settings = {
        next(iter(e)): e[next(iter(e))]
        for e in config["markdown_extensions"]
        if isinstance(e, dict)
    }
    env = environment()
    pages = [
        env.get_template("spell.md.j2").render(**spell_context(Compendium([spell]), spell)),
        env.get_template("index.md.j2").render(
            spells=[spell],
            index_rows=[spell],
            root="../",
            index={
                "names": {spell["slug"]: "piege"},
                "aliases": {spell["slug"]: "piege"},
                "element_rank": {spell["element"]: 0},
                "drawn": INDEX_ROWS_DRAWN,
            },
            document={
                "title": "Index",
                "legend": "Légende",
                "index_blocks": [{"header": ["Nom", "Niveaux"], "count": 1}],
            },
        ),
        *(text for name, text in app_pages(env, [spell]).items() if name.endswith(".md")),
    ]
    for text in pages:
        front, _, body = text.partition("\n---\n")
        assert yaml.safe_load(front.lstrip("-\n"))["title"]
        rendered = markdown.markdown(body, extensions=extensions, extension_configs=settings)
        elements = _Elements()
        elements.feed(rendered)
        assert not [a for a in elements.attributes if a[0].startswith("on") or a == ("id", "piege")]
        assert not [
            a for a in elements.attributes if a[0] in ("href", "src") and "javascript:" in a[1]
        ]
        assert "<img" not in rendered and "<script" not in rendered
    title = yaml.safe_load(pages[0].partition("\n---\n")[0].lstrip("-\n"))["title"]
    assert title == str(markupsafe.escape(spell["name"]))


def test_what_mkdocs_refuses_is_reported_in_french_with_the_spell_file(
    tmp_path, monkeypatch, capsys
):
    import generator.pages.site_files

    project = copy_project(tmp_path)
    shutil.copy2(ROOT / "spells" / "vol.yaml", project / "spells" / "vol.yaml")
    markdown_page = generator.pages.site_files.markdown_page

    def with_a_broken_link(text: str) -> str:
        page = markdown_page(text)
        return (
            page + "\n[perdu](../../nulle-part.md)\n"
            if '<article class="gr-spell" data-slug="vol"' in page
            else page
        )

    monkeypatch.setattr(generator.pages.site_files, "markdown_page", with_a_broken_link)
    with pytest.raises(BuildError) as error:
        build_site(project)
    name_line = (project / "spells" / "vol.yaml").read_text(encoding="utf-8").split("\n").index(
        'name: "Vol"'
    ) + 1
    assert str(error.value) == (
        f"spells/vol.yaml:{name_line}: page /sorts/vol/: lien « ../../nulle-part.md » vers une page "
        "qui n'existe pas (nulle-part.md) (MkDocs refuse de construire le site)"
    )
    assert "Doc file" not in capsys.readouterr().err
    assert not (project / "site").exists()
