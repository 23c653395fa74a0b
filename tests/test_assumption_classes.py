"""Issue 13 (b): what the answers take for granted is listed, for the question it bears on, and every
answer says how firm it is (rules_asp/foundation/assumptions.lp: assumption/5, answer_strength/2). One test per
class of former silent gap, on real cards: a resolved spell whose text was not read or whose lasting
effect no rule applies (611.2), a card's own permission to be cast from a graveyard or exile (113.6f),
the condition of a conditional keyword left as text (601.3d, 702.8a), and cost keywords no rule
interprets (spectacle 702.137a, evoke 702.74a: 601.2b, 601.2f; affinity 702.41a is read from its CR
definition, rules_asp/keywords/defined_costs.lp; convoke and delve from theirs for the payment,
rules_asp/keywords/convoke_delve_improvise.lp)."""

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
SKEWER = "Skewer the Critics"
MULLDRIFTER = "Mulldrifter"
BOLT = "Lightning Bolt"
SERRA = "Mesa Pegasus"  # flying (read), banding (702.22: no rule yet)


@pytest.fixture(scope="module")
def kb(kb_of):
    return kb_of(ABANDON, GROWTH, GRAVECRAWLER, SQUEE, TIDE, FROGMITE, ENFORCER, ORNITHOPTER, SKEWER, MULLDRIFTER, BOLT, SERRA)


def _texts(assumptions) -> set[tuple[str, int, str]]:
    return {(a.object, a.ability, a.text) for a in assumptions}


# --- a spell recorded as resolved this turn (611.2) ------------------------------------------------------

def test_a_resolved_spell_whose_text_was_not_read_is_an_assumption_of_every_question(kb):
    # Abandon the Post resolved this turn: "Up to two target creatures can't block this turn" is read
    # (up_to_targets, 115.1d: a combat restriction) but no rule applies it from the turn history, and
    # its targets are not known, so whatever it still does this turn is unknown — every answer assumes
    # it doesn't matter (as when the sentence was unread, before the grammar read "up to N target").
    s = own_main_phase()
    s.add_object("post", ABANDON, "graveyard", "a")
    s.add_object("bolt", BOLT, "hand", "a")
    s.record_turn_history()
    s.record_cast("a", "post")
    s.record_resolution("post", "a")
    answers = kb.ask(s)
    text = "resolved this turn, read as combat_restriction: no rules for it yet"
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
    assert assumed.text == "resolved this turn, read as gets_pt: no rules for it yet"
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
    # and its own "You may cast this card from your graveyard as long as you control a Zombie" (read
    # as a conditional_effect no rule applies, issue 19) is named for casting questions about it
    # (113.6f: it functions in the graveyard).
    s = own_main_phase()
    s.add_object("gc", GRAVECRAWLER, "graveyard", "a")
    answers = kb.ask(s)
    assert answers.cast_options("gc") == []
    (assumed,) = answers.assumptions("casting", obj="gc")
    assert (assumed.object, assumed.ability) == ("gc", 2)
    assert assumed.text == "read as conditional_effect: no rules for it yet"
    # Read, it is a permission to cast this card (601.3): it bears on casting it only, not on other
    # answers (an unread one would be listed for every kind, of all objects: 113.6m).
    assert (assumed.kinds, assumed.scope) == (("casting", "cost"), "gc")
    assert answers.assumptions("outcome") == []


def test_a_read_static_ability_of_a_card_in_a_graveyard_is_no_assumption_of_other_answers(kb):
    # Skewer the Critics' spectacle in the graveyard: read; it bears only on casting Skewer the Critics
    # itself (702.137a).
    s = own_main_phase()
    s.add_object("tc", SKEWER, "graveyard", "a")
    answers = kb.ask(s)
    assert answers.assumptions("outcome") == [] and answers.assumptions("casting", obj="other") == []
    assert [a.scope for a in answers.assumptions("cost")] == ["tc"]


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

@pytest.mark.parametrize("card,keyword", [(SKEWER, "spectacle"), (MULLDRIFTER, "evoke")])
def test_a_cost_keyword_no_rule_reads_makes_the_total_cost_assumed(kb, card, keyword):
    # The full-price total is printed, but the keyword could lower it: the total is assumed, and the
    # keyword is an assumption of cost (and casting) questions about that card only.
    s = own_main_phase()
    s.add_object("c", card, "hand", "a")
    s.add_object("orn", ORNITHOPTER, "battlefield", "a")
    s.add_object("sa", SERRA, "battlefield", "a")
    s.propose("p1", "a", "c")
    answers = kb.ask(s)
    (total,) = answers.derived("total_cost")
    assert total.strength == "assumed"
    (proposal,) = answers.proposals()
    assert proposal.strength == "assumed" and proposal.explain().endswith("[assumed]")
    assert _texts(answers.assumptions("cost")) == {("c", 0, f"keyword {keyword}: no rules for it yet")}
    (assumed,) = answers.assumptions("cost")
    assert (assumed.kinds, assumed.scope) == (("casting", "cost"), "c")
    # Cut the noise: the Mesa Pegasus's banding is no assumption of a cost question, only of combat ones.
    assert ("sa", 0, "keyword banding: no rules for it yet") in _texts(answers.assumptions("combat"))
    assert "sa" not in {a.object for a in answers.assumptions("proposal")}
    assert report_json(answers, s, ("proposal",))["proposal"][0]["strength"] == "assumed"


@pytest.mark.parametrize("card,total", [(FROGMITE, "3"), (ENFORCER, "6")])
def test_affinity_read_from_its_definition_gives_a_derived_total(kb, card, total):
    # 702.41a (keywords/defined_costs.lp): "This spell costs you {1} less to cast for each [text] you
    # control": Frogmite {4} / Myr Enforcer {7}, affinity for artifacts, with one Ornithopter: 3 / 6,
    # and no assumption of the cost question.
    s = own_main_phase()
    s.add_object("c", card, "hand", "a")
    s.add_object("orn", ORNITHOPTER, "battlefield", "a")
    s.controlled_since_turn_began("orn")
    s.propose("p1", "a", "c")
    answers = kb.ask(s)
    (cost,) = answers.derived("total_cost")
    assert (cost.args, cost.strength) == (("p1", total, "0"), "derived")
    assert answers.assumptions("cost") == []


def test_a_cost_keyword_of_a_permanent_is_no_assumption(kb):
    # 702.41a: affinity works while its spell is being cast; Frogmite on the battlefield assumes nothing.
    s = own_main_phase()
    s.add_object("fm", FROGMITE, "battlefield", "a")
    s.controlled_since_turn_began("fm")  # stated: no 302.6 default (not_stated) to list
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
    facts = tmp_path / "fiend.lp"
    facts.write_text('player(a). player(b). object(dt). object_card(dt, "Elder Deep-Fiend"). in_zone(dt, hand).\n'
                     'owner(dt, a). controller(dt, a). active_player(a). phase(precombat_main). has_priority(a).\n'
                     'proposal(p1, a, dt, 1). proposal_method(p1, normal).\n', encoding="utf-8")
    cards = str(cards_dir / "scryfall-oracle-compact-A-K.json")
    assert main(["solve", "--cards", cards, str(facts)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "total_cost(p1,8,0)   [CR 601.2b, 601.2f]   (assumed)" in lines
    assert not [line for line in lines if line.startswith("answer_strength(")]
    assert main(["solve", "--json", "--cards", cards, str(facts)]) == 0
    out = json.loads(capsys.readouterr().out)
    by_atom = {a["atom"]: a for a in out["answers"]}
    assert by_atom["total_cost(p1,8,0)"]["strength"] == "assumed"
    assert by_atom["castable(a,dt,1,hand,normal,rules)"]["strength"] == "assumed"
    assert 'assumption(dt,0,keyword(emerge),cost,dt)' in by_atom


def test_every_answer_predicate_shown_has_a_strength_rule():
    # show.lp's answers each get answer_strength/2 (assumptions.lp answer_on/3); the rest are the
    # assumptions themselves, their sources, citations and state errors.
    import re

    from pyrules.inputs.rule_base import rule_files
    files = dict(rule_files())
    shown = set(re.findall(r"#show (\w+)/\d+\.", files["foundation/show.lp"]))
    # (answer_on/3 rules live in assumptions.lp, and beside a few answers' own definitions)
    with_strength = {name for text in files.values() for name in re.findall(r"^answer_on\((\w+)\(", text, re.M)}
    not_answers = {"cites", "state_error", "assumption", "answer_strength", "unread_ability", "uninterpreted_keyword",
                   "uninterpreted_trigger", "card_effect", "card_effect_unread", "resolution_effect",
                   "resolution_effect_ended", "resolution_effect_unread"}
    assert shown - not_answers - with_strength == set()


# --- newcomer findings (issue 13): a spell's own cost text, a resolved spell's effect, 302.6 defaults ----

FIREBALL = "Fireball"
BLASPHEMOUS = "Blasphemous Act"
NECTAR = "Sacred Nectar"
BEARS = "Grizzly Bears"


@pytest.fixture(scope="module")
def kb_newcomer(kb_of):
    return kb_of(FIREBALL, BLASPHEMOUS, NECTAR, BEARS)


def test_a_sorcerys_own_unread_cost_text_makes_its_total_cost_assumed(kb_newcomer):
    # 113.3a, 113.6d, 601.2f: "This spell costs {1} more to cast for each target beyond the first" is a
    # static ability of Fireball, not a spell ability; unread, the total of {X}{R} with X=4 (5) is not
    # derived (with two targets it is 6) — it is assumed, naming the text, for Fireball's cost only.
    s = own_main_phase()
    s.add_object("fb", FIREBALL, "hand", "a")
    s.add_object("bears", BEARS, "battlefield", "b")
    s.propose("p", "a", "fb", x=4, targets=["b", "bears"])
    answers = kb_newcomer.ask(s)
    (total,) = answers.derived("total_cost")
    assert (total.args, total.strength) == (("p", "5", "0"), "assumed")
    text = "This spell costs {1} more to cast for each target beyond the first"
    assert ("fb", 1, text) in _texts(answers.assumptions("cost", obj="fb"))
    assert all(a.scope == "fb" for a in answers.assumptions("cost"))


def test_blasphemous_acts_unread_cost_reduction_makes_its_total_cost_assumed(kb_newcomer):
    # 113.6d, 601.2f: "costs {1} less to cast for each creature on the battlefield" (2 here: 7, not 9).
    # Read since issue 19 session 13 (self_cost_change, tests/test_oracle_self_cost.py); no rule applies
    # it, so the total stays assumed and the assumption names the fact read.
    s = own_main_phase()
    s.add_object("ba", BLASPHEMOUS, "hand", "a")
    s.add_object("c1", BEARS, "battlefield", "a")
    s.add_object("c2", BEARS, "battlefield", "b")
    s.propose("p", "a", "ba")
    answers = kb_newcomer.ask(s)
    (total,) = answers.derived("total_cost")
    assert (total.args, total.strength) == (("p", "9", "0"), "assumed")
    assert ("ba", 1, "read as self_cost_change: no rules for it yet") in _texts(answers.assumptions("cost", obj="ba"))


def test_a_resolving_spells_effect_with_no_rule_makes_every_life_total_assumed(kb_newcomer):
    # 608.2c, 119.3: Sacred Nectar resolves ("You gain 4 life.", read as gains_life, no rule applies it):
    # Alice's life after is not 20 for sure — the life answer is assumed, the ability listed for all.
    s = own_main_phase()
    s.add_object("nectar", NECTAR, "stack", "a")
    s.set_life("a", 20)
    s.resolve("r1", "nectar")
    answers = kb_newcomer.ask(s)
    lives = [d for d in answers.derived("life_after") if d.args[0] == "a"]
    assert [(d.args, d.strength) for d in lives] == [(("a", "20"), "assumed")]
    (nectar,) = [a for a in answers.assumptions("outcome") if a.object == "nectar"]
    assert (nectar.ability, nectar.scope, nectar.kinds) == (1, "all", ("outcome", "characteristics"))


def test_a_spell_recorded_as_resolved_with_an_effect_no_rule_reads_is_an_assumption_of_outcomes(kb_newcomer):
    # 608.2c, 611.2: the same spell recorded as resolved this turn (a one-shot effect): listed too.
    s = own_main_phase()
    s.add_object("nectar", NECTAR, "graveyard", "a")
    s.set_life("a", 20)
    s.record_turn_history()
    s.record_resolution("nectar", "a")
    answers = kb_newcomer.ask(s)
    lives = [d for d in answers.derived("life_after") if d.args[0] == "a"]
    assert [(d.args, d.strength) for d in lives] == [(("a", "20"), "assumed")]
    assert ("nectar", 1, "resolved this turn, read as gains_life: no rules for it yet") in \
        _texts(answers.assumptions("outcome"))


def test_summoning_sickness_from_an_unstated_control_history_is_an_assumption(kb_newcomer):
    # 302.6, 508.1a: without controlled_since_turn_began the creature is taken as just controlled;
    # the refusal is assumed and names the missing input; stated, it may attack (derived).
    s = own_main_phase()
    s.add_object("bears", BEARS, "battlefield", "a")
    answers = kb_newcomer.ask(s)
    (refusal,) = answers.derived("may_not_attack")
    assert (refusal.args, refusal.strength) == (("bears", "summoning_sickness"), "assumed")
    (a,) = answers.assumptions("combat", obj="bears")
    assert a.text == "not stated in the state (taken as false): controlled_since_turn_began(bears)"
    s.controlled_since_turn_began("bears")
    answers = kb_newcomer.ask(s)
    assert [(d.args, d.strength) for d in answers.derived("may_attack")] == [(("bears",), "derived")]


def test_a_creature_the_state_has_attacking_gets_no_may_not_attack_verdict(kb_newcomer):
    # 508.1: a creature declared attacking was already chosen; "may not attack: summoning sickness"
    # would contradict the declaration, so no verdict on attacking is given for it.
    s = game(active="a", phase="combat", step="declare_blockers", priority="a")
    s.add_object("bears", BEARS, "battlefield", "a")
    s.attack("bears", "b")
    answers = kb_newcomer.ask(s)
    assert answers.derived("may_not_attack") == [] and answers.derived("may_attack") == []
