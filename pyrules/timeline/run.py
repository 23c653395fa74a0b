"""Ground and solve a sequence of events: the incremental program of :mod:`pyrules.timeline.lifting`
with a state's facts, in clingo's incremental style (``base``, then ``step(t)`` for t = 0, 1, ...,
until ``finished(t)``; ``check(t)`` confirms it).

The sequence is moved forward by the transition program (:mod:`pyrules.timeline.slicing`: only the
rules that decide what each event changes); the answers of one time are built on demand, when asked,
from the whole lifted program at that time (:func:`answers_symbols_at`).
"""

from __future__ import annotations

import time as _time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

import clingo
import clingo.ast as A

from pyrules.asp_terms import _key, add_facts
from pyrules.errors import PyrulesError
from pyrules.timeline.cites_layer import firing_citations, split_step
from pyrules.timeline.lifting import LiftedProgram, lifted_program
from pyrules.timeline.pattern_cone import pattern_cone, step_roots
from pyrules.timeline.slicing import (ArgumentIndex, Transition, answers_program, atom_shape, fluent_index,
                                      narrowed_step, signatures_read, specialized_step, transition_program)

_LOC = A.Location(A.Position("<timeline>", 1, 1), A.Position("<timeline>", 1, 1))

#: The most time steps a sequence may take (each event and each state-based-action check is one).
MAX_STEPS = 400


@lru_cache(maxsize=1)
def transition() -> Transition:
    """The transition program of :func:`lifted_program` (built once per process)."""
    program = lifted_program()
    return transition_program(program.base, program.schedule, program.step)


@dataclass(frozen=True)
class TimelineResult:
    """What solving a sequence gave.

    Attributes:
        status: ``"satisfiable"`` (a finished sequence), or ``"unknown"`` (time limit or step bound).
        symbols: the transition's shown atoms of every step (schedule, changes, their citations).
        states: ``states[t]`` the fluents holding at time ``t`` (0 = the initial state).
        horizon: the last time step grounded.
        previous: ``previous[t]`` the atoms of time ``t`` that the step after it reads
            (:attr:`pyrules.timeline.slicing.Transition.previous`), for building the answers of ``t+1``.
        scheduled: ``scheduled[t]`` the shapes of the schedule atoms true at time ``t``
            (:func:`pyrules.timeline.slicing.atom_shape`), for building the answers of ``t`` from the
            rules that can fire then.
        instance: the predicates with atoms before any step (the instance's and the static part's).
    """

    status: str
    symbols: tuple[clingo.Symbol, ...]
    horizon: int
    previous: dict[int, tuple[clingo.Symbol, ...]]
    states: dict[int, tuple[clingo.Symbol, ...]]
    scheduled: dict[int, frozenset] = field(default_factory=dict)
    instance: frozenset = frozenset()


def _control(messages: list[str]) -> clingo.Control:
    return clingo.Control(["--warn=none"], logger=lambda code, msg: messages.append(msg.strip()), message_limit=20)


def _add_parts(ctl: clingo.Control, parts: dict[str, Iterable[A.AST]]) -> None:
    with A.ProgramBuilder(ctl) as builder:
        for name, statements in parts.items():
            builder.add(A.Program(_LOC, name, [] if name == "base" else [A.Id(_LOC, "t")]))
            for stm in statements:
                builder.add(stm)


def _directives(base: Iterable[A.AST]) -> tuple[A.AST, ...]:
    """The statements of ``base`` a step's solver needs besides the base's atoms: its ``#show``
    directives and any other non-rule statement but ``#defined`` (which only silences warnings, and
    every solver here runs with ``--warn=none``: 470 of them, added again at every step, cost more
    than the rest of the step's statements)."""
    return tuple(stm for stm in base if stm.ast_type not in (A.ASTType.Rule, A.ASTType.Defined))


#: ``#show F : result(F, t).``, a part of its own grounded with every step: the state after the step (fluents.lp), read from
#: the model as one array of terms (``Model.symbols(terms=True)``) instead of one query per fluent.
#: No fluent is named like a shown atom (begins, ends, cites ...; solve_timeline checks it), so the
#: shown atoms are told apart from these terms.
_SHOW_RESULT = (A.ShowTerm(_LOC, A.Variable(_LOC, "F"), [A.Literal(_LOC, A.Sign.NoSign, A.SymbolicAtom(
    A.Function(_LOC, "result", [A.Variable(_LOC, "F"), A.Function(_LOC, "t", [], False)], False)))]),)


def _shown_atoms(m: clingo.Model) -> list[clingo.Symbol]:
    """The shown atoms of ``m``, without the shown terms of :data:`_SHOW_RESULT` (compared by
    clingo's interned value, no call into clingo per symbol)."""
    terms = set(map(_key, m.symbols(terms=True)))
    return [s for s in m.symbols(shown=True) if _key(s) not in terms]


def _ground(ctl: clingo.Control, parts, messages: list[str], t: int) -> None:
    try:
        ctl.ground(parts)
    except RuntimeError:
        raise PyrulesError("the time encoding (rules_asp/time/) did not ground at step "
                           f"{t}: {' '.join(' '.join(messages).split())[:300]}", "rules_asp/time") from None


def solve_timeline(facts: Iterable[clingo.Symbol], initial: Iterable[clingo.Symbol], events: int,
                   time_limit: float, whole: bool = False, static: list[clingo.Symbol] | None = None
                   ) -> TimelineResult:
    """Solve the sequence whose instance is ``facts`` (static facts, ``event/2`` and the other event
    facts) from the initial state ``initial`` (fluent atoms, given as ``holds(F, 0)``).

    Steps are grounded and solved one at a time (fluents.lp says why), each in a new solver: the
    static part (``base``) is grounded and solved once and its true atoms given to every step as
    facts, so a step grounds only its own rules over the atoms of its own time (one solver for all
    steps would make each step's grounding scan the atoms of every earlier time). For time t: the
    facts are the base's atoms, the state ``holds(F, t)`` and the schedule atoms of t-1; ground
    ``schedule(t)`` and solve it (which event happens at t); ground the transition's ``step(t)``
    specialized to that event (:func:`pyrules.timeline.slicing.specialized_step`), narrowed to the
    rules its facts can fire (:func:`pyrules.timeline.slicing.narrowed_step`) and sliced to the roots
    again by the shape of the atoms read (:func:`pyrules.timeline.pattern_cone.pattern_cone`), solve, read
    ``result(F, t)`` — the state after the event at t, which the frame axiom and the events' rules
    derive — as the next step's ``holds(F, t+1)`` (values, through clingo's backend). When
    ``finished(t)`` holds, ``check(t)`` is grounded and ``query(t)`` set true, as in clingo's
    incremental mode, to confirm it. At most :data:`MAX_STEPS` steps.

    ``whole=True`` grounds the whole lifted program at every step instead (no slice, no
    specialization: the same changes, many times slower; the tests compare the two).

    ``static``: the transition base's atoms (:func:`static_atoms` of ``transition().base``) for
    ``facts`` (:func:`static_atoms_with`, from those of the state without its events, which a
    :class:`pyrules.timeline.session.SequenceSession` keeps); None: computed here.

    Returns:
        TimelineResult with every step's shown atoms; ``status`` ``"unknown"`` when the time
        limit or the step bound was reached.
    """
    program = transition()  # built once per process from the rule base alone, like lifted_program()
    deadline = _time.monotonic() + time_limit
    if whole:
        full = lifted_program()
        shows = tuple(stm for stm in program.base if stm.ast_type == A.ASTType.ShowSignature)
        program = Transition(tuple(stm for stm in full.base if stm.ast_type != A.ASTType.ShowSignature) + shows,
                             full.schedule, full.step, program.scheduled, program.shown, program.previous,
                             program.kept, program.total)
    facts = list(facts)
    instance = frozenset((f.name, len(f.arguments)) for f in facts) | {("holds", 2)}
    if static is None or whole:
        static = static_atoms(program.base, facts, deadline)
    if static is None:
        return TimelineResult("unknown", (), 0, {}, {})
    static_by_signature: dict[tuple[str, int], list[clingo.Symbol]] = {}
    for atom in static:
        static_by_signature.setdefault((atom.name, len(atom.arguments)), []).append(atom)
    static_index = ArgumentIndex(static_by_signature)  # for narrowing each step to the rules its facts can fire
    fluent_heads: dict = {}
    # a static predicate with no atom is empty at every time: the steps' rules needing one never fire
    instance = instance | frozenset(static_by_signature)
    schedule_reads = signatures_read(program, ())
    if {name for name, _ in lifted_program().fluents} & {name for name, _ in program.shown}:
        raise PyrulesError("a fluent is named like a shown atom of the time encoding: the state after a "
                           "step could not be told apart from them (pyrules.timeline.run._SHOW_RESULT)",
                           "rules_asp/time")
    roots = step_roots(program)
    directives = _directives(program.base)
    state = list(initial)
    states: dict[int, tuple[clingo.Symbol, ...]] = {0: tuple(state)}
    scheduled_at: dict[int, frozenset] = {}
    previous: dict[int, tuple[clingo.Symbol, ...]] = {}
    shown: list[clingo.Symbol] = []
    for t in range(MAX_STEPS + 1):
        now = clingo.Number(t)
        messages: list[str] = []
        ctl = _control(messages)
        _add_parts(ctl, {"base": directives, "schedule": program.schedule, "check": lifted_program().check})
        holds_now = [clingo.Function("holds", [f, now]) for f in state]
        add_facts(ctl, [a for sig in schedule_reads for a in static_by_signature.get(sig, ())]
                  + holds_now + list(previous.get(t - 1, ())))
        # the schedule of t first: which event happens at t (schedule.lp) ...
        _ground(ctl, [("base", []), ("schedule", [now])], messages, t)
        atoms = ctl.symbolic_atoms
        scheduled = [a for sig in program.scheduled for a in atoms.by_signature(*sig) if now in a.symbol.arguments]
        if all(a.is_fact for a in scheduled):  # the usual case: grounding decided them (facts in, facts out)
            found = frozenset(atom_shape(a.symbol) for a in scheduled)
        else:
            found = _solve(ctl, deadline, lambda m: frozenset(atom_shape(a.symbol) for a in scheduled if m.contains(a.symbol)))
        if found is None:
            return TimelineResult("unknown", (), t, previous, states)
        scheduled_at[t] = found
        # ... then the rules that event can use, with the static atoms they read
        step = program.step if whole else specialized_step(program, found, instance)
        if not whole:  # ... and of those, the rules this step's facts can fire
            given: dict = {}
            for atom in previous.get(t - 1, ()):
                given.setdefault((atom.name, len(atom.arguments)), []).append(atom)
            step = narrowed_step(program, step, (static_index, fluent_index(state, now, fluent_heads),
                                                 ArgumentIndex(given)))
            # ... and of those, the rules a kept rule or a root can read an atom of (by shape)
            step = pattern_cone(program, step, roots)
        # the static atoms of every predicate the step names (signatures_read: cached per step tuple,
        # which the caches of narrowed_step and pattern_cone keep)
        add_facts(ctl, [a for sig in signatures_read(program, step) - schedule_reads
                        for a in static_by_signature.get(sig, ())])
        # the citation rules last, only those whose change or refusal the grounder has (cites_layer)
        first, layer = (step, ()) if whole else split_step(step)
        _add_parts(ctl, {"step": first, "shown": _SHOW_RESULT})
        _ground(ctl, [("step", [now]), ("shown", [now])], messages, t)
        if layer:
            citing = firing_citations(step, layer, atoms)
            if citing:
                _add_parts(ctl, {"cites": citing})
                _ground(ctl, [("cites", [now])], messages, t)
        finished = clingo.Function("finished", [now])
        carried = [a.symbol for sig in program.previous for a in atoms.by_signature(*sig) if now in a.symbol.arguments]

        def read(m: clingo.Model):
            # the fluents F of result(F, t), shown as terms (_SHOW_RESULT), read as one array
            return (m.contains(finished), m.symbols(terms=True), tuple(c for c in carried if m.contains(c)),
                    _shown_atoms(m))

        found = _solve(ctl, deadline, read)
        if found is None:
            return TimelineResult("unknown", (), t, previous, states)
        is_finished, state, previous[t], symbols = found
        states[t + 1] = tuple(state)
        if is_finished:
            ctl.ground([("check", [now])])
            ctl.assign_external(clingo.Function("query", [now]), True)
            symbols = _solve(ctl, deadline, _shown_atoms)
            if symbols is None:
                return TimelineResult("unknown", (), t, previous, states)
        shown.extend(symbols)
        if is_finished:
            return TimelineResult("satisfiable", tuple(shown), t, previous, states, scheduled_at, instance)
    return TimelineResult("unknown", (), MAX_STEPS, previous, states)


_READING: dict = {}


def base_rules_reading(signatures: frozenset[tuple[str, int]]) -> tuple[A.AST, ...]:
    """The rules of the transition's base that name a predicate of ``signatures`` (in the head or
    the body, negated or not) or the head of another such rule, transitively: the part of the
    static atoms that facts of those predicates (a sequence's events) can change; the rest of the
    base derives the same atoms with them as without them. Cached per ``signatures``."""
    if signatures not in _READING:
        from pyrules.timeline.slicing import _head_and_body
        stms = [(stm,) + _head_and_body(stm) for stm in transition().base if stm.ast_type == A.ASTType.Rule]
        needed, kept, changed = set(signatures), set(), True
        while changed:
            changed = False
            for i, (stm, heads, body) in enumerate(stms):
                if i not in kept and (heads | body) & needed:
                    kept.add(i)
                    needed |= heads
                    changed = True
        _READING[signatures] = tuple(stms[i][0] for i in sorted(kept))
    return _READING[signatures]


def static_atoms_with(static: list[clingo.Symbol], events: list[clingo.Symbol],
                      deadline: float) -> list[clingo.Symbol] | None:
    """The transition base's atoms for a state and its ``events``, from ``static``, its atoms for
    the state alone: those of the predicates no rule of :func:`base_rules_reading` the events'
    predicates defines (the same with the events), and the model of those rules over the events and
    the rest (every rule defining one of their heads is among them: its atoms are all derived
    again; None: the deadline passed)."""
    from pyrules.timeline.lifting import _signatures
    part = base_rules_reading(frozenset((f.name, len(f.arguments)) for f in events))
    if not part:
        return static + list(events)
    from pyrules.timeline.slicing import _head_and_body
    changed = frozenset().union(*(_head_and_body(stm)[0] for stm in part))  # every rule defining these is in part
    reads = _signatures(list(part))
    kept = [a for a in static if (a.name, len(a.arguments)) not in changed]
    again = static_atoms(part, [a for a in kept if (a.name, len(a.arguments)) in reads] + list(events), deadline)
    if again is None:
        return None
    seen = set(kept)
    return kept + [a for a in again if a not in seen]


def static_atoms(base: Iterable[A.AST], facts: list[clingo.Symbol], deadline: float) -> list[clingo.Symbol] | None:
    """Every atom true in the model of ``base`` with the instance ``facts`` (the static part of a
    sequence: the same at every time), or None when the deadline passed first."""
    messages: list[str] = []
    ctl = _control(messages)
    _add_parts(ctl, {"base": base})
    add_facts(ctl, facts)
    _ground(ctl, [("base", [])], messages, 0)
    atoms = _solve(ctl, deadline, lambda m: m.symbols(atoms=True))
    return None if atoms is None else list(atoms)


def answers_symbols_at(program: LiftedProgram, static: Iterable[clingo.Symbol], state: Iterable[clingo.Symbol],
                       previous: Iterable[clingo.Symbol], t: int, time_limit: float,
                       step: Iterable[A.AST] | None = None) -> list[clingo.Symbol] | None:
    """The shown atoms of the moment at time ``t`` of a solved sequence, as a one-moment query's
    (the lifted ones without their time): the whole lifted program's ``schedule(t)`` and
    ``step(t)`` (or ``step``: those of its statements that can fire at ``t``,
    :func:`pyrules.timeline.slicing.specialized_step` with ``to_roots=False``: the same atoms),
    grounded in a new solver with ``static``, the atoms of the program's base with the instance
    (:func:`static_atoms`), the state at ``t`` (fluent atoms, given as ``holds(F, t)``) and
    ``previous``, the atoms of time ``t-1`` the step reads (the schedule's).

    Returns None when ``time_limit`` seconds passed first.
    """
    deadline = _time.monotonic() + time_limit
    messages: list[str] = []
    ctl = _control(messages)
    directives = _directives(program.base)
    _add_parts(ctl, {"base": directives, "schedule": program.schedule, "step": program.step if step is None else step})
    now = clingo.Number(t)
    add_facts(ctl, list(static) + [clingo.Function("holds", [f, now]) for f in state] + list(previous))
    _ground(ctl, [("base", []), ("schedule", [now]), ("step", [now])], messages, t)
    symbols = _solve(ctl, deadline, lambda m: m.symbols(shown=True))
    if symbols is None:
        return None
    out = []
    for s in symbols:
        if (s.name, len(s.arguments) - 1) in program.dynamic and s.arguments and s.arguments[-1].type == clingo.SymbolType.Number:
            if s.arguments[-1] == now:
                out.append(clingo.Function(s.name, s.arguments[:-1]))
        elif s.name not in ("holds", "result", "begins", "ends", "occurs", "user_event_at", "event_refused", "finished"):
            out.append(s)
    return out


def _solve(ctl: clingo.Control, deadline: float, read):
    """``read(model)`` of the (unique) model, or None when the deadline passed or there is none."""
    remaining = deadline - _time.monotonic()
    if remaining <= 0:
        return None
    out: list = []
    with ctl.solve(async_=True, on_model=lambda m: out.append(read(m))) as handle:
        if not handle.wait(remaining):
            handle.cancel()
            return None
        handle.get()
    return out[-1] if out else None


def instance_of(kb, state, program: LiftedProgram, events_hint: str, moment: bool = True):
    """``(facts, initial, moment)``: ``state``'s facts for a sequence or a search over ``program``, the
    fluents (``initial``, time 0) apart from the rest, and ``moment``, the
    :class:`pyrules.answers.answer_set.Answers` of the state described as one moment. The state described is judged as a moment first (the
    single-moment query, pruned: about a sixth of the cost of the lifted program's answers of time 0),
    so an input the rule base refuses there (a state_error: a shield counter, 122.1c; a fact no rule
    reads) is refused here too, never moved forward as if it were not given. ``moment=False``: only
    refused (:func:`pyrules.timeline.moment_check.refuse_as_a_moment`: the same refusals, from the
    rules they depend on alone), and ``moment`` is None.

    Raises:
        QueryError: a fact of a moment's event (damage/4, destroy_event/2 ...): ``events_hint`` says
            how to give it; StateValueError and the other refusals of :meth:`KnowledgeBase.ask`.
    """
    from pyrules.errors import QueryError

    facts, initial = [], []
    for f in kb.facts(state):
        sig = (f.name, len(f.arguments))
        if sig in program.dynamic and sig not in program.fluents and sig not in program.inputs:
            raise QueryError(f"{f.name}/{len(f.arguments)} facts describe an event of one moment; "
                             f"{events_hint}: {f}")
        (initial if sig in program.fluents else facts).append(f)
    if not moment:
        from pyrules.timeline.moment_check import refuse_as_a_moment
        refuse_as_a_moment(kb, state)
        return facts, initial, None
    return facts, initial, kb.ask(state)


def run_timeline(kb, state, session=None):
    """Answer ``state``'s events with knowledge base ``kb``: the :class:`pyrules.timeline.steps.Timeline`.

    ``session``: a :class:`pyrules.timeline.session.SequenceSession` of ``state`` without its events
    (warm: the moment's check and the static part are not done again); None: cold.

    The instance: the state's facts whose predicate is a fluent (fluents.lp) as ``holds(F, 0)``,
    every other fact as it is, and the events as ``event(K, E)`` (pyrules.facts.events); all added
    as values through clingo's backend. The answers of a time (``Step.after`` ...) are built when
    first asked, each as one query with ``kb.time_limit``.

    Raises:
        NoAnswerError: the time limit was reached or the program has no answer set (also when the
            answers of a time are asked for and take longer than the time limit).
        QueryError: unknown card names.
    """
    from pyrules.answers.answer_set import Answers
    from pyrules.errors import NoAnswerError
    from pyrules.timeline.steps import timeline_from_symbols

    program = lifted_program()
    static = None
    if session is None:
        facts, initial, _ = instance_of(kb, state, program, "give it as an event (GameState.then_*, [[events]])",
                                        moment=False)
    else:  # the state was judged as a moment when the session began; its base atoms are kept
        facts, initial, static = session.prepared(state)
    facts = list(facts)
    facts += state.sequence_events
    events = sum(1 for f in state.sequence_events if f.name == "event")
    try:
        if static is not None:  # ... with the part of the base the events' facts can change
            static = static_atoms_with(static, state.sequence_events, _time.monotonic() + kb.time_limit)
            if static is None:
                raise NoAnswerError(f"unknown: the time limit of {kb.time_limit:g} s was reached")
        result = solve_timeline(facts, initial, events, kb.time_limit, static=static)
    except MemoryError:
        raise NoAnswerError("unknown: the sequence ran out of memory") from None
    if result.status == "unknown":
        raise NoAnswerError(f"unknown: the time limit of {kb.time_limit:g} s was reached")
    cards = {name: kb.cards[name] for name in state.card_names()}
    time_limit = kb.time_limit
    rule_text = kb.rule_text

    static: list[list[clingo.Symbol]] = []  # the whole base's atoms, computed on the first answers asked
    with_atoms: list[frozenset] = []  # the predicates with atoms before any step (the instance's, the base's)
    built: dict[int, Answers] = {}

    def answers(t: int, fluents: frozenset[clingo.Symbol], limit: float | None = None) -> Answers:
        if t not in built:
            built[t] = _answers(t, fluents, time_limit if limit is None else min(limit, time_limit))
        return built[t]

    def _answers(t: int, fluents: frozenset[clingo.Symbol], time_limit: float) -> Answers:
        deadline = _time.monotonic() + time_limit
        try:
            if not static:
                atoms = static_atoms(program.base, facts, deadline)
                if atoms is None:
                    raise NoAnswerError(f"unknown: the time limit of {time_limit:g} s was reached (answers at time {t})")
                static.append(atoms)
            # only the rules that can fire at t (the schedule of t, the instance): the same answers
            step = None
            if t in result.scheduled:
                # the predicates with atoms before the step: the instance's and the whole base's
                # (static[0]; the run's own static part is the transition's, a subset)
                if not with_atoms:
                    with_atoms.append(result.instance | frozenset((a.name, len(a.arguments)) for a in static[0]))
                step = specialized_step(answers_program(program, transition()), result.scheduled[t],
                                        with_atoms[0], to_roots=False)
            symbols = answers_symbols_at(program, static[0], fluents, result.previous.get(t - 1, ()), t,
                                         deadline - _time.monotonic(), step)
        except MemoryError:
            raise NoAnswerError(f"unknown: the answers at time {t} ran out of memory") from None
        if symbols is None:
            raise NoAnswerError(f"unknown: the time limit of {time_limit:g} s was reached (answers at time {t})")
        return Answers(symbols, state, cards, rule_text)

    return timeline_from_symbols(result.symbols, result.states, answers)
