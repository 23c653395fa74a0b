"""Triggered abilities that function from a graveyard (113.6m) posed as event sequences with real cards
(rules_asp/time/graveyard_triggers.lp): Squee, Goblin Nabob ("At the beginning of your upkeep, you may
return this card from your graveyard to your hand.") and Bloodghast ("Landfall — Whenever a land you
control enters, you may return this card from your graveyard to the battlefield.")."""

from __future__ import annotations

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _pending(step) -> list[str]:
    return sorted(str(f) for f in step.state if f.name == "pending_trigger")


def _squee_state(zone: str):
    """bob's end step; alice's Squee in ``zone``."""
    return _state(("squee", "Squee, Goblin Nabob", zone, "alice"), active="bob", phase="ending", step="end")


def _to_alices_upkeep(s) -> None:
    s.then_go_to("cleanup")
    s.then_next_turn("alice")
    s.then_go_to("upkeep")


def test_squee_in_the_graveyard_triggers_in_its_owners_upkeep_and_returns_to_hand_113_6m_108_4a(kb_of):
    # the card in alice's graveyard has no controller: "your upkeep" and the ability's controller are
    # its owner's (108.4a, 603.3a); she accepts the "you may" (608.2d): Squee goes to her hand
    kb = kb_of("Squee, Goblin Nabob")
    s = _squee_state("graveyard")
    _to_alices_upkeep(s)
    s.then_put_triggers()
    s.then_resolve(accepts=[1])
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cleanup, untap, upkeep, put, resolve = _user_steps(tl)
    assert _pending(upkeep) == [f"pending_trigger(ability(squee,1,{upkeep.time - 1}),alice)"]
    cites = {r for c in upkeep.changes if c.fluent.name == "pending_trigger" for r in c.citations}
    assert {"113.6m", "108.4a", "503.1a"} <= cites
    assert _atom("in_zone(squee,hand)") in resolve.state
    assert tl.final.assumptions() == []


def test_squee_declined_stays_in_the_graveyard_608_2d(kb_of):
    kb = kb_of("Squee, Goblin Nabob")
    s = _squee_state("graveyard")
    _to_alices_upkeep(s)
    s.then_put_triggers()
    s.then_resolve(declines=[1])
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(squee,graveyard)")


def test_squee_on_the_battlefield_does_not_trigger_113_6m(kb_of):
    # its ability moves it out of the graveyard: it functions only there, not on the battlefield
    kb = kb_of("Squee, Goblin Nabob")
    s = _squee_state("battlefield")
    _to_alices_upkeep(s)
    s.then_go_to("draw")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps)


def test_squee_in_the_opponents_upkeep_does_not_trigger_503_1a(kb_of):
    kb = kb_of("Squee, Goblin Nabob")
    s = _state(("squee", "Squee, Goblin Nabob", "graveyard", "alice"), phase="ending", step="end")
    s.then_go_to("cleanup")
    s.then_next_turn("bob")
    s.then_go_to("upkeep")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps)


def test_bloodghast_in_the_graveyard_returns_when_a_land_its_owner_controls_enters_113_6m_603_6a(kb_of):
    kb = kb_of("Bloodghast", "Swamp")
    s = _state(("bg", "Bloodghast", "graveyard", "alice"), ("sw", "Swamp", "hand", "alice"))
    s.then_play_land("alice", "sw")
    s.then_put_triggers()
    s.then_resolve(accepts=[3])
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    play, put, resolve = _user_steps(tl)
    assert _pending(play) == [f"pending_trigger(ability(bg,3,{play.time - 1}),alice)"]
    assert _atom("in_zone(bg,battlefield)") in resolve.state and _atom("controller(bg,alice)") in resolve.state


def test_bloodghast_on_the_battlefield_and_an_opponents_land_trigger_nothing_113_6m(kb_of):
    kb = kb_of("Bloodghast", "Swamp")
    s = _state(("bg", "Bloodghast", "battlefield", "alice"), ("bg2", "Bloodghast", "graveyard", "alice"),
               ("sw", "Swamp", "hand", "alice"), ("sw2", "Swamp", "hand", "bob"))
    s.then_move("sw2", "battlefield")          # bob's land: not "a land you control" for alice's card
    s.then_play_land("alice", "sw")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    move, play = _user_steps(tl)
    assert _atom("controller(sw2,bob)") in move.state and _pending(move) == []
    # only the one in the graveyard triggers
    assert _pending(play) == [f"pending_trigger(ability(bg2,3,{play.time - 1}),alice)"]


def test_at_one_moment_squees_graveyard_trigger_is_listed_there_and_not_on_the_battlefield_113_6m(kb_of):
    # one moment derives no trigger event: the ability that functions from the graveyard is an
    # assumption while Squee is there (uninterpreted_trigger), and none on the battlefield, where it
    # doesn't function
    kb = kb_of("Squee, Goblin Nabob")
    there = kb.ask(_state(("squee", "Squee, Goblin Nabob", "graveyard", "alice"))).assumptions()
    assert [(a.object, a.ability) for a in there] == [("squee", 1)]
    assert kb.ask(_state(("squee", "Squee, Goblin Nabob", "battlefield", "alice"))).assumptions() == []
