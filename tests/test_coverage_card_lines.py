"""The card lines of the coverage report (issue 19): ``cards fully read: N of M (P%)`` and ``cards
interpreted: N of M (P%)``, on real cards, and their counts through the card cache."""

from __future__ import annotations

import re

from pyrules.checks.coverage import Coverage, coverage_data, coverage_from_data, record_coverage
from pyrules.checks.interpreted import is_interpreted, keywords_interpreted, predicates_read_by_rules


def pool(oracle_records, names) -> Coverage:
    total = Coverage()
    for n in names:
        total.add(record_coverage(oracle_records[n], "test"))
    return total


def test_card_lines_count_fully_read_and_interpreted_cards(oracle_records):
    # Grizzly Bears: no abilities (read, nothing to interpret); Raging Goblin: haste, a keyword a
    # rule reads; Brainstorm: a clause unread; Student of Warfare: a striation keyword no rule reads.
    cov = pool(oracle_records, ["Grizzly Bears", "Raging Goblin", "Brainstorm", "Student of Warfare"])
    assert cov.card_lines() == ["cards fully read: 3 of 4 (75.0%)", "cards interpreted: 2 of 4 (50.0%)"]
    assert cov.report().splitlines()[:2] == cov.card_lines()


def test_card_line_form_is_label_n_of_m_percent(oracle_records):
    for line in pool(oracle_records, ["Lightning Bolt"]).card_lines():
        assert re.fullmatch(r"cards (fully read|interpreted): \d+ of \d+ \(\d+\.\d%\)", line)


def test_needs_survive_the_card_cache_round_trip(oracle_records):
    cov = pool(oracle_records, ["Raging Goblin", "Student of Warfare"])
    back = coverage_from_data(coverage_data(cov))
    assert back is not None and back.clean_card_needs == cov.clean_card_needs
    assert back.card_lines() == cov.card_lines()
    assert coverage_from_data(coverage_data(cov)[:-1]) is None  # an entry of the old shape is re-read


def test_a_keyword_no_rule_reads_is_not_interpreted():
    read, keywords = predicates_read_by_rules(), keywords_interpreted()
    assert is_interpreted("keyword:haste", read, keywords)
    assert not is_interpreted("keyword:no_such_keyword", read, keywords)
    assert not is_interpreted("striation_keyword/5", read, keywords)
