"""The French catalog follows docs/glossary.md: where the English says a rule word, the French says the rulebook's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from landsraad.i18n import read_po

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "glossary.md"
PO = ROOT / "landsraad" / "locale" / "fr" / "LC_MESSAGES" / "landsraad.po"
RULEBOOK = next((p for p in (ROOT.parent / "shared" / "rules" / "landsraad-rulebook.fr.txt",
                              Path("/work/shared/rules/landsraad-rulebook.fr.txt")) if p.is_file()), Path("rulebook-not-found"))
"""The French rulebook, where the workplace keeps it beside the checkout (the test of its words is skipped without it)."""


def glossary() -> list[tuple[str, str, str, str]]:
    """``(english, french, french plural, source)`` for each row of the glossary's table."""
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 4 and cells[0] not in ("English", "---"):
            rows.append((cells[0], cells[1], cells[2], cells[3]))
    return rows


CODE_WORDS: dict[str, set[str]] = {
    # a key of the list format or a command's name, typed as is in both languages
    "A warband list is a mapping with the keys faction, models and optionally name, player, notes; got {value}.": {"model", "player"},
    "event needs an action: new, config, check, pair, swap, add, result, standings, sheet, slips, export or drop "
    "(see `landsraad event --help`).": {"standings"},
    "not read: this file is not a list (no faction: or models:).": {"model"},
    "spice expects a whole number of doses; got {value}.": {"spice"},
    " (default vp_diff,vp,sos); 'none' for name only": {"VP"},  # tie-breaker names
    # the same English word in another sense: round 1's random draw (tirage), not a drawn game (nul)
    "of the same club or city: no draw keeps every such pair apart": {"draw"},
    "{a} and {b}, {a_place} and {b_place} of round 1's draw (seed {seed})": {"draw"},
    # "round" as in "go round an obstacle", not a tournament round
    "Charge: {model} cannot reach contact with {target} at all (no way round the obstacles).": {"round"},
    "Path: {n} points, curving round obstacles (see --json or --svg).": {"round"},
    "Shortest legal path for MODEL's base to X,Y, or into base contact with another model (R-MOVE, R-TERRAIN-KINDS, "
    "RUL-17): the base slides round impassable terrain and other bases, difficult terrain costs double, the base stays "
    "on the table. A move that is too long says where the model gets to (stop_at) and how far is missing.": {"round"},
    # a command typed as is (odds melee), a picture drawn (not a drawn game), a data model (not a figure)
    "For the model about to act: shooting from where it stands, moving then shooting, shooting then moving out of reach, "
    "charging each enemy within one move, template shots (where to aim, every model under it, friendly fire; with the "
    "free move before or after), or no action (R-ACTIVATE), ranked by expected damage, then by the risk taken (the "
    "enemies that could shoot or charge it where it ends), each with its odds, reasons and the odds shoot / odds melee / "
    "template / move command lines that give the same numbers. Special actions a scene cannot weigh (healing, mission "
    "actions, equipment) are named.": {"melee"},
    "draw one frame into this PNG and exit": {"draw"},
    "where 'map' draws the table (default: landsraad-play.svg)": {"draw"},
    "dump the faction model as JSON": {"model"},
    "A drill is a YAML mapping (title, red, blue, models, missions, ...).": {"model"},  # the keys, typed as is
    "A scene file must be a mapping with table, terrain, models and markers; got {got}.": {"model"},  # the keys, typed as is
    "the cost model's price\x04model": {"model"},
    "template needs exactly one of --blast X,Y or --direct MODEL --toward X,Y --length L.": {"template"},
    "{items} item(s) priced, {differs} differ from the sheet. Model: {terms}": {"model"},  # the cost model
    # "piece" as a terrain piece of the viewer's table editor (un décor), not a piece of rare equipment
    "Drag models and pieces. A adds a model (F profile, S side, E on its deployment edge), L a warband list; P places a piece "
    "(Tab piece, Shift+Tab kit); O draws one (Enter ends); R or the wheel turns it, Up/Down height, M kind; "
    "Delete; G snap; Ctrl+Z / Ctrl+Y undo / redo; Ctrl+S save; Esc clears. Every change is autosaved.": {"piece"},
    "Drawing a piece: {n} corner; click to add, Enter to finish, Esc to cancel.": {"piece"},
    "Drawing a piece: {n} corners; click to add, Enter to finish, Esc to cancel.": {"piece"},
    "{n} piece": {"piece"},
    "{n} pieces": {"piece"},
    # "win" a tied set-up bid (Hawat's network), not the result of a game
    "The Atreides player wins tied set-up bids without the roll-off (both players still lose what they bid).": {"win"},
}
"""Messages where a glossary word is not the rule notion: a key or command typed as is, or another sense of the word."""


def _prose(text: str) -> str:
    """The words of a message: placeholders, `code` spans and typed ``key=value`` items removed (``{pool}`` is no pool)."""
    return re.sub(r"`[^`]*`|\{[^{}]*\}|\b[a-z_]+=[^\s,\[\]]*", " ", text)


def _says(text: str, english: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(english)}(s|es)?(?![\w-])", _prose(text), re.IGNORECASE) is not None


def test_the_glossary_has_the_rulebook_vocabulary():
    terms = {french for _en, french, _pl, _src in glossary()}
    for word in ("dé neutre", "affrontement", "petit couvert", "grand couvert", "blessure légère", "blessure grave",
                 "blessure fatale", "Mortel", "pion fatigue", "figurine", "caserne", "arme de spécialiste"):
        assert word in terms
    assert len({en.casefold() for en, *_ in glossary()}) == len(glossary()), "an English term listed twice"


@pytest.mark.skipif(not RULEBOOK.is_file(), reason="the rulebook is not on this machine")
def test_rulebook_words_are_the_rulebooks():
    book = RULEBOOK.read_text(encoding="utf-8").casefold()
    for _en, french, plural, source in glossary():
        if source.startswith("usage") or source.startswith("abbreviation"):
            continue
        assert french.casefold() in book or plural.casefold() in book or french.split()[0].casefold() in book, french


def test_the_catalog_uses_the_glossary_term_where_the_english_does():
    catalog = read_po(PO)
    wrong = []
    for msgid, translated in catalog.items():
        if not msgid:
            continue
        key = msgid if isinstance(msgid, str) else msgid[0]  # with its context (pgettext), which says the sense
        if isinstance(msgid, str):
            msgid = msgid.rpartition("\x04")[2]  # the context is not the text
        pairs = zip(msgid, translated) if isinstance(msgid, tuple) else [(msgid, translated)]
        for english, french_text in pairs:
            for term, french, plural, _src in glossary():
                if _says(english, term) and term not in CODE_WORDS.get(key, ()):
                    said = _prose(french_text).casefold()
                    if french.casefold() not in said and plural.casefold() not in said:
                        wrong.append(f"{english!r}: {term!r} should be {french!r}, got {french_text!r}")
    assert not wrong, "\n".join(wrong)


def test_the_check_catches_a_wrong_word():
    assert _says("Soldier (model 2) cannot carry it", "model")
    assert not _says("{pool} doses", "pool")
    assert not _says("VPa", "VP")
    assert _says("the specialist weapons 'x'", "specialist weapon")
