"""landsraad.ai.jobs: jobs and their keys, marker kinds read from the engine's marker ids."""

from __future__ import annotations

from landsraad.ai.jobs import Job, job_key, marker_kind
from landsraad.missions import load_mission


def test_marker_kind_reads_the_engines_marker_ids():
    spice = load_mission("spice_theft")
    assert marker_kind(spice, "red-spice-theft-spice-1") == "spice"
    assert marker_kind(load_mission("activation"), "blue-activation-terminal-3") == "terminal"
    assert marker_kind(spice, "red-sabotage-depot-1") is None


def test_a_job_is_known_again_by_its_marker_or_its_place():
    assert job_key(Job("activate", (10.2, 20.0), 1.0, marker="m1")) == job_key(Job("activate", (11.0, 5.0), 3.0, marker="m1"))
    assert job_key(Job("edge", (10.2, 54.6), 1.0)) == job_key(Job("edge", (9.8, 55.4), 2.0))
    assert job_key(Job("guard", (1.0, 1.0), 1.0)) == job_key(Job("guard", (30.0, 2.0), 1.0))
