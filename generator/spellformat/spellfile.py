"""Safe loading of a YAML spell file, with the line number of every value.

The file is read as bytes (bounded size), decoded as UTF-8, then composed into PyYAML's
node graph with the limits below. When PyYAML has libyaml (``yaml.__with_libyaml__``), its C
parser produces the events and only the composition runs in Python; any error (syntax,
limit, tag, duplicate key…) makes the file be read again by the pure-Python ``SafeLoader``,
so that messages and line numbers are the same everywhere. PyYAML constructs no Python
object: the node tree is converted here into ``dict`` / ``list`` / scalars, recording the
line of every key and every list item.

Scalar types: only YAML 1.1's implicit resolution to an integer, a float, a boolean or
null is applied; everything else (dates included) stays text as written, so that the
schema can say « attendu un texte, reçu le nombre 9 » when someone writes ``raw: 9``.

Protections: a maximum size, a maximum nesting depth and a maximum number of nodes
*after alias expansion* (alias bombs); duplicate keys and tags (``!!python/...``,
``!foo``) are refused. No exception escapes :func:`load_bytes` or :func:`load_path`:
errors are returned, with their line.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import Resolver

from .yaml_messages import yaml_error

try:  # libyaml's parser, when PyYAML was built with it
    from yaml.cyaml import CParser as _CParser  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - depends on how PyYAML was installed
    _CParser = None  # type: ignore[assignment, misc]

__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_NODES",
    "DataPath",
    "LoadError",
    "Loaded",
    "load_bytes",
    "load_path",
]

#: Maximum size of a spell file. The whole source of the 110 spells is 178 KB and its
#: longest spell under 15 KB; the bound keeps (pure Python) parsing under 0.3 s even
#: for a file crafted to be slow.
MAX_BYTES = 128 * 1024
#: Maximum nesting depth (a valid spell uses 4).
MAX_DEPTH = 20
#: Maximum number of values once aliases are expanded (the largest real spell has about 200).
MAX_NODES = 2000

#: Path of a value in the document: keys (str) and list indices (int).
DataPath = tuple[str | int, ...]


@dataclass(frozen=True)
class LoadError:
    """A located loading error: ``line`` counts from 1 (None: no line), ``path`` is the
    path of the value concerned (None: the whole file)."""

    line: int | None
    path: DataPath | None
    message: str


@dataclass
class Loaded:
    """Result of a load: data and lines, or errors (never both)."""

    data: Any = None
    lines: dict[DataPath, int] = field(default_factory=dict)
    errors: list[LoadError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors


def load_path(path: str | os.PathLike[str]) -> Loaded:
    """Read and load the file at *path* (at most :data:`MAX_BYTES` bytes)."""
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
            size = os.fstat(stream.fileno()).st_size
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        return Loaded(
            errors=[
                LoadError(
                    None, None, f"attendu un fichier lisible, reçu une erreur de lecture ({reason})"
                )
            ]
        )
    if len(raw) > MAX_BYTES:
        return Loaded(errors=[LoadError(1, None, _too_big(max(size, len(raw))))])
    return load_bytes(raw)


def load_bytes(raw: bytes) -> Loaded:
    """Load a YAML document given as bytes."""
    if len(raw) > MAX_BYTES:
        return Loaded(errors=[LoadError(1, None, _too_big(len(raw)))])
    if not raw:
        return Loaded(
            errors=[
                LoadError(1, None, "attendu un objet YAML décrivant un sort, reçu un fichier vide")
            ]
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        return Loaded(
            errors=[
                LoadError(
                    line,
                    None,
                    f"attendu un fichier encodé en UTF-8, reçu l'octet 0x{raw[exc.start]:02X} "
                    "invalide en UTF-8 (fichier enregistré en Latin-1 ou Windows-1252 ?)",
                )
            ]
        )
    # libyaml accepts tabs in places where PyYAML refuses them: such files take the pure path.
    if _CParser is not None and "\t" not in text:
        loaded = _Builder(text, _FastComposer).run()
        if loaded.ok:
            return loaded
    return _Builder(text, _Composer).run()


def _too_big(size: int) -> str:
    return f"attendu un fichier d'au plus {MAX_BYTES // 1024} Kio, reçu {_thousands(size)} octets"


def _thousands(n: int) -> str:
    return f"{n:,}".replace(",", "\u202f")


# --------------------------------------------------------------------------- parsing


class _Limit(Exception):
    """A protection limit was exceeded (depth, node count)."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def _line(node_or_event: Any) -> int:
    return node_or_event.start_mark.line + 1


def _depth_error(line: int) -> _Limit:
    return _Limit(line, f"attendu au plus {MAX_DEPTH} niveaux d'imbrication, reçu davantage")


def _nodes_error(line: int, expanded: bool) -> _Limit:
    if expanded:
        return _Limit(
            line,
            f"attendu au plus {MAX_NODES} valeurs une fois les alias développés, reçu davantage "
            "(alias imbriqués en cascade)",
        )
    return _Limit(line, f"attendu au plus {MAX_NODES} valeurs, reçu davantage")


class _Limited:
    """Depth and node-count limits, checked as each node is composed (before any alias is expanded)."""

    _depth = 0
    _count = 0

    def compose_node(self, parent: Node | None, index: Any) -> Node:
        self._count += 1
        self._depth += 1
        try:
            if self._count > MAX_NODES:
                raise _nodes_error(_line(self.peek_event()), expanded=False)  # type: ignore[attr-defined]
            if self._depth > MAX_DEPTH:
                raise _depth_error(_line(self.peek_event()))  # type: ignore[attr-defined]
            return super().compose_node(parent, index)  # type: ignore[misc]
        finally:
            self._depth -= 1


class _Composer(_Limited, yaml.SafeLoader):
    """SafeLoader used only up to the node graph (pure Python: the reference for every message)."""


if _CParser is not None:

    class _FastComposer(_Limited, _CParser, Composer, Resolver):
        """libyaml's events, composed by PyYAML's Python composer (so that the limits apply)."""

        # CParser composes in C, without the limits: use the Python composer instead.
        get_single_node = Composer.get_single_node
        compose_document = Composer.compose_document
        check_node = Composer.check_node
        get_node = Composer.get_node

        def __init__(self, text: str) -> None:
            _CParser.__init__(self, text)
            Composer.__init__(self)
            Resolver.__init__(self)
else:  # pragma: no cover
    _FastComposer = None  # type: ignore[assignment, misc]


_TAG = "tag:yaml.org,2002:"
_STR, _INT, _FLOAT, _BOOL, _NULL = (_TAG + t for t in ("str", "int", "float", "bool", "null"))
_SEQ, _MAP = _TAG + "seq", _TAG + "map"
# Plain scalars that YAML 1.1 resolves to something we do not construct stay text:
# dates (``2001-01-01``), the merge key ``<<`` and the value key ``=``.
_AS_TEXT = {_STR, _TAG + "timestamp", _TAG + "merge", _TAG + "value"}
_ALLOWED_TAGS = "!!str, !!int, !!float, !!bool, !!null, !!seq, !!map"


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else tag


class _Builder:
    def __init__(self, text: str, composer: type) -> None:
        self.text = text
        self.composer = composer
        self.lines: dict[DataPath, int] = {}
        self.errors: list[LoadError] = []
        self.count = 0
        self._scalars = SafeConstructor()

    def run(self) -> Loaded:
        try:
            composer = self.composer(self.text)
            try:
                root = composer.get_single_node()
            finally:
                composer.dispose()
            if root is None:
                return Loaded(
                    errors=[
                        LoadError(
                            1,
                            None,
                            "attendu un objet YAML décrivant un sort, "
                            "reçu un document sans contenu (seulement des commentaires ou des espaces)",
                        )
                    ]
                )
            self.lines[()] = _line(root)
            data = self.build(root, (), 1)
        except _Limit as exc:
            return Loaded(errors=[LoadError(exc.line, None, exc.message)])
        except yaml.MarkedYAMLError as exc:
            line, message = yaml_error(exc)
            return Loaded(errors=[LoadError(line, None, message)])
        except yaml.reader.ReaderError as exc:
            line = self.text.count("\n", 0, exc.position) + 1
            return Loaded(
                errors=[
                    LoadError(
                        line,
                        None,
                        f"attendu des caractères imprimables, reçu le caractère de contrôle U+{exc.character:04X}",
                    )
                ]
            )
        except yaml.YAMLError as exc:  # pragma: no cover - every PyYAML error is one of the above
            return Loaded(errors=[LoadError(1, None, f"YAML invalide ({type(exc).__name__})")])
        if self.errors:
            return Loaded(errors=self.errors)
        return Loaded(data=data, lines=self.lines)

    def build(self, node: Node, path: DataPath, depth: int) -> Any:
        self.count += 1
        if self.count > MAX_NODES:
            raise _nodes_error(_line(node), expanded=True)
        if depth > MAX_DEPTH:  # only reachable through aliases (recursive ones included)
            raise _depth_error(_line(node))
        if isinstance(node, ScalarNode):
            return self.scalar(node, path)
        if isinstance(node, SequenceNode):
            return self.sequence(node, path, depth)
        assert isinstance(node, MappingNode)
        return self.mapping(node, path, depth)

    def sequence(self, node: SequenceNode, path: DataPath, depth: int) -> list[Any] | None:
        if node.tag != _SEQ:
            self.bad_tag(node, path)
            return None
        items = []
        for index, item in enumerate(node.value):
            item_path = path + (index,)
            self.lines[item_path] = _line(item)
            items.append(self.build(item, item_path, depth + 1))
        return items

    def mapping(self, node: MappingNode, path: DataPath, depth: int) -> dict[str, Any] | None:
        if node.tag != _MAP:
            self.bad_tag(node, path)
            return None
        mapping: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode):
                kind = "une liste" if isinstance(key_node, SequenceNode) else "un objet"
                self.errors.append(
                    LoadError(
                        _line(key_node),
                        path or None,
                        f"attendu une clé simple (un mot), reçu {kind} en position de clé",
                    )
                )
                continue
            key = key_node.value
            key_path = path + (key,)
            if key in mapping:
                self.errors.append(
                    LoadError(
                        _line(key_node),
                        key_path,
                        f"attendu des clés toutes différentes, reçu la clé « {key} » une deuxième fois "
                        f"(première à la ligne {self.lines[key_path]})",
                    )
                )
                continue
            self.lines[key_path] = _line(key_node)
            mapping[key] = self.build(value_node, key_path, depth + 1)
        return mapping

    def bad_tag(self, node: Node, path: DataPath) -> None:
        self.errors.append(
            LoadError(
                _line(node),
                path or None,
                f"attendu une valeur YAML ordinaire (étiquettes permises : {_ALLOWED_TAGS}), "
                f"reçu l'étiquette « {_short_tag(node.tag)} »",
            )
        )
        return None

    def scalar(self, node: ScalarNode, path: DataPath) -> Any:
        tag = node.tag
        if tag in _AS_TEXT:
            return node.value
        if tag == _NULL:
            return None
        try:
            if tag == _BOOL:
                return self._scalars.construct_yaml_bool(node)
            if tag == _INT:
                return self._scalars.construct_yaml_int(node)
            if tag == _FLOAT:
                number = self._scalars.construct_yaml_float(node)
                if math.isfinite(number):
                    return number
                self.errors.append(
                    LoadError(
                        _line(node), path or None, f"attendu un nombre fini, reçu « {node.value} »"
                    )
                )
                return None
        except (ValueError, KeyError):
            # An explicit tag on a value that does not fit it (``!!int abc``), or an
            # integer too long for Python (more than 4300 digits).
            what = {
                _BOOL: "un booléen (true ou false)",
                _INT: "un entier d'au plus 4300 chiffres",
                _FLOAT: "un nombre",
            }[tag]
            shown = node.value if len(node.value) <= 40 else f"{len(node.value)} caractères"
            self.errors.append(
                LoadError(_line(node), path or None, f"attendu {what}, reçu « {shown} »")
            )
            return None
        return self.bad_tag(node, path)
