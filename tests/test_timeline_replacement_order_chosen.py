"""The order a player picks for the replacement and/or prevention effects of one event (CR 616.1):
the event names it (``orders={affected: [first, second]}``, a scenario's ``orders`` key) and the
sequence goes on with that order's result; an order that is not one of those listed is refused, and
one listed but not applied by the rule base is refused too (never guessed, never dropped). Before,
every such event stayed refused: the user could not name an order."""

from __future__ import annotations

import pytest

from timeline_helpers import SHIELDMATE_DESTROY, holds, kb_of, oracle_scenario, two_player_state  # noqa: F401 — kb_of is a fixture


def _torbran_furnace_shock(kb_of, orders=None):
    # Torbran (+2 to a red source's damage to an opponent) and Furnace of Rath (double), then Shock at bob.
    s = two_player_state(("t", "Torbran, Thane of Red Fell", "battlefield", "alice"),
                         ("f", "Furnace of Rath", "battlefield", "alice"), ("burn", "Shock", "hand", "alice"))
    s.then_cast("alice", "burn", targets=["bob"])
    s.then_resolve(orders=orders)
    return kb_of("Torbran, Thane of Red Fell", "Furnace of Rath", "Shock").run(s)


@pytest.mark.parametrize("order, life", [(["effect(f,1)", "effect(t,1)"], 14),   # doubled, then plus 2: 6
                                         (["effect(t,1)", "effect(f,1)"], 12)])  # plus 2, then doubled: 8
def test_bob_picks_the_order_of_torbran_and_furnace_616_1(kb_of, order, life):
    tl = _torbran_furnace_shock(kb_of, {"bob": order})
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, f"life_total(bob,{life})")
    rules = {r for st in tl.steps for c in st.changes if str(c.fluent) == f"life_total(bob,{life})" for r in c.citations}
    assert {"616.1", "614.1a"} <= rules


def test_an_order_not_listed_is_refused_616_1(kb_of):
    # Furnace of Rath named twice (no such order), and an order named for alice, whom nothing affects.
    tl = _torbran_furnace_shock(kb_of, {"bob": ["effect(f,1)", "effect(f,1)"]})
    step = tl.steps[-1]
    assert not tl.finished and "order_not_listed(bob,(effect(f,1),effect(f,1)))" in str(step.refused)
    assert {o.order for o in step.orders} == {("effect(f,1)", "effect(t,1)"), ("effect(t,1)", "effect(f,1)")}
    tl = _torbran_furnace_shock(kb_of, {"alice": ["effect(f,1)", "effect(t,1)"]})
    assert not tl.finished and "order_not_listed(alice," in str(tl.steps[-1].refused)


def _shieldmate(orders):
    s = two_player_state(("d", "Dapper Shieldmate", "battlefield", "bob"))
    s.add_counters("d", "shield", 1)
    s.regeneration_shield("d")
    s.then_destroy("d", orders=orders)
    return s


def test_the_regeneration_shield_first_regenerates_and_keeps_the_counter_616_1f(kb_of):
    # 701.19a: regenerated (tapped, stays); 616.1f: the shield counter no longer applies, it stays.
    tl = kb_of("Dapper Shieldmate").run(_shieldmate({"d": ["regeneration_shield", "shield_counter"]}))
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(d,battlefield)") and holds(tl, "tapped(d)") and holds(tl, "counters(d,shield,1)")


def test_the_shield_counter_first_is_removed_and_the_shield_stays_122_1c(kb_of):
    tl = kb_of("Dapper Shieldmate").run(_shieldmate({"d": ["shield_counter", "regeneration_shield"]}))
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(d,battlefield)") and not holds(tl, "tapped(d)")
    assert not holds(tl, "counters(d,shield,1)")


def test_a_listed_order_the_rule_base_does_not_apply_is_refused_616_1(kb_of):
    # Healing Salve's shield beside Furnace of Rath's doubling: both orders are listed, but the rule base
    # does not apply either one: naming one refuses the event, with the orders still listed.
    kb = kb_of("Furnace of Rath", "Healing Salve", "Shock")
    s = two_player_state(("f", "Furnace of Rath", "battlefield", "alice"), ("hs", "Healing Salve", "hand", "alice"),
                         ("burn", "Shock", "hand", "alice"))
    s.then_cast("alice", "hs", targets=["bob"], modes=[2])
    s.then_resolve()
    s.then_cast("alice", "burn", targets=["bob"])
    s.then_resolve(orders={"bob": ["effect(f,1)", "shield(effect(hs,mode(1,2),3))"]})
    tl = kb.run(s)
    step = tl.steps[-1]
    assert not tl.finished and "order_not_applied(bob,(effect(f,1),shield(effect(hs,mode(1,2),3))))" in str(step.refused)
    assert len(step.orders) == 2


def test_a_scenarios_orders_key_picks_the_order_616_1(tmp_path, shared_data, capsys):
    import json

    from pyrules.cli import main
    body = SHIELDMATE_DESTROY + """orders = { d = ["regeneration_shield", "shield_counter"] }
"""
    path = oracle_scenario(tmp_path, shared_data, body)
    assert main(["ask", str(path), "steps", "--json", "--time-limit", "120"]) == 0
    out = capsys.readouterr().out
    steps = json.loads(out)["steps"]
    assert not any(s["refused"] for s in steps) and "tapped(d)" in out   # 701.19a: regenerated


def test_orders_must_be_a_table_of_lists():
    from pyrules.errors import StateValueError
    s = two_player_state()
    with pytest.raises(StateValueError, match="orders"):
        s.then_destroy("d", orders={"d": "shield_counter"})
    with pytest.raises(StateValueError, match="orders"):
        s.then_destroy("d", orders={"d": ["shield_counter", "not a term!"]})
