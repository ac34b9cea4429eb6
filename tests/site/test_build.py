"""Building variants of the site: hostile spell text, invalid spell files, reproducibility."""

from __future__ import annotations

import filecmp
import html.parser
import shutil
from pathlib import Path

import pytest
import yaml

from generator.build import BuildError, build_site
from tests.conftest import ROOT, copy_project, serve_directory

HOSTILE = {
    "name": "Piège <script>window.__xss = 1</script>",
    "description": "\n\n".join([
        "Texte <script>window.__xss = 2</script> du sort.",
        '<img src="x" onerror="window.__xss = 3">',
        "[lien piégé](javascript:window.__xss=4) et <a href=\"javascript:window.__xss=5\">ici</a>",
        "- <svg onload=\"window.__xss = 6\"></svg>",
        "#### <iframe src=\"javascript:window.__xss = 7\"></iframe>",
    ]),
    "target": "<b onmouseover=\"window.__xss = 8\">cible</b>",
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
    from generator.slug import slugify

    spell = yaml.safe_load((ROOT / "spells" / "vol.yaml").read_text(encoding="utf-8"))
    spell["name"] = HOSTILE["name"]
    spell["slug"] = slugify(spell["name"])
    spell["index"] = {"name": spell["name"], "position": 1}
    spell["description"] = HOSTILE["description"]
    spell["target"]["raw"] = HOSTILE["target"]
    spell["per_level"], spell["figures"], spell["errata"], spell["aliases"] = [], [], [], []
    return spell


def write_spell(project: Path, spell: dict) -> Path:
    path = project / "spells" / f"{spell['slug']}.yaml"
    path.write_text(yaml.safe_dump(spell, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory) -> tuple[Path, str]:
    project = copy_project(tmp_path_factory.mktemp("hostile"))
    spell = hostile_spell()
    write_spell(project, spell)
    return build_site(project), spell["slug"]


def test_markup_in_spell_text_is_shown_as_text(hostile_site):
    site, slug = hostile_site
    page = (site / "sorts" / slug / "index.html").read_text(encoding="utf-8")
    elements = _Elements()
    elements.feed(page)
    assert not [a for a in elements.attributes if a[0].startswith("on")]
    assert not [a for a in elements.attributes
                if a[0] in ("href", "src") and a[1].lower().startswith("javascript:")]
    article = page[page.index('<article class="gr-spell"'):page.index("</article>")]
    inside = _Elements()
    inside.feed(article)
    assert not {"iframe", "svg", "img", "b"} & inside.tags
    assert not [s for s in elements.scripts if "__xss" in s]
    assert "Texte &lt;script&gt;window.__xss = 2&lt;/script&gt; du sort." in page
    assert "&lt;img src=&#34;x&#34; onerror=&#34;window.__xss = 3&#34;&gt;" in page or \
        "&lt;img src=&quot;x&quot; onerror=&quot;window.__xss = 3&quot;&gt;" in page


@pytest.mark.browser
def test_hostile_text_runs_nothing_in_a_browser(hostile_site, page):
    site, slug = hostile_site
    url, server = serve_directory(site)
    try:
        for path in (f"sorts/{slug}/", "sorts/", f"sorts/?q=piege"):
            page.goto(url + path)
            page.wait_for_load_state("load")
            page.mouse.move(10, 10)
            assert page.evaluate("typeof window.__xss") == "undefined", path
        page.goto(url + f"sorts/{slug}/")
        assert "window.__xss = 2" in page.inner_text(".gr-description")
    finally:
        server.shutdown()


def test_an_invalid_spell_stops_the_build_and_leaves_no_site(tmp_path):
    project = copy_project(tmp_path)
    spell = hostile_spell()
    spell["element"] = "air"
    path = write_spell(project, spell)
    line = path.read_text(encoding="utf-8").split("\n").index("element: air") + 1
    site = tmp_path / "site"
    site.mkdir()
    (site / "ancien.html").write_text("ancien site", encoding="utf-8")
    with pytest.raises(BuildError) as error:
        build_site(project)
    assert str(error.value) == (
        f"spells/{spell['slug']}.yaml:{line}: element: attendu l'une des valeurs feu, vigne, eau, "
        "neutre, reçu « air »")
    # The previous site is untouched and nothing half-built is left beside it.
    assert (site / "ancien.html").read_text(encoding="utf-8") == "ancien site"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("site")) == ["site"]


def test_two_builds_of_the_same_input_are_identical(tmp_path_factory, hostile_site):
    # The small project of this module, built again: a second full build of the 110 spells
    # would test the same code paths at many times the cost.
    first, _ = hostile_site
    again = build_site(first.parent, tmp_path_factory.mktemp("again") / "site")
    # MkDocs stamps these itself: the sitemap's date and the gzip header of its compressed copy.
    stamped = {"sitemap.xml", "sitemap.xml.gz"}
    differing = []

    def compare(cmp: filecmp.dircmp, prefix: str = "") -> None:
        differing.extend(prefix + name for name in cmp.left_only + cmp.right_only)
        _, mismatch, errors = filecmp.cmpfiles(cmp.left, cmp.right, cmp.common_files,
                                               shallow=False)
        differing.extend(prefix + name for name in mismatch + errors
                         if prefix + name not in stamped)
        for name, sub in cmp.subdirs.items():
            compare(sub, f"{prefix}{name}/")

    compare(filecmp.dircmp(first, again))
    assert len(list(again.rglob("*.html"))) > 5
    assert differing == []
    shutil.rmtree(again)


def test_a_build_validates_and_generates_once(tmp_path, monkeypatch):
    import generator.site
    import generator.validate

    calls = {"load_dir": 0, "generate": 0}

    def counted(name, function):
        def wrapper(*args, **kwargs):
            calls[name] += 1
            return function(*args, **kwargs)
        return wrapper

    monkeypatch.setattr(generator.validate, "load_dir",
                        counted("load_dir", generator.validate.load_dir))
    monkeypatch.setattr(generator.site, "generate", counted("generate", generator.site.generate))
    project = copy_project(tmp_path)
    shutil.copy2(ROOT / "spells" / "vol.yaml", project / "spells" / "vol.yaml")
    site = build_site(project)
    assert (site / "sorts" / "vol" / "index.html").is_file()
    assert calls == {"load_dir": 1, "generate": 1}
