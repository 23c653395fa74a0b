"""rules_asp/README.md, the CR section -> rule file index, is current (issue 14).

Regenerate it with ``python3 tools/rules_index.py`` after adding or moving a rule file.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _index_tool():
    spec = importlib.util.spec_from_file_location("rules_index", REPO / "tools" / "rules_index.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_rules_asp_index_is_current():
    index = (REPO / "rules_asp" / "README.md").read_text(encoding="utf-8")
    assert index == _index_tool().rules_index(REPO / "rules_asp")


def test_rules_asp_index_leads_from_a_cr_section_to_its_file():
    index = (REPO / "rules_asp" / "README.md").read_text(encoding="utf-8")
    assert "| 709 |" in index and "characteristics_and_objects/split_cards.lp" in index
    assert "| 702.2 |" in index and "keywords/deathtouch.lp" in index
    assert "| 704 |" in index and "damage_and_sba/sba.lp" in index


def test_rule_files_sit_in_folders():
    top = sorted(p.name for p in (REPO / "rules_asp").glob("*.lp"))
    assert top == []
