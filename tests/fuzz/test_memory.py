"""Geometry respects a memory ceiling on any input (issue 42: one fuzzed geometry input went past
1 GB; ``reach scenes/table.yaml naib-1 --movement 5`` held 1.09 GB).

Each command runs in a subprocess whose address space is capped (``ulimit -v``, through
``resource.setrlimit``) at 1 GiB above what the imports take, as ``bench/fuzz.py`` caps its
cases: a command that needs more ends in MemoryError, which fails the test.
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

resource = pytest.importorskip("resource")

REPO = Path(__file__).resolve().parents[2]

CAPPED = r"""
import resource, sys
import landsraad.cli
import numpy, shapely  # noqa: F401  (what every geometry command imports)
with open("/proc/self/status") as handle:
    size = next(int(line.split()[1]) * 1024 for line in handle if line.startswith("VmSize:"))
limit = size + (1 << 30)
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
try:
    status = landsraad.cli.main(sys.argv[1:])
except MemoryError:
    print("MEMORY-ERROR", file=sys.stderr)
    status = 99
sys.exit(status)
"""


def capped(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", CAPPED, *args], capture_output=True, text=True, cwd=cwd, timeout=900)


def _ok(out: subprocess.CompletedProcess[str]) -> None:
    assert "MEMORY-ERROR" not in out.stderr and "MemoryError" not in out.stderr, out.stderr[-2000:]
    assert "Traceback" not in out.stderr, out.stderr[-2000:]
    assert out.returncode in (0, 1, 2), (out.returncode, out.stderr[-2000:])


pytestmark = pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc to size the cap")


def test_reach_on_the_bundled_table_within_the_ceiling(tmp_path):
    out = capped("reach", str(REPO / "scenes" / "table.yaml"), "naib-1", "--movement", "5", cwd=tmp_path)
    _ok(out)
    assert out.returncode == 0 and "78.5 cm²" in out.stdout


def test_a_crowded_scene_at_its_limits_within_the_ceiling(tmp_path):
    # 1,000 bases on one spot and a difficult polygon of 1,000 corners: the scene's limits, at once
    ring = ", ".join(f"[{30 + 20 * math.cos(k * 2 * math.pi / 1000):.4f}, {30 + 20 * math.sin(k * 2 * math.pi / 1000):.4f}]"
                     for k in range(1000))
    models = "\n".join(f"  - {{id: m{i}, at: [30, 30], base: 25}}" for i in range(1000))
    scene = tmp_path / "crowded.yaml"
    scene.write_text(f"terrain:\n  - {{id: dune, movement: difficult, polygon: [{ring}]}}\nmodels:\n{models}\n", encoding="utf-8")
    out = capped("check-scene", str(scene), cwd=tmp_path)
    _ok(out)
    assert out.returncode == 1 and "the check stops after 20" in out.stdout + out.stderr


def _dune(tmp_path: Path) -> Path:
    """A difficult circle of 1,000 corners (the scene's limit for a polygon), 22 bases round it."""
    ring = ", ".join(f"[{30 + 20 * math.cos(k * 2 * math.pi / 1000):.4f}, {30 + 20 * math.sin(k * 2 * math.pi / 1000):.4f}]"
                     for k in range(1000))
    models = "\n".join(f"  - {{id: m{i}, at: [{5 + 5 * (i % 11)}, {3 + 54 * (i // 11)}], base: 25}}" for i in range(22))
    scene = tmp_path / "dune.yaml"
    scene.write_text(f"terrain:\n  - {{id: dune, movement: difficult, polygon: [{ring}]}}\nmodels:\n{models}\n", encoding="utf-8")
    return scene


def test_a_short_reach_over_a_1000_corner_difficult_piece_is_refused_within_the_ceiling(tmp_path):
    """8 cm from m5 the graph has 940,000 tangents to price against 1,000 corners: it ran past the
    ceiling after minutes (a strict xfail until issue 42's third pass); now one sentence naming
    the piece and the limits, at once."""
    out = capped("reach", str(_dune(tmp_path)), "m5", "--movement", "8", cwd=tmp_path)
    _ok(out)
    assert out.returncode == 1
    assert "too large to work out near terrain 'dune' (1,000 corners)" in out.stderr
    assert "the limits are 500,000 tangents and 50,000,000 pairs" in out.stderr


def test_a_2_cm_reach_beside_a_1000_corner_difficult_piece_is_answered_within_the_ceiling(tmp_path):
    """Its circles' partitions tested 82,000 points against the 1,000 corners in one array (626 MiB
    a temporary, 3.8 GB in all); the points go in chunks now."""
    out = capped("reach", str(_dune(tmp_path)), "m5", "--movement", "2", cwd=tmp_path)
    _ok(out)
    assert out.returncode == 0 and "12.2 cm²" in out.stdout
