"""The ``pyrules`` command line.

Commands:
    pyrules demo                      answer the shipped split-card example, with citations
    pyrules solve FILE... [--cards J] run the rule base on ASP fact files (schema: rules_asp/schema.lp)
    pyrules ask SCENARIO [QUESTION]   answer questions about a scenario file (TOML, pyrules.scenario)
    pyrules cards parse|coverage ...  card data (JSON or plain text) -> ASP facts; coverage report
    pyrules cr parse|show|diff|check  Comprehensive Rules document tools
    pyrules check --cr FILE           consistency: CR document, rule base citations

Exit codes: 0 answered; 1 no answer (inconsistent state, time limit reached, or document
findings); 2 bad input or usage (one line on stderr naming file, line and column).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from typing import Sequence

from pyrules import __version__
from pyrules.errors import PyrulesError


def _cmd_demo(args: argparse.Namespace) -> int:
    from pyrules.demo import run_demo

    print(run_demo()[1])
    return 0


def _cmd_solve(args: argparse.Namespace) -> int:
    from pyrules.card_facts import card_facts
    from pyrules.cards import load_cards
    from pyrules.fact_files import read_fact_file
    from pyrules.solver import solve_bounded

    statements = [s for f in args.files for s in read_fact_file(f, allow_scripts=args.allow_scripts)]
    facts = [f for path in args.cards for c in load_cards(path) for f in card_facts(c)]
    result = solve_bounded(facts=facts, statements=statements, time_limit=args.time_limit)
    cites: dict[str, list[str]] = defaultdict(list)
    atoms: list[str] = []
    for s in result.symbols:
        if s.name == "cites" and len(s.arguments) == 2:
            cites[str(s.arguments[0])].append(s.arguments[1].string)
        else:
            atoms.append(str(s))
    atoms.sort()
    if args.json:
        print(json.dumps({"status": result.status,
                          "answers": [{"atom": a, "cr": sorted(set(cites.get(a, [])))} for a in atoms]},
                         indent=2))
    else:
        if result.status == "unknown":
            print(f"unknown (time limit of {args.time_limit:g} s reached)")
        elif result.status == "unsatisfiable":
            print("inconsistent state: the facts contradict the rule base (no answer set)")
        for a in atoms:
            rules = sorted(set(cites.get(a, [])))
            print(f"{a}" + (f"   [CR {', '.join(rules)}]" if rules else ""))
    return 0 if result.status == "satisfiable" else 1


def _cmd_ask(args: argparse.Namespace) -> int:
    from pyrules.api import KnowledgeBase
    from pyrules.report import QUESTIONS, report, report_json
    from pyrules.scenario import load_scenario

    scenario = load_scenario(args.scenario)
    kb = KnowledgeBase.from_files(scenario.card_files, cr_file=args.cr, time_limit=args.time_limit)
    scenario.check_cards(kb.cards)
    answers = kb.ask(scenario.state)
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
    solve.add_argument("--time-limit", type=float, default=5.0, metavar="SECONDS",
                       help="stop solving after this long and report unknown (default 5)")
    solve.add_argument("--json", action="store_true", help="print JSON")
    solve.add_argument("--allow-scripts", action="store_true",
                       help="allow #script, #include and @function calls in the fact files (off by default)")
    solve.set_defaults(func=_cmd_solve)

    ask = sub.add_parser("ask", help="answer questions about a scenario file (TOML)")
    ask.add_argument("scenario", metavar="SCENARIO.toml", help="scenario (format: pyrules.scenario)")
    ask.add_argument("question", nargs="?", default="all",
                     choices=("all", "mana-value", "cast", "search", "count", "discard"))
    ask.add_argument("--cr", metavar="FILE", help="a CR text file, to print each cited rule's text with --json")
    ask.add_argument("--json", action="store_true", help="print JSON")
    ask.add_argument("--time-limit", type=float, default=5.0, metavar="SECONDS")
    ask.set_defaults(func=_cmd_ask)

    from pyrules import cli_cards, cli_check, cli_cr

    cli_cards.register(sub)
    cli_cr.register(sub)
    cli_check.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (see the module docstring)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except PyrulesError as err:
        print(f"pyrules: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
