"""More trigger events in a sequence (rules_asp/time/triggers.lp; issue 16): blocks, becomes blocked,
combat damage to a player, a permanent put into a graveyard, another permanent entering or dying
under its controller; and the steps a go_to or next_turn passes (turns_and_combat.lp, 500.1)."""

from __future__ import annotations

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _pending(step) -> list[str]:
    return sorted(str(f) for f in step.state if f.name == "pending_trigger")


def _trigger_citations(step) -> set[str]:
    return {r for c in step.changes if c.fluent.name == "pending_trigger" for r in c.citations}


def _combat(*objects, attackers, blockers=None):
    """alice's beginning of combat with ``objects``; she declares ``attackers``, bob ``blockers``."""
    s = _state(*objects, phase="combat", step="beginning_of_combat")
    s.then_declare_attackers(attackers)
    if blockers is not None:
        s.then_declare_blockers(blockers)
    return s


def test_a_creature_declared_as_a_blocker_triggers_its_blocks_ability_509_3a(kb_of):
    # Folk of An-Havva: "Whenever this creature blocks, it gets +2/+0 until end of turn."
    kb = kb_of("Folk of An-Havva", "Grizzly Bears")
    s = _combat(("bears", "Grizzly Bears", "battlefield", "alice"), ("folk", "Folk of An-Havva", "battlefield", "bob"),
                attackers={"bears": "bob"}, blockers={"folk": "bears"})
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    attack, block = _user_steps(tl)
    assert _pending(attack) == []
    assert _pending(block) == [f"pending_trigger(ability(folk,1,{block.time - 1}),bob)"]
    assert {"603.2", "509.3a"} <= _trigger_citations(block)
    # put on the stack and resolved: "it" is the Folk (no target named, 608.2c), +2/+0 until end of turn
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert any(f.name == "modifies_pt" and str(f.arguments[1:]) == "[Function('folk', [], True), Number(2), Number(0)]"
               for f in tl.steps[-1].state), sorted(map(str, tl.steps[-1].state))
    # the sequence derives this trigger event: its answers don't assume it never happened
    # (a single moment says "trigger blocks: not modelled": no rule of one moment derives it)
    assert kb.ask(s).assumptions() and not [a for a in tl.final.assumptions() if a.object == "folk"], tl.final.assumptions()


def test_becomes_blocked_triggers_once_however_many_block_it_509_3c(kb_of):
    # Deeproot Warrior: "Whenever this creature becomes blocked, it gets +1/+1 until end of turn."
    kb = kb_of("Deeproot Warrior", "Grizzly Bears")
    s = _combat(("warrior", "Deeproot Warrior", "battlefield", "alice"), ("b1", "Grizzly Bears", "battlefield", "bob"),
                ("b2", "Grizzly Bears", "battlefield", "bob"), attackers={"warrior": "bob"},
                blockers={"b1": "warrior", "b2": "warrior"})
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    block = _user_steps(tl)[-1]
    assert _pending(block) == [f"pending_trigger(ability(warrior,1,{block.time - 1}),alice)"]
    assert "509.3c" in _trigger_citations(block)


def test_combat_damage_to_a_player_triggers_510_2(kb_of):
    # Akki Underminer: "Whenever this creature deals combat damage to a player, that player sacrifices
    # a permanent of their choice." Unblocked, it deals 1 to bob (510.1), and the ability triggers.
    kb = kb_of("Akki Underminer")
    s = _combat(("akki", "Akki Underminer", "battlefield", "alice"), attackers={"akki": "bob"}, blockers={})
    s.then_go_to("combat_damage")
    s.then_combat_damage()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    damage = _user_steps(tl)[-1]
    assert _atom("life_total(bob,19)") in damage.state
    assert _pending(damage) == [f"pending_trigger(ability(akki,1,{damage.time - 1}),alice)"]
    assert "510.2" in _trigger_citations(damage)


def test_another_creature_entering_under_its_controller_triggers_and_resolves_603_6a(kb_of):
    # Skyknight Squire: "Whenever another creature you control enters, put a +1/+1 counter on this
    # creature." alice's Grizzly Bears resolve (608.3): the Squire's ability triggers (603.6a), and
    # resolving puts the counter on the Squire.
    kb = kb_of("Skyknight Squire", "Grizzly Bears")
    s = _state(("squire", "Skyknight Squire", "battlefield", "alice"), ("bears", "Grizzly Bears", "hand", "alice"))
    s.then_cast("alice", "bears")
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, resolve, put, trigger = _user_steps(tl)
    assert _pending(resolve) == [f"pending_trigger(ability(squire,1,{resolve.time - 1}),alice)"]
    assert "603.6a" in _trigger_citations(resolve)
    assert any(f.name == "counters" and str(f.arguments[0]) == "squire" for f in trigger.state), sorted(map(str, trigger.state))


def test_a_creature_of_the_opponent_entering_does_not_trigger_you_control_603_6a(kb_of):
    kb = kb_of("Skyknight Squire", "Grizzly Bears")
    s = _state(("squire", "Skyknight Squire", "battlefield", "bob"), ("bears", "Grizzly Bears", "hand", "alice"))
    s.then_cast("alice", "bears")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _pending(tl.steps[-1]) == [] and _holds(tl, "in_zone(bears,battlefield)")


def test_two_creatures_entering_at_once_trigger_twice_603_2c(kb_of):
    # Raise the Alarm makes two Soldier tokens at once: "another creature you control enters" triggers
    # once for each (603.2c): two abilities wait, one per occurrence (put on the stack and resolved:
    # tests/test_timeline_trigger_occurrences.py).
    kb = kb_of("Skyknight Squire", "Raise the Alarm")
    s = _state(("squire", "Skyknight Squire", "battlefield", "alice"), ("alarm", "Raise the Alarm", "hand", "alice"))
    s.then_cast("alice", "alarm")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert len(_pending(tl.steps[-1])) == 2
    assert not any(f.name == "unapplied_effect" and str(f.arguments[0]) == "squire" for f in tl.steps[-1].state)


def test_this_or_another_creature_you_control_dying_triggers_700_4_603_10a(kb_of):
    # Venerated Stormsinger: "Whenever this creature or another creature you control dies, ...": bob's
    # Lightning Bolt kills alice's Grizzly Bears; the Stormsinger, on the battlefield, sees it die.
    kb = kb_of("Venerated Stormsinger", "Grizzly Bears", "Lightning Bolt")
    s = _state(("singer", "Venerated Stormsinger", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"),
               ("bolt", "Lightning Bolt", "hand", "bob"), active="bob")
    s.then_cast("bob", "bolt", targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(bears,graveyard)")
    assert [p for p in _pending(tl.steps[-1]) if "ability(singer,2," in p], _pending(tl.steps[-1])


# ----------------------------------------------------------------------------- steps passed (500.1)

def test_going_past_the_draw_step_is_refused_504_1(kb_of):
    # from alice's upkeep straight to her main phase would skip her draw (504.1): refused, naming it
    kb = kb_of("Grizzly Bears")
    s = _state(("c1", "Grizzly Bears", "library", "alice"), phase="beginning", step="upkeep")
    s.then_go_to("precombat_main")
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "passes_step(draw,draw_step_draw)"
    assert {"500.1", "504.1"} <= set(step.refused_citations)


def test_going_past_a_beginning_of_combat_trigger_is_refused_503_1a(kb_of):
    # Sight of the Scalelords triggers "at the beginning of combat on your turn": going from the main
    # phase to declare attackers passes that step, so the event is refused
    kb = kb_of("Sight of the Scalelords", "Grizzly Bears")
    s = _state(("sight", "Sight of the Scalelords", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"))
    s.then_go_to("declare_attackers")
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "passes_step(beginning_of_combat,trigger(sight))"
    assert "503.1a" in step.refused_citations
    # on bob's turn ("your turn" is alice's) nothing triggers: the same go_to is taken
    s2 = _state(("sight", "Sight of the Scalelords", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
                active="bob")
    s2.then_go_to("declare_attackers")
    tl = kb.run(s2)
    assert tl.finished and tl.steps[-1].refused is None, tl.steps[-1].refused


def test_leaving_combat_before_its_damage_is_dealt_is_refused_510_1(kb_of):
    kb = kb_of("Grizzly Bears")
    s = _combat(("bears", "Grizzly Bears", "battlefield", "alice"), attackers={"bears": "bob"})
    s.then_go_to("end")
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "passes_step(combat_damage,combat_damage_not_dealt)"
    assert "510.1" in step.refused_citations


def test_an_intervening_if_is_checked_as_the_event_occurs_603_4(kb_of):
    # Apothecary Geist: "When this creature enters, if you control another Spirit, you gain 3 life."
    # 603.4: it triggers only if the condition holds as it enters (rules_asp/time/intervening_if.lp).
    # Alone (the Geist is a Spirit, but not "another"): it does not trigger -- nothing waits to be put
    # on the stack, nothing is assumed, the "why not" names the condition. With a second Geist already
    # on the battlefield: it triggers and alice gains 3 life. (Before the condition was judged, the
    # ability was never put on the stack and listed unapplied as trigger_condition_unread.)
    kb = kb_of("Apothecary Geist")
    s = _state(("geist", "Apothecary Geist", "hand", "alice"))
    s.then_cast("alice", "geist")
    s.then_resolve()
    s.then_pass_priority()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps)
    assert not any(f.name == "unapplied_effect" for st in tl.steps for f in st.state)
    assert _holds(tl, "life_total(alice,20)")
    verdicts = [(d.subject, d.other, d.reasons, {c.rule for c in d.citations})
                for st in tl.steps for d in st.before.trigger_verdicts() if not d.allowed]
    assert [v[:3] for v in verdicts] == [("enters(geist)", "geist:2", (
        'intervening_if(controls(you,at_least(1,object(permanent,subtype("Spirit"),other))))',))]
    assert "603.4" in verdicts[0][3]
    s = _state(("geist", "Apothecary Geist", "hand", "alice"), ("g2", "Apothecary Geist", "battlefield", "alice"))
    s.then_cast("alice", "geist")
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "life_total(alice,23)")
