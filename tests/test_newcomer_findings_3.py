"""Regression tests for a newcomer's third round of findings: a destroy event against a regeneration
shield (701.8c, 701.19), the legend rule with changed names (704.5j, 201.2), planeswalkers and battles
with no counters (704.5i, 306.5c; 704.5v, 310.4c), and land plays recorded in the turn history (305.2)."""

from __future__ import annotations

import pytest

from pyrules.errors import NoAnswerError
from two_player import own_main_phase, rules


# --- 1. a destroy event and a regeneration shield (701.8c, 701.19a, 701.19c) ----------------------

def skeleton_state():
    """Drudge Skeletons on a's battlefield; a holds priority in a's main phase."""
    s = own_main_phase()
    s.add_object("sk", "Drudge Skeletons", "battlefield", "a")
    return s


def test_destroy_event_is_replaced_by_a_regeneration_shield(kb_of):
    # 701.8c: "A regeneration effect replaces a destruction event"; 701.19a: instead, remove all
    # damage marked on it and tap it: Drudge Skeletons is regenerated, not put into the graveyard.
    s = skeleton_state()
    s.regeneration_shield("sk")
    s.destroy("e1", "sk")
    out = kb_of("Drudge Skeletons").ask(s).outcomes()
    (res,) = out.destroy_results("e1")
    assert res.args == ("e1", "regenerated(sk)")
    assert {"701.8c", "701.19a"} <= rules(res)
    assert out.sba("destroyed", "sk") is None and out.sba("regenerated", "sk") is None


def test_destroy_event_with_cant_be_regenerated_puts_it_into_the_graveyard(kb_of):
    # 701.19c: "can't be regenerated" causes regeneration shields to not be applied; 701.8a.
    s = skeleton_state()
    s.regeneration_shield("sk")
    s.cant_be_regenerated("sk")
    s.destroy("e1", "sk")
    (res,) = kb_of("Drudge Skeletons").ask(s).outcomes().destroy_results("e1")
    assert res.args == ("e1", "put_into_graveyard(sk)")
    assert {"701.8a", "701.19c"} <= rules(res)


def test_destroy_event_without_a_shield_still_destroys(kb_of):
    # 701.8a: no shield, nothing replaces the destruction.
    s = skeleton_state()
    s.destroy("e1", "sk")
    (res,) = kb_of("Drudge Skeletons").ask(s).outcomes().destroy_results("e1")
    assert res.args == ("e1", "put_into_graveyard(sk)")


def test_two_destroy_events_and_one_shield_get_no_guess(kb_of):
    # 701.19a: the shield replaces only "the next time" it would be destroyed; which of two unordered
    # destroy events that is isn't recorded, so neither gets a result (no answer rather than a wrong one).
    s = skeleton_state()
    s.regeneration_shield("sk")
    s.destroy("e1", "sk")
    s.destroy("e2", "sk")
    out = kb_of("Drudge Skeletons").ask(s).outcomes()
    assert out.destroy_results("e1") == [] and out.destroy_results("e2") == []
    (und,) = out.results("destroy_regeneration_undecided")
    assert und.args == ("sk",) and "701.19a" in rules(und)


# --- 2. the legend rule reads current names (704.5j, 201.2a) ---------------------------------------

THALIA = "Thalia, Guardian of Thraben"


def legend_rules(kb_of, s):
    """The legend-rule SBAs of state ``s`` as (player, name) pairs."""
    return [(x.subject, x.detail) for x in kb_of(THALIA).ask(s).outcomes().state_based_actions()
            if x.action == "legend_rule"]


def test_legend_rule_applies_to_two_thalias(kb_of):
    # 704.5j: two legendary permanents with the same name, same controller (the control case).
    s = own_main_phase()
    s.add_object("t1", THALIA, "battlefield", "a")
    s.add_object("t2", THALIA, "battlefield", "a")
    assert legend_rules(kb_of, s) == [("a", THALIA)]


def test_legend_rule_ignores_a_renamed_token_copy(kb_of):
    # 704.5j, 201.2a: the token is named "Spirit" now, Thalia isn't: not the same name.
    s = own_main_phase()
    s.add_object("t1", THALIA, "battlefield", "a")
    s.add_token_by_name("tk", THALIA, "a")
    s.change_name("tk", "Spirit")
    assert legend_rules(kb_of, s) == []


def test_legend_rule_ignores_a_renamed_card(kb_of):
    # 704.5j, 201.2a: a second Thalia card renamed "Spirit" doesn't share a name with the first.
    s = own_main_phase()
    s.add_object("t1", THALIA, "battlefield", "a")
    s.add_object("t2", THALIA, "battlefield", "a")
    s.change_name("t2", "Spirit")
    assert legend_rules(kb_of, s) == []


def test_legend_rule_uses_the_shared_new_name(kb_of):
    # 704.5j: both renamed "Spirit": same name now, the rule applies to that name.
    s = own_main_phase()
    s.add_object("t1", THALIA, "battlefield", "a")
    s.add_object("t2", THALIA, "battlefield", "a")
    s.change_name("t1", "Spirit")
    s.change_name("t2", "Spirit")
    assert legend_rules(kb_of, s) == [("a", "Spirit")]


# --- 3. no loyalty / defense counters means 0 (704.5i, 306.5c; 704.5v, 310.4c) ---------------------

def test_planeswalker_without_loyalty_counters_goes_to_the_graveyard(kb_of):
    # 306.5c: loyalty = number of loyalty counters, none is 0; 704.5i: put into its owner's graveyard.
    s = own_main_phase()
    s.add_object("lili", "Liliana of the Veil", "battlefield", "b")
    sba = kb_of("Liliana of the Veil").ask(s).outcomes().sba("put_into_graveyard", "lili")
    assert sba is not None and {"704.5i", "306.5c"} <= rules(sba)


def test_planeswalker_with_loyalty_counters_stays(kb_of):
    # 306.5c: 3 loyalty counters, loyalty 3: no 704.5i.
    s = own_main_phase()
    s.add_object("lili", "Liliana of the Veil", "battlefield", "b")
    s.add_counters("lili", "loyalty", 3)
    assert kb_of("Liliana of the Veil").ask(s).outcomes().sba("put_into_graveyard", "lili") is None


SIEGE = "Invasion of Amonkhet // Lazotep Convert"


def test_battle_without_defense_counters_goes_to_the_graveyard(kb_of):
    # 310.4c: defense = number of defense counters, none is 0; 704.5v (no trigger pending).
    s = own_main_phase()
    s.add_object("siege", SIEGE, "battlefield", "a")
    s.set_protector("siege", "b")
    sba = kb_of(SIEGE).ask(s).outcomes().sba("put_into_graveyard", "siege")
    assert sba is not None and {"704.5v", "310.4c"} <= rules(sba)


def test_battle_with_defense_counters_stays(kb_of):
    # 310.4c: 4 defense counters: no 704.5v.
    s = own_main_phase()
    s.add_object("siege", SIEGE, "battlefield", "a")
    s.set_protector("siege", "b")
    s.add_counters("siege", "defense", 4)
    assert kb_of(SIEGE).ask(s).outcomes().sba("put_into_graveyard", "siege") is None


# --- 4. land plays recorded in the turn history (305.2, 305.2a, 305.2b) ---------------------------

def land_state():
    """a's main phase, a Forest on the battlefield (f0) and one in hand (forest)."""
    s = own_main_phase()
    s.add_object("f0", "Forest", "battlefield", "a")
    s.add_object("forest", "Forest", "hand", "a")
    return s


def forest_play(kb_of, s):
    """The verdict on playing the Forest in hand."""
    (play,) = kb_of("Forest").ask(s).land_plays("forest")
    return play


def test_recorded_land_play_uses_up_the_land_drop(kb_of):
    # 305.2a, 305.2b: one land played this turn (recorded), one allowed: no land play left.
    s = land_state()
    s.record_turn_began()
    s.record_land_played("a", "f0")
    play = forest_play(kb_of, s)
    assert (play.allowed, play.reasons) == (False, ("no_land_play_available",)) and "305.2b" in rules(play)


def test_recorded_history_without_a_land_play_leaves_it(kb_of):
    # 305.2a: the recorded history lists no land play this turn: 0 < 1, the play is legal.
    s = land_state()
    s.record_turn_began()
    assert forest_play(kb_of, s).allowed


def test_land_played_in_an_earlier_turn_does_not_count(kb_of):
    # 500.1, 305.2a: f0 was played before this turn began: it isn't a land played this turn.
    s = land_state()
    s.record_land_played("a", "f0")
    s.record_turn_began()
    assert forest_play(kb_of, s).allowed


def test_recorded_land_play_with_an_additional_land_play(kb_of):
    # 305.2: an effect allowing one more land: 2 allowed > 1 played (recorded).
    s = land_state()
    s.record_turn_began()
    s.record_land_played("a", "f0")
    s.allow_additional_land_plays("ex", "a", 1)
    assert forest_play(kb_of, s).allowed


def test_given_count_contradicting_the_recorded_history_is_inconsistent(kb_of):
    # 305.2a: the recorded history lists every land play of the turn (one); a given count of 0 says
    # otherwise: an impossible state, no answer rather than a guess.
    s = land_state()
    s.record_turn_began()
    s.record_land_played("a", "f0")
    s.set_lands_played("a", 0)
    with pytest.raises(NoAnswerError, match="lands_played_disagree"):
        kb_of("Forest").ask(s)
