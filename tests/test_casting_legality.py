"""Casting legality end to end (issue 5): real card text → facts → clingo → CastOption verdicts.

Claims S0-01…S0-09, S2-01, S2-04, S2-05, S3-01…S3-10 (``shared/seeds/CLAIMS.md``) and the cases of
topics A, B and E (``shared/cases/cases.jsonl``). Rule numbers are those of the CR effective 2026-04-17.

Effects in play come from the real cards where the Oracle-text grammar reads them
(``rules_asp/casting/card_effects.lp``: Yeva, Vizier of the Menagerie, Leyline of Anticipation, Vedalken Orrery,
Liberator, Rout, Crashing Tide, Omniscience, Aluren, Jodah, Teferi, Mage of Zhalfir, Silver Scrutiny's
"if X is 3 or less" and Timely Ward's "if it targets a commander" (601.3b choices) on the battlefield
or in the hand; tests/test_card_effects_permissions.py checks each equals its hand-built effect).
Cost effects come from the cards too (``rules_asp/casting/card_cost_effects.lp``: Thalia, Trinisphere, Council
of the Absolute's reduction and prohibition with its chosen name, Bolas's Citadel's life payment).
Where it does not read the card's text yet (Snapcaster Mage's granted flashback, God-Eternal Kefnet's
copy; effects of resolving spells and replacement effects), the effects are still
written as state facts through the ``GameState`` builder methods; those tests are marked
``# card-derived later``.
"""

from __future__ import annotations

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.errors import QueryError
from pyrules.facts.terms import ability_condition, ability_effect, extra_cost
from two_player import game, own_main_phase, rules

GRAMMAR = "needs ability facts the Oracle-text grammar (issue 4) does not give yet, and rules for them here"

#: Cases and claims this rule base cannot decide yet (ID -> reason); each has a strict xfail test.
KNOWN_GAPS = {
}


def gap(key: str):
    return pytest.mark.xfail(strict=True, reason=KNOWN_GAPS[key])


@pytest.fixture(scope="module")
def kb(kb_of):
    """A knowledge base over the named real cards (conftest.kb_of)."""
    return kb_of


def options(answers, obj):
    return answers.cast_options(obj)


def one(answers, obj, **match):
    found = [o for o in answers.cast_options(obj) if all(getattr(o, k) == v for k, v in match.items())]
    assert len(found) == 1, found
    return found[0]


def derived(answers, name, *args):
    return [d for d in answers.derived(name) if d.args[:len(args)] == args]


# --------------------------------------------------------------------------- baseline timing


def test_timing_sorcery_needs_own_main_phase_and_empty_stack(kb):
    # 117.1a, 307.1: a sorcery from hand only in its caster's main phase with an empty stack.
    k = kb("Divination")
    s = own_main_phase()
    s.add_object("d", "Divination", "hand", "a")
    opt = one(k.ask(s), "d")
    assert opt.allowed and {"117.1a", "307.1", "601.3"} <= rules(opt)
    s2 = game()
    s2.add_object("d", "Divination", "hand", "a")
    opt2 = one(k.ask(s2), "d")
    assert not opt2.allowed and opt2.reasons == ("timing",) and {"117.1a", "307.1"} <= rules(opt2)
    s3 = own_main_phase()
    s3.add_object("d", "Divination", "hand", "a")
    s3.add_object("bolt", "Lightning Bolt", "stack", "b", controller="b")
    assert not one(KnowledgeBase(list(k.cards.values()) + list(kb("Lightning Bolt").cards.values())).ask(s3), "d").allowed


def test_timing_instant_any_time_with_priority_but_not_without(kb):
    # 117.1a: an instant any time its caster has priority; 117.1: without priority, nothing.
    k = kb("Lightning Bolt")
    s = game()
    s.add_object("l", "Lightning Bolt", "hand", "a")
    assert one(k.ask(s), "l").allowed
    s2 = game(priority="b")
    s2.add_object("l", "Lightning Bolt", "hand", "a")
    opt = one(k.ask(s2), "l")
    assert not opt.allowed and opt.reasons == ("no_priority",) and "117.1" in rules(opt)


# --------------------------------------------------------------------------- S0: flash, as though


def silver_scrutiny_state(**turn):
    s = game(**turn)
    s.add_object("ss", "Silver Scrutiny", "hand", "a")
    # Silver Scrutiny's own "You may cast this spell as though it had flash if X is 3 or less." (113.6e:
    # it functions in the hand; card_effects.lp): the condition is a 601.3b choice, x_at_most(3).
    return s


def test_s0_01_choices_during_proposal_can_make_the_flash_permission_apply(kb):
    # 601.3b: X is chosen during the proposal; X <= 3 could make the effect apply, so A may begin to
    # cast Silver Scrutiny ({X}{U}{U} sorcery) at instant speed.
    answers = kb("Silver Scrutiny").ask(silver_scrutiny_state())
    opt = one(answers, "ss")
    assert opt.allowed and opt.zone == "hand" and opt.source == "rules"
    assert {"601.3", "601.3b", "609.4"} <= rules(opt)


@pytest.mark.parametrize("x,legal", [(3, True), (0, True), (4, False)])
def test_case_b01_silver_scrutiny_x_above_3_at_instant_speed_is_rewound(kb, x, legal):
    # Case B01: at the opponent's end step A may begin casting Silver Scrutiny (601.3b); announcing
    # X = 4 makes the permission not apply, so the cast is illegal and rewound (601.5, 601.2b, 107.3a).
    s = silver_scrutiny_state()
    s.propose("p", "a", "ss", x=x)
    answers = kb("Silver Scrutiny").ask(s)
    if legal:
        (ok,) = answers.derived("proposal_legal")
        assert {"601.2b", "107.3a"} <= rules(ok)
        assert answers.derived("proposal_illegal") == []
    else:
        (bad,) = answers.derived("proposal_illegal")
        assert bad.args == ("p", "flash_requirement_not_met")
        assert {"601.5", "601.3b"} <= rules(bad)


def test_case_b01_x_4_is_fine_at_sorcery_timing(kb):
    # 117.1a: in A's own main phase no flash is needed, so any X may be announced.
    s = silver_scrutiny_state(active="a", phase="precombat_main", step=None, priority="a")
    s.propose("p", "a", "ss", x=4)
    assert [d.args for d in kb("Silver Scrutiny").ask(s).derived("proposal_legal")] == [("p",)]


def rout_state():
    # Rout's own "You may cast this spell as though it had flash if you pay {2} more to cast it"
    # (113.6e: it functions in the hand; card_effects.lp).
    s = game()
    s.add_object("r", "Rout", "hand", "a")
    return s


def test_s0_02_flash_only_if_a_cost_is_paid_may_still_be_begun(kb):
    # 601.3c: A may begin to cast Rout (sorcery) at instant speed; the cost must be announced (601.2b).
    answers = kb("Rout").ask(rout_state())
    opt = one(answers, "r")
    assert opt.allowed and {"601.3c", "609.4"} <= rules(opt)


def test_s0_02_without_announcing_the_cost_the_proposal_is_illegal(kb):
    # 601.3c, 601.5: not announcing the {2} leaves no permission to cast it now.
    s = rout_state()
    s.propose("without", "a", "r")
    s.propose("with", "a", "r", additional_costs=(extra_cost("r", 1),))
    answers = kb("Rout").ask(s)
    assert [d.args for d in answers.derived("proposal_illegal")] == [("without", "flash_requirement_not_met")]
    (ok,) = answers.derived("proposal_legal")
    assert ok.args == ("with",) and "601.3c" in rules(ok)


def crashing_tide_state(merfolk: bool):
    s = game()
    # Crashing Tide's own "This spell has flash as long as you control a Merfolk." (113.6e); the grammar
    # leaves the condition as text, so the state says whether it is met.
    s.add_object("ct", "Crashing Tide", "hand", "a")
    if merfolk:
        s.set_condition(ability_condition("ct", 1))
    return s


def test_s0_03_conditional_flash_when_the_condition_is_met(kb):
    # 601.3d, 702.8a: Crashing Tide has flash while A controls a Merfolk.
    opt = one(kb("Crashing Tide").ask(crashing_tide_state(True)), "ct")
    assert opt.allowed and {"601.3d", "702.8a"} <= rules(opt)


def test_s0_03_conditional_flash_without_the_condition(kb):
    # 117.1a, 307.1: no Merfolk, no flash: a sorcery at the opponent's end step can't be cast.
    opt = one(kb("Crashing Tide").ask(crashing_tide_state(False)), "ct")
    assert not opt.allowed and opt.reasons == ("timing",)


def test_s0_04_casting_may_continue_after_the_condition_stops(kb):
    # 601.5a: A began casting Crashing Tide with flash (Merfolk) and the Merfolk left: A may continue.
    s = crashing_tide_state(False)
    s.begin_casting("a", "ct", 1, ability_effect("ct", 1))
    (cont,) = kb("Crashing Tide").ask(s).derived("may_continue_casting")
    assert cont.args == ("a", "ct", "1", "ability_effect(ct,1)")
    assert {"601.5a", "601.3d"} <= rules(cont)


VIZIER_YEVA = ("Vizier of the Menagerie", "Yeva, Nature's Herald")


def vizier_yeva_state(card: str):
    s = game()
    s.add_object("top", card, "library", "a")
    s.set_top_of_library("top")
    # Vizier of the Menagerie and Yeva, Nature's Herald on a's battlefield (card_effects.lp).
    s.add_object("viz", "Vizier of the Menagerie", "battlefield", "a", controller="a")
    s.add_object("yeva", "Yeva, Nature's Herald", "battlefield", "a", controller="a")
    return s


def test_s0_05_zone_permission_and_flash_permission_both_apply(kb):
    # 609.4a, case B06: Vizier (cast creature spells from the top of the library) and Yeva (green
    # creature spells as though they had flash) combine: a green creature from the top at instant speed.
    opt = one(kb("Grizzly Bears", *VIZIER_YEVA).ask(vizier_yeva_state("Grizzly Bears")), "top")
    assert opt.allowed and opt.zone == "library" and opt.source == "ability_effect(viz,2,1)"
    assert {"601.3", "609.4", "609.4a"} <= rules(opt)


def test_case_b06_nongreen_creature_from_the_top_waits_for_sorcery_timing(kb):
    # Case B06: Yeva's quality (green) fails for Memnite; Vizier alone gives no flash (117.1a).
    opt = one(kb("Memnite", *VIZIER_YEVA).ask(vizier_yeva_state("Memnite")), "top")
    assert not opt.allowed and opt.reasons == ("timing",)


def test_case_b06_only_the_top_card(kb):
    # Vizier's permission covers the top card only: a second library card gets no option.
    s = vizier_yeva_state("Grizzly Bears")
    s.add_object("second", "Grizzly Bears", "library", "a")
    assert kb("Grizzly Bears", *VIZIER_YEVA).ask(s).cast_options("second") == []


def test_s0_05_two_as_though_effects_with_different_conditions(kb):
    # 609.4a: Leyline of Anticipation (all spells) and Yeva (green creatures) both apply to a green
    # creature; each alone would do.
    s = game()
    s.add_object("gb", "Grizzly Bears", "hand", "a")
    s.add_object("ley", "Leyline of Anticipation", "battlefield", "a", controller="a")
    s.add_object("yeva", "Yeva, Nature's Herald", "battlefield", "a", controller="a")
    opt = one(kb("Grizzly Bears", "Leyline of Anticipation", "Yeva, Nature's Herald").ask(s), "gb")
    assert opt.allowed and "609.4a" in rules(opt)


def test_s0_05_as_though_flash_does_not_give_the_keyword(kb):
    # 609.4: "as though it had flash" applies only to casting; the spell does not have flash.
    s = game()
    s.add_object("gb", "Grizzly Bears", "hand", "a")
    s.add_object("vo", "Vedalken Orrery", "battlefield", "a", controller="a")
    answers = kb("Grizzly Bears", "Vedalken Orrery").ask(s)
    assert one(answers, "gb").allowed
    assert answers.derived("has_keyword") == []


def test_s0_06_granted_flash_works_in_the_graveyard_too(kb):
    # 702.8a: flash functions in any zone the card could be played from. Teferi, Mage of Zhalfir gives
    # flash to A's creature cards not on the battlefield; an effect lets A cast Grizzly Bears from the
    # graveyard; at the opponent's end step A may.
    s = game()
    s.add_object("gb", "Grizzly Bears", "graveyard", "a")
    # Teferi's own "Creature cards you own that aren't on the battlefield have flash." (card_effects.lp)
    s.add_object("tef", "Teferi, Mage of Zhalfir", "battlefield", "a", controller="a")
    s.permit_cast("grave", "a", "graveyard", card_types=("creature",))
    opt = one(kb("Grizzly Bears", "Teferi, Mage of Zhalfir").ask(s), "gb")
    assert opt.allowed and opt.zone == "graveyard" and "702.8a" in rules(opt)


def test_s0_06_flash_without_a_permission_for_the_zone_does_nothing(kb):
    # 702.8a: flash is about timing; it gives no permission to cast from the graveyard (601.3).
    s = game()
    s.add_object("gb", "Grizzly Bears", "graveyard", "a")
    s.grant_keyword("teferi", "gb", "flash", source="tef")
    assert kb("Grizzly Bears").ask(s).cast_options("gb") == []


def test_s0_06_printed_flash_of_snapcaster_mage(kb):
    # 702.8a: Snapcaster Mage's own flash lets A cast it at the opponent's end step.
    s = game()
    s.add_object("sm", "Snapcaster Mage", "hand", "a")
    opt = one(kb("Snapcaster Mage").ask(s), "sm")
    assert opt.allowed and "702.8a" in rules(opt)


def test_s0_07_two_instances_of_flash_are_redundant(kb):
    # 702.8b: two Teferis give Grizzly Bears flash twice: one verdict, cited as redundant.
    s = game()
    s.add_object("gb", "Grizzly Bears", "hand", "a")
    s.grant_keyword("teferi1", "gb", "flash", source="t1")
    s.grant_keyword("teferi2", "gb", "flash", source="t2")
    answers = kb("Grizzly Bears").ask(s)
    assert len(answers.cast_options("gb")) == 1
    opt = one(answers, "gb")
    assert opt.allowed and {"702.8a", "702.8b"} <= rules(opt)
    assert [d.args for d in answers.derived("has_keyword")] == [("gb", "1", "flash")]


def test_s0_08_playtest_cards_only_in_mystery_booster_limited(kb):
    # Playtest ruling (2024-11-08), 100.6: There // They're // Their (promo type playtest) is legal only
    # in Mystery Booster Limited formats; Fire // Ice (not a playtest card) gets no verdict either way.
    s = game()
    s.add_object("t", "There // They're // Their", "hand", "a")
    s.add_object("fi", "Fire // Ice", "hand", "a")
    for fmt in ("modern", "legacy", "vintage"):
        s.tournament_format(fmt)
    s.tournament_format("mb2_draft", mystery_booster_limited=True)
    answers = kb("There // They're // Their", "Fire // Ice").ask(s)
    barred = {d.args for d in answers.derived("not_legal_in_format")}
    assert barred == {("There // They're // Their", f, "playtest_card") for f in ("modern", "legacy", "vintage")}
    (legal,) = answers.derived("legal_in_format")
    assert legal.args == ("There // They're // Their", "mb2_draft") and "100.6" in rules(legal)


@pytest.mark.parametrize("card,names", [
    ("There // They're // Their", {"There", "They're", "Their"}),
    ("Fire // Ice", {"Fire", "Ice"}),
    ("Who // What // When // Where // Why", {"Who", "What", "When", "Where", "Why"}),
])
def test_s0_09_choosing_a_card_name_chooses_one_of_the_names(kb, card, names):
    # 709.4a (generalized to N names): each face's name may be chosen; the joined name may not.
    s = game()
    s.add_object("o", card, "library", "a")
    s.choose_name("council", "a")
    answers = kb(card).ask(s)
    chosen = {d.args[1] for d in answers.derived("choosable_name")}
    assert chosen == names
    (refused,) = answers.derived("not_choosable_name")
    assert refused.args == ("council", card, "all_names_of_split_card") and "709.4a" in rules(refused)


# --------------------------------------------------------------------------- S2: special actions


def test_s2_01_x_in_a_special_action_cost_is_chosen_before_paying(kb):
    # 107.3d: Bane of the Living's morph {X}{B}{B}: X is chosen as the special action is taken.
    s = game(active="a", phase="precombat_main", step=None)
    s.add_object("bane", "Bane of the Living", "battlefield", "a")
    (x,) = kb("Bane of the Living").ask(s).derived("special_action_x_chosen_before_paying")
    assert x.args == ("a", "bane", "morph") and "107.3d" in rules(x)


@pytest.mark.parametrize("card,zone,keyword,kind,target,rule", [
    ("Bonesplitter", "battlefield", "equip", "activated", "creature_you_control", "702.6a"),
    ("Arcbound Ravager", "battlefield", "modular", "triggered", "artifact_creature", "702.43a"),
    ("Gemrazer", "hand", "mutate", "spell_cast_for_mutate_cost", "non_human_creature_same_owner", "702.140a"),
])
def test_s2_04_equip_modular_and_mutate_target_by_their_keyword_rule(kb, card, zone, keyword, kind, target, rule):
    # 115.1e: equip and modular represent targeted activated / triggered abilities and mutate gives the
    # spell a target, though "target" is only in the keyword's rule (702.6a, 702.43a, 702.140a); read
    # from the printed keywords of Bonesplitter, Arcbound Ravager and Gemrazer.
    s = game()
    s.add_object("o", card, zone, "a")
    s.add_object("gb", "Grizzly Bears", "battlefield", "a")
    answers = kb(card, "Grizzly Bears").ask(s)
    (t,) = answers.derived("targeted_keyword_ability")
    assert t.args == ("o", keyword, kind, target) and rules(t) == {"115.1e", rule}


@pytest.mark.parametrize("main,allowed", [(True, True), (False, False)])
def test_s2_05_suspend_only_when_the_card_could_begin_to_be_cast(kb, main, allowed):
    # 116.2f, 702.62a: Hypergenesis (sorcery) may be suspended when A could begin to cast it: in A's
    # main phase with an empty stack, not at the opponent's end step.
    s = own_main_phase() if main else game()
    s.add_object("h", "Hypergenesis", "hand", "a")
    answers = kb("Hypergenesis").ask(s)
    assert bool(answers.derived("may_suspend")) is allowed


# --------------------------------------------------------------------------- S3: announcements


MODAL = ("Izzet Charm", "Cryptic Command", "Winterflame", "Farewell", "Lightning Bolt", "Grizzly Bears")


@pytest.mark.parametrize("card,low,high", [
    ("Izzet Charm", 1, 1), ("Cryptic Command", 2, 2), ("Winterflame", 1, 2), ("Farewell", 1, 4)])
def test_s3_01_the_instruction_sets_how_many_modes(kb, card, low, high):
    # 700.2: "Choose one" / "Choose two" / "Choose one or both" / "Choose one or more" (700.2d: no mode
    # twice, so at most all four of Farewell's).
    s = own_main_phase()
    s.add_object("m", card, "hand", "a")
    (n,) = kb(card).ask(s).derived("modes_to_choose")
    assert n.args == ("m", "1", str(low), str(high)) and {"700.2", "601.2b"} <= rules(n)


@pytest.mark.parametrize("card,modes,illegal", [
    ("Cryptic Command", (2, 4), set()),
    ("Cryptic Command", (), {"modes_not_announced"}),
    ("Cryptic Command", (4,), {"too_few_modes(1)"}),
    ("Cryptic Command", (2, 3, 4), {"too_many_modes(3)"}),
    ("Cryptic Command", (4, 4), {"mode_chosen_twice(4)"}),
    ("Cryptic Command", (2, 5), {"no_such_mode(5)"}),
    ("Winterflame", (2,), set()),
    ("Winterflame", (1, 2), set()),
    ("Winterflame", (1, 2, 1), {"too_many_modes(3)", "mode_chosen_twice(1)"}),
    ("Farewell", (1, 2, 3, 4), set()),
    ("Farewell", (2, 2), {"mode_chosen_twice(2)"}),
    ("Lightning Bolt", (1,), {"not_modal"}),
])
def test_s3_01_modes_are_announced_as_the_spell_is_cast(kb, card, modes, illegal):
    # 601.2b: the mode choice is announced; 700.2: as many modes as the instruction says, only the
    # card's own modes; 700.2d: not the same mode twice; a spell that isn't modal has no modes.
    s = own_main_phase()
    s.add_object("m", card, "hand", "a")
    s.add_object("gb", "Grizzly Bears", "battlefield", "b")  # a target for Cryptic's bounce, Winterflame
    s.propose("p", "a", "m", modes=modes)
    answers = kb(*MODAL).ask(s)
    assert {d.args[1] for d in answers.derived("proposal_illegal")} == illegal
    assert bool(answers.derived("proposal_legal")) is (not illegal)
    for bad in answers.derived("proposal_illegal"):
        assert {"601.2b", "700.2"} <= rules(bad)
        if bad.args[1].startswith("mode_chosen_twice"):
            assert "700.2d" in rules(bad)


def test_s3_01_tooth_and_nail_entwined_chooses_both_modes(kb):
    # 702.42a: with entwine paid all modes are chosen instead of "one"; without it, one mode.
    s = own_main_phase()
    s.add_object("tn", "Tooth and Nail", "hand", "a")
    s.propose("entwined", "a", "tn", additional_costs=("entwine",))
    s.propose("one", "a", "tn", modes=(2,))
    s.propose("both_unpaid", "a", "tn", modes=(1, 2))
    answers = kb("Tooth and Nail").ask(s)
    assert [d.args for d in answers.derived("proposal_legal")] == [("entwined",), ("one",)]
    assert "702.42a" in rules(answers.derived("proposal_legal")[0])
    assert [d.args for d in answers.derived("proposal_illegal")] == [("both_unpaid", "too_many_modes(2)")]


def test_s3_01_an_instruction_not_read_gives_no_verdict(kb):
    # Fiery Confluence's "Choose three. You may choose the same mode more than once." is not read by
    # the grammar (card_unparsed): whether three repeated modes are allowed (700.2d) is not decided here.
    s = own_main_phase()
    s.add_object("fc", "Fiery Confluence", "hand", "a")
    s.propose("p", "a", "fc", modes=(1, 1, 1))
    answers = kb("Fiery Confluence").ask(s)
    assert answers.derived("proposal_legal") == [] and answers.derived("proposal_illegal") == []
    assert [d.args for d in answers.derived("proposal_undecided")] == [("p", "modes")]


SPLICE = ("Lava Spike", "Desperate Ritual", "Lightning Bolt", "Grizzly Bears")


def splice_state() -> GameState:
    s = own_main_phase()
    s.add_object("ls", "Lava Spike", "hand", "a")
    s.add_object("dr", "Desperate Ritual", "hand", "a")
    s.add_object("bolt", "Lightning Bolt", "hand", "a")
    return s


def test_s3_02_splice_cards_are_revealed(kb):
    # 601.2b, 702.47a: Desperate Ritual ("Splice onto Arcane {1}{R}") may be revealed from A's hand as A
    # casts Lava Spike (Sorcery — Arcane), not as A casts Lightning Bolt (not Arcane).
    answers = kb(*SPLICE).ask(splice_state())
    (opt,) = derived(answers, "splice_option", "a", "ls")
    assert opt.args == ("a", "ls", "1", "dr") and {"601.2b", "702.47a"} <= rules(opt)
    (no,) = derived(answers, "splice_not_possible", "a", "bolt")
    assert no.args == ("a", "bolt", "1", "dr", 'quality_not_met("Arcane")') and "702.47a" in rules(no)


@pytest.mark.parametrize("spell,splice,why", [
    ("ls", ("dr",), None),
    ("bolt", ("dr",), "splice_quality_not_met(dr)"),    # 702.47a: onto an Arcane spell only
    ("ls", ("dr2",), "splice_not_in_hand(dr2)"),        # 702.47a: revealed from the hand
    ("dr", ("dr",), "splice_is_the_spell"),             # 601.2a: the card cast is on the stack already
    ("ls", ("dr", "dr"), "spliced_twice(dr)"),          # 702.47b: one card at most once
    ("ls", ("gb",), "no_splice_ability(gb)"),           # 702.47a: the card must have splice
])
def test_s3_02_which_cards_may_be_spliced(kb, spell, splice, why):
    s = splice_state()
    s.add_object("dr2", "Desperate Ritual", "graveyard", "a")
    s.add_object("gb", "Grizzly Bears", "hand", "a")
    s.propose("p", "a", spell, splice=splice)
    answers = kb(*SPLICE).ask(s)
    if why is None:
        (ok,) = answers.derived("proposal_legal")
        assert "702.47a" in rules(ok)
        (cost,) = answers.derived("total_cost")    # 601.2f: {R} + splice {1}{R}
        assert cost.args == ("p", "3", "0") and {"601.2f", "702.47a", "118.8"} <= rules(cost)
    else:
        (bad,) = answers.derived("proposal_illegal")
        assert bad.args == ("p", why) and {"601.2b", "601.5"} <= rules(bad)
        assert ("601.2a" if why == "splice_is_the_spell" else "702.47b" if "twice" in why else "702.47a") in rules(bad)


def test_s3_03_and_case_e09_two_alternative_costs_cannot_apply(kb):
    # 601.2b, 118.9a, case E09(a): Omniscience's "without paying its mana cost" and Cyclonic Rift's
    # overload are both alternative costs: not together. E09(c)-like: a free cast alone is fine.
    s = own_main_phase()
    s.add_object("rift", "Cyclonic Rift", "hand", "a")
    s.add_object("omni", "Omniscience", "battlefield", "a", controller="a")  # its own text (card_effects.lp)
    s.propose("both", "a", "rift", method="without_paying_mana_cost", alternative_costs=("overload",))
    s.propose("free", "a", "rift", method="without_paying_mana_cost")
    answers = kb("Cyclonic Rift", "Omniscience").ask(s)
    (bad,) = answers.derived("proposal_illegal")
    assert bad.args == ("both", "two_alternative_costs") and {"118.9a", "601.2b"} <= rules(bad)
    assert [d.args for d in answers.derived("proposal_legal")] == [("free",)]


def test_case_e09_entwine_is_an_additional_cost_with_a_free_cast(kb):
    # Case E09(b), 118.9d: Tooth and Nail cast free with Omniscience, entwine {2} announced: legal.
    s = own_main_phase()
    s.add_object("tn", "Tooth and Nail", "hand", "a")
    s.permit_cast("omni", "a", "hand", without_paying_mana_cost=True)
    s.propose("p", "a", "tn", method="without_paying_mana_cost", additional_costs=("entwine",))
    assert [d.args for d in kb("Tooth and Nail").ask(s).derived("proposal_legal")] == [("p",)]


def test_case_e09_no_mana_cost_cast_free_with_omniscience(kb):
    # Case E09(c), 118.6, 118.6a: Ancestral Vision has no mana cost: unpayable normally (202.1b), but
    # the alternative cost "without paying its mana cost" may be paid.
    s = own_main_phase()
    s.add_object("av", "Ancestral Vision", "hand", "a")
    s.permit_cast("omni", "a", "hand", without_paying_mana_cost=True)
    answers = kb("Ancestral Vision").ask(s)
    normal = one(answers, "av", method="normal")
    assert not normal.allowed and normal.reasons == ("unpayable_cost",) and {"118.6", "202.1b"} <= rules(normal)
    free = one(answers, "av", method="without_paying_mana_cost")
    assert free.allowed and "118.9" in rules(free)


@pytest.mark.parametrize("x,mana", [(None, None), (1, 2), (2, 3)])
def test_s3_04_x_is_announced(kb, x, mana):
    # 601.2b, 107.3a: Fireball's X must be announced; the total cost then counts it (601.2f).
    s = own_main_phase()
    s.add_object("fb", "Fireball", "hand", "a")
    s.propose("p", "a", "fb", x=x)
    answers = kb("Fireball").ask(s)
    if x is None:
        (bad,) = answers.derived("proposal_illegal")
        assert bad.args == ("p", "x_not_announced") and "107.3a" in rules(bad)
    else:
        (cost,) = answers.derived("total_cost")
        assert cost.args == ("p", str(mana), "0") and {"601.2f", "107.3a"} <= rules(cost)


@pytest.mark.parametrize("x,mana", [(1, 3), (2, 3), (3, 4)])
def test_case_e02_trinisphere_applies_after_x_is_announced(kb, x, mana):
    # Case E02, 601.2b then 601.2f: X first, then Trinisphere's floor of three on the total.
    s = own_main_phase()
    s.add_object("fb", "Fireball", "hand", "a")
    s.add_object("tri", "Trinisphere", "battlefield", "b")  # its floor is read from the card
    s.propose("p", "a", "fb", x=x)
    (cost,) = kb("Fireball", "Trinisphere").ask(s).derived("total_cost")
    assert cost.args == ("p", str(mana), "0")


def test_s3_05_hybrid_symbols_announce_a_nonhybrid_payment(kb):
    # 601.2b, 107.4e: Kitchen Finks {1}{G/W}{G/W}: each hybrid symbol is paid as {G} or {W}.
    s = own_main_phase()
    s.add_object("kf", "Kitchen Finks", "hand", "a")
    s.propose("ok", "a", "kf", pays={2: "colored(g)", 3: "colored(w)"})
    s.propose("bad", "a", "kf", pays={2: "colored(b)", 3: "colored(w)"})
    s.propose("none", "a", "kf")
    answers = kb("Kitchen Finks").ask(s)
    opts = {(d.args[2], d.args[3]) for d in derived(answers, "payment_option", "kf")}
    assert opts == {("2", "colored(g)"), ("2", "colored(w)"), ("3", "colored(g)"), ("3", "colored(w)")}
    assert all({"601.2b", "107.4e"} <= rules(d) for d in answers.derived("payment_option"))
    illegal = {d.args for d in answers.derived("proposal_illegal")}
    assert illegal == {("bad", "payment(2)"), ("none", "payment(2)"), ("none", "payment(3)")}
    assert [d.args for d in answers.derived("proposal_legal")] == [("ok",)]


def test_s3_06_phyrexian_symbols_two_life_or_the_colored_mana(kb):
    # 601.2b, 107.4f: Dismember {1}{B/P}{B/P}: each {B/P} is {B} or 2 life.
    s = own_main_phase()
    s.add_object("dm", "Dismember", "hand", "a")
    answers = kb("Dismember").ask(s)
    opts = {(d.args[2], d.args[3]) for d in derived(answers, "payment_option", "dm")}
    assert opts == {("2", "colored(b)"), ("2", "life(2)"), ("3", "colored(b)"), ("3", "life(2)")}
    assert all("107.4f" in rules(d) for d in answers.derived("payment_option"))


def test_case_e01_dismember_for_4_life_under_trinisphere_costs_3_mana(kb):
    # Case E01: Phyrexian choices are announced (601.2b) before the total cost (601.2f): {1} + 4 life,
    # raised by Trinisphere to 3 mana; the life stays 4.
    s = game()
    s.add_object("dm", "Dismember", "hand", "a")
    s.cost_floor("trinisphere", 3)
    s.propose("p", "a", "dm", pays={2: "life(2)", 3: "life(2)"})
    (cost,) = kb("Dismember").ask(s).derived("total_cost")
    assert cost.args == ("p", "3", "4") and {"601.2b", "601.2f", "107.4f"} <= rules(cost)


def snapcaster_flashback(s: GameState, obj: str) -> None:
    # card-derived later: Snapcaster Mage's trigger gives the card flashback equal to its mana cost.
    s.grant_keyword("snap", obj, "flashback", source="snapcaster")


def test_s3_07_flashback_restricts_later_choices(kb):
    # 601.2b: having chosen flashback (an alternative cost, 702.34a), A can't also choose overload or a
    # free cast (118.9a); flashback from the hand is not allowed at all (601.3).
    s = game()
    s.add_object("bolt", "Lightning Bolt", "graveyard", "a")
    s.add_object("bolt2", "Lightning Bolt", "hand", "a")
    snapcaster_flashback(s, "bolt")
    snapcaster_flashback(s, "bolt2")
    s.propose("fb_plus_alt", "a", "bolt", method="flashback", alternative_costs=("overload",))
    s.propose("fb_hand", "a", "bolt2", method="flashback")
    s.propose("fb", "a", "bolt", method="flashback")
    answers = kb("Lightning Bolt").ask(s)
    # (118.9: Lightning Bolt has no overload either, so nothing offers that cost: issue 13.)
    assert {d.args for d in answers.derived("proposal_illegal")} == {
        ("fb_plus_alt", "two_alternative_costs"), ("fb_plus_alt", "alternative_cost_not_offered(overload)"),
        ("fb_hand", "method_not_allowed")}
    assert [d.args for d in answers.derived("proposal_legal")] == [("fb",)]


@pytest.mark.parametrize("zone,card_type_ok", [("graveyard", True)])
def test_s3_10_flashback_casts_from_the_graveyard_instead_of_the_mana_cost(kb, zone, card_type_ok):
    # 702.34a, 118.9: granted flashback (Snapcaster Mage) on Lightning Bolt: castable from the
    # graveyard by the flashback method; without flashback there is no graveyard option (601.3).
    s = game()
    s.add_object("bolt", "Lightning Bolt", zone, "a")
    s.add_object("plain", "Lightning Bolt", zone, "a")
    snapcaster_flashback(s, "bolt")
    answers = kb("Lightning Bolt").ask(s)
    opt = one(answers, "bolt")
    assert opt.allowed and opt.method == "flashback" and {"702.34a", "118.9", "601.3"} <= rules(opt)
    assert answers.cast_options("plain") == []


def test_s3_10_flashback_needs_an_instant_or_sorcery(kb):
    # 702.34a: "if the resulting spell is an instant or sorcery spell": a creature gets no option.
    s = game()
    s.add_object("gb", "Grizzly Bears", "graveyard", "a")
    snapcaster_flashback(s, "gb")
    assert kb("Grizzly Bears").ask(s).cast_options("gb") == []


def test_s3_10_flashback_sorcery_keeps_sorcery_timing(kb):
    # 702.34a gives the zone, not the timing: a flashback sorcery waits for A's main phase (307.1).
    s = game()
    s.add_object("d", "Divination", "graveyard", "a")
    snapcaster_flashback(s, "d")
    opt = one(kb("Divination").ask(s), "d")
    assert not opt.allowed and opt.reasons == ("timing",) and "307.1" in rules(opt)


def test_s3_10_faithless_looting_printed_flashback(kb):
    # 702.34a: Faithless Looting's own flashback {2}{R} from the graveyard in A's main phase.
    s = own_main_phase()
    s.add_object("fl", "Faithless Looting", "graveyard", "a")
    opt = one(kb("Faithless Looting").ask(s), "fl")
    assert opt.allowed and opt.method == "flashback"


# --------------------------------------------------------------------------- A: split cards


@pytest.mark.parametrize("zone,face,value", [("library", None, 5), ("stack", 2, 1), ("stack", 1, 4)])
def test_case_a02_counterbalance_sees_one_mana_value(kb, zone, face, value):
    # Case A02: Alive // Well in the library has mana value 5 (709.4b, 202.3d), never "4 and 1";
    # the Well spell on the stack has 1 (709.3b).
    s = game()
    s.add_object("aw", "Alive // Well", zone, "b", cast_face=face)
    mv = kb("Alive // Well").ask(s).mana_value("aw")
    assert mv.value == value and "202.3d" in rules(mv)


def test_case_a06_snapcaster_flashback_on_wear_tear_either_half(kb):
    # Case A06: either half of Wear // Tear may be flashed back (702.34a, 709.3, 709.3a) at instant
    # timing; the flashback cost "equal to its mana cost" is the chosen half's.
    s = game()
    s.add_object("wt", "Wear // Tear", "graveyard", "a")
    snapcaster_flashback(s, "wt")
    answers = kb("Wear // Tear").ask(s)
    opts = answers.cast_options("wt")
    assert [(o.face_name, o.method, o.allowed) for o in opts] == [("Wear", "flashback", True), ("Tear", "flashback", True)]
    assert all({"702.34a", "709.3a"} <= rules(o) for o in opts)


def test_case_a06_no_fused_flashback(kb):
    # 702.102a: fuse only from the hand.
    s = game()
    s.add_object("wt", "Wear // Tear", "graveyard", "a")
    snapcaster_flashback(s, "wt")
    (no,) = kb("Wear // Tear").ask(s).derived("may_not_cast_fused")
    assert no.args == ("a", "wt", "not_from_hand")


def test_case_a07_naming_armed_stops_armed_but_not_dangerous(kb):
    # Case A07: A must choose one name (709.4a); Council's "can't cast spells with the chosen name"
    # stops B casting Armed (101.2) but not Dangerous (601.3a: choosing the other half lifts it).
    s = game(active="b", phase="precombat_main", step=None, priority="b")
    s.add_object("ad", "Armed // Dangerous", "hand", "b")
    s.choose_name("council_name", "a")
    s.prohibit_cast("council", "b", name="Armed", source="council_obj")  # card-derived later
    answers = kb("Armed // Dangerous").ask(s)
    assert {d.args[1] for d in answers.derived("choosable_name")} == {"Armed", "Dangerous"}
    verdicts = {o.face_name: o for o in answers.cast_options("ad")}
    assert not verdicts["Armed"].allowed and verdicts["Armed"].reasons == ("prohibited(council)",)
    assert {"101.2", "601.3"} <= rules(verdicts["Armed"])
    assert verdicts["Dangerous"].allowed and {"601.3a", "709.3a"} <= rules(verdicts["Dangerous"])


def test_case_a07_fused_armed_dangerous_has_the_name_armed(kb):
    # Case A07: a fused Armed // Dangerous has both halves' names (709.4d, 702.102b), so B, who
    # can't cast spells named Armed, can't cast the fused spell either (101.2) — only Dangerous alone.
    s = game(active="b", phase="precombat_main", step=None, priority="b")
    s.add_object("ad", "Armed // Dangerous", "hand", "b")
    s.prohibit_cast("council", "b", name="Armed")  # card-derived later
    answers = kb("Armed // Dangerous").ask(s)
    assert answers.derived("may_cast_fused") == []
    (refusal,) = answers.derived("may_not_cast_fused")
    assert refusal.args[2] == "prohibited(council)" and {"709.4d", "101.2"} <= rules(refusal)


def test_case_a07_council_reduction_applies_to_the_whole_fused_spell(kb):
    # Case A07: A's fused Armed // Dangerous costs {4}{R}{G} reduced by {2} to {2}{R}{G} (601.2f,
    # 702.102c): the fused spell has the name Armed (709.4a, 709.4d); 118.7a only generic mana goes.
    # Council's "Spells with the chosen name you cast cost {2} less to cast" is read from its card
    # (rules_asp/casting/card_cost_effects.lp); the name chosen as it entered is a state input (607.2d).
    s = game(active="a", phase="precombat_main", step=None, priority="a")
    s.add_object("council", "Council of the Absolute", "battlefield", "a")
    s.set_chosen_name("council", "Armed")
    s.add_object("ad", "Armed // Dangerous", "hand", "a")
    s.propose("p", "a", "ad", fused=True)
    (total,) = kb("Armed // Dangerous", "Council of the Absolute").ask(s).derived("total_cost")
    assert total.args == ("p", "4", "0")
    assert {"601.2f", "118.7a", "702.102c", "709.4d"} <= rules(total)


@pytest.mark.parametrize("effect,fused,total", [("thalia", True, 4), ("thalia", False, 2),
                                                 ("trinisphere", True, 3), ("trinisphere", False, 3)])
def test_case_a08_thalia_taxes_a_fused_spell_once(kb, effect, fused, total):
    # Case A08: 702.102c, 601.2f — fused Wear // Tear costs {1}{R} + {W} plus one {1} from Thalia: 4 mana
    # (not 5: the increase applies once, to the one spell); Tear alone {W} + {1} = 2. Trinisphere's
    # floor applies to the total after halves are combined: fused {1}{R}{W} = 3 stays 3; Tear alone 3.
    s = own_main_phase()
    s.add_object("wt", "Wear // Tear", "hand", "a")
    if effect == "thalia":
        # Thalia's "Noncreature spells cost {1} more to cast" is read from the card (card_cost_effects.lp).
        s.add_object("thalia", "Thalia, Guardian of Thraben", "battlefield", "b")
    else:
        # Trinisphere's floor (while it is untapped) is read from the card (card_cost_effects.lp).
        s.add_object("tri", "Trinisphere", "battlefield", "b")
    s.propose("p", "a", "wt", 1 if fused else 2, fused=fused)
    (cost,) = kb("Wear // Tear", "Thalia, Guardian of Thraben", "Trinisphere").ask(s).derived("total_cost")
    assert cost.args == ("p", str(total), "0") and "601.2f" in rules(cost)
    assert ("702.102c" in rules(cost)) == fused


def test_case_a08_a_fused_proposal_needs_the_card_in_hand(kb):
    # 702.102a: fuse applies only while the card is in its owner's hand.
    s = own_main_phase()
    s.add_object("wt", "Wear // Tear", "graveyard", "a")
    s.allow_cast("yawg", "a", "graveyard", card_types=("instant",))
    s.propose("p", "a", "wt", fused=True)
    answers = kb("Wear // Tear").ask(s)
    assert answers.derived("total_cost") == []
    (bad,) = answers.derived("proposal_illegal")
    assert bad.args == ("p", "not_fusable") and "702.102a" in rules(bad)


def test_case_a09_kefnet_copy_casts_one_half(kb):
    # Case A09: Kefnet copies the revealed Fire // Ice (707.12: the copy is created in the card's zone,
    # the hand, and cast while the trigger resolves, 608.2g). 709.3c: the copy keeps both halves
    # separate: A casts Fire or Ice (709.3), not both (no fuse, 702.102a); the {2} reduction applies
    # to that half and can't reduce colored mana (118.7a): Fire {1}{R} costs {R}, Ice {1}{U} costs {U}.
    s = game(active="a", phase="beginning", step="draw", priority=None)
    s.add_object("kef", "God-Eternal Kefnet", "battlefield", "a")
    s.add_object("fi", "Fire // Ice", "hand", "a")
    s.add_card_copy("copy", "fi", "a")
    # card-derived later: Kefnet's trigger ("copy that card and you may cast the copy. That copy costs
    # {2} less to cast.") is card_unparsed; its permission and reduction as inputs.
    s.permit_cast_copy("kefnet", "a", "copy", source="kef")
    s.cost_reduction("kefnet_copy", "a", 2, only_object="copy", source="kef")
    s.propose("fire", "a", "copy", 1)
    s.propose("ice", "a", "copy", 2)
    s.propose("both", "a", "copy", fused=True)
    answers = kb("Fire // Ice", "God-Eternal Kefnet").ask(s)
    allowed = {(o.face_name, o.source) for o in answers.cast_options("copy") if o.allowed}
    assert allowed == {("Fire", "kefnet"), ("Ice", "kefnet")}
    assert all({"707.12", "709.3c", "608.2g"} <= rules(o) for o in answers.cast_options("copy") if o.allowed)
    totals = {d.args[0]: d for d in answers.derived("total_cost")}
    assert {k: d.args[1:] for k, d in totals.items()} == {"fire": ("1", "0"), "ice": ("1", "0")}
    assert all({"118.7a", "709.3c", "601.2f"} <= rules(d) for d in totals.values())
    illegal = {d.args for d in answers.derived("proposal_illegal")}
    assert illegal == {("both", "not_fusable")}


@pytest.mark.parametrize("face,life", [(1, 2), (2, 6)])
def test_case_a10_bolas_citadel_pays_the_half_mana_value_in_life(kb, face, life):
    # Case A10: the Citadel's "pay life equal to its mana value rather than pay its mana cost" is an
    # alternative cost its permission requires (118.9, 118.9b). The spell's mana value is that of the
    # half cast (709.3b, 202.3d): Revival {W/B}{W/B} 2 life, Revenge {4}{W}{B} 6 life (not 8); no mana.
    s = own_main_phase()
    s.add_object("cit", "Bolas's Citadel", "battlefield", "a")
    s.add_object("rr", "Revival // Revenge", "library", "a")
    s.set_top_of_library("rr")
    s.propose("p", "a", "rr", face, method="alternative(pay_life_equal_to_mana_value)")
    s.propose("mana", "a", "rr", face)
    answers = kb("Revival // Revenge", "Bolas's Citadel").ask(s)
    opts = [o for o in answers.cast_options("rr") if o.face == face]
    assert [(o.method, o.allowed) for o in opts] == [("alternative(pay_life_equal_to_mana_value)", True)]
    assert {"118.9", "118.9b", "709.3a"} <= rules(opts[0])
    (total,) = answers.derived("total_cost")
    assert total.args == ("p", "0", str(life)) and {"601.2f", "118.9", "709.3b", "202.3d"} <= rules(total)
    # 118.9b, 601.3: paying the mana cost instead is no way the Citadel allows.
    bad = {d.args[1] for d in answers.derived("proposal_illegal") if d.args[0] == "mana"}
    assert "method_not_allowed" in bad


def test_case_a12_cascade_does_not_stop_at_wear_tear(kb):
    # Case A12: in exile Wear // Tear has mana value 3 (709.4b, 202.3d), not less than 3 (702.85a).
    s = game()
    s.add_object("wt", "Wear // Tear", "exile", "a")
    mv = kb("Wear // Tear").ask(s).mana_value("wt")
    assert mv.value == 3 and {"709.4b", "202.3d"} <= rules(mv)


def test_case_a13_sunbirds_invocation_casts_spring_not_mind(kb):
    # Case A13: during resolution (608.2g) a spell with mana value 3 or less for free: only the half
    # being cast is evaluated (601.3e, 709.3a): Spring (3) yes, Mind (6) no.
    s = game(active="a", phase="precombat_main", step=None, priority=None)
    s.add_object("sm", "Spring // Mind", "library", "a")
    s.permit_cast("sunbird", "a", "library", during_resolution=True, without_paying_mana_cost=True,
                  mana_value_at_most=3)
    answers = kb("Spring // Mind").ask(s)
    opts = answers.cast_options("sm")
    assert [(o.face_name, o.allowed) for o in opts] == [("Spring", True)]
    assert {"608.2g", "709.3a", "118.9"} <= rules(opts[0])
    # ... and Mind, an aftermath half, can't be cast from the library at all (702.127a, 101.2).
    refused = sorted((v.face_name, v.reason) for v in answers.cast_verdicts("sm") if not v.allowed)
    assert refused == [("Mind", "an aftermath half can't be cast from any zone other than a graveyard"),
                       ("Mind", "mana value 6 is more than 3")]
    assert all("702.127a" in rules(v) for v in answers.cast_verdicts("sm")
               if not v.allowed and "aftermath" in v.reason)


def test_case_a15_five_part_split_card(kb):
    # Case A15: in the library Who // What // When // Where // Why has mana value 13 (X = 0; 709.4b,
    # 202.3e); Who on the stack with X = 3 has 4 (709.3b, 202.3e); five names, one may be chosen (709.4a).
    w = "Who // What // When // Where // Why"
    s = game()
    s.add_object("lib", w, "library", "a")
    s.add_object("st", w, "stack", "a", cast_face=1, x_value=3)
    s.choose_name("n", "b")
    answers = kb(w).ask(s)
    assert answers.mana_value("lib").value == 13
    assert answers.mana_value("st").value == 4 and {"709.3b", "202.3e"} <= rules(answers.mana_value("st"))
    assert len(answers.derived("choosable_name")) == 5


def test_case_a15_each_of_the_five_faces_is_castable_at_instant_speed(kb):
    # 709.3, 117.1a: all five faces are instants; each is a separate castable option from hand.
    w = "Who // What // When // Where // Why"
    s = game()
    s.add_object("h", w, "hand", "a")
    opts = kb(w).ask(s).cast_options("h")
    assert [(o.face_name, o.allowed) for o in opts] == [(n, True) for n in ("Who", "What", "When", "Where", "Why")]


def test_case_a16_commit_memory_counts_as_one_card(kb):
    # Case A16 (part): 709.2: one card for "number of cards" effects.
    s = game()
    s.add_object("cm", "Commit // Memory", "graveyard", "a")
    s.count("n", "a", "graveyard")
    c = kb("Commit // Memory").ask(s).count("n")
    assert c.number == 1 and "709.2" in rules(c)


def test_case_a16_tarmogoyf_counts_instant_and_sorcery(kb):
    # Case A16: in the graveyard Commit // Memory has both halves' card types (709.4, 709.4c): instant
    # and sorcery, plus land from the land card — 3 types, Tarmogoyf is 3/4 (604.3).
    s = game()
    s.add_object("goyf", "Tarmogoyf", "battlefield", "a")
    # card-derived later: Tarmogoyf's */1+* text is unread (card_unparsed); its 604.3 ability as input.
    s.power_toughness_from_graveyard_card_types("goyf", toughness_plus=1)
    s.add_object("cm", "Commit // Memory", "graveyard", "a")
    s.add_object("land", "Forest", "graveyard", "b")
    (pt,) = kb("Commit // Memory", "Tarmogoyf", "Forest").ask(s).derived("defined_power_toughness")
    assert pt.args == ("goyf", "3", "4") and {"604.3", "709.4c", "205.2a"} <= rules(pt)


@pytest.mark.parametrize("face,allowed", [(1, True), (2, True)])
def test_fire_ice_two_faces_at_instant_speed(kb, face, allowed):
    # 709.3, 117.1a: Fire and Ice are instants; A chooses one half to cast.
    s = game()
    s.add_object("fi", "Fire // Ice", "hand", "a")
    o = one(kb("Fire // Ice").ask(s), "fi", face=face)
    assert o.allowed is allowed and "709.3a" in rules(o)


def test_there_theyre_their_three_faces_from_hand(kb):
    # 709.3 generalized to three faces: three options from the hand at instant speed.
    t = "There // They're // Their"
    s = game()
    s.add_object("t", t, "hand", "a")
    assert [o.face_name for o in kb(t).ask(s).cast_options("t") if o.allowed] == ["There", "They're", "Their"]


# --------------------------------------------------------------------------- B: flash cases


def timely_ward_state(**turn):
    s = game(**turn)
    s.add_object("tw", "Timely Ward", "hand", "a")
    s.add_object("cmdr", "Grizzly Bears", "battlefield", "a")
    s.add_object("other", "Memnite", "battlefield", "a")
    s.designate("cmdr", "commander")
    # Timely Ward's own "You may cast this spell as though it had flash if it targets a commander."
    # (113.6e: it functions in the hand; card_effects.lp): a 601.3b choice, targets_designation(commander).
    return s


def test_case_b02_timely_ward_at_instant_speed_only_targeting_a_commander(kb):
    # Case B02: in the opponent's declare blockers step A may begin casting Timely Ward (601.3b);
    # targeting the commander is legal, targeting another creature is rewound (601.5).
    s = timely_ward_state(step="declare_blockers", phase="combat")
    s.propose("cmdr_target", "a", "tw", targets=("cmdr",))
    s.propose("other_target", "a", "tw", targets=("other",))
    answers = kb("Timely Ward", "Grizzly Bears", "Memnite").ask(s)
    assert one(answers, "tw").allowed and "601.3b" in rules(one(answers, "tw"))
    assert [d.args for d in answers.derived("proposal_legal")] == [("cmdr_target",)]
    (bad,) = answers.derived("proposal_illegal")
    assert bad.args == ("other_target", "flash_requirement_not_met") and {"601.5", "601.3b"} <= rules(bad)


def test_case_b02_at_sorcery_timing_any_creature(kb):
    s = timely_ward_state(active="a", phase="precombat_main", step=None)
    s.propose("other_target", "a", "tw", targets=("other",))
    assert [d.args for d in kb("Timely Ward", "Grizzly Bears", "Memnite").ask(s).derived("proposal_legal")] == [("other_target",)]


def test_case_b04_aluren_does_not_cover_hypergenesis(kb):
    # Case B04: Aluren's free, flash-speed cast is for creature spells with mana value 3 or less;
    # Hypergenesis is a sorcery (601.3: the permission does not apply), and cast normally it needs
    # sorcery timing (117.1a, 307.1) and has an unpayable cost (118.6, 202.1b).
    # Aluren's own text on the battlefield (card_effects.lp): one permission, ability_effect(al, 1, 1).
    s = game()
    s.add_object("h", "Hypergenesis", "hand", "a")
    s.add_object("al", "Aluren", "battlefield", "a", controller="a")
    answers = kb("Hypergenesis", "Aluren").ask(s)
    opts = answers.cast_options("h")
    assert [(o.source, o.allowed, o.reasons) for o in opts] == [("rules", False, ("timing",))]
    (refusal,) = answers.cast_verdicts("h")
    assert refusal.permission == "ability_effect(al,1,1)" and refusal.reason == "lacks_card_type(creature)"
    s2 = own_main_phase()
    s2.add_object("h", "Hypergenesis", "hand", "a")
    s2.add_object("al", "Aluren", "battlefield", "a", controller="a")
    opt = one(kb("Hypergenesis", "Aluren").ask(s2), "h")
    assert not opt.allowed and opt.reasons == ("unpayable_cost",) and "118.6" in rules(opt)


ARMOR_OWN_FLASH = f"as_though_flash({ability_effect('at', 1, 1)})"  # its own ability 1, group 1 (card_effects.lp)


def armor_of_thorns_answers(kb, s: GameState):
    s.add_object("bear", "Grizzly Bears", "battlefield", "a")
    return kb("Armor of Thorns", "Vedalken Orrery", "Grizzly Bears", "Bloodbraid Elf", "Lightning Bolt").ask(s)


def sacrifice(answers, proposal):
    """(True/False, reason, rules) of the sacrifice answer for the proposal, or None if there is none."""
    yes = [d for d in answers.derived("sacrifice_at_cleanup") if d.args[0] == proposal]
    no = [d for d in answers.derived("no_sacrifice_at_cleanup") if d.args[0] == proposal]
    assert len(yes) + len(no) <= 1
    return (True, None, rules(yes[0])) if yes else (False, no[0].args[2], rules(no[0])) if no else None


def test_case_b08_a_armor_of_thorns_not_sacrificed_when_cast_through_the_orrery(kb):
    # Case B08 (a): opponent's turn; both Vedalken Orrery's "You may cast spells as though they had
    # flash" and Armor of Thorns's own ability let A cast it (609.4, 609.4a). A sorcery couldn't have
    # been cast (307.5a), but the card's ruling (2009-10-01; Necromancy 2022-12-08) sacrifices it only
    # when cast using its own ability: through the Orrery, no sacrifice; through its own, sacrificed.
    s = game()
    s.add_object("at", "Armor of Thorns", "hand", "a")
    s.add_object("orr", "Vedalken Orrery", "battlefield", "a")
    s.propose("orrery", "a", "at", targets=("bear",), timing=f"as_though_flash({ability_effect('orr', 1, 1)})")
    s.propose("own", "a", "at", targets=("bear",), timing=ARMOR_OWN_FLASH)
    answers = armor_of_thorns_answers(kb, s)
    assert {d.args for d in answers.derived("proposal_legal")} == {("orrery",), ("own",)}
    assert sacrifice(answers, "orrery") == (False, "not_cast_through_its_own_ability", {"307.5a", "609.4"})
    assert sacrifice(answers, "own") == (True, None, {"307.5a", "603.7a", "609.4"})


def test_case_b08_b_at_sorcery_timing_never_sacrificed(kb):
    # Case B08 (b): A's main phase, empty stack, A has priority: a sorcery could have been cast (307.5a),
    # so even cast with its own permission it is not sacrificed; a timing it doesn't have now is illegal
    # (601.3, 601.5: no priority-free "during resolution" here).
    s = own_main_phase()
    s.add_object("at", "Armor of Thorns", "hand", "a")
    s.propose("sorcery", "a", "at", targets=("bear",), timing="sorcery_timing")
    s.propose("own", "a", "at", targets=("bear",), timing=ARMOR_OWN_FLASH)
    s.propose("resolving", "a", "at", targets=("bear",), timing="during_resolution")
    answers = armor_of_thorns_answers(kb, s)
    assert sacrifice(answers, "sorcery") == (False, "cast_when_sorcery_could_have_been", {"307.5a"})
    assert sacrifice(answers, "own")[:2] == (False, "cast_when_sorcery_could_have_been")
    (bad,) = answers.derived("proposal_illegal")
    assert bad.args == ("resolving", "timing_not_allowed(during_resolution)") and {"601.3", "601.5"} <= rules(bad)


def test_case_b08_c_cast_during_a_cascade_resolution_not_sacrificed(kb):
    # Case B08 (c): during the resolution of Bloodbraid Elf's cascade trigger (no one has priority, the
    # Elf is on the stack: a sorcery couldn't have been cast, 307.5a) A casts it from exile without
    # paying its mana cost because cascade lets A (608.2g) — not through its own ability (ruling): no
    # sacrifice; its own permission is no way to cast it now (no priority, 117.1a).
    s = game(active="a", phase="precombat_main", step=None, priority=None)
    s.add_object("at", "Armor of Thorns", "exile", "a")
    s.add_object("bbe", "Bloodbraid Elf", "stack", "a")
    # card-derived later: cascade (702.85a) is read as a keyword only.
    s.permit_cast("cascade", "a", "exile", source="bbe", during_resolution=True, without_paying_mana_cost=True,
                  mana_value_at_most=3)
    s.propose("cascade", "a", "at", method="without_paying_mana_cost", targets=("bear",), timing="during_resolution")
    s.propose("own", "a", "at", method="without_paying_mana_cost", targets=("bear",), timing=ARMOR_OWN_FLASH)
    answers = armor_of_thorns_answers(kb, s)
    assert sacrifice(answers, "cascade") == (False, "not_cast_through_its_own_ability", {"307.5a", "608.2g"})
    assert [d.args[0] for d in answers.derived("proposal_illegal")] == ["own"]


def test_case_b08_contrast_own_permission_with_a_spell_on_the_stack_is_sacrificed(kb):
    # Case B08, contrast: A's main phase while Lightning Bolt is on the stack: a sorcery couldn't have
    # been cast (307.5a: another object on the stack); cast with its own permission, it is sacrificed
    # at the beginning of the next cleanup step (603.7a: a delayed trigger created by the static ability).
    s = own_main_phase()
    s.add_object("at", "Armor of Thorns", "hand", "a")
    s.add_object("bolt", "Lightning Bolt", "stack", "b", controller="b")
    s.propose("own", "a", "at", targets=("bear",), timing=ARMOR_OWN_FLASH)
    answers = armor_of_thorns_answers(kb, s)
    assert sacrifice(answers, "own") == (True, None, {"307.5a", "603.7a", "609.4"})
    # Without saying which permission it uses, the answer is not given (both could apply).
    s2 = own_main_phase()
    s2.add_object("at", "Armor of Thorns", "hand", "a")
    s2.add_object("bolt", "Lightning Bolt", "stack", "b", controller="b")
    s2.propose("unsaid", "a", "at", targets=("bear",))
    assert sacrifice(armor_of_thorns_answers(kb, s2), "unsaid") is None


SCOUTS_WARNING_CARDS = ("Dryad Arbor", "Scout's Warning", "Forest")


def scouts_warning_state(active: str, lands_played: int = 0) -> GameState:
    s = game(active=active, phase="combat", step="beginning_of_combat", priority="a")
    s.add_object("da", "Dryad Arbor", "hand", "a")
    s.add_object("sw", "Scout's Warning", "graveyard", "a")
    if lands_played:
        # 305.2a: a played a Forest earlier this turn (no creature card: 701.18b, it doesn't use up
        # Scout's Warning, which resolved after it anyway).
        s.add_object("forest", "Forest", "battlefield", "a")
        s.record_land_played("a", "forest")
        s.set_lands_played("a", lands_played)
    # 611.2, 611.2f: Scout's Warning, cast by a, resolved earlier this turn (608.2n: now in the
    # graveyard): "The next creature card you play this turn can be played as though it had flash."
    s.record_cast("a", "sw")
    s.record_resolution("sw", "a")
    return s


@pytest.mark.parametrize("case,active,lands_played,allowed,reasons,deciding", [
    # (a) 702.8a, 609.4: own turn, beginning of combat, no land played: the flash permission lifts
    # the main-phase/empty-stack timing of 305.1.
    ("a", "a", 0, True, (), {"305.1", "116.2a", "702.8a", "609.4", "305.9", "611.2", "611.2f", "701.18b"}),
    # (b) 305.3: never if it isn't A's turn, for any reason.
    ("b", "b", 0, False, ("not_your_turn",), {"305.3"}),
    # (c) 305.2b: no land play left, for any reason.
    ("c", "a", 1, False, ("no_land_play_available",), {"305.2b"}),
])
def test_case_b09_dryad_arbor_with_scouts_warning(kb, case, active, lands_played, allowed, reasons, deciding):
    answers = kb(*SCOUTS_WARNING_CARDS).ask(scouts_warning_state(active, lands_played))
    (play,) = answers.land_plays("da")
    assert (play.allowed, play.reasons) == (allowed, reasons) and deciding <= rules(play)
    # 305.9, 116.2a: a land is never cast — playing it is a special action, not a spell.
    assert answers.cast_options("da") == []


def test_case_b09_without_the_permission_only_the_main_phase(kb):
    # 305.1, 116.2a: without Scout's Warning, the beginning of combat is no time to play a land.
    s = game(active="a", phase="combat", step="beginning_of_combat", priority="a")
    s.add_object("da", "Dryad Arbor", "hand", "a")
    (play,) = kb("Dryad Arbor").ask(s).land_plays("da")
    assert (play.allowed, play.reasons) == (False, ("timing",)) and "305.1" in rules(play)


@pytest.mark.parametrize("card", ["Bane of the Living", "Sagu Mauler"])
def test_case_b10_face_down_morph_is_colorless_for_liberator(kb, card):
    # Case B10: opponent's end step. 702.37c, 708.4, 601.3e: cast face down (face 0), the spell is a
    # 2/2 creature with no mana cost — colorless (202.2b) — so Liberator's "You may cast colorless
    # spells ... as though they had flash" (609.4) applies; A pays {3} rather than its mana cost (118.9).
    # Face up, the black (Bane) or green-blue (Sagu Mauler) card waits for A's main phase (117.1a).
    s = game()
    s.add_object("m", card, "hand", "a")
    s.add_object("lib", "Liberator, Urza's Battlethopter", "battlefield", "a", controller="a")
    s.propose("down", "a", "m", face=0, method="morph")
    answers = kb(card, "Liberator, Urza's Battlethopter").ask(s)
    down = one(answers, "m", face=0)
    assert (down.allowed, down.method, down.face_name) == (True, "morph", "")
    assert {"702.37c", "708.4", "601.3e", "609.4"} <= rules(down)
    up = one(answers, "m", face=1)
    assert not up.allowed and up.reasons == ("timing",)
    assert [d.args for d in answers.derived("total_cost")] == [("down", "3", "0")]


def test_case_b10_soldier_of_the_pantheon_does_not_trigger_for_the_face_down_spell(kb):
    # Case B10: Sagu Mauler ({4}{G}{U}) is multicolored face up (105.2b); cast face down it is a colorless
    # spell (708.4: effects that care about a spell's characteristics see only the face-down ones), so
    # Soldier of the Pantheon's "Whenever an opponent casts a multicolored spell" does not trigger
    # (601.2i, 603.2). Contrast: cast face up, it triggers.
    k = kb("Sagu Mauler", "Soldier of the Pantheon")
    verdicts = {}
    for face in (0, 1):
        s = game()
        s.add_object("sm", "Sagu Mauler", "stack", "a", cast_face=face)
        s.add_object("sol", "Soldier of the Pantheon", "battlefield", "b")
        s.cast_spell("cast", "a", "sm")
        answers = k.ask(s)
        verdicts[face] = ([d.args for d in answers.derived("triggers")], [d for d in answers.derived("not_triggered")],
                          answers.mana_value("sm").value)
    assert verdicts[1][0] == [("cast", "sol", "2")] and verdicts[1][1] == [] and verdicts[1][2] == 6
    (no,) = verdicts[0][1]
    assert verdicts[0][0] == [] and no.args == ("cast", "sol", "2", "color(multicolored)")
    assert {"708.4", "105.2b", "202.2b", "603.2"} <= rules(no)
    assert verdicts[0][2] == 0  # 708.2, 202.3a: no mana cost


def test_case_b10_liberator_colorless_quality_face_up_does_not_apply(kb):
    # 202.2, 609.4: face up, Bane of the Living ({2}{B}{B}) is black, so "colorless spells as though
    # they had flash" does not apply; Memnite ({0}) is colorless, so it does.
    s = game()
    s.add_object("bane", "Bane of the Living", "hand", "a")
    s.add_object("mem", "Memnite", "hand", "a")
    s.add_object("lib", "Liberator, Urza's Battlethopter", "battlefield", "a", controller="a")
    answers = kb("Bane of the Living", "Memnite", "Liberator, Urza's Battlethopter").ask(s)
    assert not one(answers, "bane", face=1).allowed
    assert one(answers, "mem").allowed


# --------------------------------------------------------------------------- E: casting


def test_case_e04_kicker_with_flashback(kb):
    # Case E04: kicker is an additional cost (118.8a) and may be added to the flashback cost (118.9d).
    s = game()
    s.add_object("bl", "Burst Lightning", "graveyard", "a")
    snapcaster_flashback(s, "bl")
    s.propose("p", "a", "bl", method="flashback", additional_costs=("kicker",))
    assert [d.args for d in kb("Burst Lightning").ask(s).derived("proposal_legal")] == [("p",)]


@pytest.mark.parametrize("has_land", [False, True])
def test_case_e04_deprive_still_needs_its_land(kb, has_land):
    # Case E04: Deprive's "As an additional cost to cast this spell, return a land you control to its
    # owner's hand" (spell_additional_cost, read by the grammar) is part of the total cost (118.8,
    # 601.2f) also when the flashback cost is paid instead of the mana cost (118.9d, 702.34a).
    # Without a land to return it can't be paid (118.3, 601.2h): the proposal is illegal (601.5).
    s = game()
    s.add_object("dp", "Deprive", "graveyard", "a")
    if has_land:
        s.add_object("isl", "Island", "battlefield", "a")
    snapcaster_flashback(s, "dp")
    s.propose("p", "a", "dp", method="flashback")
    answers = kb("Deprive", "Island").ask(s)
    (required,) = answers.derived("required_additional_cost")
    assert required.args == ("p", "return_to_hand(land,1)") and {"118.8", "118.9d", "601.2f"} <= rules(required)
    opt = one(answers, "dp")
    if has_land:
        assert [d.args for d in answers.derived("proposal_legal")] == [("p",)] and opt.allowed
    else:
        (bad,) = answers.derived("proposal_illegal")
        assert bad.args == ("p", "additional_cost_unpayable(return_to_hand(land,1))")
        assert {"118.8", "601.2h", "118.9d"} <= rules(bad)
        assert (opt.allowed, opt.reasons) == (False, ("unpayable_cost",)) and "118.8" in rules(opt)


def stack_state(obj: str, card: str, method: str) -> GameState:
    """A's spell ``obj`` on the stack, cast by ``method``; B holds priority."""
    s = game(active="a", phase="precombat_main", step=None, priority="b")
    s.add_object(obj, card, "stack", "a")
    s.set_cast_method(obj, method)
    return s


@pytest.mark.parametrize("how", ["countered", "krark", "narsets_reversal"])
def test_case_e05_flashback_spell_is_exiled_wherever_it_would_go(kb, how):
    # Case E05, 702.34a: the flashback cost was paid, so the card is exiled instead of going anywhere
    # else any time it would leave the stack (614.1a) — to the graveyard (countered, 701.6a) or to
    # the hand (Krark's lost flip, Narset's Reversal) alike.
    s = stack_state("dr", "Dread Return", "flashback")
    if how == "countered":
        s.counter("ev", "dr")
    else:
        # card-derived later: Krark's "return that spell to its owner's hand" and Narset's Reversal's
        # "then return it to its owner's hand" are unread text (card_unparsed).
        s.move("ev", "dr", "hand")
    (to,) = kb("Dread Return").ask(s).derived("leaves_stack_to")
    assert to.args == ("dr", "ev", "exile") and {"702.34a", "614.1a"} <= rules(to)
    assert ("701.6a" in rules(to)) is (how == "countered")


def test_case_e05_without_flashback_a_countered_spell_goes_to_the_graveyard(kb):
    # 701.6a: the same spell cast normally goes to its owner's graveyard (400.3).
    s = stack_state("dr", "Dread Return", "normal")
    s.counter("ev", "dr")
    (to,) = kb("Dread Return").ask(s).derived("leaves_stack_to")
    assert to.args == ("dr", "ev", "graveyard") and {"701.6a", "400.3"} <= rules(to)


def arcanist_state() -> GameState:
    s = stack_state("opt", "Opt", "without_paying_mana_cost")
    s.add_object("arc", "Dreadhorde Arcanist", "battlefield", "a")
    # card-derived later: Arcanist's "If that spell would be put into your graveyard, exile it instead."
    s.replace_zone_change("arcanist", "opt", "graveyard", "exile")
    return s


def test_case_e06_remand_returns_arcanist_spell_to_hand(kb):
    # Case E06: Remand's "put it into its owner's hand instead of into that player's graveyard" is part
    # of its own counter instruction (608.2c; a self-replacement effect, 614.15, applied first,
    # 616.1a): Opt never would be put into the graveyard, so Arcanist's replacement (614.1a) doesn't apply.
    s = arcanist_state()
    s.counter("remand", "opt")
    s.self_replacement("remand", "graveyard", "hand")  # card-derived later: Remand's second sentence
    (to,) = kb("Opt", "Dreadhorde Arcanist").ask(s).derived("leaves_stack_to")
    assert to.args == ("opt", "remand", "hand") and {"701.6a", "614.1a", "614.15"} <= rules(to)


@pytest.mark.parametrize("method,counter,zone", [
    # 614.1a: a plain counter (701.6a) would put it into the graveyard: Arcanist exiles it instead.
    ("without_paying_mana_cost", "plain", "exile"),
    # 702.34a: the contrast — with flashback the card is exiled even from Remand's way to the hand.
    ("flashback", "remand", "exile"),
])
def test_case_e06_contrasts(kb, method, counter, zone):
    s = stack_state("opt", "Opt", method)
    if method != "flashback":
        s.replace_zone_change("arcanist", "opt", "graveyard", "exile")
    s.counter("c", "opt")
    if counter == "remand":
        s.self_replacement("c", "graveyard", "hand")
    (to,) = kb("Opt").ask(s).derived("leaves_stack_to")
    assert to.args == ("opt", "c", zone) and "614.1a" in rules(to)


@pytest.mark.parametrize("x,legal", [(0, True), (2, False)])
def test_case_e07_jodah_alternative_cost_forces_x_zero(kb, x, legal):
    # Case E07, 107.3b: paying Jodah's {W}{U}{B}{R}{G} (an alternative cost without X) instead of
    # Aether Tide's {X}{U}: the only legal X is 0.
    # Jodah's own text on the battlefield (card_effects.lp): the alternative cost of its ability 2 is
    # named alternative_cost(jodah,2).
    s = own_main_phase()
    s.add_object("at", "Aether Tide", "hand", "a")
    s.add_object("jodah", "Jodah, Archmage Eternal", "battlefield", "a", controller="a")
    jodah = "alternative(alternative_cost(jodah,2))"
    s.propose("p", "a", "at", method=jodah, x=x)
    answers = kb("Aether Tide", "Jodah, Archmage Eternal").ask(s)
    (zero,) = [d for d in answers.derived("x_must_be_zero") if d.args[2] == jodah]
    assert zero.args == ("at", "1", jodah) and "107.3b" in rules(zero)
    if legal:
        assert [d.args for d in answers.derived("proposal_legal")] == [("p",)]
    else:
        # also 118.8, 601.2h: A's hand holds no creature card for "discard X creature cards" with X = 2.
        illegal = {d.args[1]: d for d in answers.derived("proposal_illegal")}
        assert set(illegal) == {"x_not_zero", "additional_cost_unpayable(discard(x,card_type(creature)))"}
        assert "107.3b" in rules(illegal["x_not_zero"])


def test_case_e08_splice_still_paid_with_omniscience(kb):
    # Case E08: cast free with Omniscience (an alternative cost, 118.9), Lava Spike still needs
    # Desperate Ritual's splice cost {1}{R}: an additional cost (702.47a, 118.8) added to the
    # alternative cost (118.9d) in the total cost (601.2f).
    s = splice_state()
    s.add_object("omni", "Omniscience", "battlefield", "a", controller="a")  # its own text (card_effects.lp)
    s.propose("p", "a", "ls", method="without_paying_mana_cost", splice=("dr",))
    answers = kb(*SPLICE, "Omniscience").ask(s)
    assert [d.args for d in answers.derived("proposal_legal")] == [("p",)]
    (cost,) = answers.derived("total_cost")
    assert cost.args == ("p", "2", "0") and {"702.47a", "118.8", "118.9d", "601.2f"} <= rules(cost)


def test_case_e10_snapcaster_on_ancestral_vision_is_unpayable(kb):
    # Case E10: the granted flashback cost equals a mana cost that doesn't exist: unpayable (118.6).
    s = own_main_phase()
    s.add_object("av", "Ancestral Vision", "graveyard", "a")
    snapcaster_flashback(s, "av")
    opt = one(kb("Ancestral Vision").ask(s), "av")
    assert opt.method == "flashback" and not opt.allowed and opt.reasons == ("unpayable_cost",)
    assert {"118.6", "702.34a"} <= rules(opt)


def test_case_e12_bane_of_the_living_x_chosen_when_turned_face_up(kb):
    s = own_main_phase()
    s.add_object("bane", "Bane of the Living", "battlefield", "a")
    (x,) = kb("Bane of the Living").ask(s).derived("special_action_x_chosen_before_paying")
    assert x.args == ("a", "bane", "morph") and "107.3d" in rules(x)


def test_case_e14_bring_to_light_at_converge_5_cannot_find_the_reaper():
    # The Reaper, King No More is not in the shared card data; the case gives its mana cost
    # {2/B}{2/R}{2/G}, so it is written here in the plain-text card format. 202.3f: each
    # monocolored hybrid symbol counts its largest component, 2: mana value 6 > 5.
    from pyrules.inputs.cards import cards_from_text

    reaper = cards_from_text("The Reaper, King No More\n{2/B}{2/R}{2/G}\nLegendary Creature\n", "<case E14>")
    s = game()
    s.add_object("r", "The Reaper, King No More", "library", "a")
    s.search("bring_to_light", "a", "library", card_types=("creature", "instant", "sorcery"), mana_value_at_most=5)
    answers = KnowledgeBase(reaper).ask(s)
    assert answers.mana_value("r").value == 6
    (verdict,) = answers.search_verdicts("bring_to_light")
    assert not verdict.found and verdict.reason == "mana value 6 is more than 5"


@pytest.mark.parametrize("destroyed", [True, False])
def test_case_e15_entwined_spell_with_illegal_target_does_not_resolve(kb, destroyed):
    # Case E15: a casts Abuna's Chant entwined (both modes), targeting b's creature with the prevention
    # mode; the creature is destroyed before it resolves. 608.2b: its only target left the battlefield,
    # so the whole spell doesn't resolve — the untargeted life-gain mode included — and it goes to a's
    # graveyard. Contrast: the creature still there gives no verdict here (608.2b's other checks).
    s = game()
    s.add_object("ac", "Abuna's Chant", "stack", "a")
    s.add_object("gb", "Grizzly Bears", "graveyard" if destroyed else "battlefield", "b")
    s.target("ac", "gb", "battlefield")
    s.begin_resolving("r", "ac")
    answers = kb("Abuna's Chant", "Grizzly Bears").ask(s)
    assert answers.derived("resolves") == []
    if destroyed:
        (no,) = answers.derived("doesnt_resolve")
        assert no.args == ("r", "ac", "all_targets_illegal") and "608.2b" in rules(no)
        (gone,) = answers.derived("leaves_stack_to")
        assert gone.args == ("ac", "r", "graveyard") and {"608.2b", "400.3"} <= rules(gone)
    else:
        assert answers.derived("doesnt_resolve") == []
        assert [d.args for d in answers.derived("resolution_undecided")] == [("r", "ac", "target_still_in_zone(gb)")]


def test_case_e15_a_spell_without_targets_resolves(kb):
    # 608.2b: only a spell that specifies targets checks them; chosen for life gain alone, it resolves.
    s = game()
    s.add_object("ac", "Abuna's Chant", "stack", "a")
    s.begin_resolving("r", "ac")
    (yes,) = kb("Abuna's Chant").ask(s).derived("resolves")
    assert yes.args == ("r", "ac") and "608.2b" in rules(yes)


def test_case_e16_izzet_charm_only_the_loot_mode(kb):
    # Case E16: empty stack, no creatures: mode 2 has no creature to target (700.2a, 109.2); mode 1 has
    # no other spell to target — Izzet Charm is on the stack as modes are chosen (601.2a) but is an
    # illegal target for itself (115.5); only the loot mode may be chosen.
    s = game()
    s.add_object("ic", "Izzet Charm", "hand", "a")
    s.propose("loot", "a", "ic", modes=(3,))
    s.propose("counter", "a", "ic", modes=(1,))
    answers = kb("Izzet Charm").ask(s)
    assert [d.args for d in answers.derived("mode_option")] == [("a", "ic", "1", "3")]
    no = {d.args[3]: d for d in answers.derived("mode_not_choosable")}
    assert set(no) == {"1", "2"} and all(d.args[4] == "no_legal_target" for d in no.values())
    assert {"700.2a", "601.2a", "601.2b", "601.2c", "115.5"} <= rules(no["1"])
    assert {"700.2a", "109.2"} <= rules(no["2"])
    assert [d.args for d in answers.derived("proposal_legal")] == [("loot",)]
    (bad,) = answers.derived("proposal_illegal")
    assert bad.args == ("counter", "mode_not_choosable(1)") and {"700.2a", "115.5"} <= rules(bad)


def test_case_e16_with_a_creature_and_a_spell_every_mode(kb):
    # 700.2a: with a creature on the battlefield and another (noncreature) spell on the stack, each mode
    # has a legal target.
    s = game()
    s.add_object("ic", "Izzet Charm", "hand", "a")
    s.add_object("gb", "Grizzly Bears", "battlefield", "b")
    s.add_object("div", "Divination", "stack", "b")
    answers = kb("Izzet Charm", "Grizzly Bears", "Divination").ask(s)
    assert [d.args[3] for d in answers.derived("mode_option")] == ["1", "2", "3"]
    assert answers.derived("mode_not_choosable") == []


def test_unknown_card_is_a_query_error(kb):
    # Errors for user input: a state naming a card that was not loaded.
    s = game()
    s.add_object("x", "No Such Card", "hand", "a")
    with pytest.raises(QueryError):
        kb("Lightning Bolt").ask(s)
