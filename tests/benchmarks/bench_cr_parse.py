"""Benchmark: Comprehensive Rules parsing (not a test).

Usage::

    python tests/benchmarks/bench_cr_parse.py [CR_DIR] [--runs N]

CR_DIR defaults to ``$PYRULES_SHARED/data/cr`` or ``../shared/data/cr`` beside the checkout.
For every ``*.txt`` file it prints:

* ``parse``: median wall time of ``parse_comprehensive_rules`` over N runs (N >= 5; the
  parser is built before timing, as it is once per process), including line-ending
  normalization, cross-references and catalogs;
* ``load``: median of ``load_comprehensive_rules`` (read bytes + decode + parse);
* ``regex``: median of a plain pass that splits the same text into lines and matches each
  against a rule-number regex (the floor any parser is compared with), and the ratio
  parse / regex;
* ``peak``: peak memory allocated during one parse (tracemalloc), in MiB.

Goal: parse <= 0.5 s per file.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

_REPO = Path(__file__).resolve().parents[2]
if str(_REPO) not in sys.path:
    sys.path.insert(0, str(_REPO))

from pyrules.inputs.comprehensive_rules import load_comprehensive_rules  # noqa: E402
from pyrules.parser.comprehensive_rules import get_parser, parse_comprehensive_rules  # noqa: E402

_RULE_LINE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.? ")


def _median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _regex_pass(text: str) -> int:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return sum(1 for line in lines if _RULE_LINE.match(line))


def main(argv: list[str] | None = None) -> int:
    default = Path(os.environ.get("PYRULES_SHARED", _REPO.parent / "shared")) / "data" / "cr"
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cr_dir", nargs="?", default=str(default))
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args(argv)
    runs = max(args.runs, 5)
    files = sorted(Path(args.cr_dir).glob("*.txt"))
    if not files:
        print(f"no *.txt files in {args.cr_dir}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    get_parser()
    print(f"parser build (once per process): {time.perf_counter() - start:.3f} s; "
          f"median of {runs} runs per file")
    print(f"{'file':34} {'rules':>6} {'parse s':>8} {'load s':>8} {'regex s':>8} "
          f"{'ratio':>6} {'peak MiB':>9}")
    worst = 0.0
    for path in files:
        text = path.read_bytes().decode("utf-8-sig")
        doc = parse_comprehensive_rules(text, str(path))
        parse_s = _median_time(lambda: parse_comprehensive_rules(text, str(path)), runs)
        load_s = _median_time(lambda: load_comprehensive_rules(path), runs)
        regex_s = _median_time(lambda: _regex_pass(text), runs)
        tracemalloc.start()
        parse_comprehensive_rules(text, str(path))
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        worst = max(worst, parse_s)
        print(f"{path.name:34} {len(doc.rules):6d} {parse_s:8.3f} {load_s:8.3f} "
              f"{regex_s:8.4f} {parse_s / regex_s:6.0f}x {peak / 2**20:9.1f}")
    print(f"slowest parse: {worst:.3f} s (goal <= 0.5 s): {'OK' if worst <= 0.5 else 'OVER'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
