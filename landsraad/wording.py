"""Words every command shares, so the same answer reads the same in ``measure``, ``shoot``,
``odds`` and ``resolve`` (no geometry, no numbers beyond what it is given: cheap to import)."""

from __future__ import annotations

__all__ = ["describe_range_band"]


def describe_range_band(band: int) -> str:
    """The range band in words, the one wording every command uses (R-SHOOT).

    Examples
    --------
    >>> [describe_range_band(b) for b in (0, 1, 3)]
    ['within range (band 0)', '1 band beyond range (band 1, -1)', '3 bands beyond range (band 3, -3)']
    """
    if band <= 0:
        return "within range (band 0)"
    return f"{band} band{'s' if band != 1 else ''} beyond range (band {band}, -{band})"
