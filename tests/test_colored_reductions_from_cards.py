"""Colored cost reductions read from real cards (issue 18; parser/oracle_text.lark spell_cost_change and
reduction_colored_only, rules_asp/casting/colored_reductions.lp): "Creature spells you cast cost {B} less
to cast. This effect reduces only the amount of colored mana you pay." (Nekrataal Avatar) takes one
{B} of a creature spell's cost (118.7b-f, 601.2f); the second sentence overrides 118.7b-c, so where the
reduction would come off the generic mana the payment is not decided (never a guess)."""

from __future__ import annotations

import pytest

from mana_helpers import alices_main_phase_asking_payments

CARDS = ("Nekrataal Avatar", "Gravedigger", "Grizzly Bears", "Doom Blade", "Forest", "Swamp")


@pytest.fixture(scope="module")
def kb(kb_of):
    return kb_of(*CARDS)


def _state(permanents: dict[str, str], hand: dict[str, str]):
    s = alices_main_phase_asking_payments()
    for obj, card in permanents.items():
        s.add_object(obj, card, "battlefield", "alice", controller="alice")
        s.controlled_since_turn_began(obj)
    for obj, card in hand.items():
        s.add_object(obj, card, "hand", "alice")
    return s


def _pay(kb, s, obj):
    (verdict,) = kb.ask(s).payments(obj)
    return verdict


def test_nekrataal_avatar_takes_the_b_of_gravedigger_three_forests_pay_the_rest_118_7(kb):
    # Gravedigger {3}{B} with the Avatar: {3}, and three Forests pay it.
    pay = _pay(kb, _state({"av": "Nekrataal Avatar", "f1": "Forest", "f2": "Forest", "f3": "Forest"},
                          {"gd": "Gravedigger"}), "gd")
    assert (pay.payable, pay.total_cost, pay.strength) == (True, "{3}", "derived")
    assert {"118.7b", "601.2f"} & {c.rule for c in pay.citations}


def test_without_the_avatar_three_forests_cant_pay_gravedigger_601_2h(kb):
    pay = _pay(kb, _state({"f1": "Forest", "f2": "Forest", "f3": "Forest"}, {"gd": "Gravedigger"}), "gd")
    assert (pay.payable, pay.reasons) == (False, ("missing(b,1,0)",))


def test_the_avatars_reduction_is_only_for_creature_spells(kb):
    # Doom Blade {1}{B} is no creature spell: one Swamp is short.
    pay = _pay(kb, _state({"av": "Nekrataal Avatar", "s1": "Swamp"}, {"blade": "Doom Blade"}), "blade")
    assert (pay.payable, pay.reasons) == (False, ("missing(any_mana,2,1)",))


def test_reduces_only_colored_mana_a_cost_with_no_b_is_not_decided_118_7b(kb):
    # Grizzly Bears {1}{G} has no {B}: 118.7b would take {1}, but the card says it reduces only colored
    # mana; pyrules does not decide rather than say {G} (which the rules without that sentence give).
    s = _state({"av": "Nekrataal Avatar", "f1": "Forest"}, {"bears": "Grizzly Bears"})
    answers = kb.ask(s)
    (pay,) = answers.payments("bears")
    assert (pay.payable, pay.reasons) == (None, ("reduction_colored_only(b)",))
    # both sentences are read: no assumption about the Avatar's text
    assert not [a for a in answers.assumptions() if a.object == "av"]
