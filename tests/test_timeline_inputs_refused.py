"""A sequence starts from a moment: an input the rule base refuses in that moment is refused for the
sequence too (never moved forward as if it were not given)."""

from __future__ import annotations

import pytest

from pyrules.errors import StateValueError
from timeline_helpers import kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def test_a_shield_counter_refused_in_the_moment_is_refused_for_the_sequence_122_1c(kb_of):
    # 122.1c: a shield counter replaces destruction and damage; no rule here applies it. Before, the
    # sequence destroyed the shielded Bears with Murder and answered as if the counter were not there.
    kb = kb_of("Murder", "Grizzly Bears")
    s = two_player_state(("murder", "Murder", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.add_counters("bears", "shield", 1)
    s.then_cast("alice", "murder", targets=["bears"])
    s.then_resolve()
    with pytest.raises(StateValueError, match=r"counters\(bears,shield,1\).*122\.1c"):
        kb.ask(s)
    with pytest.raises(StateValueError, match=r"counters\(bears,shield,1\).*122\.1c"):
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
