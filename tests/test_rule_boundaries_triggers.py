"""The object a "Whenever you put one or more counters on ..." trigger names, each kind of object
(issue 23: tests that notice when a rule changes), with real cards: 603.2, 122.6. Defiant Greatmaw's
"on Defiant Greatmaw" triggers only for counters on itself; Hapatra's "on a creature" for any
creature, its own included; neither for counters another player puts (109.5: "you").
"""

from __future__ import annotations

import pytest

from pyrules import GameState

CARDS = ("Defiant Greatmaw", "Hapatra, Vizier of Poisons", "Boggart Ram-Gang", "Hill Giant")


def game() -> GameState:
    s = GameState()
    for p in ("a", "b"):
        s.add_player(p)
        s.set_life(p, 20)
    s.set_turn("a", "combat", "combat_damage", None)
    for obj, card, player in (("gm", "Defiant Greatmaw", "a"), ("hap", "Hapatra, Vizier of Poisons", "a"),
                              ("ram", "Boggart Ram-Gang", "a"), ("giant", "Hill Giant", "b"),
                              ("their_ram", "Boggart Ram-Gang", "b")):
        s.add_object(obj, card, "battlefield", player, controller=player)
        s.controlled_since_turn_began(obj)
    return s


# Hapatra's trigger is read in full: it triggers. Greatmaw's effect ("remove a -1/-1 counter from
# another target creature you control") is read too (removes_counters/6, which no rule applies: an
# assumption), so it triggers, but only when it is named.
@pytest.mark.parametrize("source,recipient,triggered,undecided", [
    ("ram", "gm", {"hap", "gm"}, set()),  # a's wither source puts -1/-1 counters on a's Greatmaw
    ("ram", "giant", {"hap"}, set()),    # on b's Hill Giant: "a creature", not "this creature"
    ("ram", "hap", {"hap"}, set()),      # on Hapatra itself: still "a creature"
    ("their_ram", "gm", set(), set()),   # b puts them: not "you" for a's permanents
])
def test_put_counters_trigger_names_its_object_603_2_122_6(kb_of, source, recipient, triggered, undecided):
    s = game()
    s.deal_damage("e", source, recipient, 1, combat=True)
    answers = kb_of(*CARDS).ask(s)
    on = [d.args for d in answers.derived("triggers_on")]
    assert {a[1] for a in on} == triggered and all(a[0] == "e" and a[3] == recipient for a in on)
    assert {d.args[1] for d in answers.derived("trigger_undecided")} == undecided
