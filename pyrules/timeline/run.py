"""Ground and solve a sequence of events: the incremental program of :mod:`pyrules.timeline.lifting`
with a state's facts, in clingo's incremental style (ground ``base`` and ``step(0..H)`` with
``check(H)``; while ``query(H)`` can't hold, ground more steps)."""

from __future__ import annotations

import time as _time
from dataclasses import dataclass
from typing import Iterable

import clingo
import clingo.ast as A

from pyrules.asp_terms import add_facts
from pyrules.errors import QueryError
from pyrules.timeline.lifting import lifted_program

_LOC = A.Location(A.Position("<timeline>", 1, 1), A.Position("<timeline>", 1, 1))

#: The most time steps a sequence may take (each event and each state-based-action check is one).
MAX_STEPS = 400


@dataclass(frozen=True)
class TimelineResult:
    """What solving a sequence gave.

    Attributes:
        status: ``"satisfiable"`` (a finished sequence), or ``"unknown"`` (time limit or step bound).
        symbols: the shown atoms (lifted moment atoms carry their time last; time-encoding atoms).
        horizon: the last time step grounded.
        dynamic: the lifted moment predicates ``(name, moment arity)``.
    """

    status: str
    symbols: tuple[clingo.Symbol, ...]
    horizon: int
    dynamic: frozenset[tuple[str, int]]


def solve_timeline(facts: Iterable[clingo.Symbol], events: int, time_limit: float) -> TimelineResult:
    """Solve the sequence whose instance is ``facts`` (static facts, ``event/2`` and the other event
    facts, and the initial state as ``holds(F, 0)``), with ``events`` user events.

    The first horizon is two steps per event plus two (each event, the check after it, one more check); more
    steps are grounded, a few at a time, while the sequence is not finished (checks repeated after
    state-based actions, 704.3), up to :data:`MAX_STEPS`.

    Raises:
        QueryError: a program part does not ground (a bug in rules_asp/time/).
    """
    deadline = _time.monotonic() + time_limit
    program = lifted_program()
    ctl = clingo.Control(["--warn=none"])
    with A.ProgramBuilder(ctl) as builder:
        builder.add(A.Program(_LOC, "base", []))
        for stm in program.base:
            builder.add(stm)
        builder.add(A.Program(_LOC, "step", [A.Id(_LOC, "t")]))
        for stm in program.step:
            builder.add(stm)
        builder.add(A.Program(_LOC, "check", [A.Id(_LOC, "t")]))
        for stm in program.check:
            builder.add(stm)
    add_facts(ctl, facts)
    horizon = 2 * events + 2
    parts = [("base", [])] + [("step", [clingo.Number(k)]) for k in range(horizon + 1)]
    grounded = -1
    while True:
        parts.append(("check", [clingo.Number(horizon)]))
        ctl.ground(parts)
        grounded = horizon
        query = clingo.Function("query", [clingo.Number(horizon)])
        ctl.assign_external(query, True)
        models: list[tuple[clingo.Symbol, ...]] = []
        remaining = deadline - _time.monotonic()
        if remaining <= 0:
            return TimelineResult("unknown", (), grounded, program.dynamic)
        with ctl.solve(async_=True, on_model=lambda m: models.append(tuple(m.symbols(shown=True)))) as handle:
            if not handle.wait(remaining):
                handle.cancel()
                return TimelineResult("unknown", (), grounded, program.dynamic)
            result = handle.get()
        if result.satisfiable:
            return TimelineResult("satisfiable", models[-1], grounded, program.dynamic)
        ctl.release_external(query)
        if horizon >= MAX_STEPS:
            return TimelineResult("unknown", (), grounded, program.dynamic)
        parts = [("step", [clingo.Number(k)]) for k in range(horizon + 1, horizon + 5)]
        horizon += 4


def run_timeline(kb, state):
    """Answer ``state``'s events with knowledge base ``kb``: the :class:`pyrules.timeline.steps.Timeline`.

    The instance: the state's facts whose predicate is a fluent (fluents.lp) as ``holds(F, 0)``,
    every other fact as it is, and the events as ``event(K, E)`` (pyrules.facts.events); all added
    as values through clingo's backend.

    Raises:
        NoAnswerError: the time limit was reached or the program has no answer set.
        QueryError: unknown card names.
    """
    from pyrules.answers.answer_set import Answers
    from pyrules.errors import NoAnswerError
    from pyrules.timeline.steps import timeline_from_symbols

    program = lifted_program()
    facts = []
    for f in kb.facts(state):
        if (f.name, len(f.arguments)) in program.fluents:
            facts.append(clingo.Function("holds", [f, clingo.Number(0)]))
        else:
            facts.append(f)
    facts += state.sequence_events
    events = sum(1 for f in state.sequence_events if f.name == "event")
    result = solve_timeline(facts, events, kb.time_limit)
    if result.status == "unknown":
        raise NoAnswerError(f"unknown: the time limit of {kb.time_limit:g} s was reached")
    cards = {name: kb.cards[name] for name in state.card_names()}
    return timeline_from_symbols(result.symbols, result.dynamic,
                                 lambda symbols: Answers(symbols, state, cards, kb.rule_text))
