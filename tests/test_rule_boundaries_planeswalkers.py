"""A planeswalker on the battlefield with no loyalty counters has 0 loyalty (issue 23: tests that notice
when a rule changes), on a real card. 306.5c: a planeswalker's loyalty on the battlefield is the
number of loyalty counters on it; with none it is 0, and 704.5i puts a planeswalker with 0 loyalty into its owner's
graveyard. rules_asp/damage_and_sba/sba.lp (loyalty_after/2).

Cards: Jace Beleren, on a's battlefield with no loyalty counter stated, or with 3.
"""

from __future__ import annotations

import pytest

from pyrules import GameState


@pytest.mark.parametrize("loyalty,dies", [(None, True), (3, False)])
def test_a_planeswalker_without_loyalty_counters_goes_to_the_graveyard_306_5c_704_5i(kb_of, loyalty, dies):
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("jace", "Jace Beleren", "battlefield", "a", controller="a")
    s.controlled_since_turn_began("jace")
    if loyalty is not None:
        s.add_counters("jace", "loyalty", loyalty)
    verdict = kb_of("Jace Beleren").ask(s).outcomes().sba("put_into_graveyard", "jace")
    assert (verdict is not None) == dies
    if dies:
        assert "704.5i" in {c.rule for c in verdict.citations}
