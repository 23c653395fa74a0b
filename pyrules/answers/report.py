"""Readable reports of :class:`pyrules.answers.answer_set.Answers` for the command line (``pyrules ask``)."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from pyrules.answers.answer_set import Answers
from pyrules.answers.ask_kinds import ask_kinds, kind_atoms
from pyrules.answers.typed import Derived
from pyrules.facts.state import GameState
from pyrules.facts.terms import symbol_name

#: Questions ``pyrules ask`` knows, in report order: the question kinds the rule base declares
#: (ask_kind/1 of rules_asp/foundation/questions.lp; words for each: ask_kinds.KIND_TEXT).
QUESTIONS = ask_kinds()

#: The predicates a kind's typed reader (:func:`answer_objects`) turns into answers; the kind's other
#: atoms (ask_predicate/3) are reported one line each, as derived atoms with their citations.
TYPED_PREDICATES = {
    "mana-value": {"mana_value"}, "cast": {"castable", "cast_blocked"},
    "land": {"may_play_land", "may_not_play_land", "land_play_unknown"}, "permission": {"may_cast", "may_not_cast"},
    "proposal": {"proposal_legal", "proposal_illegal", "proposal_undecided", "proposal_unchecked"},
    "attack": {"may_attack", "may_not_attack"}, "activate": {"may_activate", "may_not_activate", "activation_undecided", "activator", "mana_ability",
                 "not_mana_ability", "activation_mana_cost", "activation_other_cost"},
    "search": {"can_find", "cannot_find"}, "count": {"effect_count"}, "discard": {"cards_discarded"},
    "damage": {"damage_result"}, "sba": {"sba", "sba_unknown"},
    "characteristics": {"characteristic", "characteristic_unknown", "defined_power_toughness"},
    "cost": {"total_cost"}, "block": {"may_block", "may_not_block", "block_undecided"},
    "resolve": {"resolves", "doesnt_resolve", "resolution_undecided", "target_illegal"},
    "zone": {"leaves_stack_to", "leaves_stack_undecided"}, "names": {"choosable_name", "not_choosable_name"},
    "format": {"legal_in_format", "not_legal_in_format"}, "fuse": {"may_cast_fused", "may_not_cast_fused"},
    "triggers": {"triggers", "not_triggered", "trigger_undecided"},
}


def _effects(state: GameState, predicate: str) -> list[str]:
    return sorted({symbol_name(s.arguments[0]) for s in state.facts() if s.name == predicate})


class AnswerAtom(Derived):
    """A :class:`pyrules.answers.typed.Derived` answer whose line leaves out an empty citation list."""

    def explain(self) -> str:
        """``name(args) (CR ...)``, the citations only if the rule base gave some, then the strength."""
        cites = f" (CR {', '.join(c.rule for c in self.citations)})" if self.citations else ""
        note = "" if self.strength == "derived" else f" [{self.strength}]"
        return f"{self.name}({', '.join(self.args)}){cites}{note}"


def answer_objects(answers: Answers, state: GameState, question: str) -> list[Any]:
    """The answers for one of :data:`QUESTIONS`: its typed answers (mana values of every object, every
    cast verdict, every search verdict, ... the characteristics of every object), then each other atom
    the rule base puts under it (ask_predicate/3) as a :class:`pyrules.answers.typed.Derived`."""
    typed = TYPED_PREDICATES.get(question, set())
    rest = [AnswerAtom(a.name, tuple(symbol_name(x) for x in a.arguments), answers.citations(a), answers.strength(a))
            for a in kind_atoms(answers, question) if a.name not in typed]
    return (_typed_objects(answers, state, question) if typed else []) + rest


def _typed_objects(answers: Answers, state: GameState, question: str) -> list[Any]:
    if question == "characteristics":
        return answers.characteristics()
    simple = {"cost": answers.total_costs, "block": answers.blocks, "zone": answers.stack_exits,
              "names": answers.name_choices, "format": answers.format_legality, "fuse": answers.fused_casts,
              "triggers": answers.trigger_verdicts}
    if question in simple:
        return simple[question]()
    if question == "resolve":
        return answers.resolutions() + answers.illegal_targets()
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
    """The assumptions bearing on any of ``questions`` (their kinds: ask_bears/2, questions.lp)."""
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
