"""An event's entries: every list in ``DIR/lists/`` checked, with the player checks an organiser needs.

Each entry is checked by :func:`landsraad.warband.check_file` (the ``validate`` report); on
top, an entry without a ``player:`` and two entries for the same player (case and spaces
ignored) are event problems, and every file of the folder that was not read is named
(:func:`landsraad.warband.scan_list_files`).

Examples
--------
>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> (folder / "lists").mkdir()
>>> _ = (folder / "lists" / "a.yaml").write_text("faction: Corrino\\nmodels: [{type: Soldat}]\\n")
>>> check = check_entries(folder)
>>> check.problems
('lists/a.yaml has no player name; add a line `player: NAME`.',)
>>> check.reports[0].faction, check.reports[0].points
('corrino', 2)
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..i18n import message
from ..ruleset import DEFAULT, Ruleset
from ..warband import IntakeNote, Report, check_file, scan_list_files
from .event import LISTS_DIR, Entrant, Event

__all__ = ["EntryCheck", "check_entries", "player_of", "registration_changes"]


def player_of(report: Report) -> str:
    """The entry's player name, stripped ("" when the list does not say or cannot be read)."""
    return report.warband.player.strip() if report.warband else ""


@dataclass(frozen=True)
class EntryCheck:
    """Every entry's report, the files not read (paths relative to the event folder), and the event
    problems (missing or duplicate players)."""

    folder: Path
    reports: tuple[Report, ...]
    notes: tuple[IntakeNote, ...]
    problems: tuple[str, ...]

    @property
    def valid(self) -> bool:
        """Every list valid and no event problem (notes are warnings)."""
        return not self.problems and all(r.valid for r in self.reports)

    def entrants(self) -> list[Entrant]:
        """One entrant per entry with a player name, in file order."""
        return [Entrant(player=player_of(r), faction=r.faction or "", file=self.relative(r.source),
                        list_name=r.warband.name if r.warband else "", list_hash=r.list_hash)
                for r in self.reports if player_of(r)]

    def relative(self, source: str) -> str:
        """A report's file relative to the event folder (as a POSIX path)."""
        try:
            return Path(source).relative_to(self.folder).as_posix()
        except ValueError:
            return source

    def to_json(self) -> dict[str, Any]:
        """``{"valid", "entries": [validate report + "player"], "skipped": [...], "problems": [...]}``."""
        return {
            "valid": self.valid,
            "entries": [r.to_json() | {"file": self.relative(r.source)} for r in self.reports],
            "skipped": [n.to_json() for n in self.notes if not n.read],
            "notes": [n.to_json() for n in self.notes if n.read],
            "problems": list(self.problems),
        }


def check_entries(folder: str | Path, ruleset: Ruleset = DEFAULT) -> EntryCheck:
    """Check every list in ``folder/lists/`` (searched recursively) against the event's ruleset.

    Parameters
    ----------
    folder
        The event folder.
    ruleset
        Its ``points`` is the event's cap.

    Returns
    -------
    EntryCheck
        Never raises for a bad list; a missing ``lists/`` folder or an empty one is a problem.
    """
    folder = Path(folder)
    lists = folder / LISTS_DIR
    if not lists.is_dir():
        return EntryCheck(folder, (), (), (message("The event has no {folder}/ folder; create {lists} and put one list per player in it.", folder=LISTS_DIR, lists=lists),))
    files, notes = scan_list_files([lists])
    reports = tuple(check_file(f, ruleset=ruleset) for f in files)
    check = EntryCheck(folder, reports, (), ())
    notes = [IntakeNote(Path(check.relative(str(n.path))), n.read, n.message) for n in notes]
    problems: list[str] = []
    if not reports:
        problems.append(message("{lists} holds no list (*.yaml, *.yml, *.json).", lists=lists))
    by_player: dict[str, list[str]] = defaultdict(list)
    shown: dict[str, str] = {}
    for r in reports:
        player = player_of(r)
        if not player:
            problems.append(message("{file} has no player name; add a line `player: NAME`.", file=check.relative(r.source))
                            if r.warband else message("{file}: no player name could be read (see its errors).", file=check.relative(r.source)))
            continue
        key = " ".join(player.casefold().split())
        by_player[key].append(check.relative(r.source))
        shown.setdefault(key, player)
    for key, sources in by_player.items():
        if len(sources) > 1:
            problems.append(message("The player {player} has {count} entries ({files}); each player needs one list.",
                                    player=repr(shown[key]), count=len(sources), files=", ".join(sources)))
    return EntryCheck(folder, reports, tuple(notes), tuple(problems))


def registration_changes(event: Event, check: EntryCheck) -> list[str]:
    """What changed in ``lists/`` since the players were registered (at round 1's pairing).

    A registered list that is gone or whose content changed (another list hash), and an entry
    that is not registered, each get a sentence; nothing when no one is registered yet.

    Examples
    --------
    >>> from landsraad.tournament.event import new_event, register
    >>> ev = register(new_event("Cup", 3, 1), [Entrant(player="Ana", file="lists/ana.yaml", list_hash="x")])
    >>> registration_changes(ev, EntryCheck(Path("."), (), (), ()))
    ["Ana's registered list lists/ana.yaml is no longer in the folder."]
    """
    if not event.entrants:
        return []
    now = {check.relative(r.source): r for r in check.reports}
    out: list[str] = []
    for e in event.entrants:
        report = now.get(e.file)
        if report is None:
            out.append(message("{player}'s registered list {file} is no longer in the folder.", player=e.player, file=e.file))
        elif e.list_hash is not None and report.list_hash != e.list_hash:
            out.append(message("{player}'s list {file} has changed since it was registered (list hash {registered}, now {now}).",
                               player=e.player, file=e.file, registered=e.list_hash, now=report.list_hash))
    registered = {e.file for e in event.entrants}
    for source in now:
        if source not in registered:
            out.append(message("{file} is not registered: the players were registered when round 1 was paired.", file=source))
    return out
