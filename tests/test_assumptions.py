"""Answers never hide what pyrules could not read: abilities in play whose text is unread are
listed as the answers' assumptions (rules_asp/assumptions.lp; 113.6 says where abilities function)."""

from __future__ import annotations

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.cards import load_cards
from pyrules.report import report


@pytest.fixture(scope="module")
def kb(cards_dir) -> KnowledgeBase:
    names = {"Lightning Bolt", "Grand Abolisher", "Divination"}
    return KnowledgeBase([c for f in ("scryfall-oracle-compact-A-K.json", "scryfall-oracle-compact-L-Z.json")
                          for c in load_cards(cards_dir / f, names=names)])


def _state(abolisher_zone: str | None) -> GameState:
    s = GameState()
    s.add_player("alice")
    s.add_player("bob")
    s.add_object("bolt", "Lightning Bolt", "hand", "alice")
    if abolisher_zone:
        s.add_object("ga", "Grand Abolisher", abolisher_zone, "bob")
    s.set_turn("bob", "precombat_main", priority="alice")
    return s


def test_an_unread_static_ability_on_the_battlefield_is_an_assumption_of_every_answer(kb):
    # Grand Abolisher's "your opponents can't cast spells" is not read yet: the Bolt verdict is
    # given, but only under the stated assumption that the ability does not apply.
    answers = kb.ask(_state("battlefield"))
    (assumed,) = answers.assumptions()
    assert (assumed.object, assumed.ability) == ("ga", 1)
    assert assumed.text.startswith("During your turn, your opponents can't cast spells")
    text = report(answers, _state("battlefield"), ("cast",))
    assert text.splitlines()[0].startswith("assuming (pyrules cannot read these abilities in play")


def test_the_same_card_in_a_library_assumes_nothing(kb):
    # 113.6: a permanent's static ability functions only on the battlefield.
    assert kb.ask(_state("library")).assumptions() == []
    assert kb.ask(_state(None)).assumptions() == []
