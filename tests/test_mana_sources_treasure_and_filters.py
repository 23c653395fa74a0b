"""Two kinds of mana source on real cards (issue 18; rules_asp/casting/mana_abilities.lp): a Treasure
token, whose ability costs {T} and sacrificing it (111.10a, 605.1a, 601.2g-h), and a filter land, Fire-Lit
Thicket, whose "{R/G}, {T}: Add {R}{R}, {R}{G}, or {G}{G}." has mana in its cost (counted in one moment
where it is the player's only filter: tests/test_mana_filter_lands.py; not paid in a sequence) beside its
"{T}: Add {C}." (counted: tapping the land for it is always possible, 107.5). In one moment and in a
sequence (rules_asp/time/mana_payment_in_sequences.lp)."""

from __future__ import annotations

import pytest

from timeline_helpers import atom as _atom
from timeline_helpers import two_player_state
from timeline_helpers import user_steps as _user_steps

CARDS = ("Treasure", "Fire-Lit Thicket", "Mountain", "Lightning Strike", "Lightning Bolt")


@pytest.fixture(scope="module")
def kb(oracle_records, cards_dir):
    import json

    from pyrules import KnowledgeBase
    from pyrules.inputs.cards import cards_from_json
    # "Treasure" here is the token's card (layout token, 111.10a), not a theme card of that name
    (treasure,) = [rec for name in ("scryfall-oracle-compact-L-Z.json",)
                   for rec in json.loads((cards_dir / name).read_text(encoding="utf-8"))
                   if rec["name"] == "Treasure" and rec.get("layout") == "token"
                   and rec.get("oracle_text", "").startswith("{T}, Sacrifice")]
    assert treasure["oracle_text"] == "{T}, Sacrifice this token: Add one mana of any color."
    kb = KnowledgeBase(cards_from_json([treasure] + [oracle_records[n] for n in CARDS if n != "Treasure"]))
    kb.time_limit = 120
    return kb


def _state(permanents: dict[str, str], spell: str = "Lightning Strike"):
    s = two_player_state(("spell", spell, "hand", "alice"))
    s.ask_payments()
    for obj, card in permanents.items():
        if card == "Treasure":
            s.add_token_by_name(obj, card, "alice")
        else:
            s.add_object(obj, card, "battlefield", "alice", controller="alice")
        s.controlled_since_turn_began(obj)
    return s


def _payment(kb, s):
    (verdict,) = kb.ask(s).payments("spell")
    return verdict


def _cast_at_bob(kb, permanents: dict[str, str]):
    """Lightning Strike cast at bob with ``permanents`` and resolved, as a sequence: the cast's step
    (not refused; the sequence finished)."""
    s = _state(permanents)
    s.then_cast("alice", "spell", targets=["bob"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished
    cast = _user_steps(tl)[0]
    assert cast.refused is None
    return cast


def test_a_treasure_adds_one_mana_of_any_color_106_1_111_10a(kb):
    s = _state({"t1": "Treasure", "m1": "Mountain"})
    answers = kb.ask(s)
    assert sorted(d.args[2] for d in answers.derived("can_produce") if d.args[1] == "t1") == ["b", "g", "r", "u", "w"]
    pay = _payment(kb, s)
    assert (pay.payable, pay.strength) == (True, "derived")


def test_one_treasure_is_one_mana_not_two_601_2h(kb):
    pay = _payment(kb, _state({"t1": "Treasure"}))
    assert (pay.payable, pay.reasons) == (False, ("missing(any_mana,2,1)",))


def test_a_treasure_paying_in_a_sequence_is_sacrificed_701_21a(kb):
    cast = _cast_at_bob(kb, {"t1": "Treasure", "m1": "Mountain"})
    # the token was sacrificed as the cost was paid (701.21a; it ceases to exist later, 704.5d); the Mountain is tapped
    assert _atom("in_zone(t1,graveyard)") in cast.state and _atom("in_zone(t1,battlefield)") not in cast.state
    assert _atom("tapped(m1)") in cast.state


def test_fire_lit_thickets_colorless_mana_pays_the_generic_part_with_a_mountain_107_4b(kb):
    pay = _payment(kb, _state({"f1": "Fire-Lit Thicket", "m1": "Mountain"}))
    assert (pay.payable, pay.strength) == (True, "derived")


def test_fire_lit_thicket_alone_cant_pay_lightning_strike_its_filter_unfed_601_2g(kb):
    # {C} alone can't pay {1}{R}; the filter ability needs {R/G} from another source (601.2g: its own mana
    # comes after its cost), and there is none: a refusal (the filter counted, mana_payment.lp)
    s = _state({"f1": "Fire-Lit Thicket"})
    pay = _payment(kb, s)
    assert (pay.payable, pay.reasons, pay.strength) == (False, ("missing(r,1,0)",), "derived")


def test_fire_lit_thicket_is_tapped_for_its_colorless_mana_in_a_sequence_107_5(kb):
    cast = _cast_at_bob(kb, {"f1": "Fire-Lit Thicket", "m1": "Mountain"})
    assert {_atom("tapped(f1)"), _atom("tapped(m1)")} <= set(cast.state)
    assert _atom("in_zone(f1,battlefield)") in cast.state
