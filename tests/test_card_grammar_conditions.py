"""Issue 19, session 6: the shared condition, compared-quantity and "for each" slots of the Oracle
grammar and the templates that use them, on real cards, each with the exact facts it writes; the
same templates on an instant or sorcery stay unread (no resolution rule lists their facts yet)."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from pyrules.parser.oracle_text import parse_oracle_text


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,expected", [
    # 614.1d with the condition slot: a count compared ("two or more", "two or fewer"), "other", "basic"
    ("Canopy Vista", ['enters_tapped_unless("Canopy Vista",1,2,self,controls(you,at_least(2,object(land,supertype(basic)))))']),
    ("Concealed Courtyard", ['enters_tapped_unless("Concealed Courtyard",1,1,self,controls(you,at_most(2,object(land,other))))']),
    ("Rootbound Crag", ['enters_tapped_unless("Rootbound Crag",1,1,self,controls(you,at_least(1,one_of('
                        'object(permanent,subtype("Mountain")),object(permanent,subtype("Forest"))))))']),
    # 613.4c, 611.3a: "as long as" with the same condition slot
    # (the P/T change is a term of conditional_effect/6: no rule applies it without its condition)
    ("Sedge Troll", ['conditional_effect("Sedge Troll",1,1,as_long_as,controls(you,at_least(1,object(permanent,subtype("Swamp")))),'
                     'gets_pt(self,"+1","+1"))']),
    ("Billowing Shriekmass", ['conditional_effect("Billowing Shriekmass",1,3,as_long_as,cards_in(graveyard,you,at_least(7)),'
                              'gets_pt(self,"+2","+1"))']),
    ("Gnarlwood Dryad", ['conditional_effect("Gnarlwood Dryad",1,2,as_long_as,card_types_among(graveyard,you,at_least(4)),'
                         'gets_pt(self,"+2","+2"))']),
    # the condition first: "As long as ..., ...", "During your turn, ...", an intervening "if" (603.4)
    ("Expedition Lookout", ['conditional_effect("Expedition Lookout",1,2,as_long_as,cards_in(graveyard,an_opponent,at_least(8)),'
                            'attacks_as_though_no_defender(self))',
                            'conditional_effect("Expedition Lookout",1,2,as_long_as,cards_in(graveyard,an_opponent,at_least(8)),'
                            'combat_restriction(it,cant_be_blocked))']),
    ("Spiteful Prankster", ['conditional_effect("Spiteful Prankster",1,1,as_long_as,turn_of(you),ability_grants_keyword(self,first_strike))']),
    ("Apothecary Geist", ['conditional_effect("Apothecary Geist",1,2,if,controls(you,at_least(1,object(permanent,subtype("Spirit"),other))),'
                          'gains_life(you,3))']),
    ("Scuttling Butler", ['conditional_effect("Scuttling Butler",1,1,if,controls(you,at_least(2,object(permanent,color(multicolored)))),'
                          'ability_grants_keyword(self,double_strike))',
                          'conditional_effect("Scuttling Butler",1,1,if,controls(you,at_least(2,object(permanent,color(multicolored)))),'
                          'effect_duration(until_end_of_turn))']),
    # "[effect] as long as [condition]" governs every predicate before it (611.3a)
    ("Wildfire Wickerfolk", ['conditional_effect("Wildfire Wickerfolk",1,2,as_long_as,card_types_among(graveyard,you,at_least(4)),'
                             'ability_grants_keyword(self,trample))',
                             'conditional_effect("Wildfire Wickerfolk",1,2,as_long_as,card_types_among(graveyard,you,at_least(4)),'
                             'gets_pt(self,"+1","+1"))']),
    ("Drill-Skimmer", ['conditional_effect("Drill-Skimmer",1,2,as_long_as,controls(you,at_least(1,object(creature,card_type(artifact),other))),'
                       'ability_grants_keyword(self,shroud))']),
    ("Indomitable Archangel", ['conditional_effect("Indomitable Archangel",1,2,as_long_as,controls(you,at_least(3,artifact)),'
                               'ability_grants_keyword(each_you_control(artifact),shroud))']),
    # 603.8: a state trigger, with a subtype's plural ("no Islands")
    ("Dandân", ['face_triggers_on("Dandân",1,2,state(controls(you,at_most(0,object(permanent,subtype("Island"))))))',
                'sacrifices("Dandân",1,2,you,self,1)']),
    ("Ethereal Whiskergill", ['combat_limit("Ethereal Whiskergill",1,2,self,cant_attack_unless(controls(defending_player,'
                              'at_least(1,object(permanent,subtype("Island"))))))']),
    ("Way of the Thief", ['combat_limit("Way of the Thief",1,3,enchanted(creature),cant_be_blocked_as_long_as('
                          'controls(you,at_least(1,object(permanent,subtype("Gate"))))))']),
    # "for each": the multiplier kept with the bonus
    ("Scourge of Geier Reach", ['gets_pt_for_each("Scourge of Geier Reach",1,1,self,"+1","+1",'
                                'permanents(object(creature,controlled_by(an_opponent))))']),
    # combat limits (509.1a-c, 506.4)
    ("Rampaging Ceratops", ['combat_limit("Rampaging Ceratops",1,1,self,blockers_at_least(3,creature))']),
    ("Huang Zhong, Shu General", ['combat_limit("Huang Zhong, Shu General",1,1,self,blockers_at_most(1,creature))']),
    ("Night Market Guard", ['combat_limit("Night Market Guard",1,1,self,can_block_additional(1,creature))']),
    # an object put on a library (a triggered and an activated ability of a permanent)
    ("Dark Revenant", ['puts_on_library("Dark Revenant",1,2,it,top)']),
    ("Sunscape Apprentice", ['puts_on_library("Sunscape Apprentice",1,2,target_you_control(creature),top)']),
])
def test_condition_and_count_templates_are_read_into_their_facts(oracle_records, name, expected):
    f = facts(oracle_records, name)
    assert set(expected) <= f
    assert not [x for x in f if x.startswith("card_unparsed(")]


@pytest.mark.parametrize("text,expected", [
    # 611.2b: "until your next turn" is a duration like "until end of turn" (effect_duration/4)
    ("Creatures your opponents control get -3/-0 until your next turn.",
     [("gets_pt", ("all", ("object", "creature", ("controlled_by", "an_opponent"))), "-3", "-0"),
      ("duration", "until_your_next_turn")]),
    ("Until your next turn, creatures you control get +1/+0 and gain lifelink.",
     [("grants_keyword", ("each_you_control", "creature"), "lifelink"), ("gets_pt", ("each_you_control", "creature"), "+1", "+0"),
      ("duration", "until_your_next_turn")]),
    ("Target creature gets +2/+2 until end of turn.",
     [("gets_pt", ("target", "creature"), "+2", "+2"), ("duration", "until_end_of_turn")]),
    ("This land enters tapped unless a player has 13 or less life.",
     [("enters_tapped_unless", ("self",), ("life_total", "a_player", ("at_most", 13)))]),
    ("This land enters tapped unless you have two or more opponents.",
     [("enters_tapped_unless", ("self",), ("opponent_count", "you", ("at_least", 2)))]),
    ("This creature gets +1/+1 for each creature card in your graveyard.",
     [("gets_pt_for_each", ("self",), "+1", "+1", ("cards_in", "graveyard", "you", ("card_type", "creature")))]),
    ("You may put a land card from your hand onto the battlefield.",
     [("puts_onto_battlefield", "you", ("card", ("card_type", "land")), "hand", "untapped"),
      ("player_may", "you", "puts_onto_battlefield")]),
    ("Whenever this creature blocks a creature, destroy that creature.",
     [("trigger_event", ("blocks_object", "self", "creature")), ("destroys", ("that", "creature"))]),
    ("This creature can't attack or block alone.", [("combat_limit", ("self",), "cant_attack_or_block_alone")]),
])
def test_sentence_with_a_shared_slot_is_read_into_its_facts(text, expected):
    (ab,) = parse_oracle_text(text, "Card")
    assert ab.unparsed == [] and ab.semantics == expected


@pytest.mark.parametrize("text", [
    # "or fewer" blockers is no "except by N or more" restriction: not read as one
    "This creature can't be blocked except by two or fewer creatures.",
    # "until end of turn" before a casting permission is not the permission's duration here
    "Until end of turn, you may cast creature spells as though they had flash.",
    # a manland that is a creature until your next turn: becomes_creature is read for until end of turn only
    "This land becomes a 2/2 creature until your next turn.",
])
def test_forms_the_slots_do_not_cover_stay_unread(text):
    (ab,) = parse_oracle_text(text, "Card")
    assert ab.semantics == [] and ab.unparsed


def test_the_templates_are_read_on_an_instant_as_listed_unapplied_effects(oracle_records):
    # Griptide (instant): "Put target creature on top of its owner's library." -- no resolution rule
    # applies puts_on_library; resolution_effects.lp lists it as a spell_effect (issue 19), so on a spell it
    # is read and, as the spell resolves, an unapplied effect, never dropped (before: kept unread).
    f = facts(oracle_records, "Griptide")
    assert 'puts_on_library("Griptide",1,1,target(creature),top)' in f
    assert not [x for x in f if x.startswith("card_unparsed(")]
    # the same sentence on a permanent's ability is read
    (ab,) = parse_oracle_text("When this creature dies, put it on top of its owner's library.", "Card")
    assert ab.unparsed == [] and ("puts_on_library", ("it",), "top") in ab.semantics


def test_a_conditional_effect_is_never_read_without_its_condition(oracle_records):
    # "If you control a creature with power 4 or greater, draw two cards." (a Saga chapter): the draw
    # is only a term of conditional_effect/6, never a draws_cards/5 fact a rule would apply always.
    f = facts(oracle_records, "The First Iroan Games")
    assert 'conditional_effect("The First Iroan Games",1,4,if,controls(you,at_least(1,object(creature,power_at_least(4)))),draws_cards(you,2))' in f
    assert not [x for x in f if x.startswith('draws_cards(')]
    # on an instant or sorcery (no resolution rule lists conditional_effect) it stays unread
    (ab,) = parse_oracle_text("If you control a Wizard, draw a card.", "Card", is_spell_face=True)
    assert ab.semantics == [] and [u.text for u in ab.unparsed] == ["If you control a Wizard, draw a card"]
    # a condition the state-condition slot does not read keeps the sentence unread
    (ab,) = parse_oracle_text("If a player cast two or more spells last turn, draw a card.", "Card")
    assert ab.semantics == [] and ab.unparsed


def test_an_unlisted_effect_beside_an_applied_one_keeps_its_ability_unread(oracle_records):
    # Sensei's Divining Top: "{T}: Draw a card, then put this artifact on top of its owner's library."
    # The draw is applied where the ability resolves (rules_asp/time), puts_on_library is not listed
    # there: the ability is kept unread as a whole (withheld), never half applied (608.2c).
    f = facts(oracle_records, "Sensei's Divining Top")
    assert 'puts_on_library("Sensei\'s Divining Top",1,2,self,top)' in f
    assert any(x.startswith('card_unparsed("Sensei\'s Divining Top",1,oracle_text(2),') for x in f)
    # alone in its ability it is read: "When this creature dies, put it on top of its owner's library."
    f = facts(oracle_records, "Dark Revenant")
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_flash_as_long_as_keeps_its_own_reading():
    # "has flash as long as ..." is read by card_effects.lp (601.3d) with the condition as text (an
    # assumption until the state says it is met): not turned into conditional_effect.
    (ab,) = parse_oracle_text("This spell has flash as long as you control a Merfolk.", "Card")
    assert ab.semantics == [("has_keyword_as_long_as", "flash")]
    assert [u.text for u in ab.unparsed] == ["you control a Merfolk"]


@pytest.mark.parametrize("name,expected", [
    # keywords with no parameter in the keyword slot of grants (702.36 fear, 702.90 infect, 702.25 flanking)
    ("Vector Asp", ['ability_grants_keyword("Vector Asp",1,1,self,infect)', 'effect_duration("Vector Asp",1,1,until_end_of_turn)']),
    ("Abyssal Nocturnus", ['ability_grants_keyword("Abyssal Nocturnus",1,1,self,fear)', 'gets_pt("Abyssal Nocturnus",1,1,self,"+2","+2")']),
    ("Jabari's Banner", ['ability_grants_keyword("Jabari\'s Banner",1,1,target(creature),flanking)']),
    ("Fen Stalker", ['conditional_effect("Fen Stalker",1,1,as_long_as,controls(you,at_most(0,object(land,untapped))),'
                     'ability_grants_keyword(self,fear))']),
    # "return a land you control to its owner's hand": one the controller chooses, no target (115.1)
    ("Selesnya Sanctuary", ['returns_to_hand("Selesnya Sanctuary",1,2,chosen_by(you,1,object(land,controlled_by(you))))']),
    ("Tazeem Raptor", ['returns_to_hand("Tazeem Raptor",1,2,chosen_by(you,1,object(land,controlled_by(you))))',
                       'player_may("Tazeem Raptor",1,2,you,returns_to_hand)']),
])
def test_keyword_and_chosen_object_slots_are_read_into_their_facts(oracle_records, name, expected):
    f = facts(oracle_records, name)
    assert set(expected) <= f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_returning_an_object_nobody_is_said_to_control_stays_unread():
    (ab,) = parse_oracle_text("Return a creature to its owner's hand.", "Card")
    assert ab.semantics == [] and ab.unparsed


@pytest.mark.parametrize("name,expected", [
    # "Other [subtype]s you control": a subtype after "other" (not a sentence's first word, 205.3)
    ("Kargan Warleader", ['gets_pt("Kargan Warleader",1,1,all(object(permanent,subtype("Warrior"),controlled_by(you),other)),"+1","+1")']),
    ("Belle of the Brawl", ['gets_pt("Belle of the Brawl",1,2,all(object(permanent,subtype("Knight"),controlled_by(you),other)),"+1","+0")',
                            'effect_duration("Belle of the Brawl",1,2,until_end_of_turn)']),
])
def test_other_subtype_groups_are_read_into_their_facts(oracle_records, name, expected):
    f = facts(oracle_records, name)
    assert set(expected) <= f
    assert not [x for x in f if x.startswith("card_unparsed(")]


@pytest.mark.parametrize("text", ["Other Merfolk you control get +1/+1.", "Other Knives you control get +1/+1."])
def test_a_plural_subtype_whose_singular_is_not_certain_stays_unread(text):
    # "Elves" (Elf), "Zombies" (Zombie), "Harpies" (Harpy) are read from 205.3m's irregular plurals
    # (oracle_text._IRREGULAR_SUBTYPE_PLURALS); another "-ves" / "-ies" word or an unchanged plural is not
    (ab,) = parse_oracle_text(text, "Card")
    assert ab.semantics == [] and ab.unparsed


@pytest.mark.parametrize("name,expected", [
    # 121.1: the player slot of "draws" ("each player", "target opponent", "that player")
    ("Vision Skeins", ['draws_cards("Vision Skeins",1,1,each_player,2)']),
    ("Runed Servitor", ['draws_cards("Runed Servitor",1,1,each_player,1)']),
    # one subject, two predicates: a target player is "that player" in the second (608.2c)
    ("Harrowing Journey", ['draws_cards("Harrowing Journey",1,1,target_player,3)', 'loses_life("Harrowing Journey",1,1,that_player,3)']),
])
def test_player_slot_of_draws_and_shared_subjects_are_read(oracle_records, name, expected):
    f = facts(oracle_records, name)
    assert set(expected) <= f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_each_opponent_discards_and_loses_life_keeps_its_subject():
    (ab,) = parse_oracle_text("Each opponent discards a card and loses 2 life.", "Card")
    assert ab.unparsed == [] and ab.semantics == [("discards_cards", "each_opponent", 1), ("loses_life", "each_opponent", 2)]


@pytest.mark.parametrize("name,expected", [
    # costs (118.3) activation.lp lists as costs it does not check (activation_other_cost/3)
    ("Scarblade Elite", ['ability_cost("Scarblade Elite",1,1,exile_cards_from_graveyard(1,subtype("Assassin")))']),
    ("Deranged Assistant", ['ability_cost("Deranged Assistant",1,1,mill(1))']),
    ("Molting Skin", ['ability_cost("Molting Skin",1,1,return_to_hand(self))']),
    # "another creature or an artifact": "another" qualifies the creature only (701.21a)
    ("Elite Headhunter", ['ability_cost("Elite Headhunter",1,2,sacrifice(one_of(another(creature),artifact),1))']),
])
def test_more_costs_are_read_into_their_facts(oracle_records, name, expected):
    f = facts(oracle_records, name)
    assert set(expected) <= f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_another_applies_to_both_kinds_without_an_article():
    (ab,) = parse_oracle_text("{1}, Sacrifice another creature or artifact: Draw a card.", "Card")
    assert ("cost", ("sacrifice", ("another", ("one_of", "creature", "artifact")), 1)) in ab.semantics


@pytest.mark.parametrize("name,expected", [
    # "[effect] unless [player] pays [cost]" (118.12): the effect under the payment not made
    ("Child of Gaea", ['conditional_effect("Child of Gaea",1,2,unless,player_pays(you,pays_mana("{G}{G}")),sacrifices(you,self,1))']),
    ("Gateway Plaza", ['conditional_effect("Gateway Plaza",1,2,unless,player_pays(you,pays_mana("{1}")),sacrifices(you,it,1))']),
    ("Isolation Cell", ['conditional_effect("Isolation Cell",1,1,unless,player_pays(they,pays_mana("{2}")),loses_life(that_player,2))']),
    # {E} is energy (107.14), not mana
    ("Liberty Prime, Recharged", ['conditional_effect("Liberty Prime, Recharged",1,2,unless,player_pays(you,pays_energy(2)),sacrifices(you,it,1))']),
])
def test_unless_pays_is_read_as_a_condition_of_the_effect(oracle_records, name, expected):
    f = facts(oracle_records, name)
    assert set(expected) <= f
    assert not [x for x in f if x.startswith("card_unparsed(")]
    assert not [x for x in f if x.startswith(("sacrifices(", "loses_life("))]   # never without its condition


def test_counter_unless_keeps_its_own_reading_on_a_spell():
    (ab,) = parse_oracle_text("Counter target spell unless its controller pays {3}.", "Card", is_spell_face=True)
    assert ab.unparsed == [] and ab.semantics[0] == ("counter_target", 1)
    assert not [f for f in ab.semantics if f[0] == "conditional_effect"]
