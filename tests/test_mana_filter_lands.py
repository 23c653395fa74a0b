"""Filter lands counted in the payment (issue 18; rules_asp/casting/mana_abilities.lp's mana_filter/5,
casting/mana_payment.lp): Fire-Lit Thicket's "{R/G}, {T}: Add {R}{R}, {R}{G}, or {G}{G}." adds two mana
each red or green (605.1a, 106.1), for one red or green mana from another source (601.2g: mana abilities
are activated before the costs are paid; its own mana comes after its cost). Where it is the player's
only filter it is counted exactly, so a payment is found or refused; with two filters they stay sources
not counted (the verdict undecided). Real cards, in one moment; a sequence does not activate the filter
(rules_asp/time/mana_payment_in_sequences.lp), and says so."""

from __future__ import annotations

import pytest

from mana_helpers import payment_of as _payment

CARDS = ("Fire-Lit Thicket", "Cascade Bluffs", "Mountain", "Forest", "Island", "Eidolon of the Great Revel",
         "Boggart Ram-Gang", "Lightning Strike")


@pytest.fixture(scope="module")
def kb(kb_of):
    return kb_of(*CARDS)


def test_thicket_fed_by_a_mountain_pays_eidolons_red_red_605_1a_601_2g(kb):
    # The Mountain's {R} pays the filter's {R/G}; the Thicket adds {R}{R} (before: undecided, the filter
    # not counted).
    pay = _payment(kb, {"t": "Fire-Lit Thicket", "m": "Mountain"}, "Eidolon of the Great Revel", asked=True)
    assert (pay.payable, pay.reasons, pay.strength) == (True, (), "derived")
    assert {"601.2g", "601.2h", "605.1a"} <= {c.rule for c in pay.citations}
    assert sorted(pay.uses_text) == ["t's filter cost with m (r)", "{R} with t (r)", "{R} with t (r)"]


def test_thicket_cant_be_fed_by_an_island_eidolon_refused_601_2h(kb):
    # {U} can't pay {R/G} (107.4e): the Thicket gives only its {C}; nothing red (before: undecided).
    pay = _payment(kb, {"t": "Fire-Lit Thicket", "i": "Island"}, "Eidolon of the Great Revel")
    assert (pay.payable, pay.reasons, pay.strength) == (False, ("missing(r,2,0)",), "derived")


def test_thicket_alone_cant_feed_itself_601_2g(kb):
    # Its own mana comes only after its cost is paid: alone it adds {C}, and {1}{R} needs red.
    pay = _payment(kb, {"t": "Fire-Lit Thicket"}, "Lightning Strike")
    assert (pay.payable, pay.reasons) == (False, ("missing(r,1,0)",))


@pytest.mark.parametrize(("lands", "payable"), [
    ({"t": "Fire-Lit Thicket", "f": "Forest"}, False),
    ({"t": "Fire-Lit Thicket", "f": "Forest", "m": "Mountain"}, True),
])
def test_boggart_ram_gangs_three_hybrid_symbols_with_a_thicket_107_4e_605_1a(kb, lands, payable):
    # {R/G}{R/G}{R/G}: a Forest feeding the Thicket gives two ({G}{G}), one short; a Mountain beside it the third.
    pay = _payment(kb, lands, "Boggart Ram-Gang")
    assert pay.payable is payable
    if not payable:
        # 601.2h: short both ways: tapped for {C} (one red or green unit), or filtering (two)
        assert set(pay.reasons) == {"missing(or(r,g),3,1)", "filtered(t,missing(or(r,g),3,2))"}
        assert "with t's filter ability: 3 of its symbols can be paid only with {R} or {G}, the sources give 2" \
            in pay.explanation


def test_two_filter_lands_stay_uncounted_and_the_verdict_undecided_605_1a(kb):
    # Filters feeding each other are not counted: no refusal rests on them.
    pay = _payment(kb, {"t": "Fire-Lit Thicket", "c": "Cascade Bluffs", "i": "Island"}, "Eidolon of the Great Revel")
    assert pay.payable is None and pay.strength == "unknown"
    assert set(pay.reasons) == {'mana_source_open(t,not_modelled(("Fire-Lit Thicket",1,2)))',
                                'mana_source_open(c,not_modelled(("Cascade Bluffs",1,2)))'}


def test_a_sequence_does_not_activate_the_filter_and_lists_the_payment_not_applied_601_2h(kb):
    # The moment's verdict pays Eidolon's {R}{R} through the filter; a sequence's payment does not use
    # filters, so the cast goes on with its payment listed as not applied (never refused, never silent).
    from timeline_helpers import two_player_state, user_steps
    kb.time_limit = 120
    s = two_player_state(("spell", "Eidolon of the Great Revel", "hand", "alice"),
                         ("t", "Fire-Lit Thicket", "battlefield", "alice"), ("m", "Mountain", "battlefield", "alice"))
    s.ask_payments()
    s.then_cast("alice", "spell")
    cast = user_steps(kb.run(s))[0]
    assert cast.refused is None
    assert [str(f) for f in cast.state if f.name == "unapplied_effect"] == \
        ["unapplied_effect(spell,0,payment_not_applied(no_payment_derived))"]
