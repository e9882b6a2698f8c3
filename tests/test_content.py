"""The bundled content: every faction loads, the rulebook's canon numbers are reproduced
exactly (CONTENT.md, RULINGS.md "Corrino (rulebook)", R-PROFILE, R-FACTION), the authored
content respects CONTENT.md's design constraints, and the example lists are legal 15-point
warbands (R-RECRUIT, RUL-14, RUL-15)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from landsraad.content import data_dir, faction_ids, load_faction, load_factions, load_model
from landsraad.errors import DataError, UnknownNameError
from landsraad.i18n import use_language
from landsraad.model import Damage, Faction, Poison, Template

FACTIONS = ["atreides", "corrino", "fremen", "harkonnen"]
REPO = Path(__file__).resolve().parents[1]


# --- loading -----------------------------------------------------------------------------


def test_the_four_great_houses_are_bundled():
    assert set(FACTIONS) <= set(faction_ids())


@pytest.mark.parametrize("fid", FACTIONS)
def test_every_bundled_faction_loads_and_cross_references(fid):
    f = load_faction(fid)
    assert f.id == fid == Path(data_dir("factions") / f"{fid}.yaml").stem
    assert {b.type for b in f.barracks} == {p.id for p in f.profiles}
    for p in f.profiles:
        for w in p.weapons:
            f.weapon(w)
    for w in f.common_weapons:
        f.weapon(w)
    for s in f.specialist_weapons:
        f.weapon(s.weapon)
    assert f.common_weapons, "every faction has at least one common weapon"


def test_unknown_faction_lists_the_valid_ones():
    with pytest.raises(UnknownNameError) as exc:
        load_faction("corino")
    assert "Did you mean 'corrino'?" in str(exc.value)


def _broken_copy(tmp_path, **changes) -> Path:
    data = yaml.safe_load((data_dir("factions") / "corrino.yaml").read_text(encoding="utf-8"))
    if "honour" in changes:
        data["honour"] = changes["honour"]
    if "rule" in changes:
        data["profiles"][0]["special_rules"] = [changes["rule"]]
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def test_a_bad_number_in_a_sheet_is_located(tmp_path):
    with pytest.raises(DataError) as exc:
        load_model(Faction, _broken_copy(tmp_path, honour=-1))
    assert "honour (line" in str(exc.value)


def test_a_misspelt_rule_in_a_sheet_gets_a_did_you_mean(tmp_path):
    with pytest.raises(DataError) as exc:
        load_model(Faction, _broken_copy(tmp_path, rule="sardukar"))
    assert "Did you mean 'sardaukar'?" in str(exc.value)


def test_a_sheet_with_several_problems_reports_them_all(tmp_path):
    with pytest.raises(DataError) as exc:
        load_model(Faction, _broken_copy(tmp_path, honour=-1, rule="sardukar"))
    assert "honour" in str(exc.value) and "sardukar" in str(exc.value)


# --- Corrino: the rulebook's sheet, exactly ------------------------------------------------


@pytest.fixture(scope="module")
def corrino() -> Faction:
    return load_faction("corrino")


def test_corrino_sheet_header(corrino):
    """RULINGS.md Corrino (rulebook): Honour 3; 5 spice doses; spice effect; three rules."""
    assert corrino.source == "rulebook"
    assert (corrino.honour, corrino.spice_doses, corrino.spice_effect) == (3, 5, "corrino_spice")
    assert set(corrino.special_rules) == {"sardaukar", "imperial_espionage", "suk_doctor"}


def test_corrino_barracks_limits(corrino):
    expected = {
        "soldier": 8, "medic": 2, "specialist": 4, "scout": 4, "duellist": 1, "mentat": 2,
        "bene_gesserit_sister": 2, "assassin": 1, "master_of_arms": 1, "master_assassin": 1,
        "swordmaster": 1,
    }
    assert {b.type: (b.min, b.max) for b in corrino.barracks} == {t: (0, m) for t, m in expected.items()}


def test_sardaukar_is_data(corrino):
    """Sardaukar: Soldiers, Specialists, Scouts +1 point, Armour 3, +1 Combat, +1 Reflexes."""
    (mod,) = corrino.modifiers
    assert mod.rule == "sardaukar" and set(mod.types) == {"soldier", "specialist", "scout"}
    assert (mod.cost, mod.armour, mod.combat, mod.reflexes) == (1, 3, 1, 1)
    for t in ("soldier", "specialist", "scout"):
        base, eff = corrino.base_profile(t), corrino.profile(t)
        assert eff.cost == base.cost + 1 and eff.armour == 3
        assert (eff.combat, eff.reflexes) == (base.combat + 1, base.reflexes + 1)
        assert "sardaukar" in eff.special_rules
    for t in ("medic", "duellist", "master_assassin"):
        assert corrino.profile(t) == corrino.base_profile(t)


def test_soldier_canon_numbers(corrino):
    """Shooting example 1: Soldier Combat +1, Endurance 3; example 2: the Sardaukar has Combat +2."""
    base = corrino.base_profile("soldier")
    assert (base.combat, base.endurance) == (1, 3)
    assert corrino.profile("soldier").combat == 2
    assert corrino.profile("soldier").cost == 2  # CONTENT.md: a Sardaukar costs 2


def test_sardaukar_lance_and_pistol(corrino):
    lance, pistol = corrino.weapon("sardaukar_lance"), corrino.weapon("pistol")
    assert (lance.range, lance.combat, lance.ranged_damage) == (15.0, 1, Damage(kind="ranged", value=2))
    assert (pistol.range, pistol.combat, pistol.ranged_damage) == (10.0, 1, Damage(kind="ranged", value=1))
    assert "sardaukar_lance" in corrino.base_profile("soldier").weapons


def test_corrino_common_weapons(corrino):
    assert set(corrino.common_weapons) == {"halberd", "laser"}
    h = corrino.weapon("halberd")
    assert (h.range, h.combat, h.initiative, h.melee_damage) == (None, 2, 1, Damage(kind="melee", value=15))
    laser = corrino.weapon("laser")
    assert (laser.range, laser.combat, laser.ranged_damage, laser.laser) == (15.0, -2, Damage(kind="burn", value=12), True)
    assert "laser" in laser.special_rules


def test_corrino_specialist_weapons(corrino):
    """Flamethrower* 1 point, machine gun 1 point, paired weapons no cost printed (PRJ-50: 0, no limit)."""
    arsenal = {s.weapon: (s.cost, s.limit) for s in corrino.specialist_weapons}
    assert arsenal == {"flamethrower": (1, None), "machine_gun": (1, None), "paired_weapons": (0, None)}
    fl = corrino.weapon("flamethrower")
    assert fl.template == Template(kind="direct", size_cm=20.0) and fl.range is None
    assert (fl.combat, fl.ranged_damage) == (-2, Damage(kind="burn", value=9))
    assert "flamethrower" in fl.special_rules
    mg = corrino.weapon("machine_gun")
    assert (mg.range, mg.combat, mg.initiative, mg.ranged_damage) == (20.0, 0, 0, Damage(kind="ranged", value=3))
    pw = corrino.weapon("paired_weapons")
    assert (pw.range, pw.combat, pw.initiative, pw.melee_damage) == (None, 2, 2, Damage(kind="melee", value=13))


def test_corrino_rare_equipment(corrino):
    """RUL-14: N pieces, P points each."""
    got = {e.id: (e.pieces, e.cost, e.effect, e.source) for e in corrino.rare_equipment}
    assert got == {
        "explosives": (3, 1, "explosives", "rulebook"),
        "hunter_seeker": (1, 1, "hunter_seeker", "rulebook"),
        "jammer": (1, 1, "jammer", "rulebook"),
    }


def test_master_assassin_card(corrino):
    """R-PROFILE: Master Assassin (4) M10 C+2 R+4 E3, Knife* 6-, Maula pistol 10/+1/+1, shield, 1 spice, poisons."""
    p = corrino.profile("master_assassin")
    assert p.source == "rulebook"
    assert (p.cost, p.movement, p.combat, p.reflexes, p.endurance, p.armour) == (4, 10, 2, 4, 3, None)
    assert (p.shield, p.spice) == ("full", 1)
    assert [q.kind for q in p.poisons] == ["dangerous", "will_breaker", "irritant", "paralysing"]
    assert set(p.special_rules) == {"assassination", "hunter_seeker"}
    knife, maula = (corrino.weapon(w) for w in p.weapons)
    assert knife.melee_damage == Damage(kind="melee", value=6) and (knife.combat, knife.initiative) == (0, 0)
    assert "poisoned_knife" in knife.special_rules
    assert (maula.range, maula.combat, maula.ranged_damage) == (10.0, 1, Damage(kind="ranged", value=1))


def test_corrino_profile_rules(corrino):
    assert "healer" in corrino.profile("medic").special_rules  # RUL-12
    assert corrino.profile("specialist").is_specialist
    assert sum(p.is_specialist for p in corrino.profiles) == 1


# --- the other houses' canon items ---------------------------------------------------------


def test_harkonnen_halberd_and_steel_shield():
    """Melee example 1: Harkonnen halberd +2 Combat, 12-; steel shield +3 Combat in defence only."""
    h = load_faction("harkonnen")
    hal = h.weapon("halberd")
    assert (hal.combat, hal.melee_damage) == (2, Damage(kind="melee", value=12))
    ss = h.weapon("steel_shield")
    assert (ss.defence, ss.combat, ss.special_rules) == (3, 0, ("steel_shield",))
    assert "halberd" in h.base_profile("soldier").weapons


def test_harkonnen_fields_gladiators():
    """R-MISSIONS: "Slave hunt" needs gladiators; they are marked by the profile keyword."""
    h = load_faction("harkonnen")
    gladiators = [p.id for p in h.profiles if "gladiator" in p.keywords]
    assert "gladiator" in gladiators
    for fid in ("atreides", "corrino", "fremen"):
        assert not any("gladiator" in p.keywords for p in load_faction(fid).profiles)


def test_fremen_carry_no_shields_and_crysknives():
    f = load_faction("fremen")
    assert all(p.shield == "none" for p in f.profiles)
    assert "crysknife" in f.common_weapons
    assert "desert_born" in f.special_rules


@pytest.mark.parametrize("fid", ["atreides", "harkonnen", "fremen"])
def test_canon_weapon_values_are_kept_wherever_reused(fid):
    """A weapon reused under a canon name keeps the canon numbers (CONTENT.md)."""
    canon = {
        "pistol": (10.0, 1, 0, "+1"), "knife": (None, 0, 0, "6-"), "maula_pistol": (10.0, 1, 0, "+1"),
        "laser": (15.0, -2, 0, "(12)"), "flamethrower": (None, -2, 0, "(9)"),
    }
    f = load_faction(fid)
    for w in f.weapons:
        if w.id in canon:
            assert (w.range, w.combat, w.initiative, w.damage) == canon[w.id], (fid, w.id)
            assert w.source == "rulebook"


# --- design constraints (CONTENT.md) -----------------------------------------------------------


@pytest.mark.parametrize("fid", FACTIONS)
def test_profiles_within_the_canon_ranges(fid):
    f = load_faction(fid)
    for card in f.profiles:
        p = f.profile(card.id)
        assert -2 <= p.combat <= 3, p.id
        assert -2 <= p.reflexes <= 4, p.id
        assert 2 <= p.endurance <= 4, p.id
        assert 8 <= p.movement <= 12, p.id
        assert 1 <= p.cost <= 4, p.id


@pytest.mark.parametrize("fid", FACTIONS)
def test_every_item_says_where_it_comes_from(fid):
    f = load_faction(fid)
    raw = yaml.safe_load((data_dir("factions") / f"{fid}.yaml").read_text(encoding="utf-8"))
    assert raw["source"] in ("rulebook", "project")
    for section in ("weapons", "rare_equipment"):
        for item in raw.get(section, []):
            assert item.get("source") in ("rulebook", "project"), (fid, section, item["id"])
    if f.source == "project":
        assert all(p.source == "project" for p in f.profiles)


@pytest.mark.parametrize("fid", FACTIONS)
def test_roles_carry_their_rules(fid):
    """A Specialist can take a specialist weapon (RUL-15); a healer type exists to heal (RUL-12)."""
    f = load_faction(fid)
    assert f.profile("specialist").is_specialist
    assert any("healer" in p.special_rules for p in f.profiles)
    assert any(f.base_profile(b.type).cost == 1 for b in f.barracks), "a 1-point rank-and-file card"


def test_factions_are_distinct():
    """Each house has its own spice effect and faction rules."""
    fs = load_factions()
    effects = [fs[i].spice_effect for i in FACTIONS]
    assert len(set(effects)) == len(effects)
    rules = [frozenset(fs[i].special_rules) for i in FACTIONS]
    assert all(not (a & b) for i, a in enumerate(rules) for b in rules[i + 1:])


def test_shields_are_common_among_the_great_houses():
    for fid in ("atreides", "corrino", "harkonnen"):
        f = load_faction(fid)
        shielded = sum(p.shield != "none" for p in f.profiles)
        assert shielded * 2 >= len(f.profiles), fid


# --- data round trips ------------------------------------------------------------------------


@pytest.mark.parametrize("fid", FACTIONS)
def test_faction_dump_round_trips(fid):
    f = load_faction(fid)
    assert Faction.model_validate(f.model_dump()) == f
    assert Faction.model_validate_json(f.model_dump_json()) == f


_ALL_CARDS = [(fid, p.id) for fid in FACTIONS for p in load_faction(fid).profiles]


@given(st.sampled_from(_ALL_CARDS))
def test_effective_profile_is_card_plus_modifiers(card):
    """Property: the effective card = printed card + the sum of the modifiers naming it."""
    fid, tid = card
    f = load_faction(fid)
    base, eff = f.base_profile(tid), f.profile(tid)
    mods = [m for m in f.modifiers if tid in m.types]
    assert eff.cost == base.cost + sum(m.cost for m in mods)
    assert eff.combat == base.combat + sum(m.combat for m in mods)
    assert eff.reflexes == base.reflexes + sum(m.reflexes for m in mods)
    assert (eff.movement, eff.endurance, eff.weapons, eff.poisons) == (base.movement, base.endurance, base.weapons, base.poisons)


@given(st.sampled_from(POISON := [Poison.model_validate(p) for p in ("dangerous", "will_breaker 3", "irritant")]))
def test_poison_text_round_trips(poison):
    assert Poison.model_validate(str(poison)) == poison


# --- example lists -----------------------------------------------------------------------------


def _list_points(lst: dict, f: Faction) -> tuple[int, list[str]]:
    """Independent points count and legality check of a list (R-RECRUIT, RUL-14, RUL-15)."""
    problems: list[str] = []
    spec_cost = {s.weapon: s for s in f.specialist_weapons}
    rare = {e.id: e for e in f.rare_equipment}
    points, counts, rare_count, spec_count, spice = 0, Counter(), Counter(), Counter(), 0
    for m in lst["models"]:
        p = f.profile(m["type"])
        points += p.cost
        counts[m["type"]] += 1
        chosen = m.get("weapons", [])
        common = [w for w in chosen if w in f.common_weapons]
        special = [w for w in chosen if w in spec_cost]
        if len(common) > 1 or len(special) > 1 or len(common) + len(special) != len(chosen):
            problems.append(f"bad weapon choice {chosen}")
        if special and not p.is_specialist:
            problems.append(f"{m['type']} is not a Specialist")
        for w in special:
            points += spec_cost[w].cost
            spec_count[w] += 1
        for e in m.get("equipment", []):
            points += rare[e].cost
            rare_count[e] += 1
        spice += m.get("spice", 0)
    for b in f.barracks:
        if not b.min <= counts[b.type] <= b.max:
            problems.append(f"{b.type} count {counts[b.type]}")
    for e, n in rare_count.items():
        if n > rare[e].pieces:
            problems.append(f"too many {e}")
    for w, n in spec_count.items():
        if spec_cost[w].limit is not None and n > spec_cost[w].limit:
            problems.append(f"too many {w}")
    if spice > f.spice_doses:
        problems.append("too much spice")
    names = [m["name"] for m in lst["models"] if "name" in m]
    if len(names) != len(set(names)):
        problems.append("duplicate names")
    return points, problems


@pytest.mark.parametrize("fid", FACTIONS)
def test_example_list_is_a_legal_15_point_warband(fid):
    lst = yaml.safe_load((REPO / "examples" / "lists" / f"{fid}.yaml").read_text(encoding="utf-8"))
    assert lst["faction"] == fid
    f = load_faction(fid)
    points, problems = _list_points(lst, f)
    assert problems == []
    assert points == 15
    assert 5 <= len(lst["models"]) <= 10


def test_list_checker_catches_a_bad_list():
    """The independent checker above is not vacuous."""
    f = load_faction("corrino")
    bad = {"models": [{"type": "soldier", "weapons": ["machine_gun"]}] + [{"type": "master_assassin"}] * 2}
    points, problems = _list_points(bad, f)
    assert points == 2 + 1 + 8
    assert any("not a Specialist" in p for p in problems) and any("master_assassin" in p for p in problems)


# --- the catalogue -----------------------------------------------------------------------------


@pytest.mark.parametrize("fid", FACTIONS)
def test_docs_catalogue_names_every_item(fid):
    """docs/content.md lists every faction, card, weapon, item and rule the content uses."""
    doc = (REPO / "docs" / "content.md").read_text(encoding="utf-8")
    f = load_faction(fid)
    names = {f.id, f.spice_effect, *f.special_rules}
    names |= {p.id for p in f.profiles} | {r for p in f.profiles for r in p.special_rules}
    names |= {w.id for w in f.weapons} | {r for w in f.weapons for r in w.special_rules}
    names |= {e.id for e in f.rare_equipment} | {e.effect for e in f.rare_equipment}
    missing = sorted(n for n in names if f"`{n}`" not in doc)
    assert missing == []


# --- hostile YAML: bounded, located, never a crash (issue 15) -----------------------------

from landsraad.content import MAX_DEPTH, MAX_VALUES, YamlSyntaxError, parse_document, read_document  # noqa: E402


def _laughs(levels: int) -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    "text, line, words",
    [
        (_laughs(9), None, "more than"),  # 10^9 values once expanded
        ("models: &x [*x]\n", 1, "recursive alias"),
        ("a: &x {b: [1, *x]}\n", 1, "recursive alias"),
        ("a: *nowhere\n", 1, "names no anchor"),
        ("[" * 5000 + "]" * 5000, 1, "deeper than"),
        ("- " * 5000 + "x\n", 1, "deeper than"),
        ("[" * 300_000 + "]" * 300_000, 1, "deeper than"),  # crashed libyaml's recursive composer
        ("models: !!set {a, b}\n", 1, "'!!set' is not supported"),
        ("!!set {a, b}: 1\n", 1, "key must be text"),
        ("faction: x\n1: a\n", 2, "key must be text"),
        ("~: a\n", 1, "key must be text"),
        ("[a]: 1\n", 1, "key must be text"),
        ("points: " + "9" * 5000 + "\n", 1, "too large"),
        ("points: 99999999999999999999\n", 1, "too large"),
        ("points: !!int abc\n", 1, "not a valid int"),
        ("ok: !!bool maybe\n", 1, "not a valid bool"),
        ("when: !!timestamp x\n", 1, "not a valid timestamp"),
        ("m: !!map [1]\n", 1, "not supported"),
        ("a: !!binary aGVsbG8=\n", 1, "not supported"),
        ("a: !!python/object:os.system {}\n", 1, "not supported"),
        ("a: &k {x: 1}\nb: {<<: *k}\n", 2, "Merge keys"),
        ("a: 1\n---\nb: 2\n", 2, "several YAML documents"),
        ("a: 1\na: 2\n", 2, "Duplicate key 'a'"),
    ],
)
def test_hostile_yaml_is_a_located_error(text, line, words):
    with pytest.raises(YamlSyntaxError) as exc:
        parse_document(text, "evil.yaml")
    assert words in str(exc.value)
    assert str(exc.value).startswith("evil.yaml: ")
    if line is not None:
        assert exc.value.line == line



@pytest.mark.parametrize("text, english, french", [
    ("a: 1\na: 2\n", "evil.yaml: line 2, column 1: Duplicate key 'a' (first at line 1).",
     "evil.yaml : ligne 2, colonne 1 : Clé en double 'a' (la première à la ligne 1)."),
    ("a: *nowhere\n", "names no anchor defined before it.", "L'alias *nowhere ne nomme aucune ancre définie avant lui."),
    ("points: 99999999999999999999\n", "(at most 9,223,372,036,854,775,807 in magnitude)",
     "(au plus 9\u202f223\u202f372\u202f036\u202f854\u202f775\u202f807 en valeur absolue)"),
    ("models: !!set {a, b}\n", "The tag '!!set' is not supported;", "L'étiquette '!!set' n'est pas prise en charge ;"),
    ("faction: x\n1: a\n", "got the number '1' (quote it", "reçu le nombre '1' (mettez-la entre guillemets"),
    ("a: [1, 2\n", "This is not valid YAML: ", "Ce n'est pas du YAML valide : "),
])
def test_hostile_yaml_reads_in_french_and_the_same_in_english(text, english, french):
    """Issue 40: a file's syntax problems follow the reader's language; YAML's own detail stays its English."""
    with pytest.raises(YamlSyntaxError) as exc:
        parse_document(text, "evil.yaml")
    assert english in str(exc.value)
    with use_language("fr"):
        assert french in exc.value.localized()


def test_an_alias_bomb_stops_at_the_budget_not_at_the_end():
    with pytest.raises(YamlSyntaxError) as exc:
        parse_document(_laughs(9), "bomb.yaml")
    assert f"{MAX_VALUES:,}" in str(exc.value)
    assert exc.value.line <= 6  # refused once the copies pass the budget, well before line 9


def test_aliases_within_budget_still_work_and_are_located():
    doc = parse_document("w: &w {range: 10}\nmodels:\n  - weapon: *w\n  - weapon: *w\n", "ok.yaml")
    assert doc.data["models"][1]["weapon"] == {"range": 10}
    assert doc.locate(("models", 1, "weapon")) == "models[1].weapon (line 4, column 5)"
    assert doc.locate(("models", 1, "weapon", "range")).startswith("models[1].weapon.range (line 1")


def test_nesting_up_to_the_limit_is_accepted():
    depth = MAX_DEPTH
    doc = parse_document("[" * depth + "]" * depth, "deep.yaml")
    inner = doc.data
    for _ in range(depth - 1):
        inner = inner[0]
    assert inner == []


def test_a_huge_or_endless_file_is_refused_without_reading_it_all(tmp_path):
    with pytest.raises(DataError, match="device, not a regular file"):  # refused before any read (issue 42)
        read_document("/dev/zero")
    big = tmp_path / "big.yaml"
    big.write_text("a: " + "x" * 3_000_000, encoding="utf-8")
    with pytest.raises(DataError, match="too large"):
        read_document(big)


def test_a_non_utf8_byte_is_located(tmp_path):
    path = tmp_path / "latin.yaml"
    path.write_bytes(b"faction: corrino\nname: caf\xe9\n")
    with pytest.raises(YamlSyntaxError) as exc:
        read_document(path)
    assert (exc.value.line, exc.value.column) == (2, 10)
    assert "0xe9" in str(exc.value)


def test_a_very_long_file_name_is_a_data_error_with_a_short_message():
    with pytest.raises(DataError) as exc:
        read_document("s" * 5000 + ".yaml")
    assert len(str(exc.value)) < 400


def test_faction_ids_are_the_bundled_files_and_a_fresh_list_each_time():
    """Listed once per process (the folder does not change while it runs): still every file's stem,
    sorted, and a list the caller may change without changing the next answer."""
    ids = faction_ids()
    assert ids == sorted(p.stem for p in data_dir("factions").glob("*.yaml"))
    ids.append("not_a_faction")
    assert "not_a_faction" not in faction_ids()


# --- French names (issue 40) -------------------------------------------------------------------


@pytest.mark.parametrize("fid", FACTIONS)
def test_every_shipped_name_has_its_french_name_and_a_french_reader_may_type_it(fid):
    """Each faction, card, weapon and piece of rare equipment carries its French name, and a list
    that writes those names is read back to the same ids (the aliases know every one)."""
    from landsraad.warband.validator import check_text

    f = load_faction(fid)
    items = [f, *f.profiles, *f.weapons, *f.rare_equipment]
    assert all(i.name_fr for i in items), [i.id for i in items if not i.name_fr]
    shown = lambda name: name.rstrip("*").replace("'", "''")  # noqa: E731 - a YAML single-quoted scalar
    for entry in f.barracks:
        report = check_text(f"faction: '{shown(f.name_fr)}'\nmodels:\n  - type: '{shown(f.profile(entry.type).name_fr)}'\n")
        assert report.faction == fid and report.warband.models[0].type == entry.type, (entry.type, [str(x) for x in report.findings])
    for w in f.weapons:
        if w.id == "assassin_knife":  # "Couteau*" is the poisoned knife; "couteau" reads as the plain knife, as "Knife*" does
            continue
        report = check_text(f"faction: {fid}\nmodels:\n  - {{type: {f.barracks[0].type}, weapons: ['{shown(w.name_fr)}']}}\n")
        assert report.warband.models[0].weapons == (w.id,), (w.id, [str(x) for x in report.findings])
    for e in f.rare_equipment:
        report = check_text(f"faction: {fid}\nmodels:\n  - {{type: {f.barracks[0].type}, equipment: ['{shown(e.name_fr)}']}}\n")
        assert report.warband.models[0].equipment == (e.id,), (e.id, [str(x) for x in report.findings])


def _weapon_problems(change: dict[str, object], drop: str | None = None) -> DataError:
    from landsraad.content import parse_document, validate_data

    data = yaml.safe_load((data_dir("factions") / "corrino.yaml").read_text(encoding="utf-8"))
    data["weapons"][0].update(change)
    if drop:
        del data["weapons"][0][drop]
    with pytest.raises(DataError) as err:
        validate_data(Faction, parse_document(yaml.safe_dump(data, sort_keys=False), "corrino-bad.yaml"))
    return err.value


def test_pydantic_sentences_read_in_french_by_their_type_and_english_is_pydantics():
    """Issue 40: a content file failing its model's validation reads in French, located by file and key path (with its
    line); the English is pydantic's sentence as it always was."""
    from landsraad.i18n import use_language

    cases = [
        ({"rnage": 3}, None, "This key is not allowed here (check its spelling).", "Cette clé n'est pas permise ici (vérifiez son orthographe)."),
        ({}, "name", "This key is required but missing.", "Cette clé est obligatoire mais absente."),
        ({"name": 12}, None, "Input should be a valid string. Got 12.", "Un texte est attendu ; reçu 12."),
    ]
    for change, drop, english, french in cases:
        err = _weapon_problems(change, drop)
        assert len(err.problems) == 1, err
        problem = err.problems[0]
        assert str(problem.message) == english
        assert str(problem).startswith("corrino-bad.yaml: weapons[0]") and "(line " in str(problem)
        with use_language("fr"):
            line = problem.localized()
        assert line.endswith(" : " + french) and line.startswith("corrino-bad.yaml : weapons[0]") and "(ligne " in line, line


def test_pydantic_bounds_and_choices_read_in_french():
    from landsraad.content import parse_document, validate_data
    from landsraad.i18n import use_language
    from landsraad.ruleset import Ruleset

    for data, french in (({"points": -3}, "La valeur doit être supérieure ou égale à "),
                         ({"ties": "never"}, "La valeur doit être 'strict' ou 'active' ; reçu 'never'."),
                         ({"points": "x"}, "Un nombre entier est attendu ; reçu 'x'.")):
        with pytest.raises(DataError) as err:
            validate_data(Ruleset, parse_document(yaml.safe_dump(data), "r.yaml"))
        english = err.value.problems[0].message
        assert str(english).startswith("Input should be ")
        with use_language("fr"):
            assert french in err.value.localized(), err.value.localized()


def test_a_validators_own_sentence_reads_in_french_and_as_it_was_in_english():
    from landsraad.i18n import use_language

    err = _weapon_problems({"template": "circle"})
    assert str(err.problems[0].message) == "A template is written 'blast' or 'direct X' (X in cm); got 'circle'."
    with use_language("fr"):
        assert err.localized().endswith(": Un gabarit s'écrit 'blast' ou 'direct X' (X en cm) ; reçu 'circle'.")
    err = _weapon_problems({"id": "no_such_weapon_id"})  # the profiles' weapons are then unknown: the sheet's own check
    with use_language("fr"):
        text = err.localized()
    assert "L'arme commune 'halberd' n'est pas dans les 'weapons' de la faction." in text and "is not in" not in text
    assert "Common weapon 'halberd' is not in the faction's 'weapons'." in str(err)


# --- French texts (issue 40) ---------------------------------------------------------------------

LANGUAGE_NEUTRAL = {"id", "damage", "effect", "spice_effect"}
"""The text fields of a sheet that are ids or notation, the same in every language (every other text field is prose)."""


def _prose_fields(cls) -> list[str]:
    """The fields of ``cls`` a person reads as words: every ``str`` field but the language-neutral ones."""
    return [name for name, field in cls.model_fields.items() if field.annotation is str and name not in LANGUAGE_NEUTRAL]


def test_every_prose_field_of_a_sheet_has_a_french_field_beside_it():
    """A new English text field (a card's flavour, a weapon's note) without its ``*_fr`` fails here."""
    from landsraad.model import FRENCH_NAMES, Profile, RareEquipment, Weapon

    for cls, excluded in ((Faction, FRENCH_NAMES), (Weapon, FRENCH_NAMES["weapons"]["__all__"]),
                          (Profile, FRENCH_NAMES["profiles"]["__all__"]), (RareEquipment, FRENCH_NAMES["rare_equipment"]["__all__"])):
        prose = _prose_fields(cls)
        assert {"name", "text"} <= set(prose), cls.__name__
        for name in prose:
            assert f"{name}_fr" in cls.model_fields, f"{cls.__name__}.{name} has no {name}_fr"
            assert f"{name}_fr" in excluded, f"{cls.__name__}.{name}_fr is left in the faction data hash"


@pytest.mark.parametrize("fid", FACTIONS)
def test_every_english_text_of_a_sheet_has_its_french_and_the_french_is_not_the_english(fid):
    f = load_faction(fid)
    missing, same = [], []
    for item in (f, *f.weapons, *f.profiles, *f.rare_equipment):
        for name in _prose_fields(type(item)):
            english, french = getattr(item, name), getattr(item, f"{name}_fr")
            if english and not french:
                missing.append(f"{item.id}.{name}")
            elif name != "name" and english and french == english:  # a name may be the same word (Mentat); a text is not
                same.append(f"{item.id}.{name}")
    assert not missing and not same, (missing, same)


def test_a_sheet_reads_in_french_with_its_french_texts_and_in_english_as_before():
    from landsraad.cli.factions import format_sheet
    from landsraad.i18n import use_language

    f = load_faction("corrino")
    soldier = f.base_profile("soldier")
    with use_language("fr"):
        text = format_sheet(f)
    assert f.text_fr in text and soldier.text_fr in text
    assert f.text not in text and soldier.text not in text
    with use_language("en"):
        english = format_sheet(f)
    assert f.text in english and soldier.text in english and f.text_fr not in english
