"""Tests of landsraad.warband.sharecode: a list in one checked line, read back by validate and roster."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.content import data_dir
from landsraad.warband import check_file, check_text
from landsraad.warband.listformat import WarbandList
from landsraad.warband.sharecode import ShareCodeError, decode_share_code, is_share_code, share_code
from tests import warm

from .test_textlist import _lists

ROOT = Path(__file__).resolve().parents[1]
CORRINO = data_dir("examples") / "lists" / "corrino.yaml"


def test_code_is_short_and_survives_case_spaces_and_line_breaks():
    report = check_file(CORRINO)
    code = share_code(report.warband)
    assert len(code) < 200, code  # a six-model list in a chat line
    assert set(code[4:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567-")
    mangled = code.lower().replace("-", " ")
    mangled = mangled[:40] + "\n" + mangled[40:]
    assert check_text(mangled, "chat").warband == report.warband


@settings(max_examples=100, deadline=None)
@given(_lists(), st.data())
def test_any_changed_character_fails_the_check(warband, data):
    code = share_code(warband)
    assert check_text(code, "code").warband == check_text(share_code(warband), "code").warband
    assert decode_share_code(code) == warband.model_dump(mode="json", exclude_defaults=True)
    body = [i for i, c in enumerate(code) if i > 3 and c != "-"]
    i = data.draw(st.sampled_from(body))
    other = data.draw(st.sampled_from([c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567" if c != code[i]]))
    changed = code[:i] + other + code[i + 1:]
    with pytest.raises(ShareCodeError):
        decode_share_code(changed)
    dropped = code[:i] + code[i + 1:]
    with pytest.raises(ShareCodeError):
        decode_share_code(dropped)


def test_a_changed_last_character_fails_even_where_it_carries_no_bits():
    """Hypothesis found it: the last base-32 character of a code holds a few unused low bits, which the
    decoder drops; a last character changed only there decoded to the same bytes and passed the check."""
    code = share_code(WarbandList(name="Duo", faction="corrino", models=[{"type": "scout"}]))
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    unused = (5 * len(code[4:].replace("-", ""))) % 8  # bits of the last character past the last byte
    assert unused, "this list's code ends on a whole byte: pick another"
    last = alphabet.index(code[-1])
    twin = alphabet[last ^ 1]  # the lowest bit is one of the unused ones
    with pytest.raises(ShareCodeError):
        decode_share_code(code[:-1] + twin)


def test_bad_code_is_a_finding_not_a_crash():
    code = share_code(check_file(CORRINO).warband)
    report = check_text(code[:-3], "chat")
    assert [f.code for f in report.findings] == ["share-code"] and "copy the whole code again" in report.findings[0].message
    assert not is_share_code("LR1") and not is_share_code("examples/lists/corrino.yaml") and not is_share_code("LR1-" + "A" * 30000)


def _run(*args: str) -> subprocess.CompletedProcess:
    proc = warm.run(args, text=True, cwd=ROOT, timeout=120)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def test_validate_and_roster_accept_a_share_code_and_roster_prints_one(tmp_path):
    made = _run("roster", str(CORRINO), "--format", "code")
    assert made.returncode == 0 and made.stdout.startswith("LR1-")
    code = made.stdout.strip()
    checked = _run("validate", code)
    assert checked.returncode == 0 and "share code: valid - House Corrino, 15 / 15 points" in checked.stdout
    roster = _run("roster", code)
    assert roster.returncode == 0 and "Imperial strike team - House Corrino - 15 / 15 points - VALID" in roster.stdout
    (tmp_path / "code.txt").write_text(code + "\n")
    assert _run("validate", str(tmp_path / "code.txt")).returncode == 0
    bad = _run("validate", code[:-4])
    assert bad.returncode == 1 and "check does not match" in bad.stdout
