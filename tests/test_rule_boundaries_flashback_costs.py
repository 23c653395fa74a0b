"""The total cost of a spell cast with its printed flashback (issue 23: tests that notice when a rule
changes). 702.34a: flashback casts the card from the graveyard by paying the flashback cost rather than
its mana cost (118.9); 601.2f: the total cost is that alternative cost. Deep Analysis' "Flashback—{1}{U},
Pay 3 life." is read: total {1}{U} (2 mana) and 3 life. When a fact file states the flashback ability's
text unread (card_unparsed(C, F, oracle_text(A), T) for the keyword ability A), the cost might hold more
than what was read, so no total is given (alternative_cost_unknown/1), never the partial one.
rules_asp/casting/costs.lp, on fact files (solved as ``pyrules solve`` does).
"""

from __future__ import annotations

import pytest

from fact_file_helpers import solve_fact_text

STATE = """player(a). player(b). active_player(a). phase(precombat_main). has_priority(a). life_total(a, 20).
object(da). object_card(da, "Deep Analysis"). owner(da, a). in_zone(da, graveyard).
proposal(p, a, da, 1). proposal_method(p, flashback).
"""
FLASHBACK_UNREAD = 'card_unparsed("Deep Analysis", 1, oracle_text(2), "(not read)").\n'


@pytest.mark.parametrize("unread,totals", [(False, ["total_cost(p,2,3)"]), (True, [])])
def test_a_flashback_cost_whose_text_is_unread_gives_no_total_702_34a_601_2f(tmp_path, oracle_records, unread, totals):
    answers = solve_fact_text(STATE + (FLASHBACK_UNREAD if unread else ""), [oracle_records["Deep Analysis"]],
                              tmp_path)
    assert sorted(a for a in answers if a.startswith("total_cost(")) == totals
    assert "proposal_legal(p)" in answers
