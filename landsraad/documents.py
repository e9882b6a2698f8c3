"""YAML or JSON text into plain Python data, with where each key stands: no pydantic, no data model.

The parser the content loaders (:mod:`landsraad.content`) build their models from, and the one the
table commands read a scene file with before any model is needed (:mod:`landsraad.scene_lean`):
importing it costs PyYAML only. :func:`parse_document` reads text once, keeping the line and
column of every key path; hostile input is bounded and reported where it stands.

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

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import yaml

from .errors import DataError, Problem, truncate
from .fileio import read_bounded
from .i18n import Message, message, numeral

__all__ = ["Document", "YamlSyntaxError", "parse_document", "read_document", "read_text", "format_path",
           "MAX_CHARS", "MAX_DEPTH", "MAX_VALUES", "MAX_INT"]

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
                # a Message: the line and column read in the reader's language (its str, the English, is the key)
                if path:
                    return message("{path} (line {line}, column {column})", path=path, line=pos[0], column=pos[1])
                return message("line {line}, column {column}", line=pos[0], column=pos[1])
        return path


_BaseLoader: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_CHARS = 2_000_000
"""The largest text accepted (characters); every content file is far smaller."""

MAX_DEPTH = 100
"""The deepest nesting of lists and mappings accepted."""

MAX_VALUES = 250_000
"""The most values (scalars, lists, mappings) a document may hold, each alias counted as a full
copy of what it names: this is what bounds an alias bomb ("billion laughs")."""

MAX_INT = 2**63 - 1
"""The largest integer (in magnitude) accepted; anything larger is a typo or an attack."""

_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_TAG + kind for kind in ("null", "bool", "int", "float", "str", "timestamp")}


class _Invalid(Exception):
    """Internal: a located problem found while building a document (turned into YamlSyntaxError)."""

    def __init__(self, text: Message, mark: Any):
        super().__init__(text)
        self.message, self.mark = text, mark


@dataclass
class _Frame:
    """One open list or mapping while the events of a document are read."""

    value: Any
    path: tuple[Any, ...]
    anchor: str | None
    start: int  # index in the position log where this node's entries begin
    key: Any = None  # mappings: the key waiting for its value
    has_key: bool = False
    key_marks: dict[Any, int] = field(default_factory=dict)


def _scalar(loader: Any, event: Any) -> Any:
    """The Python value of a scalar event, resolved as PyYAML's safe loader does, bounded."""
    tag = event.tag
    if tag is None or tag == "!":
        tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
    if tag not in _SCALAR_TAGS:
        raise _Invalid(_tag_problem(tag), event.start_mark)
    value = event.value
    if tag == _TAG + "str":
        return value
    if tag == _TAG + "int" and len(value.replace("_", "").lstrip("+-")) > 40:
        raise _Invalid(message("The integer {value} is too large (at most {most} in magnitude).", value=_short(value), most=numeral(MAX_INT, ",")),
                       event.start_mark)
    node = yaml.ScalarNode(tag, value, event.start_mark, event.end_mark, event.style)
    try:
        result = loader.construct_object(node, deep=True)
    except (ValueError, KeyError, AttributeError, TypeError, OverflowError):
        kind = tag[len(_TAG):]
        raise _Invalid(message("The value {value} is not a valid {kind}.", value=_short(value), kind=kind), event.start_mark) from None
    if isinstance(result, int) and not isinstance(result, bool) and abs(result) > MAX_INT:
        raise _Invalid(message("The integer {value} is too large (at most {most} in magnitude).", value=_short(value), most=numeral(MAX_INT, ",")),
                       event.start_mark)
    return result


def _short(value: Any) -> str:
    return repr(truncate(str(value), 40))


def _tag_problem(tag: str) -> Message:
    if tag == _TAG + "merge":
        return message("Merge keys (<<) are not supported; write the keys out.")
    shown = "!!" + tag[len(_TAG):] if tag.startswith(_TAG) else tag
    return message("The tag {tag} is not supported; landsraad files hold mappings, lists, text, numbers, booleans and null.", tag=_short(shown))


def _describe(value: Any) -> Message:
    if value is None:
        return message("null")
    if isinstance(value, bool):
        return message("the boolean {value}", value=str(value).lower())
    if isinstance(value, (int, float)):
        return message("the number {value}", value=_short(value))
    if isinstance(value, (list, dict)):
        return message("a list or a mapping")
    return message("the {kind} {value}", kind=type(value).__name__, value=_short(value))


def _build(loader: Any) -> tuple[Any, dict[tuple[Any, ...], tuple[int, int]], bool]:
    """Read the events of one document into Python data and the position of every key path.

    Iterative (no recursion whatever the nesting), every alias counted as the copy it stands
    for, so that depth, alias bombs and recursive aliases are refused before any work grows
    with them. Returns ``(data, positions, found)``; ``found`` is False for an empty stream.
    """
    loader.get_event()  # stream start
    if loader.check_event(yaml.StreamEndEvent):
        return None, {}, False
    loader.get_event()  # document start
    log: list[tuple[tuple[Any, ...], tuple[int, int]]] = []
    anchors: dict[str, tuple[Any, tuple[Any, ...], int, int]] = {}  # value, path, log start, log end
    open_anchors: set[str] = set()
    stack: list[_Frame] = []
    root: Any = None
    count = 0

    def where(mark: Any) -> tuple[int, int]:
        return (mark.line + 1, mark.column + 1)

    def place(value: Any, mark: Any) -> tuple[Any, ...] | None:
        """Attach a finished value to its parent; return the path it took (None for a key)."""
        nonlocal root
        if not stack:
            root = value
            return ()
        top = stack[-1]
        if isinstance(top.value, list):
            top.value.append(value)
            return top.path + (len(top.value) - 1,)
        if not top.has_key:
            if not isinstance(value, str):
                raise _Invalid(message("A mapping key must be text; got {what} (quote it if you mean text).", what=_describe(value)), mark)
            if value in top.value or value in top.key_marks:
                raise _Invalid(message("Duplicate key {key} (first at line {line}).", key=_short(value), line=top.key_marks[value]), mark)
            top.key, top.has_key = value, True
            top.key_marks[value] = mark.line + 1
            log.append((top.path + (value,), where(mark)))
            return None
        top.value[top.key] = value
        top.has_key = False
        return top.path + (top.key,)

    def next_path(mark: Any) -> tuple[Any, ...]:
        """The path the next value will take (keys take no path of their own)."""
        if not stack:
            return ()
        top = stack[-1]
        if isinstance(top.value, list):
            return top.path + (len(top.value),)
        return top.path + (top.key,) if top.has_key else top.path

    def is_key() -> bool:
        return bool(stack) and isinstance(stack[-1].value, dict) and not stack[-1].has_key

    def grow(n: int, mark: Any) -> None:
        nonlocal count
        count += n
        if count > MAX_VALUES:
            raise _Invalid(message("This document holds more than {most} values (each alias counted as a copy of what it names); "
                                   "landsraad files are far smaller.", most=numeral(MAX_VALUES, ",")), mark)

    while not loader.check_event(yaml.DocumentEndEvent):
        event = loader.get_event()
        mark = event.start_mark
        if isinstance(event, yaml.AliasEvent):
            if event.anchor in open_anchors:
                raise _Invalid(message("The alias *{anchor} refers to a value that contains it (a recursive alias).",
                                       anchor=_short(event.anchor)[1:-1]), mark)
            if event.anchor not in anchors:
                raise _Invalid(message("The alias *{anchor} names no anchor defined before it.", anchor=_short(event.anchor)[1:-1]), mark)
            value, base, first, last = anchors[event.anchor]
            grow(last - first + 1, mark)
            keyed = is_key()
            path = next_path(mark)
            if place(value, mark) is None or keyed:
                continue
            log.append((path, where(mark)))
            cut = len(base)
            log.extend((path + sub[cut:], pos) for sub, pos in log[first:last])
            continue
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            grow(1, mark)
            if is_key():
                raise _Invalid(message("A mapping key must be text, not a list or a mapping."), mark)
            if len(stack) >= MAX_DEPTH:
                raise _Invalid(message("The nesting is deeper than {most} levels.", most=MAX_DEPTH), mark)
            is_seq = isinstance(event, yaml.SequenceStartEvent)
            tag = event.tag
            expected = _TAG + ("seq" if is_seq else "map")
            if tag is not None and tag != "!" and tag != expected:
                raise _Invalid(_tag_problem(tag), mark)
            path = next_path(mark)
            log.append((path, where(mark)))
            if event.anchor is not None:
                open_anchors.add(event.anchor)
            stack.append(_Frame([] if is_seq else {}, path, event.anchor, len(log)))
            continue
        if isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            frame = stack.pop()
            if frame.anchor is not None:
                open_anchors.discard(frame.anchor)
                anchors[frame.anchor] = (frame.value, frame.path, frame.start, len(log))
            place(frame.value, mark)
            continue
        if isinstance(event, yaml.ScalarEvent):
            grow(1, mark)
            value = _scalar(loader, event)
            keyed = is_key()
            placed = place(value, mark)
            # A mapping's value keeps its key's position, already logged.
            if placed is not None and not keyed and not (stack and isinstance(stack[-1].value, dict)):
                log.append((placed, where(mark)))
            if event.anchor is not None:
                anchors[event.anchor] = (value, placed if placed is not None else (), len(log), len(log))
            continue
        raise _Invalid(message("Unexpected YAML event."), mark)  # pragma: no cover - the parser enforces the grammar
    loader.get_event()  # document end
    if not loader.check_event(yaml.StreamEndEvent):
        extra = loader.get_event()
        raise _Invalid(message("The file holds several YAML documents; it must hold one."), extra.start_mark)
    positions: dict[tuple[Any, ...], tuple[int, int]] = {}
    for path, pos in log:
        positions.setdefault(path, pos)
    return root, positions, True


class YamlSyntaxError(DataError):
    """A file that is not valid YAML or JSON; ``line`` and ``column`` (1-based) say where, when known."""

    def __init__(self, source: str, text: str, line: int | None, column: int | None):
        self.line, self.column = line, column
        where = message("line {line}, column {column}", line=line, column=column) if line is not None else ""
        super().__init__([Problem(source, where, text)])


def parse_document(text: str, source: str = "<text>") -> Document:
    """Parse YAML (JSON is YAML) text once, keeping where each key stands.

    A syntax error is a :class:`YamlSyntaxError` with line and column. libyaml is used when
    installed: parsing dominates the validation of a thousand list files otherwise.

    Hostile input is bounded and reported where it stands, never a crash: at most
    :data:`MAX_CHARS` characters, :data:`MAX_DEPTH` levels of nesting and :data:`MAX_VALUES`
    values (each alias counted as a copy, so an alias bomb stops early); recursive and
    undefined aliases, duplicate keys, keys that are not text, integers beyond :data:`MAX_INT`,
    malformed scalars (``!!int abc``) and tags other than the JSON-like ones (``!!set``,
    ``!!binary``, ``!!python/...``, merge keys) are located errors.

    Examples
    --------
    >>> parse_document("faction: [corrino\\n", "bad.yaml")
    Traceback (most recent call last):
    ...
    landsraad.documents.YamlSyntaxError: bad.yaml: line 2, column 1: This is not valid YAML: ...
    >>> parse_document("a: 1\\na: 2\\n", "dupe.yaml")
    Traceback (most recent call last):
    ...
    landsraad.documents.YamlSyntaxError: dupe.yaml: line 2, column 1: Duplicate key 'a' (first at line 1).
    >>> parse_document("models: &x [*x]\\n", "loop.yaml")
    Traceback (most recent call last):
    ...
    landsraad.documents.YamlSyntaxError: loop.yaml: line 1, column 13: The alias *x refers to a value that contains it (a recursive alias).
    """
    if len(text) > MAX_CHARS:
        raise YamlSyntaxError(source, message("This file is too large: {size} characters (at most {most}).", size=numeral(len(text), ","),
                                              most=numeral(MAX_CHARS, ",")), None, None)
    loader = _BaseLoader(text)
    try:
        data, positions, _ = _build(loader)
    except _Invalid as exc:
        raise YamlSyntaxError(source, exc.message, exc.mark.line + 1, exc.mark.column + 1) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (None, None)
        if "maximum nesting depth" in (exc.problem or ""):
            # libyaml (PyYAML 6.0.4's wheels) refuses 1,000 open brackets while scanning, before
            # our own count of the nesting sees the 101st level: the same problem, our words
            raise YamlSyntaxError(source, message("The nesting is deeper than {most} levels.", most=MAX_DEPTH), line, column) from None
        what = truncate(exc.problem or str(exc), 200)
        raise YamlSyntaxError(source, message("This is not valid YAML: {what}.", what=what), line, column) from None
    except yaml.YAMLError as exc:
        raise YamlSyntaxError(source, message("This is not valid YAML: {what}.", what=truncate(str(exc), 200)), None, None) from None
    finally:
        loader.dispose()
    return Document(source, data, positions)


def read_text(path: str | Path) -> str:
    """The text of a UTF-8 file, reading at most ``4 * MAX_CHARS`` bytes (and one more to know).

    Only a regular file is read: a named pipe (which would wait for a writer for ever), a device
    (``/dev/zero``) or a path too long for the file system is refused at once with a sentence
    (:func:`landsraad.fileio.read_bounded`); a huge file is refused after that many bytes.

    Raises
    ------
    DataError
        No such file, a folder, a pipe or device, unreadable, or larger than the bound.
    YamlSyntaxError
        A byte that is not UTF-8 (with its line and column).
    """
    path = Path(path)
    source = truncate(str(path), 200)
    raw = read_bounded(path, 4 * MAX_CHARS)  # a regular file only: a named pipe or a device is refused at once
    if len(raw) > 4 * MAX_CHARS:
        raise DataError([Problem(source, "", message("This file is too large (more than {most} bytes).", most=numeral(4 * MAX_CHARS, ",")))])
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise YamlSyntaxError(source, message("The byte {byte} is not UTF-8 text; save the file as UTF-8.", byte=format(raw[exc.start], "#04x")),
                              line, column) from None


def read_document(path: str | Path) -> Document:
    """Read and parse a YAML or JSON file; unreadable files are a :class:`DataError`.

    At most :data:`MAX_CHARS` characters are read (a device or a pipe that never ends is refused
    too, :func:`read_text`); a byte that is not UTF-8 is reported with its line and column.
    """
    return parse_document(read_text(path), truncate(str(Path(path)), 200))
