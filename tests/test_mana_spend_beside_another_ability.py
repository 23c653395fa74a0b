"""A mana ability whose mana may be spent only to cast some spells, beside another mana ability of the
same permanent (issue 18; 106.6, 107.5, 605.1a): Lupinflower Village's "{T}: Add {C}." and "{T}: Add
{W}. Spend this mana only to cast a creature spell." Tapped, the land adds the mana of one of them:
one unit, {C} for any cost, or {W} for a spell the restriction allows (rules_asp/casting/
mana_abilities.lp's mana_spend_beside/3, casting/mana_payment.lp). Before, such a land was a source not
counted, and every shortfall with it undecided. A restriction not read (Cavern of Souls' "creature
spell of the chosen type") still leaves the source uncounted. Real cards, in one moment."""

from __future__ import annotations

import pytest

from mana_helpers import payment_of as _payment

CARDS = ("Lupinflower Village", "Cavern of Souls", "Savannah Lions", "Swords to Plowshares", "Grizzly Bears",
         "Knight of Meadowgrain", "Forest", "Mountain", "Lightning Helix")


@pytest.fixture(scope="module")
def kb(kb_of):
    return kb_of(*CARDS)


def test_the_village_alone_pays_savannah_lions_white_with_its_restricted_mana_106_6(kb):
    # {W} for a creature spell: the restricted ability's mana (before: undecided, the source not counted)
    pay = _payment(kb, {"v1": "Lupinflower Village"}, "Savannah Lions", asked=True)
    assert (pay.payable, pay.reasons, pay.strength) == (True, (), "derived")
    assert "106.6" in {c.rule for c in pay.citations}
    assert list(pay.uses_text) == ["{W} with v1 (w)"]


def test_the_villages_white_cant_pay_swords_to_plowshares_an_instant_106_6_601_2h(kb):
    # 106.6: its {W} may be spent only on a creature spell; its {C} can't pay {W} (107.4a)
    pay = _payment(kb, {"v1": "Lupinflower Village"}, "Swords to Plowshares")
    # decided (before: undecided); 'assumed' only for Swords' own unread life-gain sentence
    assert (pay.payable, pay.reasons) == (False, ("missing(w,1,0)",)) and pay.strength != "unknown"
    assert "106.6" in {c.rule for c in pay.citations}


def test_the_village_gives_no_green_for_grizzly_bears_107_4a_601_2h(kb):
    # {1}{G}: its {C} or its {W}, no {G} (before: undecided)
    pay = _payment(kb, {"v1": "Lupinflower Village"}, "Grizzly Bears")
    assert (pay.payable, pay.reasons, pay.strength) == (False, ("missing(g,1,0)",), "derived")


@pytest.mark.parametrize(("villages", "payable", "reasons"), [(1, False, ("missing(w,2,1)",)), (2, True, ())])
def test_a_village_is_tapped_once_one_mana_for_knight_of_meadowgrains_white_white_107_5(kb, villages, payable,
                                                                                       reasons):
    # 107.5: one {T} cost pays for one of its abilities: one {W}, not {W} and {C}; two Villages give two
    lands = {f"v{i}": "Lupinflower Village" for i in range(1, villages + 1)}
    pay = _payment(kb, lands, "Knight of Meadowgrain")
    assert (pay.payable, pay.reasons, pay.strength) == (payable, reasons, "derived")


@pytest.mark.parametrize(("lands", "spell", "payable", "reasons"), [
    ({"v1": "Lupinflower Village", "f1": "Forest"}, "Grizzly Bears", True, ()),          # {C} + {G}
    ({"v1": "Lupinflower Village", "m1": "Mountain"}, "Lightning Helix", False, ("missing(w,1,0)",)),
])
def test_the_village_beside_other_lands_106_6_601_2h(kb, lands, spell, payable, reasons):
    pay = _payment(kb, lands, spell)
    assert (pay.payable, pay.reasons, pay.strength) == (payable, reasons, "derived")


def test_cavern_of_souls_chosen_type_restriction_stays_uncounted_605_1a(kb):
    # "a creature spell of the chosen type": no chosen type in the state, so neither spent nor refused on
    pay = _payment(kb, {"c1": "Cavern of Souls"}, "Savannah Lions")
    assert pay.payable is None


def test_a_sequence_paying_with_the_villages_white_lists_the_payment_not_applied_601_2h(kb):
    # The moment's verdict says the Village pays Savannah Lions (106.6); a sequence does not spend
    # restricted mana: the cast goes on, its payment listed as not applied (never refused).
    from timeline_helpers import two_player_state, user_steps
    kb.time_limit = 120
    s = two_player_state(("spell", "Savannah Lions", "hand", "alice"), ("v1", "Lupinflower Village", "battlefield", "alice"))
    s.controlled_since_turn_began("v1")
    s.ask_payments()
    s.then_cast("alice", "spell")
    cast = user_steps(kb.run(s))[0]
    assert cast.refused is None
    assert [str(f) for f in cast.state if f.name == "unapplied_effect"] == \
        ["unapplied_effect(spell,0,payment_not_applied(no_payment_derived))"]
