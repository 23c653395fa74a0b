"""Comprehensive Rules grammar and transformer, on the six real CR files in shared/data/cr.

Counts pinned here were read off the files themselves (and cross-checked with an independent
line count in the tests that compute one).
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from pyrules.errors import RulesDocumentError
from pyrules.inputs.comprehensive_rules import load_comprehensive_rules
from pyrules.parser import comprehensive_rules as crp

# file stamp -> (effective date, numbered rules (100.1, 100.1a ...; topics "100." excluded),
#                topics, examples, glossary entries, obsolete glossary entries)
CR_FILES = {
    "20240802": (dt.date(2024, 7, 30), 2993, 144, 279, 690, 31),
    "20250207": (dt.date(2025, 2, 7), 3022, 144, 274, 703, 32),
    "20251114": (dt.date(2025, 11, 14), 3109, 146, 276, 725, 33),
    "20260116": (dt.date(2026, 1, 16), 3114, 146, 276, 725, 33),
    "20260227": (dt.date(2026, 2, 27), 3120, 146, 276, 726, 33),
    "20260417": (dt.date(2026, 4, 17), 3138, 147, 277, 730, 33),
}
NEWEST = "20260417"


@pytest.fixture(scope="session")
def cr_texts(cr_dir: Path) -> dict[str, str]:
    """Stamp -> normalized text (BOM stripped, LF line endings) of each CR file."""
    out = {}
    for stamp in CR_FILES:
        raw = (cr_dir / f"MagicCompRules-{stamp}.txt").read_bytes().decode("utf-8-sig")
        out[stamp] = raw.replace("\r\n", "\n").replace("\r", "\n")
    return out


@pytest.fixture(scope="session")
def cr_docs(cr_dir: Path) -> dict[str, crp.RulesDocument]:
    """Stamp -> parsed document, loaded once per session through the public loader."""
    return {stamp: load_comprehensive_rules(cr_dir / f"MagicCompRules-{stamp}.txt")
            for stamp in CR_FILES}


def _rules_part(text: str) -> list[str]:
    """Lines between the end of the contents ("Credits") and the real "Glossary" header."""
    lines = text.split("\n")
    start = lines.index("Credits") + 1
    end = len(lines) - 1 - lines[::-1].index("Glossary")
    return lines[start:end]


# --- whole files ---------------------------------------------------------------------------------


@pytest.mark.parametrize("stamp", CR_FILES)
def test_cr_file_parses_with_title_and_effective_date(stamp, cr_docs, cr_texts):
    doc = cr_docs[stamp]
    assert doc.title == "Magic: The Gathering Comprehensive Rules"
    assert doc.effective_date == CR_FILES[stamp][0]
    # The date is the one printed on line 3.
    assert cr_texts[stamp].split("\n")[2].endswith(doc.effective_date.strftime("%B %-d, %Y."))
    assert list(doc.sections) == [str(n) for n in range(1, 10)]
    assert doc.sections["7"].title == "Additional Rules"
    assert doc.duplicates == []


@pytest.mark.parametrize("stamp", CR_FILES)
def test_numbered_rule_count_equals_independent_line_count(stamp, cr_docs, cr_texts):
    numbered_line = re.compile(r"^\d{3}\.\d+[a-z]?\.?(?=\s|[A-Z])")
    topic_line = re.compile(r"^\d{3}\. ")
    part = _rules_part(cr_texts[stamp])
    expected_numbered = sum(1 for line in part if numbered_line.match(line))
    expected_topics = sum(1 for line in part if topic_line.match(line))
    doc = cr_docs[stamp]
    numbered = [r for r in doc.rules.values() if r.level != "topic"]
    topics = [r for r in doc.rules.values() if r.level == "topic"]
    assert len(numbered) == expected_numbered == CR_FILES[stamp][1]
    assert len(topics) == expected_topics == CR_FILES[stamp][2]


def test_newest_cr_has_3138_numbered_rules(cr_docs):
    assert sum(1 for r in cr_docs[NEWEST].rules.values() if r.level != "topic") == 3138


@pytest.mark.parametrize("stamp", CR_FILES)
def test_rules_are_in_document_order(stamp, cr_docs):
    lines = [r.line for r in cr_docs[stamp].rules.values()]
    assert lines == sorted(lines)


@pytest.mark.parametrize("stamp", CR_FILES)
def test_every_example_is_attached_to_a_rule(stamp, cr_docs, cr_texts):
    lines = cr_texts[stamp].split("\n")
    example_lines = {i + 1 for i, line in enumerate(lines) if line.startswith("Example:")}
    doc = cr_docs[stamp]
    attached = {seg[0] for r in doc.rules.values() for seg in r.segments if seg[3]}
    assert attached == example_lines
    assert sum(len(r.examples) for r in doc.rules.values()) == len(example_lines) \
        == CR_FILES[stamp][3]


@pytest.mark.parametrize("stamp", CR_FILES)
def test_glossary_term_count(stamp, cr_docs):
    doc = cr_docs[stamp]
    assert len(doc.glossary) == CR_FILES[stamp][4]
    assert sum(e.obsolete for e in doc.glossary) == CR_FILES[stamp][5]
    assert doc.glossary[0].names == ["Abandon"]
    assert doc.glossary[-1].names == ["Zone-Change Triggers"]


# --- rule content ------------------------------------------------------------------------------


def test_601_3b_text_mentions_as_though_it_had_flash(cr_docs):
    rule = cr_docs[NEWEST].rules["601.3b"]
    assert "as though it had flash" in rule.text
    assert rule.parent == "601.3"
    assert rule.line == 2480
    assert rule.examples[0].startswith("An effect says that you may cast Aura spells")


def test_709_3a_parent_is_709_3(cr_docs):
    doc = cr_docs[NEWEST]
    assert doc.rules["709.3a"].parent == "709.3"
    assert doc.rules["709.3"].parent == "709"
    assert doc.rules["709"].parent is None
    assert doc.rules["709"].section == "7"


def test_rule_text_is_kept_exactly(cr_docs, cr_texts):
    doc = cr_docs[NEWEST]
    lines = cr_texts[NEWEST].split("\n")
    rule = doc.rules["100.1b"]
    assert rule.text == "A multiplayer game is a game that begins with more than two players. " \
                        "See section 8, “Multiplayer Rules.”"
    # Every single-paragraph rule's text is its line minus the number and one space.
    for r in doc.rules.values():
        if "\n" not in r.text:
            assert lines[r.line - 1].rstrip().endswith(r.text)
    meteor = [e for r in doc.rules.values() for e in r.examples if "Meteor Crater" in e][0]
    assert "“{T}: Choose a color" in meteor


def test_continuation_paragraph_joins_its_rule(cr_docs):
    text = cr_docs[NEWEST].rules["205.4c"].text
    first, second = text.split("\n")
    assert first.endswith("even if it has a basic land type.")
    assert second.startswith("Cards printed in sets prior to the Eighth Edition")


@pytest.mark.parametrize("number, text_start", [
    ("606.5", "If the total cost to activate a loyalty ability"),     # no dot after number
    ("119.1d", "In a two-player Brawl game"),                         # dot after subrule
])
def test_irregular_rule_numbers_parse(number, text_start, cr_docs):
    assert cr_docs[NEWEST].rules[number].text.startswith(text_start)


def test_rule_number_without_space_before_text_in_2024(cr_docs):
    assert cr_docs["20240802"].rules["901.4"].text.startswith("All plane and phenomenon cards")


def test_contents_lists_headers_before_the_rules(cr_docs):
    doc = cr_docs[NEWEST]
    assert doc.contents[0] == ("1", "Game Concepts", 13)
    assert ("702", "Keyword Abilities") in [(n, t) for n, t, _ in doc.contents]
    assert doc.rules["100"].line > doc.contents[-1][2]
    assert doc.credits[0] == "Magic: The Gathering Original Game Design: Richard Garfield"


# --- glossary ------------------------------------------------------------------------------------


@pytest.mark.parametrize("heading, names, obsolete", [
    ("Active Player, Nonactive Player Order", ["Active Player, Nonactive Player Order"], False),
    ("You, Your", ["You", "Your"], False),
    ("Banding, “Bands with Other”", ["Banding", "Bands with Other"], False),
    ("Partner, “Partner—[text],” “Partner with [name]”",
     ["Partner", "Partner—[text]", "Partner with [name]"], False),
    ("Intervening “If” Clause", ["Intervening “If” Clause"], False),
    ("Bury (Obsolete)", ["Bury"], True),
    ("Remove from the Game, Removed, Removed-from-the-Game Zone (Obsolete)",
     ["Remove from the Game", "Removed", "Removed-from-the-Game Zone"], True),
])
def test_glossary_headings(heading, names, obsolete, cr_docs):
    entry = [e for e in cr_docs[NEWEST].glossary if e.heading == heading][0]
    assert entry.names == names
    assert entry.obsolete is obsolete


def test_glossary_definition_spans_lines(cr_docs):
    entry = cr_docs[NEWEST].glossary_by_name["ability"]
    assert entry.text.split("\n")[0] == "1. Text on an object that explains what that object " \
                                        "does or can do."
    assert len(entry.text.split("\n")) == 3


# --- references ----------------------------------------------------------------------------------


def test_702_34a_references_expand_the_en_dash_range(cr_docs):
    refs = [r for r in cr_docs[NEWEST].references if r.from_rule == "702.34a"]
    assert [r.target for r in refs] == ["601.2b", "601.2f", "601.2g", "601.2h"]
    assert all(r.resolved and r.line == 4252 for r in refs)


def test_reference_columns_point_at_the_number(cr_docs, cr_texts):
    lines = cr_texts[NEWEST].split("\n")
    for ref in cr_docs[NEWEST].references[:300]:
        at = lines[ref.line - 1][ref.column - 1:]
        assert at[0].isdigit()
        assert ref.target.startswith(at[:3]) or ref.kind == "section"


@pytest.mark.parametrize("line_part, targets", [
    ("608.2c–m", ["608.2c", "608.2d", "608.2e", "608.2f", "608.2g", "608.2h", "608.2i",
                  "608.2j", "608.2k", "608.2m"]),                      # skips l
    ("903.6–903.11", ["903.6", "903.7", "903.8", "903.9", "903.10", "903.11"]),
    ("111.10j–r", ["111.10j", "111.10k", "111.10m", "111.10n", "111.10p", "111.10q",
                   "111.10r"]),                                         # skips o
])
def test_reference_ranges(line_part, targets, cr_docs, cr_texts):
    lines = cr_texts[NEWEST].split("\n")
    by_position: dict = {}
    for r in cr_docs[NEWEST].references:
        if lines[r.line - 1][r.column - 1:].startswith(line_part):
            by_position.setdefault((r.line, r.column), []).append(r.target)
    assert by_position
    assert all(found == targets for found in by_position.values())


def test_section_and_topic_references(cr_docs):
    doc = cr_docs[NEWEST]
    refs = [r for r in doc.references if r.from_rule == "100.1b"]
    assert [(r.kind, r.target, r.resolved) for r in refs] == [("section", "8", True)]
    refs = [r.target for r in doc.references if r.from_rule == "100.2c"]
    assert refs == ["903"]
    glossary = [r for r in doc.references if r.from_glossary == "Ability"]
    assert [r.target for r in glossary] == ["113", "6"]


@pytest.mark.parametrize("stamp, unresolved", [
    ("20240802", [("Map", "110.10")]), ("20250207", [("Map", "110.10")]),
    ("20251114", [("Map", "110.10")]), ("20260116", [("Map", "110.10")]),
    ("20260227", [("Map", "110.10")]), ("20260417", []),
])
def test_unresolved_references(stamp, unresolved, cr_docs):
    found = [(r.from_glossary or r.from_rule, r.target)
             for r in cr_docs[stamp].references if not r.resolved]
    assert found == unresolved


# --- catalogs ------------------------------------------------------------------------------------


def test_122_1b_keyword_counters(cr_docs):
    assert cr_docs[NEWEST].catalogs.keyword_counters == [
        "flying", "first strike", "double strike", "deathtouch", "decayed", "exalted", "haste",
        "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow", "trample",
        "vigilance"]
    assert cr_docs[NEWEST].catalogs.sources["keyword_counters"] == "122.1b"
    assert "decayed" not in cr_docs["20240802"].catalogs.keyword_counters
    assert len(cr_docs["20240802"].catalogs.keyword_counters) == 14


@pytest.mark.parametrize("name, rule", [
    ("flash", "702.8"), ("flashback", "702.34"), ("infect", "702.90"), ("wither", "702.80"),
    ("suspend", "702.62"), ("first strike", "702.7"),
])
def test_keyword_ability_catalog(name, rule, cr_docs):
    catalog = {e.name: e.rule for e in cr_docs[NEWEST].catalogs.keyword_abilities}
    assert catalog[name] == rule


def test_keyword_catalog_sizes(cr_docs):
    cat = cr_docs[NEWEST].catalogs
    assert len(cat.keyword_abilities) == 191        # 702.2 .. 702.192
    assert len(cat.keyword_actions) == 67           # 701.2 .. 701.68
    assert {"destroy": "701.8"}.items() <= {e.name: e.rule for e in cat.keyword_actions}.items()
    assert len(cat.ability_words) == 61
    assert "council’s dilemma" in cat.ability_words


def test_type_zone_and_turn_catalogs(cr_docs):
    cat = cr_docs[NEWEST].catalogs
    assert cat.card_types[:3] == ["artifact", "battle", "conspiracy"]
    assert len(cat.card_types) == 15 and "kindred" in cat.card_types
    assert cat.supertypes == ["basic", "legendary", "ongoing", "snow", "world"]
    assert cat.subtypes["spell"] == ["Adventure", "Arcane", "Lesson", "Omen", "Trap"]
    assert cat.subtypes["creature"][0] == "Time Lord"
    assert "Equipment" in cat.subtypes["artifact"] and "Urza’s" in cat.subtypes["land"]
    assert cat.subtypes["battle"] == ["Siege"] and cat.subtypes["dungeon"] == ["Undercity"]
    assert cat.zones == ["library", "hand", "battlefield", "graveyard", "stack", "exile",
                         "command", "ante"]
    assert cat.turn_phases == ["beginning", "precombat main", "combat", "postcombat main",
                               "ending"]
    steps = [(p.name, p.kind, p.rule, p.phase) for p in cat.turn_structure]
    assert steps[0] == ("beginning", "phase", "501", "beginning")
    assert ("declare blockers", "step", "509", "combat") in steps
    assert steps[-1] == ("cleanup", "step", "514", "ending")


# --- line endings, BOM ---------------------------------------------------------------------------


def test_line_endings_and_bom_do_not_change_the_result(cr_texts):
    text = cr_texts[NEWEST]
    lf = crp.parse_comprehensive_rules(text)
    for variant in ("\ufeff" + text.replace("\n", "\r\n"), text.replace("\n", "\r")):
        other = crp.parse_comprehensive_rules(variant)
        assert [(r.number, r.text, r.line) for r in other.rules.values()] == \
               [(r.number, r.text, r.line) for r in lf.rules.values()]
        assert len(other.glossary) == len(lf.glossary)


def test_parser_is_built_once():
    assert crp.get_parser() is crp.get_parser()


# --- bad input -----------------------------------------------------------------------------------


def test_empty_document_is_an_error():
    with pytest.raises(RulesDocumentError) as info:
        crp.parse_comprehensive_rules("", "empty.txt")
    err = info.value
    assert (err.source, err.line, err.column) == ("empty.txt", 1, 1)
    assert "title" in err.message


def test_json_document_is_an_error():
    with pytest.raises(RulesDocumentError) as info:
        crp.parse_comprehensive_rules('{"rules": [1, 2]}\n', "cr.json")
    err = info.value
    assert (err.line, err.column) == (1, 1)
    assert "Magic: The Gathering Comprehensive Rules" in err.message
    assert str(err).startswith("cr.json:1:1: ")


def test_truncated_document_is_an_error(cr_texts):
    text = cr_texts[NEWEST]
    cut = text.index("702.34a Flashback appears") + 60
    with pytest.raises(RulesDocumentError) as info:
        crp.parse_comprehensive_rules(text[:cut], "short.txt")
    err = info.value
    assert err.line == 4252 and err.column == 61
    assert "702.34a" in err.message and "truncated" in err.message
    assert "Glossary" in err.message


def test_garbled_rule_number_is_an_error(cr_texts):
    text = cr_texts[NEWEST].replace("\n702.34a Flashback", "\n7O2.34a Flashback")
    with pytest.raises(RulesDocumentError) as info:
        crp.parse_comprehensive_rules(text, "garbled.txt")
    err = info.value
    assert (err.line, err.column) == (4252, 1)
    assert "subrule number" in err.message and "'7O2.34a" in err.message
    assert "702.34" in err.message   # the rule it follows


def test_invalid_utf8_is_an_error(cr_dir, tmp_path):
    data = (cr_dir / f"MagicCompRules-{NEWEST}.txt").read_bytes()
    at = data.index("702.34a Flashback".encode()) + 8
    bad = tmp_path / "bad.txt"
    bad.write_bytes(data[:at] + b"\xff" + data[at:])
    with pytest.raises(RulesDocumentError) as info:
        load_comprehensive_rules(bad)
    err = info.value
    assert (err.source, err.line, err.column) == (str(bad), 4252, 9)
    assert "UTF-8" in err.message


def test_missing_file_is_an_error(tmp_path):
    with pytest.raises(RulesDocumentError) as info:
        load_comprehensive_rules(tmp_path / "nope.txt")
    assert info.value.source == str(tmp_path / "nope.txt")
