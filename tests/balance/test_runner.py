"""The balance runner: seeds from the game's identity only, same results on 1 or 2 workers and Ray, resume."""

import importlib.util

import pytest

from landsraad.balance import contestant, game_seed, make_tasks, pair_scores, pairing_verdict, run_games, run_sequential
from landsraad.content import parse_document
from landsraad.errors import UsageError
from landsraad.houses import house_from_document, starter_house_text
from landsraad.warband import validate


@pytest.fixture(scope="module")
def tasks():
    return make_tasks([contestant("fremen", {}), contestant("corrino", {})], 1, 11, "random")


@pytest.fixture(scope="module")
def one_worker(tasks):
    return run_games(tasks, workers=1)[0]


def test_seeds_depend_on_the_game_only():
    seeds = {game_seed(5, r, b, i) for r, b in (("a", "b"), ("b", "a")) for i in range(50)}
    assert len(seeds) == 100
    assert game_seed(5, "a", "b", 3) != game_seed(6, "a", "b", 3)


def test_tasks_cover_every_pairing_both_sides(tasks):
    assert [(t.red, t.blue, t.index) for t in tasks] == [("corrino", "fremen", 0), ("fremen", "corrino", 0)]
    more = make_tasks([contestant(f, {}) for f in ("fremen", "corrino", "atreides")], 2, 11, "random")
    assert len(more) == 3 * 2 * 2
    assert more[0].seed == game_seed(11, more[0].red, more[0].blue, 0)


def test_two_workers_give_the_same_results_as_one(tasks, one_worker):
    two, info = run_games(tasks, workers=2)
    assert two == one_worker and info.played == 2


def test_a_house_gets_a_legal_generated_list():
    sheet = house_from_document(parse_document(starter_house_text("House Ecaz"), "ecaz.yaml"))
    c = contestant("house_ecaz", {"house_ecaz": sheet})
    assert c.custom and validate(c.warband, sheet).valid
    with pytest.raises(UsageError, match="unknown faction 'ecaz'"):
        contestant("ecaz", {"house_ecaz": sheet})


def test_finished_games_are_reused_and_a_missing_one_replayed(tmp_path, tasks, one_worker):
    first, info = run_games(tasks, out=tmp_path)
    assert info.played == 2 and first == one_worker
    files = sorted((tmp_path / "games").iterdir())
    files[0].unlink()  # as if the run had been killed before this game finished
    files[1].with_name("stray.json.tmp").write_text("{")  # a half-written temp file is ignored
    ticks = []
    again, info = run_games(tasks, out=tmp_path, progress=ticks.append)
    assert (info.played, info.reused) == (1, 1) and again == one_worker
    assert sum(ticks) == len(tasks)  # the progress bar counts reused games too, so its ETA is for the rest


def test_a_saved_game_of_another_seed_is_not_reused(tmp_path, tasks):
    run_games(tasks, out=tmp_path)
    other = make_tasks([contestant("fremen", {}), contestant("corrino", {})], 1, 12, "random")
    _, info = run_games(other, out=tmp_path)
    assert info.reused == 0


@pytest.mark.slow  # starting a local Ray took 40-80 s on this shared 2-core machine: run with -m slow
@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed (optional extra 'ray')")
def test_ray_local_gives_the_same_results(tasks, one_worker):
    results, info = run_games(tasks, ray_address="local")
    assert results == one_worker and info.engine == "ray:local"


# --- issue 42: a saved game counts again only after it is replayed ---------------------------------


def _reseal(path, edit):
    """Edit a saved game file and re-seal its record's hash, as anyone who can write the folder can."""
    import json

    from landsraad.engine.record import GameRecord

    data = json.loads(path.read_text())
    edit(data)
    rec = data["record"]
    rec["sha256"] = GameRecord.model_validate(rec).content_hash()
    path.write_text(json.dumps(data, sort_keys=True))


@pytest.mark.parametrize("what", ["winner", "vp", "record-result", "mission-line"])
def test_an_edited_and_resealed_saved_game_is_played_again(tasks, one_worker, tmp_path, what):
    first, _ = run_games(tasks, out=tmp_path)
    assert first == one_worker
    path = sorted((tmp_path / "games").glob("*.json"))[0]
    loser = {"red": "blue", "blue": "red", "draw": "red"}

    def edit(data):
        if what == "winner":  # the summary alone: it no longer agrees with the replayed game
            data["winner"] = loser[data["winner"]]
        elif what == "vp":
            data["vp"]["red"] += 7
        elif what == "record-result":  # summary and record both edited: the replay gives the true result
            data["winner"] = data["record"]["result"]["winner"] = loser[data["winner"]]
        else:
            line = data["record"]["result"]["sheets"]["red"]["lines"][0]
            line["succeeded"] = not line["succeeded"]
            data["missions"]["red"][0][1] = line["succeeded"]

    _reseal(path, edit)
    again, info = run_games(tasks, out=tmp_path)
    assert again == one_worker  # the poisoned file did not change the statistics
    assert info.reused == len(tasks) - 1 and info.played == 1


def test_an_unedited_saved_game_is_replayed_and_reused(tasks, one_worker, tmp_path):
    run_games(tasks, out=tmp_path)
    again, info = run_games(tasks, out=tmp_path)
    assert again == one_worker and info.reused == len(tasks) and info.played == 0


# --- sequential runs (issue 45) -----------------------------------------------------------------------------


def test_any_player_spec_is_taken_and_a_bad_one_refused():
    pair = [contestant("fremen", {}), contestant("corrino", {})]
    assert {t.players for t in make_tasks(pair, 1, 11, "search:easy:200ms")} == {"search:easy:200ms"}
    with pytest.raises(UsageError, match="--players: Unknown player kind 'search:expert'.*search:easy"):
        make_tasks(pair, 1, 11, "search:expert")


def test_pair_scores_count_whole_pairs_only():
    games = [{"red": "a", "blue": "b", "index": 1, "winner": "blue"}, {"red": "b", "blue": "a", "index": 1, "winner": "blue"},
             {"red": "a", "blue": "b", "index": 0, "winner": "draw"}, {"red": "b", "blue": "a", "index": 0, "winner": "red"},
             {"red": "a", "blue": "c", "index": 0, "winner": "red"}, {"red": "b", "blue": "a", "index": 2, "winner": "blue"}]
    assert pair_scores(games, "a", "b") == [0.5, 1.0] and pair_scores(games, "b", "a") == [1.5, 1.0]


def test_a_sequential_run_stops_each_pairing_once_decided(tmp_path):
    three = [contestant(f, {}) for f in ("fremen", "corrino", "atreides")]
    tasks = make_tasks(three, 6, 11, "random")
    skipped = []
    # an absurd margin (1,500 Elo) is refuted by the first few pairs whatever happens: each pairing stops early
    results, info, verdicts = run_sequential(tasks, elo1=1500, out=tmp_path, skipped=skipped.append)
    assert set(verdicts) == {"atreides--corrino", "atreides--fremen", "corrino--fremen"}
    for name, v in verdicts.items():
        first, second = name.split("--")
        mine = [r for r in results if {r["red"], r["blue"]} == {first, second}]
        assert v["verdict"] == "even" and v["pairs"] < 6 and len(mine) == 2 * v["pairs"]
        # each side of a pair played, the scores worked out here from the winners
        by_index = {}
        for r in mine:
            side = "red" if r["red"] == first else "blue"
            by_index.setdefault(r["index"], []).append(1.0 if r["winner"] == side else 0.5 if r["winner"] == "draw" else 0.0)
        assert pairing_verdict([sum(s) for _i, s in sorted(by_index.items())], 1500)["llr"] == v["llr"]
    assert info.played == len(results) == sum(2 * v["pairs"] for v in verdicts.values())
    assert sum(skipped) == len(tasks) - len(results)
    # the same run again plays nothing: every game is reused and the verdicts are the same
    again, info2, verdicts2 = run_sequential(tasks, elo1=1500, out=tmp_path)
    assert again == results and verdicts2 == verdicts and info2.played == 0 and info2.reused == len(results)
    # without a test, the same tasks give the same games (each task is played on its own: the ones the test played suffice)
    played = {(r["red"], r["blue"], r["index"]) for r in results}
    full, _info = run_games([t for t in tasks if (t.red, t.blue, t.index) in played], workers=1)
    assert sorted(full, key=lambda r: (r["red"], r["blue"], r["index"])) == sorted(results, key=lambda r: (r["red"], r["blue"], r["index"]))
