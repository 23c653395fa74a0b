"""A granted flashback cost "equal to its mana cost" (issue 23: tests that notice when a rule changes).
702.34a: flashback lets a card be cast from its graveyard by paying the flashback cost instead of its
mana cost (an alternative cost, 118.9); a flashback granted by Snapcaster Mage ("The flashback cost is
equal to its mana cost.") costs the card's own mana cost -- that card's, not the granting card's. Table
over the granting source (a Snapcaster Mage object in the state, whose card says so, or a source the
state names without a card, read as such a grant) and the card in the graveyard, with real cards:
rules_asp/keywords/flashback.lp (flashback_cost_symbol/4, granted_cost_is_mana_cost/1).
"""

from __future__ import annotations

import pytest

from pyrules import GameState

# card in the graveyard -> (its mana cost's total, targets of the proposal)
SPELLS = {"Lightning Bolt": (1, ("b",)),   # {R}
          "Divination": (3, ())}           # {2}{U}


def state(spell: str, source_is_card: bool) -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    # Snapcaster Mage ({1}{U}) on the battlefield either way: its own mana cost must not be counted
    s.add_object("sm", "Snapcaster Mage", "battlefield", "a")
    s.add_object("fb_card", spell, "graveyard", "a")
    s.grant_keyword("snap", "fb_card", "flashback", source="sm" if source_is_card else "an_effect")
    s.propose("fb", "a", "fb_card", method="flashback", targets=SPELLS[spell][1])
    return s


@pytest.fixture(scope="module")
def session(kb_of):
    return kb_of("Snapcaster Mage", *SPELLS).warm([state(sp, c) for sp in SPELLS for c in (False, True)])


@pytest.mark.parametrize("source_is_card", [False, True])
@pytest.mark.parametrize("spell", list(SPELLS))
def test_granted_flashback_costs_the_cards_own_mana_cost_702_34a(session, spell, source_is_card):
    answers = session.ask(state(spell, source_is_card))
    assert [d.args for d in answers.derived("proposal_legal")] == [("fb",)]
    (total,) = answers.derived("total_cost")
    assert total.args == ("fb", str(SPELLS[spell][0]), "0")
    assert {"702.34a", "118.9", "601.2f"} <= {c.rule for c in total.citations}
