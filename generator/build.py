"""Build or serve the whole site: run MkDocs, whose hook validates and generates ``build/docs``.

The build writes into a hidden folder beside ``site/`` (``.site.en-cours-<pid>``) and, only when
MkDocs succeeded, exchanges it with ``site/`` in one atomic step (Linux ``renameat2`` with
``RENAME_EXCHANGE``): at every instant ``site/`` is the previous complete site or the new one,
even if the build is killed, and an invalid spell file or a strict-mode warning never touches it.
The previous site is then removed from the hidden folder; what a killed build leaves there is
removed by the next build. Which folder may be replaced, and the swap itself, are
:mod:`generator.site_folder`'s: a build replaces only a site it made, never a source. MkDocs' warnings are collected and, when strict mode aborts, reported
in French with the file the page comes from (the spell file, the page of ``content/`` or the
template) and a line. A folder that cannot be written (full or read-only disk) is named in a
French message, and nothing is left beside the previous site.
"""

from __future__ import annotations

import errno
import ipaddress
import logging
import os
import re
import socket
from pathlib import Path
from urllib.parse import urlsplit

from .site_folder import (
    SiteFolderError,
    check_site_dir,
    fault_point,
    publish,
    remove,
    remove_leftovers,
    start_staging,
)

__all__ = ["BuildError", "build_site", "check_serve_address", "check_site_url", "serve_site"]


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
    "sorts/index.md": "generator/index/templates/index.md.j2",
    "grimoire/index.md": "widgets/grimoire/templates/grimoire.md.j2",
    "table/index.md": "widgets/grimoire/templates/table.md.j2",
    "cartes/index.md": "generator/cards/templates/cartes.md.j2",
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
    build_dir = (build_dir or root / "build").resolve()
    given = site_dir or root / "site"
    try:
        site_dir = check_site_dir(root, given, _shown(given), extra=(build_dir,))
    except SiteFolderError as error:
        raise BuildError(str(error)) from None
    remove_leftovers(site_dir)
    staging = site_dir.with_name(f".{site_dir.name}.en-cours-{os.getpid()}")
    warnings = _Warnings()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(warnings)
    try:
        staging = start_staging(site_dir)
        build(_mkdocs_config(root, build_dir, site_dir=str(staging), strict=True))
        fault_point("built")
        publish(staging, site_dir)
    except (MkDocsException, SystemExit) as error:
        remove(staging)
        problems = getattr(error, "problems", None)
        if problems:
            raise BuildError("\n".join(problems)) from None
        problems = [_explain(root, message) for message in warnings.messages]
        raise BuildError(
            "\n".join(problems) or f"la construction du site a échoué : {error}"
        ) from None
    except OSError as error:
        remove(staging)
        raise BuildError(_unwritable(error, root, site_dir, staging)) from None
    finally:
        logger.removeHandler(warnings)
    return site_dir


def _shown(folder: Path) -> str:
    """A folder as the reader names it: relative to the current folder when inside it."""
    cwd = Path.cwd()
    absolute = folder if folder.is_absolute() else cwd / folder
    if absolute.is_relative_to(cwd):
        return absolute.relative_to(cwd).as_posix() or "."
    return str(folder)


_WRITE_ERRORS = {
    errno.ENOSPC: "disque plein",
    errno.EDQUOT: "quota du disque atteint",
    errno.EROFS: "disque en lecture seule",
    errno.EACCES: "écriture non permise",
    errno.EPERM: "écriture non permise",
}


def write_error(error: OSError) -> str:
    """Why a write failed, in French."""
    number = error.errno if error.errno is not None else 0
    return _WRITE_ERRORS.get(number, f"erreur d'écriture {errno.errorcode.get(number, number)}")


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
        shown = _printable(site_url)
        why = f" (caractère « {bad} » interdit)" if bad is not None and bad.isprintable() else ""
        raise BuildError(
            f"SITE_URL: -: attendu l'adresse de publication, de la forme "
            f"https://exemple.fr/grimoire/ (http ou https, sans ? ni #), reçu « {shown} »{why}"
        )


#: Characters an address never holds as they are (RFC 3986): they would have to be percent-encoded.
_URL_UNSAFE = frozenset(' "<>\\^`{|}')


def _printable(text: str, limit: int = 80) -> str:
    """The start of a value as a message shows it: a character other than printable ASCII as
    ``<U+XXXX>`` (a message never reorders or recolours the terminal it is printed in)."""
    return "".join(
        c if c.isascii() and c.isprintable() else f"<U+{ord(c):04X}>" for c in text[:limit]
    )


def check_serve_address(host: str, port: str) -> tuple[str, int]:
    """The address and port ``serve`` listens on, read from their text: an IP address (IPv4, or
    IPv6 with or without brackets) or ``localhost``, and a port from 1 to 65535. Anything else is
    refused with a French BuildError, before anything is built."""
    address = host[1:-1] if host.startswith("[") and host.endswith("]") and ":" in host else host
    if address.lower() == "localhost":
        address = "localhost"
    else:
        try:
            if "%" in address:  # an IPv6 zone (``fe80::1%eth0``): any text may follow it
                raise ValueError(address)
            address = str(ipaddress.ip_address(address))
        except ValueError:
            received = f"« {_printable(host)} »" if host else "une valeur vide"
            raise BuildError(
                "HOST: -: attendu l'adresse où servir le site, une adresse IP (127.0.0.1, ::1…) "
                f"ou localhost, reçu {received}"
            ) from None
    if not re.fullmatch(r"[0-9]{1,5}", port) or not 1 <= int(port) <= 65535:
        received = f"« {_printable(port)} »" if port else "une valeur vide"
        raise BuildError(f"PORT: -: attendu un port, entier de 1 à 65535, reçu {received}")
    return address, int(port)


#: Why the server could not listen on an address and port, in French.
_LISTEN_ERRORS = {
    errno.EADDRINUSE: ("PORT", "un port libre", "déjà pris par un autre programme"),
    errno.EACCES: ("PORT", "un port permis", "réservé à l'administrateur"),
    errno.EADDRNOTAVAIL: ("HOST", "une adresse de cette machine", "l'adresse d'une autre machine"),
}


def _check_listening(host: str, port: int, shown_host: str, shown_port: str) -> None:
    """Refuse, before anything is built, an address and port the server could not listen on."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server does
            probe.bind((host, port))
    except OSError as error:
        what, expected, why = _LISTEN_ERRORS.get(
            error.errno or 0, ("HOST", "une adresse où écouter", "une adresse inutilisable ici")
        )
        shown = shown_host if what == "HOST" else shown_port
        raise BuildError(
            f"{what}: -: attendu {expected}, reçu « {_printable(shown)} » ({why}) : rien n'est "
            "construit"
        ) from None


def serve_site(root: Path, host: str, port: str) -> None:
    """Serve on ``host:port`` (their text, checked by :func:`check_serve_address` before anything
    is built) with live rebuild on every change of a spell, template or page (the hook generates)."""
    from mkdocs.commands.serve import serve

    address, number = check_serve_address(host, port)
    _check_listening(address, number, host, port)
    check_site_url(os.environ.get("SITE_URL", ""))
    root = root.resolve()
    (root / "build" / "docs").mkdir(parents=True, exist_ok=True)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    try:
        serve(str(root / "mkdocs.yml"), dev_addr=f"{address}:{number}", livereload=True)
    except Exception as error:  # the hook's InvalidSpells carries French problems
        problems = getattr(error, "problems", None)
        if problems:
            raise BuildError("\n".join(problems)) from None
        raise
