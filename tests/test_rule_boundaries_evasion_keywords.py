"""An evasion keyword the rule base interprets gives a derived blocking verdict and no assumption (issue
23: tests that notice when a rule changes), on real cards. 702.9b: a creature with flying can't be
blocked except by creatures with flying or reach (509.1b: the blocking restrictions); flying is one of
the keywords keywords/evasion.lp reads (interpreted.lp's keyword_interpreted/1), so nothing is assumed
about it. rules_asp/foundation/interpreted.lp, keywords/evasion.lp.

Cards: Wind Drake (Flying) attacks b; b's Grizzly Bears (no flying or reach) may not block it.
"""

from __future__ import annotations

from pyrules import GameState


def test_a_flyer_is_not_blocked_by_a_bear_a_derived_verdict_with_nothing_assumed_702_9b_509_1b(kb_of):
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "combat", "declare_blockers", "b")
    s.add_object("wd", "Wind Drake", "battlefield", "a", controller="a")
    s.add_object("gb", "Grizzly Bears", "battlefield", "b", controller="b")
    for obj in ("wd", "gb"):
        s.controlled_since_turn_began(obj)
    s.attack("wd", "b")
    answers = kb_of("Wind Drake", "Grizzly Bears").ask(s)
    (no,) = answers.derived("may_not_block")
    assert no.args == ("gb", "wd", "flying") and no.strength == "derived"
    assert {"509.1b", "702.9b"} <= {c.rule for c in no.citations}
    assert answers.derived("may_block") == [] and answers.assumptions() == []
