"""Tests of landsraad.play.terminal: plain text for pipes and scripts."""

import io
import re

from landsraad.play.terminal import PlainTerminal


def test_plain_terminal_reads_lines_echoes_them_and_reports_the_end():
    out = io.StringIO()
    term = PlainTerminal(io.StringIO("first\n\nlast"), out)
    assert [term.read("> "), term.read("> "), term.read("> "), term.read("> ")] == ["first", "", "last", None]
    assert out.getvalue().startswith("> first\n> \n> last\n> ")


def test_plain_menu_aligns_notes_and_tables_columns():
    out = io.StringIO()
    term = PlainTerminal(io.StringIO(""), out)
    term.menu("What?", [("1", "move", ""), ("2", "shoot with pistol", "hits 50%")], "red")
    term.table("Score", ("side", "VP"), [("red", "12"), ("blue", "3")])
    lines = out.getvalue().splitlines()
    assert lines[:3] == ["What?", "   1. move", "   2. shoot with pistol   hits 50%"]
    assert lines[4].index("VP") == lines[5].index("12")


def test_rich_menus_are_a_grid_of_key_label_and_odds_with_the_title_in_the_sides_colour_issue_38():
    from rich.console import Console

    from landsraad.play.terminal import RichTerminal

    out = io.StringIO()
    term = RichTerminal(Console(file=out, force_terminal=True, color_system="standard", width=120, highlight=False))
    term.menu("red - Which weapon?", [("1", "move", ""), ("2", "shoot with pistol", "hits 36%, fatal 0%, dodges 64% (3-12 cm)")], "red")
    text = out.getvalue()
    assert "\x1b[1;31mred - Which weapon?" in text  # bold red: the side's colour
    lines = [line for line in _strip(text).splitlines() if line.strip()]
    assert lines[1].split() == ["1", "move"] and lines[2].split()[:4] == ["2", "shoot", "with", "pistol"]
    assert lines[2].index("hits 36%") > lines[2].index("pistol")  # notes in their own column
    assert "\x1b[36mhits 36%" in text  # the odds column in cyan


def _strip(text):
    return re.sub(r"\x1b\[[0-9;]*m", "", text)
