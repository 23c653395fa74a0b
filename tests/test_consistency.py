"""Consistency checking (issue 8): the rule base against itself, cards against the rules (101.1)."""

from __future__ import annotations

import json

import clingo
import pytest

from pyrules.checks.card_checks import check_card_definitions, check_cards
from pyrules.checks.contradictions import Domain, check_state, search_contradictions
from pyrules.checks.minimal_core import unsat_core
from pyrules.cli import main
from pyrules.inputs.cards import load_cards
from pyrules.inputs.comprehensive_rules import load_comprehensive_rules
from pyrules.inputs.rule_base import rule_files

# A rule that permits what casting.lp forbids (101.2: the prohibition must win), on line 2.
PERMITS_WHAT_IS_FORBIDDEN = ("broken.lp", "% 101.2 — deliberately wrong: a prohibited spell is castable\n"
                                          "castable(P, O, F, Z, M, S) :- allows_cast(P, O, F, Z, M, S), "
                                          "prohibited(P, O, F, _).\n")
# The same file with a citation of a rule that does not exist (line 3, column 10).
CITES_NO_SUCH_RULE = ("broken.lp", PERMITS_WHAT_IS_FORBIDDEN[1] + 'cites(X, "709.9z") :- castable(X, _, _, _, _, _).\n')
DOMAIN_NAMES = {"Lightning Bolt", "Grizzly Bears", "Forest", "Think Twice", "Ambush Viper", "Divination"}


@pytest.fixture(scope="module")
def cr_2026(cr_newest):
    return load_comprehensive_rules(cr_newest)


@pytest.fixture(scope="module")
def mb2(cards_dir):
    return cards_dir / "scryfall-sets" / "all_cards_mb2.json"


@pytest.fixture(scope="module")
def oracle_files(cards_dir):
    return [cards_dir / "scryfall-oracle-compact-A-K.json", cards_dir / "scryfall-oracle-compact-L-Z.json"]


@pytest.fixture(scope="module")
def domain(mb2, oracle_files):
    cards = load_cards(mb2, names={"There // They're // Their", "Naturalize 2"})
    for f in oracle_files:
        cards += load_cards(f, names=DOMAIN_NAMES)
    assert len(cards) == 8
    return Domain(cards=tuple(cards))


# ------------------------------------------------------------------------------ rule base vs itself


def test_the_rule_base_has_no_contradiction_over_the_generated_states(domain):
    report = search_contradictions(domain, time_limit=120)
    assert (report.status, report.contradictions) == ("consistent", [])
    # Not vacuous: both sides of each checked pair are derived in some state of the family.
    assert {"castable", "cast_blocked", "may_begin_to_cast", "prohibited", "may_cast", "may_not_cast",
            "can_find", "cannot_find", "mana_value", "destroy_result"} <= set(report.derivable)


def test_a_rule_that_permits_what_another_forbids_is_caught_with_its_location(domain):
    files = list(rule_files()) + [PERMITS_WHAT_IS_FORBIDDEN]
    report = search_contradictions(domain, files=files, time_limit=120)
    assert report.status == "contradictions"
    (c,) = report.contradictions
    assert c.kind == "permitted_and_forbidden" and c.location == "rules_asp/broken.lp:2"
    assert c.atoms[0].startswith("castable(") and c.atoms[1].startswith("cast_blocked(")
    # A smallest state: one object in its owner's hand and a prohibition on that player (plus the
    # two players, one active player and one phase every state has).
    assert len(c.state) == 9
    assert any(f.startswith("cast_prohibition(forbid,") for f in c.state)
    # The minimal core: the broken rule and the casting rules the prohibition goes through.
    where = {r.location() for r in c.core.rules}
    assert {"rules_asp/broken.lp:2"} <= where
    assert {r.head for r in c.core.rules} >= {"castable/6", "prohibited/4", "cast_blocked/7", "allows_cast/6"}
    assert {"101.2", "601.3"} <= set(c.core.cr)
    assert c.core.minimal and "cast_prohibition(forbid,alice)" in c.core.facts or \
        "cast_prohibition(forbid,bob)" in c.core.facts


def test_a_citation_of_a_missing_rule_in_the_broken_rule_base_is_caught_with_its_location(cr_2026):
    from pyrules.checks.citations import check_citations

    found = {(f.location(), f.kind, f.citation.rule)
             for f in check_citations(cr_2026, files=[CITES_NO_SUCH_RULE])}
    assert found == {("rules_asp/broken.lp:3:10", "missing", "709.9z")}


def test_an_unsatisfiable_state_gets_a_minimal_core_of_facts_and_rules():
    # A rule file with a constraint that no state in which a prohibited spell exists may hold.
    files = list(rule_files()) + [("strict.lp", "% 101.2\n:- prohibited(P, O, F, E).\n")]
    F, S, N = clingo.Function, clingo.String, clingo.Number
    facts = [F("player", [F("alice")]), F("card", [S("X")]), F("face", [S("X"), N(1)]),
             F("face_card_type", [S("X"), N(1), F("instant")]), F("object", [F("o1")]),
             F("object_card", [F("o1"), S("X")]), F("owner", [F("o1"), F("alice")]),
             F("in_zone", [F("o1"), F("hand")]), F("cast_prohibition", [F("e"), F("alice")]),
             F("life_total", [F("alice"), N(20)])]
    contradictions, core = check_state(facts, files=files)
    assert contradictions == [] and core is not None and core.minimal
    assert "life_total(alice,20)" not in core.facts and "player(alice)" not in core.facts
    assert set(core.facts) == {'face("X",1)', "object_card(o1,\"X\")", "owner(o1,alice)", "in_zone(o1,hand)",
                               "cast_prohibition(e,alice)"}
    assert "rules_asp/strict.lp:2" in {r.location() for r in core.rules}
    assert unsat_core(facts) is None  # the real rule base answers that state


# ------------------------------------------------------------------------------ cards vs rules


def test_naturalize_2_and_tldr_need_rule_extensions_of_701_8_and_702(mb2, cr_2026):
    cards = load_cards(mb2, names={"Naturalize 2", "TL;DR"})
    findings, residue = check_card_definitions(cards, cr_2026)
    extension = {(f.card, f.kind, f.detail, f.rules) for f in findings if f.klass == "needs_rule_extension"}
    assert extension == {
        ("Naturalize 2", "destroys_non_permanent", "emblem", ("114.5", "701.8", "701.8a")),
        ("Naturalize 2", "destroys_non_permanent", "gameplay_tracker", ("701.8", "701.8a")),
        ("TL;DR", "refers_to_keyword_classification", "has_ability_other_than_keywords",
         ("207.2c", "701.1", "702", "702.1")),
    }
    assert {f.location() for f in findings if f.klass == "needs_rule_extension"} == {
        f"{mb2}: Naturalize 2: face 1: ability(1)", f"{mb2}: TL;DR: face 1: ability(1)"}
    assert all(f.severity == "warning" for f in findings if f.klass == "needs_rule_extension")


def test_mb2_report_pins_its_needs_rule_extension_cards(mb2, cr_2026):
    report = check_cards([mb2], cr_2026, workers=1)
    summary = report.summary()
    assert summary["cards"] == 385
    assert summary["needs_rule_extension"] == {"Naturalize 2": ["114.5", "701.8", "701.8a"],
                                               "TL;DR": ["207.2c", "701.1", "702", "702.1"]}
    assert summary["kinds"]["playtest_card"]["cards"] == 121
    assert report.cards_with_oracle_residue == report.coverage_cards_unclean


@pytest.fixture(scope="module")
def pool_report(oracle_files, cr_2026):
    return check_cards(oracle_files, cr_2026, workers=2)


def test_the_whole_oracle_pool_report_completes_with_pinned_numbers(pool_report):
    s = pool_report.summary()
    assert (s["cards"], s["errors"]) == (33241, 0)
    # Card facts are keyed by name: 33,241 definitions have fewer distinct names (tokens, variants).
    assert s["card_names"] == POOL_CARD_NAMES
    # Card names with unparsed Oracle text: the ASP check (card_oracle_residue/1) agrees with the
    # coverage module's "cards with no unparsed residue" counted in the same pass.
    assert pool_report.cards_with_oracle_residue == pool_report.coverage_cards_unclean > 0
    # Of the pool, only Naturalize 2 and TL;DR contradict a rule (the two MB2 playtest cards).
    assert s["needs_rule_extension"] == {"Naturalize 2": ["114.5", "701.8", "701.8a"],
                                         "TL;DR": ["207.2c", "701.1", "702", "702.1"]}
    assert s["kinds"]["unparsed"]["cards"] >= pool_report.cards_with_oracle_residue
    # Frame-level findings (type-line grammar and the CR 205 catalogs), independent of the
    # Oracle-text grammar that is still growing.
    assert {k: v["cards"] for k, v in s["kinds"].items() if k in ("unknown_card_type", "unknown_supertype")} == \
        POOL_TYPE_FINDINGS
    assert s["kinds"]["playtest_card"]["cards"] == POOL_PLAYTEST_CARDS


# Pinned from the run of 2026-04 data (see the issue 8 note).
# Card types outside 205.2a and supertypes outside 205.4a (Un-cards, Alchemy/playtest frames).
POOL_TYPE_FINDINGS = {"unknown_card_type": 88, "unknown_supertype": 24}
POOL_PLAYTEST_CARDS = 753
POOL_CARD_NAMES = 32792


def test_pyrules_check_cards_and_rule_base_from_the_command_line(cr_newest, mb2, capsys):
    code = main(["check", "--cr", str(cr_newest), "--cards", str(mb2), "--workers", "1"])
    out = capsys.readouterr().out
    assert code == 0
    assert (f"{mb2}: Naturalize 2: face 1: ability(1): warning: destroys emblem, but rule 701.8 defines destroy "
            "only for permanents: needs a rule extension (CR 114.5, 701.8, 701.8a)") in out
    assert "385 cards (" in out and "2 need a rule extension; 0 unreadable" in out
    code = main(["check", "--cr", str(cr_newest), "--rule-base", "--format", "json"])
    rows = json.loads(capsys.readouterr().out)
    (summary,) = [r for r in rows if r["check"] == "rule_base_summary"]
    assert code == 0 and summary["kind"] == "consistent" and "castable" in summary["derivable"]
