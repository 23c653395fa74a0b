"""A discarded or milled card that a zone replacement would put elsewhere (614.1a; Rest in Peace: "If a
card or token would be put into a graveyard from anywhere, exile it instead"), posed as event
sequences with real cards: not read by the discard and mill rules (rules_asp/time/
resolution_effects_tokens_and_cards.lp), so a discard is refused and a mill stays unapplied — never
put into the graveyard. Before, those rules read the moment's zone_replacement at its moment arity
(always empty in a sequence): Mind Rot's discards went to bob's graveyard under Rest in Peace."""

from __future__ import annotations

from timeline_helpers import atom as _atom
from timeline_helpers import two_player_state as _state
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def test_mind_rot_under_rest_in_peace_is_refused_not_put_into_the_graveyard_614_1a(kb_of):
    kb = kb_of("Mind Rot", "Grizzly Bears", "Rest in Peace")
    s = _state(("rot", "Mind Rot", "hand", "alice"), ("h1", "Grizzly Bears", "hand", "bob"),
               ("h2", "Grizzly Bears", "hand", "bob"), ("rip", "Rest in Peace", "battlefield", "alice"))
    s.then_cast("alice", "rot", targets=["bob"])
    s.then_resolve(discards=["h1", "h2"])
    tl = kb.run(s)
    assert not tl.finished
    step = tl.steps[-1]
    assert str(step.refused).startswith("discard_replacement_not_read(")
    assert _atom("in_zone(h1,hand)") in step.state and _atom("in_zone(h2,hand)") in step.state


def test_tome_scour_under_rest_in_peace_mills_nothing_it_cannot_place_614_1a(kb_of):
    kb = kb_of("Tome Scour", "Grizzly Bears", "Rest in Peace")
    cards = [(f"b{i}", "Grizzly Bears", "library", "bob") for i in range(1, 6)]
    s = _state(("tome", "Tome Scour", "hand", "alice"), ("rip", "Rest in Peace", "battlefield", "alice"), *cards)
    s.set_library_order("bob", [c[0] for c in cards])
    s.then_cast("alice", "tome", targets=["bob"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_atom(f"in_zone(b{i},graveyard)") in tl.steps[-1].state for i in range(1, 6))
    assert any(f.name == "unapplied_effect" and str(f.arguments[0]) == "tome" for f in tl.steps[-1].state)
