"""Tournaments: an event's state, Swiss pairings, standings, the results page, round sheets and the flat export.

:mod:`.event` keeps the state and settings (``DIR/event.json``, written atomically under a
file lock), :mod:`.swiss` pairs rounds with a maximum-weight matching (and explains it),
:mod:`.standings` ranks the players by the event's tie-breakers, :mod:`.page` renders the
printable results page, :mod:`.sheets` a round's pairing sheet and result slips, and
:mod:`.export` the TRF-like text export. The lists themselves are checked by
:mod:`landsraad.warband`; :mod:`.entries` gathers an event folder's lists into entrants.
"""

from .event import (
                    EVENT_FILE,
                    LISTS_DIR,
                    TIEBREAKERS,
                    Affiliation,
                    Entrant,
                    Event,
                    EventError,
                    Layout,
                    Result,
                    Round,
                    Scoring,
                    Seat,
                    Table,
                    add_entrant,
                    configure,
                    drop_player,
                    event_lock,
                    find_player,
                    load_event,
                    new_event,
                    record_result,
                    register,
                    save_event,
                    set_round,
)
from .standings import STANDING_COLUMNS, Separation, Standing, separations, standings
from .swiss import RoundPlan, assign_sides, check_round, pair_round, plan_round, shuffled, swap_tables, swiss_pairs

__all__ = [
    "EVENT_FILE", "LISTS_DIR", "TIEBREAKERS", "Affiliation", "Entrant", "Event", "EventError", "Layout", "Result", "Round",
    "Scoring", "Seat", "Table", "add_entrant", "configure", "drop_player", "event_lock", "find_player", "load_event",
    "new_event", "record_result", "register", "save_event", "set_round",
    "STANDING_COLUMNS", "Separation", "Standing", "separations", "standings",
    "RoundPlan", "assign_sides", "check_round", "pair_round", "plan_round", "shuffled", "swap_tables", "swiss_pairs",
]
