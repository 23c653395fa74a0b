"""Sequences of events (issue 15): each event kind and each resolution effect kind, on real cards,
posed as sequences with no hand-built effect. Every test names the deciding CR rules."""

from __future__ import annotations

import pytest

from pyrules import GameState
from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import run_whole
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)




def test_lightning_bolt_kills_grizzly_bears_then_sba_704_5g(kb_of):
    kb = kb_of("Lightning Bolt", "Grizzly Bears")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "bolt", targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished
    cast, resolve = _user_steps(tl)
    assert cast.refused is None and _atom("in_zone(bolt,stack)") in cast.state
    assert any(c.fluent == _atom("in_zone(bolt,stack)") and "601.2a" in c.citations for c in cast.changes)
    # 120.3e: 3 damage marked; 608.2n: the instant goes to the graveyard
    assert _atom("damage_marked(bears,3)") in resolve.state
    assert _atom("in_zone(bolt,graveyard)") in resolve.state
    # 704.5g: lethal damage, the check after the resolution destroys it
    check = tl.steps[tl.steps.index(resolve) + 1]
    assert check.user_event is None
    moved = [c for c in check.changes if c.fluent == _atom("in_zone(bears,graveyard)")]
    assert moved and "704.5g" in moved[0].citations
    assert _holds(tl, "in_zone(bears,graveyard)") and not _holds(tl, "damage_marked(bears,3)")


def test_shock_to_a_player_changes_life_120_3a(kb_of):
    kb = kb_of("Shock")
    s = _state(("shock", "Shock", "hand", "alice"))
    s.then_cast("alice", "shock", targets=["bob"])
    s.then_resolve()
    tl = kb.run(s)
    assert _holds(tl, "life_total(bob,18)") and not _holds(tl, "life_total(bob,20)")
    change = [c for s_ in tl.steps for c in s_.changes if c.fluent == _atom("life_total(bob,18)")]
    assert change and "120.3a" in change[0].citations


def test_a_sorcery_cast_on_the_opponents_turn_is_refused_307_1(kb_of):
    kb = kb_of("Divination")
    s = _state(("div", "Divination", "hand", "alice"), active="bob")
    s.set_turn("bob", "precombat_main", None, "alice")
    s.then_cast("alice", "div")
    s.then_resolve()
    tl = kb.run(s)
    assert not tl.finished
    refused = tl.steps[-1]
    assert refused.user_event == 1 and refused.refused is not None
    assert str(refused.refused).startswith("may_not_cast(")
    assert "307.1" in refused.refused_citations
    assert len(_user_steps(tl)) == 1  # the sequence stops at the refused event


def test_resolving_with_an_empty_stack_is_refused_405_5(kb_of):
    kb = kb_of("Grizzly Bears")
    s = _state(("bears", "Grizzly Bears", "battlefield", "alice"))
    s.then_resolve()
    tl = kb.run(s)
    assert str(tl.steps[-1].refused) == "stack_empty"


def test_an_unapplied_effect_is_an_assumption_of_every_later_answer_608_2c(kb_of):
    kb = kb_of("Divination")
    s = _state(("div", "Divination", "hand", "alice"))
    s.then_cast("alice", "div")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished
    # draws_cards is read by the grammar but not applied by the time encoding yet: listed, not dropped
    assert _holds(tl, "unapplied_effect(div,1,effect(draws_cards))")
    assumptions = tl.final.assumptions()
    assert any("draws_cards" in str(a) for a in assumptions), assumptions


def test_permanent_spell_enters_the_battlefield_under_its_controller_608_3(kb_of):
    kb = kb_of("Grizzly Bears")
    s = _state(("bears", "Grizzly Bears", "hand", "alice"))
    s.then_cast("alice", "bears")
    s.then_resolve()
    tl = kb.run(s)
    assert _holds(tl, "in_zone(bears,battlefield)") and _holds(tl, "controller(bears,alice)")
    entered = [c for st in tl.steps for c in st.changes if c.fluent == _atom("in_zone(bears,battlefield)")]
    assert "608.3" in entered[0].citations
    # 302.6: it came under alice's control this turn: it may not attack (summoning sickness)
    assert not _holds(tl, "controlled_since_turn_began(bears)")


def test_unsummon_returns_its_target_to_its_owners_hand_400_3(kb_of):
    kb = kb_of("Unsummon", "Grizzly Bears")
    s = _state(("uns", "Unsummon", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.tap("bears")
    s.then_cast("alice", "uns", targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    assert _holds(tl, "in_zone(bears,hand)")
    # 400.7: a new object: no longer tapped, no controller (108.4a)
    assert not _holds(tl, "tapped(bears)") and not _holds(tl, "controller(bears,bob)")


def test_a_target_gone_before_resolution_makes_the_spell_fizzle_608_2b(kb_of):
    kb = kb_of("Unsummon", "Grizzly Bears")
    s = _state(("uns", "Unsummon", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "uns", targets=["bears"])
    s.then_sacrifice("bears")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished
    # 701.21a: sacrificed to the graveyard; 608.2b: the only target is illegal, the spell doesn't resolve
    assert _holds(tl, "in_zone(bears,graveyard)") and _holds(tl, "in_zone(uns,graveyard)")
    fizzle = [c for st in tl.steps for c in st.changes if c.fluent == _atom("in_zone(uns,graveyard)")]
    assert "608.2b" in fizzle[0].citations


def test_jump_gives_flying_until_end_of_turn_and_cleanup_ends_it_514_2(kb_of):
    kb = kb_of("Jump", "Grizzly Bears")
    s = _state(("jump", "Jump", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"))
    s.then_cast("alice", "jump", targets=["bears"])
    s.then_resolve()
    s.then_go_to("end")
    s.then_go_to("cleanup")
    tl = kb.run(s)
    assert tl.finished
    resolve = _user_steps(tl)[1]
    granted = [f for f in resolve.state if f.name == "grants_keyword"]
    assert granted and str(granted[0].arguments[2]) == "flying"
    # the moment after the resolution: the Bears have flying (613.1f)
    after = tl.steps[tl.steps.index(resolve) + 1].before
    assert after.symbols("has_keyword_ability") and any(
        str(a) == "has_keyword_ability(bears,flying)" for a in after.symbols("has_keyword_ability"))
    ended = [c for c in _user_steps(tl)[3].changes if c.fluent.name == "grants_keyword"]
    assert ended and ended[0].kind == "ends" and "514.2" in ended[0].citations


def test_destroy_with_a_regeneration_shield_regenerates_701_19a(kb_of):
    kb = kb_of("Drudge Skeletons")
    s = _state(("skel", "Drudge Skeletons", "battlefield", "alice"))
    s.regeneration_shield("skel")
    s.then_destroy("skel")
    tl = kb.run(s)
    assert _holds(tl, "in_zone(skel,battlefield)") and _holds(tl, "tapped(skel)")
    assert not _holds(tl, "regeneration_shield(skel)")
    tapped = [c for st in tl.steps for c in st.changes if c.fluent == _atom("tapped(skel)")]
    assert "701.19a" in tapped[0].citations


def test_lethal_damage_with_a_shield_regenerates_in_the_check_704_5g_701_19a(kb_of):
    kb = kb_of("Drudge Skeletons")
    s = _state(("skel", "Drudge Skeletons", "battlefield", "alice"))
    s.regeneration_shield("skel")
    s.mark_damage("skel", 1)   # a 1/1 with 1 damage: the check at time 0 would destroy it
    tl = kb.run(s)
    assert tl.steps[0].user_event is None
    assert _holds(tl, "in_zone(skel,battlefield)") and _holds(tl, "tapped(skel)")
    assert not _holds(tl, "damage_marked(skel,1)") and not _holds(tl, "regeneration_shield(skel)")


def test_destroy_without_a_shield_701_8a_and_sacrifice_701_21a(kb_of):
    kb = kb_of("Grizzly Bears", "Drudge Skeletons")
    s = _state(("bears", "Grizzly Bears", "battlefield", "bob"), ("skel", "Drudge Skeletons", "battlefield", "alice"))
    s.then_destroy("bears")
    s.then_sacrifice("skel")
    tl = kb.run(s)
    assert _holds(tl, "in_zone(bears,graveyard)") and _holds(tl, "in_zone(skel,graveyard)")
    destroy, sacrifice = _user_steps(tl)
    assert "701.8a" in [r for c in destroy.changes for r in c.citations]
    assert "701.21a" in [r for c in sacrifice.changes for r in c.citations]


def test_move_puts_a_card_into_its_owners_zone_400_3(kb_of):
    kb = kb_of("Grizzly Bears")
    s = _state(("bears", "Grizzly Bears", "graveyard", "bob"))
    s.then_move("bears", "exile")
    tl = kb.run(s)
    assert _holds(tl, "in_zone(bears,exile)") and not _holds(tl, "in_zone(bears,graveyard)")


def test_combat_attack_block_damage_both_bears_die_510_2(kb_of):
    kb = kb_of("Grizzly Bears")
    s = _state(("a1", "Grizzly Bears", "battlefield", "alice"), ("b1", "Grizzly Bears", "battlefield", "bob"),
               phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"a1": "bob"})
    s.then_declare_blockers({"b1": "a1"})
    s.then_combat_damage()
    tl = kb.run(s)
    assert tl.finished
    attack = _user_steps(tl)[0]
    assert _atom("attacking(a1,bob)") in attack.state and _atom("tapped(a1)") in attack.state  # 508.1f
    assert _holds(tl, "in_zone(a1,graveyard)") and _holds(tl, "in_zone(b1,graveyard)")
    assert _holds(tl, "life_total(bob,20)")


def test_unblocked_attacker_deals_damage_to_the_player_510_1a(kb_of):
    kb = kb_of("Grizzly Bears")
    s = _state(("a1", "Grizzly Bears", "battlefield", "alice"), phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"a1": "bob"})
    s.then_declare_blockers({})
    s.then_combat_damage()
    tl = kb.run(s)
    assert _holds(tl, "life_total(bob,18)")


def test_a_summoning_sick_creature_may_not_attack_302_6(kb_of):
    kb = kb_of("Grizzly Bears")
    s = _state(phase="combat", step="beginning_of_combat")
    s.add_object("a1", "Grizzly Bears", "battlefield", "alice", controller="alice")
    s.then_declare_attackers({"a1": "bob"})
    tl = kb.run(s)
    step = tl.steps[-1]
    assert str(step.refused) == "may_not_attack(a1,summoning_sickness)"
    assert "302.6" in step.refused_citations


def test_first_strike_kills_the_blocker_before_it_deals_damage_510_4(kb_of):
    kb = kb_of("Grizzly Bears", "White Knight")
    s = _state(("bears", "Grizzly Bears", "battlefield", "alice"), ("knight", "White Knight", "battlefield", "bob"),
               phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"bears": "bob"})
    s.then_declare_blockers({"knight": "bears"})
    s.then_combat_damage()   # 510.4: the first-strike step
    s.then_combat_damage()   # the regular step: the Bears are gone
    tl = kb.run(s)
    assert tl.finished
    first = _user_steps(tl)[2]
    assert _atom("damage_marked(bears,2)") in first.state
    assert _holds(tl, "in_zone(bears,graveyard)") and _holds(tl, "in_zone(knight,battlefield)")
    assert not any(f.name == "damage_marked" and str(f.arguments[0]) == "knight" for f in tl.steps[-1].state)


def test_a_flying_attacker_cant_be_blocked_by_a_creature_without_flying_or_reach_702_9b(kb_of):
    kb = kb_of("Grizzly Bears", "Jump")
    s = _state(("bears", "Grizzly Bears", "battlefield", "alice"), ("b2", "Grizzly Bears", "battlefield", "bob"),
               ("jump", "Jump", "hand", "alice"), phase="combat", step="beginning_of_combat")
    s.then_cast("alice", "jump", targets=["bears"])
    s.then_resolve()
    s.then_declare_attackers({"bears": "bob"})
    s.then_declare_blockers({"b2": "bears"})
    tl = kb.run(s)
    step = tl.steps[-1]
    assert str(step.refused) == "cant_block(b2,flying(bears))" and "702.9b" in step.refused_citations


def test_next_turn_untaps_the_active_players_permanents_502_3(kb_of):
    kb = kb_of("Grizzly Bears")
    s = _state(("a1", "Grizzly Bears", "battlefield", "alice"), ("b1", "Grizzly Bears", "battlefield", "bob"),
               active="alice", phase="ending", step="end")
    s.tap("a1")
    s.tap("b1")
    s.mark_damage("b1", 1)
    s.then_next_turn("bob")
    tl = kb.run(s)
    assert _holds(tl, "active_player(bob)") and _holds(tl, "step(untap)")
    assert not _holds(tl, "tapped(b1)") and _holds(tl, "tapped(a1)")
    assert not _holds(tl, "damage_marked(b1,1)")   # 514.2, the cleanup of alice's turn


def test_go_to_a_step_earlier_in_the_turn_is_refused(kb_of):
    kb = kb_of("Grizzly Bears")
    s = _state(("a1", "Grizzly Bears", "battlefield", "alice"), phase="ending", step="end")
    s.then_go_to("upkeep")
    tl = kb.run(s)
    assert str(tl.steps[-1].refused) == "not_later_in_this_turn"


def test_every_event_method_adds_facts_a_time_rule_reads():
    # Issue 13's rule for inputs, for events: each fact a then_* method adds is read by a rule of
    # rules_asp/time/ (no event detail silently ignored).
    import inspect

    from clingo import ast

    from pyrules.inputs.rule_base import time_rule_statements

    read: set[tuple[str, int]] = set()

    class Body(ast.Transformer):
        def visit_SymbolicAtom(self, node):  # noqa: N802
            t = node.symbol
            if t.ast_type == ast.ASTType.Function:
                read.add((t.name, len(t.arguments)))
            return node

    for stm in time_rule_statements():
        if stm.ast_type == ast.ASTType.Rule:
            for lit in stm.body:
                Body()(lit)
    calls = {"then_cast": dict(player="alice", obj="o1", targets=["bob"], x=2, modes=[1], method="flashback",
                               alternative_costs=["evoke"], additional_costs=["kicker"], pays={1: "colored(r)"},
                               timing="instant"),
             "then_resolve": dict(accepts=[1], declines=[2], discards=["o2"], sacrifices=["o1"],
                                  orders={"bob": ["effect(o1,1)", "effect(o2,1)"]}),
             "then_put_triggers": dict(targets={"o1": ["bob"], "o2": []}, order=["o1"]),
             "then_destroy": dict(obj="o1", orders={"o1": ["shield_counter", "regeneration_shield"]}), "then_sacrifice": dict(obj="o1"),
             "then_move": dict(obj="o1", zone="exile"), "then_declare_attackers": dict(attacks={"o1": "bob"}),
             "then_declare_blockers": dict(blocks={"o2": "o1"}), "then_combat_damage": dict(orders={"bob": ["effect(o1,1)", "effect(o2,1)"]}),
             "then_go_to": dict(step="end"), "then_next_turn": dict(player="bob"),
             "then_activate": dict(player="alice", obj="o1", ability=1, targets=["bob"], x=2),
             "then_pass_priority": {}, "then_play_land": dict(player="alice", obj="o1"),
             "then_unlock": dict(player="alice", obj="o1", face=2),
             "then_turn_face_up": dict(player="alice", obj="o1", cost="morph")}
    assert set(calls) == {n for n, _ in inspect.getmembers(GameState, callable) if n.startswith("then_")}
    for method, kwargs in calls.items():
        s = _state()
        getattr(s, method)(**kwargs)
        names = {(f.name, len(f.arguments)) for f in s.sequence_events}
        assert names and names <= read, (method, names - read)


def test_an_event_naming_an_unknown_object_is_refused_where_it_is_given():
    from pyrules.errors import StateValueError

    s = _state()
    s.then_destroy("nobody")
    with pytest.raises(StateValueError, match="then_destroy.*nobody"):
        s.facts()


def test_damage_to_a_player_with_no_life_total_is_no_silent_answer_119_1(kb_of):
    kb = kb_of("Grizzly Bears")
    s = GameState()
    s.add_player("alice")
    s.add_player("bob")
    s.set_turn("alice", "combat", "beginning_of_combat", "alice")
    s.add_object("a1", "Grizzly Bears", "battlefield", "alice", controller="alice")
    s.controlled_since_turn_began("a1")
    s.then_declare_attackers({"a1": "bob"})
    s.then_combat_damage()
    tl = kb.run(s)
    assert str(tl.steps[-1].refused) == "outcome_unknown(life_total(bob))"


def test_activating_abilities_costs_the_stack_and_a_tapped_source_602_2(kb_of):
    kb = kb_of("Llanowar Elves", "Prodigal Sorcerer", "Mogg Fanatic", "Grizzly Bears")
    s = _state(("elf", "Llanowar Elves", "battlefield", "alice"), ("tim", "Prodigal Sorcerer", "battlefield", "alice"),
               ("mogg", "Mogg Fanatic", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_activate("alice", "elf", 1)                       # 605.3b: a mana ability, no stack
    s.then_activate("alice", "tim", 1, targets=["bears"])    # 602.2a: on the stack
    s.then_resolve()
    s.then_activate("alice", "mogg", 1, targets=["bob"])     # 701.21a: sacrificed as its cost
    s.then_activate("alice", "elf", 1)                       # 107.5: already tapped
    tl = kb.run(s)
    elf, tim, resolve, mogg, again = _user_steps(tl)
    assert _atom("tapped(elf)") in elf.state and not any(f.name == "ability_on_stack" for f in elf.state)
    assert _atom("unapplied_effect(elf,1,effect(adds_mana))") in elf.state   # mana (issue 18) listed
    on_stack = [f for f in tim.state if f.name == "ability_on_stack"]
    assert on_stack and _atom("tapped(tim)") in tim.state
    assert any(f.name == "spell_target" and str(f.arguments[1]) == "bears" for f in tim.state)
    # 608.2: it resolves and leaves the stack; its damage is dealt by its source (113.7a, 120.3e)
    assert not any(f.name == "ability_on_stack" for f in resolve.state)
    assert _atom("damage_marked(bears,1)") in resolve.state
    assert _atom("in_zone(mogg,graveyard)") in mogg.state
    assert str(again.refused) == "may_not_activate(tapped)" and "107.5" in again.refused_citations


def test_the_lifted_rule_base_keeps_every_predicate_apart_and_reads_fluents_through_holds():
    # pyrules.timeline.lifting raises if lifting would merge p/n+1 with another predicate, or if the
    # time encoding read a lifted predicate at its moment arity; here: it builds, and every fluent
    # predicate has its bridge from holds/2.
    from clingo import ast

    from pyrules.timeline.lifting import lifted_program

    program = lifted_program()
    assert ("in_zone", 2) in program.fluents and ("in_zone", 2) in program.dynamic
    assert ("card", 1) not in program.dynamic   # card definitions stay in #program base
    bridges = {str(s.head) for s in program.step
               if s.ast_type == ast.ASTType.Rule and len(s.body) == 1 and str(s.body[0]).startswith("holds(")}
    assert "in_zone(X1,X2,t)" in bridges and "tapped(X1,t)" in bridges


def test_a_cast_announcing_what_the_spell_has_not_is_refused_601_2b_601_2c(kb_of):
    kb = kb_of("Lightning Bolt", "Grizzly Bears")
    for kwargs, why, rule in ((dict(targets=["bears"], x=3), "x_not_in_cost", "601.2b"),
                              (dict(targets=["bears", "bob"]), "too_many_targets(2,1)", "601.2c")):
        s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
        s.then_cast("alice", "bolt", **kwargs)
        step = kb.run(s).steps[-1]
        assert str(step.refused) == why and rule in step.refused_citations


def test_the_other_player_responds_after_the_caster_passes_priority_117_3c_117_3d(kb_of):
    # alice casts Lightning Bolt at bob's Grizzly Bears (117.3c: she gets priority back) and passes
    # (117.3d: bob gets it); bob casts Giant Growth in response; the Growth resolves first (405.5) and
    # the 5/5 Bears survive the Bolt (613.4c, 704.5g).
    kb = kb_of("Lightning Bolt", "Giant Growth", "Grizzly Bears")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("growth", "Giant Growth", "hand", "bob"),
               ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "bolt", targets=["bears"])
    s.then_pass_priority()
    s.then_cast("bob", "growth", targets=["bears"])
    s.then_resolve()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished
    cast, passed = _user_steps(tl)[:2]
    assert _atom("has_priority(alice)") in cast.state
    assert _atom("has_priority(bob)") in passed.state and _atom("has_priority(alice)") not in passed.state
    gained = [c for c in passed.changes if c.fluent == _atom("has_priority(bob)")]
    assert "117.3d" in gained[0].citations
    assert _holds(tl, "in_zone(bears,battlefield)") and _holds(tl, "damage_marked(bears,3)")


def test_without_passing_priority_the_other_player_may_not_cast_117_1a(kb_of):
    kb = kb_of("Lightning Bolt", "Giant Growth", "Grizzly Bears")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("growth", "Giant Growth", "hand", "bob"),
               ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "bolt", targets=["bears"])
    s.then_cast("bob", "growth", targets=["bears"])
    step = kb.run(s).steps[-1]
    assert step.user_event == 2 and str(step.refused).startswith("may_not_cast(")


def test_the_transition_slice_changes_nothing_the_whole_program_derives(kb_of):
    # pyrules.timeline.slicing: each step grounds only the rules its event can use (a cast, a
    # resolution, a check of state-based actions ...); the whole lifted program, grounded at every
    # step, must give the same schedule, changes, citations and states
    import pyrules.timeline.run as run

    kb = kb_of("Lightning Bolt", "Grizzly Bears", "Hill Giant")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
               ("giant", "Hill Giant", "battlefield", "alice"))
    s.then_cast("alice", "bolt", targets=["bears"])
    s.then_resolve()
    s.then_go_to("end")
    s.then_go_to("cleanup")
    s.then_next_turn("bob")
    s.then_go_to("draw")          # no step with something to do is passed (500.1): bob draws (unknown card)
    s.then_next_turn("alice")
    s.then_go_to("draw")
    s.then_go_to("declare_attackers")
    s.then_declare_attackers({"giant": "bob"})
    s.then_go_to("declare_blockers")
    s.then_declare_blockers({})
    s.then_go_to("combat_damage")
    s.then_combat_damage()
    sliced, whole = run.run_timeline(kb, s), run_whole(kb, s)
    assert sliced.finished and whole.finished
    assert sliced.explain() == whole.explain()
    assert [st.state for st in sliced.steps] == [st.state for st in whole.steps]
    assert _holds(sliced, "life_total(bob,17)")  # Hill Giant's 3 combat damage (510.2, 120.3a)
    assert sliced.final.cast_options() == whole.final.cast_options()


def test_a_permission_given_with_the_state_holds_at_every_time_as_an_assumption_609_4(kb_of):
    # "as though it had flash" from an effect the state describes (flash_permission/2, which card
    # effects also derive): it holds at every time of the sequence, so Divination (a sorcery) can be
    # cast in bob's end step after Lightning Bolt resolved; every answer says the permission was taken
    # to hold throughout (no event of the sequence ends it)
    kb = kb_of("Lightning Bolt", "Divination", "Grizzly Bears")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("div", "Divination", "hand", "alice"),
               ("bears", "Grizzly Bears", "battlefield", "bob"), active="bob", phase="ending", step="end")
    s.set_turn("bob", "ending", "end", "alice")
    s.allow_as_though_flash("orrery", "alice", card_types=["sorcery"])
    s.then_cast("alice", "bolt", targets=["bears"])
    s.then_resolve()           # 117.3b: bob, the active player, receives priority
    s.then_pass_priority()     # 117.3d: bob passes, alice receives it
    s.then_cast("alice", "div")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _atom("in_zone(div,stack)") in tl.steps[-1].state
    assumed = [a for a in tl.final.assumptions() if "held_throughout" in a.text]
    assert assumed and "flash_permission(orrery,alice)" in assumed[0].text


def test_without_the_permission_the_sorcery_is_refused_in_the_end_step_307_1(kb_of):
    kb = kb_of("Divination")
    s = _state(("div", "Divination", "hand", "alice"), active="bob", phase="ending", step="end")
    s.set_turn("bob", "ending", "end", "alice")
    s.then_cast("alice", "div")
    step = kb.run(s).steps[-1]
    assert str(step.refused).startswith("may_not_cast(")


def test_a_moments_event_given_with_the_state_is_refused_in_a_sequence(kb_of):
    # damage/4 is an event of one moment (120.3); in a sequence events are the sequence's: refused,
    # not carried to every time (it would deal its damage again and again)
    from pyrules.errors import QueryError

    kb = kb_of("Grizzly Bears")
    s = _state(("bears", "Grizzly Bears", "battlefield", "bob"))
    s.deal_damage("zap", "bears", "bears", 1)
    s.then_go_to("end")
    with pytest.raises(QueryError, match="damage/4"):
        kb.run(s)


def test_the_sequences_assumptions_follow_an_unread_ability_from_the_time_it_functions_113_6(kb_of):
    # Void Maw cast from alice's hand: its replacement effect (614.1a, read by no rule) functions
    # once it is a spell on the stack and then a permanent (113.6), so every step from the cast on rests
    # on it; in the hand it bears only on answers about casting it (113.6d-f: scope "rip").
    kb = kb_of("Void Maw")
    s = _state(("rip", "Void Maw", "hand", "alice"))
    s.then_cast("alice", "rip")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished
    cast, resolve = _user_steps(tl)
    replacing = [a for a in tl.assumptions() if a.assumption.ability == 2 and a.assumption.scope == "all"]
    assert len(replacing) == 1 and "exile it instead" in replacing[0].assumption.text
    assert replacing[0].times == tuple(range(cast.time, tl.steps[-1].time + 1))
    assert "outcome" in replacing[0].assumption.kinds
    assert 0 not in replacing[0].times


def test_the_answers_of_each_time_come_from_the_rules_that_can_fire_then_and_are_the_same(kb_of, monkeypatch):
    # pyrules.timeline.run builds the answers of a time from the lifted program's rules that can
    # fire at that time (slicing.specialized_step, to_roots=False: the schedule of that time, the
    # predicates with atoms); every answer atom of every time must be the one the whole program gives
    import pyrules.timeline.run as run

    # Mesa Pegasus's banding: a keyword no rule interprets, known from the whole base's static atoms
    # (Kitchen Finks' persist and Akrasan Squire's exalted were, until rules_asp/time/keyword_triggers.lp
    # read them in sequences; Devoted Retainer's bushido, until rules_asp/time/keyword_combat_triggers.lp)
    kb = kb_of("Lightning Bolt", "Grizzly Bears", "Hill Giant", "Rest in Peace", "Mesa Pegasus")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
               ("giant", "Hill Giant", "battlefield", "alice"), ("rip", "Rest in Peace", "hand", "alice"),
               ("finks", "Mesa Pegasus", "battlefield", "bob"))
    s.then_cast("alice", "bolt", targets=["bears"])
    s.then_resolve()
    s.then_cast("alice", "rip")
    s.then_resolve()
    s.then_go_to("declare_attackers")
    s.then_declare_attackers({"giant": "bob"})
    narrowed = kb.run(s)
    # built now: the answers are built on first use, and below the narrowing is switched off
    narrowed_answers = [narrowed.answers_at(t) for t in range(narrowed.steps[-1].time + 1)]
    narrowed_assumptions = narrowed.assumptions()
    specialized = run.specialized_step
    monkeypatch.setattr(run, "specialized_step",
                        lambda tr, shapes, inst, to_roots=True: tr.step if not to_roots else specialized(tr, shapes, inst))
    whole = kb.run(s)
    assert narrowed.finished and [st.state for st in narrowed.steps] == [st.state for st in whole.steps]
    for t, a in enumerate(narrowed_answers):
        b = whole.answers_at(t)
        assert {k: set(v) for k, v in a._atoms.items() if v} == {k: set(v) for k, v in b._atoms.items() if v}, t
    persist = [x for x in narrowed_assumptions if x.assumption.object == "finks" and "banding" in x.assumption.text.lower()]
    assert persist and narrowed_assumptions == whole.assumptions()
