"""The lazily loaded package namespaces (landsraad.lazy, issue 39)."""

import subprocess
import sys

import landsraad.geometry as geometry
import landsraad.odds as odds


def test_every_listed_name_loads_and_is_the_submodules_own():
    import importlib

    for package in (geometry, odds):
        for name, module in package._EXPORTS.items():
            assert getattr(package, name) is getattr(importlib.import_module(f"{package.__name__}.{module}"), name)
        assert set(package._EXPORTS) <= set(dir(package))


def test_one_name_loads_its_submodule_alone():
    code = "import sys, landsraad.geometry as g; g.Base; print(sorted(m for m in sys.modules if m.startswith('landsraad.geometry.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "landsraad.geometry.board" in out and "landsraad.geometry.movement" not in out
