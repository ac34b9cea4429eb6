"""The Jinja environment of the pages (``generator/pages/templates``, and the templates of the
pages of « Mon grimoire » and « La table », of the cards and of the index in their rooms,
``widgets/grimoire/templates``, ``generator/cards/templates``, ``generator/index/templates``):
the site's HTML
environment (:func:`widgets.calculators.html_environment`), with the rules' formats as filters
and their labels as globals."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from jinja2 import Environment
from markupsafe import Markup, escape

import rules
from widgets import grimoire
from widgets.calculators import html_environment

from . import labels
from .mkdocs_page import yaml_scalar
from .render import render_inline
from .. import cards, index

__all__ = ["TEMPLATES", "environment"]

TEMPLATES = Path(__file__).parent / "templates"


@functools.cache
def environment() -> Environment:
    """The pages' environment, one per process: its compiled templates are reused by every later
    build (tests, ``mkdocs serve``); FileSystemLoader still reloads a template whose file changed."""
    env = html_environment(TEMPLATES, grimoire.TEMPLATES, cards.TEMPLATES, index.TEMPLATES)
    env.filters["inline"] = lambda text: render_inline(str(text))
    env.filters["pct"] = rules.format_percent
    env.filters["frac"] = rules.format_fraction
    env.filters["dec"] = rules.format_decimal
    env.filters["one_in"] = rules.one_in
    env.filters["json"] = lambda value: Markup(json.dumps(value, ensure_ascii=False))
    # Front-matter values are printed unescaped by the theme (<title>, header, meta tags):
    # escape them once here, then write them as YAML with the YAML emitter.
    env.filters["meta"] = lambda value: Markup(yaml_scalar(str(escape(value))))
    env.globals["labels"] = labels
    env.globals["element_labels"] = rules.ELEMENT_LABELS
    env.globals["outcomes"] = list(rules.Outcome)
    return env
