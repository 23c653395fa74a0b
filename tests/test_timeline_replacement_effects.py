"""A permanent's own "enters with N counters" in a sequence (614.1c, 122.6, 107.3m): it enters with
them, so a 0/0 with counters survives the state-based actions (704.5f); X is the spell's announced X;
what is not read as a number stays an assumption, never a silent 0/0 put into the graveyard."""

from __future__ import annotations

from timeline_helpers import holds, kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def _cast_and_resolve(kb, card, **cast):
    s = two_player_state(("it", card, "hand", "alice"))
    s.then_cast("alice", "it", **cast)
    s.then_resolve()
    return kb.run(s)


def _unapplied(tl):
    return [f for f in tl.steps[-1].state if f.name == "unapplied_effect" and str(f.arguments[0]) == "it"]


def test_kalonian_hydra_enters_with_four_counters_and_survives_614_1c_704_5f(kb_of):
    # Kalonian Hydra is a 0/0 "enters with four +1/+1 counters on it": before, the sequence put it
    # into the graveyard (704.5f) with no word of the counters.
    tl = _cast_and_resolve(kb_of("Kalonian Hydra"), "Kalonian Hydra")
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(it,battlefield)") and holds(tl, "counters(it,pt(1,1),4)")
    change = next(c for st in tl.steps for c in st.changes if str(c.fluent) == "counters(it,pt(1,1),4)")
    assert {"614.1c", "122.6"} <= set(change.citations)
    assert not _unapplied(tl)


def test_named_counters_enter_too_122_1(kb_of):
    # Archfiend of the Dross "enters with four oil counters on it" (the state's counters(O, oil, N)).
    tl = _cast_and_resolve(kb_of("Archfiend of the Dross"), "Archfiend of the Dross")
    assert tl.finished and holds(tl, "counters(it,oil,4)")


def test_walking_ballista_enters_with_x_counters_107_3m(kb_of):
    kb = kb_of("Walking Ballista")
    tl = _cast_and_resolve(kb, "Walking Ballista", x=2)
    assert tl.finished and holds(tl, "counters(it,pt(1,1),2)") and holds(tl, "in_zone(it,battlefield)")
    change = next(c for st in tl.steps for c in st.changes if str(c.fluent) == "counters(it,pt(1,1),2)")
    assert "107.3m" in change.citations
    # X = 0: no counters, and the 0/0 is put into its owner's graveyard (704.5f)
    tl = _cast_and_resolve(kb, "Walking Ballista", x=0)
    assert tl.finished and holds(tl, "in_zone(it,graveyard)")
    assert "704.5f" in {r for st in tl.steps for c in st.changes if str(c.fluent) == "in_zone(it,graveyard)"
                        for r in c.citations}


def test_walking_ballista_with_no_x_announced_is_an_assumption_not_a_dead_0_0(kb_of):
    tl = _cast_and_resolve(kb_of("Walking Ballista"), "Walking Ballista")
    assert [str(f) for f in _unapplied(tl)] == ["unapplied_effect(it,1,effect(enters_with_counters))"]
    assert any("enters_with_counters" in str(a) for a in tl.final.assumptions()), tl.final.assumptions()
