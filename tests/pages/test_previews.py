"""Link previews: each spell page has its own description (its level range and the start of its
text) and Open Graph tags; with a publishing address (SITE_URL at build time) every page gets
its canonical link and og:url, and alias pages point to their spell's address. Everything the
spell files give is escaped."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from tests.conftest import ROOT, copy_project

ADDRESS = "https://exemple.fr/grimoire/"


class _Head(HTMLParser):
    def __init__(self):
        super().__init__()
        self.meta: dict[str, list[str]] = {}
        self.canonical: list[str] = []
        self.scripts = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta" and ("property" in attrs or "name" in attrs):
            key = attrs.get("property") or attrs.get("name")
            self.meta.setdefault(key, []).append(attrs.get("content"))
        if tag == "link" and attrs.get("rel") == "canonical":
            self.canonical.append(attrs["href"])
        if tag == "script":
            self.scripts += 1


def head_of(path: Path) -> _Head:
    parser = _Head()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def spell_pages(site: Path) -> list[Path]:
    return [
        site / "sorts" / p.stem / "index.html" for p in sorted((ROOT / "spells").glob("*.yaml"))
    ]


def test_every_spell_page_has_its_own_preview(built_site):
    descriptions = []
    for page in spell_pages(built_site):
        spell = yaml.safe_load((ROOT / "spells" / f"{page.parent.name}.yaml").read_text("utf-8"))
        head = head_of(page)
        description = head.meta["description"]
        assert len(description) == 1, page
        assert head.meta["og:description"] == description
        assert head.meta["og:title"] == [spell["name"]]
        assert head.meta["og:type"] == ["article"]
        assert head.meta["og:locale"] == ["fr_FR"]
        text = description[0]
        assert text.startswith(f"Sort de magicien, niveaux {spell['levels']['raw']}. "), text
        first_words = " ".join(
            re.sub(r"^(- |#### )", "", line)
            for line in spell["description"].split("\n")
            if line and line[0] not in "|!"
        )
        first_words = re.sub(r"(\d)\^(er|eme|e)\b", r"\1\2", first_words).split()[:3]
        assert " ".join(first_words) in text, (page, text)
        assert len(text) <= 160
        descriptions.append(text)
        # Without a publishing address, no absolute address is invented.
        assert head.canonical == [] and "og:url" not in head.meta
    assert len(set(descriptions)) == len(descriptions)


@pytest.fixture(scope="module")
def published_site(tmp_path_factory, build_cache):
    """The site built with a publishing address, with one spell whose text is hostile."""
    from generator.build import build_site

    project = copy_project(tmp_path_factory.mktemp("publie"), build_cache)
    for slug in ("eclair", "images-miroir"):
        text = (ROOT / "spells" / f"{slug}.yaml").read_text(encoding="utf-8")
        (project / "spells" / f"{slug}.yaml").write_text(text, encoding="utf-8")
    hostile = project / "spells" / "eclair.yaml"
    data = hostile.read_text(encoding="utf-8")
    hostile.write_text(
        data.replace(
            "Ce sort crée un éclair.",
            '"><script>alert(1)</script> & <b>gras</b> crée un éclair.',
            1,
        )
        if "Ce sort crée un éclair." in data
        else data,
        encoding="utf-8",
    )
    assert "<script>alert(1)" in hostile.read_text(encoding="utf-8")
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.setenv("SITE_URL", ADDRESS)
    try:
        return build_site(project, project / "site")
    finally:
        monkeypatch.undo()


def test_the_publishing_address_gives_canonical_links_and_og_url(published_site):
    for relative, url in (
        ("index.html", ADDRESS),
        ("sorts/eclair/index.html", ADDRESS + "sorts/eclair/"),
        ("regles/index.html", ADDRESS + "regles/"),
    ):
        head = head_of(published_site / relative)
        assert head.canonical == [url]
        assert head.meta["og:url"] == [url]
    alias = head_of(published_site / "sorts" / "image-miroir" / "index.html")
    assert alias.canonical == [ADDRESS + "sorts/images-miroir/"]
    assert alias.meta["og:url"] == [ADDRESS + "sorts/images-miroir/"]


def test_with_a_publishing_address_the_404_page_links_from_its_path(published_site):
    """With SITE_URL the 404 page, served at any depth, links from the address's path."""
    page = (published_site / "404.html").read_text(encoding="utf-8")
    assert 'href="/grimoire/assets/stylesheets/main.' in page
    assert 'href="./' not in page and 'src="./' not in page


def test_hostile_spell_text_stays_text_in_the_preview(published_site):
    page = published_site / "sorts" / "eclair" / "index.html"
    head = head_of(page)
    expected = 'Sort de magicien, niveaux 1-9. "><script>alert(1)</script> & <b>gras</b> crée'
    assert head.meta["description"][0].startswith(expected)
    assert head.meta["og:description"] == head.meta["description"]
    html = page.read_text(encoding="utf-8")
    assert "<script>alert(1)" not in html and "<b>gras" not in html
    assert (
        head.scripts == head_of(published_site / "sorts" / "images-miroir" / "index.html").scripts
    )
