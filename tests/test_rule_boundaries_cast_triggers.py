"""What a cast trigger's answer cites for a face-up and a face-down spell (issue 23: tests that notice
when a rule changes), on real cards. 601.2i, 603.2: abilities that trigger on casting trigger once the
spell is cast; 708.4: a face-down spell has only its face-down characteristics (a 2/2 colorless
creature spell, 708.2), which is what such an ability sees -- cited only when the spell is face down.
rules_asp/casting/cast_triggers.lp.

Cards: Sagu Mauler ({4}{G}{U}, morph), Soldier of the Pantheon ("Whenever an opponent casts a
multicolored spell, you gain 1 life": its ability 2), Beast Whisperer ("Whenever you cast a creature
spell, draw a card.").
"""

from __future__ import annotations

import pytest

from two_player import game, rules

# (face Sagu Mauler is cast with: 0 face down, the watcher, its controller): the watcher triggers each time;
# 708.4 is cited only for face 0
ROWS = [(1, "Soldier of the Pantheon", "b"), (0, "Beast Whisperer", "a"), (1, "Beast Whisperer", "a")]


@pytest.mark.parametrize("face,watcher,controller", ROWS)
def test_a_cast_trigger_cites_708_4_only_for_a_face_down_spell_601_2i_603_2(kb_of, face, watcher, controller):
    s = game()
    s.add_object("sm", "Sagu Mauler", "stack", "a", cast_face=face)
    s.add_object("w", watcher, "battlefield", controller)
    s.cast_spell("cast", "a", "sm")
    answers = kb_of("Sagu Mauler", watcher).ask(s)
    (trig,) = answers.derived("triggers")
    assert trig.args[:2] == ("cast", "w")
    assert {"603.2", "601.2i"} <= rules(trig)
    assert ("708.4" in rules(trig)) == (face == 0)


@pytest.mark.parametrize("cast", [True, False])
def test_a_spells_own_cast_trigger_is_listed_only_once_it_is_cast_113_6k_603_2(kb_of, cast):
    # Ulamog, the Infinite Gyre on the stack: "When you cast this spell, destroy target permanent."
    # Its own cast trigger is listed as not interpreted when the cast event is in the state, and not
    # otherwise (mutant seed 31: assumptions.lp:122 with "not cast_event(_, _, O)").
    from pyrules import GameState
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("ulamog", "Ulamog, the Infinite Gyre", "stack", "a", controller="a")
    if cast:
        s.cast_spell("e1", "a", "ulamog")
    listed = [a for a in kb_of("Ulamog, the Infinite Gyre").ask(s).assumptions()
              if a.object == "ulamog" and "cast" in a.text]
    assert bool(listed) == cast, listed
