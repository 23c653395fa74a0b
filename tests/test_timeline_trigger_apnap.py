"""APNAP order (603.3b) across players in a sequence: one event triggers abilities of both players; the
active player's go on the stack first, so the non-active player's resolve first. Real cards."""

from __future__ import annotations

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def test_two_players_soul_wardens_go_on_the_stack_active_player_first_and_bobs_resolves_first_603_3b(kb_of):
    # Soul Warden: "Whenever another creature enters, you gain 1 life." alice (active) and bob each
    # control one; alice's Grizzly Bears enters and both trigger (603.2, 603.6a). put_triggers names
    # no order (each player has one): alice's goes on the stack first (position 1), bob's on top of it
    # (position 2; 603.3b, 101.4); the first resolve is bob's (bob 21, alice 20), the second alice's
    kb = kb_of("Soul Warden", "Grizzly Bears")
    s = _state(("sw1", "Soul Warden", "battlefield", "alice"), ("sw2", "Soul Warden", "battlefield", "bob"),
               ("bears", "Grizzly Bears", "hand", "alice"))
    s.then_cast("alice", "bears")
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, resolved, put, first, second = _user_steps(tl)
    positions = {str(f.arguments[0].arguments[0]): f.arguments[1].number for f in put.state if f.name == "stack_position"}
    assert positions == {"sw1": 1, "sw2": 2}
    assert _atom("life_total(bob,21)") in first.state and _atom("life_total(alice,20)") in first.state
    assert _holds(tl, "life_total(alice,21)") and _holds(tl, "life_total(bob,21)")
