"""Printable rosters of a checked warband list: profile cards (plain text, Markdown, self-contained HTML), the list's text form, its share code.

A roster is what a player brings to the table and a judge signs: each model's profile card
with its effective stats (faction modifiers applied), weapons with their stats, shield,
poisons, spice, special rules with their summaries (:data:`landsraad.specials.SPECIAL_RULES`),
the chosen kit and its cost, and, on top, the list's validity, points and hashes
(:func:`landsraad.warband.list_hash` of the list, :func:`landsraad.warband.faction_hash` of
the sheet it was checked against).

This is an output module: it reads a :class:`~landsraad.warband.Report` and never checks rules
itself. Two formats are the list itself rather than a roster: ``text`` is the paste-ready
text form (:func:`landsraad.warband.textlist.render_list_text`) and ``code`` the share code
(:func:`landsraad.warband.sharecode.share_code`); ``validate`` reads both back.

Examples
--------
>>> from landsraad.warband import parse_list, validate
>>> report = validate(parse_list("name: Duo\\nfaction: corrino\\nmodels:\\n  - type: master_assassin\\n    name: Hasimir\\n"))
>>> text = render_roster(report)
>>> print(text.splitlines()[0])
Duo - House Corrino - 4 / 15 points - VALID
>>> "Assassination: +1 damage in melee if the target carries at least one fatigue token." in text
True
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Literal

from .errors import DataError, Problem, printable
from .i18n import N_, _, language, message, number
from .model import Faction, Profile, Weapon
from .specials import SPECIAL_RULES
from .warband import RecruitedModel, Report
from .warband.report import SEVERITY_WORDS, place
from .warband.sharecode import share_code
from .warband.textlist import render_list_text

__all__ = ["FORMATS", "Format", "render_roster", "weapon_row", "stat_line"]

Format = Literal["cards", "text", "code", "markdown", "html"]
FORMATS: tuple[str, ...] = ("cards", "text", "code", "markdown", "html")
"""``cards``: profile cards as plain text; ``text``: the list's paste-ready text form; ``code``: its share code;
``markdown`` and ``html``: the cards."""

WEAPON_COLUMNS = (N_("Weapon"), N_("Range"), N_("Combat"), N_("Initiative"), N_("Damage"), N_("Notes"))
"""The weapon table's header, as the rulebook's (translated where printed)."""


def _bonus(value: int) -> str:
    return "-" if value == 0 else f"{value:+d}"


def stat_line(profile: Profile) -> str:
    """The card's characteristics in one line (R-PROFILE).

    Examples
    --------
    >>> from landsraad.content import load_faction
    >>> stat_line(load_faction("corrino").profile("soldier"))
    'Movement 10 cm, Combat +2, Reflexes +1, Endurance 3, Armour 3'
    """
    parts = [_("Movement {movement} cm").format(movement=number(profile.movement)), _("Combat {combat}").format(combat=f"{profile.combat:+d}"),
             _("Reflexes {reflexes}").format(reflexes=f"{profile.reflexes:+d}"), _("Endurance {endurance}").format(endurance=profile.endurance)]
    if profile.armour:
        parts.append(_("Armour {armour}").format(armour=profile.armour))
    return ", ".join(parts)


def weapon_row(weapon: Weapon, note: str = "") -> tuple[str, str, str, str, str, str]:
    """A weapon as the rulebook prints it: name, range, Combat, Initiative, damage, notes (R-WEAPON).

    Examples
    --------
    >>> from landsraad.content import load_faction
    >>> weapon_row(load_faction("corrino").weapon("flamethrower"), "chosen")
    ('Flamethrower*', '-', '-2', '-', '(9)', 'direct 20 template; chosen')
    """
    notes = []
    if weapon.template is not None:
        notes.append(_("{template} template").format(template=weapon.template))
    if weapon.explosive:
        notes.append(_("explosive"))
    if weapon.defence:
        notes.append(_("{defence} Combat in defence").format(defence=f"{weapon.defence:+d}"))
    if weapon.poisons:
        notes.append(_("poisons: {poisons}").format(poisons=", ".join(str(p) for p in weapon.poisons)))
    if note:
        notes.append(note)
    rng = "-" if weapon.range is None else number(weapon.range)
    return (weapon.display_name(), rng, _bonus(weapon.combat), _bonus(weapon.initiative), weapon.damage, "; ".join(notes))


@dataclass(frozen=True)
class _Card:
    title: str
    cost_line: str
    stats: str
    weapons: tuple[tuple[str, ...], ...]
    lines: tuple[tuple[str, str], ...]  # (label, value)
    rules: tuple[tuple[str, str], ...]  # (title, summary)


def _rule(name: str) -> tuple[str, str]:
    if name in SPECIAL_RULES:
        rule = SPECIAL_RULES.get(name)
        return _(rule.title), _(rule.summary)
    return name, _("(not in the special-rule registry)")


def _card(model: RecruitedModel, sheet: Faction, arrakis: bool) -> _Card:
    p = model.profile
    chosen = {w.id for w in model.chosen_weapons}
    specialist = {s.weapon: s for s in sheet.specialist_weapons}
    rows = []
    for w in model.weapons:
        note = ""
        if w.id in chosen:
            note = _("specialist weapon") if w.id in specialist else _("common weapon")
            if w.id in specialist and specialist[w.id].cost:
                note += _(", {cost} pt").format(cost=specialist[w.id].cost)
        rows.append(weapon_row(w, note))
    shield = {"full": _("full shield"), "half": _("half-shield"), "none": _("none")}[p.shield]
    if arrakis and p.shield != "none":
        shield += _(" (not used on Arrakis)")
    spice = str(model.spice)
    if model.pool_spice:
        spice += (_(" ({card} on the card + {pool} from the faction's pool)").format(card=p.spice, pool=model.pool_spice) if p.spice
                  else _(" (from the faction's pool)"))
    lines = [(_("Shield"), shield)]
    if p.poisons:
        lines.append((_("Poisons"), ", ".join(str(x) for x in p.poisons)))
    lines.append((_("Spice"), spice))
    if model.equipment:
        counts: dict[str, int] = {}
        for item in model.equipment:
            counts[item.id] = counts.get(item.id, 0) + 1
        seen = []
        for item in model.equipment:
            if item.id in seen:
                continue
            seen.append(item.id)
            n = counts[item.id]
            lines.append((_("Equipment"), _("{item} ({cost} pt): {effect}").format(
                item=f"{item.display_name()}{f' x{n}' if n > 1 else ''}", cost=item.cost * n, effect=_rule(item.effect)[1])))
    rule_names = list(p.special_rules)
    for w in model.weapons:
        rule_names += [r for r in w.special_rules if r not in rule_names]
    c = model.cost
    parts = [_("card {cost}").format(cost=c.model)]
    if c.weapons:
        parts.append(_("specialist weapon {cost}").format(cost=c.weapons))
    if c.equipment:
        parts.append(_("equipment {cost}").format(cost=c.equipment))
    total = _("{total} points").format(total=c.total)
    cost_line = (" + ".join(parts) + " = " + total) if len(parts) > 1 else total
    shown = p.display_name()  # the card's name in the reader's language (its French name, issue 40)
    title = shown if model.label == p.name else f"{model.label} - {shown}"
    return _Card(title, cost_line, stat_line(p), tuple(rows), tuple(lines), tuple(_rule(n) for n in rule_names))


def _header(report: Report, sheet: Faction) -> tuple[str, list[tuple[str, str]]]:
    warband = report.warband
    # the file's own text, escaped: a control character or bidi override reaches no terminal raw
    name = printable(warband.name) if warband and warband.name else _("Warband")
    status = _("VALID") if report.valid else _("INVALID")
    title = _("{name} - {house} - {points} / {cap} points - {status}").format(name=name, house=sheet.display_name(), points=report.points,
                                                                              cap=report.cap, status=status)
    facts = []
    if warband and warband.player:
        facts.append((_("Player"), printable(warband.player)))
    facts.append((_("Faction"), _("{house} ({id}), Honour {honour}, spice pool {doses}").format(
        house=sheet.display_name(), id=sheet.id, honour=sheet.honour, doses=sheet.spice_doses)))
    spice_title, spice_summary = _rule(sheet.spice_effect)
    facts.append((_("Spice effect"), f"{spice_title}: {spice_summary}"))
    for rule in sheet.special_rules:
        t, s = _rule(rule)
        facts.append((_("Faction rule"), f"{t}: {s}"))
    facts.append((_("Status"), _("{status}: {errors} error(s), {warnings} warning(s)").format(
        status=status, errors=len(report.errors), warnings=len(report.warnings))))
    facts.append((_("List hash"), report.list_hash or "-"))
    facts.append((_("Faction data hash"), report.data_hash or "-"))
    return title, facts


def _findings(report: Report) -> list[tuple[str, str]]:
    """Each finding: its severity code (the HTML class) and its line in the reader's language."""
    return [(f.severity, (_("{severity}: {where}: {message} [{tag}]") if f.path else _("{severity}: {message} [{tag}]")).format(
        severity=_(SEVERITY_WORDS[f.severity]), where=f.path, message=f.text, tag=f.code)) for f in report.findings]


def _unresolved(report: Report) -> list[str]:
    resolved = {m.index for m in report.models}
    return [_("{place}: {label} (type '{type}' is not in the barracks)").format(place=place(c.path), label=c.label, type=c.type)
            for c in report.breakdown if c.index not in resolved]


def render_roster(report: Report, fmt: Format = "cards", *, arrakis: bool = False) -> str:
    """The printable roster of a checked list, in one of :data:`FORMATS`.

    The report must know its faction sheet (a list whose faction is unknown or whose file is
    unreadable has no roster: :class:`~landsraad.errors.DataError`). An invalid list gets a
    roster too, marked INVALID with its problems listed.

    Examples
    --------
    >>> from landsraad.warband import check_text
    >>> render_roster(check_text("faction: nowhere\\nmodels: [type: scout]\\n", "x.yaml"))
    Traceback (most recent call last):
    ...
    landsraad.errors.DataError: x.yaml: A roster needs a list whose faction is known; this one has 1 error(s): Unknown faction 'nowhere'. ...
    """
    if report.sheet is None:
        first = report.errors[0].text if report.errors else _("no faction.")
        raise DataError([Problem(report.source, "", _("A roster needs a list whose faction is known; this one has {count} error(s): {first}")
                                 .format(count=len(report.errors), first=first))])
    if fmt not in FORMATS:
        raise ValueError(message("Unknown roster format {format}; valid formats are: {formats}.", format=repr(fmt), formats=", ".join(FORMATS)))
    if fmt == "text":
        return render_list_text(report)
    if fmt == "code":
        if report.warband is None:
            raise DataError([Problem(report.source, "", _("A share code needs a readable list."))])
        return share_code(report.warband) + "\n"
    sheet = report.sheet
    title, facts = _header(report, sheet)
    cards = [_card(m, sheet, arrakis) for m in report.models]
    findings, unresolved = _findings(report), _unresolved(report)
    if fmt == "cards":
        return _text(title, facts, cards, findings, unresolved)
    if fmt == "markdown":
        return _markdown(title, facts, cards, findings, unresolved)
    return _html(title, facts, cards, findings, unresolved, report.valid)


def _table_text(header: tuple[str, ...], rows: tuple[tuple[str, ...], ...], indent: str) -> list[str]:
    widths = [max(len(r[i]) for r in (header,) + rows) for i in range(len(header))]
    fmt = lambda r: indent + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()  # noqa: E731
    return [fmt(header)] + [fmt(r) for r in rows]


def _columns() -> tuple[str, ...]:
    return tuple(_(c) for c in WEAPON_COLUMNS)


def _fact(label: str, value: str) -> str:
    """``label: value``, with the reader's language's spacing (``label : value`` in French)."""
    return _("{label}: {value}").format(label=label, value=value)


def _text(title: str, facts: list[tuple[str, str]], cards: list[_Card], findings: list[tuple[str, str]], unresolved: list[str]) -> str:
    out = [title, "=" * len(title)]
    out += [_fact(k, v) for k, v in facts]
    for card in cards:
        head = f"{card.title} ({card.cost_line})"
        out += ["", head, "-" * len(head), "  " + card.stats]
        if card.weapons:
            out += _table_text(_columns(), card.weapons, "  ")
        out += ["  " + _fact(k, v) for k, v in card.lines]
        if card.rules:
            out.append("  " + _("Special rules:"))
            out += ["    " + _fact(t, s) for t, s in card.rules]
    if unresolved:
        out += ["", _("Models without a card:")] + [f"  {u}" for u in unresolved]
    if findings:
        out += ["", _("Problems:")] + [f"  {f}" for _severity, f in findings]
    return "\n".join(out) + "\n"


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("*", "\\*")


def _markdown(title: str, facts: list[tuple[str, str]], cards: list[_Card], findings: list[tuple[str, str]], unresolved: list[str]) -> str:
    out = [f"# {_md_cell(title)}", ""]
    out += [f"- **{k}:** {_md_cell(v)}" for k, v in facts]
    for card in cards:
        out += ["", f"## {_md_cell(card.title)}", "", f"*{card.cost_line}*", "", card.stats, ""]
        if card.weapons:
            out.append("| " + " | ".join(_columns()) + " |")
            out.append("|" + "---|" * len(WEAPON_COLUMNS))
            out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in card.weapons]
            out.append("")
        out += [f"- **{k}:** {_md_cell(v)}" for k, v in card.lines]
        if card.rules:
            out += ["", "**" + _("Special rules") + "**", ""] + [f"- *{_md_cell(t)}*: {_md_cell(s)}" for t, s in card.rules]
    if unresolved:
        out += ["", "## " + _("Models without a card"), ""] + [f"- {_md_cell(u)}" for u in unresolved]
    if findings:
        out += ["", "## " + _("Problems"), ""] + [f"- {_md_cell(f)}" for _severity, f in findings]
    return "\n".join(out) + "\n"


_CSS = """
body { font-family: Georgia, 'Times New Roman', serif; margin: 1.5em; color: #222; }
h1 { font-size: 1.4em; border-bottom: 2px solid #7a5c2e; padding-bottom: .2em; }
h1.invalid { color: #a00; border-color: #a00; }
dl.facts { display: grid; grid-template-columns: max-content auto; gap: .1em 1em; font-size: .9em; }
dl.facts dt { font-weight: bold; }
dl.facts dd { margin: 0; }
.cards { display: flex; flex-wrap: wrap; gap: 1em; }
.card { border: 1px solid #7a5c2e; border-radius: 6px; padding: .6em .8em; width: 30em; break-inside: avoid; page-break-inside: avoid; }
.card h2 { font-size: 1.1em; margin: 0 0 .2em 0; }
.cost { font-style: italic; font-size: .9em; margin: 0 0 .4em 0; }
table { border-collapse: collapse; font-size: .85em; margin: .3em 0; }
th, td { border: 1px solid #bbb; padding: .1em .4em; text-align: left; }
th { background: #efe6d6; }
ul { margin: .2em 0; padding-left: 1.2em; font-size: .9em; }
.problems li.error { color: #a00; }
.hash { font-family: monospace; }
@media print { body { margin: 0; } .card { border-color: #000; } }
"""


def _html(title: str, facts: list[tuple[str, str]], cards: list[_Card], findings: list[tuple[str, str]], unresolved: list[str], valid: bool) -> str:
    e = html.escape
    invalid = "" if valid else " class=\"invalid\""
    out = ["<!DOCTYPE html>", f"<html lang=\"{language()}\">", "<head>", "<meta charset=\"utf-8\">", f"<title>{e(title)}</title>",
           f"<style>{_CSS}</style>", "</head>", "<body>", f"<h1{invalid}>{e(title)}</h1>", "<dl class=\"facts\">"]
    hashes = (_("List hash"), _("Faction data hash"))
    for k, v in facts:
        cls = " class=\"hash\"" if k in hashes else ""
        out.append(f"<dt>{e(k)}</dt><dd{cls}>{e(v)}</dd>")
    out += ["</dl>", "<div class=\"cards\">"]
    for card in cards:
        out += ["<section class=\"card\">", f"<h2>{e(card.title)}</h2>", f"<p class=\"cost\">{e(card.cost_line)}</p>",
                f"<p>{e(card.stats)}</p>"]
        if card.weapons:
            out.append("<table><tr>" + "".join(f"<th>{e(c)}</th>" for c in _columns()) + "</tr>")
            out += ["<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in card.weapons]
            out.append("</table>")
        out.append("<ul>" + "".join(f"<li><b>{e(k)}:</b> {e(v)}</li>" for k, v in card.lines) + "</ul>")
        if card.rules:
            out.append("<p><b>" + e(_("Special rules")) + "</b></p><ul>" + "".join(f"<li><i>{e(t)}</i>: {e(s)}</li>" for t, s in card.rules) + "</ul>")
        out.append("</section>")
    out.append("</div>")
    if unresolved:
        out.append("<h2>" + e(_("Models without a card")) + "</h2><ul>" + "".join(f"<li>{e(u)}</li>" for u in unresolved) + "</ul>")
    if findings:
        out.append("<h2>" + e(_("Problems")) + "</h2><ul class=\"problems\">"
                   + "".join(f"<li class=\"{severity}\">{e(f)}</li>" for severity, f in findings) + "</ul>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"
