"""A recorded trigger is read only for a triggered ability of the object's card (issue 23: tests that
notice when a rule changes). 603.2: an ability triggers; the turn history's triggered_at(M, O, A) says
ability A of O triggered at moment M, read by the turn history (611.2, "once each turn" 603.2h) through
the object's card only. A trigger recorded for an ability that is no triggered ability of the card, or
for an object no card represents (a token of a fact file: it has no ability the rule base reads), is
refused: state_error(input_ignored(triggered_at(..), not_a_triggered_ability)), never silently
dropped. rules_asp/foundation/state_checks.lp. And a spell resolved this turn whose whole text was not
read (card_unparsed(C, F, oracle_text, T)): what it still does this turn is unknown (611.2: its effect
may last), so every question's answers assume it away: assumption(O, 0, resolved(unread(T)), Q, all),
ability 0 naming the text as a whole (rules_asp/foundation/assumptions.lp). On fact files (solved as
``pyrules solve`` does).

Cards: Soul Warden ("Whenever another creature enters, you gain 1 life.": its ability 1 is triggered),
Grizzly Bears (no ability), Divination (a sorcery: "Draw two cards.").
"""

from __future__ import annotations

import pytest

from fact_file_helpers import solve_fact_text
from two_player import game

STATE = """player(alice). player(bob). active_player(alice). phase(precombat_main). has_priority(alice).
object(sw). object_card(sw, "Soul Warden"). in_zone(sw, battlefield). owner(sw, alice). controller(sw, alice).
object(gb). object_card(gb, "Grizzly Bears"). in_zone(gb, battlefield). owner(gb, alice). controller(gb, alice).
object(tok). token(tok). in_zone(tok, battlefield). owner(tok, alice). controller(tok, alice).
turn_history_recorded.
"""

# (object, ability) -> refused? Soul Warden's ability 1 is triggered; the Bears have none; the token
# is no card
ROWS = [("sw", 1, False), ("sw", 2, True), ("gb", 1, True), ("tok", 1, True)]


@pytest.mark.parametrize("obj,ability,refused", ROWS)
def test_a_recorded_trigger_must_be_a_triggered_ability_of_the_objects_card_603_2(tmp_path, oracle_records, obj,
                                                                                  ability, refused):
    answers = solve_fact_text(STATE + f"triggered_at(1, {obj}, {ability}).\n",
                              [oracle_records["Soul Warden"], oracle_records["Grizzly Bears"]], tmp_path)
    errors = {a for a in answers if a.startswith("state_error(")}
    expected = {f"state_error(input_ignored(triggered_at(1,{obj},{ability}),not_a_triggered_ability))"}
    assert errors == (expected if refused else set())


QUESTION_KINDS = ("casting", "cost", "outcome", "combat", "characteristics")


@pytest.mark.parametrize("text_unread", [False, True])
def test_a_resolved_spell_whose_whole_text_is_unread_is_assumed_away_by_every_question_611_2(tmp_path,
                                                                                               oracle_records,
                                                                                               text_unread):
    state = STATE + ("object(dv). object_card(dv, \"Divination\"). in_zone(dv, graveyard). owner(dv, alice).\n"
                     "resolved_at(1, alice, dv, 1).\n")
    if text_unread:
        state += 'card_unparsed("Divination", 1, oracle_text, "(not read)").\n'
    answers = solve_fact_text(state, [oracle_records["Divination"], oracle_records["Soul Warden"],
                                      oracle_records["Grizzly Bears"]], tmp_path)
    # (Divination's read "draw two cards" is assumed too, as ability 1: no rule applies it from the
    # history, resolved(no_rule(draws_cards)); not what this test is about)
    about_dv = {a for a in answers if a.startswith("assumption(dv,") and "resolved(unread(" in a}
    expected = {f'assumption(dv,0,resolved(unread("(not read)")),{q},all)' for q in QUESTION_KINDS}
    assert about_dv == (expected if text_unread else set())


def test_a_resolved_next_spell_effect_cites_its_duration_and_its_player_611_2_109_5(kb_of):
    # Quicken ("The next sorcery spell you cast this turn can be cast as though it had flash."), cast
    # and resolved by a earlier this turn (b's turn): the lasting effect of a resolved spell (611.2,
    # 611.2a: for a duration; 611.2c: its set of affected objects fixed as it began; 611.2f: "the
    # next"; 109.5: "you" is its controller)
    s = game()
    s.add_object("q", "Quicken", "graveyard", "a")
    s.add_object("div", "Divination", "hand", "a")
    s.record_cast("a", "q")
    s.record_resolution("q", "a")
    (eff,) = kb_of("Quicken", "Divination").ask(s).derived("resolution_effect")
    assert eff.args[1:] == ("q", "1")
    assert {"611.2", "611.2a", "611.2c", "611.2f", "109.5"} <= {c.rule for c in eff.citations}
