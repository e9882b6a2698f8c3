"""The real commands in both languages: `--lang`, the locale, French output, and English unchanged.

The English golden files (``tests/data/i18n/en/``) were written by the commands as they were before
the translation layer (landsraad 32999b1, the same :func:`scenario`, without ``--lang``); the
test runs the scenario again with ``--lang en`` (and once under a French locale, which the flag
overrides) and wants every byte back. To write them again after an intended change of the English
text: ``python tests/cli/test_lang.py tests/data/i18n/en``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import warm

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "i18n" / "en"
EXAMPLES = ROOT / "examples" / "lists"

BAD_LIST = """\
faction: corrino
player: Ana
models:
  - type: soldeir
  - type: soldier
    weapons: [laser, lasgun, flamethrower]
  - type: soldier
    name: Bob
  - type: scout
    name: Bob
    spice: 9
    equipment: [nothing]
"""

UNKNOWN_FACTION = "faction: corrinno\nmodels: [{type: scout, wepons: [x]}]\n"


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    proc = warm.run(args, text=True, cwd=cwd, timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def scenario(folder: Path, lang: list[str], env: dict[str, str] | None = None) -> dict[str, str]:
    """Validate, roster and a one-round event in ``folder``; every output a person reads, by name."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "bad.yaml").write_text(BAD_LIST, encoding="utf-8")
    (folder / "bad2.yaml").write_text(UNKNOWN_FACTION, encoding="utf-8")
    shutil.copy(EXAMPLES / "atreides.yaml", folder / "atreides.yaml")
    out: dict[str, str] = {}

    def cmd(name: str, *args: str) -> None:
        proc = run([*lang, *args], folder, env)
        out[name] = proc.stdout + proc.stderr + f"rc={proc.returncode}\n"

    cmd("v_bad.yaml.txt", "validate", "bad.yaml")
    cmd("v_bad2.yaml.txt", "validate", "bad2.yaml")
    cmd("v_csv.txt", "validate", "--csv", "bad.yaml", "atreides.yaml")
    cmd("rb_cards.txt", "roster", "bad.yaml")
    for fmt, name in (("cards", "r_cards.txt"), ("markdown", "r_markdown.txt"), ("html", "r_html.txt")):
        cmd(name, "roster", "--format", fmt, "atreides.yaml")
    event = folder / "ev"
    run([*lang, "event", "new", "ev", "--name", "Open", "--rounds", "3", "--seed", "4"], folder, env)
    (event / "lists").mkdir(exist_ok=True)
    for faction in ("atreides", "corrino", "fremen", "harkonnen"):
        text = (EXAMPLES / f"{faction}.yaml").read_text(encoding="utf-8")
        lines = [line for line in text.splitlines() if not line.startswith("player:")]
        (event / "lists" / f"{faction}.yaml").write_text("\n".join([f"player: Joueur {faction}", *lines]) + "\n", encoding="utf-8")
    cmd("e_pair.txt", "event", "pair", "ev", "--explain")
    run([*lang, "event", "result", "ev", "--round", "1", "--table", "1", "--vp", "12,7"], folder, env)
    run([*lang, "event", "result", "ev", "--round", "1", "--table", "2", "--vp", "3-3"], folder, env)
    cmd("e_st.txt", "event", "standings", "ev", "--explain", "--csv", "st.csv", "--html", "st.html")
    cmd("e_config.txt", "event", "config", "ev")
    cmd("e_sheet.txt", "event", "sheet", "ev", "-o", "sheet.html")
    cmd("e_slips.txt", "event", "slips", "ev", "-o", "slips.html")
    for name in ("st.csv", "st.html", "sheet.html", "slips.html"):
        out[name] = (folder / name).read_text(encoding="utf-8")
    return out


@pytest.fixture(scope="module")
def french(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    return scenario(tmp_path_factory.mktemp("fr"), ["--lang", "fr"])


@pytest.mark.parametrize("env", [{}, {"LC_ALL": "fr_FR.UTF-8"}], ids=["C locale", "French locale"])
def test_lang_en_output_is_the_golden_output(tmp_path: Path, env: dict[str, str]):
    got = scenario(tmp_path, ["--lang", "en"], env)
    for name in sorted(p.name for p in GOLDEN.iterdir()):
        assert got[name] == (GOLDEN / name).read_text(encoding="utf-8"), name


def test_validate_in_french_names_every_problem_in_the_rulebook_words(french: dict[str, str]):
    text = french["v_bad.yaml.txt"]
    assert text.startswith("bad.yaml (Ana) : INVALIDE - Maison Corrino, 7 / 15 points, 6 erreurs\n")
    assert ("  erreur : figurine 1, type (ligne 4) : Maison Corrino : le type de figurine 'soldeir' n'est pas dans sa caserne. "
            "Vouliez-vous dire 'soldier' ?") in text
    assert "l'arme de spécialiste 'flamethrower' : seule une figurine qui a la règle Spécialiste le peut. [specialist-weapon-not-specialist, RUL-15]" in text
    assert "figurine 4, épice (ligne 11) : Maison Corrino : cette liste attribue 9 doses d'épice de sa réserve, qui en compte 5." in text
    assert "de Maison" not in text  # issue 40: no « de » before a house's name without its article
    assert "(figurines 3 et 4)" in text and text.endswith("rc=1\n")
    assert "Faction inconnue 'corrinno'. Vouliez-vous dire 'corrino' ?" in french["v_bad2.yaml.txt"]
    assert "La clé 'wepons' n'est pas permise dans une figurine de la liste." in french["v_bad2.yaml.txt"]


KIT_LIST = """\
faction: corrino
models:
  - type: soldier
    weapons: [laser, halberd]
  - type: master_assassin
    equipment: [hunter_seeker]
  - type: master_assassin
    equipment: [hunter_seeker]
"""


def test_validate_in_french_names_profiles_equipment_and_houses_by_their_french_names(tmp_path: Path):
    """Issue 40: a problem line names a card, a piece of rare equipment and the house by their sheets' name_fr."""
    (tmp_path / "kit.yaml").write_text(KIT_LIST, encoding="utf-8")
    french = run(["--lang", "fr", "validate", "kit.yaml"], tmp_path).stdout
    assert "Soldat (figurine 1) porte 2 armes communes ('laser' et 'halberd')" in french
    assert "Maison Corrino : Maître assassin est limité à 1 dans sa caserne ; cette liste en a 2." in french
    assert "Maison Corrino a 1 pièce(s) de Chercheur Tueur ('hunter_seeker') ; cette liste en prend 2." in french
    assert not [w for w in ("Soldier", "Master Assassin", "Hunter-seeker", "House Corrino") if w in french]
    english = run(["--lang", "en", "validate", "kit.yaml"], tmp_path).stdout
    assert "Soldier (model 1) carries 2 common weapons ('laser' and 'halberd')" in english
    assert "Master Assassin is limited to 1 in House Corrino's barracks; this list has 2." in english
    assert "House Corrino has 1 piece(s) of Hunter-seeker ('hunter_seeker'); this list takes 2." in english


def test_validate_csv_in_french_has_french_headers_and_stable_codes(french: dict[str, str]):
    header, first, *_rest = french["v_csv.txt"].splitlines()
    assert header == "fichier,joueur,nom,valide,faction,points,limite,gravité,code,règle,position,ligne,message,empreinte_faction,empreinte_liste"
    assert first.startswith("bad.yaml,Ana,,false,corrino,7,15,error,unknown-type,R-FACTION,\"figurine 1, type\",4,\"Maison Corrino : le type de figurine")


def test_json_output_is_the_same_in_both_languages(tmp_path: Path):
    (tmp_path / "bad.yaml").write_text(BAD_LIST, encoding="utf-8")
    en = run(["--lang", "en", "validate", "--json", "bad.yaml"], tmp_path)
    fr = run(["validate", "--json", "bad.yaml", "--lang", "fr"], tmp_path)
    assert en.returncode == fr.returncode == 1
    assert en.stdout == fr.stdout
    messages = [e["message"] for e in json.loads(fr.stdout)[0]["errors"]]
    assert "This list gives 9 spice doses from House Corrino's pool of 5." in messages


def test_roster_in_french(french: dict[str, str]):
    cards = french["r_cards.txt"]
    assert cards.startswith("The Duke's household guard - Maison Atréides - 15 / 15 points - VALIDE\n")  # content names in French
    assert "Faction : Maison Atréides (atreides), Honneur 4, réserve d'épice 4" in cards
    assert "  Mouvement 10 cm, Combat +3, Réflexes +3, Endurance 3" in cards
    assert "  Arme  Portée  Combat  Initiative  Dégâts  Notes\n  Épée  -       +1      +2          12-\n" in cards  # as wide as "Épée"
    assert "  Bouclier : demi-bouclier" in cards and "  Règles spéciales :" in cards
    page = french["r_html.txt"]
    assert '<html lang="fr">' in page and "<th>Portée</th>" in page and "<b>Règles spéciales</b>" in page
    assert "## Duncan - Maître d'Escrime" in french["r_markdown.txt"] and "| Épée | - | +1 | +2 | 12- |  |" in french["r_markdown.txt"] and "| Arme | Portée |" in french["r_markdown.txt"]
    invalid = french["rb_cards.txt"]
    assert "- INVALIDE" in invalid.splitlines()[0] and "Problèmes :" in invalid and invalid.endswith("rc=1\n")


def test_event_in_french_pairings_standings_and_pages(french: dict[str, str]):
    assert "Open - ronde 1 sur 3\n  Table 1 : Joueur harkonnen (rouge, harkonnen)  contre  Joueur atreides (bleu, atreides)" in french["e_pair.txt"]
    assert "Pourquoi :\n  Table 1 : Joueur harkonnen et Joueur atreides, 1er et 2e du tirage de la ronde 1 (graine 4)." in french["e_pair.txt"]
    standings = french["e_st.txt"]
    assert "Open - classement après 1 sur 3 rondes\n#  Joueur            Faction    Pts  V  N  D  PV  Diff  FdA\n" in standings
    assert "Classement par points, différence de PV, PV marqués, FdA, nom." in standings
    assert "1 Joueur harkonnen devant 2 Joueur corrino, critère : points (3 v 1)" in standings
    assert french["st.csv"].splitlines()[0] == "rang,joueur,faction,points,victoires,nuls,défaites,pv,diff_pv,fda,exempts,abandon,fda_étendue"
    page = french["st.html"]
    assert '<html lang="fr">' in page and "<title>Open - classement</title>" in page and "<h2>Ronde 1</h2>" in page
    assert "Classement après la ronde 1 sur 3. 4 joueurs, bandes de 15 points ; victoire 3, nul 1, défaite 0" in page
    assert '<html lang="fr">' in french["sheet.html"] and "<th>Faction de l&#x27;adversaire</th>" not in french["sheet.html"]
    assert "<th>Faction de l'adversaire</th>" in french["sheet.html"]
    assert "Les deux joueurs signent :" in french["slips.html"]
    assert "Barème : victoire 3 / nul 1 / défaite 0 ; un exempt compte une victoire, 0 PV." in french["e_config.txt"]


def test_event_error_in_french(tmp_path: Path):
    proc = run(["--lang", "fr", "event", "standings", "nowhere"], tmp_path)
    assert proc.returncode == 1
    assert proc.stderr.startswith("landsraad : erreur : Il n'y a pas de dossier de tournoi 'nowhere'")


@pytest.mark.parametrize(("env", "flag", "expected"), [
    ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_FR.UTF-8"}, [], "fr"),
    ({"LC_ALL": "", "LC_MESSAGES": "fr_BE.UTF-8", "LANG": "en_GB.UTF-8"}, [], "fr"),
    ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8", "LANG": "fr_FR.UTF-8"}, [], "en"),
    ({"LC_ALL": "fr_FR.UTF-8"}, ["--lang", "en"], "en"),
    ({"LC_ALL": "C.UTF-8"}, ["--lang=fr"], "fr"),
    ({"LC_ALL": "de_DE.UTF-8"}, [], "en"),
])
def test_language_precedence_flag_then_lc_all_lc_messages_lang(tmp_path: Path, env: dict[str, str], flag: list[str], expected: str):
    (tmp_path / "bad.yaml").write_text(BAD_LIST, encoding="utf-8")
    proc = run(["validate", "bad.yaml", *flag], tmp_path, env)
    assert proc.returncode == 1
    assert ("INVALIDE" if expected == "fr" else "INVALID -") in proc.stdout
    assert ("erreurs" in proc.stdout) == (expected == "fr")


def test_bad_language_is_a_usage_error(tmp_path: Path):
    proc = run(["validate", "x.yaml", "--lang", "de"], tmp_path)
    assert proc.returncode == 2
    assert "argument --lang: invalid choice: 'de'" in proc.stderr


def test_french_usage_error(tmp_path: Path):
    proc = run(["--lang", "fr", "validate", "--points", "0", "x.yaml"], tmp_path)
    assert proc.returncode == 2
    assert proc.stderr == "landsraad : erreur : --points attend un nombre entier de points, 1 ou plus ; reçu '0'.\n"


def test_help_of_the_translated_commands_in_french(tmp_path: Path):
    proc = run(["event", "pair", "--help", "--lang", "fr"], tmp_path)
    assert proc.returncode == 0
    assert "Apparier la ronde suivante" in proc.stdout and "donner l'exempt à JOUEUR à la main" in proc.stdout
    proc = run(["--lang", "fr", "validate", "--help"], tmp_path)
    assert "vérifier" in proc.stdout.casefold() and "règle de recrutement" in proc.stdout


def test_french_names_typed_in_event_options(tmp_path: Path):
    assert run(["event", "new", "ev", "--name", "Open", "--rounds", "2", "--seed", "1"], tmp_path).returncode == 0
    proc = run(["--lang", "fr", "event", "config", "ev", "--tiebreakers", "confrontation directe,FdA", "--avoid", "club,ville"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Classement : points, confrontation directe, FdA, nom." in proc.stdout
    assert "La ronde 1 sépare : même club et même ville" in proc.stdout
    data = json.loads(run(["event", "config", "ev", "--json"], tmp_path).stdout)
    assert data["tiebreakers"] == ["h2h", "sos"] and data["avoid"] == ["club", "city"]


if __name__ == "__main__":  # python tests/cli/test_lang.py DIR: write the English outputs of the scenario into DIR
    import tempfile

    target = Path(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in scenario(Path(tmp), sys.argv[2:]).items():
            (target / name).write_text(text, encoding="utf-8")


def test_french_problem_lines_name_the_house_without_a_wrong_article(tmp_path: Path):
    """Issue 40: « de Maison Corrino » / « de Les Fremen » never: the French sentence names the house first (sa caserne)."""
    (tmp_path / "fremen.yaml").write_text("faction: fremen\nmodels:\n  - type: soldeir\n", encoding="utf-8")
    french = run(["--lang", "fr", "validate", "fremen.yaml"], tmp_path).stdout
    assert "Les Fremen : le type de figurine 'soldeir' n'est pas dans sa caserne." in french
    assert "de Les Fremen" not in french and "de Maison" not in french
    english = run(["--lang", "en", "validate", "fremen.yaml"], tmp_path).stdout
    assert "is not in The Fremen's barracks." in english


def test_french_problem_lines_put_a_space_before_the_colon(tmp_path: Path):
    """Issue 40: French typography (« f.yaml : source (ligne 1, colonne 1) : ... »); English keeps ``f.yaml: source``."""
    (tmp_path / "f.yaml").write_text("id: x\nname: y\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("faction: corrino\nmodels:\n  - type: soldier\n", encoding="utf-8")
    french = run(["--lang", "fr", "validate", "--faction-file", "f.yaml", "b.yaml"], tmp_path)
    assert "f.yaml : honour (ligne 1, colonne 1) : Cette clé est obligatoire mais absente." in french.stdout + french.stderr
    assert "f.yaml: " not in french.stdout + french.stderr
    english = run(["--lang", "en", "validate", "--faction-file", "f.yaml", "b.yaml"], tmp_path)
    assert "f.yaml: honour (line 1, column 1): This key is required but missing." in english.stdout + english.stderr
