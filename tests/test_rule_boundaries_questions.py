"""Each question kind of ``pyrules ask`` answers with the atoms its rule base declaration names, at
their arity (issue 23: tests that notice when a rule changes): rules_asp/foundation/questions.lp
(ask_predicate(Kind, Predicate, Arity)) read through pyrules.answers.ask_kinds, on real cards.
122.1b: a keyword counter gives its keyword -- with the CR's 122.1b list not given, a "flying counter"
on Grizzly Bears is keyword_counter_unknown(bears, flying): an answer of the keywords question.
"""

from __future__ import annotations

import pytest

import re

import clingo

from pyrules import GameState
from pyrules.answers.ask_kinds import kind_atoms
from pyrules.inputs.rule_base import rule_files
from two_player import game


@pytest.mark.parametrize("catalog_given", [False, True])
def test_the_keywords_question_lists_a_keyword_counter_whose_list_is_unknown_122_1b(kb_of, catalog_given):
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("bears", "Grizzly Bears", "battlefield", "a", controller="a")
    s.add_keyword_counters("bears", "flying")
    if catalog_given:
        s.keyword_counter_catalog(["flying"])
    atoms = {str(a) for a in kind_atoms(kb_of("Grizzly Bears").ask(s), "keywords")}
    if catalog_given:
        assert "has_keyword_ability(bears,flying)" in atoms and "keyword_counter_unknown(bears,flying)" not in atoms
    else:
        assert "keyword_counter_unknown(bears,flying)" in atoms and "has_keyword_ability(bears,flying)" not in atoms


def test_the_proposal_question_lists_what_a_proposals_verdict_does_not_check_601_2c(kb_of):
    # Lightning Bolt proposed with b as its target: the verdict does not cover the target (601.2c),
    # proposal_unchecked(p, targets), an answer of the proposal question
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("bolt", "Lightning Bolt", "hand", "a")
    s.propose("p", "a", "bolt", targets=("b",))
    atoms = {str(a) for a in kind_atoms(kb_of("Lightning Bolt").ask(s), "proposal")}
    assert {"proposal_legal(p)", "proposal_unchecked(p,targets)"} <= atoms


def test_every_predicate_a_question_kind_names_is_an_answer_shown_at_that_arity():
    # questions.lp's facts, grounded (test-side reading of the rule base), against show.lp's #show P/N:
    # a kind naming P at another arity would answer with nothing (kind_atoms reads P/N)
    files = dict(rule_files())
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], files["foundation/questions.lp"])
    ctl.ground([("base", [])])
    named = {(str(a.symbol.arguments[1]), a.symbol.arguments[2].number)
             for a in ctl.symbolic_atoms.by_signature("ask_predicate", 3)}
    shown = {(p, int(n)) for p, n in re.findall(r"#show (\w+)/(\d+)\.", files["foundation/show.lp"])}
    assert len(named) > 100
    assert named - shown == set()


def test_the_triggers_question_carries_the_assumptions_bearing_on_outcomes_113_6_603_2(kb_of):
    # Accursed Witch's dies trigger (ability 2) is partly unread: an assumption of the outcome and combat
    # questions; `pyrules ask triggers` answers what triggers, an outcome, so it carries it (ask_bears/2)
    s = game()
    s.add_object("witch", "Accursed Witch // Infectious Curse", "battlefield", "a", controller="a")
    answers = kb_of("Accursed Witch // Infectious Curse").ask(s)
    assert (2, "return it to the battlefield transformed under your control attached to target opponent") in {
        (x.ability, x.text) for x in answers.assumptions("triggers") if x.object == "witch"}
