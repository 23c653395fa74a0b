"""One event triggering one ability several times (603.2c) and "This ability triggers only once each
turn" (603.2), posed as event sequences with real cards (rules_asp/time/triggers.lp): each occurrence
is its own triggered ability, named by :func:`pyrules.facts.events.trigger_occurrence` as the
abilities go on the stack in the order their controller chooses (603.3b), each with its targets
(603.3d)."""

from __future__ import annotations

from pyrules.facts.events import token_id, trigger_occurrence

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _pending(step) -> list[str]:
    return sorted(str(f) for f in step.state if f.name == "pending_trigger")


def _combat_kills_three():
    """alice's Blood Artist (0/1) and Grizzly Bears a1 attack bob; bob's Grizzly Bears b1 blocks a1, b2
    blocks Blood Artist: the combat damage (510.2) kills Blood Artist, a1 and b1 in one check of
    state-based actions (704.5g); b2 survives."""
    s = _state(("ba", "Blood Artist", "battlefield", "alice"), ("a1", "Grizzly Bears", "battlefield", "alice"),
               ("b1", "Grizzly Bears", "battlefield", "bob"), ("b2", "Grizzly Bears", "battlefield", "bob"),
               phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"ba": "bob", "a1": "bob"})
    s.then_declare_blockers({"b1": "a1", "b2": "ba"})
    s.then_combat_damage()
    return s


def test_blood_artist_triggers_once_for_each_of_three_creatures_dying_at_once_603_2c_603_10a(kb_of):
    # "Whenever this creature or another creature dies, target player loses 1 life and you gain 1
    # life." Blood Artist, alice's Bears and one of bob's die in one event: three occurrences, three
    # abilities (603.2c), whoever controlled the creature, Blood Artist's own looked back on (603.10a). alice puts them on the stack in her order, each at
    # bob (603.3b, 603.3d); the three resolve: bob 17, alice 23.
    kb = kb_of("Blood Artist", "Grizzly Bears")
    s = _combat_kills_three()
    occurrences = [trigger_occurrence("ba", y) for y in ("ba", "a1", "b1")]
    s.then_put_triggers(targets={o: ["bob"] for o in occurrences}, order=[trigger_occurrence("ba", "b1"),
                                                                          trigger_occurrence("ba", "ba"),
                                                                          trigger_occurrence("ba", "a1")])
    s.then_resolve()
    s.then_resolve()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    attack, block, damage, put, *resolutions = _user_steps(tl)
    died = next(st for st in tl.steps if _pending(st))
    t = died.time - 1
    assert _pending(died) == [f"pending_trigger(ability(ba,1,occurrence({t},{y})),alice)" for y in ("a1", "b1", "ba")]
    cites = {r for c in died.changes if c.fluent.name == "pending_trigger" for r in c.citations}
    assert {"603.2c", "700.4", "603.10a"} <= cites
    # the order given: b1's first (lowest), then ba's, then a1's on top (405.5: it resolves first)
    positions = {str(f.arguments[0]): f.arguments[1].number for f in put.state if f.name == "stack_position"}
    assert (positions[f"ability(ba,1,occurrence({t},b1))"] < positions[f"ability(ba,1,occurrence({t},ba))"]
            < positions[f"ability(ba,1,occurrence({t},a1))"])
    assert all(_atom(f"spell_target(ability(ba,1,occurrence({t},{y})),bob,player)") in put.state for y in ("ba", "a1", "b1"))
    assert _atom("life_total(bob,19)") in resolutions[0].state and _atom("life_total(alice,21)") in resolutions[0].state
    assert _holds(tl, "life_total(bob,17)") and _holds(tl, "life_total(alice,23)")
    assert tl.final.assumptions() == []


def test_the_occurrences_named_by_their_source_alone_are_refused_603_3b(kb_of):
    # three abilities of one source: "ba" names none of them (each is occurrence(ba, Y)); the event
    # is refused, nothing goes on the stack
    kb = kb_of("Blood Artist", "Grizzly Bears")
    s = _combat_kills_three()
    s.then_put_triggers(targets={"ba": ["bob"]}, order=["ba"])
    step = kb.run(s).steps[-1]
    assert step.refused is not None and step.user_event == 4
    assert len(_pending(step)) == 3 and not any(f.name == "ability_on_stack" for f in step.state)


def test_an_occurrence_without_its_target_is_refused_603_3d(kb_of):
    kb = kb_of("Blood Artist", "Grizzly Bears")
    s = _combat_kills_three()
    occurrences = [trigger_occurrence("ba", y) for y in ("ba", "a1", "b1")]
    s.then_put_triggers(targets={o: ["bob"] for o in occurrences[:2]}, order=occurrences)
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "targets_not_chosen(occurrence(ba,b1))"
    assert "603.3d" in step.refused_citations


def test_two_soldiers_entering_at_once_give_skyknight_squire_two_counters_603_2c_603_6a(kb_of):
    # Raise the Alarm makes two Soldier tokens at once: "Whenever another creature you control enters,
    # put a +1/+1 counter on this creature" triggers once for each (603.2c); both resolve: two counters.
    kb = kb_of("Skyknight Squire", "Raise the Alarm")
    s = _state(("squire", "Skyknight Squire", "battlefield", "alice"), ("alarm", "Raise the Alarm", "hand", "alice"))
    s.then_cast("alice", "alarm")
    s.then_resolve()
    soldiers = [token_id("alarm", number=n) for n in (1, 2)]
    s.then_put_triggers(order=[trigger_occurrence("squire", y) for y in soldiers])
    s.then_resolve()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, resolve, put, first, second = _user_steps(tl)
    assert len(_pending(resolve)) == 2
    assert all(f"occurrence({resolve.time - 1},{y})" in " ".join(_pending(resolve)) for y in map(str, soldiers))
    assert _atom("counters(squire,pt(1,1),1)") in first.state
    assert _holds(tl, "counters(squire,pt(1,1),2)")
    # (its second ability, "As long as ... three or more +1/+1 counters", is unread: listed; the
    # trigger is not)
    assert [a.ability for a in tl.final.assumptions()] == [2]


def _two_spiders(record_history: bool):
    """alice's Mary Jane Watson ("Whenever a Spider you control enters, draw a card. This ability
    triggers only once each turn."); alice casts two Giant Spiders one after the other this turn."""
    s = _state(("mj", "Mary Jane Watson", "battlefield", "alice"), ("sp1", "Giant Spider", "hand", "alice"),
               ("sp2", "Giant Spider", "hand", "alice"), ("c1", "Grizzly Bears", "library", "alice"),
               ("c2", "Grizzly Bears", "library", "alice"))
    s.set_library_order("alice", ["c1", "c2"])
    if record_history:
        s.record_turn_history()
    s.then_cast("alice", "sp1")
    s.then_resolve()
    return s


def test_an_only_once_each_turn_trigger_triggers_the_first_time_and_not_the_second_603_2(kb_of):
    # the turn's history recorded (nothing triggered before): the first Spider entering triggers it,
    # alice draws c1; the second Spider entering the same turn does not (603.2c's "only once")
    kb = kb_of("Mary Jane Watson", "Giant Spider", "Grizzly Bears")
    s = _two_spiders(record_history=True)
    s.then_put_triggers()
    s.then_resolve()
    s.then_cast("alice", "sp2")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast1, resolve1, put, draw, cast2, resolve2 = _user_steps(tl)
    assert _pending(resolve1) == [f"pending_trigger(ability(mj,1,{resolve1.time - 1}),alice)"]
    assert _atom("in_zone(c1,hand)") in draw.state
    assert _pending(resolve2) == [] and _atom("in_zone(sp2,battlefield)") in resolve2.state
    assert _holds(tl, "in_zone(c2,library)")
    assert tl.final.assumptions() == []


def test_an_only_once_each_turn_trigger_in_a_later_turn_of_the_sequence_triggers_once_603_2(kb_of):
    # no history recorded, but the sequence passes into alice's next turn: every trigger of that turn
    # is in the sequence (later_turn), so the first Spider entering triggers it and the second, the
    # same turn, does not
    kb = kb_of("Mary Jane Watson", "Giant Spider", "Grizzly Bears")
    s = _state(("mj", "Mary Jane Watson", "battlefield", "alice"), ("sp1", "Giant Spider", "hand", "alice"),
               ("sp2", "Giant Spider", "hand", "alice"), ("c1", "Grizzly Bears", "library", "alice"),
               ("c2", "Grizzly Bears", "library", "alice"), ("c3", "Grizzly Bears", "library", "alice"),
               active="bob", phase="ending", step="end")
    s.set_library_order("alice", ["c1", "c2", "c3"])
    s.then_next_turn("alice")
    s.then_go_to("upkeep")
    s.then_go_to("draw")
    s.then_go_to("precombat_main")
    s.then_cast("alice", "sp1")
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    s.then_cast("alice", "sp2")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    *_, resolve1, put, draw, cast2, resolve2 = _user_steps(tl)
    assert _pending(resolve1) == [f"pending_trigger(ability(mj,1,{resolve1.time - 1}),alice)"]
    assert _atom("in_zone(c2,hand)") in draw.state          # c1 drawn in the draw step (504.1)
    assert _pending(resolve2) == [] and _holds(tl, "in_zone(c3,library)")
    assert tl.final.assumptions() == []


def test_an_only_once_each_turn_trigger_with_no_recorded_history_is_an_assumption_603_2(kb_of):
    # nothing says whether it already triggered this turn before the sequence: not put on the stack,
    # and the answers after it list what it might have done (never a guess either way)
    kb = kb_of("Mary Jane Watson", "Giant Spider", "Grizzly Bears")
    s = _two_spiders(record_history=False)
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _pending(tl.steps[-1]) == []
    assert _holds(tl, "unapplied_effect(mj,1,once_each_turn_unknown)")
    assert ("mj", "effect_not_applied(once_each_turn_unknown)") in [(a.object, a.text) for a in tl.final.assumptions()]
