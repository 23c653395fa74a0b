"""pytest plugin of the mutation tool (``tests/mutation/mutate.py``): loaded with ``-p mutation_plugin``
(``tests/mutation`` on ``PYTHONPATH``), never by the ordinary test run.

For every test it records the outcome, the durations of its setup (``setup``: fixtures, the first test
of a module pays its module's) and of its call (``duration``), in seconds, and the names of the
predicates that have at least one ground atom in any ``clingo.Control`` the test grounded or solved
in this process (``Control.symbolic_atoms`` after each ``ground``; a control grounded by a fixture
counts for every test that solves with it). Tests that run pyrules in a subprocess
(the CLI tests) or in forked workers (``ask_many``) are recorded with no predicates, so the mutation
tool never selects them. At the end of the session it writes JSON to ``$PYRULES_MUTATION_RECORD``:
``{"tests": {nodeid: {"outcome": str, "duration": float, "setup": float, "predicates": [name, ...]}}}``.
"""

from __future__ import annotations

import json
import os

import clingo
import pytest

_current: list[str] = []
_records: dict[str, dict] = {}
_original_ground = clingo.Control.ground
_original_solve = clingo.Control.solve
_grounded: dict[int, set[str]] = {}  # id(control) -> predicates with a ground atom (after its last ground)


def _note(control) -> None:
    if _current:
        _records.setdefault(_current[-1], {}).setdefault("predicates", set()).update(_grounded.get(id(control), ()))


def _recording_ground(self, *args, **kwargs):
    result = _original_ground(self, *args, **kwargs)
    atoms = self.symbolic_atoms
    seen = _grounded.setdefault(id(self), set())
    for name, arity, positive in atoms.signatures:
        if name not in seen and next(iter(atoms.by_signature(name, arity, positive)), None) is not None:
            seen.add(name)
    _note(self)
    return result


def _recording_solve(self, *args, **kwargs):
    # A control grounded by a module's fixture (a warm session) answers many tests: each solve
    # counts for the test that asks.
    _note(self)
    return _original_solve(self, *args, **kwargs)


if os.environ.get("PYRULES_MUTATION_RECORD"):
    clingo.Control.ground = _recording_ground
    clingo.Control.solve = _recording_solve


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _current.append(item.nodeid)
    try:
        yield
    finally:
        _current.pop()


def pytest_runtest_logreport(report):
    record = _records.setdefault(report.nodeid, {})
    if report.when in ("setup", "call"):
        record["setup" if report.when == "setup" else "duration"] = round(report.duration, 3)
    if report.failed or report.when == "call" or (report.when == "setup" and report.skipped):
        if record.get("outcome") != "failed":
            record["outcome"] = report.outcome


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get("PYRULES_MUTATION_RECORD")
    if not path:
        return
    out = {nodeid: {"outcome": r.get("outcome", "unknown"), "duration": r.get("duration", 0.0),
                    "setup": r.get("setup", 0.0),
                    "predicates": sorted(r.get("predicates", ()))} for nodeid, r in _records.items()}
    with open(path, "w", encoding="utf-8") as handle:
        json.dump({"tests": out}, handle)
