"""Loading content files: YAML or JSON into frozen pydantic models, with every problem located.

:func:`load_model` reads a file, validates it into a model and, when anything is wrong,
raises one :class:`~landsraad.errors.DataError` listing *every* problem with its key path
and line (``models[3].weapons[0] (line 12, column 7)``). :func:`data_dir` finds the bundled
``factions/``, ``missions/``, ``scenes/`` and ``examples/`` folders both in a source
checkout and in an installed wheel (where they live in ``landsraad/_data``). The parser and
its examples are in :mod:`landsraad.documents`.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from .documents import (  # the parser, without pydantic (:mod:`landsraad.documents`); its names are this module's too
    MAX_CHARS,
    MAX_DEPTH,
    MAX_INT,
    MAX_VALUES,
    Document,
    YamlSyntaxError,
    format_path,
    parse_document,
    read_document,
    read_text,
)
from .errors import DataError, Problem, UnknownNameError, quoted
from .i18n import N_, Message, in_languages, message, worded
from .model import Faction

__all__ = [
    "Document",
    "YamlSyntaxError",
    "parse_document",
    "read_document",
    "read_text",
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

__all__ += ["MAX_CHARS", "MAX_DEPTH", "MAX_INT", "MAX_VALUES"]


_PYDANTIC: dict[str, str] = {
    "int_parsing": N_("A whole number is expected; got {value}."),
    "int_type": N_("A whole number is expected; got {value}."),
    "int_from_float": N_("A whole number is expected, without decimals; got {value}."),
    "float_parsing": N_("A number is expected; got {value}."),
    "float_type": N_("A number is expected; got {value}."),
    "finite_number": N_("A finite number is expected; got {value}."),
    "string_type": N_("A text is expected; got {value}."),
    "bool_parsing": N_("true or false is expected; got {value}."),
    "bool_type": N_("true or false is expected; got {value}."),
    "literal_error": N_("The value must be {expected}; got {value}."),
    "enum": N_("The value must be {expected}; got {value}."),
    "greater_than_equal": N_("The value must be {ge} or more; got {value}."),
    "greater_than": N_("The value must be more than {gt}; got {value}."),
    "less_than_equal": N_("The value must be {le} or less; got {value}."),
    "less_than": N_("The value must be less than {lt}; got {value}."),
    "string_too_short": N_("The text must have at least {min_length} character(s); got {value}."),
    "string_too_long": N_("The text must have at most {max_length} characters; got {value}."),
    "too_short": N_("This must have at least {min_length} item(s); it has {actual_length}."),
    "too_long": N_("This must have at most {max_length} item(s); it has {actual_length}."),
    "list_type": N_("A list is expected (write [a, b]); got {value}."),
    "tuple_type": N_("A list is expected (write [a, b]); got {value}."),
    "set_type": N_("A list is expected (write [a, b]); got {value}."),
    "dict_type": N_("A mapping of keys and values is expected (key: value); got {value}."),
    "model_type": N_("A mapping of keys and values is expected (key: value); got {value}."),
    "model_attributes_type": N_("A mapping of keys and values is expected (key: value); got {value}."),
}
"""pydantic's error types that the content models can raise, by their ``type`` code, as catalog ids: the French
of pydantic's English sentence (the English stays pydantic's, as it always read)."""


def _expected(text: str) -> Message:
    """pydantic's list of allowed values (``'a', 'b' or 'c'``), with its last word in the reader's language."""
    head, sep, last = text.rpartition(" or ")
    return message("{items} or {last}", items=head, last=last) if sep else in_languages(text)


def _message(error: ErrorDetails) -> str:
    """One pydantic error as a sentence in the reader's language: pydantic's English, the catalog's French by its
    ``type`` code (:data:`_PYDANTIC`); a validator's own sentence as it wrote it (a :class:`~landsraad.i18n.Message`
    when it raised one)."""
    kind = error.get("type", "")
    msg = str(error.get("msg", ""))
    if msg.startswith("Value error, "):
        msg = msg[len("Value error, "):]
    value = error.get("input")
    if kind == "extra_forbidden":
        return message("This key is not allowed here (check its spelling).")
    if kind == "missing":
        return message("This key is required but missing.")
    if kind in ("unknown_name",):
        return msg
    cause = (error.get("ctx") or {}).get("error")
    if kind == "value_error" and isinstance(cause, ValueError) and len(cause.args) == 1 and isinstance(cause.args[0], Message):
        return cause.args[0]
    # cut to 80 characters and escaped as every echo is (a 500-character 'rounds' of an
    # event.json used to come back whole, up to the 1,000 characters of a message line)
    shown = quoted(value) if not isinstance(value, (dict, list)) else type(value).__name__
    text = msg[0].upper() + msg[1:] if msg else "Invalid value."
    if not text.endswith("."):
        text += "."
    if not ("got " in text or kind.startswith("value_error") or kind == "assertion_error"):
        text = f"{text} Got {shown}."
    if kind not in _PYDANTIC:
        return text
    ctx = {k: v for k, v in (error.get("ctx") or {}).items() if isinstance(v, (str, int, float))}
    if "expected" in ctx:
        ctx["expected"] = _expected(str(ctx["expected"]))
    if kind in ("too_short", "too_long"):
        ctx.setdefault("actual_length", len(value) if isinstance(value, (list, tuple, dict, str)) else "?")
    return worded(text, _PYDANTIC[kind], **{"value": shown, **ctx})


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
    raise DataError([Problem(str(package), "", message("The bundled {kind} folder is missing from this installation.", kind=repr(kind)))])


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
    return list(_faction_ids())


@lru_cache(maxsize=None)
def _faction_ids() -> tuple[str, ...]:
    """:func:`faction_ids`, listed once per process: the bundled folder does not change while it
    runs (the sheets themselves are read once, :func:`load_faction`), and every new game of a
    bundled faction asked for the list (a directory walk and a path resolution each time)."""
    return tuple(sorted(p.stem for p in data_dir("factions").glob("*.yaml")))


@lru_cache(maxsize=None)
def load_faction(faction_id: str) -> "Faction":
    """Load the bundled faction ``faction_id``; unknown ids list the valid ones."""
    ids = faction_ids()
    if faction_id not in ids:
        raise UnknownNameError("faction", faction_id, ids)
    return load_model(Faction, data_dir("factions") / f"{faction_id}.yaml")


def load_factions() -> dict[str, "Faction"]:
    """Every bundled faction by id."""
    return {fid: load_faction(fid) for fid in faction_ids()}

