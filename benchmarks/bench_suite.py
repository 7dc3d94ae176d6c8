"""How long the test suite takes (issue 28, item 4): the edit-test loop and the whole suite, wall and CPU.

    python benchmarks/bench_suite.py                   # the edit loop (-m "not slow"), 3 runs
    python benchmarks/bench_suite.py --full --runs 1   # the whole suite (the README's command), once

Each run is a fresh ``python -m pytest`` from the checkout's root; CPU is that process's and every process it waited
for (user + system). Prints min / median / max. A failing run is reported and counts as no figure.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _children_cpu() -> float:
    """CPU seconds (user + system) of every child process waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def one_run(full: bool) -> tuple[float, float] | None:
    """One run of the suite: (wall seconds, CPU seconds), or None if it failed."""
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    if not full:
        command += ["-m", "not slow"]
    cpu_before, started = _children_cpu(), time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env={**os.environ})
    wall, cpu = time.perf_counter() - started, _children_cpu() - cpu_before
    summary = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
    print(f"  {'whole suite' if full else 'edit loop'}: {wall:.0f} s wall, {cpu:.0f} s CPU — {summary}", flush=True)
    return (wall, cpu) if done.returncode == 0 else None


def spread(values: list[float]) -> str:
    """min / median / max of ``values``."""
    return f"{min(values):.0f} / {statistics.median(values):.0f} / {max(values):.0f}"


def main(argv: list[str]) -> int:
    """Run the suite as asked and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="the whole suite instead of the edit loop")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"load average at start: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    runs = [r for r in (one_run(args.full) for _ in range(args.runs)) if r is not None]
    if not runs:
        print("every run failed")
        return 1
    print(f"wall (min / median / max): {spread([w for w, _ in runs])} s")
    print(f"CPU  (min / median / max): {spread([c for _, c in runs])} s")
    print(f"load average at end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
