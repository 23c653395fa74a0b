"""Keyword counters at their boundaries (issue 23: tests that notice when a rule changes), with real
cards and the 122.1b list parsed from the real CR: 0 counters give nothing, 1 gives the keyword; on a
permanent or on a card in another zone, not on a token off the battlefield (122.1b); a counter named
after a keyword the list does not hold gives nothing (not_a_keyword_counter).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pyrules import GameState
from pyrules.inputs.comprehensive_rules import load_comprehensive_rules


@pytest.fixture(scope="module")
def keyword_counters(cr_newest: Path) -> list[str]:
    return load_comprehensive_rules(cr_newest).catalogs.keyword_counters


def state(keyword_counters, zone: str, number: int, keyword: str = "flying", token: bool = False) -> GameState:
    s = GameState()
    s.add_player("a")
    s.set_turn("a", "precombat_main", None, "a")
    s.keyword_counter_catalog(keyword_counters)
    if token:
        s.add_token("x", "a", name="Bear", subtypes=("Bear",), card_types=("creature",), toughness=2, zone=zone)
    else:
        s.add_object("x", "Grizzly Bears", zone, "a", controller="a" if zone == "battlefield" else None)
    s.add_keyword_counters("x", keyword, number)
    return s


@pytest.mark.parametrize("zone,number,token,has", [
    ("battlefield", 0, False, False), ("battlefield", 1, False, True), ("battlefield", 2, False, True),
    ("graveyard", 1, False, True),    # a card in another zone: 122.1b
    ("battlefield", 1, True, True), ("graveyard", 1, True, False),  # a token off the battlefield: no
])
def test_keyword_counter_gives_its_keyword_122_1b(kb_of, keyword_counters, zone, number, token, has):
    assert "flying" in keyword_counters
    out = kb_of("Grizzly Bears").ask(state(keyword_counters, zone, number, token=token)).outcomes()
    verdict = out.has_keyword("x", "flying")
    assert verdict.allowed == has
    if has:
        assert "122.1b" in {c.rule for c in verdict.citations}


@pytest.mark.parametrize("number,refused", [(0, False), (1, True)])
def test_a_counter_named_after_an_unlisted_keyword_gives_nothing_122_1b(kb_of, keyword_counters, number, refused):
    assert "defender" not in keyword_counters
    out = kb_of("Grizzly Bears").ask(state(keyword_counters, "battlefield", number, keyword="defender")).outcomes()
    verdict = out.has_keyword("x", "defender")
    assert not verdict.allowed
    assert verdict.reasons == (("not_a_keyword_counter",) if refused else ())
