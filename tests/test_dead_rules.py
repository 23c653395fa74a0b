"""Rules that fire in no generated small state, and heads never derived (issue 23: a dead rule is often
a wrong rule; pyrules.checks.dead_rules, ``pyrules check --rule-base``). The family of states is the
self-consistency search's (checks/state_space.lp) over the shipped example card (There // They're //
Their, a three-part split card); a rule file added to the rule base holds one rule that can fire (a
player of the state) and one that never can (a castable spell of a player named in no state), each with
its CR comment.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

from pyrules.checks.contradictions import Domain
from pyrules.checks.dead_rules import dead_rules
from pyrules.cli import main
from pyrules.inputs.cards import load_cards
from pyrules.inputs.rule_base import rule_files

EXTRA = ("extra.lp",
         "% 102.1 — every player of the state.\n"
         "test_live_head(P) :- player(P).\n"
         "% 601.2b — a spell of a player no state has.\n"
         "test_dead_head(O) :- castable(P, O, _, _, _, _), P = nobody_at_all.\n")


@pytest.fixture(scope="module")
def report():
    cards = tuple(load_cards(str(resources.files("pyrules.examples") / "there_theyre_their.json")))
    return dead_rules(Domain(cards=cards), files=[*rule_files(), EXTRA], time_limit=120)


def test_the_search_finishes_and_checks_every_rule_with_a_body(report):
    assert report.status == "complete"
    assert report.checked > 1000
    assert 0 < len(report.dead) < report.checked


def test_a_rule_that_can_never_fire_is_dead_with_file_line_and_cr(report):
    (site,) = [s for s in report.dead if s.file == "extra.lp"]
    assert (site.location(), site.heads, site.cr) == ("rules_asp/extra.lp:4", ("test_dead_head/1",), ("601.2b",))
    assert ("test_dead_head/1", (site,)) in report.never_derived


def test_rules_that_fire_in_some_state_are_not_listed(report):
    dead_heads = {h for s in report.dead for h in s.heads}
    assert "test_live_head/1" not in dead_heads
    never = {h for h, _ in report.never_derived}
    # the split card is castable in some state (601.3, 709.3), and its faces' mana values are derived
    assert {"castable/6", "mana_value/2", "test_live_head/1"}.isdisjoint(never)


def test_a_head_with_one_live_rule_is_not_never_derived(report):
    # cites/2 has many dead rules (card-specific citations) but is derived in some state
    assert any("cites/2" in s.heads for s in report.dead)
    assert "cites/2" not in {h for h, _ in report.never_derived}


def test_pyrules_check_rule_base_lists_dead_rules_and_a_summary(cr_newest, capsys):
    assert main(["check", "--cr", str(cr_newest), "--rule-base", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    (summary,) = [r for r in rows if r["check"] == "rule_base_dead_summary"]
    dead = [r for r in rows if r["check"] == "rule_base_dead_rule"]
    assert summary["kind"] == "complete" and summary["dead"] == len(dead) and summary["checked"] > len(dead)
    assert all(r["location"].startswith("rules_asp/") and r["location"].rsplit(":", 1)[1].isdigit() for r in dead)
    assert all(r["severity"] == "note" for r in dead)
    never = [r for r in rows if r["check"] == "rule_base_never_derived"]
    assert len(never) == summary["never_derived"] and all(r["rules"] for r in never)
