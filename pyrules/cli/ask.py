"""``pyrules ask SCENARIO``: answer the questions of a scenario file; a scenario with
``[[events]]`` is also answered step by step (issue 15)."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict

from pyrules.errors import QueryError, ScenarioError, StateValueError

#: The ``pyrules ask`` question that prints only the steps of a scenario's ``[[events]]``.
STEPS = "steps"


def step_json(step, rule_text=lambda rule: None) -> dict:
    """One :class:`pyrules.timeline.steps.Step` as JSON-ready data: ``time``, ``event`` (the event
    as ASP text), ``user_event`` (its number among the scenario's events, or None for a check of
    state-based actions), ``refused`` (why the event could not happen, or None) and
    ``refused_citations``, ``changes`` (``kind`` "begins"/"ends", ``fluent``, ``citations``) and
    ``state`` (every fluent holding after the event, sorted), ``orders`` (for a refused event whose
    result depends on the order of replacement/prevention effects, 616.1: each order the chooser may
    pick, ``chooser``, ``order``, ``results``, ``citations``). Citations have the shape of the other
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
        "orders": [{"affected": o.affected, "chooser": o.chooser, "order": list(o.order), "results": list(o.results),
                    "citations": cites(c.rule for c in o.citations)} for o in step.orders],
    }


def kind_list() -> str:
    """``pyrules ask --list``: every question kind with its one line (ask_kinds.KIND_TEXT), then ``steps``."""
    from pyrules.answers.ask_kinds import KIND_TEXT, ask_kinds
    kinds = ask_kinds() + (STEPS,)
    width = max(map(len, kinds))
    text = dict(KIND_TEXT, **{STEPS: "only the steps of the scenario's [[events]] (time, event, changes)"})
    return "\n".join(f"{k:<{width}}  {text.get(k, '')}".rstrip() for k in kinds)


def asked_questions(names: list[str]) -> tuple[str, ...]:
    """The question kinds named on the command line, in the order given, duplicates dropped; none or
    ``all``: every kind. ``steps`` stays a name of its own.

    Raises:
        QueryError: a name that is no question kind (the message names the kinds)."""
    from pyrules.answers.ask_kinds import ask_kinds
    kinds = ask_kinds()
    if not names or names == ["all"]:
        return kinds
    bad = [n for n in names if n not in kinds and n != STEPS]
    if bad:
        raise QueryError(f"unknown question {bad[0]!r}; questions: {', '.join(kinds + (STEPS, 'all'))} "
                         "(pyrules ask --list)")
    return tuple(dict.fromkeys(names))


def _indented(text: str) -> str:
    return "\n".join(f"  {line}" for line in text.splitlines())


def _cmd_ask(args: argparse.Namespace) -> int:
    from pyrules.api import KnowledgeBase
    from pyrules.answers.report import report, report_json
    from pyrules.facts.scenario import load_scenario

    from pyrules.solving.deadline import Deadline

    if args.list:
        print(kind_list())
        return 0
    if getattr(args, "format", False):
        from pyrules.facts.scenario import format_text
        print(format_text())
        return 0
    if args.scenario is None:
        raise QueryError("pyrules ask needs a scenario file (or --list)")
    asked = asked_questions(args.questions)
    if args.explain is not None:
        from pyrules.answers.ask_kinds import ask_kinds
        if args.explain not in ask_kinds():
            raise QueryError(f"--explain: {args.explain!r} is no question kind (pyrules ask --list)")
        if not args.questions:
            asked = (args.explain,)
    only_steps = asked == (STEPS,)
    questions = tuple(q for q in asked if q != STEPS)
    deadline = Deadline(args.time_limit)  # one limit for reading the scenario and cards, and solving
    scenario = load_scenario(args.scenario)
    if "characteristics" in questions or args.explain == "characteristics":
        scenario.state.ask_characteristics()   # computed only when asked (object_characteristics.lp)
    has_events = bool(scenario.state.sequence_events)
    if STEPS in asked and not has_events:
        raise ScenarioError(f"no [[events]] in this scenario: the question '{STEPS}' answers a sequence of events",
                            str(scenario.path))
    kb = KnowledgeBase.from_files(scenario.card_files, cr_file=args.cr, time_limit=args.time_limit,
                                  names=scenario.state.card_names())
    for card in scenario.inline_cards:
        kb.cards[card.name] = card
    scenario.check_cards(kb.cards)
    deadline.check("reading the scenario and its cards")
    answers = timeline = None
    assumed = ()
    try:
        if not only_steps:
            kb.time_limit = deadline.left("reading the scenario and its cards")
            answers = kb.ask(scenario.state)
        why = None
        if args.explain is not None:
            from pyrules.cli.explain import explain_json, explain_report
            why = (explain_json if args.json else explain_report)(kb, scenario.state, answers, args.explain,
                                                                   deadline.left("answering the state"))
        if has_events:
            kb.time_limit = deadline.left("answering the state before the events")
            timeline = kb.run(scenario.state)
            # what every step takes for granted: the unread abilities of each time (113.6, 611.2)
            assumed = timeline.assumptions(time_limit=deadline.left("answering the events"))
    except StateValueError as err:  # an input the rule base refuses: point at the scenario entry
        raise scenario.locate(err) from None
    if args.html is not None and answers is not None:
        from pyrules.cli.explain import write_html
        write_html(args.html, kb, scenario.state, answers, (args.explain,) if args.explain else questions,
                   report(answers, scenario.state, questions),
                   f"pyrules ask {scenario.path.name} {' '.join(questions)}",
                   deadline.left("answering before writing the page"))
    if args.json:
        out = report_json(answers, scenario.state, questions) if answers is not None else {}
        if why is not None:
            out["explain"] = why
        if timeline is not None and answers is not None:
            # the question kinds again, after the last step (the answers of that time)
            out["after_events"] = dict(report_json(timeline.final, scenario.state, questions),
                                       time=timeline.steps[-1].time if timeline.steps else 0)
        if timeline is not None:
            out["steps"] = [step_json(s, kb.rule_text) for s in timeline.steps]
            out["steps_assumptions"] = [dict(asdict(a.assumption), times=list(a.times)) for a in assumed]
            out["finished"] = timeline.finished
        print(json.dumps(out, indent=2, ensure_ascii=False))
    else:
        parts = [report(answers, scenario.state, questions)] if answers is not None else []
        if timeline is not None and answers is not None:
            # with events, the questions are answered before them and after the last step
            last = timeline.steps[-1].time if timeline.steps else 0
            parts = [f"before the events (the state described, time 0):\n{_indented(parts[0])}",
                     f"after the events (time {last}):\n{_indented(report(timeline.final, scenario.state, questions))}"]
        if why is not None:
            parts.append(why)
        if timeline is not None:
            if assumed:
                parts.append("steps assuming (abilities pyrules cannot read, effects it left unapplied, costs it "
                             "did not check; the steps hold only if these change nothing):\n"
                             + "\n".join(f"  {a.explain()}" for a in assumed))
            parts.append("steps:\n" + "\n".join(f"  {line}" for line in timeline.explain().splitlines()))
        print("\n".join(parts))
    return 0
