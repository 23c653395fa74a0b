"""The turn's history (rules_asp/resolution_and_zones/turn_history.lp): effects created by spells that resolved earlier this
turn — "the next sorcery spell you cast this turn" (Quicken), "the next creature card you play this
turn" (Scout's Warning), "this turn" (Borne Upon a Wind) — and triggered abilities that "trigger only
once each turn" (Whispering Wizard). Real Oracle text throughout; rule numbers are those of the CR
effective 2026-04-17.
"""

from __future__ import annotations

import pytest
from clingo import Function, Number

from pyrules import GameState
from pyrules.facts.scenario import load_scenario
from two_player import game, rules

QUICKEN = ("Quicken", "Divination", "Opt")
SCOUT = ("Scout's Warning", "Dryad Arbor", "Grizzly Bears", "Lumithread Field")


def one(answers, obj):
    (opt,) = answers.cast_options(obj)
    return opt


def quicken_resolved(s: GameState, name: str = "q") -> None:
    """a cast Quicken ``name`` and it resolved (608.2n: now in a's graveyard)."""
    s.add_object(name, "Quicken", "graveyard", "a")
    s.record_cast("a", name)
    s.record_resolution(name, "a")


def ended(answers) -> dict[str, tuple[str, ...]]:
    return {d.args[0]: d.args[1:] for d in answers.derived("resolution_effect_ended")}


# --------------------------------------------------------------------------- Quicken (611.2f)


def test_quicken_is_used_up_by_the_next_sorcery_cast_since(kb_of):
    # 611.2f: the effect applies to the next sorcery a casts after it began; a cast Divination ("d1",
    # now in the graveyard) after Quicken resolved, so the Divination in hand waits for a's main phase
    # (117.1a, 307.1) — even though d1 was cast at a time a sorcery normally could be (ruling 2006-02-01).
    s = game()
    quicken_resolved(s)
    s.add_object("d1", "Divination", "graveyard", "a")
    s.record_cast("a", "d1")
    s.record_resolution("d1", "a")
    s.add_object("div", "Divination", "hand", "a")
    answers = kb_of(*QUICKEN).ask(s)
    opt = one(answers, "div")
    assert not opt.allowed and opt.reasons == ("timing",)
    assert answers.derived("resolution_effect") == []
    (e,) = answers.derived("resolution_effect_ended")
    assert e.args[1:] == ("q", "1", "used_by(d1)") and {"611.2f", "601.2i"} <= rules(e)


def test_quicken_is_not_used_up_by_an_instant_nor_by_a_sorcery_cast_before_it_resolved(kb_of):
    # 611.2f: only a sorcery spell cast after the effect began is "the next sorcery spell": an instant
    # (Opt) cast since, and a sorcery (Divination "d0") cast before Quicken resolved, leave it in place.
    s = game()
    s.add_object("d0", "Divination", "graveyard", "a")
    s.record_cast("a", "d0")
    s.record_resolution("d0", "a")
    quicken_resolved(s)
    s.add_object("opt", "Opt", "graveyard", "a")
    s.record_cast("a", "opt")
    s.add_object("div", "Divination", "hand", "a")
    answers = kb_of(*QUICKEN).ask(s)
    assert one(answers, "div").allowed
    assert ended(answers) == {}


def test_another_players_sorcery_does_not_use_up_quicken(kb_of):
    # 109.5, 611.2f: "the next sorcery spell you cast" — you is a, Quicken's controller; b's Divination,
    # cast in b's own main phase after Quicken resolved, is not a's spell.
    s = game()
    quicken_resolved(s)
    s.add_object("bdiv", "Divination", "graveyard", "b")
    s.record_cast("b", "bdiv")
    s.record_resolution("bdiv", "b")
    s.add_object("div", "Divination", "hand", "a")
    assert one(kb_of(*QUICKEN).ask(s), "div").allowed


def test_quicken_does_nothing_for_the_opponent(kb_of):
    # 109.5: Quicken's "you" is a; b, holding priority in a's end step, still needs sorcery timing.
    s = game(active="a", priority="b")
    quicken_resolved(s)
    s.add_object("div", "Divination", "hand", "b")
    opt = one(kb_of(*QUICKEN).ask(s), "div")
    assert opt.player == "b" and not opt.allowed and opt.reasons == ("timing",)


def test_two_quickens_are_both_used_up_by_one_sorcery(kb_of):
    # 611.2f; Quicken ruling 2006-02-01: several Quickens all apply to the very next sorcery.
    s = game()
    quicken_resolved(s, "q1")
    quicken_resolved(s, "q2")
    s.add_object("d1", "Divination", "stack", "a")
    s.record_cast("a", "d1")
    s.add_object("div", "Divination", "hand", "a")
    answers = kb_of(*QUICKEN).ask(s)
    assert not one(answers, "div").allowed
    assert sorted(v[0] for v in ended(answers).values()) == ["q1", "q2"]
    assert {v[2] for v in ended(answers).values()} == {"used_by(d1)"}


def test_quicken_from_an_earlier_turn_has_ended(kb_of):
    # 514.2: "this turn" effects end in the cleanup step; Quicken resolved in an earlier turn (the
    # current turn began after it), so a's Divination at b's end step waits for a's main phase (117.1a).
    s = game()
    quicken_resolved(s)
    s.record_turn_began()
    s.add_object("div", "Divination", "hand", "a")
    answers = kb_of(*QUICKEN).ask(s)
    opt = one(answers, "div")
    assert not opt.allowed and opt.reasons == ("timing",)
    (e,) = answers.derived("resolution_effect_ended")
    assert e.args[-1] == "earlier_turn" and "514.2" in rules(e)


def test_quicken_ends_in_the_cleanup_step(kb_of):
    # 514.2: the cleanup step's turn-based action ends "this turn" effects; when players then get
    # priority in the cleanup step (514.3a), a's Divination can't be cast (b's turn: 117.1a).
    s = game(step="cleanup")
    quicken_resolved(s)
    s.record_cleanup()
    s.add_object("div", "Divination", "hand", "a")
    answers = kb_of(*QUICKEN).ask(s)
    assert not one(answers, "div").allowed
    assert [d.args[-1] for d in answers.derived("resolution_effect_ended")] == ["cleanup"]


def test_without_a_recorded_history_quickens_effect_is_not_guessed(kb_of):
    # 611.2f: whether a sorcery was cast since is unknown without the turn's history: no effect, and
    # the reason is given (a hand-written fact list with a resolution but no turn_history_recorded).
    s = game()
    s.add_object("q", "Quicken", "graveyard", "a")
    s.extra.append(Function("resolved_at", [Number(1), Function("a"), Function("q"), Number(1)]))
    s.add_object("div", "Divination", "hand", "a")
    answers = kb_of(*QUICKEN).ask(s)
    assert not one(answers, "div").allowed
    assert [d.args for d in answers.derived("resolution_effect_unread")] == [("q", "1", "turn_history_not_recorded")]


def test_quicken_in_the_graveyard_without_a_resolution_does_nothing(kb_of):
    # 113.3a, 611.2: a spell ability's effect is created by the spell's resolution, not by the card
    # being in a graveyard (this turn a cast nothing: the history is recorded and empty).
    s = game()
    s.add_object("q", "Quicken", "graveyard", "a")
    s.record_turn_history()
    s.add_object("div", "Divination", "hand", "a")
    answers = kb_of(*QUICKEN).ask(s)
    assert not one(answers, "div").allowed and answers.derived("resolution_effect") == []


# --------------------------------------------------------------------------- Borne Upon a Wind


def test_borne_upon_a_wind_lasts_the_turn_for_every_spell(kb_of):
    # 611.2a: "You may cast spells this turn as though they had flash" lasts until the turn ends (514.2),
    # not only for the next spell: after a cast Divination since, another Divination is still castable.
    s = game()
    s.add_object("bw", "Borne Upon a Wind", "graveyard", "a")
    s.record_cast("a", "bw")
    s.record_resolution("bw", "a")
    s.add_object("d1", "Divination", "graveyard", "a")
    s.record_cast("a", "d1")
    s.record_resolution("d1", "a")
    s.add_object("div", "Divination", "hand", "a")
    answers = kb_of("Borne Upon a Wind", "Divination").ask(s)
    opt = one(answers, "div")
    assert opt.allowed and {"611.2", "609.4"} <= rules(opt) and "611.2f" not in rules(opt)
    s.record_cleanup()
    assert not one(kb_of("Borne Upon a Wind", "Divination").ask(s), "div").allowed  # 514.2


# --------------------------------------------------------------------------- Scout's Warning (701.18b)


def scout(active: str = "b", phase: str = "ending", step: str | None = "end") -> GameState:
    s = game(active=active, phase=phase, step=step)
    s.add_object("sw", "Scout's Warning", "graveyard", "a")
    s.record_cast("a", "sw")
    s.record_resolution("sw", "a")
    return s


def test_scouts_warning_lets_a_cast_a_creature_spell_at_instant_speed(kb_of):
    # 701.18b, 609.4, 611.2f: to play a creature card includes casting it: Grizzly Bears at b's end step.
    s = scout()
    s.add_object("gb", "Grizzly Bears", "hand", "a")
    opt = one(kb_of(*SCOUT).ask(s), "gb")
    assert opt.allowed and {"611.2", "611.2f", "609.4"} <= rules(opt)


@pytest.mark.parametrize("since,face,used", [
    ("Grizzly Bears", 1, True),      # a creature spell cast since: the next creature card played
    ("Lumithread Field", 0, True),   # 708.2: cast face down it is a 2/2 creature spell (ruling 2007-05-01)
    ("Lumithread Field", 1, False),  # face up it is an enchantment: not a creature card
])
def test_scouts_warning_is_used_up_by_the_next_creature_cast(kb_of, since, face, used):
    s = scout()
    s.add_object("x", since, "stack", "a", cast_face=face)
    s.record_cast("a", "x", face=face)
    s.add_object("gb", "Grizzly Bears", "hand", "a")
    answers = kb_of(*SCOUT).ask(s)
    assert one(answers, "gb").allowed is not used
    assert (ended(answers) != {}) is used


def test_scouts_warning_is_used_up_by_playing_a_land_creature_card(kb_of):
    # 701.18b, 305.1: a played Dryad Arbor (a land creature card) in its own main phase after Scout's
    # Warning resolved: that was the next creature card it played, so Grizzly Bears waits.
    s = scout(active="a", phase="postcombat_main", step=None)
    s.add_object("gb", "Grizzly Bears", "hand", "a")
    s.add_object("arbor", "Dryad Arbor", "battlefield", "a")
    s.record_land_played("a", "arbor")
    s.add_object("opt", "Opt", "stack", "b")   # a nonempty stack: sorcery timing is not met (117.1a)
    answers = kb_of(*SCOUT, "Opt").ask(s)
    assert not one(answers, "gb").allowed
    (e,) = answers.derived("resolution_effect_ended")
    assert e.args[-1] == "used_by(arbor)" and "701.18b" in rules(e)


@pytest.mark.parametrize("recorded_land_plays, complete, verdict", [
    (0, False, "no_land_play_available"),  # issue 13 B09_c: the count (1) holds; no contradiction
    (1, False, "no_land_play_available"),  # the recorded play is the one counted
    (1, True, "no_land_play_available"),   # declared complete and equal: consistent
    (0, True, "lands_played_disagree"),    # declared complete, yet the 1 land play is not recorded
    (2, False, "lands_played_disagree"),   # more recorded plays than the count says: impossible
])
def test_a_given_land_play_count_and_a_recorded_history_agree_unless_complete_or_exceeded(
        kb_of, recorded_land_plays, complete, verdict):
    # 305.2a (the land plays made this turn), 305.2b (none left: no play): with Scout's Warning's
    # resolution recorded and one land played (set_lands_played), Dryad Arbor in hand at a's beginning
    # of combat may not be played -- the resolution record claims nothing about land plays, so only a
    # history declared complete (record_turn_history) must list the counted land play.
    from pyrules.errors import NoAnswerError

    s = scout(active="a", phase="combat", step="beginning_of_combat")
    s.add_object("arbor", "Dryad Arbor", "hand", "a")
    for i in range(recorded_land_plays):
        s.add_object(f"f{i}", "Dryad Arbor", "battlefield", "a")
        s.record_land_played("a", f"f{i}")
    if complete:
        s.record_turn_history()
    s.set_lands_played("a", 1)
    if verdict == "lands_played_disagree":
        with pytest.raises(NoAnswerError, match="lands_played_disagree"):
            kb_of(*SCOUT).ask(s)
        return
    (play,) = kb_of(*SCOUT).ask(s).land_plays("arbor")
    assert play.allowed is False and verdict in play.reasons and "305.2b" in rules(play)


# --------------------------------------------------------------------------- "triggers only once each turn"


def wizard_casts_opt() -> GameState:
    # 601.2i, 603.2: a casts Opt (a noncreature spell) with Whispering Wizard on the battlefield.
    s = game(active="a", phase="precombat_main", step=None)
    s.add_object("ww", "Whispering Wizard", "battlefield", "a")
    s.add_object("opt", "Opt", "stack", "a")
    s.cast_spell("cast", "a", "opt")
    return s


def trigger_verdict(kb_of, s: GameState):
    answers = kb_of("Whispering Wizard", "Opt").ask(s)
    return ([d.args for d in answers.derived("triggers")], [d for d in answers.derived("not_triggered")],
            [d.args for d in answers.derived("trigger_undecided")])


def test_once_each_turn_undecided_without_history(kb_of):
    # 603.2: "This ability triggers only once each turn": without the turn's history, not decided.
    trig, no, und = trigger_verdict(kb_of, wizard_casts_opt())
    assert trig == [] and no == [] and und == [("cast", "ww", "1", "triggered_earlier_this_turn")]


def test_once_each_turn_triggers_if_it_has_not_this_turn(kb_of):
    # 603.2: the history is recorded and the ability has not triggered this turn (it did last turn).
    s = wizard_casts_opt()
    s.record_trigger("ww", 1)
    s.record_turn_began()
    trig, no, und = trigger_verdict(kb_of, s)
    assert trig == [("cast", "ww", "1")] and no == [] and und == []


def test_once_each_turn_does_not_trigger_again(kb_of):
    # 603.2: it triggered earlier this turn, so casting Opt doesn't trigger it again.
    s = wizard_casts_opt()
    s.record_trigger("ww", 1)
    trig, no, und = trigger_verdict(kb_of, s)
    assert trig == [] and und == []
    (n,) = no
    assert n.args == ("cast", "ww", "1", "triggered_earlier_this_turn") and "603.2" in rules(n)


# --------------------------------------------------------------------------- builder and scenario


def test_history_moments_follow_the_order_of_recording_and_scenarios_use_them(tmp_path):
    # The record_* builder methods number the events in order; a TOML scenario's [[effects]] call them.
    toml = tmp_path / "quicken.toml"
    toml.write_text('''
[[players]]
player = "a"
[[players]]
player = "b"
[[objects]]
obj = "q"
card = "Quicken"
zone = "graveyard"
owner = "a"
[[effects]]
kind = "record_cast"
player = "a"
obj = "q"
[[effects]]
kind = "record_resolution"
obj = "q"
player = "a"
''', encoding="utf-8")
    facts = {str(f) for f in load_scenario(toml).state.facts()}
    assert {"turn_history_recorded", "spell_cast_at(1,a,q,1)", "resolved_at(2,a,q,1)"} <= facts
