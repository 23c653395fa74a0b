"""Issue 19, session 7: the shared quantity slot of the Oracle grammar (107.3c: an amount X the text
defines). Any template that takes X ("deals X damage", "gain X life", "draw X cards", "gets +X/+X",
"create X tokens", "mills X cards", "put X counters") takes every quantity ("equal to its power", ",
where X is the number of ...", "that much", "that many"): the effect's facts come wrapped as
effect_x_is(C, F, A, Q, Fact), which no rule reads (an assumption of the answers, never the announced X
of 107.3a), on permanents' abilities (on an instant or sorcery the sentence stays unread: no resolution
rule lists effect_x_is). Characteristic-defining abilities (604.3) use the same quantities, and "Activate
only [limit]" (602.5b) is one slot of limits. Real cards, exact facts."""

from __future__ import annotations

import pytest

from pyrules import GameState
from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from pyrules.parser.oracle_text import parse_oracle_text


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,expected", [
    # "damage equal to [Q] to [R]" / "damage to [R] equal to [Q]" (120.1 with 107.3c)
    ("Spikeshot Goblin", ['effect_x_is("Spikeshot Goblin",1,1,characteristic(power,it),deals_damage(self,x,any_target))']),
    ("Bloodshot Cyclops", ['effect_x_is("Bloodshot Cyclops",1,1,characteristic(power,sacrificed(creature)),'
                           'deals_damage(self,x,any_target))']),
    ("Kaervek the Merciless", ['effect_x_is("Kaervek the Merciless",1,1,characteristic(mana_value,that(spell)),'
                               'deals_damage(self,x,any_target))']),
    ("Throne of the God-Pharaoh", ['effect_x_is("Throne of the God-Pharaoh",1,1,number_of(permanents(object(creature,'
                                   'tapped,controlled_by(you)))),loses_life(each_opponent,x))']),
    # life, with the sacrificed creature's last known toughness (608.2h)
    ("Diamond Valley", ['effect_x_is("Diamond Valley",1,1,characteristic(toughness,sacrificed(creature)),gains_life(you,x))']),
    # "that much" / "that many": the amount of the event before (608.2c)
    ("Sanguine Bond", ['effect_x_is("Sanguine Bond",1,1,that_much,loses_life(target_opponent,x))']),
    ("Ageless Entity", ['effect_x_is("Ageless Entity",1,1,that_many,puts_counters(pt("+1","+1"),x,self))']),
    # ", where X is ..." with a P/T change: every fact of the effect wrapped, the duration too
    ("Auriok Bladewarden", ['effect_x_is("Auriok Bladewarden",1,1,characteristic(power,self),gets_pt(target(creature),"+X","+X"))',
                            'effect_x_is("Auriok Bladewarden",1,1,characteristic(power,self),effect_duration(until_end_of_turn))']),
    ("Death's Shadow", ['effect_x_is("Death\'s Shadow",1,1,life_total(you),gets_pt(self,"-X","-X"))']),
    # keyword action mill (701.17a) and tokens: "a number of [tokens] equal to [Q]"
    ("Altar of Dementia", ['effect_x_is("Altar of Dementia",1,1,characteristic(power,sacrificed(creature)),'
                           'keyword_action(target_player,mill,x))']),
    ("Living Hive", ['effect_x_is("Living Hive",1,2,that_many,creates_tokens(1,x))',
                     'effect_x_is("Living Hive",1,2,that_many,creates_token_subtype(1,"Insect"))']),
    # a quoted ability (113.10) with the slot: its facts at granted(2, 1)
    ("Animal Boneyard", ['ability_grants_ability("Animal Boneyard",1,2,enchanted(land),granted(2,1))',
                         'effect_x_is("Animal Boneyard",1,granted(2,1),characteristic(toughness,sacrificed(creature)),'
                         'gains_life(you,x))']),
    # "[amount] for each [count]": X is the amount times the count, wherever the amount stands
    ("Archway Angel", ['effect_x_is("Archway Angel",1,2,times(2,number_of(permanents(object(permanent,subtype("Gate"),'
                       'controlled_by(you))))),gains_life(you,x))']),
    ("Honden of Seeing Winds", ['effect_x_is("Honden of Seeing Winds",1,1,times(1,number_of(permanents(object(permanent,'
                                'subtype("Shrine"),controlled_by(you))))),draws_cards(you,x))']),
    ("Springmantle Cleric", ['effect_x_is("Springmantle Cleric",1,1,times(1,number_of(colors_of_mana_spent(it))),'
                             'enters_with_counters(self,pt("+1","+1"),x))']),
    ("Rampaging Brontodon", ['effect_x_is("Rampaging Brontodon",1,2,times(1,number_of(permanents(object(land,controlled_by(you))))),'
                             'gets_pt(it,"+X","+X"))',
                             'effect_x_is("Rampaging Brontodon",1,2,times(1,number_of(permanents(object(land,controlled_by(you))))),'
                             'effect_duration(until_end_of_turn))']),
    ("Immaculate Magistrate", ['effect_x_is("Immaculate Magistrate",1,1,times(1,number_of(permanents(object(permanent,'
                               'subtype("Elf"),controlled_by(you))))),puts_counters(pt("+1","+1"),x,target(creature)))']),
    # 604.3: a characteristic-defining ability through the same quantities
    ("Crusader of Odric", ['characteristic_defined("Crusader of Odric",1,1,power_and_toughness,'
                           'number_of(permanents(object(creature,controlled_by(you)))))']),
])
def test_a_defined_quantity_is_read_into_effect_x_is(oracle_records, name, expected):
    got = facts(oracle_records, name)
    assert set(expected) <= got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


def test_the_effect_of_a_defined_quantity_never_stands_alone(oracle_records):
    # 107.3a: a bare deals_damage(.., x, ..) is read by the rules as the X announced for the spell;
    # with X defined by the text (107.3c) the effect must not be read so: no unwrapped fact of it.
    got = facts(oracle_records, "Bloodshot Cyclops")
    assert not any(f.startswith(("deals_damage(", "gains_life(")) for f in got), sorted(got)


@pytest.mark.parametrize("name", ["Dogpile", "Storm Herd", "Accelerated Mutation"])
def test_a_defined_quantity_stays_unread_on_an_instant_or_sorcery(oracle_records, name):
    # No resolution rule lists effect_x_is yet (rules_asp/time spell_effect/4): on a spell the sentence
    # stays unread (its text is the unapplied effect), never read as the announced X.
    got = facts(oracle_records, name)
    assert any(f.startswith(f'card_unparsed("{name}",1,oracle_text(1),') for f in got), sorted(got)
    assert not any(f.startswith("effect_x_is(") for f in got), sorted(got)


@pytest.mark.parametrize("text", [
    "Target creature deals damage to itself equal to its power.",          # "itself": no recipient slot
    "~ deals X damage to any target, where X is the number of Merfolk you control.",  # a plural not read (205.3m)
    "Draw X cards, then discard a card equal to its power.",               # an X of its own (107.3i)
    "You gain 2 life and draw a card for each creature you control.",      # two amounts: which one counts?
    "Target creature gets +1/+2 until end of turn for each Elf you control.",  # two different numbers
])
def test_quantity_forms_the_slot_does_not_cover_stay_unread(text):
    (ab,) = parse_oracle_text(text, "Test Card")
    assert ab.unparsed and not any(f[0] == "effect_x_is" for f in ab.semantics), ab


def test_gains_life_with_no_subject_is_not_read_as_you():
    # 608.2c: "then gains life" is said of the player before ("Devour Flesh": the target player), so
    # it is not read as gains_life(you, ..) (it was, before session 7).
    (ab,) = parse_oracle_text("Target player sacrifices a creature of their choice, then gains 3 life.", "Test Card")
    assert ("gains_life", "you", 3) not in ab.semantics
    assert [u.text for u in ab.unparsed] == ["gains 3 life"]


def test_a_permanent_with_a_defined_quantity_is_an_assumption_of_the_answers(kb_of):
    # Death's Shadow's "gets -X/-X, where X is your life total" is read, but no rule applies it: its
    # toughness is not derived as if the ability did nothing; the answers name the fact they assume.
    kb = kb_of("Death's Shadow", "Grizzly Bears")
    s = GameState()
    s.add_player("alice")
    s.add_player("bob")
    s.add_object("shadow", "Death's Shadow", "battlefield", "bob")
    s.controlled_since_turn_began("shadow")
    s.add_object("bears", "Grizzly Bears", "battlefield", "alice")
    s.controlled_since_turn_began("bears")
    s.set_turn("alice", "combat", "declare_attackers", priority="alice")
    found = [(a.object, a.ability, a.text) for a in kb.ask(s).assumptions()]
    assert ("shadow", 1, "read as effect_x_is: no rules for it yet") in found, found


# --- activation limits (602.5b, 602.5d, 602.2): one slot of limits after "Activate only" -------------------

@pytest.mark.parametrize("name,expected", [
    ("Cunning Advisor", ['activate_only("Cunning Advisor",1,1,during(your_turn))',
                         'activate_only("Cunning Advisor",1,1,before_attackers_are_declared)']),
    ("Dwarven Weaponsmith", ['activate_only("Dwarven Weaponsmith",1,1,during(your_upkeep))']),
    ("Dwarven Armory", ['activate_only("Dwarven Armory",1,1,during(upkeep))']),
    ("Tainted Field", ['activate_only("Tainted Field",1,2,if(controls(you,at_least(1,object(permanent,subtype("Swamp"))))))']),
    ("Mox Opal", ['activate_only("Mox Opal",1,1,if(controls(you,at_least(3,artifact))))']),
    ("Fool's Tome", ['activate_only("Fool\'s Tome",1,1,if(cards_in(hand,you,at_most(0))))']),
    ("Excavation", ['activate_only("Excavation",1,1,player_may_activate(any_player))']),
    # the limits casting/activation.lp checks keep their own facts, in the same slot
    ("Thunderhead Gunner", ['activate_only_as_sorcery("Thunderhead Gunner",1,2)',
                            'activate_only_once_each_turn("Thunderhead Gunner",1,2)']),
    ("Scandalmonger", ['activate_only("Scandalmonger",1,1,player_may_activate(any_player))',
                       'activate_only_as_sorcery("Scandalmonger",1,1)']),
    ("Gate to Phyrexia", ['activate_only("Gate to Phyrexia",1,1,during(your_upkeep))',
                          'activate_only_once_each_turn("Gate to Phyrexia",1,1)']),
])
def test_activate_onlys_are_read_into_their_facts(oracle_records, name, expected):
    got = facts(oracle_records, name)
    assert set(expected) <= got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


def test_activate_this_ability_with_no_player_stays_unread():
    (ab,) = parse_oracle_text("{T}: Draw a card. Activate this ability.", "Test Card")
    assert [u.text for u in ab.unparsed] == ["Activate this ability"]


def test_an_activate_only_no_rule_checks_is_an_assumption_of_the_activation_verdict(kb_of):
    # Cunning Advisor's "Activate only during your turn, before attackers are declared" is read, but
    # casting/activation.lp checks neither limit: on bob's turn the verdict is not given as derived,
    # it names the limit it assumes does not apply (602.5b).
    kb = kb_of("Cunning Advisor")
    s = GameState()
    for p in ("a", "b"):
        s.add_player(p)
        s.set_life(p, 20)
    s.set_turn("b", "precombat_main", priority="a")
    s.add_object("adv", "Cunning Advisor", "battlefield", "a", controller="a")
    s.controlled_since_turn_began("adv")
    answers = kb.ask(s)
    v = answers.outcomes().activate("adv", 1)
    assert v.strength == "assumed"
    assert ("adv", 1, "read as activate_only: no rules for it yet") in [
        (a.object, a.ability, a.text) for a in answers.assumptions("outcome")]


# --- "[object] is [state]" and other state conditions of the shared condition slot ---------------------

@pytest.mark.parametrize("name,expected", [
    ("Auriok Glaivemaster", ['conditional_effect("Auriok Glaivemaster",1,1,as_long_as,object_is(self,equipped),'
                             'gets_pt(it,"+1","+1"))']),
    ("Bladed Bracers", ['conditional_effect("Bladed Bracers",1,2,as_long_as,object_is(equipped(creature),one_of(subtype("Human"),'
                        'subtype("Angel"))),ability_grants_keyword(it,vigilance))']),
    ("Fleecemane Lion", ['conditional_effect("Fleecemane Lion",1,2,as_long_as,object_is(self,monstrous),'
                         'ability_grants_keyword(it,hexproof))']),
    ("Akki Underling", ['conditional_effect("Akki Underling",1,1,as_long_as,cards_in(hand,you,at_least(7)),'
                        'gets_pt(self,"+2","+1"))']),
    ("Akki War Paint", ['conditional_effect("Akki War Paint",1,2,as_long_as,object_is(enchanted(permanent),card_type(creature)),'
                        'gets_pt(it,"+2","+1"))']),
])
def test_object_state_conditions_are_read_into_conditional_effect(oracle_records, name, expected):
    got = facts(oracle_records, name)
    assert set(expected) <= got, sorted(got)


# --- tokens that enter tapped, or tapped and attacking (111.1, 508.4) -------------------------------------

@pytest.mark.parametrize("name,ability,how,subtype", [
    ("Powerstone Engineer", 1, "tapped", "Powerstone"),
    ("Skyknight Vanguard", 2, "tapped_and_attacking", "Soldier"),
])
def test_tokens_that_enter_tapped_are_read_with_every_fact_wrapped(oracle_records, name, ability, how, subtype):
    got = facts(oracle_records, name)
    assert f'tokens_enter("{name}",1,{ability},{how},creates_token_subtype(1,"{subtype}"))' in got, sorted(got)
    assert not any(f.startswith(f'creates_token') for f in got), sorted(got)   # never alone: no untapped token


def test_tapped_tokens_stay_unread_on_an_instant_or_sorcery(oracle_records):
    # Revenge of the Rats: no resolution rule lists tokens_enter yet (rules_asp/time spell_effect/4)
    got = facts(oracle_records, "Revenge of the Rats")
    assert not any(f.startswith(("tokens_enter(", "creates_token")) for f in got)
    assert any("Create a tapped 1/1 black Rat" in f for f in got if f.startswith("card_unparsed")), sorted(got)


# --- "you may have [object or player] [verb] ..." (608.2d): the clause's own template, optional -----------

@pytest.mark.parametrize("name,expected", [
    ("Goblin Arsonist", ['deals_damage("Goblin Arsonist",1,1,it,1,any_target)',
                         'player_may("Goblin Arsonist",1,1,you,deals_damage)']),
    ("Brutal Nightstalker", ['discards_cards("Brutal Nightstalker",1,1,target_opponent,1)',
                             'player_may("Brutal Nightstalker",1,1,you,discards_cards)']),
    ("Blood Seeker", ['loses_life("Blood Seeker",1,1,that_player,1)', 'player_may("Blood Seeker",1,1,you,loses_life)']),
    ("Predatory Nightstalker", ['sacrifices("Predatory Nightstalker",1,1,target_opponent,creature,1)',
                                'player_may("Predatory Nightstalker",1,1,you,sacrifices)']),
])
def test_you_may_have_someone_act_is_read_as_an_optional_clause(oracle_records, name, expected):
    got = facts(oracle_records, name)
    assert set(expected) <= got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


def test_you_may_have_with_two_effects_stays_unread(oracle_records):
    # Painsmith: "you may have target creature get +2/+0 and gain deathtouch": player_may names one
    # effect only, so the +2/+0 would read as done whatever the player chooses: not read.
    got = facts(oracle_records, "Painsmith")
    assert not any(f.startswith(("gets_pt(", "player_may(")) for f in got), sorted(got)
    assert any(f.startswith("card_unparsed") for f in got)


def test_a_disturb_back_face_reads_its_graveyard_replacement(oracle_records):
    # 702.146b, 614.1a: Hook-Haunt Drifter (the back face) "If Hook-Haunt Drifter would be put into a
    # graveyard from anywhere, exile it instead." — a replacement no rule applies yet (an assumption)
    got = facts(oracle_records, "Baithook Angler // Hook-Haunt Drifter")
    assert 'if_would_be_put_into_graveyard_instead("Baithook Angler // Hook-Haunt Drifter",2,2,self,exile)' in got, sorted(got)
    assert not any(f.startswith("card_unparsed") for f in got), sorted(got)


def test_as_long_as_its_attacking_is_an_object_state_condition(oracle_records):
    got = facts(oracle_records, "Blood Petal Celebrant")
    assert ('conditional_effect("Blood Petal Celebrant",1,1,as_long_as,object_is(it,attacking),'
            'ability_grants_keyword(self,first_strike))') in got, sorted(got)
