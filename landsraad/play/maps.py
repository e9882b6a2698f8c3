"""The table as a play session draws it (``map``): the SVG picture with every model's wound and fatigue.

:func:`play_map` draws the state's board with :func:`landsraad.svg.render_board` and marks on
each base what a player reads off the table at a glance (R-WOUND): a light wound as an orange
ring and the letter L, a grave wound as a black ring and the letter G, and one white dot per
fatigue token in a row across the base (a number past six). The panel's figures hold the
legend and one line per marked model, so the picture also reads in words.

Examples
--------
>>> from landsraad.play.drills import build_state, load_drill
>>> state = build_state(load_drill("occupation-positions"), seed=0)
>>> hurt = state.replace(models=tuple(m.replace(wound="grave", fatigue=2) if m.id == "red-soldier-1" else m
...                                   for m in state.models))
>>> svg = play_map(hurt, title="After 0 activation(s)")
>>> svg.count('class="wound grave"'), svg.count('class="fatigue"'), "red-soldier-1: grave wound, 2 fatigue" in svg
(1, 2, True)
"""

from __future__ import annotations

from ..engine import GameState
from ..i18n import N_, _
from ..svg import SCALE, render_board, table_to_svg

__all__ = ["play_map", "WOUND_MARKS", "state_lines"]

WOUND_MARKS = {"light": ("#f39c12", "L"), "grave": ("#17202a", "G")}
"""Wound level -> (ring colour, letter) drawn on the base (a scratch leaves no lasting wound, only fatigue)."""

_WOUNDS = {"light": N_("light wound"), "grave": N_("grave wound")}

_PIPS = 6
"""Fatigue tokens drawn one dot each; more are written as a number."""

LEGEND = N_("On the bases: orange ring and L = light wound (-1 Combat, Reflexes, Endurance); black ring and G = grave "
            "wound (-2, half Movement); white dots = fatigue tokens, one each.")
"""The map's legend (English; ``_(LEGEND)`` in the active language). L and G read the same in French: légère, grave."""


def state_lines(state: GameState) -> list[str]:
    """One line per model on the table with a wound or fatigue: ``red-soldier-1: grave wound, 2 fatigue``."""
    lines = []
    on_table = {b.id for b in state.board.bases}
    for m in state.models:
        if m.id not in on_table:
            continue
        parts = [_(_WOUNDS[m.wound])] if m.wound in WOUND_MARKS else []
        if m.fatigue:
            parts.append(_("{n} fatigue").format(n=m.fatigue))
        if parts:
            lines.append(_("{who}: {state}").format(who=m.id, state=", ".join(parts)))
    return lines


def play_map(state: GameState, *, title: str = "") -> str:
    """The table as an SVG document, each base marked with its wound and fatigue.

    Parameters
    ----------
    state
        The game as it stands.
    title
        The line above the table.

    Returns
    -------
    str
        A standalone SVG document (the same for the same state), legend in the side panel.
    """
    board = state.board
    lines = state_lines(state)
    notes = [_(LEGEND), *(lines or [_("No model is wounded or tired.")])]
    svg = render_board(board, title=title, notes=notes)
    marks = ['<g class="model-states">']
    on_table = {b.id: b for b in board.bases}
    for m in state.models:
        base = on_table.get(m.id)
        if base is None:
            continue
        x, y = table_to_svg(board, (base.x, base.y))
        r = base.diameter_mm / 20.0 * SCALE
        if m.wound in WOUND_MARKS:
            colour, letter = WOUND_MARKS[m.wound]
            # a white halo under the ring keeps it apart from the base's own colour
            marks.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{r + 3:.2f}" fill="none" stroke="#ffffff" stroke-width="7"/>')
            marks.append(f'<circle class="wound {m.wound}" cx="{x:.2f}" cy="{y:.2f}" r="{r + 3:.2f}" fill="none" '
                         f'stroke="{colour}" stroke-width="4"/>')
            marks.append(f'<text x="{x:.2f}" y="{y + r * 0.05:.2f}" text-anchor="middle" font-size="{max(10.0, r * 1.1):.1f}" '
                         f'font-weight="bold" fill="#ffffff" stroke="{colour}" stroke-width="1">{letter}</text>')
        if m.fatigue:
            dots = min(m.fatigue, _PIPS)
            step = min(6.5, 1.7 * r / max(dots, 1))
            left = x - step * (dots - 1) / 2
            cy = y + r * 0.6
            if m.fatigue > _PIPS:
                marks.append(f'<text class="fatigue" x="{x:.2f}" y="{cy + 3:.2f}" text-anchor="middle" font-size="9" '
                             f'font-weight="bold" fill="#ffffff" stroke="#000000" stroke-width="0.5">{m.fatigue}F</text>')
                continue
            for i in range(dots):
                marks.append(f'<circle class="fatigue" cx="{left + i * step:.2f}" cy="{cy:.2f}" r="{min(2.8, step / 2.1):.2f}" '
                             f'fill="#ffffff" stroke="#000000" stroke-width="0.8"/>')
    marks.append("</g>")
    head, _sep, tail = svg.rpartition("</svg>")
    return head + "\n".join(marks) + "\n</svg>" + tail
