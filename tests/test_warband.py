"""Tests of landsraad.warband: the list format, the validator (R-FACTION, R-RECRUIT, RUL-14,
RUL-15, PRJ-60..66) and its reports.

Most cases use the small Test House (tests/data/lists/factions/test_house.yaml), whose numbers
are chosen so that every expected cost is a hand sum: trooper 1 (1-3), leader 3 (0-1, own
spice 1, card weapon blade), tech 1 + 1 from its modifier = 2 (0-2, Specialist, Combat 0 + 1);
common blade, gun; specialist cannon (2 points, limit 1) and drill (0, unlimited); rare mine
(2 pieces, 1 point); spice pool 2.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.content import content_hash, data_dir, faction_ids, load_faction, load_model
from landsraad.errors import DataError
from landsraad.model import FRENCH_NAMES, Faction
from landsraad.ruleset import DEFAULT, Ruleset
from landsraad.warband import (
    FINDING_CODES,
    FactionAliases,
    ListModel,
    WarbandList,
    check_document,
    check_file,
    check_text,
    dump_list,
    faction_aliases,
    faction_hash,
    find_list_files,
    list_hash,
    list_schema,
    load_list,
    normalize_name,
    parse_list,
    parse_list_document,
    resolve_models,
    scan_list_files,
    spice_pool,
    validate,
)

LISTS = Path(__file__).parent / "data" / "lists"
HOUSE = load_model(Faction, LISTS / "factions" / "test_house.yaml")
EXTRA = {HOUSE.id: HOUSE}


def make(*models: dict, faction: str = "test_house", **kw) -> WarbandList:
    return WarbandList(faction=faction, models=[ListModel(**m) for m in models], **kw)


def check(*models: dict, ruleset: Ruleset = DEFAULT, **kw):
    return validate(make(*models, **kw), HOUSE, ruleset)


def errors(report) -> list[str]:
    return [f.code for f in report.errors]


# A legal Test House list: Leader 3 + 3 Troopers 3 + Tech 2 (cannon 2, mine 1) = 11 points,
# 2 doses of 2 given.
BASE = (
    {"type": "leader", "name": "Boss"},
    {"type": "trooper", "spice": 1},
    {"type": "trooper", "spice": 1},
    {"type": "trooper"},
    {"type": "tech", "weapons": ("cannon",), "equipment": ("mine",)},
)


# --- points and resolution -----------------------------------------------------------------


def test_points_breakdown_includes_modifier_weapon_and_equipment_costs():
    """R-RECRUIT: each model's cost = card (faction modifier included) + specialist weapon + equipment."""
    report = check(*BASE, ruleset=Ruleset(points=12))
    assert report.valid, report.findings
    assert report.points == 3 + 1 + 1 + 1 + (1 + 1) + 2 + 1
    tech = report.breakdown[4]
    assert (tech.model, tech.weapons, tech.equipment, tech.total) == (2, 2, 1, 5)
    assert [c.total for c in report.breakdown] == [3, 1, 1, 1, 5]
    assert report.cap == 12


def test_report_carries_the_hash_of_the_faction_data_and_of_the_list():
    report = check(*BASE)
    assert report.data_hash == content_hash(HOUSE.model_dump(mode="json", exclude=FRENCH_NAMES)) == faction_hash(HOUSE)
    changed = HOUSE.model_copy(update={"honour": 2})
    assert validate(make(*BASE), changed).data_hash != report.data_hash
    assert report.list_hash == list_hash(make(*BASE))
    assert list_hash(make(*BASE[:-1])) != report.list_hash


def test_resolved_models_carry_effective_profile_weapons_equipment_and_spice():
    """PRJ-60: a model's spice = its card's doses + the doses given from the pool."""
    lst = make({"type": "leader", "spice": 1, "weapons": ("gun",)}, {"type": "tech", "weapons": ("cannon", "blade")},
               {"type": "trooper", "spice": 1})
    leader, tech, trooper = resolve_models(lst, HOUSE)
    assert [w.id for w in leader.weapons] == ["blade", "gun"]
    assert (leader.spice, leader.pool_spice) == (2, 1)
    assert tech.profile.cost == 2 and tech.profile.combat == 1  # the modifier applied (Faction.profile)
    assert [w.id for w in tech.weapons] == ["fist", "cannon", "blade"]
    assert [w.id for w in tech.chosen_weapons] == ["cannon", "blade"]
    assert tech.cost.total == 4
    assert (trooper.spice, trooper.label) == (1, "Trooper")


def test_resolve_models_refuses_an_invalid_list_listing_every_error():
    lst = make({"type": "trooper", "weapons": ("cannon",)}, {"type": "trooper", "equipment": ("mine",) * 3})
    with pytest.raises(DataError) as exc:
        resolve_models(lst, HOUSE)
    assert {p.message.rsplit("[", 1)[1].rstrip("]") for p in exc.value.problems} == {
        "specialist-weapon-not-specialist", "equipment-pieces"}


def test_labels_are_unique_names_or_numbered_card_names():
    lst = make({"type": "trooper"}, {"type": "trooper", "name": "Trooper 1"}, {"type": "trooper"}, {"type": "leader"})
    labels = [m.label for m in validate(lst, HOUSE).models]
    assert labels == ["Trooper 2", "Trooper 1", "Trooper 3", "Leader"]
    assert len(set(labels)) == len(labels)


def test_bundled_faction_is_loaded_by_id_and_sardaukar_cost_applies():
    """R-FACTION: Sardaukar Soldiers cost 1 + 1 on the Corrino sheet."""
    report = validate(WarbandList(faction="corrino", models=[ListModel(type="soldier")]))
    assert report.sheet is load_faction("corrino")
    assert report.points == load_faction("corrino").base_profile("soldier").cost + 1


def test_faction_index_is_cached_per_sheet():
    from landsraad import warband

    first = warband._index(HOUSE)
    assert warband._index(HOUSE) is first
    other = HOUSE.model_copy(update={"name": "Other"})
    assert warband._index(other) is not first
    assert warband._index(other).faction.name == "Other"


def test_faction_index_is_keyed_by_content_not_identity():
    """Equal sheets share one index; a copy whose weapons changed has its own (no stale entry)."""
    from landsraad import warband

    first = warband._index(HOUSE)
    assert warband._index(HOUSE.model_copy()) is first
    fewer = HOUSE.model_copy(update={"weapons": HOUSE.weapons[:1]})
    assert set(warband._index(fewer).weapons) == {HOUSE.weapons[0].id} != set(first.weapons)
    assert faction_hash(fewer) != faction_hash(HOUSE)


# --- each rule, each finding once ----------------------------------------------------------


def test_barracks_max_is_one_finding_naming_the_numbers():
    """R-FACTION: 4 Troopers over a limit of 3 is one finding, at the 4th, listing all four."""
    report = check({"type": "trooper"}, {"type": "trooper"}, {"type": "trooper"}, {"type": "trooper"})
    (f,) = report.errors
    assert f.code == "barracks-max" and f.rule == "R-FACTION"
    assert f.message == "Trooper is limited to 3 in Test House's barracks; this list has 4."
    assert f.path == "models[3]" and len(f.paths) == 4


def test_barracks_min():
    report = check({"type": "leader"}, ruleset=Ruleset(points=4))
    assert errors(report) == ["barracks-min"]
    assert "at least 1 Trooper" in report.errors[0].message and "has 0" in report.errors[0].message


def test_points_over_cap_and_the_event_cap():
    """R-RECRUIT: 15 points by default, Ruleset.points for an event."""
    models = BASE + ({"type": "tech", "weapons": ("drill",), "equipment": ("mine",)},)  # 11 + 3 = 14
    assert check(*models).valid
    report = check(*models, ruleset=Ruleset(points=13))
    assert errors(report) == ["points-over-cap"]
    assert report.errors[0].message == "This list costs 14 points; the cap is 13 (1 over)."
    assert report.errors[0].path == "models[5]"  # the model that crosses the cap


def test_points_unspent_warning_from_a_fifth_of_the_cap():
    """PRJ-63: leaving ceil(cap / 5) points or more unspent is a warning, not an error."""
    eleven = check(*BASE)  # 15 - 11 = 4 >= 3
    assert eleven.valid and [f.code for f in eleven.warnings] == ["points-unspent"]
    assert not check(*BASE, ruleset=Ruleset(points=13)).warnings  # 2 < ceil(13 / 5) = 3
    assert [f.code for f in check(*BASE, ruleset=Ruleset(points=14)).warnings] == ["points-unspent"]


def test_common_weapon_count():
    """RUL-15: at most one common weapon per model."""
    report = check({"type": "trooper", "weapons": ("blade", "gun")})
    assert errors(report) == ["common-weapon-count"]
    assert report.errors[0].path == "models[0].weapons"
    assert "2 common weapons" in report.errors[0].message


def test_specialist_weapon_only_on_a_specialist():
    """RUL-15: a specialist weapon needs the Specialist rule."""
    report = check({"type": "trooper", "weapons": ("drill",)})
    assert errors(report) == ["specialist-weapon-not-specialist"]
    assert report.errors[0].message.startswith("Trooper (model 1) cannot carry the specialist weapon 'drill'")


def test_identical_problems_on_several_models_are_one_finding():
    report = check({"type": "trooper", "weapons": ("drill",)}, {"type": "trooper", "weapons": ("drill",)})
    (f,) = report.errors
    assert f.code == "specialist-weapon-not-specialist" and f.paths == ("models[0].weapons", "models[1].weapons")
    assert "each cannot carry" in f.message


def test_specialist_weapon_count():
    """RUL-15: at most one specialist weapon per Specialist."""
    report = check({"type": "trooper"}, {"type": "tech", "weapons": ("drill", "drill")})
    assert errors(report) == ["specialist-weapon-count"]


def test_weapon_limit_counts_across_the_warband_once():
    """RUL-15: the cannon's limit of 1 counts across the warband."""
    report = check({"type": "trooper"}, {"type": "tech", "weapons": ("cannon",)}, {"type": "tech", "weapons": ("cannon",)})
    (f,) = report.errors
    assert f.code == "weapon-limit" and f.path == "models[2].weapons[0]"
    assert "limited to 1" in f.message and "has 2" in f.message
    assert report.points == 1 + 2 * (2 + 2)


def test_equipment_pieces_and_cost():
    """RUL-14: 2 pieces of mine, 1 point each; 3 is one finding, and each costs its point."""
    report = check({"type": "trooper", "equipment": ("mine", "mine")}, {"type": "trooper", "equipment": ("mine",)})
    assert errors(report) == ["equipment-pieces"]
    assert report.errors[0].path == "models[1].equipment[0]"
    assert report.points == 2 + 3


def test_spice_pool_card_doses_are_free():
    """PRJ-60: the leader's own dose is its card's; the 2 list doses exhaust the pool of 2."""
    assert check({"type": "leader", "spice": 2}, {"type": "trooper"}, ruleset=Ruleset(points=4)).valid
    report = check({"type": "leader", "spice": 2}, {"type": "trooper", "spice": 1}, ruleset=Ruleset(points=4))
    assert errors(report) == ["spice-pool"]
    assert report.errors[0].message == "This list gives 3 spice doses from Test House's pool of 2."
    assert report.errors[0].path == "models[1].spice"


def test_arrakis_adds_a_dose_to_the_pool():
    """R-ARRAKIS: +1 spice dose each."""
    lst = make({"type": "leader", "spice": 2}, {"type": "trooper", "spice": 1})
    assert spice_pool(HOUSE, Ruleset(arrakis=True)) == 3
    assert validate(lst, HOUSE, Ruleset(arrakis=True, points=4)).valid


def test_spice_unassigned_warning():
    report = check({"type": "trooper", "spice": 1}, ruleset=Ruleset(points=1))
    assert report.valid and [f.code for f in report.warnings] == ["spice-unassigned"]
    assert report.warnings[0].message.startswith("1 of the 2 spice doses")


def test_duplicate_names_ignore_case():
    """PRJ-61: names are unique within a list, case and surrounding spaces ignored."""
    report = check({"type": "trooper", "name": "Ann"}, {"type": "trooper", "name": " ann"}, {"type": "trooper", "name": "Bob"})
    assert errors(report) == ["duplicate-name"]
    assert report.errors[0].path == "models[1].name"


def test_weapon_duplicating_the_card_is_a_warning():
    """PRJ-62: choosing the blade the leader's card already carries adds nothing."""
    report = check({"type": "trooper", "spice": 2}, {"type": "leader", "weapons": ("blade",)}, ruleset=Ruleset(points=4))
    assert report.valid and [f.code for f in report.warnings] == ["weapon-duplicates-profile"]


def test_weapon_not_in_arsenal():
    """PRJ-65: the fist is a card's weapon, not an arsenal choice."""
    assert errors(check({"type": "trooper", "weapons": ("fist",)})) == ["weapon-not-in-arsenal"]


def test_unknown_names_suggest_the_closest():
    report = check({"type": "troper"}, {"type": "troper"}, {"type": "trooper", "weapons": ("gnu",), "equipment": ("mien",)})
    by_code = {f.code: f for f in report.errors}
    assert sorted(by_code) == ["unknown-equipment", "unknown-type", "unknown-weapon"]
    assert "Did you mean 'trooper'?" in by_code["unknown-type"].message and "(models 1 and 2)" in by_code["unknown-type"].message
    assert "Did you mean 'gun'?" in by_code["unknown-weapon"].message
    assert "Did you mean 'mine'?" in by_code["unknown-equipment"].message
    assert not report.warnings  # PRJ-66: the unknown type's cost is unknown, no unspent-points warning


def test_unknown_faction_and_faction_mismatch():
    """An unknown faction is an error, but the models are still checked against the closest sheet."""
    report = validate(WarbandList(faction="corino", models=[ListModel(type="soldier"), ListModel(type="soldeir")]))
    assert report.codes[:2] == ("unknown-faction", "unknown-type")
    assert "Did you mean 'corrino'?" in report.errors[0].message
    assert "checked against House Corrino's sheet" in report.errors[0].message
    assert report.sheet is load_faction("corrino") and report.faction == "corino" and not report.valid
    assert report.points == 2  # the Sardaukar soldier, 1 + 1, from the sheet guessed
    hopeless = validate(WarbandList(faction="zzqx", models=[ListModel(type="nothing")]))
    assert hopeless.codes == ("unknown-faction",) and hopeless.sheet is None and hopeless.data_hash is None
    mismatch = validate(make({"type": "trooper"}, faction="corrino"), HOUSE)
    assert "faction-mismatch" in mismatch.codes


def test_extra_factions_are_found_by_id_before_bundled_ones():
    report = validate(make(*BASE), factions=EXTRA)
    assert report.sheet is HOUSE and report.valid


def test_no_models():
    assert check().codes == ("no-models",)


def test_bundled_examples_are_valid_15_point_lists():
    """Every bundled faction's example list validates at exactly 15 points (R-RECRUIT)."""
    examples = data_dir("examples") / "lists"
    for fid in faction_ids():
        report = check_file(examples / f"{fid}.yaml")
        assert report.valid, [str(f) for f in report.errors]
        assert report.points == 15 and report.faction == fid


# --- files, lines, schema --------------------------------------------------------------------

TEXT = """name: Lines
faction: test_house
models:
  - type: trooper
  - type: tech
    weapons: [cannon, gnu]
  - {type: trooper, spice: one}
"""


def test_findings_have_lines_and_columns_from_the_file():
    report = check_document(parse_list_document(TEXT, "lines.yaml"), factions=EXTRA)
    where = {f.code: (f.path, f.line, f.column) for f in report.findings}
    assert where["unknown-weapon"] == ("models[1].weapons[1]", 6, 23)  # "    weapons: [cannon, gnu]": g is the 23rd character
    assert where["schema"] == ("models[2].spice", 7, 21)  # the key: "  - {type: trooper, " is 20 characters
    assert report.source == "lines.yaml"


def test_malformed_entries_do_not_hide_other_problems():
    """PRJ-66: entries that parse are still checked; whole-list checks wait."""
    text = "faction: test_house\nmodels:\n  - {type: trooper, weapons: [drill]}\n  - {type: leader, bogus: 1}\n"
    report = check_text(text, factions=EXTRA)
    assert sorted(errors(report)) == ["schema", "specialist-weapon-not-specialist"]
    assert not report.warnings


def test_syntax_error_has_line_and_column():
    report = check_text("faction: test_house\nmodels:\n  - type: [trooper\n", "s.yaml")
    (f,) = report.findings
    assert f.code == "syntax" and f.line == 4 and f.column is not None and f.rule is None


def test_duplicate_key_is_a_syntax_error():
    report = check_text("faction: test_house\nfaction: corrino\nmodels: []\n")
    assert report.codes == ("syntax",) and report.findings[0].line == 2


def test_top_level_must_be_a_mapping():
    report = check_text("- type: trooper\n")
    assert report.codes == ("schema",) and "mapping" in report.findings[0].message
    assert check_text("").codes == ("schema",)


def test_unknown_key_suggests_the_right_one():
    report = check_text("faction: test_house\nmodels:\n  - {type: trooper, wepons: [gun]}\n", factions=EXTRA)
    assert "Did you mean 'weapons'?" in report.errors[0].message


def test_spice_must_be_a_whole_number_not_a_bool_or_text():
    for bad in ("true", "'1'", "1.5", "-1"):
        assert "schema" in check_text(f"faction: test_house\nmodels:\n  - {{type: trooper, spice: {bad}}}\n",
                                      factions=EXTRA).codes, bad


def test_unreadable_files(tmp_path):
    assert check_file(tmp_path / "missing.yaml").codes == ("unreadable",)
    assert check_file(tmp_path).codes == ("unreadable",)
    (tmp_path / "latin1.yaml").write_bytes("name: \xe9\n".encode("latin-1"))
    assert check_file(tmp_path / "latin1.yaml").codes == ("unreadable",)
    assert check_file(tmp_path / "latin1.yaml").errors[0].line == 1  # where the stray byte stands


def _bytes_read() -> int:
    """Bytes this process has read through read(2) so far (Linux)."""
    for line in Path("/proc/self/io").read_text().splitlines():
        if line.startswith("rchar:"):
            return int(line.split()[1])
    raise AssertionError("no rchar in /proc/self/io")


@pytest.mark.skipif(not Path("/proc/self/io").exists() or not Path("/dev/zero").exists(), reason="needs Linux /proc and /dev/zero")
def test_an_endless_or_huge_file_is_refused_after_reading_at_most_the_bound(tmp_path):
    from landsraad.content import MAX_CHARS

    huge = tmp_path / "huge.yaml"
    with huge.open("wb") as handle:  # a sparse 1 GB file: takes no room on the disk
        handle.truncate(2**30)
    for path in (Path("/dev/zero"), huge):
        before = _bytes_read()
        report = check_file(path)
        read = _bytes_read() - before
        words = "device, not a regular file" if path == Path("/dev/zero") else "too large"  # a device: refused at once (issue 42)
        assert report.codes == ("unreadable",) and words in report.errors[0].message, path
        assert read <= 4 * MAX_CHARS + 2**20, (path, read)  # the bound (8 MB) and change, not the whole file


def test_json_lists_are_read(tmp_path):
    path = tmp_path / "l.json"
    path.write_text(json.dumps({"faction": "test_house", "models": [{"type": "trooper", "spice": 2}]}))
    report = check_file(path, factions=EXTRA, ruleset=Ruleset(points=1))
    assert report.valid and report.points == 1


def test_load_list_raises_every_format_problem_located(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("faction: test_house\nmodels:\n  - {type: trooper, wepons: []}\n  - {spice: 1}\n")
    with pytest.raises(DataError) as exc:
        load_list(path)
    wheres = [p.where for p in exc.value.problems]
    assert wheres == ["models[0].wepons (line 3, column 21)", "models[1].type (line 4, column 5)"]


def test_find_list_files_recurses_and_keeps_missing_paths(tmp_path):
    (tmp_path / "a" / "b").mkdir(parents=True)
    for name in ("a/x.yaml", "a/b/y.yml", "a/b/z.json", "a/notes.txt", "a/.hidden.yaml"):
        (tmp_path / name).write_text("{}")
    found = find_list_files([tmp_path / "a", tmp_path / "nope.yaml"])
    assert [p.relative_to(tmp_path).as_posix() for p in found] == ["a/b/y.yml", "a/b/z.json", "a/notes.txt", "a/x.yaml",
                                                                 "nope.yaml"]


def test_schema_describes_the_format():
    schema = list_schema()
    assert schema["required"] == ["faction", "models"]
    assert schema["additionalProperties"] is False
    model = schema["$defs"]["ListModel"]
    assert model["required"] == ["type"] and model["properties"]["spice"]["minimum"] == 0


def test_report_json_has_the_documented_keys():
    data = check(*BASE).to_json()
    assert {"file", "valid", "faction", "points", "errors", "warnings", "data_hash"} <= set(data)
    assert set(data["warnings"][0]) >= {"code", "severity", "path", "line", "rule", "message"}
    json.dumps(data)


def test_every_code_is_documented():
    assert all(sev in ("error", "warning") for sev, _, _ in FINDING_CODES.values())
    doc = (Path(__file__).parent.parent / "docs" / "warbands.md").read_text()
    for code in FINDING_CODES:
        assert f"`{code}`" in doc, code


# --- the corpus ------------------------------------------------------------------------------


def _header(path: Path) -> dict[str, str]:
    opts: dict[str, str] = {}
    for line in path.read_text().splitlines():
        if not line.startswith("#"):
            break
        key, _, value = line[1:].partition(":")
        if key.strip() in ("expect", "points", "arrakis"):
            opts[key.strip()] = value.strip()
    return opts


CORPUS = sorted(p for p in LISTS.glob("*/*") if p.parent.name in ("valid", "invalid") and p.suffix in (".yaml", ".yml", ".json"))


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_corpus(path: Path):
    """Each corpus list produces exactly the finding codes its header expects."""
    opts = _header(path)
    ruleset = Ruleset(points=int(opts.get("points", 15)), arrakis=opts.get("arrakis") == "true")
    report = check_file(path, ruleset=ruleset, factions=EXTRA)
    expected = sorted(c.strip() for c in opts.get("expect", "").split(",") if c.strip())
    assert sorted(set(report.codes)) == expected, [str(f) for f in report.findings]
    assert report.valid == (path.parent.name == "valid")
    assert len(report.findings) == len({(f.code, f.path) for f in report.findings})  # each once


def test_corpus_covers_every_rule_and_every_faction():
    """One invalid list per error code (the file-less ones aside); a valid 15-point list per faction."""
    covered = set()
    for path in CORPUS:
        if path.parent.name == "invalid":
            covered |= {c.strip() for c in _header(path).get("expect", "").split(",") if c.strip()}
    errors_ = {c for c, (sev, _, _) in FINDING_CODES.items() if sev == "error"} - {"unreadable", "faction-mismatch", "share-code"}
    assert errors_ <= covered  # share-code: a code file has no room for the header (tests/test_sharecode.py)
    fifteen = set()
    for path in CORPUS:
        if path.parent.name == "valid" and "points" not in _header(path):
            report = check_file(path, factions=EXTRA)
            if report.points == 15:
                fifteen.add(report.faction)
    assert set(faction_ids()) <= fifteen


# --- round trips -----------------------------------------------------------------------------

names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1, max_size=12)
ids = st.from_regex(r"[a-z][a-z0-9_]{0,10}", fullmatch=True)
list_models = st.builds(
    ListModel, type=ids, name=st.none() | names.filter(str.strip), weapons=st.lists(ids, max_size=3).map(tuple),
    equipment=st.lists(ids, max_size=3).map(tuple), spice=st.integers(0, 5))
warband_lists = st.builds(WarbandList, name=st.just("") | names, faction=ids, player=st.just("") | names,
                          notes=st.just("") | names, models=st.lists(list_models, max_size=8).map(tuple))


@given(warband_lists)
def test_dump_and_load_round_trip(lst: WarbandList):
    """A WarbandList dumps to YAML and loads back equal."""
    assert parse_list(dump_list(lst)) == lst


@given(warband_lists)
def test_json_round_trip(lst: WarbandList):
    assert parse_list(lst.model_dump_json()) == lst


# --- properties: legal lists validate, one step over a limit is always reported ----------------

SHEETS = [HOUSE] + [load_faction(f) for f in faction_ids()]


@st.composite
def legal_lists(draw, faction: Faction, cap: int = 15, arrakis: bool = False):
    """A list built within every rule by hand (R-FACTION, R-RECRUIT, RUL-14, RUL-15, PRJ-60)."""
    budget = cap
    pool = faction.spice_doses + (1 if arrakis else 0)
    counts: Counter[str] = Counter()
    sw_counts: Counter[str] = Counter()
    items: Counter[str] = Counter()
    pieces = {e.id: e for e in faction.rare_equipment}
    models: list[dict] = []
    for entry in faction.barracks:  # the minimums first (Test House: 1 Trooper)
        for _ in range(entry.min):
            models.append({"type": entry.type})
            counts[entry.type] += 1
            budget -= faction.profile(entry.type).cost
    assert budget >= 0
    for _ in range(draw(st.integers(0, 12))):
        entry = draw(st.sampled_from(faction.barracks))
        profile = faction.profile(entry.type)
        if counts[entry.type] >= entry.max or profile.cost > budget:
            continue
        cost = profile.cost
        model: dict = {"type": entry.type, "weapons": [], "equipment": []}
        if faction.common_weapons and draw(st.booleans()):
            model["weapons"].append(draw(st.sampled_from(faction.common_weapons)))
        if profile.is_specialist and faction.specialist_weapons and draw(st.booleans()):
            sw = draw(st.sampled_from(faction.specialist_weapons))
            if (sw.limit is None or sw_counts[sw.weapon] < sw.limit) and cost + sw.cost <= budget:
                model["weapons"].append(sw.weapon)
                sw_counts[sw.weapon] += 1
                cost += sw.cost
        for item in draw(st.lists(st.sampled_from(faction.rare_equipment), max_size=2)) if faction.rare_equipment else []:
            if items[item.id] < pieces[item.id].pieces and cost + item.cost <= budget:
                model["equipment"].append(item.id)
                items[item.id] += 1
                cost += item.cost
        model["spice"] = draw(st.integers(0, pool))
        pool -= model["spice"]
        if draw(st.booleans()):
            model["name"] = f"Hero {len(models)}"
        budget -= cost
        counts[entry.type] += 1
        models.append(model)
    if not models:
        entry = next(e for e in faction.barracks if faction.profile(e.type).cost <= budget)
        models.append({"type": entry.type})
    order = draw(st.permutations(models))
    return WarbandList(faction=faction.id, models=[ListModel(**m) for m in order])


@settings(max_examples=60)
@given(st.data())
def test_legal_lists_validate(data):
    """Random lists built within the rules validate, and their points are the hand sum."""
    faction = data.draw(st.sampled_from(SHEETS))
    cap = data.draw(st.sampled_from([15, 15, 10, 25]))
    arrakis = data.draw(st.booleans())
    lst = data.draw(legal_lists(faction, cap, arrakis))
    report = validate(lst, faction, Ruleset(points=cap, arrakis=arrakis))
    assert report.valid, [str(f) for f in report.errors]
    specialist = {s.weapon: s.cost for s in faction.specialist_weapons}
    rare = {e.id: e.cost for e in faction.rare_equipment}
    expected = sum(faction.profile(m.type).cost + sum(specialist.get(w, 0) for w in m.weapons)
                   + sum(rare[e] for e in m.equipment) for m in lst.models)
    assert report.points == expected <= cap
    assert len(report.models) == len(lst.models)


def _add(lst: WarbandList, *models: dict) -> WarbandList:
    return lst.model_copy(update={"models": lst.models + tuple(ListModel(**m) for m in models)})


@settings(max_examples=60)
@given(st.data())
def test_one_model_over_a_barracks_limit_is_reported_once(data):
    faction = data.draw(st.sampled_from(SHEETS))
    lst = data.draw(legal_lists(faction))
    entry = data.draw(st.sampled_from(faction.barracks))
    count = sum(m.type == entry.type for m in lst.models)
    over = _add(lst, *[{"type": entry.type}] * (entry.max - count + 1))
    report = validate(over, faction, Ruleset(points=1000))
    assert [f.code for f in report.errors] == ["barracks-max"]
    assert f"this list has {entry.max + 1}." in report.errors[0].message


@settings(max_examples=60)
@given(st.data())
def test_one_model_over_the_cap_is_reported(data):
    """R-RECRUIT: with the cap set just under the new total, adding the model is reported."""
    faction = data.draw(st.sampled_from(SHEETS))
    lst = data.draw(legal_lists(faction, cap=10))
    free = [e for e in faction.barracks if sum(m.type == e.type for m in lst.models) < e.max and faction.profile(e.type).cost > 0]
    if not free:
        return
    entry = data.draw(st.sampled_from(free))
    points = validate(lst, faction, Ruleset(points=1000)).points
    cap = points + faction.profile(entry.type).cost - 1
    assert validate(lst, faction, Ruleset(points=max(cap, 1))).valid
    report = validate(_add(lst, {"type": entry.type}), faction, Ruleset(points=max(cap, 1)))
    assert [f.code for f in report.errors] == ["points-over-cap"]


@settings(max_examples=40)
@given(st.data())
def test_one_more_weapon_item_or_dose_over_a_limit_is_reported(data):
    """RUL-15 weapon limits, RUL-14 pieces and the spice pool: one step over is one finding."""
    faction = data.draw(st.sampled_from(SHEETS))
    lst = data.draw(legal_lists(faction))
    loose = Ruleset(points=1000)
    # One dose more than the pool left.
    given_ = sum(m.spice for m in lst.models)
    report = validate(_add(lst, {"type": lst.models[0].type, "spice": faction.spice_doses - given_ + 1}), faction, loose)
    assert "spice-pool" in [f.code for f in report.errors]
    # One piece more than the item's pieces.
    if faction.rare_equipment:
        item = data.draw(st.sampled_from(faction.rare_equipment))
        have = sum(m.equipment.count(item.id) for m in lst.models)
        report = validate(_add(lst, {"type": lst.models[0].type, "equipment": [item.id] * (item.pieces - have + 1)}), faction, loose)
        assert [f.code for f in report.errors if f.code != "barracks-max"] == ["equipment-pieces"]
    # One specialist weapon more than its limit.
    limited = [s for s in faction.specialist_weapons if s.limit is not None]
    specialists = [b.type for b in faction.barracks if faction.profile(b.type).is_specialist]
    if limited and specialists:
        sw = data.draw(st.sampled_from(limited))
        have = sum(m.weapons.count(sw.weapon) for m in lst.models)
        extra = [{"type": specialists[0], "weapons": [sw.weapon]}] * (sw.limit - have + 1)
        report = validate(_add(lst, *extra), faction, loose)
        assert [f.code for f in report.errors if f.code != "barracks-max"] == ["weapon-limit"]


# --- forgiving intake: case, accents, spaces, English names, the rulebook's French names -----


@pytest.mark.parametrize("typed, expected", [
    ("Maître d'arme", "master_of_arms"), ("master of arms", "master_of_arms"), ("MASTER_OF_ARMS", "master_of_arms"),
    ("Master-of-Arms", "master_of_arms"), ("Soldat", "soldier"), ("soldats", "soldier"), ("Éclaireur", "scout"),
    ("eclaireur", "scout"), ("Sœur du Bene Gesserit", "bene_gesserit_sister"), ("Maître assassin", "master_assassin"),
])
def test_types_forgive_case_accents_spaces_and_french_names(typed, expected):
    report = check_text(f"faction: corrino\nmodels:\n  - type: {typed}\n")
    assert "unknown-type" not in report.codes, [str(f) for f in report.findings]
    assert report.warband.models[0].type == expected


def test_weapons_equipment_and_faction_forgive_too():
    report = check_text("faction: Corrino\nmodels:\n  - {type: Specialist, weapons: [Mitrailleuse], equipment: [Explosifs]}\n"
                        "  - {type: Soldier, weapons: [hallebarde]}\n  - {type: scout, equipment: [Chercheur Tueur]}\n")
    assert report.faction == "corrino" and not report.errors, [str(f) for f in report.errors]
    assert report.warband.models[0].weapons == ("machine_gun",) and report.warband.models[0].equipment == ("explosives",)
    # Card 2 + machine gun 1 + explosives 1; Soldier 2; Scout 2 + hunter-seeker 1 (hand sums from the Corrino sheet).
    assert report.points == 4 + 2 + 3
    assert check_text("faction: Harkonnen\nmodels: [{type: Champion}]\n").warband.models[0].type == "champion"
    assert check_text("faction: Maison Atréides\nmodels: [{type: Soldat}]\n").faction == "atreides"


def test_same_list_in_french_and_english_has_the_same_hash():
    fr = check_text("faction: Corrino\nmodels: [{type: Soldat, weapons: [Hallebarde]}]\n")
    en = check_text("faction: corrino\nmodels: [{type: soldier, weapons: [halberd]}]\n")
    assert fr.list_hash == en.list_hash and fr.points == en.points


def test_close_french_names_get_a_suggestion():
    report = check_text("faction: corrino\nmodels:\n  - {type: specialiste, weapons: [mitraileuse]}\n  - type: eclaireurr\n")
    messages = {f.code: f.message for f in report.errors}
    assert "Did you mean 'machine_gun'?" in messages["unknown-weapon"]
    assert "Did you mean 'scout'?" in messages["unknown-type"]


def test_messages_count_models_from_one():
    report = check_text("faction: corrino\nmodels:\n  - type: soldier\n  - {type: soldier, weapons: [machine_gun]}\n")
    (f,) = report.errors
    assert f.message.startswith("Soldier 2 (Soldier, model 2) cannot carry") and f.path == "models[1].weapons"
    assert f.position == "model 2, weapons" and str(f).startswith("error: model 2, weapons (line 4)")


def test_alias_files_name_only_ids_of_their_sheet_and_never_clash():
    """Every alias beside a sheet names one of its ids; no alias stands for two ids of one kind."""
    for fid in faction_ids():
        sheet, aliases = load_faction(fid), faction_aliases(fid)
        assert aliases != FactionAliases(), f"{fid} has no alias file"
        kinds = {"types": [b.type for b in sheet.barracks], "weapons": [w.id for w in sheet.weapons],
                 "equipment": [e.id for e in sheet.rare_equipment]}
        for kind, ids in kinds.items():
            table = getattr(aliases, kind)
            assert set(table) <= set(ids), (fid, kind, set(table) - set(ids))
            seen: dict[str, str] = {}
            for ident, names in table.items():
                for name in names:
                    key = normalize_name(name)
                    assert seen.setdefault(key, ident) == ident, (fid, kind, name)
                    assert key not in {normalize_name(i) for i in ids if i != ident}, (fid, kind, name)


def test_rulebook_french_names_are_accepted():
    """The names the rulebook prints on the Corrino sheet (section 1.4.3)."""
    names = {"Soldats": "soldier", "Médecin": "medic", "Spécialiste": "specialist", "Eclaireurs": "scout",
             "Duellistes": "duellist", "Mentat": "mentat", "Soeur du Bene Gesserit": "bene_gesserit_sister",
             "Assassin": "assassin", "Maître d'arme": "master_of_arms", "Maître assassin": "master_assassin",
             "Maître d'Escrime": "swordmaster"}
    text = "faction: corrino\nmodels:\n" + "".join(f"  - type: \"{n}\"\n" for n in names)
    report = check_text(text, ruleset=Ruleset(points=100))
    assert [m.type for m in report.warband.models] == list(names.values())


def test_folder_search_names_every_file_it_does_not_read(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / ".git").mkdir()
    files = {"a.yaml": "faction: corrino\nmodels: []\n", "b.txt": "player: Bo\nfaction: fremen\nmodels:\n  - type: naib\n",
             "c.txt": "just some notes\n", "d.docx": "x", "sub/e.YML": "faction: fremen\nmodels: []\n", ".hidden.yaml": "{}"}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    found, notes = scan_list_files([tmp_path])
    assert [p.relative_to(tmp_path).as_posix() for p in found] == ["a.yaml", "b.txt", "sub/e.YML"]
    named = {n.path.relative_to(tmp_path).as_posix(): n.read for n in notes}
    assert named == {".git": False, ".hidden.yaml": False, "b.txt": True, "c.txt": False, "d.docx": False}
    assert check_file(tmp_path / "b.txt").valid
