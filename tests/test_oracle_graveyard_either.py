"""'Return target instant or sorcery card from your graveyard to your hand' (issue 19): the target card
has one of two card types (115.1), returns_from_graveyard's target_card(one_of(card_type(T1),
card_type(T2))), read on spells and triggered abilities alike, and applied as the spell resolves
(400.3, 608.2b, 608.2c; rules_asp/time/resolution_effects.lp). Before, the whole sentence was unread."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from timeline_helpers import cast_at_graveyard_card, holds, kb_of  # noqa: F401 — kb_of is a fixture


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,ability,types,zone", [
    ("Call to Mind", 1, ("instant", "sorcery"), "hand"),          # a sorcery
    ("Archaeomancer", 1, ("instant", "sorcery"), "hand"),         # an enters trigger (603.6a)
    ("Argivian Find", 1, ("artifact", "enchantment"), "hand"),    # an instant
    ("Emergency Weld", 1, ("artifact", "creature"), "hand"),
])
def test_target_card_of_either_type_from_your_graveyard_is_read_115_1(oracle_records, name, ability, types, zone):
    f = facts(oracle_records, name)
    t1, t2 = types
    assert (f'returns_from_graveyard("{name}",1,{ability},target_card(one_of(card_type({t1}),'
            f'card_type({t2}))),{zone})') in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_mnemonic_wall_may_return_it_608_2d(oracle_records):
    # "you may return ...": the player's choice as the ability resolves (608.2d)
    f = facts(oracle_records, "Mnemonic Wall")
    assert 'player_may("Mnemonic Wall",1,2,you,returns_from_graveyard)' in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_call_to_mind_returns_lightning_bolt_to_alices_hand_400_3_608_2c(kb_of):
    # 608.2b, 400.3: the target, an instant card still in alice's graveyard, goes to her hand
    tl = cast_at_graveyard_card(kb_of, ("ctm", "Call to Mind"), ("bolt", "Lightning Bolt"))
    assert holds(tl, "in_zone(bolt,hand)")
    assert not [f for f in tl.steps[-1].state if f.name == "unapplied_effect"]


def test_call_to_mind_leaves_a_creature_card_where_it_is_115_1_608_2c(kb_of):
    # a creature card is neither an instant nor a sorcery card: not moved, the effect listed unapplied
    # (the cast does not judge these targets; never moved on a guess)
    tl = cast_at_graveyard_card(kb_of, ("ctm", "Call to Mind"), ("bears", "Grizzly Bears"))
    assert holds(tl, "in_zone(bears,graveyard)")
    assert holds(tl, "unapplied_effect(ctm,1,effect(returns_from_graveyard))")
