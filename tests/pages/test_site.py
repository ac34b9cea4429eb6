"""The built site: pages, aliases, JSON, links, no outside request, reproducible builds."""

from __future__ import annotations

import html
import html.parser
import json
import re
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlparse

import yaml

from tests.conftest import ROOT
from tests.fidelity import page_text

SPELLS = {
    p.stem: yaml.safe_load(p.read_text(encoding="utf-8"))
    for p in sorted((ROOT / "spells").glob("*.yaml"))
}


class _Links(html.parser.HTMLParser):
    """Collects ids and outgoing URLs (href, src, srcset, content of refresh) of one page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.urls: list[tuple[str, str]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("name"):
            self.ids.add(attrs["name"])
        for key in ("href", "src", "action", "poster", "data"):
            if attrs.get(key):
                self.urls.append((tag, attrs[key]))
        if attrs.get("srcset"):
            self.urls += [(tag, part.split()[0]) for part in attrs["srcset"].split(",")]


def parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def html_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_one_page_per_spell_and_the_main_pages(built_site):
    for slug in SPELLS:
        assert (built_site / "sorts" / slug / "index.html").is_file(), slug
    for page in ("index.html", "sorts/index.html", "regles/index.html", "calculateurs/index.html"):
        assert (built_site / page).is_file(), page


def test_alias_urls_lead_to_the_canonical_page(built_site):
    page = (built_site / "sorts" / "image-miroir" / "index.html").read_text(encoding="utf-8")
    assert '<link rel="canonical" href="../images-miroir/">' in page
    assert "url=../images-miroir/" in page
    # Aliases that differ only by case share the canonical URL: no extra page.
    assert not (built_site / "sorts" / "dimension-duel-2").exists()
    aliases = {alias: s["slug"] for s in SPELLS.values() for alias in s["aliases"]}
    assert aliases == {
        "Dimension Duel": "dimension-duel",
        "Image miroir": "images-miroir",
        "Runes explosives": "runes-explosives",
        "Sort absolu": "sort-absolu",
    }


def test_json_api(built_site):
    everything = json.loads((built_site / "api" / "sorts.json").read_text(encoding="utf-8"))
    assert everything["schema_version"] == 1
    assert everything["count"] == 110 == len(everything["spells"])
    one = json.loads((built_site / "api" / "sorts" / "vol.json").read_text(encoding="utf-8"))
    assert one["name"] == "Vol" and one["url"] == "sorts/vol/"
    assert {k: one[k] for k in SPELLS["vol"]} == SPELLS["vol"]
    schema = json.loads((built_site / "api" / "schema.json").read_text(encoding="utf-8"))
    assert schema["properties"]["element"]["enum"] == ["feu", "vigne", "eau", "neutre"]


def test_per_level_anchors_and_visible_links(built_site):
    page = (built_site / "sorts" / "invisibilite" / "index.html").read_text(encoding="utf-8")
    for level in range(1, 10):
        assert f'id="niveau-{level}"' in page
        assert f'href="#niveau-{level}"' in page
    bands = (built_site / "sorts" / "missile-magique" / "index.html").read_text(encoding="utf-8")
    assert 'id="niveau-magicien-13-14"' in bands and 'id="niveau-1"' not in bands


def test_superscripts_are_rendered(built_site):
    page = (built_site / "sorts" / "invisibilite" / "index.html").read_text(encoding="utf-8")
    assert "comme au 2<sup>e</sup> niveau" in page
    assert "^e" not in page


def test_editorial_choices_are_labelled_and_explained(built_site):
    page = (built_site / "sorts" / "boule-de-feu" / "index.html").read_text(encoding="utf-8")
    assert "choix éditorial" in page
    assert 'href="../../regles/#element-des-sorts"' in page
    rules = parse(built_site / "regles" / "index.html")
    assert {"element-des-sorts", "difficulte-des-sorts", "lectures-retenues"} <= rules.ids


def test_errata_are_beside_the_text_never_instead(built_site):
    page = (built_site / "sorts" / "eclair" / "index.html").read_text("utf-8")
    assert '<mark class="gr-erratum" title="Lire « n&#39;existe ».">n&#39;eexiste</mark>' in page
    text = page_text(built_site / "sorts" / "eclair" / "index.html")
    assert "aucun risque n'eexiste* pour les alliés" in text
    assert "Coquille — « n'eexiste » : Lire « n'existe »." in " ".join(text.split())
    affutage = (built_site / "sorts" / "affutage" / "index.html").read_text(encoding="utf-8")
    assert "conflit : la fiche indique 1-9" in affutage


def test_lost_images_are_figure_placeholders(built_site):
    page = (built_site / "sorts" / "teleportation" / "index.html").read_text(encoding="utf-8")
    assert page.count('class="gr-figure-lost"') == 2
    text = " ".join(page_text(built_site / "sorts" / "teleportation" / "index.html").split())
    assert "Se faire téléporter par un Azathothien comporte des risques Chercher à" in text
    assert re.search(r"<h2><mark [^>]*>Chercher à se faire téléporter</mark>", page)


def test_the_monster_table_is_a_table(built_site):
    page = (built_site / "sorts" / "invocation-de-monstre" / "index.html").read_text(
        encoding="utf-8"
    )
    table = re.search(r'<table class="gr-table">(.*?)</table>', page, re.S).group(1)
    assert table.count("<tr>") == 9
    assert '<th scope="col">Sort niv 9</th>' in table
    assert page.count("<h2>Monstres niveau") == 9


def test_without_a_publishing_address_the_404_page_links_from_the_site_folder(built_site):
    """MkDocs links an error page from the server's root (``/assets/…``) unless it knows the
    publishing address: served under a sub-path, such a page is unstyled. Without SITE_URL its
    links, as every page's, are relative to the site's folder (and checked below)."""
    urls = [url for _tag, url in parse(built_site / "404.html").urls]
    assert any("assets/stylesheets/main." in url for url in urls), urls
    assert [url for url in urls if url.startswith("/")] == []  # no /assets/…, no /sorts/…
    page = (built_site / "404.html").read_text(encoding="utf-8")
    assert '"base": "."' in page and 'data-md-scope="."' in page  # the theme's scripts too


def test_no_broken_internal_link_or_anchor(built_site):
    parsed = {path: parse(path) for path in html_pages(built_site)}
    broken = []
    for path, links in parsed.items():
        for _tag, url in links.urls:
            if url.startswith(("http:", "https:", "mailto:", "data:", "javascript:", "blob:")):
                continue
            target, fragment = urldefrag(url)
            if not target:
                target_path = path
            else:
                resolved = (path.parent / unquote(urlparse(target).path)).resolve()
                target_path = resolved / "index.html" if resolved.is_dir() else resolved
            if not target_path.exists():
                broken.append(f"{path.relative_to(built_site)} → {url}")
                continue
            if fragment and target_path.suffix == ".html":
                ids = parsed.get(target_path) or parse(target_path)
                if fragment not in ids.ids:
                    broken.append(f"{path.relative_to(built_site)} → {url} (ancre absente)")
    assert not broken, "\n".join(broken[:30])


EXTERNAL = re.compile(r"""(?:src|href|action)\s*=\s*["']?\s*(?:https?:)?//""", re.I)
CSS_EXTERNAL = re.compile(r"""(?:url\(\s*["']?|@import\s+["'])(?:https?:)?//""", re.I)


def test_the_site_makes_no_request_outside_its_origin(built_site):
    offenders = []
    for path in html_pages(built_site):
        parser = parse(path)
        for tag, url in parser.urls:
            if tag in ("a",):
                continue  # a link the reader may follow is not a request
            if re.match(r"(?i)(https?:)?//", url):
                offenders.append(f"{path.relative_to(built_site)}: <{tag}> {url}")
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r'<link[^>]+href="((?:https?:)?//[^"]+)"', text):
            offenders.append(f"{path.relative_to(built_site)}: <link> {match.group(1)}")
    for path in sorted(built_site.rglob("*.css")):
        if CSS_EXTERNAL.search(path.read_text(encoding="utf-8", errors="replace")):
            offenders.append(str(path.relative_to(built_site)))
    assert not offenders, "\n".join(offenders)
    home = (built_site / "index.html").read_text(encoding="utf-8")
    assert "fonts.googleapis" not in home and "fonts.gstatic" not in home


def test_links_between_spells(built_site):
    def links(slug: str) -> list[str]:
        page = (built_site / "sorts" / slug / "index.html").read_text(encoding="utf-8")
        return re.findall(r'<a class="gr-spell-link" href="\.\./([a-z0-9-]+)/">', page)

    assert links("invisibilite") == ["detection-de-l-invisibilite"]
    assert links("oubli") == ["sort-absolu", "sort-absolu"]
    assert "trouver-un-familier" in links("transformation-de-la-pierre-en-chair")
    assert links("acceleration") == ["vol"] + ["sort-absolu"] * 5
    assert links("identifier-la-magie") == ["fabrication-de-la-poudre-de-revelation-magique"]
    assert links("metamorphose") == ["invocation-de-monstre"]
    assert links("force") == []  # « la force » is not the spell Force
    assert "force" not in {slug for s in SPELLS for slug in links(s)}
