"""The ``landsraad`` command itself: version, help, bad usage (one line, status 2, no traceback)."""

import subprocess
import sys

import landsraad
from landsraad.cli import build_parser, main
from tests import warm


def run(*args):
    return warm.run(args, text=True, timeout=120)


def test_version():
    out = run("--version")
    assert out.returncode == 0 and out.stdout.strip() == f"landsraad {landsraad.__version__}"


def test_every_command_group_registers():
    parser = build_parser()
    text = parser.format_help()
    for command in ("demo", "simulate", "replay", "odds", "resolve", "measure", "move", "reach", "template",
                    "check-scene", "validate", "roster", "schema", "factions", "faction"):
        assert command in text, command


def test_no_command_prints_help_and_fails(capsys):
    assert main([]) == 2
    assert "usage: landsraad" in capsys.readouterr().out


def test_unknown_command_is_one_line():
    out = run("conquer")
    assert out.returncode == 2 and "invalid choice" in out.stderr and "Traceback" not in out.stderr


# --- output that nobody reads, errors that would flood (issue 15) ---------------------------

from pathlib import Path  # noqa: E402

from landsraad.cli import MAX_ERROR_LINES  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data" / "lists"


def _closed_pipe_status(*args):
    """Run the command with its standard output closed by the reader before it writes."""
    proc = subprocess.Popen([sys.executable, "-m", "landsraad", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    proc.stdout.close()  # like `| head -0`: the reader is gone before the first line
    err = proc.stderr.read()
    return proc.wait(timeout=120), err


def test_validate_fails_on_bad_lists_even_when_its_output_pipe_is_closed():
    status, err = _closed_pipe_status("validate", str(DATA / "invalid"))
    assert status == 1, err
    assert "Traceback" not in err


def test_validate_succeeds_on_good_lists_when_its_output_pipe_is_closed():
    good = run("validate", str(DATA / "valid" / "corrino-15.yaml"))
    assert good.returncode == 0, good.stdout + good.stderr  # the oracle: with a reader
    status, err = _closed_pipe_status("validate", str(DATA / "valid" / "corrino-15.yaml"))
    assert status == 0 and "Traceback" not in err


def test_an_error_with_thousands_of_problems_prints_a_bounded_message(tmp_path):
    path = tmp_path / "many.yaml"
    path.write_text("id: x\nname: X\nprofiles:\n" + "".join(f"  - {{id: p{i}, bogus: 1}}\n" for i in range(300)),
                    encoding="utf-8")
    out = run("faction", str(path))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    lines = out.stderr.splitlines()
    assert len(lines) == MAX_ERROR_LINES + 1 and lines[-1].endswith("more problems.")


# --- the command table: only the chosen command's module is imported (issue 39) -------------

import argparse  # noqa: E402
import importlib  # noqa: E402

from landsraad.cli import COMMANDS  # noqa: E402


def _registered(module: str) -> dict[str, str]:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    importlib.import_module(module).register(sub)
    return {action.dest: action.help for action in sub._choices_actions}


def test_the_command_table_matches_what_each_module_registers():
    by_module: dict[str, list[str]] = {}
    for name, (module, _) in COMMANDS.items():
        by_module.setdefault(module, []).append(name)
    for module, names in by_module.items():
        registered = _registered(module)
        assert list(registered) == names, module  # the same commands, in the table's order
        for name in names:
            assert registered[name].replace("%%", "%") == COMMANDS[name][1], name


def test_each_modules_commands_stand_together_in_the_table():
    modules = [module for module, _ in COMMANDS.values()]
    seen: list[str] = []
    for module in modules:
        if not seen or seen[-1] != module:
            assert module not in seen, module
            seen.append(module)


def _modules_after(*argv: str) -> set[str]:
    code = ("import sys, io, contextlib\nfrom landsraad.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
            f"    try:\n        main({list(argv)!r})\n    except SystemExit:\n        pass\n"
            "print(' '.join(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return set(out.stdout.split())


def test_help_imports_no_command_module():
    loaded = _modules_after("--help")
    assert not {m for m, _ in COMMANDS.values()} & loaded
    assert not {"numpy", "shapely", "pydantic", "landsraad.scene"} & loaded


def test_a_commands_help_imports_its_module_only():
    loaded = _modules_after("measure", "--help")
    assert "landsraad.cli.measure" in loaded
    assert not {m for m, _ in COMMANDS.values() if m != "landsraad.cli.measure"} & loaded


def test_measure_does_not_load_the_engine_the_search_or_the_terminal():
    loaded = _modules_after("measure", "reference", "red-1", "blue-1")
    heavy = {"landsraad.engine", "landsraad.ai", "landsraad.search", "landsraad.play", "prompt_toolkit", "networkx",
             "rich", "landsraad.geometry.movement", "landsraad.odds", "landsraad.rules"}
    assert not heavy & loaded, heavy & loaded


def test_a_mistyped_command_still_lists_every_command():
    out = run("mesure")
    assert out.returncode == 2 and "invalid choice" in out.stderr
    assert "'measure'" in out.stderr and "'check-scene'" in out.stderr


def test_move_does_not_load_sight_the_dice_or_the_engine():
    loaded = _modules_after("move", "reference", "red-1", "--to", "10,20")
    heavy = {"landsraad.engine", "landsraad.ai", "landsraad.odds", "landsraad.rules", "networkx", "prompt_toolkit",
             "landsraad.geometry.sight"}
    assert not heavy & loaded, heavy & loaded
