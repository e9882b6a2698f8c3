"""Template shots for the advisor (:mod:`landsraad.table.advice`): where to aim a blast or a direct-fire
line, every model under it with its own odds, friendly fire taken off; from where the model stands,
or with the free move before or after (R-TEMPLATE, RUL-19, RUL-09, R-LASER, PRJ-24, R-ACTIVATE).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Literal

from shapely.geometry.base import BaseGeometry

from ..errors import RuleError
from ..geometry import sight, templates
from ..geometry.board import Board, Point
from ..geometry.measure import edge_distance, report_cm
from ..i18n import N_, Message, Numeral, joined, message
from ..model import Weapon
from ..odds import ShotOdds, shot_odds
from ..rules.shooting import Cover, LaserMode, dodge_distance, laser_blast_problem, range_band
from ..rules.state import Combatant
from .advice_core import Option, Risk, TableRead, fmt_cm, xy

__all__ = ["TEMPLATE_AIMS", "UnderTemplate", "TemplateOption", "template_options", "moved_template_options"]

TEMPLATE_AIMS = 8
"""The most template options kept for each weapon (each a different set of models under it)."""

_NUDGE_CM = 0.05
"""How far a candidate aim is set off a boundary point so that it is clearly on one side of it."""


def _ceil_cm(x: float) -> float:
    """Rounded up to 0.01 cm: an escape distance printed this way compares with every whole dodge
    (RUL-09: neutral die + Reflexes) as the exact one does, so the command line reproduces the odds."""
    return math.ceil(round(x * 100, 6)) / 100


@dataclass(frozen=True)
class UnderTemplate:
    """One model under a template shot: its side, cover, how far it must dodge to get out, and its odds.

    ``escape_cm`` is the cheapest move that takes its base wholly out of the template
    (:func:`landsraad.geometry.templates.dodge_out`, rounded up to 0.01 cm), ``None`` when no
    move within its largest dodge (10 + Reflexes, RUL-09) does. ``odds`` are those of a single
    shot at it (one attack roll for all, each model its own defence and dodge rolls: each
    model's odds are exactly a single shot's, R-TEMPLATE); ``None`` when it has no profile.
    """

    model: str
    enemy: bool
    cover: str
    escape_cm: float | None
    max_dodge_cm: float
    odds: ShotOdds | None
    commands: tuple[str, ...] = ()

    @property
    def expected_damage(self) -> float:
        """Its expected damage (0 when its stats are unknown)."""
        return self.odds.expected_damage if self.odds is not None else 0.0

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data."""
        o = self.odds
        return {"model": self.model, "enemy": self.enemy, "cover": self.cover, "escape_cm": self.escape_cm,
                "max_dodge_cm": self.max_dodge_cm, "odds_known": o is not None,
                "p_hit": o.p_hit if o else None, "p_struck": o.p_struck if o else None,
                "wound": dict(o.wound) if o else None, "expected_damage": o.expected_damage if o else None,
                "commands": list(self.commands)}


@dataclass(frozen=True)
class TemplateOption(Option):
    """A template shot from where the model stands (R-TEMPLATE): where it is aimed, every model under it.

    ``target`` is the enemy under it with the most expected damage; ``p_hit`` and ``wound`` are
    that model's (``p_hit`` counts a model caught by a dodge too short, ``p_struck``);
    ``expected_damage``, by which it is ranked, is the sum over the enemies under it less the sum
    over the friendly models under it (friendly fire).
    """

    template: Literal["blast", "direct"] = "blast"
    aim: Point | None = None
    """The blast's centre, or the point a direct-fire line is aimed at (its far end)."""
    laser_mode: LaserMode = "burn"
    weapon_id: str = ""
    under: tuple[UnderTemplate, ...] = ()
    shape: BaseGeometry | None = field(default=None, compare=False, repr=False)  # the template's shapely geometry (pictures)

    def _main(self) -> UnderTemplate | None:
        return next((u for u in self.under if u.model == self.target), None)

    @property
    def p_hit(self) -> float:
        """The chance the main target is struck (hit, or caught by a dodge too short)."""
        main = self._main()
        return main.odds.p_struck if main is not None and main.odds is not None else 0.0

    @property
    def wound(self) -> dict[str, float]:
        """What the main target suffers, by level."""
        main = self._main()
        return dict(main.odds.wound) if main is not None and main.odds is not None else {}

    @property
    def expected_damage_enemies(self) -> float:
        """The expected damage dealt to the enemies under it."""
        return sum(u.expected_damage for u in self.under if u.enemy)

    @property
    def expected_damage_friends(self) -> float:
        """The expected damage dealt to the models under it that are not enemies (friendly fire)."""
        return sum(u.expected_damage for u in self.under if not u.enemy)

    @property
    def expected_damage(self) -> float:
        """Net: to the enemies under it, less to the friends under it."""
        return self.expected_damage_enemies - self.expected_damage_friends

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data: :meth:`Option.to_dict` and the template, the aim, every model under it."""
        return {**super().to_dict(), "template": self.template,
                "aim": xy(self.aim) if self.aim is not None else None, "laser_mode": self.laser_mode,
                "expected_damage_enemies": self.expected_damage_enemies,
                "expected_damage_friends": self.expected_damage_friends,
                "under": [u.to_dict() for u in self.under]}


def _template_weapons(t: TableRead, model_id: str) -> list[tuple[Weapon, Literal["blast", "direct"], LaserMode]]:
    """The model's template shots: each template weapon, and each laser's explosive blast (R-LASER)."""
    out: list[tuple[Weapon, Literal["blast", "direct"], LaserMode]] = []
    for w in t.weapons(model_id):
        if w.template is not None:
            out.append((w, w.template.kind, "burn"))
        elif w.laser:
            out.append((w, "blast", "explosive"))
    return out


def _blast_aims(board: Board, model_id: str, weapon: Weapon, enemies: set[str], tolerance: float) -> list[Point]:
    """Candidate centres of a blast: every enemy's centre; each pair of models' touching circles'
    crossings set just inside or outside each (so every set of models one blast can cover, with or
    without a neighbour, has a candidate); the midpoint of two enemies one blast can cover; and where
    the line to an enemy crosses a range band's limit (R-SHOOT), if still over it."""
    me = board.base(model_id)
    others = [b for b in board.bases if b.id != model_id]
    reach = {b.id: templates.BLAST_RADIUS_CM + b.radius + tolerance for b in others}
    pts: list[Point] = []
    for b in others:
        if b.id in enemies:
            pts.append((b.x, b.y))
            # off its centre, so that a neighbour may be left out and the enemy still deep under it
            pts += [(b.x + r * math.cos(math.radians(a)), b.y + r * math.sin(math.radians(a)))
                    for r in (1.5, 3.0, 4.5) for a in range(0, 360, 30)]
            d = math.hypot(b.x - me.x, b.y - me.y)
            if weapon.range_cm and d > 0:
                k = 1
                while k * weapon.range_cm + me.radius < d + reach[b.id] and k < 10:
                    s = k * weapon.range_cm + me.radius - _NUDGE_CM
                    if abs(d - s) < reach[b.id]:
                        pts.append((me.x + (b.x - me.x) * s / d, me.y + (b.y - me.y) * s / d))
                    k += 1
    for i, a in enumerate(others):
        for b in others[i + 1:]:
            if a.id not in enemies and b.id not in enemies:
                continue
            ra, rb = reach[a.id], reach[b.id]
            d = math.hypot(b.x - a.x, b.y - a.y)
            if d >= ra + rb or d <= abs(ra - rb) or d == 0:
                continue
            if a.id in enemies and b.id in enemies:
                pts.append(((a.x + b.x) / 2, (a.y + b.y) / 2))
            along = (d * d + ra * ra - rb * rb) / (2 * d)
            h = math.sqrt(max(ra * ra - along * along, 0.0))
            ux, uy = (b.x - a.x) / d, (b.y - a.y) / d
            for sign in (1, -1):
                px, py = a.x + along * ux - sign * h * uy, a.y + along * uy + sign * h * ux
                for ang in range(0, 360, 45):
                    pts.append((px + _NUDGE_CM * math.cos(math.radians(ang)), py + _NUDGE_CM * math.sin(math.radians(ang))))
    w, depth = board.width, board.depth
    return [(round(x, 2), round(y, 2)) for x, y in pts if 0 <= x <= w and 0 <= y <= depth]


def _direct_aims(board: Board, model_id: str, length: float, enemies: set[str], tolerance: float) -> list[Point]:
    """Candidate points a direct-fire template is aimed at, its far end: toward every enemy's centre, and
    just inside and outside each model's touching wedge (so every set of models one line can touch
    has a candidate, R-TEMPLATE, RUL-19)."""
    me = board.base(model_id)
    angles: list[float] = []
    for b in board.bases:
        if b.id == model_id:
            continue
        d = math.hypot(b.x - me.x, b.y - me.y)
        r = b.radius + tolerance
        if d <= 0 or d - r > me.radius + length:
            continue
        bearing = math.atan2(b.y - me.y, b.x - me.x)
        if b.id in enemies:
            angles.append(bearing)
        half = math.asin(min(1.0, r / d))
        nudge = _NUDGE_CM / d
        angles += [bearing + s * (half + e) for s in (1, -1) for e in (-nudge, nudge)]
    end = me.radius + length
    return [(round(me.x + end * math.cos(a), 2), round(me.y + end * math.sin(a), 2)) for a in angles]


_COVER = {"none": N_("cover none"), "small": N_("cover small"), "large": N_("cover large")}
"""The cover class in a reason (its code in English, the rulebook's words in French: the odds line's words)."""


def _cm(x: float) -> Numeral:
    """A length or coordinate as the command lines write it (:func:`.advice_core.fmt_cm`), in the reader's decimals."""
    return Numeral(fmt_cm(x))


def _under(t: TableRead, u: UnderTemplate) -> Message:
    """A model under the template in a reason: friend or enemy, and its cover."""
    cover = message(_COVER[u.cover]) if u.cover in _COVER else message("cover {cover}", cover=u.cover)
    return (message("{model} (enemy, {cover})", model=t.named(u.model), cover=cover) if u.enemy else
            message("{model} (friend, {cover})", model=t.named(u.model), cover=cover))


def template_options(t: TableRead, model_id: str, enemies: tuple[str, ...], risk: Risk, *, board: Board | None = None,
                      aims: dict[tuple[str, str], list[Point]] | None = None, exact: bool = True) -> list[TemplateOption]:
    """Every template shot from where the model stands (R-TEMPLATE, RUL-19, RUL-09, R-LASER, PRJ-24).

    For each template weapon (and a laser's explosive blast), the candidate aims of
    :func:`_blast_aims` / :func:`_direct_aims` are grouped by the set of models under them
    (:func:`landsraad.geometry.templates.under_blast`, ``under_direct``: the shooter never, a direct
    line only models in sight); each set with an enemy is weighed at its most promising aim (the
    straight-line escape bound, :func:`~landsraad.geometry.templates.dodge_lower_bound`), then exactly:
    each model's cheapest way out (``dodge_out``) and its single-shot odds (:func:`landsraad.odds.shot_odds`
    with ``escape_cm``) on the cover it has from the shooter (none in sight: large, PRJ-24) and the
    distance from the shooter's base to the aim (0 for a direct-fire line). The best
    :data:`TEMPLATE_AIMS` sets of each weapon are kept.

    ``board`` is the table the model shoots on (default: the scene's; a moved model's for a move
    first); ``aims`` the candidates to weigh by ``(weapon id, laser mode)`` instead of the generated
    ones; ``exact=False`` keeps the straight-line escape bound in the options (a quick ranking).
    """
    board = board if board is not None else t.board
    tolerance = t.ruleset.contact_tolerance_cm
    side = board.base(model_id).side
    enemy_set = set(enemies)
    me = board.base(model_id)
    people = {b.id: t.combatant(b.id, t.melee_weapon(b.id)) for b in board.bases
              if b.id != model_id and t.spec(b.id).card is not None}
    covers: dict[str, Cover] = {}
    options: list[TemplateOption] = []
    if any(edge_distance(b, me) <= tolerance + 1e-9 for b in board.bases if b.side is not None and b.side != side):
        return options  # R-SHOOT: no shooting with an enemy in contact
    for weapon, kind, laser_mode in _template_weapons(t, model_id):
        w = _Weigher(t, board, model_id, weapon, kind, laser_mode, people, covers, enemy_set)
        if aims is not None:
            candidates = aims.get((weapon.id, laser_mode), [])
        elif kind == "blast":
            candidates = _blast_aims(board, model_id, weapon, enemy_set, tolerance)
        else:
            assert weapon.template is not None
            candidates = _direct_aims(board, model_id, weapon.template.size_cm, enemy_set, tolerance)
        best: dict[frozenset[str], tuple[float, float, Point]] = {}
        for aim in dict.fromkeys(candidates):
            shape, hit, distance = w.shape_at(aim)
            if not any(h in enemy_set for h in hit) or not w.legal(hit):
                continue
            quick, _ = w.score(hit, shape, distance, exact=False)
            key = frozenset(hit)
            rank = (quick, -distance)
            if key not in best or rank > best[key][:2]:
                best[key] = (quick, -distance, aim)
        # a set is left out when another with the same enemies and fewer other models is expected to do as well
        for key in [k for k in best if any(o < k and o & enemy_set == k & enemy_set and best[o][0] >= best[k][0]
                                               for o in best)]:
            del best[key]
        kept = sorted(best.values(), key=lambda v: (-v[0], v[1]))[:TEMPLATE_AIMS]
        for _, _, aim in kept:
            shape, hit, distance = w.shape_at(aim)
            _, escapes = w.score(hit, shape, distance, exact=exact)
            options.append(_template_option(w, aim, shape, hit, distance, escapes, risk))
    return options


class _Weigher:
    """One template weapon of the acting model on one table: who is under an aim, each one's cover
    (from the shooter), way out and odds (cached: many aims share a model, a distance and an escape)."""

    def __init__(self, t: TableRead, board: Board, model_id: str, weapon: Weapon, kind: Literal["blast", "direct"],
                 laser_mode: LaserMode, people: dict[str, Combatant], covers: dict[str, Cover], enemies: set[str]):
        self.t, self.board, self.model_id, self.weapon, self.kind, self.laser_mode = t, board, model_id, weapon, kind, laser_mode
        self.people, self.covers, self.enemies = people, covers, enemies
        self.shooter = t.combatant(model_id, weapon)
        self.tolerance = t.ruleset.contact_tolerance_cm
        self.odds_cache: dict[tuple[str, float, str, float | None], ShotOdds | None] = {}
        self.quick_cache: dict[tuple[str, int, str, tuple[bool, ...]], ShotOdds | None] = {}

    def cover_of(self, m: str) -> Cover:
        if m not in self.covers:
            c = sight.cover(self.board, self.model_id, m, models_block=self.t.ruleset.models_block_sight).cover
            self.covers[m] = "large" if c == "no_line_of_sight" else c  # PRJ-24: unseen under a blast
        return self.covers[m]

    def odds_of(self, m: str, distance: float, escape: float | None) -> ShotOdds | None:
        key = (m, distance, self.cover_of(m), escape)
        if key not in self.odds_cache:
            try:
                self.odds_cache[key] = shot_odds(self.shooter, self.people[m], distance_cm=distance, cover=self.cover_of(m),
                                                 laser_mode=self.laser_mode, escape_cm=escape, ruleset=self.t.ruleset)
            except RuleError:
                self.odds_cache[key] = None
        return self.odds_cache[key]

    def quick_odds(self, m: str, distance: float, escape: float) -> ShotOdds | None:
        """The odds for ranking aims: the same as :meth:`odds_of` for every distance in one range band and
        every escape that the same dodges (neutral 1 to 10 + Reflexes) reach, so those are computed once."""
        band = range_band(distance, self.weapon.range_cm)
        reached = tuple(dodge_distance(self.people[m], n, self.t.ruleset) >= escape - 1e-9 for n in range(1, 11))
        key = (m, band, self.cover_of(m), reached)
        if key not in self.quick_cache:
            self.quick_cache[key] = self.odds_of(m, distance, escape)
        return self.quick_cache[key]

    def max_dodge(self, m: str) -> float:
        """Its largest dodge: a neutral 10 + Reflexes (RUL-09)."""
        return dodge_distance(self.people[m], 10, self.t.ruleset) if m in self.people else 10.0

    def shape_at(self, aim: Point) -> tuple[BaseGeometry, tuple[str, ...], float]:
        """The template aimed at ``aim``, the models under it (never the shooter) and the distance the odds use."""
        board, me = self.board, self.board.base(self.model_id)
        if self.kind == "blast":
            hit = tuple(h for h in templates.under_blast(board, aim, tolerance_cm=self.tolerance) if h != self.model_id)
            distance = report_cm(max(0.0, math.hypot(aim[0] - me.x, aim[1] - me.y) - me.radius))
            return templates.blast_shape(aim), hit, distance
        assert self.weapon.template is not None
        length = self.weapon.template.size_cm
        hit = tuple(h for h in templates.under_direct(board, self.model_id, aim, length, tolerance_cm=self.tolerance,
                                                      models_block=self.t.ruleset.models_block_sight) if h != self.model_id)
        return templates.direct_shape(board, self.model_id, aim, length), hit, 0.0

    def legal(self, hit: tuple[str, ...]) -> bool:
        """R-LASER: an explosive blast may cover no shielded model."""
        if self.laser_mode != "explosive":
            return True
        return laser_blast_problem(self.shooter, [self.people[h] for h in hit if h in self.people],
                                   laser_mode="explosive", ruleset=self.t.ruleset) is None

    def score(self, hit: tuple[str, ...], shape: BaseGeometry, distance: float,
              exact: bool) -> tuple[float, dict[str, float | None]]:
        """The net expected damage and each known model's way out (``None``: none within its largest dodge);
        ``exact`` the cheapest legal move out, else the straight-line bound."""
        total, escapes = 0.0, {}
        for h in hit:
            if h not in self.people:
                continue
            if exact:
                out = templates.dodge_out(self.board, h, shape, self.max_dodge(h), tolerance_cm=self.tolerance)
                far = out.shortest_cm
            else:
                far = max(templates.dodge_lower_bound(self.board, h, shape, tolerance_cm=self.tolerance), 0.0)
            e = _ceil_cm(far) if math.isfinite(far) and far <= self.max_dodge(h) else None
            escapes[h] = e
            used = e if e is not None else self.max_dodge(h) + 1
            o = self.odds_of(h, distance, used) if exact else self.quick_odds(h, distance, used)
            total += (o.expected_damage if o else 0.0) * (1 if h in self.enemies else -1)
        return total, escapes


def _template_option(w: _Weigher, aim: Point, shape: BaseGeometry, hit: tuple[str, ...], distance: float,
                     escapes: dict[str, float | None], risk: Risk) -> TemplateOption:
    """One template shot, worded into its per-model odds, reasons and command lines."""
    t, board, model_id, weapon, kind, laser_mode = w.t, w.board, w.model_id, w.weapon, w.kind, w.laser_mode
    enemy_set, cover_of, odds_of, max_dodge = w.enemies, w.cover_of, w.odds_of, w.max_dodge
    scene = t.name
    under: list[UnderTemplate] = []
    unknown: list[str] = []
    laser = " --laser-mode explosive" if laser_mode == "explosive" else ""
    for h in hit:
        if h not in escapes:
            unknown.append(h)
            under.append(UnderTemplate(h, h in enemy_set, cover_of(h), None, 10.0, None))
            continue
        e = escapes[h]
        used = e if e is not None else max_dodge(h) + 1
        odds = odds_of(h, distance, used)
        cmd = (f"landsraad odds shoot --attacker {t.spec(model_id).profile} --weapon {t.weapon_ref(model_id, weapon)}"
               f" --target {t.spec(h).profile} --distance {fmt_cm(distance)} --cover {cover_of(h)} --escape-cm {fmt_cm(used)}{laser}")
        under.append(UnderTemplate(h, h in enemy_set, cover_of(h), e, max_dodge(h), odds, (cmd,)))
    known = [u for u in under if u.odds is not None and u.enemy]
    main = max(known, key=lambda u: u.expected_damage, default=None)
    dodges = " ".join(f"{u.model}={fmt_cm(u.max_dodge_cm)}" for u in under if u.odds is not None)
    transparent = "" if t.ruleset.models_block_sight else " --models-transparent"
    if kind == "blast":
        tcmd = f"landsraad template {scene} --blast {fmt_cm(aim[0])},{fmt_cm(aim[1])}"
        what = message("a blast (5 cm radius) at {x}, {y}, {distance} cm from {model}'s base", x=_cm(aim[0]), y=_cm(aim[1]),
                       distance=_cm(distance), model=t.named(model_id))
    else:
        assert weapon.template is not None
        tcmd = (f"landsraad template {scene} --direct {model_id} --toward {fmt_cm(aim[0])},{fmt_cm(aim[1])}"
                f" --length {fmt_cm(weapon.template.size_cm)}{transparent}")
        what = message("a direct-fire line of {length} cm toward {x}, {y}", length=_cm(weapon.template.size_cm),
                       x=_cm(aim[0]), y=_cm(aim[1]))
    if dodges:
        tcmd += f" --dodge {dodges}"
    friends = [u.model for u in under if not u.enemy]
    reasons = [message("the Shoot action: {what}; a template aims at a point, the nearest-target rule does not apply"
                       " (R-TEMPLATE, RUL-08)", what=what),
               message("under it: {models} (RUL-19); one attack roll, each its own dodge (RUL-09)", models=joined(", ", [_under(t, u) for u in under]))]
    if friends:
        reasons.append(message("friendly fire on {models}: their expected damage is taken off", models=t.named_all(friends)))
    if unknown:
        reasons.append(message("{models} also under it, no profile: its odds are unknown", models=t.named_all(unknown)))
    if laser_mode == "explosive":
        reasons.append(message("the laser's explosive mode: a blast that may cover no shielded model (R-LASER)"))
    here = board.base(model_id).center
    return TemplateOption("template", here, risk, main.model if main else None, weapon.name, here, distance, main.cover if main else None, (), None,
                          tuple(reasons), (tcmd, *(c for u in under for c in u.commands)),
                          template=kind, aim=aim, laser_mode=laser_mode, weapon_id=weapon.id, under=tuple(under), shape=shape)




def moved_template_options(t: TableRead, model_id: str, enemies: tuple[str, ...], standing: list[TemplateOption],
                            boards: dict[Point, Board], risk_at: Callable[[Point], Risk], here_risk: Risk) -> list[Option]:
    """Template shots with the free move (R-ACTIVATE): before the shot, to a sampled point of the reach
    region; after it, to the sampled point with the least risk.

    ``move_then_template``: at each sampled point (``boards``, the model moved there), the blasts are
    aimed where they were weighed from where it stands (the models under a blast do not depend on the
    shooter; its cover and distance do), direct-fire lines at candidates from there. The best point
    for each weapon and set of models under it (most expected damage by the quick bound, then the
    least risk, then the shortest move) is weighed exactly, and listed when it beats every template
    shot of that weapon from where it stands (more net expected damage, or as much and less risk).
    A direct-fire line after a move gives no ``template`` command line (that command reads the
    shooter where the scene has it); its odds command lines hold.
    ``template_then_move``: each template shot from where it stands, then the move to safety, when
    that point is less at risk.
    """
    out: list[Option] = []
    if not boards:
        return out
    start = t.board.base(model_id).center
    tolerance = t.ruleset.contact_tolerance_cm
    enemy_set = set(enemies)

    def move_command(p: Point) -> str:
        return f"landsraad move {t.name} {model_id} --to {fmt_cm(p[0])},{fmt_cm(p[1])}"

    def far(p: Point) -> float:
        return math.hypot(p[0] - start[0], p[1] - start[1])

    safest = min(boards, key=lambda p: (risk_at(p).count, far(p)))
    if risk_at(safest).count < here_risk.count:
        for o in standing:
            out.append(replace(o, kind="template_then_move", end=safest, risk=risk_at(safest),
                               reasons=(message("the Shoot action, then the free move out of reach (R-ACTIVATE)"), *o.reasons),
                               commands=(*o.commands, move_command(safest))))
    blast_aims: dict[tuple[str, str], list[Point]] = {}
    for o in standing:
        if o.template == "blast" and o.aim is not None:
            blast_aims.setdefault((o.weapon_id, o.laser_mode), []).append(o.aim)
    direct = [(w, m) for w, kind, m in _template_weapons(t, model_id) if kind == "direct" and w.template is not None]
    best: dict[tuple[str, str, frozenset[str]], tuple[tuple[float, int, float], Point, Point]] = {}
    for p, b in boards.items():
        aims = dict(blast_aims)
        for w, mode in direct:
            assert w.template is not None
            aims[(w.id, mode)] = _direct_aims(b, model_id, w.template.size_cm, enemy_set, tolerance)
        for o in template_options(t, model_id, enemies, risk_at(p), board=b, aims=aims, exact=False):
            assert o.aim is not None
            key = (o.weapon_id, o.laser_mode, frozenset(u.model for u in o.under))
            score = (round(o.expected_damage, 9), -o.risk.count, -far(p))
            if key not in best or score > best[key][0]:
                best[key] = (score, p, o.aim)
    here: dict[tuple[str, str], tuple[float, int]] = {}
    for o in standing:
        k = (o.weapon_id, o.laser_mode)
        here[k] = max(here.get(k, (-math.inf, 0)), (round(o.expected_damage, 9), -o.risk.count))
    kept = sorted(best.items(), key=lambda kv: kv[1][0], reverse=True)
    counts: dict[tuple[str, str], int] = {}
    for (wid, lmode, _), (_, p, aim) in kept:
        if counts.get((wid, lmode), 0) >= TEMPLATE_AIMS:
            continue
        for o in template_options(t, model_id, enemies, risk_at(p), board=boards[p], aims={(wid, lmode): [aim]}):
            if (round(o.expected_damage, 9), -o.risk.count) <= here.get((wid, lmode), (-math.inf, 0)):
                continue
            counts[(wid, lmode)] = counts.get((wid, lmode), 0) + 1
            commands = o.commands if o.template == "blast" else o.commands[1:]
            out.append(replace(o, kind="move_then_template", end=p, at=p,
                               reasons=(message("the free move first, then the Shoot action (R-ACTIVATE)"), *o.reasons),
                               commands=(move_command(p), *commands)))
    return out
