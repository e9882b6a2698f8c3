"""The installed package: data found from any folder, no generic top-level module (issue 2, skeleton)."""

import importlib.metadata
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import tomllib

REPO = Path(__file__).resolve().parent.parent


def _installed_script() -> str | None:
    here = Path(sys.executable).parent / "landsraad"
    return str(here) if here.exists() else shutil.which("landsraad")


def test_bundled_data_folders_are_shipped_in_the_wheel():
    config = tomllib.loads((REPO / "pyproject.toml").read_text())
    shipped = config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    for folder in ("factions", "missions", "scenes", "examples"):
        assert shipped[folder] == f"landsraad/_data/{folder}"
        assert (REPO / folder).is_dir()


def test_installed_command_finds_its_data_from_another_folder(tmp_path):
    script = _installed_script()
    if script is None:
        pytest.skip("the landsraad command is not installed in this environment")
    out = subprocess.run([script, "factions", "--json"], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "corrino" in out.stdout and "fremen" in out.stdout
    out = subprocess.run([script, "validate", str(REPO / "examples" / "lists")], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert out.returncode == 0, out.stderr


def test_no_generic_top_level_module_is_installed():
    try:
        files = importlib.metadata.files("landsraad")
    except importlib.metadata.PackageNotFoundError:
        pytest.skip("landsraad is not installed as a distribution")
    top = {f.parts[0] for f in files or () if f.parts and not f.parts[0].endswith((".dist-info", ".pth")) and f.parts[0] not in ("..", "bin")}
    # A wheel installs the package alone (editable installs add a .pth and an __editable__ loader).
    assert all(t == "landsraad" or t.startswith("__editable__") for t in top), top
