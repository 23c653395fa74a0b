"""Boundaries of the mana payment verdict (issue 23: tests that notice when a rule changes), on real
cards: a cost increase (601.2f: the total cost is the mana cost plus all cost increases); a generic
cost reduction at, below and above the generic mana of the cost (118.7a: a reduction
takes only generic mana; 601.2f: the mana component can't be reduced to less than {0}), alone and under
a cost floor ("costs at least three mana", 601.2f: applied to the total after the reductions).
rules_asp/casting/mana_payment.lp.

Cards: Lightning Strike ({1}{R}), Mountain; Savannah Lions ({W}) and Plains for a white symbol (107.4a).
"""

from __future__ import annotations

import pytest

from pyrules import GameState, KnowledgeBase

from mana_helpers import alices_main_phase_asking_payments


@pytest.fixture(scope="module")
def kb(kb_of) -> KnowledgeBase:
    return kb_of("Mountain", "Lightning Strike")


def strike_with_mountains(reduction: int, floor: int | None = None, mountains: int = 1, increase: int = 0) -> GameState:
    """Alice's precombat main phase with priority, ``mountains`` Mountains of hers (controlled since
    the turn began), Lightning Strike in her hand, her spells costing ``reduction`` generic mana less,
    every spell costing at least ``floor`` mana (Trinisphere's effect) when given, and ``increase``
    generic mana more (Thalia's effect, for every spell here)."""
    s = alices_main_phase_asking_payments()
    for i in range(1, mountains + 1):
        s.add_object(f"m{i}", "Mountain", "battlefield", "alice", controller="alice")
        s.controlled_since_turn_began(f"m{i}")
    s.add_object("strike", "Lightning Strike", "hand", "alice")
    if reduction:
        s.cost_reduction("discount", "alice", reduction)
    if floor is not None:
        s.cost_floor("floor", floor)
    if increase:
        s.cost_increase("tax", increase)
    return s


# reduction -> (payable with one Mountain, total cost): {1}{R} less 0, 1, 2 or 3 generic; 118.7a: the
# reduction never takes the {R} nor goes below {0} generic
ROWS = [(0, False, "{1}{R}"), (1, True, "{R}"), (2, True, "{R}"), (3, True, "{R}")]


@pytest.mark.parametrize("reduction,payable,total", ROWS)
def test_a_generic_reduction_leaves_at_least_zero_generic_and_the_colored_symbol_118_7a(kb, reduction, payable,
                                                                                        total):
    payments = kb.ask(strike_with_mountains(reduction)).payments("strike")
    assert [(p.payable, p.total_cost) for p in payments] == [(payable, total)]


# (reduction, Mountains) -> (payable, total cost) under "costs at least three mana": {1}{R} reduced to
# {R} (the reduction past the generic mana counts for nothing) is raised to {2}{R}; three Mountains pay
# it, two don't
FLOOR_ROWS = [(1, 3, True, "{2}{R}"), (2, 3, True, "{2}{R}"), (3, 3, True, "{2}{R}"), (2, 2, False, "{2}{R}")]


@pytest.mark.parametrize("reduction,mountains,payable,total", FLOOR_ROWS)
def test_a_floor_raises_the_reduced_total_never_counting_a_reduction_below_zero_601_2f(kb, reduction, mountains,
                                                                                       payable, total):
    payments = kb.ask(strike_with_mountains(reduction, floor=3, mountains=mountains)).payments("strike")
    assert [(p.payable, p.total_cost) for p in payments] == [(payable, total)]


# (increase, Mountains) -> (payable, total cost): {1}{R} plus {1} or {2} is {2}{R} or {3}{R} (601.2f)
INCREASE_ROWS = [(1, 2, False, "{2}{R}"), (1, 3, True, "{2}{R}"), (2, 3, False, "{3}{R}"), (2, 4, True, "{3}{R}")]


@pytest.mark.parametrize("increase,mountains,payable,total", INCREASE_ROWS)
def test_a_cost_increase_is_added_to_the_total_the_mana_must_pay_601_2f(kb, increase, mountains, payable, total):
    payments = kb.ask(strike_with_mountains(0, mountains=mountains, increase=increase)).payments("strike")
    assert [(p.payable, p.total_cost) for p in payments] == [(payable, total)]


# --- each colored symbol needs mana of its color (107.4a), white included ------------------------------
# Savannah Lions ({W}): one Plains pays it; one Mountain doesn't (its mana is red)
@pytest.mark.parametrize("land,payable", [("Plains", True), ("Mountain", False)])
def test_a_white_symbol_is_paid_by_white_mana_only_107_4a(kb_of, land, payable):
    s = alices_main_phase_asking_payments()
    s.add_object("l1", land, "battlefield", "alice", controller="alice")
    s.controlled_since_turn_began("l1")
    s.add_object("lions", "Savannah Lions", "hand", "alice")
    (pay,) = kb_of(land, "Savannah Lions").ask(s).payments("lions")
    assert (pay.payable, pay.total_cost) == (payable, "{W}")


# --- 119.4, 107.4f: life below 0 pays no Phyrexian symbol ----------------------------------------------
# Dismember ({1}{B/P}{B/P}) with three Mountains: at 4 life both Phyrexian symbols can be paid with
# life; at 0 or -1 life none can (a player can't pay more life than they have, 119.4), so the cost is
# short of black mana or life
@pytest.mark.parametrize("life,payable", [(4, True), (0, False), (-1, False)])
def test_phyrexian_symbols_paid_with_life_only_with_life_to_pay_119_4_107_4f(kb_of, life, payable):
    s = alices_main_phase_asking_payments(life)
    for i in range(1, 4):
        s.add_object(f"m{i}", "Mountain", "battlefield", "alice", controller="alice")
        s.controlled_since_turn_began(f"m{i}")
    s.add_object("dis", "Dismember", "hand", "alice")
    payments = kb_of("Mountain", "Dismember").ask(s).payments("dis")
    assert [p.payable for p in payments] == [payable]
