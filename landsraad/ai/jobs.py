"""The heuristic player's jobs: places the side needs a model at, and what to do there (R-MISSIONS)."""

from __future__ import annotations

from dataclasses import dataclass

from ..missions import MissionCard
from .spots import Point


@dataclass
class Job:
    """A place the side needs a model at: a mission marker, a position, an edge, a quarter, an ambassador.

    ``action`` is the engine's key of the mission special action to take there (a marker
    action) or on arrival (``deliver``); ``hold`` jobs are held until the end. How a hold is
    judged: in contact with ``marker``; or within ``within_cm`` of table ``edge``; or wholly in
    table ``quarter``; or within 2.5 cm of ``point``.
    """

    kind: str
    point: Point
    value: float
    marker: str | None = None
    action: str | None = None
    hold: bool = False
    radius: float = 0.0
    edge: str | None = None
    within_cm: float = 0.0
    quarter: str | None = None


def job_key(job: Job) -> tuple:
    """What identifies a job from one activation to the next (the sticky assignment)."""
    if job.kind == "guard":
        return ("guard",)
    if job.marker:
        return (job.kind, job.marker)
    return (job.kind, round(job.point[0]), round(job.point[1]))


def marker_kind(card: MissionCard, marker_id: str) -> str | None:
    """The kind (the card's marker id) of the marker ``marker_id`` of ``card``: the engine names a
    marker ``<owner>-<mission>-<kind>-<n>`` with ``-`` for ``_``; the longest kind that matches wins."""
    best: str | None = None
    for spec in card.markers:
        tail = f"-{card.id}-{spec.id}-".replace("_", "-")
        if tail in marker_id and (best is None or len(spec.id) > len(best)):
            best = spec.id
    return best
