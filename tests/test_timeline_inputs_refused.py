"""A sequence starts from a moment: an input the rule base refuses in that moment is refused for the
sequence too (never moved forward as if it were not given)."""

from __future__ import annotations

import pytest

from pyrules.errors import StateValueError
from timeline_helpers import kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def test_a_stun_counter_refused_in_the_moment_is_refused_for_the_sequence_122_1d(kb_of):
    # 122.1d: a stun counter replaces untapping; no rule here applies it, so a sequence from a state
    # with one is refused, never run as if the counter were not there. (Shield counters, 122.1c:
    # tests/test_timeline_shield_counters.py.)
    kb = kb_of("Murder", "Grizzly Bears")
    s = two_player_state(("murder", "Murder", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.add_counters("bears", "stun", 1)
    s.then_cast("alice", "murder", targets=["bears"])
    s.then_resolve()
    with pytest.raises(StateValueError, match=r"counters\(bears,stun,1\).*122\.1d"):
        kb.ask(s)
    with pytest.raises(StateValueError, match=r"counters\(bears,stun,1\).*122\.1d"):
        kb.run(s)


def test_the_same_sequence_without_the_counter_runs(kb_of):
    kb = kb_of("Murder", "Grizzly Bears")
    s = two_player_state(("murder", "Murder", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.add_counters("bears", "+1/+1", 1)
    s.then_cast("alice", "murder", targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished and tl.steps[0].before is tl.steps[0].before   # time 0's answers: built once
    assert any(str(f) == "in_zone(bears,graveyard)" for f in tl.steps[-1].state)
