"""The last English in French output (issue 40): content names, engine reasons, rule errors, labels.

Each test runs the real ``landsraad`` command in French and reads what a person sees.
"""

from __future__ import annotations

from pathlib import Path

from tests.cli.langrun import landsraad


def french(*args: str) -> tuple[str, int]:
    proc = landsraad(["--lang", "fr", *args])
    return proc.stdout + proc.stderr, proc.returncode


def test_shoot_names_the_weapon_in_french(tmp_path: Path):
    text, rc = french("shoot", "scenes/table.yaml", "sardaukar-1", "naib-1", "--weapon", "pistol",
                      "--svg", str(tmp_path / "shot.svg"))
    assert rc == 0, text
    assert text.startswith("sardaukar-1 tire sur naib-1 avec Pistolet.\n"), text
    picture = (tmp_path / "shot.svg").read_text(encoding="utf-8")
    assert "avec Pistolet" in picture and "with Pistol" not in picture
    inline, rc = french("shoot", "scenes/table.yaml", "sardaukar-1", "naib-1", "--weapon", "range=10,combat=+1,damage=+1")
    assert rc == 0, inline
    assert inline.startswith("sardaukar-1 tire sur naib-1 avec l'arme.\n"), inline
    assert "weapon" not in inline
