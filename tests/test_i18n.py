"""The translation layer: languages from flag and locale, the .po reader, deferred messages, numbers."""

from __future__ import annotations

import json
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from landsraad import i18n
from landsraad.i18n import (
    Message,
    _,
    decimal,
    language,
    language_from_environment,
    language_option,
    localized,
    message,
    ngettext,
    nmessage,
    number,
    parse_language,
    read_po,
    set_language,
    use_language,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _english_after():
    yield
    set_language(None)


@pytest.mark.parametrize(("env", "expected"), [
    ({}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}, "en"),
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "fr_CA", "LC_ALL": ""}, "fr"),
    ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LC_ALL": "C"}, "en"),
    ({"LC_ALL": "fr_FR@euro"}, "fr"),
    ({"LANG": "pt_BR.UTF-8"}, "en"),  # a language without a catalog reads the source language, as gettext does
])
def test_language_from_environment_posix_order(env, expected):
    assert language_from_environment(env) == expected


def test_set_language_wins_over_the_environment_and_none_gives_it_back(monkeypatch):
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert language() == "fr"
    set_language("en")
    assert language() == "en" and _("valid") == "valid"
    set_language(None)
    assert _("valid") == "valide"


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="Unknown language 'de'"):
        set_language("de")


def test_use_language_restores_the_previous_one():
    set_language("fr")
    with use_language("en"):
        assert _("INVALID") == "INVALID"
    assert _("INVALID") == "INVALIDE"


@pytest.mark.parametrize(("n", "fr"), [(0, "0 erreur"), (1, "1 erreur"), (2, "2 erreurs"), (11, "11 erreurs")])
def test_french_plurals_count_zero_and_one_as_singular(n, fr):
    with use_language("fr"):
        assert ngettext("{n} error", "{n} errors", n).format(n=n) == fr
    with use_language("en"):
        assert ngettext("{n} error", "{n} errors", n).format(n=n) == f"{n} error{'s' if n != 1 else ''}"


def test_an_unknown_message_reads_in_english():
    with use_language("fr"):
        assert _("No such message in any catalog.") == "No such message in any catalog."
        assert ngettext("one ghost", "{n} ghosts", 3) == "{n} ghosts"


def test_message_is_english_as_str_json_and_pickle_and_french_when_shown():
    where = message("model {number}", number=4)
    m = message("The name '{name}' is used by {count} models ({where}); each model of a list needs its own name.",
                name="Bob", count=2, where=where) + " [x]"
    english = "The name 'Bob' is used by 2 models (model 4); each model of a list needs its own name. [x]"
    assert m == english and json.dumps({"m": m}) == json.dumps({"m": english})
    again = pickle.loads(pickle.dumps(m))
    assert again == english and isinstance(again, Message)
    with use_language("fr"):
        shown = m.localized()
        assert localized(again) == shown
    assert shown == "Le nom 'Bob' est porté par 2 figurines (figurine 4) ; chaque figurine d'une liste doit avoir son propre nom. [x]"
    assert ("prefix " + m).localized("fr").startswith("prefix Le nom")


def test_counted_message_takes_the_form_of_the_language_it_is_shown_in():
    m = nmessage("{n} warning", "{n} warnings", 1)
    assert (m, m.localized("fr")) == ("1 warning", "1 avertissement")
    m = nmessage("{n} warning", "{n} warnings", 0)
    assert (m, m.localized("fr")) == ("0 warnings", "0 avertissement")


def test_floats_in_a_message_are_written_per_language():
    m = message("{type} ({where})", type="x", where=25.2)
    assert (m, m.localized("fr")) == ("x (25.2)", "x (25,2)")


@pytest.mark.parametrize(("value", "digits", "en", "fr"), [
    (25.2, None, "25.2", "25,2"), (25.0, None, "25", "25"), (-0.5, None, "-0.5", "-0,5"), (2.25, 1, "2.2", "2,2"),
    (1234.5, None, "1234.5", "1234,5"),
])
def test_number(value, digits, en, fr):
    assert number(value, digits, "en") == en and number(value, digits, "fr") == fr


@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e5, max_value=1e5))
def test_french_number_reads_back_as_the_english_one(value):
    en, fr = number(value, lang="en"), number(value, lang="fr")
    assert fr.replace(",", ".") == en
    assert float(en) == pytest.approx(value)


def test_decimal_groups_thousands_with_a_narrow_space_in_french():
    assert decimal("12,345.6", "fr") == "12\u202f345,6"


@pytest.mark.parametrize(("argv", "expected"), [
    (["--lang", "fr", "validate", "x"], ("fr", ["--lang", "fr"], ["validate", "x"])),
    (["validate", "x", "--lang=en"], ("en", ["--lang=en"], ["validate", "x"])),
    (["validate", "--lang", "fr", "x", "--lang", "en"], ("en", ["--lang", "en"], ["validate", "x"])),
    (["validate", "--lang"], (None, [], ["validate", "--lang"])),
    (["validate", "--", "--lang", "fr"], (None, [], ["validate", "--", "--lang", "fr"])),
])
def test_language_option(argv, expected):
    assert language_option(argv) == expected


def test_parse_language():
    assert [parse_language(v) for v in ("fr", "fr_FR", "FR_ca.utf8", "en_GB", "C", "POSIX", "es")] == \
        ["fr", "fr", "fr", "en", "en", "en", "en"]


def test_read_po_skips_fuzzy_and_empty_and_reads_escapes_plurals_and_context(tmp_path: Path):
    po = tmp_path / "x.po"
    po.write_text('msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
                  '#, fuzzy, python-brace-format\nmsgid "a"\nmsgstr "A"\n\n'
                  'msgid "b"\nmsgstr ""\n\n'
                  '#. a comment\nmsgid "c \\"q\\"\\n"\n"more"\nmsgstr "C \\"q\\"\\n"\n"plus"\n\n'
                  'msgid "{n} d"\nmsgid_plural "{n} ds"\nmsgstr[0] "{n} D"\nmsgstr[1] "{n} Ds"\n\n'
                  'msgctxt "menu"\nmsgid "e"\nmsgstr "E"\n', encoding="utf-8")
    got = read_po(po)
    assert "a" not in got and "b" not in got
    assert got['c "q"\nmore'] == 'C "q"\nplus'
    assert got[("{n} d", "{n} ds")] == ["{n} D", "{n} Ds"]
    assert got["menu\x04e"] == "E" and got[""].startswith("Language: fr")


def test_read_po_names_the_file_and_line_of_bad_syntax(tmp_path: Path):
    po = tmp_path / "bad.po"
    po.write_text('msgid "a"\nmsgstr "A"\nmsgfoo "x"\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad.po, line 3: unknown keyword 'msgfoo'"):
        read_po(po)


def test_importing_the_layer_reads_no_catalog_and_imports_nothing_heavy():
    code = ("import sys, landsraad.i18n as i; "
            "assert not i._catalogs; "
            "print(sorted(m for m in ('babel', 'gettext', 'locale', 'numpy', 'pydantic') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert out.strip() == "[]"


def test_english_never_opens_a_catalog():
    i18n._catalogs.clear()
    with use_language("en"):
        _("valid"), ngettext("{n} error", "{n} errors", 2), message("model {number}", number=1).localized()
    assert not i18n._catalogs


# --- French typography: the percent sign, articles before a name (issue 40) ---------------------


def test_percent_puts_the_one_no_break_space_before_the_sign_in_french_only():
    assert i18n.percent("25.0", "fr") == "25,0\u202f%"
    assert i18n.percent("1,234.5", "fr") == "1\u202f234,5\u202f%"
    assert i18n.percent("25.0", "en") == "25.0 %"
    assert i18n.percent(" 5.0", "en", english="%") == " 5.0%"
    assert i18n.NO_BREAK_SPACE == decimal("1,000", "fr")[1]  # the same space between digit groups


def test_no_french_translation_writes_a_percent_sign_after_a_breaking_space():
    """Every French percent sign after a number or a field has the no-break space; none has an ordinary one."""
    bad = []
    for text in i18n.catalog("fr").values():
        for form in ([text] if isinstance(text, str) else text):
            if re.search(r"[0-9})][ \u00a0]%", form):
                bad.append(form)
    assert not bad, bad[:5]


@pytest.mark.parametrize(("word", "name", "expected"), [
    ("de", "Artilleur", "d'Artilleur"), ("de", "Éclaireur 2", "d'Éclaireur 2"), ("de", "Soldat 2", "de Soldat 2"),
    ("De", "Atréides", "D'Atréides"), ("le", "Éclaireur", "l'Éclaireur"), ("la", "Ambassadrice", "l'Ambassadrice"),
    ("que", "Assassin 1", "qu'Assassin 1"), ("de", "Harkonnen", "de Harkonnen"), ("de", "'atreides'", "de 'atreides'"),
    ("de", "Les Fremen", "des Fremen"), ("à", "Les Fremen", "aux Fremen"), ("de", "Le Bene Gesserit", "du Bene Gesserit"),
    ("à", "Éclaireur", "à Éclaireur"), ("de", "8", "de 8"), ("de", "", "de "),
])
def test_of_name_elides_and_contracts_as_french_writes(word: str, name: str, expected: str):
    assert i18n.of_name(word, name) == expected


def test_a_french_translation_formats_its_names_with_their_articles():
    with use_language("fr"):
        template = _("There is no model {name} in scene {scene}.")
        assert isinstance(template, i18n.Phrase)
    phrase = i18n.Phrase("à {d} cm du socle de {model}, le {die!r} de {side:>5} ; la {n} ; {0} de {1}")
    assert phrase.format("x", "y", d=3, model="Artilleur", die="é", side="Ecaz", n=2) == \
        "à 3 cm du socle d'Artilleur, le 'é' de  Ecaz ; la 2 ; x de y"
    assert i18n.Phrase("de {a}, de {{b}}").format(a="Éclaireur") == "d'Éclaireur, de {b}"
    assert i18n.Phrase("{n} figurine(s) de {name}").format(n=1, name="{Artilleur}") == "1 figurine(s) de {Artilleur}"


def test_english_text_is_never_rewritten():
    with use_language("en"):
        text = _("There is no model {name} in scene {scene}.")
        assert type(text) is str
        assert text.format(name="Artilleur", scene="s") == "There is no model Artilleur in scene s."
    m = message("{n} models of {name} added.", n=2, name="Éclaireur")
    assert str(m) == "2 models of Éclaireur added."


def test_a_deferred_french_message_gets_its_articles_too():
    m = nmessage("Added {n} model of {name}.", "Added {n} models of {name}.", 2, name="Éclaireur")
    assert (str(m), m.localized("fr")) == ("Added 2 models of Éclaireur.", "2 figurines d'Éclaireur ajoutées.")
