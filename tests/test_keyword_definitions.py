"""The CR's keyword definitions (702) read as card text into facts, and the rule base reading them
(issue 19): flash's timing, hexproof's and shroud's targeting, devoid's color come from the CR's own
words; a keyword added to a copy of the CR with a definition in known words is understood with no
code change."""

from __future__ import annotations

import json

import clingo
import pytest

from pyrules import KnowledgeBase
from two_player import game, rules


@pytest.fixture(scope="module")
def cr_doc(cr_newest):
    from pyrules.inputs.comprehensive_rules import load_comprehensive_rules
    return load_comprehensive_rules(cr_newest)


@pytest.fixture(scope="module")
def readings(cr_doc):
    from pyrules.facts.keyword_definitions import read_keyword_definitions
    return read_keyword_definitions(cr_doc)


def _facts_of(readings, keyword):
    return {str(f) for r in readings if r.definition.keyword == keyword for f in r.facts}


def test_flash_means_play_any_time_you_could_cast_an_instant(readings):
    assert _facts_of(readings, "flash") == {
        'keyword_definition(flash,1,"702.8a")',
        "keyword_definition_part(flash,1,1,static)",
        "keyword_means(flash,1,1,may_act_any_time_instant(play,self))"}


def test_a_definition_with_parameters_carries_them_as_params(readings):
    # 702.33a "Kicker [cost]" means "You may pay an additional [cost] as you cast this spell."
    assert "keyword_means(kicker,1,1,optional_additional_cost(pay(param(cost),once)))" in _facts_of(readings, "kicker")
    assert "keyword_definition_parameter(kicker,1,1,cost)" in _facts_of(readings, "kicker")
    # 702.77a "Reinforce N—[cost]": both parameters, in the card grammar's own facts.
    reinforce = _facts_of(readings, "reinforce")
    assert "keyword_definition_parameter(reinforce,1,1,number)" in reinforce
    assert "keyword_definition_parameter(reinforce,1,2,cost)" in reinforce
    assert "keyword_means(reinforce,1,1,puts_counters(pt(\"+1\",\"+1\"),param(number),target(creature)))" in reinforce


def test_hexproof_has_one_definition_per_context(readings):
    # 702.11b on a permanent, 702.11c on a player, 702.11d "Hexproof from [quality]".
    hexproof = _facts_of(readings, "hexproof")
    assert "keyword_means(hexproof,1,1,cant_be_the_target(self_permanent,opponents))" in hexproof
    assert "keyword_means(hexproof,2,1,cant_be_the_target(self_player,opponents))" in hexproof
    assert 'keyword_definition_context(hexproof,2,"player")' in hexproof
    assert "keyword_means(hexproof,3,1,cant_be_the_target_of_quality(self_permanent,param(quality)," \
           "param(quality)))" in hexproof


def test_alternative_costs_keep_where_and_how_the_card_is_cast(readings):
    # 702.34a flashback: from the graveyard, only as an instant or sorcery spell, for [cost].
    assert "keyword_means(flashback,1,1,may_cast_for_alternative_cost(self,graveyard,param(cost)," \
           "resulting_spell))" in _facts_of(readings, "flashback")
    # 702.146a disturb: transformed; 702.119a emerge: and a creature sacrificed.
    assert "keyword_means(disturb,1,1,may_cast_for_alternative_cost(self,graveyard,param(cost)," \
           "cast_transformed))" in _facts_of(readings, "disturb")
    assert "keyword_means(emerge,1,1,may_cast_for_alternative_cost(self,any,param(cost)," \
           "and_sacrifice_a_creature))" in _facts_of(readings, "emerge")
    # 702.8a flash is a timing permission, not a cost: "play" also covers a land.
    assert not [f for f in _facts_of(readings, "flash") if "alternative_cost" in f]


def _read_in_full(readings, keyword):
    return all(r.read for r in readings if r.definition.keyword == keyword)


def test_trigger_conditions_and_costs_are_read_in_their_place(readings):
    # 702.45a bushido "Whenever this creature blocks or becomes blocked, it gets +N/+N until end of
    # turn": the trigger condition is read (by the Oracle grammar or by keyword_definitions.lark).
    bushido = _facts_of(readings, "bushido")
    assert _read_in_full(readings, "bushido")
    assert any(f.startswith("keyword_means(bushido,1,1,face_triggers_on(") and "block" in f for f in bushido)
    assert 'keyword_means(bushido,1,1,gets_pt(it,"+N","+N"))' in bushido or \
           'keyword_means(bushido,1,1,gets_pt_until_eot(it,"+N/+N"))' in bushido
    # 702.122a crew: "Tap any number of other untapped creatures you control with total power N or
    # greater: ..." — its cost carries the parameter.
    assert _read_in_full(readings, "crew")
    assert any(f.startswith("keyword_means(crew,1,1,ability_cost(") and "param(number)" in f
               for f in _facts_of(readings, "crew"))


def test_an_unread_part_keeps_the_facts_read_and_records_the_rest(readings):
    # 702.33h "Sticker kicker [cost]" means "Kicker [cost]" (read: a keyword line) and a second part
    # that is not read: its facts and the record of the rest.
    sticker = _facts_of(readings, "sticker_kicker")
    assert "keyword_means(sticker_kicker,1,1,face_keyword(kicker))" in sticker
    assert "keyword_means(sticker_kicker,1,1,face_keyword_mana_symbol(kicker,1,param(cost)))" in sticker
    assert ('keyword_definition_unread(sticker_kicker,1,2,"As an additional cost to cast this spell, if '
            'it\'s kicked, you get a ticket counter and you may put a sticker on this spell")') in sticker
    # Unread text names the parameters as the CR does (702.75a: "the top N cards"), not the stand-ins.
    (hideaway,) = [f for f in _facts_of(readings, "hideaway") if f.startswith("keyword_definition_unread")]
    assert "look at the top N cards of your library" in hideaway and "19" not in hideaway


def test_phrases_that_are_no_keyword_are_not_definitions(readings):
    # 702.29c "When you cycle this card" means ...: a trigger phrase, not a keyword's definition.
    assert not [r for r in readings if r.definition.rule == "702.29c"]


def test_the_packaged_reading_is_that_of_the_newest_cr(cr_newest, cr_doc, readings):
    # pyrules/facts/keyword_definitions.json (tools/keyword_definitions.py; --check tells whether it
    # is exactly current): the same CR's definitions and keywords, and for every keyword the rule
    # base interprets through its definition the same facts as a fresh reading, so a grammar that
    # reads more of other definitions does not change an answer until the file is written again.
    from pyrules.checks.keyword_coverage import interpreted_keywords
    from pyrules.facts.keyword_definitions import (default_definitions_data, default_keyword_definition_symbols,
                                                   definitions_data)
    fresh = json.loads(json.dumps(definitions_data(cr_doc, cr_newest.name)))
    packaged = default_definitions_data()
    assert packaged["source"] == cr_newest.name
    assert packaged["keyword_abilities"] == fresh["keyword_abilities"]
    assert [d[:2] for d in packaged["definitions"]] == [d[:2] for d in fresh["definitions"]]
    facts = list(default_keyword_definition_symbols())
    for keyword in interpreted_keywords(facts) & {r.definition.keyword for r in readings}:
        assert _facts_of(readings, keyword) == {str(f) for f in facts if str(f.arguments[0]) == keyword}, keyword


def test_the_interpreted_keywords_include_those_read_through_their_definitions():
    from pyrules.checks.keyword_coverage import interpreted_keywords
    from pyrules.facts.keyword_definitions import default_keyword_definition_symbols
    interpreted = interpreted_keywords(list(default_keyword_definition_symbols()))
    assert {"flash", "hexproof", "shroud", "devoid"} <= interpreted
    assert "split_second" in interpreted  # split_second.lp reads its meaning (702.61a)
    assert "kicker" in interpreted  # additional_costs.lp reads optional_additional_cost (702.33a)
    assert "buyback" not in interpreted  # its second part (back to hand, 702.27a): read in sequences only
    assert "hideaway" not in interpreted  # its definition is not read in full
    # Without the definitions, the keywords no rule names are not interpreted.
    assert not {"hexproof", "shroud", "devoid"} & interpreted_keywords([clingo.Function("keyword_definition", [
        clingo.Function("none"), clingo.Number(1), clingo.String("702.0a")])])


def test_coverage_lines_have_the_issue_form(cr_doc):
    from pyrules.checks.keyword_coverage import keyword_coverage
    cov = keyword_coverage(cr_doc)
    definitions, interpreted = cov.lines()
    assert definitions == (f"CR 702 definitions read: {cov.definitions_read} of {cov.definitions} "
                           f"({100 * cov.definitions_read / cov.definitions:.1f}%)")
    assert cov.definitions >= 164 and cov.definitions_read >= 0.9 * cov.definitions
    assert interpreted.startswith("keyword abilities interpreted: ") and cov.keywords == 191
    assert cov.keywords_interpreted >= 28
    assert not [u for u in cov.unread if u[1] in ("flash", "hexproof", "shroud", "devoid", "split_second")]


# --- a keyword the CR adds: understood from its definition ----------------------------------------

QUICKSTEP = ("702.193. Quickstep\n\n"
             "702.193a Quickstep is a static ability. “Quickstep” means “You may cast this spell any time "
             "you could cast an instant.”\n\n")


@pytest.fixture(scope="module")
def cr_with_quickstep(cr_newest, tmp_path_factory):
    text = cr_newest.read_text(encoding="utf-8-sig")
    at = text.index("\n703. ", text.index("702.192a")) + 1
    path = tmp_path_factory.mktemp("cr") / cr_newest.name
    path.write_text(text[:at] + QUICKSTEP + text[at:], encoding="utf-8")
    return path


def _bears_in_hand_on_opponents_turn(keyword: str | None):
    s = game()  # b's end step, a holds priority: only instant timing applies (117.1a, 307.1)
    s.add_object("bears", "Grizzly Bears", zone="hand", owner="a")
    if keyword:
        s.grant_keyword("step", "bears", keyword, source="src")
    return s


def test_a_keyword_added_to_the_cr_is_understood_from_its_definition(cr_with_quickstep, oracle_records):
    from pyrules.inputs.cards import cards_from_json
    from pyrules.inputs.comprehensive_rules import load_comprehensive_rules

    cards = cards_from_json([oracle_records["Grizzly Bears"]])
    kb = KnowledgeBase(cards, rules_document=load_comprehensive_rules(cr_with_quickstep))
    (option,) = kb.ask(_bears_in_hand_on_opponents_turn("quickstep")).cast_options("bears")
    assert option.allowed and option.zone == "hand"
    assert "702.193a" in rules(option)
    # The same CR, no quickstep: a creature spell waits for a's main phase (307.1).
    (option,) = kb.ask(_bears_in_hand_on_opponents_turn(None)).cast_options("bears")
    assert not option.allowed


def test_a_keyword_the_cr_does_not_define_gives_no_timing(cr_newest, oracle_records):
    from pyrules.inputs.cards import cards_from_json
    from pyrules.inputs.comprehensive_rules import load_comprehensive_rules

    kb = KnowledgeBase(cards_from_json([oracle_records["Grizzly Bears"]]),
                       rules_document=load_comprehensive_rules(cr_newest))
    (option,) = kb.ask(_bears_in_hand_on_opponents_turn("quickstep")).cast_options("bears")
    assert not option.allowed
    (option,) = kb.ask(_bears_in_hand_on_opponents_turn("flash")).cast_options("bears")
    assert option.allowed and "702.8a" in rules(option)
