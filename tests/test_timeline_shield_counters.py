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
