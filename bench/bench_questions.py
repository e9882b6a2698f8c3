"""How many questions a person answers per own activation over a whole game on defaults (issue 38).

A scripted person presses Enter at every prompt of ``landsraad play`` (in-process: the same
:class:`~landsraad.play.session.Session`, a terminal that answers empty lines) against the
heuristic player on the demo table; the game is saved and the figure is read back from the
saved game: the questions asked (``players.questions``) over the person's activations (the
``activate`` events of the person's side in the log), set-up questions included. Also printed:
the engine decisions the person's side answered, asked or not.

Run: ``python bench/bench_questions.py [--seeds 1 2 3] [--red corrino] [--blue fremen]``.
"""

from __future__ import annotations

import argparse
import io
import sys
import tempfile
import time
from pathlib import Path

from landsraad.cli.play import _demo_table
from landsraad.engine import new_game
from landsraad.engine.record import load_record
from landsraad.play.session import Session
from landsraad.play.terminal import PlainTerminal
from landsraad.players import make_player


class EnterOnly(PlainTerminal):
    """A person who presses Enter at every prompt (the game ends before the input does)."""

    def __init__(self) -> None:
        super().__init__(io.StringIO(""), io.StringIO())

    def read(self, prompt: str) -> str | None:
        return ""


def one_game(seed: int, red: str, blue: str, human: str) -> tuple[int, int, int]:
    """(questions, activations, engine decisions) of the person in one whole game, read from its saved file."""
    game = new_game(red, blue, seed=seed, dice="digital", setup=_demo_table())
    other = "blue" if human == "red" else "red"
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "game.json")
        session = Session(game=game, terminal=EnterOnly(), humans=frozenset({human}),
                          opponents={other: make_player("heuristic", seed * 2 + (1 if other == "red" else 2))}, seed=seed,
                          save_path=path, players={human: "human", other: "heuristic"})
        end = session.run()
        assert end.how == "over", end
        session.save(path)
        record = load_record(path)
    questions = int(record.players["questions"])
    activations = sum(1 for e in record.log if e["kind"] == "activate" and e.get("side") == human)
    decisions = sum(1 for e in record.log if e["kind"] == "decision" and e.get("side") == human)
    return questions, activations, decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--red", default="corrino")
    parser.add_argument("--blue", default="fremen")
    parser.add_argument("--human", default="red", choices=("red", "blue"))
    args = parser.parse_args(argv)
    total_q = total_a = total_d = 0
    for seed in args.seeds:
        start = time.perf_counter()
        q, a, d = one_game(seed, args.red, args.blue, args.human)
        total_q, total_a, total_d = total_q + q, total_a + a, total_d + d
        print(f"seed {seed}: {q} questions for {a} activations ({q / max(a, 1):.2f} per activation); "
              f"{d} engine decisions ({d / max(a, 1):.2f}); {time.perf_counter() - start:.1f} s")
    print(f"all: {total_q} questions / {total_a} activations = {total_q / max(total_a, 1):.2f} per activation "
          f"(engine decisions {total_d / max(total_a, 1):.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
