"""The calculator partials: server-side HTML, labelled, escaped, StrictUndefined-safe."""

from __future__ import annotations

from html.parser import HTMLParser

import jinja2
import pytest
import widgets_harness as harness

import rules

NAMES = ["cast", "duel", "progression", "study"]


class Collector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.elements = []
        self.text = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    def handle_data(self, data):
        self.text.append(data)


def parse(html):
    collector = Collector()
    collector.feed(html)
    return collector


@pytest.mark.parametrize("name", NAMES)
def test_renders_with_only_a_prefix(name):
    html = harness.render_calculator(name, {"prefix": "x"})
    doc = parse(html)
    tag, attrs = doc.elements[0]
    assert tag == "section" and attrs["class"] == "gr-calc" and attrs["data-prefix"] == "x"
    assert attrs["data-calc"] == name


@pytest.mark.parametrize("name", NAMES)
def test_missing_prefix_fails_loudly(name):
    with pytest.raises(jinja2.UndefinedError):
        harness.render_calculator(name, {"defaults": {}})


@pytest.mark.parametrize("name", NAMES)
def test_form_is_labelled_and_accessible(name):
    calc = dict(harness.CALCULATORS[name])
    html = harness.render_calculator(name, calc)
    doc = parse(html)
    ids = [a["id"] for _, a in doc.elements if "id" in a]
    assert len(ids) == len(set(ids)), "identifiants en double"
    labels = {a["for"] for t, a in doc.elements if t == "label"}
    fields = [(t, a) for t, a in doc.elements if t in ("input", "select")]
    assert fields
    for tag, attrs in fields:
        assert attrs["id"] in labels, attrs["id"]
        assert attrs["id"].startswith(calc["prefix"] + "-")
        assert attrs["name"] == attrs["id"] == f"{calc['prefix']}-{attrs['data-param']}"
        if "data-field" in attrs:
            error_id = attrs["id"] + "-error"
            assert error_id in attrs["aria-describedby"].split()
            assert error_id in ids
        if tag == "input":
            assert attrs["type"] == "text"
            assert attrs["inputmode"] in ("numeric", "text")
    assert any(t == "form" for t, _ in doc.elements)
    assert any(a.get("aria-live") == "polite" for _, a in doc.elements)
    assert any(a.get("role") == "status" for _, a in doc.elements)
    assert "<noscript>" in html
    assert any(t == "button" and a.get("type") == "submit" for t, a in doc.elements)


def test_defaults_fill_the_fields():
    html = harness.render_calculator(
        "cast",
        {
            "prefix": "lancer",
            "defaults": {"magic": 9, "learning": 3, "modifier": -1, "extremes": "natural"},
        },
    )
    doc = parse(html)
    values = {a["data-field"]: a.get("value") for t, a in doc.elements if t == "input"}
    assert values["magic"] == "9" and values["learning"] == "3" and values["modifier"] == "-1"
    assert 'value="natural" selected' in html
    html = harness.render_calculator(
        "progression", {"prefix": "p", "defaults": {"difficulty": 4, "xp": 12}}
    )
    values = {a["data-field"]: a.get("value") for t, a in parse(html).elements if t == "input"}
    assert values["difficulty"] == "4" and values["xp"] == "12"


def test_choices_are_the_engines():
    html = harness.render_calculator("duel", {"prefix": "duel"})
    doc = parse(html)
    selects = {}
    current = None
    for tag, attrs in doc.elements:
        if tag == "select":
            current = attrs["data-param"]
            selects[current] = []
        elif tag == "option" and current:
            selects[current].append(attrs["value"])
    assert selects["a-element"] == list(rules.ELEMENTS) == selects["b-element"]
    assert selects["extremes"] == list(rules.EXTREMES)
    for label in rules.EXTREMES_LABELS.values():
        assert label in html
    for label in rules.ELEMENT_LABELS.values():
        assert f">{label}</option>" in html


def test_spells_are_escaped_and_bring_their_element():
    html = harness.render_calculator(
        "duel",
        {"prefix": "duel", "spells": harness.SPELLS, "defaults": {"a_spell": "boule-de-feu"}},
    )
    assert "Lierre &lt;rieur&gt; &amp; cie" in html and "<rieur>" not in html
    doc = parse(html)
    options = [a for t, a in doc.elements if t == "option" and "data-element" in a and a["value"]]
    assert {(o["value"], o["data-element"]) for o in options} >= {
        (s["slug"], s["element"]) for s in harness.SPELLS
    } - set()
    assert 'value="boule-de-feu" data-element="feu" selected' in html


def test_no_spell_chooser_without_spells():
    html = harness.render_calculator("duel", {"prefix": "duel", "spells": []})
    assert "data-spell-for" not in html


def test_prefix_and_title_are_escaped():
    html = harness.render_calculator("study", {"prefix": 'e"><script>', "title": "<b>Étude</b>"})
    assert "<script>" not in html and "<b>" not in html


def test_heading_level():
    html = harness.render_calculator(
        "cast", {"prefix": "l", "heading_level": 3, "title": "Lancer ce sort"}
    )
    assert '<h3 class="gr-calc__title" id="l-titre">Lancer ce sort</h3>' in html


def test_duel_accepts_the_generators_default_keys():
    html = harness.render_calculator(
        "duel",
        {
            "prefix": "duel",
            "spells": harness.SPELLS,
            "defaults": {
                "magic": 2,
                "learning": 5,
                "element": "vigne",
                "magic_b": 7,
                "learning_b": 1,
                "element_b": "neutre",
                "spell_b": "detection",
            },
        },
    )
    values = {a["data-field"]: a.get("value") for t, a in parse(html).elements if t == "input"}
    assert (values["a_magic"], values["a_learning"], values["b_magic"], values["b_learning"]) == (
        "2",
        "5",
        "7",
        "1",
    )
    assert 'value="vigne" selected' in html and 'value="neutre" selected' in html
    assert 'value="detection" data-element="neutre" selected' in html


def test_a_default_spell_brings_its_element():
    html = harness.render_calculator(
        "duel",
        {
            "prefix": "duel",
            "spells": harness.SPELLS,
            "defaults": {"a_spell": "lierre-rieur", "a_element": "eau"},
        },
    )
    start = html.index('id="duel-a-element"')
    assert 'value="vigne" selected' in html[start : html.index("</select>", start)]


@pytest.mark.parametrize("name", NAMES)
def test_the_no_javascript_note_points_to_tables_only_where_there_are_some(name):
    bare = harness.render_calculator(name, {"prefix": "x"})
    spell = harness.render_calculator(name, {"prefix": "x", "page_tables": True})
    assert "Ce calculateur a besoin de JavaScript.</p>" in bare
    assert "tables précalculées" not in bare
    assert (
        "Ce calculateur a besoin de JavaScript. Les tables précalculées de la page restent valables."
        in spell
    )
