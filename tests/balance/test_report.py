"""Heatmap SVG and CSV table of a balance summary."""

import csv
import io
import xml.etree.ElementTree as ET

from landsraad.balance.report import heatmap_svg, table_csv, write_outputs
from landsraad.balance.stats import TABLE_COLUMNS, summarise


def summary():
    return summarise([
        {"red": "a", "blue": "b", "index": 0, "winner": "red", "vp": {"red": 4, "blue": 0}, "missions": {"red": [], "blue": []}},
        {"red": "b", "blue": "a", "index": 0, "winner": "red", "vp": {"red": 2, "blue": 1}, "missions": {"red": [], "blue": []}},
        {"red": "b", "blue": "a", "index": 1, "winner": "blue", "vp": {"red": 0, "blue": 1}, "missions": {"red": [], "blue": []}},
    ])


def test_heatmap_is_well_formed_and_shows_each_rate():
    svg = heatmap_svg(summary())
    root = ET.fromstring(svg)
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "67 %" in texts and "33 %" in texts  # a won 2 of 3 against b
    assert "a" in texts and "b" in texts and "all" in texts


def test_csv_reads_back_with_its_columns(tmp_path):
    rows = list(csv.DictReader(io.StringIO(table_csv(summary()))))
    assert tuple(rows[0]) == TABLE_COLUMNS
    a_all = next(r for r in rows if r["faction"] == "a" and r["opponent"] == "all")
    assert a_all["games"] == "3" and float(a_all["win_rate"]) == round(2 / 3, 4)
    paths = write_outputs(summary(), tmp_path, "{}\n")
    assert all(p.exists() for p in paths)
