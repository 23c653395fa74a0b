"""An alternative cost nothing offers makes that proposal illegal, whatever another proposal's card
leaves unread (issue 23: tests that notice when a rule changes), on real cards. 118.9, 601.2b: an
alternative cost is one the spell or an effect offers; unread keyword or static text of the proposed
card itself might offer one (113.3a: no verdict then), but unread text of another card proposed in
the same state says nothing about this one. rules_asp/casting/costs.lp (offer_text_unread/2).

Cards: Lightning Bolt (read in full, no alternative cost) proposed with a "bogus" alternative cost;
Accursed Witch // Infectious Curse (its front face's static ability 1 is not read) proposed as well.
"""

from __future__ import annotations

import pytest

from two_player import own_main_phase


@pytest.mark.parametrize("witch_proposed", [False, True])
def test_an_alternative_cost_nothing_offers_is_illegal_beside_another_cards_unread_text_118_9_601_2b(
        kb_of, witch_proposed):
    s = own_main_phase()
    s.add_object("b", "Lightning Bolt", "hand", "a")
    s.add_object("w", "Accursed Witch // Infectious Curse", "hand", "a")
    s.propose("pb", "a", "b", alternative_costs=("bogus",), targets=("b",))
    if witch_proposed:
        s.propose("pw", "a", "w")
    answers = kb_of("Lightning Bolt", "Accursed Witch // Infectious Curse").ask(s)
    verdicts = {p.proposal: (p.verdict, p.reasons) for p in answers.proposals()}
    assert verdicts["pb"] == ("illegal", ("alternative_cost_not_offered(bogus)",))
    assert [d.args for d in answers.derived("proposal_undecided") if d.args[0] == "pb"] == []
