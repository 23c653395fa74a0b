"""Shield counters in sequences (122.1c): "If this permanent would be destroyed as the result of an
effect, instead remove a shield counter from it" and "If damage would be dealt to this permanent,
prevent that damage and remove a shield counter from it". Before, a Dapper Shieldmate that entered
with its shield counter was put into the graveyard by Murder as if the counter were not there."""

from __future__ import annotations

from timeline_helpers import holds, kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def _change(tl, kind, fluent):
    return next(c for st in tl.steps for c in st.changes if c.kind == kind and str(c.fluent) == fluent)


def test_dapper_shieldmate_enters_with_its_counter_and_murder_removes_it_instead_122_1c(kb_of):
    kb = kb_of("Dapper Shieldmate", "Murder")
    s = two_player_state(("d", "Dapper Shieldmate", "hand", "bob"), ("m1", "Murder", "hand", "alice"),
                         ("m2", "Murder", "hand", "alice"), active="bob")
    s.then_cast("bob", "d")
    s.then_resolve()
    s.then_pass_priority()                                  # bob passes: alice gets priority (117.3d)
    s.then_cast("alice", "m1", targets=["d"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(d,battlefield)") and not holds(tl, "counters(d,shield,1)")
    assert {"122.1c", "701.8a"} <= set(_change(tl, "ends", "counters(d,shield,1)").citations)
    # with no counter left, the second Murder destroys it (701.8a)
    s.then_pass_priority()   # bob passes priority after Murder resolved (117.3b, 117.3d)
    s.then_cast("alice", "m2", targets=["d"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(d,graveyard)")


def test_lightning_bolt_is_prevented_and_one_of_two_counters_removed_122_1c_615_1a(kb_of):
    kb = kb_of("Swooping Protector", "Lightning Bolt")
    s = two_player_state(("p", "Swooping Protector", "battlefield", "bob"), ("bolt", "Lightning Bolt", "hand", "alice"))
    s.add_counters("p", "shield", 2)
    s.then_cast("alice", "bolt", targets=["p"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    # a 2/1 dealt 3 would die (704.5g): the damage is prevented, no damage is marked
    assert holds(tl, "in_zone(p,battlefield)") and holds(tl, "counters(p,shield,1)")
    assert not any(f.name == "damage_marked" for f in tl.steps[-1].state)
    assert {"122.1c", "615.1a"} <= set(_change(tl, "ends", "counters(p,shield,2)").citations)
    assert "120.3d" not in _change(tl, "begins", "counters(p,shield,1)").citations


def test_two_blockers_damage_at_once_costs_one_counter_122_1c_510_2(kb_of):
    # One prevention effect for the damage dealt at once (510.2): both Bears' damage (4 to a 2/2)
    # is prevented and one counter removed. (Its "+2/+0 during your turn" is not counted here: its 2
    # are assigned to b1.)
    kb = kb_of("Dapper Shieldmate", "Grizzly Bears")
    s = two_player_state(("d", "Dapper Shieldmate", "battlefield", "bob"), ("b1", "Grizzly Bears", "battlefield", "alice"),
                         ("b2", "Grizzly Bears", "battlefield", "alice"), active="bob", phase="combat",
                         step="beginning_of_combat")
    s.add_counters("d", "shield", 1)
    s.then_declare_attackers({"d": "alice"})
    s.then_declare_blockers({"b1": "d", "b2": "d"})
    s.then_combat_damage({"d": {"b1": 2}})
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(d,battlefield)") and not holds(tl, "counters(d,shield,1)")
    assert holds(tl, "in_zone(b1,graveyard)") and holds(tl, "in_zone(b2,battlefield)")
    assert not any(f.name == "damage_marked" for f in tl.steps[-1].state)


def test_a_regeneration_shield_beside_it_is_the_controllers_choice_616_1(kb_of):
    # Both replace the destruction: the controller picks which applies (616.1); no result is guessed,
    # the destroy is refused as undecided.
    kb = kb_of("Dapper Shieldmate")
    s = two_player_state(("d", "Dapper Shieldmate", "battlefield", "bob"))
    s.add_counters("d", "shield", 1)
    s.regeneration_shield("d")
    s.then_destroy("d")
    tl = kb.run(s)
    assert not tl.finished and "destroy_undecided(d)" in str(tl.steps[-1].refused)


def test_holy_day_beside_a_shield_counter_is_the_controllers_order_616_1(kb_of):
    # Holy Day prevents the combat damage; applied first, the shield counter stays, applied second
    # there is no damage left for it... the controller chooses (616.1): no outcome is guessed.
    kb = kb_of("Dapper Shieldmate", "Grizzly Bears", "Holy Day")
    s = two_player_state(("a1", "Grizzly Bears", "battlefield", "alice"), ("d", "Dapper Shieldmate", "battlefield", "bob"),
                         ("hd", "Holy Day", "hand", "alice"), phase="combat", step="beginning_of_combat")
    s.add_counters("d", "shield", 1)
    s.then_declare_attackers({"a1": "bob"})
    s.then_declare_blockers({"d": "a1"})
    s.then_cast("alice", "hd")
    s.then_resolve()
    s.then_combat_damage()
    tl = kb.run(s)
    assert not tl.finished and "outcome_unknown(d)" in str(tl.steps[-1].refused)


def test_a_moments_damage_to_a_shielded_creature_is_prevented_122_1c(kb_of):
    # The moment (kb.ask): Hill Giant with a shield counter dealt 3 by a Bears: no damage result, and
    # one shield counter fewer after the event.
    from pyrules import GameState
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("g", "Hill Giant", "battlefield", "b", controller="b")
    s.add_object("x", "Grizzly Bears", "battlefield", "a", controller="a")
    s.add_counters("g", "shield", 2)
    s.deal_damage("e", "x", "g", 3)
    out = kb_of("Hill Giant", "Grizzly Bears").ask(s).outcomes()
    assert out.damage_results("e") == []
    (prevented,) = out.results("damage_prevented")
    assert prevented.args == ("e", "x", "g", "3") and {c.rule for c in prevented.citations} == {"122.1c", "615.1a"}
    assert [r.args for r in out.results("counters_after")] == [("g", "shield", "1")]
    assert ("g", "0") in [r.args for r in out.results("damage_marked_after")]
