"""The balance run's files: a heatmap (hand-written SVG), a CSV table, Parquet when pyarrow is present."""

from __future__ import annotations

import csv
import importlib.util
import io
from html import escape
from pathlib import Path
from typing import Any, Mapping

from ..fileio import atomic_write_bytes, atomic_write_text
from ..i18n import N_, _, percent, pgettext
from .stats import TABLE_COLUMNS, table_rows

__all__ = ["heatmap_svg", "table_csv", "write_outputs", "HAS_PYARROW"]

HAS_PYARROW = importlib.util.find_spec("pyarrow") is not None


def _colour(rate: float) -> str:
    # red below 50 %, blue above, white at 50 %: the fair band reads as pale.
    t = max(-1.0, min(1.0, (rate - 0.5) * 2))
    if t < 0:
        return f"rgb(255,{int(255 * (1 + t))},{int(255 * (1 + t))})"
    return f"rgb({int(255 * (1 - t))},{int(255 * (1 - t))},255)"


def heatmap_svg(summary: Mapping[str, Any], title: str | None = None) -> str:
    """A heatmap of pairing win rates with their 95 % intervals, plus each faction's overall rate (its words in the
    active language; ``title`` by default: the win rate of the row faction against the column faction)."""
    title = _("Win rate of the row faction against the column faction") if title is None else title
    everyone = pgettext("every opponent, a heatmap's column", "all")
    ids = list(summary["factions"])
    cell, left, top = 110, 150, 70
    width, height = left + cell * (len(ids) + 1) + 20, top + cell * len(ids) + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="10" y="20" font-size="14">{escape(title)}</text>']
    for j, g in enumerate(ids + ["all"]):
        shown = everyone if g == "all" else g
        out.append(f'<text x="{left + cell * j + cell / 2}" y="{top - 10}" text-anchor="middle">{escape(shown)}</text>')
    for i, f in enumerate(ids):
        y = top + cell * i
        out.append(f'<text x="{left - 8}" y="{y + cell / 2}" text-anchor="end">{escape(f)}</text>')
        row = dict(summary["pairings"][f])
        row["all"] = summary["factions"][f]
        for j, g in enumerate(ids + ["all"]):
            x = left + cell * j
            p = row.get(g)
            if p is None or p["win_rate"] is None:
                out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="#ddd" stroke="#888"/>')
                continue
            out.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{_colour(p["win_rate"])}" stroke="#888"/>')
            rate, high = percent(format(p["win_rate"] * 100, ".0f")), percent(format(p["ci95"][1] * 100, ".0f"))
            out.append(f'<text x="{x + cell / 2}" y="{y + cell / 2 - 4}" text-anchor="middle" font-size="16">{rate}</text>')
            out.append(f'<text x="{x + cell / 2}" y="{y + cell / 2 + 14}" text-anchor="middle">{p["ci95"][0] * 100:.0f}-{high}</text>')
            out.append(f'<text x="{x + cell / 2}" y="{y + cell / 2 + 30}" text-anchor="middle" fill="#444">n={p["games"]}</text>')
    note = _("Draws count as half a win; intervals are 95 % Wilson score intervals.")
    out.append(f'<text x="10" y="{height - 12}">{escape(note)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


TABLE_HEADERS: dict[str, str] = {
    "faction": N_("faction"), "opponent": N_("opponent"), "games": N_("games"), "score": N_("score"),
    "win_rate": N_("win_rate"), "ci95_low": N_("ci95_low"), "ci95_high": N_("ci95_high"), "vp_mean": N_("vp_mean"),
    "vp_median": N_("vp_median"),
}
"""Each column's header in the reader's language: the table is opened in a spreadsheet (nothing reads it back: a re-run
resumes from the saved games); the cells stay ids and numbers, the Parquet columns the English names."""


def table_csv(summary: Mapping[str, Any]) -> str:
    """The table as CSV text, its header in the active language (:data:`TABLE_HEADERS`)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow([_(TABLE_HEADERS[c]) for c in TABLE_COLUMNS])
    writer.writerows([row[c] for c in TABLE_COLUMNS] for row in table_rows(summary))
    return buf.getvalue()


def _parquet_bytes(summary: Mapping[str, Any]) -> bytes:
    import pyarrow as pa  # optional: only when installed (HAS_PYARROW)
    import pyarrow.parquet as pq

    rows = table_rows(summary)
    table = pa.table({c: [None if r[c] == "" else r[c] for r in rows] for c in TABLE_COLUMNS})
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink)
    return sink.getvalue().to_pybytes()


def write_outputs(summary: Mapping[str, Any], out: Path, report_json: str) -> list[Path]:
    """Write ``summary.json``, ``table.csv``, ``heatmap.svg`` (and ``table.parquet``) into ``out``; return the paths."""
    paths = [out / "summary.json", out / "table.csv", out / "heatmap.svg"]
    atomic_write_text(paths[0], report_json)
    atomic_write_text(paths[1], table_csv(summary))
    atomic_write_text(paths[2], heatmap_svg(summary))
    if HAS_PYARROW:
        paths.append(out / "table.parquet")
        atomic_write_bytes(paths[-1], _parquet_bytes(summary))
    return paths
