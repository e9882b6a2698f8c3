"""landsraad.cli.parsing: argparse's own words (help layout, errors) in the reader's language."""

from __future__ import annotations

import contextlib
import io

import pytest

from landsraad.cli.parsing import Parser, translate_argparse_error
from landsraad.i18n import use_language


def parser() -> Parser:
    p = Parser(prog="landsraad demo")
    p.add_argument("scene")
    p.add_argument("--games", type=int)
    p.add_argument("--kind", choices=("a", "b"))
    p.add_argument("--pair", nargs=2)
    p.add_argument("--many", nargs="+")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--json", action="store_true")
    group.add_argument("--svg")
    p.add_argument("--seed-one")
    p.add_argument("--seed-two")
    return p


def error_of(argv: list[str], lang: str) -> str:
    err = io.StringIO()
    with use_language(lang), contextlib.redirect_stderr(err), pytest.raises(SystemExit) as stop:
        parser().parse_args(argv)
    assert stop.value.code == 2
    return err.getvalue().strip().splitlines()[-1]


@pytest.mark.parametrize("argv, english, french", [
    ([], "the following arguments are required: scene", "les arguments suivants sont obligatoires : scene"),
    (["s", "extra"], "unrecognized arguments: extra", "arguments non reconnus : extra"),
    (["s", "--games", "x"], "argument --games: invalid int value: 'x'", "argument --games : valeur de type int invalide : 'x'"),
    (["s", "--kind", "c"], "argument --kind: invalid choice: 'c' (choose from 'a', 'b')",
     "argument --kind : choix invalide : 'c' (choix possibles : 'a', 'b')"),
    (["s", "--pair", "1"], "argument --pair: expected 2 arguments", "argument --pair : 2 arguments attendus"),
    (["s", "--many"], "argument --many: expected at least one argument", "argument --many : au moins un argument attendu"),
    (["s", "--games"], "argument --games: expected one argument", "argument --games : un argument attendu"),
    (["s", "--json", "--svg", "f"], "argument --svg: not allowed with argument --json",
     "argument --svg : interdit avec l'argument --json"),
    (["s", "--seed", "1"], "ambiguous option: --seed could match --seed-one, --seed-two",
     "option ambiguë : --seed peut désigner --seed-one, --seed-two"),
])
def test_argparse_errors_in_both_languages(argv, english, french):
    assert error_of(argv, "en") == f"landsraad demo: error: {english}"
    assert error_of(argv, "fr") == f"landsraad demo : erreur : {french}"


def test_a_message_argparse_did_not_write_is_kept():
    with use_language("fr"):
        assert translate_argparse_error("a seed is a whole number; got 'x'") == "a seed is a whole number; got 'x'"
        assert translate_argparse_error("argument --seed: une graine est un nombre entier") == \
            "argument --seed : une graine est un nombre entier"


def test_help_layout_in_french_and_english():
    with use_language("fr"):
        text = parser().format_help()
    assert text.startswith("utilisation : landsraad demo [-h]")
    assert "arguments positionnels\u00a0:" in text and "\noptions\u00a0:" in text
    assert "afficher ce message d'aide et quitter" in text
    with use_language("en"):
        text = parser().format_help()
    assert text.startswith("usage: landsraad demo [-h]")
    assert "positional arguments:" in text and "\noptions:" in text and "show this help message and exit" in text


def test_no_help_option_when_asked():
    assert "--help" not in Parser(prog="x", add_help=False).format_help()
