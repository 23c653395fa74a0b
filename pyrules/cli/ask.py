"""``pyrules ask SCENARIO``: answer the questions of a scenario file."""

from __future__ import annotations

import argparse
import json

from pyrules.answers.report import QUESTIONS
from pyrules.errors import StateValueError


def _cmd_ask(args: argparse.Namespace) -> int:
    from pyrules.api import KnowledgeBase
    from pyrules.answers.report import QUESTIONS, report, report_json
    from pyrules.facts.scenario import load_scenario

    from pyrules.solving.deadline import Deadline

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
