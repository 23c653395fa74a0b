"""Mana spending restrictions in the Oracle-text grammar (issue 19): "Spend this mana only to cast a
creature spell" / "... to cast artifact spells or activate abilities of artifacts" / "... to activate
abilities" (106.6) are mana_spend_only(C, F, A, Use), one fact per use, the spell uses through the shared
spell-group slot (schema.lp). casting/mana_abilities.lp counts none of its units as the player's mana;
casting/mana_payment.lp spends it only on the spells it allows (tests/test_mana_spend_restrictions.py), and
as a spell resolves the restriction is an unapplied effect, never a silent drop."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from timeline_helpers import kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,expected", [
    # 106.6: one spell group ("a creature spell")
    ("Ancient Ziggurat", ['mana_spend_only("Ancient Ziggurat",1,1,cast(card_type(creature)))']),
    # a spell group or the abilities of a group of sources ("an artifact source")
    ("Cargo Ship", ['mana_spend_only("Cargo Ship",1,2,cast(card_type(artifact)))',
                    'mana_spend_only("Cargo Ship",1,2,activate(card_type(artifact)))']),
    # a plural subtype names the sources (205.3m): "abilities of Dragons"
    ("Orb of Dragonkind", ['mana_spend_only("Orb of Dragonkind",1,1,cast(subtype("Dragon")))',
                           'mana_spend_only("Orb of Dragonkind",1,1,activate(subtype("Dragon")))']),
    # any activated ability
    ("Omen Hawker", ['mana_spend_only("Omen Hawker",1,1,activate)']),
    # a spell: "artifact or creature spells" is two groups
    ("Geosurge", ['mana_spend_only("Geosurge",1,1,cast(card_type(artifact)))',
                  'mana_spend_only("Geosurge",1,1,cast(card_type(creature)))']),
])
def test_spend_this_mana_only_is_read_as_its_uses_106_6(oracle_records, name, expected):
    f = facts(oracle_records, name)
    for fact in expected:
        assert fact in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_restricted_mana_is_not_counted_for_a_payment_106_6(kb_of):
    # 106.6: Ancient Ziggurat's mana can pay only for a creature spell, never Lightning Bolt's {R}: a
    # refusal (mana_payment.lp; before: an open source, the restriction not applied)
    s = two_player_state(("spell", "Lightning Bolt", "hand", "alice"), ("z1", "Ancient Ziggurat", "battlefield", "alice"))
    s.ask_payments()
    answers = kb_of("Lightning Bolt", "Ancient Ziggurat").ask(s)
    (pay,) = answers.payments("spell")
    assert (pay.payable, pay.reasons) == (False, ("missing(r,1,0)",))
    assert not [d for d in answers.derived("can_produce") if d.args[1] == "z1"]  # no mana of any use


def test_geosurge_resolving_lists_the_restriction_as_unapplied_608_2c(kb_of):
    # 608.2c, 106.6: Geosurge is read whole; the restriction is not applied, so it is an unapplied effect
    # as the spell resolves (before: an unread text)
    s = two_player_state(("geo", "Geosurge", "hand", "alice"))
    s.then_cast("alice", "geo")
    s.then_resolve()
    tl = kb_of("Geosurge").run(s)
    assert tl.finished, tl.steps[-1].refused
    unapplied = sorted(str(f) for f in tl.steps[-1].state if f.name == "unapplied_effect")
    assert "unapplied_effect(geo,1,effect(mana_spend_only))" in unapplied
