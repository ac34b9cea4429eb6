"""Build-time installation of the calculators' engine into the site.

The calculators run the rules engine (``rules/``) in the browser with
Pyodide, self-hosted: nothing is fetched from a CDN at run time, so the site
works offline and on a closed network. :func:`install_engine_assets` puts
into ``docs_dir``:

* ``assets/pyodide/<version>/``: only the Pyodide core files needed at run
  time, copied from ``node_modules/pyodide`` (installed by ``npm ci``), a
  package lock file reduced to its ``info`` (no package is ever loaded:
  no micropip, no wheels), and ``python_stdlib-<hash>.zip``, the standard
  library the worker gives Pyodide (``stdLibURL``): only the modules it
  imports, made from Pyodide's ``python_stdlib.zip`` by :mod:`widgets.stdlib`;
* ``assets/shared/engine-<hash>.zip``: one deterministic archive built from
  the real ``rules/*.py`` and ``widgets/bridge/*.py`` (never a hand-kept copy);
* ``assets/shared/instant-<calc>-<hash>.json``: the answers the build
  already knows, one file per calculator, written by :mod:`widgets.instant`;
* ``assets/shared/engine-config.js``: an ES module whose default export is
  the locations (relative to its folder) and the download size the scripts
  need.

``assets/shared/`` (:data:`SERVED`) is where the rooms' shared modules are served
(``widgets/shared/``: the engine and the reader of the build's answers, beside
the files above); :func:`engine_files` names what this module wrote there.

Files are written only when their bytes change, so ``mkdocs serve`` does not
rebuild in a loop. Standard library only.
"""

from __future__ import annotations

import hashlib
import io
import json
import pathlib
import shutil
import zipfile

__all__ = [
    "SERVED",
    "EngineAssetsError",
    "PYODIDE_CORE_FILES",
    "STDLIB_SOURCE",
    "stdlib_archive",
    "stdlib_sources",
    "build_engine_archive",
    "engine_files",
    "install_engine_assets",
]

#: Where the site serves the shared modules, and the engine's files and the answers beside them.
SERVED = "assets/shared"


# The files loadPyodide fetches in a module Web Worker, copied as they are: the
# loader, the Emscripten module and the WebAssembly binary. The lock file is
# written separately (reduced), the standard library is made from
# STDLIB_SOURCE (its modules the worker imports, :mod:`widgets.stdlib`), named
# by its content. Source maps, the UMD build (classic workers are not
# supported by Pyodide), the consoles and the whole standard library are left out.
PYODIDE_CORE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
)
LOCK_FILE = "pyodide-lock.json"
STDLIB_SOURCE = "python_stdlib.zip"

# The engine's bounds, written into the configuration the scripts read (their one home).
# A download that makes no progress for this long is reported as failed.
DEFAULT_TIMEOUT_MS = 20_000
# A computation the engine has not answered in this long restarts the engine.
DEFAULT_REQUEST_TIMEOUT_MS = 15_000
# Once downloaded, the engine's own start (CPU work, slow on a phone) ends within this.
BOOT_TIMEOUT_MS = 60_000
# The whole boot, however steadily bytes trickle in (4.3 MB gzip at 0.4 Mbit/s, then the start).
DEADLINE_MS = 240_000
# A data file of the build (the calculators' answers, the spellbook's table of expected casts)
# not received in this long: the engine answers instead (the file keeps loading for later asks).
DATA_WAIT_MS = 5_000

# Fixed metadata makes the archive byte-for-byte reproducible.
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)
_ZIP_MODE = 0o100644 << 16


class EngineAssetsError(RuntimeError):
    """A French message for whoever builds the site (missing npm install, files...)."""


def _write_if_changed(path: pathlib.Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` unless it already holds exactly those bytes."""
    try:
        if path.stat().st_size == len(data) and path.read_bytes() == data:
            return False
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return True


def _copy_if_changed(source: pathlib.Path, target: pathlib.Path) -> bool:
    """Copy ``source`` to ``target`` unless the target already has the same bytes."""
    try:
        if target.stat().st_size == source.stat().st_size and _same_bytes(source, target):
            return False
    except FileNotFoundError:
        pass
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    shutil.copyfile(source, tmp)
    tmp.replace(target)
    return True


def _same_bytes(a: pathlib.Path, b: pathlib.Path) -> bool:
    with a.open("rb") as fa, b.open("rb") as fb:
        while True:
            chunk_a, chunk_b = fa.read(1 << 20), fb.read(1 << 20)
            if chunk_a != chunk_b:
                return False
            if not chunk_a:
                return True


def _engine_sources(repo_root: pathlib.Path) -> list[tuple[str, pathlib.Path]]:
    """(archive name, file) for ``rules/*.py`` and ``widgets/bridge/*.py``, sorted."""
    rules_dir = repo_root / "rules"
    bridge = repo_root / "widgets" / "bridge"
    modules = sorted(rules_dir.glob("*.py"))
    if not (rules_dir / "__init__.py").is_file():
        raise EngineAssetsError(
            f"Moteur de règles introuvable : {rules_dir / '__init__.py'} n'existe pas"
        )
    if not (bridge / "__init__.py").is_file():
        raise EngineAssetsError(
            f"Pont des calculateurs introuvable : {bridge / '__init__.py'} n'existe pas"
        )
    entries = [(f"rules/{path.name}", path) for path in modules]
    entries += [(f"widgets/bridge/{path.name}", path) for path in bridge.glob("*.py")]
    return sorted(entries)


def build_engine_archive(repo_root: pathlib.Path) -> bytes:
    """Return the bytes of the engine archive: ``rules/*.py`` and ``widgets/bridge/*.py``.

    Deterministic: sorted entries, fixed timestamps and permissions, so the
    same sources always give the same bytes (and the same file name).
    """
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, path in _engine_sources(pathlib.Path(repo_root)):
            info = zipfile.ZipInfo(name, date_time=_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = _ZIP_MODE
            archive.writestr(info, path.read_bytes(), compresslevel=9)
    return buffer.getvalue()


def _pyodide_package(repo_root: pathlib.Path) -> tuple[pathlib.Path, str]:
    package_dir = repo_root / "node_modules" / "pyodide"
    manifest = package_dir / "package.json"
    if not manifest.is_file():
        raise EngineAssetsError(
            f"Pyodide introuvable : lancez `npm ci` (fichier absent : {manifest})"
        )
    try:
        version = json.loads(manifest.read_text(encoding="utf-8"))["version"]
    except (ValueError, KeyError, TypeError) as error:
        raise EngineAssetsError(f"{manifest} : version de Pyodide illisible ({error})") from None
    if not isinstance(version, str) or not version or "/" in version or version.startswith("."):
        raise EngineAssetsError(f"{manifest} : version de Pyodide invalide, reçu « {version} »")
    missing = [
        name
        for name in (*PYODIDE_CORE_FILES, LOCK_FILE, STDLIB_SOURCE)
        if not (package_dir / name).is_file()
    ]
    if missing:
        raise EngineAssetsError(
            "Pyodide incomplet : lancez `npm ci` (fichiers absents dans "
            f"{package_dir} : {', '.join(missing)})"
        )
    return package_dir, version


def _reduced_lock_file(package_dir: pathlib.Path) -> bytes:
    """The lock file with its ``info`` only: Pyodide checks it, no package is offered."""
    lock = json.loads((package_dir / LOCK_FILE).read_text(encoding="utf-8"))
    reduced = {"info": lock["info"], "packages": {}}
    return (json.dumps(reduced, sort_keys=True, indent=1) + "\n").encode("utf-8")


def stdlib_sources(repo_root: pathlib.Path) -> dict[str, pathlib.Path]:
    """``{name: path}`` of everything the worker's standard library is made from (the pinned
    Pyodide's archive, the list of modules, the module that trims it): what
    :func:`stdlib_archive` is remade for when one changes."""
    from widgets import stdlib

    package_dir, _ = _pyodide_package(pathlib.Path(repo_root))
    return {
        STDLIB_SOURCE: package_dir / STDLIB_SOURCE,
        stdlib.MODULES_FILE.name: pathlib.Path(repo_root) / "widgets" / stdlib.MODULES_FILE.name,
        "stdlib.py": pathlib.Path(stdlib.__file__),
    }


def stdlib_archive(repo_root: pathlib.Path) -> bytes:
    """The worker's standard library (:func:`widgets.stdlib.build_stdlib_archive`: about a
    second to make, so made once per process while its sources keep their size and time)."""
    try:
        stamp = tuple(
            (name, path.stat().st_size, path.stat().st_mtime_ns)
            for name, path in stdlib_sources(repo_root).items()
        )
    except OSError:
        stamp = None
    return _stdlib_archive(pathlib.Path(repo_root), stamp)


def _stdlib_archive(repo_root: pathlib.Path, stamp: tuple | None) -> bytes:
    from widgets import stdlib

    package_dir, version = _pyodide_package(repo_root)
    modules = repo_root / "widgets" / stdlib.MODULES_FILE.name
    if not modules.is_file():
        raise EngineAssetsError(f"Liste des modules du moteur introuvable : {modules} n'existe pas")
    try:
        return stdlib.build_stdlib_archive(package_dir / STDLIB_SOURCE, version, modules)
    except (stdlib.StdlibError, ValueError, OSError, zipfile.BadZipFile) as error:
        raise EngineAssetsError(f"Bibliothèque standard du moteur impossible : {error}") from None


def _remove_stale(directory: pathlib.Path, keep: set[str], pattern: str) -> None:
    if not directory.is_dir():
        return
    for path in directory.glob(pattern):
        if path.name in keep:
            continue
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()


def install_engine_assets(
    docs_dir: pathlib.Path,
    repo_root: pathlib.Path,
    *,
    timeout_ms: int = DEFAULT_TIMEOUT_MS,
    request_timeout_ms: int = DEFAULT_REQUEST_TIMEOUT_MS,
    answers: dict[str, bytes] | None = None,
    stdlib: bytes | None = None,
) -> dict:
    """Install Pyodide, the engine archive and the calculators' scripts into ``docs_dir``.

    ``answers`` are the precomputed answers' files (:func:`widgets.instant.payloads`) and
    ``stdlib`` the worker's standard library (:func:`stdlib_archive`), each computed when not
    given (a build passes what its cache kept).

    Returns the configuration written to ``assets/shared/engine-config.js``:
    ``{"pyodide": "../pyodide/<version>/", "archive": "engine-<hash>.zip",
    "downloadBytes": <bytes of the Pyodide files>, "stdlib": "python_stdlib-<hash>.zip"
    (in the Pyodide folder), "pyodideFiles": [every file of that folder the worker reads], "timeoutMs": timeout_ms,
    "requestTimeoutMs": request_timeout_ms, "bootTimeoutMs": ..., "deadlineMs": ...,
    "dataWaitMs": <the longest wait for a data file of the build>,
    "instant": {"files": {key: file name},
    "split": ..., "integer": ...}}``,
    paths relative to ``assets/shared/``. ``timeout_ms`` bounds a stalled
    engine download, ``request_timeout_ms`` one computation. Raises
    :class:`EngineAssetsError` (French message) when Pyodide or the engine
    sources are missing.
    """
    docs_dir, repo_root = pathlib.Path(docs_dir), pathlib.Path(repo_root)
    version, stdlib_name, download_bytes = _install_pyodide(docs_dir, repo_root, stdlib)
    served_dir = docs_dir / SERVED
    archive = build_engine_archive(repo_root)
    archive_name = f"engine-{hashlib.sha256(archive).hexdigest()[:12]}.zip"
    _write_if_changed(served_dir / archive_name, archive)
    _remove_stale(served_dir, {archive_name}, "engine-*.zip")

    config = {
        "pyodide": f"../pyodide/{version}/",
        "archive": archive_name,
        "downloadBytes": download_bytes,
        "timeoutMs": int(timeout_ms),
        "requestTimeoutMs": int(request_timeout_ms),
        "bootTimeoutMs": BOOT_TIMEOUT_MS,
        "deadlineMs": DEADLINE_MS,
        "dataWaitMs": DATA_WAIT_MS,
        "stdlib": stdlib_name,
        "pyodideFiles": [*PYODIDE_CORE_FILES, stdlib_name, LOCK_FILE],
        "instant": _install_instant(served_dir, answers),
    }
    text = json.dumps(config, ensure_ascii=False)
    module = (
        f"// Généré par widgets/packaging.py : ne pas modifier à la main.\nexport default {text};\n"
    )
    _write_if_changed(served_dir / "engine-config.js", module.encode("utf-8"))
    return config


def engine_files(config: dict) -> list[str]:
    """Every file :func:`install_engine_assets` wrote under :data:`SERVED` for ``config`` (what it
    returned), relative to the docs folder: the configuration, the engine archive, the answers."""
    names = ["engine-config.js", config["archive"], *config["instant"]["files"].values()]
    return [f"{SERVED}/{name}" for name in names]


def _install_pyodide(
    docs_dir: pathlib.Path, repo_root: pathlib.Path, stdlib: bytes | None
) -> tuple[str, str, int]:
    """Copy the pinned Pyodide's core files, its reduced lock file and the worker's standard
    library into ``assets/pyodide/<version>/``; return the version, the standard library's file
    name and the bytes of every file the worker downloads."""
    package_dir, version = _pyodide_package(repo_root)
    pyodide_root = docs_dir / "assets" / "pyodide"
    pyodide_dir = pyodide_root / version
    download_bytes = 0
    for name in PYODIDE_CORE_FILES:
        source = package_dir / name
        _copy_if_changed(source, pyodide_dir / name)
        download_bytes += source.stat().st_size
    lock = _reduced_lock_file(package_dir)
    _write_if_changed(pyodide_dir / LOCK_FILE, lock)
    download_bytes += len(lock)
    stdlib = stdlib_archive(repo_root) if stdlib is None else stdlib
    stdlib_name = f"python_stdlib-{hashlib.sha256(stdlib).hexdigest()[:12]}.zip"
    _write_if_changed(pyodide_dir / stdlib_name, stdlib)
    download_bytes += len(stdlib)
    _remove_stale(pyodide_dir, {*PYODIDE_CORE_FILES, LOCK_FILE, stdlib_name}, "*")
    _remove_stale(pyodide_root, {version}, "*")
    return version, stdlib_name, download_bytes


def _install_instant(served_dir: pathlib.Path, answers: dict[str, bytes] | None) -> dict:
    """Write the precomputed answers (:mod:`widgets.instant`); return what the page needs
    to find them (:func:`widgets.instant.configuration`)."""
    try:
        from widgets import instant
    except ImportError as error:
        raise EngineAssetsError(f"Réponses précalculées impossibles : {error}") from None
    try:
        files = instant.payloads() if answers is None else answers
        return instant.configuration(instant.install(served_dir, files), files)
    except ValueError as error:
        raise EngineAssetsError(f"Réponses précalculées impossibles : {error}") from None
