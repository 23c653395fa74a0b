"""Counter rules that interact, posed as event sequences with real cards (CR 704.5q, 122.3; issue 17):
+1/+1 and -1/-1 counters annihilating as a state-based action (rules_asp/time/counter_rules.lp), and
persist returning a permanent that lost its -1/-1 counter so."""

from __future__ import annotations

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _pending(step) -> list[str]:
    return sorted(str(f) for f in step.state if f.name == "pending_trigger")


def test_battlegrowth_on_a_persisted_kitchen_finks_annihilates_its_counter_so_it_persists_again_704_5q(kb_of):
    """704.5q, 122.3: alice's Kitchen Finks, back from persist with a -1/-1 counter, gets Battlegrowth's
    +1/+1 counter; the next state-based action check removes one of each (no counter left: a 3/2 again).
    Bob's Lightning Bolt then kills it and persist triggers again (603.4: it had no -1/-1 counter,
    603.10a): it returns with a -1/-1 counter."""
    kb = kb_of("Kitchen Finks", "Battlegrowth", "Lightning Bolt")
    s = _state(("kf", "Kitchen Finks", "battlefield", "alice"), ("bg", "Battlegrowth", "hand", "alice"),
               ("b1", "Lightning Bolt", "hand", "bob"))
    s.add_counters("kf", "-1/-1", 1)
    s.then_cast("alice", "bg", targets=["kf"])
    s.then_resolve()
    s.then_pass_priority()
    s.then_cast("bob", "b1", targets=["kf"])
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, grow, passed, bolt_cast, bolt, put, persist = _user_steps(tl)
    # Battlegrowth resolved: both counters, for the moment (122.1, 608.2c).
    assert {_atom("counters(kf,pt(1,1),1)"), _atom("counters(kf,pt(-1,-1),1)")} <= set(grow.state)
    check = next(st for st in tl.steps if grow.time < st.time < passed.time and st.user_event is None)
    assert not any(f.name == "counters" and str(f.arguments[0]) == "kf" for f in check.state)
    ended = {str(c.fluent): c.citations for c in check.changes if c.kind == "ends"}
    assert "704.5q" in ended["counters(kf,pt(1,1),1)"] and "704.5q" in ended["counters(kf,pt(-1,-1),1)"]
    died = next(st for st in tl.steps if _pending(st))
    assert _pending(died) == [f"pending_trigger(ability(kf,keyword(persist),{died.time - 1}),alice)"]
    assert _atom("in_zone(kf,battlefield)") in persist.state and _atom("counters(kf,pt(-1,-1),1)") in persist.state


def test_scar_on_an_undying_young_wolf_annihilates_its_counter_so_it_returns_again_704_5q(kb_of):
    """704.5q: bob's Scar puts a -1/-1 counter on alice's Young Wolf, back from undying with a +1/+1
    counter; the check removes both, so when Lightning Bolt kills it undying triggers again (702.93a,
    603.4: no +1/+1 counter on it as it died) and it returns with a +1/+1 counter."""
    kb = kb_of("Young Wolf", "Scar", "Lightning Bolt")
    s = _state(("yw", "Young Wolf", "battlefield", "alice"), ("sc", "Scar", "hand", "bob"),
               ("b1", "Lightning Bolt", "hand", "bob"), active="bob")
    s.add_counters("yw", "+1/+1", 1)
    s.then_cast("bob", "sc", targets=["yw"])
    s.then_resolve()
    s.then_cast("bob", "b1", targets=["yw"])
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, scar, bolt_cast, bolt, put, undying = _user_steps(tl)
    assert {_atom("counters(yw,pt(1,1),1)"), _atom("counters(yw,pt(-1,-1),1)")} <= set(scar.state)
    assert not any(f.name == "counters" for f in bolt_cast.state)
    assert _atom("in_zone(yw,battlefield)") in undying.state and _atom("counters(yw,pt(1,1),1)") in undying.state
