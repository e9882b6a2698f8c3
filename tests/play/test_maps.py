"""Tests of landsraad.play.maps: the play map marks every wound and fatigue token on the bases (issue 38)."""

import xml.etree.ElementTree as ET

from hypothesis import given, settings
from hypothesis import strategies as st

from landsraad.play.drills import build_state, load_drill
from landsraad.play.maps import LEGEND, play_map
from landsraad.svg import SCALE, table_to_svg

_SVG = "{http://www.w3.org/2000/svg}"
_STATE = build_state(load_drill("occupation-positions"), seed=0)
_IDS = [m.id for m in _STATE.models]


def _with(updates):
    return _STATE.replace(models=tuple(m.replace(**updates[m.id]) if m.id in updates else m for m in _STATE.models))


@settings(max_examples=25, deadline=None)
@given(st.dictionaries(st.sampled_from(_IDS), st.fixed_dictionaries({"wound": st.sampled_from(["none", "scratch", "light", "grave"]),
                                                                     "fatigue": st.integers(0, 6)})))
def test_every_wound_is_a_ring_and_every_fatigue_token_a_dot_on_its_base(updates):
    state = _with(updates)
    root = ET.fromstring(play_map(state))
    group = next(g for g in root.iter(f"{_SVG}g") if g.get("class") == "model-states")
    rings = [c for c in group.iter(f"{_SVG}circle") if (c.get("class") or "").startswith("wound")]
    dots = [c for c in group.iter(f"{_SVG}circle") if c.get("class") == "fatigue"]
    wounded = [m for m in state.models if m.wound in ("light", "grave")]
    assert sorted(c.get("class") for c in rings) == sorted(f"wound {m.wound}" for m in wounded)
    assert len(dots) == sum(m.fatigue for m in state.models)
    board = state.board
    for ring in rings:  # each ring is round a base of a model so wounded
        x, y = float(ring.get("cx")), float(ring.get("cy"))
        owner = [m for m in wounded if abs(table_to_svg(board, (m.x, m.y))[0] - x) < 0.01 and abs(table_to_svg(board, (m.x, m.y))[1] - y) < 0.01]
        assert owner and ring.get("class") == f"wound {owner[0].wound}"
    for dot in dots:  # each dot lies inside a tired model's base
        x, y = float(dot.get("cx")), float(dot.get("cy"))
        assert any(m.fatigue and ((table_to_svg(board, (m.x, m.y))[0] - x) ** 2 + (table_to_svg(board, (m.x, m.y))[1] - y) ** 2) ** 0.5
                   < m.base_mm / 20 * SCALE for m in state.models)


def test_the_panel_holds_the_legend_and_a_line_per_marked_model():
    svg = play_map(_with({"red-soldier-1": {"wound": "light", "fatigue": 3}}), title="After 2 activation(s)")
    text = " ".join("".join(t.itertext()) for t in ET.fromstring(svg).iter(f"{_SVG}text"))
    assert "orange ring and L = light wound" in text and "white dots = fatigue" in text
    assert "red-soldier-1: light wound, 3 fatigue" in text
    assert LEGEND.split(";")[0][:20] in text
    assert "No model is wounded or tired." in " ".join("".join(t.itertext()) for t in ET.fromstring(play_map(_STATE)).iter(f"{_SVG}text"))
