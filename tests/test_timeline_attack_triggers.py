"""Trigger events of declared attackers (508.3a, 508.3d, 603.2c) posed as event sequences with real
cards (rules_asp/time/attack_triggers.lp): Druids' Repository ("Whenever a creature you control
attacks, put a charge counter on this enchantment.": the triggers) and Military Intelligence ("Whenever you attack
with two or more creatures, draw a card.")."""

from __future__ import annotations

from pyrules.facts.events import trigger_occurrence

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _pending(step) -> list[str]:
    return sorted(str(f) for f in step.state if f.name == "pending_trigger")


def _attackers(*extra):
    return _state(("a1", "Grizzly Bears", "battlefield", "alice"), ("a2", "Grizzly Bears", "battlefield", "alice"),
                  *extra, phase="combat", step="beginning_of_combat")


def test_druids_repository_triggers_once_for_each_attacking_creature_you_control_508_3a_603_2c(kb_of):
    kb = kb_of("Druids' Repository", "Grizzly Bears")
    s = _attackers(("rep", "Druids' Repository", "battlefield", "alice"))
    s.then_declare_attackers({"a1": "bob", "a2": "bob"})
    s.then_put_triggers(order=[trigger_occurrence("rep", "a1"), trigger_occurrence("rep", "a2")])
    s.then_resolve()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    declare = _user_steps(tl)[0]
    assert len(_pending(declare)) == 2
    assert "508.3a" in {r for c in declare.changes if c.fluent.name == "pending_trigger" for r in c.citations}
    put = _user_steps(tl)[1]
    assert sorted(str(f.arguments[0]) for f in put.state if f.name == "ability_on_stack") == [
        f"ability(rep,1,occurrence({declare.time - 1},a1))", f"ability(rep,1,occurrence({declare.time - 1},a2))"]
    # (a "charge" counter is put by no rule yet: each resolution lists it, never drops it)
    assert sum(1 for f in tl.steps[-1].state if f.name == "unapplied_effect" and "puts_counters" in str(f)) == 2


def test_bobs_attacker_does_not_trigger_druids_repository_508_3a(kb_of):
    kb = kb_of("Druids' Repository", "Grizzly Bears")
    s = _state(("rep", "Druids' Repository", "battlefield", "alice"), ("b1", "Grizzly Bears", "battlefield", "bob"),
               active="bob", phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"b1": "alice"})
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _pending(tl.steps[-1]) == []


def test_military_intelligence_draws_when_you_attack_with_two_not_one_508_3d(kb_of):
    kb = kb_of("Military Intelligence", "Grizzly Bears")
    for attackers, draws in (({"a1": "bob", "a2": "bob"}, True), ({"a1": "bob"}, False)):
        s = _attackers(("mi", "Military Intelligence", "battlefield", "alice"), ("c1", "Grizzly Bears", "library", "alice"))
        s.set_library_order("alice", ["c1"])
        s.then_declare_attackers(attackers)
        if draws:
            s.then_put_triggers()
            s.then_resolve()
        tl = kb.run(s)
        assert tl.finished, tl.steps[-1].refused
        declare = _user_steps(tl)[0]
        assert len(_pending(declare)) == (1 if draws else 0)
        assert _holds(tl, "in_zone(c1,hand)") == draws
        if draws:
            assert "508.3d" in {r for c in declare.changes if c.fluent.name == "pending_trigger" for r in c.citations}
