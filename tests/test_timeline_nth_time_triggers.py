"""'The Nth time each turn' trigger events (603.2, 601.2i) posed as event sequences with real cards
(rules_asp/time/nth_time_triggers.lp): Jori En, Ruin Diver ("Whenever you cast your second spell each
turn, draw a card.")."""

from __future__ import annotations

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _pending(step) -> list[str]:
    return sorted(str(f) for f in step.state if f.name == "pending_trigger")


def _jori(record_history: bool = True):
    s = _state(("jori", "Jori En, Ruin Diver", "battlefield", "alice"), ("b1", "Lightning Bolt", "hand", "alice"),
               ("b2", "Lightning Bolt", "hand", "alice"), ("b3", "Lightning Bolt", "hand", "alice"),
               ("c1", "Grizzly Bears", "library", "alice"))
    s.set_library_order("alice", ["c1"])
    if record_history:
        s.record_turn_history()
    return s


def test_jori_en_triggers_on_the_second_spell_of_the_turn_not_the_first_or_third_603_2_601_2i(kb_of):
    # the turn's history recorded, nothing cast before: the first Bolt triggers nothing, the second
    # does (alice draws c1), the third nothing
    kb = kb_of("Jori En, Ruin Diver", "Lightning Bolt", "Grizzly Bears")
    s = _jori()
    s.then_cast("alice", "b1", targets=["bob"])
    s.then_resolve()
    s.then_cast("alice", "b2", targets=["bob"])
    s.then_put_triggers()
    s.then_resolve()
    s.then_resolve()
    s.then_cast("alice", "b3", targets=["bob"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast1, res1, cast2, put, draw, res2, cast3, res3 = _user_steps(tl)
    assert not any(_pending(st) for st in tl.steps if st.time <= res1.time)
    seen = next(st for st in tl.steps if _pending(st))
    assert _pending(seen) == [f"pending_trigger(ability(jori,1,{seen.time - 1}),alice)"]
    assert "601.2i" in {r for c in seen.changes if c.fluent.name == "pending_trigger" for r in c.citations}
    assert _atom("in_zone(c1,hand)") in draw.state
    assert not any(_pending(st) for st in tl.steps if st.time >= cast3.time)
    assert _holds(tl, "life_total(bob,11)")
    assert tl.final.assumptions() == []


def test_bobs_second_spell_does_not_trigger_your_second_spell_603_2(kb_of):
    kb = kb_of("Jori En, Ruin Diver", "Lightning Bolt", "Grizzly Bears")
    s = _state(("jori", "Jori En, Ruin Diver", "battlefield", "alice"), ("b1", "Lightning Bolt", "hand", "bob"),
               ("b2", "Lightning Bolt", "hand", "bob"), active="bob")
    s.record_turn_history()
    s.then_cast("bob", "b1", targets=["alice"])
    s.then_resolve()
    s.then_cast("bob", "b2", targets=["alice"])
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps)


def test_with_no_recorded_history_the_count_is_unknown_and_listed_603_2(kb_of):
    kb = kb_of("Jori En, Ruin Diver", "Lightning Bolt", "Grizzly Bears")
    s = _jori(record_history=False)
    s.then_cast("alice", "b1", targets=["bob"])
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps)
    assert _holds(tl, "unapplied_effect(jori,1,nth_cast_unknown)")
