"""A "Remove N counters" activation cost at its boundaries (issue 23: tests that notice when a rule
changes). 122.1, 118.3: removing N counters of a kind can be paid only with N of them on the object:
with 5 charge counters, removing 5 can be paid and 6 can't. The rule base compares N only up to
1,000,000 (rules_asp/casting/activation.lp: every non-number is greater than every number in clingo's
order, so the bound keeps "X" out of the comparison); beyond it the cost is not checked at all: listed
among the costs the verdict does not check (activation_other_cost, 602.2b, 601.2h), never claimed
payable or unpayable -- the check and its "checked" mark use the same bound. A plain-text artifact
(no printed card removes a million counters): "Remove N charge counters from this artifact: Draw a
card.", N from the table.
"""

from __future__ import annotations

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.inputs.cards import cards_from_text

COUNTERS = 5
# N -> "paid" (checked, payable) | "cant_pay" (checked, not payable) | "unchecked"
ROWS = {5: "paid", 6: "cant_pay", 1_000_000: "cant_pay", 1_000_001: "unchecked"}


def card_text(n: int) -> str:
    return f"Test Hoard {n}\n{{2}}\nArtifact\nRemove {n} charge counters from this artifact: Draw a card.\n"


@pytest.fixture(scope="module")
def session():
    kb = KnowledgeBase([c for n in ROWS for c in cards_from_text(card_text(n))])
    return kb.warm([state(n) for n in ROWS])


def state(n: int) -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("h", f"Test Hoard {n}", "battlefield", "a", controller="a")
    s.add_counters("h", "charge", COUNTERS)
    return s


@pytest.mark.parametrize("n", list(ROWS))
def test_remove_counters_cost_checked_up_to_the_bound_122_1_118_3(session, n):
    (verdict,) = session.ask(state(n)).outcomes().activations("h")
    cost = f"remove_counters(named(charge),{n})"
    cited = {c.rule for c in verdict.citations}
    expected = ROWS[n]
    if expected == "cant_pay":
        assert verdict.allowed is False
        assert verdict.reasons == (f"cant_pay({cost})",)
        assert {"118.3", "122.1"} <= cited
    else:
        assert verdict.allowed is True and verdict.reasons == ()
        assert verdict.other_costs == ((cost,) if expected == "unchecked" else ())
        assert ("118.3" in cited) == (expected == "paid")  # cited only for a cost it checked
