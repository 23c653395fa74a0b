"""Damage replacement effects read from card text and applied in sequences (CR 614.1a, 614.2, 609.7):
"it deals double / triple that damage ... instead" (Furnace of Rath, Fiery Emancipation, Gratuitous
Violence) and "it deals that much damage plus 2 instead" (Torbran, Thane of Red Fell), with their
source and recipient qualifiers. Two that apply to one damage: the same amount in either order is
dealt; different amounts are the affected player's choice (616.1), each order listed. One read but
not evaluated (Calamity Bearer's "Giant source") is an unapplied effect, never dropped. Before, the
grammar read none of these sentences: the damage was dealt unchanged (an unread-text assumption)."""

from __future__ import annotations

from pyrules import GameState
from timeline_helpers import holds, kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def _shock(kb_of, permanents, target="bob", burn="Shock", others=()):
    """``permanents`` (id, card, controller) on the battlefield, then alice's ``burn`` at ``target``."""
    s = two_player_state(*[(i, c, "battlefield", p) for i, c, p in permanents], *others, ("burn", burn, "hand", "alice"))
    s.then_cast("alice", "burn", targets=[target])
    s.then_resolve()
    names = {c for _, c, _ in permanents} | {o[1] for o in others} | {burn}
    return kb_of(*names).run(s)


def _life_citations(tl, fluent):
    return {r for st in tl.steps for c in st.changes if c.kind == "begins" and str(c.fluent) == fluent for r in c.citations}


def test_furnace_of_rath_doubles_a_shock_614_1a(kb_of):
    tl = _shock(kb_of, [("f", "Furnace of Rath", "bob")])
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "life_total(bob,16)") and "614.1a" in _life_citations(tl, "life_total(bob,16)")
    assert not [f for f in tl.steps[-1].state if f.name == "unapplied_effect"]


def test_fiery_emancipation_triples_only_its_controllers_sources_614_1a(kb_of):
    # "a source you control": alice's Shock under her Emancipation is tripled; under bob's, not.
    tl = _shock(kb_of, [("e", "Fiery Emancipation", "alice")])
    assert tl.finished and holds(tl, "life_total(bob,14)")
    tl = _shock(kb_of, [("e", "Fiery Emancipation", "bob")])
    assert tl.finished and holds(tl, "life_total(bob,18)")


def test_torbran_adds_two_to_a_red_source_at_an_opponent_only_614_1a(kb_of):
    tl = _shock(kb_of, [("t", "Torbran, Thane of Red Fell", "alice")])
    assert tl.finished and holds(tl, "life_total(bob,16)")
    # alice's own Hill Giant is no opponent's permanent: 2 damage, not 4
    tl = _shock(kb_of, [("t", "Torbran, Thane of Red Fell", "alice")], target="g",
                others=[("g", "Hill Giant", "battlefield", "alice")])
    assert tl.finished and holds(tl, "damage_marked(g,2)")


def test_gratuitous_violence_doubles_combat_damage_of_a_creature_you_control_614_1a(kb_of):
    kb = kb_of("Gratuitous Violence", "Grizzly Bears")
    s = two_player_state(("v", "Gratuitous Violence", "battlefield", "alice"), ("a1", "Grizzly Bears", "battlefield", "alice"),
                         phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"a1": "bob"})
    s.then_declare_blockers({})
    s.then_combat_damage()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "life_total(bob,16)")


def test_two_doublers_quadruple_in_either_order_616_1(kb_of):
    tl = _shock(kb_of, [("f", "Furnace of Rath", "alice"), ("d", "Dictate of the Twin Gods", "bob")])
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "life_total(bob,12)")


def test_torbran_and_furnace_the_affected_player_picks_the_order_616_1(kb_of):
    # doubled then plus 2: 6; plus 2 then doubled: 8 — bob (the affected player) chooses (616.1).
    tl = _shock(kb_of, [("t", "Torbran, Thane of Red Fell", "alice"), ("f", "Furnace of Rath", "alice")])
    step = tl.steps[-1]
    assert not tl.finished and "outcome_unknown(bob)" in str(step.refused)
    orders = {o.order: (o.chooser, o.results, {c.rule for c in o.citations}) for o in step.orders}
    assert orders == {("effect(f,1)", "effect(t,1)"): ("bob", ("damage_dealt(burn,bob,6)",), orders[("effect(f,1)", "effect(t,1)")][2]),
                      ("effect(t,1)", "effect(f,1)"): ("bob", ("damage_dealt(burn,bob,8)",), orders[("effect(t,1)", "effect(f,1)")][2])}
    assert all({"616.1", "614.1a"} <= rules for _, _, rules in orders.values())


def test_calamity_bearers_giant_source_is_read_not_evaluated_an_unapplied_effect(kb_of):
    # "If a Giant source you control would deal damage": the subtype qualifier is not evaluated, so the
    # replacement is not applied, and it is listed as an unapplied effect from the damage on.
    tl = _shock(kb_of, [("c", "Calamity Bearer", "alice")])
    assert tl.finished and holds(tl, "life_total(bob,18)")
    assert holds(tl, "unapplied_effect(c,1,effect(if_would_deal_damage_instead))")


def test_a_shield_beside_a_doubler_is_the_players_order_616_1(kb_of):
    # Healing Salve's shield (3) on bob, then a doubled Shock: the shield first prevents 2 (nothing left
    # to double); doubled first, 4 and 3 prevented: the order decides (616.1): no outcome is guessed,
    # and bob's two orders are listed with what each leads to.
    kb = kb_of("Furnace of Rath", "Healing Salve", "Shock")
    s = two_player_state(("f", "Furnace of Rath", "battlefield", "alice"), ("hs", "Healing Salve", "hand", "alice"),
                         ("burn", "Shock", "hand", "alice"))
    s.then_cast("alice", "hs", targets=["bob"], modes=[2])
    s.then_resolve()
    s.then_cast("alice", "burn", targets=["bob"])
    s.then_resolve()
    tl = kb.run(s)
    assert not tl.finished and "outcome_unknown(bob)" in str(tl.steps[-1].refused)
    orders = {o.order[0].split("(")[0]: o for o in tl.steps[-1].orders}
    assert set(orders) == {"effect", "shield"} and {o.chooser for o in orders.values()} == {"bob"}
    shield = orders["effect"].order[1][len("shield("):-1]
    # doubled first: 4, the shield prevents 3, 1 dealt (614.1a, 615.7)
    assert set(orders["effect"].results) == {"damage_dealt(burn,bob,1)", f"prevention_shield_left({shield},0)"}
    # the shield first: 2 prevented, nothing left to double (616.1f)
    assert set(orders["shield"].results) == {"damage_dealt(burn,bob,0)", f"prevention_shield_left({shield},1)",
                                             "not_applied(effect(f,1))"}
    assert {"616.1", "615.7"} <= {c.rule for c in orders["shield"].citations}


def test_in_one_moment_a_replaced_damage_has_no_result_614_1a(kb_of):
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_life("b", 20)
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("f", "Furnace of Rath", "battlefield", "a", controller="a")
    s.add_object("x", "Grizzly Bears", "battlefield", "a", controller="a")
    s.deal_damage("e", "x", "b", 2)
    answers = kb_of("Furnace of Rath", "Grizzly Bears").ask(s)
    assert not answers.outcomes().damage_results("e")
    assert any(str(a) == "damage_unknown(e,x,b)" for a in answers.symbols("damage_unknown"))


def test_a_max_speed_replacement_is_not_applied_but_listed_702_178a(kb_of):
    # Far Fortune's "Max speed — If a source you control would deal damage to an opponent ..., it deals
    # that much damage plus 1 instead" functions only at speed 4 (702.178a), which the facts don't tie to
    # the ability: not applied (2 damage), an unapplied effect of the damage it could replace.
    tl = _shock(kb_of, [("ff", "Far Fortune, End Boss", "alice")])
    assert tl.finished and holds(tl, "life_total(bob,18)")
    assert holds(tl, "unapplied_effect(ff,3,effect(if_would_deal_damage_instead))")
