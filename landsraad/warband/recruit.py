"""A valid list resolved into the models the engine deploys (R-RECRUIT)."""

from __future__ import annotations

from typing import Mapping

from ..model import Faction
from ..ruleset import DEFAULT, Ruleset
from .listformat import WarbandList
from .report import RecruitedModel
from .validator import validate


def resolve_models(
    warband: WarbandList,
    faction: Faction | None = None,
    ruleset: Ruleset = DEFAULT,
    *,
    factions: Mapping[str, Faction] | None = None,
) -> tuple[RecruitedModel, ...]:
    """The list's models resolved for deployment: effective card, carried weapons, equipment, spice.

    Raises
    ------
    DataError
        If the list is not valid, listing every error.

    Examples
    --------
    >>> from landsraad.warband import parse_list
    >>> team = parse_list("faction: corrino\\nmodels:\\n  - type: master_assassin\\n  - {type: soldier, weapons: [halberd], spice: 2}\\n")
    >>> soldier = resolve_models(team)[1]
    >>> soldier.label, soldier.profile.cost, soldier.profile.armour, [w.id for w in soldier.weapons], soldier.spice
    ('Soldier', 2, 3, ['sardaukar_lance', 'knife', 'halberd'], 2)
    """
    report = validate(warband, faction, ruleset, factions=factions)
    report.raise_for_errors()
    return report.models
