"""Shared sub-grammars of issue 19 (session 5) on real cards, each with the exact facts it writes
(schema.lp): one subject shared by the predicates of a clause, counters on any object phrase, more
damage recipients, trigger objects through the shared object phrase, more trigger events."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from pyrules.parser.oracle_text import parse_oracle_text


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,expected", [
    # A clause's predicates share its subject ("it" after a target: 608.2c, one target).
    ("Cunning Survivor", ['gets_pt("Cunning Survivor",1,1,self,"+1","+0")',
                          'combat_restriction("Cunning Survivor",1,1,self,cant_be_blocked)',
                          'effect_duration("Cunning Survivor",1,1,this_turn)']),
    ("Furor of the Bitten", ['gets_pt("Furor of the Bitten",1,2,enchanted(creature),"+2","+2")',
                             'combat_requirement("Furor of the Bitten",1,2,enchanted(creature),attacks_each_combat_if_able)']),
    # Counters on the shared object phrase (122.1).
    ("Victory's Envoy", ['puts_counters("Victory\'s Envoy",1,1,pt("+1","+1"),1,other_you_control(creature))']),
    ("Iron-Heart Chimera", ['puts_counters("Iron-Heart Chimera",1,2,pt("+2","+2"),1,target(object(creature,subtype("Chimera"))))']),
    ("Selfless Savior", ['ability_grants_keyword("Selfless Savior",1,1,target(object(creature,controlled_by(you),other)),indestructible)']),
    # Damage recipients (120.1, 115.1, 108.4, 102.2).
    ("Sorcerer of the Fang", ['deals_damage("Sorcerer of the Fang",1,1,self,2,target(one_of(opponent,planeswalker)))']),
    ("Blazing Volley", ['deals_damage("Blazing Volley",1,1,self,1,each(object(creature,controlled_by(an_opponent))))']),
    ("Fodder Launch", ['deals_damage("Fodder Launch",1,2,self,5,controller_of(that(creature)))']),
    # Trigger objects and events (603.2, 603.6a, 509.1a, 510.2).
    ("Marketwatch Phantom", ['face_triggers_on("Marketwatch Phantom",1,1,enters(object(creature,controlled_by(you),power_at_most(2),other)))']),
    ("Labyrinth Minotaur", ['face_triggers_on("Labyrinth Minotaur",1,1,blocks_object(self,creature))']),
    ("Nimblewright Schematic", ['face_triggers_on("Nimblewright Schematic",1,1,enters(self))',
                                'face_triggers_on("Nimblewright Schematic",1,1,put_into_graveyard_from_battlefield(self))']),
    # More trigger events (603.2; trigger events no rule derives are assumptions of the answers).
    ("Archmage Emeritus", ['face_triggers_on("Archmage Emeritus",1,1,cast_or_copy(you,1))',
                           'trigger_spell_quality("Archmage Emeritus",1,1,1,card_type(instant))']),
    ("Benthic Biomancer", ['face_triggers_on("Benthic Biomancer",1,2,counters_put_on(pt(1,1),self))']),
    ("Consecrated Sphinx", ['face_triggers_on("Consecrated Sphinx",1,2,draw_card(an_opponent))']),
    ("Ghost Hounds", ['face_triggers_on("Ghost Hounds",1,2,blocks(self))',
                      'face_triggers_on("Ghost Hounds",1,2,becomes_blocked_by(self,object(creature,color(white))))']),
    ("Grim Hireling", ['face_triggers_on("Grim Hireling",1,1,one_or_more_deal_combat_damage_to_player(object(creature,controlled_by(you))))']),
    ("Isperia, Supreme Judge", ['face_triggers_on("Isperia, Supreme Judge",1,2,attacks_you_or_planeswalker_you_control(any(creature)))']),
    ("Four Knocks", ['face_triggers_on("Four Knocks",1,2,beginning_of_step(you,precombat_main))']),
    ("Ember Swallower", ['face_triggers_on("Ember Swallower",1,2,becomes_monstrous(self))']),
    ("Raven of Fell Omens", ['face_triggers_on("Raven of Fell Omens",1,2,commit_crime(you))']),
    ("Acid-Spewer Dragon", ['face_triggers_on("Acid-Spewer Dragon",1,3,turned_face_up(self))',
                            'puts_counters("Acid-Spewer Dragon",1,3,pt("+1","+1"),1,all(object(creature,subtype("Dragon"),controlled_by(you),other)))']),
    # Keyword actions with objects (701.14a fight, 701.3a attach; keyword_action/6: no rule applies
    # them, so they are assumptions of the answers), "sacrifice it", "exile the top card".
    ("Clash of Titans", ['keyword_action("Clash of Titans",1,1,target(creature),fight(another_target(creature)),1)']),
    ("Baseball Bat", ['keyword_action("Baseball Bat",1,1,you,attach(it,target_you_control(creature)),1)']),
    ("Ancestral Blade", ['keyword_action("Ancestral Blade",1,1,you,attach(self,it),1)']),
    ("Phantasmal Bear", ['sacrifices("Phantasmal Bear",1,1,you,it,1)']),
    ("Mystic Forge", ['exiles("Mystic Forge",1,3,top_cards_of_library(you,1))']),
    # Searches (701.23a): a disjunction of qualities, "permanent", mana value, "named ~", "then shuffle
    # and put that card on top".
    ("Bant Panorama", ['search_card_quality("Bant Panorama",1,2,supertype(basic))',
                       'search_card_quality("Bant Panorama",1,2,one_of(subtype("Forest"),subtype("Plains"),subtype("Island")))',
                       'search_puts_found("Bant Panorama",1,2,battlefield_tapped)']),
    ("Bog Glider", ['search_card_quality("Bog Glider",1,2,permanent)',
                    'search_card_quality("Bog Glider",1,2,mana_value_at_most(2))']),
    ("Avarax", ['search_card_quality("Avarax",1,2,named(self))']),
    ("Boggart Harbinger", ['search_puts_found("Boggart Harbinger",1,1,library_top_after_shuffle)',
                           'shuffles_library("Boggart Harbinger",1,1,you)']),
    # Tokens of two colors (111.3: the "and" between the colors was a crash of the reader).
    ("Beckon Apparition", ['creates_token_color("Beckon Apparition",1,1,1,white)',
                           'creates_token_color("Beckon Apparition",1,1,1,black)']),
    # Combat requirements (508.1d, 509.1c; combat_requirement/5: no rule reads it, an assumption).
    ("Culvert Ambusher", ['face_triggers_on("Culvert Ambusher",1,1,turned_face_up(self))',
                          'combat_requirement("Culvert Ambusher",1,1,target(creature),blocks_if_able)',
                          'effect_duration("Culvert Ambusher",1,1,this_turn)']),
    ("Breaker of Armies", ['combat_requirement("Breaker of Armies",1,1,self,all_able_creatures_block_it)']),
    ("Fear of Being Hunted", ['combat_requirement("Fear of Being Hunted",1,2,self,must_be_blocked_if_able)']),
    # "Amass [subtype] N" (701.47a), the upkeep of an enchanted permanent's controller (503.1a),
    # "you may have [object] get +N/+N" (the player causes it, 608.2d).
    ("Angrath, Captain of Chaos", ['keyword_action("Angrath, Captain of Chaos",1,2,you,amass(subtype("Zombie")),2)']),
    ("Cursed Land", ['face_triggers_on("Cursed Land",1,2,beginning_of_step(controller_of(enchanted(land)),upkeep))']),
    ("Battle-Rattle Shaman", ['gets_pt("Battle-Rattle Shaman",1,1,target(creature),"+2","+0")',
                              'player_may("Battle-Rattle Shaman",1,1,you,gets_pt)']),
    ("Alacrian Jaguar", ['face_triggers_on("Alacrian Jaguar",1,2,attacks_while_saddled(self))']),
    ("Boros Elite", ['face_triggers_on("Boros Elite",1,1,attacks_with_at_least_others(self,2))']),
    ("Armasaur Guide", ['face_triggers_on("Armasaur Guide",1,2,attack_with_at_least(you,3))']),
    ("Bloodbriar", ['face_triggers_on("Bloodbriar",1,1,sacrifice(you,another(permanent)))']),
    ("Aquastrand Spider", ['ability_grants_keyword("Aquastrand Spider",1,2,target(object(creature,has_counter(pt(1,1)))),reach)']),
])
def test_real_card_is_read_whole_into_its_facts(oracle_records, name, expected):
    f = facts(oracle_records, name)
    assert set(expected) <= f
    assert not [x for x in f if x.startswith("card_unparsed(")]


@pytest.mark.parametrize("text,expected", [
    ("Target creature gets +2/+2 until end of turn and can't block this turn.",
     [("gets_pt", ("target", "creature"), "+2", "+2"), ("duration", "until_end_of_turn"),
      ("combat_restriction", ("it",), "cant_block"), ("duration", "this_turn")]),
    ("Put a -1/-1 counter on each creature.", [("puts_counters", ("pt", "-1", "-1"), 1, ("all", "creature"))]),
    ("Put a +1/+1 counter on each other Dragon creature you control.",
     [("puts_counters", ("pt", "+1", "+1"), 1,
       ("all", ("object", "creature", ("subtype", "Dragon"), ("controlled_by", "you"), ("other",))))]),
])
def test_sentence_is_read_into_its_facts(text, expected):
    (ab,) = parse_oracle_text(text, "Foo", is_spell_face=True)
    assert ab.semantics == expected and not ab.unparsed


def test_a_target_and_another_recipient_in_one_damage_sentence_stay_unread():
    # The rules apply an ability's damage by its target; "and 3 damage to you" would go unapplied
    # unseen, so the sentence is not read (issue 19: an unread part beats a wrong fact).
    (ab,) = parse_oracle_text("Foo deals 3 damage to any target and 3 damage to you.", "Foo", is_spell_face=True)
    assert ab.semantics == [] and [u.text for u in ab.unparsed] == ["~ deals 3 damage to any target and 3 damage to you"]


def test_a_shared_subject_reads_only_when_every_predicate_is_read():
    # "loses all abilities" is no template: the whole clause stays unread, not its first half alone.
    (ab,) = parse_oracle_text("Enchanted creature gets +1/+1 and loses all abilities.", "Foo")
    assert ab.semantics == [] and [u.text for u in ab.unparsed] == ["Enchanted creature gets +1/+1 and loses all abilities"]


@pytest.mark.parametrize("condition,event", [
    # A new rule must not shadow an older one (an LALR shift taken for the new rule's word).
    ("this creature is turned face up", ("turned_face_up", "self")),
    ("this creature is dealt damage", ("is_dealt_damage", "self")),
    ("a creature you control attacks", ("attacks", ("you_control", "creature"))),
    ("another creature you control enters", ("enters", ("another_you_control", "creature"))),
    ("a Dragon you control attacks", ("attacks", ("you_control", ("subtype", "Dragon")))),
])
def test_older_trigger_conditions_keep_their_reading(condition, event):
    (ab,) = parse_oracle_text(f"Whenever {condition}, draw a card.", "Foo")
    assert ab.semantics == [("trigger_event", event), ("draws_cards", "you", 1)] and not ab.unparsed


def test_a_combat_requirement_of_an_instant_is_read_and_listed_unapplied(oracle_records):
    # 508.1d: no resolution rule applies a spell's combat requirement; resolution_effects.lp lists it as a
    # spell_effect (issue 19), so read it is an unapplied effect as the spell resolves, never dropped unseen
    # (before that listing it was kept unread)
    f = facts(oracle_records, "Boiling Blood")
    assert 'combat_requirement("Boiling Blood",1,1,target(creature),attacks_if_able)' in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_a_requirement_to_block_an_object_keeps_the_object():
    (ab,) = parse_oracle_text("Whenever this creature attacks, target creature blocks it this turn if able.", "Foo")
    assert ab.semantics == [("trigger_event", ("attacks", "self")),
                            ("combat_requirement", ("target", "creature"), ("blocks_if_able", ("it",))),
                            ("duration", "this_turn")] and not ab.unparsed
