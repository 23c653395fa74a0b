"""Reflexive triggered abilities (603.12: "When you do, ...") posed as event sequences with real cards.
The card grammar reads the reflexive sentence (reflexive_trigger/5); while the rules don't model it, the
triggered ability it belongs to is not put on the stack (rules_asp/time/triggers.lp: reflexive_unmodelled);
the sequence lists it among the assumptions of every answer from the event on — never silently dropped."""

from __future__ import annotations

from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def test_ruthless_lawbringer_enters_its_reflexive_destroy_is_listed_not_dropped_603_12(kb_of):
    # "When this creature enters, you may sacrifice another creature. When you do, destroy target
    # nonland permanent." alice casts it with a Grizzly Bears in play, bob has one: as it enters (603.6a)
    # the ability is not put on the stack (its reflexive "When you do", 603.12, is not modelled): nothing
    # is sacrificed or destroyed, and the reflexive effect is an assumption of the answers after it.
    kb = kb_of("Ruthless Lawbringer", "Grizzly Bears")
    s = _state(("rl", "Ruthless Lawbringer", "hand", "alice"), ("gb", "Grizzly Bears", "battlefield", "alice"),
               ("bb", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "rl")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, resolve = _user_steps(tl)
    entered = next(st for st in tl.steps if any(f.name == "unapplied_effect" for f in st.state))
    assert _holds(tl, "in_zone(rl,battlefield)")
    assert [str(f) for f in entered.state if f.name == "unapplied_effect"] == [
        'unapplied_effect(rl,1,reflexive_trigger_not_modelled(destroy_target))']
    assert not any(f.name == "pending_trigger" for st in tl.steps for f in st.state)
    assert _holds(tl, "in_zone(gb,battlefield)") and _holds(tl, "in_zone(bb,battlefield)")
    assert any(a.object == "rl" and a.ability == 1 and "destroy_target" in a.text for a in tl.final.assumptions())
    assert not any(f.name == "unapplied_effect" for f in cast.state)   # listed from the event on, not before
