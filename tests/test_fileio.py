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


# --- issue 42: inputs are regular files, checked at once -------------------------------------------


from landsraad.errors import DataError  # noqa: E402
from landsraad.fileio import InputPathError, check_input_file, path_kind, read_bounded  # noqa: E402


def test_path_kind_names_every_kind_without_raising(tmp_path):
    (tmp_path / "f").write_text("x")
    os.mkfifo(tmp_path / "p")
    os.symlink(tmp_path / "nowhere", tmp_path / "dangling")
    assert path_kind(tmp_path / "f") == "file"
    assert path_kind(tmp_path) == "folder"
    assert path_kind(tmp_path / "p") == "pipe"
    assert path_kind(tmp_path / "dangling") == "missing"
    assert path_kind(tmp_path / "f" / "under") == "missing"  # a file is not a folder
    assert path_kind("x" * 300) == "too long" and path_kind("a/" * 3000) == "too long"
    assert path_kind("nul\x00byte") == "missing"
    if os.path.exists("/dev/null"):
        assert path_kind("/dev/null") == "device"


@pytest.mark.parametrize("make, words", [
    (lambda d: d / "missing", "No such file."),
    (lambda d: d, "This is a folder, not a file."),
    (lambda d: (os.mkfifo(d / "p"), d / "p")[1], "named pipe (FIFO)"),
    (lambda d: "n" * 300, "300 bytes long; a file name has at most 255"),
])
def test_check_input_file_refuses_with_one_sentence_naming_the_argument(tmp_path, make, words):
    with pytest.raises(InputPathError) as info:
        check_input_file(make(tmp_path), what="--faction-file")
    text = str(info.value)
    assert text.startswith("--faction-file: ") and words in text and "\n" not in text
    assert isinstance(info.value, DataError)


def test_read_bounded_reads_at_most_the_bound_plus_one(tmp_path):
    path = tmp_path / "big"
    path.write_bytes(b"a" * 1000)
    assert read_bounded(path, 10) == b"a" * 11
    assert read_bounded(path, 5000) == b"a" * 1000
