"""Split cards end to end on real card data: grammar → facts → clingo → typed answers.

Claims S0-10 … S0-13 (``shared/seeds/CLAIMS.md``, seed 000) and case A04. Rule numbers are those
of the CR effective 2026-04-17.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.inputs.cards import cards_from_json

THERE = "There // They're // Their"
COMMIT = "Commit // Memory"


def rules(answer) -> set[str]:
    return {c.rule for c in answer.citations}


@pytest.fixture(scope="module")
def mb2_kb(cards_dir: Path) -> KnowledgeBase:
    """Knowledge base over the real Mystery Booster 2 set file (There // They're // Their is #537)."""
    return KnowledgeBase.from_files([cards_dir / "scryfall-sets" / "all_cards_mb2.json"])


def _state(zone: str, **kw) -> GameState:
    s = GameState()
    s.add_player("alice")
    s.add_object("o1", THERE, zone, "alice", **kw)
    return s


@pytest.mark.parametrize("zone", ["library", "hand", "graveyard", "exile"])
def test_s0_13_mana_value_off_the_stack_is_the_sum_of_all_three_faces(mb2_kb, zone):
    # 709.4, 709.4b, 202.3d: off the stack the faces' costs combine: {U} + {1}{U} + {2}{U} = 6.
    mv = mb2_kb.ask(_state(zone)).mana_value("o1")
    assert mv.value == 6
    assert {"709.4b", "202.3d"} <= rules(mv)


def test_s0_13_search_for_mana_value_4_or_less_cannot_find_it(mb2_kb):
    state = _state("library")
    state.search("tutor", "alice", "library", mana_value_at_most=4)
    (verdict,) = mb2_kb.ask(state).search_verdicts("tutor")
    assert not verdict.found
    assert verdict.reason == "mana value 6 is more than 4"
    assert {"701.23a", "709.4b"} <= rules(verdict)


def test_s0_13_search_for_mana_value_6_or_more_finds_it(mb2_kb):
    state = _state("library")
    state.search("tutor", "alice", "library", mana_value_at_least=6)
    (verdict,) = mb2_kb.ask(state).search_verdicts("tutor")
    assert verdict.found


def test_s0_10_permission_for_mana_value_2_or_less_allows_there_and_theyre_not_their(mb2_kb):
    # 709.3a: only the chosen half is evaluated; 709.3b: on the stack only its characteristics exist.
    state = _state("graveyard")
    state.permit_cast("sword", "alice", "graveyard", during_resolution=True, card_types=("instant", "sorcery"),
                      mana_value_at_most=2)  # 608.2g: while the Sword's trigger resolves
    verdicts = {v.face_name: v for v in mb2_kb.ask(state).cast_verdicts("o1")}
    assert set(verdicts) == {"There", "They're", "Their"}
    assert verdicts["There"].allowed and verdicts["They're"].allowed
    assert not verdicts["Their"].allowed
    assert verdicts["Their"].reason == "mana value 3 is more than 2"
    assert {"601.3", "709.3a"} <= rules(verdicts["There"])
    assert {"709.3a", "709.3b"} <= rules(verdicts["Their"])


def test_s0_10_permission_only_covers_the_named_zone(mb2_kb):
    # 601.3: the effect allows casting from the graveyard; a copy in hand gets no verdict from it.
    state = _state("hand")
    state.allow_cast("sword", "alice", "graveyard", ("instant", "sorcery"), mana_value_at_most=2)
    assert mb2_kb.ask(state).cast_verdicts("o1") == []


@pytest.mark.parametrize("face,value", [(1, 1), (2, 2), (3, 3)])
def test_s0_12_on_the_stack_only_the_chosen_face_exists(mb2_kb, face, value):
    # 709.3, 709.3b, 202.3d: the spell's mana value is the chosen face's alone.
    mv = mb2_kb.ask(_state("stack", cast_face=face)).mana_value("o1")
    assert mv.value == value
    assert "709.3b" in rules(mv)


def test_s0_11_counting_instant_and_sorcery_cards_counts_the_split_card_once(mb2_kb):
    # 709.2: one card, though each of its three faces is an instant.
    state = _state("graveyard")
    state.count("spells", "alice", "graveyard", ("instant", "sorcery"))
    count = mb2_kb.ask(state).count("spells")
    assert count.number == 1
    assert "709.2" in rules(count)


def test_s0_11_discarding_the_split_card_discards_one_card(mb2_kb):
    # 709.2, 701.9a.
    state = _state("hand")
    state.discard("d", "alice", "o1")
    discarded = mb2_kb.ask(state).discarded("d")
    assert discarded.number == 1
    assert {"709.2", "701.9a"} <= rules(discarded)


def test_case_a04_sword_of_once_and_future_casts_there_or_theyre_but_nothing_of_commit_memory(cards_dir):
    # Case A04: the Sword's trigger allows an instant or sorcery spell with mana value 2 or less from
    # the graveyard. There (1) and They're (2) qualify; Their (3), Commit (4), Memory (6) do not.
    # 601.3e and 709.3a: only the chosen half's characteristics decide.
    kb = KnowledgeBase.from_files([cards_dir / "scryfall-sets" / "all_cards_mb2.json",
                                   cards_dir / "scryfall-oracle-compact-A-K.json"])
    state = GameState()
    state.add_player("a")
    state.add_object("ttt", THERE, "graveyard", "a")
    state.add_object("cm", COMMIT, "graveyard", "a")
    state.permit_cast("sword", "a", "graveyard", during_resolution=True, card_types=("instant", "sorcery"),
                      mana_value_at_most=2)  # 608.2g: while the Sword's trigger resolves
    verdicts = kb.ask(state).cast_verdicts()
    allowed = sorted(v.face_name for v in verdicts if v.allowed)
    refused = {v.face_name: v.reason for v in verdicts if not v.allowed}
    assert allowed == ["There", "They're"]
    assert refused == {"Their": "mana value 3 is more than 2", "Commit": "mana value 4 is more than 2",
                       "Memory": "mana value 6 is more than 2"}
    assert all({"601.3e", "709.3a"} <= rules(v) for v in verdicts)


def test_a_changed_face_cost_changes_the_answer(cards_dir):
    # The verdicts come from the card's own mana costs: make Their cost {U} and it becomes castable,
    # and the card's mana value off the stack drops to 4 (1 + 2 + 1).
    data = json.loads((cards_dir / "scryfall-sets" / "all_cards_mb2.json").read_text(encoding="utf-8"))
    card = next(c for c in data if c["name"] == THERE)
    card["card_faces"][2]["mana_cost"] = "{U}"
    kb = KnowledgeBase(cards_from_json(card))
    state = _state("graveyard")
    state.permit_cast("sword", "alice", "graveyard", during_resolution=True, card_types=("instant", "sorcery"),
                      mana_value_at_most=2)  # 608.2g: while the Sword's trigger resolves
    answers = kb.ask(state)
    assert all(v.allowed for v in answers.cast_verdicts("o1"))
    assert answers.mana_value("o1").value == 4
