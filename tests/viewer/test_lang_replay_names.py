"""The replay viewer in French names the models by their cards' French names (legend, labels, captions; issue 40):
``Spécialiste``, ``Soldat 2``, ``Ambassadeur``, not the English card names; English keeps them."""

from __future__ import annotations

import pytest

pytest.importorskip("pyglet", reason="the viewer needs pyglet (pip install '.[viewer]')")

from landsraad.engine.record import load_record  # noqa: E402
from landsraad.i18n import use_language  # noqa: E402
from landsraad.viewer.modes import ReplayMode  # noqa: E402
from landsraad.viewer.timeline import timeline_of  # noqa: E402
from tests.cli.langrun import landsraad  # noqa: E402


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("replay")
    assert landsraad(["demo", "--seed", "1", "--save", "d.json"], cwd=folder).returncode == 0
    return load_record(folder / "d.json")


def test_the_replay_names_the_models_in_french(record) -> None:
    with use_language("fr"):
        mode = ReplayMode(timeline_of(record, "d.json"), 30)
        cards, shown = set(mode.names().values()), set(mode.shown_names().values())
        captions = " ".join(line for f in mode.timeline.frames for line in f.lines)
    assert {"Spécialiste", "Soldat", "Guerrier", "Ambassadeur"} <= cards, cards
    assert not {"Specialist", "Soldier", "Warrior", "Ambassador"} & cards
    assert "Soldat 1" in shown and not any(s.startswith(("Soldier", "Specialist")) for s in shown)
    assert "Spécialiste " in captions and "Specialist " not in captions
    with use_language("en"):
        english = ReplayMode(timeline_of(record, "d.json"), 30)
        assert {"Specialist", "Soldier", "Ambassador"} <= set(english.names().values())
        assert any(s.startswith("Soldier") for s in english.shown_names().values())
