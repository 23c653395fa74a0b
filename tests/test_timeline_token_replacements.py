"""Replacement effects that change how many tokens an effect creates, read from card text and applied in
sequences (CR 614.1a, 614.16, 614.5, 111.1): "If an effect would create one or more tokens under your
control, it creates twice that many of those tokens instead" (Anointed Procession, Parallel Lives,
Doubling Season's first ability). Before, the sentence was not read: the tokens were created unchanged
and the card's text was an unread-text assumption of every answer."""

from __future__ import annotations

from timeline_helpers import holds, kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def _tokens(tl) -> set[str]:
    return {str(f.arguments[0]) for f in tl.steps[-1].state
            if f.name == "in_zone" and str(f.arguments[1]) == "battlefield" and str(f.arguments[0]).startswith("token(")}


def _alarm(kb_of, *permanents):
    """``permanents`` (id, card, controller) on the battlefield, then alice casts Raise the Alarm."""
    s = two_player_state(*[(i, c, "battlefield", p) for i, c, p in permanents], ("alarm", "Raise the Alarm", "hand", "alice"))
    s.then_cast("alice", "alarm")
    s.then_resolve()
    return kb_of("Raise the Alarm", *{c for _, c, _ in permanents}).run(s)


def test_anointed_procession_doubles_raise_the_alarm_614_1a(kb_of):
    tl = _alarm(kb_of, ("ap", "Anointed Procession", "alice"))
    assert tl.finished, tl.steps[-1].refused
    assert _tokens(tl) == {f"token(alarm,1,1,{k})" for k in range(1, 5)}
    cites = {r for st in tl.steps for c in st.changes if str(c.fluent) == "in_zone(token(alarm,1,1,4),battlefield)"
             for r in c.citations}
    assert {"614.1a", "111.1"} <= cites
    for k in range(1, 5):
        assert holds(tl, f"controller(token(alarm,1,1,{k}),alice)") and holds(tl, f"base_power(token(alarm,1,1,{k}),1)")


def test_two_doublers_each_apply_once_eight_tokens_614_5(kb_of):
    # Anointed Procession and Doubling Season: twice, then twice again (either order: 8).
    tl = _alarm(kb_of, ("ap", "Anointed Procession", "alice"), ("ds", "Doubling Season", "alice"))
    assert tl.finished, tl.steps[-1].refused
    assert len(_tokens(tl)) == 8
    cites = {r for st in tl.steps for c in st.changes if str(c.fluent) == "in_zone(token(alarm,1,1,8),battlefield)"
             for r in c.citations}
    assert "614.5" in cites


def test_an_opponents_procession_does_not_apply_111_2(kb_of):
    # "under your control": bob's Anointed Procession doesn't double alice's tokens.
    tl = _alarm(kb_of, ("ap", "Anointed Procession", "bob"))
    assert tl.finished and len(_tokens(tl)) == 2
    # the sentence is read: no longer an unread-text assumption of the answers
    assert not [a for a in tl.final.assumptions() if a.object == "ap" and a.text.startswith("If an effect")]


def test_young_pyromancers_trigger_is_doubled_too_614_1a(kb_of):
    # A triggered ability's token (603.2) under alice's control: Parallel Lives doubles it.
    kb = kb_of("Young Pyromancer", "Parallel Lives", "Lightning Bolt")
    s = two_player_state(("yp", "Young Pyromancer", "battlefield", "alice"), ("pl", "Parallel Lives", "battlefield", "alice"),
                         ("bolt", "Lightning Bolt", "hand", "alice"))
    s.then_cast("alice", "bolt", targets=["bob"])
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert len(_tokens(tl)) == 2
