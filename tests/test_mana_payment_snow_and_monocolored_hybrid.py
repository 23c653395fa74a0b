"""Snow mana and monocolored hybrid symbols in the payment verdict (issue 18; rules_asp/casting/
mana_payment.lp): {S} is paid with one mana from a snow source (107.4h, 106.3); {2/W} with one white
mana or two generic mana (107.4e), each symbol's choice its own. Real cards."""

from __future__ import annotations

import pytest

from mana_helpers import alices_main_phase_asking_payments

CARDS = ("Spectral Procession", "Icehide Golem", "Plains", "Mountain", "Forest", "Snow-Covered Forest")


@pytest.fixture(scope="module")
def kb(kb_of):
    return kb_of(*CARDS)


def _state(permanents: dict[str, str], hand: dict[str, str], asked: str | None = None):
    s = alices_main_phase_asking_payments()
    for obj, card in permanents.items():
        s.add_object(obj, card, "battlefield", "alice", controller="alice")
        s.controlled_since_turn_began(obj)
    for obj, card in hand.items():
        s.add_object(obj, card, "hand", "alice")
    if asked:
        s.ask_payment(asked)
    return s


def _pay(kb, s, obj):
    (verdict,) = kb.ask(s).payments(obj)
    return verdict


def _lands(**counts):
    return {f"{card[0].lower()}{i}": card.replace("_", " ") for card, n in counts.items() for i in range(1, n + 1)}


@pytest.mark.parametrize("lands, payable", [
    ({"p1": "Plains", "p2": "Plains", "p3": "Plains"}, True),           # {W}{W}{W}
    ({f"m{i}": "Mountain" for i in range(1, 7)}, True),                # six generic mana
    ({"p1": "Plains", "p2": "Plains", "m1": "Mountain", "m2": "Mountain"}, True),   # {W}{W}{2}
    ({f"m{i}": "Mountain" for i in range(1, 6)}, False),               # five: one short of {2}{2}{2}
])
def test_spectral_procession_each_symbol_white_or_two_generic_107_4e(kb, lands, payable):
    pay = _pay(kb, _state(lands, {"sp": "Spectral Procession"}), "sp")
    assert pay.payable is payable and pay.strength == "derived"
    assert pay.total_cost == "{2/W}{2/W}{2/W}"
    assert "107.4e" in {c.rule for c in pay.citations}


def test_two_plains_and_a_mountain_cant_pay_spectral_procession_601_2h(kb):
    # {W}{W}{W}: one white short; {W}{W}{2}: four mana, three; {W}{4}, {6}: more still.
    pay = _pay(kb, _state({"p1": "Plains", "p2": "Plains", "m1": "Mountain"}, {"sp": "Spectral Procession"}), "sp")
    assert (pay.payable, pay.reasons) == (False, ("hybrid_paid(as_color,missing(w,3,2))",
                                                  "hybrid_paid(as_generic,missing(any_mana,6,3))"))


def test_the_payment_given_pays_each_symbol_one_way_107_4e(kb):
    s = _state({"p1": "Plains", "p2": "Plains", "m1": "Mountain", "m2": "Mountain"}, {"sp": "Spectral Procession"},
               asked="sp")
    answers = kb.ask(s)
    uses = [str(a.arguments[4]) for a in answers.symbols("pays_with") if str(a.arguments[1]) == "sp"]
    # two symbols with white (the Plains), one with two generic mana (the Mountains)
    assert sorted(uses) == ["mana(m1,r)", "mana(m2,r)", "mana(p1,w)", "mana(p2,w)"]


def test_icehide_golem_needs_snow_mana_a_forest_is_not_snow_107_4h(kb):
    pay = _pay(kb, _state({"f1": "Forest"}, {"golem": "Icehide Golem"}), "golem")
    assert (pay.payable, pay.reasons) == (False, ("missing(snow,1,0)",))
    assert pay.explanation == ("1 of its symbols can be paid only with snow mana ({S}), the sources give 0",)
    assert {"107.4h", "106.3"} <= {c.rule for c in pay.citations}


def test_icehide_golem_paid_with_a_snow_covered_forest_106_3(kb):
    pay = _pay(kb, _state({"f1": "Forest", "sf": "Snow-Covered Forest"}, {"golem": "Icehide Golem"}), "golem")
    assert (pay.payable, pay.total_cost) == (True, "{S}")
