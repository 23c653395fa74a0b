"""A warm session for sequences (pyrules.timeline.session, issue 15): many sequences of events from
one state, each answered as a cold ``kb.run`` answers it."""

from __future__ import annotations

import copy

import pytest

from pyrules.errors import QueryError
from timeline_helpers import holds as _holds
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)
from timeline_helpers import two_player_state as _state


def _bolt_and_bears():
    return _state(("bolt", "Lightning Bolt", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
                  ("shock", "Shock", "hand", "alice"))


def test_two_lines_from_one_state_are_answered_as_cold_runs_answer_them(kb_of):
    # Line 1: Lightning Bolt at the Bears, resolved: 3 damage, lethal, 704.5g puts them into the
    # graveyard. Line 2: Shock at the Bears: 2 damage is lethal for a 2/2 too (120.3e, 704.5g).
    # Line 3: Shock at bob: 18 life (120.3a). Each from the same state, in one session.
    kb = kb_of("Lightning Bolt", "Grizzly Bears", "Shock")
    session = kb.sequences(_bolt_and_bears())
    lines = []
    for spell, target in (("bolt", "bears"), ("shock", "bears"), ("shock", "bob")):
        s = _bolt_and_bears()
        s.then_cast("alice", spell, targets=[target])
        s.then_resolve()
        warm, cold = session.run(s), kb.run(s)
        assert warm.finished and cold.finished
        assert warm.explain() == cold.explain()
        assert [st.state for st in warm.steps] == [st.state for st in cold.steps]
        lines.append(warm)
    assert _holds(lines[0], "in_zone(bears,graveyard)") and _holds(lines[1], "in_zone(bears,graveyard)")
    assert _holds(lines[2], "life_total(bob,18)") and _holds(lines[2], "in_zone(bears,battlefield)")


def test_a_state_that_is_not_the_session_s_is_refused_naming_the_difference(kb_of):
    kb = kb_of("Lightning Bolt", "Grizzly Bears", "Shock")
    session = kb.sequences(_bolt_and_bears())
    other = _bolt_and_bears()
    other.set_life("bob", 7)
    other.then_cast("alice", "shock", targets=["bob"])
    with pytest.raises(QueryError, match=r"another state \(it has .*life_total\(bob,7\)"):
        session.run(other)


def test_a_session_refuses_a_state_the_moment_refuses_as_run_does(kb_of):
    # an object owned by no player of the game (108.3: every object has an owner, a player): ask
    # refuses the state, and so does the session when it begins, with the same message
    kb = kb_of("Lightning Bolt", "Grizzly Bears", "Shock")
    s = _bolt_and_bears()
    with pytest.raises(QueryError) as cold:
        kb.ask(_broken(s))
    with pytest.raises(QueryError) as warm:
        kb.sequences(_broken(s))
    assert str(warm.value) == str(cold.value)


def _broken(s):
    s = copy.deepcopy(s)
    s.add_object("bolt2", "Lightning Bolt", "hand", "nobody")
    return s


def test_the_static_part_with_the_events_is_the_static_part_grounded_with_them(kb_of):
    # The session keeps the static atoms of the state without its events; a run adds the events'
    # facts and derives again only what rules reading them define (user_events/1, the number of
    # events the sequence must reach): the same atoms as grounding the base with the events.
    import time

    from pyrules.timeline.lifting import lifted_program
    from pyrules.timeline.run import instance_of, static_atoms, static_atoms_with, transition
    kb = kb_of("Lightning Bolt", "Grizzly Bears", "Shock")
    s = _bolt_and_bears()
    s.then_cast("alice", "bolt", targets=["bears"])
    s.then_resolve()
    facts, _, _ = instance_of(kb, s, lifted_program(), "as an event")
    deadline = time.monotonic() + 60
    alone = static_atoms(transition().base, facts, deadline)
    together = static_atoms(transition().base, facts + s.sequence_events, deadline)
    derived = static_atoms_with(alone, s.sequence_events, deadline)
    assert sorted(map(str, derived)) == sorted(map(str, together))
    assert "user_events(0)" in map(str, alone) and "user_events(2)" in map(str, derived)
    assert "user_events(0)" not in map(str, derived)
