"""The theme's stylesheet as the site serves it: without the selectors that make Chromium restyle
every row of a list when one row is inserted or removed (generator/pages/theme_style.py)."""

from __future__ import annotations

import pytest

from generator.pages.theme_style import (
    ThemeStyleError,
    compact_css,
    compact_styles,
    trim_css,
    trim_theme_style,
)

THEME = (
    ".a{color:red}@media screen{.md-typeset .tabbed-set>input:nth-child(2):checked~.tabbed-labels"
    ">:nth-child(2),.md-typeset .x>:nth-child(2){color:blue}.md-typeset .tabbed-set{margin:0}}"
    '.md-typeset table:not([class])+*{margin-top:1.5em}.b{content:"{"}'
)


def test_trim_drops_content_tabs_and_keeps_table_rows_out_of_the_table_sibling_rule():
    trimmed = trim_css(THEME)
    assert trimmed == (
        ".a{color:red}@media screen{.md-typeset .x>:nth-child(2){color:blue}}"
        '.md-typeset table:not([class])+:not(tr){margin-top:1.5em}.b{content:"{"}'
    )
    assert trim_css(trimmed) == trimmed  # a second build (mkdocs serve) changes nothing


def test_the_served_theme_stylesheet_is_trimmed(built_site):
    (path,) = (built_site / "assets" / "stylesheets").glob("main.*.min.css")
    css = path.read_text(encoding="utf-8")
    assert ".tabbed-" not in css.replace("--md-tabbed-", "")  # icons' variables stay
    assert "table:not([class])+*" not in css
    assert ".md-typeset table:not([class])+:not(tr){margin-top:1.5em}" in css
    assert ".md-typeset .admonition" in css  # the rest is there


def test_a_missing_theme_stylesheet_is_named_in_french(tmp_path):
    with pytest.raises(ThemeStyleError, match="une seule feuille de style du thème attendue"):
        trim_theme_style(tmp_path)


OWN = """/* The spell's card: a comment of two
   lines. */
.gr-card {
  color: red; /* why red */
  content: "/* kept */";
}

.a/**/.b { background: url('x/*y*/.svg') }
"""


def test_compact_drops_comments_indentation_and_blank_lines_and_keeps_quoted_text():
    compact = compact_css(OWN)
    assert compact == (
        ".gr-card {\n"
        "color: red;\n"
        'content: "/* kept */";\n'
        "}\n"
        ".a .b { background: url('x/*y*/.svg') }\n"
    )
    assert compact_css(compact) == compact  # a second build (mkdocs serve) changes nothing


def test_an_unclosed_comment_is_named_with_its_file_in_french(tmp_path):
    (tmp_path / "assets" / "site").mkdir(parents=True)
    (tmp_path / "assets" / "site" / "site.css").write_text(".a{} /* jamais fermé", encoding="utf-8")
    with pytest.raises(ThemeStyleError, match=r"assets/site/site\.css : .*commentaire non fermé"):
        compact_styles(tmp_path)


def test_the_served_stylesheets_are_compacted_but_the_theme_is_left_as_built(built_site):
    own = [
        path
        for path in sorted(built_site.rglob("*.css"))
        if not path.is_relative_to(built_site / "assets" / "stylesheets")
    ]
    assert {p.relative_to(built_site).as_posix() for p in own} >= {
        "assets/site/site.css",
        "assets/widgets/calculators.css",
        "assets/grimoire/grimoire.css",
    }
    for path in own:
        css = path.read_text(encoding="utf-8")
        assert "/*" not in css and "\n\n" not in css and "\n " not in css, path
    (theme,) = (built_site / "assets" / "stylesheets").glob("main.*.min.css")
    assert not theme.read_text(encoding="utf-8").endswith("\n")  # as mkdocs-material wrote it
