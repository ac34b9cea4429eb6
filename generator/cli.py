"""Command line: ``python -m generator <command>``.

To add a command, write a function ``_add_xxx(commands)`` that declares its subparser
and attaches a ``run(args) -> int`` function to it with ``set_defaults(run=...)``, then
add it to :data:`COMMANDS`. Exit statuses: 0 success, 1 problems found, 2 usage error
or unexpected error (130 when interrupted).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

PROG = "python -m generator"
EXIT_OK, EXIT_PROBLEMS, EXIT_ERROR = 0, 1, 2
DEFAULT_SPELLS_DIR = "spells/"


# --------------------------------------------------------------------------- commands


def _add_check(commands: Any) -> None:
    parser = commands.add_parser(
        "check",
        help="valider les fichiers de sort",
        description="Valide chaque fichier *.yaml du dossier (schéma, règles entre champs, règles entre "
        "fichiers) et affiche chaque problème sur une ligne « chemin:ligne: champ: message ».",
    )
    parser.add_argument(
        "dir",
        nargs="?",
        default=DEFAULT_SPELLS_DIR,
        metavar="DOSSIER",
        help=f"dossier des fichiers de sort (défaut : {DEFAULT_SPELLS_DIR})",
    )
    parser.set_defaults(run=_run_check)


def _run_check(args: argparse.Namespace) -> int:
    from .spellformat.validate import load_dir

    spells, problems = load_dir(args.dir)
    if problems:
        for problem in problems:
            print(problem)
        print(_plural(len(problems), "problème trouvé", "problèmes trouvés"), file=sys.stderr)
        return EXIT_PROBLEMS
    print(f"{_plural(len(spells), 'sort valide', 'sorts valides')} dans {args.dir}")
    return EXIT_OK


def _add_generate(commands: Any) -> None:
    parser = commands.add_parser(
        "generate",
        help="écrire les pages (Markdown et corps HTML) et le JSON (build/docs)",
        description="Valide les sorts puis écrit les pages (Markdown et corps HTML), le JSON et "
        "les fichiers du moteur de calcul dans build/docs, que MkDocs construit avec les crochets de "
        "generator/mkdocs_hooks.py (feuilles de style et scripts de chaque page, recherche).",
    )
    parser.add_argument(
        "--out",
        default="build/docs",
        metavar="DOSSIER",
        help="dossier de sortie (défaut : build/docs)",
    )
    parser.set_defaults(run=_run_generate)


def _run_generate(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .pages.pipeline import GenerationError, generate

    try:
        report = generate(Path.cwd(), Path(args.out))
    except GenerationError as error:
        print("\n".join(error.problems))
        return EXIT_PROBLEMS
    except OSError as error:
        from .build import write_error

        print(
            f"{Path(error.filename).parent if error.filename else args.out}: -: attendu un dossier où écrire "
            f"les pages, reçu une erreur ({write_error(error)})"
        )
        return EXIT_PROBLEMS
    print(
        f"{_plural(report.spells, 'sort')} : {_plural(len(report.written), 'fichier écrit', 'fichiers écrits')} "
        f"dans {args.out}"
    )
    return EXIT_OK


def _add_build(commands: Any) -> None:
    parser = commands.add_parser(
        "build",
        help="construire le site complet dans site/",
        description="Valide les sorts, génère les pages, puis construit le site avec MkDocs en mode "
        "strict. Le site précédent n'est remplacé que si tout a réussi.",
    )
    parser.add_argument(
        "--site-dir",
        default="site",
        metavar="DOSSIER",
        help="dossier du site construit (défaut : site)",
    )
    parser.set_defaults(run=_run_build)


def _run_build(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .build import BuildError, build_site

    try:
        site = build_site(Path.cwd(), Path(args.site_dir))
    except BuildError as error:
        print(f"Site non construit :\n{error}")
        return EXIT_PROBLEMS
    shown = (
        site.relative_to(Path.cwd().resolve())
        if site.is_relative_to(Path.cwd().resolve())
        else site
    )
    print(
        f"Site construit dans {shown}/ : "
        "publiez ce dossier sur n'importe quel hébergement statique."
    )
    return EXIT_OK


def _add_serve(commands: Any) -> None:
    parser = commands.add_parser(
        "serve",
        help="servir le site en local, reconstruit à chaque modification",
        description="Génère le site et le sert sur HOST:PORT ; toute modification d'un sort, d'un "
        "gabarit ou d'une page le reconstruit et recharge le navigateur.",
    )
    # Both are read as text and checked by serve_site before anything is built (in French).
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="adresse d'écoute : une adresse IP ou localhost (défaut : 127.0.0.1)",
    )
    parser.add_argument("--port", default="8000", help="port, de 1 à 65535 (défaut : 8000)")
    parser.set_defaults(run=_run_serve)


def _run_serve(args: argparse.Namespace) -> int:
    from pathlib import Path

    from .build import BuildError, serve_site

    try:
        serve_site(Path.cwd(), args.host, args.port)
    except BuildError as error:
        print(f"Site non servi :\n{error}")
        return EXIT_PROBLEMS
    return EXIT_OK


#: Extension point: one registration function per subcommand, in help order.
COMMANDS: tuple[Callable[[Any], None], ...] = (_add_check, _add_generate, _add_build, _add_serve)


# --------------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line *argv* (default: ``sys.argv[1:]``); return the exit status.

    Returns instead of exiting, so that tests and other callers can check the status.
    """
    _tolerant_streams()
    try:
        args = build_parser().parse_args(argv)
        return args.run(args)
    except _Exit as stop:
        return stop.status
    except KeyboardInterrupt:
        print(f"{PROG} : interrompu", file=sys.stderr)
        return 130
    except Exception as exc:  # last line of defence: no traceback for the user
        if os.environ.get("GRIMOIRE_TRACEBACK"):
            raise
        print(
            f"{PROG} : erreur inattendue ({type(exc).__name__} : {exc}). "
            "Relancer avec GRIMOIRE_TRACEBACK=1 pour la trace complète.",
            file=sys.stderr,
        )
        return EXIT_ERROR


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Grimoire : outils du compendium de sorts.")
    commands = parser.add_subparsers(
        title="commandes", dest="command", metavar="COMMANDE", required=True
    )
    for register in COMMANDS:
        register(commands)
    return parser


def _plural(n: int, singular: str, plural: str | None = None) -> str:
    return f"{n} {singular if n == 1 else plural or singular + 's'}"


def _tolerant_streams() -> None:
    # « » and accents must never turn into an exception on a non-UTF-8 terminal.
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]


# --------------------------------------------------------------------------- argparse in French


class _Exit(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class _Formatter(argparse.HelpFormatter):
    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, "utilisation : " if prefix is None else prefix)


_ARGPARSE_MESSAGES: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (
        re.compile(r"the following arguments are required: (.*)"),
        r"argument obligatoire absent : \1",
    ),
    (re.compile(r"unrecognized arguments: (.*)"), r"arguments non reconnus : \1"),
    (
        re.compile(r"argument (.*?): invalid choice: (.*) \(choose from (.*)\)"),
        lambda m: (
            f"argument {m[1]} : attendu l'une des valeurs {m[3].replace(chr(39), '')}, reçu « {m[2].strip(chr(39))} »"
        ),
    ),
    (re.compile(r"argument (.*?): expected one argument"), r"argument \1 : une valeur attendue"),
    (
        re.compile(r"ambiguous option: (.*?) could match (.*)"),
        r"option ambiguë : \1 (possibles : \2)",
    ),
]


class _Parser(argparse.ArgumentParser):
    """ArgumentParser with French help and errors, returning instead of exiting."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("add_help", False)
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)
        self._positionals.title = "arguments"
        self._optionals.title = "options"
        self.add_argument(
            "-h",
            "--help",
            action="help",
            default=argparse.SUPPRESS,
            help="afficher cette aide et quitter",
        )

    def error(self, message: str) -> NoReturn:
        for pattern, french in _ARGPARSE_MESSAGES:
            if pattern.fullmatch(message):
                message = pattern.sub(french, message)
                break
        self.print_usage(sys.stderr)
        self.exit(EXIT_ERROR, f"{self.prog} : erreur : {message}\n")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            sys.stderr.write(message)
        raise _Exit(status)
