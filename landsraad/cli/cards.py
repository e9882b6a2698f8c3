"""The ``mission`` and ``missions`` commands: the mission cards, read without loading the engine.

They live apart from :mod:`landsraad.cli.play` so that reading a card costs what loading the cards
costs, not a game's start-up (issue 39's start-up budget; ``play`` and ``drill`` build games).
"""

from __future__ import annotations

import argparse

from ..errors import UnknownNameError, UsageError
from ..i18n import _, language
from ..missions import load_missions
from ..play.cards import find_mission, mission_card_text, mission_line, unknown_mission
from ..play.terminal import open_terminal


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``mission`` and ``missions`` to the command line's subparsers."""
    mission = sub.add_parser("mission", help=_("print a mission card in full"),
                             description=_("Print a mission card in full: set-up, special rules and actions, success, failure and "
                                         "its VP by rank. NAME is its id, its name or a unique beginning (such as prot)."))
    mission.add_argument("name", metavar=_("NAME"), help=_("the mission (see: landsraad missions)"))
    mission.set_defaults(func=_mission)
    missions = sub.add_parser("missions", help=_("list the mission cards: what each asks and its stakes by rank"),
                              description=_("List the mission cards with what each asks and its VP by rank; the full card: "
                                          "landsraad mission NAME."))
    missions.set_defaults(func=_missions)


def _mission(args: argparse.Namespace) -> int:
    try:
        card = find_mission(args.name)
    except UnknownNameError as err:
        raise UsageError(unknown_mission(err)) from None
    print(mission_card_text(card))
    return 0


def _missions(args: argparse.Namespace) -> int:
    term = open_terminal()
    cards = load_missions()
    term.table(_("{count} missions (the whole card: landsraad mission NAME)").format(count=len(cards)),
               (_("mission"), _("name"), _("what it asks, VP by rank")),
               [(c.id, c.name if language() == "en" else c.rulebook_name, mission_line(c)) for c in cards.values()])
    return 0
