"""State-triggered abilities (603.8) posed as event sequences with real cards
(rules_asp/time/state_triggers.lp): Sea Serpent ("When you control no Islands, sacrifice this
creature.") and Tethered Griffin ("When you control no enchantments, sacrifice this creature.")."""

from __future__ import annotations

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _pending(step) -> list[str]:
    return sorted(str(f) for f in step.state if f.name == "pending_trigger")


def test_sea_serpent_is_sacrificed_when_its_controllers_last_island_is_destroyed_603_8_701_21a(kb_of):
    # alice's one Island is destroyed: the state "you control no Islands" matches, the ability triggers
    # (603.8), goes on the stack and resolves: alice sacrifices the Serpent (701.21a)
    kb = kb_of("Sea Serpent", "Island")
    s = _state(("ser", "Sea Serpent", "battlefield", "alice"), ("isl", "Island", "battlefield", "alice"),
               ("isl2", "Island", "battlefield", "bob"))
    s.then_destroy("isl")
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    destroy, put, resolve = _user_steps(tl)
    pending = next(st for st in tl.steps if _pending(st))
    assert _pending(pending) == [f"pending_trigger(ability(ser,2,{pending.time - 1}),alice)"]
    assert "603.8" in {r for c in pending.changes if c.fluent.name == "pending_trigger" for r in c.citations}
    assert _atom("in_zone(ser,battlefield)") in put.state
    assert _atom("in_zone(ser,graveyard)") in resolve.state
    assert "701.21a" in {r for c in resolve.changes if c.fluent.name == "in_zone" for r in c.citations}
    # (its "can't attack unless defending player controls an Island" has no rule yet: listed; the
    # state trigger is not)
    assert [a.ability for a in tl.final.assumptions()] == [1]


def test_sea_serpent_with_an_island_does_not_trigger_and_bobs_island_does_not_count_603_8(kb_of):
    kb = kb_of("Sea Serpent", "Island", "Grizzly Bears")
    s = _state(("ser", "Sea Serpent", "battlefield", "alice"), ("isl", "Island", "battlefield", "alice"),
               ("bears", "Grizzly Bears", "battlefield", "alice"))
    s.then_destroy("bears")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps)


def test_the_state_matching_from_the_start_triggers_once_not_again_while_it_waits_603_8(kb_of):
    # no Island at all: it triggers at the first check; it waits, one ability only, until put on the stack
    kb = kb_of("Sea Serpent")
    s = _state(("ser", "Sea Serpent", "battlefield", "alice"))
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert len(_pending(tl.steps[0])) == 1
    assert _holds(tl, "in_zone(ser,graveyard)")


def test_tethered_griffin_loses_its_enchantment_and_is_sacrificed_603_8(kb_of):
    kb = kb_of("Tethered Griffin", "Pacifism", "Disenchant")
    s = _state(("grif", "Tethered Griffin", "battlefield", "alice"), ("pac", "Pacifism", "battlefield", "alice"),
               ("dis", "Disenchant", "hand", "bob"))
    s.then_pass_priority()
    s.then_cast("bob", "dis", targets=["pac"])
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(pac,graveyard)") and _holds(tl, "in_zone(grif,graveyard)")
