"""``pyrules ask SCENARIO``: answer the questions of a scenario file; a scenario with
``[[events]]`` is also answered step by step (issue 15)."""

from __future__ import annotations

import argparse
import json

from pyrules.answers.report import QUESTIONS
from pyrules.errors import ScenarioError, StateValueError

#: The ``pyrules ask`` question that prints only the steps of a scenario's ``[[events]]``.
STEPS = "steps"


def step_json(step, rule_text=lambda rule: None) -> dict:
    """One :class:`pyrules.timeline.steps.Step` as JSON-ready data: ``time``, ``event`` (the event
    as ASP text), ``user_event`` (its number among the scenario's events, or None for a check of
    state-based actions), ``refused`` (why the event could not happen, or None) and
    ``refused_citations``, ``changes`` (``kind`` "begins"/"ends", ``fluent``, ``citations``) and
    ``state`` (every fluent holding after the event, sorted). Citations have the shape of the other
    answers' (``{"rule": "704.5g", "text": ...}``), the text from ``rule_text(rule)`` (the loaded CR, or None)."""
    def cites(rules) -> list[dict]:
        return [{"rule": r, "text": rule_text(r)} for r in rules]

    return {
        "time": step.time,
        "event": str(step.event),
        "user_event": step.user_event,
        "refused": None if step.refused is None else str(step.refused),
        "refused_citations": cites(step.refused_citations),
        "changes": [{"kind": c.kind, "fluent": str(c.fluent), "citations": cites(c.citations)} for c in step.changes],
        "state": sorted(str(f) for f in step.state),
    }


def _cmd_ask(args: argparse.Namespace) -> int:
    from pyrules.api import KnowledgeBase
    from pyrules.answers.report import QUESTIONS, report, report_json
    from pyrules.facts.scenario import load_scenario

    from pyrules.solving.deadline import Deadline

    deadline = Deadline(args.time_limit)  # one limit for reading the scenario and cards, and solving
    scenario = load_scenario(args.scenario)
    has_events = bool(scenario.state.sequence_events)
    if args.question == STEPS and not has_events:
        raise ScenarioError(f"no [[events]] in this scenario: the question '{STEPS}' answers a sequence of events",
                            str(scenario.path))
    kb = KnowledgeBase.from_files(scenario.card_files, cr_file=args.cr, time_limit=args.time_limit,
                                  names=scenario.state.card_names())
    for card in scenario.inline_cards:
        kb.cards[card.name] = card
    scenario.check_cards(kb.cards)
    deadline.check("reading the scenario and its cards")
    answers = timeline = None
    try:
        if args.question != STEPS:
            kb.time_limit = deadline.remaining()
            answers = kb.ask(scenario.state)
        if has_events:
            deadline.check("answering the state before the events")
            kb.time_limit = deadline.remaining()
            timeline = kb.run(scenario.state)
    except StateValueError as err:  # an input the rule base refuses: point at the scenario entry
        raise scenario.locate(err) from None
    questions = () if args.question == STEPS else QUESTIONS if args.question == "all" else (args.question,)
    if args.json:
        out = report_json(answers, scenario.state, questions) if answers is not None else {}
        if timeline is not None:
            out["steps"] = [step_json(s, kb.rule_text) for s in timeline.steps]
            out["finished"] = timeline.finished
        print(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        parts = [report(answers, scenario.state, questions)] if answers is not None else []
        if timeline is not None:
            parts.append("steps:\n" + "\n".join(f"  {line}" for line in timeline.explain().splitlines()))
        print("\n".join(parts))
    return 0
