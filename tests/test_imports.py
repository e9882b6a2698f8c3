"""The package's module import graph, built from the source (ast): the ``missions`` and ``specials``
packages have no import cycle, counting the imports made only for the type checker (issue 44)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "landsraad"


def _module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _resolve(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The absolute name of ``from <level dots><name> import ...`` written in ``module``."""
    if level == 0:
        return name or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Each module of ``root`` -> the package modules it imports (at any depth, ``TYPE_CHECKING`` included).

    ``from . import x`` counts as importing the submodule ``x`` where there is one; an import of a
    name from a package counts as importing the package (its ``__init__``).
    """
    files = {_module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        is_package = path.name == "__init__.py"
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                edges.update(a.name for a in node.names if a.name in files)
            elif isinstance(node, ast.ImportFrom):
                target = _resolve(module, is_package, node.level, node.module)
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    if sub in files:
                        edges.add(sub)
                    elif target in files:
                        edges.add(target)
        graph[module] = edges - {module}
    return graph


def cycles(graph: dict[str, set[str]], within: str) -> list[list[str]]:
    """The import cycles among the modules of the package ``within`` (one path per strongly connected group)."""
    nodes = {m for m in graph if m == within or m.startswith(within + ".")}
    found: list[list[str]] = []
    state: dict[str, int] = {}  # 1: on the path, 2: done

    def visit(m: str, path: list[str]) -> None:
        state[m] = 1
        for n in sorted(graph[m] & nodes):
            if state.get(n) == 1:
                found.append(path[path.index(n):] + [m, n] if n in path else [m, n])
            elif n not in state:
                visit(n, path + [m])
        state[m] = 2

    for m in sorted(nodes):
        if m not in state:
            visit(m, [])
    return found


def test_the_graph_sees_relative_absolute_and_type_checking_imports(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("from . import a\n")
    (pkg / "a.py").write_text("from .sub.b import thing\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..a import X\nimport pkg.sub\n")
    graph = import_graph(pkg)
    assert graph == {"pkg": {"pkg.a"}, "pkg.a": {"pkg.sub.b"}, "pkg.sub": set(), "pkg.sub.b": {"pkg.a", "pkg.sub"}}
    assert cycles(graph, "pkg") == [["pkg.a", "pkg.sub.b", "pkg.a"]]
    assert cycles(graph, "pkg.sub") == []


@pytest.mark.parametrize("package", ["landsraad.missions", "landsraad.specials"])
def test_package_has_no_import_cycle(package):
    graph = import_graph()
    assert package in graph
    assert cycles(graph, package) == []
