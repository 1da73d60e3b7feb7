"""PNG plots (matplotlib, Agg backend) of how cost grows; each returns the files it wrote."""

from __future__ import annotations

from pathlib import Path
from typing import Any

IMG = "img"


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def matcher_plot(results: list[Any], out_dir: Path, cap_seconds: float) -> Path | None:
    if not results:
        return None
    plt = _pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    for shamans in sorted({r.shamans for r in results}):
        rows = sorted(
            (r for r in results if r.shamans == shamans and r.label.startswith("random")),
            key=lambda r: r.size,
        )
        sizes = sorted({r.size for r in rows})
        med = [sorted(r.list_seconds for r in rows if r.size == n) for n in sizes]
        axes[0].plot(
            sizes, [1000 * m[len(m) // 2] for m in med], marker="o", label=f"matcher, {shamans} Shamans"
        )
        oracle = _median_by_size(
            [(r.size, r.oracle_seconds) for r in rows if r.oracle_seconds not in (None, float("inf"))]
        )
        if oracle:
            axes[0].plot(
                [n for n, _ in oracle],
                [1000 * t for _, t in oracle],
                linestyle="--",
                marker="x",
                label=f"oracle, {shamans} Shamans",
            )
        checks = [max(r.check_seconds for r in rows if r.size == n) for n in sizes]
        line = axes[1].plot(sizes, [1000 * c for c in checks], marker="o", label=f"{shamans} Shamans")
        if shamans:
            undeclared = [max(r.undeclared_seconds for r in rows if r.size == n) for n in sizes]
            axes[1].plot(
                sizes,
                [1000 * c for c in undeclared],
                linestyle="--",
                marker="x",
                color=line[0].get_color(),
                label=f"{shamans} Shamans, undeclared",
            )
    axes[0].axhline(50, color="grey", linewidth=0.8, linestyle=":")
    axes[0].axhline(1000 * cap_seconds, color="red", linewidth=0.8, linestyle=":", label="oracle cap")
    axes[0].set_title("count all legal plays + first page")
    axes[1].axhline(1, color="grey", linewidth=0.8, linestyle=":")
    axes[1].set_title("validate one play (slowest checked; dashed: Shamans undeclared)")
    ticks = sorted({r.size for r in results})
    for ax in axes:
        ax.set_xscale("log")
        ax.set_yscale("log")
        _size_ticks(ax, ticks)
        ax.set_xlabel("cards in hand")
        ax.set_ylabel("ms")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7)
    return _save(fig, plt, out_dir / "bench-matcher.png")


def _median_by_size(points: list[tuple[int, Any]]) -> list[tuple[int, float]]:
    out = []
    for size in sorted({n for n, _ in points}):
        values = sorted(t for n, t in points if n == size)
        out.append((size, values[len(values) // 2]))
    return out


def _size_ticks(ax: Any, sizes: list[int]) -> None:
    """Plain-number ticks at the measured sizes (log axes label 2x10^0 otherwise)."""
    from matplotlib.ticker import FixedLocator, NullFormatter, NullLocator, ScalarFormatter

    shown = [n for i, n in enumerate(sizes) if n in (2, 4, 8, 13, 26, 55) or i == len(sizes) - 1] or sizes
    ax.xaxis.set_major_locator(FixedLocator(shown))
    ax.xaxis.set_major_formatter(ScalarFormatter())
    ax.xaxis.set_minor_locator(NullLocator())
    ax.xaxis.set_minor_formatter(NullFormatter())


def replay_plot(curves: dict[str, list[tuple[int, float]]], out_dir: Path) -> Path | None:
    if not curves:
        return None
    plt = _pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    for name, curve in curves.items():
        axes[0].plot([n for n, _ in curve], [1000 * t for _, t in curve], marker="o", label=name)
        axes[1].plot([n for n, _ in curve], [1e6 * t / n for n, t in curve], marker="o", label=name)
    axes[0].set_title("replay time")
    axes[0].set_ylabel("ms")
    axes[0].set_yscale("log")
    axes[1].set_title("replay time per action")
    axes[1].set_ylabel("µs per action")
    for ax in axes:
        ax.set_xscale("log")
        ax.set_xlabel("actions in the log")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    return _save(fig, plt, out_dir / "bench-replay.png")


def playout_plot(rates: dict[str, float], out_dir: Path) -> Path | None:
    if not rates:
        return None
    plt = _pyplot()
    labels = list(rates)
    fig, ax = plt.subplots(figsize=(10, 0.35 * len(labels) + 1.2))
    colors = ["tab:blue" if not label.startswith("peer") else "tab:grey" for label in labels]
    ax.barh(labels, [rates[k] for k in labels], color=colors)
    ax.set_xscale("log")
    ax.set_xlabel("player actions per second (median of rounds; log scale)")
    ax.set_title("Random playouts: Table Judge (validation on, blue) and peers (grey)")
    ax.invert_yaxis()
    ax.grid(True, axis="x", which="both", alpha=0.3)
    return _save(fig, plt, out_dir / "bench-playouts.png")


def _save(fig: Any, plt: Any, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
