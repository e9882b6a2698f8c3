"""Picks and scoring: which missions a side may pick, the score sheet by rank, the winner (R-MISSION-PICK, R-MISSIONS, PRJ-77)."""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from pydantic import Field, model_validator

from ..errors import DataError, Problem, UnknownNameError
from ..i18n import message
from ..model import Frozen
from .cards import MissionCard, load_missions, mission_points, restriction_problem
from .view import MAX_PICKS, Outcome

PICKS = message("mission picks")
"""Where a list of picks comes from when its caller names no file or field (a problem's source)."""

OUTCOMES = message("mission outcomes")
"""The source of a problem with the outcomes given to :func:`score`."""

# --- picks and scoring ----------------------------------------------------------------------


def pick_problems(
    picks: Sequence[str],
    *,
    missions: Mapping[str, MissionCard] | None = None,
    faction: str | None = None,
    keywords: Iterable[str] = (),
    source: str = PICKS,
) -> tuple[Problem, ...]:
    """Every problem with a ranked list of picks (R-MISSIONS), each once.

    ``picks[0]`` is rank 1. A list must hold 1 to 6 known mission ids, none twice. When
    ``faction`` is given, each card's restriction is checked against it and ``keywords``
    (the profile keywords of the models the warband fields).

    Examples
    --------
    >>> for p in pick_problems(["territory", "teritory", "territory", "slave_hunt"], faction="corrino"): print(p)
    mission picks: [1]: Unknown mission 'teritory'. Did you mean 'territory'? Valid missions are: ...
    mission picks: [2]: Mission 'territory' is picked twice (ranks 1 and 3); each mission may be picked once.
    mission picks: [3]: Mission 'slave_hunt' (Slave hunt) may only be picked by a warband that fields a model with the keyword 'gladiator'; this corrino warband fields none.
    """
    cards = load_missions() if missions is None else missions
    problems: list[Problem] = []
    if isinstance(picks, (str, bytes)) or not isinstance(picks, Sequence):
        return (Problem(source, "", message("Mission picks must be a ranked list of mission ids; got {picks}.", picks=repr(picks))),)
    if not 1 <= len(picks) <= MAX_PICKS:
        problems.append(Problem(source, "", message("A player picks between 1 and {most} missions; got {count}.", most=MAX_PICKS, count=len(picks))))
    first_rank: dict[str, int] = {}
    keywords = tuple(keywords)
    for i, mid in enumerate(picks):
        where = f"[{i}]"
        if not isinstance(mid, str):
            problems.append(Problem(source, where, message("A pick is a mission id; got {value}.", value=repr(mid))))
            continue
        if mid in first_rank:
            problems.append(Problem(source, where, message("Mission {mission} is picked twice (ranks {first} and {second}); each mission may be "
                                                           "picked once.", mission=repr(mid), first=first_rank[mid], second=i + 1)))
            continue
        first_rank[mid] = i + 1
        card = cards.get(mid)
        if card is None:
            problems.extend(Problem(source, where, p.message) for p in UnknownNameError("mission", mid, cards).problems)
            continue
        if faction is not None:
            why = restriction_problem(card, faction, keywords)
            if why:
                problems.append(Problem(source, where, why))
    return tuple(problems)


def validate_picks(
    picks: Sequence[str],
    *,
    missions: Mapping[str, MissionCard] | None = None,
    faction: str | None = None,
    keywords: Iterable[str] = (),
    source: str = PICKS,
) -> tuple[MissionCard, ...]:
    """The picked cards in rank order; a :class:`DataError` lists every problem (see :func:`pick_problems`)."""
    cards = load_missions() if missions is None else missions
    problems = pick_problems(picks, missions=cards, faction=faction, keywords=keywords, source=source)
    if problems:
        raise DataError(problems)
    return tuple(cards[m] for m in picks)


class ScoreLine(Frozen):
    """One picked mission on a score sheet: its rank, its outcome and the points it scores."""

    mission: str
    name: str
    rank: int = Field(ge=1, le=6)
    succeeded: bool | None
    points: int


class ScoreSheet(Frozen):
    """A player's missions at the end of the game (R-MISSIONS): one line per pick, and the total."""

    side: str = ""
    lines: tuple[ScoreLine, ...]
    total: int = 0
    """The victory points: the sum of the lines (filled in; a given total must agree)."""

    @model_validator(mode="before")
    @classmethod
    def _fill_total(cls, data: Any) -> Any:
        if isinstance(data, Mapping) and "total" not in data:
            lines = data.get("lines") or ()
            try:
                data = {**data, "total": sum(int(line["points"] if isinstance(line, Mapping) else line.points) for line in lines)}
            except (KeyError, TypeError, ValueError, AttributeError):
                pass  # the field validators report the bad lines
        return data

    @model_validator(mode="after")
    def _check_total(self) -> "ScoreSheet":
        expected = sum(line.points for line in self.lines)
        if self.total != expected:
            raise ValueError(message("The total must be the sum of the lines, {expected}; got {total}.", expected=expected, total=self.total))
        return self


def score(
    picks: Sequence[str],
    outcomes: Mapping[str, Outcome],
    *,
    missions: Mapping[str, MissionCard] | None = None,
    side: str = "",
) -> ScoreSheet:
    """Score a player's ranked picks (R-MISSIONS, PRJ-77).

    ``outcomes`` maps every picked mission id to ``True`` (success), ``False`` (failure) or
    ``None`` (neither: 0 VP). Bad picks, a missing or extra outcome, or an outcome that is
    not one of those three raise one :class:`DataError` listing every problem. Faction
    restrictions are checked when the picks are made (:func:`validate_picks`), not here.

    Examples
    --------
    >>> sheet = score(["protection"], {"protection": None}, side="red")
    >>> sheet.total, sheet.lines[0].points
    (0, 0)
    >>> score(["protection"], {})
    Traceback (most recent call last):
    ...
    landsraad.errors.DataError: mission outcomes: protection: Picked mission 'protection' has no outcome; give true (success), false (failure) or null (neither).
    """
    cards = load_missions() if missions is None else missions
    problems = list(pick_problems(picks, missions=cards))
    if isinstance(outcomes, Mapping):
        for mid in picks if isinstance(picks, Sequence) and not isinstance(picks, str) else ():
            if isinstance(mid, str) and mid not in outcomes:
                problems.append(Problem(OUTCOMES, str(mid), message("Picked mission {mission} has no outcome; give true (success), false "
                                                                      "(failure) or null (neither).", mission=repr(mid))))
        for mid, value in outcomes.items():
            if mid not in picks:
                problems.append(Problem(OUTCOMES, str(mid), message("Mission {mission} has an outcome but was not picked.", mission=repr(mid))))
            elif not (value is None or isinstance(value, bool)):
                problems.append(Problem(OUTCOMES, str(mid), message("An outcome is true (success), false (failure) or null (neither); got "
                                                                    "{value}.", value=repr(value))))
    else:
        problems.append(Problem(OUTCOMES, "", message("Outcomes must map mission ids to true, false or null; got {outcomes}.",
                                                      outcomes=repr(outcomes))))
    if problems:
        raise DataError(problems)
    lines = []
    for i, mid in enumerate(picks):
        card = cards[mid]
        outcome = outcomes[mid]
        lines.append(ScoreLine(mission=mid, name=card.name, rank=i + 1, succeeded=outcome, points=mission_points(card, i + 1, outcome)))
    return ScoreSheet(side=side, lines=tuple(lines))


def compare(sheet_a: ScoreSheet, sheet_b: ScoreSheet) -> ScoreSheet | None:
    """The winning sheet (most victory points, R-MISSIONS), or ``None`` for a draw (PRJ-77).

    Examples
    --------
    >>> a = score(["territory"], {"territory": True})
    >>> b = score(["protection"], {"protection": True})
    >>> compare(a, b) is a, compare(b, a) is a, compare(a, a) is None
    (True, True, True)
    """
    if sheet_a.total > sheet_b.total:
        return sheet_a
    if sheet_b.total > sheet_a.total:
        return sheet_b
    return None


def format_score_sheet(sheet: ScoreSheet) -> str:
    """The sheet as a small readable table.

    Examples
    --------
    >>> print(format_score_sheet(score(["treachery", "infiltration"], {"treachery": True, "infiltration": None}, side="blue")))
    blue
      1  Treachery     success   +6
      2  Infiltration  neither   +0
         total                   +6
    """
    width = max([len(line.name) for line in sheet.lines] + [5])
    out = [sheet.side] if sheet.side else []
    for line in sheet.lines:
        word = {True: "success", False: "failure", None: "neither"}[line.succeeded]
        out.append(f"  {line.rank}  {line.name:<{width}}  {word:<8}{line.points:+4d}")
    out.append(f"     {'total':<{width}}  {'':<8}{sheet.total:+4d}")
    return "\n".join(out)
