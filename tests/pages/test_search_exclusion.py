"""The sections inside a ``data-search-exclude`` block are the ones the search index leaves out."""

from __future__ import annotations

from generator.mkdocs_hooks import _excluded_ids


def test_ids_inside_excluded_blocks_only():
    html = (
        '<h2 id="avant">Avant</h2>'
        '<div class="a" data-search-exclude id="bloc">'
        '<div><h3 id="dedans">Dedans</h3></div>'
        '<div id="aussi"><p>texte</p></div>'
        '<img src="x.png" id=\'image\'>'
        '</div>'
        '<h2 id="apres">Après</h2>'
        '<section aria-labelledby="t" data-search-exclude><h2 id="t">T&amp;U</h2></section>'
        '<p id="fin">fin</p>'
    )
    assert _excluded_ids(html) == {"dedans", "aussi", "image", "t"}


def test_nested_excluded_blocks_and_page_without_any():
    html = ('<details data-search-exclude><summary id="s">S</summary>'
            '<details data-search-exclude><p id="p">P</p></details><p id="q">Q</p></details>'
            '<p id="r">R</p>')
    assert _excluded_ids(html) == {"s", "p", "q"}
    assert _excluded_ids('<h2 id="a">A</h2><p data-search="x" id="b">B</p>') == set()


def test_entities_in_ids_are_read_as_text():
    assert _excluded_ids('<div data-search-exclude><h2 id="l&#39;art">x</h2></div>') == {"l'art"}
