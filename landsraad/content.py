"""Loading content files: YAML or JSON into frozen pydantic models, with every problem located.

:func:`load_model` reads a file, validates it into a model and, when anything is wrong,
raises one :class:`~landsraad.errors.DataError` listing *every* problem with its key path
and line (``models[3].weapons[0] (line 12, column 7)``). :func:`data_dir` finds the bundled
``factions/``, ``missions/``, ``scenes/`` and ``examples/`` folders both in a source
checkout and in an installed wheel (where they live in ``landsraad/_data``).

Examples
--------
>>> doc = parse_document("a: 1\\nb:\\n  - x: 2\\n", "example.yaml")
>>> doc.data
{'a': 1, 'b': [{'x': 2}]}
>>> doc.locate(("b", 0, "x"))
'b[0].x (line 3, column 5)'
>>> format_path(("models", 3, "weapons", 0))
'models[3].weapons[0]'
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from .errors import DataError, Problem, UnknownNameError

__all__ = [
    "Document",
    "YamlSyntaxError",
    "parse_document",
    "read_document",
    "format_path",
    "validation_problems",
    "load_model",
    "validate_data",
    "data_dir",
    "content_hash",
    "faction_ids",
    "load_faction",
    "load_factions",
]

M = TypeVar("M", bound=BaseModel)

DATA_KINDS = ("factions", "missions", "scenes", "examples", "drills")


def format_path(loc: Iterable[Any]) -> str:
    """Format a pydantic ``loc`` tuple as a key path such as ``models[3].weapons[0]``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


@dataclass(frozen=True)
class Document:
    """A parsed YAML/JSON document and where each key path stands in the text."""

    source: str
    data: Any
    positions: dict[tuple[Any, ...], tuple[int, int]] = field(default_factory=dict)

    def locate(self, loc: Iterable[Any]) -> str:
        """The key path of ``loc`` with the line and column of the nearest located ancestor."""
        loc = tuple(loc)
        path = format_path(loc)
        for cut in range(len(loc), -1, -1):
            pos = self.positions.get(loc[:cut])
            if pos is not None:
                where = f"line {pos[0]}, column {pos[1]}"
                return f"{path} ({where})" if path else where
        return path


_BaseLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _UniqueKeyLoader(_BaseLoader):  # type: ignore[misc, valid-type]
    """Safe loader (libyaml's when installed) that rejects duplicate keys instead of silently
    keeping the last one."""


def _construct_mapping(loader: Any, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    seen: dict[Any, int] = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if isinstance(key, (list, dict)):
            raise yaml.constructor.ConstructorError(None, None, "a mapping key must be a plain value", key_node.start_mark)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r} (first at line {seen[key]})", key_node.start_mark
            )
        seen[key] = key_node.start_mark.line + 1
    return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def _positions(node: yaml.Node) -> dict[tuple[Any, ...], tuple[int, int]]:
    """Key path -> (line, column) of every key and item, 1-based (keys point at the key)."""
    out: dict[tuple[Any, ...], tuple[int, int]] = {}
    stack: list[tuple[yaml.Node, tuple[Any, ...]]] = [(node, ())]
    while stack:
        current, path = stack.pop()
        out.setdefault(path, (current.start_mark.line + 1, current.start_mark.column + 1))
        if isinstance(current, yaml.MappingNode):
            for key_node, value_node in current.value:
                sub = path + (key_node.value,)
                out[sub] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
                stack.append((value_node, sub))
        elif isinstance(current, yaml.SequenceNode):
            for i, item in enumerate(current.value):
                stack.append((item, path + (i,)))
    return out


class YamlSyntaxError(DataError):
    """A file that is not valid YAML or JSON; ``line`` and ``column`` (1-based) say where, when known."""

    def __init__(self, source: str, message: str, line: int | None, column: int | None):
        self.line, self.column = line, column
        where = f"line {line}, column {column}" if line is not None else ""
        super().__init__([Problem(source, where, message)])


def parse_document(text: str, source: str = "<text>") -> Document:
    """Parse YAML (JSON is YAML) text once, keeping where each key stands.

    A syntax error is a :class:`YamlSyntaxError` with line and column. libyaml is used when
    installed: parsing dominates the validation of a thousand list files otherwise.

    Examples
    --------
    >>> parse_document("faction: [corrino\\n", "bad.yaml")
    Traceback (most recent call last):
    ...
    landsraad.content.YamlSyntaxError: bad.yaml: line 2, column 1: This is not valid YAML: ...
    >>> parse_document("a: 1\\na: 2\\n", "dupe.yaml")
    Traceback (most recent call last):
    ...
    landsraad.content.YamlSyntaxError: dupe.yaml: line 2, column 1: This is not valid YAML: duplicate key 'a' (first at line 1).
    """
    loader = _UniqueKeyLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        what = exc.problem or str(exc)
        line, column = (mark.line + 1, mark.column + 1) if mark else (None, None)
        raise YamlSyntaxError(source, f"This is not valid YAML: {what}.", line, column) from None
    except yaml.YAMLError as exc:
        raise YamlSyntaxError(source, f"This is not valid YAML: {exc}.", None, None) from None
    finally:
        loader.dispose()
    return Document(source, data, _positions(node) if node is not None else {})


def read_document(path: str | Path) -> Document:
    """Read and parse a YAML or JSON file; unreadable files are a :class:`DataError`."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError([Problem(str(path), "", "No such file.")]) from None
    except IsADirectoryError:
        raise DataError([Problem(str(path), "", "This is a folder, not a file.")]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError([Problem(str(path), "", f"The file cannot be read: {exc}.")]) from None
    return parse_document(text, str(path))


def _message(error: dict[str, Any]) -> str:
    kind = error.get("type", "")
    msg = str(error.get("msg", ""))
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    value = error.get("input")
    if kind == "extra_forbidden":
        return "This key is not allowed here (check its spelling)."
    if kind == "missing":
        return "This key is required but missing."
    if kind in ("unknown_name",):
        return msg
    shown = repr(value) if not isinstance(value, (dict, list)) else type(value).__name__
    text = msg[0].upper() + msg[1:] if msg else "Invalid value."
    if not text.endswith("."):
        text += "."
    if "got " in text or kind.startswith("value_error") or kind == "assertion_error":
        return text
    return f"{text} Got {shown}."


def validation_problems(exc: ValidationError, doc: Document) -> list[Problem]:
    """Turn a pydantic error into located :class:`Problem` records, one per distinct error."""
    problems: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    for error in exc.errors():
        where = doc.locate(error["loc"])
        message = _message(error)
        if (where, message) not in seen:
            seen.add((where, message))
            problems.append(Problem(doc.source, where, message))
    return problems


def validate_data(model: type[M], doc: Document) -> M:
    """Validate a parsed document into ``model``, raising one located :class:`DataError`."""
    try:
        return model.model_validate(doc.data)
    except ValidationError as exc:
        raise DataError(validation_problems(exc, doc)) from None
    except UnknownNameError as exc:
        raise DataError([Problem(doc.source, p.where, p.message) for p in exc.problems]) from None


def load_model(model: type[M], path: str | Path) -> M:
    """Read ``path`` (YAML or JSON) and validate it into ``model``."""
    return validate_data(model, read_document(path))


def data_dir(kind: str) -> Path:
    """The bundled folder of ``kind`` (``factions``, ``missions``, ``scenes``, ``examples``).

    Looks in the installed package (``landsraad/_data/KIND``) and then in the source checkout
    (``KIND/`` beside the package), so both ``pip install .`` and a clone work.
    """
    if kind not in DATA_KINDS:
        raise UnknownNameError("data folder", kind, DATA_KINDS)
    package = Path(__file__).resolve().parent
    for candidate in (package / "_data" / kind, package.parent / kind):
        if candidate.is_dir():
            return candidate
    raise DataError([Problem(str(package), "", f"The bundled {kind!r} folder is missing from this installation.")])


def content_hash(data: Any) -> str:
    """A short, stable SHA-256 of JSON-able content (used to stamp reports with the data version).

    Examples
    --------
    >>> content_hash({"b": 1, "a": [1, 2]}) == content_hash({"a": [1, 2], "b": 1})
    True
    >>> len(content_hash({}))
    16
    """
    blob = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str).encode()
    return hashlib.sha256(blob).hexdigest()[:16]


def faction_ids() -> list[str]:
    """The ids of the bundled factions (file stems of ``factions/*.yaml``)."""
    return sorted(p.stem for p in data_dir("factions").glob("*.yaml"))


@lru_cache(maxsize=None)
def load_faction(faction_id: str) -> "Faction":
    """Load the bundled faction ``faction_id``; unknown ids list the valid ones."""
    from .model import Faction

    ids = faction_ids()
    if faction_id not in ids:
        raise UnknownNameError("faction", faction_id, ids)
    return load_model(Faction, data_dir("factions") / f"{faction_id}.yaml")


def load_factions() -> dict[str, "Faction"]:
    """Every bundled faction by id."""
    return {fid: load_faction(fid) for fid in faction_ids()}


if False:  # pragma: no cover - typing only
    from .model import Faction  # noqa: F401
