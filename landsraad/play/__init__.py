"""Playing as a person (layer 5): what the terminal and the viewer share.

- :mod:`landsraad.play.answers`: typed lines into engine answers (numbers, names, ``x,y``,
  ``contact NAME``, ``toward NAME CM``, dice) or commands.
- :mod:`landsraad.play.hints`: exact odds next to shot and melee options (the dodge, the charge).
- :mod:`landsraad.play.matrix`: the stance matrix and the disengage odds.
- :mod:`landsraad.play.session`: the loop that asks a person the engine's decisions.
- :mod:`landsraad.play.terminal`: plain or rich terminals.
- :mod:`landsraad.play.drills`: mission drills and their score against par.
- :mod:`landsraad.play.review`: the person's costliest decisions, after a drill or a whole game.
- :mod:`landsraad.play.maps`: the ``map`` picture, wounds and fatigue on the bases.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_exports

_EXPORTS = {
    "InputProblem": "answers", "parse_answer": "answers", "parse_command": "answers",
    "Drill": "drills", "drill_game": "drills", "drill_over": "drills", "drill_score": "drills", "load_drill": "drills",
    "load_drills": "drills", "worst_decision": "drills",
    "play_map": "maps",
    "Advice": "review", "game_review": "review",
    "Session": "session", "SessionEnd": "session",
    "PlainTerminal": "terminal", "RichTerminal": "terminal",
}
"""Each public name and its submodule: loaded on first use, so that reading a mission card
(:mod:`landsraad.play.cards`) does not load the session and the engine behind it (issue 39)."""

__all__ = ["InputProblem", "parse_answer", "parse_command", "Drill", "drill_game", "drill_over", "drill_score", "load_drill",
           "load_drills", "worst_decision", "play_map", "Advice", "game_review", "Session", "SessionEnd", "PlainTerminal", "RichTerminal"]

if TYPE_CHECKING:  # the names' types, for checkers that cannot follow __getattr__ (tests/test_lazy.py keeps it equal to _EXPORTS)
    from .answers import InputProblem, parse_answer, parse_command
    from .drills import Drill, drill_game, drill_over, drill_score, load_drill, load_drills, worst_decision
    from .maps import play_map
    from .review import Advice, game_review
    from .session import Session, SessionEnd
    from .terminal import PlainTerminal, RichTerminal

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())
