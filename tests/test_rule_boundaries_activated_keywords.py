"""Where and when an activated keyword ability may be activated (issue 23: tests that notice when a rule
changes), on a real card. 702.87a: "Level up [cost]" means "[Cost]: Put a level counter on this.
Activate only as a sorcery." -- a permanent's ability (113.6: it functions on the battlefield, not
from a hand) with sorcery timing (602.5d, 307.1: the controller's main phase, the stack empty).
rules_asp/casting/activation.lp (activated_keyword/4).

Cards: Student of Warfare (Level up {W}).
"""

from __future__ import annotations

import pytest

from pyrules import GameState

# (active player, zone of a's Student) -> (allowed, reasons, rules the verdict cites)
ROWS = [
    ("a", "battlefield", True, (), {"702.87a", "602.5d", "307.1"}),
    ("b", "battlefield", False, ("not_sorcery_timing(not_your_turn)",), {"702.87a", "602.5d", "307.1"}),
    ("a", "hand", False, ("not_in_zone(battlefield)",), {"702.87a", "113.6"}),
]


@pytest.mark.parametrize("active,zone,allowed,reasons,cited", ROWS)
def test_level_up_only_on_the_battlefield_as_a_sorcery_702_87a_602_5d(kb_of, active, zone, allowed, reasons, cited):
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn(active, "precombat_main", None, "a")
    s.add_object("st", "Student of Warfare", zone, "a", controller="a" if zone == "battlefield" else None)
    if zone == "battlefield":
        s.controlled_since_turn_began("st")
    (verdict,) = kb_of("Student of Warfare").ask(s).outcomes().activations("st")
    assert "keyword(level_up)" in verdict.ability
    assert (verdict.allowed, verdict.reasons) == (allowed, reasons)
    assert cited <= {c.rule for c in verdict.citations}
