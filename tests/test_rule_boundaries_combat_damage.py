"""Which creatures assign combat damage in which step (issue 23: tests that notice when a rule
changes), table-driven with real cards: 510.4 (a first-strike step only if some creature in combat
has first strike or double strike; then only those; in the second step the others and those with
double strike now), 702.7b and 702.4b/c, 510.1a (0 or less power assigns nothing).

a's attacker X (Grizzly Bears 2/2, given first strike or double strike or neither) is blocked by b's
Hill Giant (3/3). Each row: the step, X's keyword now, whether X had first strike or double strike as
the first step began, and the expected (creature, step) assignments and refusals with their reasons.
"""

from __future__ import annotations

import pytest

from pyrules import GameState


def state(step: int, keyword: str | None, had_first: bool, power_modifier: int = 0) -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "combat", "combat_damage", None)
    s.add_object("x", "Grizzly Bears", "battlefield", "a", controller="a")
    s.add_object("g", "Hill Giant", "battlefield", "b", controller="b")
    for obj in ("x", "g"):
        s.controlled_since_turn_began(obj)
    if keyword:
        s.grant_keyword("k", "x", keyword)
    s.attack("x", "b")
    s.block("g", "x")
    s.set_combat_damage_step(step, had_first_or_double_strike=["x"] if had_first else [])
    return s


ROWS = [
    # step, x's keyword, x had it as step 1 began, assigns, assigns no (creature, step, why)
    (1, None, False, {("x", "1"), ("g", "1")}, set()),                          # no first strike: the only step
    (1, "first_strike", False, {("x", "1")}, {("g", "1", "not_first_strike")}),
    (1, "double_strike", False, {("x", "1")}, {("g", "1", "not_first_strike")}),
    (2, "first_strike", True, {("g", "2")}, {("x", "2", "first_step_only")}),  # 702.7b
    (2, "double_strike", True, {("x", "2"), ("g", "2")}, set()),               # 702.4b
    (2, None, True, {("g", "2")}, {("x", "2", "first_step_only")}),            # 702.4c: lost double strike
    (2, "double_strike", False, {("x", "2"), ("g", "2")}, set()),              # gained it after step 1
]


@pytest.fixture(scope="module")
def session(kb_of):
    return kb_of("Grizzly Bears", "Hill Giant").warm([state(*row[:3]) for row in ROWS])


@pytest.mark.parametrize("step,keyword,had_first,assigns,assigns_no", ROWS)
def test_which_creatures_assign_combat_damage_in_each_step_510_4(session, step, keyword, had_first, assigns,
                                                                  assigns_no):
    out = session.ask(state(step, keyword, had_first)).outcomes()
    assert {tuple(r.args) for r in out.results("assigns_combat_damage")} == assigns
    assert {tuple(r.args) for r in out.results("assigns_no_combat_damage")} == assigns_no


@pytest.mark.parametrize("attacker,counters,assigns", [("Ornithopter", 0, False), ("Grizzly Bears", 2, False),
                                                     ("Grizzly Bears", 1, True)])
def test_a_creature_with_0_power_assigns_no_combat_damage_510_1a(kb_of, attacker, counters, assigns):
    # Ornithopter is 0/2; Grizzly Bears with two -1/-1 counters has power 0, with one power 1 (613.4c).
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "combat", "combat_damage", None)
    s.add_object("x", attacker, "battlefield", "a", controller="a")
    s.controlled_since_turn_began("x")
    if counters:
        s.add_counters("x", "-1/-1", counters)
    s.attack("x", "b")
    s.set_combat_damage_step(1)
    out = kb_of(attacker).ask(s).outcomes()
    assert {tuple(r.args) for r in out.results("assigns_combat_damage")} == ({("x", "1")} if assigns else set())
    assert {tuple(r.args) for r in out.results("assigns_no_combat_damage")} == (
        set() if assigns else {("x", "1", "no_power")})


@pytest.mark.parametrize("step,keywords", [(1, ("first_strike", "trample")), (2, ("double_strike", "trample"))])
def test_every_assignment_answer_carries_why_the_creature_assigns_in_this_step_510_4(kb_of, step, keywords):
    # Hill Giant (3/3) with trample and first strike (step 1) or double strike (step 2) attacks b and is
    # blocked by three Eager Cadets (1/1): all 3 must go among the blockers (lethal 1 each, 702.19b), 0 to
    # b; those answers and the lethal damage to assign to each blocker all carry the rules of the step
    # it assigns in (510.4, 702.7b / 702.4b).
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "combat", "combat_damage", None)
    s.add_object("x", "Hill Giant", "battlefield", "a", controller="a")
    for k in keywords:
        s.grant_keyword(f"k_{k}", "x", k)
    s.attack("x", "b")
    for c in ("c1", "c2", "c3"):
        s.add_object(c, "Eager Cadet", "battlefield", "b", controller="b")
        s.block(c, "x")
    s.set_combat_damage_step(step, had_first_or_double_strike=["x"] if step == 2 else [])
    out = kb_of("Hill Giant", "Eager Cadet").ask(s).outcomes()
    (assigns,) = [r for r in out.results("assigns_combat_damage") if r.args == ("x", str(step))]
    why = {c.rule for c in assigns.citations}
    assert {"510.4", "702.7b" if step == 1 else "702.4b"} <= why
    answers = [r for name in ("combat_damage_assignment", "combat_damage_among_blockers", "lethal_damage_to_assign")
               for r in out.results(name) if r.args[0] == "x"]
    assert {r.kind for r in answers} == {"combat_damage_assignment", "combat_damage_among_blockers",
                                          "lethal_damage_to_assign"}
    assert [r.args for r in answers if r.kind == "combat_damage_among_blockers"] == [("x", "3")]
    assert [r.args for r in answers if r.kind == "combat_damage_assignment"] == [("x", "b", "0")]
    for r in answers:
        assert why - {"510.1a"} <= {c.rule for c in r.citations}, r
