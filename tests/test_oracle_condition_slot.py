"""Issue 19: more of the Oracle grammar's shared condition slot (state_condition), which every template
that takes a condition reads ("as long as" 611.3a, "if" 603.4 / 608.2c, "unless" 614.1d / 118.12,
"Activate only if" 602.5b): what happened this turn (700.4 died, 603.6c left the battlefield, 119.3 life
gained or lost, 601.2i spells cast, 121.1 cards drawn, 508.1 attacked, 700.11 descended), how the object
was cast (702.33d kicked, 601.2h the mana spent, 702.104b tribute), a player's life total, what a player
does not control or an opponent controls, and cards of a quality in a graveyard; and the trailing form
"[one instruction] if / unless [condition]". Each condition is a term of conditional_effect/6 or
activate_only/4 (schema.lp), which no rule reads (an assumption of the answers). Real cards, exact facts;
each fails on the grammar before (the sentence was unread)."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,expected", [
    # 702.33d: "If this creature was kicked, it enters with two +1/+1 counters on it." (a replacement, 614.1c)
    ("Aether Figment", ['conditional_effect("Aether Figment",1,2,if,was_kicked(self),enters_with_counters(it,pt("+1","+1"),2))']),
    # an intervening "if" of a trigger (603.4): "When this creature enters, if it was kicked, destroy target land."
    ("Benalish Emissary", ['conditional_effect("Benalish Emissary",1,2,if,was_kicked(it),destroy_target(1))',
                           'conditional_effect("Benalish Emissary",1,2,if,was_kicked(it),destroy_target_may_be(1,card_type(land)))']),
    # Revolt (603.6c): a permanent left the battlefield under your control this turn
    ("Airdrop Aeronauts", ['conditional_effect("Airdrop Aeronauts",1,2,if,left_battlefield_this_turn(permanent,you),gains_life(you,5))']),
    # 119.3: life gained this turn, N or more
    ("Angelic Accord", ['conditional_effect("Angelic Accord",1,1,if,life_gained_this_turn(you,at_least(4)),creates_tokens(1,1))',
                        'conditional_effect("Angelic Accord",1,1,if,life_gained_this_turn(you,at_least(4)),creates_token_subtype(1,"Angel"))']),
    # 119.3: an opponent lost life this turn (at least 1)
    ("Bloodtithe Collector", ['conditional_effect("Bloodtithe Collector",1,2,if,life_lost_this_turn(an_opponent,at_least(1)),'
                              'discards_cards(each_opponent,1))']),
    # 601.2i, 121.1: spells cast / cards drawn this turn
    ("Brightspear Zealot", ['conditional_effect("Brightspear Zealot",1,2,as_long_as,spells_cast_this_turn(you,at_least(2)),'
                            'gets_pt(self,"+2","+0"))']),
    ("Gnarled Sage", ['conditional_effect("Gnarled Sage",1,2,as_long_as,cards_drawn_this_turn(you,at_least(2)),'
                      'ability_grants_keyword(self,vigilance))',
                      'conditional_effect("Gnarled Sage",1,2,as_long_as,cards_drawn_this_turn(you,at_least(2)),gets_pt(self,"+0","+2"))']),
    # 700.11: descended this turn
    ("Child of the Volcano", ['conditional_effect("Child of the Volcano",1,2,if,descended_this_turn(you),'
                              'puts_counters(pt("+1","+1"),1,self))']),
    # 508.1 (raid): attacked this turn, as an intervening "if" and as an activation limit (602.5b)
    ("Deadeye Tormentor", ['conditional_effect("Deadeye Tormentor",1,1,if,attacked_this_turn(you),discards_cards(target_opponent,1))']),
    ("Bloodsoaked Champion", ['activate_only("Bloodsoaked Champion",1,2,if(attacked_this_turn(you)))']),
    # 702.104b: "if tribute wasn't paid"
    ("Fanatic of Xenagos", ['conditional_effect("Fanatic of Xenagos",1,3,if,tribute_not_paid(self),ability_grants_keyword(it,haste))',
                            'conditional_effect("Fanatic of Xenagos",1,3,if,tribute_not_paid(self),gets_pt(it,"+1","+1"))']),
    # 119.1: "you have 5 or less life", "an opponent has 10 or less life"
    ("Gavony Ironwright", ['conditional_effect("Gavony Ironwright",1,1,as_long_as,life_total(you,at_most(5)),'
                           'gets_pt(other_you_control(creature),"+1","+4"))']),
    ("Bloodghast", ['conditional_effect("Bloodghast",1,2,as_long_as,life_total(an_opponent,at_most(10)),'
                    'ability_grants_keyword(self,haste))']),
    # cards of a quality in your graveyard: permanent cards (110.4b)
    ("Basking Capybara", ['conditional_effect("Basking Capybara",1,1,as_long_as,cards_in(graveyard,you,at_least(4),permanent_card),'
                          'gets_pt(self,"+3","+0"))']),
])
def test_state_conditions_of_the_shared_slot(oracle_records, name, expected):
    got = facts(oracle_records, name)
    assert set(expected) <= got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


@pytest.mark.parametrize("name,expected", [
    # "[effect] if [condition]": 700.4, a creature died this turn (any player's)
    ("Blacksnag Buzzard", ['conditional_effect("Blacksnag Buzzard",1,2,if,died_this_turn(creature,any_player),'
                           'enters_with_counters(self,pt("+1","+1"),1))']),
    # "you don't control an Ogre" (a subtype as the noun, 205.3)
    ("Gutwrencher Oni", ['conditional_effect("Gutwrencher Oni",1,2,if,controls(you,at_most(0,object(permanent,subtype("Ogre")))),'
                         'discards_cards(you,1))']),
    # "unless [condition]": the effect applies only if the condition does not hold (601.2h: the mana spent)
    ("Azorius Herald", ['conditional_effect("Azorius Herald",1,3,unless,mana_spent_to_cast(it,"{U}"),sacrifices(you,it,1))']),
    ("Bellowing Saddlebrute", ['conditional_effect("Bellowing Saddlebrute",1,1,unless,attacked_this_turn(you),loses_life(you,4))']),
    # a combat restriction under a condition is no longer a restriction that always holds
    ("Branded Brawlers", ['conditional_effect("Branded Brawlers",1,1,if,controls(defending_player,at_least(1,object(land,untapped))),'
                          'combat_restriction(self,cant_attack))']),
])
def test_a_trailing_if_or_unless_governs_its_one_instruction(oracle_records, name, expected):
    got = facts(oracle_records, name)
    assert set(expected) <= got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


def test_a_conditional_restriction_never_stands_alone(oracle_records):
    # Branded Brawlers "can't attack if defending player controls an untapped land": never read as a
    # restriction that always applies (combat.lp reads combat_restriction(self, cant_attack) alone).
    got = facts(oracle_records, "Branded Brawlers")
    assert not any(f.startswith("combat_restriction(") for f in got), sorted(got)


def test_a_trailing_condition_after_several_instructions_stays_unread(oracle_records):
    # "[A] and [B] if ..." / "[A], then [B] if ...": which instruction the "if" governs is unsure, so the
    # trailing form is not read (the check is on the words alone).
    from pyrules.parser.oracle_text import _trailing_condition_read
    assert _trailing_condition_read("draw a card and you lose 1 life if you control an artifact") is None
    assert _trailing_condition_read("draw a card, then discard a card if you control an artifact") is None
    assert _trailing_condition_read("draw a card if you control an artifact") is not None


def test_spells_keep_their_conditional_sentences_unread(oracle_records):
    # on an instant or sorcery no resolution rule lists conditional_effect (rules_asp/time): Chart a Course
    # "Draw two cards. Then discard a card unless you attacked this turn." stays partly unread
    got = facts(oracle_records, "Chart a Course")
    assert not any(f.startswith("conditional_effect") for f in got), sorted(got)
    assert any(f.startswith("card_unparsed") for f in got)


# --- the shared quantity slot (107.3c): more of what "for each" / "the number of" counts ---------------

@pytest.mark.parametrize("name,expected", [
    # 122.1: counters of a kind on one object ("on it", "on this artifact", "on ~")
    ("Barrin's Codex", ['effect_x_is("Barrin\'s Codex",1,2,number_of(counters_on(named(page),self)),draws_cards(you,x))']),
    ("Aerith Gainsborough", ['effect_x_is("Aerith Gainsborough",1,3,number_of(counters_on(pt("+1","+1"),self)),'
                             'puts_counters(pt("+1","+1"),x,all(object(creature,supertype(legendary),controlled_by(you)))))']),
    ("Bloodthirsty Ogre", ['effect_x_is("Bloodthirsty Ogre",1,2,number_of(counters_on(named(devotion),self)),'
                           'gets_pt(target(creature),"-X","-X"))']),
    # 700.4: creatures (of a subtype) that died this turn
    ("Bone Devourer", ['effect_x_is("Bone Devourer",1,3,number_of(died_this_turn(creature)),enters_with_counters(self,pt("+1","+1"),x))',
                       'effect_x_is("Bone Devourer",1,4,number_of(counters_on(pt("+1","+1"),it)),draws_cards(you,x))']),
    ("Ashen-Skin Zubera", ['effect_x_is("Ashen-Skin Zubera",1,1,times(1,number_of(died_this_turn(object(permanent,subtype("Zubera"))))),'
                           'discards_cards(target_opponent,x))']),
    # 700.8: the creatures in your party
    ("Cascade Seer", ['effect_x_is("Cascade Seer",1,1,number_of(creatures_in_party(you)),keyword_action(you,scry,x))']),
    # a subtype's plural with "you control" (205.3)
    ("Basilisk Gate", ['effect_x_is("Basilisk Gate",1,2,number_of(permanents(object(permanent,subtype("Gate"),controlled_by(you)))),'
                       'gets_pt(target(creature),"+X","+X"))']),
    # "for each [kind] counter on this enchantment" in a static P/T bonus (gets_pt_for_each/7's count)
    ("Boon of the Spirit Realm", ['gets_pt_for_each("Boon of the Spirit Realm",1,2,each_you_control(creature),"+1","+1",'
                                  'counters_on(named(blessing),self))']),
])
def test_more_quantities_of_the_shared_slot(oracle_records, name, expected):
    got = facts(oracle_records, name)
    assert set(expected) <= got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


def test_a_keyword_counter_counted_is_the_keyword_kind(oracle_records):
    # 122.1b: "flying counter" is a keyword counter, as puts_counters writes it (keyword(flying)), never a
    # counter named "flying"
    from pyrules.parser.oracle_text import _checked
    assert _checked("for each flying counter on it", "x_quantity") == [("for_each", ("counters_on", ("keyword", "flying"), ("it",)))]
    assert _checked("equal to the number of time counters on it", "x_quantity") == [
        ("number_of", ("counters_on", ("named", "time"), ("it",)))]


# --- "unless [a player does something else]" (118.12a) and more conditions --------------------------------

@pytest.mark.parametrize("name,expected", [
    # 118.12a: "[Do something] unless [a player does something else]": the something else is a cost
    ("Bog Elemental", ['conditional_effect("Bog Elemental",1,2,unless,player_pays(you,pays_cost(sacrifice(land,1))),'
                       'sacrifices(you,self,1))']),
    ("Balduvian Horde", ['conditional_effect("Balduvian Horde",1,1,unless,player_pays(you,pays_cost(discard_at_random(1))),'
                         'sacrifices(you,it,1))']),
    ("Painful Quandary", ['conditional_effect("Painful Quandary",1,1,unless,player_pays(they,pays_cost(discard(1))),'
                          'loses_life(that_player,5))']),
    # object phrases of the condition: a token (111.1), one of two nouns, one of two colors
    ("Briarbridge Tracker", ['conditional_effect("Briarbridge Tracker",1,3,as_long_as,controls(you,at_least(1,object(permanent,token))),'
                             'gets_pt(self,"+2","+0"))']),
    ("Flutterfox", ['conditional_effect("Flutterfox",1,1,as_long_as,controls(you,at_least(1,one_of(artifact,enchantment))),'
                    'ability_grants_keyword(self,flying))']),
    ("Abzan Runemark", ['conditional_effect("Abzan Runemark",1,3,as_long_as,controls(you,at_least(1,object(permanent,'
                        'one_of(color(black),color(green))))),ability_grants_keyword(enchanted(creature),vigilance))']),
    ("Hungry Ridgewolf", ['conditional_effect("Hungry Ridgewolf",1,1,as_long_as,controls(you,at_least(1,one_of(object(permanent,'
                          'subtype("Wolf"),other),object(permanent,subtype("Werewolf"),other)))),gets_pt(self,"+1","+0"))']),
    # 603.6a: entered the battlefield under your control this turn (celebration)
    ("Armory Mice", ['conditional_effect("Armory Mice",1,1,as_long_as,entered_this_turn(you,at_least(2,object(permanent,'
                     'not_card_type(land)))),gets_pt(self,"+0","+2"))']),
    # "if you cast it from your hand" (601.2: cast, not put onto the battlefield)
    ("Myojin of Blooming Dawn", ['conditional_effect("Myojin of Blooming Dawn",1,1,if,cast_by(it,you,hand),'
                                 'enters_with_counters(self,keyword(indestructible),1))']),
    ("Hellfire Mongrel", ['conditional_effect("Hellfire Mongrel",1,1,if,cards_in(hand,that_player,at_most(2)),'
                          'deals_damage(self,2,that_player))']),
])
def test_unless_a_player_pays_a_cost_and_more_conditions(oracle_records, name, expected):
    got = facts(oracle_records, name)
    assert set(expected) <= got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


def test_an_attack_cost_is_never_read_as_a_restriction_that_always_holds(oracle_records):
    # Exalted Dragon "can't attack unless you sacrifice a land" (508.1h: a cost to attack): wrapped, never
    # combat_restriction(self, cant_attack) alone (which combat.lp reads as "can't attack" outright)
    got = facts(oracle_records, "Exalted Dragon")
    assert ('conditional_effect("Exalted Dragon",1,2,unless,player_pays(you,pays_cost(sacrifice(land,1))),'
            'combat_restriction(self,cant_attack))') in got, sorted(got)
    assert not any(f.startswith("combat_restriction(") for f in got), sorted(got)


# --- "you may pay {E}{E}. If you do, ..." (107.14: energy paid as an effect) --------------------------------

def test_paying_energy_is_read_and_read_by_no_rule(oracle_records):
    import clingo

    from pyrules.inputs.rule_base import rule_files
    got = facts(oracle_records, "Aether Chaser")
    assert {'pays_energy("Aether Chaser",1,3,you,2)', 'player_may("Aether Chaser",1,3,you,pays_energy)',
            'if_you_do("Aether Chaser",1,3,creates_tokens)'} <= got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)
    # never read as mana ({E} is no mana symbol, 107.4) and listed as read by no rule (an assumption)
    assert not any(f.startswith("pays_mana(") for f in got)
    (card,) = cards_from_json([oracle_records["Aether Chaser"]], "test")
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], dict(rule_files())["foundation/interpreted.lp"])
    with ctl.backend() as backend:
        for s in card_facts(card):
            backend.add_rule([backend.add_atom(s)])
    ctl.ground([("base", [])])
    no_rule = clingo.Function("ability_no_rule", [clingo.String("Aether Chaser"), clingo.Number(1), clingo.Number(3),
                                                  clingo.Function("pays_energy")])
    assert ctl.symbolic_atoms[no_rule] is not None and ctl.symbolic_atoms[no_rule].is_fact


# --- a keyword given to a group no rule applies is an assumption (613.1f) ---------------------------------

@pytest.mark.parametrize("card", ["Concordant Crossroads", "Rancor"])
def test_a_keyword_grant_no_rule_applies_is_an_assumption(kb_of, card):
    # "All creatures have haste." (ability_grants_keyword(all(creature), haste)) / "Enchanted creature
    # gets +2/+0 and has trample.": card_effects.lp applies only "[other] [type]s you control" and "[type]
    # cards you own that aren't on the battlefield"; before, no assumption named the grant, so the bears'
    # keywords were given as if the grant did nothing (interpreted.lp now lists these shapes)
    from pyrules import GameState
    kb = kb_of(card, "Grizzly Bears")
    s = GameState()
    s.add_player("alice")
    s.add_player("bob")
    s.add_object("x", card, "battlefield", "alice")
    s.add_object("bears", "Grizzly Bears", "battlefield", "alice")
    s.set_turn("alice", "precombat_main", priority="alice")
    ability = {"Concordant Crossroads": 1, "Rancor": 2}[card]
    found = [(a.object, a.ability, a.text) for a in kb.ask(s).assumptions()]
    assert ("x", ability, "read as ability_grants_keyword: no rules for it yet") in found, found


@pytest.mark.parametrize("name,expected", [
    # "if [condition], you may draw a card" (603.4, 608.2d): the choice is wrapped with its effect
    ("Deathreap Ritual", ['conditional_effect("Deathreap Ritual",1,1,if,died_this_turn(creature,any_player),draws_cards(you,1))',
                          'conditional_effect("Deathreap Ritual",1,1,if,died_this_turn(creature,any_player),player_may(you,draws_cards))']),
    # "you may draw a card unless that player pays {1}" (118.12a)
    ("Rhystic Study", ['conditional_effect("Rhystic Study",1,1,unless,player_pays(that_player,pays_mana("{1}")),draws_cards(you,1))',
                       'conditional_effect("Rhystic Study",1,1,unless,player_pays(that_player,pays_mana("{1}")),player_may(you,draws_cards))']),
])
def test_an_optional_effect_under_a_condition_keeps_its_choice(oracle_records, name, expected):
    got = facts(oracle_records, name)
    assert set(expected) <= got, sorted(got)
    assert not any(f.startswith(("card_unparsed", "player_may(", "draws_cards(")) for f in got), sorted(got)


def test_an_alchemy_rebalanced_card_names_itself_without_the_prefix(oracle_records):
    # 201.5: "A-Skyclave Shadowcat" (Scryfall's name of the rebalanced digital card) is printed "Skyclave
    # Shadowcat", and its text says "Put a +1/+1 counter on Skyclave Shadowcat": a self-reference
    got = facts(oracle_records, "A-Skyclave Shadowcat")
    assert 'puts_counters("A-Skyclave Shadowcat",1,1,pt("+1","+1"),1,self)' in got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


def test_sacrifice_another_creature_is_one_other_than_the_source(oracle_records):
    # 701.21a: "you may sacrifice another creature. If you do, ..." (Bloodmist Infiltrator)
    got = facts(oracle_records, "Bloodmist Infiltrator")
    assert {'sacrifices("Bloodmist Infiltrator",1,1,you,another_creature,1)',
            'player_may("Bloodmist Infiltrator",1,1,you,sacrifices)'} <= got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


@pytest.mark.parametrize("name,expected", [
    # 615.1a: prevention effects through the shared object phrase
    ("Fog Bank", ['prevents_damage("Fog Bank",1,3,combat_damage,to_and_by,self)']),
    ("Defang", ['prevents_damage("Defang",1,2,all_damage,by,enchanted(creature))']),
    ("Ethersworn Shieldmage", ['prevents_damage("Ethersworn Shieldmage",1,2,all_damage,to,all(object(creature,card_type(artifact))))',
                               'effect_duration("Ethersworn Shieldmage",1,2,this_turn)']),
])
def test_prevention_effects_are_read_by_no_rule(oracle_records, name, expected):
    got = facts(oracle_records, name)
    assert set(expected) <= got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


def test_fog_is_still_the_combat_prevention_the_rules_read(oracle_records):
    # "Prevent all combat damage that would be dealt this turn." keeps prevents_all_combat_damage/3
    got = facts(oracle_records, "Fog")
    assert 'prevents_all_combat_damage("Fog",1,1)' in got and not any(f.startswith("prevents_damage(") for f in got)


def test_the_next_time_a_chosen_source_would_deal_damage_is_a_prevention_no_rule_reads(oracle_records):
    # 615.8, 609.7a: Circle of Protection: Red's "{1}: The next time a red source of your choice would deal
    # damage to you this turn, prevent that damage."
    got = facts(oracle_records, "Circle of Protection: Red")
    assert {'prevents_next_damage_from("Circle of Protection: Red",1,1,source_of_your_choice(color(red)),you)',
            'effect_duration("Circle of Protection: Red",1,1,this_turn)'} <= got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


@pytest.mark.parametrize("name,expected", [
    # 205.3m: irregular plurals of creature types ("Zombies" from Zombie, "Elves" from Elf)
    ("Graveborn Muse", ['effect_x_is("Graveborn Muse",1,1,number_of(permanents(object(permanent,subtype("Zombie"),'
                        'controlled_by(you)))),draws_cards(you,x))']),
    ("Imperious Perfect", ['gets_pt("Imperious Perfect",1,1,all(object(permanent,subtype("Elf"),controlled_by(you),other)),"+1","+1")']),
])
def test_irregular_plural_subtypes(oracle_records, name, expected):
    got = facts(oracle_records, name)
    assert set(expected) <= got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


def test_an_unknown_irregular_plural_stays_unread():
    # "Merfolk" / "Harpies"-like words outside 205.3m's irregular list are not guessed
    from pyrules.parser.oracle_text import _subtype_singular
    assert _subtype_singular("Goblins") == "Goblin" and _subtype_singular("Wolves") == "Wolf"
    assert _subtype_singular("Merfolk") is None and _subtype_singular("Knives") is None


def test_defending_player_is_a_player_of_the_shared_player_phrase(oracle_records):
    # 506.2: Agate-Blade Assassin "Whenever this creature attacks, defending player loses 1 life and you
    # gain 1 life." (no rule here applies the defending player's loss: listed unapplied in sequences)
    got = facts(oracle_records, "Agate-Blade Assassin")
    assert {'loses_life("Agate-Blade Assassin",1,1,defending_player,1)', 'gains_life("Agate-Blade Assassin",1,1,you,1)'} <= got
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


@pytest.mark.parametrize("name,expected", [
    # 122.1: counters removed as an effect (a number or all; of a kind, or of any kind)
    ("Vampire Hexmage", ['removes_counters("Vampire Hexmage",1,2,any,all,target(permanent))']),
    ("Armageddon Clock", ['removes_counters("Armageddon Clock",1,3,named(doom),1,self)']),
    ("Defiant Greatmaw", ['removes_counters("Defiant Greatmaw",1,2,pt("-1","-1"),1,target(object(creature,controlled_by(you),other)))']),
])
def test_removing_counters_is_read_by_no_rule(oracle_records, name, expected):
    got = facts(oracle_records, name)
    assert set(expected) <= got, sorted(got)


def test_poison_counters_given_as_an_effect_are_read_by_no_rule(oracle_records):
    # 122.1f: Crypt Cobra "Whenever this creature attacks and isn't blocked, defending player gets a
    # poison counter."
    got = facts(oracle_records, "Crypt Cobra")
    assert 'gets_poison_counters("Crypt Cobra",1,1,defending_player,1)' in got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


@pytest.mark.parametrize("name,expected", [
    # "for each other [subtype] you control" / "for each [subtype] your opponents control" (205.3, 102.2)
    ("Borderland Behemoth", ['gets_pt_for_each("Borderland Behemoth",1,2,self,"+4","+4",permanents(object(permanent,'
                             'subtype("Giant"),controlled_by(you),other)))']),
    ("Crusading Knight", ['gets_pt_for_each("Crusading Knight",1,2,self,"+1","+1",permanents(object(permanent,'
                          'subtype("Swamp"),controlled_by(an_opponent))))']),
])
def test_subtype_counts_of_the_for_each_slot(oracle_records, name, expected):
    got = facts(oracle_records, name)
    assert set(expected) <= got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


def test_formidable_total_power_is_an_activation_limit_no_rule_reads(oracle_records):
    # 602.5b, 208.1: "Activate only if creatures you control have total power 8 or greater."
    got = facts(oracle_records, "Atarka Pummeler")
    assert 'activate_only("Atarka Pummeler",1,1,if(total_power(object(creature,controlled_by(you)),at_least(8))))' in got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)
