"""PYRULES_RULE_BASE: the rule base can be read from another folder laid out like rules_asp/ (the
mutation tool, tests/mutation/mutate.py, points it at a mutated copy)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from pyrules.errors import FactFileError
from pyrules.inputs import rule_base

RULES = Path(__file__).resolve().parent.parent / "rules_asp"

# The README's split-card question: which thirds of There // They're // Their may alice cast with a
# permission for instants and sorceries of mana value 2 or less? (601.3e, 709.3a, 202.3d)
ASK = """
import json, sys
from pyrules import GameState, KnowledgeBase
kb = KnowledgeBase.from_files([sys.argv[1]])
state = GameState()
state.add_player("alice")
state.add_object("g1", "There // They're // Their", zone="graveyard", owner="alice")
state.permit_cast("sword", "alice", "graveyard", during_resolution=True,
                  card_types=("instant", "sorcery"), mana_value_at_most=2)
print(json.dumps([v.allowed for v in kb.ask(state).cast_verdicts()]))
"""


def _ask(cards_dir: Path, rule_base_dir: Path | None) -> list[bool]:
    env = dict(os.environ)
    env.pop("PYRULES_RULE_BASE", None)
    if rule_base_dir is not None:
        env["PYRULES_RULE_BASE"] = str(rule_base_dir)
    done = subprocess.run([sys.executable, "-c", ASK, str(cards_dir / "scryfall-sets" / "all_cards_mb2.json")],
                          env=env, capture_output=True, text=True, timeout=300, check=True)
    return json.loads(done.stdout)


def test_rule_base_is_the_package_without_the_variable(monkeypatch):
    monkeypatch.delenv("PYRULES_RULE_BASE", raising=False)
    root = rule_base.rule_base_root()
    assert (root / "casting" / "timing.lp").is_file()
    assert str(root).endswith("rules_asp")


def test_rule_base_variable_naming_no_folder_is_one_error(monkeypatch, tmp_path):
    monkeypatch.setenv("PYRULES_RULE_BASE", str(tmp_path / "missing"))
    with pytest.raises(FactFileError) as raised:
        rule_base.rule_base_root()
    assert str(raised.value) == f"{tmp_path / 'missing'}: PYRULES_RULE_BASE names no folder"


def test_rule_base_variable_makes_the_answers_come_from_the_copy(cards_dir, tmp_path):
    copy = tmp_path / "rules_asp"
    shutil.copytree(RULES, copy)
    assert _ask(cards_dir, copy) == [True, True, False]  # an unchanged copy answers as the package
    qualities = copy / "characteristics_and_objects" / "qualities.lp"
    text = qualities.read_text(encoding="utf-8")
    at_most = "view_mana_value(O, W, V), V > N."
    assert text.count(at_most) == 1
    qualities.write_text(text.replace(at_most, "view_mana_value(O, W, V), V > N + 1."), encoding="utf-8")
    # The copy's "mana value N or less" now lets 3 through under 2: Their (mana value 3) becomes castable.
    assert _ask(cards_dir, copy) == [True, True, True]
