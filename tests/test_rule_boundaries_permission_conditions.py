"""A casting permission with an "if" condition applies when the condition is stated met (issue 23: tests
that notice when a rule changes), on a real card. 601.3d: an effect that applies only if a condition
holds lets a player begin to cast the spell when it holds; the grammar reads "You may cast this spell
as though it had flash if [condition]" with the condition as text (permission_condition(C, F, A, if)),
which a state may say is met (ability_condition(O, A)); not stated, it is taken as unmet and listed as
such, never as a condition kind the rule base does not model. rules_asp/casting/card_effects.lp.

Cards: Fated Clash ("You may cast this spell as though it had flash if a creature is attacking and a
creature is blocking."), in a's hand in b's end step (a holds priority: instant timing only).
"""

from __future__ import annotations

import pytest

from pyrules.facts.terms import ability_condition
from two_player import game

CONDITION = "a creature is attacking and a creature is blocking"


@pytest.mark.parametrize("met", [False, True])
def test_an_if_condition_of_a_flash_permission_applies_when_stated_met_601_3d(kb_of, met):
    s = game()
    s.add_object("fc", "Fated Clash", "hand", "a")
    if met:
        s.set_condition(ability_condition("fc", 1))
    answers = kb_of("Fated Clash").ask(s)
    options = [(o.allowed, o.reasons) for o in answers.cast_options("fc")]
    about_condition = {x.text for x in answers.assumptions() if x.object == "fc" and x.ability == 1}
    if met:
        assert (True, ()) in options
        assert about_condition == set()
    else:
        assert options == [(False, ("timing",))]
        assert about_condition == {f"condition not stated to hold (taken as unmet): {CONDITION}"}
