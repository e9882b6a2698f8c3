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


def test_type_checkers_see_every_public_name_with_its_submodule():
    # A checker cannot follow __getattr__: each lazy package imports its public names under
    # TYPE_CHECKING, and lists them in a literal __all__ (mypy re-exports no other name there).
    import ast
    import importlib
    from pathlib import Path

    for name in ("landsraad.geometry", "landsraad.geometry.movement", "landsraad.rules", "landsraad.odds", "landsraad.play"):
        package = importlib.import_module(name)
        tree = ast.parse(Path(package.__file__).read_text(encoding="utf-8"))
        seen: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
                for imp in node.body:
                    assert isinstance(imp, ast.ImportFrom) and imp.level == 1 and imp.module
                    seen.update({alias.name: imp.module for alias in imp.names})
        public = {n: m for n, m in package._EXPORTS.items() if not n.startswith("_")}
        assert seen == public, name
        literal = next(n.value for n in tree.body if isinstance(n, ast.Assign) and any(getattr(t, "id", None) == "__all__" for t in n.targets))
        assert set(ast.literal_eval(literal)) == set(public), name
