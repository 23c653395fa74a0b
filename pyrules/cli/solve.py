"""``pyrules solve FILE...``: the rule base on ASP fact files."""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict

from pyrules.cli.common import _named_cards


def _explain_unsat(statements, deadline) -> list[str]:
    """Lines naming a minimal set of the fact files' facts and rule-base rules that cannot hold
    together (clingo assumptions and cores, :func:`pyrules.checks.minimal_core.minimal_core`), found in
    the time left before ``deadline`` (a :class:`pyrules.solving.deadline.Deadline`): the search runs in a
    forked process killed at the deadline, and a set not shrunk in time, or none found, says so
    in its last line."""
    import clingo
    from clingo import ast

    from pyrules.checks.minimal_core import minimal_core
    from pyrules.solving.deadline import TimeLimitReached, run_bounded

    cut = f"(explanation cut at the time limit of {deadline.seconds:g} s"

    def explain() -> list[str]:
        facts, others = [], []
        for stm in statements:
            if stm.ast_type == ast.ASTType.Program:
                continue
            if stm.ast_type == ast.ASTType.Rule and not stm.body and stm.head.ast_type == ast.ASTType.Literal:
                try:
                    facts.append(clingo.parse_term(str(stm.head)))
                    continue
                except RuntimeError:
                    pass
            others.append(str(stm))
        # The shrinking stops a little before the deadline, so that a set found is still printed.
        left = deadline.remaining()
        core = minimal_core(facts, [("fact files", "\n".join(others))] if others else (),
                            time_limit=max(left - min(0.5, left / 4), 0.01))
        if core is None:
            return []
        lines = [f"fact: {f}" for f in core.facts]
        lines += [f"rule: {r.location()}: {r.text}" for r in core.rules]
        if core.cr:
            lines.append(f"CR: {', '.join(core.cr)}")
        if not core.minimal:
            lines.append(f"{cut}: this set may not be minimal)")
        return lines

    try:
        return run_bounded(explain, deadline.left("explaining the inconsistent state"),
                           "explaining the inconsistent state")
    except TimeLimitReached:
        return [f"{cut}: no conflicting set of facts and rules found in time)"]
    except Exception as err:  # noqa: BLE001 — the answer (no answer set) stands; only its explanation failed
        message = " ".join(f"{type(err).__name__}: {err}".split())[:300]
        print(f"pyrules: warning: the inconsistent state could not be explained: {message} (please report)",
              file=sys.stderr)
        return [f"(no explanation: {message})"]


def _cmd_solve(args: argparse.Namespace) -> int:
    from pyrules.facts.card_facts import card_facts
    from pyrules.inputs.cards import load_cards
    from pyrules.inputs.card_definitions import one_per_name
    from pyrules.inputs.fact_files import read_fact_file, unknown_predicate_warnings
    from pyrules.solving.deadline import Deadline, TimeLimitReached
    from pyrules.solving.one_shot import SolveResult, solve_bounded

    deadline = Deadline(args.time_limit)  # one limit for reading, checking, solving, explaining
    try:
        per_file = [(f, read_fact_file(f, allow_scripts=args.allow_scripts, deadline=deadline))
                    for f in args.files]
        deadline.check("checking the fact files")
    except TimeLimitReached:
        per_file = None
    if per_file is None:
        if args.json:
            print(json.dumps({"status": "unknown", "answers": []}, indent=2))
        else:
            print(f"unknown (time limit of {args.time_limit:g} s reached)")
        return 1
    for warning in unknown_predicate_warnings(per_file, deadline=deadline):
        print(f"pyrules: {warning}", file=sys.stderr)
    statements = [s for _, stms in per_file for s in stms]
    card_files = list(args.cards)

    def card_definitions():
        # Read in the time-limited child process: only the cards the fact files name.
        names = _named_cards(statements)
        # One definition per name: the card, not a token of the same name (108.2b).
        cards = one_per_name(c for path in card_files for c in load_cards(path, names=names))
        return [f for c in cards for f in card_facts(c)]

    try:
        left = deadline.left("checking the fact files")
    except TimeLimitReached:
        result = SolveResult("unknown", ())
    else:
        result = solve_bounded(statements=statements, fact_files=per_file, time_limit=left,
                               prepare=card_definitions)
    cites: dict[str, list[str]] = defaultdict(list)
    # answer_strength/2 (rules_asp/foundation/assumptions.lp): derived | assumed | unknown, per answer atom
    strengths: dict[str, str] = {}
    atoms: list[str] = []
    for s in result.symbols:
        if s.name == "cites" and len(s.arguments) == 2:
            cites[str(s.arguments[0])].append(s.arguments[1].string)
        elif s.name == "answer_strength" and len(s.arguments) == 2:
            strengths[str(s.arguments[0])] = s.arguments[1].name
        else:
            atoms.append(str(s))
    atoms.sort()
    if args.json:
        print(json.dumps({"status": result.status,
                          "answers": [{"atom": a, "cr": sorted(set(cites.get(a, []))), "strength": strengths.get(a)}
                                      for a in atoms]},
                         indent=2))
    else:
        errors = [a for a in atoms if a.startswith("state_error(")]
        if result.status == "unknown":
            print(f"unknown (time limit of {args.time_limit:g} s reached)")
        elif result.status == "unsatisfiable":
            print("inconsistent state: the facts contradict the rule base (no answer set)")
            for line in _explain_unsat(statements, deadline):
                print(f"  {line}")
        elif errors:
            print(f"inconsistent state: {', '.join(e[len('state_error('):-1] for e in errors)}")
            return 1
        for a in atoms:
            rules = sorted(set(cites.get(a, [])))
            strength = strengths.get(a, "derived")
            print(f"{a}" + (f"   [CR {', '.join(rules)}]" if rules else "")
                  + (f"   ({strength})" if strength != "derived" else ""))
    ok = result.status == "satisfiable" and not any(a.startswith("state_error(") for a in atoms)
    return 0 if ok else 1
