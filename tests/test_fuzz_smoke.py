"""The long fuzz run's harness (tests/fuzz/run_fuzz.py, issue 12) on 60 inputs, so that it cannot rot.

The full run (10,000 inputs) is run on demand; this test runs the same generators, workers and
checks on 12 inputs of each of the five kinds, a tenth of them through the CLI too, and asserts
that none failed (no traceback, hang, abort, canary read, marker written or file touched).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

_HARNESS = Path(__file__).resolve().parent / "fuzz" / "run_fuzz.py"


def _harness():
    spec = importlib.util.spec_from_file_location("pyrules_run_fuzz", _HARNESS)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_fuzz_run_of_60_inputs_over_the_five_kinds_has_no_failure(shared_data, tmp_path):
    fuzz = _harness()
    summary = fuzz.run(seed=20261201, count=60, time_limit=2.0, out=tmp_path, cli_fraction=0.1, workers=2,
                       quiet=True)
    assert summary.count == 60
    assert {k: sum(c.values()) for k, c in summary.per_kind.items()} == {k: 12 for k in fuzz.KINDS}
    # every kind reached pyrules (not only the harness): in-process runs for each input, CLI runs too
    assert summary.runs["api"] >= 60 and summary.runs["cli"] >= 1
    assert summary.failures == {}, summary.report()
