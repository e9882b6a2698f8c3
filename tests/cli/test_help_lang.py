"""Every command's ``--help`` in both languages: French from the catalog, English unchanged.

The English golden files (``tests/data/i18n/en-help/``) were written by the commands before their
help texts went through the catalog (landsraad 69363c4, ``COLUMNS=80``); the test asks each
command's help again with ``--lang en`` and wants every byte back. To write them again after an
intended change of an English help text: ``python tests/cli/test_help_lang.py tests/data/i18n/en-help``.

French: no help line of a command may be left in English, argparse's own words (``usage:``,
the sections, ``-h``, its errors) included, and a help text written in ``landsraad/cli/`` must be
marked for the catalog (``help=_("...")``), so a new option without its French fails here.
"""

from __future__ import annotations

import ast
import contextlib
import io
import os
import re
import sys
from pathlib import Path

import pytest

from landsraad import i18n
from landsraad.cli import COMMANDS, main
from tests import warm

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "i18n" / "en-help"
CLI = ROOT / "landsraad" / "cli"

_LISTED = re.compile(r"^    (\S+)(?:\s|$)")


def help_text(words: list[str]) -> tuple[int, str]:
    """``landsraad WORDS --help`` through the command's entry point: its exit status and what it printed."""
    out, err = io.StringIO(), io.StringIO()
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "80"  # argparse wraps to the terminal's width
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main([*words, "--help"])
            except SystemExit as stop:
                status = stop.code if isinstance(stop.code, int) else 0
    finally:
        if old is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = old
        i18n.set_language(None)
    return status, out.getvalue() + err.getvalue()


def commands() -> list[list[str]]:
    """Every command and sub-command, as the words that name it: read from the English help listings."""
    found: list[list[str]] = [[]]
    for name in COMMANDS:
        found.append([name])
        _status, text = help_text(["--lang", "en", name])
        listing = text.split("positional arguments:", 1)[-1].split("\n\n", 1)[0]
        found.extend([name, m.group(1)] for line in listing.splitlines() if (m := _LISTED.match(line)))
    return found


def _file(words: list[str]) -> Path:
    return GOLDEN / ("-".join(words or ["landsraad"]) + ".txt")


@pytest.fixture(scope="module")
def every_command() -> list[list[str]]:
    return commands()


def test_the_walk_finds_the_sub_commands(every_command):
    for words in (["odds", "shoot"], ["resolve", "melee"], ["event", "standings"], ["house", "price"], ["drill", "list"]):
        assert words in every_command
    assert len(every_command) > 40


def test_english_help_is_unchanged(every_command):
    golden = {p.name for p in GOLDEN.glob("*.txt")}
    assert {_file(w).name for w in every_command} == golden, "a command was added or removed: write the golden files again"
    for words in every_command:
        status, text = help_text(["--lang", "en", *words])
        assert status == 0
        assert text == _file(words).read_text(encoding="utf-8"), words


def _english_lines(text: str) -> set[str]:
    """The help's sentences: lines of words, not option names, choices or file names alone."""
    keep = set()
    for line in text.splitlines():
        words = re.findall(r"[A-Za-z']{3,}", re.sub(r"\S*\w:\w\S*|--?[\w-]+|\{[^}]*\}|[\w.-]+\.(?:yaml|json|svg|png|html|csv)|[A-Z_]{2,}", " ", line))
        if len(words) >= 3:
            keep.add(line.strip())
    return keep


def test_french_help_has_no_english_line_left(every_command):
    left = []
    for words in every_command:
        _status, english = help_text(["--lang", "en", *words])
        status, french = help_text(["--lang", "fr", *words])
        assert status == 0
        assert french.startswith("utilisation : landsraad"), words
        same = _english_lines(english) & {line.strip() for line in french.splitlines()}
        left.extend(f"{' '.join(words) or 'landsraad'}: {line}" for line in sorted(same))
    assert not left, "\n".join(left)


def test_french_help_uses_argparse_words_from_the_catalog():
    _status, text = help_text(["--lang", "fr", "measure"])
    assert "arguments positionnels\u00a0:" in text and "options\u00a0:" in text
    assert "-h, --help            afficher ce message d'aide et quitter" in text
    assert "--svg FICHIER" in text and "écrire aussi une image de la réponse (SVG)" in text


SAME_IN_FRENCH = ("CLUB", "FACTIONS", "POISON")
"""Default metavars that are French words too."""


def test_french_help_gives_every_option_a_french_metavar(every_command):
    """argparse names an option's value by the option in capitals (``--games GAMES``); French help says ``--games N``."""
    english_left = []
    for words in every_command:
        _status, french = help_text(["--lang", "fr", *words])
        for option, metavar in re.findall(r"(--[a-z][\w-]*)[ =]([A-Z][A-Z_]+)\b", french):
            if metavar == option[2:].upper().replace("-", "_") and metavar not in SAME_IN_FRENCH:
                english_left.append(f"{' '.join(words)}: {option} {metavar}")
    assert not english_left, "\n".join(sorted(set(english_left)))
    _status, text = help_text(["--lang", "fr", "simulate"])
    assert "[--games N] [--seed GRAINE]" in text and "--red BANDE" in text and "[--log DOSSIER]" in text
    _status, text = help_text(["--lang", "fr", "play"])
    assert "[--save FICHIER]" in text and "[--drill EXERCICE]" in text and "[--opponent JOUEUR]" in text
    _status, text = help_text(["--lang", "en", "simulate"])
    assert "[--games GAMES] [--seed SEED]" in text


def _marked(node: ast.expr) -> bool:
    """A help value with no English words outside ``_(...)`` (a separator such as ``", "`` is no words)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "N_"):
        return True
    if isinstance(node, ast.Constant):
        return not (isinstance(node.value, str) and re.search(r"[A-Za-z]{2,}", node.value))
    return all(_marked(child) for child in ast.iter_child_nodes(node) if isinstance(child, ast.expr))


def test_every_help_text_of_the_cli_is_marked_for_the_catalog():
    unmarked = []
    for path in sorted(CLI.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                for kw in node.keywords:
                    if kw.arg in ("help", "description", "epilog") and not _marked(kw.value):
                        unmarked.append(f"{path.name}:{kw.value.lineno}: {kw.arg}={ast.unparse(kw.value)[:60]}")
    assert not unmarked, "\n".join(unmarked)


def test_argparse_errors_read_in_french():
    proc = warm.run(["measure"], text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_FR.UTF-8"})
    assert proc.returncode == 2
    assert proc.stderr.splitlines()[-1] == "landsraad measure : erreur : les arguments suivants sont obligatoires : scene, a, b"
    proc = warm.run(["--lang", "fr", "mesurer"], text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2
    assert "landsraad : erreur : argument COMMANDE : choix invalide : 'mesurer' (choix possibles : 'odds'," in proc.stderr
    proc = warm.run(["--lang", "en", "measure"], text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stderr.splitlines()[-1] == "landsraad measure: error: the following arguments are required: scene, a, b"


def write_golden(folder: Path) -> None:
    """Write the English help of every command into ``folder`` (run with the code whose English is the reference)."""
    folder.mkdir(parents=True, exist_ok=True)
    for words in commands():
        _status, text = help_text(["--lang", "en", *words])
        (folder / _file(words).name).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write_golden(Path(sys.argv[1]))
