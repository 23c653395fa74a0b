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


# --- 614.1a, 700.4: "If that creature would die this turn, exile it instead." --------------------

def _magma_spray(kb, *then):
    s = two_player_state(("spray", "Magma Spray", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "spray", targets=["bears"])
    s.then_resolve()
    for event in then:
        event(s)
    return kb.run(s)


def test_magma_spray_exiles_the_bears_it_kills_614_1a(kb_of):
    # 2 damage to a 2/2: the state-based action would put it into the graveyard (704.5g); the
    # replacement effect exiles it instead.
    tl = _magma_spray(kb_of("Magma Spray", "Grizzly Bears"))
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(bears,exile)") and not holds(tl, "in_zone(bears,graveyard)")
    exiled = next(c for st in tl.steps for c in st.changes if str(c.fluent) == "in_zone(bears,exile)")
    assert {"614.1a", "704.5g"} <= set(exiled.citations)
    assert not [f for f in tl.steps[-1].state if f.name == "unapplied_effect"]


def test_the_replacement_applies_to_a_later_destruction_this_turn_701_8a(kb_of):
    # Magma Spray on a 3/3 (not lethal), then Murder the same turn: destroyed, it is exiled instead.
    kb = kb_of("Magma Spray", "Murder", "Hill Giant")
    s = two_player_state(("spray", "Magma Spray", "hand", "alice"), ("murder", "Murder", "hand", "alice"),
                         ("giant", "Hill Giant", "battlefield", "bob"))
    s.then_cast("alice", "spray", targets=["giant"])
    s.then_resolve()
    s.then_cast("alice", "murder", targets=["giant"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(giant,exile)") and holds(tl, "in_zone(murder,graveyard)")


def test_the_replacement_ends_with_the_turn_611_2a(kb_of):
    # Magma Spray on a 3/3, then the turn ends; the next turn Murder puts it into the graveyard.
    kb = kb_of("Magma Spray", "Murder", "Hill Giant")
    s = two_player_state(("spray", "Magma Spray", "hand", "alice"), ("murder", "Murder", "hand", "alice"),
                         ("giant", "Hill Giant", "battlefield", "bob"))
    s.then_cast("alice", "spray", targets=["giant"])
    s.then_resolve()
    s.then_next_turn("bob")
    s.then_go_to("upkeep")    # (no player gets priority in the untap step, 502.4)
    s.then_pass_priority()   # bob passes: alice gets priority (117.3d)
    s.then_cast("alice", "murder", targets=["giant"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(giant,graveyard)")
    ended = [c for st in tl.steps for c in st.changes if c.fluent.name == "dies_replaced" and c.kind == "ends"]
    assert ended and "611.2a" in ended[0].citations
