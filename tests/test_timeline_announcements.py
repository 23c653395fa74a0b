"""Casts that announce how they are cast (601.2b): method, additional and alternative costs, checked
as the moment's proposal (rules_asp/time/cast_announcements.lp; issue 15)."""

from __future__ import annotations

import pytest

from timeline_helpers import atom as _atom
from timeline_helpers import two_player_state as _state
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)



def test_think_twice_cast_with_flashback_from_the_graveyard_is_exiled_702_34a(kb_of):
    # "Draw a card. / Flashback {2}{U}": announced flashback from the graveyard (601.2b); as it
    # leaves the stack it is exiled instead of going to the graveyard (702.34a)
    kb = kb_of("Think Twice")
    s = _state(("tt", "Think Twice", "graveyard", "alice"))
    s.then_cast("alice", "tt", method="flashback")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast = next(st for st in tl.steps if st.user_event == 1)
    assert _atom("cast_method(tt,flashback)") in cast.state
    change = next(c for c in cast.changes if c.fluent == _atom("cast_method(tt,flashback)"))
    assert "601.2b" in change.citations  # the announcement (cast_announcements.lp)
    assert _atom("in_zone(tt,exile)") in tl.steps[-1].state


def test_flashback_announced_for_a_card_in_hand_is_refused_702_34a(kb_of):
    # flashback casts the card from a graveyard only (702.34a): from the hand the method isn't allowed
    kb = kb_of("Think Twice")
    s = _state(("tt", "Think Twice", "hand", "alice"))
    s.then_cast("alice", "tt", method="flashback")
    step = kb.run(s).steps[-1]
    assert step.user_event == 1 and str(step.refused).startswith("announcement_illegal(")
    assert "601.2e" in step.refused_citations


def test_kicker_announced_for_a_spell_without_kicker_is_refused_601_2b(kb_of):
    # Lightning Bolt offers no kicker: an additional cost it doesn't have can't be announced (601.2b, 118.8)
    kb = kb_of("Lightning Bolt", "Grizzly Bears")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "bolt", targets=["bears"], additional_costs=["kicker"])
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "announcement_illegal(additional_cost_not_offered(kicker))"


def test_burst_lightning_kicked_is_cast_601_2b(kb_of):
    # Burst Lightning has kicker {4}: announcing it is legal; the cast happens
    kb = kb_of("Burst Lightning", "Grizzly Bears")
    s = _state(("burst", "Burst Lightning", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "burst", targets=["bears"], additional_costs=["kicker"])
    tl = kb.run(s)
    assert tl.steps[-1].refused is None, tl.steps[-1].refused
    assert _atom("in_zone(burst,stack)") in tl.steps[-1].state


@pytest.mark.parametrize("kicked", [True, False])
def test_burst_lightning_resolving_deals_no_damage_it_cannot_read_whole_608_2c(kb_of, kicked):
    # "deals 2 damage to any target. If this spell was kicked, it deals 4 damage instead.": the
    # grammar reads the 2 and not the "instead" that changes it (608.2c: the instructions are read
    # together). Applying the 2 would be wrong when kicked: nothing of the ability is applied, and
    # both the read damage and the unread sentence are assumptions of every later answer.
    kb = kb_of("Burst Lightning", "Grizzly Bears")
    s = _state(("burst", "Burst Lightning", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "burst", targets=["bears"], additional_costs=["kicker"] if kicked else [])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    final = tl.steps[-1].state
    assert not any(f.name == "damage_marked" for f in final), sorted(map(str, final))
    unapplied = {str(f) for f in final if f.name == "unapplied_effect"}
    assert "unapplied_effect(burst,2,effect(deals_damage))" in unapplied
    assert any(u.startswith("unapplied_effect(burst,2,unread(") for u in unapplied), unapplied
    change = next(c for st in tl.steps for c in st.changes
                  if c.fluent == _atom("unapplied_effect(burst,2,effect(deals_damage))"))
    assert "608.2c" in change.citations
    assert any("deals_damage" in str(a) for a in tl.final.assumptions())


def test_a_payment_that_is_no_symbol_number_is_refused_by_the_api():
    from pyrules.errors import StateValueError
    s = _state(("burst", "Burst Lightning", "hand", "alice"))
    with pytest.raises(StateValueError, match="pays"):
        s.then_cast("alice", "burst", pays={0: "colored(r)"})


def test_a_red_symbol_paid_with_green_is_refused_107_4a(kb_of):
    # a payment stated for {R} counts: paid with green it is illegal (107.4a), never ignored
    kb = kb_of("Lightning Bolt", "Grizzly Bears")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "bolt", targets=["bears"], pays={1: "colored(g)"})
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "announcement_illegal(payment(1))"


def test_a_payment_for_a_symbol_the_cost_lacks_is_refused_601_2b(kb_of):
    kb = kb_of("Lightning Bolt", "Grizzly Bears")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "bolt", targets=["bears"], pays={5: "colored(r)"})
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "announcement_illegal(payment(5))"


def test_the_red_symbol_paid_with_red_is_cast_107_4a(kb_of):
    kb = kb_of("Lightning Bolt", "Grizzly Bears")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "bolt", targets=["bears"], pays={1: "colored(r)"})
    tl = kb.run(s)
    assert tl.steps[-1].refused is None, tl.steps[-1].refused
    assert _atom("in_zone(bolt,stack)") in tl.steps[-1].state


def test_a_spell_cast_face_down_is_not_resolved_into_a_face_up_permanent_708_4(kb_of):
    # the newcomer's finding: a disguised Hunted Bonebrute became a 6/2 face-up permanent with its
    # abilities; it resolves into a face-down permanent (708.4, 702.168b; rules_asp/time/face_down.lp),
    # which has no name and no text (708.2) (one face down by no known ability: still refused,
    # tests/test_timeline_face_down.py)
    kb = kb_of("Hunted Bonebrute")
    s = _state(("n", "Hunted Bonebrute", "hand", "alice"))
    s.ask_characteristics()
    s.then_cast("alice", "n", face=0, method="disguise")
    s.then_resolve()
    tl = kb.run(s)
    cast, resolve = [st for st in tl.steps if st.user_event]
    assert cast.refused is None, cast.refused
    assert resolve.refused is None and _atom("face_down(n,disguise)") in resolve.state
    (c,) = resolve.after.characteristics("n")
    assert c.names == () and (c.power, c.toughness) == (2, 2)
    entered = next(x for x in resolve.changes if x.fluent == _atom("face_down(n,disguise)"))
    assert "708.4" in entered.citations
