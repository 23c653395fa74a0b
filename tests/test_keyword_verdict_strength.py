"""A keyword verdict's strength (Outcomes.has_keyword; 613.1f): a "no" resting on an ability no rule
applies is assumed, not derived (found by helper-37: Concordant Crossroads' "All creatures have haste."
is listed as an assumption, yet the Bears' "no haste" said derived). Real cards from shared/data."""

from __future__ import annotations

from pyrules import GameState


def _state(*objects):
    s = GameState()
    s.add_player("alice")
    s.set_turn("alice", "precombat_main", priority="alice")
    for obj, card in objects:
        s.add_object(obj, card, "battlefield", "alice")
    return s


def test_no_haste_under_an_unread_grant_is_assumed_613_1f(kb_of):
    out = kb_of("Grizzly Bears", "Concordant Crossroads").ask(
        _state(("bears", "Grizzly Bears"), ("cc", "Concordant Crossroads"))).outcomes()
    verdict = out.has_keyword("bears", "haste")
    assert (verdict.allowed, verdict.strength) == (False, "assumed")


def test_no_haste_with_nothing_unread_is_derived(kb_of):
    out = kb_of("Grizzly Bears").ask(_state(("bears", "Grizzly Bears"))).outcomes()
    verdict = out.has_keyword("bears", "haste")
    assert (verdict.allowed, verdict.strength) == (False, "derived")
