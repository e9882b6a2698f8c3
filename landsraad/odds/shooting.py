"""Exact odds of a shot (R-SHOOT): :func:`shot_odds` enumerates the 10^4 dice outcomes, :func:`shot_wounds`
is its fast path for the wound distribution alone (the factorisation: :mod:`landsraad.odds`)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..dice import FACES
from ..errors import RuleError
from ..i18n import _
from ..model import Poison
from ..rules.shooting import Cover, LaserMode, ShotEvent, dodge_distance, resolve_shot, shot_damage, verify_target
from ..rules.state import WOUND_RESULTS, Combatant, effective_endurance
from ..rules.wounds import wound_result
from ..ruleset import DEFAULT, Ruleset
from .core import _RESULT_CODE, DIE, OddsRecord, _cm_key, _dist, _p, beats_array

__all__ = ["ShotOdds", "shot_odds", "shot_wounds"]


@dataclass(frozen=True)
class ShotOdds(OddsRecord):
    """Exact odds of one shot (R-SHOOT), for one target.

    ``p_hit`` is the chance the attack roll beats the defence roll (before shields); ``wound``
    what the target suffers (a miss, a shield or damage <= 0 count as ``none``);
    ``expected_damage`` counts 0 for those. For a template weapon, ``p_struck`` adds the chance
    that the target dodges but not far enough (``escape_cm``; RUL-09), which the kernel treats as a hit.
    """

    p_hit: float
    p_struck: float
    p_shield_stopped: float
    p_poisoned: float
    """The weapon's poison takes effect (a hit dealing at least 1 damage; R-POISON, RUL-18)."""
    wound: dict[str, float]
    expected_damage: float
    damage: dict[int, float]
    """Damage dealt -> probability (0: nothing)."""
    p_dodge: float
    """The roll does not hit: the target may dodge (RUL-09)."""
    dodge_cm: dict[str, float]
    """If the roll does not hit: dodge allowance in cm -> probability."""
    attack_bonus: int
    """What the shooter adds to its attack die (Combat, weapon and range, hooks)."""
    defence_bonus: int
    """What the target adds to its defence die (cover)."""
    range_band: int
    range_modifier: int
    template: bool
    escape_cm: float | None


def shot_odds(
    shooter: Combatant,
    target: Combatant,
    *,
    distance_cm: float,
    cover: Cover = "none",
    laser_mode: LaserMode = "burn",
    poison: Poison | str | None = None,
    escape_cm: float | None = None,
    ruleset: Ruleset = DEFAULT,
) -> ShotOdds:
    """Exact odds of a shot, agreeing with :func:`~landsraad.rules.shooting.resolve_shot` on every dice outcome (R-SHOOT, R-COVER, R-SHIELD, R-LASER, R-WOUND, RUL-01, RUL-09).

    Parameters
    ----------
    shooter, target
        The models; the shooter's ``weapon`` shoots. Illegal shots (a laser at a shielded
        model, a blinded shooter...) raise the kernel's :class:`~landsraad.errors.RuleError`.
    distance_cm, cover, laser_mode, poison
        As :func:`~landsraad.rules.shooting.resolve_shot`.
    escape_cm
        Template weapons only (R-TEMPLATE): how far the target must move to get out of the
        template; a dodge allowance below it leaves the target under it, struck. ``None``: any
        dodge escapes (the kernel's default). A template's odds are per target: one attack roll,
        each target its own dice, so each target's odds are those of a single shot.

    Examples
    --------
    A half-shield stops every shot (R-SHIELD); the hit chance is unchanged:

    >>> from landsraad.model import Weapon
    >>> lance = Weapon(id="lance", name="Sardaukar lance", range=15, combat="+1", damage="+2")
    >>> odds = shot_odds(Combatant(combat=2, weapon=lance), Combatant(shield="half"), distance_cm=10)
    >>> odds.attack_bonus, odds.p_hit, odds.wound["none"], odds.expected_damage  # P(a + 3 > d) = 72 / 100
    (3, 0.72, 1.0, 0.0)
    """

    verify_target(shooter, target, laser_mode=laser_mode, ruleset=ruleset)

    def shot(sn: int, sa: int, tn: int, td: int, escaped: bool = True) -> ShotEvent:
        return resolve_shot(shooter, target, distance_cm=distance_cm, cover=cover, shooter_dice=(sn, sa),
                            target_dice=(tn, td), laser_mode=laser_mode, poison=poison, escaped=escaped, ruleset=ruleset)

    probe = shot(1, 1, 1, 1)
    attack_bonus, defence_bonus = probe.attack_total - 1, probe.defence_total - 1
    template = probe.template
    assert shooter.weapon is not None  # verify_target refuses a model without one
    if escape_cm is not None and not template:
        raise RuleError(_("An escape distance only applies to template weapons; {weapon} has no template (R-TEMPLATE).")
                        .format(weapon=repr(shooter.weapon.display_name())))
    hits = beats_array(DIE[:, None] + attack_bonus, DIE[None, :] + defence_bonus, ruleset.ties)  # [attack die, defence die]
    dodge = np.array([dodge_distance(target, int(n), ruleset) for n in DIE])
    escaped = np.ones(FACES, dtype=bool) if escape_cm is None else dodge >= escape_cm - 1e-9

    # What striking home does, for each shooter neutral die (the kernel decides).
    result = np.zeros(FACES, dtype=np.int64)
    damage = np.zeros(FACES, dtype=np.int64)
    stopped = np.zeros(FACES, dtype=bool)
    poisoned = np.zeros(FACES, dtype=bool)
    struck_pair = np.argwhere(hits)
    if template or struck_pair.size:
        sa, td = (int(struck_pair[0][0]) + 1, int(struck_pair[0][1]) + 1) if struck_pair.size else (1, 1)
        for k, sn in enumerate(DIE):
            ev = shot(int(sn), sa, 1, td, escaped=False)
            assert ev.hit or ev.caught
            result[k], damage[k], stopped[k] = _RESULT_CODE[ev.wound], ev.damage, ev.shield_stopped
            poisoned[k] = bool(ev.poisons_applied)

    # The full grid of dice [shooter neutral, attack, target neutral, defence].
    hit4 = np.broadcast_to(hits[None, :, None, :], (FACES,) * 4)
    caught4 = template & ~hit4 & ~escaped[None, None, :, None]
    struck4 = hit4 | caught4
    result4 = np.where(struck4, result[:, None, None, None], 0)
    damage4 = np.where(struck4, damage[:, None, None, None], 0)
    n = FACES ** 4
    p_hit = float(hit4.sum()) / n
    wound = np.bincount(result4.ravel(), minlength=len(WOUND_RESULTS)) / n
    counts = np.bincount(damage4.ravel())  # damage dealt is never negative; np.unique would import numpy.ma (start-up)
    miss_dodge: dict[str, float] = {}
    for cm in sorted(set(dodge.tolist())):
        miss_dodge[_cm_key(cm)] = _p(np.mean(dodge == cm))
    return ShotOdds(
        p_hit=_p(p_hit),
        p_struck=_p(struck4.sum() / n),
        p_shield_stopped=_p((struck4 & stopped[:, None, None, None]).sum() / n),
        p_poisoned=_p((struck4 & poisoned[:, None, None, None]).sum() / n),
        wound=_dist(wound),
        expected_damage=_p(damage4.sum() / n),
        damage={int(v): _p(c / n) for v, c in enumerate(counts) if c},
        p_dodge=_p(1.0 - p_hit),
        dodge_cm=miss_dodge if p_hit < 1.0 else {},
        attack_bonus=attack_bonus,
        defence_bonus=defence_bonus,
        range_band=probe.range_band,
        range_modifier=probe.range_modifier,
        template=template,
        escape_cm=escape_cm,
    )


def shot_wounds(
    shooter: Combatant,
    target: Combatant,
    *,
    distance_cm: float,
    cover: Cover = "none",
    laser_mode: LaserMode = "burn",
    poison: Poison | str | None = None,
    ruleset: Ruleset = DEFAULT,
) -> dict[str, float]:
    """What the target suffers from a shot: exactly ``shot_odds(...).wound`` (the same floats), at a
    tenth of the cost (R-SHOOT, R-SHIELD, R-ARMOUR, R-WOUND, RUL-01, RUL-18).

    Every dodge escapes (no ``escape_cm``), so only a hit strikes. One kernel shot with the
    highest attack die against the lowest defence die gives the bonuses and, when it hits, what
    any hit does but its damage: whether a shield stops it and whether armour counts. The damage
    of each shooter neutral die is the kernel's :func:`~landsraad.rules.shooting.shot_damage`,
    its result :func:`~landsraad.rules.wounds.wound_result` against the target's effective
    Endurance (what :func:`~landsraad.rules.wounds.apply_hit` decides first). The counts are
    whole numbers divided by 10^4 as :func:`shot_odds` divides them, so the floats are the same
    (the tests compare the two over drawn combatants).

    Examples
    --------
    >>> from landsraad.model import Weapon
    >>> pistol = Weapon(id="pistol", name="Pistol", range=10, combat="+1", damage="+1")
    >>> shot_wounds(Combatant(combat=1, weapon=pistol), Combatant(endurance=3), distance_cm=35)
    {'none': 0.64, 'scratch': 0.036, 'light': 0.108, 'grave': 0.108, 'fatal': 0.108}
    """
    verify_target(shooter, target, laser_mode=laser_mode, ruleset=ruleset)
    probe = resolve_shot(shooter, target, distance_cm=distance_cm, cover=cover, shooter_dice=(1, FACES),
                         target_dice=(1, 1), laser_mode=laser_mode, poison=poison, ruleset=ruleset)
    attack_bonus, defence_bonus = probe.attack_total - FACES, probe.defence_total - 1
    hits = int(beats_array(DIE[:, None] + attack_bonus, DIE[None, :] + defence_bonus, ruleset.ties).sum())
    counts = np.zeros(len(WOUND_RESULTS), dtype=np.int64)
    counts[0] = FACES ** 2 * (FACES ** 2 - hits)  # a miss, whatever the neutral dice
    if hits:  # then the probe, the best roll against the worst, hit
        assert probe.hit
        per_face = FACES * hits  # the hitting (attack, defence) pairs, times the target's neutral die
        if probe.shield_stopped:
            counts[0] += FACES * per_face
        else:
            endurance = effective_endurance(target, ruleset)
            assert shooter.weapon is not None
            for sn in range(1, FACES + 1):
                raw = shot_damage(shooter.weapon, sn, laser_mode)
                result = wound_result(raw, endurance, target.armour, ignore_armour=probe.ignore_armour)
                counts[_RESULT_CODE[result]] += per_face
    return _dist(counts / FACES ** 4)
