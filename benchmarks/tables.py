"""What a benchmark part hands back: tables, skipped items, notes, plots, target inputs."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True, kw_only=True)
class Table:
    title: str
    columns: tuple[str, ...]
    rows: list[tuple[str, ...]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, *cells: object) -> None:
        self.rows.append(tuple(str(c) for c in cells))

    def markdown(self) -> str:
        lines = [f"**{self.title}**", ""]
        lines.append("| " + " | ".join(self.columns) + " |")
        lines.append("|" + "|".join(" --- " for _ in self.columns) + "|")
        for row in self.rows:
            lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |")
        if not self.rows:
            lines.append("| " + " | ".join(["(nothing measured)"] + [""] * (len(self.columns) - 1)) + " |")
        for note in self.notes:
            lines.extend(["", note])
        return "\n".join(lines)

    def text(self) -> str:
        """A plain aligned rendering for the terminal."""
        grid = [self.columns, *self.rows]
        widths = [max(len(r[i]) if i < len(r) else 0 for r in grid) for i in range(len(self.columns))]
        out = [self.title]
        for j, row in enumerate(grid):
            out.append("  " + "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)))
            if j == 0:
                out.append("  " + "  ".join("-" * w for w in widths))
        out.extend("  " + note for note in self.notes)
        return "\n".join(out)


@dataclass(slots=True, kw_only=True)
class PartResult:
    """One part of the suite (core, peers, matcher, replay, http)."""

    name: str
    title: str
    tables: list[Table] = field(default_factory=list)
    #: (what, why) for everything this part could not measure.
    skipped: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: Plot files written, relative to the docs folder.
    plots: list[str] = field(default_factory=list)
    #: Figures other parts and the targets read, keyed by a stable name.
    figures: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0


def fmt_rate(value: float) -> str:
    if value != value:  # NaN
        return "-"
    if value >= 100:
        return f"{value:,.0f}"
    return f"{value:.1f}"


def fmt_us(value: float) -> str:
    if value != value:
        return "-"
    if value >= 1000:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def fmt_ms(seconds: float) -> str:
    ms = seconds * 1000
    if ms >= 100:
        return f"{ms:,.0f}"
    if ms >= 1:
        return f"{ms:.2f}"
    return f"{ms:.3f}"
