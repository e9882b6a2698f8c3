"""landsraad.table.advice: every option of an activation, ranked by exact odds (issue 39; R-ACTIVATE)."""

from __future__ import annotations

from pathlib import Path

import pytest

from landsraad.errors import UsageError
from landsraad.geometry import sight
from landsraad.geometry.measure import edge_distance
from landsraad.geometry.movement import plan_move
from landsraad.odds import disengage_odds, melee_odds, shot_odds
from landsraad.rules.state import Combatant
from landsraad.scene import load_scene
from landsraad.table.advice import advise
from landsraad.table.moves import move_into_contact

SCENE = load_scene(Path(__file__).resolve().parents[1] / "data" / "scenes" / "cli-table.yaml")


def _card(model_id: str):
    return SCENE.model(model_id).card


def _weapon(model_id: str, weapon_id: str):
    return next(w for w in SCENE.model(model_id).carried if w.id == weapon_id)


def test_a_hand_checked_shot_comes_first():
    """sard2 (25, 50) -> far (40, 40): sqrt(15^2 + 10^2) - 3 = 15.03, read 15.0 cm: the lance (15 cm, +1)
    is within range; a Sardaukar soldier's Combat +2 (card +1, Sardaukar +1): attack die +3 against
    the defence die, no cover: 72 of 100 pairs (R-SHOOT). The laser's (12) burn x 45 % ties on damage;
    the lance hits more often, so it comes first."""
    a = advise(SCENE, "sard2", scene_name="s")
    top = next(o for o in a.options if o.kind == "shoot")  # the laser's explosive blast does more: below
    assert (top.kind, top.target, top.weapon, top.distance_cm, top.cover) == ("shoot", "far", "Sardaukar lance", 15.0, "none")
    assert top.p_hit == pytest.approx(0.72)
    oracle = shot_odds(Combatant.from_profile(_card("sard2"), _weapon("sard2", "sardaukar_lance")),
                       Combatant.from_profile(_card("far"), _weapon("far", "crysknife")), distance_cm=15.0, cover="none")
    assert top.odds == oracle and top.expected_damage == pytest.approx(0.72 * 7.5)
    assert [o.kind for o in a.options][-1] == "rest"
    assert a.skipped == ("duncan: no profile, its stats are unknown",)


def test_the_risk_names_who_can_shoot_or_charge_it():
    """fed (10, 10) sees sard2 and carries a maula pistol; nobody is within a move of it."""
    a = advise(SCENE, "sard2", scene_name="s")
    assert a.options[0].risk.shooters == ("fed",) and a.options[0].risk.chargers == ()


def test_a_charge_within_the_free_move_is_weighed_with_the_clash_odds():
    """raider (55, 25) and prey (55, 33) are 5 cm apart: the free move into contact, then the Melee action."""
    a = advise(SCENE, "raider", scene_name="s")
    (charge,) = [o for o in a.options if o.kind == "charge"]
    assert charge.target == "prey" and charge.weapon == "Knife"
    oracle = melee_odds(Combatant.from_profile(_card("raider"), _weapon("raider", "knife")),
                        Combatant.from_profile(_card("prey"), _weapon("prey", "crysknife")),
                        attacker_stance="attack", defender_stance="defend")
    assert charge.odds == oracle and charge.expected_damage == oracle.expected_damage_to_defender
    assert "prey" in charge.risk.chargers  # still in contact with it after the clash
    # the shot pays more than the clash, so it comes first
    assert a.options[0].kind == "shoot" and a.options[0].expected_damage > charge.expected_damage


def test_options_are_ranked_by_expected_damage_then_risk():
    a = advise(load_scene(Path(__file__).resolve().parents[2] / "scenes" / "table.yaml"), "sardaukar-1", scene_name="table")
    keys = [(-round(o.expected_damage, 9), o.risk.count) for o in a.options]
    assert keys == sorted(keys)
    kinds = {o.kind for o in a.options}
    assert {"shoot", "charge", "rest"} <= kinds
    # moving out of the wall's cover first is worth more than the shot through small cover
    assert a.options[0].kind == "move_then_shoot" and a.options[0].cover == "none"


def test_a_model_without_profile_cannot_be_advised():
    with pytest.raises(UsageError, match="no profile"):
        advise(SCENE, "chg")


# --- template shots (R-TEMPLATE, RUL-19, RUL-09) ----------------------------------------------------------

TEMPLATES = load_scene(Path(__file__).resolve().parents[1] / "data" / "scenes" / "advise-template.yaml")


def test_a_hand_checked_blast_over_two_enemies_comes_first():
    """gun (10, 10) fires its rocket launcher (blast, range 30, Combat -1, damage +2) at (32.5, 10): w1 (30, 10)
    is 2.5 cm from the centre, w2 (34, 10) 1.5 cm, pal (38, 14) 6.8 cm (more than 5 + 1.5 + 0.1: not under).
    From gun's base edge: 22.5 - 1.5 = 21 cm, band 0: attack die 0 + 0 - 1 = -1. w1 in the open: P(a - 1 > d)
    = 36 / 100; w2 behind w1 (models block sight): large cover, P(a - 1 > d + 4) = 10 / 100. Ways out on
    open ground, straight: 5 + 1.5 + 0.1 - 2.5 = 4.1 and 5.1 cm (rounded up: 4.11, 5.11); a Fremen warrior
    (Reflexes +1) dodges neutral + 1, short of 4.11 on 1-3, of 5.11 on 1-4. Struck: 0.36 + 0.64 * 0.3 =
    0.552 and 0.1 + 0.9 * 0.4 = 0.46; damage neutral + 2, 7.5 on average."""
    a = advise(TEMPLATES, "gun", scene_name="s")
    top = next(o for o in a.options if o.kind == "template")  # from where it stands (a move first: below)
    assert top.template == "blast" and top.aim == (32.5, 10.0)
    assert [u.model for u in top.under] == ["w1", "w2"] and top.distance_cm == 21.0
    w1, w2 = top.under
    assert (w1.cover, w1.escape_cm, w2.cover, w2.escape_cm) == ("none", 4.11, "large", 5.11)
    assert (w1.odds.p_hit, w1.odds.p_struck, w2.odds.p_hit, w2.odds.p_struck) == pytest.approx((0.36, 0.552, 0.1, 0.46))
    assert top.expected_damage == pytest.approx(7.5 * (0.552 + 0.46))
    shooter = Combatant.from_profile(TEMPLATES.model("gun").card, next(w for w in TEMPLATES.model("gun").carried
                                                                        if w.id == "rocket_launcher"))
    fremen = Combatant.from_profile(TEMPLATES.model("w1").card, TEMPLATES.model("w1").carried[0])
    assert w1.odds == shot_odds(shooter, fremen, distance_cm=21.0, cover="none", escape_cm=4.11)
    # a template weapon is aimed, never offered as a shot at the nearest target (RUL-08)
    assert {o.kind for o in a.options} <= {"template", "move_then_template", "template_then_move", "rest"}


def test_a_move_out_from_behind_w1_before_the_blast_comes_first():
    """From (11.5, 17.5) w1 hides less of w2: small cover (+2), P(a - 1 > d + 2) = 21 / 100, struck 0.21 +
    0.79 x 0.4 = 0.526; 22.30 - 1.5 = 20.8 cm, still band 0; the same ways out. 7.5 x (0.552 + 0.526) = 8.085
    beats 7.59 from where it stands, so the move first comes first."""
    a = advise(TEMPLATES, "gun", scene_name="s")
    top = a.options[0]
    assert top.kind == "move_then_template" and top.at == top.end == (11.5, 17.5) and top.aim == (32.5, 10.0)
    w1, w2 = top.under
    assert (w1.cover, w2.cover, top.distance_cm) == ("none", "small", 20.8)
    assert top.expected_damage == pytest.approx(7.5 * (0.552 + 0.526))
    assert top.commands[0] == "landsraad move s gun --to 11.5,17.5"


def test_friendly_fire_is_taken_off_and_an_aim_that_spares_the_friend_is_preferred():
    a = advise(TEMPLATES, "gun", scene_name="s")
    templates = [o for o in a.options if o.kind == "template"]
    # the enemies' sets are each weighed once, at an aim that leaves pal out when that does as well
    assert all("pal" not in {u.model for u in o.under} for o in templates)
    net = [o.expected_damage for o in a.options]
    assert net == sorted(net, reverse=True)
    (o,) = [o for o in templates if {u.model for u in o.under} == {"w3"}]
    assert o.expected_damage == o.expected_damage_enemies and o.expected_damage_friends == 0


def test_a_direct_fire_line_touches_only_what_it_should():
    """flam (48, 46), flamethrower (direct 20): w3 (30, 40) is sqrt(18^2 + 6^2) - 3 = 15.97 cm away, within the
    line; its burn (9) against a Fremen warrior's Endurance 3 is 3 x 3: fatal whenever struck (R-BURN, R-WOUND)."""
    a = advise(TEMPLATES, "flam", scene_name="s")
    top = a.options[0]
    assert top.kind == "template" and top.template == "direct" and [u.model for u in top.under] == ["w3"]
    assert top.distance_cm == 0.0 and top.wound["fatal"] == pytest.approx(top.p_hit)
    assert a.not_weighed == (("mission", "no_game_state"), ("equipment", "no_equipment_state"))


def test_a_laser_blast_never_covers_a_shielded_model():
    """sard2 carries a laser: its explosive blast is weighed, but never over sard (full shield, R-LASER).
    Centred on mid, 27.7 cm from sard2's base: band 1 of the laser's 15 cm, so its Combat -2 less 1; with
    a Sardaukar's Combat +2 the attack die gets -1: P(a - 1 > d) = 36 / 100. Damage: the neutral die +
    12 // 3, 9.5 on average. Struck: 0.36 + 0.64 x 0.5 = 0.68 (6.6 cm out: a warrior's neutral + 1 falls
    short on 1-5), so 6.46 expected, more than the lance's 5.40."""
    a = advise(SCENE, "sard2", scene_name="s")
    top = next(o for o in a.options if o.kind == "template")
    assert top.aim == (40.0, 25.0) and top.laser_mode == "explosive" and top.p_hit == pytest.approx(0.68)
    assert top.expected_damage == pytest.approx(0.68 * 9.5)
    blasts = [o for o in a.options if o.kind == "template"]
    assert blasts and all(o.laser_mode == "explosive" for o in blasts)
    assert all(u.model != "sard" for o in blasts for u in o.under)


@pytest.mark.parametrize("model_id", ["gun", "flam"])
def test_no_aim_at_an_enemy_centre_does_better_than_the_advisor_s_best(model_id):
    """An independent weighing of the plain aims - a blast centred on each enemy, a line toward each - with
    the geometry's own functions (who is under it, the cheapest way out) and shot_odds: the advisor's best
    template shot from where the model stands is at least as good (net of friendly fire)."""
    import math

    from landsraad.geometry import sight, templates
    from landsraad.rules.shooting import dodge_distance

    board = TEMPLATES.board
    spec = TEMPLATES.model(model_id)
    weapon = next(w for w in spec.carried if w.template is not None)
    shooter = Combatant.from_profile(spec.card, weapon)
    me = board.base(model_id)
    side = me.side

    def combatant(m):
        return Combatant.from_profile(TEMPLATES.model(m).card, next(w for w in TEMPLATES.model(m).carried if w.is_melee))

    def net(aim):
        if weapon.template.kind == "blast":
            shape = templates.blast_shape(aim)
            hit = [h for h in templates.under_blast(board, aim) if h != model_id]
            distance = round(max(0.0, math.hypot(aim[0] - me.x, aim[1] - me.y) - me.radius), 1)
        else:
            shape = templates.direct_shape(board, model_id, aim, weapon.template.size_cm)
            hit = [h for h in templates.under_direct(board, model_id, aim, weapon.template.size_cm) if h != model_id]
            distance = 0.0
        total = 0.0
        for h in hit:
            target = combatant(h)
            most = dodge_distance(target, 10)
            way_out = templates.dodge_out(board, h, shape, most).shortest_cm
            escape = math.ceil(way_out * 100 - 1e-6) / 100 if way_out <= most else most + 1
            c = sight.cover(board, model_id, h).cover
            odds = shot_odds(shooter, target, distance_cm=distance, cover="large" if c == "no_line_of_sight" else c,
                             escape_cm=escape)
            total += odds.expected_damage * (1 if board.base(h).side != side else -1)
        return total

    enemies = [b for b in board.bases if b.side is not None and b.side != side]
    if weapon.template.kind == "blast":
        aims = [(b.x, b.y) for b in enemies]
    else:
        reach = me.radius + weapon.template.size_cm
        aims = [(me.x + reach * (b.x - me.x) / math.hypot(b.x - me.x, b.y - me.y),
                 me.y + reach * (b.y - me.y) / math.hypot(b.x - me.x, b.y - me.y)) for b in enemies]
    plain = max(net(a) for a in aims)
    best = max(o.expected_damage for o in advise(TEMPLATES, model_id, scene_name="s").options if o.kind == "template")
    assert plain > 0 and best >= plain - 1e-9


# --- a model in contact (R-DISENGAGE, PRJ-90) and two moves (R-ACTIVATE) --------------------------------------

DATA = Path(__file__).resolve().parents[1] / "data" / "scenes"
DISENGAGE = load_scene(DATA / "advise-disengage.yaml")


def _combatant(scene, model_id: str, weapon_id: str) -> Combatant:
    spec = scene.model(model_id)
    return Combatant.from_profile(spec.card, next(w for w in spec.carried if w.id == weapon_id))


def test_a_model_in_contact_makes_no_normal_move_prj_90():
    """duel is in base contact with blade: no shot from where it stands (R-SHOOT), no move before or after one,
    no charge: it fights where it stands, disengages (then moves or shoots), or rests."""
    a = advise(DISENGAGE, "duel", scene_name="d")
    assert sorted(o.kind for o in a.options) == ["disengage_then_move", "disengage_then_shoot", "fight", "rest"]
    (fight,) = [o for o in a.options if o.kind == "fight"]
    oracle = melee_odds(_combatant(DISENGAGE, "duel", "knife"), _combatant(DISENGAGE, "blade", "crysknife"),
                        attacker_stance="attack", defender_stance="defend")
    assert fight.target == "blade" and fight.odds == oracle


def test_disengage_then_shoot_agrees_with_odds_disengage_and_odds_shoot():
    """The disengage test (hand-checked in the scene file: 36 of 100, the smallest margin 3 cm), then the lance
    from 3 cm straight away from blade, edge to edge 3 cm: the shot's odds times the chance to get away."""
    a = advise(DISENGAGE, "duel", scene_name="d")
    (o,) = [o for o in a.options if o.kind == "disengage_then_shoot"]
    test = disengage_odds(_combatant(DISENGAGE, "duel", "knife"), _combatant(DISENGAGE, "blade", "crysknife"))
    assert o.disengage == test and test.p_success == pytest.approx(0.36)
    assert min(float(k) for k in test.margin_cm) == 3.0 and o.disengage_from == "blade"
    assert o.end == pytest.approx((17.0, 20.0)) and o.distance_cm == 3.0
    shot = shot_odds(_combatant(DISENGAGE, "duel", "sardaukar_lance"), _combatant(DISENGAGE, "blade", "crysknife"),
                     distance_cm=3.0, cover="none")
    assert o.odds == shot
    assert o.expected_damage == pytest.approx(0.36 * shot.expected_damage)
    assert o.p_hit == pytest.approx(0.36 * shot.p_hit)
    assert sum(o.wound.values()) == pytest.approx(1.0) and o.wound["none"] == pytest.approx(0.64 + 0.36 * shot.wound["none"])
    assert o.expected_damage_taken == test.expected_damage > 0
    # it ranks above fighting in place: more expected damage
    assert a.options[0] is o


def test_disengage_then_move_ends_out_of_reach():
    """The smallest margin (3 cm) and the second move (10 cm): a point no enemy sees or reaches, checked here
    with the one-point functions (blade's Movement 11)."""
    a = advise(DISENGAGE, "duel", scene_name="d")
    (o,) = [o for o in a.options if o.kind == "disengage_then_move"]
    board = DISENGAGE.board
    plan = plan_move(board, "duel", o.end, 13.0)
    assert plan.legal and plan.cost_cm >= 3.0 - 1e-9
    moved = board.moved("duel", o.end)
    assert edge_distance(moved.base("duel"), moved.base("blade")) > 0.1
    assert not move_into_contact(moved, "blade", "duel", 11.0).legal
    assert o.risk.count == 0 and o.expected_damage == 0 and o.disengage is not None
    assert o.commands[0].startswith("landsraad odds disengage --mover corrino/soldier --mover-weapon corrino:knife")
    assert o.commands[1] == f"landsraad move d duel --to {o.end[0]:g},{o.end[1]:g} --movement 13"


def test_the_opposing_player_picks_the_enemy_most_likely_to_hold_it():
    scene = load_scene(DATA / "advise-pick.yaml")
    a = advise(scene, "held", scene_name="p")
    options = [o for o in a.options if o.disengage is not None]
    assert options and {o.disengage_from for o in options} == {"fk"}
    fk = disengage_odds(_combatant(scene, "held", "knife"), _combatant(scene, "fk", "crysknife"))
    w1 = disengage_odds(_combatant(scene, "held", "knife"), _combatant(scene, "w1", "crysknife"))
    assert (fk.p_success, w1.p_success) == (pytest.approx(0.28), pytest.approx(0.36))
    assert all(o.disengage == fk for o in options)
    assert sorted(o.target for o in a.options if o.kind == "fight") == ["fk", "w1"]


def test_two_moves_reach_safety_that_one_move_does_not():
    """runner (Movement 11) is seen and within hunter's charge (9.25 cm); behind bunker it is neither, but that
    is more than one move away: the Move action and the free move, one path of up to 22 cm."""
    scene = load_scene(DATA / "advise-two-moves.yaml")
    a = advise(scene, "runner", scene_name="t")
    (o,) = [o for o in a.options if o.kind == "two_moves"]
    board = scene.board
    assert plan_move(board, "runner", o.end, 22.0).legal and not plan_move(board, "runner", o.end, 11.0).legal
    moved = board.moved("runner", o.end)
    assert not sight.line_of_sight(moved, "hunter", "runner")
    assert not move_into_contact(moved, "hunter", "runner", 10.0).legal
    assert o.risk.count == 0 and o.odds is None and o.expected_damage == 0
    assert o.commands == (f"landsraad move t runner --to {o.end[0]:g},{o.end[1]:g} --movement 22",)
    # where it stands it is at risk (seen, and charged)
    rest = next(x for x in a.options if x.kind == "rest")
    assert rest.risk.shooters == ("hunter",) and rest.risk.chargers == ("hunter",)


def test_no_two_moves_when_one_move_is_as_safe():
    """sard2 on cli-table: nothing threatens it more after one move than after two: no two_moves option."""
    a = advise(SCENE, "sard2", scene_name="s")
    assert "two_moves" not in {o.kind for o in a.options}
