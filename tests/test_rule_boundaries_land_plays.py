"""Why a land can't be played, with each reason's rules (issue 23: tests that notice when a rule
changes), on real cards. 305.2: a player can normally play one land during their turn; 305.2b: a player
who has no land plays left can't play a land (whatever allows it); 305.3: only during their own turn;
305.1: a main phase with an empty stack. rules_asp/casting/lands.lp.

Cards: Forest (in a's hand).
"""

from __future__ import annotations

import pytest

from two_player import game, rules

# (active player, lands played by a this turn) -> (allowed, reasons, the rules the answer cites)
ROWS = [
    ("a", 0, True, (), {"305.1", "305.2a", "116.2a"}),
    ("a", 1, False, ("no_land_play_available",), {"305.2", "305.2b"}),
    ("b", 0, False, ("not_your_turn",), {"305.3", "116.2a"}),
]


@pytest.mark.parametrize("active,lands_played,allowed,reasons,cited", ROWS)
def test_a_land_play_and_each_reason_against_it_cite_their_rules_305_2_305_2b_305_3(kb_of, active, lands_played,
                                                                                    allowed, reasons, cited):
    s = game(active=active, phase="precombat_main", step=None, priority="a")
    s.add_object("f", "Forest", "hand", "a")
    s.set_lands_played("a", lands_played)
    (play,) = kb_of("Forest").ask(s).land_plays("f")
    assert (play.allowed, play.reasons) == (allowed, reasons)
    assert cited <= rules(play)
