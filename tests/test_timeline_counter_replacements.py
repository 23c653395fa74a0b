"""Replacement effects that change how many counters are put on a permanent, read from card text and
applied in sequences (CR 614.1a, 614.16, 122.6, 616.1): Hardened Scales ("that many plus one +1/+1
counters") and Doubling Season's second ability ("twice that many of those counters"), on counters a
resolving spell puts and on counters a permanent enters with (122.6). Both on one event: the order
matters, so the permanent's controller picks it (each order listed; named by the event, it goes on).
Before, neither sentence was read: the counters were put unchanged (an unread-text assumption)."""

from __future__ import annotations

import pytest

from timeline_helpers import holds, kb_of, two_player_state  # noqa: F401 — kb_of is a fixture

CARDS = ("Walking Ballista", "Hardened Scales", "Doubling Season")


def _ballista(kb_of, *replacers, orders=None):
    """alice's ``replacers`` (id, card) on the battlefield, then Walking Ballista cast with X = 2 and resolved."""
    s = two_player_state(*[(i, c, "battlefield", "alice") for i, c in replacers], ("wb", "Walking Ballista", "hand", "alice"))
    s.then_cast("alice", "wb", x=2)
    s.then_resolve(orders=orders)
    return kb_of(*CARDS).run(s)


def _cites(tl, fluent):
    return {r for st in tl.steps for c in st.changes if str(c.fluent) == fluent for r in c.citations}


@pytest.mark.parametrize("replacers, n", [((("hs", "Hardened Scales"),), 3), ((("ds", "Doubling Season"),), 4)])
def test_walking_ballista_enters_with_the_replaced_number_122_6_614_1a(kb_of, replacers, n):
    tl = _ballista(kb_of, *replacers)
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, f"counters(wb,pt(1,1),{n})")
    assert {"614.1a", "614.1c", "122.6"} <= _cites(tl, f"counters(wb,pt(1,1),{n})")


def test_scales_and_season_on_one_event_the_controller_picks_616_1(kb_of):
    tl = _ballista(kb_of, ("hs", "Hardened Scales"), ("ds", "Doubling Season"))
    step = tl.steps[-1]
    assert not tl.finished and "counter_order_undecided(wb)" in str(step.refused)
    assert {(o.chooser, o.order, o.results) for o in step.orders} == {
        ("alice", ("effect(hs,1)", "effect(ds,2)"), ("counters_put(wb,pt(1,1),6)",)),
        ("alice", ("effect(ds,2)", "effect(hs,1)"), ("counters_put(wb,pt(1,1),5)",))}


@pytest.mark.parametrize("order, n", [(["effect(hs,1)", "effect(ds,2)"], 6), (["effect(ds,2)", "effect(hs,1)"], 5)])
def test_the_order_named_gives_its_number_616_1(kb_of, order, n):
    tl = _ballista(kb_of, ("hs", "Hardened Scales"), ("ds", "Doubling Season"), orders={"wb": order})
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, f"counters(wb,pt(1,1),{n})")


def test_battlegrowths_counter_plus_one_on_a_creature_you_control_614_1a(kb_of):
    kb = kb_of("Battlegrowth", "Hardened Scales", "Grizzly Bears")
    s = two_player_state(("hs", "Hardened Scales", "battlefield", "alice"), ("gb", "Grizzly Bears", "battlefield", "alice"),
                         ("ob", "Grizzly Bears", "battlefield", "bob"), ("bg", "Battlegrowth", "hand", "alice"),
                         ("bg2", "Battlegrowth", "hand", "alice"))
    s.then_cast("alice", "bg", targets=["gb"])
    s.then_resolve()
    s.then_cast("alice", "bg2", targets=["ob"])   # bob's creature: not "a creature you control"
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "counters(gb,pt(1,1),2)") and holds(tl, "counters(ob,pt(1,1),1)")
    assert "614.1a" in _cites(tl, "counters(gb,pt(1,1),2)")
