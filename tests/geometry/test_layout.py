"""landsraad.geometry.movement.layout: what the spaces of one terrain layout share (WithBases)."""

import numpy as np

from landsraad.geometry.movement.layout import WithBases


def _shared(full: bool) -> WithBases:
    k = 3
    vx, vy = np.arange(k, dtype=float)[None, :], np.ones((1, k))
    return WithBases(np.arange(k), {}, (vx, vy, np.ones((1, k), dtype=bool), np.full((1, k), 2.0)), full=full)


def test_rows_are_the_frame_tiled_once_per_point_count_and_read_only():
    shared = _shared(full=True)
    rows = shared.rows(4)
    assert rows is not None and len(rows) == 5
    vx, vy, safe, zero, one = rows
    assert vx.shape == (4, 3) and (vx == np.arange(3.0)).all() and (safe == 2.0).all()
    assert (zero == 0).all() and (one == 1).all()
    assert shared.rows(4) is rows  # built once per count
    assert not vx.flags.writeable


def test_no_rows_unless_every_capsule_has_a_length():
    assert _shared(full=False).rows(4) is None
