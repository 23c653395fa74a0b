"""The trigger lines of the coverage report (issue 16): ``trigger conditions read: N of M (P%)`` and
``trigger conditions interpreted: N of M (P%)`` over the triggered abilities (603.1) of real cards,
the second decided by the rules that derive trigger events (trigger_event_interpreted/1 of
rules_asp/foundation/assumptions.lp and rules_asp/time/triggers.lp), and their counts through the card cache."""

from __future__ import annotations

from clingo import Function

from pyrules.checks.coverage import (Coverage, conditions_from_key, conditions_interpreted, coverage_data,
                                     coverage_from_data, record_coverage)


def pool(oracle_records, names) -> Coverage:
    total = Coverage()
    for n in names:
        total.add(record_coverage(oracle_records[n], "test"))
    return total


#: Wall of Omens ("When this creature enters", 603.6a), Blood Artist ("this creature or another
#: creature dies", 700.4): read and derived; Drake Haven ("Whenever you cycle or discard a card"):
#: read, no rule derives it; Interface Ace ("becomes tapped during your turn"): not read;
#: Frost Titan: "becomes the target of a spell or ability an opponent controls" read but not derived,
#: "Whenever this creature enters or attacks" read and derived (603.6a, 508.3a).
NAMES = ["Wall of Omens", "Blood Artist", "Drake Haven", "Interface Ace", "Frost Titan", "Lightning Bolt"]


def test_trigger_lines_count_read_and_interpreted_trigger_conditions_603_2(oracle_records):
    cov = pool(oracle_records, NAMES)
    assert cov.trigger_lines() == ["trigger conditions read: 5 of 6 (83.3%)",
                                   "trigger conditions interpreted: 3 of 6 (50.0%)"]
    assert cov.report().splitlines()[2:4] == cov.trigger_lines()


def test_the_issues_named_cards_have_their_trigger_conditions_interpreted(oracle_records):
    # Wall of Omens, Blood Artist, Phyrexian Arena, Tireless Tracker (two), Young Pyromancer, Bitterblossom
    cov = pool(oracle_records, ["Wall of Omens", "Blood Artist", "Phyrexian Arena", "Tireless Tracker",
                                "Young Pyromancer", "Bitterblossom"])
    assert cov.trigger_lines()[1] == "trigger conditions interpreted: 7 of 7 (100.0%)"


def test_conditions_interpreted_follow_the_rules_not_a_list():
    enters = Function("enters", [Function("self")])
    tapped = Function("becomes_tapped", [Function("self")])       # rules_asp/time/tap_triggers.lp
    cycled = Function("cycle_or_discard_card", [Function("you")])   # no rule derives it
    another = Function("dies", [Function("another", [Function("creature")])])
    # a quality no rule evaluates ("another legendary creature" is not a card type or subtype): not derived
    odd = Function("dies", [Function("another", [Function("legendary")])])
    assert conditions_interpreted([enters, tapped, cycled, another, odd]) == {enters, tapped, another}
    assert conditions_interpreted([]) == frozenset()


def test_trigger_counts_survive_the_card_cache_round_trip(oracle_records):
    cov = pool(oracle_records, NAMES)
    back = coverage_from_data(coverage_data(cov))
    assert back is not None and back.trigger_conditions == cov.trigger_conditions
    assert back.trigger_lines() == cov.trigger_lines()
    assert coverage_from_data(coverage_data(cov)[:-1]) is None   # an entry of the old shape is re-read
    data = coverage_data(cov)
    data[-1] = {"not json": 1}
    assert coverage_from_data(data) is None


def test_a_condition_key_of_another_shape_is_refused():
    assert conditions_from_key("[") is None and conditions_from_key('{"a": 1}') is None
    assert conditions_from_key('[["Not An Asp Name"]]') is None and conditions_from_key('[[1]]') is None
    assert conditions_from_key("[]") == ()
