"""Bridge between the calculators of the site and the rules engine.

The same file runs in CPython (tests) and in Pyodide (the browser's Web
Worker). It imports only :mod:`rules` and the standard library, and it holds
no game rule: every figure comes from the engine and is formatted by the
engine's French formatters. The bridge only

* turns the raw text of the form fields into engine arguments (text that
  looks like an integer becomes an ``int``; anything else is passed through
  unchanged so that the engine's own French message is the one shown);
* calls the engine and returns JSON-ready dicts: every figure already
  formatted ("7/12", "58,3 %", "1 chance sur 1,7"), plus a ``share`` float
  (0–1) per probability, only to size the bars;
* refuses a number of more than ``MAX_DIGITS`` digits before Python converts
  it (its message names the limit), and cuts long raw text in its messages;
* turns :class:`rules.RulesError` into ``{"ok": False, "errors": [...]}``,
  one entry per faulty field, and any other exception into a generic French
  message (never a traceback).

Requests are dicts ``{"calc": <name>, <field>: <raw text>, ...}``:

===============  ==============================================================
``cast``         magic, learning, modifier (0), extremes ("modified")
``roll``         the same as ``cast`` plus face (the die's face, drawn when empty or
                 absent); seed (rolls shared before faces were: the face drawn by
                 Python's ``random.Random(seed)``) is read when face is absent
``duel``         a_magic, a_learning, a_element, b_magic, b_learning,
                 b_element, extremes ("modified")
``progression``  magic, learning, difficulty, xp (0), n (20),
                 extremes ("modified")
``study``        hours, p
===============  ==============================================================

Values in brackets are used when a field is absent (``None``); an empty
string is passed on, and the engine reports it as an empty value. The
``field`` of an error is the request key it belongs to: the engine's
``RulesError.param`` ("magic", "learning", ...), prefixed with the side for
a duel ("a_magic").

One module a job: the fields read from raw text and their errors (:mod:`.fields`), how figures
are shown (:mod:`.formatting`), one module per calculator (:mod:`.cast`, :mod:`.duel`,
:mod:`.progression`), the request's entry (:mod:`.requests`) and the fields as data for the
pages (:mod:`.reading`).
"""

from __future__ import annotations

from .cast import impossible_parts
from .fields import FIELD_LABELS, MAX_DIGITS, to_engine
from .reading import reading
from .requests import CALCS, GENERIC_ERROR, answer_key, handle, handle_json

__all__ = [
    "CALCS",
    "FIELD_LABELS",
    "GENERIC_ERROR",
    "MAX_DIGITS",
    "answer_key",
    "handle",
    "handle_json",
    "impossible_parts",
    "reading",
    "to_engine",
]
