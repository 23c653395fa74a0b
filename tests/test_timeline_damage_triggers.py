"""Damage and draw trigger events (120.3, 121.2, 603.2c) posed as event sequences with real cards
(rules_asp/time/damage_triggers.lp): Dromad Purebred ("Whenever this creature is dealt damage, you
gain 1 life.") and Clinquant Skymage ("Whenever you draw a card, put a +1/+1 counter on this
creature.")."""

from __future__ import annotations

from pyrules.facts.events import trigger_occurrence

from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _pending(step) -> list[str]:
    return sorted(str(f) for f in step.state if f.name == "pending_trigger")


def test_dromad_purebred_dealt_damage_gains_its_controller_a_life_120_3(kb_of):
    kb = kb_of("Dromad Purebred", "Lightning Bolt")
    s = _state(("dp", "Dromad Purebred", "battlefield", "alice"), ("bolt", "Lightning Bolt", "hand", "bob"), active="bob")
    s.then_cast("bob", "bolt", targets=["dp"])
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, resolve, put, gain = _user_steps(tl)
    assert _pending(resolve) == [f"pending_trigger(ability(dp,1,{resolve.time - 1}),alice)"]
    assert "120.3" in {r for c in resolve.changes if c.fluent.name == "pending_trigger" for r in c.citations}
    assert _holds(tl, "life_total(alice,21)") and _holds(tl, "in_zone(dp,battlefield)")


def test_dromad_purebred_not_dealt_damage_does_not_trigger_120_3(kb_of):
    kb = kb_of("Dromad Purebred", "Lightning Bolt")
    s = _state(("dp", "Dromad Purebred", "battlefield", "alice"), ("bolt", "Lightning Bolt", "hand", "bob"), active="bob")
    s.then_cast("bob", "bolt", targets=["alice"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps) and _holds(tl, "life_total(alice,17)")


def test_clinquant_skymage_gets_a_counter_for_each_card_drawn_121_2_603_2c(kb_of):
    # Divination: "Draw two cards." — two draws, two abilities (603.2c), two counters
    kb = kb_of("Clinquant Skymage", "Divination", "Grizzly Bears")
    s = _state(("sky", "Clinquant Skymage", "battlefield", "alice"), ("div", "Divination", "hand", "alice"),
               ("c1", "Grizzly Bears", "library", "alice"), ("c2", "Grizzly Bears", "library", "alice"))
    s.set_library_order("alice", ["c1", "c2"])
    s.then_cast("alice", "div")
    s.then_resolve()
    s.then_put_triggers(order=[trigger_occurrence("sky", "c1"), trigger_occurrence("sky", "c2")])
    s.then_resolve()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    resolve = _user_steps(tl)[1]
    assert len(_pending(resolve)) == 2
    assert "121.2" in {r for c in resolve.changes if c.fluent.name == "pending_trigger" for r in c.citations}
    assert _holds(tl, "in_zone(c1,hand)") and _holds(tl, "in_zone(c2,hand)") and _holds(tl, "counters(sky,pt(1,1),2)")


def test_the_opponents_draw_does_not_trigger_you_draw_121_2(kb_of):
    kb = kb_of("Clinquant Skymage", "Divination", "Grizzly Bears")
    s = _state(("sky", "Clinquant Skymage", "battlefield", "alice"), ("div", "Divination", "hand", "bob"),
               ("c1", "Grizzly Bears", "library", "bob"), ("c2", "Grizzly Bears", "library", "bob"), active="bob")
    s.set_library_order("bob", ["c1", "c2"])
    s.then_cast("bob", "div")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps) and _holds(tl, "in_zone(c2,hand)")
