"""landsraad: the companion library for the Landsraad skirmish game.

The package is layered so that dependencies flow one way (see ``docs/architecture.md``):

``geometry`` and ``dice`` (bottom) -> ``model`` and ``content`` (pydantic data and loading)
-> ``rules`` and ``odds`` (the rules kernel) -> ``engine`` -> players, CLI and SVG output.

Examples
--------
>>> import landsraad
>>> landsraad.__version__
'0.1.0'
"""

__version__ = "0.1.0"

__all__ = ["__version__"]
