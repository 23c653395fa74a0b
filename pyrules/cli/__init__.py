"""The ``pyrules`` command line.

Commands:
    pyrules demo                      answer the shipped split-card example, with citations
    pyrules solve FILE... [--cards J] run the rule base on ASP fact files (schema: rules_asp/foundation/schema.lp)
    pyrules clingo [OPTIONS] FILE...  the same under clingo's own command line (--outf=2, -n, …)
    pyrules schema [--path]           print the fact schema fact files use
    pyrules ask SCENARIO [QUESTION]   answer questions about a scenario file (TOML, pyrules.facts.scenario),
                                      and its [[events]] step by step
    pyrules cards parse|coverage ...  card data (JSON or plain text) -> ASP facts; coverage report
    pyrules cr parse|show|diff|check  Comprehensive Rules document tools
    pyrules check --cr FILE           consistency: CR document, rule base citations
    pyrules plan SCENARIO --goal G    find a shortest line of play to a goal (issue 22)

Exit codes, the same for every command (``pyrules clingo`` maps clingo's own 10/20/30/65/128 to
them): 0 answered; 1 no answer (inconsistent state, unsatisfiable, time limit reached, or document
findings); 2 bad input or usage (one line on stderr naming file, line and column). An exception
that is not a pyrules error is a bug: one line ``pyrules: internal error: ...`` and exit 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from pyrules import __version__
from pyrules.cli.ask import _cmd_ask
from pyrules.cli.common import _positive_seconds
from pyrules.cli.demo import _cmd_demo
from pyrules.cli.schema import _cmd_schema
from pyrules.cli.solve import _cmd_solve
from pyrules.errors import NoAnswerError, PyrulesError


def build_parser() -> argparse.ArgumentParser:
    """The argparse parser of the ``pyrules`` command (each subcommand sets ``func``)."""
    parser = argparse.ArgumentParser(prog="pyrules", description="Magic: The Gathering rules inference: "
                                     "verdicts derived by clingo from the Comprehensive Rules, with citations.")
    parser.add_argument("--version", action="version", version=f"pyrules {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    demo = sub.add_parser("demo", help="answer the shipped There // They're // Their example")
    demo.set_defaults(func=_cmd_demo)

    solve = sub.add_parser("solve", help="run the rule base on ASP fact files")
    solve.add_argument("files", nargs="+", metavar="FILE", help="fact files (schema: rules_asp/foundation/schema.lp)")
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

    schema = sub.add_parser("schema", help="print the fact schema (rules_asp/foundation/schema.lp) that fact files use")
    schema.add_argument("--path", action="store_true", help="print only the installed file's path")
    schema.set_defaults(func=_cmd_schema)

    ask = sub.add_parser("ask", help="answer questions about a scenario file (TOML)")
    ask.add_argument("scenario", nargs="?", metavar="SCENARIO.toml", help="scenario (format: pyrules.facts.scenario)")
    ask.add_argument("questions", nargs="*", metavar="QUESTION",
                     help="what to answer, one or more question kinds (default all; `pyrules ask --list` names "
                          "each with one line): cast, cost, damage, characteristics, ...; steps: only the steps "
                          "of the scenario's [[events]] (a scenario with events prints them after any question)")
    ask.add_argument("--list", action="store_true", help="name every question kind, one line each, and exit")
    ask.add_argument("--format", action="store_true", help="print the scenario file format: its sections, every "
                     "[[effects]] builder method and [[events]] kind with its keys, and exit")
    ask.add_argument("--explain", metavar="KIND", help="also print the derivation tree of each answer of "
                     "question kind KIND: the rule instances that derived it (file:line, CR rules), down to "
                     "the state's and the cards' facts, with the CR rules' text (--cr) and the cards' text")
    ask.add_argument("--html", metavar="OUT.html", help="also write one self-contained HTML page: the questions, "
                     "their answers, the derivation tree of each (of --explain's kind, else of the questions "
                     "asked), CR numbers linked to their text, the cards' text")
    ask.add_argument("--cr", metavar="FILE", help="a CR text file: each cited rule's text in --json, --explain and the --html page")
    ask.add_argument("--json", action="store_true", help="print JSON")
    ask.add_argument("--time-limit", type=_positive_seconds, default=5.0, metavar="SECONDS",
                     help="stop after this long (reading the scenario and cards, solving) and report no "
                          "answer (default 5)")
    ask.set_defaults(func=_cmd_ask)

    from pyrules.cli import cards as cli_cards
    from pyrules.cli import check as cli_check
    from pyrules.cli import cr as cli_cr
    from pyrules.cli import plan as cli_plan

    cli_cards.register(sub)
    cli_plan.register(sub)
    cli_cr.register(sub)
    cli_check.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (see the module docstring)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        if argv[:1] == ["clingo"]:
            from pyrules.cli.clingo_app import run

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
