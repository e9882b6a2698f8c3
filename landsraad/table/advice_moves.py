"""The advisor's moves beyond one free move (:mod:`landsraad.table.advice`): leaving a fight, and the
Move action with the free move.

R-ACTIVATE: an activation is an optional free move, before or after one action, the Move action (a
second move) among them. R-MOVE: each move takes no point of the base further than the model's
Movement. PRJ-90: a model in base contact with an enemy cannot make a normal move, free or Move
action; it leaves the contact by disengaging (R-DISENGAGE), which may be its free move (then any
action) or its Move action (then the free move after it).

``disengage_then_move``
    The disengage test against the enemy the opposing player picks among those in contact (the one
    most likely to hold it, then the one that strikes hardest; R-DISENGAGE: « le joueur adverse
    choisit quelle figurine s'oppose »), then, if it gets away, the second move. A success moves it
    exactly its margin, out of contact (PRJ-99, the player picking the point); the option is weighed
    for its smallest margin, then the second move along the same path (one path of up to margin +
    Movement), at the sampled point with the least risk. A failure leaves it in contact, struck
    with the opponent's weapon and neutral die: that blow is the option's odds (what it takes).
``disengage_then_shoot``
    The disengage as the free move, then the Shoot action (R-SHOOT: out of contact, the nearest
    enemy it sees, RUL-08) from where its smallest margin takes it, straight away from the opponent.
    The shot happens only if it gets away: the option's chance to hit, wounds and expected damage
    are the shot's times that chance.
``two_moves``
    For a model in contact with no enemy: the Move action and the free move, two moves of its
    Movement: one path of up to twice the Movement, split where half its cost is spent (R-MOVE),
    to the sampled point with the least risk among those one move does not reach; listed only when
    that point is less at risk than where it stands and than every sampled point one move reaches
    (else the free move alone gets as safe and leaves the action free: ``shoot_then_move``). No
    action is left: no odds.

Examples
--------
The bundled table's Warrior 1, which three enemies can shoot where it stands and two after both
moves, does best to make them (about 7 s of CPU, so not run as a doctest: ``tests/table/test_advice.py`` checks
the option on a small table by hand, ``tests/cli/test_advise.py`` replays its command):

>>> from landsraad.table.scenes import load
>>> from landsraad.table.advice import advise
>>> a = advise(load("table"), "warrior-1")  # doctest: +SKIP
>>> [o.kind for o in a.options]  # doctest: +SKIP
['two_moves', 'rest']
"""

from __future__ import annotations

import math
from typing import Callable

from ..errors import RuleError
from ..geometry.board import Board, Point
from ..geometry.measure import edge_distance
from ..geometry.movement import plan_move
from ..i18n import message
from ..odds import DisengageOdds, disengage_odds
from ..rules.state import Combatant
from .advice_core import Option, Risk, ShotOption, TableRead, Threats, fmt_cm, sample_points, shot_commands

__all__ = ["engaged_with", "disengage_options", "two_moves_option", "opposer"]


def engaged_with(board: Board, model_id: str, enemy_ids: tuple[str, ...], tolerance_cm: float) -> tuple[str, ...]:
    """The enemies in base contact with ``model_id`` (edges within ``tolerance_cm``, RUL-07)."""
    me = board.base(model_id)
    return tuple(e for e in enemy_ids if edge_distance(board.base(e), me) <= tolerance_cm + 1e-9)


def opposer(mover: Combatant, opponents: dict[str, Combatant], t: TableRead) -> tuple[str, DisengageOdds] | None:
    """The enemy the opposing player picks to oppose the disengage test, and the test's odds: the one
    least likely to let it go, then the one whose blow does the most damage, then the first by id
    (R-DISENGAGE); None when no enemy in contact may oppose it (the kernel refuses every test)."""
    best: tuple[tuple[float, float, str], str, DisengageOdds] | None = None
    for e, opp in opponents.items():
        try:
            odds = disengage_odds(mover, opp, ruleset=t.ruleset)
        except RuleError:
            continue
        key = (odds.p_success, -odds.expected_damage, e)
        if best is None or key < best[0]:
            best = (key, e, odds)
    return None if best is None else (best[1], best[2])


def _disengage_command(t: TableRead, model_id: str, opponent: str) -> str:
    own, their = t.melee_weapon(model_id), t.melee_weapon(opponent)
    return (f"landsraad odds disengage --mover {t.spec(model_id).profile}"
            + (f" --mover-weapon {t.weapon_ref(model_id, own)}" if own else "")
            + f" --opponent {t.spec(opponent).profile}"
            + (f" --opponent-weapon {t.weapon_ref(opponent, their)}" if their else ""))


def _step_away(board: Board, model_id: str, opponent: str, margin: float) -> Point | None:
    """Where a disengage of ``margin`` cm takes the model straight away from ``opponent``, when that
    straight move is legal and ends out of contact with every enemy; else None."""
    me, them = board.base(model_id), board.base(opponent)
    dx, dy = me.x - them.x, me.y - them.y
    norm = math.hypot(dx, dy)
    if norm == 0:
        return None
    to = (me.x + margin * dx / norm, me.y + margin * dy / norm)
    if not plan_move(board, model_id, to, margin + 1e-6).legal:
        return None
    moved = board.moved(model_id, to)
    mine = moved.base(model_id)
    if any(b.side is not None and b.side != mine.side and edge_distance(b, mine) <= 0.1 + 1e-9 for b in moved.bases if b.id != model_id):
        return None
    return to


def _after_margin(board: Board, model_id: str, p: Point, margin: float, movement: float) -> bool:
    """Whether the second move can end at ``p`` after a disengage of exactly ``margin`` cm: its path is at
    least that long (the disengage goes that far along it), or short enough to come back (PRJ-99)."""
    cost = plan_move(board, model_id, p, margin + movement).cost_cm
    return cost is not None and (cost >= margin - 1e-9 or cost <= movement - margin + 1e-9)


def disengage_options(t: TableRead, model_id: str, engaged: tuple[str, ...], movement: float, threats: Threats,
                      targets: dict[str, Combatant], shots_from: Callable[[Board], list[ShotOption]]) -> list[Option]:
    """The options of a model in contact (see the module notes): none when an enemy in contact has no
    profile (the test's odds are unknown) or the kernel refuses every test."""
    if not engaged or any(e not in targets for e in engaged):
        return []
    me = t.combatant(model_id, t.melee_weapon(model_id))
    picked = opposer(me, {e: targets[e] for e in engaged}, t)
    if picked is None:
        return []
    opponent, odds = picked
    if odds.p_success <= 0 or not odds.margin_cm:
        return []
    board, scene = t.board, t.name
    least = min(float(k) for k in odds.margin_cm)
    start = board.base(model_id).center
    test_cmd = _disengage_command(t, model_id, opponent)
    pick = (message("{opponent} opposes the disengage test, the opposing player's pick among the enemies in contact"
                    " (R-DISENGAGE)", opponent=t.named(opponent)) if len(engaged) > 1 else
            message("the disengage test against {opponent}, the enemy in contact (R-DISENGAGE, PRJ-17)", opponent=t.named(opponent)))
    held = message("if it fails it stays in contact and takes {opponent}'s blow (its weapon and neutral die)",
                   opponent=t.named(opponent))
    out: list[Option] = []
    # the second move: one path of up to the smallest margin plus the Movement, ending out of contact
    ends = [p for p in sample_points(board, model_id, least + movement)
            if not engaged_with(board.moved(model_id, p), model_id, engaged, 0.1) and _after_margin(board, model_id, p, least, movement)]
    far = {p: math.hypot(p[0] - start[0], p[1] - start[1]) for p in ends}
    if ends:
        risks = {p: threats.at(board.moved(model_id, p)) for p in ends}
        safest = min(ends, key=lambda p: (risks[p].count, far[p]))
        out.append(Option("disengage_then_move", safest, risks[safest], opponent, None, safest, None, None, (), None,
                          (pick, held,
                           message("if it gets away it moves exactly its margin ({least} cm at the least, PRJ-99), then"
                                   " the second move along the same path: up to {total} cm in all (R-ACTIVATE, PRJ-90)",
                                   least=round(least, 2), total=round(least + movement, 2))),
                          (test_cmd, f"landsraad move {scene} {model_id} --to {fmt_cm(safest[0])},{fmt_cm(safest[1])}"
                                     f" --movement {fmt_cm(least + movement)}"),
                          disengage=odds, disengage_from=opponent))
    to = _step_away(board, model_id, opponent, least)
    if to is not None:
        moved = board.moved(model_id, to)
        risk = threats.at(moved)
        for e, w, shot, cover, distance, cover_from, reasons in shots_from(moved):
            out.append(Option("disengage_then_shoot", to, risk, e, w.name, to, distance, cover, cover_from, shot,
                              (pick, held,
                               message("if it gets away ({p} %) it moves its margin, {least} cm at the least, straight"
                                       " away from {opponent} (PRJ-99), then the Shoot action (PRJ-90, R-SHOOT)",
                                       p=round(100 * odds.p_success, 1), least=round(least, 2), opponent=t.named(opponent)),
                               *reasons),
                              (test_cmd, *shot_commands(t, model_id, e, w, distance, cover)),
                              disengage=odds, disengage_from=opponent))
    return out


def two_moves_option(t: TableRead, model_id: str, movement: float, here: Risk, one_move: dict[Point, Risk],
                     threats: Threats) -> Option | None:
    """The Move action and the free move to the safest sampled point within twice the Movement, when it
    is less at risk than where the model stands and than every sampled point of one move (see the
    module notes); else None."""
    board, start = t.board, t.board.base(model_id).center
    ends = sample_points(board, model_id, 2 * movement)
    cost = {p: plan_move(board, model_id, p, 2 * movement).cost_cm for p in ends}
    risks = {p: threats.at(board.moved(model_id, p)) for p in ends}
    # a sampled point one move reaches counts for one move (the two samplings are thinned differently)
    best_one = min([r.count for r in one_move.values()] + [risks[p].count for p in ends if (cost[p] or 0.0) <= movement + 1e-9],
                   default=here.count)
    two = [p for p in ends if cost[p] is not None and cost[p] > movement + 1e-9]
    if not two:
        return None
    safest = min(two, key=lambda p: (risks[p].count, math.hypot(p[0] - start[0], p[1] - start[1])))
    if risks[safest].count >= min(here.count, best_one):
        return None
    return Option("two_moves", safest, risks[safest], None, None, safest, None, None, (), None,
                  (message("the Move action and the free move, two moves of {movement} cm: one path of {cost} cm, split"
                           " where half of it is spent (R-ACTIVATE, R-MOVE)", movement=round(movement, 2), cost=round(cost[safest] or 0.0, 2)),
                   message("no point one move reaches is as safe; no action is left")),
                  (f"landsraad move {t.name} {model_id} --to {fmt_cm(safest[0])},{fmt_cm(safest[1])} --movement {fmt_cm(2 * movement)}",))
