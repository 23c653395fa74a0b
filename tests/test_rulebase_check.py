"""The rule base against the CR it cites (consistency checking, issue 8)."""

from __future__ import annotations

import pytest

from pyrules.checks.citations import check_citations, rule_base_citations
from pyrules.cli import main
from pyrules.inputs.comprehensive_rules import load_comprehensive_rules


@pytest.fixture(scope="module")
def cr_2026(cr_newest):
    return load_comprehensive_rules(cr_newest)


def test_every_rule_the_rule_base_cites_exists_in_the_cr_it_is_built_with(cr_2026):
    # Every number an answer can cite (cites/2) and every "% NNN.N" comment names a real rule.
    citations = rule_base_citations()
    assert {"709.3a", "709.3b", "709.4b", "202.3d", "601.3"} <= {c.rule for c in citations if c.kind == "answer"}
    missing = [f"{f.location()} {f.citation.rule}" for f in check_citations(cr_2026)]
    assert missing == []


def test_a_citation_of_a_rule_that_does_not_exist_is_reported_with_its_location(cr_2026):
    broken = [("broken.lp", 'ok :- x.\n% 709.3a — fine\ncites(ok, "709.9z") :- ok.\n% 999.1 — no such rule\n')]
    found = {(f.location(), f.kind, f.citation.rule) for f in check_citations(cr_2026, files=broken)}
    assert found == {("rules_asp/broken.lp:3:11", "missing", "709.9z"), ("rules_asp/broken.lp:4:3", "missing", "999.1")}


def test_citations_written_against_an_older_cr_are_flagged_for_review(cr_dir, cr_2026):
    # Between 2026-01-16 and 2026-02-27 the old 506.3d moved to 506.3e (a new 506.3d was added).
    old = load_comprehensive_rules(cr_dir / "MagicCompRules-20260116.txt")
    files = [("combat_old.lp", 'a.\ncites(a, "506.3d") :- a.\n')]
    (finding,) = check_citations(cr_2026, old, files=files)
    assert (finding.kind, finding.detail, finding.severity) == ("renumbered", "506.3e", "warning")


def test_pyrules_check_reports_and_exits_by_severity(cr_newest, cr_dir, capsys):
    assert main(["check", "--cr", str(cr_newest)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "0 finding(s), 0 error(s)"
    # The older CRs' glossary entry "Map" cites a rule 110.10 that does not exist: an error.
    assert main(["check", "--cr", str(cr_dir / "MagicCompRules-20250207.txt")]) == 1
