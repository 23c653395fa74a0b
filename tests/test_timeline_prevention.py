"""Prevention effects of resolving spells in sequences (615): "Prevent all combat damage that would be
dealt this turn" (Holy Day, 615.1a) and "Prevent the next 3 damage that would be dealt to any target
this turn" (Healing Salve's second mode, 615.7: a shield reduced by what it prevents). Before, both
were unapplied effects (listed as assumptions) and the damage was dealt."""

from __future__ import annotations

from timeline_helpers import holds, kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def _changes(tl, kind, name):
    return [c for st in tl.steps for c in st.changes if c.kind == kind and c.fluent.name == name]


def _unapplied(tl):
    return [str(f) for f in tl.steps[-1].state if f.name == "unapplied_effect"]


def test_holy_day_prevents_the_combat_damage_both_bears_survive_615_1a(kb_of):
    kb = kb_of("Holy Day", "Grizzly Bears")
    s = two_player_state(("a1", "Grizzly Bears", "battlefield", "alice"), ("a2", "Grizzly Bears", "battlefield", "alice"),
                         ("b1", "Grizzly Bears", "battlefield", "bob"), ("hd", "Holy Day", "hand", "alice"),
                         phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"a1": "bob", "a2": "bob"})
    s.then_declare_blockers({"b1": "a1"})
    s.then_cast("alice", "hd")
    s.then_resolve()
    s.then_combat_damage()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    # without it: both blocked Bears die (test_timeline's 510.2 case) and bob goes to 18
    assert holds(tl, "in_zone(a1,battlefield)") and holds(tl, "in_zone(b1,battlefield)")
    assert holds(tl, "life_total(bob,20)") and not any(f.name == "damage_marked" for f in tl.steps[-1].state)
    (began,) = _changes(tl, "begins", "all_combat_damage_prevented")
    assert "615.1a" in began.citations and not _unapplied(tl)


def _salve_then(burn, target="g", card="Hill Giant", counters=()):
    """Healing Salve's mode 2 on ``target`` (bob's ``card``, or the player bob when ``card`` is None),
    then ``burn`` at it; both resolved."""
    objects = () if card is None else ((target, card, "battlefield", "bob"),)
    s = two_player_state(*objects, ("hs", "Healing Salve", "hand", "alice"), ("burn", burn, "hand", "alice"))
    for kind, n in counters:
        s.add_counters(target, kind, n)
    s.then_cast("alice", "hs", targets=[target], modes=[2])
    s.then_resolve()
    s.then_cast("alice", "burn", targets=[target])
    s.then_resolve()
    return s


def test_healing_salve_prevents_three_of_flame_slashs_four_615_7(kb_of):
    # Flame Slash's 4 to a 3/3 would kill it (704.5g): 3 are prevented, 1 is dealt, the shield is used up.
    tl = kb_of("Healing Salve", "Flame Slash", "Hill Giant").run(_salve_then("Flame Slash"))
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(g,battlefield)") and holds(tl, "damage_marked(g,1)")
    assert not any(f.name == "prevention_shield" for f in tl.steps[-1].state)
    (began,) = _changes(tl, "begins", "prevention_shield")
    assert str(began.fluent.arguments[1:]) == "[Function('g', [], True), Number(3)]" and "615.7" in began.citations
    assert not _unapplied(tl)


def test_what_the_shield_does_not_use_stays_for_later_damage_this_turn_615_7(kb_of):
    # Shock's 2: all prevented, 1 of the shield left; then the turn ends and the shield with it (611.2a).
    s = _salve_then("Shock")
    tl = kb_of("Healing Salve", "Shock", "Hill Giant").run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(f.name == "damage_marked" for f in tl.steps[-1].state)
    (left,) = [f for f in tl.steps[-1].state if f.name == "prevention_shield"]
    assert str(left.arguments[1]) == "g" and str(left.arguments[2]) == "1"
    s.then_next_turn("bob")
    tl = kb_of("Healing Salve", "Shock", "Hill Giant").run(s)
    assert tl.finished and not any(f.name == "prevention_shield" for f in tl.steps[-1].state)
    assert "611.2a" in _changes(tl, "ends", "prevention_shield")[-1].citations


def test_a_shield_beside_a_shield_counter_is_the_controllers_order_616_1(kb_of):
    # Healing Salve on Dapper Shieldmate, which has a shield counter: which prevention applies first
    # decides whether the counter or the shield is used (616.1): no outcome is guessed.
    s = _salve_then("Shock", target="d", card="Dapper Shieldmate", counters=[("shield", 1)])
    tl = kb_of("Healing Salve", "Shock", "Dapper Shieldmate").run(s)
    assert not tl.finished and "outcome_unknown(d)" in str(tl.steps[-1].refused)


def test_skullcrack_damage_cant_be_prevented_and_reduces_no_shield_615_12(kb_of):
    # Healing Salve's shield on bob (3), then Skullcrack: "Damage can't be prevented this turn" comes
    # first in its text (608.2c), so its own 3 are dealt and the shield stays at 3 (615.12).
    # "Players can't gain life this turn" is read, not applied: an unapplied effect, listed.
    tl = kb_of("Healing Salve", "Skullcrack").run(_salve_then("Skullcrack", target="bob", card=None))
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "life_total(bob,17)")
    (shield,) = [f for f in tl.steps[-1].state if f.name == "prevention_shield"]
    assert str(shield.arguments[1]) == "bob" and str(shield.arguments[2]) == "3"
    (began,) = _changes(tl, "begins", "no_damage_prevention")
    assert "615.12" in began.citations
    assert _unapplied(tl) == ["unapplied_effect(burn,1,effect(cant_gain_life))"]


def test_without_skullcrack_the_shield_prevents_a_shocks_damage_615_7(kb_of):
    tl = kb_of("Healing Salve", "Shock").run(_salve_then("Shock", target="bob", card=None))
    assert tl.finished and holds(tl, "life_total(bob,20)") and holds(tl, "prevention_shield(effect(hs,mode(1,2),3),bob,1)")
