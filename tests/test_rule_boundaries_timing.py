"""Each condition literal of the casting timing rules (issue 23: tests that notice when a rule
changes): table-driven over every combination of the conditions 117.1a and 307.1 name, with real
cards. A sorcery may be cast only by the active player holding priority, in a main phase, with an
empty stack (a spell *or an ability* on it makes it non-empty, 405.1); an instant whenever its caster
holds priority (117.1a). Dropping or negating any one condition, or a stack rule, fails some row.
"""

from __future__ import annotations

import itertools

import pytest

from pyrules import GameState

PHASES = {"precombat_main": None, "postcombat_main": None, "combat": "beginning_of_combat", "ending": "end"}
STACKS = ("empty", "spell", "ability")


def state(card: str, active: str, phase: str, stack: str, priority: str | None) -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn(active, phase, PHASES[phase], priority)
    s.add_object("x", card, "hand", "a")
    if stack == "spell":
        s.add_object("bolt", "Lightning Bolt", "stack", "b", controller="b")
    elif stack == "ability":
        s.add_ability_on_stack("trigger", "b")
    return s


SORCERY_ROWS = list(itertools.product(("a", "b"), PHASES, STACKS, ("a", "b")))
INSTANT_ROWS = list(itertools.product(("a", "b"), ("precombat_main", "ending"), STACKS, ("a", "b")))


@pytest.fixture(scope="module")
def session(kb_of):
    """One warm session (the rule base grounded once) for every row: the same answers as ``kb.ask``."""
    states = [state("Divination", *row) for row in SORCERY_ROWS] + [state("Lightning Bolt", *row) for row in INSTANT_ROWS]
    return kb_of("Divination", "Lightning Bolt").warm(states)


def the_option(answers, obj="x"):
    (option,) = answers.cast_options(obj)
    return option


@pytest.mark.parametrize("active,phase,stack,priority", SORCERY_ROWS)
def test_sorcery_timing_needs_every_condition_307_1(session, active, phase, stack, priority):
    option = the_option(session.ask(state("Divination", active, phase, stack, priority)))
    expected = priority == "a" and active == "a" and phase.endswith("_main") and stack == "empty"
    assert option.allowed == expected
    if not expected:
        assert option.reasons == (("no_priority",) if priority != "a" else ("timing",))
    else:
        assert {"117.1a", "307.1"} <= {c.rule for c in option.citations}


@pytest.mark.parametrize("active,phase,stack,priority", INSTANT_ROWS)
def test_instant_timing_needs_only_priority_117_1a(session, active, phase, stack, priority):
    option = the_option(session.ask(state("Lightning Bolt", active, phase, stack, priority)))
    assert option.allowed == (priority == "a")
    if priority != "a":
        assert option.reasons == ("no_priority",)
