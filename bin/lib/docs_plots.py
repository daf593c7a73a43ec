#!/usr/bin/python3
"""Draws the plots of the documentation site from the tables of docs/benchmarks.md itself, so that a plot
always shows the numbers the page states (bin/docs runs it; Debian's python3-matplotlib).

Usage: docs_plots.py BENCHMARKS.md OUTPUT-DIR
Each plot names the section whose first table it reads; a section or column that is missing fails the
build with its name, rather than drawing an empty plot."""
import re
import sys
from pathlib import Path

import matplotlib
matplotlib.use("Agg")  # no display: files only
import matplotlib.pyplot as plt  # noqa: E402


def section_tables(text, heading_prefix):
    """The tables (header, rows) of the section whose heading starts with heading_prefix, in order."""
    lines = text.splitlines()
    start = next((i for i, l in enumerate(lines)
                  if l.startswith("#") and l.lstrip("#").strip().startswith(heading_prefix)), None)
    if start is None:
        sys.exit(f"docs_plots: no section '{heading_prefix}' in benchmarks.md")
    level = len(lines[start]) - len(lines[start].lstrip("#"))
    tables, current = [], None
    for line in lines[start + 1:]:
        if line.startswith("#") and len(line) - len(line.lstrip("#")) <= level:
            break
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if current is None:
                current = (cells, [])
            elif not all(re.fullmatch(r":?-+:?", c) for c in cells):
                current[1].append(cells)
        elif current is not None:
            tables.append(current)
            current = None
    if current is not None:
        tables.append(current)
    if not tables:
        sys.exit(f"docs_plots: section '{heading_prefix}' has no table")
    return tables


def number(cell):
    """The first number of a cell: '242 ± 57 ms' -> 242, '3,619 ms' -> 3619, '1781 (1659)' -> 1781."""
    m = re.search(r"[0-9][0-9,]*(\.[0-9]+)?", cell)
    if m is None:
        sys.exit(f"docs_plots: no number in table cell '{cell}'")
    return float(m.group(0).replace(",", ""))


def column(header, name):
    if name not in header:
        sys.exit(f"docs_plots: no column '{name}' in table {header}")
    return header.index(name)


def style(ax, title, xlabel, ylabel, legend="best"):
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(loc=legend, fontsize=8)


def launch_scaling(text, out):
    header, rows = section_tables(text, "Launch scaling")[0]
    prog, n, ours, theirs = (column(header, c) for c in ("program", "N", "pmix4j", "mpirun"))
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for ax, program in zip(axes, ("PMIx hello", "MPI hello")):
        sel = [r for r in rows if r[prog] == program]
        xs = [number(r[n]) for r in sel]
        ax.plot(xs, [number(r[ours]) for r in sel], "o-", label="pmix4j run -n N")
        ax.plot(xs, [number(r[theirs]) for r in sel], "s--", label="mpirun -np N")
        ax.set_xscale("log", base=2)
        style(ax, program + ": end to end", "processes N", "wall time (ms)")
    fig.tight_layout()
    fig.savefig(out / "launch-scaling.png", dpi=100)
    plt.close(fig)


def dvm(text, out):
    tables = section_tables(text, "The DVM:")[:2]
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for ax, (header, rows), program in zip(axes, tables, ("PMIx hello", "MPI hello")):
        n, theirs, ours = (column(header, c) for c in ("N", "mpirun -np N", "pmix4j prun -n N"))
        xs = [number(r[n]) for r in rows]
        ax.plot(xs, [number(r[ours]) for r in rows], "o-", label="pmix4j prun -n N (warm DVM)")
        ax.plot(xs, [number(r[theirs]) for r in rows], "s--", label="mpirun -np N")
        ax.set_xscale("log", base=2)
        style(ax, program + ": submit to exit", "processes N", "wall time (ms)")
    fig.tight_layout()
    fig.savefig(out / "dvm.png", dpi=100)
    plt.close(fig)


def mpi_startup(text, out):
    header, rows = section_tables(text, "End of the session")[0]
    n, launcher, end, init = (column(header, c) for c in ("N", "launcher", "end to end", "MPI_Init"))
    sizes = sorted({int(number(r[n])) for r in rows})
    fig, axes = plt.subplots(1, len(sizes), figsize=(5 * len(sizes), 4.5))
    for ax, size in zip(axes, sizes):
        sel = [r for r in rows if int(number(r[n])) == size]
        names = [r[launcher].replace(", ", "\n") for r in sel]
        ys = range(len(sel))
        ax.barh([y + 0.2 for y in ys], [number(r[end]) for r in sel], height=0.4, label="end to end")
        ax.barh([y - 0.2 for y in ys], [number(r[init]) for r in sel], height=0.4, label="MPI_Init (slowest rank)")
        ax.set_yticks(list(ys), names, fontsize=8)
        ax.invert_yaxis()
        style(ax, f"MPI start-up, {size} processes", "ms", "", legend="lower right")
    fig.tight_layout()
    fig.savefig(out / "mpi-startup.png", dpi=100)
    plt.close(fig)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: docs_plots.py BENCHMARKS.md OUTPUT-DIR")
    text = Path(sys.argv[1]).read_text(encoding="utf-8")
    out = Path(sys.argv[2])
    out.mkdir(parents=True, exist_ok=True)
    for plot in (launch_scaling, dvm, mpi_startup):
        plot(text, out)
    print(f"docs_plots: 3 plots in {out}")


if __name__ == "__main__":
    main()
