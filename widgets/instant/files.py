"""The data files: every document asked of the bridge, encoded, content-hashed and installed,
and what the page needs to pick one."""

from __future__ import annotations

import functools
import hashlib
import json
import pathlib
from typing import Any

import rules
from widgets import bridge

from .duel import duel_document
from .tables import SPLIT, fields_reading, tables

__all__ = ["build", "configuration", "encode", "install", "payloads", "sources"]


def build() -> dict[str, dict[str, Any]]:
    """Ask the bridge every covered request; return ``{key: document}``: one per calculator
    (the cast's holds its rolls), or per value of the field named in :data:`SPLIT`
    (``progression-3``: difficulty 3), and ``fields`` (:func:`widgets.bridge.reading`)."""
    fields_reading.cache_clear()
    documents = tables()
    documents["duel"] = duel_document()
    documents["fields"] = fields_reading()
    return documents


def encode(data: object) -> bytes:
    """The bytes of the data file: compact JSON, UTF-8."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


@functools.cache
def payloads() -> dict[str, bytes]:
    """``{key: bytes}``: the data files of :func:`build`, encoded (computed once per process:
    the engine's sources do not change while it runs)."""
    return {name: encode(document) for name, document in build().items()}


def sources() -> dict[str, pathlib.Path]:
    """``{name: path}`` of every file whose change changes :func:`payloads` (the engine, the
    bridge, this package): what a build's cache keys the answers on."""
    files: dict[str, pathlib.Path] = {}
    for name, module in (("rules", rules.__file__), ("widgets/bridge", bridge.__file__)):
        folder = pathlib.Path(str(module)).parent
        files |= {f"{name}/{path.name}": path for path in sorted(folder.glob("*.py"))}
    here = pathlib.Path(__file__).parent
    return files | {f"widgets/instant/{path.name}": path for path in sorted(here.glob("*.py"))}


def install(directory: pathlib.Path | str, files: dict[str, bytes]) -> dict[str, str]:
    """Write the data files ``files`` (:func:`payloads`) into ``directory``, content-hashed
    names, stale ones removed. Returns ``{key: file name}``."""
    directory = pathlib.Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    names = {}
    for key, payload in files.items():
        name = f"instant-{key}-{hashlib.sha256(payload).hexdigest()[:12]}.json"
        target = directory / name
        if not target.is_file() or target.read_bytes() != payload:
            tmp = target.with_name(name + ".tmp")
            tmp.write_bytes(payload)
            tmp.replace(target)
        names[key] = name
    for path in directory.glob("instant-*.json"):
        if path.name not in names.values():
            path.unlink()
    return names


def configuration(names: dict[str, str], files: dict[str, bytes]) -> dict[str, Any]:
    """What the page needs to pick a data file: ``{"files": {key: file name}, "split": SPLIT,
    "integer": how the bridge reads integer text}`` (see ``instant.js``), ``files`` being the
    data files installed under ``names``."""
    integer = json.loads(files["fields"])["integer"]
    return {"files": dict(names), "split": dict(SPLIT), "integer": integer}
