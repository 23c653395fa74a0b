"""A commander in a sequence (issue 18; rules_asp/time/commander_in_sequences.lp): put into a graveyard
or exile, its owner may put it into the command zone at the next check of state-based actions (903.9a,
704.6d), a choice stated with GameState.commander_returns or listed; a cast from the command zone counts
for the next commander tax (903.8). Real cards."""

from __future__ import annotations

import pytest

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state
from timeline_helpers import user_steps as _user_steps


@pytest.fixture(scope="module")
def kb(kb_of):
    kb = kb_of("Isamaru, Hound of Konda", "Lightning Bolt", "Plains")
    kb.time_limit = 120
    return kb


def _bolted(choice):
    s = two_player_state(("isamaru", "Isamaru, Hound of Konda", "battlefield", "alice"),
                         ("bolt", "Lightning Bolt", "hand", "alice"))
    s.designate_commander("isamaru")
    if choice is not None:
        s.commander_returns("isamaru", choice)
    s.then_cast("alice", "bolt", targets=["isamaru"])
    s.then_resolve()
    return s


def test_a_commander_that_died_returns_to_the_command_zone_if_its_owner_chooses_903_9a(kb):
    tl = kb.run(_bolted(True))
    assert tl.finished
    assert _holds(tl, "in_zone(isamaru,command)") and not _holds(tl, "in_zone(isamaru,graveyard)")
    moved = [c for s in tl.steps for c in s.changes if c.fluent == _atom("in_zone(isamaru,command)")]
    assert moved and {"903.9a", "704.6d"} <= set(moved[0].citations)
    # it went to the graveyard first (704.5g), then the next check moved it
    assert any(c.fluent == _atom("in_zone(isamaru,graveyard)") for s in tl.steps for c in s.changes)


def test_a_commander_its_owner_leaves_in_the_graveyard_stays_903_9a(kb):
    tl = kb.run(_bolted(False))
    assert _holds(tl, "in_zone(isamaru,graveyard)")
    assert not any(f.name == "unapplied_effect" and "command_zone" in str(f) for f in tl.steps[-1].state)


def test_the_owners_choice_not_stated_is_listed_never_guessed_903_9a(kb):
    tl = kb.run(_bolted(None))
    assert _holds(tl, "in_zone(isamaru,graveyard)")
    assert _holds(tl, "unapplied_effect(isamaru,0,choice_not_stated(command_zone))")


def test_a_cast_from_the_command_zone_counts_for_the_next_tax_903_8(kb):
    s = two_player_state(("isamaru", "Isamaru, Hound of Konda", "command", "alice"))
    s.designate_commander("isamaru", 1)
    s.then_cast("alice", "isamaru")
    tl = kb.run(s)
    cast = _user_steps(tl)[0]
    assert cast.refused is None
    assert _atom("commander_casts(isamaru,2)") in cast.state and _atom("commander_casts(isamaru,1)") not in cast.state
    (change,) = [c for c in cast.changes if c.fluent == _atom("commander_casts(isamaru,2)")]
    assert "903.8" in change.citations


def test_the_second_cast_from_the_command_zone_pays_the_tax_in_a_sequence_903_8(kb):
    # Isamaru {W}, cast once before: {2}{W}; three Plains pay it, two don't (601.2h).
    for plains, refused in ((3, None), (2, "cannot_pay(missing(any_mana,3,2))")):
        s = two_player_state(("isamaru", "Isamaru, Hound of Konda", "command", "alice"),
                             *[(f"p{i}", "Plains", "battlefield", "alice") for i in range(1, plains + 1)])
        s.designate_commander("isamaru", 1)
        s.ask_payments()
        s.then_cast("alice", "isamaru")
        step = _user_steps(kb.run(s))[0]
        assert (str(step.refused) if step.refused is not None else None) == refused
