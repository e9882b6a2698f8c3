"""The command line's argument parser, in the reader's language.

argparse writes a few words of its own: the ``usage:`` heading, the ``positional arguments`` and
``options`` sections, the ``-h`` and ``--version`` lines, its error messages (a missing
argument, an unknown choice) and the metavar of an option given none (its name in capitals:
``--games GAMES``; French help says ``--games N``, :data:`METAVARS`). It translates them with the standard :mod:`gettext` domain, which
landsraad does not install; :class:`Parser` and :class:`Formatter` give argparse those words from
landsraad's own catalog instead (:mod:`landsraad.i18n`), through argparse's public hooks: the
``add_argument_group`` and ``error`` methods, the formatter's ``add_usage`` prefix, and help
strings passed explicitly. Every other help text is marked at its source (``help=_("...")``), so
``landsraad --help`` and each command's help read in the language chosen before the parser is
built (``--lang``, else the locale).

Examples
--------
>>> from landsraad.i18n import use_language
>>> with use_language("fr"):
...     print(translate_argparse_error("the following arguments are required: scene, model"))
les arguments suivants sont obligatoires : scene, model
>>> with use_language("fr"):
...     print(translate_argparse_error("argument --seed: invalid int value: 'x'"))
argument --seed : valeur de type int invalide : 'x'
>>> translate_argparse_error("argument --seed: invalid int value: 'x'")
"argument --seed: invalid int value: 'x'"
"""

from __future__ import annotations

import argparse
import re
from typing import Any, Iterable, NoReturn

from ..errors import quoted, truncate
from ..i18n import N_, SOURCE_LANGUAGE, _, language

__all__ = ["Parser", "Formatter", "translate_argparse_error", "MAX_ERROR_LINE", "METAVARS"]

MAX_ERROR_LINE = 1_000
"""The most characters of one line of an error message."""

_SECTION_TITLES = {"positional arguments": N_("positional arguments"), "options": N_("options")}
"""argparse's two default sections, by the English title argparse gives them."""

METAVARS: dict[str, str] = {
    "BLUE": N_("BLUE"), "RED": N_("RED"), "BLUE_PLAYER": N_("BLUE_PLAYER"), "RED_PLAYER": N_("RED_PLAYER"),
    "CITY": N_("CITY"), "CLUB": N_("CLUB"), "DRILL": N_("DRILL"), "FACTIONS": N_("FACTIONS"), "GAMES": N_("GAMES"),
    "LOG": N_("LOG"), "MAP": N_("MAP"), "NAME": N_("NAME"), "OPPONENT": N_("OPPONENT"), "PLAYERS": N_("PLAYERS"),
    "RESUME": N_("RESUME"), "SAVE": N_("SAVE"), "SCENE": N_("SCENE"), "SEED": N_("SEED"), "SVG": N_("SVG"),
    "SVG_DIR": N_("SVG_DIR"), "WORKERS": N_("WORKERS"),
}
"""The metavars argparse makes for the options given none (the option's name in capitals), as catalog ids: French
help reads ``--games N``, ``--seed GRAINE``, ``--save FICHIER``; English help keeps argparse's own, byte for byte."""

_QUOTED = re.compile(r"'([^']*)'")
"""A value argparse quotes in its messages."""

_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), template) for pattern, template in (
        (r"^argument (?P<argument>.+?): (?P<message>.*)$", N_("argument {argument}: {message}")),
        (r"^the following arguments are required: (?P<arguments>.*)$", N_("the following arguments are required: {arguments}")),
        (r"^unrecognized arguments: (?P<arguments>.*)$", N_("unrecognized arguments: {arguments}")),
        (r"^invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)$", N_("invalid choice: {value} (choose from {choices})")),
        (r"^invalid (?P<type>\S+) value: (?P<value>.*)$", N_("invalid {type} value: {value}")),
        (r"^expected one argument$", N_("expected one argument")),
        (r"^expected at least one argument$", N_("expected at least one argument")),
        (r"^expected at most one argument$", N_("expected at most one argument")),
        (r"^expected (?P<count>\d+) arguments?$", N_("expected {count} arguments")),
        (r"^not allowed with argument (?P<argument>.*)$", N_("not allowed with argument {argument}")),
        (r"^one of the arguments (?P<arguments>.*) is required$", N_("one of the arguments {arguments} is required")),
        (r"^ambiguous option: (?P<option>.*) could match (?P<matches>.*)$", N_("ambiguous option: {option} could match {matches}")),
        (r"^ignored explicit argument (?P<value>.*)$", N_("ignored explicit argument {value}")),
    )
)
"""argparse's error messages (Python 3.11-3.13 wording) and their catalog ids; ``argument X:`` wraps another."""


def translate_argparse_error(message: str) -> str:
    """An argparse error message in the active language (unchanged when it is not one of argparse's own).

    Parameters
    ----------
    message : str
        The message argparse passes to :meth:`argparse.ArgumentParser.error`.

    Returns
    -------
    str
        The same message in the active language; the values in it (argument names, the user's
        words, the choices) are kept as they are. A message argparse did not write (a type
        function's own, already translated) is returned unchanged.
    """
    for pattern, template in _ERRORS:
        found = pattern.match(message)
        if found is not None:
            fields = found.groupdict()
            if "message" in fields:
                fields["message"] = translate_argparse_error(fields["message"])
            return _(template).format(**fields)
    return message


class Formatter(argparse.HelpFormatter):
    """argparse's help layout with the ``usage:`` heading and the default metavars (:data:`METAVARS`) in the active language."""

    def add_usage(self, usage: str | None, actions: Iterable[argparse.Action],
                  groups: Iterable[argparse._MutuallyExclusiveGroup], prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)

    def _get_default_metavar_for_optional(self, action: argparse.Action) -> str:
        # the hook argparse's own MetavarTypeHelpFormatter overrides; English keeps argparse's metavar
        default = super()._get_default_metavar_for_optional(action)
        if language() == SOURCE_LANGUAGE or default not in METAVARS:
            return default
        return _(METAVARS[default])


class Parser(argparse.ArgumentParser):
    """An argument parser whose own words follow the active language, and whose errors are one bounded line.

    Parameters
    ----------
    *args, **kwargs
        As :class:`argparse.ArgumentParser`; ``formatter_class`` defaults to :class:`Formatter`,
        and the ``-h, --help`` option is added with its help in the active language.
    """

    def __init__(self, *args: Any, add_help: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        kwargs["add_help"] = False  # added below, with its help in the reader's language
        super().__init__(*args, **kwargs)
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=_("show this help message and exit"))

    def add_argument_group(self, *args: Any, **kwargs: Any) -> argparse._ArgumentGroup:
        # argparse's __init__ names its two default sections through this method: give them the
        # catalog's words; a title written by landsraad is already translated at its source
        if args and args[0] in _SECTION_TITLES:
            args = (_(_SECTION_TITLES[args[0]]), *args[1:])
        return super().add_argument_group(*args, **kwargs)

    def error(self, message: str) -> NoReturn:  # one line and status 2, as argparse does, but prefixed
        # argparse quotes the user's value in its own words (invalid choice: '...'): each quoted value is cut
        # to the echo's length and escaped, as every echo is, then the whole line is bounded
        message = translate_argparse_error(_QUOTED.sub(lambda m: quoted(m.group(1)), message))
        self.exit(2, _("{prog}: error: {message}").format(prog=self.prog, message=truncate(message, MAX_ERROR_LINE)) + "\n")
