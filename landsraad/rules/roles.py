"""The sides of a test as a sentence names them: *the attacker*, *the shooter's neutral die*, in each language.

A rule's dice error names who rolled (R-TEST-OPPOSED, R-TEST-CLASH, R-DISENGAGE: the attacker and the
defender, the shooter and its target, the model leaving a contact and its opponent). The role word
is not set into a sentence as an English id: French puts the article on it and the owner after the
die (*Le dé neutre de l'attaquant*), so each role has its phrase as a whole in the catalog, in the
rulebook's words (docs/glossary.md: *attaquant*, *défenseur*, *tireur*, *cible*).

Examples
--------
>>> print(subject("attacker"), "|", die_of("shooter", "neutral"), "|", die_of("target", "defence", "Duke"))
The attacker | shooter's neutral die | target Duke's defence die
>>> print(subject("attacker").localized("fr"), "|", die_of("shooter", "neutral").localized("fr"))
L'attaquant | dé neutre du tireur
>>> print(die_of("target", "defence", "Duke").localized("fr"), "|", subject("defender").localized("fr"))
dé de défense de la cible Duke | Le défenseur
"""

from __future__ import annotations

from typing import Literal

from ..dice import check_die, is_face
from ..i18n import Message, message

__all__ = ["Role", "Die", "ROLES", "subject", "owner", "die_name", "die_of", "check_role_die"]

Role = Literal["attacker", "defender", "shooter", "target", "mover", "opponent"]
"""Who rolls: a clash's two sides (R-MELEE), a shot's (R-SHOOT), a disengage test's (R-DISENGAGE)."""

Die = Literal["neutral", "attack", "defence", "coloured", "lowered neutral"]
"""Which die of a side: the neutral die (``lowered neutral`` after R-NEUTRAL-DOWN) or a coloured one."""

ROLES: tuple[Role, ...] = ("attacker", "defender", "shooter", "target", "mover", "opponent")


def subject(role: Role, name: str | None = None) -> Message:
    """The role starting a sentence (``The attacker``, French ``L'attaquant``); a named target is ``The target Duke``.

    Raises
    ------
    KeyError
        For a role not in :data:`ROLES`.
    """
    if role == "target" and name is not None:
        return message("The target {name}", name=name)
    return {
        "attacker": message("The attacker"),
        "defender": message("The defender"),
        "shooter": message("The shooter"),
        "target": message("The target"),
        "mover": message("The mover"),
        "opponent": message("The opponent"),
    }[role]


def owner(role: Role, name: str | None = None) -> Message:
    """The role owning a die (``attacker's``; French ``de l'attaquant``, set after the die's name)."""
    if role == "target" and name is not None:
        return message("target {name}'s", name=name)
    return {
        "attacker": message("attacker's"),
        "defender": message("defender's"),
        "shooter": message("shooter's"),
        "target": message("target's"),
        "mover": message("mover's"),
        "opponent": message("opponent's"),
    }[role]


def die_name(die: Die) -> Message:
    """A die's name without an owner or article (``neutral die``, French ``dé neutre``)."""
    return {
        "neutral": message("neutral die"),
        "attack": message("attack die"),
        "defence": message("defence die"),
        "coloured": message("coloured die"),
        "lowered neutral": message("lowered neutral die"),
    }[die]


def die_of(role: Role, die: Die, name: str | None = None) -> Message:
    """A role's die without an article: ``shooter's neutral die`` (French ``dé neutre du tireur``)."""
    return message("{owner} {die}", owner=owner(role, name), die=die_name(die))


def check_role_die(value: int, role: Role, die: Die, name: str | None = None) -> int:
    """:func:`landsraad.dice.check_die` for a role's die, its name made only for the error (a shot checks four dice).

    Examples
    --------
    >>> check_role_die(11, "shooter", "attack")
    Traceback (most recent call last):
    ...
    landsraad.errors.DataError: The shooter's attack die must show a whole number from 1 to 10; got 11.
    """
    if is_face(value):
        return int(value)
    return check_die(value, die_of(role, die, name))
