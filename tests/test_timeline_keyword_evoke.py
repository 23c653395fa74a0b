"""Evoke (702.74a) read from its CR definition and applied in sequences
(rules_asp/time/keyword_enter_sacrifice.lp): a permanent cast for its evoke cost is sacrificed by the
trigger it gets as it enters; cast for its mana cost, nothing triggers."""

from __future__ import annotations

from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _cites(tl, fluent: str) -> set[str]:
    return {r for st in tl.steps for c in st.changes if c.kind == "begins" and str(c.fluent) == fluent for r in c.citations}


def test_walker_of_the_grove_evoked_is_sacrificed_and_leaves_its_elemental_702_74a(kb_of):
    # Walker of the Grove cast for its evoke cost {4}{G}: entering, evoke triggers; resolving, alice
    # sacrifices it (701.21a); its "When this creature leaves the battlefield, create a 4/4 green Elemental
    # creature token" then triggers and makes the token (before: it stayed on the battlefield).
    kb = kb_of("Walker of the Grove")
    s = _state(("wg", "Walker of the Grove", "hand", "alice"))
    s.then_cast("alice", "wg", method="alternative(evoke)")
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    pending = [c for st in tl.steps for c in st.changes if c.kind == "begins" and c.fluent.name == "pending_trigger"]
    assert "keyword(evoke)" in str(pending[0].fluent) and "702.74a" in pending[0].citations
    assert {"701.21a", "702.74a"} <= _cites(tl, "in_zone(wg,graveyard)")
    assert _holds(tl, "in_zone(wg,graveyard)")
    assert any(f.name == "token" for f in tl.steps[-1].state)
    assert tl.final.assumptions() == []


def test_walker_of_the_grove_cast_for_its_mana_cost_stays_702_74a(kb_of):
    kb = kb_of("Walker of the Grove")
    s = _state(("wg", "Walker of the Grove", "hand", "alice"))
    s.then_cast("alice", "wg")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(wg,battlefield)")
    assert not any(f.name == "pending_trigger" for st in tl.steps for f in st.state)
