"""Intervening "if" clauses of a card's own triggered abilities (CR 603.4: "When/Whenever/At [trigger
event], if [condition], [effect]"), posed as event sequences with real cards (rules_asp/time/
intervening_if.lp): the condition is checked when the event happens (false: the ability does not
trigger, and the "why not" names the condition) and again as the ability resolves (false: it is
removed from the stack and does nothing). A condition no rule judges keeps the ability off the stack
and listed among the assumptions, citing 603.4."""

from __future__ import annotations

from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)

_BLACK = 'intervening_if(controls(you,at_least(1,object(permanent,color(black)))))'


def _verdicts(tl):
    """(subject, source:ability, allowed, reasons, rules) of every trigger verdict of the sequence."""
    return [(d.subject, d.other, d.allowed, d.reasons, {c.rule for c in d.citations})
            for st in tl.steps for d in st.before.trigger_verdicts()]


def _pending(tl):
    return [str(f) for st in tl.steps for f in st.state if f.name == "pending_trigger"]


def _unapplied(tl):
    return sorted({str(f) for st in tl.steps for f in st.state if f.name == "unapplied_effect"})


def test_parasitic_strix_without_a_black_permanent_does_not_trigger_and_says_why_603_4(kb_of):
    # Parasitic Strix: "When this creature enters, if you control a black permanent, target player
    # loses 2 life and you gain 2 life." Strix itself is blue and alice controls nothing else: the
    # condition is false as it enters, so the ability does not trigger (603.4) -- nothing waits, nothing
    # is assumed, and the "why not" names the condition
    kb = kb_of("Parasitic Strix")
    s = _state(("ps", "Parasitic Strix", "hand", "alice"))
    s.then_cast("alice", "ps")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(ps,battlefield)")
    assert _pending(tl) == [] and _unapplied(tl) == []
    verdicts = _verdicts(tl)
    assert [v[:4] for v in verdicts] == [("enters(ps)", "ps:2", False, (_BLACK,))]
    assert "603.4" in verdicts[0][4]


def test_parasitic_strix_with_a_black_permanent_triggers_and_resolves_603_4(kb_of):
    # the same with alice's Vampire Nighthawk (black) on the battlefield: the condition holds as Strix
    # enters, the ability triggers (603.6a), goes on the stack targeting bob, is checked again as it
    # resolves (still true) and resolves: bob 18, alice 22
    kb = kb_of("Parasitic Strix", "Vampire Nighthawk")
    s = _state(("ps", "Parasitic Strix", "hand", "alice"), ("vn", "Vampire Nighthawk", "battlefield", "alice"))
    s.then_cast("alice", "ps")
    s.then_resolve()
    s.then_put_triggers(targets={"ps": ["bob"]})
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert any(p.startswith("pending_trigger(ability(ps,2,") for p in _pending(tl))
    assert _holds(tl, "life_total(bob,18)") and _holds(tl, "life_total(alice,22)")
    assert _unapplied(tl) == []
    assert not any(v[1] == "ps:2" for v in _verdicts(tl))


def test_parasitic_strix_condition_false_on_resolution_does_nothing_603_4(kb_of):
    # Strix enters with the Nighthawk (it triggers), but before its ability resolves bob kills the
    # Nighthawk with Murder: checked again as it resolves, the condition is false, so the ability is
    # removed from the stack and does nothing (603.4) -- bob stays at 20, alice at 20, no assumption
    kb = kb_of("Parasitic Strix", "Vampire Nighthawk", "Murder")
    s = _state(("ps", "Parasitic Strix", "hand", "alice"), ("vn", "Vampire Nighthawk", "battlefield", "alice"),
               ("mu", "Murder", "hand", "bob"))
    s.then_cast("alice", "ps")
    s.then_resolve()
    s.then_put_triggers(targets={"ps": ["bob"]})
    s.then_pass_priority()
    s.then_cast("bob", "mu", targets=["vn"])
    s.then_resolve()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(vn,graveyard)")
    assert _holds(tl, "life_total(bob,20)") and _holds(tl, "life_total(alice,20)")
    assert _unapplied(tl) == []
    last = _user_steps(tl)[-1]
    gone = [c for c in last.changes if c.kind == "ends" and c.fluent.name == "ability_on_stack"]
    assert len(gone) == 1 and "603.4" in gone[0].citations


def test_ophiomancer_creates_a_snake_only_while_you_control_none_603_4(kb_of):
    # Ophiomancer: "At the beginning of each upkeep, if you control no Snakes, create a 1/1 black
    # Snake creature token with deathtouch." alice's upkeep begins with no Snake: it triggers and its
    # Snake token is created. With her Sakura-Tribe Elder (a Snake Shaman) it does not trigger (603.4)
    kb = kb_of("Ophiomancer", "Sakura-Tribe Elder")
    for snake in (False, True):
        extra = [("ste", "Sakura-Tribe Elder", "battlefield", "alice")] if snake else []
        s = _state(("oph", "Ophiomancer", "battlefield", "alice"), *extra, active="bob", phase="ending", step="end")
        s.then_go_to("cleanup")
        s.then_next_turn("alice")
        s.then_go_to("upkeep")
        if not snake:
            s.then_put_triggers()
            s.then_resolve()
        tl = kb.run(s)
        assert tl.finished, tl.steps[-1].refused
        tokens = {str(f.arguments[0]) for f in tl.steps[-1].state if f.name == "token_subtype"}
        assert len(tokens) == (0 if snake else 1)
        assert _unapplied(tl) == []
        verdicts = _verdicts(tl)
        assert [v[:4] for v in verdicts] == ([("beginning_of_step(each_player,upkeep)", "oph:1", False, (
            'intervening_if(controls(you,at_most(0,object(permanent,subtype("Snake")))))',))] if snake else [])


def test_kor_sanctifiers_cast_without_its_kicker_does_not_trigger_and_says_why_603_4_702_33d(kb_of):
    # Kor Sanctifiers: "When this creature enters, if it was kicked, destroy target artifact or
    # enchantment." Cast without announcing its kicker cost (601.2b), it was not kicked (702.33d): the
    # condition is false as it enters (judged by intervening_if_source.lp), so the ability does not
    # trigger -- nothing waits, nothing is assumed, and the "why not" names the condition (603.4)
    kb = kb_of("Kor Sanctifiers")
    s = _state(("ks", "Kor Sanctifiers", "hand", "alice"))
    s.then_cast("alice", "ks")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _pending(tl) == [] and _unapplied(tl) == []
    verdicts = _verdicts(tl)
    assert [v[:4] for v in verdicts] == [("enters(ks)", "ks:2", False, ("intervening_if(was_kicked(it))",))]
    assert "603.4" in verdicts[0][4]


def test_shrieking_affliction_does_not_trigger_when_that_player_holds_two_cards_603_4_503_1a(kb_of):
    # Shrieking Affliction: "At the beginning of each opponent's upkeep, if that player has one or fewer
    # cards in hand, they lose 3 life." bob's upkeep with two cards in his hand: the condition (read;
    # "that player" is bob, whose upkeep it is) is false, so the ability does not trigger -- its unread
    # effect is no assumption then (it did not trigger), and the "why not" names the condition
    s = _state(("sa", "Shrieking Affliction", "battlefield", "alice"), ("h1", "Grizzly Bears", "hand", "bob"),
               ("h2", "Grizzly Bears", "hand", "bob"), active="alice", phase="ending", step="end")
    s.then_go_to("cleanup")
    s.then_next_turn("bob")
    s.then_go_to("upkeep")
    tl = kb_of("Shrieking Affliction", "Grizzly Bears").run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _unapplied(tl) == []
    verdicts = _verdicts(tl)
    assert [v[:4] for v in verdicts] == [("beginning_of_step(each_opponent,upkeep)", "sa:1", False,
                                          ("intervening_if(cards_in(hand,that_player,at_most(1)))",))]
    assert "603.4" in verdicts[0][4]


def test_attendant_of_vraska_dies_its_condition_is_not_judged_on_a_look_back_trigger_603_10a(kb_of):
    # Attendant of Vraska: "When this creature dies, if you control a Vraska planeswalker, you gain life
    # equal to this creature's power." A dies trigger looks back in time (603.10a); on which state its
    # intervening "if" is judged is not decided here, so no "why not" is claimed from it: killed by
    # Murder, the ability is not put on the stack and its unread text stays an assumption
    kb = kb_of("Attendant of Vraska", "Murder")
    s = _state(("av", "Attendant of Vraska", "battlefield", "alice"), ("mu", "Murder", "hand", "bob"),
               active="bob")
    s.then_cast("bob", "mu", targets=["av"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(av,graveyard)")
    assert _pending(tl) == []
    assert _unapplied(tl) == ['unapplied_effect(av,1,trigger_unread("if you control a Vraska planeswalker, '
                              'you gain life equal to this creature\'s power"))']
    assert not any("intervening_if" in str(v[3]) for v in _verdicts(tl))
