"""How many cards a "number of cards" effect counts with a split card in the counted zone, and the rules
its answer cites (issue 23: tests that notice when a rule changes). 709.2: a split card is one card;
709.4c: off the stack it has the combined characteristics of its halves (so it meets a requirement
either half meets). A split card in another zone is not counted and does not make the count cite them.
rules_asp/characteristics_and_objects/split_cards.lp.

Cards: Commit // Memory (a split card), Grizzly Bears.
"""

from __future__ import annotations

import pytest

from two_player import game, rules

# (zone of Commit // Memory) -> (cards counted in a's graveyard, the split-card rules cited)
ROWS = [("graveyard", 2, {"709.2", "709.4c"}), ("hand", 1, set())]


@pytest.mark.parametrize("zone,number,split_rules", ROWS)
def test_a_split_card_counts_as_one_card_only_in_the_counted_zone_709_2_709_4c(kb_of, zone, number, split_rules):
    s = game()
    s.add_object("cm", "Commit // Memory", zone, "a")
    s.add_object("gb", "Grizzly Bears", "graveyard", "a")
    s.count("n", "a", "graveyard")
    c = kb_of("Commit // Memory", "Grizzly Bears").ask(s).count("n")
    assert c.number == number
    assert rules(c) & {"709.2", "709.4c"} == split_rules
