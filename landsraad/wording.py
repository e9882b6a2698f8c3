"""Words every command shares: the answers of :mod:`landsraad.table` turned into lines, so the
same answer reads the same in ``measure``, ``shoot``, ``move``, ``odds`` and ``resolve``.

No geometry and no rules here, only words: each function takes a result and returns lines
(cheap to import; the result types are imported for type checking only).

Examples
--------
>>> [describe_range_band(b) for b in (0, 1, 3)]
['within range (band 0)', '1 band beyond range (band 1, -1)', '3 bands beyond range (band 3, -3)']
>>> fmt(12.0), fmt(12.35), fmt(1e308), pct(0.125)
('12', '12.3', '1e+308', '12.5')
"""

from __future__ import annotations

import math
import shlex
from typing import TYPE_CHECKING, Any, Callable, Sequence, cast

from .i18n import EDGE_NAMES, N_, SOURCE_LANGUAGE, _, decimal, language, localized, ngettext, percent, pgettext, side_name
from .lazy import lazy_exports

if TYPE_CHECKING:  # the results' types only: words never compute
    from .geometry.robust import Fragility
    from .table.advice import Advice, Option, TemplateOption
    from .table.check import SceneCheck
    from .table.measure import Measurement
    from .table.moves import Charge, MoveAnswer, ReachAnswer
    from .table.shot import ShotAnswer
    from .table.template import TemplateAnswer
    from .table.threat import ThreatMap, ThreatPoint

__all__ = ["describe_range_band", "fmt", "dist", "pct", "names", "COVER_PROSE", "measure_lines", "fragile_text",
           "range_line", "steadiness_line", "move_lines", "charge_line", "reach_lines", "band_lines", "template_lines", "check_lines",
           "shot_lines", "point", "RESULT_LABELS", "option_title", "advice_lines", "template_option_title", "template_option_lines", "threat_point_line", "threat_lines",
           "threat_grid", "weapon_name"]

INLINE_WEAPON = "weapon"
"""The name of a weapon given inline (``--weapon range=10,combat=+1``): shown as ``l'arme`` in French."""

_boards, _boards_dir = lazy_exports("landsraad.table", {"french_weapon_names": "boards"}, {})
"""The bundled weapons' French names (:func:`landsraad.table.boards.french_weapon_names`), read when first shown in French."""


def weapon_name(name: str) -> str:
    """A weapon's name as the reader sees it: its French name (the bundled sheets') in French, else as given.

    >>> weapon_name("Maula pistol")
    'Maula pistol'
    """
    if not name or language() == SOURCE_LANGUAGE:
        return name
    if name == INLINE_WEAPON:
        return pgettext("a weapon given inline, key=value", "weapon")
    return str(_boards("french_weapon_names")().get(name, name))


COVER_PROSE = {
    "none": N_("no cover"),
    "small": N_("small cover (+2 defence)"),
    "large": N_("large cover (+4 defence)"),
    "no_line_of_sight": N_("no line of sight"),
}
"""Each cover class (R-COVER, RUL-11) in words (English; translate with ``_()`` where shown)."""


def describe_range_band(band: int) -> str:
    """The range band in words, the one wording every command uses (R-SHOOT).

    Examples
    --------
    >>> [describe_range_band(b) for b in (0, 1, 3)]
    ['within range (band 0)', '1 band beyond range (band 1, -1)', '3 bands beyond range (band 3, -3)']
    """
    if band <= 0:
        return _("within range (band 0)")
    return ngettext("{n} band beyond range (band {n}, -{n})", "{n} bands beyond range (band {n}, -{n})", band).format(n=band)


def fmt(value: float) -> str:
    """A number for prose: ``12.0`` -> ``12``, ``12.35`` -> ``12.3``; past a million cm in
    powers of ten (``reach --movement 1e308`` must not print 309 digits)."""
    if abs(value) >= 1e6:
        return f"{value:.3g}"
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def dist(value: float) -> str:
    """A distance for prose, to 0.1 cm as reported (RUL-07), halves up: ``12`` -> ``12.0``."""
    return f"{math.floor(float(value) * 10.0 + 0.5 + 1e-9) / 10.0:.1f}"


def pct(fraction: float) -> str:
    """A fraction as a percentage to 0.1, without a trailing ``.0``."""
    text = f"{fraction * 100:.1f}"
    return text[:-2] if text.endswith(".0") else text


def names(ids: Sequence[str]) -> str:
    """Ids for prose, ``(none)`` for none."""
    return ", ".join(ids) if ids else "(none)"


# --- measure ------------------------------------------------------------------------------


def _cm(value: float) -> str:
    """:func:`dist` in the active language's decimals (``25,2`` in French)."""
    return decimal(dist(value))


def _num(value: float) -> str:
    """:func:`fmt` in the active language's decimals."""
    return decimal(fmt(value))


def _cover(cls: str) -> str:
    """A cover class in words, in the active language."""
    return _(COVER_PROSE[cls]) if cls in COVER_PROSE else cls


def range_line(m: Measurement) -> str:
    """The range line: the band and its own modifier, then the weapon's Combat, then the sum (R-SHOOT)."""
    assert m.weapon is not None and m.band is not None and m.modifier is not None
    weapon = m.weapon
    what = (_("{weapon} (range {range} cm)").format(weapon=weapon_name(weapon.name), range=_num(weapon.range_cm)) if weapon.name
            else _("Weapon range {range} cm").format(range=_num(weapon.range_cm)))
    return _("Range: {what} at {distance} cm: {band}; band modifier {band_modifier}, weapon Combat {combat} -> range"
             " modifier {modifier} (R-SHOOT).").format(
        what=what, distance=_cm(m.exact_cm), band=describe_range_band(m.band), band_modifier=f"{-m.band:+d}",
        combat=f"{weapon.combat:+d}", modifier=f"{m.modifier:+d}")


def _as_is(item_id: str) -> str:
    """An id as a person reads it when no other name is given: the id itself."""
    return item_id


def fragile_text(f: Fragility, m: Measurement, shown: Callable[[str], str] = _as_is) -> str:
    """One fragile class: how little movement changes it, into what (``shown``: as :func:`measure_lines`)."""
    margin = decimal(f"{f.margin_cm:.2f}")
    by = (_("{margin} cm of {model}'s movement").format(margin=margin, model=shown(f.moved)) if f.moved
          else _("{margin} cm of either model's movement").format(margin=margin))
    if f.what == "contact":
        return (_("{by} turns contact into no contact") if f.answer else _("{by} turns no contact into contact")).format(by=by)
    if f.what == "range_band":
        assert isinstance(f.answer, int) and isinstance(f.other, int)  # band numbers
        limit = m.weapon.range_cm * max(f.answer, f.other) if m.weapon else None
        tail = (_(" ({distance} cm, the band limit being {limit} cm)").format(
            distance=decimal(f"{m.exact_cm:.2f}"), limit=decimal(f"{limit:g}")) if limit is not None else "")
        return _("{by} turns range band {band} into band {other}{tail}").format(by=by, band=f.answer, other=f.other, tail=tail)
    if f.what == "line_of_sight":
        if f.margin_cm == 0:
            return (_("line of sight (yes) changes within the computation's error") if f.answer
                    else _("line of sight (no) changes within the computation's error"))
        return (_("{by} turns line of sight into none") if f.answer
                else _("{by} turns no line of sight into line of sight")).format(by=by)
    old, new = _cover(str(f.answer)), _cover(str(f.other))
    return (_("the cover ({old}) may be {new} within the computation's error") if f.margin_cm == 0
            else _("{by} turns {old} into {new}")).format(by=by, old=old, new=new)


def _borderline_notes(m: Measurement) -> list[str]:
    """What the 0.1 cm rounding or the computation's error leaves on a threshold."""
    notes: list[str] = []
    exact = decimal(f"{m.exact_cm:.3f}")
    if m.near_contact:
        notes.append((_("the distance is exactly {distance} cm, within the 0.1 cm contact tolerance (RUL-07)")
                      if m.contact else
                      _("the distance is exactly {distance} cm, just beyond the 0.1 cm contact tolerance (RUL-07)"))
                     .format(distance=exact))
    cov = m.cover
    if cov is not None and cov.borderline:
        low = max(0.0, cov.hidden_fraction - cov.error_bound)
        notes.append(_("the hidden part is between {low} % and {high} %, on both sides of a cover threshold (RUL-11);"
                       " the answer above takes the upper figure").format(
            low=decimal(pct(low)), high=decimal(pct(cov.hidden_fraction))))
    limit = m.near_band_limit
    if limit is not None:
        text = (_("the distance is exactly {distance} cm, which reads {reported} cm, on the {limit} cm band limit (range"
                  " is taken on the distance as reported, PRJ-30)") if m.reported_cm <= limit + 1e-9 else
                _("the distance is exactly {distance} cm, which reads {reported} cm, past the {limit} cm band limit"
                  " (range is taken on the distance as reported, PRJ-30)"))
        notes.append(text.format(distance=exact, reported=_cm(m.exact_cm), limit=_num(limit)))
    return notes


def steadiness_line(m: Measurement, shown: Callable[[str], str] = _as_is) -> str | None:
    """Borderline and robustness in one line: ``Robust: ...`` or ``Fragile: ...`` (None for a
    distance alone that no rounding puts in doubt; ``shown``: as :func:`measure_lines`)."""
    rob = m.robustness
    parts = _borderline_notes(m)
    # a borderline cover answer is also a fragile class of margin 0: say it once
    parts += [fragile_text(f, m, shown) for f in (rob.fragile if rob else ()) if not (f.margin_cm == 0 and m.cover is not None
                                                                              and m.cover.borderline)]
    if parts:
        return _("Fragile: {parts}. Check at the table and agree with your opponent.").format(parts=_semicolon().join(parts))
    if rob is None:
        return None
    text = (_("Robust: contact, line of sight, cover and range band stay the same if either model stood up to"
              " {tolerance} cm elsewhere.") if m.weapon else
            _("Robust: contact, line of sight and cover stay the same if either model stood up to {tolerance} cm"
              " elsewhere."))
    return text.format(tolerance=_num(m.tolerance_cm))


def _semicolon() -> str:
    # the separator between clauses: French sets a space before the semicolon
    return _("; ")


def _names(ids: Sequence[str]) -> str:
    """:func:`names` in the active language."""
    return ", ".join(ids) if ids else _("(none)")


def measure_lines(m: Measurement, shown: Callable[[str], str] = _as_is) -> list[str]:
    """The ``measure`` answer in lines; ``shown`` gives what a person reads for an id (a model's French name in
    French, :meth:`landsraad.table.boards.TableFacts.shown`; the id itself by default)."""
    a, b = shown(m.a), shown(m.b)
    head = (_("{a} -> {b}: {distance} cm edge to edge, in contact.") if m.contact else
            _("{a} -> {b}: {distance} cm edge to edge, not in contact."))
    lines = [head.format(a=a, b=b, distance=_cm(m.exact_cm))]
    cov = m.cover
    if cov is None:
        lines.append(_("Line of sight and cover: only measured between two models."))
    else:
        if cov.line_of_sight:
            text = _("Line of sight: yes; {hidden} % of the silhouette hidden -> {cover}").format(
                hidden=decimal(pct(cov.hidden_fraction)), cover=_cover(cov.cover))
            if cov.cover_from:
                text += _(", from {pieces}").format(pieces=_names([shown(i) for i in cov.cover_from]))
        else:
            text = _("Line of sight: no; no part of the target's silhouette can be seen (R-LOS)")
            if cov.cover_from:
                text += _(", hidden by {pieces}").format(pieces=_names([shown(i) for i in cov.cover_from]))
        lines.append(text + ".")
    if m.weapon is not None:
        lines.append(range_line(m))
    nearest = m.nearest
    if nearest is not None:
        if not nearest:
            lines.append(_("Nearest target (RUL-08): {a} sees no enemy.").format(a=a))
        elif m.same_side:
            lines.append(_("Nearest target (RUL-08): {b} is on {a}'s side; the nearest enemy {a} sees: {nearest}.")
                         .format(a=a, b=b, nearest=_names([shown(i) for i in nearest])))
        elif m.is_nearest:
            others = [n for n in nearest if n != m.b]
            tie = _(" (tied with {others}: the shooter chooses)").format(others=_names([shown(i) for i in others])) if others else ""
            lines.append(_("Nearest target (RUL-08): {b} is the nearest enemy {a} sees{tie}; it may be shot.")
                         .format(a=a, b=b, tie=tie))
        else:
            lines.append(_("Nearest target (RUL-08): {b} is NOT the nearest enemy {a} sees; the nearest: {nearest}.")
                         .format(a=a, b=b, nearest=_names([shown(i) for i in nearest])))
    steady = steadiness_line(m, shown)
    if steady is not None:
        lines.append(steady)
    if not m.models_block:
        lines.append(_("(Other models were treated as transparent.)"))
    return lines


def point(p: Sequence[float]) -> str:
    """A point for prose: ``(12, 30.5)``."""
    return f"({fmt(p[0])}, {fmt(p[1])})"


# --- move / reach -------------------------------------------------------------------------

_REASON_PROSE = {
    "too_far": N_("too far"),
    "no_room": N_("no room to get there"),
    "off_table": N_("the base would leave the table"),
    "destination_blocked": N_("the destination is blocked"),
}


def _point(p: Sequence[float]) -> str:
    """:func:`point` in the active language (``(12 ; 30,5)`` in French, where the comma is the decimal mark)."""
    return _("({x}, {y})").format(x=_num(p[0]), y=_num(p[1]))


def _spare(value: float) -> str:
    return decimal(f"{value:.3f}")


def charge_line(c: Charge, model: str, shown: Callable[[str], str] = _as_is) -> str:
    """Whether a charge reaches contact and whether it can fight this activation (R-ACTIVATE); ``shown``: as
    :func:`measure_lines`."""
    move, two = _num(c.movement_cm), _num(2 * c.movement_cm)
    model, target = shown(model), shown(c.target)
    if c.moves_needed == 0:
        return _("Charge: {model} is already in contact with {target}: it can fight this activation (the Melee action;"
                 " R-ACTIVATE).").format(model=model, target=target)
    if c.moves_needed == 1:
        return _("Charge: {model} reaches contact with {target} with its free move ({cost} of {movement} cm) and can"
                 " fight this activation: declare the Melee action when designating it, then make the free move into"
                 " contact (R-ACTIVATE).").format(model=model, target=target, cost=_cm(c.cost_cm or 0.0), movement=move)
    if c.moves_needed == 2:
        return _("Charge: {model} reaches contact with {target} only with two moves ({cost} cm; the free move and the"
                 " Move action give {two} cm), so it cannot fight this activation: the Move action is its action"
                 " (R-ACTIVATE). It fights at its next activation if the enemy is still there.").format(
            model=model, target=target, cost=_cm(c.cost_cm or 0.0), two=two)
    if c.cost_cm is None:
        return _("Charge: {model} cannot reach contact with {target} at all (no way round the obstacles).").format(
            model=model, target=target)
    return _("Charge: {model} cannot reach contact with {target} this activation: it needs {cost} cm, the free move and"
             " the Move action give {two} cm (R-ACTIVATE).").format(model=model, target=target, cost=_cm(c.cost_cm),
                                                                     two=two)


def move_lines(a: MoveAnswer, shown: Callable[[str], str] = _as_is) -> list[str]:
    """The ``move`` answer in lines (``shown``: as :func:`measure_lines`)."""
    res = a.result
    allowance = res.allowance_cm
    target = _point(a.to)
    if a.contact_with:
        target = _("contact with {model} at {point}").format(model=shown(a.contact_with), point=target)
    head = _("{model} -> {target}, movement {movement} cm: ").format(model=shown(res.model), target=target,
                                                                      movement=_num(allowance))
    doubled = _(" (difficult terrain counts double, RUL-17)")
    if res.legal:
        text = head + _("legal; shortest path {length} cm").format(length=_cm(res.path_length_cm))
        if a.doubled:
            text += _(", costing {cost} cm").format(cost=_cm(res.cost_cm)) + doubled
        text += "."
        if allowance - res.cost_cm < 0.05:
            text += _(" Borderline: only {spare} cm to spare.").format(spare=_spare(allowance - res.cost_cm))
    else:
        reason = _REASON_PROSE.get(str(res.reason))
        text = head + _("NOT legal ({reason}).").format(reason=_(reason) if reason else str(res.reason))
        if res.message:
            text += "\n" + localized(res.message)
        if res.path and res.reason == "too_far":
            if a.doubled:
                text += "\n" + _("Shortest path: {length} cm, costing {cost} cm").format(
                    length=_cm(res.path_length_cm), cost=_cm(res.cost_cm)) + doubled + "."
            if res.cost_cm - allowance < 0.05:
                text += _(" Borderline: over by only {over} cm.").format(over=_spare(res.cost_cm - allowance))
            if a.stop_at is not None and a.missing_cm is not None:
                text += "\n" + _("With {movement} cm it gets to {point} along that path; {missing} cm are missing.").format(
                    movement=_num(allowance), point=_point(a.stop_at), missing=_cm(a.missing_cm))
    if 2 < len(res.path) <= 8:
        text += "\n" + _("Path: {points}").format(points=" -> ".join(_point(p) for p in res.path))
    elif len(res.path) > 8:  # arcs round bases come as many short segments
        text += "\n" + _("Path: {n} points, curving round obstacles (see --json or --svg).").format(n=len(res.path))
    if res.narrowest_gap_cm is not None and res.gap_at is not None:
        text += "\n" + _("Narrowest gap on the way: {gap} cm at {point}.").format(gap=_cm(res.narrowest_gap_cm),
                                                                                 point=_point(res.gap_at))
    lines = text.split("\n")
    if a.charge is not None:
        lines.append(charge_line(a.charge, res.model, shown))
    return lines


def reach_lines(a: ReachAnswer, shown: Callable[[str], str] = _as_is, *, scene: str = "SCENE",
                given_movement: float | None = None) -> list[str]:
    """The ``reach`` answer in lines (``shown``: as :func:`measure_lines`; ``scene`` and
    ``given_movement``: as :func:`band_lines`)."""
    if a.empty:
        return [_("{model} (movement {movement} cm) cannot move at all.").format(model=shown(a.model),
                                                                                movement=_num(a.movement_cm))]
    b = a.region.bounds
    return [_("{model} (movement {movement} cm) can put its base centre anywhere in a region of {area} cm², within x"
              " {x0}..{x1} cm, y {y0}..{y1} cm (difficult terrain counts double; bases and impassable terrain are gone"
              " around).").format(model=shown(a.model), movement=_num(a.movement_cm), area=decimal(f"{a.region.area:.1f}"),
                                  x0=_num(b[0]), x1=_num(b[2]), y0=_num(b[1]), y1=_num(b[3]))] + band_lines(
        a, scene=scene, given_movement=given_movement)


def band_lines(a: ReachAnswer, *, scene: str = "SCENE", given_movement: float | None = None) -> list[str]:
    """The line of a ``reach`` answer on a bound of work that left a band not settled (none when exact).

    The line ends with the ``move`` command that settles one point of the band: on ``scene`` (the
    path the question named, quoted for a shell), with ``--movement`` when the question gave one
    (``given_movement``), so that it can be pasted as it stands."""
    if a.exact:
        return []
    command = " ".join(["landsraad", "move", shlex.quote(scene), shlex.quote(a.model)]
                       + (["--movement", fmt(given_movement)] if given_movement is not None else []) + ["--to", "X,Y"])
    return [_("Points up to {width} cm beyond the edge of that region are not settled (a band of {area} cm², left after"
              " the bound of work); ask `{command}` for one.").format(
        width=_cm(a.band_width_cm), area=decimal(f"{a.band.area:.1f}"), command=command)]


# --- template -----------------------------------------------------------------------------


def template_title(a: TemplateAnswer) -> str:
    """What the template is, for the first line and the picture's title."""
    if a.kind == "blast":
        assert a.center is not None
        return _("Blast template (5 cm radius) at {point}").format(point=_point(a.center))
    assert a.toward is not None and a.length_cm is not None
    return _("Direct-fire template {length} cm from {shooter} toward {point}").format(
        length=_num(a.length_cm), shooter=a.shooter, point=_point(a.toward))


def template_lines(a: TemplateAnswer, asked: Sequence[str] = ()) -> list[str]:
    """The ``template`` answer in lines; ``asked``: the models given their own dodge distance."""
    hits = (_("hits {models}.").format(models=", ".join(a.hit)) if a.hit else _("hits nobody."))
    lines = [_("{template}: {hits}").format(template=template_title(a), hits=hits)]
    for d in a.dodges:
        cm = a.allowances[d.model]
        assert cm is not None
        if d.possible:
            assert d.to is not None
            lines.append(_("  {model}: can dodge out with a {distance} cm move (to {point}); it may move {allowance} cm.").format(
                model=d.model, distance=_cm(d.shortest_cm), point=_point(d.to), allowance=_num(cm)))
        elif math.isfinite(d.shortest_cm):
            lines.append(_("  {model}: cannot get out: it would need {distance} cm and may move {allowance} cm; still hit"
                           " (R-TEMPLATE).").format(model=d.model, distance=_cm(d.shortest_cm), allowance=_num(cm)))
        else:
            lines.append(_("  {model}: cannot get out within {allowance} cm; still hit (R-TEMPLATE).").format(
                model=d.model, allowance=_num(cm)))
    spared = [m for m in asked if m not in a.allowances]
    if spared:
        lines.append(_("({models}: not under the template, no dodge needed.)").format(models=", ".join(spared)))
    without = [m for m, cm in a.allowances.items() if cm is None]
    if without:
        lines.append(_("(No dodge given for {models}: give --dodge ID=CM, the neutral die + Reflexes of a model that dodged"
                       " (RUL-09), or --dodge CM for every model hit, to see who gets out.)").format(models=", ".join(without)))
    return lines


# --- check-scene --------------------------------------------------------------------------


MOST_LISTED = 50
"""The most set-up problems of one kind that check-scene lists (200 pieces packed together are 20,000 pairs)."""




def _listed(problems: Sequence[Any]) -> list[str]:
    """The problems' lines, at most :data:`MOST_LISTED`, then one line counting the rest."""
    lines = [f"  - {localized(p.message)}" for p in problems[:MOST_LISTED]]
    if len(problems) > MOST_LISTED:
        lines.append(_("  ... and {count} more (not listed; --json lists them all).").format(
            count=decimal(f"{len(problems) - MOST_LISTED:,}")))
    return lines


def _problems(count: int) -> str:
    return _("ok.") if not count else _("{n} problem(s):").format(n=count)


def _side_word(side: str) -> str:
    return localized(side_name(side))


def check_lines(c: SceneCheck) -> list[str]:
    """The ``check-scene`` answer in lines."""
    board = c.board
    counts = ", ".join(f"{_side_word(s)} {sum(1 for b in board.bases if b.side == s)}" for s in c.sides)
    lines = [_("{scene}: {terrain}, {models}{counts}, {markers}. The file is valid.").format(
        scene=c.scene, terrain=ngettext("{n} terrain piece", "{n} terrain pieces", len(board.terrain)).format(n=len(board.terrain)),
        models=ngettext("{n} model", "{n} models", len(board.bases)).format(n=len(board.bases)),
        counts=f" ({counts})" if counts else "",
        markers=ngettext("{n} marker", "{n} markers", len(board.markers)).format(n=len(board.markers)))]
    if c.stage != "setup":
        lines.append(_("Stage: play - a position in the middle of a game: the set-up rules (terrain spacing, R-TERRAIN;"
                       " deployment, R-DEPLOY) are not checked (use --stage setup for a table about to be played)."))
        return lines
    terrain = [p for p in c.problems if p.rule.startswith("R-TERRAIN")]
    deploy = [p for p in c.problems if not p.rule.startswith("R-TERRAIN")]
    lines.append(_("R-TERRAIN (terrain > 5 cm from the edges, > 10 cm apart): {verdict}").format(verdict=_problems(len(terrain))))
    lines += _listed(terrain)
    if c.edges:
        # English writes the edges as --edge takes them (red=south); French in words (rouge au bord sud), issue 40.
        given = ", ".join(_("{side}={edge}").format(side=_side_word(s), edge=_(EDGE_NAMES[e]) if e in EDGE_NAMES else e)
                          for s, e in c.edges.items())
        lines.append(_("R-DEPLOY ({edges}; every model in contact with its edge): {verdict}").format(
            edges=given, verdict=_problems(len(deploy))))
        lines += _listed(deploy)
        missing = [s for s in c.sides if s not in c.edges]
        if missing:
            lines.append(_("  (No edge given for {sides}: not checked.)").format(sides=", ".join(_side_word(s) for s in missing)))
    else:
        lines.append(_("R-DEPLOY: not checked (give each side's edge, e.g. --edge red=south --edge blue=north)."))
    return lines


# --- shoot --------------------------------------------------------------------------------

RESULT_LABELS = {"none": N_("nothing"), "scratch": N_("scratch"), "light": N_("light wound"),
                 "grave": N_("grave wound"), "fatal": N_("fatal wound")}
"""Each hit result (R-WOUND) in words (English; translate with ``_()`` where shown)."""


def _cannot_wound(s: ShotAnswer) -> str | None:
    why = s.cannot_wound_because
    if why == "shield":
        text = (_("It cannot wound: {target}'s half-shield stops every shot that gets home (R-SHIELD: shots never"
                  " damage a shielded model; only a melee blow may get through).") if s.shield == "half" else
                _("It cannot wound: {target}'s shield stops every shot that gets home (R-SHIELD: shots never damage a"
                  " shielded model; only a melee blow may get through)."))
        return text.format(target=s.target)
    if why == "damage":
        return _("It cannot wound: no damage roll of the {weapon} reaches even a scratch on {target} (R-WOUND).").format(
            weapon=weapon_name(s.weapon), target=s.target)
    return None


def _percent_row(label: str, width: int, value: float) -> str:
    # the label padded by its own length in the active language, the figure in its decimals
    return f"  {label.ljust(width)}  {percent(f'{100 * value:5.1f}')}"


def shot_lines(s: ShotAnswer, shown: Callable[[str], str] = _as_is) -> list[str]:
    """The ``shoot`` answer in lines: the geometry, the odds, whether it may be taken and whether it can wound; ``shown``
    names the models and terrain as :func:`measure_lines` does."""
    m = s.measurement
    lines = [_("{shooter} shoots {target} with {weapon}.").format(shooter=shown(s.shooter), target=shown(s.target),
                                                                  weapon=weapon_name(s.weapon)),
             *measure_lines(m, shown)]
    odds = s.odds
    cannot = _cannot_wound(s)
    if odds is not None:
        cover = m.cover.cover if m.cover else "none"
        lines.append(_("Odds ({cover}, {distance} cm): attack die {attack} against defence die {defence}.").format(
            cover=_(_COVER_WORDS[cover]) if cover in _COVER_WORDS else f"cover {cover}", distance=_cm(m.exact_cm),
            attack=f"{odds.attack_bonus:+d}", defence=f"{odds.defence_bonus:+d}"))
        rows = [(_("hits (before shields)"), odds.p_hit)]
        if odds.template:
            rows.append((_("struck (hit or caught)"), odds.p_struck))
        if odds.p_shield_stopped:
            rows.append((_("stopped by the shield"), odds.p_shield_stopped))
        wounds = [(f"  {_(RESULT_LABELS[k])}", v) for k, v in odds.wound.items()]
        expected = _("expected damage")
        width = max(len(label) for label, _v in rows + wounds)
        lines += [_percent_row(label, width, v) for label, v in rows]
        if cannot is None:
            lines.append(_("  the target suffers:"))
            lines += [_percent_row(label, width, v) for label, v in wounds]
            lines.append(f"  {expected.ljust(width)}  {decimal(f'{odds.expected_damage:7.2f}')}")
    if s.reasons:
        lines.append(_("This shot may not be taken: {reasons}.").format(
            reasons=_semicolon().join(localized(r) for r in s.reasons)))
    elif cannot is not None:
        lines.append(_("This shot may be taken, but it cannot wound."))
    else:
        lines.append(_("This shot may be taken."))
    if cannot is not None:
        lines.append(cannot)
    return lines


_COVER_WORDS = {"none": N_("cover none"), "small": N_("cover small"), "large": N_("cover large"),
                "no_line_of_sight": N_("cover no_line_of_sight")}
"""The cover class as the odds line names it (its code in English, the rulebook's words in French)."""


# --- advise -------------------------------------------------------------------------------

_KIND_PROSE = {
    "shoot": N_("shoot {target} with the {weapon} from where it stands"),
    "move_then_shoot": N_("move to {end}, then shoot {target} with the {weapon}"),
    "shoot_then_move": N_("shoot {target} with the {weapon}, then move to {end}"),
    "charge": N_("charge {target} (free move into contact, then fight with the {weapon})"),
    "rest": N_("take no action"),
}
"""Each option in words (translated where shown; a template shot: :func:`template_option_title`)."""

_MOVES_PROSE = {
    "disengage_then_move": N_("disengage from {opponent}, then move to {end}"),
    "disengage_then_shoot": N_("disengage from {opponent}, then shoot {target} with the {weapon}"),
    "two_moves": N_("move to {end}: the Move action and the free move"),
}
"""The options of :mod:`landsraad.table.advice_moves` in words (translated where shown)."""


def option_title(o: Option, shown: Callable[[str], str] = _as_is) -> str:
    """One option in words: what the model does (``shown``: as :func:`measure_lines`)."""
    if o.kind in _TEMPLATE_KINDS:
        return template_option_title(cast("TemplateOption", o))
    if o.kind == "fight":
        return _("fight {target} where it stands: the Melee action with the {weapon}").format(
            target=shown(str(o.target)), weapon=weapon_name(o.weapon) if o.weapon else _("bare hands"))
    if o.kind in _MOVES_PROSE:
        return _(_MOVES_PROSE[o.kind]).format(opponent=shown(str(o.disengage_from)), target=shown(str(o.target)),
                                              weapon=weapon_name(o.weapon) if o.weapon else o.weapon, end=_point(o.end))
    return _(_KIND_PROSE[o.kind]).format(target=shown(str(o.target)), weapon=weapon_name(o.weapon) if o.weapon else _("bare hands"), end=_point(o.end))


def _risk_text(o: Option, shown: Callable[[str], str] = _as_is) -> str:
    r = o.risk
    if not r.count:
        return _("nobody can shoot or charge it there")
    parts = (([_("shot by {models}").format(models=names([shown(i) for i in r.shooters]))] if r.shooters else [])
             + ([_("charged by {models}").format(models=names([shown(i) for i in r.chargers]))] if r.chargers else []))
    return _("risk {n}: it may be {how}").format(n=r.count, how=_(" or ").join(parts))


def advice_lines(a: Advice, *, top: int | None = None, shown: Callable[[str], str] = _as_is) -> list[str]:
    """The ``advise`` answer: every option, best first, with its odds, risk, reasons and commands (``shown``: as
    :func:`measure_lines`; the reasons name the models as the library's messages do)."""
    listed = a.options[:top] if top else a.options
    lines = [_("{model} (movement {movement} cm): {n} options this activation, best first (expected damage, then risk;"
               " R-ACTIVATE):").format(model=shown(a.model), movement=_num(a.movement_cm), n=len(a.options))]
    for i, o in enumerate(listed, 1):
        lines.append(f"{i}. {option_title(o, shown)}.")
        if o.kind in _TEMPLATE_KINDS:
            lines += template_option_lines(cast("TemplateOption", o), shown)
        elif o.kind in _MOVES_PROSE:
            lines += _moves_option_lines(o)
        elif o.kind != "rest":
            lines.append("   " + _("hits {p} %; wounds: {wounds}; expected damage {damage}.").format(
                p=_pct(o.p_hit), wounds=_wounds(o.wound), damage=decimal(f"{o.expected_damage:.2f}")))
        risk = _risk_text(o, shown)
        lines.append(f"   {risk[0].upper()}{risk[1:]}.")
        if o.reasons and o.kind != "rest":
            lines.append("   " + _("Why: {reasons}.").format(reasons=_semicolon().join(localized(r) for r in o.reasons)))
        lines += [f"   $ {c}" for c in o.commands]
    if top and len(a.options) > top:
        lines.append(_("({n} more: --all or --json.)").format(n=len(a.options) - top))
    lines += [_("(Left out: {why}.)").format(why=localized(s)) for s in a.skipped]
    lines += [_("(Not weighed: {why}.)").format(why=_(_NOT_WEIGHED[b]).format(action=act)) for act, b in a.not_weighed]
    return lines


def _wounds(wound: dict[str, float]) -> str:
    parts = [f"{_(RESULT_LABELS[k])} {_pct(v)}{percent('', english=' %')}" for k, v in wound.items() if k != "none" and v > 0]
    return ", ".join(parts) if parts else _("none possible")


def _pct(fraction: float) -> str:
    return decimal(pct(fraction))


def _moves_option_lines(o: Option) -> list[str]:
    """The odds of an option of :mod:`landsraad.table.advice_moves`: the disengage test first, then the shot."""
    lines: list[str] = []
    d = o.disengage
    if d is not None:
        margins = sorted(float(k) for k in d.margin_cm)
        lines.append("   " + _("Disengage: gets away {p} % (then moves exactly its margin, {low} to {high} cm); held {held} %:"
                              " it takes {wounds}; expected damage taken {taken}.").format(
            p=_pct(d.p_success), low=decimal(fmt(margins[0])), high=decimal(fmt(margins[-1])), held=_pct(1 - d.p_success),
            wounds=_wounds(d.wound), taken=decimal(f"{d.expected_damage:.2f}")))
    if o.odds is not None:
        lines.append("   " + _("The shot, counting the chance to get away: hits {p} %; wounds: {wounds}; expected damage"
                              " {damage}.").format(p=_pct(o.p_hit), wounds=_wounds({k: v for k, v in o.wound.items()}),
                                                   damage=decimal(f"{o.expected_damage:.2f}")))
    return lines


_NOT_WEIGHED = {
    "no_wound_state": N_("healing (RUL-12), since a scene carries no wounds or poisons: every friend is unhurt"),
    "effect_later": N_("the hunter-seeker, which acts only when an enemy crosses it later (R-FACTION)"),
    "no_game_state": N_("mission special actions, which need the missions picked and the game's state (R-MISSIONS)"),
    "no_equipment_state": N_("rare equipment (jammer, explosives, bought hunter-seekers): a scene carries none"),
}
"""Why a special action is not weighed (:func:`landsraad.table.advice.special_actions`), by code."""


_TEMPLATE_KINDS = ("template", "move_then_template", "template_then_move")


def template_option_title(o: TemplateOption) -> str:
    """A template shot in words: the weapon, the template, where it is aimed, how many it covers."""
    assert o.aim is not None
    enemies = sum(1 for u in o.under if u.enemy)
    friends = len(o.under) - enemies
    foes = ngettext("{n} enemy", "{n} enemies", enemies).format(n=enemies)
    whom = (_("{enemies} and {friends}").format(enemies=foes, friends=ngettext("{n} friend", "{n} friends", friends).format(n=friends))
            if friends else foes)
    how = (_("blast centred at {point}").format(point=_point(o.aim)) if o.template == "blast" else
           _("direct-fire template toward {point}").format(point=_point(o.aim)))
    shown = weapon_name(o.weapon or "")
    weapon = _("{weapon} (explosive mode)").format(weapon=shown) if o.laser_mode == "explosive" else shown
    shot = _("fire the {weapon}, {how}, over {whom}").format(weapon=weapon, how=how, whom=whom)
    if o.kind == "move_then_template":
        return _("move to {point}, then {shot}").format(point=_point(o.end), shot=shot)
    return _("{shot}, then move to {point}").format(shot=shot, point=_point(o.end)) if o.kind == "template_then_move" else shot


def template_option_lines(o: TemplateOption, shown: Callable[[str], str] = _as_is) -> list[str]:
    """Each model under a template shot: its odds (struck = hit, or caught by a dodge too short), and the net
    (``shown``: as :func:`measure_lines`)."""
    lines = []
    for u in o.under:
        who = (_("{model} (enemy, {cover})") if u.enemy else _("{model} (FRIEND, {cover})")).format(
            model=shown(u.model), cover=_threat_cover(u.cover))
        if u.odds is None:
            lines.append("   " + _("{who}: no profile, odds unknown.").format(who=who))
            continue
        out = (_("gets out with a dodge of {cm} cm").format(cm=_num(u.escape_cm)) if u.escape_cm is not None
               else _("no dodge (at most {cm} cm) gets it out").format(cm=_num(u.max_dodge_cm)))
        lines.append("   " + _("{who}: struck {struck} % (hit {hit} %; {out}); wounds: {wounds}; expected damage {damage}.").format(
            who=who, struck=_pct(u.odds.p_struck), hit=_pct(u.odds.p_hit), out=out, wounds=_wounds(u.odds.wound),
            damage=decimal(f"{u.odds.expected_damage:.2f}")))
    foes, net = decimal(f"{o.expected_damage_enemies:.2f}"), decimal(f"{o.expected_damage:.2f}")
    if any(not u.enemy for u in o.under):
        lines.append("   " + _("Expected damage {enemies} to enemies, less {friends} to friends: net {net}.").format(
            enemies=foes, friends=decimal(f"{o.expected_damage_friends:.2f}"), net=net))
    else:
        lines.append("   " + _("Expected damage {enemies} to enemies: net {net}.").format(enemies=foes, net=net))
    return lines


# --- threat -------------------------------------------------------------------------------

_THREAT_VERBS = {False: (N_("seen by"), N_("shot by"), N_("charged by")), True: (N_("sees"), N_("may shoot"), N_("may charge"))}


def _threat_cover(c: str) -> str:
    return _(_COVER_WORDS[c]) if c in _COVER_WORDS else _("cover {cover}").format(cover=c)


def threat_point_line(tm: ThreatMap, p: ThreatPoint) -> str:
    """One cell of a threat map in words: who sees, shoots (weapon, hit chance, cover) and charges."""
    where = _("at {point}").format(point=_point((p.x, p.y)))
    if not p.standable:
        return _("{where}: its base does not fit there (a model, impassable terrain or the edge).").format(where=where)
    see, shoot, charge = (_(v) for v in _THREAT_VERBS[tm.reverse])
    nobody = _("nobody")

    def odds(h: float, c: str) -> str:
        if math.isnan(h) and not c:  # a map made without the detail here (the viewer while dragging)
            return _("odds not worked out")
        return _("odds unknown") if math.isnan(h) else percent(pct(h))

    shots = ", ".join(_("{model} ({weapon} {odds}, {cover})").format(model=i, weapon=weapon_name(w), odds=odds(h, c),
                                                                     cover=_threat_cover(c))
                      if c else _("{model} ({weapon} {odds})").format(model=i, weapon=weapon_name(w), odds=odds(h, c))
                      for i, w, h, c in p.shot_by)
    parts = [f"{see} {names(p.seen_by) if p.seen_by else nobody}",
             f"{shoot} {shots or nobody}", f"{charge} {names(p.charged_by) if p.charged_by else nobody}"]
    known = p.shot_by and all(h == h for _w, _i, h, _c in p.shot_by)  # NaN: the target's stats unknown
    odds_line = (_("; at least one hit {chance} % if each shoots once").format(chance=decimal(pct(p.p_any_hit)))
                 if known and not tm.reverse else "")
    return _("{where}: {parts}; threat {threat}{odds}.").format(where=where, parts=_semicolon().join(parts), threat=p.threat,
                                                               odds=odds_line)


def threat_grid(tm: ThreatMap, here: tuple[int, int] | None = None) -> list[str]:
    """The map as characters, north at the top: the threat count per cell (``.`` for 0), ``#``
    where the base does not fit, ``@`` the model's own cell."""
    rows, cols = tm.grid_shape
    threat = tm.threat
    out = []
    for r in range(rows - 1, -1, -1):
        line = []
        for c in range(cols):
            if here == (r, c):
                line.append("@")
            elif not tm.standable[r, c]:
                line.append("#")
            else:
                n = int(threat[r, c])
                line.append("." if n == 0 else (str(n) if n < 10 else "+"))
        out.append("".join(line))
    return out


def threat_lines(tm: ThreatMap, here: ThreatPoint, asked: ThreatPoint | None = None, *, grid: bool = True) -> list[str]:
    """The ``threat`` answer: what the map means, where the model stands, the share of cells at each
    threat level, the nearest cells with the least threat, each enemy's reach, and the map."""
    rows, cols = tm.grid_shape
    fits = int(tm.standable.sum())
    what = (_("whom it could see, shoot (hit odds) or charge from each cell this activation") if tm.reverse else
            _("who could see, shoot (hit odds) or charge it at each cell at their next activation"))
    lines = [(_("Threat map of {model} (reversed): {what}; {cols} x {rows} cells of {cell} cm, {fits} where its base fits"
                " (R-LOS, R-COVER, R-SHOOT, R-ACTIVATE).") if tm.reverse else
              _("Threat map of {model}: {what}; {cols} x {rows} cells of {cell} cm, {fits} where its base fits"
                " (R-LOS, R-COVER, R-SHOOT, R-ACTIVATE).")).format(
        model=tm.model, what=what, cols=cols, rows=rows, cell=_num(tm.resolution_cm), fits=fits)]
    lines.append(_("Where it stands, the cell {cell}").format(cell=threat_point_line(tm, here)))
    if asked is not None:
        lines.append(_("Asked, the cell {cell}").format(cell=threat_point_line(tm, asked)))
    if fits:
        threat = tm.threat[tm.standable]
        levels = ", ".join(f"{n}: {percent(pct(float((threat == n).sum()) / fits))}" for n in range(int(threat.max()) + 1))
        lines.append(_("Cells by threat: {levels}.").format(levels=levels))
        least = int(threat.max() if tm.reverse else threat.min())
        order = sorted((math.hypot(float(tm.xs[c]) - here.x, float(tm.ys[r]) - here.y), r, c)
                       for r in range(rows) for c in range(cols)
                       if tm.standable[r, c] and int(tm.threat[r, c]) == least)[:3]
        cells = ", ".join(_("{point} ({distance} cm)").format(point=_point((float(tm.xs[c]), float(tm.ys[r]))), distance=_num(d))
                          for d, r, c in order)
        lines.append((_("Most threatened from (threat {level}) nearest to it: {cells}.") if tm.reverse else
                      _("Safest (threat {level}) nearest to it: {cells}.")).format(level=least, cells=cells))
    for e in tm.enemies:
        sees = float(e.sees[tm.standable].mean()) if fits else 0.0
        shots = e.p_hit[e.shoots & tm.standable]
        known = shots[shots == shots]  # NaN: the target's stats unknown
        odds = (_(" (hit {low}-{high} %)").format(low=decimal(pct(float(known.min()))), high=decimal(pct(float(known.max()))))
                if len(known) else "")
        charges = float(e.charges[tm.standable].mean()) if fits else 0.0
        share = decimal(pct(float(len(shots)) / fits)) if fits else "0"
        shoots = ((_("shot from {share} %{odds}") if tm.reverse else _("shoots it at {share} %{odds}")).format(share=share, odds=odds)
                  if len(shots) else (_("never shot") if tm.reverse else _("cannot shoot it anywhere")))
        hemmed = _(" (at least: its contact ring is hemmed in)") if e.id in tm.approximate_charges else ""
        lines.append((_("- {model}: seen from {sees} % of the cells; {shoots}; charged from {charges} %{hemmed}.") if tm.reverse else
                      _("- {model}: sees it at {sees} % of the cells; {shoots}; charges it at {charges} %{hemmed}.")).format(
            model=e.id, sees=decimal(pct(sees)), shoots=shoots, charges=decimal(pct(charges)), hemmed=hemmed))
    lines += [_("(Left out: {what}.)").format(what=localized(s)) for s in tm.skipped]
    lines.append(_("Not applied: the nearest-target rule (RUL-08), which depends on every model; ask shoot for one position."))
    if grid:
        lines.append(_("Map, north at the top (threat count, . none, # its base does not fit, @ where it stands):"))
        lines += ["  " + row for row in threat_grid(tm, (here.row, here.col))]
    return lines
