"""The check a sequence's state passes before it is moved forward: the state judged as a moment, but
only as far as refusing it goes.

A sequence first refuses what :meth:`pyrules.api.KnowledgeBase.ask` refuses for its state (an
inconsistent state, ``state_error/1`` of rules_asp/foundation/state_checks.lp: an input no rule
reads, a shield counter, 122.1c ...), never moving forward a state the rule base would not answer.
Whether it refuses depends only on the ``state_error/1`` atoms and on the integrity constraints, so
the check grounds only the rules those depend on (:func:`refusal_rules`: by predicate, positive,
negated or in an aggregate, transitively; every integrity constraint with what it reads): the same
``state_error`` atoms and the same satisfiability as the whole rule base (a rule outside that part
derives nothing they read), in about two fifths less time than the whole query on
tests/benchmarks/bench_casting.py's state.
"""

from __future__ import annotations

import clingo
import clingo.ast as A

#: What a refusal is read from (rules_asp/foundation/state_checks.lp).
REFUSAL_ROOTS = frozenset({("state_error", 1)})

_RULES: list = []


def refusal_rules() -> tuple[A.AST, ...]:
    """The statements of the rule base (``pyrules.inputs.rule_base.rule_statements``) but the rules
    neither ``state_error/1`` nor an integrity constraint depends on (module docstring); built once
    per process."""
    if not _RULES:
        from pyrules.inputs.rule_base import rule_statements
        from pyrules.timeline.slicing import _head_and_body
        stms = list(rule_statements())
        rules = [(i,) + _head_and_body(s) for i, s in enumerate(stms) if s.ast_type == A.ASTType.Rule]
        needed, kept, changed = set(REFUSAL_ROOTS), set(), True
        while changed:
            changed = False
            for i, heads, body in rules:
                if i not in kept and (not heads or heads & needed):
                    kept.add(i)
                    if (heads | body) - needed:
                        needed |= heads | body
                        changed = True
        _RULES.append(tuple(s for i, s in enumerate(stms) if s.ast_type != A.ASTType.Rule or i in kept))
    return _RULES[0]


def refuse_as_a_moment(kb, state) -> None:
    """Raise what ``kb.ask(state)`` raises for ``state``, if anything, from :func:`refusal_rules`
    alone (the rules the facts can't fire left out, as for the whole query,
    :func:`pyrules.solving.pruning.pruned`).

    Raises:
        NoAnswerError: the time limit (``kb.time_limit``) was reached, or the state is inconsistent
            (no answer set, or ``state_error/1`` atoms); StateValueError and the other refusals of a
            ``state_error(input_ignored(..))`` (:func:`pyrules.facts.validation.input_refusal`);
            QueryError: unknown card names (``kb.facts``).
    """
    import os

    from pyrules.answers.answer_set import Answers
    from pyrules.errors import NoAnswerError
    from pyrules.facts.keyword_definitions import default_keyword_definition_symbols
    from pyrules.solving.one_shot import solve
    from pyrules.solving.pruning import pruned, signatures_of

    facts = list(kb.facts(state))
    if not any(f.type == clingo.SymbolType.Function and f.name == "keyword_definition" for f in facts):
        facts += default_keyword_definition_symbols()  # as one_shot.solve adds them to a query
    statements = refusal_rules()
    if os.environ.get("PYRULES_PRUNE", "1") != "0":
        statements = pruned(statements, signatures_of(facts))
    result = solve(facts, time_limit=kb.time_limit, include_rule_base=False, statements=statements)
    if result.status == "unknown":
        raise NoAnswerError(f"unknown: the time limit of {kb.time_limit:g} s was reached")
    if result.status != "satisfiable":
        raise NoAnswerError("inconsistent state: the facts contradict the rule base (no answer set)")
    Answers(result.symbols, state, {name: kb.cards[name] for name in state.card_names()}, kb.rule_text)
