"""Mana that may be spent only to cast some spells (issue 18; 106.6): "Spend this mana only to cast a
creature spell." read from card text (mana_spend_only/4, the grammar's cd4d7c5) and applied to the
payment (rules_asp/casting/mana_abilities.lp's mana_spend_only_unit/4, casting/mana_payment.lp): such
mana pays the spells its group allows and no other, never a payment that spends it elsewhere. A
restriction not read leaves the source uncounted (a refusal does not rest on it); one beside another mana
ability of its permanent: tests/test_mana_spend_beside_another_ability.py. Real cards."""

from __future__ import annotations

import pytest

from mana_helpers import payment_of as _payment

CARDS = ("Ancient Ziggurat", "Mishra's Workshop", "Pillar of the Paruns", "Lupinflower Village", "Mountain",
         "Grizzly Bears", "Lightning Strike", "Sol Ring", "Juggernaut", "Lightning Helix")


@pytest.fixture(scope="module")
def kb(kb_of):
    return kb_of(*CARDS)


def test_two_ancient_ziggurats_pay_grizzly_bears_a_creature_spell_106_6(kb):
    # "{T}: Add one mana of any color. Spend this mana only to cast a creature spell." (before: undecided)
    pay = _payment(kb, {"z1": "Ancient Ziggurat", "z2": "Ancient Ziggurat"}, "Grizzly Bears", asked=True)
    assert (pay.payable, pay.strength) == (True, "derived")
    assert "106.6" in {c.rule for c in pay.citations}
    # one payment (an ASP choice): each Ziggurat's mana, green, pays one symbol
    assert sorted(u.split(" with ")[1] for u in pay.uses_text) == ["z1 (g)", "z2 (g)"]


def test_ancient_ziggurats_mana_cant_be_spent_on_lightning_strike_106_6_601_2h(kb):
    pay = _payment(kb, {"z1": "Ancient Ziggurat", "z2": "Ancient Ziggurat"}, "Lightning Strike")
    assert (pay.payable, pay.reasons, pay.strength) == (False, ("missing(r,1,0)",), "derived")
    # with a Mountain: one mana for {1}{R}, the Ziggurat's not spendable on an instant
    pay = _payment(kb, {"z1": "Ancient Ziggurat", "m1": "Mountain"}, "Lightning Strike")
    assert (pay.payable, pay.reasons) == (False, ("missing(any_mana,2,1)",))


@pytest.mark.parametrize(("lands", "spell", "payable"), [
    ({"w": "Mishra's Workshop"}, "Sol Ring", True),                   # an artifact spell: {C}{C}{C} pays {1}
    ({"w": "Mishra's Workshop"}, "Grizzly Bears", False),             # a creature spell that is no artifact
    ({"w": "Mishra's Workshop", "m1": "Mountain"}, "Juggernaut", True),  # {4}: three from the Workshop, one red
])
def test_mishras_workshop_pays_only_artifact_spells_106_6(kb, lands, spell, payable):
    pay = _payment(kb, lands, spell)
    assert pay.payable is payable and pay.strength != "unknown"  # decided (Juggernaut's own text: assumed)


def test_a_restriction_not_read_leaves_the_source_uncounted_605_1a(kb):
    # Pillar of the Paruns: "a multicolored spell" is no quality the rules read here: neither spent nor
    # refused on. (Lupinflower Village's restricted {W} beside "{T}: Add {C}." is counted now:
    # tests/test_mana_spend_beside_another_ability.py.)
    pay = _payment(kb, {"p1": "Pillar of the Paruns", "p2": "Pillar of the Paruns"}, "Lightning Helix")
    assert pay.payable is None and pay.strength == "unknown"


def test_a_sequence_does_not_spend_restricted_mana_and_lists_the_payment_not_applied_601_2h(kb):
    from timeline_helpers import two_player_state, user_steps
    kb.time_limit = 120
    s = two_player_state(("spell", "Grizzly Bears", "hand", "alice"), ("z1", "Ancient Ziggurat", "battlefield", "alice"),
                         ("z2", "Ancient Ziggurat", "battlefield", "alice"))
    s.ask_payments()
    s.then_cast("alice", "spell")
    cast = user_steps(kb.run(s))[0]
    assert cast.refused is None
    assert [str(f) for f in cast.state if f.name == "unapplied_effect"] == \
        ["unapplied_effect(spell,0,payment_not_applied(no_payment_derived))"]
