"""Tournaments: an event's state, Swiss pairings, standings and the results page.

:mod:`.event` keeps the state (``DIR/event.json``, written atomically), :mod:`.swiss` pairs
rounds with a maximum-weight matching, :mod:`.standings` ranks the players and :mod:`.page`
renders one printable HTML page. The lists themselves are checked by
:mod:`landsraad.warband`; :mod:`.entries` gathers an event folder's lists into entrants.
"""

from .event import (
                    EVENT_FILE,
                    LISTS_DIR,
                    Entrant,
                    Event,
                    EventError,
                    Result,
                    Round,
                    Scoring,
                    Table,
                    drop_player,
                    find_player,
                    load_event,
                    new_event,
                    record_result,
                    register,
                    save_event,
                    set_round,
)
from .standings import STANDING_COLUMNS, Standing, standings
from .swiss import assign_sides, pair_round, shuffled, swiss_pairs

__all__ = [
    "EVENT_FILE", "LISTS_DIR", "Entrant", "Event", "EventError", "Result", "Round", "Scoring", "Table",
    "drop_player", "find_player", "load_event", "new_event", "record_result", "register", "save_event", "set_round",
    "STANDING_COLUMNS", "Standing", "standings", "assign_sides", "pair_round", "shuffled", "swiss_pairs",
]
