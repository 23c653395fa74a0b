"""``pyrules plan SCENARIO --goal GOAL --max-steps N``: find a line of play (issue 22)."""

from __future__ import annotations

import argparse
import json

from pyrules.cli.common import _positive_seconds


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``plan`` to the ``pyrules`` command's subparsers."""
    plan = subparsers.add_parser("plan", help="find a shortest line of play from a scenario (TOML) to a goal")
    plan.add_argument("scenario", metavar="SCENARIO.toml", help="scenario without [[events]] (format: pyrules.facts.scenario)")
    plan.add_argument("--goal", required=True, metavar="GOAL",
                      help="what must hold after the line: 'life(bob) <= 0', 'in_zone(bears, graveyard)', "
                           "'cast(bolt)', joined by 'and'")
    plan.add_argument("--max-steps", type=int, default=16, metavar="N",
                      help="the most time steps, 1 to 60 (each action and each state-based-action check is one; default 16)")
    plan.add_argument("--time-limit", type=_positive_seconds, default=60.0, metavar="SECONDS",
                      help="stop after this long (reading, grounding, solving) and report unknown (default 60)")
    plan.add_argument("--json", action="store_true", help="print JSON")
    plan.set_defaults(func=_cmd_plan)


def _cmd_plan(args: argparse.Namespace) -> int:
    from pyrules.api import KnowledgeBase
    from pyrules.errors import NoAnswerError, StateValueError
    from pyrules.facts.scenario import load_scenario
    from pyrules.solving.deadline import Deadline

    deadline = Deadline(args.time_limit)
    scenario = load_scenario(args.scenario)
    kb = KnowledgeBase.from_files(scenario.card_files, time_limit=args.time_limit, names=scenario.state.card_names())
    for card in scenario.inline_cards:
        kb.cards[card.name] = card
    scenario.check_cards(kb.cards)
    deadline.check("reading the scenario and its cards")
    try:
        plan = kb.plan(scenario.state, args.goal, args.max_steps, time_limit=deadline.remaining())
    except StateValueError as err:
        raise scenario.locate(err) from None
    if args.json:
        print(json.dumps(plan.as_json(), indent=2, ensure_ascii=False))
    else:
        print(plan.explain())
    if plan.found:
        return 0
    if plan.reason.startswith("unknown"):
        raise NoAnswerError(plan.reason)
    return 1
