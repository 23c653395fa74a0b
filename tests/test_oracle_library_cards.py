"""Cards from the top of a library in the Oracle-text grammar (issue 19): "Look at / Reveal the top N
cards of your library" (401.2: only such an effect shows a library's hidden cards), the looked-at cards
as an object phrase ("one of them", "a creature card from among them", "that card", "the rest") and
where they are put (401.4: "in any order" / "in a random order"), read as verb + object phrase +
destination: looks_at/5, reveals/5, puts_cards/5, puts_rest/4 (schema.lp). No rule moves the cards: as
the ability resolves each is an unapplied effect (an assumption), never a silent drop."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from timeline_helpers import kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,expected", [
    # 401.2, 608.2c: "Put one of them into your hand and the rest on the bottom of your library in any order"
    ("Impulse", ['looks_at("Impulse",1,1,you,top_cards_of_library(you,4))',
                 'puts_cards("Impulse",1,1,among_them(1,card),hand)',
                 'puts_rest("Impulse",1,1,library(bottom,any_order))']),
    # a triggered ability's effect; the rest into the graveyard
    ("Sultai Soothsayer", ['looks_at("Sultai Soothsayer",1,1,you,top_cards_of_library(you,4))',
                           'puts_cards("Sultai Soothsayer",1,1,among_them(1,card),hand)',
                           'puts_rest("Sultai Soothsayer",1,1,graveyard)']),
    # 608.2d: "You may reveal an artifact or enchantment card from among them and put it into your hand":
    # the reveal is the choice, the put depends on it (608.2c); 401.4: "in a random order"
    ("Arcanist's Owl", ['reveals("Arcanist\'s Owl",1,2,you,among_them(1,card(one_of(card_type(artifact),card_type(enchantment)))))',
                        'puts_cards("Arcanist\'s Owl",1,2,it,hand)',
                        'player_may("Arcanist\'s Owl",1,2,you,reveals)',
                        'if_you_do("Arcanist\'s Owl",1,2,puts_cards)',
                        'puts_rest("Arcanist\'s Owl",1,2,library(bottom,random_order))']),
    # "up to one ... and up to one ..." in one optional instruction (UP_TO_ONE, not the count's "one")
    ("Bounty of Skemfar", ['reveals("Bounty of Skemfar",1,1,you,top_cards_of_library(you,6))',
                           'puts_cards("Bounty of Skemfar",1,1,among_them(up_to(1),card(card_type(land))),battlefield_tapped)',
                           'puts_cards("Bounty of Skemfar",1,1,among_them(up_to(1),card(subtype("Elf"))),hand)',
                           'player_may("Bounty of Skemfar",1,1,you,puts_cards)']),
    # "all creature and land cards revealed this way": each card that is either
    ("Lair Delve", ['puts_cards("Lair Delve",1,1,all_revealed(card(one_of(card_type(creature),card_type(land)))),hand)']),
    # "then put them back in any order": on top again (401.4)
    ("Sage Owl", ['looks_at("Sage Owl",1,2,you,top_cards_of_library(you,4))',
                  'puts_cards("Sage Owl",1,2,they,library(top,any_order))']),
    # the shared card phrase: "a creature, land, or planeswalker card" (one of them), "a permanent card"
    # (110.4b), "up to two permanent cards with mana value 5 or less" (202.3)
    ("Commune with Beavers", ['reveals("Commune with Beavers",1,1,you,among_them(1,card(one_of(card_type(artifact),card_type(creature),card_type(land)))))']),
    ("Bond of Flourishing", ['reveals("Bond of Flourishing",1,1,you,among_them(1,card(permanent)))']),
    ("Storm the Festival", ['puts_cards("Storm the Festival",1,1,among_them(up_to(2),card(permanent,mana_value_at_most(5))),battlefield)']),
    # "then shuffle and put those cards on top in any order" (the found cards; 401.4)
    ("Congregation at Dawn", ['puts_cards("Congregation at Dawn",1,1,they,library(top,any_order))']),
])
def test_library_cards_are_read_as_verb_object_and_destination(oracle_records, name, expected):
    f = facts(oracle_records, name)
    for fact in expected:
        assert fact in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_duress_chooses_from_the_revealed_hand_and_that_player_discards_that_card(oracle_records):
    # 608.2c, 701.9a: Thoughtseize's "Target player reveals their hand. You choose a nonland card from it.
    # That player discards that card.": the choice is one card of the cards revealed (among_them, as for
    # puts_cards/5), and the discard names that card (before, both sentences were unread)
    f = facts(oracle_records, "Thoughtseize")
    assert 'chooses("Thoughtseize",1,1,you,among_them(1,card(not_card_type(land))))' in f
    assert 'discards_card("Thoughtseize",1,1,that_player,that(card))' in f
    assert not [x for x in f if x.startswith("card_unparsed(")]
    # Duress's "a noncreature, nonland card": each quality holds (a comma list without "or")
    f = facts(oracle_records, "Duress")
    assert 'chooses("Duress",1,1,you,among_them(1,card(not_card_type(creature),not_card_type(land))))' in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_the_top_card_any_time_is_still_its_own_permission(oracle_records):
    # 401.2 / 601.3: "You may look at the top card of your library any time." (Bolas's Citadel) keeps
    # its fact; "look at the top card" is the shared top_cards phrase now
    f = facts(oracle_records, "Bolas's Citadel")
    assert 'looks_at_top_card_any_time("Bolas\'s Citadel",1,1,you)' in f
    assert not [x for x in f if x.startswith("looks_at(")]


def test_impulse_resolving_lists_each_library_effect_as_unapplied_608_2c(kb_of):
    # 608.2c: Impulse is read whole; no rule moves library cards, so its three effects are unapplied
    # effects (assumptions of later answers), not an unread text (before: unread("Look at ...")).
    s = two_player_state(("imp", "Impulse", "hand", "alice"))
    s.then_cast("alice", "imp")
    s.then_resolve()
    tl = kb_of("Impulse").run(s)
    assert tl.finished, tl.steps[-1].refused
    unapplied = sorted(str(f) for f in tl.steps[-1].state if f.name == "unapplied_effect")
    assert unapplied == ["unapplied_effect(imp,1,effect(looks_at))", "unapplied_effect(imp,1,effect(puts_cards))",
                         "unapplied_effect(imp,1,effect(puts_rest))"]
