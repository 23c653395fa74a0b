"""The answers of a sequence of events, step by step (typed results of :mod:`pyrules.timeline.run`).

A sequence's times are 0 (the state described) and one more for each event: the user's events and
the state-based-action checks between them (704.3). :class:`Step` ``k`` is the event at time
``k - 1`` and the state it leads to, at time ``k``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable

import clingo

from pyrules.answers.answer_set import Answers
from pyrules.answers.typed import Assumption

#: The time-encoding predicates the steps read (rules_asp/time/*.lp), by name and arity.
_TIME_ATOMS = {("begins", 2), ("ends", 2), ("occurs", 2), ("finished", 1),
               ("event_refused", 3), ("user_event_at", 2)}


@dataclass(frozen=True)
class Change:
    """One change an event made: ``kind`` is ``"begins"`` or ``"ends"``; ``fluent`` the state atom
    (``in_zone(g1,graveyard)``, schema.lp); ``citations`` the CR rules behind it."""

    kind: str
    fluent: clingo.Symbol
    citations: tuple[str, ...]

    def explain(self) -> str:
        """``+ in_zone(o1,graveyard) (CR 400.7, 701.8a)`` (``-`` for a fluent that ends)."""
        cites = f" (CR {', '.join(self.citations)})" if self.citations else ""
        return f"{'+' if self.kind == 'begins' else '-'} {self.fluent}{cites}"


@dataclass(frozen=True)
class Step:
    """The event at ``time - 1`` and the state at ``time``.

    Attributes:
        time: the time of the state after the event (1, 2, ...).
        event: the event (``cast(alice,bolt,1)``, ``resolve``, ``state_based_actions``, ...).
        user_event: its number in the sequence (1-based), or None for a state-based-action check.
        refused: why the event could not happen (``may_not_cast(...)``), or None; a refused event
            ends the sequence.
        refused_citations: the CR rules behind the refusal.
        changes: what the event changed (an empty tuple: nothing, e.g. a check with no action).
        state: every fluent holding after the event (the state at ``time``).
        answers_at: ``answers_at(T)`` is the :class:`pyrules.answers.answer_set.Answers` of time T
            (casting verdicts, outcomes, assumptions), built once on first use; :attr:`before` and
            :attr:`after` read it.
    """

    time: int
    event: clingo.Symbol
    user_event: int | None
    refused: clingo.Symbol | None
    refused_citations: tuple[str, ...]
    changes: tuple[Change, ...]
    state: frozenset[clingo.Symbol]
    answers_at: Callable[[int], Answers] = field(repr=False, compare=False)

    @property
    def before(self) -> Answers:
        """The :class:`Answers` of the moment the event happened in (time ``time - 1``), built on
        first use."""
        return self.answers_at(self.time - 1)

    @property
    def after(self) -> Answers:
        """The :class:`Answers` of the state after the event (time ``time``), built on first use."""
        return self.answers_at(self.time)

    @property
    def orders(self) -> list:
        """For a refused event whose result depends on the order of two or more replacement and/or
        prevention effects (616.1): each order the choosing player may pick, with what it leads to
        (:class:`pyrules.answers.replacement_orders.ReplacementOrder`, read from :attr:`before`);
        an empty list for an event that happened, or whose refusal lists no order."""
        if self.refused is None:
            return []
        return self.before.replacement_orders(f"ev({self.time - 1})")

    def explain(self) -> str:
        """Lines: the event, then each change (or the refusal, then each order a player may pick)."""
        label = f"event {self.user_event}" if self.user_event is not None else "check"
        head = f"{self.time}. {label}: {self.event}"
        if self.refused is not None:
            cites = f" (CR {', '.join(self.refused_citations)})" if self.refused_citations else ""
            return "\n".join([f"{head}: refused, {self.refused}{cites}"] + [f"   {o.explain()}" for o in self.orders])
        lines = [head] + [f"   {c.explain()}" for c in self.changes]
        return "\n".join(lines)


@dataclass(frozen=True)
class SequenceAssumption:
    """What the answers of a sequence take for granted: an ability pyrules could not read or
    interpret (rules_asp/foundation/assumptions.lp; an effect a resolution left unapplied,
    rules_asp/time/resolution_effects.lp), and the times of the sequence at which it was one.

    Attributes:
        assumption: the :class:`pyrules.answers.typed.Assumption` (object, ability, text, the
            question kinds it bears on, its scope).
        times: the times (0 = the state described; :attr:`Step.time`) whose answers list it, sorted.
    """

    assumption: Assumption
    times: tuple[int, ...]

    def explain(self) -> str:
        """The assumption's line, then the times it held at (``(times 0-3)``, ``(times 0, 4)``)."""
        return f"{self.assumption.explain()} (time{'s' if len(self.times) > 1 else ''} {_spans(self.times)})"


def _spans(times: tuple[int, ...]) -> str:
    """``0-3, 5`` for (0, 1, 2, 3, 5)."""
    out: list[str] = []
    start = prev = None
    for t in times:
        if prev is not None and t == prev + 1:
            prev = t
            continue
        if start is not None:
            out.append(f"{start}-{prev}" if prev != start else f"{start}")
        start = prev = t
    if start is not None:
        out.append(f"{start}-{prev}" if prev != start else f"{start}")
    return ", ".join(out)


@dataclass(frozen=True)
class Timeline:
    """A sequence of events answered.

    Attributes:
        initial: the fluents of the state described (time 0).
        steps: one :class:`Step` per event, in order, up to the first refused event.
        finished: every event happened (no refusal) and the last check performed no action.
        answers_at: ``answers_at(T, time_limit=None)``: the answers of time T, built once on first
            use (:attr:`final`); ``time_limit`` bounds building them (None: the knowledge base's).
    """

    initial: frozenset[clingo.Symbol]
    steps: tuple[Step, ...]
    finished: bool
    answers_at: Callable[[int], Answers] = field(repr=False, compare=False)

    @property
    def final(self) -> Answers:
        """The answers at the last time (the state after the sequence), built on first use."""
        return self.answers_at(self.steps[-1].time if self.steps else 0)

    def state_at(self, time: int) -> frozenset[clingo.Symbol]:
        """The fluents holding at ``time`` (0 = the state described).

        Raises:
            IndexError: no such time in this sequence.
        """
        if time == 0:
            return self.initial
        for step in self.steps:
            if step.time == time:
                return step.state
        raise IndexError(f"no time {time} in this sequence (0..{len(self.steps)})")

    def assumptions(self, question: str | None = None, time_limit: float | None = None) -> tuple[SequenceAssumption, ...]:
        """Every assumption of the answers at any time of the sequence (113.6: an object's abilities
        function, or bear on casting it, where it is at that time; 611.2: an effect a resolution left
        unapplied stays one from then on), with the times whose answers list it. An event at time t
        is judged by the answers of time t, so an unread ability that could change what any event
        did is here: the steps are right only if none of these applies.

        The answers of each time are built for this (one query per time whose state differs from the
        time before it or at which an event happens; a check of state-based actions that changed
        nothing adds none).

        Args:
            question: only those bearing on this question kind (:meth:`Answers.assumptions`); None: all.
            time_limit: seconds for all the times together (None: each time's query has the knowledge
                base's time limit).

        Raises:
            NoAnswerError: the time limit was reached first.
            QueryError: an unknown question.
        """
        import time as _time

        from pyrules.errors import NoAnswerError

        deadline = None if time_limit is None else _time.monotonic() + time_limit
        # a time whose step changed nothing (a check of state-based actions that performed none, 704.3;
        # a refused event) has the state, so the assumptions, of the time before it
        same_as_before = {s.time for s in self.steps if s.refused is not None or (not s.changes and s.user_event is None)}
        # ... unless an event happens at that time: its moment's answers speak of it (601.2g-h: a cast
        # whose mana is assumed paid)
        same_as_before -= {s.time - 1 for s in self.steps if s.user_event is not None}
        found: dict[Assumption, list[int]] = {}
        current: list[Assumption] = []
        for t in [0] + [s.time for s in self.steps]:
            if t not in same_as_before:
                left = None if deadline is None else deadline - _time.monotonic()
                if left is not None and left <= 0:
                    raise NoAnswerError(f"unknown: the time limit of {time_limit:g} s was reached "
                                        f"(the sequence's assumptions at time {t})")
                current = self.answers_at(t, left).assumptions(question)
            for a in current:
                found.setdefault(a, []).append(t)
        return tuple(SequenceAssumption(a, tuple(ts)) for a, ts in
                     sorted(found.items(), key=lambda x: (x[0].object, x[0].ability, x[0].text, x[0].scope)))

    def explain(self) -> str:
        """Every step's :meth:`Step.explain`, then whether the sequence finished."""
        lines = [s.explain() for s in self.steps]
        if not self.finished and not any(s.refused is not None for s in self.steps):
            lines.append("unfinished")
        return "\n".join(lines)


def timeline_from_symbols(symbols, states, make_answers: Callable[..., Answers]) -> Timeline:
    """Map a solved sequence's shown atoms (the transition's, :mod:`pyrules.timeline.slicing`) and
    its states (``states[t]``: the fluents holding at time t) to a :class:`Timeline`;
    ``make_answers(t, state)`` builds the :class:`Answers` of time ``t`` from the fluents holding
    then (called on first use, once per time; a third argument, when given, bounds it in seconds)."""
    holds: dict[int, set[clingo.Symbol]] = defaultdict(set, {t: set(fs) for t, fs in states.items()})
    changes: dict[int, list[tuple[str, clingo.Symbol]]] = defaultdict(list)
    occurs: dict[int, clingo.Symbol] = {}
    user: dict[int, int] = {}
    refused: dict[int, clingo.Symbol] = {}
    finished: list[int] = []
    cites: dict[int, dict[clingo.Symbol, set[str]]] = defaultdict(dict)
    for s in symbols:
        sig = (s.name, len(s.arguments))
        if sig in _TIME_ATOMS:
            a = s.arguments
            if s.name in ("begins", "ends"):
                changes[a[1].number].append((s.name, a[0]))
            elif s.name == "occurs":
                occurs[a[1].number] = a[0]
            elif s.name == "user_event_at":
                user[a[1].number] = a[0].number
            elif s.name == "event_refused":
                refused[a[0].number] = a[2]
            elif s.name == "finished":
                finished.append(a[0].number)
        elif s.name == "cites" and len(s.arguments) == 3 and s.arguments[0].name in ("begins", "ends", "event_refused"):
            cites[s.arguments[2].number].setdefault(s.arguments[0], set()).add(s.arguments[1].string)
    end = min(finished) if finished else max(occurs, default=0) + 1
    built: dict[int, Answers] = {}

    def answers_at(t: int, time_limit: float | None = None) -> Answers:
        if t not in built:
            if not 0 <= t <= end:
                raise IndexError(f"no time {t} in this sequence (0..{end})")
            built[t] = make_answers(t, frozenset(holds.get(t, set())), time_limit)
        return built[t]

    steps = []
    for t in range(end):
        if t not in occurs:
            continue
        ev = occurs[t]
        cites_of = cites.get(t + 1, {})
        why = refused.get(t)
        step_changes = []
        if why is None:
            for kind, fluent in sorted(changes.get(t + 1, []), key=lambda c: (c[0] != "ends", str(c[1]))):
                before = fluent in holds.get(t, set())
                after = fluent in holds.get(t + 1, set())
                if (kind == "begins" and after and not before) or (kind == "ends" and before and not after):
                    atom = clingo.Function(kind, [fluent])
                    step_changes.append(Change(kind, fluent, tuple(sorted(cites_of.get(atom, ())))))
        refusal_cites = ()
        if why is not None:
            atom = clingo.Function("event_refused", [clingo.Number(t), ev, why])
            refusal_cites = tuple(sorted(cites.get(t, {}).get(atom, ())))
        steps.append(Step(t + 1, ev, user.get(t), why, refusal_cites, tuple(step_changes),
                          frozenset(holds.get(t + 1, set())), answers_at))
        if why is not None:
            break
    return Timeline(frozenset(holds.get(0, set())), tuple(steps), bool(finished) and not refused, answers_at)
