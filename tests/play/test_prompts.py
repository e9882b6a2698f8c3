"""Tests of landsraad.play.prompts: the engine's questions and choices in the person's language (issue 40)."""

from __future__ import annotations

import re
import string
from itertools import islice
from typing import Iterator

import pytest

from landsraad.content import data_dir
from landsraad.engine import Decision, SetupOptions, new_game
from landsraad.i18n import catalog, use_language
from landsraad.play.drills import drill_game, drill_names, load_drill
from landsraad.play.prompts import PROMPTS, choice_word, mission_action_name, prompt_text, weapon_display_name, weapon_name, weapon_names
from landsraad.players import make_player
from landsraad.scene import load_scene


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def _decisions(game, seed: int, limit: int = 2500) -> Iterator[Decision]:
    """Each decision of a game between two random players, to its end (or ``limit`` decisions), answered once read."""
    players = {side: make_player("random", seed + i) for i, side in enumerate(("red", "blue"))}
    for _ in range(limit):
        d = game.decision
        if d is None:
            return
        yield d
        if d.kind == "dice":
            game.roll_pending()
        else:
            game.answer(players[d.side].decide(d, game.view(d.side)))


def _prompts_of(game, seed: int, limit: int = 2500) -> set[str]:
    """Every prompt a game between two random players asks, to its end (or ``limit`` decisions)."""
    return {d.prompt for d in _decisions(game, seed, limit)}


@pytest.fixture(scope="module")
def engine_prompts() -> set[str]:
    """The prompts of whole random games on the demo table and of every bundled drill: set-up, play, every mission."""
    scene = SetupOptions(scene=load_scene(data_dir("scenes") / "demo.yaml"))
    found: set[str] = set()
    for seed, (red, blue) in enumerate((("corrino", "fremen"), ("atreides", "harkonnen"), ("harkonnen", "corrino"))):
        found |= _prompts_of(new_game(red, blue, seed=seed, setup=scene), seed)
    for i, name in enumerate(drill_names()):
        found |= _prompts_of(drill_game(load_drill(name), seed=i), 100 + i, limit=400)
    return found


def test_every_prompt_an_engine_asks_reads_in_french(engine_prompts):
    assert len(engine_prompts) > 40  # the games reach set-up, shots, melee, dodges, missions
    with use_language("fr"):
        untranslated = sorted(p for p in engine_prompts if prompt_text(p) == p)
    assert not untranslated


def test_the_free_move_prompt_names_the_declared_weapon_and_mission_action_in_french(engine_prompts):
    """Issue 40: « déclarée : tir Lance sardaukar », not the weapon's id in English words (``shoot sardaukar lance``)."""
    before = sorted(p for p in engine_prompts if p.startswith("Free move before the action for ") and "(declared: shoot " in p)
    assert before  # random games declare shots and move first
    with use_language("fr"):
        for prompt in before:
            weapon = re.search(r"\(declared: shoot (.+?)[;)]", prompt)
            assert weapon is not None
            french = prompt_text(prompt)
            name = weapon_display_name(weapon.group(1).replace(" ", "_"))
            assert f"(déclarée : tir {name}" in french, french
            assert name.casefold() != weapon.group(1).casefold(), name  # a French name, not the id in words
        action = prompt_text("Free move before the action for Soldier 2 (declared: mission spice theft pick up spice "
                             "red-spice-theft-spice-1), or skip?")
        assert "(déclarée : mission ramasser l'épice (Vol d'Epice) red-spice-theft-spice-1)" in action, action
        assert prompt_text("Free move before the action for Soldier 2 (declared: shoot sardaukar lance), or skip?") == \
            "Mouvement gratuit avant l'action pour Soldier 2 (déclarée : tir Lance sardaukar), ou rien ?"


def test_english_prompts_are_the_engines_own(engine_prompts):
    with use_language("en"):
        assert all(prompt_text(p) == p for p in engine_prompts)


def test_every_prompt_template_has_its_french_with_the_same_fields():
    fr = catalog("fr")
    for template in PROMPTS:
        assert template in fr, template
        assert _fields(fr[template]) == _fields(template), template


@pytest.mark.parametrize("english, french", [
    ("Where does Scout move (up to 12.5 cm)?", "Où se déplace Scout (12,5 cm au plus) ?"),
    ("How much Honour do you bid for the deployment step (you have 3)?",
     "Combien d'Honneur misez-vous pour l'étape déploiement (vous en avez 3) ?"),
    ("Where do you deploy Stilgar (touching the north edge)?", "Où déployez-vous Stilgar (au contact du bord nord) ?"),
    ("Where do you place Spice cache 1 of Spice theft (Anywhere.)?",
     "Où placez-vous le marqueur Cache d'épice 1 de la mission Vol d'Epice (Anywhere.) ?"),
    ("Free move after the action for Duncan (up to 10 cm), or skip?",
     "Mouvement gratuit après l'action pour Duncan (10 cm au plus), ou rien ?"),
    ("Free move before the action for Duncan (declared: shoot maula pistol), or skip?",
     "Mouvement gratuit avant l'action pour Duncan (déclarée : tir Pistolet Maula), ou rien ?"),
    ("Roll 3 D10 for red-soldier-1 (clash): type neutral, attack, defence.",
     "Lancez 3 D10 pour red-soldier-1 (affrontement) : tapez neutre, attaque, défense."),
    ("Soldier 1's neutral die shows 4: lower it (R-NEUTRAL-DOWN)?", "Le dé neutre de Soldier 1 montre 4 : le baisser (R-NEUTRAL-DOWN) ?"),
])
def test_a_prompt_in_the_rulebooks_words_with_french_decimals(english, french):
    with use_language("fr"):
        assert prompt_text(english) == french


def test_a_prompt_the_table_does_not_know_is_shown_as_the_engine_wrote_it():
    with use_language("fr"):
        assert prompt_text("Something new?") == "Something new?"


def test_choice_words_weapons_and_mission_actions_in_french_and_english():
    with use_language("fr"):
        assert [choice_word(c) for c in ("attack", "defend", "burn", "consume", "keep", "first", "no")] == [
            "attaque", "défense", "brûlure (règle Brûlure)", "consommer une dose", "la garder", "activer en premier", "non"]
        assert weapon_name("crysknife") == "krys" and weapon_name("no_such_weapon") == "no such weapon"
        assert mission_action_name("activate_terminal") == "activer le terminal"
    with use_language("en"):
        assert choice_word("hunter_seeker") == "hunter seeker" and weapon_name("crysknife") == "crysknife"
        assert mission_action_name("activate_terminal") == "activate terminal"


def test_weapon_names_come_from_the_factions_aliases():
    names = weapon_names()
    assert names["halberd"] == ("hallebarde",) and "couteau krys" in names["crysknife"]
    assert names["assassin_knife"] == ("Couteau*",)  # no alias: the sheets' name_fr
    assert all(re.fullmatch(r"[a-z_]+", w) for w in names)


def test_a_prompt_names_a_model_as_the_reader_sees_it():
    prompt = "Where does Soldier 2 move (up to 10 cm)?"
    with use_language("fr"):
        assert prompt_text(prompt, {"Soldier 2": "Soldat 2"}) == "Où se déplace Soldat 2 (10 cm au plus) ?"
        assert prompt_text(prompt) == "Où se déplace Soldier 2 (10 cm au plus) ?"
    assert prompt_text(prompt, {"Soldier 2": "Soldat 2"}) == prompt


def test_the_terrain_placement_prompt_names_the_kit_piece_in_french():
    """Issue 40: a kit game asks where to place each piece by its English name; French play reads the kit's French name."""
    from landsraad.kits import french_piece_names

    game = new_game("corrino", "fremen", seed=3)
    placing = [d.prompt for d in islice((d for d in _decisions(game, 0, 200) if d.kind == "terrain_place"), 3)]
    assert placing
    french = french_piece_names()
    for english in placing:
        piece = english.removeprefix("Where do you place the ").removesuffix(" (its centre)?")
        assert piece in french, english
        with use_language("fr"):
            shown = prompt_text(english)
        assert shown == f"Où placez-vous la pièce de décor {french[piece]} (son centre) ?"
        assert prompt_text(english) == english
