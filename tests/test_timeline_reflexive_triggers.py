"""Reflexive triggered abilities (603.12: "When you do, ...") posed as event sequences with real cards.
The card grammar reads the reflexive sentence (reflexive_trigger/5); rules_asp/time/reflexive_triggers.lp
triggers it when the resolving ability's optional action is done (603.12), puts it on the stack with its
own target (603.3d); declined, nothing triggers; not known, an assumption — never guessed."""

from __future__ import annotations

from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _lawbringer():
    s = _state(("rl", "Ruthless Lawbringer", "hand", "alice"), ("gb", "Grizzly Bears", "battlefield", "alice"),
               ("bb", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "rl")
    s.then_resolve()
    s.then_put_triggers()
    return s


def test_ruthless_lawbringer_sacrifice_taken_its_reflexive_trigger_destroys_the_target_603_12(kb_of):
    # 603.12: the enters ability resolves, alice sacrifices her Grizzly Bears ("you may sacrifice another
    # creature", 701.21a): "When you do" triggers then, goes on the stack the next time a player would
    # receive priority with its target chosen then (603.3d: bob's Grizzly Bears), and destroys it.
    kb = kb_of("Ruthless Lawbringer", "Grizzly Bears")
    s = _lawbringer()
    s.then_resolve(accepts=[1], sacrifices=["gb"])
    s.then_put_triggers(targets={"rl": ["bb"]})
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(gb,graveyard)") and _holds(tl, "in_zone(bb,graveyard)")
    assert _holds(tl, "in_zone(rl,battlefield)")
    pending = [st for st in tl.steps if any(f.name == "pending_trigger" and "reflexive" in str(f) for f in st.state)]
    assert pending, "the reflexive ability waited to be put on the stack (603.3)"
    assert not any("reflexive_trigger" in str(f) for f in tl.steps[-1].state if f.name == "unapplied_effect")


def test_ruthless_lawbringer_reflexive_trigger_needs_its_target_named_603_3d(kb_of):
    # 603.3d: the reflexive ability's target is chosen as it is put on the stack: none named, refused.
    kb = kb_of("Ruthless Lawbringer", "Grizzly Bears")
    s = _lawbringer()
    s.then_resolve(accepts=[1], sacrifices=["gb"])
    s.then_put_triggers()
    tl = kb.run(s)
    assert not tl.finished and "targets_not_chosen" in str(tl.steps[-1].refused)


def test_ruthless_lawbringer_sacrifice_declined_nothing_triggers_603_12(kb_of):
    # 603.12: "When you do" triggers only if the player does: declined, nothing is sacrificed or destroyed.
    kb = kb_of("Ruthless Lawbringer", "Grizzly Bears")
    s = _lawbringer()
    s.then_resolve(declines=[1])
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(gb,battlefield)") and _holds(tl, "in_zone(bb,battlefield)")
    assert not any(f.name == "pending_trigger" for st in tl.steps[-2:] for f in st.state)
    assert not any(f.name == "unapplied_effect" for f in tl.steps[-1].state)


def test_ruthless_lawbringer_sacrifice_not_stated_its_reflexive_trigger_is_an_assumption_603_12(kb_of):
    # Accepted, but which creature is sacrificed not stated: whether "When you do" triggers (603.12) is
    # not known — nothing is guessed, the reflexive effect is an assumption from then on.
    kb = kb_of("Ruthless Lawbringer", "Grizzly Bears")
    s = _lawbringer()
    s.then_resolve(accepts=[1])
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(gb,battlefield)") and _holds(tl, "in_zone(bb,battlefield)")
    assert {str(f) for f in tl.steps[-1].state if f.name == "unapplied_effect"} == {
        "unapplied_effect(ability(rl,1,3),1,effect(sacrifices))",
        "unapplied_effect(ability(rl,1,3),1,reflexive_trigger_undecided(destroy_target))"}
    assert not any(f.name == "pending_trigger" for f in tl.steps[-1].state)


def test_ruthless_lawbringer_sacrificing_itself_is_refused_701_21a(kb_of):
    # "another creature": the Lawbringer itself can't be the creature sacrificed: the resolve is refused.
    kb = kb_of("Ruthless Lawbringer", "Grizzly Bears")
    s = _lawbringer()
    s.then_resolve(accepts=[1], sacrifices=["rl"])
    tl = kb.run(s)
    assert not tl.finished and str(tl.steps[-1].refused) == "sacrifice_not_allowed(rl)"
