"""Ground and solve a sequence of events: the incremental program of :mod:`pyrules.timeline.lifting`
with a state's facts, in clingo's incremental style (``base``, then ``step(t)`` for t = 0, 1, ...,
until ``finished(t)``; ``check(t)`` confirms it)."""

from __future__ import annotations

import time as _time
from dataclasses import dataclass
from typing import Iterable

import clingo
import clingo.ast as A

from pyrules.asp_terms import add_facts
from pyrules.errors import PyrulesError
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


def solve_timeline(facts: Iterable[clingo.Symbol], initial: Iterable[clingo.Symbol], events: int,
                   time_limit: float) -> TimelineResult:
    """Solve the sequence whose instance is ``facts`` (static facts, ``event/2`` and the other event
    facts) from the initial state ``initial`` (fluent atoms, given as ``holds(F, 0)``).

    Steps are grounded and solved one at a time (fluents.lp says why): ground ``step(t)``, solve,
    read ``result(F, t)`` — the state after the event at t, which the frame axiom and the events'
    rules derive — and add it as the facts ``holds(F, t+1)`` of the next step (values, through
    clingo's backend). When ``finished(t)`` holds, ``check(t)`` is grounded and ``query(t)``
    set true, as in clingo's incremental mode, to confirm it. At most :data:`MAX_STEPS` steps.

    Returns:
        TimelineResult with every step's shown atoms; ``status`` ``"unknown"`` when the time
        limit or the step bound was reached.
    """
    deadline = _time.monotonic() + time_limit
    program = lifted_program()
    messages: list[str] = []
    ctl = clingo.Control(["--warn=none"], logger=lambda code, msg: messages.append(msg.strip()), message_limit=20)
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
    state = [clingo.Function("holds", [f, clingo.Number(0)]) for f in initial]
    add_facts(ctl, list(facts) + state)
    parts = [("base", []), ("step", [clingo.Number(0)])]
    for t in range(MAX_STEPS + 1):
        if t > 0:
            parts = [("step", [clingo.Number(t)])]
        try:
            ctl.ground(parts)
        except RuntimeError:
            raise PyrulesError("the time encoding (rules_asp/time/) did not ground at step "
                               f"{t}: {' '.join(' '.join(messages).split())[:300]}", "rules_asp/time") from None
        now = clingo.Number(t)
        finished = clingo.Function("finished", [now])
        # result(F, t) holds for a fluent of the state or one that begins at t+1 (fluents.lp): only
        # these are looked up, not every result atom of every step so far
        later = clingo.Number(t + 1)
        fluents = {h.arguments[0] for h in state} | {
            a.symbol.arguments[0] for a in ctl.symbolic_atoms.by_signature("begins", 2) if a.symbol.arguments[1] == later}
        atoms = ctl.symbolic_atoms
        candidates = [r for r in (clingo.Function("result", [f, now]) for f in fluents) if r in atoms]
        found = _solve(ctl, deadline, (), lambda m: (m.contains(finished), [c for c in candidates if m.contains(c)]))
        if found is None:
            return TimelineResult("unknown", (), t, program.dynamic)
        is_finished, results = found
        if is_finished:
            ctl.ground([("check", [now])])
            ctl.assign_external(clingo.Function("query", [now]), True)
            everything = _solve(ctl, deadline, (), lambda m: m.symbols(shown=True))
            if everything is None:
                return TimelineResult("unknown", (), t, program.dynamic)
            return TimelineResult("satisfiable", tuple(everything), t, program.dynamic)
        state = [clingo.Function("holds", [r.arguments[0], later]) for r in results]
        add_facts(ctl, state)
    return TimelineResult("unknown", (), MAX_STEPS, program.dynamic)


def _solve(ctl: clingo.Control, deadline: float, assumptions, read):
    """``read(model)`` of the (unique) model, or None when the deadline passed or there is none."""
    remaining = deadline - _time.monotonic()
    if remaining <= 0:
        return None
    out: list = []
    with ctl.solve(assumptions=list(assumptions), async_=True, on_model=lambda m: out.append(read(m))) as handle:
        if not handle.wait(remaining):
            handle.cancel()
            return None
        handle.get()
    return out[-1] if out else None


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
    facts, initial = [], []
    for f in kb.facts(state):
        (initial if (f.name, len(f.arguments)) in program.fluents else facts).append(f)
    facts += state.sequence_events
    events = sum(1 for f in state.sequence_events if f.name == "event")
    try:
        result = solve_timeline(facts, initial, events, kb.time_limit)
    except MemoryError:
        raise NoAnswerError("unknown: the sequence ran out of memory") from None
    if result.status == "unknown":
        raise NoAnswerError(f"unknown: the time limit of {kb.time_limit:g} s was reached")
    cards = {name: kb.cards[name] for name in state.card_names()}
    return timeline_from_symbols(result.symbols, result.dynamic,
                                 lambda symbols: Answers(symbols, state, cards, kb.rule_text))
