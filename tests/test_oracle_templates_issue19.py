"""Templates added for issue 19 on real cards, each with the exact facts it writes (schema.lp)."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from pyrules.parser.oracle_text import parse_oracle_text


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,expected", [
    ("Act of Treason", ['gains_control("Act of Treason",1,1,you,target(creature))',
                        'effect_duration("Act of Treason",1,1,until_end_of_turn)']),
    ("Time Walk", ['takes_extra_turn("Time Walk",1,1,you)']),
    ("Ascending Aven", ['combat_restriction("Ascending Aven",1,2,self,can_block_only(object(creature,has_keyword(flying))))']),
    ("Arlinn's Wolf", ['combat_restriction("Arlinn\'s Wolf",1,1,self,cant_be_blocked_by(object(creature,power_at_most(2))))']),
    ("Agent of the Fates", ['face_triggers_on("Agent of the Fates",1,2,cast_spell_that_targets(you,self))',
                            'sacrifices("Agent of the Fates",1,2,each_opponent,creature,1)']),
])
def test_template_is_read_into_its_facts(oracle_records, name, expected):
    f = facts(oracle_records, name)
    assert set(expected) <= f
    assert not [x for x in f if x.startswith("card_unparsed(")]


@pytest.mark.parametrize("text,expected", [
    ("You draw a card and you lose 1 life.", [("draws_cards", "you", 1), ("loses_life", "you", 1)]),
    ("Sacrifice a creature.", [("sacrifices", "you", "creature", 1)]),
    ("You control enchanted creature.", [("gains_control", "you", ("enchanted", "creature"))]),
    ("Creatures your opponents control get -1/-0.",
     [("gets_pt", ("all", ("object", "creature", ("controlled_by", "an_opponent"))), "-1", "-0")]),
    ("Attacking creatures get +1/+1 until end of turn.",
     [("gets_pt", ("all", ("object", "creature", ("attacking",))), "+1", "+1"), ("duration", "until_end_of_turn")]),
])
def test_sentence_is_read_into_its_facts(text, expected):
    (ab,) = parse_oracle_text(text, "Card")
    assert ab.unparsed == [] and ab.semantics == expected


@pytest.mark.parametrize("text", [
    # (a keyword grant to a qualified group is read since session 13: tests/test_oracle_group_phrases.py)
    # a capitalized first word is no subtype ("Goblin creatures" is not read as a group)
    "Goblin creatures get +1/+1.",
])
def test_group_forms_no_rule_applies_stay_unread(text):
    (ab,) = parse_oracle_text(text, "Card")
    assert ab.semantics == [] and ab.unparsed


@pytest.mark.parametrize("text,expected", [
    ("Exile target artifact or enchantment.", [("exiles", ("target", ("one_of", "artifact", "enchantment")))]),
    ("Exile target card from a graveyard.", [("exiles", ("target", ("card_in", "a_graveyard")))]),
    ("The Ring tempts you.", [("keyword_action", "you", "the_ring_tempts_you", 1)]),
    ("Whenever this creature exploits a creature, you draw two cards and you lose 2 life.",
     [("trigger_event", ("exploits", "self")), ("draws_cards", "you", 2), ("loses_life", "you", 2)]),
])
def test_more_templates_are_read_into_their_facts(text, expected):
    (ab,) = parse_oracle_text(text, "Card")
    assert ab.unparsed == [] and ab.semantics == expected


def test_a_card_from_a_graveyard_is_read_only_where_exile_takes_it():
    # "return target card from a graveyard to ..." would move a card the return rule looks for on
    # the battlefield: not read.
    (ab,) = parse_oracle_text("Return target card from a graveyard to its owner's hand.", "Card")
    assert ab.semantics == [] and ab.unparsed
