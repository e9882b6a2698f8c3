"""Benchmark: validating 1,000 warband lists in one process (target: under 2 s).

Builds N random lists of 4 to 10 models over the bundled factions (a seeded
``numpy.random.Generator``; about one in ten is legal, the others break one rule or more:
over the cap, over a barracks limit, typos with did-you-mean look-ups...), writes them as YAML
files to a temporary folder, then times:

1. ``validate`` on the N lists already in memory (the rules only);
2. ``check_file`` on the N files (read + parse + schema + rules: what ``landsraad validate``
   does per file);
3. the real command ``landsraad validate FOLDER --json`` in a subprocess (interpreter start-up
   included).

Run by hand from the repository root: ``PYTHONPATH=. .venv/bin/python bench/bench_validate.py [N]``. Record the figures in
docs/performance.md with the machine and the date.
"""

from __future__ import annotations

import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from landsraad.content import faction_ids, load_faction
from landsraad.warband import ListModel, WarbandList, check_file, dump_list, validate


def random_list(rng: np.random.Generator, faction_id: str) -> WarbandList:
    """A random list: types drawn from the barracks, sometimes a typo or an extra weapon."""
    faction = load_faction(faction_id)
    types = [b.type for b in faction.barracks]
    models = []
    for _ in range(int(rng.integers(4, 11))):
        t = types[int(rng.integers(len(types)))]
        weapons: list[str] = []
        if faction.common_weapons and rng.random() < 0.4:
            weapons.append(faction.common_weapons[int(rng.integers(len(faction.common_weapons)))])
        if faction.specialist_weapons and rng.random() < 0.15:
            weapons.append(faction.specialist_weapons[int(rng.integers(len(faction.specialist_weapons)))].weapon)
        equipment = []
        if faction.rare_equipment and rng.random() < 0.2:
            equipment.append(faction.rare_equipment[int(rng.integers(len(faction.rare_equipment)))].id)
        if rng.random() < 0.03:
            t = t[:-1] + "x"  # a typo
        models.append(ListModel(type=t, weapons=tuple(weapons), equipment=tuple(equipment), spice=int(rng.integers(0, 2))))
    return WarbandList(name=f"Random {faction_id}", faction=faction_id, models=models)


def main(n: int = 1000) -> None:
    rng = np.random.default_rng(20240601)
    ids = faction_ids()
    lists = [random_list(rng, ids[i % len(ids)]) for i in range(n)]
    for fid in ids:  # load the sheets outside the timings (a long-lived process has them)
        load_faction(fid)

    t0 = time.perf_counter()
    reports = [validate(lst) for lst in lists]
    t_validate = time.perf_counter() - t0
    n_valid = sum(r.valid for r in reports)

    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i, lst in enumerate(lists):
            path = Path(tmp) / f"list_{i:04d}.yaml"
            path.write_text(dump_list(lst), encoding="utf-8")
            paths.append(path)
        t0 = time.perf_counter()
        file_reports = [check_file(p) for p in paths]
        t_files = time.perf_counter() - t0
        assert [r.valid for r in file_reports] == [r.valid for r in reports]

        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "landsraad", "validate", tmp, "--json"], capture_output=True, text=True)
        t_cli = time.perf_counter() - t0
        assert proc.returncode in (0, 1), proc.stderr

    print(f"machine: {platform.system()} {platform.machine()}, {platform.processor() or '?'}, "
          f"Python {platform.python_version()}")
    print(f"{n} lists ({n_valid} valid, {n - n_valid} invalid)")
    print(f"validate (in memory):          {t_validate:6.3f} s  ({t_validate / n * 1e3:.3f} ms per list)")
    print(f"check_file (read+parse+rules): {t_files:6.3f} s  ({t_files / n * 1e3:.3f} ms per list)")
    print(f"landsraad validate DIR --json: {t_cli:6.3f} s  (one process, start-up included)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
