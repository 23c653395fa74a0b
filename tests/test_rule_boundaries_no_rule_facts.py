"""A spell on the stack whose ability was read with facts no single-moment rule applies lists each of
them as an assumption of what its resolution changes (issue 23: tests that notice when a rule changes).
113.3a, 608.2: a spell ability is followed as the spell resolves; a read part no rule applies
(interpreted.lp's ability_fact_no_rule/4) is assumed away, by name, for the outcome and characteristics
questions, beside the part not read at all. rules_asp/foundation/interpreted.lp, assumptions.lp.

Cards: Awakening of Vitu-Ghazi ("Put nine +1/+1 counters on target land you control. It becomes a
legendary 0/0 Elemental creature with haste named Vitu-Ghazi. It's still a land."), Forest; TL;DR (MB2
playtest: "Exile target creature if it has any abilities other than keywords.": exile_target and
exile_only_if, neither applied by a single-moment rule).
"""

from __future__ import annotations

from two_player import own_main_phase

KINDS = ("outcome", "characteristics")


def test_each_read_fact_no_rule_applies_is_listed_by_name_for_a_spell_on_the_stack_113_3a_608_2(kb_of):
    s = own_main_phase()
    s.add_object("f", "Forest", "battlefield", "a", controller="a")
    s.add_object("av", "Awakening of Vitu-Ghazi", "stack", "a", controller="a")
    found = {(x.ability, x.text, x.kinds, x.scope)
             for x in kb_of("Awakening of Vitu-Ghazi", "Forest").ask(s).assumptions() if x.object == "av"}
    assert found == {(1, "It becomes a legendary 0/0 Elemental creature with haste named Vitu-Ghazi", KINDS, "all"),
                     (1, "read as puts_counters: no rules for it yet", KINDS, "all"),
                     (1, "read as still_a: no rules for it yet", KINDS, "all")}


def test_tldrs_exile_and_its_condition_are_each_listed_for_the_spell_on_the_stack_113_3a_608_2(kb_of):
    s = own_main_phase()
    s.add_object("t", "TL;DR", "stack", "a", controller="a")
    found = {(x.ability, x.text, x.kinds, x.scope) for x in kb_of("TL;DR").ask(s).assumptions() if x.object == "t"}
    assert found == {(1, "read as exile_only_if: no rules for it yet", KINDS, "all"),
                     (1, "read as exile_target: no rules for it yet", KINDS, "all")}
