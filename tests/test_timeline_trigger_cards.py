"""The real cards issue 16's acceptance names, posed as event sequences (rules_asp/time/triggers.lp and
the resolution rules): Wall of Omens, Phyrexian Arena, Blood Artist, Young Pyromancer, Bitterblossom,
Tireless Tracker and Rift Bolt's suspend. Each test plays the card's trigger event, checks that the
ability triggers then (603.2) and waits to be put on the stack the next time a player would receive
priority (603.3), and what it does as it resolves (608.2); what is not modelled is shown to be listed,
never dropped."""

from __future__ import annotations

import clingo

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _pending(step) -> list[str]:
    return sorted(str(f) for f in step.state if f.name == "pending_trigger")


def _trigger_citations(step) -> set[str]:
    return {r for c in step.changes if c.fluent.name == "pending_trigger" for r in c.citations}


def _to_alices_upkeep(s) -> None:
    """From the end step of bob's turn (the state's), to the upkeep of alice's next turn (502, 503)."""
    s.then_go_to("cleanup")
    s.then_next_turn("alice")
    s.then_go_to("upkeep")



def _assert_nothing_in_bobs_upkeep(kb_of, obj, card):
    """alice's ``card`` (a "your upkeep" trigger) from her end step to bob's upkeep: nothing triggers
    and alice loses no life (503.1a)."""
    s = _state((obj, card, "battlefield", "alice"), phase="ending", step="end")
    s.then_go_to("cleanup")
    s.then_next_turn("bob")
    s.then_go_to("upkeep")
    tl = kb_of(card).run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps) and _holds(tl, "life_total(alice,20)")

def test_wall_of_omens_enters_and_its_trigger_draws_the_top_card_603_6a_121_1(kb_of):
    # "When this creature enters, draw a card." Cast and resolved (608.3), it enters: the ability
    # triggers (603.6a), waits until alice would receive priority (603.3), and resolving draws the
    # known top card of her library (121.1), not the one under it.
    kb = kb_of("Wall of Omens", "Grizzly Bears")
    s = _state(("wall", "Wall of Omens", "hand", "alice"), ("c1", "Grizzly Bears", "library", "alice"),
               ("c2", "Grizzly Bears", "library", "alice"))
    s.set_library_order("alice", ["c1", "c2"])
    s.then_cast("alice", "wall")
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, resolve, put, trigger = _user_steps(tl)
    assert _pending(cast) == []                                  # a spell on the stack is not "entering"
    trigger_id = f"ability(wall,2,{resolve.time - 1})"           # ability 2 (Defender is ability 1)
    assert _pending(resolve) == [f"pending_trigger({trigger_id},alice)"]
    assert {"603.2", "603.6a"} <= _trigger_citations(resolve)
    assert "603.10a" not in _trigger_citations(resolve)          # no look-back: the Wall didn't leave
    assert _atom(f"ability_on_stack({trigger_id},alice)") in put.state
    assert _atom("in_zone(c1,library)") in put.state             # nothing drawn before it resolves
    assert _holds(tl, "in_zone(c1,hand)") and _holds(tl, "in_zone(c2,library)")
    assert not any(f.name == "ability_on_stack" for f in trigger.state)
    assert tl.final.assumptions() == []


def test_phyrexian_arena_draws_and_loses_a_life_in_its_controllers_upkeep_then_the_draw_step_draws_503_1a(kb_of):
    # "At the beginning of your upkeep, you draw a card and you lose 1 life." alice's upkeep begins:
    # it triggers (503.1a), resolves (both effects, in the order written, 608.2c: c1 drawn, 19 life);
    # her draw step then draws the next card, c2 (504.1).
    kb = kb_of("Phyrexian Arena", "Grizzly Bears")
    s = _state(("arena", "Phyrexian Arena", "battlefield", "alice"), ("c1", "Grizzly Bears", "library", "alice"),
               ("c2", "Grizzly Bears", "library", "alice"), active="bob", phase="ending", step="end")
    s.set_library_order("alice", ["c1", "c2"])
    _to_alices_upkeep(s)
    s.then_put_triggers()
    s.then_resolve()
    s.then_go_to("draw")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cleanup, untap, upkeep, put, resolve, draw = _user_steps(tl)
    assert _pending(untap) == []
    assert _pending(upkeep) == [f"pending_trigger(ability(arena,1,{upkeep.time - 1}),alice)"]
    assert {"603.2", "503.1a"} <= _trigger_citations(upkeep)
    assert _atom("life_total(alice,20)") in put.state and _atom("in_zone(c1,library)") in put.state
    assert _atom("life_total(alice,19)") in resolve.state and _atom("in_zone(c1,hand)") in resolve.state
    assert _atom("in_zone(c2,library)") in resolve.state
    assert _holds(tl, "in_zone(c2,hand)") and _holds(tl, "life_total(alice,19)") and _holds(tl, "life_total(bob,20)")
    assert tl.final.assumptions() == []


def test_phyrexian_arena_does_not_trigger_in_the_opponents_upkeep_503_1a(kb_of):
    # "your upkeep": on bob's turn alice's Arena does nothing (no trigger, no life lost)
    _assert_nothing_in_bobs_upkeep(kb_of, "arena", "Phyrexian Arena")


def _blood_artist_sees(kb, victim_owner: str, bolt_target: str):
    """alice's Blood Artist and a Grizzly Bears of ``victim_owner``; alice's Lightning Bolt kills
    ``bolt_target``; the trigger targets bob, then resolves."""
    s = _state(("ba", "Blood Artist", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", victim_owner),
               ("bolt", "Lightning Bolt", "hand", "alice"))
    s.then_cast("alice", "bolt", targets=[bolt_target])
    s.then_resolve()
    s.then_put_triggers(targets={"ba": ["bob"]})
    s.then_resolve()
    return kb.run(s)


def test_blood_artist_sees_another_creature_die_whoever_controls_it_700_4_603_10a(kb_of):
    # "Whenever this creature or another creature dies, target player loses 1 life and you gain 1
    # life." bob's Bears die to the Bolt (704.5g, 700.4): another creature, bob's, dies; the ability
    # triggers in the check that kills it, is controlled by alice (603.3a), targets bob (603.3d) and
    # resolves: bob 19, alice 21.
    kb = kb_of("Blood Artist", "Grizzly Bears", "Lightning Bolt")
    tl = _blood_artist_sees(kb, "bob", "bears")
    assert tl.finished, tl.steps[-1].refused
    check = next(st for st in tl.steps if st.user_event is None and _pending(st))
    assert _atom("in_zone(bears,graveyard)") in check.state
    assert _pending(check) == [f"pending_trigger(ability(ba,1,{check.time - 1}),alice)"]
    assert {"603.2", "700.4"} <= _trigger_citations(check)
    assert _holds(tl, "life_total(bob,19)") and _holds(tl, "life_total(alice,21)")
    # "target player": one target, a player, checked as the ability goes on the stack (603.3d): nothing
    # is left unchecked
    assert not any(f.name == "unapplied_effect" for st in tl.steps for f in st.state)
    assert tl.final.assumptions() == []


def test_blood_artists_target_player_is_checked_as_it_goes_on_the_stack_603_3d_115_1(kb_of):
    # a creature, two players, or no target at all for "target player": each refused, naming why
    kb = kb_of("Blood Artist", "Grizzly Bears", "Lightning Bolt")

    def put(targets):
        s = _state(("ba", "Blood Artist", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
                   ("b2", "Grizzly Bears", "battlefield", "bob"), ("bolt", "Lightning Bolt", "hand", "alice"))
        s.then_cast("alice", "bolt", targets=["bears"])
        s.then_resolve()
        s.then_put_triggers(targets=None if targets is None else {"ba": targets})
        return kb.run(s).steps[-1]
    for targets, why, rules in ((["b2"], "target_not_allowed(b2)", {"603.3d", "115.1"}),
                                (["bob", "alice"], "too_many_targets(ba,2,1)", {"601.2c", "603.3d"}),
                                (None, "targets_not_chosen(ba)", {"603.3d"})):
        step = put(targets)
        assert str(step.refused) == why and rules <= set(step.refused_citations), (targets, step.refused)
    step = put(["alice"])                           # alice may target herself: a player
    assert step.refused is None and not any(f.name == "unapplied_effect" for f in step.state)


def test_blood_artist_sees_your_own_creature_die_too_603_2(kb_of):
    kb = kb_of("Blood Artist", "Grizzly Bears", "Lightning Bolt")
    tl = _blood_artist_sees(kb, "alice", "bears")
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "life_total(bob,19)") and _holds(tl, "life_total(alice,21)")


def test_blood_artist_dying_itself_triggers_looking_back_603_10a(kb_of):
    # "this creature ... dies": the Bolt kills the Artist itself; it is looked back on as it last
    # existed on the battlefield (603.10a), so its ability triggers from the graveyard's side
    kb = kb_of("Blood Artist", "Grizzly Bears", "Lightning Bolt")
    tl = _blood_artist_sees(kb, "bob", "ba")
    assert tl.finished, tl.steps[-1].refused
    check = next(st for st in tl.steps if st.user_event is None and _pending(st))
    assert _atom("in_zone(ba,graveyard)") in check.state and _atom("in_zone(bears,battlefield)") in check.state
    assert {"700.4", "603.10a"} <= _trigger_citations(check)
    assert _holds(tl, "life_total(bob,19)") and _holds(tl, "life_total(alice,21)")


def test_blood_artist_does_not_trigger_when_no_creature_dies_700_4(kb_of):
    # the Bolt goes to bob's face: nothing dies, nothing triggers (put_triggers then has nothing to put)
    kb = kb_of("Blood Artist", "Grizzly Bears", "Lightning Bolt")
    tl = _blood_artist_sees(kb, "bob", "bob")
    assert str(tl.steps[-1].refused) == "not_a_pending_source(ba)"
    assert not any(_pending(st) for st in tl.steps)
    assert _atom("life_total(bob,17)") in tl.steps[-2].state and _atom("life_total(alice,20)") in tl.steps[-2].state


def _elemental(tl, token: str, owner: str = "alice") -> None:
    """``token`` is a 1/1 red Elemental creature token on the battlefield under ``owner``'s control (111.3)."""
    for fluent in ("in_zone({0},battlefield)", f"controller({{0}},{owner})", "token({0})", "token_card_type({0},creature)",
                   "base_power({0},1)", "base_toughness({0},1)", "token_color({0},red)", 'token_subtype({0},1,"Elemental")'):
        assert _holds(tl, fluent.format(token)), fluent.format(token)


def test_young_pyromancer_triggers_on_casting_an_instant_and_its_token_comes_before_the_spell_resolves_601_2i_405_5(kb_of):
    # "Whenever you cast an instant or sorcery spell, create a 1/1 red Elemental creature token."
    # Casting the Bolt triggers it (601.2i: once cast, 603.2); it goes on the stack above the Bolt
    # (603.3) and resolves first (405.5): the Elemental exists while the Bolt is still on the stack.
    kb = kb_of("Young Pyromancer", "Grizzly Bears", "Lightning Bolt")
    s = _state(("yp", "Young Pyromancer", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
               ("bolt", "Lightning Bolt", "hand", "alice"))
    s.then_cast("alice", "bolt", targets=["bears"])
    s.then_put_triggers()
    s.then_resolve()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, put, trigger, bolt = _user_steps(tl)
    check = next(st for st in tl.steps if st.user_event is None and _pending(st))
    assert check.time == cast.time + 1        # judged in the check right after the cast, the Bolt on the stack
    trigger_id = f"ability(yp,1,{check.time - 1})"
    assert _pending(check) == [f"pending_trigger({trigger_id},alice)"]
    assert {"603.2", "601.2i"} <= _trigger_citations(check)
    assert _atom(f"stack_position({trigger_id},2)") in put.state and _atom("stack_position(bolt,1)") in put.state
    assert _atom("in_zone(bolt,stack)") in trigger.state and _atom("in_zone(token(yp,1,1,1),battlefield)") in trigger.state
    _elemental(tl, "token(yp,1,1,1)")
    assert _holds(tl, "in_zone(bears,graveyard)") and _holds(tl, "in_zone(bolt,graveyard)")
    assert tl.final.assumptions() == []


def test_young_pyromancer_makes_a_new_token_each_time_it_triggers_111_1(kb_of):
    # two instants, one after the other: two triggers, two different tokens (ids never reused)
    kb = kb_of("Young Pyromancer", "Lightning Bolt")
    s = _state(("yp", "Young Pyromancer", "battlefield", "alice"), ("b1", "Lightning Bolt", "hand", "alice"),
               ("b2", "Lightning Bolt", "hand", "alice"))
    for bolt in ("b1", "b2"):
        s.then_cast("alice", bolt, targets=["bob"])
        s.then_put_triggers()
        s.then_resolve()
        s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    _elemental(tl, "token(yp,1,1,1)")
    _elemental(tl, "token(yp,1,1,2)")
    assert _holds(tl, "life_total(bob,14)")


def test_young_pyromancer_does_not_trigger_on_a_creature_spell_or_an_opponents_instant_603_2(kb_of):
    kb = kb_of("Young Pyromancer", "Grizzly Bears", "Lightning Bolt")
    # a creature spell is no instant or sorcery: not triggered (and nothing listed: it was judged)
    s = _state(("yp", "Young Pyromancer", "battlefield", "alice"), ("bears", "Grizzly Bears", "hand", "alice"))
    s.then_cast("alice", "bears")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps) and tl.final.assumptions() == []
    # "you cast": bob's Bolt doesn't trigger alice's Pyromancer
    s = _state(("yp", "Young Pyromancer", "battlefield", "alice"), ("bolt", "Lightning Bolt", "hand", "bob"), active="bob")
    s.then_cast("bob", "bolt", targets=["alice"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps) and _holds(tl, "life_total(alice,17)")


def test_bitterblossom_loses_a_life_and_makes_a_faerie_rogue_in_its_controllers_upkeep_503_1a_111_4(kb_of):
    # "At the beginning of your upkeep, you lose 1 life and create a 1/1 black Faerie Rogue creature
    # token with flying." It triggers in alice's upkeep (503.1a) and resolves: she loses 1 life
    # (119.3) and gets the token, its two subtypes in the order written (111.4: "Faerie Rogue").
    kb = kb_of("Bitterblossom")
    s = _state(("bb", "Bitterblossom", "battlefield", "alice"), active="bob", phase="ending", step="end")
    _to_alices_upkeep(s)
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    upkeep, put = _user_steps(tl)[2:4]
    trigger_id = f"ability(bb,1,{upkeep.time - 1})"
    assert _pending(upkeep) == [f"pending_trigger({trigger_id},alice)"] and "503.1a" in _trigger_citations(upkeep)
    assert _atom("life_total(alice,20)") in put.state and not any(f.name == "token" for f in put.state)
    assert _holds(tl, "life_total(alice,19)") and _holds(tl, "life_total(bob,20)")
    faerie = "token(bb,1,1,1)"
    for fluent in ("in_zone({0},battlefield)", "controller({0},alice)", "token_card_type({0},creature)",
                   "base_power({0},1)", "base_toughness({0},1)", "token_color({0},black)", "token_keyword({0},flying)",
                   'token_subtype({0},1,"Faerie")', 'token_subtype({0},2,"Rogue")'):
        assert _holds(tl, fluent.format(faerie)), fluent
    assert tl.final.assumptions() == []


def test_bitterblossom_does_not_trigger_in_the_opponents_upkeep_503_1a(kb_of):
    _assert_nothing_in_bobs_upkeep(kb_of, "bb", "Bitterblossom")


def _suspended_rift_bolt(counters: int = 1, active: str = "bob"):
    """``active``'s end step; alice's Rift Bolt is suspended: in exile with ``counters`` time counters (702.62b)."""
    s = _state(("rb", "Rift Bolt", "exile", "alice"), active=active, phase="ending", step="end")
    s.add_counters("rb", "time", counters)
    return s


def _rift_bolt_to_its_last_counter(s) -> None:
    """To alice's upkeep; the upkeep trigger put on the stack and resolved (its last counter removed),
    then the last-time-counter trigger put on the stack."""
    _to_alices_upkeep(s)
    s.then_put_triggers()
    s.then_resolve()
    s.then_put_triggers()


def test_rift_bolts_suspend_removes_its_last_time_counter_and_its_owner_casts_it_free_702_62a_118_9(kb_of):
    # Suspend 1—{R} (702.62a): "At the beginning of your upkeep, if this card is suspended, remove a
    # time counter from it" and "When the last time counter is removed from this card, if it's
    # exiled, you may play it without paying its mana cost". As alice's upkeep begins the first
    # ability triggers from exile, controlled by its owner (the card has no controller, 108.4a); it
    # removes the counter, which triggers the second; that one resolving, alice casts Rift Bolt from
    # exile in her upkeep (608.2g: the timing rules don't apply), without paying its mana cost
    # (118.9), at bob: it resolves, bob 17, Rift Bolt in her graveyard.
    kb = kb_of("Rift Bolt")
    s = _suspended_rift_bolt()
    _rift_bolt_to_its_last_counter(s)
    s.then_resolve()
    s.then_cast("alice", "rb", targets=["bob"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cleanup, untap, upkeep, put, resolve, put2, offer, cast, bolt = _user_steps(tl)
    assert _pending(untap) == []
    trigger_id = f"ability(rb,0,{upkeep.time - 1})"
    assert _pending(upkeep) == [f"pending_trigger({trigger_id},alice)"]
    assert {"603.2", "702.62a"} <= _trigger_citations(upkeep)
    assert _atom("counters(rb,time,1)") in put.state and _atom(f"ability_on_stack({trigger_id},alice)") in put.state
    assert not any(f.name == "counters" for f in resolve.state) and _atom("in_zone(rb,exile)") in resolve.state
    last_id = f"ability(rb,last_time_counter,{resolve.time - 1})"
    assert _pending(resolve) == [f"pending_trigger({last_id},alice)"]
    assert "702.62a" in _trigger_citations(resolve)
    assert _atom(f"ability_on_stack({last_id},alice)") in put2.state
    assert _atom("suspend_cast_offered(rb,alice)") in offer.state
    assert _atom("in_zone(rb,stack)") in cast.state and _atom("cast_method(rb,without_paying_mana_cost)") in cast.state
    assert _atom("suspend_cast_offered(rb,alice)") not in cast.state
    assert _atom("step(upkeep)") in cast.state
    assert _holds(tl, "life_total(bob,17)") and _holds(tl, "in_zone(rb,graveyard)")
    assert tl.final.assumptions() == []


def test_rift_bolts_free_cast_declined_leaves_it_exiled_and_the_offer_ends_702_62a(kb_of):
    # "If you don't, it remains exiled": alice goes on to her draw step instead; a later cast of the
    # card from exile is refused (no permission any more, 601.3)
    kb = kb_of("Rift Bolt")
    s = _suspended_rift_bolt()
    _rift_bolt_to_its_last_counter(s)
    s.then_resolve()
    s.then_go_to("draw")
    s.then_cast("alice", "rb", targets=["bob"])
    tl = kb.run(s)
    last = tl.steps[-1]
    assert last.refused is not None and last.user_event is not None
    assert _atom("in_zone(rb,exile)") in last.state and _atom("life_total(bob,20)") in last.state
    go_to = _user_steps(tl)[-2]
    assert _atom("suspend_cast_offered(rb,alice)") not in go_to.state


def test_rift_bolt_cast_from_exile_without_the_last_counters_trigger_is_refused_601_3(kb_of):
    # the card suspended with one counter, in alice's main phase: no permission, the cast is refused
    kb = kb_of("Rift Bolt")
    s = _state(("rb", "Rift Bolt", "exile", "alice"))
    s.add_counters("rb", "time", 1)
    s.then_cast("alice", "rb", targets=["bob"])
    step = kb.run(s).steps[-1]
    assert step.refused is not None and _atom("in_zone(rb,exile)") in step.state


def test_a_suspended_card_with_two_time_counters_loses_one_and_nothing_is_listed_702_62a(kb_of):
    kb = kb_of("Rift Bolt")
    s = _suspended_rift_bolt(counters=2)
    _to_alices_upkeep(s)
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "counters(rb,time,1)") and not _holds(tl, "counters(rb,time,2)")
    assert tl.final.assumptions() == []


def test_a_suspended_card_does_not_trigger_in_the_opponents_upkeep_702_62a(kb_of):
    # "your upkeep" is the owner's: on bob's turn nothing triggers, the counter stays
    kb = kb_of("Rift Bolt")
    s = _suspended_rift_bolt(active="alice")
    s.then_go_to("cleanup")
    s.then_next_turn("bob")
    s.then_go_to("upkeep")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps) and _holds(tl, "counters(rb,time,1)")


def test_passing_the_upkeep_of_a_suspended_card_is_refused_702_62a_500_1(kb_of):
    kb = kb_of("Rift Bolt")
    s = _suspended_rift_bolt()
    s.then_go_to("cleanup")
    s.then_next_turn("alice")
    s.then_go_to("draw")
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "passes_step(upkeep,suspend(rb))"
    assert {"500.1", "702.62a"} <= set(step.refused_citations)


def test_suspending_rift_bolt_is_no_cast_the_cast_is_refused_116_2f(kb_of):
    # exiling a card with suspend is a special action (116.2f), not a way to cast it: a cast
    # announced with the suspend method is refused, not taken as the card going to exile
    kb = kb_of("Rift Bolt")
    s = _state(("rb", "Rift Bolt", "hand", "alice"))
    s.then_cast("alice", "rb", targets=["bob"], method="suspend")
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "announcement_illegal(method_not_allowed)"
    assert _atom("in_zone(rb,hand)") in step.state and _atom("life_total(bob,20)") in step.state


def _clue(source: str = "tt", number: int = 1):
    """The id of the ``number``-th Clue token ability 1 of ``source`` creates (rules_asp/time/
    resolution_effects_tokens_and_cards.lp: token(Source, 1, clue, K))."""
    return clingo.Function("token", [clingo.Function(source), clingo.Number(1), clingo.Function("clue"),
                                     clingo.Number(number)])


def test_tireless_tracker_landfall_investigates_a_clue_whose_ability_is_listed_603_6a_701_16a(kb_of):
    # "Landfall — Whenever a land you control enters, investigate." alice plays a Forest (305.1): the
    # ability triggers (603.6a) and resolves: a Clue token, a colorless Clue artifact (701.16a,
    # 111.10f). Its "{2}, Sacrifice this token: Draw a card." is not given to it: every later answer
    # lists that, as long as the Clue exists.
    kb = kb_of("Tireless Tracker", "Forest")
    s = _state(("tt", "Tireless Tracker", "battlefield", "alice"), ("f", "Forest", "hand", "alice"))
    s.then_play_land("alice", "f")
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    play, put, resolve = _user_steps(tl)
    trigger_id = f"ability(tt,1,{play.time - 1})"
    assert _pending(play) == [f"pending_trigger({trigger_id},alice)"] and "603.6a" in _trigger_citations(play)
    assert _atom(f"ability_on_stack({trigger_id},alice)") in put.state
    clue = str(_clue())
    for fluent in ("in_zone({0},battlefield)", "controller({0},alice)", "token({0})", "token_card_type({0},artifact)",
                   'token_subtype({0},1,"Clue")'):
        assert _holds(tl, fluent.format(clue)), fluent
    assert not any(f.name == "token_color" for f in tl.steps[-1].state)              # colorless
    change = next(c for c in resolve.changes if str(c.fluent) == f"token({clue})")
    assert {"111.1", "701.16a"} <= set(change.citations)
    assert [(a.object, a.ability, a.text) for a in tl.final.assumptions()] == [
        (clue, 0, "effect_not_applied(clue_ability_not_modelled)")]


def test_tireless_tracker_sacrificing_the_clue_it_investigated_gets_it_a_counter_701_21a(kb_of):
    # the whole of the card: landfall makes a Clue; alice sacrifices it (701.21a); "Whenever you
    # sacrifice a Clue" triggers and puts a +1/+1 counter on the Tracker; the Clue ceases to exist
    # (704.5d) and with it the listing of its ability
    kb = kb_of("Tireless Tracker", "Forest")
    s = _state(("tt", "Tireless Tracker", "battlefield", "alice"), ("f", "Forest", "hand", "alice"))
    s.then_play_land("alice", "f")
    s.then_put_triggers()
    s.then_resolve()
    s.then_sacrifice(_clue())
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    sacrifice = _user_steps(tl)[3]
    assert _pending(sacrifice) == [f"pending_trigger(ability(tt,2,{sacrifice.time - 1}),alice)"]
    assert _holds(tl, "counters(tt,pt(1,1),1)")
    # of the Clue only the record that its id was used is left (ids are never reused, 111.1)
    assert [str(f) for f in tl.steps[-1].state if str(_clue()) in str(f)] == [f"token_id_used({_clue()})"]
    assert tl.final.assumptions() == []


def test_tireless_tracker_does_not_see_an_opponents_land_enter_603_6a(kb_of):
    kb = kb_of("Tireless Tracker", "Forest")
    s = _state(("tt", "Tireless Tracker", "battlefield", "alice"), ("f", "Forest", "hand", "bob"), active="bob")
    s.then_play_land("bob", "f")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps) and _holds(tl, "in_zone(f,battlefield)")


def _tracker_and_a_clue(clue_owner: str = "alice"):
    """alice's Tireless Tracker; a Clue token (an artifact with subtype Clue, 111.10f) of ``clue_owner``."""
    s = _state(("tt", "Tireless Tracker", "battlefield", "alice"), ("f", "Forest", "battlefield", "alice"),
               active=clue_owner)
    s.add_token("clue", clue_owner, subtypes=("Clue",), card_types=("artifact",))
    return s


def test_tireless_tracker_gets_a_counter_when_you_sacrifice_a_clue_701_21a_603_10a(kb_of):
    # "Whenever you sacrifice a Clue, put a +1/+1 counter on this creature." alice sacrifices her Clue
    # (701.21a): the Tracker sees it, as it last was on the battlefield (603.10a; the token then
    # ceases to exist, 704.5d), the ability triggers and resolves: a +1/+1 counter on the Tracker.
    kb = kb_of("Tireless Tracker", "Forest")
    s = _tracker_and_a_clue()
    s.then_sacrifice("clue")
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    sacrifice, put, resolve = _user_steps(tl)
    assert _pending(sacrifice) == [f"pending_trigger(ability(tt,2,{sacrifice.time - 1}),alice)"]
    assert {"603.2", "701.21a"} <= _trigger_citations(sacrifice)
    assert _atom("counters(tt,pt(1,1),1)") not in put.state
    assert _holds(tl, "counters(tt,pt(1,1),1)") and not any("clue" in str(f) for f in tl.steps[-1].state)
    assert tl.final.assumptions() == []


def test_tireless_tracker_ignores_a_sacrificed_land_and_the_opponents_clue_701_21a(kb_of):
    kb = kb_of("Tireless Tracker", "Forest")
    s = _tracker_and_a_clue()
    s.then_sacrifice("f")                 # a land, no Clue
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps) and _holds(tl, "in_zone(f,graveyard)")
    s = _tracker_and_a_clue("bob")        # bob sacrifices his Clue: "you" is alice
    s.then_sacrifice("clue")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps)
