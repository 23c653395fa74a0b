"""Judge cases of topics C (damage), D (attack and tap) and F (tokens) from shared/cases/cases.jsonl,
in our own words, on the outcomes rule base (issue 6). Rule numbers: the CR effective 2026-04-17.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_outcomes_rules import KNOWN_GAPS, creature, game, gap, kb, keyword_counters, only, rules  # noqa: F401


def test_case_c03_wither_lifelink_deathtouch_against_a_5_5(kb, game, cases):
    # 120.3d, 120.3f, 702.2b, 704.5h: Kulrath Knight (3/3 wither) with lifelink and deathtouch counters
    # is blocked by Colossapede (5/5, no abilities): three -1/-1 counters, no marked damage, a gains 3,
    # and the blocker is still destroyed for deathtouch damage.
    assert cases["C03"]["topic"] == "C-damage"
    creature(game, "k", "Kulrath Knight", "a")
    game.add_keyword_counters("k", "lifelink")
    game.add_keyword_counters("k", "deathtouch")
    creature(game, "c", "Colossapede", "b")
    game.deal_damage("combat", "k", "c", 3, combat=True)
    out = kb.ask(game).outcomes()
    assert out.counters("c", "-1/-1") == 3 and out.damage_marked("c") == 0 and out.toughness("c") == 2
    assert out.life("a") == 23
    assert {"120.3f", "702.15b"} <= rules(only(out.damage_results(), result="gain_life"))
    assert {"704.5h", "702.2b"} <= rules(out.sba("destroyed", "c"))


def test_case_c04_infect_damage_puts_counters_by_the_sources_controller(kb, game):
    # 702.90c, 120.3d: Blight Mamba's damage to a 3/3 is -1/-1 counters that a (its controller) puts.
    creature(game, "m", "Blight Mamba", "a")
    creature(game, "g", "Hill Giant", "b")
    game.deal_damage("combat", "m", "g", 1, combat=True)
    r = only(kb.ask(game).outcomes().damage_results())
    assert (r.result, r.player, r.counter) == ("put_counters", "a", "-1/-1") and "702.90c" in rules(r)


def test_case_c04_hapatra_triggers_on_infect_counters(kb, game, cases):
    # 702.90c, 120.3d, 122.6, 603.2: a puts the -1/-1 counter, so Hapatra's "Whenever you put one or
    # more -1/-1 counters on a creature" triggers; 603.3a, 111.2: a creates the Snake as it resolves.
    assert "Hapatra triggers: A creates a Snake" in cases["C04"]["answer"]
    creature(game, "h", "Hapatra, Vizier of Poisons", "a")
    creature(game, "m", "Blight Mamba", "a")
    creature(game, "g", "Hill Giant", "b")
    game.deal_damage("combat", "m", "g", 1, combat=True)
    out = kb.ask(game).outcomes()
    assert [t.args[1] for t in out.results("triggers")] == ["h"]
    (snake,) = out.triggered_tokens()
    assert (snake.player, snake.count, snake.subtypes, snake.keywords) == ("a", 1, ("Snake",), ("deathtouch",))


def test_case_c05_phyrexian_unlife_turns_bolt_into_poison(kb, game):
    # 120.3b, 702.90b, 704.5c: at -2 life with Phyrexian Unlife, Bolt's 3 damage is 3 poison counters;
    # 7 + 3 = 10: a loses; the life total stays -2 (which alone doesn't lose: 104.3b).
    text = kb.card("Phyrexian Unlife").faces[0].oracle_text
    assert "all damage is dealt to you as though its source had infect" in text
    game.set_life("a", -2)
    game.set_poison("a", 7)
    game.add_object("unlife", "Phyrexian Unlife", "battlefield", "a", controller="a")
    game.doesnt_lose_for_life("a")
    game.damage_as_though_infect("a", life_at_most=0)
    game.add_object("bolt", "Lightning Bolt", "stack", "b", controller="b")
    game.deal_damage("e", "bolt", "a", 3)
    out = kb.ask(game).outcomes()
    r = only(out.damage_results())
    assert (r.result, r.player, r.amount) == ("poison_counters", "b", 3) and "120.3b" in rules(r)
    assert out.poison("a") == 10 and out.life("a") == -2
    assert "704.5c" in rules(out.sba("loses_game", "a"))
    assert "704.5a" not in rules(out.sba("loses_game", "a"))


def test_case_c06_natures_way_the_creature_is_the_source(kb, game):
    # 120.2b, 702.15b, 702.2b: Nature's Way has a's Vampire Nighthawk (lifelink, deathtouch) deal damage
    # equal to its power (2) to b's 6/4 Craw Wurm: the Wurm is destroyed and a gains 2.
    assert "It deals damage equal to its power" in kb.card("Nature's Way").faces[0].oracle_text
    creature(game, "v", "Vampire Nighthawk", "a")
    creature(game, "w", "Craw Wurm", "b")
    game.deal_damage("way", "v", "w", 2)
    out = kb.ask(game).outcomes()
    assert "120.2b" in rules(only(out.damage_results(), result="gain_life"))
    assert out.life("a") == 22
    assert out.sba("destroyed", "w") is not None


def c09_combat(game, *, marked: int = 0, deathtouch: bool = False, dead=("c1",)):
    # Case C09: a's 3/3 (Hill Giant) with double strike and trample attacks b and is blocked by b's 4/2
    # (Alpine Grizzly) and four 1/1s (Eager Cadet). The first-strike step killed the 4/2 and one 1/1
    # (now in the graveyard); the second combat damage step begins with three 1/1s still blocking.
    creature(game, "x", "Hill Giant", "a")
    game.grant_keyword("e", "x", "double_strike")
    game.grant_keyword("e", "x", "trample")
    if deathtouch:
        game.grant_keyword("e", "x", "deathtouch")
    game.attack("x", "b")
    game.add_object("g", "Alpine Grizzly", "graveyard", "b")
    game.block("g", "x")
    for i in range(1, 5):
        zone = "graveyard" if f"c{i}" in dead else "battlefield"
        game.add_object(f"c{i}", "Eager Cadet", zone, "b", controller="b" if zone == "battlefield" else None)
        game.block(f"c{i}", "x")
    if marked:
        game.mark_damage("c2", marked)
    game.set_combat_damage_step(2, had_first_or_double_strike=["x"])
    return game


def test_case_c09_double_strike_trample_assigns_afresh(kb, game):
    # 510.4, 702.4b: x still has double strike, so it assigns again in the second step; 506.4, 510.1c:
    # only the three 1/1s still on the battlefield are blocking it; 702.19b: each must be assigned
    # lethal damage (1) before anything goes to b, so all 3 go among the 1/1s and b gets 0.
    out = kb.ask(c09_combat(game)).outcomes()
    steps = out.results("assigns_combat_damage")
    # The surviving blockers assign too (they had neither first strike nor double strike); the dead don't.
    assert [o.args for o in steps] == [("c2", "2"), ("c3", "2"), ("c4", "2"), ("x", "2")]
    assert {"510.4", "702.4b"} <= rules(only(steps, args=("x", "2")))
    lethal = out.results("lethal_damage_to_assign")
    assert [o.args for o in lethal] == [("x", f"c{i}", "1") for i in (2, 3, 4)]
    assert all({"702.19b", "506.4"} <= rules(o) for o in lethal)
    (to_b,) = [o for o in out.results("combat_damage_assignment") if o.args[0] == "x"]
    assert to_b.args == ("x", "b", "0") and {"702.19b", "510.4", "702.4b"} <= rules(to_b)
    # 510.1d: each surviving blocker blocks only x and assigns all its damage (1) to it
    blockers = [o for o in out.results("combat_damage_assignment") if o.args[0] != "x"]
    assert [o.args for o in blockers] == [(f"c{i}", "x", "1") for i in (2, 3, 4)]
    assert all("510.1d" in rules(o) for o in blockers)
    assert [o.args for o in out.results("combat_damage_among_blockers")] == [("x", "3")]
    assert out.results("combat_damage_to_attacked_at_most") == []


@pytest.mark.parametrize("marked,deathtouch,excess", [(0, True, 0), (1, False, 0)])
def test_case_c09_lethal_damage_counts_marked_damage_and_deathtouch(kb, game, marked, deathtouch, excess):
    # 702.19b: damage already marked counts toward lethal; 702.2c: with deathtouch 1 is lethal. A 1/1
    # needs 1 either way; give the survivors 2 toughness to see the difference.
    c09_combat(game, marked=marked, deathtouch=deathtouch)
    for i in (2, 3, 4):
        game.add_counters(f"c{i}", "+1/+1", 1)  # 2/2 blockers
    out = kb.ask(game).outcomes()
    lethal = {o.args[1]: int(o.args[2]) for o in out.results("lethal_damage_to_assign")}
    assert lethal == ({"c2": 1, "c3": 1, "c4": 1} if deathtouch else {"c2": 1, "c3": 2, "c4": 2})
    if deathtouch:
        # 3 power, 3 lethal in all: nothing left over for b.
        assert "702.2c" in rules(only(out.results("lethal_damage_to_assign"), args=("x", "c3", "1")))
    assert [o.args for o in out.results("combat_damage_assignment") if o.args[0] == "x"] == [("x", "b", "0")]


def test_case_c09_contrast_excess_tramples_over(kb, game):
    # 702.19b: with only one 1/1 left blocking, 1 is lethal and up to 2 may be assigned to b.
    out = kb.ask(c09_combat(game, dead=("c1", "c3", "c4"))).outcomes()
    assert [o.args for o in out.results("combat_damage_to_attacked_at_most")] == [("x", "b", "2")]
    assert [o for o in out.results("combat_damage_assignment") if o.args[0] == "x"] == []


def tarmogoyf_vs_incinerate(game):
    # Case C10: graveyards hold a creature card and a sorcery card; B's Incinerate resolves, dealing 3.
    creature(game, "goyf", "Tarmogoyf", "a")
    # card-derived later: Tarmogoyf's */1+* text is unread (card_unparsed); its 604.3 ability as input.
    game.power_toughness_from_graveyard_card_types("goyf", toughness_plus=1)
    game.add_object("bears", "Grizzly Bears", "graveyard", "a")
    game.add_object("div", "Divination", "graveyard", "b")
    game.add_object("inc", "Incinerate", "stack", "b")
    game.deal_damage("e", "inc", "goyf", 3)
    return game


def test_case_c10_tarmogoyf_survives_incinerate(kb, game):
    # 608.2n: Incinerate is put into the graveyard as the last part of its resolution, before the
    # state-based actions are checked (704.3): an instant joins the creature and sorcery, Tarmogoyf is
    # 3/4 (604.3) with 3 damage marked — not lethal (120.6, 704.5g).
    game = tarmogoyf_vs_incinerate(game)
    game.resolve("e", "inc")
    out = kb.ask(game).outcomes()
    assert out.toughness("goyf") == 4 and out.damage_marked("goyf") == 3
    assert out.sba("destroyed", "goyf") is None
    (pt,) = out.results("defined_power_toughness")
    assert pt.args == ("goyf", "3", "4") and {"604.3", "608.2n"} <= rules(pt)


def test_case_c10_contrast_the_instant_not_yet_in_the_graveyard_is_lethal(kb, game):
    # 704.5g, 120.6: were Incinerate not yet in the graveyard (the reporter's view), Tarmogoyf would be
    # 2/3 with 3 damage: lethal. (No resolve event: the spell stays on the stack.)
    out = kb.ask(tarmogoyf_vs_incinerate(game)).outcomes()
    assert out.toughness("goyf") == 3
    assert {"704.5g", "120.6"} <= rules(out.sba("destroyed", "goyf"))


def test_case_c12_no_regeneration_window_after_combat_damage(kb, game):
    # 704.3, 510.3, 704.5g: without a shield made beforehand, the Troll is destroyed by the check that
    # happens before anyone gets priority.
    creature(game, "troll", "Lotleth Troll", "a")
    creature(game, "bear", "Grizzly Bears", "b")
    game.add_counters("bear", "+1/+1", 2)  # a 4/4
    game.deal_damage("combat", "bear", "troll", 4, combat=True)
    sba = kb.ask(game).outcomes().sba("destroyed", "troll")
    assert {"704.3", "704.5g"} <= rules(sba)


@pytest.mark.parametrize("blocker,survives", [("Colossapede", True), ("Contagious Nim", False)])
def test_case_c13_blight_mamba_regeneration(kb, game, blocker, survives):
    # 701.19a: regeneration replaces lethal-damage destruction (704.5g); it can't replace 704.5f
    # (toughness 0 or less after the infect blocker's -1/-1 counters, 702.90c).
    creature(game, "m", "Blight Mamba", "a")
    game.regeneration_shield("m")
    creature(game, "x", blocker, "b")
    power = int(kb.card(blocker).faces[0].power)
    game.deal_damage("combat", "x", "m", power, combat=True)
    out = kb.ask(game).outcomes()
    if survives:
        assert out.sba("regenerated", "m") is not None and out.sba("destroyed", "m") is None
    else:
        assert out.toughness("m") == -1
        assert "704.5f" in rules(out.sba("put_into_graveyard", "m"))
        assert out.sba("regenerated", "m") is None


def test_case_c14_hurricane_is_not_redirected_to_a_planeswalker(kb, game):
    # 120.1, 306.8: Hurricane X=3 deals 3 to each player; b's planeswalker keeps its 4 loyalty.
    game.add_object("hur", "Hurricane", "stack", "a", controller="a")
    game.add_object("pw", "Ajani Goldmane", "battlefield", "b", controller="b")
    game.add_counters("pw", "loyalty", 4)
    for p in ("a", "b"):
        game.deal_damage("e", "hur", p, 3)
    out = kb.ask(game).outcomes()
    assert out.life("a") == out.life("b") == 17 and out.counters("pw", "loyalty") == 4
    assert {r.recipient for r in out.damage_results()} == {"a", "b"}


def test_case_c14_damage_to_a_planeswalker_removes_loyalty(kb, game):
    # 120.3c, 306.8, 704.5i: when a planeswalker IS dealt damage (here 4), loyalty goes to 0.
    game.add_object("bolt", "Lightning Bolt", "stack", "a", controller="a")
    game.add_object("pw", "Ajani Goldmane", "battlefield", "b", controller="b")
    game.add_counters("pw", "loyalty", 3)
    game.deal_damage("e", "bolt", "pw", 3)
    out = kb.ask(game).outcomes()
    assert out.counters("pw", "loyalty") == 0 and "704.5i" in rules(out.sba("put_into_graveyard", "pw"))


@pytest.mark.parametrize("counter,has", [(None, False), ("lifelink", True)])
def test_case_c15_reluctant_role_model_lifelink_only_with_the_counter(kb, game, counter, has):
    # 122.1b, 613.1f, 702.15b: naming lifelink counters doesn't give lifelink; the counter does.
    creature(game, "r", "Reluctant Role Model", "a")
    if counter:
        game.add_keyword_counters("r", counter)
    game.deal_damage("combat", "r", "b", 2, combat=True)
    out = kb.ask(game).outcomes()
    assert out.has_keyword("r", "lifelink").allowed == has
    assert out.life("a") == (22 if has else 20)


def test_case_c15_an_infect_counter_is_not_a_keyword_counter(kb, game):
    creature(game, "r", "Reluctant Role Model", "a")
    game.add_keyword_counters("r", "infect")
    assert not kb.ask(game).outcomes().has_keyword("r", "infect").allowed


def test_case_c16_bolt_on_a_siege_removes_defense_and_its_trigger_keeps_it(kb, game):
    # 120.3h, 310.6, 310.11b, 704.5v: 3 damage removes the 3 defense counters; the Siege's trigger
    # is pending, so the 0-defense battle is not put into the graveyard.
    creature(game, "siege", "Invasion of Amonkhet // Lazotep Convert", "a")
    game.add_counters("siege", "defense", 3)
    game.set_protector("siege", "b")
    game.add_object("bolt", "Lightning Bolt", "stack", "a", controller="a")
    game.deal_damage("e", "bolt", "siege", 3)
    out = kb.ask(game).outcomes()
    assert {"120.3h", "310.6"} <= rules(only(out.damage_results()))
    assert out.counters("siege", "defense") == 0
    assert [t.args[1:] for t in out.results("triggers")] == [("siege", "last_defense_counter_removed")]
    assert out.sba("put_into_graveyard", "siege") is None
    assert "704.5v" in rules(only(out.results("battle_kept_by_pending_trigger")))


def test_case_d04_an_extra_beginning_phase_is_not_a_new_turn(kb, game):
    # 302.6, 500.8: a creature cast this turn still can't attack or tap, extra beginning phase or not.
    assert "additional beginning phase" in kb.card("Sphinx of the Second Sun").faces[0].oracle_text
    creature(game, "elf", "Fyndhorn Elves", "a", old=False)
    out = kb.ask(game).outcomes()
    assert out.attack("elf").reasons == ("summoning_sickness",)
    assert not out.activations("elf")[0].allowed


@pytest.mark.parametrize("tapped,allowed,why", [(True, True, ()), (False, False, ("untapped",))])
def test_case_d05_thousand_year_elixir_and_pili_pala(kb, game, tapped, allowed, why):
    # 602.5a, 702.10c (as though haste, 609.4); 107.6: an untapped permanent can't pay {Q}.
    creature(game, "pp", "Pili-Pala", "a", old=False)
    game.may_activate_as_though_haste("a")
    if tapped:
        game.tap("pp")
    (v,) = kb.ask(game).outcomes().activations("pp")
    assert (v.allowed, v.reasons) == (allowed, why)


def test_case_d06_umbral_mantle_q_ability_needs_a_tapped_creature(kb, game):
    # 107.6: the granted "{3}, {Q}" ability can't be activated while the creature is untapped.
    creature(game, "bears", "Grizzly Bears", "a")
    game.activated_ability("bears", "mantle", ["untap"])
    v = kb.ask(game).outcomes().activate("bears", "mantle")
    assert not v.allowed and v.reasons == ("untapped",) and "107.6" in rules(v)


def test_case_d07_instill_energy_attacks_but_does_not_tap(kb, game):
    # 609.4, 702.10b/c: "can attack as though it had haste" lets it attack only; no haste, no {T}.
    creature(game, "elf", "Fyndhorn Elves", "a", old=False)
    game.may_attack_as_though_haste("elf")
    out = kb.ask(game).outcomes()
    assert out.attack("elf").allowed and "609.4" in rules(out.attack("elf"))
    assert not out.activations("elf")[0].allowed
    assert not out.has_keyword("elf", "haste").allowed


def test_case_d08_a_creature_battle_cannot_attack_but_can_be_attacked(kb, game):
    # 508.1a, 310.8b.
    creature(game, "siege", "Invasion of Amonkhet // Lazotep Convert", "a")
    for t in ("artifact", "creature"):
        game.gain_card_type("siege", t)
    game.set_protector("siege", "b")
    out = kb.ask(game).outcomes()
    assert out.attack("siege").reasons == ("battle",)
    assert out.attack_battle("a", "siege").allowed
    assert not out.attack_battle("b", "siege").allowed


def test_case_d09_turned_face_up_it_is_the_same_permanent(kb, game):
    # 702.37e, 708.8, 302.6: controlled continuously since the turn began, so it may attack.
    creature(game, "morph", "Hill Giant", "a", old=True)
    assert kb.ask(game).outcomes().attack("morph").allowed


def test_case_f02_tuktuk_the_returned_keeps_its_name_and_both_subtypes(kb, game):
    # 111.4, 111.9: "create Tuktuk the Returned, a legendary 5/5 colorless Goblin Golem artifact creature token".
    assert "create Tuktuk the Returned, a legendary 5/5 colorless Goblin Golem artifact creature token" in \
        kb.card("Tuktuk the Explorer").faces[0].oracle_text
    game.add_token("t", "a", name="Tuktuk the Returned", subtypes=["Goblin", "Golem"],
                   card_types=["artifact", "creature"], toughness=5)
    out = kb.ask(game).outcomes()
    assert out.token_name("t").args == ("Tuktuk the Returned",) and "111.9" in rules(out.token_name("t"))
    assert out.token_subtypes("t") == ("Goblin", "Golem")


def test_case_f03_a_tarmogoyf_token_has_mana_value_2(kb, game):
    # 111.11, 202.3: a token created by name uses the Oracle card: {1}{G}.
    game.add_token_by_name("t", "Tarmogoyf", "a")
    answers = kb.ask(game)
    mv = answers.mana_value("t")
    assert mv.value == 2 and {"111.11", "202.3"} <= rules(mv)
    assert answers.outcomes().token_name("t").args == ("Tarmogoyf",)


@pytest.mark.parametrize("card, subtypes, toughness", [
    ("Grizzly Bears", ("Bear",), 2),            # issue 13 F03 kin: subtypes were () with no caveat
    ("Tarmogoyf", ("Lhurgoyf",), None),         # */1+*: a characteristic-defining toughness, 604.3
    ("Tuktuk the Returned", ("Goblin", "Golem"), 5),
])
def test_a_token_created_by_name_has_the_oracle_cards_subtypes_and_characteristics(kb_of, game, card, subtypes,
                                                                                      toughness):
    # 111.11: a token created by name uses the Oracle card of that name for its characteristics:
    # its subtypes in printed order (111.4), its toughness (208), its name.
    game.add_token_by_name("t", card, "a")
    out = kb_of(card).ask(game).outcomes()
    assert out.token_subtypes("t") == subtypes
    assert out.token_name("t").args == (card,) and "111.11" in rules(out.token_name("t"))
    assert out.toughness("t") == toughness


def test_a_by_name_token_has_the_cards_keywords_and_a_type_line_unread_is_unknown_not_none(kb_of, game):
    # 111.11: Serra Angel by name is a flying Angel (702.9a). A by-name token whose card has no type
    # line read has subtypes None (unknown, token_subtypes_unknown), never () ("none").
    from pyrules import KnowledgeBase
    from pyrules.inputs.cards import cards_from_json

    game.add_token_by_name("t", "Serra Angel", "a")
    out = kb_of("Serra Angel").ask(game).outcomes()
    assert out.token_subtypes("t") == ("Angel",) and out.has_keyword("t", "flying").allowed
    record = {"name": "Nameless Thing", "type_line": "", "oracle_text": "", "mana_cost": "{1}"}
    game.add_token_by_name("u", "Nameless Thing", "a")
    kb = KnowledgeBase([*cards_from_json([record]), *kb_of("Serra Angel").cards.values()])
    assert kb.ask(game).outcomes().token_subtypes("u") is None


def test_case_f04_faerie_artisans_copies_the_sacrificed_brontodon(kb, game):
    # 111.12, 608.2h: the Brontodon left the battlefield, but the effect uses last known information.
    game.add_object("bronto", "Thrashing Brontodon", "graveyard", "b")
    game.create_token_copy("artisans", "a", "bronto", "battlefield", last_known_information=True)
    v = kb.ask(game).outcomes().token_copy("artisans")
    assert v.allowed and {"111.12", "608.2h"} <= rules(v)


def test_case_f06_chaos_warped_token(kb, game):
    # 111.8, 704.5d: the token shuffled into the library can't be put onto the battlefield again and
    # ceases to exist at the next check; the owner's library is shuffled (701.24a).
    game.add_token("beast", "a", subtypes=["Beast"], card_types=["creature"], toughness=4, zone="library")
    game.shuffle_into_library("warp", "a", {"beast": "library"})
    game.move("reveal", "beast", "battlefield")
    out = kb.ask(game).outcomes()
    assert [o.args for o in out.results("stays_in_zone")] == [("reveal", "beast")]
    assert "704.5d" in rules(out.sba("ceases_to_exist", "beast"))
    assert [o.args for o in out.results("library_shuffled")] == [("warp", "a")]


@pytest.mark.parametrize("transformed", [True, False])
def test_case_f08_transformed_incubator_is_named_phyrexian_token(kb, game, transformed):
    # Case F08: 111.10i — the Incubator token's back face is a 0/0 Phyrexian artifact creature named
    # "Phyrexian Token" (not Scryfall's face name "Phyrexian"); 701.27a, 712.8e — transformed, it has its
    # back face's characteristics; 712.18, 122.1a — the same token, its three +1/+1 counters make it 3/3.
    # Untransformed: an Incubator artifact named "Incubator Token" (111.4), not a creature.
    game.add_predefined_token("inc", "a", "incubator")
    game.add_counters("inc", "+1/+1", 3)
    if transformed:
        game.set_face_up("inc", 2)
    out = kb.ask(game).outcomes()
    name = out.token_name("inc")
    if transformed:
        assert name.args == ("Phyrexian Token",) and {"111.10i", "701.27a", "712.18"} <= rules(name)
        assert out.token_subtypes("inc") == ("Phyrexian",) and out.toughness("inc") == 3
    else:
        assert name.args == ("Incubator Token",) and {"111.4", "111.10i"} <= rules(name)
        assert out.token_subtypes("inc") == ("Incubator",) and out.toughness("inc") is None


@pytest.mark.parametrize("spelled", ["double strike", "Double Strike", "double-strike", "double_strike"])
def test_grant_keyword_takes_the_crs_words_for_the_keyword(kb_of, game, spelled):
    # 702.4a (double strike), 613.1f: a keyword granted in the CR's words ("double strike") is the
    # keyword the rule base names double_strike; it was refused as "not an ASP name".
    game.add_object("gb", "Grizzly Bears", "battlefield", "a")
    game.grant_keyword("e", "gb", spelled)
    out = kb_of("Grizzly Bears").ask(game).outcomes()
    assert out.has_keyword("gb", "double strike").allowed and out.has_keyword("gb", "double_strike").allowed
    assert not out.has_keyword("gb", "first strike").allowed


def test_a_keyword_that_is_no_name_is_refused_naming_the_argument(game):
    from pyrules.errors import StateValueError

    game.add_object("gb", "Grizzly Bears", "battlefield", "a")
    for bad in ("double strike!", "", "été", 3):
        with pytest.raises(StateValueError, match="keyword"):
            game.grant_keyword("e", "gb", bad)


def test_sba_on_a_creature_of_unknown_toughness_is_said_unknown_not_left_silent(kb_of, game):
    # 704.5f, 704.5g need the toughness; Tarmogoyf's is a characteristic-defining */1+* (604.3) the
    # rule base does not compute: the check's answer on it is unknown (sba_unknown), and the ask
    # report says so. Grizzly Bears (2/2) gets no such entry.
    from pyrules.answers.report import report

    game.add_object("goyf", "Tarmogoyf", "battlefield", "a")
    game.add_object("gb", "Grizzly Bears", "battlefield", "a")
    answers = kb_of("Tarmogoyf", "Grizzly Bears").ask(game)
    (entry,) = answers.outcomes().state_based_actions()
    assert (entry.action, entry.subject, entry.detail, entry.strength) == ("unknown", "goyf", "toughness_unknown",
                                                                           "unknown")
    assert {"704.5f", "704.5g"} <= rules(entry)
    assert "unknown: goyf (toughness_unknown)" in report(answers, game, ("sba",))
