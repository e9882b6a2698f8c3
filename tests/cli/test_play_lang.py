"""`landsraad play`, its drills and its mission cards in both languages: the terminal game in French, English unchanged.

The English golden files (``tests/data/i18n/play_en/``) were written by the commands as they were
before the play prompts were translated (landsraad 69363c4, the same :data:`SCENARIOS`, without
``--lang``): scripted sessions through the plain terminal (stdin is a pipe), every command typed
at a prompt, refusals, undo, a save and its resume, a drill to its report, a whole game to its
summary. The test runs them again with ``--lang en`` and wants every byte back. To write them again
after an intended change of the English text or of the game:
``python tests/cli/test_play_lang.py tests/data/i18n/play_en``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from tests import warm

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "i18n" / "play_en"

_AT_ACTIVATION = ["status", "hint", "log 3", "xyz", "undo", "ask", "map m.svg", "save s.json", ""]

SCENARIOS: dict[str, tuple[list[str], list[str]]] = {
    # name: (command line, lines typed)
    "commands": (["play", "--seed", "1", "--opponent", "heuristic"],
                 ["help", "status", "hint", "foo", "9", "", "", "foo", "mission prot", "mission", "mission zzz", "1,6,7,4",
                  "undo", "1,6,7,4", "200,3", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
                  *_AT_ACTIVATION, "", "", "", "", "", *_AT_ACTIVATION, "contact blue", "toward blue-warrior-1 3", "skip",
                  "", "", "", "", "", "", "quit"]),
    "resume": (["play", "--seed", "1", "--opponent", "heuristic", "--save", "r.json"],
               ["", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", ""]),
    "resumed": (["play", "--resume", "r.json", "--opponent", "heuristic"], ["status", "", "", "", "", "quit"]),
    "game": (["play", "--seed", "2", "--opponent", "heuristic"], [""] * 500),
    "drill_defaults": (["play", "--drill", "activation-terminals", "--defaults", "--opponent", "heuristic"], [""] * 200),
    "drill": (["play", "--drill", "treachery-first-blood", "--opponent", "heuristic"], ["", "hint", "1"] * 120),
    "physical": (["play", "--dice", "physical", "--human", "both", "--seed", "4", "--opponent", "heuristic"],
                 ["", "7 3", "11 2", "a b", "", "hint", "3 4 5", "2", "", "x", "", "1 2 3", "", "5 5 5"] * 20),
    "drill_list": (["drill", "list"], []),
    "missions": (["missions"], []),
    "mission": (["mission", "prot"], []),
    "mission_unknown": (["mission", "zzz"], []),
    "bad_opponent": (["play", "--opponent", "grandmaster"], []),
    "finished": (["play", "--resume", "done.json"], []),
}
"""Each scenario runs in one folder, in this order (``resumed`` goes on with ``resume``'s save)."""


def run(args: list[str], lines: list[str], cwd: Path, lang: list[str] | None = None) -> str:
    proc = warm.run([*(lang or []), *args], input="".join(f"{x}\n" for x in lines), text=True, cwd=cwd, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8"})
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc.stdout + proc.stderr + f"rc={proc.returncode}\n"


def _finished_game(cwd: Path) -> None:
    warm.run(["demo", "--seed", "1", "--save", "done.json"], cwd=cwd, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)


def all_outputs(cwd: Path, lang: list[str] | None = None) -> dict[str, str]:
    _finished_game(cwd)
    return {name: run(args, lines, cwd, lang) for name, (args, lines) in SCENARIOS.items()}


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return all_outputs(tmp_path_factory.mktemp("en"), ["--lang", "en"])


@pytest.mark.parametrize("name", list(SCENARIOS))
def test_play_in_english_is_unchanged(english: dict[str, str], name: str) -> None:
    assert english[name] == (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")


FRENCH_ACTIVATION = [""] * 22 + ["Hasimir", "mouvement +épice après", "vers blue-naib-1 4,5", "statut", "rien", "annuler", "aide",
                                  "indice", "zzz", "quitter"]
"""Set-up on defaults, then red's third activation typed in French: a model, its action with spice and the free move's
timing, a move ``vers`` a model with a French decimal, ``statut``, ``rien``, ``annuler``, ``aide``, ``indice``, a bad
point and ``quitter``."""

ENGLISH_LEFT = ("Which model", "Where does", "Type ", "Hint:", "Taken back", "Clock:", "You leave", "Your models", "Free move",
                "Answer with", "(the only choice)", " or skip", "Enter takes", "Result:", "Drill", "Goal:", "Playing your")
"""English sentences of the play session that a French session must not print."""


def test_an_activation_played_in_french_with_french_commands(tmp_path: Path) -> None:
    out = run(["play", "--seed", "1", "--opponent", "heuristic"], FRENCH_ACTIVATION, tmp_path, ["--lang", "fr"])
    assert out.endswith("rc=0\n")
    lines = out.splitlines()
    assert lines[0] == "Rouge : corrino (humain)  -  Bleu : fremen (heuristic)  -  dés numériques. Tapez aide à toute question."
    assert "rouge - Combien d'Honneur misez-vous pour l'étape décors (vous en avez 3) ?" in lines
    assert "rouge - Quelle figurine activez-vous (ou passez-vous) ? (Entrée prend toute l'activation suggérée)" in lines
    assert "   7. passer (aucune activation ce tour-ci)" in lines
    # the model, then its action with a dose of spice (the rulebook's épice) and the free move after
    assert any(x.startswith("rouge - Hasimir (red-master-assassin-1) : Quelle action déclare Hasimir ?") for x in lines)
    assert "Hasimir (red-master-assassin-1) consomme une dose d'épice (il en reste 0)." in lines
    # vers NAME CM with a decimal comma: 4,5 cm straight toward Stilgar
    assert "Hasimir (red-master-assassin-1) se déplace de 4,5 cm jusqu'en (42,0 ; 5,7)." in lines
    assert any(x.startswith("rouge - Hasimir (red-master-assassin-1) : Mouvement gratuit après l'action pour Hasimir (10 cm au plus)")
               for x in lines)
    # statut: the clock, the provisional score in the rulebook's words, positions with decimal commas
    assert "Pendule : 40 minutes restantes sur 45 ; activation 6 ; phase jeu." in lines
    assert "rouge : corrino, Honneur restant : 0." in lines
    assert any(x.startswith("PV si la partie finissait maintenant (provisoire) : -12 (Activation échec -4 ;") for x in lines)
    assert "Vos figurines (rouge) : position en cm, blessure, pions fatigue, poisons, bouclier, armes, ennemis en vue." in lines
    assert any(x.startswith("  Hasimir (red-master-assassin-1) en (42,0 ; 5,7) ; indemne ; fatigue 1 ; bouclier complet") for x in lines)
    # the weapons by their sheets' French names (name_fr: Couteau*, Laser*), the models by their cards' (issue 40)
    assert any(x.startswith("  Hasimir (red-master-assassin-1) en ") and " ; Couteau*, Pistolet Maula ; " in x for x in lines)
    assert any(x.startswith("  Soldat 2 (red-soldier-3) en ") and " ; Lance sardaukar, Couteau, Laser* ; " in x for x in lines)
    assert not [x for x in lines if "Knife" in x or "Soldier" in x]  # the prompts too: « Où se déplace Soldat 2 »
    # annuler takes the answer back and says what came before; aide, indice and a bad point in French
    assert "Repris : votre dernière réponse et 4 réponse(s) depuis. Avant elle :" in lines
    assert any(x.startswith("Commandes (en français ou en anglais) : aide ou ?") for x in lines)
    assert "Indice : rien - plus près de son but sans finir à découvert." in lines
    assert "Un point, ce sont deux nombres finis en cm, comme 30 ; 12,5 ; reçu 'zzz'." in lines
    assert lines[-2] == "Vous quittez la partie. Elle n'a pas été enregistrée."
    assert not [x for x in lines if any(e in x for e in ENGLISH_LEFT)]


def test_french_commands_are_read_in_english_and_english_ones_in_french(tmp_path: Path) -> None:
    typed = ["statut", "aide", "indice", "", "", "annuler", "quitter"]
    english = run(["play", "--seed", "1", "--opponent", "heuristic"], typed, tmp_path, ["--lang", "en"])
    assert "Clock: 45 of 45 minutes left; activation 0; phase setup." in english
    assert "Answer with the number of a choice or its name" in english and "Hint: 0 - " in english
    assert "Taken back: your last answer and" in english and "You leave the game. It was not saved." in english
    french = run(["play", "--seed", "1", "--opponent", "heuristic"], ["status", "help", "hint", "", "", "undo", "quit"], tmp_path,
                 ["--lang", "fr"])
    assert "Pendule : 45 minutes restantes sur 45 ; activation 0 ; phase mise en place." in french
    assert "Répondez par le numéro d'un choix" in french and "Indice : 0 - " in french
    assert "Repris : votre dernière réponse" in french and "Vous quittez la partie. Elle n'a pas été enregistrée." in french


def test_the_locale_speaks_french_when_no_lang_is_given(tmp_path: Path) -> None:
    proc = warm.run(["play", "--seed", "1", "--opponent", "heuristic"], input="quitter\n", text=True, cwd=tmp_path, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "fr_FR.UTF-8"})
    assert proc.stdout.startswith("Rouge : corrino (humain)") and "Vous quittez la partie." in proc.stdout


def test_a_drill_in_french_to_its_report(tmp_path: Path) -> None:
    out = run(["play", "--drill", "activation-terminals", "--defaults", "--opponent", "heuristic"], [""] * 200, tmp_path,
              ["--lang", "fr"])
    lines = out.splitlines()
    assert out.endswith("rc=0\n")
    assert lines[0] == "Rouge : harkonnen (humain)  -  Bleu : corrino (heuristic)  -  dés numériques. Tapez aide à toute question."
    assert lines[1].startswith("Exercice : Trois terminaux. Vous jouez rouge.")  # the drill's title_fr and description_fr
    assert lines[2].startswith("But : ") and lines[2].endswith("Par : 3 PV. L'exercice s'arrête après 10 activations.")
    assert "Exercice activation-terminals : -4 PV : 7 au-dessous du par (3)." in lines
    assert "  mission     issue  PV" in lines and "  Activation  échec  -4" in lines
    assert "Vos décisions sont rejouées avec les choix de l'ordinateur..." in lines
    assert lines[-2] == "L'ordinateur n'aurait fait mieux à aucune de vos décisions."
    assert not [x for x in lines if any(e in x for e in ENGLISH_LEFT) and not x.startswith("Exercice : ")]


def test_a_drills_decisive_question_refuses_enter_in_french(tmp_path: Path) -> None:
    out = run(["play", "--drill", "treachery-first-blood", "--opponent", "heuristic"], ["", "indice", "1", "quitter"], tmp_path,
              ["--lang", "fr"])
    assert "rouge [choisissez ; indice pour une suggestion]> " in out
    assert "Dans l'exercice, cette décision est la vôtre : tapez votre choix (indice montre celui de l'ordinateur)." in out
    assert "Indice : " in out and "Vous quittez la partie." in out


def test_drill_list_missions_and_a_mission_card_in_french(tmp_path: Path) -> None:
    drills = run(["drill", "list"], [], tmp_path, ["--lang", "fr"]).splitlines()
    assert drills[0] == "10 exercices (pour en jouer un : landsraad play --drill NOM)"
    assert drills[1].split() == ["exercice", "titre", "factions", "vous", "mission", "activations", "par"]
    assert any(" Chasse aux Esclaves " in x and "harkonnen contre atreides" in x and " rouge " in x for x in drills)
    missions = run(["missions"], [], tmp_path, ["--lang", "fr"]).splitlines()
    assert missions[0] == "10 missions (la carte entière : landsraad mission NOM)"
    assert any(x.split()[:2] == ["spice_theft", "Vol"] and "PV par rang (réussite/échec) : 1 +8/-5" in x for x in missions)
    card = run(["mission", "vol d'épice"], [], tmp_path, ["--lang", "fr"]).splitlines()
    assert card[0] == "Vol d'Epice (Spice theft, spice_theft)"
    assert [x.split(" : ")[0] for x in card[1:-2]][:2] == ["Mise en place", "Règles spéciales"]
    assert card[-2].startswith("PV par rang de 1 à 6 : réussite +8 ")
    wrong = run(["play", "--opponent", "grandmaster"], [], tmp_path, ["--lang", "fr"])
    assert wrong.startswith("landsraad : erreur : --opponent prend random, heuristic, search") and wrong.endswith("rc=2\n")
    unknown = run(["mission", "zzz"], [], tmp_path, ["--lang", "fr"])
    assert unknown.startswith("landsraad : erreur : Mission inconnue : 'zzz'. Les missions sont : activation, assassination,")


def test_play_help_in_french(tmp_path: Path) -> None:
    out = run(["play", "--help"], [], tmp_path, ["--lang", "fr"])
    assert "Jouer une partie, ou un exercice de mission, contre l'ordinateur au terminal." in out
    assert "la graine de la partie (par défaut : 1)" in out


if __name__ == "__main__":  # write the English golden files again
    import tempfile

    folder = Path(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        for key, text in all_outputs(Path(tmp)).items():
            (folder / f"{key}.txt").write_text(text, encoding="utf-8")
