"""Keyword triggered abilities read from their CR definitions, posed as event sequences with real
cards (rules_asp/time/keyword_triggers.lp): persist (702.79a, Kitchen Finks) and undying (702.93a,
Young Wolf), prowess (702.108a, Monastery Swiftspear) and exalted (702.83a, Akrasan Squire and Noble
Hierarch)."""

from __future__ import annotations

from pyrules.facts.events import trigger_instance, trigger_occurrence

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _pending(step) -> list[str]:
    return sorted(str(f) for f in step.state if f.name == "pending_trigger")


def test_kitchen_finks_persists_returns_with_a_minus_counter_and_its_enters_trigger_gains_life_702_79a(kb_of):
    # bob's Bolt kills alice's Kitchen Finks (3/2): persist triggers (no -1/-1 counter on it, 603.4),
    # returns it with a -1/-1 counter (a 2/1), and its "When this creature enters, you gain 2 life"
    # triggers (603.6a): alice 22. A second Bolt kills it for good: with a -1/-1 counter persist
    # doesn't trigger (603.4, looked back on, 603.10a).
    kb = kb_of("Kitchen Finks", "Lightning Bolt")
    s = _state(("kf", "Kitchen Finks", "battlefield", "alice"), ("b1", "Lightning Bolt", "hand", "bob"),
               ("b2", "Lightning Bolt", "hand", "bob"), active="bob")
    s.then_cast("bob", "b1", targets=["kf"])
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    s.then_cast("bob", "b2", targets=["kf"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, bolt, put, persist, put2, gain, cast2, bolt2 = _user_steps(tl)
    died = next(st for st in tl.steps if _pending(st))               # the check after the Bolt (704.5g)
    assert _pending(died) == [f"pending_trigger(ability(kf,keyword(persist),{died.time - 1}),alice)"]
    cites = {r for st in tl.steps for c in st.changes if c.fluent.name == "pending_trigger" for r in c.citations}
    assert {"702.79a", "603.10a", "603.4"} <= cites
    assert _atom("in_zone(kf,battlefield)") in persist.state and _atom("counters(kf,pt(-1,-1),1)") in persist.state
    assert _atom("controller(kf,alice)") in persist.state
    assert any("kf,1," in p for p in _pending(persist))               # its enters trigger (603.6a)
    assert _atom("life_total(alice,22)") in gain.state
    assert not any(_pending(st) for st in tl.steps if st.time >= bolt2.time) and _holds(tl, "in_zone(kf,graveyard)")
    assert tl.final.assumptions() == []


def test_young_wolf_undying_returns_with_a_plus_counter_702_93a(kb_of):
    kb = kb_of("Young Wolf", "Lightning Bolt")
    s = _state(("yw", "Young Wolf", "battlefield", "alice"), ("b1", "Lightning Bolt", "hand", "bob"), active="bob")
    s.then_cast("bob", "b1", targets=["yw"])
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(yw,battlefield)") and _holds(tl, "counters(yw,pt(1,1),1)")
    assert not _holds(tl, "controlled_since_turn_began(yw)")           # a new object (400.7)
    assert tl.final.assumptions() == []


def test_young_wolf_with_a_plus_counter_does_not_return_603_4(kb_of):
    kb = kb_of("Young Wolf", "Lightning Bolt")
    s = _state(("yw", "Young Wolf", "battlefield", "alice"), ("b1", "Lightning Bolt", "hand", "bob"), active="bob")
    s.add_counters("yw", "+1/+1", 1)
    s.then_cast("bob", "b1", targets=["yw"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps) and _holds(tl, "in_zone(yw,graveyard)")
    # why not (603.4): the answers of the moment it died say its intervening "if" was false
    died = next(st for st in tl.steps if _atom("in_zone(yw,graveyard)") in st.state)
    verdicts = [d for d in died.before.trigger_verdicts() if d.other == "yw:keyword(undying)"]
    assert [(d.subject, d.allowed, d.reasons) for d in verdicts] == [
        ("put_into_graveyard_from_battlefield(yw)", False, ("had_counter(pt(1,1))",))]
    assert {"603.4", "603.10a"} <= {c.rule for c in verdicts[0].citations}


def test_monastery_swiftspear_prowess_gets_plus_one_for_a_noncreature_spell_and_hits_for_two_702_108a(kb_of):
    # alice casts Lightning Bolt at bob: prowess triggers (601.2i), goes on the stack above the Bolt
    # and resolves first: Swiftspear is 2/3 until end of turn (613.4c); it attacks: bob 20 - 3 - 2 = 15
    kb = kb_of("Monastery Swiftspear", "Lightning Bolt")
    s = _state(("sw", "Monastery Swiftspear", "battlefield", "alice"), ("bolt", "Lightning Bolt", "hand", "alice"))
    s.then_cast("alice", "bolt", targets=["bob"])
    s.then_put_triggers()
    s.then_resolve()
    s.then_resolve()
    s.then_go_to("beginning_of_combat")
    s.then_declare_attackers({"sw": "bob"})
    s.then_declare_blockers({})
    s.then_combat_damage()
    s.then_go_to("end")
    s.then_go_to("cleanup")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, put, pump, bolt, *_ , end, cleanup = _user_steps(tl)
    cast_seen = next(st for st in tl.steps if _pending(st))           # the check after the cast
    assert _pending(cast_seen) == [f"pending_trigger(ability(sw,keyword(prowess),{cast_seen.time - 1}),alice)"]
    assert "702.108a" in {r for c in cast_seen.changes if c.fluent.name == "pending_trigger" for r in c.citations}
    assert any(f.name == "modifies_pt" and str(f.arguments[1]) == "sw" for f in pump.state)
    assert _atom("in_zone(bolt,stack)") in pump.state                 # the trigger resolved first (405.5)
    assert _atom("life_total(bob,17)") in bolt.state
    assert _holds(tl, "life_total(bob,15)")
    assert not any(f.name == "modifies_pt" for f in cleanup.state)    # until end of turn (514.2)
    assert tl.final.assumptions() == []


def test_a_creature_spell_or_the_opponents_spell_triggers_no_prowess_702_108a(kb_of):
    kb = kb_of("Monastery Swiftspear", "Grizzly Bears", "Lightning Bolt")
    s = _state(("sw", "Monastery Swiftspear", "battlefield", "alice"), ("bears", "Grizzly Bears", "hand", "alice"),
               ("bolt", "Lightning Bolt", "hand", "bob"))
    s.then_cast("alice", "bears")
    s.then_pass_priority()
    s.then_cast("bob", "bolt", targets=["alice"])
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps)


def _exalted_combat(attackers):
    s = _state(("sq", "Akrasan Squire", "battlefield", "alice"), ("nh", "Noble Hierarch", "battlefield", "alice"),
               phase="combat", step="beginning_of_combat")
    s.then_declare_attackers(attackers)
    return s


def _exalted_resolved_unblocked(kb, s, order):
    """``s``'s attack triggers put on the stack in ``order`` and each resolved, no blockers, combat
    damage: the finished timeline."""
    s.then_put_triggers(order=order)
    for _ in order:
        s.then_resolve()
    s.then_declare_blockers({})
    s.then_combat_damage()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    return tl


def test_akrasan_squire_attacking_alone_gets_plus_one_for_each_exalted_source_702_83a(kb_of):
    # alice's Akrasan Squire (1/1, exalted) attacks alone, Noble Hierarch (exalted) stays home: two
    # exalted triggers (702.83a, one from each permanent), both on the Squire: a 3/3, bob 20 - 3 = 17
    kb = kb_of("Akrasan Squire", "Noble Hierarch")
    s = _exalted_combat({"sq": "bob"})
    tl = _exalted_resolved_unblocked(kb, s, [trigger_occurrence("sq", "sq"), trigger_occurrence("nh", "sq")])
    declare = _user_steps(tl)[0]
    t = declare.time - 1
    assert _pending(declare) == [f"pending_trigger(ability(nh,keyword(exalted),occurrence({t},sq)),alice)",
                                 f"pending_trigger(ability(sq,keyword(exalted),occurrence({t},sq)),alice)"]
    cites = {r for c in declare.changes if c.fluent.name == "pending_trigger" for r in c.citations}
    assert {"702.83a", "702.83b"} <= cites
    assert sorted(str(f.arguments[1]) for f in tl.steps[-1].state if f.name == "modifies_pt") == ["sq", "sq"]
    assert _holds(tl, "life_total(bob,17)")
    assert tl.final.assumptions() == []


def test_two_attackers_trigger_no_exalted_702_83b(kb_of):
    # the Squire and the Hierarch (0/1) attack together: neither attacks alone, no trigger; bob 19
    kb = kb_of("Akrasan Squire", "Noble Hierarch")
    s = _exalted_combat({"sq": "bob", "nh": "bob"})
    s.then_declare_blockers({})
    s.then_combat_damage()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps)
    assert _holds(tl, "life_total(bob,19)")
    # why not (702.83b): the answers of the declaration say each exalted source's was not alone
    declare = _user_steps(tl)[0]
    verdicts = sorted((d.subject, d.other, d.allowed, d.reasons) for d in declare.before.trigger_verdicts())
    assert verdicts == [(f"attacks_alone({a})", f"{s}:keyword(exalted)", False, ("attackers(2)",))
                        for a in ("nh", "sq") for s in ("nh", "sq")]


def _swiftspear_under_narset():
    s = _state(("sw", "Monastery Swiftspear", "battlefield", "alice"),
               ("na", "Narset, Enlightened Exile", "battlefield", "alice"), ("bolt", "Lightning Bolt", "hand", "alice"))
    s.then_cast("alice", "bolt", targets=["bob"])
    return s


def test_a_second_instance_of_prowess_triggers_separately_702_108b(kb_of):
    # Narset, Enlightened Exile: "Creatures you control have prowess": alice's Swiftspear has two
    # instances (printed, granted), each triggering separately (702.108b, 113.2c): two abilities, each
    # with its own key, put on the stack in the order given; Narset's one (granted) a third. All
    # resolve: Swiftspear (1/2) gets +1/+1 twice, Narset once. Before: one ability for the Swiftspear
    # and an assumption (keyword_instances_read_as_one).
    kb = kb_of("Monastery Swiftspear", "Narset, Enlightened Exile", "Lightning Bolt")
    s = _swiftspear_under_narset()
    s.then_put_triggers(order=["na", trigger_instance("sw", 1), trigger_instance("sw", 2)])
    s.then_resolve()
    s.then_resolve()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    seen = next(st for st in tl.steps if _pending(st))
    t = seen.time - 1
    assert _pending(seen) == [f"pending_trigger(ability(na,keyword(prowess),{t}),alice)",
                              f"pending_trigger(ability(sw,keyword(prowess),instance({t},1)),alice)",
                              f"pending_trigger(ability(sw,keyword(prowess),instance({t},2)),alice)"]
    cites = {r for c in seen.changes if c.fluent.name == "pending_trigger" for r in c.citations}
    assert {"702.108a", "702.108b", "113.2c"} <= cites
    put = _user_steps(tl)[1]
    positions = {str(f.arguments[0]): f.arguments[1].number for f in put.state if f.name == "stack_position"}
    assert (positions[f"ability(na,keyword(prowess),{t})"] < positions[f"ability(sw,keyword(prowess),instance({t},1))"]
            < positions[f"ability(sw,keyword(prowess),instance({t},2))"])
    pumps = sorted(str(f.arguments[1]) for f in tl.steps[-1].state if f.name == "modifies_pt")
    assert pumps == ["na", "sw", "sw"]
    assert _atom("in_zone(bolt,stack)") in tl.steps[-1].state
    assert not any(a.text.startswith("effect_not_applied") for a in tl.final.assumptions())


def test_two_instances_of_prowess_are_two_abilities_to_order_603_3b(kb_of):
    # the Swiftspear's two abilities are not named by its id alone: an order naming "sw" is refused
    kb = kb_of("Monastery Swiftspear", "Narset, Enlightened Exile", "Lightning Bolt")
    s = _swiftspear_under_narset()
    s.then_put_triggers(order=["na", "sw"])
    tl = kb.run(s)
    assert not tl.finished
    assert str(tl.steps[-1].refused) in {"not_a_pending_source(sw)", "trigger_order_unknown(alice)"}


def test_sublime_archangel_gives_the_lone_attacker_a_second_exalted_113_2c(kb_of):
    # Sublime Archangel (exalted; "Other creatures you control have exalted") and Akrasan Squire
    # (exalted, 1/1): the Squire attacks alone: the Archangel's one instance and the Squire's two
    # (printed, granted) trigger: three abilities (113.2c, 702.83a); the Squire is a 4/4: bob 16.
    kb = kb_of("Akrasan Squire", "Sublime Archangel")
    s = _state(("sq", "Akrasan Squire", "battlefield", "alice"), ("sa", "Sublime Archangel", "battlefield", "alice"),
               phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"sq": "bob"})
    tl = _exalted_resolved_unblocked(kb, s, [trigger_occurrence("sa", "sq"), trigger_instance("sq", 1),
                                             trigger_instance("sq", 2)])
    declare = _user_steps(tl)[0]
    t = declare.time - 1
    assert _pending(declare) == [f"pending_trigger(ability(sa,keyword(exalted),occurrence({t},sq)),alice)",
                                 f"pending_trigger(ability(sq,keyword(exalted),instance(occurrence({t},sq),1)),alice)",
                                 f"pending_trigger(ability(sq,keyword(exalted),instance(occurrence({t},sq),2)),alice)"]
    assert "113.2c" in {r for c in declare.changes if c.fluent.name == "pending_trigger" for r in c.citations}
    assert sorted(str(f.arguments[1]) for f in tl.steps[-1].state if f.name == "modifies_pt") == ["sq", "sq", "sq"]
    assert _holds(tl, "life_total(bob,16)")
    assert tl.final.assumptions() == []


def test_young_wolf_with_undying_granted_too_triggers_twice_the_second_does_nothing_113_2c(kb_of):
    # Young Wolf (undying) is also granted undying by an effect (the state's grant e1): Bolted, both
    # instances trigger (113.2c: each functions independently), each its own ability; the first returns
    # it with a +1/+1 counter (702.93a), the second finds no card in the graveyard (a new object on the
    # battlefield, 400.7) and does nothing: one counter, on the battlefield.
    kb = kb_of("Young Wolf", "Lightning Bolt")
    s = _state(("yw", "Young Wolf", "battlefield", "alice"), ("b1", "Lightning Bolt", "hand", "bob"), active="bob")
    s.grant_keyword("e1", "yw", "undying")
    s.then_cast("bob", "b1", targets=["yw"])
    s.then_resolve()
    s.then_put_triggers(order=[trigger_instance("yw", 1), trigger_instance("yw", 2)])
    s.then_resolve()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    died = next(st for st in tl.steps if _pending(st))
    t = died.time - 1
    assert _pending(died) == [f"pending_trigger(ability(yw,keyword(undying),instance({t},{r})),alice)" for r in (1, 2)]
    *_, first, second = _user_steps(tl)
    assert _atom("in_zone(yw,battlefield)") in first.state and _atom("counters(yw,pt(1,1),1)") in first.state
    assert _holds(tl, "in_zone(yw,battlefield)") and _holds(tl, "counters(yw,pt(1,1),1)")
    assert not any(f.name == "grants_keyword" for f in tl.steps[-1].state)   # the grant ended with the zone change
    assert tl.final.assumptions() == []


def test_a_clone_copying_kitchen_finks_persists_and_the_clone_card_returns_choosing_again_702_79a(kb_of):
    # 707.2: Clone entered as a copy of bob's Kitchen Finks has persist. Destroyed with no -1/-1 counter
    # on it, persist triggers (603.10a, 603.4); resolving, "it" is the Clone card now in the graveyard
    # (400.7), which returns under alice's control and may enter as a copy again (614.1c): this time of
    # Kitchen Finks again, with the -1/-1 counter (a 2/1), its enters trigger gaining alice 2 life.
    from pyrules.facts.events import copy_id
    kb = kb_of("Kitchen Finks", "Clone")
    s = _state(("kf", "Kitchen Finks", "battlefield", "bob"), ("clone", "Clone", "hand", "alice"))
    s.then_cast("alice", "clone")
    s.then_resolve(copy_of="kf")
    s.then_put_triggers()
    s.then_resolve()
    me = copy_id("clone", "Kitchen Finks")
    s.then_destroy(me)
    s.then_put_triggers()
    s.then_resolve(copy_of="kf")
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    *_, destroy, put, persist, put2, gain = _user_steps(tl)
    assert _pending(put) == [] and any("keyword(persist)" in str(f) for f in put.state if f.name == "ability_on_stack")
    assert _pending(destroy) == [f"pending_trigger(ability({me},keyword(persist),{destroy.time - 1}),alice)"]
    assert _atom("in_zone(clone,graveyard)") in destroy.state
    assert _atom(f"in_zone({me},battlefield)") in persist.state and _atom(f"counters({me},pt(-1,-1),1)") in persist.state
    assert _atom(f"controller({me},alice)") in persist.state and _atom("in_zone(clone,graveyard)") not in persist.state
    assert _atom("life_total(alice,24)") in gain.state            # two enters triggers: 20 + 2 + 2


def test_the_returned_clone_card_declining_to_copy_is_a_0_0_with_the_counter_and_dies_704_5f(kb_of):
    # As above, but the Clone card returned by its copy's persist enters as itself (608.2d, 614.1c: the
    # choice declined): a 0/0 Shapeshifter with a -1/-1 counter, put into the graveyard by the next check.
    from pyrules.facts.events import copy_id
    kb = kb_of("Kitchen Finks", "Clone")
    s = _state(("kf", "Kitchen Finks", "battlefield", "bob"), ("clone", "Clone", "hand", "alice"))
    s.then_cast("alice", "clone")
    s.then_resolve(copy_of="kf")
    s.then_put_triggers()
    s.then_resolve()
    s.then_destroy(copy_id("clone", "Kitchen Finks"))
    s.then_put_triggers()
    s.then_resolve(declines=[1])
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    returned = _user_steps(tl)[-1]
    assert _atom("in_zone(clone,battlefield)") in returned.state and _atom("counters(clone,pt(-1,-1),1)") in returned.state
    assert _atom("controller(clone,alice)") in returned.state
    assert _holds(tl, "in_zone(clone,graveyard)")                   # 704.5f: toughness 0 - 1


def test_spark_double_copying_kitchen_finks_returns_with_both_counters_which_annihilate_704_5q(kb_of):
    # Spark Double entered as a copy of alice's Kitchen Finks with an additional +1/+1 counter (707.9).
    # Destroyed with no -1/-1 counter, persist triggers; the Spark Double card returns under its owner's
    # control ("a creature ... you control": alice's, 702.79a) as a copy of Kitchen Finks again, with the
    # copy's +1/+1 counter and persist's -1/-1 counter, which the next check removes (704.5q, 122.3).
    from pyrules.facts.events import copy_id
    kb = kb_of("Kitchen Finks", "Spark Double")
    s = _state(("kf", "Kitchen Finks", "battlefield", "alice"), ("sd", "Spark Double", "hand", "alice"))
    s.then_cast("alice", "sd")
    s.then_resolve(copy_of="kf")
    s.then_put_triggers()
    s.then_resolve()
    me = copy_id("sd", "Kitchen Finks")
    s.then_destroy(me)
    s.then_put_triggers()
    s.then_resolve(copy_of="kf")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    returned = _user_steps(tl)[-1]
    assert _atom(f"in_zone({me},battlefield)") in returned.state and _atom(f"controller({me},alice)") in returned.state
    assert {_atom(f"counters({me},pt(1,1),1)"), _atom(f"counters({me},pt(-1,-1),1)")} <= set(returned.state)
    assert not any(f.name == "counters" and f.arguments[0] == me for f in tl.steps[-1].state)   # 704.5q
