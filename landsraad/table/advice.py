"""``advise``: for the model about to act, every option this activation, ranked by exact odds.

R-ACTIVATE: an activation is an optional free move, before or after one action (Move, Melee in
base contact with an enemy, Shoot, ...). The options weighed:

``shoot``
    Shoot from where the model stands, with each ranged weapon it carries, at each enemy the
    nearest-target rule allows (RUL-08), then no move.
``move_then_shoot``
    The free move to a sampled point of the reach region (:data:`SAMPLES` at most, a grid of
    :data:`GRID_CM`), then the shot; for each weapon and target, the point with the most
    expected damage (then the least risk, then the shortest move).
``shoot_then_move``
    The shot from where it stands, then the free move to the sampled point with the least risk.
``charge``
    The free move into base contact with an enemy within one move (:func:`.moves.move_into_contact`),
    then the Melee action: the clash with the model attacking and the enemy defending
    (:func:`landsraad.odds.melee_odds`; ``odds melee`` gives every stance pair).
``template``, ``move_then_template``, ``template_then_move``
    A template shot (blast, direct fire, a laser's explosive blast; R-TEMPLATE, RUL-19): where to
    aim, every model under it with its own odds, friendly fire taken off; from where it stands, or
    with the free move before or after (:func:`template_options`, :func:`moved_template_options`).
``fight``
    A model already in base contact with an enemy: the Melee action where it stands (the clash as
    for a charge).
``disengage_then_move``, ``disengage_then_shoot``
    A model in contact makes no normal move (PRJ-90): the disengage test (R-DISENGAGE, against the
    enemy the opposing player picks), then the second move or the Shoot action if it gets away
    (:mod:`.advice_moves`); the blow a failure takes is its risk.
``two_moves``
    The Move action and the free move, to the safest point within twice the Movement when one move
    is not enough (:mod:`.advice_moves`).
``rest``
    No action: the baseline.

Special actions the engine offers that a scene cannot weigh are named in ``Advice.not_weighed``
(:func:`special_actions`).

Each option gives its odds (the chance to hit, to wound by level, the expected damage), the
**risk** it takes - the enemies that could shoot the model (a ranged weapon and line of sight)
or charge it (contact within one move of their Movement) where it ends - its reasons (cover from
what, the nearest-target rule) and reproducible command lines (``odds shoot`` / ``odds melee`` on
the same numbers, and the move). Options are ranked by expected damage, then by less risk. A model in
base contact with an enemy makes no normal move (PRJ-90): no move before or after a shot, no charge
of another enemy; it fights, disengages or rests.

Examples
--------
The bundled table's Sardaukar 1 does best to move and then shoot (about 8 s of CPU, so not run
as a doctest: ``tests/table/test_advice.py`` checks this position's ranking and odds by hand):

>>> from landsraad.table.scenes import load
>>> a = advise(load("table"), "sardaukar-1")  # doctest: +SKIP
>>> a.options[0].kind  # doctest: +SKIP
'move_then_shoot'
"""

from __future__ import annotations

import math

from ..errors import RuleError, UsageError
from ..geometry import sight
from ..geometry.board import Board, Point
from ..geometry.measure import edge_distance, report_cm
from ..i18n import N_, Numeral, message, numeral
from ..model import Weapon
from ..odds import ShotOdds, melee_odds
from ..rules.shooting import Cover
from ..ruleset import DEFAULT, Ruleset
from ..scene import Scene
from .advice_core import GRID_CM, SAMPLES, Advice, Option, Risk, ShotOption, TableRead, Threats, fmt_cm, sample_points, shot_at, shot_commands
from .advice_moves import disengage_options, engaged_with, two_moves_option
from .advice_templates import TEMPLATE_AIMS, TemplateOption, UnderTemplate, moved_template_options, template_options
from .moves import move_into_contact

__all__ = ["Risk", "Option", "TemplateOption", "UnderTemplate", "Advice", "advise", "SAMPLES", "GRID_CM", "TEMPLATE_AIMS", "special_actions"]

def advise(scene: Scene, model_id: str, *, scene_name: str = "", ruleset: Ruleset = DEFAULT,
           movement_cm: float | None = None) -> Advice:
    """Every option of ``model_id``'s activation, ranked (see the module notes).

    Parameters
    ----------
    scene
        The scene; the acting model and the enemies weighed need profiles (their stats).
    model_id
        The model about to act.
    scene_name
        The scene as typed, for the command lines.
    ruleset
        Ties, Arrakis, whether models block sight.
    movement_cm
        The move allowance (default: the model's Movement).

    Returns
    -------
    Advice

    Raises
    ------
    UsageError
        The model has no profile or no side, or no Movement.
    """
    t = TableRead(scene, scene_name, ruleset)
    board = t.board
    spec = scene.model(model_id)
    if spec.card is None or board.base(model_id).side is None:
        raise UsageError(message("advise needs the model's profile and side; {model} has no profile in the scene.", model=repr(model_id))
                         if spec.card is None else
                         message("advise needs the model's profile and side; {model} has no side in the scene.", model=repr(model_id)))
    movement = movement_cm if movement_cm is not None else scene.movement(model_id)
    if movement is None:
        raise UsageError(message("Model {model} has no movement in the scene; give one with --movement CM.", model=repr(model_id)))
    blocks = ruleset.models_block_sight
    side = board.base(model_id).side
    enemy_ids = tuple(b.id for b in board.bases if b.side is not None and b.side != side)
    enemies = tuple(e for e in enemy_ids if scene.model(e).card is not None)
    skipped = tuple(message("{model}: no profile, its stats are unknown", model=t.named(e)) for e in enemy_ids if e not in enemies)
    targets = {e: t.combatant(e, t.melee_weapon(e)) for e in enemies}
    start = board.base(model_id).center
    options: list[Option] = []
    # PRJ-90: a model in contact with an enemy makes no normal move; it may disengage (advice_moves)
    engaged = engaged_with(board, model_id, enemy_ids, ruleset.contact_tolerance_cm)
    # where it may end: two moves, or a disengage (a neutral die: 10 cm at most) and a move
    threats = Threats(t, model_id, enemies, movement + max(movement, 10.0))
    here_risk = threats.at(board)
    ranged = [w for w in t.weapons(model_id) if w.is_ranged and w.range_cm is not None and w.template is None]  # R-TEMPLATE: aimed

    def shots_from(b: Board) -> list[ShotOption]:
        out: list[ShotOption] = []
        in_contact = [e for e in enemy_ids if edge_distance(b.base(e), b.base(model_id)) <= 0.1 + 1e-9]
        if in_contact:  # R-SHOOT: no shooting with an enemy in contact
            return out
        allowed = [e for e in sight.nearest_targets(b, model_id, models_block=blocks) if e in targets]
        for e in allowed:
            for w in ranged:
                try:
                    odds, cover, distance, cover_from = shot_at(t, b, model_id, e, w, targets[e])
                except RuleError:  # the kernel refuses the shot (a laser at a shield)
                    continue
                reasons = (message("{target} is the nearest enemy {model} sees (RUL-08)", target=t.named(e), model=t.named(model_id)),
                           _cover_reason(t, cover, cover_from))
                out.append((e, w, odds, cover, distance, cover_from, reasons))
        return out

    for e, w, odds, cover, distance, cover_from, reasons in shots_from(board):
        options.append(Option("shoot", start, here_risk, e, w.name, start, distance, cover, cover_from, odds, reasons,
                              (f"landsraad shoot {scene_name} {model_id} {e} --weapon {t.weapon_ref(model_id, w)}",
                               *shot_commands(t, model_id, e, w, distance, cover))))
    samples = [] if engaged else sample_points(board, model_id, movement)
    moved_boards = {p: board.moved(model_id, p) for p in samples}
    risks: dict[Point, Risk] = {}

    def risk_at(p: Point) -> Risk:
        if p not in risks:
            risks[p] = threats.at(moved_boards[p])
        return risks[p]

    # the best point for each (target, weapon): most expected damage, then least risk, then the shortest move;
    # listed only when it beats the best shot from where the model stands (more damage, or as much and less risk)
    here = max(((round(o.expected_damage, 9), -o.risk.count) for o in options), default=None)
    # per (target, weapon): (score, point, weapon, odds, cover, distance, cover's pieces, reasons)
    best: dict[tuple[str, str], tuple[tuple[float, int, float], Point, Weapon, ShotOdds, Cover, float, tuple[str, ...],
                                      tuple[str, ...]]] = {}
    for p, b in moved_boards.items():
        for e, w, odds, cover, distance, cover_from, reasons in shots_from(b):
            key = (e, w.name)
            score = (round(odds.expected_damage, 9), -risk_at(p).count, -math.hypot(p[0] - start[0], p[1] - start[1]))
            if key not in best or score > best[key][0]:
                best[key] = (score, p, w, odds, cover, distance, cover_from, reasons)
    for (e, _), (score, p, w, odds, cover, distance, cover_from, reasons) in best.items():
        if here is not None and score[:2] <= here:  # no better than the best shot from where it stands
            continue
        move_cmd = f"landsraad move {scene_name} {model_id} --to {fmt_cm(p[0])},{fmt_cm(p[1])}"
        options.append(Option("move_then_shoot", p, risk_at(p), e, w.name, p, distance, cover, cover_from, odds,
                              (message("the free move first, then the Shoot action (R-ACTIVATE)"), *reasons),
                              (move_cmd, *shot_commands(t, model_id, e, w, distance, cover))))
    if samples and any(o.kind == "shoot" for o in options):
        safest = min(samples, key=lambda p: (risk_at(p).count, math.hypot(p[0] - start[0], p[1] - start[1])))
        if risk_at(safest).count < here_risk.count:
            for o in [o for o in options if o.kind == "shoot"]:
                move_cmd = f"landsraad move {scene_name} {model_id} --to {fmt_cm(safest[0])},{fmt_cm(safest[1])}"
                options.append(Option("shoot_then_move", safest, risk_at(safest), o.target, o.weapon, o.at, o.distance_cm,
                                      o.cover, o.cover_from, o.odds,
                                      (message("the Shoot action, then the free move out of reach (R-ACTIVATE)"), *o.reasons),
                                      (*o.commands, move_cmd)))
    own = t.melee_weapon(model_id)
    me = t.combatant(model_id, own)
    for e in enemies:
        if edge_distance(board.base(e), board.base(model_id)) > movement:
            continue  # the path is never shorter than the gap
        if engaged and e not in engaged:
            continue  # PRJ-90: no free move out of a fight into another one
        answer = move_into_contact(board, model_id, e, movement)
        if not answer.legal or answer.charge is None or not answer.charge.can_fight_this_activation:
            continue
        try:
            clash = melee_odds(me, targets[e], attacker_stance="attack", defender_stance="defend", ruleset=ruleset)
        except RuleError:
            continue
        end = answer.result.end
        their = t.melee_weapon(e)
        cmd = (f"landsraad odds melee --attacker {spec.profile}" + (f" --attacker-weapon {t.weapon_ref(model_id, own)}" if own else "")
               + f" --defender {t.spec(e).profile}" + (f" --defender-weapon {t.weapon_ref(e, their)}" if their else "")
               + " --attacker-stance attack --defender-stance defend")
        options.append(Option("fight" if e in engaged else "charge", end, threats.at(board.moved(model_id, end)), e,
                              own.name if own else None, end, 0.0, None, (), clash,
                              (message("already in base contact: the Melee action (R-ACTIVATE)") if e in engaged else
                               message("the free move into contact ({cost} of {movement} cm), then the Melee action (R-ACTIVATE)",
                                       cost=numeral(report_cm(answer.result.cost_cm), ".1f"), movement=Numeral(fmt_cm(movement))),
                               message("the clash if {model} attacks and {target} defends (odds melee gives every stance pair)",
                                       model=t.named(model_id), target=t.named(e))),
                              (f"landsraad move {scene_name} {model_id} --to {e}", cmd)))
    standing = template_options(t, model_id, enemies, here_risk)
    options.extend(standing)
    options.extend(moved_template_options(t, model_id, enemies, standing, moved_boards, risk_at, here_risk))
    if engaged:
        options.extend(disengage_options(t, model_id, engaged, movement, threats, targets, shots_from))
    else:
        twice = two_moves_option(t, model_id, movement, here_risk, {p: risk_at(p) for p in samples}, threats)
        options.extend([twice] if twice is not None else [])
    options.append(Option("rest", start, here_risk, reasons=(message("no action"),)))
    order = {"shoot": 0, "template": 0, "charge": 1, "fight": 1, "shoot_then_move": 2, "template_then_move": 2, "disengage_then_shoot": 2,
             "move_then_shoot": 3, "move_then_template": 3, "disengage_then_move": 3, "two_moves": 3, "rest": 4}  # less moving first
    options.sort(key=lambda o: (-round(o.expected_damage, 9), o.risk.count, -o.p_hit, order[o.kind]))
    return Advice(scene_name, model_id, float(movement), tuple(options), skipped, special_actions(scene, model_id))


_COVER_REASON = {"none": N_("cover none"), "small": N_("cover small"), "large": N_("cover large")}
_COVER_FROM_REASON = {"none": N_("cover none from {pieces}"), "small": N_("cover small from {pieces}"),
                      "large": N_("cover large from {pieces}")}


def _cover_reason(t: TableRead, cover: Cover, cover_from: tuple[str, ...]) -> str:
    """The shot's cover as a reason (R-COVER): its class, and the pieces that give it (by their French names in French)."""
    if cover_from and cover in _COVER_FROM_REASON:
        return message(_COVER_FROM_REASON[cover], pieces=t.named_all(cover_from))
    return message(_COVER_REASON[cover]) if cover in _COVER_REASON else message("cover {cover}", cover=cover)


# --- special actions (R-ACTIVATE) ----------------------------------------------------------------------


def special_actions(scene: Scene, model_id: str) -> tuple[tuple[str, str], ...]:
    """The special actions the engine's menu may offer ``model_id`` (:mod:`landsraad.engine.actions`) and
    why the advisor does not weigh them on a scene, as language-neutral codes.

    A scene is a table (terrain, models, markers, sides), not a game: it carries no wounds,
    poisons or fatigue, no picked missions and no rare equipment. So:

    ``("heal", "no_wound_state")``
        A Medic (``healer``, RUL-12) heals a wounded or poisoned friend in contact: every friend
        of a scene is unhurt, so healing is never legal.
    ``("hunter_seeker", "effect_later")``
        The card's hunter-seeker (R-FACTION) may always be released, but it acts only when an
        enemy crosses it later (a Reflexes test against 12 or Deadly): no odds this activation.
    ``("mission", "no_game_state")``
        Mission special actions need the missions each side picked (R-MISSIONS) and the markers'
        state in a game.
    ``("equipment", "no_equipment_state")``
        Jammers, explosives and bought hunter-seekers need the warband's equipment and its uses.

    Examples
    --------
    >>> from landsraad.table.scenes import load
    >>> special_actions(load("table"), "sardaukar-1")
    (('mission', 'no_game_state'), ('equipment', 'no_equipment_state'))
    """
    card = scene.model(model_id).card
    rules = set(card.special_rules) if card is not None else set()
    out: list[tuple[str, str]] = []
    if "healer" in rules:
        out.append(("heal", "no_wound_state"))
    if "hunter_seeker" in rules:
        out.append(("hunter_seeker", "effect_later"))
    return (*out, ("mission", "no_game_state"), ("equipment", "no_equipment_state"))


