"""Explaining the search (landsraad.search.explain, issue 45): what a search compared, in a line a
player reads, and ``--explain`` on the real commands.

The expected margins are worked out here from the logistic the values are (value = 1 / (1 + exp(-m / 4)),
so m = 4 log(v / (1 - v))), not read back from the code under test.
"""

from __future__ import annotations

import math
import re
import subprocess
import time
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from landsraad.ai import HeuristicPlayer
from landsraad.search.evaluate import SCALE_VP, value_margin
from landsraad.search.explain import answer_label, explain_search
from landsraad.search.player import Level, SearchPlayer, SearchStats
from tests import warm

ROOT = Path(__file__).resolve().parents[2]
SMALL = Level("small", kinds=("activate",), candidates=3, samples=3, depth=1, margin=0.0)


def _margin(v: float) -> float:
    return 4.0 * math.log(v / (1.0 - v))


@given(st.floats(-60, 60))
def test_a_value_gives_back_the_margin_it_stands_for(margin):
    value = 1.0 / (1.0 + math.exp(-margin / SCALE_VP))
    assert abs(value_margin(value) - margin) < 1e-6 * max(1.0, abs(margin))


def test_the_stats_carry_each_candidates_expected_margin_and_rollouts():
    player = SearchPlayer(1, SMALL)
    rows = [[0.5, 0.7, None], [0.6, 0.8, None], [None, None, None]]  # the third sample found no root
    said = []
    player.explain = lambda stats, view: said.append(stats)
    best = player._choose("activate", rows, ("a", "b", "c"), None, time.process_time())
    s = player.stats[-1]
    assert best == 1 and s.chosen == 1 and said == [s]
    assert s.counts == [2, 2, 0] and s.rooted == 2 and s.samples == 3
    assert abs(s.margins[0] - (_margin(0.5) + _margin(0.6)) / 2) < 1e-9
    assert abs(s.margins[1] - (_margin(0.7) + _margin(0.8)) / 2) < 1e-9
    assert s.margins[2] is None and s.answers == ("a", "b", "c")


def test_the_line_names_the_move_played_then_the_best_others():
    s = SearchStats(kind="activate", candidates=4, rollouts=12, samples=3, rooted=3, chose_heuristic=False,
                    values=[0.4, 0.6, 0.5, 0.45], answers=("m1", "m2", "m3", "m4"), margins=[-1.62, 1.62, 0.0, -0.8],
                    counts=[3, 3, 3, 3], chosen=1)
    line = explain_search(s, None, "blue", top=3)
    assert line.startswith("blue, which model to activate: m2 (+1.6 VP, 3 rollouts) against m3 (+0.0 VP, 3 rollouts), m4 (-0.8 VP")
    assert "and 1 other" in line and "m1" not in line, "only the top three are named; the rest are counted"


def test_a_kept_heuristic_choice_says_why_another_scored_higher():
    s = SearchStats(kind="move", candidates=2, rollouts=4, samples=2, rooted=1, chose_heuristic=True, values=[0.5, 0.51],
                    answers=((10.0, 12.25), None), margins=[0.0, 0.16], counts=[2, 2], chosen=0)
    line = explain_search(s, None, "red")
    assert line.startswith("red, where to move: (10.0, 12.2) (+0.0 VP, 2 rollouts; the heuristic's choice) against no move (+0.2 VP")
    assert "none was better by the level's margin" in line and "1 of 2 samples found no world" in line


def test_a_ranking_reads_as_card_names():
    assert answer_label(["activation", "spice_theft"], None) == "Activation > Spice theft"


def test_explained_searches_of_a_real_game_name_its_models_and_values(at_red_activation):
    game = at_red_activation.clone()
    lines = []
    player = SearchPlayer(3, SMALL, explain=lambda stats, view: lines.append((stats, view, explain_search(stats, view, "red"))))
    blue = HeuristicPlayer(4)
    while not game.over and len(lines) < 3:
        d = game.decision
        game.answer((player if d.side == "red" else blue).decide(d, game.view(d.side)))
    assert len(lines) == 3
    for stats, view, line in lines:
        names = {m.id: m.name for m in view.models}
        played = stats.answers[stats.chosen]
        assert line.startswith(f"red, which model to activate: {names[played]} ({played}) ({stats.margins[stats.chosen]:+.1f} VP, "
                               f"{stats.counts[stats.chosen]} rollouts")
        for i, answer in enumerate(stats.answers[:3]):
            if stats.margins[i] is not None and f"({answer})" in line:
                assert f"({answer}) ({stats.margins[i]:+.1f} VP" in line


def _run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return warm.run(args, input=stdin, text=True, cwd=ROOT, timeout=900)


_LINE = re.compile(r"^game 5: red, which model to activate: .+ \([+-]\d+\.\d VP, \d+ rollouts?(; the heuristic's choice)?\)"
                   r"( against .+ \([+-]\d+\.\d VP, \d+ rollouts?.*)?\.$")


def test_simulate_explain_prints_each_search_with_candidates_and_expected_vp():
    out = _run("simulate", "--red", "corrino", "--blue", "fremen", "--players", "search:100ms,heuristic", "--games", "1",
               "--seed", "5", "--explain")
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    said = [line for line in out.stdout.splitlines() if line.startswith("game 5: ")]
    assert len(said) >= 5, out.stdout[-2000:]
    assert all(_LINE.match(line) for line in said), [line for line in said if not _LINE.match(line)][:3]
    assert all("blue," not in line for line in said), "the heuristic searches nothing, so it explains nothing"
    assert "1 game(s), seeds 5 to 5" in out.stdout


def test_simulate_json_keeps_stdout_for_json_and_explains_on_stderr():
    import json

    out = _run("simulate", "--red", "corrino", "--blue", "fremen", "--players", "heuristic,search:100ms", "--games", "1",
               "--seed", "6", "--json", "--explain")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["games"] == 1
    assert "game 6: blue, which model to activate: " in out.stderr


def test_play_explain_says_why_beside_the_computers_moves():
    out = _run("play", "--seed", "4", "--opponent", "search:100ms", "--explain", stdin="\n" * 40 + "quit\n")  # 11 searched moves of blue
    assert "Traceback" not in out.stdout + out.stderr
    why = [line for line in out.stdout.splitlines() if "Why: blue, which model to activate: " in line]
    assert why, out.stdout[-3000:]
    assert all(" VP, " in line and "rollout" in line for line in why)
