"""The French catalog against the source: every message extracted by Babel is translated, none fuzzy, placeholders kept.

The messages are extracted here, with Babel, from the source as it is now (the same mapping
``babel.cfg`` and keywords a translator uses, docs/architecture.md): a new English string
without its French translation fails :func:`test_every_message_has_a_french_translation`.
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from landsraad import i18n

babel_messages = pytest.importorskip("babel.messages")
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "landsraad" / "locale" / "fr" / "LC_MESSAGES" / "landsraad.po"
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "message": None, "nmessage": (1, 2),
            "pgettext": ((1, "c"), 2)}
"""The extraction keywords (``pybabel extract -k ...``): every marking function of :mod:`landsraad.i18n`."""


def _method_map() -> list[tuple[str, str]]:
    sections = re.findall(r"^\[(\w+):\s*(.+?)\]\s*$", (ROOT / "babel.cfg").read_text(encoding="utf-8"), re.MULTILINE)
    assert sections, "babel.cfg maps no file"
    return [(pattern, method) for method, pattern in sections]


@pytest.fixture(scope="module")
def extracted() -> dict[object, list[str]]:
    """Each message id found in the source (a tuple for a plural), with the files it is in."""
    out: dict[object, list[str]] = {}
    for filename, _lineno, msg, _comments, _context in extract_from_dir(str(ROOT), _method_map(), keywords=KEYWORDS):
        key = msg if isinstance(msg, str) else tuple(msg)
        if key:
            out.setdefault(key, []).append(filename)
    return out


@pytest.fixture(scope="module")
def catalog():
    with open(PO, "rb") as handle:
        return read_po(handle)


def test_extraction_finds_the_messages_of_every_translated_module(extracted):
    files = {f for where in extracted.values() for f in where}
    for module in ("landsraad/cli/warband.py", "landsraad/cli/event.py", "landsraad/roster.py", "landsraad/warband/validator.py",
                   "landsraad/warband/report.py", "landsraad/tournament/page.py", "landsraad/tournament/standings.py"):
        assert module in files


@pytest.fixture(scope="module")
def contexts() -> dict[object, set[str | None]]:
    """Each message id found in the source, with the contexts (``pgettext``'s first argument; None for none) it has."""
    out: dict[object, set[str | None]] = {}
    for _filename, _lineno, msg, _comments, context in extract_from_dir(str(ROOT), _method_map(), keywords=KEYWORDS):
        key = msg if isinstance(msg, str) else tuple(msg)
        if key:
            out.setdefault(key, set()).add(context or None)
    return out


def test_every_message_has_a_french_translation(extracted, contexts, catalog):
    missing = []
    for msgid, where in sorted(extracted.items(), key=str):
        for context in sorted(contexts[msgid], key=str):  # a pgettext text is its own entry (msgctxt)
            entry = catalog.get(msgid if isinstance(msgid, str) else msgid[0], context=context)
            if entry is None or not entry.string or (not isinstance(entry.string, str) and not all(entry.string)):
                missing.append(f"{where[0]}: {msgid!r}" + (f" (context {context!r})" if context else ""))
    assert not missing, "untranslated (run pybabel extract / update, docs/architecture.md):\n" + "\n".join(missing)


def test_no_translation_is_fuzzy_or_obsolete(extracted, catalog):
    assert not [m.id for m in catalog if m.id and m.fuzzy]
    assert not catalog.obsolete
    ids = {k if isinstance(k, str) else k[0] for k in extracted}
    assert not [m.id for m in catalog if m.id and (m.id if isinstance(m.id, str) else m.id[0]) not in ids], "stale entries"


def _fields(text: str) -> list[str]:
    """The replacement fields of a str.format template, with conversion and spec (``{name!r}``, ``{timeout:g}``)."""
    return sorted(f"{name}{'!' + conv if conv else ''}{':' + spec if spec else ''}"
                  for _lit, name, spec, conv in string.Formatter().parse(text) if name is not None)


def test_every_placeholder_matches(catalog):
    wrong = []
    for m in catalog:
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        for text in strings:
            # a plural's forms may drop {n} (French "une" for 1) but use no field the English lacks
            expected = set(_fields(ids[-1])) | set(_fields(ids[0]))
            if set(_fields(text)) - expected or (len(ids) == 1 and _fields(text) != _fields(ids[0])):
                wrong.append(f"{m.id!r} -> {text!r}")
    assert not wrong, "\n".join(wrong)


def test_the_header_counts_plurals_as_the_layer_does(catalog):
    assert catalog.num_plurals == 2 and catalog.plural_expr.replace(" ", "") == "(n>1)"
    for n in range(0, 5):
        assert i18n._PLURAL["fr"](n) == int(n > 1)


def test_the_layer_reads_the_catalog_as_babel_does(catalog):
    ours = i18n.read_po(PO)
    for m in catalog:
        if not m.id:
            continue
        if isinstance(m.id, str):
            assert ours[f"{m.context}\x04{m.id}" if m.context else m.id] == m.string
        else:
            assert ours[tuple(m.id)] == list(m.string)


def _marked_inside_fstring(tree: ast.AST) -> list[int]:
    """Lines where a marking function is called inside an f-string's field, where Babel does not look."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FormattedValue):
            for inner in ast.walk(node.value):
                if (isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id in KEYWORDS and inner.args
                        and isinstance(inner.args[0], ast.Constant)):  # _(variable) translates a text marked elsewhere
                    lines.append(inner.lineno)
    return lines


def test_no_message_is_marked_where_extraction_cannot_see_it():
    found = []
    for path in sorted((ROOT / "landsraad").rglob("*.py")):
        for line in _marked_inside_fstring(ast.parse(path.read_text(encoding="utf-8"))):
            found.append(f"{path.relative_to(ROOT)}:{line}")
    assert not found, "a _() call inside an f-string field is invisible to Babel; move it out:\n" + "\n".join(found)


def test_a_new_english_string_without_translation_is_caught(tmp_path: Path, catalog):
    """The check above is not vacuous: a module with one new marked string yields one untranslated id."""
    source = tmp_path / "landsraad" / "new.py"
    source.parent.mkdir()
    source.write_text('from landsraad.i18n import _\n\nprint(_("A brand new sentence nobody translated."))\n', encoding="utf-8")
    found = [msg for _f, _l, msg, _c, _x in extract_from_dir(str(tmp_path), _method_map(), keywords=KEYWORDS)]
    assert found == ["A brand new sentence nobody translated."]
    assert catalog.get(found[0]) is None


def _marked_literals(tree: ast.AST) -> list[tuple[int, object]]:
    """Each call of a marking function with literal text, as Babel should extract it: ``(line, id)``."""
    out: list[tuple[int, object]] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS and node.args):
            continue
        texts = [a.value if isinstance(a, ast.Constant) and isinstance(a.value, str) else None for a in node.args]
        if node.func.id == "pgettext" and len(texts) >= 2 and texts[1]:
            out.append((node.lineno, texts[1]))
        elif node.func.id in ("ngettext", "nmessage") and len(texts) >= 2 and texts[0] and texts[1]:
            out.append((node.lineno, (texts[0], texts[1])))
        elif node.func.id not in ("pgettext", "ngettext", "nmessage") and texts[0]:
            out.append((node.lineno, texts[0]))
    return out


def test_babel_extracts_every_marked_text(extracted):
    """No marked literal is missed by the extraction (Babel's tokenizer can lose a call after an odd token sequence,
    such as ``first.message[:1]`` just before a ``message(...)`` call, and its text would then read in English)."""
    missed = []
    for path in sorted((ROOT / "landsraad").rglob("*.py")):
        for line, msgid in _marked_literals(ast.parse(path.read_text(encoding="utf-8"))):
            if msgid not in extracted:
                missed.append(f"{path.relative_to(ROOT)}:{line}: {msgid!r}")
    assert not missed, "marked but not extracted:\n" + "\n".join(missed)
