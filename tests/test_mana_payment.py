"""Mana sources and payments (issue 18; rules_asp/casting/mana_abilities.lp, mana_payment.lp), on real
cards: what a player's permanents can produce now (305.6, 605.1a, 302.6) and whether that pays the
mana of a spell's total cost (601.2g-h, 107.4), a verdict apart from "may begin to cast" (601.3)."""

from __future__ import annotations

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.errors import QueryError

CARDS = ("Mountain", "Forest", "Island", "Llanowar Elves", "Lightning Strike", "Eidolon of the Great Revel",
         "Rakdos Guildmage", "City of Brass", "Grizzly Bears", "Dismember", "Sol Ring", "Eldrazi Temple",
         "Spectral Procession", "Frogmite", "Ornithopter", "Thoughtcast")


@pytest.fixture(scope="module")
def kb(kb_of) -> KnowledgeBase:
    return kb_of(*CARDS)


def state(permanents: dict[str, str], hand: dict[str, str], *, life: int | None = 20,
          new: tuple[str, ...] = ()) -> GameState:
    """Alice's precombat main phase with priority: ``permanents`` (id -> card) hers on the battlefield,
    controlled since the turn began unless named in ``new``; ``hand`` (id -> card) in her hand."""
    s = GameState()
    for p in ("alice", "bob"):
        s.add_player(p)
    if life is not None:
        s.set_life("alice", life)
    s.set_turn("alice", "precombat_main", priority="alice")
    s.ask_payments()
    for obj, card in permanents.items():
        s.add_object(obj, card, "battlefield", "alice", controller="alice")
        if obj not in new:
            s.controlled_since_turn_began(obj)
    for obj, card in hand.items():
        s.add_object(obj, card, "hand", "alice")
    return s


def payment(kb: KnowledgeBase, s: GameState, obj: str):
    (verdict,) = kb.ask(s).payments(obj)
    return verdict


def rules(v) -> set[str]:
    return {c.rule for c in v.citations}


# --- 601.3 vs 601.2g-h: may begin to cast, but can't pay --------------------------------------------

def test_one_mountain_may_begin_to_cast_lightning_strike_but_cannot_pay_its_two_mana_601_2h(kb):
    s = state({"m1": "Mountain"}, {"strike": "Lightning Strike"})
    answers = kb.ask(s)
    (option,) = answers.cast_options("strike")
    assert option.allowed is True  # 601.3: may begin to cast
    (pay,) = answers.payments("strike")
    assert (pay.player, pay.payable, pay.reasons) == ("alice", False, ("missing(any_mana,2,1)",))
    assert pay.explanation == ("the cost needs 2 mana, the sources give 1",)
    assert {"601.2g", "601.2h", "118.3", "305.6", "107.4a", "107.4b"} <= rules(pay)
    assert pay.strength == "derived"
    assert pay.total_cost == "{1}{R}"  # 601.2f: the total as symbols
    assert "alice cannot pay {1}{R} for Lightning Strike (strike)" in pay.explain()


def test_two_mountains_pay_lightning_strike_305_6(kb):
    pay = payment(kb, state({"m1": "Mountain", "m2": "Mountain"}, {"strike": "Lightning Strike"}), "strike")
    assert (pay.payable, pay.reasons, pay.strength) == (True, (), "derived")
    assert {"305.6", "605.3a", "601.2h"} <= rules(pay)


def test_mountain_and_forest_cannot_pay_red_red_the_missing_color_107_4a(kb):
    pay = payment(kb, state({"m1": "Mountain", "f1": "Forest"}, {"eidolon": "Eidolon of the Great Revel"}), "eidolon")
    assert (pay.payable, pay.reasons) == (False, ("missing(r,2,1)",))
    assert pay.explanation == ("2 of its symbols can be paid only with {R}, the sources give 1",)


def test_a_tapped_mountain_produces_nothing_107_5(kb):
    s = state({"m1": "Mountain", "m2": "Mountain"}, {"strike": "Lightning Strike"})
    s.tap("m2")
    answers = kb.ask(s)
    assert [d.args for d in answers.derived("can_produce")] == [("alice", "m1", "r")]
    (pay,) = answers.payments("strike")
    assert (pay.payable, pay.reasons) == (False, ("missing(any_mana,2,1)",))


def test_an_opponents_mountain_is_no_source(kb):
    s = state({"m1": "Mountain"}, {"strike": "Lightning Strike"})
    s.add_object("m2", "Mountain", "battlefield", "bob", controller="bob")
    pay = payment(kb, s, "strike")
    assert pay.reasons == ("missing(any_mana,2,1)",)


# --- 107.4e hybrid ------------------------------------------------------------------------------------

def test_a_hybrid_cost_with_only_one_of_its_colors_is_payable_107_4e(kb):
    # Rakdos Guildmage {B/R}{B/R}: two Mountains pay both symbols with red.
    pay = payment(kb, state({"m1": "Mountain", "m2": "Mountain"}, {"mage": "Rakdos Guildmage"}), "mage")
    assert (pay.payable, pay.strength, pay.total_cost) == (True, "derived", "{B/R}{B/R}")
    assert "107.4e" in rules(pay)


def test_a_hybrid_cost_short_of_both_its_colors_names_them_107_4e(kb):
    pay = payment(kb, state({"m1": "Mountain", "f1": "Forest"}, {"mage": "Rakdos Guildmage"}), "mage")
    assert (pay.payable, pay.reasons) == (False, ("missing(or(b,r),2,1)",))
    assert pay.explanation == ("2 of its symbols can be paid only with {B} or {R}, the sources give 1",)


# --- 302.6: a mana creature -----------------------------------------------------------------------------

def test_summoning_sick_llanowar_elves_cannot_pay_grizzly_bears_302_6(kb):
    s = state({"elf": "Llanowar Elves", "f1": "Forest"}, {"bears": "Grizzly Bears"}, new=("elf",))
    answers = kb.ask(s)
    (pay,) = answers.payments("bears")
    assert (pay.payable, pay.reasons) == (False, ("missing(any_mana,2,1)",))
    assert "302.6" in rules(pay)
    # it rests on the state not saying the Elves were controlled since the turn began
    assert pay.strength == "assumed"
    assert any("controlled_since_turn_began(elf)" in a.text for a in answers.assumptions("cost", "bears"))


def test_llanowar_elves_controlled_since_the_turn_began_pay_grizzly_bears_605_1a(kb):
    s = state({"elf": "Llanowar Elves", "f1": "Forest"}, {"bears": "Grizzly Bears"})
    answers = kb.ask(s)
    assert ("alice", "elf", "g") in [d.args for d in answers.derived("can_produce")]
    (pay,) = answers.payments("bears")
    assert (pay.payable, pay.strength) == (True, "derived")
    assert {"605.1a", "302.6"} <= rules(pay)


# --- 106.1, 605.1a: mana abilities read from card text ------------------------------------------------

def test_city_of_brass_adds_one_mana_of_any_color_106_1(kb):
    s = state({"city": "City of Brass", "m1": "Mountain"}, {"eidolon": "Eidolon of the Great Revel"})
    answers = kb.ask(s)
    assert sorted(d.args[2] for d in answers.derived("can_produce") if d.args[1] == "city") == ["b", "g", "r", "u", "w"]
    (pay,) = answers.payments("eidolon")
    assert pay.payable is True


def test_city_of_brass_is_one_mana_not_two_for_red_red(kb):
    pay = payment(kb, state({"city": "City of Brass", "f1": "Forest"}, {"eidolon": "Eidolon of the Great Revel"}),
                  "eidolon")
    assert (pay.payable, pay.reasons) == (False, ("missing(r,2,1)",))


def test_sol_ring_adds_two_colorless_for_generic_but_not_red_107_4b(kb):
    assert payment(kb, state({"ring": "Sol Ring", "m1": "Mountain"}, {"strike": "Lightning Strike"}),
                   "strike").payable is True
    pay = payment(kb, state({"ring": "Sol Ring"}, {"strike": "Lightning Strike"}), "strike")
    assert (pay.payable, pay.reasons) == (False, ("missing(r,1,0)",))


def test_an_unread_restricted_mana_ability_leaves_a_refusal_undecided_605_1a(kb):
    # Eldrazi Temple's "{T}: Add {C}{C}. Spend this mana only to cast colorless Eldrazi spells ...": the
    # restriction is unread, so the ability is counted neither way; a refusal would rest on it.
    s = state({"temple": "Eldrazi Temple"}, {"strike": "Lightning Strike"})
    pay = payment(kb, s, "strike")
    assert pay.payable is None
    assert pay.reasons == ('mana_source_open(temple,unknown_ability(("Eldrazi Temple",1,2)))',)
    assert pay.strength == "unknown"
    # ... but its read "{T}: Add {C}." is counted: with a Mountain it pays {1}{R}.
    s = state({"temple": "Eldrazi Temple", "m1": "Mountain"}, {"strike": "Lightning Strike"})
    assert payment(kb, s, "strike").payable is True


# --- 107.4f, 119.4: Phyrexian mana --------------------------------------------------------------------

def test_dismember_paid_with_life_for_its_phyrexian_symbols_119_4(kb):
    pay = payment(kb, state({"m1": "Mountain"}, {"dm": "Dismember"}), "dm")
    assert pay.payable is True
    assert {"107.4f", "119.4"} <= rules(pay)


def test_dismember_with_three_life_can_pay_only_one_phyrexian_symbol_with_life(kb):
    pay = payment(kb, state({"m1": "Mountain"}, {"dm": "Dismember"}, life=3), "dm")
    assert (pay.payable, pay.reasons) == (False, ("missing(or(b,life),2,1)",))


def test_dismember_without_a_life_total_is_undecided_not_refused(kb):
    pay = payment(kb, state({"m1": "Mountain"}, {"dm": "Dismember"}, life=None), "dm")
    assert (pay.payable, pay.reasons) == (None, ("life_total_not_stated",))


# --- 601.2f: the total cost ------------------------------------------------------------------------------

def test_a_cost_floor_raises_what_must_be_paid_601_2f(kb):
    s = state({"m1": "Mountain", "m2": "Mountain"}, {"strike": "Lightning Strike"})
    s.cost_floor("trinisphere", 3)
    pay = payment(kb, s, "strike")
    assert (pay.payable, pay.reasons) == (False, ("missing(any_mana,3,2)",))
    assert "601.2f" in rules(pay)
    assert pay.total_cost == "{2}{R}"  # the floor's mana is generic


def test_a_generic_cost_reduction_lets_one_mountain_pay_118_7a(kb):
    s = state({"m1": "Mountain"}, {"strike": "Lightning Strike"})
    s.cost_reduction("discount", "alice", 1)
    pay = payment(kb, s, "strike")
    assert pay.payable is True and "118.7a" in rules(pay)
    assert pay.total_cost == "{R}"


def test_affinity_for_artifacts_counts_in_the_payment_as_in_the_proposals_total_702_41a(kb):
    # Frogmite {4}, affinity for artifacts, with two Ornithopters and two Mountains: {2}, paid (was "cannot
    # pay {4}", a wrong refusal: the proposal's total counted the affinity, the payment did not).
    s = state({"m1": "Mountain", "m2": "Mountain", "o1": "Ornithopter", "o2": "Ornithopter"},
              {"fm": "Frogmite", "tc": "Thoughtcast"})
    s.propose("p", "alice", "fm")
    answers = kb.ask(s)
    (pay,) = answers.payments("fm")
    assert (pay.payable, pay.total_cost, pay.strength) == (True, "{2}", "derived")
    assert {"702.41a", "118.7a"} <= rules(pay)
    assert [t.args for t in answers.derived("total_cost")] == [("p", "2", "0")]
    (pay,) = answers.payments("tc")  # Thoughtcast {4}{U}: {2}{U}, still no blue
    assert (pay.payable, pay.reasons, pay.total_cost) == (False, ("missing(u,1,0)",), "{2}{U}")
    s = state({"m1": "Mountain", "o1": "Ornithopter"}, {"fm": "Frogmite"})
    assert payment(kb, s, "fm").reasons == ("missing(any_mana,3,1)",)  # {3}: one Ornithopter off


def test_a_monocolored_hybrid_symbol_is_decided_107_4e(kb):
    # Spectral Procession {2/W}{2/W}{2/W} with one Mountain: neither {W}{W}{W} nor six mana (nor a mixture);
    # more in tests/test_mana_payment_snow_and_monocolored_hybrid.py.
    pay = payment(kb, state({"p1": "Mountain"}, {"sp": "Spectral Procession"}), "sp")
    assert (pay.payable, pay.reasons) == (False, ("hybrid_paid(as_color,missing(w,3,0))",
                                                  "hybrid_paid(as_generic,missing(any_mana,6,1))"))
    assert pay.total_cost == "{2/W}{2/W}{2/W}"


def test_payments_of_a_misspelt_object_is_an_error(kb):
    with pytest.raises(QueryError):
        kb.ask(state({}, {})).payments("nope")


# --- one payment, asked for (GameState.ask_payment): which source pays which symbol --------------------

def test_an_asked_payment_names_the_source_of_each_symbol_601_2h(kb):
    s = state({"m1": "Mountain", "f1": "Forest"}, {"strike": "Lightning Strike"})
    s.ask_payment("strike")
    pay = payment(kb, s, "strike")
    assert pay.payable is True
    # {R} can only be the Mountain's: the Forest pays {1} (107.4a, 107.4b)
    assert pay.uses == (("generic(1)", "mana(f1,g)"), ("symbol(2,colored(r))", "mana(m1,r)"))
    assert "{1} with f1 (g), {R} with m1 (r)" in pay.explain()


def test_an_asked_payment_pays_phyrexian_symbols_with_life_when_no_black_source_107_4f(kb):
    s = state({"m1": "Mountain"}, {"dm": "Dismember"})
    s.ask_payment("dm")
    pay = payment(kb, s, "dm")
    assert pay.uses == (("generic(1)", "mana(m1,r)"), ("symbol(2,phyrexian(b))", "life(2)"),
                        ("symbol(3,phyrexian(b))", "life(2)"))


def test_no_payment_is_given_unless_asked_or_when_none_exists(kb):
    assert payment(kb, state({"m1": "Mountain", "f1": "Forest"}, {"strike": "Lightning Strike"}), "strike").uses == ()
    s = state({"m1": "Mountain"}, {"strike": "Lightning Strike"})
    s.ask_payment("strike")
    pay = payment(kb, s, "strike")
    assert (pay.payable, pay.uses) == (False, ())


def test_asking_a_payment_for_a_permanent_is_refused(kb):
    from pyrules.errors import StateValueError
    s = state({"m1": "Mountain"}, {"strike": "Lightning Strike"})
    s.ask_payment("m1")
    with pytest.raises(StateValueError, match="ask_payment: obj given as payment_asked"):
        kb.ask(s)


def test_payments_are_answered_only_when_asked(kb):
    # not asked (GameState.ask_payments / ask_payment): no payment answer, and none of it grounds
    s = GameState()
    s.add_player("alice")
    s.set_turn("alice", "precombat_main", priority="alice")
    s.add_object("m1", "Mountain", "battlefield", "alice")
    s.add_object("strike", "Lightning Strike", "hand", "alice")
    answers = kb.ask(s)
    assert answers.payments() == [] and answers.derived("can_produce") == []
    assert [o.allowed for o in answers.cast_options("strike")] == [True]
    s.ask_payment("strike")  # this one only
    (pay,) = kb.ask(s).payments()
    assert (pay.object, pay.payable) == ("strike", False)
