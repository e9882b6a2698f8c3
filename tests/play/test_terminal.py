"""Tests of landsraad.play.terminal: plain text for pipes and scripts."""

import io

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
