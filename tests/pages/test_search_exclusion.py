"""The search indexes a page without its ``data-search-exclude`` blocks, and only those."""

from __future__ import annotations

from generator.mkdocs_hooks import searchable


def test_excluded_blocks_are_left_out_and_the_rest_kept_byte_for_byte():
    html = (
        '<h2 id="avant">Avant</h2>'
        '<div class="a" data-search-exclude id="bloc">'
        '<div><h3 id="dedans">Dedans</h3></div>'
        '<div id="aussi"><p>texte</p></div>'
        "<img src=\"x.png\" id='image'>"
        "</div>"
        '<h2 id="apres">Après</h2>'
        '<section aria-labelledby="t" data-search-exclude><h2 id="t">T&amp;U</h2></section >'
        '<p id="fin">fin</p>'
    )
    assert (
        searchable(html) == '<h2 id="avant">Avant</h2><h2 id="apres">Après</h2><p id="fin">fin</p>'
    )


def test_nested_excluded_blocks_end_at_their_balancing_tag():
    html = (
        '<details data-search-exclude><summary id="s">S</summary>'
        '<details data-search-exclude><p id="p">P</p></details><p id="q">Q</p></details>'
        '<p id="r">R</p>'
    )
    assert searchable(html) == '<p id="r">R</p>'


def test_a_page_without_excluded_blocks_is_unchanged():
    html = '<h2 id="a">A</h2><p data-search="x" id="b">B</p><div data-search-excluded>C</div>'
    assert searchable(html) == html


def test_an_unclosed_block_runs_to_the_end():
    assert searchable("<p>a</p><div data-search-exclude><p>b</p>") == "<p>a</p>"


def test_tables_lists_of_fields_navigations_and_passage_links_are_left_out():
    html = (
        '<dl class="gr-fields"><div><dt>Niveau</dt><dd>1-9</dd></div></dl>'
        '<nav class="gr-levels"><span>Aller au niveau :</span><a href="#niveau-1">1</a></nav>'
        '<p id="niveau-1" class="gr-level">au 1<sup>e</sup> (une case) '
        '<a class="gr-level-link" href="#niveau-1" aria-label="Lien">#</a></p>'
        '<div class="gr-table-wrap"><table class="gr-table"><tr><td>Sort niv 1</td></tr>'
        "<tr><td><table><tr><td>x</td></tr></table></td></tr></table></div>"
        '<p><a href="../vol/">Vol</a> (voir)</p>'
        "<details><summary>Image absente</summary><p>Légende</p></details>"
    )
    assert searchable(html) == (
        '<p id="niveau-1" class="gr-level">au 1ᵉ (une case) </p>'
        '<div class="gr-table-wrap"></div><p><a href="../vol/">Vol</a> (voir)</p>'
        "<details><p>Légende</p></details>"
    )
