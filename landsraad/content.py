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

DATA_KINDS = ("factions", "missions", "scenes", "examples")


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


def _walk(node: yaml.Node, path: tuple[Any, ...], out: dict[tuple[Any, ...], tuple[int, int]]) -> None:
    out.setdefault(path, (node.start_mark.line + 1, node.start_mark.column + 1))
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = key_node.value
            out[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            _walk(value_node, path + (key,), out)
            # Values get their own position under the key's path too; keep the key's, it reads better.
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _walk(item, path + (i,), out)


class _UniqueKeyLoader(yaml.SafeLoader):
    """SafeLoader that rejects duplicate keys instead of silently keeping the last one."""


def _construct_mapping(loader: _UniqueKeyLoader, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    seen: dict[Any, int] = {}
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r} (first at line {seen[key]})", key_node.start_mark
            )
        seen[key] = key_node.start_mark.line + 1
    return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def parse_document(text: str, source: str) -> Document:
    """Parse YAML (JSON is YAML) text; a syntax error is a :class:`DataError` with line and column."""
    try:
        node = yaml.compose(text, Loader=_UniqueKeyLoader)
        data = yaml.load(text, Loader=_UniqueKeyLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        what = exc.problem or str(exc)
        raise DataError([Problem(source, where, f"This is not valid YAML: {what}.")]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(source, "", f"This is not valid YAML: {exc}.")]) from None
    positions: dict[tuple[Any, ...], tuple[int, int]] = {}
    if node is not None:
        _walk(node, (), positions)
    return Document(source, data, positions)


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
