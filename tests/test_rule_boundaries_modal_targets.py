"""A counterspell mode's target, judged only on the spell qualities the rule base reads (issue 23: tests
that notice when a rule changes). 700.2a: a mode whose targets can't be chosen can't be chosen; 601.2c,
115.5: a spell on the stack is a target of "counter target [quality] spell" only if it has the quality.
A card-type quality ("noncreature", 205.2a) is read: the mode is an option when a spell of that kind is
on the stack, not choosable when none is. A color quality ("blue", 105.1) is not read, so the mode is
neither (no verdict rather than a guess: "counter target blue spell" with only a red spell on the
stack must not be offered); nor is any mode when the modal text is not read in full (modal_text_unread/2).
rules_asp/casting/targets.lp (spell_quality_unread/4), casting/modes.lp.
Table over real cards: Izzet Charm (mode 1: "Counter target noncreature spell unless its controller
pays {2}"), Red Elemental Blast (mode 1: "Counter target blue spell"); on b's stack Divination (blue
sorcery), Lightning Bolt (red instant) or Grizzly Bears (a creature spell).
"""

from __future__ import annotations

import pytest

from pyrules import GameState

# (modal spell, the one spell on the stack) -> mode 1 is "option" | "not_choosable" | "open"
ROWS = {
    ("Izzet Charm", "Divination"): "option",
    ("Izzet Charm", "Grizzly Bears"): "not_choosable",
    ("Red Elemental Blast", "Divination"): "open",
    ("Red Elemental Blast", "Lightning Bolt"): "open",
}


def state(modal: str, on_stack: str) -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("b", "precombat_main", None, "a")
    s.add_object("m", modal, "hand", "a")
    s.add_object("x", on_stack, "stack", "b")
    return s


@pytest.fixture(scope="module")
def session(kb_of):
    cards = sorted({c for row in ROWS for c in row})
    return kb_of(*cards).warm([state(*row) for row in ROWS])


@pytest.mark.parametrize("modal,on_stack", list(ROWS))
def test_counter_mode_target_quality_read_or_left_open_700_2a_601_2c_115_5(session, modal, on_stack):
    answers = session.ask(state(modal, on_stack))
    option = [d for d in answers.derived("mode_option") if d.args == ("a", "m", "1", "1")]
    refused = [d for d in answers.derived("mode_not_choosable") if d.args[:4] == ("a", "m", "1", "1")]
    found = "option" if option else "not_choosable" if refused else "open"
    assert found == ROWS[(modal, on_stack)]
    if refused:
        assert refused[0].args[4] == "no_legal_target"
        assert {"700.2a", "601.2c", "115.5"} <= {c.rule for c in refused[0].citations}
    if option:
        assert "700.2a" in {c.rule for c in option[0].citations}


# --- text not read: no mode is offered (a fact file may say a card's whole text is not read) ---------

IZZET_CHARM_STATE = """player(a). player(b). active_player(b). phase(precombat_main). has_priority(a).
object(m). object_card(m, "Izzet Charm"). in_zone(m, hand). owner(m, a).
object(x). object_card(x, "Divination"). in_zone(x, stack). owner(x, b). controller(x, b).
"""
WHOLE_TEXT_UNREAD = 'card_unparsed("Izzet Charm", 1, oracle_text, "(not read)").\n'


@pytest.mark.parametrize("text_unread", [False, True])
def test_modes_are_offered_only_when_the_modal_text_is_read_in_full_700_2a_113_6(tmp_path, oracle_records,
                                                                                  text_unread):
    # Izzet Charm's modes 1 (counter target noncreature spell: Divination is one) and 3 (draw two,
    # discard two) are options; with the card's whole text stated unread (card_unparsed(C, F,
    # oracle_text, _)), an unread sentence might hold a target, so neither is offered (113.6: the
    # assumption unread(...)); mode 2 (2 damage to target creature: none) stays not choosable.
    from fact_file_helpers import solve_fact_text

    answers = solve_fact_text(IZZET_CHARM_STATE + (WHOLE_TEXT_UNREAD if text_unread else ""),
                              [oracle_records["Izzet Charm"], oracle_records["Divination"]], tmp_path)
    options = sorted(a for a in answers if a.startswith("mode_option(a,m,"))
    assert options == ([] if text_unread else ["mode_option(a,m,1,1)", "mode_option(a,m,1,3)"])
    assert "mode_not_choosable(a,m,1,2,no_legal_target)" in answers
    assert ('assumption(m,0,unread("(not read)"),casting,m)' in answers) == text_unread
