"""Draw replacement effects read from card text (CR 614.1a, 614.11, 121.6): "If you / a player / an
opponent would draw a card, ... instead" (Thought Reflection, Possessed Portal). What replaces the draw
is not read, so it is not applied; each draw it could replace lists it as an unapplied effect from then
on (an assumption of every later answer), never dropped. Before, the sentence was not read at all: an
unread-text assumption of the card, tied to no event."""

from __future__ import annotations

from timeline_helpers import holds, kb_of, two_player_state  # noqa: F401 — kb_of is a fixture

UNAPPLIED = "unapplied_effect({},1,effect(if_would_draw_instead))"


def _divination(kb_of, replacer, controller):
    kb = kb_of("Divination", replacer)
    s = two_player_state(("r", replacer, "battlefield", controller), ("div", "Divination", "hand", "alice"))
    s.then_cast("alice", "div")
    s.then_resolve()
    return kb.run(s)


def test_thought_reflection_is_listed_at_its_controllers_draw_614_11(kb_of):
    tl = _divination(kb_of, "Thought Reflection", "alice")
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, UNAPPLIED.format("r"))
    assert not holds(tl, UNAPPLIED.format("r"), tl.steps[-1].time - 2)   # not before the draw
    assert not [a for a in tl.final.assumptions() if a.object == "r" and a.text.startswith("If you would draw")]


def test_an_opponents_thought_reflection_is_not_listed_but_possessed_portal_is_614_11(kb_of):
    # "If you would draw": bob's doesn't replace alice's draw; "If a player would draw": any player's.
    tl = _divination(kb_of, "Thought Reflection", "bob")
    assert tl.finished and not holds(tl, UNAPPLIED.format("r"))
    tl = _divination(kb_of, "Possessed Portal", "bob")
    assert tl.finished and holds(tl, UNAPPLIED.format("r"))
