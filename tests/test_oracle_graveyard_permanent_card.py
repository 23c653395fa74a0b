"""'Return target permanent card from your graveyard to your hand / to the battlefield' (issue 19): the
graveyard card phrase takes 'permanent card' (110.4a: an artifact, battle, creature, enchantment, land or
planeswalker card), returns_from_graveyard(.., target_card(permanent), Z), with the adjectives before it
as qualities ('nonlegendary permanent card'); target_card(permanent) alone is applied as the spell
resolves (400.3, 608.2b-c; rules_asp/time/resolution_effects.lp). Before, the sentence was unread."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from timeline_helpers import cast_at_graveyard_card, holds, kb_of  # noqa: F401 — kb_of is a fixture


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,ability,zone", [
    ("Nature's Spiral", 1, "hand"),          # a sorcery
    ("Elvish Regrower", 1, "hand"),          # an enters trigger (603.6a)
    ("Obzedat's Aid", 1, "battlefield"),     # an instant
])
def test_target_permanent_card_from_your_graveyard_is_read_110_4a(oracle_records, name, ability, zone):
    f = facts(oracle_records, name)
    assert f'returns_from_graveyard("{name}",1,{ability},target_card(permanent),{zone})' in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_natures_spiral_returns_grizzly_bears_to_alices_hand_110_4a_400_3(kb_of):
    # 110.4a: a creature card is a permanent card; 608.2b: still in alice's graveyard, it goes to her hand
    tl = cast_at_graveyard_card(kb_of, ("ns", "Nature's Spiral"), ("bears", "Grizzly Bears"))
    assert holds(tl, "in_zone(bears,hand)")
    assert not [f for f in tl.steps[-1].state if f.name == "unapplied_effect"]


def test_natures_spiral_leaves_an_instant_card_where_it_is_110_4a_608_2c(kb_of):
    # 110.4a: an instant card is no permanent card (110.4: it can't enter the battlefield): not moved, the
    # effect listed unapplied (the cast does not judge these targets; never moved on a guess)
    tl = cast_at_graveyard_card(kb_of, ("ns", "Nature's Spiral"), ("bolt", "Lightning Bolt"))
    assert holds(tl, "in_zone(bolt,graveyard)")
    assert holds(tl, "unapplied_effect(ns,1,effect(returns_from_graveyard))")
