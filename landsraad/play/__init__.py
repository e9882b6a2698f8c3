"""Playing as a person (layer 5): what the terminal and the viewer share.

- :mod:`landsraad.play.answers`: typed lines into engine answers (numbers, names, ``x,y``,
  ``contact NAME``, ``toward NAME CM``, dice) or commands.
- :mod:`landsraad.play.hints`: exact odds next to shot and melee options.
- :mod:`landsraad.play.session`: the loop that asks a person the engine's decisions.
- :mod:`landsraad.play.terminal`: plain or rich terminals.
- :mod:`landsraad.play.drills`: mission drills, their score against par and the advice.
"""

from .answers import InputProblem, parse_answer, parse_command
from .drills import Drill, drill_game, drill_over, drill_score, load_drill, load_drills, worst_decision
from .session import Session, SessionEnd
from .terminal import PlainTerminal, RichTerminal

__all__ = ["InputProblem", "parse_answer", "parse_command", "Drill", "drill_game", "drill_over", "drill_score", "load_drill",
           "load_drills", "worst_decision", "Session", "SessionEnd", "PlainTerminal", "RichTerminal"]
