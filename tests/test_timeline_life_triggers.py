"""'Whenever you gain life' (119.9, 603.2c) posed as event sequences with real cards
(rules_asp/time/life_triggers.lp): Ajani's Pridemate ("Whenever you gain life, put a +1/+1 counter on
this creature."), with Blessed Wine ("You gain 1 life.") and Vampire Nighthawk's lifelink (120.3f)."""

from __future__ import annotations

from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _pending(step) -> list[str]:
    return sorted(str(f) for f in step.state if f.name == "pending_trigger")


def test_ajanis_pridemate_gets_a_counter_when_a_spell_gains_its_controller_life_119_9(kb_of):
    kb = kb_of("Ajani's Pridemate", "Blessed Wine")
    s = _state(("pm", "Ajani's Pridemate", "battlefield", "alice"), ("bw", "Blessed Wine", "hand", "alice"))
    s.then_cast("alice", "bw")
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, resolve, put, counter = _user_steps(tl)
    assert _pending(resolve) == [f"pending_trigger(ability(pm,1,{resolve.time - 1}),alice)"]
    assert "119.9" in {r for c in resolve.changes if c.fluent.name == "pending_trigger" for r in c.citations}
    assert _holds(tl, "life_total(alice,21)") and _holds(tl, "counters(pm,pt(1,1),1)")


def test_ajanis_pridemate_sees_lifelink_combat_damage_120_3f_119_9(kb_of):
    kb = kb_of("Ajani's Pridemate", "Vampire Nighthawk")
    s = _state(("pm", "Ajani's Pridemate", "battlefield", "alice"), ("vn", "Vampire Nighthawk", "battlefield", "alice"),
               phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"vn": "bob"})
    s.then_declare_blockers({})
    s.then_combat_damage()
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "life_total(bob,18)") and _holds(tl, "life_total(alice,22)")
    assert _holds(tl, "counters(pm,pt(1,1),1)")


def test_the_opponent_gaining_life_does_not_trigger_your_pridemate_119_9(kb_of):
    kb = kb_of("Ajani's Pridemate", "Blessed Wine")
    s = _state(("pm", "Ajani's Pridemate", "battlefield", "alice"), ("bw", "Blessed Wine", "hand", "bob"))
    s.then_pass_priority()
    s.then_cast("bob", "bw")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "life_total(bob,21)") and not any(_pending(st) for st in tl.steps)
