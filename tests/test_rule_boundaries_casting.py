"""Condition literals of the casting rules (issue 23: tests that notice when a rule changes), with
real cards: what may be cast at all (305.1, 709.3), and which permission a spell is cast through.
"""

from __future__ import annotations

import pytest

from pyrules import GameState

HAND = ("Forest", "Dryad Arbor", "Grizzly Bears")


def own_main_phase(*names: str) -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    for i, name in enumerate(names):
        s.add_object(f"o{i}", name, "hand", "a")
    return s


@pytest.mark.parametrize("index,name,castable", [(0, "Forest", False), (1, "Dryad Arbor", False),
                                                 (2, "Grizzly Bears", True)])
def test_a_land_is_never_cast_a_nonland_card_is_305_1_709_3(kb_of, index, name, castable):
    # 305.1: a land (even a land creature, Dryad Arbor) is played, not cast: no cast option, no verdict;
    # a creature card in its owner's main phase may be cast (face 1, 709.3 for a card that isn't split).
    answers = kb_of(*HAND).ask(own_main_phase(*HAND))
    options = answers.cast_options(f"o{index}")
    assert [(o.face, o.allowed) for o in options] == ([(1, True)] if castable else [])
