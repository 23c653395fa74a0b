"""Wrong answer fixed (603.3d, 115.1): a triggered ability whose targets are named only inside a fact
no rule applies (effect_x_is/5, conditional_effect/6: "When this creature enters, it deals damage to
target creature equal to the number of Mountains you control", Fire Dragon) had its targets counted as
none, so a legal target named as it was put on the stack was refused (target_not_allowed). Its targets
are now not judged: an assumption (trigger_targets_unchecked), never a refusal."""

from __future__ import annotations

from timeline_helpers import atom as _atom
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps


def test_a_target_inside_a_wrapped_effect_is_not_refused(kb_of):
    kb = kb_of("Fire Dragon", "Grizzly Bears", "Mountain")
    s = _state(("fd", "Fire Dragon", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
               ("m1", "Mountain", "battlefield", "alice"))
    s.then_cast("alice", "fd")
    s.then_resolve()
    s.then_put_triggers(targets={"fd": ["bears"]})
    cast, resolve, put = _user_steps(kb.run(s))
    assert put.refused is None, put.refused
    assert _atom("unapplied_effect(fd,2,trigger_targets_unchecked)") in put.state
    assert any(f.name == "ability_on_stack" for f in put.state)
