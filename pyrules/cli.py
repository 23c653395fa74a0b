"""The ``pyrules`` command line.

Commands:
    pyrules demo                      answer the shipped split-card example, with citations
    pyrules solve FILE... [--cards J] run the rule base on ASP fact files (schema: rules_asp/schema.lp)
    pyrules clingo [OPTIONS] FILE...  the same under clingo's own command line (--outf=2, -n, …)
    pyrules schema [--path]           print the fact schema fact files use
    pyrules ask SCENARIO [QUESTION]   answer questions about a scenario file (TOML, pyrules.scenario)
    pyrules cards parse|coverage ...  card data (JSON or plain text) -> ASP facts; coverage report
    pyrules cr parse|show|diff|check  Comprehensive Rules document tools
    pyrules check --cr FILE           consistency: CR document, rule base citations

Exit codes, the same for every command (``pyrules clingo`` maps clingo's own 10/20/30/65/128 to
them): 0 answered; 1 no answer (inconsistent state, unsatisfiable, time limit reached, or document
findings); 2 bad input or usage (one line on stderr naming file, line and column). An exception
that is not a pyrules error is a bug: one line ``pyrules: internal error: ...`` and exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from typing import Sequence

from pyrules import __version__
from pyrules.errors import NoAnswerError, PyrulesError, StateValueError
from pyrules.report import QUESTIONS


def _cmd_demo(args: argparse.Namespace) -> int:
    from pyrules.demo import run_demo

    print(run_demo()[1])
    return 0


def _named_cards(statements) -> set[str]:
    """Card names in the fact files' ``object_card(O, "Name")`` facts (clingo AST)."""
    from clingo import SymbolType, ast

    names: set[str] = set()
    for stm in statements:
        if stm.ast_type != ast.ASTType.Rule or stm.head.ast_type != ast.ASTType.Literal:
            continue
        sym = stm.head.atom.symbol if stm.head.atom.ast_type == ast.ASTType.SymbolicAtom else None
        if sym is not None and sym.ast_type == ast.ASTType.Function and sym.name == "object_card" \
                and len(sym.arguments) == 2 and sym.arguments[1].ast_type == ast.ASTType.SymbolicTerm \
                and sym.arguments[1].symbol.type == SymbolType.String:
            names.add(sym.arguments[1].symbol.string)
    return names


def _explain_unsat(statements, deadline) -> list[str]:
    """Lines naming a minimal set of the fact files' facts and rule-base rules that cannot hold
    together (clingo assumptions and cores, :func:`pyrules.consistency.minimal_core`), found in
    the time left before ``deadline`` (a :class:`pyrules.deadline.Deadline`): the search runs in a
    forked process killed at the deadline, and a set not shrunk in time, or none found, says so
    in its last line."""
    import clingo
    from clingo import ast

    from pyrules.consistency import minimal_core
    from pyrules.deadline import TimeLimitReached, run_bounded

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
        return run_bounded(explain, deadline.remaining(), "explaining the inconsistent state")
    except TimeLimitReached:
        return [f"{cut}: no conflicting set of facts and rules found in time)"]


def _positive_seconds(text: str) -> float:
    """argparse type: a time limit in seconds, finite, > 0 and at most
    :data:`pyrules.solver.MAX_TIME_LIMIT` (``inf`` and ``nan`` are refused)."""
    from pyrules.solver import MAX_TIME_LIMIT

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value <= MAX_TIME_LIMIT:  # also false for nan
        raise argparse.ArgumentTypeError(f"the time limit must be more than 0 seconds and at most "
                                         f"{MAX_TIME_LIMIT:g}, not {text}")
    return value


def _cmd_schema(args: argparse.Namespace) -> int:
    from importlib import resources

    path = resources.files("pyrules.rules_asp") / "schema.lp"
    if args.path:
        print(path)
    else:
        print(path.read_text(encoding="utf-8"), end="")
    return 0


def _cmd_solve(args: argparse.Namespace) -> int:
    from pyrules.card_facts import card_facts
    from pyrules.cards import load_cards, one_per_name
    from pyrules.fact_files import read_fact_file, unknown_predicate_warnings
    from pyrules.deadline import Deadline, TimeLimitReached
    from pyrules.solver import SolveResult, solve_bounded

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

    if deadline.expired():
        result = SolveResult("unknown", ())
    else:
        result = solve_bounded(statements=statements, fact_files=per_file, time_limit=deadline.remaining(),
                               prepare=card_definitions)
    cites: dict[str, list[str]] = defaultdict(list)
    # answer_strength/2 (rules_asp/assumptions.lp): derived | assumed | unknown, per answer atom
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


def _cmd_ask(args: argparse.Namespace) -> int:
    from pyrules.api import KnowledgeBase
    from pyrules.report import QUESTIONS, report, report_json
    from pyrules.scenario import load_scenario

    from pyrules.deadline import Deadline

    deadline = Deadline(args.time_limit)  # one limit for reading the scenario and cards, and solving
    scenario = load_scenario(args.scenario)
    kb = KnowledgeBase.from_files(scenario.card_files, cr_file=args.cr, time_limit=args.time_limit,
                                  names=scenario.state.card_names())
    for card in scenario.inline_cards:
        kb.cards[card.name] = card
    scenario.check_cards(kb.cards)
    deadline.check("reading the scenario and its cards")
    kb.time_limit = deadline.remaining()
    try:
        answers = kb.ask(scenario.state)
    except StateValueError as err:  # an input the rule base refuses: point at the scenario entry
        raise scenario.locate(err) from None
    questions = QUESTIONS if args.question == "all" else (args.question,)
    if args.json:
        print(json.dumps(report_json(answers, scenario.state, questions), indent=2, ensure_ascii=False))
    else:
        print(report(answers, scenario.state, questions))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argparse parser of the ``pyrules`` command (each subcommand sets ``func``)."""
    parser = argparse.ArgumentParser(prog="pyrules", description="Magic: The Gathering rules inference: "
                                     "verdicts derived by clingo from the Comprehensive Rules, with citations.")
    parser.add_argument("--version", action="version", version=f"pyrules {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    demo = sub.add_parser("demo", help="answer the shipped There // They're // Their example")
    demo.set_defaults(func=_cmd_demo)

    solve = sub.add_parser("solve", help="run the rule base on ASP fact files")
    solve.add_argument("files", nargs="+", metavar="FILE", help="fact files (schema: rules_asp/schema.lp)")
    solve.add_argument("--cards", action="append", default=[], metavar="JSON",
                       help="card data (Scryfall/MTGJSON JSON) whose definitions the facts refer to")
    solve.add_argument("--time-limit", type=_positive_seconds, default=5.0, metavar="SECONDS",
                       help="stop after this long (reading cards, grounding, solving) and report unknown "
                            "(default 5)")
    solve.add_argument("--json", action="store_true", help="print JSON")
    solve.add_argument("--allow-scripts", action="store_true",
                       help="allow #script, #include and @function calls in the fact files (off by default)")
    solve.set_defaults(func=_cmd_solve)

    sub.add_parser("clingo", help="run the rule base on fact files with clingo's own options "
                   "(pyrules clingo --help shows them; --cards=FILE, --allow-scripts)", add_help=False)

    schema = sub.add_parser("schema", help="print the fact schema (rules_asp/schema.lp) that fact files use")
    schema.add_argument("--path", action="store_true", help="print only the installed file's path")
    schema.set_defaults(func=_cmd_schema)

    ask = sub.add_parser("ask", help="answer questions about a scenario file (TOML)")
    ask.add_argument("scenario", metavar="SCENARIO.toml", help="scenario (format: pyrules.scenario)")
    ask.add_argument("question", nargs="?", default="all", choices=("all",) + QUESTIONS,
                     help="what to answer (default all): mana-value, cast (who may cast what now, or why "
                          "not), land (land plays), permission (what effects' cast permissions allow), proposal "
                          "(announced castings), attack (who may attack), search, count, discard, damage "
                          "(results of damage events), sba (state-based actions)")
    ask.add_argument("--cr", metavar="FILE", help="a CR text file, to print each cited rule's text with --json")
    ask.add_argument("--json", action="store_true", help="print JSON")
    ask.add_argument("--time-limit", type=_positive_seconds, default=5.0, metavar="SECONDS",
                     help="stop after this long (reading the scenario and cards, solving) and report no "
                          "answer (default 5)")
    ask.set_defaults(func=_cmd_ask)

    from pyrules import cli_cards, cli_check, cli_cr

    cli_cards.register(sub)
    cli_cr.register(sub)
    cli_check.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (see the module docstring)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["clingo"]:
            from pyrules.clingo_app import run

            return run(argv[1:])
        parser = build_parser()
        args = parser.parse_args(argv)
        if not getattr(args, "func", None):
            parser.print_help()
            return 2
        return int(args.func(args) or 0)
    except NoAnswerError as err:
        print(f"pyrules: no answer: {err}", file=sys.stderr)
        return 1
    except PyrulesError as err:
        print(f"pyrules: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except Exception as err:  # noqa: BLE001 — last resort: a bug, never a traceback
        message = " ".join(str(err).split())[:500]
        print(f"pyrules: internal error: {type(err).__name__}: {message} (please report)", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
