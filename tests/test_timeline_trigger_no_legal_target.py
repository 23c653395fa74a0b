"""A triggered ability put on the stack with no target (603.3d) in sequences: where its targets are
judged (rules_asp/time/trigger_no_legal_target.lp), the removal is decided, not assumed. Real cards."""

from __future__ import annotations

from timeline_helpers import two_player_state as _state
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _shaman_enters(kb_of, *others):
    # Viridian Shaman: "When this creature enters, destroy target artifact."; put_triggers names no target
    kb = kb_of("Viridian Shaman", "Ornithopter", "Grizzly Bears")
    s = _state(("vs", "Viridian Shaman", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"), *others)
    s.then_cast("alice", "vs")
    s.then_resolve()
    s.then_put_triggers(targets={"vs": []})
    s.then_pass_priority()
    return kb.run(s)


def test_viridian_shaman_with_no_artifact_anywhere_is_removed_and_nothing_is_assumed_603_3d(kb_of):
    # 603.3d: no artifact on the battlefield, no legal target can be chosen: the ability is removed
    # from the stack; the candidates say so, so no removed_without_a_legal_target assumption is left
    tl = _shaman_enters(kb_of)
    assert tl.finished, tl.steps[-1].refused
    last = tl.steps[-1].state
    assert not any(f.name in ("ability_on_stack", "pending_trigger") for f in last)
    assert not any(f.name == "unapplied_effect" for f in last)
    removal = [c for st in tl.steps for c in st.changes if c.fluent.name == "pending_trigger" and "603.3d" in c.citations]
    assert len(removal) == 1


def test_viridian_shaman_with_bobs_ornithopter_must_target_it_the_empty_list_is_refused_603_3d_115_1(kb_of):
    # 603.3d: a legal target exists (bob's Ornithopter, an artifact with no hexproof, shroud or
    # protection): the ability is not removed, and put_triggers without a target is refused
    tl = _shaman_enters(kb_of, ("thopter", "Ornithopter", "battlefield", "bob"))
    step = tl.steps[-1]
    assert str(step.refused) == "legal_target_available(vs)"
    assert {"603.3d", "115.1"} <= set(step.refused_citations)
