"""Playing a land in a sequence (rules_asp/time/special_actions.lp; issue 15): the moment's verdict
(casting/lands.lp) decides, the land enters without using the stack (305.1), counts as a land
played this turn (305.2a), and can trigger landfall (603.6a)."""

from __future__ import annotations

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def test_a_land_played_triggers_landfall_and_a_second_land_is_refused_305_2b(kb_of):
    # Grazing Gladehart: "Landfall — Whenever a land you control enters, you may gain 2 life."
    kb = kb_of("Grazing Gladehart", "Forest", "Mountain")
    s = _state(("glade", "Grazing Gladehart", "battlefield", "alice"), ("f1", "Forest", "hand", "alice"),
               ("m1", "Mountain", "hand", "alice"))
    s.then_play_land("alice", "f1")
    s.then_put_triggers()
    s.then_resolve(accepts=[1])     # she does gain the life (608.2d)
    s.then_play_land("alice", "m1")
    tl = kb.run(s)
    play, put, resolve, second = _user_steps(tl)
    assert _atom("in_zone(f1,battlefield)") in play.state and _atom("controller(f1,alice)") in play.state
    entered = next(c for c in play.changes if c.fluent == _atom("in_zone(f1,battlefield)"))
    assert {"305.1", "116.2a"} <= set(entered.citations)
    assert _atom("lands_played_this_turn(alice,1)") in play.state
    assert not any(f.name == "in_zone" and str(f.arguments[1]) == "stack" for f in play.state)  # 305.1: no stack
    assert any(f.name == "pending_trigger" for f in play.state)
    assert _atom("life_total(alice,22)") in resolve.state
    assert str(second.refused) == "may_not_play_land(no_land_play_available)" and "305.2b" in second.refused_citations
    assert _holds(tl, "in_zone(m1,hand)")


def test_a_land_on_the_opponents_turn_or_with_a_spell_on_the_stack_is_refused_305_1_305_3(kb_of):
    kb = kb_of("Forest", "Lightning Bolt", "Grizzly Bears")
    s = _state(("f1", "Forest", "hand", "alice"), active="bob")
    s.then_play_land("alice", "f1")
    step = kb.run(s).steps[-1]
    # bob's turn, bob's priority: alice has no priority (116.1), and it isn't her turn (305.3)
    assert str(step.refused) == "may_not_play_land(no_priority)" and "116.1" in step.refused_citations
    s = _state(("f1", "Forest", "hand", "alice"), ("bolt", "Lightning Bolt", "hand", "alice"),
               ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "bolt", targets=["bears"])
    s.then_play_land("alice", "f1")
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "may_not_play_land(timing)" and "305.1" in step.refused_citations


def test_an_additional_land_play_this_turn_ends_with_the_turn_305_2_514_2(kb_of):
    # the newcomer's finding: "play an additional land this turn" still counted on alice's next turn
    kb = kb_of("Forest")
    s = _state(("f1", "Forest", "hand", "alice"), ("f2", "Forest", "hand", "alice"), ("f3", "Forest", "hand", "alice"),
               ("f4", "Forest", "hand", "alice"))
    s.allow_additional_land_plays("explore", "alice", 1)
    s.then_play_land("alice", "f1")
    s.then_play_land("alice", "f2")                  # the additional one (305.2)
    s.then_go_to("end")
    s.then_next_turn("bob")
    s.then_go_to("draw")
    s.then_next_turn("alice")
    s.then_go_to("draw")
    s.then_go_to("precombat_main")
    s.then_play_land("alice", "f3")
    s.then_play_land("alice", "f4")                  # one land this turn only (305.2b)
    tl = kb.run(s)
    steps = _user_steps(tl)
    assert steps[1].refused is None and _atom("in_zone(f2,battlefield)") in steps[1].state
    assert steps[-2].refused is None and str(steps[-1].refused) == "may_not_play_land(no_land_play_available)"
