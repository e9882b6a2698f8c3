"""Atomic writes: a failure at any point leaves the previous file whole (issue 15)."""

import os

import pytest

from landsraad import fileio
from landsraad.fileio import OutputPathError, atomic_write_text, check_output_dir, check_output_path


def test_atomic_write_replaces_the_whole_file(tmp_path):
    target = tmp_path / "game.json"
    atomic_write_text(target, "old")
    atomic_write_text(target, "new content")
    assert target.read_text() == "new content"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left behind


def test_a_failed_write_leaves_the_previous_file_intact(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    atomic_write_text(target, "precious")

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(fileio.os, "fsync", broken_fsync)
    with pytest.raises(OutputPathError, match="No space left on device"):
        atomic_write_text(target, "x" * 100_000)
    assert target.read_text() == "precious"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_crlf_for_spreadsheets(tmp_path):
    target = tmp_path / "a.csv"
    atomic_write_text(target, "a;b\n1;2\n", newline="\r\n", encoding="utf-8-sig")
    assert target.read_bytes() == b"\xef\xbb\xbfa;b\r\n1;2\r\n"


def test_output_paths_are_checked_before_work(tmp_path):
    with pytest.raises(OutputPathError, match="does not exist"):
        check_output_path(tmp_path / "nodir" / "x.svg", what="--svg")
    with pytest.raises(OutputPathError, match="is a folder"):
        check_output_path(tmp_path, what="--save")
    with pytest.raises(OutputPathError, match="255 bytes"):
        check_output_path(tmp_path / ("x" * 5000), what="--save")
    (tmp_path / "file").write_text("")
    with pytest.raises(OutputPathError, match="is a file"):
        check_output_dir(tmp_path / "file", what="--svg-dir")
    assert check_output_dir(tmp_path / "a" / "b").is_dir()
    assert check_output_path(tmp_path / "ok.json") == tmp_path / "ok.json"
    assert os.access(tmp_path, os.W_OK)


def test_a_written_file_gets_the_usual_mode_not_a_private_one(tmp_path):
    target = tmp_path / "shot.png"
    atomic_write_text(target, "x")
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask
    target.chmod(0o640)
    atomic_write_text(target, "y")  # a replaced file keeps its mode
    assert target.stat().st_mode & 0o777 == 0o640
