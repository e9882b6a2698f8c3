"""``landsraad view``: the pyglet viewer (optional extra ``viewer``).

Opens a scene (YAML) in the table editor or a saved game (JSON) in the replay timeline, with
the adjudication overlays; ``--play`` plays a game against the computer in the window (the
options of ``landsraad play``). ``--screenshot FILE`` draws one frame into a PNG and exits. pyglet
and the viewer package are imported only here, when the command runs.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import sys
from pathlib import Path
from typing import Any, Literal

from ..errors import UsageError
from ..i18n import N_, _
from .game import seed_argument

__all__ = ["register", "parse_size", "display_problem"]

_NO_DISPLAY = N_("There is no display to open the viewer's window on; run it on a desktop, or under a virtual one: "
                 "xvfb-run -a landsraad view ... (or start `Xvfb :99 &` and set DISPLAY=:99).")


def register(sub: Any) -> None:
    p = sub.add_parser("view", help=_("open the pyglet viewer: edit a table, see every measurement, replay a game"),
                       description=_("Open a scene in the table editor, or a saved game in the replay timeline, "
                                   "in a top-down window with the adjudication overlays (needs pip install '.[viewer]')."))
    p.add_argument("file", nargs="?", help=_("a scene (YAML) or a saved game (JSON from demo --save); none: an empty table"))
    p.add_argument("--measure", nargs=2, metavar=("A", "B"), help=_("open with shooter A and target B selected"))
    p.add_argument("--reach", metavar=_("MODEL"), help=_("open with MODEL selected: its reach region and moves"))
    p.add_argument("--weapon", type=float, metavar="CM", help=_("the weapon range for the range band (10, 15, 20 or 30)"))
    p.add_argument("--blast", metavar="X,Y", help=_("open with a 5 cm blast template at X,Y"))
    p.add_argument("--at", type=int, metavar="N", help=_("saved game: open after activation N"))
    p.add_argument("--hover", metavar=_("MODEL"), help=_("open with the pointer on MODEL: its hover card shows (for --screenshot)"))
    p.add_argument("--screenshot", metavar=_("FILE"), help=_("draw one frame into this PNG and exit"))
    p.add_argument("--size", metavar=_("WxH"), help=_("window size in pixels (default: most of the screen; 1100x760 for --screenshot)"))
    p.add_argument("--stage", choices=("setup", "play"), help=_("setup: warn about set-up rules (R-TERRAIN, R-DEPLOY); play: a mid-game "
                   "table, no set-up warnings (default: setup for a scene, play for a saved game)"))
    p.add_argument("--recover", action="store_true", help=_("take back the unsaved table an earlier window left in its autosave, "
                   "without asking"))
    p.add_argument("--out", metavar=_("FILE"), help=_("where Ctrl+S saves the scene (default: the scene opened, else landsraad-scene.yaml)"))
    p.add_argument("--list", action="append", default=[], metavar=_("FILE"), help=_("a warband list whose models L adds (repeatable)"))
    p.add_argument("--snap", action="store_true", help=_("start with snapping to 0.5 cm on"))
    play = p.add_argument_group(_("play in the window (the options of landsraad play)"))
    play.add_argument("--play", action="store_true", help=_("play a game against the computer in the window"))
    play.add_argument("--red", default="corrino", help=_("red's warband: a list file or a bundled faction id (default: corrino)"))
    play.add_argument("--blue", default="fremen", help=_("blue's warband (default: fremen)"))
    play.add_argument("--human", choices=("red", "blue", "both"), help=_("the side(s) you play (default: red)"))
    play.add_argument("--opponent", help=_("the computer player (default: landsraad play's, a search level answering within a second)"))
    play.add_argument("--dice", choices=("digital", "physical"), help=_("digital: the program rolls; physical: type the dice you rolled"))
    play.add_argument("--seed", type=seed_argument, default=1, help=_("the game's seed (default: 1)"))
    play.add_argument("--save", help=_("where Ctrl+S saves the game (default: landsraad-play.json)"))
    play.add_argument("--resume", help=_("go on with a game saved by Ctrl+S or landsraad play --save (implies --play)"))
    p.set_defaults(func=_view)


def parse_size(text: str) -> tuple[int, int]:
    """``"1100x760"`` -> (1100, 760); a :class:`UsageError` otherwise.

    >>> parse_size("800x600")
    (800, 600)
    >>> parse_size("big")
    Traceback (most recent call last):
    ...
    landsraad.errors.UsageError: --size takes WIDTHxHEIGHT in pixels, each 400 to 8000, such as 1100x760; got 'big'.
    """
    m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", text)
    if not m or not all(400 <= int(v) <= 8000 for v in m.groups()):
        raise UsageError(_("--size takes WIDTHxHEIGHT in pixels, each 400 to 8000, such as 1100x760; got {text}.").format(text=repr(text)))
    return int(m.group(1)), int(m.group(2))


def display_problem(environ: dict[str, str] | None = None, platform: str | None = None) -> str | None:
    """Why no window can open here (one sentence), or None when a display may exist.

    >>> display_problem({}, "linux") is not None, display_problem({"DISPLAY": ":0"}, "linux")
    (True, None)
    """
    env = os.environ if environ is None else environ
    plat = sys.platform if platform is None else platform
    if plat.startswith("linux") and not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        return _(_NO_DISPLAY)
    return None


def _point(text: str, what: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise UsageError(_("{option} takes X,Y in cm such as 30,30; got {text}.").format(option=what, text=repr(text))) from None
    return (x, y)


def _view(args: argparse.Namespace) -> int:
    from ..fileio import check_output_path

    size = parse_size(args.size) if args.size else None
    blast = _point(args.blast, "--blast") if args.blast else None
    if args.screenshot:
        check_output_path(args.screenshot, what="--screenshot")
    if args.out:
        check_output_path(args.out, what="--out")
    if args.save:
        check_output_path(args.save, what="--save")
    mode, save_path = _open_play(args) if args.play or args.resume else _open(args)
    from ..viewer.overlays import WEAPON_RANGES

    _check_names(mode.board, args, WEAPON_RANGES)
    lists = [_load_list(p) for p in args.list]
    problem = display_problem()
    if problem:
        raise UsageError(problem)
    if importlib.util.find_spec("pyglet") is None:
        raise UsageError(_("The viewer needs pyglet: pip install 'landsraad[viewer]' (or pip install '.[viewer]' from the repository)."))

    import pyglet

    pyglet.options["shadow_window"] = False
    from pyglet.window import NoSuchDisplayException

    no_display: tuple[type[Exception], ...] = (NoSuchDisplayException,)
    try:  # the X11 back end raises its own class
        from pyglet.display.xlib import NoSuchDisplayException as XlibNoDisplay

        no_display += (XlibNoDisplay,)
    except ImportError:  # pragma: no cover - not on X11
        pass

    from ..viewer.app import Viewer
    from ..viewer.modes import EditMode

    try:
        width, height = size or ((1100, 760) if args.screenshot else _screen_size(pyglet))
        window = pyglet.window.Window(width, height, caption="landsraad", resizable=True, visible=not args.screenshot)
    except no_display:
        raise UsageError(_(_NO_DISPLAY)) from None
    # a screenshot shows the person's decision: the computer answers its turns at once
    viewer = Viewer(window, mode, save_path=save_path, computer_delay=None if args.screenshot else 0.6)
    viewer.palette.lists = lists
    _preselect(viewer, args, blast, WEAPON_RANGES)
    if args.recover and isinstance(mode, EditMode) and mode.offer is not None:
        viewer.status = mode.answer_offer(True)
    if args.screenshot:
        viewer.screenshot(args.screenshot)
        window.close()
        print(_("Screenshot written to {path}").format(path=args.screenshot))
        return 0
    pyglet.app.run()
    autosave = getattr(mode, "autosave", None)
    where = getattr(autosave, "path", autosave)
    if where is not None and Path(where).is_file():
        print(_("The last state is autosaved in {path}.").format(path=where), file=sys.stderr)
    return 0


def _screen_size(pyglet: Any) -> tuple[int, int]:
    """Most of the screen (85 %), never under 900 x 640: the table scales, the panel stays readable."""
    screen = pyglet.display.get_display().get_default_screen()
    return max(900, int(screen.width * 0.85)), max(640, int(screen.height * 0.85))


def _open(args: argparse.Namespace) -> tuple[Any, Path | None]:
    from ..scene import Scene
    from ..viewer.autosave import autosave_path
    from ..viewer.modes import EditMode, ReplayMode

    stage: Literal["setup", "play"] = "play" if args.stage == "play" else "setup"
    if args.file is None:
        if args.at is not None:
            raise UsageError(_("--at needs a saved game to open."))
        out = Path(args.out) if args.out else None
        return EditMode(Scene(), None, snap=args.snap, stage=stage, autosave=autosave_path(out, ".yaml")), out
    path = Path(args.file)
    if not path.is_file():
        raise UsageError(_("There is no file {path}; give a scene (YAML) or a saved game (JSON).").format(path=repr(args.file)))
    if path.suffix.lower() == ".json" and _is_record(path):
        from ..viewer.timeline import load_timeline

        timeline = load_timeline(path)
        index = timeline.at_activation(args.at) if args.at is not None else 0
        return ReplayMode(timeline, index), None
    if args.at is not None:
        raise UsageError(_("--at opens a saved game at an activation; {path} is a scene.").format(path=args.file))
    from ..viewer.editor import open_scene

    out = Path(args.out) if args.out else path
    return EditMode(open_scene(path), str(path), snap=args.snap, stage=stage, autosave=autosave_path(out, ".yaml")), out


def _open_play(args: argparse.Namespace) -> tuple[Any, None]:
    from ..play.session import Session
    from ..viewer.playing import PlayMode, Transcript
    from .play import open_session

    if args.file is not None or args.at is not None:
        raise UsageError(_("--play starts a game (or --resume goes on with one); it opens no scene file and takes no --at."))
    session: Session
    from ..viewer.autosave import autosave_path

    session, _unused = open_session(argparse.Namespace(**{**vars(args), "drill": None, "map": "landsraad-play.svg"}), Transcript())
    target = Path(args.save) if args.save else None
    return PlayMode(session, autosave=autosave_path(target, ".json", "play")), None


def _is_record(path: Path) -> bool:
    import json

    from ..content import read_text
    from ..errors import DataError

    try:
        data = json.loads(read_text(path))  # bounded: the file named may be anything (/dev/zero)
    except (DataError, ValueError, RecursionError):
        return False
    return isinstance(data, dict) and "answers" in data and "log" in data


def _load_list(path: str) -> Any:
    from ..content import read_document, validate_data
    from ..warband import WarbandList

    return validate_data(WarbandList, read_document(path))


def _check_names(board: Any, args: argparse.Namespace, ranges: tuple[Any, ...]) -> None:
    for name in ([*args.measure] if args.measure else []) + ([args.reach] if args.reach else []) + ([args.hover] if args.hover else []):
        if not board.has_base(name):
            ids = ", ".join(b.id for b in board.bases) or _("(none)")
            raise UsageError(_("There is no model {name} on this table; the models are: {ids}.").format(name=repr(name), ids=ids))
    if args.weapon is not None:
        if args.weapon not in ranges:
            raise UsageError(_("--weapon takes one of {ranges} cm; got {weapon}.").format(
                ranges=", ".join(f"{r:g}" for r in ranges if r), weapon=f"{args.weapon:g}"))


def _preselect(viewer: Any, args: argparse.Namespace, blast: tuple[float, float] | None, ranges: tuple[Any, ...]) -> None:
    if args.weapon is not None:
        viewer.sel.weapon = ranges.index(args.weapon)
    if args.measure:
        viewer.sel.model, viewer.sel.target = args.measure
    elif args.reach:
        viewer.sel.model = args.reach
    if blast is not None:
        viewer.sel.blast = True
        viewer.pointer_px = viewer.camera.to_screen(*blast)
    if args.hover:
        viewer.pointer_px = viewer.camera.to_screen(*viewer.mode.board.base(args.hover).center)
        viewer.still_since = float("-inf")  # resting there already: the card shows in the first frame
