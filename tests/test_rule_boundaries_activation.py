"""Each condition literal of summoning sickness for {T} abilities (issue 23: tests that notice when a
rule changes): table-driven over controlled since the turn began / haste / "as though it had haste"
for its controller or for the other player / tapped, with a real card (Fyndhorn Elves, "{T}: Add
{G}."). 602.5a, 302.6: a creature's {T} ability only if its controller has controlled it
continuously since their most recent turn began, unless it has haste (702.10c) or an effect lets its
controller activate as though it had haste (609.4); 107.5: a tapped permanent can't pay {T}.
"""

from __future__ import annotations

import itertools

import pytest

from pyrules import GameState

ROWS = list(itertools.product((False, True), (False, True), (None, "a", "b"), (False, True)))


def state(since_turn_began: bool, haste: bool, as_though_haste: str | None, tapped: bool) -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("elf", "Fyndhorn Elves", "battlefield", "a", controller="a")
    if since_turn_began:
        s.controlled_since_turn_began("elf")
    if haste:
        s.grant_keyword("h", "elf", "haste")
    if as_though_haste:
        s.may_activate_as_though_haste(as_though_haste)
    if tapped:
        s.tap("elf")
    return s


@pytest.fixture(scope="module")
def session(kb_of):
    return kb_of("Fyndhorn Elves").warm([state(*row) for row in ROWS])


@pytest.mark.parametrize("since_turn_began,haste,as_though_haste,tapped", ROWS)
def test_tap_ability_summoning_sickness_each_condition_602_5a_302_6(session, since_turn_began, haste,
                                                                     as_though_haste, tapped):
    (verdict,) = session.ask(state(since_turn_began, haste, as_though_haste, tapped)).outcomes().activations("elf")
    sick = not since_turn_began and not haste and as_though_haste != "a"  # only its controller's effect counts
    expected = {"summoning_sickness"} if sick else set()
    if tapped:
        expected.add("tapped")
    assert set(verdict.reasons) == expected
    assert verdict.allowed == (not expected)
    cited = {c.rule for c in verdict.citations}
    if sick or verdict.allowed:
        assert {"602.5a", "302.6"} <= cited
    if tapped:
        assert "107.5" in cited
    if verdict.allowed and not since_turn_began:
        # the exemption it rests on: its haste (702.10c), else its controller's as-though effect (609.4)
        assert ("702.10c" in cited) == haste
        assert ("609.4" in cited) == (not haste)


@pytest.mark.parametrize("priority_stated", [False, True])
def test_unstated_priority_is_the_one_assumption_of_an_activation_verdict_117_1b(kb_of, priority_stated):
    # Without a priority holder in the state, the verdict on Fyndhorn Elves' {T} ability takes
    # has_priority(a) as true: an assumption about the object as a whole (ability 0), for outcome
    # questions about the elf only; with priority stated there is none and the verdict is derived.
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a" if priority_stated else None)
    s.add_object("elf", "Fyndhorn Elves", "battlefield", "a", controller="a")
    s.controlled_since_turn_began("elf")
    answers = kb_of("Fyndhorn Elves").ask(s)
    (verdict,) = answers.outcomes().activations("elf")
    assert verdict.allowed is True
    found = [(a.object, a.ability, a.kinds, a.scope) for a in answers.assumptions("outcome", "elf")
             if "has_priority(a)" in a.text]
    if priority_stated:
        assert found == [] and verdict.strength == "derived"
    else:
        assert found == [("elf", 0, ("outcome",), "elf")] and verdict.strength == "assumed"


@pytest.mark.parametrize("history_recorded", [False, True])
def test_an_unrecorded_turn_history_is_the_assumption_of_a_loyalty_ability_verdict_606_3(kb_of, history_recorded):
    # 606.3: one loyalty ability of a permanent per turn. Without the turn's history recorded, the
    # verdicts on Jace Beleren's loyalty abilities take "not activated this turn" for granted: an
    # assumption about the object as a whole (ability 0), for outcome questions about it.
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("jace", "Jace Beleren", "battlefield", "a", controller="a")
    s.add_counters("jace", "loyalty", 3)
    if history_recorded:
        s.record_turn_history()
    answers = kb_of("Jace Beleren").ask(s)
    verdicts = answers.outcomes().activations("jace")
    assert any(v.allowed for v in verdicts)  # e.g. its +2 (the -10 needs more loyalty than 3: 606.6)
    found = {(a.object, a.ability, a.kinds, a.scope) for a in answers.assumptions("outcome", "jace")
             if "activations_this_turn(jace)" in a.text}
    assert found == (set() if history_recorded else {("jace", 0, ("outcome",), "jace")})
