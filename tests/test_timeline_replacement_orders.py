"""The orders of two replacement and/or prevention effects on one event (CR 616.1): where the order
changes what happens, no result is guessed (the event is refused), and the answer lists each order the
affected object's controller (or the affected player) may pick, with what it leads to (616.1e: any
applicable effect first; 616.1f: then only those still applicable). Before, the refusal stood alone."""

from __future__ import annotations

from pyrules import GameState
from timeline_helpers import kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def _orders(step):
    return {o.order: (o.chooser, set(o.results), {c.rule for c in o.citations}) for o in step.orders}


def test_shield_counter_or_regeneration_shield_the_controller_picks_616_1(kb_of):
    # Dapper Shieldmate with a shield counter (122.1c) and a regeneration shield (701.19a), destroyed:
    # whichever bob applies first replaces the destruction; the other no longer applies (616.1f).
    s = two_player_state(("d", "Dapper Shieldmate", "battlefield", "bob"))
    s.add_counters("d", "shield", 1)
    s.regeneration_shield("d")
    s.then_destroy("d")
    tl = kb_of("Dapper Shieldmate").run(s)
    step = tl.steps[-1]
    assert not tl.finished and "destroy_undecided(d)" in str(step.refused)
    orders = _orders(step)
    assert set(orders) == {("shield_counter", "regeneration_shield"), ("regeneration_shield", "shield_counter")}
    chooser, results, rules = orders[("shield_counter", "regeneration_shield")]
    assert chooser == "bob" and results == {"shield_counter_removed(d)", "not_applied(regeneration_shield)"}
    assert {"616.1", "616.1e", "616.1f", "122.1c"} <= rules
    chooser, results, rules = orders[("regeneration_shield", "shield_counter")]
    assert chooser == "bob" and results == {"regenerated(d)", "not_applied(shield_counter)"} and "701.19a" in rules
    assert "bob may apply shield_counter, then regeneration_shield" in tl.explain()


def test_a_moments_destroy_lists_the_same_two_orders_616_1(kb_of):
    s = GameState()
    s.add_player("a")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("d", "Dapper Shieldmate", "battlefield", "a", controller="a")
    s.add_counters("d", "shield", 1)
    s.regeneration_shield("d")
    s.destroy("e", "d")
    answers = kb_of("Dapper Shieldmate").ask(s)
    assert not answers.outcomes().destroy_results("e")
    assert {(o.chooser, o.order) for o in answers.replacement_orders("e")} == {
        ("a", ("shield_counter", "regeneration_shield")), ("a", ("regeneration_shield", "shield_counter"))}


def _salve_then(burn, counters=(("shield", 1),)):
    """Healing Salve's mode 2 on bob's Dapper Shieldmate (d, with a shield counter), then ``burn`` at it."""
    s = two_player_state(("d", "Dapper Shieldmate", "battlefield", "bob"), ("hs", "Healing Salve", "hand", "alice"),
                         ("burn", burn, "hand", "alice"))
    for kind, n in counters:
        s.add_counters("d", kind, n)
    s.then_cast("alice", "hs", targets=["d"], modes=[2])
    s.then_resolve()
    s.then_cast("alice", "burn", targets=["d"])
    s.then_resolve()
    return s


SHIELD = "shield(effect(hs,mode(1,2),3))"


def test_salves_shield_or_the_shield_counter_first_for_a_shock_616_1_615_7(kb_of):
    # Shock's 2 to d: the shield first prevents both (1 left) and the counter no longer applies; the
    # counter first prevents both and is removed, the shield untouched (616.1f).
    tl = kb_of("Healing Salve", "Shock", "Dapper Shieldmate").run(_salve_then("Shock"))
    step = tl.steps[-1]
    assert not tl.finished and "outcome_unknown(d)" in str(step.refused)
    orders = _orders(step)
    chooser, results, rules = orders[(SHIELD, "shield_counter")]
    assert chooser == "bob" and results == {"damage_dealt(burn,d,0)", "not_applied(shield_counter)",
                                            "prevention_shield_left(effect(hs,mode(1,2),3),1)"}
    assert {"616.1", "615.7"} <= rules
    chooser, results, rules = orders[("shield_counter", SHIELD)]
    assert results == {"damage_dealt(burn,d,0)", f"not_applied({SHIELD})", "shield_counter_removed(d)"}
    assert {"616.1", "122.1c"} <= rules


def test_for_flame_slash_the_shield_first_leaves_one_for_the_counter_616_1f(kb_of):
    # Flame Slash's 4: the shield first prevents 3 (used up), the counter prevents the last 1 and is removed.
    tl = kb_of("Healing Salve", "Flame Slash", "Dapper Shieldmate").run(_salve_then("Flame Slash"))
    orders = _orders(tl.steps[-1])
    assert orders[(SHIELD, "shield_counter")][1] == {
        "damage_dealt(burn,d,0)", "prevention_shield_left(effect(hs,mode(1,2),3),0)", "shield_counter_removed(d)"}


def test_holy_day_or_the_shield_counter_first_616_1(kb_of):
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
    step = tl.steps[-1]
    assert not tl.finished and "outcome_unknown(d)" in str(step.refused)
    orders = _orders(step)
    assert len(orders) == 2
    ((fog_first, (chooser, results, _)),) = [(k, v) for k, v in orders.items() if k[0] != "shield_counter"]
    assert chooser == "bob" and results == {"damage_dealt(a1,d,0)", "not_applied(shield_counter)"}
    assert orders[("shield_counter", fog_first[0])][1] == {
        "damage_dealt(a1,d,0)", "shield_counter_removed(d)", f"not_applied({fog_first[0]})"}


def test_pyrules_ask_steps_prints_each_order_616_1(tmp_path, shared_data, capsys):
    # The CLI's steps (text and JSON) list the orders under the refused destroy.
    import json

    from pyrules.cli import main
    from timeline_helpers import SHIELDMATE_DESTROY, oracle_scenario
    body = SHIELDMATE_DESTROY
    path = oracle_scenario(tmp_path, shared_data, body)
    assert main(["ask", str(path), "steps", "--json", "--time-limit", "120"]) == 0
    (refused,) = [s for s in json.loads(capsys.readouterr().out)["steps"] if s["refused"]]
    assert {tuple(o["order"]) for o in refused["orders"]} == {("shield_counter", "regeneration_shield"),
                                                              ("regeneration_shield", "shield_counter")}
    assert all(o["chooser"] == "bob" and "616.1" in [c["rule"] for c in o["citations"]] for o in refused["orders"])
