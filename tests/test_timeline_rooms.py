"""Room permanents in a sequence (rules_asp/time/rooms.lp; issue 17): the unlocked designations are
fluents, given as the Room enters (709.5d) and ended as it leaves (400.7); on the battlefield a Room
has the name and mana cost of its unlocked halves only (709.5, 709.5c; split_cards.lp)."""

from __future__ import annotations

from timeline_helpers import atom as _atom
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)

ROOM = "Bottomless Pool // Locker Room"  # {U} // {4}{U}, Enchantment — Room


def test_a_room_cast_as_its_right_half_enters_with_only_that_door_unlocked_709_5d(kb_of):
    kb = kb_of(ROOM)
    s = _state(("room", ROOM, "hand", "alice"))
    s.ask_characteristics()
    s.then_cast("alice", "room", face=2)          # Locker Room
    s.then_resolve()
    s.then_move("room", "hand")                   # 400.7: a new object, its designations gone
    s.then_move("room", "battlefield")            # 709.5d: put there, not cast: neither door unlocked
    tl = kb.run(s)
    cast, resolve, bounce, put = _user_steps(tl)
    assert _atom("door_unlocked(room,2)") in resolve.state and _atom("door_unlocked(room,1)") not in resolve.state
    entered = next(c for c in resolve.changes if c.fluent == _atom("door_unlocked(room,2)"))
    assert "709.5d" in entered.citations
    (c,) = resolve.after.characteristics("room")
    assert c.names == ("Locker Room",) and c.mana_value == 5          # not Bottomless Pool's {U} (709.5)
    assert c.card_types == ("enchantment",) and c.subtypes == ("Room",)  # 709.5a
    assert not any(f.name in ("door_unlocked", "doors_recorded") for f in bounce.state)
    (c,) = bounce.after.characteristics("room")
    assert set(c.names) == {"Bottomless Pool", "Locker Room"} and c.mana_value == 6   # 709.4: in the hand
    assert _atom("doors_recorded(room)") in put.state
    assert not any(f.name == "door_unlocked" for f in put.state)
    (c,) = put.after.characteristics("room")
    assert c.names == () and c.mana_value == 0                        # both doors locked (202.3a)


def test_unlocking_the_locked_door_gives_the_room_both_halves_and_a_second_unlock_is_refused_709_5e(kb_of):
    kb = kb_of(ROOM, "Lightning Bolt")
    s = _state(("room", ROOM, "hand", "alice"), ("bolt", "Lightning Bolt", "hand", "alice"))
    s.ask_characteristics()
    s.then_cast("alice", "room", face=1)          # Bottomless Pool
    s.then_resolve()
    s.then_unlock("alice", "room", 2)             # pays Locker Room's {4}{U} (709.5e)
    s.then_unlock("alice", "room", 2)
    tl = kb.run(s)
    cast, resolve, unlock, again = _user_steps(tl)
    (c,) = resolve.after.characteristics("room")
    assert c.names == ("Bottomless Pool",) and c.mana_value == 1
    assert unlock.refused is None and _atom("door_unlocked(room,2)") in unlock.state
    assert _atom("in_zone(room,battlefield)") in unlock.state     # 116.2: no stack
    change = next(x for x in unlock.changes if x.fluent == _atom("door_unlocked(room,2)"))
    assert "709.5e" in change.citations
    (c,) = unlock.after.characteristics("room")
    assert set(c.names) == {"Bottomless Pool", "Locker Room"} and c.mana_value == 6
    assert any("unlock_cost_assumed_paid(room,2)" in a.assumption.text for a in tl.assumptions())
    assert str(again.refused) == "door_already_unlocked" and "709.5c" in again.refused_citations


def test_unlocking_with_a_spell_on_the_stack_is_refused_709_5e(kb_of):
    kb = kb_of(ROOM, "Lightning Bolt")
    s = _state(("room", ROOM, "battlefield", "alice"), ("bolt", "Lightning Bolt", "hand", "alice"))
    s.set_unlocked_doors("room", [1])
    s.then_cast("alice", "bolt", targets=["bob"])
    s.then_unlock("alice", "room", 2)
    step = _user_steps(kb.run(s))[-1]
    assert str(step.refused) == "timing" and "709.5e" in step.refused_citations
