"""The question kinds an unread ability of a permanent bears on come from that ability's own kind
(issue 23: tests that notice when a rule changes). 113.6: a permanent's abilities function on the
battlefield; an unread triggered ability bears on the outcome and combat questions (603.2: when it
triggers, 603.3: what it does when it resolves), never on casting, cost or characteristics -- even with
another permanent whose ability of that number is of another kind.
rules_asp/foundation/assumptions.lp (ability_kind_now/3, function_kind_bears/2).

Cards: Accursed Witch // Infectious Curse (on the battlefield: ability 2 of its front face, "When this
creature dies, return it to the battlefield transformed ...", is partly unread), Vampire Nighthawk (on
the battlefield too: its ability 2 is the keyword Deathtouch, which would bear on every question).
"""

from __future__ import annotations

import pytest

from two_player import game


@pytest.mark.parametrize("also_known", [(), ("Vampire Nighthawk",)])
def test_an_unread_triggered_ability_bears_on_outcome_and_combat_only_113_6_603_2(kb_of, also_known):
    s = game()
    s.add_object("witch", "Accursed Witch // Infectious Curse", "battlefield", "a", controller="a")
    for card in also_known:
        s.add_object("other", card, "battlefield", "b", controller="b")
    found = {(x.ability, x.kinds) for x in kb_of("Accursed Witch // Infectious Curse", *also_known).ask(s).assumptions()
             if x.object == "witch"}
    assert (2, ("outcome", "combat")) in found
    assert {kinds for ability, kinds in found if ability == 2} == {("outcome", "combat")}
