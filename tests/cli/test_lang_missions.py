"""Mission cards, their placement refusals and the special rules in French, by the real command (issue 40).

The English of the cards and rules is unchanged (the English golden files of ``test_play_lang`` hold
``missions`` and ``mission prot``); here each card reads its ``*_fr`` texts and each special rule its
catalog French, and a refused marker placement is worded in French.
"""

from __future__ import annotations

from landsraad.i18n import localized
from landsraad.missions import load_missions
from landsraad.missions.cards import placement_problems
from landsraad.play.drills import load_drills
from tests.cli.langrun import landsraad


def french(*args: str) -> str:
    proc = landsraad(["--lang", "fr", *args])
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_every_bundled_card_has_its_french():
    for card in load_missions().values():
        assert card.setup_fr and card.success.text_fr and card.failure.text_fr, card.id
        assert card.special_rules_fr or not card.special_rules, card.id
        assert all(m.name_fr and m.where_fr for m in card.markers), card.id
        assert all(a.name_fr and a.text_fr for a in card.special_actions), card.id


def test_a_mission_card_in_french():
    text = french("mission", "protection")
    assert text.startswith("Protection (Protection, protection)\nMise en place : Le joueur place un pion \"ambassadeur\" (30 mm)")
    assert "Réussite : Le joueur réussit la mission si l'ambassadeur est indemne à la fin de la partie" in text
    assert "Échec : La mission est un échec si l'ambassadeur est retiré du jeu (une blessure fatale, une capture).\n" in text
    theft = french("mission", "vol")
    assert "Action spéciale : Ramasser l'épice (sur un marqueur cache d'épice).\n" in theft
    assert "Vos trois terminaux ont été activés. PV par rang" in french("missions")
    assert "Restriction : Gladiateurs seulement - une bande qui aligne au moins un gladiateur." in french("mission", "slave_hunt")


def test_a_refused_marker_placement_in_french():
    spec = load_missions()["spice_theft"].marker("spice")
    found = placement_problems(spec, (30, 20), owner_edge="south", occupied=[((31, 20), 30)])
    assert found[0] == "Spice cache must lie wholly within the opponent's half; at (30, 20) it does not."
    assert [localized(p, "fr") for p in found] == [
        "Le marqueur Cache d'épice doit être entièrement dans la moitié de l'adversaire ; en (30 ; 20), il ne l'est pas.",
        "Le marqueur Cache d'épice en (30 ; 20) chevauche le pion en (31 ; 20) ; les pions peuvent se toucher mais pas se"
        " chevaucher."]


def test_special_rules_in_french():
    sheet = french("faction", "corrino")
    assert "Épice Corrino (corrino_spice) : Un Corrino qui consomme une dose d'épice ignore les effets des pions blessure." in sheet
    assert "Espionnage impérial (imperial_espionage, livre de règles) : Le joueur adverse doit toujours révéler au joueur Corrino" in sheet


def test_drill_titles_in_french():
    listing = french("drill", "list")
    assert "activation-terminals   Trois terminaux " in listing and "Le coup de l'assassin" in listing
    assert all(d.title_fr and d.description_fr for d in load_drills())
