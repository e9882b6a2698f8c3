"""The translation layer: gettext catalogs, the active language, and numbers as a person reads them.

English is the source language: every message id is the English text, so a message without a
translation (or a language without a catalog) reads in English. The French catalog is
``landsraad/locale/fr/LC_MESSAGES/landsraad.po``, managed with Babel (``babel.cfg``; ``pybabel
extract`` / ``update``, see docs/architecture.md). It is read straight from the ``.po`` file
the first time a French text is asked for, so importing this module costs nothing and an
English run never opens a catalog; no compiled ``.mo`` file can fall out of step with it.

Three ways to mark a text (each is a keyword of the extraction):

- ``_("...")`` translates now, into the active language: command output, errors, pages.
- ``message("... {name} ...", name=value)`` keeps the text for later: a :class:`Message` is a
  ``str`` whose value is the English text (so JSON output, comparisons and logs are the same
  whatever the language) and whose :meth:`Message.localized` is the text in the active
  language. A validation finding is one: its JSON is English, its line in ``validate`` French.
- ``N_("...")`` only marks a text for extraction (a table of labels translated where shown).

Placeholders are ``str.format`` fields named by keyword (``{points}``); the catalog test checks
every translation keeps them. Numbers inside a :class:`Message` are written per language when it
is shown (:func:`number`: ``25,2`` in French, ``25.2`` in English).

The active language is, in order: :func:`set_language` (``landsraad --lang fr|en``), else the
locale of the environment (:func:`language_from_environment`: the first of ``LC_ALL``,
``LC_MESSAGES``, ``LANG`` that is set and not empty, as POSIX reads them), else English.

Examples
--------
>>> with use_language("fr"):
...     print(_("valid"), number(25.2), ngettext("{n} error", "{n} errors", 2).format(n=2))
valide 25,2 2 erreurs
>>> m = message("This list costs {points} points; the cap is {cap} ({over} over).", points=18, cap=15, over=3)
>>> m == "This list costs 18 points; the cap is 15 (3 over)."
True
>>> with use_language("fr"):
...     print(m.localized())
Cette liste coûte 18 points ; la limite est de 15 (3 de trop).
>>> language_from_environment({"LC_ALL": "", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "en_GB.UTF-8"})
'fr'
"""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator, Mapping, Union

__all__ = ["LANGUAGES", "SOURCE_LANGUAGE", "LOCALE_DIR", "DOMAIN", "language", "set_language", "use_language",
           "language_from_environment", "parse_language", "gettext", "_", "pgettext", "ngettext", "N_", "Message", "message",
           "nmessage", "worded", "SIDE_NAMES", "EDGE_NAMES", "joined", "unstopped", "lowered", "in_languages", "localized", "number", "decimal", "percent",
           "NO_BREAK_SPACE", "side_name", "Numeral", "numeral", "read_po", "catalog", "language_option", "of_name", "starts_with_vowel_sound"]

LANGUAGES: tuple[str, ...] = ("en", "fr")
"""The languages a person can read landsraad in (``--lang``)."""

SOURCE_LANGUAGE = "en"
"""The language of the message ids."""

DOMAIN = "landsraad"
"""The gettext domain: ``locale/LANG/LC_MESSAGES/landsraad.po``."""

LOCALE_DIR = Path(__file__).with_name("locale")
"""Where the catalogs are."""

ENVIRONMENT_VARIABLES: tuple[str, ...] = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The locale variables read when no ``--lang`` is given, first set one wins (POSIX order)."""

_PLURAL: dict[str, Any] = {"en": lambda n: int(n != 1), "fr": lambda n: int(n > 1)}
"""Which plural form a count takes: each catalog's ``Plural-Forms`` header, as code (the catalog
test checks they agree). French: 0 and 1 are singular (``0 erreur``, ``1 erreur``, ``2 erreurs``)."""

NO_BREAK_SPACE = "\u202f"
"""The one no-break space of French numbers (U+202F, narrow): between groups of digits (``1\u202f234,5``) and before
the percent sign (``25,0\u202f%``), so a line never breaks inside a number; the catalog's translations use it too."""

_DECIMAL = {"en": ".", "fr": ","}
_THOUSANDS = {"en": ",", "fr": NO_BREAK_SPACE}
_PERCENT = {"fr": NO_BREAK_SPACE + "%"}

_active: str | None = None
_catalogs: dict[str, dict[Any, Any]] = {}


# --- the active language -------------------------------------------------------------------


def parse_language(value: str | None) -> str | None:
    """The language of a locale name (``fr_FR.UTF-8`` -> ``fr``), ``None`` for an empty value.

    ``C`` and ``POSIX`` are English; a language landsraad does not speak is English too, as
    gettext falls back to the message ids.

    Examples
    --------
    >>> [parse_language(v) for v in ("fr_FR.UTF-8", "fr", "FR-be", "C", "C.UTF-8", "de_DE", "", None)]
    ['fr', 'fr', 'fr', 'en', 'en', 'en', None, None]
    """
    if not value:
        return None
    code = re.split(r"[_.@-]", value.strip(), maxsplit=1)[0].casefold()
    return code if code in LANGUAGES else SOURCE_LANGUAGE


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of the locale: the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` set and not empty.

    Parameters
    ----------
    environ : mapping, optional
        The environment (default ``os.environ``).

    Returns
    -------
    str
        One of :data:`LANGUAGES`; English when none is set.
    """
    env = os.environ if environ is None else environ
    for name in ENVIRONMENT_VARIABLES:
        found = parse_language(env.get(name))
        if found is not None:
            return found
    return SOURCE_LANGUAGE


def language() -> str:
    """The active language: the one set (``--lang``), else the environment's."""
    return _active if _active is not None else language_from_environment()


def set_language(lang: str | None) -> None:
    """Make ``lang`` the active language; ``None`` goes back to the environment's.

    Raises
    ------
    ValueError
        For a language not in :data:`LANGUAGES`.
    """
    global _active
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"Unknown language {lang!r}; landsraad speaks {', '.join(LANGUAGES)}.")
    _active = lang


@contextmanager
def use_language(lang: str | None) -> Iterator[None]:
    """Make ``lang`` the active language inside a ``with`` block, then restore the previous one."""
    global _active
    before = _active
    set_language(lang)
    try:
        yield
    finally:
        _active = before


# --- catalogs --------------------------------------------------------------------------------

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def _unquote(text: str, source: str, line: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"{source}, line {line}: expected a quoted string, got {text[:40]!r}.")
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m[1], m[0]), text[1:-1])


def read_po(path: str | Path) -> dict[Any, Any]:
    """The translations of a ``.po`` file: ``msgid -> msgstr`` (``(msgid, msgid_plural) -> [forms]`` for plurals).

    Fuzzy entries and empty translations are left out, so their English reads instead; the
    header is kept under ``""``. ``msgctxt`` entries are keyed ``"context\\x04msgid"``, as gettext does.

    Raises
    ------
    ValueError
        For a line that is not ``.po`` syntax (naming the file and line).
    """
    source = str(path)
    out: dict[Any, Any] = {}
    entry: dict[str, Any] = {}
    key: str | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal entry, key, fuzzy
        if "msgid" in entry and not fuzzy:
            msgid = entry["msgid"]
            if "msgctxt" in entry:
                msgid = entry["msgctxt"] + "\x04" + msgid
            if "msgid_plural" in entry:
                forms = [entry[k] for k in sorted(k for k in entry if k.startswith("msgstr["))]
                if forms and all(forms):
                    out[(msgid, entry["msgid_plural"])] = forms
            elif entry.get("msgstr") or msgid == "":
                out[msgid] = entry.get("msgstr", "")
        entry, key, fuzzy = {}, None, False

    with open(path, encoding="utf-8") as handle:
        for n, raw in enumerate(handle, 1):
            line = raw.strip()
            if not line:
                flush()
            elif line.startswith("#"):
                if "msgid" in entry and key != "comment":
                    flush()
                key = "comment"
                if line.startswith("#,") and "fuzzy" in [f.strip() for f in line[2:].split(",")]:
                    fuzzy = True
            elif line.startswith('"'):
                if key is None or key == "comment":
                    raise ValueError(f"{source}, line {n}: a continued string outside an entry.")
                entry[key] += _unquote(line, source, n)
            else:
                word, _, rest = line.partition(" ")
                if word in ("msgctxt", "msgid") and ("msgstr" in entry or any(k.startswith("msgstr[") for k in entry)):
                    flush()
                if not re.fullmatch(r"msgctxt|msgid|msgid_plural|msgstr|msgstr\[\d+\]", word):
                    raise ValueError(f"{source}, line {n}: unknown keyword {word!r}.")
                key = word
                entry[key] = _unquote(rest, source, n)
    flush()
    return out


def catalog(lang: str) -> dict[Any, Any]:
    """The translations of ``lang``, read once (empty for English, whose ids are the text)."""
    if lang == SOURCE_LANGUAGE:
        return {}
    found = _catalogs.get(lang)
    if found is None:
        path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        found = read_po(path) if path.is_file() else {}
        _catalogs[lang] = found
    return found


# --- French articles before a name ------------------------------------------------------------

_VOWELS = frozenset("aeiouàâäéèêëîïôöùûüœæAEIOUÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ")
"""The letters a French word starts a vowel sound with (an ``h`` is left out: *Harkonnen* may be aspirated)."""

_ELIDED = {"de": "d'", "De": "D'", "le": "l'", "Le": "L'", "la": "l'", "La": "L'", "que": "qu'", "Que": "Qu'",
           "jusque": "jusqu'", "lorsque": "lorsqu'", "puisque": "puisqu'"}
"""The words French writes without their vowel before a vowel sound (*de Éclaireur* -> *d'Éclaireur*)."""

_CONTRACTED = {("de", "le"): "du", ("de", "les"): "des", ("à", "le"): "au", ("à", "les"): "aux",
               ("De", "le"): "Du", ("De", "les"): "Des", ("À", "le"): "Au", ("À", "les"): "Aux"}
"""``de`` / ``à`` with the article a name starts with (*de Les Fremen* -> *des Fremen*)."""

_BEFORE_FIELD = re.compile(r"(?<![\w'’])(" + "|".join(sorted({*_ELIDED, "à", "À"}, key=len, reverse=True))
                           + r") \{(\w+)(![rsa])?(:[^{}]*)?\}")


def starts_with_vowel_sound(text: str) -> bool:
    """Whether a French word before ``text`` drops its vowel (``de`` -> ``d'``): it starts with a vowel letter.

    Examples
    --------
    >>> [starts_with_vowel_sound(w) for w in ("Éclaireur 1", "Artilleur", "Soldat", "Harkonnen", "'x'", "8")]
    [True, True, False, False, False, False]
    """
    return bool(text) and text[0] in _VOWELS


def of_name(word: str, name: str) -> str:
    """A French ``de``, ``le``, ``la``, ``que`` or ``à`` and the name after it, written as French writes them.

    Elided before a vowel sound (``de`` + *Artilleur* -> *d'Artilleur*, ``le`` + *Éclaireur* -> *l'Éclaireur*),
    contracted with a name's own article (``de`` + *Les Fremen* -> *des Fremen*, ``à`` + *Le Bene Gesserit* ->
    *au Bene Gesserit*), else as given. A French template's ``.format`` applies it to every named field written
    after one of those words (:class:`Phrase`), so no message patches its own article.

    Examples
    --------
    >>> of_name("de", "Artilleur"), of_name("de", "Soldat 2"), of_name("De", "Les Fremen"), of_name("à", "Éclaireur")
    ("d'Artilleur", 'de Soldat 2', 'Des Fremen', 'à Éclaireur')
    """
    first, _space, rest = name.partition(" ")
    contracted = _CONTRACTED.get((word, first.casefold())) if rest and first in ("Le", "Les", "le", "les") else None
    if contracted is not None:
        return f"{contracted} {rest}"
    if word in _ELIDED and starts_with_vowel_sound(name):
        return _ELIDED[word] + name
    return f"{word} {name}"


class Phrase(str):
    """A French translation whose :meth:`format` writes ``de``, ``le``, ``la``, ``que``, ``à`` before a name as French
    does (:func:`of_name`): the catalog's ``du socle de {model}`` reads *du socle d'Artilleur*. What
    :func:`gettext` returns in French; English is never one (its text is the message id, unchanged).

    Examples
    --------
    >>> Phrase("à {distance} cm du socle de {model}, {n} figurine(s) de {side}").format(distance=3, model="Éclaireur 1", n=2, side="rouge")
    "à 3 cm du socle d'Éclaireur 1, 2 figurine(s) de rouge"
    """

    __slots__ = ()

    def format(self, /, *args: Any, **kwargs: Any) -> str:
        def fill(m: re.Match[str]) -> str:
            field = "{" + m[2] + (m[3] or "") + (m[4] or "") + "}"
            if m[2] not in kwargs:
                return m[0]
            return of_name(m[1], field.format(**kwargs)).replace("{", "{{").replace("}", "}}")

        return str.format(_BEFORE_FIELD.sub(fill, self), *args, **kwargs)


def gettext(msgid: str) -> str:
    """``msgid`` in the active language (itself when untranslated); a translation is a :class:`Phrase`."""
    lang = language()
    if lang == SOURCE_LANGUAGE:
        return msgid
    found = catalog(lang).get(msgid)
    return Phrase(found) if found else msgid


_ = gettext


def pgettext(context: str, msgid: str) -> str:
    """``msgid`` in the active language, in the sense ``context`` names (a word with two senses gets two entries).

    Examples
    --------
    >>> with use_language("fr"):
    ...     print(gettext("model"), pgettext("the cost model's price", "model"))
    figurine modèle
    """
    lang = language()
    if lang == SOURCE_LANGUAGE:
        return msgid
    found = catalog(lang).get(f"{context}\x04{msgid}")
    return Phrase(found) if found else msgid


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted text for ``n`` in the active language (format ``{n}`` yourself)."""
    lang = language()
    forms = catalog(lang).get((singular, plural)) if lang != SOURCE_LANGUAGE else None
    index = _PLURAL.get(lang, _PLURAL["en"])(n)
    if forms:
        return Phrase(forms[min(index, len(forms) - 1)])
    return singular if _PLURAL["en"](n) == 0 else plural


def N_(msgid: str) -> str:
    """Mark ``msgid`` for extraction without translating it (translate it with ``_()`` where shown)."""
    return msgid


SIDE_NAMES: dict[str, str] = {"red": N_("red"), "blue": N_("blue")}
"""The two sides' names for prose, as catalog ids (``_(SIDE_NAMES[side])``: *rouge*, *bleu* in French); a side is
typed and stored as its id."""

EDGE_NAMES: dict[str, str] = {"south": N_("south"), "north": N_("north"), "west": N_("west"), "east": N_("east")}
"""The four table edges' names for prose, as catalog ids (``_(EDGE_NAMES[edge])``: *sud*, *nord* in French); an edge
is typed and stored as its id."""


# --- numbers ---------------------------------------------------------------------------------


def decimal(text: str, lang: str | None = None) -> str:
    """A number already written in English (``25.2``, ``1,234.5``) in the separators of ``lang``.

    Examples
    --------
    >>> decimal("1,234.5", "fr"), decimal("-0.5", "fr"), decimal("25.2", "en")
    ('1\\u202f234,5', '-0,5', '25.2')
    """
    lang = lang or language()
    if lang == SOURCE_LANGUAGE:
        return text
    return "".join(_DECIMAL[lang] if c == "." else _THOUSANDS[lang] if c == "," else c for c in text)


def number(value: float, digits: int | None = None, lang: str | None = None) -> str:
    """A number for a person to read, in the separators of ``lang`` (the active language by default).

    ``digits`` fixes the decimals; without it an integer value has none and other values are
    written as briefly as they read back exactly (``repr``, at most 6 significant figures past a
    million).

    Examples
    --------
    >>> number(25.2, lang="fr"), number(25.0, lang="fr"), number(2.5, 1, "en"), number(12, lang="fr")
    ('25,2', '25', '2.5', '12')
    """
    if digits is not None:
        text = f"{value:.{digits}f}"
    elif float(value).is_integer() and abs(value) < 1e15:
        text = str(int(value))
    else:
        text = repr(float(value)) if abs(value) < 1e6 else f"{value:.6g}"
    return decimal(text, lang)


def percent(text: str, lang: str | None = None, *, english: str = " %") -> str:
    """A percentage already written in English digits (``25.0``) with the separators and sign of ``lang``.

    English keeps the sign each caller has always written (``english``: ``" %"`` or ``"%"``); French puts
    :data:`NO_BREAK_SPACE` before it, as its typography wants.

    Examples
    --------
    >>> percent("25.0", "fr"), percent("25.0", "en"), percent("55", "en", english="%")
    ('25,0\u202f%', '25.0 %', '55%')
    """
    lang = lang or language()
    return decimal(text, lang) + (english if lang == SOURCE_LANGUAGE else _PERCENT.get(lang, english))


class Numeral(str):
    """A number already written in English digits (``12.0``, ``1,234``) that a :class:`Message` shows in the
    separators of the language it is shown in (:func:`decimal`); made with :func:`numeral`."""

    __slots__ = ()


def numeral(value: float, spec: str = "") -> Numeral:
    """``format(value, spec)`` as a :class:`Numeral`: the digits a message gives in English, the separators of the
    language it is shown in.

    Examples
    --------
    >>> m = message("{gap} cm from the edge", gap=numeral(12.0, ".1f"))
    >>> m, m.localized("fr")
    ('12.0 cm from the edge', '12,0 cm from the edge')
    """
    return Numeral(format(value, spec))


# --- deferred messages -----------------------------------------------------------------------


class _Entry:
    """One marked text of a :class:`Message` with its fields."""

    __slots__ = ("msgid", "plural", "n", "params")

    def __init__(self, msgid: str, plural: str | None, n: int | None, params: dict[str, Any]):
        self.msgid, self.plural, self.n, self.params = msgid, plural, n, params

    def render(self, lang: str) -> str:
        if lang == SOURCE_LANGUAGE:
            text = self.msgid if self.plural is None or _PLURAL["en"](self.n) == 0 else self.plural
        else:
            with use_language(lang):
                text = gettext(self.msgid) if self.plural is None else ngettext(self.msgid, self.plural, self.n or 0)
        fields = {k: _render(v, lang) for k, v in self.params.items()}
        return text.format(**fields)


Part = Union[str, _Entry]


def _render(value: Any, lang: str) -> str:
    if isinstance(value, Message):
        return value.localized(lang)
    if isinstance(value, Numeral):
        return decimal(value, lang)
    if isinstance(value, float):
        return number(value, lang=lang)
    return str(value)


class Message(str):
    """English text that can be shown again in another language.

    Its ``str`` value is the English text, so it compares, hashes, logs and goes into JSON as
    English; :meth:`localized` gives it in the active language. Messages join with ``+`` (with
    each other and with plain strings, which stay as they are: names, ids, numbers already written).
    Made with :func:`message` and :func:`nmessage`.
    """

    parts: tuple[Part, ...]

    def __new__(cls, parts: tuple[Part, ...]) -> Message:
        english = "".join(p if isinstance(p, str) else p.render(SOURCE_LANGUAGE) for p in parts)
        self = super().__new__(cls, english)
        self.parts = parts
        return self

    def localized(self, lang: str | None = None) -> str:
        """The text in ``lang`` (the active language by default)."""
        lang = lang or language()
        if lang == SOURCE_LANGUAGE:
            return str.__str__(self)
        return "".join(p if isinstance(p, str) else p.render(lang) for p in self.parts)

    def __add__(self, other: str) -> Message:
        if not isinstance(other, str):
            return NotImplemented
        return Message(self.parts + (other.parts if isinstance(other, Message) else (str(other),)))

    def __radd__(self, other: str) -> Message:
        if not isinstance(other, str):
            return NotImplemented
        return Message((str(other),) + self.parts)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Message, (self.parts,))

    def __repr__(self) -> str:  # as the English str it stands for: lists of findings read as before
        return str.__repr__(self)


def message(msgid: str, /, **params: Any) -> Message:
    """A :class:`Message`: ``msgid`` with its ``{fields}`` filled from ``params`` when shown.

    A field that is a :class:`Message` is shown in the same language; a float is written per
    language (:func:`number`); anything else as ``str()`` gives it.
    """
    return Message((_Entry(msgid, None, None, params),))


def side_name(side: str | None) -> str:
    """A side's name for prose: a :class:`Message` shown in the reader's language (*rouge*), another side as written.

    Examples
    --------
    >>> side_name("red"), side_name("red").localized("fr"), side_name("green")
    ('red', 'rouge', 'green')
    """
    return message(SIDE_NAMES[side]) if side in SIDE_NAMES else str(side)


def nmessage(singular: str, plural: str, n: int, /, **params: Any) -> Message:
    """A counted :class:`Message`: the form for ``n`` in the language it is shown in (``{n}`` is ``n``)."""
    return Message((_Entry(singular, plural, n, {"n": n, **params}),))


class _Worded(_Entry):
    """A sentence another library wrote in English (pydantic's), shown in another language from a catalog id."""

    __slots__ = ("english",)

    def __init__(self, english: str, msgid: str, params: dict[str, Any]):
        super().__init__(msgid, None, None, params)
        self.english = english

    def render(self, lang: str) -> str:
        return self.english if lang == SOURCE_LANGUAGE else super().render(lang)


def worded(english: str, msgid: str, /, **params: Any) -> Message:
    """A :class:`Message` whose English is ``english`` word for word (a library's own sentence, kept as it was) and
    whose other languages are the catalog's ``msgid`` (mark it with :func:`N_` where it is written) with ``params``.

    Examples
    --------
    >>> m = worded("Input should be a valid integer. Got 'x'.", N_("A whole number is expected; got {value}."), value="'x'")
    >>> m, m.localized("fr")
    ("Input should be a valid integer. Got 'x'.", "Un nombre entier est attendu ; reçu 'x'.")
    """
    return Message((_Worded(english, msgid, params),))


class _Wrapped(_Entry):
    """A :class:`Message` shown through a change of its text, in whichever language it is shown."""

    __slots__ = ("inner",)

    def __init__(self, inner: Message):
        super().__init__("", None, None, {})
        self.inner = inner


class _Unstopped(_Wrapped):
    """A :class:`Message` without its final full stops, in whichever language it is shown."""

    __slots__ = ()

    def render(self, lang: str) -> str:
        return self.inner.localized(lang).rstrip(".")


class _Lowered(_Wrapped):
    """A :class:`Message` with its first letter in lower case (set after a colon), in whichever language it is shown."""

    __slots__ = ()

    def render(self, lang: str) -> str:
        text = self.inner.localized(lang)
        return text[:1].lower() + text[1:]


class _Texts(_Entry):
    """A text given in each language (content data: a name and its ``name_fr``), English where one is missing."""

    __slots__ = ("texts",)

    def __init__(self, texts: Mapping[str, str]):
        super().__init__("", None, None, {})
        self.texts = dict(texts)

    def render(self, lang: str) -> str:
        return self.texts.get(lang) or self.texts[SOURCE_LANGUAGE]


def in_languages(english: str, **others: str | None) -> Message:
    """A :class:`Message` for a text the content gives in each language (``name`` and ``name_fr``), not the catalog.

    Examples
    --------
    >>> m = in_languages("Spice cache", fr="Cache d'épice")
    >>> m, m.localized("fr"), in_languages("Depot", fr=None).localized("fr")
    ('Spice cache', "Cache d'épice", 'Depot')
    """
    return Message((_Texts({SOURCE_LANGUAGE: english, **{k: v for k, v in others.items() if v}}),))


def unstopped(text: str) -> str:
    """``text.rstrip(".")`` that stays a :class:`Message` (to be set inside another sentence), in every language.

    Examples
    --------
    >>> m = unstopped(message("model {number}", number=1) + ".")
    >>> m, m.localized("fr")
    ('model 1', 'figurine 1')
    """
    if isinstance(text, Message):
        return Message((_Unstopped(text),))
    return text.rstrip(".")


def lowered(text: str) -> str:
    """``text`` with its first letter in lower case, staying a :class:`Message` (to follow a colon) in every language.

    Examples
    --------
    >>> m = lowered(message("No such file."))
    >>> m, m.localized("fr")
    ('no such file.', 'aucun fichier de ce nom.')
    """
    if isinstance(text, Message):
        return Message((_Lowered(text),))
    return text[:1].lower() + text[1:]


def joined(separator: str, items: Any) -> Message:
    """``separator.join(items)`` that stays a :class:`Message` (``str.join`` would give the English text only); the
    separator may be a :class:`Message` too (``message(" and ")``).

    Examples
    --------
    >>> m = joined("; ", [message("model {number}", number=1), "x"])
    >>> m, m.localized("fr")
    ('model 1; x', 'figurine 1; x')
    """
    def parts_of(text: Any) -> tuple[Part, ...]:
        return text.parts if isinstance(text, Message) else (str(text),)

    parts: tuple[Part, ...] = ()
    for i, item in enumerate(items):
        parts += (parts_of(separator) if i else ()) + parts_of(item)
    return Message(parts)


def localized(text: Any, lang: str | None = None) -> str:
    """``text`` in ``lang`` when it is a :class:`Message`, else ``str(text)``."""
    return text.localized(lang) if isinstance(text, Message) else str(text)


# --- the command line ------------------------------------------------------------------------


def language_option(argv: list[str]) -> tuple[str | None, list[str], list[str]]:
    """Take ``--lang X`` (or ``--lang=X``) out of a command line, wherever it stands before ``--``.

    ``landsraad --lang fr validate x.yaml`` and ``landsraad validate x.yaml --lang fr`` mean the
    same; the main parser reads the option (so ``--help`` lists it and a bad value is its usage
    error), the command's own parser never sees it.

    Returns
    -------
    tuple
        ``(language, option words, the other words)``: ``language`` is ``None`` when no valid
        ``--lang`` is given (the environment decides); the last ``--lang`` wins.

    Examples
    --------
    >>> language_option(["validate", "x.yaml", "--lang", "fr"])
    ('fr', ['--lang', 'fr'], ['validate', 'x.yaml'])
    >>> language_option(["--lang=de", "odds"])
    (None, ['--lang=de'], ['odds'])
    >>> language_option(["play", "--", "--lang", "fr"])
    (None, [], ['play', '--', '--lang', 'fr'])
    """
    option: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(argv):
        word = argv[i]
        if word == "--":
            rest += argv[i:]
            break
        if word == "--lang" and i + 1 < len(argv):
            option = [word, argv[i + 1]]
            i += 2
            continue
        if word.startswith("--lang="):
            option = [word]
        else:
            rest.append(word)
        i += 1
    value = option[-1].removeprefix("--lang=") if option else None
    return (value if value in LANGUAGES else None), option, rest
