"""landsraad.scene_lean: the lean reading of plain scene files answers only when the validating loader
accepts the file, and then with the same board and Movement (issue 39's start-up budget); anything else
is left to the validating loader, which reports it in its words."""

from __future__ import annotations

import copy
import math
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from landsraad.documents import parse_document
from landsraad.errors import DataError
from landsraad.scene import parse_scene
from landsraad.scene_lean import french_names, plain_board
from landsraad.table.boards import bundled_card, bundled_kit_name_fr, bundled_kit_piece

REPO = Path(__file__).resolve().parents[1]
SCENES = sorted([*(REPO / "scenes").glob("*.yaml"), *(REPO / "tests" / "data" / "scenes").glob("*.yaml")])
PLAIN = ["reference.yaml", "demo.yaml", "cli-walls.yaml", "cli-field.yaml", "table.yaml", "threat.yaml", "cli-table.yaml"]
"""Files the lean reading must answer (so the fast path is the one taken for them)."""


def _full(text: str) -> tuple[Any, dict[str, float | None], dict[str, str | None], dict[str, str]] | None:
    """The validating loader's board, Movement, profiles and French names, or None when it refuses the text."""
    try:
        scene = parse_scene(text, "s.yaml")
    except DataError:
        return None
    return (scene.board, {m.id: scene.movement(m.id) for m in scene.models}, {m.id: m.profile for m in scene.models},
            scene.french_names())


def _agree(text: str) -> bool:
    """Whether the lean reading of ``text`` agrees with the validating loader; True when it answered."""
    try:
        data = parse_document(text, "s.yaml").data
    except DataError:
        return False
    lean = plain_board(data, card=bundled_card, kit_piece=bundled_kit_piece)
    if lean is None:
        return False
    full = _full(text)
    assert full is not None, f"the lean reading accepted a file the validating loader refuses:\n{text}"
    assert lean[0] == full[0] and lean[1] == full[1] and lean[2] == full[2]
    assert french_names(data, kit_name=bundled_kit_name_fr) == full[3]
    return True


@pytest.mark.parametrize("path", SCENES, ids=lambda p: p.name)
def test_every_scene_file_reads_the_same(path: Path) -> None:
    answered = _agree(path.read_text(encoding="utf-8"))
    if path.name in PLAIN:
        assert answered


_VALUES: list[Any] = [None, -1, 0, 0.0, 1e-12, -0.5, 1e308, math.nan, math.inf, True, False, "x", "10", [], {}, [1],
                      [1, 2, 3], [0, 0], [60, 60], [59.9, 0.1], 30, 50, 25, 40.0, 3.5, "blocked", "difficult", "open",
                      "south", "north", "red", "red-1", "bad id", "a\n", {"at": [30, 30], "radius": 4},
                      {"at": [30, 30], "size": [8, 4], "rotate": 30}, [[1, 1], [5, 1], [5, 5]],
                      [[1, 1], [5, 5], [5, 1], [1, 5]], [[1, 1], [2, 2], [3, 3]], "rock", "crate", 2**62,
                      "corrino/soldier", "fremen/naib", "fremen/nobody", "corrino", "arrakeen/house", "arrakeen/wall",
                      "house", "palace/nothing", 90, -30.5, " Guerrier 1", "Naïb 1", ""]
_KEYS = ["id", "at", "base", "height", "side", "movement", "name", "name_fr", "standing_on", "polygon", "circle", "rect",
         "size", "owner", "mission", "kit", "profile", "colour", "weapons", "width", "depth", "radius", "rotate", "table",
         "terrain", "models", "markers", "edges", "source", "red", "blue"]


def _containers(data: Any, out: list[Any]) -> list[Any]:
    if isinstance(data, (dict, list)):
        out.append(data)
        for v in (data.values() if isinstance(data, dict) else data):
            _containers(v, out)
    return out


def _mutate(data: Any, rng: random.Random) -> Any:
    data = copy.deepcopy(data)
    for _ in range(rng.choice((1, 1, 2, 3))):
        boxes = _containers(data, [])
        if rng.random() < 0.6:  # most containers are points: pick mappings more often than their share
            boxes = [b for b in boxes if isinstance(b, dict)] or boxes
        box = rng.choice(boxes)
        keys = list(box) if isinstance(box, dict) else list(range(len(box)))
        choice = rng.random()
        if not keys:
            continue
        where = rng.choice(keys)
        value = box[where]
        if choice < 0.35 and isinstance(value, (int, float)) and not isinstance(value, bool):
            box[where] = value + rng.choice((-1, 1)) * rng.choice((1e-10, 0.01, 0.3, 1.0, 2.5))  # near touching
        elif choice < 0.5:
            del box[where]
        elif choice < 0.6 and isinstance(box, dict):
            box[rng.choice(_KEYS)] = copy.deepcopy(rng.choice(_VALUES))
        elif choice < 0.7 and isinstance(box, list):
            box.append(copy.deepcopy(value))  # a duplicate item: ids, overlaps
        else:
            box[where] = copy.deepcopy(rng.choice(_VALUES))
    return data


@pytest.mark.parametrize("name", ["reference.yaml", "demo.yaml", "cli-walls.yaml", "threat.yaml", "table.yaml"])
def test_mutated_scenes_are_never_accepted_wrongly(name: str) -> None:
    """Mutated files (a key removed or added, a value changed to another type or bound, an item
    doubled): whenever the lean reading answers, the validating loader accepts the file with the same
    board; and it answers on a good share of them, so the check is not empty."""
    path = next(p for p in SCENES if p.name == name)
    data = parse_document(path.read_text(encoding="utf-8"), name).data
    rng = random.Random(39 + len(name))
    answered = 0
    for _ in range(150):
        text = yaml.safe_dump(_mutate(data, rng), sort_keys=False)
        answered += _agree(text)
    assert answered >= 10


def test_overlaps_off_table_and_impassable_are_left_to_the_loader() -> None:
    base = "models:\n  - {id: a, at: [10, 10], base: 30}\n"
    assert plain_board(parse_document(base, "s").data) is not None
    for bad in ("  - {id: b, at: [12, 10], base: 30}\n",  # overlaps a
                "  - {id: b, at: [59, 10], base: 30}\n",  # off the table
                "terrain:\n  - {id: r, polygon: [[20, 20], [30, 20], [30, 30], [20, 30]], height: 2}\n"
                "models:\n  - {id: c, at: [25, 25], base: 30}\n"):  # on impassable terrain
        text = base + bad if bad.startswith("  ") else bad
        assert plain_board(parse_document(text, "s").data) is None
        assert _full(text) is None


def test_a_plain_scene_first_question_loads_neither_pydantic_nor_the_data_model(tmp_path: Path) -> None:
    code = ("import sys; from landsraad.table import boards; f = boards.load_facts('reference');"
            " print(f.board.has_base('red-1'), sorted(m for m in sys.modules if m.split('.')[0] == 'pydantic'"
            " or m in ('landsraad.model', 'landsraad.scene', 'landsraad.content')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"LANDSRAAD_NO_CACHE": "1", "PATH": "/usr/bin:/bin"}, cwd=tmp_path)
    assert out.stdout.split() == ["True", "[]"]


def test_french_names_are_read_as_the_validating_loader_reads_them() -> None:
    """A ``name_fr`` the validating loader refuses (empty, spaces at its ends, two lines, not text) is left to it."""
    base = "models:\n  - {id: warrior-1, at: [10, 10], base: 30, name_fr: %s}\n"
    assert _agree(base % "Guerrier 1")
    assert french_names(parse_document(base % "Guerrier 1", "s").data) == {"warrior-1": "Guerrier 1"}
    for bad in ("''", "' Guerrier 1'", '"Guerrier\\n1"', "12", "[a]"):
        assert _full(base % bad) is None, bad
        assert plain_board(parse_document(base % bad, "s").data) is None, bad


def test_a_kit_piece_is_named_in_french_by_its_kit_unless_the_scene_names_it() -> None:
    text = ("terrain:\n  - {id: wall, kit: arrakeen/wall, at: [30, 28]}\n"
            "  - {id: dune, kit: deep-desert/dune, at: [30, 45], name_fr: la grande dune}\n")
    assert _agree(text)
    assert french_names(parse_document(text, "s").data, kit_name=bundled_kit_name_fr) == {"wall": "Muret", "dune": "la grande dune"}
