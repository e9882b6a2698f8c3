"""The event, simulate, replay, house and balance commands read as a French player reads them (issue 40): the texts
found in English when they were run in French, each checked in French; their English is the goldens' (test_lang,
test_lang_tools, test_game_lang) or, for the pictures, checked here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from landsraad.balance.report import heatmap_svg
from landsraad.i18n import use_language
from tests.cli.langrun import landsraad

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "lists"


def _texts(svg: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", t) for t in re.findall(r"<(?:text|title)\b[^>]*>(.*?)</(?:text|title)>", svg, re.S)]


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A paired event of four bundled lists."""
    folder = tmp_path_factory.mktemp("event")
    assert landsraad(["event", "new", "ev", "--name", "Open", "--rounds", "2", "--seed", "4"], cwd=folder).returncode == 0
    (folder / "ev" / "lists").mkdir(exist_ok=True)
    for faction in ("atreides", "corrino", "fremen", "harkonnen"):
        lines = [x for x in (EXAMPLES / f"{faction}.yaml").read_text(encoding="utf-8").splitlines() if not x.startswith("player:")]
        (folder / "ev" / "lists" / f"{faction}.yaml").write_text("\n".join([f"player: Joueur {faction}", *lines]) + "\n",
                                                                 encoding="utf-8")
    assert landsraad(["event", "pair", "ev"], cwd=folder).returncode == 0
    return folder


def test_result_slips_and_pairing_sheet_name_the_factions_in_french(event: Path):
    for page in ("slips", "sheet"):
        out = landsraad(["--lang", "fr", "event", page, "ev", "-o", f"{page}.html"], cwd=event)
        assert out.returncode == 0, out.stderr
        html = (event / f"{page}.html").read_text(encoding="utf-8")
        assert ">Maison Atréides<" in html and ">Les Fremen<" in html, page
        assert "House Atreides" not in html and "The Fremen" not in html, page
    slips = (event / "slips.html").read_text(encoding="utf-8")
    assert ">Joueur atreides :<" in slips and "--vp ROUGE,BLEU<" in slips and "RED,BLUE" not in slips
    landsraad(["--lang", "en", "event", "slips", "ev", "-o", "slips-en.html"], cwd=event)
    english = (event / "slips-en.html").read_text(encoding="utf-8")
    assert ">House Atreides<" in english and ">Joueur atreides:<" in english and "--vp RED,BLUE<" in english


def test_event_config_agrees_none_with_seats_and_layouts(event: Path):
    out = landsraad(["--lang", "fr", "event", "config", "ev"], cwd=event).stdout
    assert "Places fixes : aucune." in out and "Dispositions des tables : aucune." in out
    assert "Fixed seats: none." in landsraad(["--lang", "en", "event", "config", "ev"], cwd=event).stdout


def test_event_help_is_good_french():
    out = landsraad(["--lang", "fr", "event", "--help"]).stdout
    assert "écrire en HTML une page d'une ronde : feuille d'appariements" in out
    assert "les feuille d'" not in out


def test_simulate_names_the_missions_by_the_rulebook(tmp_path: Path):
    out = landsraad(["--lang", "fr", "simulate", "--red", "corrino", "--blue", "fremen", "--games", "2", "--seed", "0"], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert "    Vol d'Epice : choisie 2," in out.stdout and "Spice theft" not in out.stdout
    english = landsraad(["--lang", "en", "simulate", "--red", "corrino", "--blue", "fremen", "--games", "2", "--seed", "0"], cwd=tmp_path)
    assert "    Spice theft: picked 2," in english.stdout


def test_replay_pictures_are_titled_in_french(tmp_path: Path):
    assert landsraad(["demo", "--seed", "1", "--save", "d.json"], cwd=tmp_path).returncode == 0
    out = landsraad(["--lang", "fr", "replay", "d.json", "--svg-dir", "pics"], cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    titles = [_texts(p.read_text(encoding="utf-8"))[0] for p in sorted((tmp_path / "pics").glob("*.svg"))]
    assert titles[0].startswith("Après l'événement ") and "(premier joueur), activation 0" in titles[0]
    assert any("(fin d'activation), activation " in t for t in titles) and "(fin de la partie)" in titles[-1]
    assert not any("After event" in t or "end activation" in t for t in titles)
    landsraad(["--lang", "en", "replay", "d.json", "--svg-dir", "pics-en"], cwd=tmp_path)
    first = _texts(sorted((tmp_path / "pics-en").glob("*.svg"))[0].read_text(encoding="utf-8"))[0]
    assert re.fullmatch(r"After event \d+ \(first player\), activation 0", first), first


def test_house_price_names_the_items_and_the_source_in_french(tmp_path: Path):
    out = landsraad(["--lang", "fr", "house", "price", "corrino"], cwd=tmp_path).stdout
    assert out.startswith("Maison Corrino (corrino, source : livre de règles)")
    assert "  profil Soldat " in out and "  profil Maître d'arme " in out and "profil soldier" not in out
    english = landsraad(["--lang", "en", "house", "price", "corrino"], cwd=tmp_path).stdout
    assert english.startswith("House Corrino (corrino, source: rulebook)") and "  profile soldier " in english
    # the cost model's terms: French words, English ids as before
    num = r"[+-]\d+{sep}\d{{3}}"
    assert re.search(r"Modèle de coût : coût de base {n}, Combat {n}, Réflexes {n}, Endurance au-delà de 3 {n}, ".format(
        n=num.format(sep=",")), out), out
    assert "endurance_over_3" not in out
    assert re.search(r"Model: intercept {n}, combat {n}, reflexes {n}, endurance_over_3 {n}, ".format(n=num.format(sep=r"\.")), english)


def test_balance_heatmap_speaks_french():
    summary = {"factions": {"corrino": {"games": 2, "win_rate": 0.25, "ci95": [0.03, 0.8]},
                            "fremen": {"games": 2, "win_rate": 0.75, "ci95": [0.2, 0.97]}},
               "pairings": {"corrino": {"fremen": {"games": 2, "win_rate": 0.25, "ci95": [0.03, 0.8]}},
                            "fremen": {"corrino": {"games": 2, "win_rate": 0.75, "ci95": [0.2, 0.97]}}}}
    with use_language("fr"):
        french = _texts(heatmap_svg(summary))
    assert french[0] == "Taux de victoire de la faction de la ligne contre celle de la colonne"
    assert "toutes" in french and "all" not in french
    assert french[-1].startswith("Un match nul compte pour une demi-victoire")
    with use_language("en"):
        english = _texts(heatmap_svg(summary))
    assert english[0] == "Win rate of the row faction against the column faction" and "all" in english
