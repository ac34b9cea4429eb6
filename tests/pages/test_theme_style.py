"""The theme's stylesheet as the site serves it: without the selectors that make Chromium restyle
every row of a list when one row is inserted or removed (generator/pages/theme_style.py)."""

from __future__ import annotations

import pytest

from generator.pages.theme_style import ThemeStyleError, trim_css, trim_theme_style

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
