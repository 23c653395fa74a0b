"""Sequences of events (issue 15): the rule base over time.

A :class:`pyrules.facts.state.GameState` with events (``add_event``, or a scenario's
``[[events]]``) is answered step by step: :func:`pyrules.timeline.run.run_timeline` builds one
incremental clingo program (``rules_asp/time/`` plus the single-moment rule base lifted over time,
:mod:`pyrules.timeline.lifting`), grounds and solves it, and maps each time step back to a typed
:class:`pyrules.timeline.steps.Step`.
"""
