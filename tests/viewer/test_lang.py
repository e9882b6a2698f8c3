"""The viewer in French (issue 40): the real window under X, the panel, keys help, overlays and
status lines in the rulebook's words, and ``landsraad --lang fr view --screenshot`` as a person runs it.

The French screenshot was looked at (PNG) when this test was written: the panel, the hover card,
the legend and the pointer line read in French, the table is the English one's.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any, Iterator

import pytest

pyglet = pytest.importorskip("pyglet", reason="the viewer needs pyglet (pip install '.[viewer]')")

from landsraad.content import data_dir  # noqa: E402
from landsraad.i18n import use_language  # noqa: E402
from landsraad.scene import load_scene  # noqa: E402
from landsraad.viewer.modes import EditMode, ReplayMode  # noqa: E402
from landsraad.viewer.timeline import Frame, Timeline  # noqa: E402
from tests import warm  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = data_dir("scenes") / "reference.yaml"


@pytest.fixture
def french() -> Iterator[None]:
    with use_language("fr"):
        yield


def _frame(v: Any) -> None:
    v.window.switch_to()
    v.window.dispatch_events()
    v.on_draw()


def test_the_editor_panel_keys_help_and_sight_in_french(window: Any, french: None, tmp_path: Path) -> None:
    from pyglet.window import key

    from landsraad.viewer.app import Viewer

    v = Viewer(window, EditMode(load_scene(REFERENCE), str(REFERENCE)))
    try:
        v.show_help = True
        v.sel.model, v.sel.target = "red-1", "blue-1"
        _frame(v)
        text = "\n".join(v.panel_lines())
        for words in ("reference - éditeur de table",
                      "Cliquez sur une figurine : zone atteignable et mouvements ; puis sur une autre : tireur -> cible.",
                      "Faites glisser figurines et décors.", "Aimant au 0,5 cm : non (G)",
                      "red-1 -> blue-1 : 25,2 cm de socle à socle.",
                      "Ligne de vue : oui ; 38\u202f% de la silhouette cachée : petit couvert (+2).", "Cachée par : figurine red-6.",
                      "Ennemie la plus proche en vue : blue-1 (la cible est la plus proche ; RUL-08).",
                      "Déplacer l'une ou l'autre figurine de 0,5 cm dans n'importe quel sens ne change rien."):
            assert words in text, words
        assert "edge to edge" not in text and "Line of sight" not in text
        v.show_help = False
        _send_key(v, key.Z, key.MOD_CTRL)
        assert v.status == "Rien à annuler."
        shot = tmp_path / "fr.png"
        v.screenshot(shot)
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert "H : touches" in v.panel_lines()
    finally:
        v.detach()


def _send_key(v: Any, symbol: int, modifiers: int) -> None:
    v.window.dispatch_event("on_key_press", symbol, modifiers)
    v.window.dispatch_events()


def test_the_replay_panel_in_french(window: Any, french: None) -> None:
    from landsraad.geometry.board import Base, Board
    from landsraad.viewer.app import Viewer

    frames = tuple(Frame(i, i, i, Board(bases=(Base("red-1", 5 + 5 * i, 10, 30, side="red"),)), (f"step {i}",)) for i in range(3))
    v = Viewer(window, ReplayMode(Timeline(frames, "game.json"), 1))
    try:
        _frame(v)
        lines = v.panel_lines()
        assert lines[0] == "game.json - étape 2/3, activation 1"
        assert "Étape 2 sur 3, après l'activation 1 (événement 1)." in lines
        assert "Gauche/Droite : une étape ; PgPréc/PgSuiv : 10 étapes ; Début/Fin ; faites glisser le curseur." in lines
    finally:
        v.detach()


def test_a_new_timeline_redraws_the_step_even_at_the_same_index() -> None:
    """The step layer's key is the timeline's own serial number, not an ``id()`` a new object may reuse."""
    board = Board_()
    a, b = Timeline((Frame(0, 0, 0, board, ()),), "a.json"), Timeline((Frame(0, 0, 0, board, ()),), "a.json")
    assert a == b and a.serial != b.serial


def Board_() -> Any:
    from landsraad.geometry.board import Board

    return Board()


def _view(args: list[str], display: str, tmp: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "DISPLAY": display, "PYTHONPATH": str(ROOT), "LANDSRAAD_DATA_DIR": str(tmp / "data")}
    env.pop("LC_ALL", None)
    proc = warm.run(args, text=True, cwd=ROOT, timeout=300, env=env)
    assert "Traceback" not in proc.stderr, proc.stderr
    return proc


def test_view_lang_fr_screenshot_the_real_command(x_display: str, tmp_path: Path) -> None:
    """``landsraad --lang fr view`` draws the same table as in English, with a French panel."""
    fr, en = tmp_path / "fr.png", tmp_path / "en.png"
    said = _view(["--lang", "fr", "view", "scenes/reference.yaml", "--hover", "red-1", "--screenshot", str(fr)], x_display, tmp_path)
    assert said.returncode == 0 and said.stdout == f"Capture d'écran écrite dans {fr}\n"
    said = _view(["--lang", "en", "view", "scenes/reference.yaml", "--hover", "red-1", "--screenshot", str(en)], x_display, tmp_path)
    assert said.returncode == 0 and said.stdout == f"Screenshot written to {en}\n"
    a, b = pyglet.image.load(str(fr)), pyglet.image.load(str(en))
    assert (a.width, a.height) == (b.width, b.height) == (1100, 760)
    pa, pb = a.get_image_data().get_data("RGBA", a.width * 4), b.get_image_data().get_data("RGBA", b.width * 4)
    panel_x = a.width - 340

    def changed(x0: int, x1: int) -> float:
        """The share of pixels that differ between the two pictures in columns x0 to x1."""
        n = sum(pa[(y * a.width + x) * 4:(y * a.width + x) * 4 + 3] != pb[(y * a.width + x) * 4:(y * a.width + x) * 4 + 3]
                for y in range(0, a.height, 2) for x in range(x0, x1, 2))
        return n / ((a.height // 2) * ((x1 - x0) // 2))

    # the panel is another text; the table is the same but for the words on it (a terrain piece's
    # kind, the pointer line, the hover card)
    assert changed(panel_x, a.width) > 0.02
    assert changed(0, panel_x - 20) < 0.02


def test_view_errors_in_french(tmp_path: Path) -> None:
    proc = warm.run(["--lang", "fr", "view", "scenes/reference.yaml", "--measure", "red-1", "nobody", "--screenshot", str(tmp_path / "x.png")], text=True, cwd=ROOT, timeout=300, env={**os.environ, "PYTHONPATH": str(ROOT), "LANDSRAAD_DATA_DIR": str(tmp_path)})
    assert proc.returncode == 2
    assert proc.stderr.startswith("landsraad : erreur : Il n'y a pas de figurine 'nobody' sur cette table ; les figurines sont : red-1,")
