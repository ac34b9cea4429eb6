"""Build time: the standard library the calculators' worker gives Pyodide (``stdLibURL``).

Pyodide's ``python_stdlib.zip`` holds the whole standard library: 2.5 MB, already compressed.
The worker imports about 130 of its modules: those Pyodide's own boot imports, those the engine
(``rules/``) and the bridge import, and the few that unpacking the engine archive needs.
:data:`MODULES_FILE` (``stdlib-modules.json``, beside this module) names their files, as recorded
by booting the pinned Pyodide in Node with its whole standard library and running the bridge on
its request corpus (``python tests/widgets/stdlib_record.py`` writes it;
``tests/widgets/test_widgets_stdlib.py`` boots the archive built here and checks that the same
corpus gives the same answers and imports exactly those files).

:func:`build_stdlib_archive` keeps only those files, each without its comments and docstrings
(what ``python -OO`` drops, and comments; every line keeps its number, so a traceback still
points at the right line of the original), in a deterministic zip archive. The stripping reads
the text with its own small lexer, not with the building Python's ``tokenize``: the sources are
those of Pyodide's Python, which may be newer than the one that builds the site, and the same
sources must always give the same bytes.

Standard library only.
"""

from __future__ import annotations

import io
import json
import pathlib
import re
import zipfile

__all__ = ["MODULES_FILE", "StdlibError", "build_stdlib_archive", "listed_files", "strip_source"]

MODULES_FILE = pathlib.Path(__file__).with_name("stdlib-modules.json")

# Fixed metadata makes the archive byte-for-byte reproducible.
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)
_ZIP_MODE = 0o100644 << 16


class StdlibError(RuntimeError):
    """A French message for whoever builds the site (list out of date, file missing...)."""


def listed_files(modules_file: pathlib.Path = MODULES_FILE) -> dict:
    """The recorded list: ``{"pyodide": version, "files": [names in the archive]}``."""
    try:
        data = json.loads(pathlib.Path(modules_file).read_text(encoding="utf-8"))
        files = data["files"]
        version = data["pyodide"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise StdlibError(f"{modules_file} : liste des modules illisible ({error})") from None
    if (
        not isinstance(version, str)
        or not isinstance(files, list)
        or not all(isinstance(name, str) and name for name in files)
    ):
        raise StdlibError(f"{modules_file} : liste des modules invalide")
    return data


def build_stdlib_archive(
    stdlib_zip: pathlib.Path, pyodide_version: str, modules_file: pathlib.Path = MODULES_FILE
) -> bytes:
    """The bytes of the worker's standard library, made from Pyodide's ``python_stdlib.zip``.

    Raises :class:`StdlibError` when the list was recorded for another Pyodide or names a file
    the archive lacks.
    """
    listed = listed_files(modules_file)
    if listed["pyodide"] != pyodide_version:
        raise StdlibError(
            f"{modules_file} : modules relevés pour Pyodide {listed['pyodide']}, installé "
            f"{pyodide_version} ; relevez-les à nouveau avec `python tests/widgets/stdlib_record.py`"
        )
    buffer = io.BytesIO()
    with zipfile.ZipFile(stdlib_zip) as source, zipfile.ZipFile(buffer, "w") as archive:
        present = set(source.namelist())
        missing = [name for name in listed["files"] if name not in present]
        if missing:
            raise StdlibError(
                f"{stdlib_zip} : fichiers absents de la bibliothèque standard de Pyodide : "
                f"{', '.join(missing[:5])} ; relevez les modules avec "
                "`python tests/widgets/stdlib_record.py`"
            )
        for name in sorted(set(listed["files"])):
            data = source.read(name)
            if name.endswith(".py"):
                data = strip_source(data.decode("utf-8")).encode("utf-8")
            info = zipfile.ZipInfo(name, date_time=_ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3
            info.external_attr = _ZIP_MODE
            archive.writestr(info, data, compresslevel=9)
    return buffer.getvalue()


# ------------------------------------------------------------------ stripping

_PREFIXES = {"", "r", "u", "b", "br", "rb", "f", "fr", "rf", "t", "tr", "rt"}
_CODING = re.compile(r"coding[:=]")


_TOKEN = re.compile(
    r"(?P<plain>[^\n#'\"()\[\]{}\\]+)|(?P<comment>#[^\n]*)|(?P<newline>\n)"
    r"|(?P<continuation>\\\n)|(?P<quote>['\"])|(?P<open>[(\[{])|(?P<close>[)\]}])|(?P<other>.)",
    re.S,
)
_TAIL = re.compile(r"\w+$")
_FIELD = re.compile(r"[^\w'\"#()\[\]{}:]+|\w+|.", re.S)


class _Lexer:
    """Finds the comments and the string statements of Python source text.

    It knows only what it needs: strings (every prefix, triple quotes, f- and t-strings with
    replacement fields holding strings of the same quote), comments, brackets, line
    continuations. Text it cannot read (an unterminated string) raises ``ValueError``.
    """

    def __init__(self, text: str):
        self.text = text
        self.edits: list[tuple[int, int, str]] = []  # (start, end, replacement)
        self._stops: dict[tuple[str, bool], re.Pattern] = {}

    def run(self) -> None:
        """Find every comment and string statement of the text (into :attr:`edits`)."""
        text, n = self.text, len(self.text)
        self._i, self._depth, self._line = 0, 0, 1
        self._line_start = self._first = True
        self._prefix_start = 0
        handlers = {
            "plain": self._plain,
            "comment": self._comment,
            "newline": self._newline,
            "continuation": self._continuation,
            "quote": self._quote,
        }
        while self._i < n:
            token = _TOKEN.match(text, self._i)
            assert token is not None  # the last alternative matches any character
            kind = token.lastgroup or "other"
            end = handlers.get(kind, self._bracket)(kind, token.end())
            if kind != "plain":
                self._prefix_start = end
            self._i = end

    def _plain(self, _kind: str, end: int) -> int:
        """Names, numbers, operators, spaces: a string's prefix at its end."""
        text, i = self.text, self._i
        chunk = text[i:end]
        self._prefix_start = end
        if end < len(text) and text[end] in "'\"":
            word = _TAIL.search(chunk)
            if word and word.group().lower() in _PREFIXES:
                self._prefix_start = i + word.start()
                chunk = chunk[: word.start()]
        if chunk.strip(" \t\f\r"):
            self._line_start = self._first = False
        return end

    def _comment(self, _kind: str, end: int) -> int:
        text, i = self.text, self._i
        if not (self._line <= 2 and _CODING.search(text, i, end)):
            start = i
            while start > 0 and text[start - 1] in " \t":
                start -= 1
            self.edits.append((start, end, ""))
        return end

    def _newline(self, _kind: str, end: int) -> int:
        self._line += 1
        if self._depth == 0:
            self._line_start = True
        return end

    def _continuation(self, _kind: str, end: int) -> int:
        self._line += 1
        return end

    def _quote(self, _kind: str, _end: int) -> int:
        """A string: removed when it is a statement of its own (a docstring)."""
        text, i = self.text, self._i
        start = self._prefix_start if self._prefix_start < i else i
        prefix = text[start:i].lower()
        end = self._string(i, prefix)
        self._line += text.count("\n", i, end)
        if (
            self._line_start
            and self._depth == 0
            and "f" not in prefix
            and "t" not in prefix
            and self._alone(end)
        ):
            kept = "" if self._first else "0"
            self.edits.append((start, end, kept + "\n" * text.count("\n", i, end)))
        self._line_start = self._first = False
        return end

    def _bracket(self, kind: str, end: int) -> int:
        if kind == "open":
            self._depth += 1
        elif kind == "close":
            self._depth = max(self._depth - 1, 0)
        self._line_start = self._first = False
        return end

    def _alone(self, end: int) -> bool:
        """True when nothing but spaces or a comment follows on the string's last line."""
        text = self.text
        while end < len(text) and text[end] in " \t\f":
            end += 1
        return end >= len(text) or text[end] in "#\r\n"

    def _string(self, i: int, prefix: str) -> int:
        """The end of the string whose opening quote is at ``i``."""
        text = self.text
        quote = text[i] * 3 if text.startswith(text[i] * 3, i) else text[i]
        raw, formatted = "r" in prefix, "f" in prefix or "t" in prefix
        stops = self._stops_for(quote, formatted)
        j = i + len(quote)
        while True:
            found = stops.search(text, j)
            if found is None:
                break
            j = found.start()
            char = text[j]
            if char == "\\":
                if formatted and not raw and text.startswith("N{", j + 1):
                    j = text.index("}", j) + 1
                else:
                    j += 2
            elif text.startswith(quote, j):
                return j + len(quote)
            elif char == "\n":
                break
            elif char in "{}":
                if text.startswith(char * 2, j):
                    j += 2
                elif char == "{":
                    j = self._field(j + 1)
                else:
                    j += 1
            else:
                j += 1
        raise ValueError(f"chaîne non terminée à la position {i}")

    def _stops_for(self, quote: str, formatted: bool) -> re.Pattern:
        """The characters a string's scan stops at (kept by quote and kind)."""
        stops = self._stops.get((quote, formatted))
        if stops is None:
            stops = re.compile(
                "[\\\\"
                + quote[0]
                + ("\n" if len(quote) == 1 else "")
                + ("{}" if formatted else "")
                + "]"
            )
            self._stops[(quote, formatted)] = stops
        return stops

    def _field(self, j: int) -> int:
        """The end of the replacement field whose code starts at ``j`` (after its ``}``)."""
        text, depth = self.text, 0
        while j < len(text):
            char = text[j]
            if char in "'\"":
                j = self._string(j, "")
            elif char == "#":
                j = text.index("\n", j)
            elif char.isalnum() or char == "_":
                j = self._name(j)
            elif char in "([{":
                depth += 1
                j += 1
            elif char in ")]":
                depth -= 1
                j += 1
            elif char == "}":
                if depth == 0:
                    return j + 1
                depth -= 1
                j += 1
            elif char == ":" and depth == 0:
                return self._spec(j + 1)
            else:
                j += 1
        raise ValueError("champ de chaîne formatée non terminé")

    def _name(self, j: int) -> int:
        """The end of a name in a replacement field, or of the string it prefixes."""
        text = self.text
        field = _FIELD.match(text, j)
        assert field is not None  # its last alternative matches any character
        end = field.end()
        if end < len(text) and text[end] in "'\"" and text[j:end].lower() in _PREFIXES:
            return self._string(end, text[j:end].lower())
        return end

    def _spec(self, j: int) -> int:
        """The end of a format specification (after the field's ``}``)."""
        text = self.text
        while j < len(text):
            if text[j] == "{":
                j = self._field(j + 1)
            elif text[j] == "}":
                return j + 1
            else:
                j += 1
        raise ValueError("spécification de format non terminée")


def strip_source(text: str) -> str:
    """``text`` without its comments (but an encoding declaration) and docstrings.

    A string alone on its statement is a no-op but for the docstring it sets: it becomes
    ``0`` (still a statement, so no block is left empty), or nothing at the very start of a
    module (where only a docstring may precede ``from __future__`` imports). Every line keeps
    its number.
    """
    lexer = _Lexer(text)
    lexer.run()
    pieces, last = [], 0
    for start, end, replacement in sorted(lexer.edits):
        pieces.append(text[last:start])
        pieces.append(replacement)
        last = end
    pieces.append(text[last:])
    return "".join(pieces)
