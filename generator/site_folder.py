"""The folder the site is built into: which folder may be replaced, and the atomic swap.

A build replaces only what a build made. Before anything runs, :func:`check_site_dir` refuses a
site folder that is, holds or lies inside the project's sources (directly or through a link), a
file, a link to nothing, or a folder that is neither empty nor a site this project built. Every
site is recognised by the marker file the build writes first into its folder under construction
(:data:`MARKER`), which MkDocs never removes (it keeps hidden files); so are the folders a killed
build leaves beside the site (``.site.en-cours-<pid>``, ``.site.ancien-<pid>``), which the next
build removes only when they carry the marker and their process is not running.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import os
import re
import shutil
import signal
import sys
from pathlib import Path

__all__ = [
    "MARKER",
    "SiteFolderError",
    "check_site_dir",
    "fault_point",
    "publish",
    "remove_leftovers",
    "start_staging",
    "remove",
]

#: The file every site this project builds holds at its top (and a folder under construction too).
MARKER = ".grimoire-site"
#: The marker's whole text: a folder is a site of this project only when its marker says exactly so.
MARKER_TEXT = (
    "Site construit par Grimoire (python -m generator build) : la construction suivante remplace "
    "ce dossier en entier.\n"
)
#: The project's own folders: a site is never built into one, around one or through a link to one.
SOURCES = (
    ".git",
    "spells",
    "content",
    "rules",
    "generator",
    "widgets",
    "tests",
    "build",
    "bench",
    "sources",
    "tools",
    ".ci",
    ".venv",
    "node_modules",
)
#: The highest process id Linux gives (``/proc/sys/kernel/pid_max`` may only lower it).
PID_MAX = 2**22


class SiteFolderError(Exception):
    """The site folder may not be built into; the message is French and names the folder."""


def check_site_dir(root: Path, site_dir: Path, shown: str, *, extra: tuple[Path, ...] = ()) -> Path:
    """The folder to build the site into, links followed, after checking nothing else is lost.

    ``root`` is the project, ``shown`` the folder as the reader gave it (for the messages),
    ``extra`` more folders of the project's (the build's folder when it is elsewhere). Raises
    :class:`SiteFolderError` when the folder is or holds a source, lies inside one, is a file or a
    link to nothing, or is a folder holding anything but a site this project built."""
    root = root.resolve()
    keep = ", choisissez un autre dossier (par défaut site)"
    if site_dir.is_symlink() and not site_dir.exists():
        raise SiteFolderError(
            f"{shown}: -: attendu un dossier, reçu un lien vers {os.readlink(site_dir)}, qui "
            "n'existe pas : rien n'est créé ; créez ce dossier ou supprimez le lien"
        )
    target = site_dir.resolve()
    sources = [root, *(root / name for name in SOURCES), *extra]
    for source in sources:
        source = source.resolve()
        if target == source or source.is_relative_to(target):
            what = "le projet" if source == root else f"{_named(root, source)} (sources du projet)"
            held = "" if target == source else ", qui contient " + what
            raise SiteFolderError(
                f"{shown}: -: attendu un dossier de site hors des sources du projet, reçu "
                f"{what if target == source else 'un dossier'}{held} : rien n'est construit ni "
                f"effacé{keep}"
            )
        if source != root and target.is_relative_to(source):
            raise SiteFolderError(
                f"{shown}: -: attendu un dossier de site hors des sources du projet, reçu un "
                f"dossier dans {_named(root, source)} (sources du projet) : rien n'est construit ni "
                f"effacé{keep}"
            )
    if os.path.lexists(target) and not target.is_dir():
        raise SiteFolderError(
            f"{shown}: -: attendu un dossier, reçu un fichier : rien n'y est touché ; déplacez ce "
            f"fichier ou choisissez un autre dossier (--site-dir)"
        )
    if target.is_dir() and not _is_site(target) and _has_entries(target):
        raise SiteFolderError(
            f"{shown}: -: attendu un dossier vide ou un site construit par Grimoire (fichier "
            f"{MARKER}), reçu un dossier qui contient d'autres fichiers : rien n'y est touché ; "
            "videz-le ou choisissez un autre dossier (--site-dir)"
        )
    return target


def _named(root: Path, folder: Path) -> str:
    return f"{folder.relative_to(root).as_posix()}/" if folder.is_relative_to(root) else str(folder)


def _is_site(folder: Path) -> bool:
    """True when ``folder`` (not a link) carries the marker of a site this project built."""
    marker = folder / MARKER
    if folder.is_symlink() or marker.is_symlink() or not marker.is_file():
        return False
    try:
        return marker.read_text(encoding="utf-8") == MARKER_TEXT
    except (OSError, UnicodeError):
        return False


def _has_entries(folder: Path) -> bool:
    try:
        return any(folder.iterdir())
    except OSError:
        return True


def start_staging(site_dir: Path) -> Path:
    """The hidden folder beside ``site_dir`` that the build fills, created with its marker."""
    staging = site_dir.with_name(f".{site_dir.name}.en-cours-{os.getpid()}")
    remove(staging)  # an earlier build of this process, interrupted
    staging.mkdir(parents=True)
    (staging / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
    return staging


#: What a killed build may leave beside ``site/``: its folder under construction, or the previous
#: site being removed (the number is the id of the process that made it).
_LEFTOVER = re.compile(r"\.(?P<site>.+)\.(?:en-cours|ancien)-(?P<pid>[0-9]+)")


def remove_leftovers(site_dir: Path) -> None:
    """Remove what killed builds of ``site_dir`` left beside it: only folders that carry the
    marker and whose process is not running (never a running build's folder, nor anything else)."""
    try:
        entries = list(site_dir.parent.iterdir())
    except OSError:
        return
    for entry in entries:
        match = _LEFTOVER.fullmatch(entry.name)
        if (
            match
            and match["site"] == site_dir.name
            and _is_site(entry)
            and not _running(int(match["pid"]))
        ):
            remove(entry)


def _running(pid: int) -> bool:
    """True when process ``pid`` may still be running (an id no process can have is not)."""
    if pid == os.getpid() or not 0 < pid <= PID_MAX:
        return False  # an earlier build of this process, interrupted; or no process at all
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # it runs, as another user
    return True


def remove(path: Path, step: str = "") -> None:
    """Remove a folder (or a link, never what it points to); quietly when it is not there
    (``step``: the :func:`fault_point` reached halfway). A site's marker goes last, so that a
    removal cut short leaves a folder the next build still recognises."""
    if path.is_symlink() or path.is_file():
        path.unlink(missing_ok=True)
        return
    if not path.is_dir():
        return
    marker = os.path.join(path, MARKER)
    for count, (parent, folders, files) in enumerate(os.walk(path, topdown=False)):
        for name in files:
            if os.path.join(parent, name) != marker:
                _quietly(os.unlink, os.path.join(parent, name))
        for name in folders:
            full = os.path.join(parent, name)
            _quietly(os.unlink if os.path.islink(full) else os.rmdir, full)
        if count == 5 and step:
            fault_point(step)
    _quietly(os.unlink, marker)
    _quietly(os.rmdir, path)
    shutil.rmtree(path, ignore_errors=True)  # anything the walk could not remove


def _quietly(remove, path: str | os.PathLike[str]) -> None:
    with contextlib.suppress(OSError):
        remove(path)


def publish(staging: Path, site_dir: Path) -> None:
    """Put the finished build at ``site_dir`` in one atomic step, then remove the previous site."""
    if not os.path.lexists(site_dir):
        os.rename(staging, site_dir)
        fault_point("swapped")
        return
    if _exchange(staging, site_dir):
        fault_point("swapped")
        remove(staging, "removing")  # the previous site, now at the hidden name
        return
    # No atomic exchange on this system: the previous site steps aside, the new one takes its
    # place (site/ is missing between the two renames, never partial).
    previous = site_dir.with_name(f".{site_dir.name}.ancien-{os.getpid()}")
    os.rename(site_dir, previous)
    os.rename(staging, site_dir)
    fault_point("swapped")
    remove(previous, "removing")


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100
#: renameat2's system call number, for a C library without the function.
_SYSCALLS = {"x86_64": 316, "aarch64": 276}


def _exchange(first: Path, second: Path) -> bool:
    """Exchange two paths atomically (Linux ``renameat2(…, RENAME_EXCHANGE)``); False when the
    system or the file system cannot."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return False
    arguments = (
        ctypes.c_int(_AT_FDCWD),
        os.fsencode(first),
        ctypes.c_int(_AT_FDCWD),
        os.fsencode(second),
        ctypes.c_uint(_RENAME_EXCHANGE),
    )
    if hasattr(libc, "renameat2"):
        result = libc.renameat2(*arguments)
    elif os.uname().machine in _SYSCALLS:
        result = libc.syscall(ctypes.c_long(_SYSCALLS[os.uname().machine]), *arguments)
    else:
        return False
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(second))


def fault_point(step: str) -> None:
    """Where a test may kill the build as a power cut would: ``GRIMOIRE_BUILD_KILL_AT=<step>``
    sends the build SIGKILL at that step (``generated``: pages written to build/docs; ``pages``:
    MkDocs halfway, the site's pages written, not its offline files; ``built``: the new site
    complete beside the old one; ``swapped``: just after the exchange; ``removing``: halfway
    through removing the previous site)."""
    if os.environ.get("GRIMOIRE_BUILD_KILL_AT") == step:
        os.kill(os.getpid(), signal.SIGKILL)
