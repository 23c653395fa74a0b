"""CR facts, JSON, diff and the ASP document checks (rules_asp/checks/cr_document.lp)."""

from __future__ import annotations

import json
from pathlib import Path

import clingo
import pytest

from pyrules.checks import cr_changes
from pyrules.checks import cr_document
from pyrules.facts import cr_facts
from pyrules.inputs import comprehensive_rules as cr
from pyrules.parser.comprehensive_rules import RulesDocument, parse_comprehensive_rules

STAMPS = ["20240802", "20250207", "20251114", "20260116", "20260227", "20260417"]
NEWEST = "20260417"


@pytest.fixture(scope="session")
def cr_docs(cr_dir: Path) -> dict[str, RulesDocument]:
    """Stamp -> parsed document (once per session)."""
    return {s: cr.load_comprehensive_rules(cr_dir / f"MagicCompRules-{s}.txt") for s in STAMPS}


@pytest.fixture(scope="session")
def newest_text(cr_dir: Path) -> str:
    """The newest CR, decoded, with LF line endings."""
    return (cr_dir / f"MagicCompRules-{NEWEST}.txt").read_text(encoding="utf-8-sig")


def _solve(program: str) -> list[clingo.Symbol]:
    control = clingo.Control()
    control.add("base", [], program)
    control.ground([("base", [])])
    with control.solve(yield_=True) as handle:
        model = next(iter(handle))
        return list(model.symbols(atoms=True))


def _kinds(findings) -> set[tuple[str, str, str]]:
    return {(f.kind, f.rule, f.detail) for f in findings}


# --- facts ---------------------------------------------------------------------------------------


def test_cr_facts_ground_and_count(cr_docs):
    doc = cr_docs[NEWEST]
    facts = cr_facts.cr_facts(doc)
    assert facts.startswith("% ASP facts for the Comprehensive Rules 2026-04-17")
    atoms = _solve(facts)
    by_name: dict[str, list[clingo.Symbol]] = {}
    for atom in atoms:
        by_name.setdefault(atom.name, []).append(atom)
    assert len(by_name["cr_rule"]) == len(doc.rules) == 3285
    # The same rule citing the same target twice on one line is one fact.
    assert len(by_name["cr_reference"]) == len({(r.from_rule, r.target, r.line)
                                                for r in doc.references if r.from_rule})
    assert len(by_name["cr_keyword_counter"]) == 15
    assert "cr_unresolved_reference" not in by_name
    texts = {a.arguments[0].string: a.arguments[1].string for a in by_name["cr_text"]}
    assert "as though it had flash" in texts["601.3b"]
    assert texts["702.8"] == "Flash"
    parents = {(a.arguments[0].string, a.arguments[1].string) for a in by_name["cr_parent"]}
    assert ("709.3a", "709.3") in parents
    abilities = {(a.arguments[0].string, a.arguments[1].string)
                 for a in by_name["cr_keyword_ability"]}
    assert {("flash", "702.8"), ("flashback", "702.34"), ("infect", "702.90"),
            ("wither", "702.80"), ("suspend", "702.62")} <= abilities


def test_cr_facts_quote_any_text(newest_text):
    tricky = 'has "quotes", a back\\slash and a % sign'
    text = newest_text.replace("A two-player game is a game that begins with only two players.",
                               tricky)
    doc = parse_comprehensive_rules(text)
    atoms = _solve(cr_facts.cr_facts(doc))
    texts = [a.arguments[1].string for a in atoms
             if a.name == "cr_text" and a.arguments[0].string == "100.1a"]
    assert texts == [tricky]


def test_cr_facts_without_text(cr_docs):
    facts = cr_facts.cr_facts(cr_docs[NEWEST], text=False)
    assert "\ncr_text(" not in facts and "\ncr_rule(" in facts


def test_cr_json_is_serializable(cr_docs):
    data = cr.cr_json(cr_docs[NEWEST])
    again = json.loads(json.dumps(data, ensure_ascii=False))
    assert again["effective_date"] == "2026-04-17"
    assert again["counts"]["numbered_rules"] == 3138
    assert again["counts"]["glossary_entries"] == 730
    assert again["rules"][0]["number"] == "100"
    assert again["catalogs"]["keyword_counters"][0] == "flying"


@pytest.mark.parametrize("number, exists", [
    ("601.2f", True), ("601.2f.", True), ("702", True), ("7", True), ("601.2l", False),
    ("110.10", False), ("1000", False),
])
def test_rule_exists(number, exists, cr_docs):
    assert cr.rule_exists(cr_docs[NEWEST], number) is exists


# --- diff ----------------------------------------------------------------------------------------


def test_diff_20260116_to_20260227_adds_111_10v(cr_docs):
    diff = cr_changes.diff_rules(cr_docs["20260116"], cr_docs["20260227"])
    assert "111.10v" in diff.added
    assert diff.added == ["111.10v", "506.3d", "508.4d", "702.190", "702.190a", "702.190b"]
    assert diff.removed == []
    assert diff.renumbered == [("506.3d", "506.3e"), ("506.3e", "506.3f"), ("506.3f", "506.3g")]
    assert [c.number for c in diff.changed] == ["205.3g", "205.3m", "207.2c", "508.4",
                                                 "702.49c", "702.124i"]
    assert diff.glossary_added == ["Sneak"]


def test_diff_20250207_to_20260417_reports_additions(cr_docs):
    diff = cr_changes.diff_rules(cr_docs["20250207"], cr_docs["20260417"])
    assert len(diff.added) == 133
    assert {"111.10v", "702.190", "702.190a"} <= set(diff.added)
    # renumbered includes rules whose only change is a renumbered cross-reference (701.7c -> 701.8c)
    assert len(diff.renumbered) == 356 and len(diff.removed) == 14


def test_diff_with_itself_is_empty(cr_docs):
    diff = cr_changes.diff_rules(cr_docs[NEWEST], cr_docs[NEWEST])
    assert (diff.added, diff.removed, diff.changed, diff.renumbered) == ([], [], [], [])


# --- checks on the real files --------------------------------------------------------------------


@pytest.mark.parametrize("stamp", STAMPS)
def test_real_files_have_no_numbering_findings(stamp, cr_docs):
    findings = cr_document.check_document(cr_docs[stamp])
    assert not [f for f in findings if f.kind in {"numbering_gap", "order_break",
                                                  "duplicate_number", "skipped_letter_used",
                                                  "missing_reference",
                                                  "counter_not_keyword_ability"}]


@pytest.mark.parametrize("stamp", STAMPS[:5])
def test_old_glossary_map_points_to_missing_110_10(stamp, cr_docs):
    findings = cr_document.check_document(cr_docs[stamp])
    errors = [f for f in findings if f.severity == "error"]
    assert _kinds(errors) == {("glossary_missing_reference", "Map", "110.10")}


def test_newest_findings(cr_docs):
    # The glossary lists Daybound and Nightbound (702.145) separately and ∞ (702.186) as
    # "Infinity": neither is a missing glossary entry, so the newest CR has no findings.
    assert cr_document.check_document(cr_docs[NEWEST]) == []


def test_keyword_header_naming_two_keywords_needs_both_in_the_glossary(newest_text):
    # Drop the glossary entry "Nightbound": 702.145 "Daybound and Nightbound" is now reported.
    start = newest_text.index("\nNightbound\n")
    end = newest_text.index("\n\n", start + 1)
    findings = cr_document.check_document(parse_comprehensive_rules(newest_text[:start] + newest_text[end:]))
    assert _kinds(findings) == {("keyword_not_in_glossary", "702.145", "daybound and nightbound")}


# --- checks on edited copies ---------------------------------------------------------------------


def test_check_missing_reference(newest_text):
    text = newest_text.replace("See section 8, “Multiplayer Rules.”",
                               "See rule 199.9, “Multiplayer Rules.”", 1)
    findings = cr_document.check_document(parse_comprehensive_rules(text))
    missing = [f for f in findings if f.kind == "missing_reference"]
    assert [(f.rule, f.detail, f.line, f.severity) for f in missing] == \
        [("100.1b", "199.9", 190, "error")]


def test_check_gap_but_not_the_l_o_convention(newest_text):
    lines = newest_text.split("\n")
    assert lines[197].startswith("100.2c")
    del lines[197:199]                      # drop 100.2c and the blank line after it
    findings = cr_document.check_document(parse_comprehensive_rules("\n".join(lines)))
    gaps = [(f.rule, f.detail) for f in findings if f.kind == "numbering_gap"]
    assert gaps == [("100.2d", "c")]
    # 704.5k is followed by 704.5m in the real text: no gap reported.
    assert not [f for f in findings if f.rule.startswith("704.5")]


def test_check_order_break_and_duplicate(newest_text):
    text = newest_text.replace("100.1b A multiplayer game", "100.1a A multiplayer game", 1)
    lines = text.split("\n")
    lines[195], lines[197] = lines[197], lines[195]   # 100.2c before 100.2b
    findings = cr_document.check_document(parse_comprehensive_rules("\n".join(lines)))
    kinds = _kinds(findings)
    first = next(i for i, line in enumerate(lines, 1) if line.startswith("100.1a "))
    assert ("duplicate_number", "100.1a", str(first)) in kinds  # detail: the line of the first 100.1a
    assert ("order_break", "100.2b", "100.2c") in kinds


def test_check_counter_that_is_not_a_keyword_ability(newest_text):
    text = newest_text.replace("reach, shadow, trample, and vigilance",
                               "reach, shadow, trample, vigilance, and banana", 1)
    findings = cr_document.check_document(parse_comprehensive_rules(text))
    assert ("counter_not_keyword_ability", "122.1b", "banana") in _kinds(findings)


def test_check_keyword_missing_from_glossary(newest_text):
    text = newest_text.replace("\nWither\nA keyword ability that affects",
                               "\nWithering\nA keyword ability that affects", 1)
    findings = cr_document.check_document(parse_comprehensive_rules(text))
    assert ("keyword_not_in_glossary", "702.80", "wither") in _kinds(findings)
