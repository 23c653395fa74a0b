"""L3 sentence shapes of the Oracle-text grammar on real cards: the exact facts each new construct
writes (schema.lp "Card abilities", L3 sentences), and for each a "near miss": a real card whose
similar sentence must stay unread (card_unparsed), never half read.

Rule numbers are those of the CR effective 2026-04-17.
"""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json


def facts(oracle_records, name: str) -> set[str]:
    """The facts of the real card ``name`` as strings."""
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


def unparsed(f: set[str], name: str, ability: int) -> list[str]:
    """The card_unparsed facts of one ability."""
    return [x for x in f if x.startswith(f'card_unparsed("{name}",1,oracle_text({ability}),')]


# (card, ability index, facts expected, fact prefixes that must not appear) per construct.
READ = [
    # 113.10, 613.1f: an ability in quotation marks, read recursively with the same grammar.
    ("Abundant Growth", 3, ['ability_grants_ability("Abundant Growth",1,3,enchanted(land),granted(3,1))',
                            'granted_ability_kind("Abundant Growth",1,granted(3,1),activated)',
                            'ability_cost("Abundant Growth",1,granted(3,1),tap)',
                            'adds_mana_choice("Abundant Growth",1,granted(3,1),1,any_color)']),
    ("Basal Sliver", 1, ['ability_grants_ability("Basal Sliver",1,1,all(subtype("Sliver")),granted(1,1))',
                         'ability_cost("Basal Sliver",1,granted(1,1),sacrifice(self))',
                         'adds_mana("Basal Sliver",1,granted(1,1),1,1,colored(b))',
                         'adds_mana("Basal Sliver",1,granted(1,1),1,2,colored(b))']),
    # 114.2: "You get an emblem with [ability]."
    ("Ajani, Adversary of Tyrants", 3, [
        'creates_emblem("Ajani, Adversary of Tyrants",1,3,you,granted(3,1))',
        'granted_ability_kind("Ajani, Adversary of Tyrants",1,granted(3,1),triggered)',
        'face_triggers_on("Ajani, Adversary of Tyrants",1,granted(3,1),beginning_of_step(you,end))',
        'creates_tokens("Ajani, Adversary of Tyrants",1,granted(3,1),1,3)']),
    # 502.3
    ("Apathy", 2, ['doesnt_untap("Apathy",1,2,enchanted(creature),its_controller,every)']),
    ("Callous Oppressor", 1, ['chooses_not_to_untap("Callous Oppressor",1,1,you,self)',
                              'player_may("Callous Oppressor",1,1,you,chooses_not_to_untap)']),
    # 402.2, 401.2, 305.2
    ("Body of Knowledge", 2, ['no_maximum_hand_size("Body of Knowledge",1,2,you)']),
    ("Assemble the Players", 1, ['looks_at_top_card_any_time("Assemble the Players",1,1,you)',
                                 'player_may("Assemble the Players",1,1,you,looks_at_top_card_any_time)']),
    ("Explore", 1, ['plays_additional_lands("Explore",1,1,you,1,this_turn)',
                    'player_may("Explore",1,1,you,plays_additional_lands)']),
    # 615.7, 615.1a
    ("Withstand", 1, ['prevents_next_damage("Withstand",1,1,3,any_target)',
                      'effect_duration("Withstand",1,1,this_turn)']),
    ("Fog", 1, ['prevents_all_combat_damage("Fog",1,1)', 'effect_duration("Fog",1,1,this_turn)']),
    # 603.7a: a delayed triggered ability
    ("Aleatory", 3, ['draws_cards("Aleatory",1,3,you,1)',
                     'delayed_until("Aleatory",1,3,draws_cards,beginning_of_next_turns_upkeep)']),
    # 107.14
    ("Aether Hub", 1, ['gets_energy("Aether Hub",1,1,you,1)']),
    # 603.6a, 700.4, 701.26, 708.8 trigger conditions
    ("Chrome Companion", 1, ['face_triggers_on("Chrome Companion",1,1,becomes_tapped(self))',
                             'gains_life("Chrome Companion",1,1,you,1)']),
    ("Fathom Seer", 2, ['face_triggers_on("Fathom Seer",1,2,turned_face_up(self))',
                        'draws_cards("Fathom Seer",1,2,you,2)']),
    ("Archfiend of the Dross", 4, [
        'face_triggers_on("Archfiend of the Dross",1,4,dies(an_opponent_controls(creature)))',
        'loses_life("Archfiend of the Dross",1,4,its_controller,2)']),
    ("Bojuka Brigand", 2, ['face_triggers_on("Bojuka Brigand",1,2,enters(self))',
                           'face_triggers_on("Bojuka Brigand",1,2,enters(another_you_control(subtype("Ally"))))',
                           'player_may("Bojuka Brigand",1,2,you,puts_counters)']),
    ("Ajani's Mantra", 1, ['gains_life("Ajani\'s Mantra",1,1,you,1)',
                           'player_may("Ajani\'s Mantra",1,1,you,gains_life)']),
    # 115.1: a target narrowed by qualities
    ("Annihilate", 1, ['destroy_target("Annihilate",1,1,1)',
                       'destroy_target_may_be("Annihilate",1,1,1,object(creature,not_color(black)))']),
]


@pytest.mark.parametrize("name,ability,expected", READ, ids=[r[0] for r in READ])
def test_sentence_is_read_into_its_facts(oracle_records, name, ability, expected):
    f = facts(oracle_records, name)
    assert set(expected) <= f
    assert unparsed(f, name, ability) == []


# Similar sentences that must stay unread (whole sentence in card_unparsed, no partial facts).
NEAR_MISS = [
    # the quoted ability is not read in full: the grant is not read either.
    # (Animal Boneyard's "You gain life equal to the sacrificed creature's toughness" is read since
    # issue 19's quantity slot: tests/test_oracle_quantities.py)
    ("Arc Spitter", 1, 'Equipped creature has "{1}: This creature deals 1 damage to target creature that\'s '
                       'blocking it."', "ability_grants_ability("),
    # an emblem whose ability has an unread clause ("for each differently named dungeon").
    ("Ellywick Tumblestrum", 3, None, "creates_emblem("),
    # "for as long as this artifact remains tapped": a duration the untap fact cannot carry.
    ("Amber Prison", 2, None, "doesnt_untap("),
    # two adjectives separated by a comma are not read as one target description.
    ("Terror", 1, "Destroy target nonartifact, nonblack creature", "destroy_target("),
]


@pytest.mark.parametrize("name,ability,text,absent", NEAR_MISS, ids=[n[0] for n in NEAR_MISS])
def test_near_miss_stays_unread(oracle_records, name, ability, text, absent):
    f = facts(oracle_records, name)
    left = unparsed(f, name, ability)
    assert left, f"{name}: nothing left unread"
    if text is not None:
        assert any(text.replace('"', '\\"') in x for x in left)
    assert not any(x.startswith(absent) and f'"{name}",1,{ability},' in x for x in f)


def test_suffix_on_one_of_several_target_alternatives_is_not_read():
    # 115.1: "target artifact or enchantment an opponent controls" - the suffix may narrow both.
    from pyrules.parser.oracle_text import parse_oracle_text

    (ab,) = parse_oracle_text("Destroy target artifact or enchantment an opponent controls.", "X")
    assert ab.semantics == [] and [u.text for u in ab.unparsed] == [
        "Destroy target artifact or enchantment an opponent controls"]


def test_quoted_ability_naming_its_source_is_not_read():
    # A granted ability that names the card (here "~") refers to the granting object: not read.
    from pyrules.parser.oracle_text import parse_oracle_text

    (ab,) = parse_oracle_text('Equipped creature has "{T}: Draw a card for each ~ you control."', "Blade")
    assert ab.semantics == [] and ab.unparsed


def test_optional_clauses_still_read_after_new_you_may_sentences():
    # The "you may" sentences above are read through optional_clause (608.2d), not as rules of
    # their own: "You may discard a card. If you do, draw two cards." keeps reading.
    from pyrules.parser.oracle_text import parse_oracle_text

    (ab,) = parse_oracle_text("You may discard a card. If you do, draw two cards.", "X")
    assert ab.unparsed == [] and ("player_may", "you", "discards_cards") in ab.semantics


def test_if_you_do_governs_every_clause_after_it_in_its_sentence_608_2c(oracle_records):
    # Eye of Vecna: "... you may pay {2}. If you do, you draw a card and you lose 2 life." Both the draw
    # and the life loss depend on the payment (608.2c): one if_you_do fact for each. Customs Depot's
    # "If you do, draw a card, then discard a card." likewise
    eye = facts(oracle_records, "Eye of Vecna")
    assert {'if_you_do("Eye of Vecna",1,2,draws_cards)', 'if_you_do("Eye of Vecna",1,2,loses_life)',
            'player_may("Eye of Vecna",1,2,you,pays_mana)'} <= eye
    depot = facts(oracle_records, "Customs Depot")
    assert {x for x in depot if x.startswith("if_you_do(")} >= {'if_you_do("Customs Depot",1,1,draws_cards)',
                                                                 'if_you_do("Customs Depot",1,1,discards_cards)'}


def test_you_may_followed_by_another_clause_is_left_unread_608_2d():
    # "you may [X] and [Y]" / "you may [X], then [Y]": whether Y is part of the choice is not read, so
    # the sentence is a residue, never Y read as done whatever the player chooses
    from pyrules.parser.oracle_text import parse_oracle_text
    (ab,) = parse_oracle_text("When this creature enters, you may draw a card, then discard a card.")
    assert [u.text for u in ab.unparsed] == ["you may draw a card, then discard a card"]
    assert not [f for f in ab.semantics if f[0] in ("draws_cards", "discards_cards", "player_may")]


def test_when_you_do_is_read_as_a_reflexive_trigger_of_the_same_ability_603_12(oracle_records):
    # 603.12: "you may [action]. When you do, [effect]" — the effect belongs to a reflexive triggered
    # ability that triggers when the optional action is done: reflexive_trigger(C, F, A, Action, Effect).
    # Ruthless Lawbringer: "When this creature enters, you may sacrifice another creature. When you do,
    # destroy target nonland permanent." Sparktongue Dragon: "... you may pay {3}{R}. When you do, it
    # deals 3 damage to any target." Both fully read now (no card_unparsed).
    lb = facts(oracle_records, "Ruthless Lawbringer")
    assert {'player_may("Ruthless Lawbringer",1,1,you,sacrifices)',
            'reflexive_trigger("Ruthless Lawbringer",1,1,sacrifices,destroy_target)',
            'destroy_target("Ruthless Lawbringer",1,1,1)'} <= lb
    assert not any(x.startswith(("card_unparsed(", "if_you_do(")) for x in lb)
    dragon = facts(oracle_records, "Sparktongue Dragon")
    assert {x for x in dragon if x.startswith("reflexive_trigger(")} == {
        'reflexive_trigger("Sparktongue Dragon",1,2,pays_mana,deals_damage)'}
    assert not any(x.startswith("card_unparsed(") for x in dragon)


def test_when_you_do_inside_a_where_x_sentence_stays_unread_603_12(oracle_records):
    # Near miss: Go-Shintai of Lost Wisdom's "When you do, target player mills X cards, where X is the
    # number of Shrines you control." — the reflexive effect is wrapped in a "where X is" construct:
    # the sentence stays unread, no reflexive_trigger fact (never half read).
    gs = facts(oracle_records, "Go-Shintai of Lost Wisdom")
    assert not any(x.startswith("reflexive_trigger(") for x in gs)
    assert any(x.startswith("card_unparsed(") and "When you do" in x for x in gs)
