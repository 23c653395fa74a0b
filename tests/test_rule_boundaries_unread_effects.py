"""An effect the grammar reads but no rule interprets is an assumption (issue 23: tests that notice when a
rule changes). 107.14, 122.1: "you get {E}{E}" gives energy counters -- read as gets_energy/5, but no
rule of the rule base applies it, so an answer about what the spell does rests on an assumption
("read as gets_energy: no rules for it yet") instead of being derived as if the sentence were not
there. rules_asp/foundation/interpreted.lp (ability_fact_no_rule/4). Real cards: Glimmer of Genius
("Scry 2, then draw two cards. You get {E}{E}.") on the stack; Divination (no energy) as the control.
"""

from __future__ import annotations

from pyrules import GameState


def answers_for(kb_of, card: str, zone: str):
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("x", card, zone, "a")
    return kb_of(card).ask(s)


def test_energy_a_spell_gives_is_an_assumption_of_outcome_questions_107_14(kb_of):
    answers = answers_for(kb_of, "Glimmer of Genius", "stack")
    found = [a for a in answers.assumptions("outcome", "x") if a.text == "read as gets_energy: no rules for it yet"]
    assert [(a.object, a.ability, a.scope) for a in found] == [("x", 1, "all")]
    assert "outcome" in found[0].kinds
    # not an assumption of casting questions (the energy is given as the spell resolves)
    assert not [a for a in answers.assumptions("casting", "x") if "gets_energy" in a.text]


def test_a_spell_without_energy_has_no_energy_assumption(kb_of):
    answers = answers_for(kb_of, "Divination", "stack")
    assert not [a for a in answers.assumptions() if "gets_energy" in a.text]
