"""Build or serve the whole site: run MkDocs, whose hook validates and generates ``build/docs``.

The build writes into a hidden folder beside ``site/`` (``.site.en-cours-<pid>``) and, only when
MkDocs succeeded, exchanges it with ``site/`` in one atomic step (Linux ``renameat2`` with
``RENAME_EXCHANGE``): at every instant ``site/`` is the previous complete site or the new one,
even if the build is killed, and an invalid spell file or a strict-mode warning never touches it.
The previous site is then removed from the hidden folder; what a killed build leaves there is
removed by the next build. MkDocs' warnings are collected and, when strict mode aborts, reported
in French with the file the page comes from (the spell file, the page of ``content/`` or the
template) and a line. A folder that cannot be written (full or read-only disk) is named in a
French message, and nothing is left beside the previous site.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import logging
import os
import re
import shutil
import signal
import sys
from pathlib import Path
from urllib.parse import urlsplit

__all__ = ["BuildError", "build_site", "check_site_url", "serve_site"]


class BuildError(Exception):
    """The site could not be built; the message is French and meant for the reader."""


class _Warnings(logging.Handler):
    """Collects MkDocs' warnings (and keeps its English off the reader's terminal)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


#: Where each generated page that is not a spell page comes from.
_PAGE_SOURCES = {
    "index.md": "content/index.md",
    "calculateurs/index.md": "content/calculateurs.md",
    "regles/index.md": "content/regles.md",
    "sorts/index.md": "generator/pages/templates/index.md.j2",
    "grimoire/index.md": "generator/pages/templates/grimoire.md.j2",
    "cartes/index.md": "generator/pages/templates/cartes.md.j2",
}

#: MkDocs' warnings about a page, in French (``{href}`` the link, ``{target}`` what it points to).
_WARNINGS = [
    (
        re.compile(
            r"Doc file '(?P<doc>[^']+)' contains a link '(?P<href>[^']*)', but the target "
            r"'(?P<target>[^']*)' is not found among documentation files\."
        ),
        "lien « {href} » vers une page qui n'existe pas ({target})",
    ),
    (
        re.compile(
            r"Doc file '(?P<doc>[^']+)' contains a link '(?P<href>[^']*)', but the doc "
            r"'(?P<target>[^']*)' does not contain an anchor '(?P<anchor>[^']*)'\."
        ),
        "lien « {href} » vers une ancre absente de {target}",
    ),
    (
        re.compile(r"Doc file '(?P<doc>[^']+)' contains an absolute link '(?P<href>[^']*)'.*"),
        "lien absolu « {href} » (les liens du site sont relatifs)",
    ),
    (
        re.compile(
            r"Doc file '(?P<doc>[^']+)' contains an unrecognized relative link "
            r"'(?P<href>[^']*)'.*"
        ),
        "lien relatif « {href} » non reconnu",
    ),
    (
        re.compile(
            r"Excluding '(?P<doc>[^']+)' from the site because it conflicts with "
            r"'(?P<target>[^']*)'\."
        ),
        "deux fichiers produisent la même page ({target})",
    ),
]


def _line_of(path: Path, *needles: str) -> int:
    """The first line of ``path`` holding one of ``needles`` (1 when none is found)."""
    try:
        lines = path.read_text(encoding="utf-8").split("\n")
    except OSError:
        return 1
    for needle in needles:
        for number, line in enumerate(lines, start=1):
            if needle and needle in line:
                return number
    return 1


def _explain(root: Path, message: str) -> str:
    """One MkDocs warning as ``file:line: page …: message`` in French."""
    for pattern, french in _WARNINGS:  # noqa: B007 (the match and its message are read after the loop)
        match = pattern.fullmatch(message.strip())
        if match:
            break
    else:
        return f"mkdocs.yml:1: -: avertissement de MkDocs, qui refuse de construire le site : {message}"
    fields = match.groupdict()
    doc = fields["doc"]
    text = french.format(**{k: v or "" for k, v in fields.items()})
    page = re.fullmatch(r"sorts/([a-z0-9]+(?:-[a-z0-9]+)*)/index\.md", doc)
    if page and (root / "spells" / f"{page[1]}.yaml").is_file():
        source = f"spells/{page[1]}.yaml"
        line = _line_of(root / source, fields.get("href", ""), "name:")
    else:
        source = _PAGE_SOURCES.get(doc, f"build/docs/{doc}")
        line = _line_of(root / source, fields.get("href", ""))
    url = "" if doc == "index.md" else doc[: -len("index.md")]
    return f"{source}:{line}: page /{url}: {text} (MkDocs refuse de construire le site)"


def _mkdocs_config(root: Path, build_dir: Path, **overrides):
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    from mkdocs.config import load_config

    # MkDocs requires docs_dir to exist before its hook (the one generation) fills it.
    docs = build_dir / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    return load_config(str(root / "mkdocs.yml"), docs_dir=str(docs), **overrides)


def build_site(root: Path, site_dir: Path | None = None, *, build_dir: Path | None = None) -> Path:
    """Build the site of the project at ``root`` into ``site_dir`` (default ``root/site``).

    The pages are generated into ``build_dir/docs`` and the build's cache is
    ``build_dir/cache`` (:mod:`generator.cache`; default ``root/build``)."""
    from mkdocs.commands.build import build
    from mkdocs.exceptions import MkDocsException

    check_site_url(os.environ.get("SITE_URL", ""))
    root = root.resolve()
    site_dir = (site_dir or root / "site").resolve()
    _remove_leftovers(site_dir)
    staging = site_dir.with_name(f".{site_dir.name}.en-cours-{os.getpid()}")
    warnings = _Warnings()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(warnings)
    try:
        build(
            _mkdocs_config(
                root, (build_dir or root / "build").resolve(), site_dir=str(staging), strict=True
            )
        )
        fault_point("built")
        _publish(staging, site_dir)
    except (MkDocsException, SystemExit) as error:
        _remove(staging)
        problems = getattr(error, "problems", None)
        if problems:
            raise BuildError("\n".join(problems)) from None
        problems = [_explain(root, message) for message in warnings.messages]
        raise BuildError(
            "\n".join(problems) or f"la construction du site a échoué : {error}"
        ) from None
    except OSError as error:
        _remove(staging)
        raise BuildError(_unwritable(error, root, site_dir, staging)) from None
    finally:
        logger.removeHandler(warnings)
    return site_dir


#: What a killed build may leave beside ``site/``: its folder under construction, or the previous
#: site being removed (the number is the id of the process that made it).
_LEFTOVER = re.compile(r"\.(?P<site>.+)\.(?:en-cours|ancien)-(?P<pid>[0-9]+)")


def _remove_leftovers(site_dir: Path) -> None:
    """Remove what killed builds of ``site_dir`` left beside it (never a running build's folder)."""
    try:
        entries = list(site_dir.parent.iterdir())
    except OSError:
        return
    for entry in entries:
        match = _LEFTOVER.fullmatch(entry.name)
        if match and match["site"] == site_dir.name and not _running(int(match["pid"])):
            _remove(entry)


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return False  # an earlier build of this process, interrupted
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


def _remove(path: Path, step: str = "") -> None:
    """Remove a folder (or a link, never what it points to); quietly when it is not there
    (``step``: the :func:`fault_point` reached halfway)."""
    if path.is_symlink() or path.is_file():
        path.unlink(missing_ok=True)
        return
    if not path.is_dir():
        return
    for count, (parent, folders, files) in enumerate(os.walk(path, topdown=False)):
        for name in files:
            _quietly(os.unlink, os.path.join(parent, name))
        for name in folders:
            full = os.path.join(parent, name)
            _quietly(os.unlink if os.path.islink(full) else os.rmdir, full)
        if count == 5 and step:
            fault_point(step)
    _quietly(os.rmdir, path)
    shutil.rmtree(path, ignore_errors=True)  # anything the walk could not remove


def _quietly(remove, path: str) -> None:
    with contextlib.suppress(OSError):
        remove(path)


def _publish(staging: Path, site_dir: Path) -> None:
    """Put the finished build at ``site_dir`` in one atomic step, then remove the previous site."""
    if not os.path.lexists(site_dir):
        os.rename(staging, site_dir)
        fault_point("swapped")
        return
    if _exchange(staging, site_dir):
        fault_point("swapped")
        _remove(staging, "removing")  # the previous site, now at the hidden name
        return
    # No atomic exchange on this system: the previous site steps aside, the new one takes its
    # place (site/ is missing between the two renames, never partial).
    previous = site_dir.with_name(f".{site_dir.name}.ancien-{os.getpid()}")
    os.rename(site_dir, previous)
    os.rename(staging, site_dir)
    fault_point("swapped")
    _remove(previous, "removing")


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


_WRITE_ERRORS = {
    errno.ENOSPC: "disque plein",
    errno.EDQUOT: "quota du disque atteint",
    errno.EROFS: "disque en lecture seule",
    errno.EACCES: "écriture non permise",
    errno.EPERM: "écriture non permise",
}


def write_error(error: OSError) -> str:
    """Why a write failed, in French."""
    return _WRITE_ERRORS.get(
        error.errno, f"erreur d'écriture {errno.errorcode.get(error.errno, error.errno)}"
    )


def _unwritable(error: OSError, root: Path, site_dir: Path, staging: Path) -> str:
    """A write that failed, in French, naming the folder (the site's, or ``build/`` of the project)."""
    filename = Path(error.filename) if error.filename else None
    if filename is None or filename in (staging, site_dir) or staging in filename.parents:
        folder = site_dir.parent
    else:
        folder = filename.parent
    reason = write_error(error)
    return (
        f"{folder}: -: attendu un dossier où écrire le site, reçu une erreur ({reason}) : le site "
        f"précédent ({site_dir.name}/) est gardé tel quel et rien n'est laissé à côté"
    )


def check_site_url(site_url: str) -> None:
    """Refuse a publishing address that is not a plain ``http(s)://`` address (BuildError, French)."""
    if not site_url:
        return
    try:
        parts = urlsplit(site_url)
        host = parts.hostname
    except ValueError:
        parts, host = None, None
    bad = next(
        (
            char
            for char in site_url
            if not (char.isascii() and char.isprintable()) or char in _URL_UNSAFE
        ),
        None,
    )
    if (
        parts is None
        or parts.scheme not in ("http", "https")
        or not host
        or bad is not None
        or parts.query
        or parts.fragment
        or "?" in site_url
        or "#" in site_url
    ):
        shown = "".join(
            c if c.isascii() and c.isprintable() else f"<U+{ord(c):04X}>" for c in site_url[:80]
        )
        why = f" (caractère « {bad} » interdit)" if bad is not None and bad.isprintable() else ""
        raise BuildError(
            f"SITE_URL: -: attendu l'adresse de publication, de la forme "
            f"https://exemple.fr/grimoire/ (http ou https, sans ? ni #), reçu « {shown} »{why}"
        )


#: Characters an address never holds as they are (RFC 3986): they would have to be percent-encoded.
_URL_UNSAFE = frozenset(' "<>\\^`{|}')


def serve_site(root: Path, host: str, port: int) -> None:
    """Serve with live rebuild on every change of a spell, template or page (the hook generates)."""
    from mkdocs.commands.serve import serve

    check_site_url(os.environ.get("SITE_URL", ""))
    root = root.resolve()
    (root / "build" / "docs").mkdir(parents=True, exist_ok=True)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    try:
        serve(str(root / "mkdocs.yml"), dev_addr=f"{host}:{port}", livereload=True)
    except Exception as error:  # noqa: BLE001 - the hook's InvalidSpells carries French problems
        problems = getattr(error, "problems", None)
        if problems:
            raise BuildError("\n".join(problems)) from None
        raise
