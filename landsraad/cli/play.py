"""``landsraad play`` and ``landsraad drill``: a person against the computer, or two at one terminal.

- ``play``: a whole game (on the bundled demo table) or a mission drill (``--drill NAME``),
  asked decision by decision (:mod:`landsraad.play.session`); ``--save`` keeps it (also at the
  end of input), ``--resume`` goes on with a saved one; at the end of a whole game a review of
  the person's costliest decisions is offered (``--review``: without asking). The exit status is 1 when ``--save``
  was given and the game could not be saved at the end (the previous file is then unchanged).
- ``drill list``: the bundled drills, their missions and par.
- ``mission NAME``: a mission card in full; ``missions``: every card in one line.

When stdin and stdout are a terminal the session uses colours, tables and line editing;
otherwise it reads answers line by line and prints plain text, so sessions can be scripted.
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from typing import Mapping

from tqdm import tqdm

from ..content import data_dir
from ..engine import Game, Player, SetupOptions, new_game
from ..engine.decisions import Answer
from ..engine.record import load_record
from ..errors import DataError, LandsraadError, Problem, UsageError, truncate
from ..fileio import check_output_path
from ..i18n import N_, _, language
from ..missions import card_name, load_missions
from ..play.drills import Drill, costliest_decisions, drill_game, drill_over, drill_score, load_drill, load_drills, opponent_kind
from ..play.review import candidates, costliest, game_over, side_vp, spread
from ..play.session import DRILL_DECISIVE, Session, advisor, resume, side_name
from ..play.terminal import Terminal, open_terminal
from ..players import DEFAULT_OPPONENT, PLAYER_KINDS, make_player
from ..scene import load_scene
from ..search import SearchPlayer
from ..search.explain import explain_search
from .game import check_warband_argument, seed_argument

__all__ = ["register", "open_session", "REVIEW_LIMIT", "REVIEW_SEEDS"]

REVIEW_LIMIT = 8
"""A whole game's review plays out at most this many decisions (spread over the game), each both ways."""
REVIEW_SEEDS = (11, 12)
"""The review's playout seeds (the same for both versions of a decision, so the dice cancel)."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    kinds = "|".join(PLAYER_KINDS)
    play = sub.add_parser("play", help=_("play against the computer (or hot seat) in the terminal; mission drills"),
                          description=_("Play a game, or a mission drill, against the computer at the terminal. Type 'help' at any "
                                        "prompt. Reads answers line by line when stdin is not a terminal."))
    play.add_argument("--red", default="corrino", help=_("red's warband: a list file or a bundled faction id (default: corrino)"))
    play.add_argument("--blue", default="fremen", help=_("blue's warband (default: fremen)"))
    play.add_argument("--human", choices=("red", "blue", "both"), help=_("the side(s) you play (default: red; a drill says)"))
    play.add_argument("--opponent", help=_("the computer player: {kinds} (search takes :LEVEL, a level or a time budget such as "
                                           "search:2s; default: {default})").format(kinds=kinds, default=DEFAULT_OPPONENT))
    play.add_argument("--explain", action="store_true", help=_("say beside each searched move of the computer why: its top "
                                                               "candidates, their expected VP and rollouts"))
    play.add_argument("--dice", choices=("digital", "physical"), help=_("digital: the program rolls; physical: it asks for the dice "
                                                                        "you rolled (default: digital)"))
    play.add_argument("--seed", type=seed_argument, default=1, help=_("the game's seed (default: 1)"))
    play.add_argument("--save", help=_("save the game here with 'save' and at the end of input (JSON, written atomically)"))
    play.add_argument("--resume", help=_("go on with a game saved by --save"))
    play.add_argument("--drill", help=_("play a mission drill (see: landsraad drill list)"))
    play.add_argument("--defaults", action="store_true", help=_("in a drill, Enter takes the computer's answer at every "
                                                                 "question (by default a drill's decisive questions have none)"))
    play.add_argument("--map", default="landsraad-play.svg", help=_("where 'map' draws the table (default: landsraad-play.svg)"))
    play.add_argument("--review", action="store_true", help=_("at the end of a whole game, review your three costliest decisions "
                                                               "without asking (a drill always reviews them)"))
    play.set_defaults(func=_play)

    drill = sub.add_parser("drill", help=_("mission drills: short scenarios to practise one mission"),
                           description=_("Mission drills: short bundled scenarios; play one with landsraad play --drill NAME."))
    drill_sub = drill.add_subparsers(dest="drill_command", metavar=_("SUBCOMMAND"))
    listing = drill_sub.add_parser("list", help=_("list the bundled drills"))
    listing.set_defaults(func=_drill_list)
    drill.set_defaults(func=_drill_list)



def _opponent(kind: str, seed: int, side: str) -> Player:
    if kind.split(":", 1)[0] not in PLAYER_KINDS:
        raise UsageError(_("--opponent takes {kinds}; got {kind}.").format(kinds=", ".join(PLAYER_KINDS), kind=repr(kind[:60])))
    try:
        return make_player(kind, seed * 2 + (1 if side == "red" else 2))
    except LandsraadError as err:
        raise UsageError(_("--opponent {kind}: {reason}").format(kind=repr(kind[:60]), reason=err)) from None


def _play(args: argparse.Namespace) -> int:
    if args.save:
        check_output_path(args.save, what="--save")
    term = open_terminal()
    session, drill = open_session(args, term)
    end = session.run()
    saved = end.saved_to
    if end.how == "over":
        if drill is not None:
            _drill_report(term, drill, session)
        else:
            _summary(term, session.game)
        if args.save:
            saved = session.save(args.save)
        if drill is None and session.human_decisions and _wants_review(term, bool(getattr(args, "review", False))):
            _game_review(term, session)
    # The session has said in one sentence why the last save failed; the status says it too.
    return 1 if args.save and saved is None else 0


def open_session(args: argparse.Namespace, term: Terminal) -> tuple[Session, Drill | None]:
    """The session the play options ask for (new, resumed or a drill's), shared by ``play`` and ``view --play``.

    ``args`` has the ``play`` command's options (red, blue, human, opponent, dice, seed, save,
    resume, drill, map).

    Raises
    ------
    UsageError
        A bad ``--opponent``.
    LandsraadError
        A list, drill or saved game that cannot be read.
    """
    drill: Drill | None = None
    if args.resume:
        record = load_record(args.resume)
        source = truncate(str(args.resume), 200)
        if record.result is not None:  # said at once: replaying a finished game only to stop would take a while
            raise DataError([Problem(source, "result", _("This game is over ({result}); there is nothing to resume. Replay it with: "
                                                         "landsraad replay {path}").format(result=_result_words(record.result),
                                                                                           path=truncate(str(args.resume), 200)))])
        saved = dict(record.players)
        if saved.get("drill"):
            try:
                drill = load_drill(saved["drill"])
            except LandsraadError as err:  # the drill is named by the saved game: say so
                raise DataError([Problem(source, "players.drill", _("The saved game's drill cannot be opened: {reason}").format(
                    reason=str(err)[:300]))]) from None
        humans = _humans(args.human or _saved_humans(saved))
        opponent = args.opponent or next((v for k, v in saved.items() if k in ("red", "blue") and v != "human"), DEFAULT_OPPONENT)
        seed = int(record.seed or 0)
        if not 0 <= seed < 2**63:  # it seeds the computer players
            raise DataError([Problem(source, "seed", _("The saved game's seed {seed} is not a whole number from 0 to 2**63 - 1.").format(
                seed=seed))])
        if not args.opponent:  # the computer player named by the saved game
            try:
                _opponent(opponent, seed, "red")
            except UsageError:
                raise DataError([Problem(source, "players", _("The saved game names the unknown computer player {kind}; choose one "
                                                              "with --opponent.").format(kind=repr(opponent[:60])))]) from None
        opponents = {side: _opponent(opponent, seed, side) for side in ("red", "blue") if side not in humans}
        advisors = {side: advisor(seed, side) for side in humans}
        earlier: list[tuple[Game, Answer]] = []
        game = resume(record, {**opponents, **advisors}, source=str(args.resume)[:200], decisions=earlier, humans=frozenset(humans))
        term.say(_("Resuming {path}: {count} answer(s) played again.").format(path=args.resume, count=len(game.answers)), "info")
    else:
        if args.drill:
            drill = load_drill(args.drill)
            humans = _humans(args.human or drill.human)
            opponent = args.opponent or _drill_opponent(drill, term)
            game = drill_game(drill, seed=args.seed, dice=args.dice or "digital")
        else:
            humans = _humans(args.human or "red")
            opponent = args.opponent or DEFAULT_OPPONENT
            check_warband_argument(args.red, "--red")
            check_warband_argument(args.blue, "--blue")
            game = new_game(args.red, args.blue, seed=args.seed, dice=args.dice or "digital", setup=_demo_table())
        seed = args.seed
        opponents = {side: _opponent(opponent, seed, side) for side in ("red", "blue") if side not in humans}
        advisors = {}
        earlier = []
    if not opponents:
        _opponent(opponent, seed, "red")  # still reject a bad --opponent in hot seat
    for side, computer in opponents.items() if getattr(args, "explain", False) else ():
        if isinstance(computer, SearchPlayer):
            computer.explain = lambda stats, view, side=side: term.say(_("Why: ") + explain_search(stats, view, side), "info")
    players = {side: ("human" if side in humans else opponent) for side in ("red", "blue")}
    if args.resume and saved.get("questions"):
        players["questions"] = saved["questions"]
    if drill is not None:
        players["drill"] = drill.id
    _header(term, game, players, drill)
    session = Session(game=game, terminal=term, humans=frozenset(humans), opponents=opponents, seed=seed, save_path=args.save,
                      players=players, advisors=advisors, stop=(lambda g: drill_over(drill, g)) if drill is not None else None,
                      ask_computer_dice=game.dice_mode == "physical", map_path=args.map,
                      decisive=DRILL_DECISIVE if drill is not None and not getattr(args, "defaults", False) else frozenset(),
                      human_decisions=earlier)
    if args.resume:
        session.printed = len(game.log)  # told before the save
        term.say(_("Where the game stands:"), "info")
        session.say_recap()
        session.questions = int(saved.get("questions", "0")) if saved.get("questions", "0").isdigit() else 0
    return session, drill


def _result_words(result: Mapping[str, object]) -> str:
    """``red wins 12-8`` from a recorded result (whatever its values, in bounded words)."""
    saved_vp = result.get("vp")
    vp = saved_vp if isinstance(saved_vp, dict) else {}
    score = f" {truncate(vp.get('red'), 10)}-{truncate(vp.get('blue'), 10)}" if vp else ""
    winner = result.get("winner")
    if winner == "draw":
        return _("a draw{score}").format(score=score)
    return _("{winner} wins{score}").format(winner=side_name(winner) if isinstance(winner, str) else truncate(winner, 10), score=score)


def _humans(spec: str) -> tuple[str, ...]:
    return ("red", "blue") if spec == "both" else (spec,)


def _saved_humans(saved: dict[str, str]) -> str:
    sides = [s for s in ("red", "blue") if saved.get(s) == "human"]
    return "both" if len(sides) == 2 else (sides[0] if sides else "red")


def _drill_opponent(drill: Drill, term: Terminal) -> str:
    kind = opponent_kind(drill)
    if kind.split(":", 1)[0] in PLAYER_KINDS:
        return kind
    term.say(_("This drill's opponent ({kind}) is not available in this version; the heuristic player stands in.").format(kind=kind),
             "info")
    return "heuristic"


def _demo_table() -> SetupOptions:
    return SetupOptions(scene=load_scene(data_dir("scenes") / "demo.yaml"))


def _header(term: Terminal, game: Game, players: dict[str, str], drill: Drill | None) -> None:
    red, blue = game.state.side_state("red"), game.state.side_state("blue")
    term.say(_("Red: {red} ({red_player})  -  Blue: {blue} ({blue_player})  -  {dice} dice. Type help at any prompt.").format(
        red=red.faction, red_player=_player(players["red"]), blue=blue.faction, blue_player=_player(players["blue"]),
        dice=_(_DICE[game.dice_mode]) if game.dice_mode in _DICE else game.dice_mode), "title")
    if drill is not None:
        term.say(_("Drill: {title}. {description}").format(title=drill.shown_title(), description=drill.shown_description()).strip(), "title")
        term.say(_("Goal: {goal} Par: {par} VP. The drill ends after {activations} activations.").format(
            goal=drill.shown_goal(), par=drill.par, activations=drill.activations), "info")


_DICE = {"digital": N_("digital"), "physical": N_("physical")}
_OUTCOMES = {"success": N_("success"), "failure": N_("failure"), "neither": N_("neither")}


def _player(kind: str) -> str:
    """Who plays a side, as the header says it: ``human`` in the language, a computer player by its kind."""
    return _("human") if kind == "human" else kind


def _outcome(word: str) -> str:
    return _(_OUTCOMES[word]) if word in _OUTCOMES else word


def _summary(term: Terminal, game: Game) -> None:
    r = game.final_result()
    rows = []
    for side in ("red", "blue"):
        sheet = r.sheets[side]
        missions = _("; ").join(
            f"{card_name(line.name)} {_outcome('success' if line.succeeded else 'failure' if line.succeeded is False else 'neither')} "
            f"{line.points:+d}" for line in getattr(sheet, "lines", ()) or ())
        rows.append((side_name(side), game.state.side_state(side).faction, str(r.vp[side]), missions))
    term.table(_("Result: ") + (_("a draw.") if r.winner == "draw" else _("{winner} wins.").format(winner=side_name(r.winner))),
               (_("side"), _("faction"), _("VP"), _("missions")), rows)


def _drill_report(term: Terminal, drill: Drill, session: Session) -> None:
    result = drill_score(drill, session.game.state)
    term.table(_("Drill {drill}: {verdict}").format(drill=drill.id, verdict=result.verdict), (_("mission"), _("outcome"), _("VP")),
               [(card_name(name), _outcome(outcome), f"{points:+d}") for name, outcome, points in result.outcomes])
    if not session.human_decisions:
        return
    term.say(_("Playing your decisions again with the computer's choices..."), "info")
    found = costliest_decisions(drill, session.human_decisions, count=3)
    if not found:
        term.say(_("The computer would not have done better at any of your decisions."), "info")
    else:
        term.say(_("Your {count} costliest decision(s), with what the computer would have done:").format(count=len(found)), "info")
        for advice in found:
            term.say("  " + advice.line(), "info")


def _wants_review(term: Terminal, asked: bool) -> bool:
    """``--review``, or ``review`` typed at the question asked at the end of a whole game."""
    if asked:
        return True
    line = term.read(_("Type review for your three costliest decisions and what the computer would have done (it plays the "
                       "game out again, about a minute), or press Enter to leave: "))
    return line is not None and line.strip().lower() in ("review", "revue", "r", "bilan", "analyse")


def _game_review(term: Terminal, session: Session) -> None:
    """A whole game's review, each human side's own (R-MISSIONS VP at the game's end, :mod:`landsraad.play.review`)."""
    for side in sorted(session.humans):
        decisions = [(before, answer) for before, answer in session.human_decisions
                     if before.decision is not None and before.decision.side == side]
        found = spread(list(candidates(decisions)), REVIEW_LIMIT)
        who = f"{side_name(side)}: " if len(session.humans) > 1 else ""
        if not found:
            term.say(who + _("The computer would have answered each of your {count} decisions as you did.").format(count=len(decisions)),
                     "info")
            continue
        term.say(who + _("Playing {count} of your decisions again to the end of the game, with your answer and with the "
                         "computer's ({playouts} playouts each)...").format(count=len(found), playouts=len(REVIEW_SEEDS)), "info")
        with tqdm(total=len(found), desc=_("review"), unit=_("decision"), leave=False, disable=None, file=sys.stderr) as bar:
            advice = costliest(found, over=game_over, score=partial(side_vp, side=side), seeds=REVIEW_SEEDS, count=3,
                               progress=bar.update)
        if not advice:
            term.say(who + _("The computer would not have done better at any of the {count} decisions played again.").format(
                count=len(found)), "info")
            continue
        term.say(who + _("Your {count} costliest decision(s), with what the computer would have done:").format(count=len(advice)), "info")
        for item in advice:
            term.say("  " + item.line(), "info")


def _drill_list(args: argparse.Namespace) -> int:
    if getattr(args, "drill_command", None) not in (None, "list"):
        raise UsageError(_("drill takes the subcommand 'list'."))
    term = open_terminal()
    cards = load_missions()
    rows = []
    for d in load_drills():
        missions = ", ".join(cards[m].name if language() == "en" else cards[m].rulebook_name for m in d.missions[d.human])
        rows.append((d.id, d.shown_title(), _("{red} vs {blue}").format(red=d.red, blue=d.blue), side_name(d.human), missions,
                     str(d.activations), str(d.par)))
    term.table(_("{count} drills (play one with: landsraad play --drill NAME)").format(count=len(rows)),
               (_("drill"), _("title"), _("factions"), _("you"), _("mission"), _("activations"), _("par")), rows)
    return 0
