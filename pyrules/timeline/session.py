"""A warm session for sequences: many sequences of events from one state.

A cold :meth:`pyrules.api.KnowledgeBase.run` first judges the state as a moment (so that a state the
rule base refuses is refused, :func:`pyrules.timeline.run.instance_of`) and grounds the static part
of the time encoding (the transition's ``base``: what holds at every time) with the state's facts.
Neither depends on the events when no rule of that base reads an event's facts
(when one does, only the rules of that base the events can change are grounded again,
:func:`pyrules.timeline.run.static_atoms_with`).
A :class:`SequenceSession` does both once for a state, then answers each sequence of events from it
(``GameState.then_*`` on a copy of the state, or the same state with other events) grounding only
the steps. The answers are those of a cold run (tests/test_timeline_session.py compares them).
"""

from __future__ import annotations

import clingo

from pyrules.errors import QueryError


class SequenceSession:
    """Sequences of events from one state (:meth:`pyrules.api.KnowledgeBase.sequences`).

    Args:
        kb: the :class:`pyrules.api.KnowledgeBase`.
        state: the :class:`pyrules.facts.state.GameState` the sequences start from; its own events,
            if any, are ignored here (each :meth:`run` gives its own).

    Raises:
        QueryError: as :meth:`pyrules.api.KnowledgeBase.ask` (unknown cards, an inconsistent state,
            an input no rule reads), when the session begins.
    """

    def __init__(self, kb, state) -> None:
        from pyrules.timeline.lifting import lifted_program
        from pyrules.timeline.run import instance_of, static_atoms, transition
        import time

        self._kb = kb
        # the state's facts never hold its events (GameState.sequence_events, added by run_timeline)
        facts, initial, _ = instance_of(kb, state, lifted_program(), "give it as an event (GameState.then_*, [[events]])",
                                        moment=False)
        static = static_atoms(transition().base, facts, time.monotonic() + kb.time_limit)
        if static is None:
            from pyrules.errors import NoAnswerError
            raise NoAnswerError(f"unknown: the time limit of {kb.time_limit:g} s was reached")
        self._facts = tuple(facts)
        self._initial = tuple(initial)
        self._static = tuple(static)
        self._key = frozenset(facts) | frozenset(clingo.Function("holds", [f]) for f in initial)

    def prepared(self, state) -> tuple[list[clingo.Symbol], list[clingo.Symbol], list[clingo.Symbol]]:
        """``(facts, initial, static)`` of the session's state, for
        :func:`pyrules.timeline.run.run_timeline`.

        Raises:
            QueryError: ``state`` (its events apart) is not the session's state: the first fact it
                has that the session's state lacks, or the other way round."""
        from pyrules.timeline.lifting import lifted_program
        fluents = lifted_program().fluents
        facts, initial = [], []
        for f in self._kb.facts(state):
            (initial if (f.name, len(f.arguments)) in fluents else facts).append(f)
        key = frozenset(facts) | frozenset(clingo.Function("holds", [f]) for f in initial)
        if key != self._key:
            extra = sorted(map(str, key - self._key))
            missing = sorted(map(str, self._key - key))
            what = f"it has {extra[0]}" if extra else f"it lacks {missing[0]}"
            raise QueryError(f"this sequence session is for another state ({what}): start a session "
                             "for this state (KnowledgeBase.sequences)")
        return list(self._facts), list(self._initial), list(self._static)

    def run(self, state):
        """``state``'s sequence of events, as :meth:`pyrules.api.KnowledgeBase.run` answers it:
        a :class:`pyrules.timeline.steps.Timeline`.

        Raises:
            QueryError: ``state`` without its events is not the session's state; and as
                :meth:`pyrules.api.KnowledgeBase.run`."""
        from pyrules.timeline.run import run_timeline
        return run_timeline(self._kb, state, session=self)
