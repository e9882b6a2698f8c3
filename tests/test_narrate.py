"""Tests of landsraad.narrate: the story of a game from its log."""

import functools
import warnings

from landsraad.engine.events import Clash, GameEvent, Shot, make_event
from landsraad.engine.game import new_game, play
from landsraad.engine.outcomes import ClashOutcome, ShotOutcome, StrikeOutcome
from landsraad.narrate import model_label, model_names, narrate, narrate_log
from landsraad.players import RandomPlayer, make_player

NAMES = {"r": "Sardaukar 2", "b": "Fremen scout"}


@functools.cache
def _real_outcomes() -> tuple[ShotOutcome, ClashOutcome]:
    """A shot and a clash as the kernel resolved them in a real game (the tests change only what they tell)."""
    game = play(new_game("corrino", "fremen", seed=10), {"red": make_player("heuristic", 0), "blue": make_player("random", 50)})
    shot = next(e.outcome for e in game.log if isinstance(e, Shot))
    clash = next(e.outcome for e in game.log if isinstance(e, Clash))
    assert shot is not None and clash is not None
    return shot, clash


def _strike(**fields: object) -> StrikeOutcome:
    base = dict(by="attacker", striker="Sardaukar 2", target="Fremen scout", automatic=False, hit=True, attack_total=11,
                defence_total=7, neutral=1, raw_damage=11, damage=11, shield_stopped=False, ignore_armour=False, wound="fatal",
                wound_event=None, poisons_applied=())
    return StrikeOutcome(**{**base, **fields})


def _clash_event(model: str, defender: str, first: str, *strikes: StrikeOutcome) -> GameEvent:
    clash = _real_outcomes()[1].model_copy(update={"first": first, "strikes": strikes})
    return make_event(1, "melee", "red", model, {"defender": defender, "event": clash})


def test_a_melee_strike_reads_like_the_issue_example():
    e = _clash_event("r", "b", "attacker", _strike())
    assert narrate(e, NAMES) == "Sardaukar 2 strikes Fremen scout: 11 against 7, hit, 11 damage: a fatal wound."
    # the same event loaded from its JSON form tells the same
    assert narrate(GameEvent.from_json(e.to_json()), NAMES) == narrate(e, NAMES)


def test_a_clash_read_back_from_the_log_serializes_without_a_warning():
    # its notes come back from the JSON as a list; the record keeps them as a tuple, so pydantic has nothing to warn of
    e = _clash_event("r", "b", "attacker", _strike())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        clash = GameEvent.from_json(e.to_json()).outcome
        assert isinstance(clash.notes, tuple)
        assert clash.to_dict()["notes"] == []
        narrate(e, NAMES)


def test_shields_and_misses_are_told():
    shot = _real_outcomes()[0].model_copy(update={"weapon": "Pistol", "distance_cm": 35.0, "cover": "none", "attack_total": 6,
                                                  "defence_total": 7, "hit": False, "dodge_cm": 4.0})
    e = make_event(1, "shot", "red", "r", {"target": "b", "event": shot})
    assert narrate(e, NAMES).endswith("missed; Fremen scout may dodge 4 cm.")
    stopped = make_event(2, "shot", "red", "r", {"target": "b", "event": shot.model_copy(update={"hit": True, "shield_stopped": True})})
    assert narrate(stopped, NAMES).endswith("hit, but the shield stops the shot.")


def test_secret_events_are_hidden_unless_asked():
    e = GameEvent(1, "missions_picked", "red", None, {"missions": ["protection"]}, secret=True)
    assert narrate(e, NAMES) is None
    assert "protection" in narrate(e, NAMES, reveal_secrets=True)


def test_a_whole_game_is_told_from_set_up_to_score():
    game = play(new_game("corrino", "harkonnen", seed=12), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
    lines = narrate_log(game.log, model_names(game.state))
    assert lines[0].startswith("Set-up: red plays corrino")
    assert lines[-1].startswith("Game over after")
    assert any("activates" in line for line in lines)
    assert not any("None" in line for line in lines)  # no unformatted holes


def test_models_are_named_as_the_pictures_label_them_and_never_twice_alike():
    from landsraad.svg import render_board

    game = play(new_game("corrino", "fremen", seed=4), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
    names = model_names(game.state)
    assert len(set(names.values())) == len(names)  # both sides field a "Specialist"
    assert names["red-specialist-1"] != names["blue-specialist-1"]
    svg = render_board(game.state.board)
    for m in game.state.models:
        if m.on_table:
            assert f">{m.id}<" in svg and m.id in names[m.id]
    story = "\n".join(narrate_log(game.log, names))
    assert "red-soldier-2" in story or "red-soldier-1" in story


def test_a_strike_names_both_models_by_their_labels():
    strike = _strike(by="defender", striker="Specialist", target="Specialist", hit=False, attack_total=5, defence_total=9, damage=0,
                     raw_damage=None, wound="none")
    e = _clash_event("red-specialist-1", "blue-specialist-1", "defender", strike)
    names = {"red-specialist-1": model_label("red-specialist-1", "Specialist"), "blue-specialist-1": model_label("blue-specialist-1", "Specialist")}
    assert narrate(e, names) == "Specialist (blue-specialist-1) strikes Specialist (red-specialist-1): 5 against 9, parried."


def test_narration_in_french_uses_the_rulebook_words_and_french_decimals():
    from landsraad.i18n import use_language

    move = make_event(5, "move", "red", "r", {"kind": "move", "to": [10.0, 12.5], "length_cm": 7.25})
    strike = _clash_event("r", "b", "attacker", _strike(wound="light", damage=5))
    with use_language("fr"):
        assert narrate(move, NAMES) == "Sardaukar 2 se déplace de 7,2 cm jusqu'en (10,0 ; 12,5)."
        assert narrate(strike, NAMES) == "Sardaukar 2 frappe Fremen scout : 11 contre 7, touché, 5 de dégâts : une blessure légère."
    # English is untouched by the French run before it
    assert narrate(move, NAMES) == "Sardaukar 2 moves 7.2 cm to (10.0, 12.5)."


def test_every_sentence_of_a_real_game_is_told_in_french():
    from landsraad.i18n import use_language

    game = play(new_game("corrino", "fremen", seed=3), {"red": make_player("heuristic", 1), "blue": RandomPlayer(seed=2)})
    names = model_names(game.state)
    english = narrate_log(game.log, names, reveal_secrets=True)
    with use_language("fr"):
        french = narrate_log(game.log, names, reveal_secrets=True)
    assert len(french) == len(english) > 50
    # a line the same in both languages would be one the catalog does not translate
    same = [e for e, f in zip(english, french) if e == f]
    assert not same, same[:5]
    assert not [f for f in french if "{" in f or "}" in f]
    assert any("PV" in f and "Fin de la partie" in f for f in french)


def test_a_weapon_is_told_by_its_french_name_in_french_and_as_always_in_english():
    """Issue 40: the log names a weapon by its id (a declared shot, a template, no target) or its English name (a shot's
    outcome); the French story says its ``name_fr``, the English story what it always said."""
    from landsraad.i18n import use_language
    from landsraad.narrate import ModelNames

    game = play(new_game("corrino", "fremen", seed=10), {"red": make_player("heuristic", 0), "blue": make_player("random", 50)})
    names = model_names(game.state)
    assert isinstance(names, ModelNames)
    shots = [e for e in game.log if isinstance(e, Shot) and e.outcome is not None]
    declared = [e for e in game.log if e.kind == "action" and str(e.data.get("action", "")).startswith("shoot:")]
    assert shots and declared
    weapon = names.weapon(shots[0].model, shots[0].outcome.weapon)
    assert weapon is not None and weapon.name_fr and weapon.name_fr != weapon.name
    english, english_declared = narrate(shots[0], names), narrate(declared[0], names)
    with use_language("fr"):
        french, french_declared = narrate(shots[0], names), narrate(declared[0], names)
    assert f" with {weapon.name} at " in english and f" avec son arme {weapon.name_fr} à " in french
    declared_weapon = names.weapon(declared[0].model, str(declared[0].data["action"]).split(":")[1])
    assert declared_weapon is not None
    assert english_declared.endswith(f"a shot with its {declared_weapon.id.replace('_', ' ')}.")
    assert french_declared.endswith(f"un tir avec son arme {declared_weapon.display_name('fr')}.")
    no_target = make_event(9, "no_target", "red", shots[0].model, {"weapon": weapon.id})
    with use_language("fr"):
        assert narrate(no_target, names).endswith(f"n'a aucune cible pour son arme {weapon.name_fr}.")
    assert narrate(no_target, names).endswith(f"has no target for its {weapon.id}.")
    # a plain mapping of model names (no weapons known) tells the weapon as the log gives it, in both languages
    with use_language("fr"):
        assert f" avec son arme {weapon.name} à " in narrate(shots[0], dict(names))


def test_a_kit_piece_placed_in_the_set_up_reads_by_its_french_name_in_french():
    """Issue 40: the event keeps the kit's English name; the French story names the piece as the kit's French sheet."""
    from landsraad.i18n import use_language

    placed = make_event(1, "terrain", "red", None, {"piece": "adobe-house", "name": "Adobe house", "at": (12.0, 30.0)})
    no_room = make_event(2, "terrain_no_room", "blue", None, {"piece": "Adobe house"})
    assert narrate(placed, NAMES) == "red places Adobe house at (12.0, 30.0)."
    with use_language("fr"):
        assert "Maison en adobe" in narrate(placed, NAMES) and "Adobe" not in narrate(placed, NAMES)
        assert "Maison en adobe" in narrate(no_room, NAMES)


def test_a_fixed_scene_terrain_reads_by_its_french_names_in_french():
    """Issue 40: a game on a fixed scene tells its terrain by the scene's French names (name_fr) in French; the event and
    the English story keep the ids."""
    from pathlib import Path

    from landsraad.engine.setup_options import SetupOptions
    from landsraad.i18n import use_language
    from landsraad.scene import load_scene

    scene = load_scene(Path(__file__).resolve().parents[1] / "scenes" / "demo.yaml")
    game = new_game("corrino", "fremen", seed=1, setup=SetupOptions(scene=scene))
    names = model_names(game.state, game.setup.scene)
    fixed = make_event(1, "terrain", None, None, {"pieces": ["spire", "west-wall"], "fixed": True})
    assert narrate(fixed, names) == "The table's terrain: spire, west-wall."
    with use_language("fr"):
        assert narrate(fixed, names) == "Les décors de la table : piton rocheux, muret ouest."
    assert fixed.pieces == ("spire", "west-wall") or fixed.pieces == ["spire", "west-wall"]


def test_a_capture_names_its_target_by_its_label_in_french():
    """Issue 40: the French story of a mission action names the captured model as every other line does (its label), not
    by its id alone; English unchanged."""
    from landsraad.i18n import use_language

    capture = make_event(1, "mission_action", "red", "r", {"model": "r", "mission": "slave_hunt", "action": "capture", "target": "b"})
    assert narrate(capture, NAMES) == "Sardaukar 2 carries out capture (slave_hunt) b."
    with use_language("fr"):
        assert narrate(capture, NAMES) == "Sardaukar 2 accomplit l'action Capturer (Chasse aux Esclaves) Fremen scout."
