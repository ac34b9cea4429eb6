"""The build's one cache: the folder ``cache/`` beside the generated docs (``build/cache`` for
``build/docs``), and the one digest that says whether what it keeps still holds.

It keeps what saves more than half a second of a build (``bench/bench_build.py`` measures each,
the README gives the figures):

* the stamp of the last generation (``generation.json``): the digest of everything a generation
  reads, and the size and modification time of every file it left in the docs folder. A later
  generation that finds the same digest and the docs folder exactly as it was left has nothing to
  do: the same sources give the same files (every step is deterministic, which
  ``test_two_builds_of_the_same_input_are_identical`` checks on whole builds). Pyodide's large
  files are compared by size and modification time (they come from ``npm ci``, never edited in
  place), with the versions of the libraries the generation runs and the publishing address;
* the calculators' precomputed answers (:mod:`widgets.instant`) and the spellbook's table of
  expected casts (``widgets.grimoire.casts_file``), each under the digest of the sources that
  make it.

Nothing kept is trusted by its key alone: each file of the answers and the table is read back
only when its bytes still have the SHA-256 recorded when its layer was written.
Anything unreadable, edited or damaged is computed again and written anew, never published; a cache that cannot be written only makes the next build slower.
Spell files are never trusted from here: they are read and checked at every build.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import sys
from collections.abc import Callable, Mapping
from importlib import metadata
from pathlib import Path

import generator
import rules
import widgets

__all__ = [
    "digest",
    "folder",
    "forget_generation",
    "generation_digest",
    "record_generation",
    "remember",
    "unchanged_generation",
]

#: Folders of the project whose every file a generation may read.
SOURCE_FOLDERS = ("spells", "content", "sources", "generator", "widgets", "rules")
#: Libraries whose version changes what a generation writes.
LIBRARIES = ("Jinja2", "MarkupSafe", "PyYAML", "jsonschema")
_STAMP_FORMAT = 2
_STAMP = "generation.json"
_INDEX = "index.json"

#: What this process computed or read last, by name: ``(digest, files)``; builds in one process
#: (``make serve``, the tests) ask for the same files many times.
_KEPT: dict[str, tuple[str, dict[str, bytes]]] = {}


def folder(docs_dir: Path) -> Path:
    """The cache folder of a build whose pages are generated into ``docs_dir``."""
    return Path(docs_dir).resolve().parent / "cache"


def digest(files: Mapping[str, Path], *texts: str) -> str:
    """The SHA-256 of ``texts`` and of ``files`` (``{name: path}``: each name with its file's
    bytes, in name order). Files are compared by content: a file rewritten with the same size
    within the same clock tick is still seen."""
    hashed = hashlib.sha256()
    for text in texts:
        hashed.update(f"{len(text)}\0{text}\0".encode("utf-8", "surrogateescape"))
    for name in sorted(files):
        data = Path(files[name]).read_bytes()
        hashed.update(f"{name}\0{len(data)}\0".encode("utf-8", "surrogateescape"))
        hashed.update(data)
    return hashed.hexdigest()


def remember(
    docs_dir: Path,
    name: str,
    sources: Mapping[str, Path],
    compute: Callable[[], dict[str, bytes]],
) -> dict[str, bytes]:
    """``compute()`` (files as ``{file name: bytes}``), or what an earlier build kept under the
    same ``name`` and the same :func:`digest` of ``sources`` (``{name: path}``), in
    ``cache/<name>/``: only when every kept file still has the SHA-256 recorded when it was
    written; else computed again and written anew."""
    key = digest(sources, name)
    target = folder(docs_dir) / name
    if name in _KEPT and _KEPT[name][0] == key:
        if not _holds(target, key):  # another build's folder: it keeps the layer as well
            _write(target, key, _KEPT[name][1])
        return _KEPT[name][1]
    files = _read(target, key)
    if files is None:
        files = compute()
        _write(target, key, files)
    _KEPT[name] = (key, files)
    return files


def generation_digest(root: Path, out: Path, site_url: str) -> str:
    """The :func:`digest` of everything a generation of ``root`` into ``out`` reads."""
    from widgets.packaging import LOCK_FILE, PYODIDE_CORE_FILES, STDLIB_SOURCE

    folders = {name: root / name for name in SOURCE_FOLDERS}
    # The modules that run may live elsewhere than the project's copy (an installed package).
    folders |= {
        f"{package.__name__}@": Path(str(package.__file__)).parent
        for package in (generator, widgets, rules)
    }
    files, seen = {}, set()
    for label, top in folders.items():
        resolved = top.resolve()
        if resolved in seen or not resolved.is_dir():
            continue
        seen.add(resolved)
        for directory, subfolders, names in os.walk(resolved):
            subfolders[:] = sorted(
                d for d in subfolders if d != "__pycache__" and not d.startswith(".")
            )
            for name in names:
                path = Path(directory, name)
                files[f"{label}/{path.relative_to(resolved)}"] = path
    pyodide = []
    for name in ("package.json", LOCK_FILE, STDLIB_SOURCE, *PYODIDE_CORE_FILES):
        try:
            status = (root / "node_modules" / "pyodide" / name).stat()
            pyodide.append([name, status.st_size, status.st_mtime_ns])
        except OSError:
            pyodide.append([name, None])
    return digest(
        files,
        json.dumps(
            [
                _STAMP_FORMAT,
                str(out.resolve()),
                site_url,
                sys.version,
                [_version(name) for name in LIBRARIES],
                pyodide,
            ]
        ),
    )


def unchanged_generation(out: Path, key: str) -> int | None:
    """The number of spells of the last generation into ``out`` when its sources had the
    digest ``key`` and ``out`` is as it left it; else None (generate)."""
    try:
        kept = json.loads((folder(out) / _STAMP).read_text(encoding="utf-8"))
        if (
            kept["digest"] == key
            and kept["files"]
            and kept["files"] == _listing(out)
            and isinstance(kept["spells"], int)
        ):
            return kept["spells"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return None


def forget_generation(out: Path) -> None:
    """Drop the stamp (a generation has started: until it ends, nothing is known)."""
    with contextlib.suppress(OSError):
        (folder(out) / _STAMP).unlink()


def record_generation(out: Path, key: str, spells: int) -> None:
    """Keep what a finished generation read (``key``) and wrote (a stamp that cannot be written
    only means the next build generates again)."""
    _write_text(
        folder(out) / _STAMP,
        json.dumps({"digest": key, "spells": spells, "files": _listing(out)}, ensure_ascii=False),
    )


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return ""


def _listing(out: Path) -> dict[str, list[int]]:
    """Every file under ``out``: relative path → [size, modification time in ns]."""
    files = {}
    for directory, subfolders, names in os.walk(out):
        subfolders.sort()
        for name in names:
            path = os.path.join(directory, name)
            status = os.stat(path)
            files[os.path.relpath(path, out)] = [status.st_size, status.st_mtime_ns]
    return files


def _holds(target: Path, key: str) -> bool:
    """Whether the folder ``target`` records files kept under ``key`` (its index alone)."""
    try:
        index = json.loads((target / _INDEX).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(index, dict) and index.get("key") == key


def _read(target: Path, key: str) -> dict[str, bytes] | None:
    """The files kept in the folder ``target`` under ``key``, or None (none, another key, a file
    whose bytes are not those recorded, or anything unreadable)."""
    try:
        index = json.loads((target / _INDEX).read_text(encoding="utf-8"))
        if not isinstance(index, dict) or index.get("key") != key:
            return None
        recorded = index["files"]
        if not isinstance(recorded, dict) or not all(
            isinstance(n, str) and Path(n).name == n and n != _INDEX and isinstance(h, str)
            for n, h in recorded.items()
        ):
            return None
        files = {name: (target / name).read_bytes() for name in recorded}
    except (OSError, ValueError, KeyError):
        return None
    if any(hashlib.sha256(data).hexdigest() != recorded[name] for name, data in files.items()):
        return None
    return files


def _write(target: Path, key: str, files: dict[str, bytes]) -> None:
    """Keep ``files`` in the folder ``target``: written beside it, then put in its place (a
    reader sees the old folder, none, or the new one whole)."""
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    with contextlib.suppress(OSError):
        shutil.rmtree(temporary, ignore_errors=True)
        temporary.mkdir(parents=True)
        for name, data in files.items():
            (temporary / name).write_bytes(data)
        recorded = {name: hashlib.sha256(data).hexdigest() for name, data in files.items()}
        (temporary / _INDEX).write_text(
            json.dumps({"key": key, "files": recorded}), encoding="utf-8"
        )
        shutil.rmtree(target, ignore_errors=True)
        temporary.rename(target)
    shutil.rmtree(temporary, ignore_errors=True)


def _write_text(target: Path, text: str) -> None:
    """Write ``target`` whole or not at all (a write that fails is only a slower next build)."""
    temporary = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    with contextlib.suppress(OSError):
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(target)
