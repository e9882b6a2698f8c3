"""The README's commands run as written from a clean copy, and the docs stand alone.

Every ``landsraad ...`` line of the README's code blocks (continuation lines joined, comments
dropped) is run as ``python -m landsraad`` (:func:`tests.warm.run`: the copy holds this checkout's package
and data byte for byte, so a fork of the warm server runs what the copy's interpreter would) in a fresh copy of the repository's files (``git
ls-files``, committed into a new git repository); each must exit 0 without a traceback, and
``git status --porcelain`` must stay empty: outputs go to the ignored ``out/`` folder. The
commands are read from the README when the test runs, so sections added later are covered.
The install lines at the top (``python3 -m venv ...``) are not ``landsraad`` lines.

The docs stand alone: no pointer to ``../shared``; every rule ID (``R-...``, ``RUL-nn``) cited
in the package, the docs or the README is stated in docs/rules.md, and every project ruling
(``PRJ-nn``) in docs/rulings.md.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from tests import warm
from tests.viewer.display import x_display  # noqa: F401  (the fixture, for the viewer's command)

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"


def readme_commands(text: str) -> list[list[str]]:
    """The ``landsraad`` command lines of the README's fenced code blocks, as argument lists.

    >>> readme_commands("x\\n```sh\\nlandsraad odds shoot \\\\\\n  --distance 3   # why\\npip install .\\n```\\n")
    [['landsraad', 'odds', 'shoot', '--distance', '3']]
    """
    out: list[list[str]] = []
    for block in re.findall(r"^```[a-z]*\n(.*?)^```", text, flags=re.S | re.M):
        joined = re.sub(r"\\\n\s*", " ", block)
        for line in joined.splitlines():
            if line.strip().startswith("landsraad "):
                out.append(shlex.split(line, comments=True))
            elif line.strip().startswith("for "):  # a shell loop that prepares files (e.g. an event's entries)
                out.append(["bash", "-c", line.strip()])
    return out


def _git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", "-c", "user.email=readme@test", "-c", "user.name=readme-test", *args], cwd=cwd,
                          check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def clean_copy(tmp_path_factory) -> Path:
    if shutil.which("git") is None or not (REPO / ".git").exists():
        pytest.skip("needs git and a git checkout")
    files = _git("ls-files", "--cached", "--others", "--exclude-standard", "-z", cwd=REPO).split("\0")
    copy = tmp_path_factory.mktemp("clone")
    for name in filter(None, files):
        source = REPO / name
        if source.is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, copy / name)
    _git("init", "-q", cwd=copy)
    _git("add", "-A", cwd=copy)
    _git("commit", "-q", "-m", "clean copy", cwd=copy)
    assert _git("status", "--porcelain", cwd=copy) == ""
    return copy


def test_the_readme_keeps_its_first_lines():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# landsraad"
    assert "pip install . && landsraad demo" in "\n".join(lines[:10])


def test_every_readme_command_runs_from_a_clean_copy(clean_copy, request):
    commands = readme_commands(README.read_text(encoding="utf-8"))
    assert sum(1 for c in commands if c[0] == "landsraad") >= 15
    failures = []
    for argv in commands:
        if argv[0] == "bash":
            r = subprocess.run(argv, cwd=clean_copy, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
            if r.returncode != 0:
                failures.append(f"{argv[2]} -> exit {r.returncode}: {r.stderr.strip()[-300:]}")
            continue
        words = [w for i, w in enumerate(argv[1:]) if not w.startswith("-") and argv[i] != "--lang"]  # --lang fr view ...
        if words[:1] == ["view"]:
            # The viewer opens a window: it runs on a real (virtual) display and draws one frame.
            request.getfixturevalue("x_display")
            if "--screenshot" not in argv:
                argv = [*argv, "--screenshot", "out/readme-view.png"]
        # No input: a command that asks questions (landsraad play) meets the end of its input.
        r = warm.run(argv[1:], cwd=clean_copy, text=True, timeout=600)
        if r.returncode != 0 or "Traceback" in r.stderr:
            failures.append(f"{shlex.join(argv)} -> exit {r.returncode}: {r.stderr.strip()[-300:]}")
    assert not failures, "\n".join(failures)
    status = _git("status", "--porcelain", "--untracked-files=all", cwd=clean_copy)
    assert status == "", f"README commands left files outside ignored folders:\n{status}"


ID = re.compile(r"\b(R-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*|RUL-\d{2}|PRJ-\d{2})\b(?!-\*)")


def _cited() -> dict[str, set[str]]:
    cited: dict[str, set[str]] = {}
    paths = [README, *(REPO / "docs").glob("*.md"), *(REPO / "landsraad").rglob("*.py")]
    for path in paths:
        for rule in ID.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(rule, set()).add(str(path.relative_to(REPO)))
    return cited


def test_every_cited_rule_is_stated_in_the_repository():
    rules = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    rulings = (REPO / "docs" / "rulings.md").read_text(encoding="utf-8")
    stated = set(re.findall(r"\*\*(R-[A-Z0-9-]+|RUL-\d{2})\b", rules)) | set(re.findall(r"\*\*(PRJ-\d{2})\b", rulings))
    missing = {rule: sorted(where) for rule, where in _cited().items() if rule not in stated}
    assert not missing, f"cited but never stated: {missing}"


def test_no_pointer_outside_the_repository():
    for path in [README, *(REPO / "docs").glob("*.md"), *(REPO / "landsraad").rglob("*.py")]:
        assert "../shared" not in path.read_text(encoding="utf-8"), path
