"""Packages whose public names load on first use (PEP 562), so that importing one submodule does
not load its siblings: ``landsraad odds shoot`` never loads the clash tables, ``measure`` never
loads movement (issue 39's start-up budget).

A package lists each public name with the submodule that defines it and hands the table here::

    __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS, globals())

Nothing here knows the game: it sits below every other module.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping, MutableMapping

__all__ = ["lazy_exports"]


def lazy_exports(package: str, exports: Mapping[str, str],
                 namespace: MutableMapping[str, Any]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module-level ``__getattr__`` and ``__dir__`` of a package with lazily loaded names.

    Parameters
    ----------
    package
        The package's ``__name__``.
    exports
        Each public name and the submodule (relative to the package) that defines it.
    namespace
        The package's ``globals()``: a name, once loaded, is kept there, so the next read finds
        it without the hook.

    Returns
    -------
    tuple
        ``(__getattr__, __dir__)``.

    Examples
    --------
    >>> ns = {}
    >>> getattr_, dir_ = lazy_exports("landsraad", {"truncate": "errors"}, ns)
    >>> getattr_("truncate")("abc", 2)
    'ab... (1 more characters)'
    >>> "truncate" in ns and "truncate" in dir_()
    True
    >>> getattr_("nothing")
    Traceback (most recent call last):
    ...
    AttributeError: module 'landsraad' has no attribute 'nothing'
    """

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(exports))

    return __getattr__, __dir__
