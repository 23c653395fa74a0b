"""Cost reductions by colored, colorless, hybrid and Phyrexian mana (issue 18; 118.7b-g,
rules_asp/casting/colored_reductions.lp): in the payment verdict and its total as symbols, and in a
proposal's total cost (601.2f), on real cards (GameState.cost_reduction_symbols: "... spells you cast cost
{W} less to cast")."""

from __future__ import annotations

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.errors import StateValueError

from mana_helpers import alices_main_phase_asking_payments

CARDS = ("Jasmine Boreal", "Forest", "Plains", "Mountain", "Swamp", "Wastes", "Rakdos Guildmage",
         "Thought-Knot Seer", "Dismember", "Trinisphere")


@pytest.fixture(scope="module")
def kb(kb_of) -> KnowledgeBase:
    return kb_of(*CARDS)


def state(lands: list[str], spell: str, reduction: str | None, *, proposal: dict | None = None,
          ask: bool = False, card_types: tuple[str, ...] = ()) -> GameState:
    """Alice's main phase with priority, 20 life: her ``lands`` (l0, l1 ...), ``spell`` in her hand
    ("sp"), an effect "edge" making her spells with ``card_types`` cost ``reduction`` less; a proposal
    "p" of the spell (``propose`` keywords) if given; one payment asked for if ``ask``."""
    s = alices_main_phase_asking_payments()
    for i, card in enumerate(lands):
        s.add_object(f"l{i}", card, "battlefield", "alice")
        s.controlled_since_turn_began(f"l{i}")
    s.add_object("sp", spell, "hand", "alice")
    if reduction is not None:
        s.cost_reduction_symbols("edge", "alice", reduction, card_types=card_types)
    if proposal is not None:
        s.propose("p", "alice", "sp", **proposal)
    if ask:
        s.ask_payment("sp")
    return s


def payment(kb, s):
    (pay,) = kb.ask(s).payments("sp")
    return pay


def total(kb, s) -> tuple[str, ...] | None:
    found = kb.ask(s).derived("total_cost")
    return found[0].args if found else None


def rules(v) -> set[str]:
    return {c.rule for c in v.citations}


JASMINE_LANDS = ["Forest", "Mountain", "Mountain", "Mountain"]


# --- 118.7c: a colored reduction takes mana of its color ------------------------------------------------

def test_a_white_reduction_takes_jasmine_boreals_white_mana_118_7c(kb):
    pay = payment(kb, state(JASMINE_LANDS, "Jasmine Boreal", "{W}"))
    assert (pay.payable, pay.total_cost, pay.strength) == (True, "{3}{G}", "derived")
    assert {"118.7c", "601.2f", "601.2h"} <= rules(pay)
    assert total(kb, state([], "Jasmine Boreal", "{W}", proposal={})) == ("p", "4", "0")


def test_without_the_reduction_the_same_lands_lack_white(kb):
    pay = payment(kb, state(JASMINE_LANDS, "Jasmine Boreal", None))
    assert (pay.payable, pay.reasons) == (False, ("missing(w,1,0)",))


def test_a_blue_reduction_of_a_spell_without_blue_takes_generic_mana_118_7b(kb):
    pay = payment(kb, state(JASMINE_LANDS, "Jasmine Boreal", "{U}"))
    assert (pay.payable, pay.reasons, pay.total_cost) == (False, ("missing(w,1,0)",), "{2}{G}{W}")
    assert "118.7b" in rules(pay)
    assert total(kb, state([], "Jasmine Boreal", "{U}", proposal={})) == ("p", "4", "0")


def test_two_green_reductions_take_the_one_green_and_one_generic_118_7c(kb):
    pay = payment(kb, state(["Plains"], "Jasmine Boreal", "{G}{G}"))
    assert (pay.payable, pay.total_cost) == (False, "{2}{W}")
    assert pay.explanation == ("the cost needs 3 mana, the sources give 1",)  # counted on the reduced total
    assert payment(kb, state(["Plains", "Mountain", "Mountain"], "Jasmine Boreal", "{G}{G}")).payable is True
    assert total(kb, state([], "Jasmine Boreal", "{G}{G}", proposal={})) == ("p", "3", "0")


def test_a_reduction_for_other_spells_does_not_apply(kb):
    pay = payment(kb, state(JASMINE_LANDS, "Jasmine Boreal", "{W}", card_types=("instant",)))
    assert (pay.payable, pay.total_cost) == (False, "{3}{G}{W}")


# --- 118.7d: colorless --------------------------------------------------------------------------------

def test_a_colorless_reduction_takes_thought_knot_seers_colorless_mana_118_7d(kb):
    s = state(["Wastes", "Mountain", "Mountain"], "Thought-Knot Seer", "{C}", ask=True)
    pay = payment(kb, s)
    assert (pay.payable, pay.total_cost) == (True, "{3}")
    assert "118.7d" in rules(pay)
    # the payment given takes the {C} by the reduction, as the total shows
    assert ("symbol(2,colorless)", "reduced(edge,colorless)") in pay.uses
    assert "{C} taken off by edge's reduction" in pay.explain()


def test_two_colorless_reductions_take_the_colorless_and_one_generic_118_7d(kb):
    pay = payment(kb, state(["Mountain", "Mountain"], "Thought-Knot Seer", "{C}{C}"))
    assert (pay.payable, pay.total_cost) == (True, "{2}")
    assert total(kb, state([], "Thought-Knot Seer", "{C}{C}", proposal={})) == ("p", "2", "0")


def test_a_colored_reduction_never_pays_colorless_mana_118_7(kb):
    pay = payment(kb, state(["Mountain", "Mountain", "Mountain"], "Thought-Knot Seer", "{R}"))
    assert (pay.payable, pay.reasons, pay.total_cost) == (False, ("missing(colorless,1,0)",), "{2}{C}")


# --- hybrid and Phyrexian: announcements (601.2b) and 118.7e-f ---------------------------------------

def test_a_red_reduction_pays_a_hybrid_symbol_announced_red(kb):
    # Rakdos Guildmage {B/R}{B/R} and one Swamp: the reduction takes the half announced red.
    pay = payment(kb, state(["Swamp"], "Rakdos Guildmage", "{R}"))
    assert (pay.payable, pay.total_cost) == (True, "")  # which symbol it takes depends on the announcement
    assert total(kb, state([], "Rakdos Guildmage", "{R}",
                           proposal={"pays": {1: "colored(b)", 2: "colored(r)"}})) == ("p", "1", "0")
    # both announced black: the cost has no red, and no generic mana to take (118.7b)
    assert total(kb, state([], "Rakdos Guildmage", "{R}",
                           proposal={"pays": {1: "colored(b)", 2: "colored(b)"}})) == ("p", "2", "0")


def test_a_hybrid_reduction_takes_either_half_118_7e(kb):
    assert payment(kb, state(["Forest", "Mountain", "Mountain", "Mountain"], "Jasmine Boreal", "{W/U}")).payable is True
    pay = payment(kb, state(["Plains", "Forest"], "Jasmine Boreal", "{W/U}"))
    assert (pay.payable, pay.reasons, pay.total_cost) == (False, ("missing(any_mana,4,2)",), "")
    assert "118.7e" in rules(pay)
    assert total(kb, state([], "Jasmine Boreal", "{W/U}", proposal={})) is None  # the player's choice


def test_a_phyrexian_reduction_takes_one_black_mana_118_7f(kb):
    s = state(["Mountain"], "Dismember", "{B/P}", proposal={"pays": {2: "life(2)", 3: "colored(b)"}})
    assert payment(kb, s).payable is True and "118.7f" in rules(payment(kb, s))
    assert total(kb, s) == ("p", "1", "2")  # {1} and 2 life: the announced {B} is taken


def test_a_two_or_white_reduction_is_not_decided_118_7e(kb):
    pay = payment(kb, state(JASMINE_LANDS, "Jasmine Boreal", "{2/W}"))
    assert (pay.payable, pay.reasons) == (None, ("reduction_symbol(edge,monocolored_hybrid(2,w))",))
    assert total(kb, state([], "Jasmine Boreal", "{2/W}", proposal={})) is None


def test_a_generic_or_snow_reduction_symbol_takes_generic_mana_118_7a_118_7g(kb):
    assert payment(kb, state(["Forest", "Plains"], "Jasmine Boreal", "{2}{S}")).total_cost == "{G}{W}"
    assert total(kb, state([], "Jasmine Boreal", "{2}{S}", proposal={})) == ("p", "2", "0")


def test_a_colored_reduction_with_a_cost_floor_is_not_decided(kb):
    s = state(JASMINE_LANDS, "Jasmine Boreal", "{W}")
    s.cost_floor("trinisphere", 3)
    assert payment(kb, s).reasons == ("floor_with_reduction",)


# --- inputs -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("cost,message", [("{Q}", "mana_cost '{Q}' is no mana cost"),
                                          ("", "mana_cost must name at least one mana symbol")])
def test_a_reduction_that_is_no_mana_cost_is_refused_by_name(cost, message):
    s = GameState()
    s.add_player("alice")
    with pytest.raises(StateValueError, match=f"cost_reduction_symbols: {message}"):
        s.cost_reduction_symbols("edge", "alice", cost)


def test_a_reduction_by_x_is_refused_by_the_rule_base(kb):
    with pytest.raises(StateValueError, match="cost_reduction_symbols: mana_cost given as "
                                              "spell_cost_reduction_symbol\\(edge,alice,1,variable\\(x\\)\\)"):
        kb.ask(state(JASMINE_LANDS, "Jasmine Boreal", "{X}"))
