"""Skip a generation whose sources have not changed since the last one.

A generation reads the spell files, the pages of ``content/``, the rules' text (``sources/``), the
generator, the calculators (``widgets/``), the engine (``rules/``) and the installed Pyodide, and
writes the docs folder. After each generation, ``build/cache/generation.json`` keeps a digest of
those sources and the size and modification time of every file of the docs folder. A later
generation that finds the same digest and the docs folder exactly as it was left has nothing to
do: the same sources give the same files (every step is deterministic, which
``test_two_builds_of_the_same_input_are_identical`` checks on whole builds).

Sources are compared by content (SHA-256 of every file: a file rewritten with the same size within
the same clock tick is still seen), Pyodide's large files by size and modification time (they
come from ``npm ci``, never edited in place), plus the versions of the libraries the generation
runs and the publishing address. Anything unreadable or unexpected means « generate again ».
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
from importlib import metadata
from pathlib import Path

import generator
import rules
import widgets

__all__ = ["forget", "record", "sources_digest", "unchanged"]

#: Folders of the project whose every file a generation may read.
SOURCE_FOLDERS = ("spells", "content", "sources", "generator", "widgets", "rules")
#: Libraries whose version changes what a generation writes.
LIBRARIES = ("Jinja2", "MarkupSafe", "PyYAML", "jsonschema")
FORMAT = 1
_NAME = "generation.json"


def _stamp_file(root: Path) -> Path:
    from widgets.packaging import build_cache

    return build_cache(root) / _NAME


def _hash_tree(digest, folder: Path) -> None:
    for directory, subfolders, names in os.walk(folder):
        subfolders[:] = sorted(d for d in subfolders if d != "__pycache__" and not d.startswith("."))
        for name in sorted(names):
            path = Path(directory, name)
            data = path.read_bytes()
            digest.update(f"{path.relative_to(folder)}\0{len(data)}\0".encode("utf-8", "surrogateescape"))
            digest.update(data)


def sources_digest(root: Path, out: Path, site_url: str) -> str:
    """The SHA-256 of everything a generation of ``root`` into ``out`` reads."""
    from widgets.packaging import LOCK_FILE, PYODIDE_CORE_FILES, STDLIB_SOURCE

    digest = hashlib.sha256()
    digest.update(json.dumps([FORMAT, str(out.resolve()), site_url, sys.version,
                              [_version(name) for name in LIBRARIES]]).encode("utf-8"))
    folders = [root / name for name in SOURCE_FOLDERS]
    # The modules that run may live elsewhere than the project's copy (an installed package).
    folders += [Path(package.__file__).parent for package in (generator, widgets, rules)]
    seen = set()
    for folder in folders:
        resolved = folder.resolve()
        if resolved in seen:
            continue
        seen.add(resolved)
        digest.update(f"\0{folder}\0".encode("utf-8", "surrogateescape"))
        if resolved.is_dir():
            _hash_tree(digest, resolved)
    pyodide = root / "node_modules" / "pyodide"
    for name in ("package.json", LOCK_FILE, STDLIB_SOURCE, *PYODIDE_CORE_FILES):
        try:
            status = (pyodide / name).stat()
        except OSError:
            status = None
        digest.update(f"\0{name}\0{status and (status.st_size, status.st_mtime_ns)}".encode())
    return digest.hexdigest()


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


def unchanged(root: Path, out: Path, digest: str) -> int | None:
    """The number of spells of the last generation when its sources had ``digest`` and ``out`` is
    as it left it; else None (generate)."""
    try:
        kept = json.loads(_stamp_file(root).read_text(encoding="utf-8"))
        if (kept["format"] == FORMAT and kept["digest"] == digest and kept["files"]
                and kept["files"] == _listing(out) and isinstance(kept["spells"], int)):
            return kept["spells"]
    except (OSError, ValueError, KeyError, TypeError):
        pass
    return None


def forget(root: Path) -> None:
    """Drop the stamp (a generation has started: until it ends, nothing is known)."""
    with contextlib.suppress(OSError):
        _stamp_file(root).unlink()


def record(root: Path, out: Path, digest: str, spells: int) -> None:
    """Keep what a finished generation read and wrote (a stamp that cannot be written only
    means the next build generates again)."""
    target = _stamp_file(root)
    text = json.dumps({"format": FORMAT, "digest": digest, "spells": spells,
                       "files": _listing(out)}, ensure_ascii=False)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(target)
    except OSError:
        pass
