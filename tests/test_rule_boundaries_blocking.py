"""An attacker's own "can't be blocked by creatures with power N or greater/less" (issue 23: tests that
notice when a rule changes). 509.1b: a creature's restrictions on blocking are checked as blockers are
declared; the rule base reads the restriction (rules_asp/keywords/evasion.lp, static_restriction/2)
but does not judge the characteristic, so every block of such an attacker is undecided, citing 509.1b
-- never "may block" (a blocker the restriction forbids would be allowed) and never "may not". Table
over real attackers and blockers on both sides of the boundary: Amrou Kithkin (power 3 or greater),
Arlinn's Wolf (power 2 or less); Grizzly Bears (power 2), Hill Giant (power 3).
"""

from __future__ import annotations

import pytest

from two_player import game

ATTACKERS = {"Amrou Kithkin": "power_at_least(3)", "Arlinn's Wolf": "power_at_most(2)"}
BLOCKERS = {"gb": "Grizzly Bears", "hg": "Hill Giant"}


def state(attacker: str):
    s = game(active="b", phase="combat", step="declare_attackers", priority="b")
    s.add_object("att", attacker, "battlefield", "b")
    s.attack("att", "a")
    for obj, card in BLOCKERS.items():
        s.add_object(obj, card, "battlefield", "a")
    return s


@pytest.fixture(scope="module")
def session(kb_of):
    return kb_of(*ATTACKERS, *BLOCKERS.values()).warm([state(a) for a in ATTACKERS])


@pytest.mark.parametrize("blocker", list(BLOCKERS))
@pytest.mark.parametrize("attacker", list(ATTACKERS))
def test_cant_be_blocked_by_power_restriction_leaves_each_block_undecided_509_1b(session, attacker, blocker):
    answers = session.ask(state(attacker))
    assert [d for d in answers.derived("may_block") if d.args[:2] == (blocker, "att")] == []
    assert [d for d in answers.derived("may_not_block") if d.args[:2] == (blocker, "att")] == []
    (open_,) = [d for d in answers.derived("block_undecided") if d.args[:2] == (blocker, "att")]
    assert open_.args[2] == f"restriction(cant_be_blocked_by(object(creature,{ATTACKERS[attacker]})))"
    assert "509.1b" in {c.rule for c in open_.citations}
    assert open_.strength == "unknown"
