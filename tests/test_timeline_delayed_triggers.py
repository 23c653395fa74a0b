"""Delayed triggered abilities (603.7) posed as event sequences with real cards
(rules_asp/time/delayed_triggers.lp): "Draw a card at the beginning of the next turn's upkeep."
(Blessed Wine, Pyknite) and "Sacrifice it at the beginning of the next end step." (Hungry for More):
the effect is not done as the spell or ability resolves, but by a delayed ability created then, which
triggers once, the next time that step begins, and is put on the stack and resolved like the others."""

from __future__ import annotations

from pyrules.facts.events import token_id

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _pending(step) -> list[str]:
    return sorted(str(f) for f in step.state if f.name == "pending_trigger")


def _citations(step, name: str) -> set[str]:
    return {r for c in step.changes if c.fluent.name == name for r in c.citations}


def _to_bobs_upkeep(s) -> None:
    """From alice's main phase to the upkeep of bob's next turn (513, 514, 502, 503)."""
    s.then_go_to("end")
    s.then_go_to("cleanup")
    s.then_next_turn("bob")
    s.then_go_to("upkeep")


def test_blessed_wine_draws_at_the_beginning_of_the_next_turns_upkeep_not_as_it_resolves_603_7a_603_7d(kb_of):
    # "You gain 1 life. / Draw a card at the beginning of the next turn's upkeep." Resolving, alice
    # gains 1 life and the draw waits (603.7a): c1 stays in her library through her end step; as
    # bob's upkeep begins the delayed ability triggers, controlled by alice, who controlled the spell
    # (603.7d); put on the stack and resolved, alice draws c1 (121.1). Once only (603.7b).
    kb = kb_of("Blessed Wine", "Grizzly Bears")
    s = _state(("bw", "Blessed Wine", "hand", "alice"), ("c1", "Grizzly Bears", "library", "alice"),
               ("c2", "Grizzly Bears", "library", "alice"))
    s.set_library_order("alice", ["c1", "c2"])
    s.then_cast("alice", "bw")
    s.then_resolve()
    _to_bobs_upkeep(s)
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, resolve, end, cleanup, turn, upkeep, put, draw = _user_steps(tl)
    assert _atom("life_total(alice,21)") in resolve.state and _atom("in_zone(c1,library)") in resolve.state
    delayed = [f for f in resolve.state if f.name == "delayed_trigger"]
    assert [str(f) for f in delayed] == [f"delayed_trigger(delayed(bw,\"Blessed Wine\",1,2,{resolve.time - 1}),alice,next_turn(upkeep))"]
    assert {"603.7a", "603.7d"} <= _citations(resolve, "delayed_trigger")
    assert all(_pending(st) == [] for st in (end, cleanup, turn))
    assert _atom("in_zone(c1,library)") in turn.state
    assert _pending(upkeep) == [f"pending_trigger(ability(bw,2,{upkeep.time - 1}),alice)"]
    assert {"603.7b", "603.2b"} <= _citations(upkeep, "pending_trigger")
    assert not any(f.name == "delayed_trigger" for f in upkeep.state)       # it triggers only once
    assert _atom("in_zone(c1,hand)") in draw.state and _atom("in_zone(c2,library)") in draw.state
    assert tl.final.assumptions() == []


def test_pykites_enters_trigger_creates_a_delayed_draw_controlled_by_its_controller_603_7e(kb_of):
    # Pyknite: "When this creature enters, draw a card at the beginning of the next turn's upkeep."
    # The enters trigger resolves: nothing drawn; the delayed ability's source is Pyknite (603.7e),
    # it triggers as bob's upkeep begins and alice draws c1.
    kb = kb_of("Pyknite", "Grizzly Bears")
    s = _state(("pk", "Pyknite", "hand", "alice"), ("c1", "Grizzly Bears", "library", "alice"))
    s.set_library_order("alice", ["c1"])
    s.then_cast("alice", "pk")
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    _to_bobs_upkeep(s)
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, enters, put, trigger, end, cleanup, turn, upkeep, put2, draw = _user_steps(tl)
    assert _atom("in_zone(c1,library)") in trigger.state
    assert "603.7e" in _citations(trigger, "delayed_trigger")
    assert _pending(upkeep) == [f"pending_trigger(ability(pk,1,{upkeep.time - 1}),alice)"]
    assert _holds(tl, "in_zone(c1,hand)")
    assert tl.final.assumptions() == []


def test_hungry_for_more_sacrifices_its_token_at_the_beginning_of_the_next_end_step_603_7c(kb_of):
    # "Create a 3/1 ... Vampire creature token with trample, lifelink, and haste. Sacrifice it at the
    # beginning of the next end step." The token is made now; the sacrifice waits for the end step,
    # then the delayed ability triggers and, resolving, sacrifices that token (603.7c, 701.21a).
    kb = kb_of("Hungry for More")
    s = _state(("hm", "Hungry for More", "hand", "alice"))
    s.then_cast("alice", "hm")
    s.then_resolve()
    s.then_go_to("end")
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, resolve, end, put, sacrifice = _user_steps(tl)
    token = "token(hm,1,1,1)"
    assert _atom(f"in_zone({token},battlefield)") in resolve.state
    assert _atom(f"delayed_object(delayed(hm,\"Hungry for More\",1,1,{resolve.time - 1}),{token})") in resolve.state
    assert _pending(end) == [f"pending_trigger(ability(hm,1,{end.time - 1}),alice)"]
    assert _atom(f"in_zone({token},battlefield)") in put.state
    assert _atom(f"in_zone({token},graveyard)") in sacrifice.state
    assert {"701.21a", "603.7c"} <= {r for c in sacrifice.changes if c.fluent.name == "in_zone" for r in c.citations}
    assert not _holds(tl, f"in_zone({token},battlefield)")
    assert tl.final.assumptions() == []


def test_hungry_for_mores_delayed_sacrifice_does_nothing_to_a_token_that_left_603_7c(kb_of):
    # the token is destroyed first: the delayed ability still triggers, and does nothing (603.7c)
    kb = kb_of("Hungry for More")
    s = _state(("hm", "Hungry for More", "hand", "alice"))
    s.then_cast("alice", "hm")
    s.then_resolve()
    s.then_destroy(token_id("hm"))
    s.then_go_to("end")
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(f.name in ("delayed_ability", "delayed_object", "ability_on_stack") for f in tl.steps[-1].state)
    assert tl.final.assumptions() == []
