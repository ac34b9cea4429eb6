"""Property: a spell text drawn from the whole of Unicode and from the description syntax is either
refused by ``make check`` with located French messages, or becomes a page (rendered, front matter
written and read back as MkDocs reads it, the page hooks applied, Markdown run) whose HTML holds
no element or attribute the templates did not write."""

from __future__ import annotations

import copy
import html.parser
import re
import tempfile
from pathlib import Path
from types import SimpleNamespace

import markdown
import yaml
from hypothesis import HealthCheck, event, given, settings, strategies as st
from markupsafe import escape

from generator import mkdocs_hooks
from generator.pages import mkdocs_page
from generator.pages.compendium import Compendium
from generator.pages.spell_page import spell_context
from generator.pages.templating import environment
from generator.spellformat.slug import slugify
from generator.spellformat.validate import load_dir
from tests.conftest import ROOT

VALID = ROOT / "tests" / "spellformat" / "fixtures" / "valid" / "boule-de-feu.yaml"
BASE = yaml.safe_load(VALID.read_text(encoding="utf-8"))
VOL = yaml.safe_load((ROOT / "spells" / "vol.yaml").read_text(encoding="utf-8"))
_LOCATED = re.compile(
    r"^\S+\.yaml:\d+: (-|[a-z_]+(\[\d+\])*(\.[a-z_]+(\[\d+\])*)*): (attendu |clé |YAML invalide)"
)
_ENGLISH = re.compile(
    r"\b(is not|is a required|does not match|Additional properties|expected|found|should|Error)\b"
)


class _Elements(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.pairs: set[tuple[str, str]] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.pairs.add((tag, ""))
        for name, value in attrs:
            self.pairs.add((tag, name))
            if name in ("href", "src", "action", "formaction"):
                self.links.append(value or "")


def _markdown_settings():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8").replace("!ENV", ""))
    extensions = [
        next(iter(e)) if isinstance(e, dict) else e for e in config["markdown_extensions"]
    ]
    options = {
        next(iter(e)): e[next(iter(e))]
        for e in config["markdown_extensions"]
        if isinstance(e, dict)
    }
    return extensions, options


EXTENSIONS, OPTIONS = _markdown_settings()


def page_html(spell: dict) -> tuple[dict, str]:
    """The front matter (as MkDocs reads it) and the HTML MkDocs would put in the spell's page."""
    compendium = Compendium(sorted([spell, VOL], key=lambda s: s["slug"]))
    text = environment().get_template("spell.md.j2").render(**spell_context(compendium, spell))
    page = mkdocs_page.markdown_page(text)
    mkdocs_page.check_front_matter(page, lambda: "x:1: name", {"title": str(escape(spell["name"]))})
    meta = mkdocs_page.read_front_matter(page)
    source = f"sorts/{spell['slug']}/index.md"
    info = SimpleNamespace(meta=dict(meta), file=SimpleNamespace(src_uri=source))
    with tempfile.TemporaryDirectory() as docs:
        for relative, content in mkdocs_page.page_files(source, page):
            (Path(docs) / relative).parent.mkdir(parents=True, exist_ok=True)
            (Path(docs) / relative).write_text(content, encoding="utf-8")
        written = (Path(docs) / source).read_text(encoding="utf-8")
        body = written[mkdocs_page.FRONT_MATTER.match(written).end() :].lstrip("\n")
        config = SimpleNamespace(docs_dir=docs)
        body = mkdocs_hooks.on_page_markdown(body, info, config, None)
        rendered = markdown.markdown(body, extensions=EXTENSIONS, extension_configs=OPTIONS)
        return meta, mkdocs_hooks.on_page_content(rendered, info, config, None)


def _elements(html_text: str) -> _Elements:
    parser = _Elements()
    parser.feed(html_text)
    parser.close()
    return parser


#: A spell using every part of the description syntax, a mention and an erratum: what the
#: templates write (every element and attribute a valid spell may give its page).
def _baseline() -> set[tuple[str, str]]:
    spell = copy.deepcopy(BASE)
    spell["description"] = "\n\n".join(
        [
            BASE["description"],
            "Comme le sort de vol au 3^e niveau.",
            "#### Effets\nNiveau 4 : 4d6",
            "Niveau 5 : 5d6",
            "- un\n  suite\n  Niveau 6 : 6d6\n- deux",
            "| a | b |\n|---|---|\n| 1 | 2 |",
            "![Une image]()",
            "Ligne\nautre ligne",
        ]
    )
    spell["per_level"] += [
        {"level": level, "basis": "spell", "label": f"Niveau {level} :", "text": f"{level}d6"}
        for level in (4, 5, 6)
    ]
    spell["figures"].append(
        {"caption": "Après", "position": "after_description", "certainty": "probable"}
    )
    spell["errata"].append({"text": "zzz", "kind": "typo", "note": "absent du texte"})
    return _elements(page_html(spell)[1]).pairs


ALLOWED = _baseline()

_SPECIAL = st.sampled_from(
    [
        "\ud800",
        "\udfff",
        "\uffff",
        "\ufffe",
        "\ufdd0",
        "\U0001fffe",
        "\u202e",
        "\u2066",
        "\x00",
        "\x07",
        "\x85",
        "\u2028",
        "\u2029",
        "\r",
        "\t",
        "\ufeff",
        "\u200b",
        "е",
        "<",
        ">",
        "&",
        '"',
        "'",
        "{:",
        "}",
        "[",
        "](",
        "javascript:",
        "<script>",
        "![",
        "|",
        "|---|",
        "- ",
        "#### ",
        "  ",
        "\n",
        "\n\n",
        "^e",
        "3^e",
        "sort de vol ",
        "<!--",
        "-->",
        "`",
        "*",
        "_",
        "\\",
        "---",
        "...",
        ": ",
        "# ",
        "%",
        "@",
    ]
)
_TEXT = st.lists(st.one_of(st.text(st.characters(), max_size=8), _SPECIAL), max_size=10).map(
    "".join
)
_LINE = st.lists(
    st.one_of(
        st.text(st.characters(exclude_categories=("Cs",)), max_size=6),
        _SPECIAL.filter(lambda s: "\n" not in s),
    ),
    max_size=8,
).map("".join)
_BLOCK = st.one_of(
    _TEXT,
    _LINE.map(lambda t: "#### " + t),
    st.lists(_LINE, min_size=1, max_size=3).map(lambda rows: "\n".join("- " + r for r in rows)),
    st.lists(_LINE, min_size=1, max_size=3).map(
        lambda rows: "\n".join(f"| {r} | x |" for r in rows)
    ),
    st.sampled_from(["|---|", "|---|---|\n|-|", "#### ", "- a\nb", "![x]()", "![]()", "![a]b]()"]),
    _LINE.map(lambda t: f"![{t}]()"),
)


#: Text that passes validation but for its markup: printable characters, HTML, Markdown, YAML.
_MARKUP = st.lists(
    st.one_of(
        st.text(st.characters(exclude_categories=("Cs", "Cc", "Cn", "Co", "Zl", "Zp")), max_size=5),
        _SPECIAL.filter(lambda s: s.isprintable()),
    ),
    max_size=10,
).map("".join)


def _sometimes(default, *hostile):
    return st.one_of(st.just(default), st.just(default), *hostile)


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    name=_sometimes("Boule de feu", _LINE, _MARKUP),
    alias=_sometimes("Boule de flammes", _LINE),
    blocks=st.lists(st.one_of(_BLOCK, _MARKUP), max_size=4),
    target=_sometimes("", _TEXT, _MARKUP),
    note=_sometimes("Note.", _TEXT, _MARKUP),
    caption=_sometimes("Image", _MARKUP),
)
def test_a_spell_text_is_refused_located_or_builds_a_page_with_only_template_markup(
    name, alias, blocks, target, note, caption, tmp_path_factory
):
    spell = copy.deepcopy(BASE)
    spell["name"], spell["slug"] = name, slugify(name) or "sans-nom"
    spell["aliases"], spell["index"]["name"] = [alias], alias
    spell["description"] = "\n\n".join([BASE["description"], *blocks])
    spell["target"]["raw"], spell["element_note"], spell["figures"][0]["caption"] = (
        target,
        note,
        caption,
    )
    directory = tmp_path_factory.mktemp("sorts")
    # Written as a person could (every character escaped « \uXXXX »), read by the real validator.
    (directory / f"{spell['slug']}.yaml").write_text(
        yaml.safe_dump(spell, allow_unicode=False, sort_keys=False, width=10**6), encoding="ascii"
    )
    loaded, problems = load_dir(directory)
    event("refusé par la validation" if problems else "construit")
    if problems:
        for problem in problems:
            assert _LOCATED.match(str(problem)), str(problem)
            assert not _ENGLISH.search(problem.message), str(problem)
        return
    meta, page = page_html(loaded[0].data)
    elements = _elements(page)
    assert elements.pairs <= ALLOWED, sorted(elements.pairs - ALLOWED)
    assert not [
        link for link in elements.links if re.match(r"\s*(javascript|data|vbscript):", link, re.I)
    ]
    for key in ("title", "description"):
        assert not re.search(r"[<>\"]", meta[key]), meta[key]  # the theme prints them as they are


def test_the_allowed_markup_is_what_the_templates_write():
    assert ("a", "href") in ALLOWED and ("h2", "") in ALLOWED and ("table", "class") in ALLOWED
    assert (
        not [
            pair
            for pair in ALLOWED
            if pair[1].startswith("on")
            or pair[0] in ("script", "img", "iframe")
            and pair[1] in ("", "src", "srcdoc")
        ]
        or ("script", "") not in ALLOWED
    )
