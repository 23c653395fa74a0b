"""Effects of real cards in play (rules_asp/casting/card_effects.lp): the Oracle-text grammar reads a card's
abilities; where an ability functions (113.6: a permanent's static abilities on the battlefield;
113.6e/113.6f: a card's abilities about how or from where it can be cast, wherever it is), the rule
base derives the effect that the casting rules read, with no effect written by hand.

Claims S0-xx (``shared/seeds/CLAIMS.md``) and cases Bxx (``shared/cases/cases.jsonl``) where a test
checks one. Rule numbers are those of the CR effective 2026-04-17.
"""

from __future__ import annotations

import pytest

from pyrules import GameState
from pyrules.facts.terms import ability_condition, extra_cost
from two_player import game, rules


@pytest.fixture(scope="module")
def kb(kb_of):
    """A knowledge base over the named real cards (conftest.kb_of)."""
    return kb_of


def one(answers, obj, **match):
    found = [o for o in answers.cast_options(obj) if all(getattr(o, k) == v for k, v in match.items())]
    assert len(found) == 1, found
    return found[0]


def effects(answers) -> dict[str, object]:
    return {d.args[0]: d for d in answers.derived("card_effect")}


# --------------------------------------------------------------------------- as though it had flash


def test_leyline_of_anticipation_lets_its_controller_cast_a_sorcery_on_the_opponents_turn(kb):
    # 609.4, 601.3b: Leyline's static ability (604.1, on the battlefield: 113.6) lets a, its controller
    # (109.5), cast Divination at b's end step as though it had flash.
    s = game()
    s.add_object("ley", "Leyline of Anticipation", "battlefield", "a", controller="a")
    s.add_object("div", "Divination", "hand", "a")
    answers = kb("Leyline of Anticipation", "Divination").ask(s)
    opt = one(answers, "div")
    assert opt.allowed and opt.source == "rules" and {"609.4", "117.1a", "601.3"} <= rules(opt)
    (eff,) = answers.derived("card_effect")
    assert eff.args == ("ability_effect(ley,2,1)", "ley", "2")
    assert {"113.6", "604.1", "611.3a", "609.4", "601.3b", "109.5"} <= rules(eff)
    # 609.4: it never gives the keyword flash (702.8a) to the spell.
    assert answers.derived("has_keyword") == []


def test_leyline_of_anticipation_does_nothing_for_the_opponent(kb):
    # 109.5: "you" is Leyline's controller a; b, at b's own end step with priority, still needs
    # sorcery timing for Divination (117.1a, 307.1).
    s = game(priority="b")
    s.add_object("ley", "Leyline of Anticipation", "battlefield", "a", controller="a")
    s.add_object("div", "Divination", "hand", "b")
    opt = one(kb("Leyline of Anticipation", "Divination").ask(s), "div")
    assert opt.player == "b" and not opt.allowed and opt.reasons == ("timing",) and "307.1" in rules(opt)


@pytest.mark.parametrize("zone", ["hand", "graveyard", "library"])
def test_leyline_of_anticipation_off_the_battlefield_has_no_effect(kb, zone):
    # 113.6, 604.2: a permanent card's static ability functions only on the battlefield.
    s = game()
    s.add_object("ley", "Leyline of Anticipation", zone, "a")
    s.add_object("div", "Divination", "hand", "a")
    answers = kb("Leyline of Anticipation", "Divination").ask(s)
    assert answers.derived("card_effect") == []
    opt = one(answers, "div")
    assert not opt.allowed and opt.reasons == ("timing",)


def test_vedalken_orrery_creature_at_instant_speed_for_its_controller_only(kb):
    # 609.4: the Orrery's controller a may cast Grizzly Bears at b's end step; b's Bears, at b's own
    # end step with priority, get nothing from a's Orrery (109.5) and wait for b's main phase (117.1a).
    k = kb("Vedalken Orrery", "Grizzly Bears")
    s = game()
    s.add_object("vo", "Vedalken Orrery", "battlefield", "a", controller="a")
    s.add_object("gb", "Grizzly Bears", "hand", "a")
    answers = k.ask(s)
    assert one(answers, "gb").allowed and "609.4" in rules(one(answers, "gb"))
    assert answers.derived("has_keyword") == []
    s2 = game(priority="b")
    s2.add_object("vo", "Vedalken Orrery", "battlefield", "a", controller="a")
    s2.add_object("gb", "Grizzly Bears", "hand", "b")
    opt = one(k.ask(s2), "gb")
    assert not opt.allowed and opt.reasons == ("timing",)


@pytest.mark.parametrize("card,allowed,why", [
    ("Grizzly Bears", True, None),          # green creature: both qualities
    ("Wind Drake", False, "color(g)"),      # blue creature: not green (202.2)
    ("Rampant Growth", False, "card_type(creature)"),  # green sorcery: not a creature (205.2a)
])
def test_yeva_natures_herald_green_creature_spells_only(kb, card, allowed, why):
    # 609.4, 601.3: "green creature spells" needs both qualities of the group.
    s = game()
    s.add_object("yeva", "Yeva, Nature's Herald", "battlefield", "a", controller="a")
    s.add_object("x", card, "hand", "a")
    answers = kb("Yeva, Nature's Herald", card).ask(s)
    opt = one(answers, "x")
    assert opt.allowed is allowed
    if allowed:
        assert "609.4" in rules(opt)
    else:
        assert opt.reasons == ("timing",)
    assert list(effects(answers)) == ["ability_effect(yeva,2,1)"]


@pytest.mark.parametrize("card,allowed", [("Divination", True), ("Grizzly Bears", False)])
def test_hypersonic_dragon_sorcery_spells_only(kb, card, allowed):
    # 609.4, 205.2a: "sorcery spells" as though they had flash: Divination yes, Grizzly Bears no.
    s = game()
    s.add_object("hd", "Hypersonic Dragon", "battlefield", "a", controller="a")
    s.add_object("x", card, "hand", "a")
    opt = one(kb("Hypersonic Dragon", card).ask(s), "x")
    assert opt.allowed is allowed and (allowed or opt.reasons == ("timing",))


def test_case_b10_liberator_colorless_or_artifact_spells(kb):
    # Case B10 (face-up part), 609.4, 202.2: Liberator lets a cast colorless spells and artifact spells
    # (two groups) as though they had flash: Memnite (colorless artifact) yes, black Bane of the
    # Living no.
    s = game()
    s.add_object("lib", "Liberator, Urza's Battlethopter", "battlefield", "a", controller="a")
    s.add_object("mem", "Memnite", "hand", "a")
    s.add_object("bane", "Bane of the Living", "hand", "a")
    answers = kb("Liberator, Urza's Battlethopter", "Memnite", "Bane of the Living").ask(s)
    assert set(effects(answers)) == {"ability_effect(lib,3,1)", "ability_effect(lib,3,2)"}
    mem = one(answers, "mem")
    # 609.4a: the colorless and the artifact permission both apply.
    assert mem.allowed and {"609.4", "609.4a"} <= rules(mem)
    assert not one(answers, "bane", face=1).allowed
    # 708.4, 702.37c: face down (face 0) it is a colorless creature spell: the permission applies.
    assert one(answers, "bane", face=0).allowed


# --------------------------------------------------------------------------- this spell


def crashing_tide(merfolk: bool) -> GameState:
    s = game()
    s.add_object("ct", "Crashing Tide", "hand", "a")
    if merfolk:
        # The condition's text ("you control a Merfolk") is not read by the grammar: the state says it.
        s.set_condition(ability_condition("ct", 1))
    return s


@pytest.mark.parametrize("merfolk", [True, False])
def test_s0_03_crashing_tide_has_flash_from_its_own_text(kb, merfolk):
    # 601.3d, 702.8a, 113.6e: "This spell has flash as long as you control a Merfolk" functions in
    # the hand; with the condition met, a may cast the sorcery at b's end step.
    answers = kb("Crashing Tide").ask(crashing_tide(merfolk))
    opt = one(answers, "ct")
    assert opt.allowed is merfolk
    if merfolk:
        assert {"601.3d", "702.8a"} <= rules(opt)
    else:
        assert opt.reasons == ("timing",)
    (eff,) = answers.derived("card_effect")
    assert eff.args == ("ability_effect(ct,1)", "ct", "1") and {"113.6e", "601.3d", "702.8a"} <= rules(eff)


def test_s0_02_rout_flash_if_the_extra_cost_is_announced(kb):
    # 601.3c: Rout may be begun at instant speed; the proposal must announce the {2} (601.2b), else
    # it is rewound (601.5).
    s = game()
    s.add_object("r", "Rout", "hand", "a")
    s.propose("with", "a", "r", additional_costs=(extra_cost("r", 1),))
    s.propose("without", "a", "r")
    answers = kb("Rout").ask(s)
    opt = one(answers, "r")
    assert opt.allowed and {"601.3c", "609.4"} <= rules(opt)
    assert [d.args for d in answers.derived("proposal_legal")] == [("with",)]
    assert [d.args for d in answers.derived("proposal_illegal")] == [("without", "flash_requirement_not_met")]


def test_silver_scrutiny_condition_is_a_choice_of_the_proposal(kb):
    # 601.3b: "You may cast this spell as though it had flash if X is 3 or less": X is chosen while
    # proposing the spell (107.3a), so a may begin to cast it at b's end step with no condition_met
    # fact; announcing X = 4 makes the proposal illegal (601.5; tests/test_card_effects_permissions.py).
    s = game()
    s.add_object("ss", "Silver Scrutiny", "hand", "a")
    answers = kb("Silver Scrutiny").ask(s)
    assert list(effects(answers)) == ["ability_effect(ss,1,1)"]
    opt = one(answers, "ss")
    assert opt.allowed and {"601.3b", "609.4"} <= rules(opt)
    assert "601.3d" not in rules(effects(answers)["ability_effect(ss,1,1)"])


# --------------------------------------------------------------------------- restrictions


def teferi_state(**turn) -> GameState:
    s = game(**turn)
    s.add_object("tef", "Teferi, Time Raveler", "battlefield", "a", controller="a")
    s.add_object("bolt", "Lightning Bolt", "hand", "b")
    return s


def test_teferi_time_raveler_opponent_instant_on_own_turn_is_prohibited(kb):
    # 307.5, 101.2: "Each opponent can cast spells only any time they could cast a sorcery": in b's
    # own upkeep b has priority (117.1a would allow an instant) but the restriction wins.
    answers = kb("Teferi, Time Raveler", "Lightning Bolt").ask(teferi_state(phase="beginning", step="upkeep", priority="b"))
    opt = one(answers, "bolt")
    assert not opt.allowed and opt.reasons == ("prohibited(ability_effect(tef,1,1))",)
    assert {"101.2", "307.5", "601.3"} <= rules(opt)
    (eff,) = answers.derived("card_effect")
    assert eff.args == ("ability_effect(tef,1,1)", "tef", "1") and {"307.5", "102.2", "604.1"} <= rules(eff)


def test_teferi_time_raveler_opponent_at_sorcery_timing_may_cast(kb):
    # 307.5: in b's main phase with an empty stack b could cast a sorcery, so the instant is fine.
    opt = one(kb("Teferi, Time Raveler", "Lightning Bolt").ask(
        teferi_state(phase="precombat_main", step=None, priority="b")), "bolt")
    assert opt.allowed


def test_teferi_time_raveler_does_not_restrict_its_controller_and_its_plus_one_is_not_static(kb):
    # 102.2: only opponents are restricted: a casts Lightning Bolt at b's end step. Teferi's +1 is a
    # loyalty ability (606), not a static one: its effect exists only once it resolved (611.2), so
    # a's Divination still waits for sorcery timing.
    s = game()
    s.add_object("tef", "Teferi, Time Raveler", "battlefield", "a", controller="a")
    s.add_object("bolt", "Lightning Bolt", "hand", "a")
    s.add_object("div", "Divination", "hand", "a")
    answers = kb("Teferi, Time Raveler", "Lightning Bolt", "Divination").ask(s)
    assert one(answers, "bolt").allowed
    assert one(answers, "div").reasons == ("timing",)
    assert list(effects(answers)) == ["ability_effect(tef,1,1)"]


@pytest.mark.parametrize("active,allowed", [("a", False), ("b", True)])
def test_dragonlord_dromoka_opponents_cant_cast_during_your_turn(kb, active, allowed):
    # 101.2: "Your opponents can't cast spells during your turn": on a's turn b can't cast Lightning
    # Bolt; on b's own turn b can (102.1).
    s = game(active=active, priority="b")
    s.add_object("dd", "Dragonlord Dromoka", "battlefield", "a", controller="a")
    s.add_object("bolt", "Lightning Bolt", "hand", "b")
    opt = one(kb("Dragonlord Dromoka", "Lightning Bolt").ask(s), "bolt")
    assert opt.allowed is allowed
    if not allowed:
        assert opt.reasons == ("prohibited(ability_effect(dd,3,1))",) and "101.2" in rules(opt)


# --------------------------------------------------------------------------- other zones


def test_yawgmoths_agenda_casts_from_the_graveyard(kb):
    # 601.3: "You may ... cast spells from your graveyard": a's Lightning Bolt from a's graveyard at
    # instant timing (117.1a); a's Divination from there waits for sorcery timing (307.1); b's Bolt in
    # b's graveyard gets no option (109.5: the permission is a's).
    s = game()
    s.add_object("ya", "Yawgmoth's Agenda", "battlefield", "a", controller="a")
    s.add_object("bolt", "Lightning Bolt", "graveyard", "a")
    s.add_object("div", "Divination", "graveyard", "a")
    s.add_object("bbolt", "Lightning Bolt", "graveyard", "b")
    answers = kb("Yawgmoth's Agenda", "Lightning Bolt", "Divination").ask(s)
    bolt = one(answers, "bolt")
    assert bolt.allowed and bolt.zone == "graveyard" and bolt.source == "ability_effect(ya,2,1)"
    assert {"601.3", "117.1a"} <= rules(bolt)
    div = one(answers, "div")
    assert not div.allowed and div.reasons == ("timing",)
    assert answers.cast_options("bbolt") == []


def test_their_number_is_legion_casts_itself_from_the_graveyard(kb):
    # 113.6f: "You may cast this card from your graveyard" functions in the graveyard; it is about
    # this card only (another sorcery there gets no option).
    s = game(active="a", phase="precombat_main", step=None, priority="a")
    s.add_object("tnl", "Their Number Is Legion", "graveyard", "a")
    s.add_object("div", "Divination", "graveyard", "a")
    answers = kb("Their Number Is Legion", "Divination").ask(s)
    opt = one(answers, "tnl")
    assert opt.allowed and opt.zone == "graveyard" and opt.source == "ability_effect(tnl,2,1)"
    assert answers.cast_options("div") == []
    (eff,) = answers.derived("card_effect")
    assert "113.6f" in rules(eff)


def test_case_b06_vizier_of_the_menagerie_top_of_library_only(kb):
    # Case B06 (part), 601.3: Vizier lets a cast creature spells from the top of a's library only:
    # at sorcery timing the top Grizzly Bears yes, the second one no, a top Divination no.
    s = game(active="a", phase="precombat_main", step=None, priority="a")
    s.add_object("viz", "Vizier of the Menagerie", "battlefield", "a", controller="a")
    s.add_object("top", "Grizzly Bears", "library", "a")
    s.add_object("second", "Grizzly Bears", "library", "a")
    s.set_top_of_library("top")
    answers = kb("Vizier of the Menagerie", "Grizzly Bears").ask(s)
    opt = one(answers, "top")
    assert opt.allowed and opt.zone == "library" and opt.source == "ability_effect(viz,2,1)"
    assert answers.cast_options("second") == []
    s2 = game(active="a", phase="precombat_main", step=None, priority="a")
    s2.add_object("viz", "Vizier of the Menagerie", "battlefield", "a", controller="a")
    s2.add_object("top", "Divination", "library", "a")
    s2.set_top_of_library("top")
    refused = kb("Vizier of the Menagerie", "Divination").ask(s2).cast_verdicts("top")
    assert [(v.allowed, v.reason) for v in refused] == [(False, "lacks_card_type(creature)")]


# --------------------------------------------------------------------------- keyword grants


def test_levitation_gives_flying_to_creatures_its_controller_controls(kb):
    # 604.1, 611.3a, 613.1f: "Creatures you control have flying": a's Grizzly Bears on the
    # battlefield has flying; b's does not; a's Bears in the hand is not a creature you control.
    s = game()
    s.add_object("lev", "Levitation", "battlefield", "a", controller="a")
    s.add_object("mine", "Grizzly Bears", "battlefield", "a", controller="a")
    s.add_object("theirs", "Grizzly Bears", "battlefield", "b", controller="b")
    s.add_object("inhand", "Grizzly Bears", "hand", "a")
    answers = kb("Levitation", "Grizzly Bears").ask(s)
    flying = {d.args[0]: d for d in answers.derived("has_keyword_ability") if d.args[1] == "flying"}
    assert set(flying) == {"mine"} and {"613.1f", "611.3a"} <= rules(flying["mine"])
    (eff,) = answers.derived("card_effect")
    assert eff.args == ("ability_effect(lev,1)", "lev", "1") and "613.1f" in rules(eff)


def test_aggressive_mammoth_gives_trample_to_other_creatures(kb):
    # 613.1f: "Other creatures you control have trample": a's Bears gets it, b's does not.
    s = game()
    s.add_object("am", "Aggressive Mammoth", "battlefield", "a", controller="a")
    s.add_object("mine", "Grizzly Bears", "battlefield", "a", controller="a")
    s.add_object("theirs", "Grizzly Bears", "battlefield", "b", controller="b")
    answers = kb("Aggressive Mammoth", "Grizzly Bears").ask(s)
    trample = {d.args[0] for d in answers.derived("has_keyword_ability") if d.args[1] == "trample"}
    assert trample == {"am", "mine"}


# --------------------------------------------------------------------------- not modelled


def test_quicken_next_sorcery_this_turn_as_though_it_had_flash(kb):
    # 611.2, 611.2f, 609.4: Quicken, a's instant, resolved earlier this turn (b's turn; 608.2n: now in
    # the graveyard) and a has cast no sorcery since: "The next sorcery spell you cast this turn can be
    # cast as though it had flash" lets a cast Divination at b's end step (117.1a: instant timing).
    # (More cases — used up, other players, next turn: tests/test_turn_history.py.)
    s = game()
    s.add_object("q", "Quicken", "graveyard", "a")
    s.add_object("div", "Divination", "hand", "a")
    s.record_cast("a", "q")
    s.record_resolution("q", "a")
    answers = kb("Quicken", "Divination").ask(s)
    opt = one(answers, "div")
    assert opt.allowed and {"611.2", "611.2f", "609.4", "117.1a"} <= rules(opt)
    (eff,) = answers.derived("resolution_effect")
    assert eff.args[1:] == ("q", "1")


@pytest.mark.parametrize("step,allowed", [("end", True), ("upkeep", False)])
def test_final_word_phantom_only_during_each_opponents_end_step(kb, step, allowed):
    # 609.4, 513.1: "During each opponent's end step, you may cast spells as though they had flash":
    # a's Divination in b's end step yes; in b's upkeep no (117.1a, 307.1).
    s = game(phase="ending" if step == "end" else "beginning", step=step)
    s.add_object("fwp", "Final-Word Phantom", "battlefield", "a", controller="a")
    s.add_object("div", "Divination", "hand", "a")
    answers = kb("Final-Word Phantom", "Divination").ask(s)
    opt = one(answers, "div")
    assert opt.allowed is allowed and (allowed or opt.reasons == ("timing",))
    assert len(answers.derived("card_effect")) == int(allowed)


@pytest.mark.parametrize("card,allowed", [("Isamaru, Hound of Konda", True), ("Memnite", True), ("Grizzly Bears", False)])
def test_gandalf_the_white_legendary_spells_and_artifact_spells(kb, card, allowed):
    # 609.4, 205.4a, 205.2a: two groups: legendary spells (Isamaru), artifact spells (Memnite); a
    # nonlegendary nonartifact Grizzly Bears gets neither.
    s = game()
    s.add_object("gw", "Gandalf the White", "battlefield", "a", controller="a")
    s.add_object("x", card, "hand", "a")
    opt = one(kb("Gandalf the White", card).ask(s), "x")
    assert opt.allowed is allowed and (allowed or opt.reasons == ("timing",))


@pytest.mark.parametrize("card", ["Isamaru, Hound of Konda", "Memnite", "History of Benalia"])
def test_raff_capashen_lets_a_cast_historic_spells_at_instant_speed(kb, card):
    # 700.6: legendary (Isamaru), artifact (Memnite) and Saga (History of Benalia) objects are historic;
    # 609.4, 601.3b: Raff lets a cast them in b's end step as though they had flash.
    s = game()
    s.add_object("raff", "Raff Capashen, Ship's Mage", "battlefield", "a", controller="a")
    s.add_object("x", card, "hand", "a")
    answers = kb("Raff Capashen, Ship's Mage", card).ask(s)
    assert one(answers, "x").allowed
    assert [e.args[1:] for e in answers.derived("card_effect")] == [("raff", "3")]
    assert answers.derived("card_effect_unread") == []


def test_raff_capashen_gives_a_non_historic_spell_no_permission(kb):
    # 700.6: Grizzly Bears is neither legendary, nor an artifact, nor a Saga: not historic, so Raff's
    # permission doesn't cover it and a creature spell can't be cast in b's end step (117.1a, 307.1).
    s = game()
    s.add_object("raff", "Raff Capashen, Ship's Mage", "battlefield", "a", controller="a")
    s.add_object("x", "Grizzly Bears", "hand", "a")
    answers = kb("Raff Capashen, Ship's Mage", "Grizzly Bears").ask(s)
    assert [e.args[1:] for e in answers.derived("card_effect")] == [("raff", "3")]  # read, and in effect
    opt = one(answers, "x")
    assert not opt.allowed and opt.reasons == ("timing",)
