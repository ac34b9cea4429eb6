"""Spell text cannot change what a page is: its front matter is written by the YAML emitter and read
back as MkDocs reads it, and the work done on a text grows with its length only (no pattern that
backtracks: a line of 10 KB costs about ten times a line of 1 KB, counted in executed lines)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st
from markupsafe import escape

from generator.pages import mkdocs_page, pipeline, spell_page, templating
from generator.pages.compendium import Compendium, GenerationError, load_spells
from generator.pages.links import MentionFinder
from generator.pages.render import render_description, render_inline, superscripts
from generator.spellformat import description as description_syntax, text_safety, texts
from generator.spellformat.slug import fold
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def spells() -> list[dict]:
    return load_spells(ROOT / "spells")


# --------------------------------------------------------------------------- front matter


@pytest.mark.parametrize(
    "text",
    [
        "\uffff ![x](data:,x){: onerror=alert(document.domain)} Ce sort permet de voler.",
        "a\u2028b\x85c\ufeffd",
        'guillemets " et \\ et : # et ---',
    ],
)
def test_a_front_matter_value_is_written_by_the_yaml_emitter_and_reads_back(text):
    value = str(templating.environment().filters["meta"](text))
    assert "\n" not in value
    page = f"---\ntitle: {value}\n---\n\n# x\n"
    assert mkdocs_page.read_front_matter(page) == {"title": str(escape(text))}


def test_a_page_whose_front_matter_does_not_read_back_stops_the_generation_located():
    page = '---\ntitle: "\uffff Vol"\ndescription: "x"\n---\n\n<h1 id="vol">Vol</h1>\n<p>x</p>\n'
    with pytest.raises(GenerationError) as raised:
        mkdocs_page.check_front_matter(page, lambda: "spells/vol.yaml:4: name", {"title": "Vol"})
    assert raised.value.problems == [
        "spells/vol.yaml:4: name: attendu des métadonnées de page (titre, description) que MkDocs relit telles "
        "qu'écrites, reçu un en-tête YAML illisible ou altéré : la page n'est pas construite"
    ]
    with pytest.raises(GenerationError):  # any generated page
        mkdocs_page.markdown_page(page)
    with pytest.raises(GenerationError):  # reads back, but not with the spell's title
        mkdocs_page.check_front_matter(
            page.replace("\uffff ", ""), lambda: "x:1: name", {"title": "Vole"}
        )
    mkdocs_page.check_front_matter(
        page.replace("\uffff ", ""), lambda: "x:1: name", {"title": "Vol"}
    )
    assert mkdocs_page.markdown_page(page.replace("\uffff ", "")) == page.replace("\uffff ", "")


def test_every_generated_page_front_matter_reads_back(tmp_path):
    out = tmp_path / "docs"
    pipeline.generate(ROOT, out)
    pages = sorted(out.rglob("*.md"))
    assert len(pages) > 110
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if text.startswith("---"):
            assert mkdocs_page.read_front_matter(text), page


def test_mkdocs_stops_on_a_page_whose_front_matter_it_could_not_read():
    from mkdocs.exceptions import Abort

    from generator.mkdocs_hooks import on_page_markdown

    page = SimpleNamespace(meta={}, file=SimpleNamespace(src_uri="sorts/vol/index.md"))
    with pytest.raises(Abort) as raised:
        on_page_markdown(
            '---\ntitle: "\uffff"\n---\n\n![x](data:,x){: onerror=alert(1)}\n', page, None, None
        )
    assert str(raised.value).startswith(
        "spells/vol.yaml:1: -: attendu un en-tête de page (métadonnées YAML) que "
        "MkDocs sait lire, reçu un en-tête illisible"
    )


# --------------------------------------------------------------------------- linear time


def _lines(function, *args, **kwargs) -> int:
    """The Python lines executed by ``function(*args)``, in it and in everything it calls."""
    count = 0

    def trace(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return trace

    sys.settrace(trace)
    try:
        function(*args, **kwargs)
    finally:
        sys.settrace(None)
    return count


#: Texts made to be slow: ``unit`` repeated to 1 KB and to 10 KB (ten times as long: a quadratic
#: step would cost a hundred times as much).
ADVERSARIAL = [
    "sort" + " " * 10,  # « sort » then white space and no spell name (the former pattern: minutes)
    "sort ",
    "sorts du 3^e d’ « ",
    "sort boule" + " " * 40,
    "sort de boule de feu de ",
    "Sort d'invisibilité ",
    "1^e^",
    "^^^^e",
    "- a\n",
    "|---|\n",
    "| a | b |\n",
    "\n \n",
    "mot ",
]


def _text(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def _cases(spells):
    compendium = Compendium(spells)
    per_level = [{"basis": "spell", "level": 3, "label": "Niveau 3 :", "text": "3d6"}]
    spell = {"slug": "", "errata": [{"text": "sort", "note": "n"}]}
    return {
        "mentions": lambda text: compendium.finder.find(text),
        "description": lambda text: render_description(
            text, per_level=per_level, spans_for=lambda line: compendium.spans(spell, line, "../")
        ),
        "inline": lambda text: render_inline(text),
        "superscripts": superscripts,
        "structure": description_syntax.problems,
        "summary": lambda text: spell_page.summary(
            {"description": text, "levels": {"raw": "1-9"}}, limit=10**9
        ),
        "fold": fold,
        "html_block": mkdocs_page.html_block,
        "validation": lambda text: list(
            text_safety.plain_text({"name": text[:200], "description": text})
        ),
    }


@pytest.mark.parametrize("unit", ADVERSARIAL, ids=repr)
def test_the_work_on_a_spell_text_grows_with_its_length_only(unit, spells):
    for name, function in _cases(spells).items():
        small, large = _lines(function, _text(unit, 1_000)), _lines(function, _text(unit, 10_000))
        assert large <= 13 * max(small, 1), f"{name} : {small} lignes pour 1 Ko, {large} pour 10 Ko"


def test_the_mention_finder_reads_a_long_run_of_spaces_after_sort_in_linear_steps(spells):
    finder = MentionFinder(spells)
    small = _lines(finder.find, "sort" + " " * 10_000 + "x")
    large = _lines(finder.find, "sort" + " " * 100_000 + "x")
    assert 8 * small <= large <= 12 * small
    assert finder.find("sort" + " " * 100_000 + "d'invisibilité")  # still found past the spaces


#: Patterns applied to spell text or to pages holding it: each reads a bounded number of
#: characters at each place it is tried (linear in the text), but the few listed with the reason
#: they are linear anyway.
_UNBOUNDED_BUT_LINEAR = {
    r"[^a-z0-9]+": "one class repeated, then nothing to backtrack into",
    mkdocs_page.FRONT_MATTER.pattern: "anchored at the start; the lazy part meets each line end once",
    mkdocs_page._HEADING_AND_BODY.pattern: (
        "tried once, after the front matter; each repetition starts at a line end its class "
        "cannot read, so nothing is read twice"
    ),
}


def test_patterns_applied_to_spell_text_read_a_bounded_number_of_characters():
    from re import _parser  # the parser of the standard library's engine

    from generator.spellformat import slug

    sources = {
        module.__name__: Path(module.__file__).read_text(encoding="utf-8")
        for module in (
            mkdocs_page,
            spell_page,
            *(
                sys.modules[f"generator.spellformat.{name}"]
                for name in ("validate", "schema_messages", "within_file", "text_safety", "texts")
                + ("across_files", "problems")
            ),
            description_syntax,
            slug,
            sys.modules["generator.pages.render"],
            sys.modules["generator.pages.links"],
        )
    }
    found = []
    for name, source in sources.items():
        for literal in re.findall(
            r"re\.(?:compile|sub|match|search|fullmatch|finditer|split)\(\s*(r?\"[^\"\n]*\")\s*[,)]",
            source,
        ):
            found.append((name, eval(literal)))  # a string literal of our own source
    assert found
    patterns = found + [
        ("text_safety", text_safety.SUSPECT.pattern),
        ("texts", texts.RESERVED.pattern),
        ("spell_page", spell_page.SUPERSCRIPT.pattern),
        ("slug", slug._NOT_ASCII.pattern),
        ("slug", slug._OTHERS.pattern),
    ]
    for module, pattern in patterns:
        if pattern in _UNBOUNDED_BUT_LINEAR:
            continue
        low, high = _parser.parse(pattern).getwidth()
        assert high <= 16, f"{module}: {pattern!r} lit jusqu'à {high} caractères à chaque essai"


# --------------------------------------------------------------------------- the former pattern


_APOSTROPHE = "['’]"


def _name_pattern(name):
    out = []
    for word in re.split(r"(['’]|\s+)", name):
        if word in ("'", "’"):
            out.append(_APOSTROPHE)
        elif word.isspace():
            out.append(r"\s+")
        elif word:
            out.append(re.escape(word))
    return "".join(out)


def _former_finder(spells):
    apostrophe = _APOSTROPHE
    slugs, names = {}, []
    for spell in spells:
        for name in (spell["name"], *spell["aliases"]):
            core = re.sub(r"(?i)^sort\s+", "", name)
            slugs.setdefault(core.casefold().replace("’", "'"), spell["slug"])
            names.append((core, spell["slug"]))
    names.sort(key=lambda item: -len(item[0]))
    alternatives = "|".join(f"(?:{_name_pattern(core)})" for core, _ in names)
    pattern = re.compile(
        rf"\bsorts?\s+(?:du\s+\d+\^?(?:er|eme|e)\s+)?(?:(?:de|du)\s+|d{apostrophe}\s*)?"
        rf"[\"“«]?\s*(?P<name>{alternatives})(?![\w-])",
        re.IGNORECASE,
    )

    def find(text, exclude=""):
        found = []
        for match in pattern.finditer(text):
            slug = slugs.get(re.sub(r"\s+", " ", match["name"].casefold().replace("’", "'")))
            if slug is None or slug == exclude:
                continue
            found.append(
                (
                    match.start() if slug.startswith("sort-") else match.start("name"),
                    match.end("name"),
                    slug,
                )
            )
        return found

    return find


_SPELLS = load_spells(ROOT / "spells")
_NAMES = [name for spell in _SPELLS for name in (spell["name"], *spell["aliases"])]
_PIECES = st.sampled_from(
    [
        "sort",
        "Sorts",
        "SORT",
        "sort ",
        "sorts ",
        " ",
        "  ",
        "\n",
        "\t",
        "du ",
        "de ",
        "d'",
        "d’",
        "3e ",
        "3^e ",
        "1^er ",
        "12eme ",
        "«",
        '"',
        "“",
        "x",
        "-",
        "_",
        "é",
        "l'",
    ]
    + _NAMES
    + [name.upper() for name in _NAMES[:20]]
    + [n.split()[0] for n in _NAMES]
)
_FORMER = _former_finder(_SPELLS)
_FINDER = MentionFinder(_SPELLS)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(_PIECES, max_size=12), st.sampled_from(["", "invisibilite", "sort-absolu", "eclair"])
)
def test_the_mention_finder_finds_what_the_former_pattern_found(parts, exclude):
    text = "".join(parts)
    assert [(m.start, m.end, m.slug) for m in _FINDER.find(text, exclude=exclude)] == _FORMER(
        text, exclude
    )


# --------------------------------------------------------------------------- ids


def test_a_level_given_twice_or_a_line_written_twice_gives_each_id_once():
    per_level = [
        {"basis": "spell", "level": 5, "label": "Niveau 5 :", "text": "un"},
        {"basis": "spell", "level": 5, "label": "Niveau 5 :", "text": "deux"},
        {"basis": "spell", "level": 6, "label": "Niveau 6 :", "text": "trois"},
    ]
    html = str(
        render_description(
            "Niveau 5 : un\n\nNiveau 5 : deux\n\nNiveau 6 : trois\n\nNiveau 6 : trois",
            per_level=per_level,
        )
    )
    assert re.findall(r' id="([^"]+)"', html) == ["niveau-5", "niveau-5-2", "niveau-6"]


_ID = re.compile(r"""<[a-zA-Z][^>]*?\sid=(?:"([^"]*)"|'([^']*)'|([^\s>]+))""")


def test_ids_are_unique_on_every_built_page(built_site):
    pages = sorted(built_site.rglob("*.html"))
    assert len(pages) > 110
    for page in pages:
        ids = [
            next(v for v in match.groups() if v is not None)
            for match in _ID.finditer(page.read_text(encoding="utf-8"))
        ]
        repeated = sorted({i for i in ids if ids.count(i) > 1})
        assert not repeated, f"{page.relative_to(built_site)} : {repeated}"
