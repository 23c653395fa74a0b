"""Issue 13 (b): what the answers take for granted is listed, for the question it bears on, and every
answer says how firm it is (rules_asp/foundation/assumptions.lp: assumption/5, answer_strength/2). One test per
class of former silent gap, on real cards: a resolved spell whose text was not read or whose lasting
effect no rule applies (611.2), a card's own permission to be cast from a graveyard or exile (113.6f),
the condition of a conditional keyword left as text (601.3d, 702.8a), and cost keywords no rule
interprets (affinity 702.41a, convoke 702.51a, delve 702.66a: 601.2f)."""

from __future__ import annotations

import json

import pytest

from pyrules.answers.report import report, report_json
from pyrules.cli import main
from pyrules.facts.terms import ability_condition
from two_player import game, own_main_phase

ABANDON = "Abandon the Post"
GROWTH = "Giant Growth"
GRAVECRAWLER = "Gravecrawler"
SQUEE = "Squee, the Immortal"
TIDE = "Crashing Tide"
FROGMITE = "Frogmite"
ENFORCER = "Myr Enforcer"
ORNITHOPTER = "Ornithopter"
STOKE = "Stoke the Flames"
CRUISE = "Treasure Cruise"
BOLT = "Lightning Bolt"


@pytest.fixture(scope="module")
def kb(kb_of):
    return kb_of(ABANDON, GROWTH, GRAVECRAWLER, SQUEE, TIDE, FROGMITE, ENFORCER, ORNITHOPTER, STOKE, CRUISE, BOLT)


def _texts(assumptions) -> set[tuple[str, int, str]]:
    return {(a.object, a.ability, a.text) for a in assumptions}


# --- a spell recorded as resolved this turn (611.2) ------------------------------------------------------

def test_a_resolved_spell_whose_text_was_not_read_is_an_assumption_of_every_question(kb):
    # Abandon the Post resolved this turn: "Up to two target creatures can't block this turn" is not
    # read, so whatever it still does this turn is unknown — every answer assumes it doesn't matter.
    s = own_main_phase()
    s.add_object("post", ABANDON, "graveyard", "a")
    s.add_object("bolt", BOLT, "hand", "a")
    s.record_turn_history()
    s.record_cast("a", "post")
    s.record_resolution("post", "a")
    answers = kb.ask(s)
    text = "resolved this turn, unread: Up to two target creatures can't block this turn"
    for question in ("casting", "cost", "outcome", "combat", "characteristics"):
        assert ("post", 1, text) in _texts(answers.assumptions(question))
    (bolt,) = [o for o in answers.cast_options("bolt")]
    assert bolt.allowed and bolt.strength == "assumed"


def test_a_resolved_spell_with_a_lasting_effect_no_rule_applies_bears_on_outcomes_not_on_casting(kb):
    # Giant Growth resolved: its "+3/+3 until end of turn" is read (gets_pt), but no rule applies it from
    # the turn history: toughness, combat and outcomes are assumed; casting the Bolt is not.
    s = own_main_phase()
    s.add_object("gg", GROWTH, "graveyard", "a")
    s.add_object("bolt", BOLT, "hand", "a")
    s.record_turn_history()
    s.record_cast("a", "gg")
    s.record_resolution("gg", "a")
    answers = kb.ask(s)
    (assumed,) = [a for a in answers.assumptions() if a.object == "gg"]
    assert assumed.text == "resolved this turn, lasting effect read as gets_pt: no rules for it yet"
    assert assumed.kinds == ("outcome", "combat", "characteristics") and assumed.scope == "all"
    assert not [a for a in answers.assumptions("casting") if a.object == "gg"]
    (bolt,) = answers.cast_options("bolt")
    assert bolt.allowed and bolt.strength == "derived"


def test_the_same_spell_not_resolved_this_turn_assumes_nothing(kb):
    # 611.2, 500.1: no resolution recorded this turn, nothing of it applies (a card in a graveyard).
    s = own_main_phase()
    s.add_object("gg", GROWTH, "graveyard", "a")
    assert kb.ask(s).assumptions() == []


# --- a card's own permission to be cast from a graveyard or exile (113.6f) -------------------------------

def test_an_unread_cast_from_graveyard_ability_is_named_though_no_rule_covers_the_casting(kb):
    # Gravecrawler in the graveyard: no rule lets it be cast from there, so there is no cast verdict —
    # and its own unread "You may cast this card from your graveyard as long as you control a Zombie"
    # is named for casting questions about it (113.6f: it functions in the graveyard).
    s = own_main_phase()
    s.add_object("gc", GRAVECRAWLER, "graveyard", "a")
    answers = kb.ask(s)
    assert answers.cast_options("gc") == []
    (assumed,) = answers.assumptions("casting", obj="gc")
    assert (assumed.object, assumed.ability) == ("gc", 2)
    assert assumed.text == "You may cast this card from your graveyard as long as you control a Zombie"
    # An unread static ability of a card in a graveyard could also be one that functions there for every
    # answer (113.6m: "as long as this card is in your graveyard"): listed for every kind, of all objects.
    assert (assumed.kinds, assumed.scope) == (("casting", "cost", "outcome", "combat", "characteristics"), "all")
    assert answers.assumptions("outcome") == [assumed]


def test_a_read_static_ability_of_a_card_in_a_graveyard_is_no_assumption_of_other_answers(kb):
    # Frogmite's affinity in the graveyard: read; it bears only on casting Frogmite itself (702.41a).
    s = own_main_phase()
    s.add_object("fm", FROGMITE, "graveyard", "a")
    answers = kb.ask(s)
    assert answers.assumptions("outcome") == [] and answers.assumptions("casting", obj="other") == []
    assert [a.scope for a in answers.assumptions("cost")] == ["fm"]


def test_an_unread_cast_from_exile_ability_is_named_in_exile(kb):
    s = own_main_phase()
    s.add_object("sq", SQUEE, "exile", "a")
    assert _texts(kb.ask(s).assumptions("cast")) == {
        ("sq", 1, "You may cast this card from your graveyard or from exile")}


def test_a_creature_card_in_a_library_still_assumes_nothing(kb):
    # 113.6: in a library no rule asks about casting it, and its abilities don't function there.
    s = own_main_phase()
    s.add_object("gc", GRAVECRAWLER, "library", "a")
    assert kb.ask(s).assumptions() == []


# --- a conditional keyword whose condition is left as text (601.3d, 702.8a) ------------------------------

def test_has_flash_as_long_as_an_unread_condition_makes_the_timing_refusal_assumed(kb):
    # Crashing Tide in b's end step: "has flash as long as you control a Merfolk". The condition is not
    # read; taken as unmet, the answer is "may not cast: timing" — assumed, naming the condition.
    s = game()
    s.add_object("ct", TIDE, "hand", "a")
    answers = kb.ask(s)
    (option,) = answers.cast_options("ct")
    assert (option.allowed, option.reasons, option.strength) == (False, ("timing",), "assumed")
    (assumed,) = answers.assumptions("cast", obj="ct")
    assert assumed.text == "condition not stated to hold (taken as unmet): you control a Merfolk"
    assert (assumed.ability, assumed.kinds, assumed.scope) == (1, ("casting",), "ct")
    assert "may not cast Crashing Tide (ct) from hand by normal with rules: timing" in report(answers, s, ("cast",))
    assert report(answers, s, ("cast",)).splitlines()[-1].endswith("[assumed]")


def test_the_condition_stated_met_gives_a_derived_flash_cast(kb):
    s = game()
    s.add_object("ct", TIDE, "hand", "a")
    s.set_condition(ability_condition("ct", 1))
    answers = kb.ask(s)
    (option,) = answers.cast_options("ct")
    assert (option.allowed, option.strength) == (True, "derived")
    assert answers.assumptions() == []


# --- cost keywords no rule interprets (601.2f) -----------------------------------------------------------

@pytest.mark.parametrize("card,keyword", [(FROGMITE, "affinity"), (ENFORCER, "affinity"), (STOKE, "convoke"),
                                          (CRUISE, "delve")])
def test_a_cost_keyword_no_rule_reads_makes_the_total_cost_assumed(kb, card, keyword):
    # The full-price total is printed, but the keyword could lower it: the total is assumed, and the
    # keyword is an assumption of cost (and casting) questions about that card only.
    s = own_main_phase()
    s.add_object("c", card, "hand", "a")
    s.add_object("orn", ORNITHOPTER, "battlefield", "a")
    s.propose("p1", "a", "c")
    answers = kb.ask(s)
    (total,) = answers.derived("total_cost")
    assert total.strength == "assumed"
    (proposal,) = answers.proposals()
    assert proposal.strength == "assumed" and proposal.explain().endswith("[assumed]")
    assert _texts(answers.assumptions("cost")) == {("c", 0, f"keyword {keyword}: no rules for it yet")}
    (assumed,) = answers.assumptions("cost")
    assert (assumed.kinds, assumed.scope) == (("casting", "cost"), "c")
    # Cut the noise: the Ornithopter's flying is no assumption of a cost question, only of combat ones.
    assert ("orn", 0, "keyword flying: no rules for it yet") in _texts(answers.assumptions("combat"))
    assert "orn" not in {a.object for a in answers.assumptions("proposal")}
    assert report_json(answers, s, ("proposal",))["proposal"][0]["strength"] == "assumed"


def test_a_cost_keyword_of_a_permanent_is_no_assumption(kb):
    # 702.41a: affinity works while its spell is being cast; Frogmite on the battlefield assumes nothing.
    s = own_main_phase()
    s.add_object("fm", FROGMITE, "battlefield", "a")
    assert kb.ask(s).assumptions() == []


def test_a_spell_without_cost_keywords_has_a_derived_total(kb):
    s = own_main_phase()
    s.add_object("bolt", BOLT, "hand", "a")
    s.propose("p1", "a", "bolt")
    answers = kb.ask(s)
    (total,) = answers.derived("total_cost")
    assert (total.args, total.strength) == (("p1", "1", "0"), "derived")


# --- pyrules solve prints the strength ------------------------------------------------------------------

def test_solve_marks_an_assumed_total_and_gives_every_answer_a_strength_in_json(tmp_path, cards_dir, capsys):
    facts = tmp_path / "frogmite.lp"
    facts.write_text('player(a). player(b). object(fm). object_card(fm, "Frogmite"). in_zone(fm, hand).\n'
                     'owner(fm, a). controller(fm, a). active_player(a). phase(precombat_main). has_priority(a).\n'
                     'proposal(p1, a, fm, 1). proposal_method(p1, normal).\n', encoding="utf-8")
    cards = str(cards_dir / "scryfall-oracle-compact-A-K.json")
    assert main(["solve", "--cards", cards, str(facts)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "total_cost(p1,4,0)   [CR 601.2b, 601.2f]   (assumed)" in lines
    assert not [line for line in lines if line.startswith("answer_strength(")]
    assert main(["solve", "--json", "--cards", cards, str(facts)]) == 0
    out = json.loads(capsys.readouterr().out)
    by_atom = {a["atom"]: a for a in out["answers"]}
    assert by_atom["total_cost(p1,4,0)"]["strength"] == "assumed"
    assert by_atom["castable(a,fm,1,hand,normal,rules)"]["strength"] == "assumed"
    assert 'assumption(fm,0,keyword(affinity),cost,fm)' in by_atom


def test_every_answer_predicate_shown_has_a_strength_rule():
    # show.lp's answers each get answer_strength/2 (assumptions.lp answer_on/3); the rest are the
    # assumptions themselves, their sources, citations and state errors.
    import re

    from pyrules.inputs.rule_base import rule_files
    files = dict(rule_files())
    shown = set(re.findall(r"#show (\w+)/\d+\.", files["foundation/show.lp"]))
    with_strength = set(re.findall(r"^answer_on\((\w+)\(", files["foundation/assumptions.lp"], re.M))
    not_answers = {"cites", "state_error", "assumption", "answer_strength", "unread_ability", "uninterpreted_keyword",
                   "uninterpreted_trigger", "card_effect", "card_effect_unread", "resolution_effect",
                   "resolution_effect_ended", "resolution_effect_unread"}
    assert shown - not_answers - with_strength == set()
