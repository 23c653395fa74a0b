"""Readable reports of :class:`pyrules.answers.answer_set.Answers` for the command line (``pyrules ask``)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from pyrules.answers.answer_set import Answers
from pyrules.facts.state import GameState
from pyrules.facts.terms import symbol_name

#: Questions ``pyrules ask`` knows, in report order: mana values of objects; cast options (who may
#: cast what now, from where, how, or why not: 601.3); what cast permissions of effects allow
#: (their qualities, 601.3); searches; counts; discards; damage results (120.3); state-based
#: actions (704.5). Also: land plays (305.1), proposals (601.2b–e), attackers (508.1a), activated
#: abilities (602: may each be activated now, by whom, with what still to pay).
QUESTIONS = ("mana-value", "cast", "land", "permission", "proposal", "attack", "activate", "search", "count",
             "discard", "damage", "sba")


def _effects(state: GameState, predicate: str) -> list[str]:
    return sorted({symbol_name(s.arguments[0]) for s in state.facts() if s.name == predicate})


def answer_objects(answers: Answers, state: GameState, question: str) -> list[Any]:
    """The typed answers for one of :data:`QUESTIONS` (mana values of every object, every cast
    verdict, every search verdict, every count, every discard)."""
    if question == "mana-value":
        return [mv for o in sorted(state.objects, key=str) if (mv := answers.mana_value(o)) is not None]
    if question == "cast":
        return answers.cast_options()
    if question == "land":
        return answers.land_plays()
    if question == "proposal":
        return answers.proposals()
    if question == "attack":
        outcomes = answers.outcomes()
        creatures = sorted({symbol_name(a.arguments[0]) for name in ("may_attack", "may_not_attack")
                            for a in answers.symbols(name)})
        return [outcomes.attack(c) for c in creatures]
    if question == "activate":
        outcomes = answers.outcomes()
        objects = sorted({symbol_name(a.arguments[0]) for name in ("may_activate", "may_not_activate",
                                                                    "activation_undecided")
                          for a in answers.symbols(name)})
        return [v for o in objects for v in outcomes.activations(o)]
    if question == "permission":
        return answers.cast_verdicts()
    if question == "damage":
        return answers.outcomes().damage_results()
    if question == "sba":
        return answers.outcomes().state_based_actions()
    if question == "search":
        return [v for e in _effects(state, "search_effect") for v in answers.search_verdicts(e)]
    if question == "count":
        return [answers.count(e) for e in _effects(state, "count_effect")]
    if question == "discard":
        return [answers.discarded(e) for e in _effects(state, "discard_event")]
    raise ValueError(question)


def assumptions_for(answers: Answers, questions) -> list:
    """The assumptions bearing on any of ``questions`` (their kinds: ``ASK_QUESTION_KINDS``)."""
    return sorted({a for q in questions for a in answers.assumptions(q)},
                  key=lambda x: (x.object, x.ability, x.text, x.scope))


def report(answers: Answers, state: GameState, questions=QUESTIONS) -> str:
    """Text report: the assumptions bearing on the questions asked, then one section per question,
    one line per answer (``explain()``; an answer resting on an assumption ends ``[assumed]``, one
    the rule base could not decide ``[unknown]``)."""
    lines: list[str] = []
    assumed = assumptions_for(answers, questions)
    if assumed:
        lines.append("assuming (pyrules cannot read these abilities in play; answers hold only if they don't apply):")
        lines += [f"  {a.explain()}" for a in assumed]
    for q in questions:
        found = answer_objects(answers, state, q)
        if found:
            lines.append(f"{q}:")
            lines += [f"  {a.explain()}" for a in found]
    return "\n".join(lines) if lines else "no answers derived for this state"


def report_json(answers: Answers, state: GameState, questions=QUESTIONS) -> dict[str, list[dict]]:
    """JSON-ready report: question → list of answer dicts (dataclass fields, citations included),
    each with its ``strength``, plus ``assumptions``: those bearing on the questions asked (each with
    the question ``kinds`` it bears on and its ``scope``)."""
    out = {q: [asdict(a) for a in answer_objects(answers, state, q)] for q in questions}
    out["assumptions"] = [asdict(a) for a in assumptions_for(answers, questions)]
    return out
