"""Mutation testing of the rule base (issue 23): do the tests notice when a rule changes?

Run on demand, never in CI (the file is not a ``test_*.py``)::

    # 1. once, and again when the tests change much: record which tests ground which predicates
    #    (runs the whole suite once with tests/mutation/mutation_plugin.py, ~6-15 min); with test
    #    files, records only those and merges them into the record (new tests)
    .venv/bin/python tests/mutation/mutate.py record [tests/test_new.py ...]
    #    and the fixtures' costs (module fixtures: knowledge bases, warm sessions), for the budget
    .venv/bin/python tests/mutation/mutate.py record --setup-only
    # 2. a seeded sample of mutants, one at a time, each against the tests that exercise it
    .venv/bin/python tests/mutation/mutate.py run --seed 23 --count 100 [--budget 60] [--timeout 240]
    #    the time encoding (rules_asp/time/, not mutated by default), reported on its own seed
    .venv/bin/python tests/mutation/mutate.py run --only time --seed 29 --count 30
    #    one sample drawn across the whole rule base (time/ included, checks/ left out)
    .venv/bin/python tests/mutation/mutate.py run --only all --seed 31 --count 105 --budget 40
    #    after writing tests for survivors: record the new test files, then run the survivors again
    .venv/bin/python tests/mutation/mutate.py record tests/test_rule_boundaries_x.py
    .venv/bin/python tests/mutation/mutate.py run --seed 23 --count 100 --retry-survivors
    #    a survivor that showed the rule wrong, the rule changed to what the mutant said (counted as killed)
    .venv/bin/python tests/mutation/mutate.py fixed KEY --seed 31 --why "commit ...: test ... fails on the old rule"
    #    does a test kill one mutant (by its key, from the report)? (--seed N: record the result for seed N)
    .venv/bin/python tests/mutation/mutate.py try KEY tests/test_rule_boundaries_sba.py -x
    # 3. the summary of the results so far (kill rate, survivors with file:line, CR, rule text)
    .venv/bin/python tests/mutation/mutate.py report [--markdown tests/mutation/LAST_RUN.md]
    # 4. the rules no recorded test grounds (no test can make them fire), with file:line and CR
    .venv/bin/python tests/mutation/mutate.py dead [--markdown tests/mutation/DEAD_RULES.md]

What a mutant is: one change to one rule of ``rules_asp/`` (without ``checks/``, which is not part
of the rule base, and without ``time/``, the time encoding, unless ``run --only time``), made on the
clingo AST of the file (``clingo.ast.parse_string``) and written back as the text of that rule only (the rest of the file,
comments included, is kept byte for byte, and the line count too). Operators:

- ``delete_rule``: the rule is removed;
- ``drop_literal``: one body literal is removed;
- ``negate_literal``: ``p`` becomes ``not p``, ``not p`` becomes ``p`` (atoms and aggregates);
- ``boundary``: a comparison's operator moves across its boundary (``<`` <-> ``<=``, ``>`` <-> ``>=``,
  ``=`` <-> ``!=``), in body comparisons and aggregate guards;
- ``swap_args``: two neighbouring arguments of an atom (head or body) change places (not when
  either is a string: those are CR numbers and texts);
- ``constant``: an integer constant ``n`` becomes ``n + 1`` or ``n - 1``.

A mutant whose rule does not ground (unsafe variables after a dropped literal) is *stillborn* and not
counted; two mutants giving the same text count once.

Where it runs: a copy of ``rules_asp/`` made in a temporary folder when the run starts (the work
tree's ``rules_asp/`` is never written), read by pyrules through ``PYRULES_RULE_BASE``
(:func:`pyrules.inputs.rule_base.rule_base_root`). Each mutant is run by ``pytest -x`` (``nice -n
10``) on the tests selected for it: those that, in the recording, passed and grounded every
predicate of the positive body of the original rule or of the mutated one (a test that cannot ground
a rule's body cannot see the rule change); a rule with no positive body literal selects every
recorded test. The selected tests are run up to ``--budget`` seconds of recorded cost (each test
module's fixtures once, plus each test's call), the cheapest modules and fastest tests first. A mutant is *killed* when a test fails, *survived* when all pass, *timeout* past ``--timeout``
seconds (counted as killed: a mutant that makes a question run away is noticed), *error* when pytest
cannot run (not counted). At the end the tests that killed mutants are run once on the unmutated
copy; a mutant killed only by tests that fail there too is an *error*, not a kill.

Equivalent mutants (no answer can change) are listed in ``tests/mutation/equivalent.toml`` by their
key with the reason; they are excluded from the kill rate. Results are appended to
``tests/mutation/.cache/results.jsonl`` (``run`` skips mutants already there for the same seed).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import asdict, dataclass
from pathlib import Path

import clingo
import clingo.ast as A

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
RULES = REPO / "rules_asp"
CACHE = HERE / ".cache"
RECORD = CACHE / "record.json"
RESULTS = CACHE / "results.jsonl"
EQUIVALENT = HERE / "equivalent.toml"
EXCLUDED_FOLDERS = ("checks", "time")  # checks/: not the rule base; time/: only with run --only time
PYTEST = [str(REPO / ".venv" / "bin" / "python"), "-m", "pytest"]
CR_NUMBER = re.compile(r"\b\d{3}\.\d+[a-z]?\b|\b\d{3}\b(?=\s)")

OPERATORS = ("delete_rule", "drop_literal", "negate_literal", "boundary", "swap_args", "constant")
_BOUNDARY = {
    A.ComparisonOperator.LessThan: A.ComparisonOperator.LessEqual,
    A.ComparisonOperator.LessEqual: A.ComparisonOperator.LessThan,
    A.ComparisonOperator.GreaterThan: A.ComparisonOperator.GreaterEqual,
    A.ComparisonOperator.GreaterEqual: A.ComparisonOperator.GreaterThan,
    A.ComparisonOperator.Equal: A.ComparisonOperator.NotEqual,
    A.ComparisonOperator.NotEqual: A.ComparisonOperator.Equal,
}


@dataclass(frozen=True)
class Mutant:
    """One change to one rule: ``file`` (relative to rules_asp/), ``line`` (1-based, of the rule's
    first line), ``operator`` and ``detail`` (what changed), ``original`` and ``mutated`` (the rule's
    text as clingo prints it; ``mutated`` is ``""`` for a deleted rule), ``cr`` (the CR numbers of the
    rule: its ``cites`` strings, else those of the comment above it), ``key`` (stable id: a hash of
    file, original rule, operator and detail, independent of line numbers)."""

    file: str
    line: int
    operator: str
    detail: str
    original: str
    mutated: str
    cr: str
    key: str


# --- making mutants --------------------------------------------------------------------------------

def _replace(node, path, new):
    """``node`` with the descendant at ``path`` (a tuple of child keys and sequence indices) replaced."""
    if not path:
        return new
    key, rest = path[0], path[1:]
    if isinstance(key, tuple):  # (sequence key, index)
        name, index = key
        items = list(getattr(node, name))
        items[index] = _replace(items[index], rest, new)
        return node.update(**{name: items})
    return node.update(**{key: _replace(getattr(node, key), rest, new)})


def _walk(node, path=()):
    """Every AST descendant of ``node`` (itself first) with its path."""
    yield path, node
    for key in node.child_keys:
        value = getattr(node, key)
        if value is None:
            continue
        if isinstance(value, A.AST):
            yield from _walk(value, path + (key,))
        else:
            for index, item in enumerate(value):
                yield from _walk(item, path + ((key, index),))


def _is_string(term) -> bool:
    return term.ast_type == A.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.String


def rule_mutations(rule):
    """``(operator, detail, mutated rule or None)`` for every mutation of one rule (None: deleted)."""
    yield "delete_rule", "rule deleted", None
    body = list(rule.body)
    for i, literal in enumerate(body):
        yield "drop_literal", f"body literal {i + 1} `{literal}` dropped", rule.update(body=body[:i] + body[i + 1:])
        if literal.ast_type == A.ASTType.Literal and literal.atom.ast_type in (A.ASTType.SymbolicAtom, A.ASTType.BodyAggregate):
            sign = A.Sign.Negation if literal.sign == A.Sign.NoSign else A.Sign.NoSign
            new = literal.update(sign=sign)
            yield "negate_literal", f"`{literal}` -> `{new}`", rule.update(body=body[:i] + [new] + body[i + 1:])
    for path, node in _walk(rule):
        if node.ast_type == A.ASTType.Guard and node.comparison in _BOUNDARY:
            new = node.update(comparison=_BOUNDARY[node.comparison])
            mutated = _replace(rule, path, new)
            yield "boundary", f"comparison {path_text(path)}: `{rule}` -> `{mutated}`", mutated
        elif node.ast_type == A.ASTType.SymbolicAtom and node.symbol.ast_type == A.ASTType.Function:
            args = list(node.symbol.arguments)
            for i in range(len(args) - 1):
                if _is_string(args[i]) or _is_string(args[i + 1]) or str(args[i]) == str(args[i + 1]):
                    continue
                swapped = args[:i] + [args[i + 1], args[i]] + args[i + 2:]
                new = node.update(symbol=node.symbol.update(arguments=swapped))
                yield "swap_args", f"`{node}` -> `{new}`", _replace(rule, path, new)
        elif node.ast_type == A.ASTType.SymbolicTerm and node.symbol.type == clingo.SymbolType.Number:
            n = node.symbol.number
            for m in (n + 1, n - 1):
                new = node.update(symbol=clingo.Number(m))
                yield "constant", f"{n} -> {m} at {path_text(path)}", _replace(rule, path, new)


def path_text(path) -> str:
    return "/".join(f"{k[0]}[{k[1]}]" if isinstance(k, tuple) else k for k in path)


def _cr_numbers(rule_text: str, lines: list[str], line: int) -> str:
    cited = re.findall(r'cites\([^"]*"([^"]+)"', rule_text)
    if cited:
        return ", ".join(dict.fromkeys(cited))
    for back in range(line - 2, max(-1, line - 12), -1):  # the comment block above the rule
        text = lines[back].strip()
        if not text:
            break
        if text.startswith("%"):
            found = re.findall(r"\b\d{3}\.\d+[a-z]?\b", text)
            if found:
                return ", ".join(dict.fromkeys(found))
    return ""


def file_mutants(root: Path, relative: str) -> list[tuple[Mutant, str]]:
    """Every mutant of one rule file, each with the whole mutated file's text."""
    text = (root / relative).read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    plain = [line.rstrip("\n") for line in lines]
    statements: list = []
    A.parse_string(text, statements.append)
    out = []
    for statement in statements:
        if statement.ast_type != A.ASTType.Rule:
            continue
        begin, end = statement.location.begin, statement.location.end
        original = str(statement)
        cr = _cr_numbers(original, plain, begin.line)
        for operator, detail, mutated in rule_mutations(statement):
            new_text = "" if mutated is None else str(mutated)
            if new_text == original:
                continue
            before = "".join(lines[:begin.line - 1]) + lines[begin.line - 1][:begin.column - 1]
            after = lines[end.line - 1][end.column - 1:] + "".join(lines[end.line:])
            padding = "\n" * (end.line - begin.line)  # the file keeps its line numbers
            key = hashlib.sha1(f"{relative}|{original}|{operator}|{detail}".encode()).hexdigest()[:12]
            mutant = Mutant(relative, begin.line, operator, detail, original, new_text, cr, key)
            out.append((mutant, before + new_text + padding + after))
    return out


def rule_base_files(root: Path, only: str | None = None) -> list[str]:
    """The rule files that get mutants: ``*.lp`` of ``root`` outside the excluded folders; with
    ``only``, the files of that folder instead (``time``: the time encoding, excluded by default);
    ``only="all"``: the whole rule base, time/ included (only checks/ left out, not the rule base)."""
    if only == "all":
        return sorted(str(p.relative_to(root)) for p in root.rglob("*.lp")
                      if p.relative_to(root).parts[0] != "checks")
    return sorted(str(p.relative_to(root)) for p in root.rglob("*.lp")
                  if (p.relative_to(root).parts[0] == only if only else
                      p.relative_to(root).parts[0] not in EXCLUDED_FOLDERS))


def grounds(rule_text: str) -> bool:
    """Whether one rule grounds on its own (no unsafe variable, no other grounding error)."""
    if not rule_text:
        return True
    ctl = clingo.Control(["--warn=none"], logger=lambda code, message: None)
    try:
        ctl.add("base", [], rule_text)
        ctl.ground([("base", [])])
    except RuntimeError:
        return False
    return True


# --- selecting tests -------------------------------------------------------------------------------

def positive_body_predicates(rule_text: str) -> set[str]:
    """Names of the predicates of the positive body literals of one rule (its aggregates' elements not
    included: an aggregate can hold when its set is empty)."""
    if not rule_text:
        return set()
    statements: list = []
    A.parse_string(rule_text, statements.append)
    rule = next(s for s in statements if s.ast_type == A.ASTType.Rule)
    names = set()
    for literal in rule.body:
        if (literal.ast_type == A.ASTType.Literal and literal.sign == A.Sign.NoSign
                and literal.atom.ast_type == A.ASTType.SymbolicAtom
                and literal.atom.symbol.ast_type == A.ASTType.Function):
            names.add(literal.atom.symbol.name)
    return names


def select_tests(mutant: Mutant, record: dict, budget: float) -> list[str]:
    """The recorded tests that passed and could ground the original or the mutated rule, up to
    ``budget`` seconds of recorded cost: a test module's fixtures (the largest setup time of its
    tests: its knowledge bases, warm sessions) once per module, plus each test's call; the cheapest
    first (a test's call plus its module's fixtures), skipping those that no longer fit; at least one."""
    tests = {t: r for t, r in record["tests"].items() if r["outcome"] == "passed"}
    chosen: set[str] = set()
    for rule in (mutant.original, mutant.mutated):
        if not rule:
            continue
        needed = positive_body_predicates(rule)
        chosen |= {t for t, r in tests.items() if r["predicates"] and needed <= set(r["predicates"])}
    module_cost: dict[str, float] = {}
    for test, row in record["tests"].items():
        module = test.split("::")[0]
        module_cost[module] = max(module_cost.get(module, 0.0), row.get("setup", 0.0))
    picked, spent, paid = [], 0.0, set()
    for test in sorted(chosen, key=lambda t: (tests[t]["duration"] + module_cost[t.split("::")[0]], t)):
        module = test.split("::")[0]
        cost = tests[test]["duration"] + (0.0 if module in paid else module_cost[module])
        if picked and spent + cost > budget:
            continue  # too dear: a cheaper one may still fit
        picked.append(test)
        paid.add(module)
        spent += cost
    return picked


# --- running ---------------------------------------------------------------------------------------

def run_pytest(rule_base: Path, tests: list[str], timeout: float) -> tuple[str, list[str], float]:
    """Run ``tests`` on the rule base copy: ``(status, failing node ids, seconds)``."""
    env = dict(os.environ, PYRULES_RULE_BASE=str(rule_base), PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYRULES_MUTATION_RECORD", None)
    command = ["nice", "-n", "10", *PYTEST, "-x", "-q", "-rf", "-p", "no:cacheprovider",
               *tests]
    start = time.monotonic()
    try:
        done = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True, timeout=timeout,
                              start_new_session=True)
    except subprocess.TimeoutExpired:
        return "timeout", [], time.monotonic() - start
    seconds = time.monotonic() - start
    missing = [m.replace(f"{REPO}/", "") for m in
               re.findall(r"^ERROR: not found: (\S+)", done.stdout + done.stderr, re.MULTILINE)]
    if done.returncode == 4 and missing and len(missing) < len(tests):
        # tests renamed or removed since the recording: run the others
        status, failing, more = run_pytest(rule_base, [t for t in tests if t not in missing],
                                           timeout - seconds)
        return status, failing, seconds + more
    failing = re.findall(r"^(?:FAILED|ERROR) (tests/.+?)(?: - .*)?$", done.stdout, re.MULTILINE)
    status = {0: "survived", 1: "killed"}.get(done.returncode, "error")
    if status == "error":
        failing = [(done.stdout + done.stderr).strip().splitlines()[-1][:300] if (done.stdout + done.stderr).strip()
                   else f"pytest exit {done.returncode}"]
    return status, failing, seconds


class Collected:
    """The node ids pytest collects now, per test file, collected again when a file changes (other
    helpers edit tests while a run goes on: a recorded test renamed since is left out, not an error)."""

    def __init__(self) -> None:
        self._ids: dict[str, tuple[float, set[str]]] = {}

    def valid(self, tests: list[str]) -> list[str]:
        files = sorted({t.split("::")[0] for t in tests})
        stale = [f for f in files if (REPO / f).exists() and
                 (f not in self._ids or self._ids[f][0] != (REPO / f).stat().st_mtime)]
        if stale:
            done = subprocess.run(["nice", "-n", "10", *PYTEST, "--collect-only", "-q", "-p", "no:cacheprovider",
                                   *stale], cwd=REPO, capture_output=True, text=True, timeout=600)
            found = set(re.findall(r"^(tests/\S+::\S.*)$", done.stdout, re.MULTILINE))
            for f in stale:
                self._ids[f] = ((REPO / f).stat().st_mtime, {t for t in found if t.startswith(f + "::")})
        return [t for t in tests if t.split("::")[0] in self._ids and t in self._ids[t.split("::")[0]][1]]


def copy_rule_base(target: Path) -> Path:
    """A copy of the work tree's rules_asp/ (every ``.lp``, time/ and checks/ too) under ``target``."""
    root = target / "rules_asp"
    shutil.copytree(RULES, root, ignore=shutil.ignore_patterns("__pycache__", "*.py", "*.md"))
    return root


def load_results() -> list[dict]:
    if not RESULTS.exists():
        return []
    return [json.loads(line) for line in RESULTS.read_text(encoding="utf-8").splitlines() if line.strip()]


def sample(root: Path, seed: int, count: int, done_keys: set[str], first_keys: frozenset[str] = frozenset(),
           only: str | None = None):
    """``count`` mutants of the rule base (distinct texts, grounding) in the order the seed gives,
    skipping those in ``done_keys``; yields ``(mutant, file text)``. Before them, the mutants whose keys
    are in ``first_keys`` (survivors run again), wherever they are in the order.

    The order: within each operator, the mutants sorted by a hash of the seed and their key (the key
    does not depend on line numbers, so an edit elsewhere in the rule base leaves the order of the
    other mutants as it was); then the operators in turn (``OPERATORS``: without it, half the sample
    would swap arguments)."""
    by_operator: dict[str, list] = {}
    for f in rule_base_files(root, only):
        for m in file_mutants(root, f):
            by_operator.setdefault(m[0].operator, []).append(m)
    queues = [sorted(by_operator.get(operator, []),
                     key=lambda m: hashlib.sha1(f"{seed}:{m[0].key}".encode()).hexdigest())
              for operator in OPERATORS]
    every = [q[i] for i in range(max(map(len, queues))) for q in queues if i < len(q)]
    for mutant, text in every:
        if mutant.key in first_keys and grounds(mutant.mutated):
            yield mutant, text
    seen_texts: set[str] = set()
    given = 0
    for mutant, text in every:
        if given >= count:
            return
        if text in seen_texts:
            continue
        seen_texts.add(text)
        if not grounds(mutant.mutated):
            continue
        given += 1
        if mutant.key in done_keys or mutant.key in first_keys:
            continue
        yield mutant, text


def command_run(args) -> None:
    # A SIGTERM ends the run cleanly: the running pytest is killed and the temporary copy removed.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(143))
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    latest = {r["key"]: r for r in load_results() if r.get("seed") == args.seed}
    done = set(latest)
    equivalent = equivalents()
    again = frozenset(k for k, r in latest.items() if r["status"] == "survived" and k not in equivalent
                      ) if args.retry_survivors else frozenset()
    CACHE.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="pyrules-mutants-") as tmp:
        root = copy_rule_base(Path(tmp))
        collected = Collected()
        for mutant, text in sample(root, args.seed, args.count, done, again, args.only):
            path = root / mutant.file
            original = path.read_text(encoding="utf-8")
            tests = collected.valid(select_tests(mutant, record, args.budget))
            if not tests:  # no recorded test grounds the rule's body: nothing can notice the change
                status, failing, seconds = "survived", [], 0.0
            else:
                path.write_text(text, encoding="utf-8")
                try:
                    status, failing, seconds = run_pytest(root, tests, args.timeout)
                finally:
                    path.write_text(original, encoding="utf-8")
            row = dict(asdict(mutant), seed=args.seed, status=status, failing=failing[:3], tests=len(tests),
                       budget=args.budget,
                       seconds=round(seconds, 1), when=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
            with RESULTS.open("a", encoding="utf-8") as handle:
                handle.write(json.dumps(row) + "\n")
            print(f"{status:8} {seconds:6.1f}s {len(tests):4} tests  {mutant.file}:{mutant.line} "
                  f"{mutant.operator}: {mutant.detail[:100]}", flush=True)
        if args.no_baseline:
            return
        # The tests that killed mutants, once on the unmutated copy: a kill by a test failing there is none.
        rows = [r for r in load_results() if r.get("seed") == args.seed]
        killers = collected.valid(sorted({t for r in rows if r["status"] == "killed" for t in r["failing"]}))
        if killers:
            status, failing, _ = run_pytest(root, killers, args.timeout * 4)
            broken = set(failing)
            if status != "survived":
                status, failing, _ = run_pytest_all(root, killers, args.timeout * 4)
                broken = set(failing)
            print(f"baseline: {len(killers)} killing tests on the unmutated copy, {len(broken)} fail there")
            rewritten = []
            for r in load_results():
                if r.get("seed") == args.seed and r["status"] == "killed" and r["failing"] and \
                        set(r["failing"]) <= broken:
                    r = dict(r, status="error", why="killed only by tests failing on the unmutated copy")
                rewritten.append(r)
            RESULTS.write_text("".join(json.dumps(r) + "\n" for r in rewritten), encoding="utf-8")


def run_pytest_all(rule_base: Path, tests: list[str], timeout: float):
    """Like :func:`run_pytest` without ``-x``: every failing test."""
    env = dict(os.environ, PYRULES_RULE_BASE=str(rule_base), PYTHONDONTWRITEBYTECODE="1")
    env.pop("PYRULES_MUTATION_RECORD", None)
    done = subprocess.run(["nice", "-n", "10", *PYTEST, "-q", "-rf", "-p", "no:cacheprovider", *tests],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=timeout)
    return "done", re.findall(r"^(?:FAILED|ERROR) (tests/.+?)(?: - .*)?$", done.stdout, re.MULTILINE), 0.0


def command_record(args) -> None:
    """Record the whole suite; with pytest arguments (test files, ``-k``), record those tests only and
    merge them into the existing record (for tests written since the last whole recording)."""
    CACHE.mkdir(exist_ok=True)
    target = CACHE / "record.partial.json" if args.pytest_args else RECORD
    env = dict(os.environ, PYRULES_MUTATION_RECORD=str(target), PYTHONPATH=str(HERE))
    env.pop("PYRULES_RULE_BASE", None)
    subprocess.run(["nice", "-n", "10", *PYTEST, "-q", "-p", "mutation_plugin", "-p", "no:cacheprovider",
                    *args.pytest_args], cwd=REPO, env=env, check=False)
    if args.pytest_args:
        record = json.loads(RECORD.read_text(encoding="utf-8")) if RECORD.exists() else {"tests": {}}
        partial = json.loads(target.read_text(encoding="utf-8"))["tests"]
        if "--setup-only" in args.pytest_args:  # fixture costs only: kept beside the recorded runs
            for test, row in partial.items():
                if test in record["tests"]:
                    record["tests"][test]["setup"] = row["setup"]
        else:
            record["tests"].update(partial)
        RECORD.write_text(json.dumps(record), encoding="utf-8")
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    grounded = sum(1 for r in record["tests"].values() if r["predicates"])
    print(f"recorded {len(record['tests'])} tests, {grounded} grounding the rule base in process -> {RECORD}")


def equivalents() -> dict[str, str]:
    """Mutant key -> why the mutant is equivalent (``tests/mutation/equivalent.toml``)."""
    if not EQUIVALENT.exists():
        return {}
    data = tomllib.loads(EQUIVALENT.read_text(encoding="utf-8"))
    return {entry["key"]: entry["reason"] for entry in data.get("mutant", [])}


def command_report(args) -> None:
    rows = [r for r in load_results() if args.seed is None or r.get("seed") == args.seed]
    latest: dict[str, dict] = {}
    for r in rows:  # a mutant run again (after new tests) counts with its last result
        latest[r["key"]] = r
    rows = list(latest.values())
    equivalent = equivalents()
    counted = [r for r in rows if r["status"] in ("killed", "survived", "timeout", "fixed") and r["key"] not in equivalent]
    killed = [r for r in counted if r["status"] in ("killed", "timeout", "fixed")]
    fixed = [r for r in counted if r["status"] == "fixed"]
    survivors = [r for r in counted if r["status"] == "survived"]
    errors = [r for r in rows if r["status"] == "error"]
    eq_rows = [r for r in rows if r["key"] in equivalent]
    seeds = sorted({r.get("seed") for r in rows})
    rate = 100.0 * len(killed) / len(counted) if counted else 0.0
    in_time = {r["file"].split("/")[0] == "time" for r in rows}
    mutated = ("rules_asp/time/ only (the time encoding: `run --only time`)" if in_time == {True} else
               "rules_asp/ without checks/ and time/ (time/ excluded by default: `run --only time` mutates it)"
               if in_time == {False} else "rules_asp/ without checks/, time/ included")
    out = ["# Mutation testing of the rule base: last run", "",
           f"Made by `tests/mutation/mutate.py report` at {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}. "
           f"Seed(s): {', '.join(map(str, seeds))}. Mutated: {mutated}.", "",
           f"- mutants run: {len(rows)}; equivalent (excluded, listed below): {len(eq_rows)}; "
           f"errors (not counted): {len(errors)}",
           f"- killed: {len(killed)} of {len(counted)} non-equivalent ({rate:.1f}%), of which timeouts: "
           f"{sum(r['status'] == 'timeout' for r in killed)}; rules fixed (the mutant was right, listed below): "
           f"{len(fixed)}",
           f"- survived: {len(survivors)}, of which {sum(r['tests'] == 0 for r in survivors)} with no recorded "
           f"test grounding the rule's body (nothing ran)", "",
           "By operator (killed/counted): " + ", ".join(
               f"{op} {sum(r in killed for r in counted if r['operator'] == op)}/"
               f"{sum(r['operator'] == op for r in counted)}"
               for op in sorted({r['operator'] for r in counted})), "",
           "## Survivors", ""]
    for r in sorted(survivors, key=lambda r: (r["file"], r["line"])):
        out.append(f"- `{r['file']}:{r['line']}` CR {r['cr'] or '?'} — {r['operator']}: {r['detail']} "
                   f"(key {r['key']}; {r['tests']} tests run, budget {r.get('budget', '?')} s)")
        out.append(f"  rule: `{r['original']}`")
    out += ["", "## Equivalent mutants (excluded)", ""]
    for r in sorted(eq_rows, key=lambda r: (r["file"], r["line"])):
        out.append(f"- `{r['file']}:{r['line']}` CR {r['cr'] or '?'} — {r['operator']}: {r['detail']} "
                   f"(key {r['key']}): {equivalent[r['key']]}")
    if fixed:
        out += ["", "## Rules fixed (counted as killed: the rule now says what the mutant said, and a test fails "
                "on the rule as it was)", ""]
        for r in sorted(fixed, key=lambda r: (r["file"], r["line"])):
            out.append(f"- `{r['file']}:{r['line']}` CR {r['cr'] or '?'} — {r['operator']}: {r['detail']} "
                       f"(key {r['key']}): {r.get('why', '')}")
    if errors:
        out += ["", "## Errors (not counted)", ""]
        for r in errors:
            out.append(f"- `{r['file']}:{r['line']}` {r['operator']}: {r['detail']} — {r.get('why', 'pytest error')}")
    text = "\n".join(out) + "\n"
    if args.markdown:
        Path(args.markdown).write_text(text, encoding="utf-8")
    print(text)


def command_dead(args) -> None:
    """The rules of the mutated rule base (rules_asp/ without checks/ and time/) that no recorded test can
    make fire: no test that passed grounded every predicate of the rule's positive body (so no test
    exercises the rule at all); with file:line and CR numbers, as text or Markdown."""
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    grounded = [set(r["predicates"]) for r in record["tests"].values()
                if r["outcome"] == "passed" and r["predicates"]]
    rows, checked = [], 0
    for relative in rule_base_files(RULES):
        text = (RULES / relative).read_text(encoding="utf-8")
        plain = text.splitlines()
        statements: list = []
        A.parse_string(text, statements.append)
        for statement in statements:
            if statement.ast_type != A.ASTType.Rule or not statement.body:
                continue
            checked += 1
            needed = positive_body_predicates(str(statement))
            if not needed or any(needed <= g for g in grounded):
                continue
            missing = sorted(needed - set().union(*(g & needed for g in grounded))) if grounded else sorted(needed)
            rows.append((relative, statement.location.begin.line,
                         _cr_numbers(str(statement), plain, statement.location.begin.line), str(statement), missing))
    out = ["# Rules no recorded test grounds", "",
           f"Made by `tests/mutation/mutate.py dead` at {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} from "
           f"the recording ({len(grounded)} passing tests that ground the rule base in process). A rule is listed "
           "when no such test grounded every predicate of its positive body: no test can make it fire, so no "
           "test notices when it changes. `never grounded` names the body predicates no test grounded at all "
           "(empty: each is grounded by some test, never all by the same one).", "",
           f"- rules with a body checked: {checked}; listed: {len(rows)}", ""]
    for relative, line, cr, rule, missing in rows:
        out.append(f"- `{relative}:{line}` CR {cr or '?'} — never grounded: {', '.join(missing) or '(none)'}")
        out.append(f"  rule: `{rule}`")
    text = "\n".join(out) + "\n"
    if args.markdown:
        Path(args.markdown).write_text(text, encoding="utf-8")
    print(text)


def command_fixed(args) -> None:
    """Record that a survivor showed the rule itself wrong and the rule was changed to what the mutant
    said (its key then no longer exists, so it cannot run again): a row ``fixed`` with ``why`` (the
    commit, and the test that fails on the rule as it was), counted as killed and listed by the report."""
    rows = [r for r in load_results() if r.get("seed") == args.seed and r["key"] == args.key]
    if not rows:
        sys.exit(f"no result for mutant {args.key} of seed {args.seed}")
    row = dict(rows[-1], status="fixed", why=args.why, failing=[],
               when=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    with RESULTS.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(row) + "\n")
    print(f"fixed {args.key}: {args.why}")


def command_try(args) -> None:
    """Run the given pytest arguments on one mutant (by key): does a new test kill it?"""
    with tempfile.TemporaryDirectory(prefix="pyrules-mutants-") as tmp:
        root = copy_rule_base(Path(tmp))
        known = [r["file"] for r in load_results() if r["key"] == args.key]  # its file, if run before
        files = [known[-1]] if known and (root / known[-1]).exists() else rule_base_files(root, "all")
        found = [(m, t) for f in files for m, t in file_mutants(root, f) if m.key == args.key]
        if not found:
            sys.exit(f"no mutant {args.key} in the rule base as it is now")
        mutant, text = found[0]
        print(f"{mutant.file}:{mutant.line} CR {mutant.cr}: {mutant.operator}: {mutant.detail}")
        (root / mutant.file).write_text(text, encoding="utf-8")
        env = dict(os.environ, PYRULES_RULE_BASE=str(root), PYTHONDONTWRITEBYTECODE="1")
        done = subprocess.run(["nice", "-n", "10", *PYTEST, "-q", "-p", "no:cacheprovider", *args.pytest_args],
                              cwd=REPO, env=env, capture_output=True, text=True)
        print("\n".join((done.stdout + done.stderr).strip().splitlines()[-15:]))
        status = {0: "survived", 1: "killed"}.get(done.returncode, "error")
        print(status if status != "error" else f"pytest exit {done.returncode}")
        if args.seed is not None and status != "error":
            # recorded as this mutant's latest result for the seed: the tests named by hand (a test the
            # budget of `run` did not reach, e.g. for a rule whose body every state grounds)
            failing = re.findall(r"^(?:FAILED|ERROR) (tests/.+?)(?: - .*)?$", done.stdout, re.MULTILINE)
            row = dict(asdict(mutant), seed=args.seed, status=status, failing=failing[:3], tests=-1,
                       budget="by hand (try): " + " ".join(args.pytest_args),
                       seconds=0.0, when=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
            with RESULTS.open("a", encoding="utf-8") as handle:
                handle.write(json.dumps(row) + "\n")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record", help="run the suite once, recording the predicates each test grounds")
    rec.add_argument("pytest_args", nargs="*")
    run = sub.add_parser("run", help="run a seeded sample of mutants, one at a time")
    run.add_argument("--seed", type=int, default=23)
    run.add_argument("--count", type=int, default=30)
    run.add_argument("--budget", type=float, default=60.0, help="seconds of recorded test time per mutant")
    run.add_argument("--timeout", type=float, default=240.0, help="seconds per mutant")
    run.add_argument("--no-baseline", action="store_true", help="skip the final run on the unmutated copy")
    run.add_argument("--only", metavar="FOLDER",
                     help="mutate only this folder of rules_asp/ (time: the time encoding, excluded by default; "
                          "all: the whole rule base, time/ included, checks/ left out)")
    run.add_argument("--retry-survivors", action="store_true",
                     help="run this seed's survivors again (after new tests: record them first)")
    rep = sub.add_parser("report", help="summarise the results")
    rep.add_argument("--seed", type=int)
    rep.add_argument("--markdown")
    dead = sub.add_parser("dead", help="the rules no recorded test grounds (no test can make them fire)")
    dead.add_argument("--markdown")
    fix = sub.add_parser("fixed", help="a survivor whose rule was changed to what the mutant said (counted as killed)")
    fix.add_argument("key")
    fix.add_argument("--seed", type=int, required=True)
    fix.add_argument("--why", required=True, help="the commit and the test that fails on the rule as it was")
    tri = sub.add_parser("try", help="run pytest arguments on one mutant, by key")
    tri.add_argument("key")
    tri.add_argument("--seed", type=int, help="record the result as this mutant's latest for the seed (report)")
    tri.add_argument("pytest_args", nargs="*")
    args, extra = parser.parse_known_args(argv)
    if extra and args.command not in ("record", "try"):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if extra:
        args.pytest_args = [*args.pytest_args, *extra]  # pytest's own options (-k, --setup-only)
    {"record": command_record, "run": command_run, "report": command_report, "try": command_try,
     "dead": command_dead, "fixed": command_fixed}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
