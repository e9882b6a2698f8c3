"""``python -m landsraad ARGS`` for the CLI tests, from an interpreter that has already imported the package.

Most of a CLI test's time is the interpreter's start-up: importing numpy, shapely, pydantic and
the engine costs 1 to 2 s of CPU before the command does anything, and the suite runs the
command about a thousand times. :func:`run` is ``subprocess.run([sys.executable, "-m",
"landsraad", *args], capture_output=True)`` with that start-up paid once per test process: a
server process (``python -m tests.warm``, one for each pytest worker) imports the package once,
then forks one child per command. The child is a process of its own, as a real command is: it
takes the request's working directory, environment, standard input, output and error (files),
puts the working directory first on ``sys.path`` as ``-m`` does, and runs ``landsraad/__main__.py``
with :func:`runpy.run_module`; it then ends as any Python program ends (``sys.exit``, exit
handlers, an uncaught exception printed as a traceback, status 1), and its status, or the signal
that ended it, is the result's ``returncode``.

What a fork cannot reproduce is left to a real interpreter (:func:`run` starts one itself): an
environment that would make Python start otherwise than the server did (a ``PYTHON*`` variable
set or valued otherwise, ``PYTHONPATH`` naming another folder first), a working directory holding another
``landsraad`` package (but a copy of this checkout's package and bundled data, byte for byte), or
``LANDSRAAD_COLD_TESTS=1`` (every command cold). Tests of start-up itself (what a command imports, how long
it takes), of signals and of the installed script keep ``subprocess``. ``tests/test_warm.py`` checks that the two give the same output, status and files.
"""

from __future__ import annotations

import atexit
import io
import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Mapping, Sequence

ROOT = Path(__file__).resolve().parents[1]

_PRELOAD_SKIPPED = ("landsraad.viewer", "landsraad.cli.view", "landsraad.balance.ray", "landsraad.__main__")
"""Modules the server does not import: the viewer opens a display connection, Ray is optional."""


def _cold(args: Sequence[str], **kwargs: object) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "landsraad", *args], capture_output=True, **kwargs)  # type: ignore[call-overload, no-any-return]


def _needs_a_real_interpreter(cwd: Path, env: Mapping[str, str], server: Mapping[str, str] | None = None) -> bool:
    """Whether a fork of the server could differ from a new interpreter for this command.

    Python reads its ``PYTHON*`` variables once, at start-up: the server's (``server``, default this
    process's environment, which the server inherits) must be the command's, but for ``PYTHONPATH``
    when it names this checkout first (the server's own path) and ``PYTHONDONTWRITEBYTECODE``.
    """
    if os.environ.get("LANDSRAAD_COLD_TESTS", "") not in ("", "0"):
        return True
    started = os.environ if server is None else server
    for key in {k for k in (*env, *started) if k.startswith("PYTHON")} - {"PYTHONPATH", "PYTHONDONTWRITEBYTECODE"}:
        if env.get(key) != started.get(key):
            return True
    path = env.get("PYTHONPATH", "")
    if path and Path(path.split(os.pathsep)[0]).resolve() != ROOT:
        return True
    return cwd.resolve() != ROOT and (cwd / "landsraad").exists() and not _same_package(cwd)


_SHIPPED = ("landsraad", "factions", "missions", "scenes", "examples", "drills")
"""The folders a command reads its code and bundled data from (the package, ``content.DATA_KINDS``)."""

_same: dict[Path, bool] = {}


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for top in _SHIPPED for p in sorted((root / top).rglob("*"))
            if p.is_file() and "__pycache__" not in p.parts}


def _same_package(cwd: Path) -> bool:
    """Whether ``cwd`` holds this checkout's package and bundled data, byte for byte (a clean copy of it).

    A fork of the server runs this checkout's modules and reads its bundled folders: for a copy made of
    the same files (the README test's), that is what the copy's own interpreter would run and read.
    """
    key = cwd.resolve()
    if key not in _same:
        _same[key] = _files(key) == _files(ROOT)
    return _same[key]


class _Server:
    """One ``python -m tests.warm`` process and the lock that keeps its requests one at a time."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.proc: subprocess.Popen[str] | None = None

    def ask(self, request: dict[str, object]) -> dict[str, object]:
        with self.lock:
            for _attempt in (1, 2):
                if self.proc is None or self.proc.poll() is not None:
                    self.proc = subprocess.Popen(
                        [sys.executable, "-m", "tests.warm"], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                        text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
                assert self.proc.stdin is not None and self.proc.stdout is not None
                try:
                    self.proc.stdin.write(json.dumps(request) + "\n")
                    self.proc.stdin.flush()
                    line = self.proc.stdout.readline()
                except BrokenPipeError:
                    line = ""
                if line:
                    answer: dict[str, object] = json.loads(line)
                    return answer
                self.proc = None  # the server died: start another once
            raise RuntimeError("the warm test server ended without answering")

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


_SERVER = _Server()
atexit.register(_SERVER.close)

forked = 0
"""How many commands this process has run as a fork of the server (the others ran cold)."""


def run(args: Sequence[str], *, input: str | bytes | None = None, cwd: str | os.PathLike[str] | None = None,
        env: Mapping[str, str] | None = None, timeout: float | None = None, text: bool = False,
        check: bool = False) -> subprocess.CompletedProcess:
    """``subprocess.run([sys.executable, "-m", "landsraad", *args], capture_output=True, ...)``, started warm.

    Parameters
    ----------
    args : sequence of str
        The command's arguments (after ``landsraad``).
    input : str or bytes, optional
        Standard input (none: an empty one, ``/dev/null``).
    cwd, env, timeout, text, check
        As for :func:`subprocess.run`; ``env`` defaults to this process's environment.

    Returns
    -------
    subprocess.CompletedProcess
        ``args`` as the cold command line, ``returncode`` (negative: the signal), ``stdout``, ``stderr``.
    """
    where = Path(cwd) if cwd is not None else Path.cwd()
    environ = dict(os.environ if env is None else env)
    argv = [str(a) for a in args]
    if _needs_a_real_interpreter(where, environ):
        return _cold(argv, input=input, cwd=cwd, env=env, timeout=timeout, text=text, check=check)
    global forked
    forked += 1
    with tempfile.TemporaryDirectory(prefix="landsraad-warm-") as folder:
        files = {name: os.path.join(folder, name) for name in ("stdin", "stdout", "stderr")}
        data = input.encode() if isinstance(input, str) else (input or b"")
        Path(files["stdin"]).write_bytes(data)
        answer = _SERVER.ask({"args": argv, "cwd": str(where.resolve()), "env": environ, "timeout": timeout, **files})
        out, err = Path(files["stdout"]).read_bytes(), Path(files["stderr"]).read_bytes()
    stdout: str | bytes = out.decode(errors="replace") if text else out
    stderr: str | bytes = err.decode(errors="replace") if text else err
    cold_argv = [sys.executable, "-m", "landsraad", *argv]
    if answer.get("timeout"):
        raise subprocess.TimeoutExpired(cold_argv, timeout or 0.0, output=stdout, stderr=stderr)
    status = answer["status"]
    assert isinstance(status, int)
    result = subprocess.CompletedProcess(cold_argv, status, stdout, stderr)
    if check:
        result.check_returncode()
    return result


# --- the server ---------------------------------------------------------------------------------


def _preload() -> None:
    """Import every module of the package a command may load, but the viewer's."""
    import importlib
    import pkgutil

    import landsraad

    for info in pkgutil.walk_packages(landsraad.__path__, "landsraad."):
        if info.name.startswith(_PRELOAD_SKIPPED):
            continue
        try:
            importlib.import_module(info.name)
        except ImportError:  # an optional dependency (ray, pyglet) that is not installed
            pass


def _child(request: dict[str, object], channels: Sequence[io.TextIOWrapper]) -> None:
    """In the forked child: become the command and run it; never returns (the program ends).

    The standard streams stay the objects Python made at the server's start-up (UTF-8, as the tests'
    locale C.UTF-8 makes them, and never read by the server, so nothing is buffered in them); only
    the descriptors under them change.
    """
    import runpy

    for channel in channels:
        channel.close()

    environ = request["env"]
    assert isinstance(environ, dict)
    os.chdir(str(request["cwd"]))
    os.environ.clear()
    os.environ.update(environ)
    for fd, name, flags in ((0, "stdin", os.O_RDONLY), (1, "stdout", os.O_WRONLY | os.O_CREAT | os.O_TRUNC), (2, "stderr", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)):
        opened = os.open(str(request[name]), flags)
        os.dup2(opened, fd)
        os.close(opened)
    sys.path[0] = os.getcwd()  # -m puts the working directory first
    args = request["args"]
    assert isinstance(args, list)
    sys.argv = ["-m", *map(str, args)]
    runpy.run_module("landsraad", run_name="__main__", alter_sys=True)
    sys.exit(0)


def _serve() -> None:
    import select
    import signal
    import time

    # The requests and answers move to descriptors of their own: 0 and 1 are the commands' (and
    # until then /dev/null and the tests' standard error), so no stream object ever buffers a request.
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    os.dup2(2, 1)
    _preload()
    import gc
    gc.freeze()  # the preloaded objects: never collected again, so no child pays for walking them
    for line in requests:
        request = json.loads(line)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            _child(request, (requests, answers))
        timeout = request.get("timeout")
        deadline = None if timeout is None else time.monotonic() + float(timeout)
        timed_out = False
        cpu = 0.0
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                cpu = usage.ru_utime + usage.ru_stime
                break
            if deadline is not None and time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                timed_out = True
                break
            select.select([], [], [], 0.005)
        if timed_out:
            answers.write(json.dumps({"timeout": True}) + "\n")
        else:
            answers.write(json.dumps({"status": os.waitstatus_to_exitcode(status), "cpu": cpu}) + "\n")
        answers.flush()


if __name__ == "__main__":
    _serve()
