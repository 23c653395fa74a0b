"""Each condition literal of the attack rules (issue 23: tests that notice when a rule changes):
table-driven over tapped / controlled continuously since the turn began / haste / defender, with real
cards (508.1a: an untapped creature the active player controls; 302.6: summoning sickness unless it
has haste; 702.3b: defender). Each row's expected reasons are the set of rules that apply, so
dropping, negating or deleting any one condition fails a row.
"""

from __future__ import annotations

import itertools

import pytest

from pyrules import GameState
from pyrules.errors import QueryError

CARDS = {"Grizzly Bears": set(), "Raging Goblin": {"haste"}, "Wall of Stone": {"defender"}}
ROWS = list(itertools.product(CARDS, (False, True), (False, True), (False, True)))


def state(card: str, tapped: bool, since_turn_began: bool, as_though_haste: bool) -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "combat", "declare_attackers", "a")
    s.add_object("c", card, "battlefield", "a", controller="a")
    s.add_object("theirs", "Grizzly Bears", "battlefield", "b", controller="b")
    s.controlled_since_turn_began("theirs")
    if tapped:
        s.tap("c")
    if since_turn_began:
        s.controlled_since_turn_began("c")
    if as_though_haste:
        s.may_attack_as_though_haste("c")
    return s


@pytest.fixture(scope="module")
def session(kb_of):
    return kb_of(*CARDS).warm([state(*row) for row in ROWS])


@pytest.mark.parametrize("card,tapped,since_turn_began,as_though_haste", ROWS)
def test_attack_needs_each_condition_508_1a_302_6(session, card, tapped, since_turn_began, as_though_haste):
    out = session.ask(state(card, tapped, since_turn_began, as_though_haste)).outcomes()
    keywords = CARDS[card]
    expected = set()
    if tapped:
        expected.add("tapped")
    if not since_turn_began and "haste" not in keywords and not as_though_haste:
        expected.add("summoning_sickness")
    if "defender" in keywords:
        expected.add("defender")
    verdict = out.attack("c")
    assert set(verdict.reasons) == expected
    assert verdict.allowed == (not expected)
    cited = {c.rule for c in verdict.citations}
    if "summoning_sickness" in expected:
        assert "302.6" in cited
    if verdict.allowed:
        assert "508.1a" in cited


def test_only_the_active_players_creatures_are_asked_about_508_1a(session):
    # b's Grizzly Bears: b is not the active player, so it is no attack candidate at all.
    out = session.ask(state("Grizzly Bears", False, True, False)).outcomes()
    with pytest.raises(QueryError) as raised:
        out.attack("theirs")
    assert "not a creature the active player controls" in str(raised.value)
