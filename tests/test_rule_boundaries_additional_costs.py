"""Whether a spell offers the additional cost a proposal announces (issue 23: tests that notice when a
rule changes). 601.2b, 118.8: a player may announce only the additional costs the spell has or an
effect gives; an announced cost the spell does not offer makes the proposal illegal (601.5). Text the
reader could not read may hold such a cost (113.3a: abilities are the text of the object), so then
there is no verdict rather than "illegal". The whole Oracle text is left unread when it is longer than
the reader accepts (parser.oracle_text.MAX_TEXT_LENGTH characters; no printed card is that long, so a
plain-text card stands for it). rules_asp/casting/additional_costs.lp (offer_text_unread/2).
"""

from __future__ import annotations

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.inputs.cards import cards_from_json, cards_from_text
from pyrules.parser.oracle_text import MAX_TEXT_LENGTH

# "Kicker {1}" is printed, but the text is one character too long to be read at all.
_HEAD = "Kicker {1}\nTest Sprawl deals 3 damage to any target.\n"
_LONG = _HEAD + "x" * (MAX_TEXT_LENGTH + 1 - len(_HEAD))
TEST_SPRAWL = f"Test Sprawl\n{{R}}\nInstant\n{_LONG}\n"

# card -> (proposal verdict, reason) for casting it kicked
ROWS = {
    "Burst Lightning": ("legal", None),                                     # Kicker {4}: offered
    "Lightning Bolt": ("illegal", "additional_cost_not_offered(kicker)"),   # read in full: no kicker
    "Test Sprawl": ("undecided", "additional_cost_offered(kicker)"),        # not read: no verdict
}


@pytest.fixture(scope="module")
def kb(oracle_records):
    return KnowledgeBase([*cards_from_json([oracle_records["Burst Lightning"], oracle_records["Lightning Bolt"]]),
                          *cards_from_text(TEST_SPRAWL)])


def test_the_test_card_text_is_one_character_over_the_reader_limit(kb):
    (face,) = kb.card("Test Sprawl").faces
    assert len(face.oracle_text) == MAX_TEXT_LENGTH + 1
    assert face.oracle_problem is not None and face.abilities == []


@pytest.mark.parametrize("card", list(ROWS))
def test_kicker_announced_offered_not_offered_or_unread_601_2b_118_8_113_3a(kb, card):
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("spell", card, "hand", "a")
    s.propose("p", "a", "spell", additional_costs=("kicker",), targets=("b",))
    answers = kb.ask(s)
    found = ({("legal", None) for _ in answers.derived("proposal_legal")}
             | {("illegal", d.args[1]) for d in answers.derived("proposal_illegal")}
             | {("undecided", d.args[1]) for d in answers.derived("proposal_undecided")})
    assert found == {ROWS[card]}
    if ROWS[card][0] == "illegal":
        (bad,) = answers.derived("proposal_illegal")
        assert {"601.2b", "118.8", "601.5"} <= {c.rule for c in bad.citations}
