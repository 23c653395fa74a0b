"""The shared object phrase of the Oracle-text grammar (issue 19): "target" + adjectives + noun +
suffixes (115.1) read the same way in every template that names an object (tap, exile, P/T change,
keyword grant, damage), each word a quality of object(Noun, Quality...); the shapes read before
("target creature you control" -> target_you_control(creature)) keep their terms."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,fact", [
    ("Blade Banish", 'exiles("Blade Banish",1,1,target(object(creature,power_at_least(4))))'),
    ("Cephalid Retainer", 'taps("Cephalid Retainer",1,1,target(object(creature,not_has_keyword(flying))))'),
    ("Gallantry", 'gets_pt("Gallantry",1,1,target(object(creature,blocking)),"+4","+4")'),
    ("Kelsinko Ranger", 'ability_grants_keyword("Kelsinko Ranger",1,1,target(object(creature,color(green))),first_strike)'),
    ("Fever Charm", 'deals_damage("Fever Charm",1,mode(1,3),self,3,target(object(creature,subtype("Wizard"))))'),
])
def test_a_qualified_target_is_read_with_every_quality(oracle_records, name, fact):
    f = facts(oracle_records, name)
    assert fact in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_shapes_read_before_keep_their_terms():
    from pyrules.parser.oracle_text import parse_oracle_text

    def read(text):
        (ab,) = parse_oracle_text(text, "Card", is_spell_face=True)
        assert ab.unparsed == []
        return ab.semantics[0]

    assert read("Tap target creature you control.") == ("taps", ("target_you_control", "creature"))
    assert read("Tap target creature an opponent controls.") == ("taps", ("target_opponent_controls", "creature"))
    assert read("Untap target permanent.") == ("untaps", ("target", "permanent"))
    assert read("Return target nonland permanent to its owner's hand.") == ("returns_to_hand", ("target", "nonland_permanent"))
    assert read("Tap target creature.") == ("taps", ("target", "creature"))


def test_up_to_n_targets_is_one_slot_of_up_to_n(oracle_records):
    # 115.1d: "up to N target [objects]": Lead Astray's 'Tap up to two target creatures.'
    f = facts(oracle_records, "Lead Astray")
    assert 'taps("Lead Astray",1,1,up_to_targets(2,creature))' in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_you_may_play_that_card_this_turn_is_a_listed_permission(oracle_records):
    # 601.3: Count on Luck's 'exile the top card of your library. You may play that card this turn.'
    f = facts(oracle_records, "Count on Luck")
    assert 'may_play("Count on Luck",1,1,that(card),this_turn)' in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


@pytest.mark.parametrize("name,fact", [
    # 611.3a: "each [object phrase]" as the affected object of every template, the term of the plural group
    # phrase: "Regenerate each creature you control" as "creatures you control" (701.19a)
    ("Loxodon Hierarch", 'regenerates("Loxodon Hierarch",1,2,each_you_control(creature))'),
    # "each other creature you control" as "other creatures you control" (109.2)
    ("Denizen of the Deep", 'returns_to_hand("Denizen of the Deep",1,1,other_you_control(creature))'),
    # any other quality: all(object(T, Q...)), each quality kept (122.1: "with a +1/+1 counter on it")
    ("Battlefront Krushok", 'combat_limit("Battlefront Krushok",1,2,all(object(creature,controlled_by(you),'
                            'has_counter(pt(1,1)))),blockers_at_most(1,creature))'),
    ("Tangle", 'doesnt_untap("Tangle",1,2,all(object(creature,attacking)),its_controller,next)'),
    # "Each creature gets -1/-1 until end of turn" as "All creatures get ..." (613.4c)
    ("Golgari Charm", 'gets_pt("Golgari Charm",1,mode(1,1),all(creature),"-1","-1")'),
])
def test_each_object_phrase_is_the_group_of_every_such_object_611_3a(oracle_records, name, fact):
    f = facts(oracle_records, name)
    assert fact in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_a_keyword_grant_to_each_qualified_object_is_read_613_1f(oracle_records):
    # "Each creature you control with a +1/+1 counter on it has lifelink": a grant to a qualified group is
    # read (session 13; before, the keyword_grant template refused it and it stayed residue); no rule applies
    # it (interpreted.lp: an assumption, tests/test_oracle_group_phrases.py), never dropped
    f = facts(oracle_records, "Abzan Battle Priest")
    assert ('ability_grants_keyword("Abzan Battle Priest",1,2,'
            'all(object(creature,controlled_by(you),has_counter(pt(1,1)))),lifelink)') in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


@pytest.mark.parametrize("name,fact", [
    # 611.3a: "all [objects] [suffixes]" as the affected object of every template: "Untap all creatures you
    # control" as "creatures you control" (701.26b)
    ("Join Shields", 'untaps("Join Shields",1,1,each_you_control(creature))'),
    # "Tap all creatures your opponents control" (102.2): every such creature, each quality kept
    ("Cryptic Command", 'taps("Cryptic Command",1,mode(1,3),all(object(creature,controlled_by(an_opponent))))'),
    # "Return all lands to their owners' hands" (400.7)
    ("Sunder", 'returns_to_hand("Sunder",1,1,all(land))'),
    # "All artifacts have shroud" (702.18a; no rule applies a grant to all(...): an assumption)
    ("Hanna's Custody", 'ability_grants_keyword("Hanna\'s Custody",1,1,all(artifact),shroud)'),
])
def test_all_object_phrase_is_the_group_of_every_such_object_611_3a(oracle_records, name, fact):
    f = facts(oracle_records, name)
    assert fact in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_all_creatures_keeps_its_term(oracle_records):
    # "All creatures get -1/-1 until end of turn" and "All creatures able to block this creature do so"
    # (509.1c) keep the facts they had before the group phrase took other plurals
    assert 'combat_requirement("Lure",1,2,enchanted(creature),all_able_creatures_block_it)' in facts(oracle_records, "Lure")
