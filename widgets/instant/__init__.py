"""Answers the calculators know before the engine has booted.

At build time this module asks :func:`widgets.bridge.handle` -- the very function the Web
Worker calls -- for every request of a fixed grid (the inputs players actually use), and
writes the answers as plain JSON, content-hashed (``instant-<key>-<hash>.json``, so every page
shares one cached copy), that the calculators fetch as one approaches the screen
(``assets/shared/instant.js`` looks answers up in them; anything outside goes to the engine).
No rule is computed here: every figure is the bridge's output, stored as it is; requests the
engine says are answered alike (:func:`widgets.bridge.answer_key`) are asked once.

Covered (every combination of the axes is stored):

* ``cast``: magic 0 to :func:`rules.stable_magic` for the largest modifier, learning 1-5,
  modifier -5..+5, both readings of the 1 and the 12, with the engine's reason for each
  impossible outcome; and its rolls, for every face of the die;
* ``progression``: the same magic (higher magic is folded onto it, the engine saying nothing
  changes beyond), learning 1-5 at 0 XP, the numbers of casts of
  :data:`PROGRESSION_CASTS`, both readings; one file per difficulty;
* ``study``: 1-6 hours, chances written ``a/b`` with ``b`` up to :data:`STUDY_DENOMINATOR`;
* ``duel``: magic 0 to :func:`rules.stable_magic` for the largest duel-test modifier on each
  side (folded beyond), learning 1-5, the four elements on each side, both readings.

A document (``FORMAT`` is its version) is ``{"format", "calc", "axes": [[field, [values]]...],
"fold": {field: largest value stored}, "inputs": [[key, field, how]...], "answers": [...],
"index": [...]}``: ``answers`` holds each distinct answer once (the bridge's answer without
``calc``, ``inputs`` and a cast's ``impossible``), ``index`` the position in ``answers`` of every combination of the axes
in row-major order; ``inputs`` says how the answer's ``inputs`` object is rebuilt from the
request (``how``: ``"value"``, ``"text"`` or a label table). The cast's also holds ``rolls``:
``{"field": "face", "faces": [...], "answers": [distinct roll objects without their face,
the request's], "rows": [[one answer per
face]...], "index": [a row per combination]}``, and ``impossible``: the engine's sentence for
each outcome no face gives, which names the cast's own figures, so is stored apart from the
shared answers: ``{"texts": [distinct texts], "heads": [[text, ...]...], "head": [a row of heads
per combination], "tail": [a text per combination, -1 for none]}``, each sentence of a
combination being one of its heads followed by its tail.

The duel's document has no ``answers``: its 980,000 inputs have few distinct figures, so it holds
the bridge's answers cut into ``parts`` the page puts back by looking them up (no figure made
in the page): ``casters`` gives each caster (``sides``: the fields read, row-major) its *state*,
casters whose side of every duel the bridge shows alike sharing one; ``pairs`` gives each pair
of elements (``fields``) its ``skeleton`` (the answer without its figures: labels, dominance,
reasons about the elements) and its ``relation`` (:func:`rules.dominance` and
:func:`rules.test_modifiers`); ``slots`` names where the figures go (``"p"``: a probability
object of ``probs``, its values in the order of ``probability``, merged there; ``"t"``: a text
of ``texts``, ``[template, [paths]]``, each ``{}`` filled with the answer's value at that path);
``groups`` holds the figures of the slots by what determines them (``by``: the state of
``a``, of ``b``, the ``relation``, sizes in ``sizes``; ``index`` row-major, -1 for a
combination never met; ``values``: the part of each slot). The build checks that every group
is determined by its keys over every answer it asked. ``fields`` (``instant-fields-<hash>.json``) is
:func:`widgets.bridge.reading`: how the bridge reads and refuses every field.

One module a job: the shared helpers (:mod:`.shared`), the cast's, progression's and study's
documents (:mod:`.tables`), the duel's parts (:mod:`.duel`), the documents read back as the page
reads them (:mod:`.reader`) and the data files (:mod:`.files`).
"""

from __future__ import annotations

from .duel import duel_document
from .files import build, configuration, encode, install, payloads, sources
from .reader import assemble, expand
from .shared import FORMAT, requests
from .tables import PROGRESSION_CASTS, SPLIT, STUDY_DENOMINATOR

__all__ = [
    "FORMAT",
    "PROGRESSION_CASTS",
    "SPLIT",
    "STUDY_DENOMINATOR",
    "assemble",
    "build",
    "configuration",
    "duel_document",
    "encode",
    "expand",
    "install",
    "payloads",
    "requests",
    "sources",
]
