"""Outcomes rule base (issue 6) on real card data: damage results (120.3), keyword counters
(122.1b), state-based actions (704.5), attacking and {T}/{Q} abilities (508.1a, 302.6, 602.5a),
tokens (111.4, 111.11, 111.12), Naturalize 2's trackers, expend (700.14), shuffle (701.24c-d),
TL;DR's "abilities other than keywords".

Claims S1-01 … S1-17, S2-02, S2-03, S2-06 … S2-09 (shared/seeds/CLAIMS.md) and the cases of topics
C, D and F (shared/cases/cases.jsonl). Rule numbers: the CR effective 2026-04-17. Card keywords
come from the Oracle-text grammar (face_keyword/3); keyword counters are allowed by the 122.1b list
read from the real CR text.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.inputs.comprehensive_rules import load_comprehensive_rules

#: Cases and claims the rule base cannot pass yet: ID -> reason (each test is xfail(strict=True)).
KNOWN_GAPS: dict[str, str] = {}


def gap(key: str):
    return pytest.mark.xfail(strict=True, reason=KNOWN_GAPS[key])


def rules(answer) -> set[str]:
    return {c.rule for c in answer.citations}


@pytest.fixture(scope="module")
def kb(cards_dir: Path) -> KnowledgeBase:
    """Every Oracle card (compact A-K, L-Z) plus the MB2 (Naturalize 2, TL;DR) and BLB set files."""
    return KnowledgeBase.from_files([cards_dir / "scryfall-sets" / "all_cards_mb2.json",
                                     cards_dir / "scryfall-sets" / "all_cards_blb.json",
                                     cards_dir / "scryfall-oracle-compact-A-K.json",
                                     cards_dir / "scryfall-oracle-compact-L-Z.json"])


@pytest.fixture(scope="module")
def keyword_counters(cr_newest: Path) -> list[str]:
    """The 122.1b list, parsed from the real CR text."""
    return load_comprehensive_rules(cr_newest).catalogs.keyword_counters


@pytest.fixture
def game(keyword_counters) -> GameState:
    """Two players at 20 life; a is the active player; the CR's keyword counter list."""
    s = GameState()
    for p in ("a", "b"):
        s.add_player(p)
        s.set_life(p, 20)
    s.set_turn("a", "combat")
    s.keyword_counter_catalog(keyword_counters)
    return s


def creature(s: GameState, obj: str, card: str, player: str, *, old: bool = True) -> None:
    s.add_object(obj, card, "battlefield", player, controller=player)
    if old:
        s.controlled_since_turn_began(obj)


def only(results, **match):
    found = [r for r in results if all(getattr(r, k) == v for k, v in match.items())]
    assert len(found) == 1, (match, results)
    return found[0]


# ------------------------------------------------------------------------------------ damage ---

def test_s1_01_damage_to_a_player_without_infect_is_life_loss(kb, game):
    # 120.3a: Lightning Bolt (no infect) deals 3 damage to b: b loses 3 life.
    assert "deals 3 damage to any target" in kb.card("Lightning Bolt").faces[0].oracle_text
    game.add_object("bolt", "Lightning Bolt", "stack", "a", controller="a")
    game.deal_damage("e", "bolt", "b", 3)
    out = kb.ask(game).outcomes()
    r = only(out.damage_results("e"))
    assert (r.result, r.amount) == ("lose_life", 3)
    assert "120.3a" in rules(r)
    assert out.life("b") == 17 and out.poison("b") == 0


@pytest.mark.parametrize("card", ["Plague Stinger", "Glistener Elf"])
def test_s1_02_damage_to_a_player_from_infect_is_poison_given_by_the_controller(kb, game, card):
    # 120.3b, 702.90b: 1 combat damage from a 1/1 infect creature: b gets 1 poison counter from a.
    creature(game, "x", card, "a")
    game.deal_damage("combat", "x", "b", 1, combat=True)
    out = kb.ask(game).outcomes()
    r = only(out.damage_results())
    assert (r.result, r.player, r.amount) == ("poison_counters", "a", 1)
    assert {"120.3b", "702.90b"} <= rules(r)
    assert out.life("b") == 20 and out.poison("b") == 1


@pytest.mark.parametrize("card,wither_rule", [("Kulrath Knight", "702.80a"), ("Boggart Ram-Gang", "702.80a"),
                                              ("Plague Stinger", "702.90c")])
def test_s1_03_damage_to_a_creature_from_wither_or_infect_is_minus_counters(kb, game, card, wither_rule):
    # 120.3d: that many -1/-1 counters, put by the source's controller, no damage marked.
    creature(game, "x", card, "a")
    creature(game, "giant", "Hill Giant", "b")
    power = int(kb.card(card).faces[0].power)
    game.deal_damage("combat", "x", "giant", power, combat=True)
    out = kb.ask(game).outcomes()
    r = only(out.damage_results())
    assert (r.result, r.player, r.counter, r.amount) == ("put_counters", "a", "-1/-1", power)
    assert {"120.3d", wither_rule} <= rules(r)
    assert out.counters("giant", "-1/-1") == power and out.damage_marked("giant") == 0
    assert out.toughness("giant") == 3 - power


def test_s1_04_damage_from_neither_is_marked(kb, game):
    # 120.3e: Grizzly Bears (no abilities) deals 2 to Hill Giant: 2 damage marked, no counters.
    creature(game, "bears", "Grizzly Bears", "a")
    creature(game, "giant", "Hill Giant", "b")
    game.deal_damage("combat", "bears", "giant", 2, combat=True)
    out = kb.ask(game).outcomes()
    r = only(out.damage_results())
    assert (r.result, r.amount) == ("mark_damage", 2) and "120.3e" in rules(r)
    assert out.damage_marked("giant") == 2 and out.counters("giant", "-1/-1") == 0
    assert out.state_based_actions() == []


def test_s1_05_the_keyword_counter_list_comes_from_the_cr(keyword_counters):
    # 122.1b as printed in the 2026-04-17 CR.
    assert keyword_counters == ["flying", "first strike", "double strike", "deathtouch", "decayed", "exalted",
                                "haste", "hexproof", "indestructible", "lifelink", "menace", "reach", "shadow",
                                "trample", "vigilance"]


@pytest.mark.parametrize("keyword", ["flying", "first strike", "double strike", "deathtouch", "decayed",
                                     "exalted", "haste", "hexproof", "indestructible", "lifelink", "menace",
                                     "reach", "shadow", "trample", "vigilance"])
def test_s1_05_a_keyword_counter_gives_its_keyword(kb, game, keyword):
    # 122.1b, 613.1f: a keyword counter on a permanent gives it the keyword.
    creature(game, "bears", "Grizzly Bears", "a")
    game.add_keyword_counters("bears", keyword)
    v = kb.ask(game).outcomes().has_keyword("bears", keyword.replace(" ", "_"))
    assert v.allowed and {"122.1b", "613.1f"} <= rules(v)


@pytest.mark.parametrize("keyword", ["infect", "ward", "wither"])
def test_s1_05_a_counter_named_after_another_keyword_gives_nothing(kb, game, keyword):
    # 122.1b: only the listed keywords can be keyword counters.
    creature(game, "bears", "Grizzly Bears", "a")
    game.add_keyword_counters("bears", keyword)
    v = kb.ask(game).outcomes().has_keyword("bears", keyword)
    assert not v.allowed and v.reasons == ("not_a_keyword_counter",) and "122.1b" in rules(v)


def test_s1_05_a_keyword_counter_on_a_card_in_the_graveyard_gives_its_keyword(kb, game):
    # 122.1b: "or on a card in a zone other than the battlefield".
    game.add_object("bears", "Grizzly Bears", "graveyard", "a")
    game.add_keyword_counters("bears", "flying")
    assert kb.ask(game).outcomes().has_keyword("bears", "flying").allowed


def test_s1_06_multiple_instances_of_infect_are_redundant(kb, game):
    # 702.90f: Plague Stinger has infect and gains infect from two more effects: still 1 poison counter.
    creature(game, "x", "Plague Stinger", "a")
    game.grant_keyword("e1", "x", "infect")
    game.grant_keyword("e2", "x", "infect")
    game.deal_damage("combat", "x", "b", 1, combat=True)
    out = kb.ask(game).outcomes()
    r = only(out.damage_results())
    assert (r.result, r.amount) == ("poison_counters", 1) and "702.90f" in rules(r)
    assert out.poison("b") == 1


@pytest.mark.parametrize("already,dies", [(1, True), (0, False)])
def test_s1_07_marked_damage_at_least_toughness_is_lethal(kb, game, already, dies):
    # 120.6, 704.5g: Hill Giant (3/3) with `already` damage is dealt 2 by Grizzly Bears.
    creature(game, "bears", "Grizzly Bears", "a")
    creature(game, "giant", "Hill Giant", "b")
    game.mark_damage("giant", already)
    game.deal_damage("combat", "bears", "giant", 2, combat=True)
    sba = kb.ask(game).outcomes().sba("destroyed", "giant")
    assert (sba is not None) == dies
    if dies:
        assert {"704.5g", "120.6", "704.3"} <= rules(sba)


def test_s1_08_regeneration_removes_marked_damage(kb, game):
    # 701.19a, 120.6: Lotleth Troll with a regeneration shield is dealt lethal damage: it regenerates.
    creature(game, "troll", "Lotleth Troll", "a")
    creature(game, "giant", "Hill Giant", "b")
    game.regeneration_shield("troll")
    game.deal_damage("combat", "giant", "troll", 3, combat=True)
    out = kb.ask(game).outcomes()
    assert out.sba("destroyed", "troll") is None
    assert "701.19a" in rules(out.sba("regenerated", "troll"))
    (removed,) = out.results("damage_removed")
    assert removed.args == ("troll", "regenerated") and {"701.19a", "120.6"} <= rules(removed)


def test_s1_09_cleanup_removes_marked_damage(kb, game):
    # 514.2, 120.6: in the cleanup step all damage marked on permanents is removed.
    creature(game, "giant", "Hill Giant", "b")
    game.mark_damage("giant", 2)
    game.cleanup("cleanup")
    (removed,) = kb.ask(game).outcomes().results("damage_removed")
    assert removed.args == ("giant", "cleanup") and {"514.2", "120.6"} <= rules(removed)


@pytest.mark.parametrize("before,paid,expends_4", [(3, 1, True), (0, 4, True), (3, 2, True), (4, 2, False),
                                                    (0, 3, False), (2, 0, False)])
def test_s1_10_expend_4_only_when_the_payment_crosses_4(kb, game, before, paid, expends_4):
    # 700.14: mana spent this turn to cast spells was below 4 before the payment and at least 4 after.
    game.add_object("spell", "Grizzly Bears", "stack", "a", controller="a")
    game.set_mana_spent_this_turn("a", before)
    game.pay_cast_cost("pay", "a", "spell", paid)
    ex = kb.ask(game).outcomes().results("expends")
    assert (("pay", "a", "4") in {o.args for o in ex}) == expends_4
    assert all("700.14" in rules(o) for o in ex)


@pytest.mark.parametrize("before,paid,triggers", [(3, 1, True), (4, 3, False)])
def test_s1_10_roughshod_duo_triggers_when_you_expend_4(kb, game, before, paid, triggers):
    # 700.14: Roughshod Duo's "Whenever you expend 4" (BLB #150) triggers only on the crossing payment.
    creature(game, "duo", "Roughshod Duo", "a")
    game.add_object("spell", "Grizzly Bears", "stack", "a", controller="a")
    game.set_mana_spent_this_turn("a", before)
    game.pay_cast_cost("pay", "a", "spell", paid)
    trig = kb.ask(game).outcomes().results("triggers")
    assert [t.args[:2] for t in trig] == ([("pay", "duo")] if triggers else [])
    assert all({"700.14", "603.2"} <= rules(t) for t in trig)


def test_s1_10_an_expend_permanent_misses_the_mana_spent_on_itself(kb, game):
    # 700.14 ruling (Roughshod Duo): the Duo's own 3-mana payment takes a from 1 to 4, but the Duo is a
    # spell on the stack then, not a permanent: nothing triggers.
    game.add_object("duo", "Roughshod Duo", "stack", "a", controller="a")
    game.set_mana_spent_this_turn("a", 1)
    game.pay_cast_cost("pay", "a", "duo", 3)
    out = kb.ask(game).outcomes()
    assert ("pay", "a", "4") in {o.args for o in out.results("expends")}
    assert out.results("triggers") == []


# --------------------------------------------------------------------------- Naturalize 2 ---

@pytest.fixture
def naturalize(kb, game) -> GameState:
    text = kb.card("Naturalize 2").faces[0].oracle_text
    assert text.startswith("Destroy target artifact, enchantment, emblem, or gameplay tracker.")
    game.add_object("n2", "Naturalize 2", "stack", "b", controller="b")
    return game


def destroy_results(kb, state, event="d") -> dict[tuple, set[str]]:
    return {o.args[1]: rules(o) for o in kb.ask(state).outcomes().destroy_results(event)}


def test_s1_11_destroying_the_initiative_does_not_touch_a_dungeon(kb, naturalize):
    # Naturalize 2 ruling: "this doesn't affect any existing dungeons in the game".
    naturalize.designate_player("a", "initiative")
    naturalize.add_object("mine", "Lost Mine of Phandelver", "command", "a")
    naturalize.venture_marker("a", "mine", "Goblin Lair")
    naturalize.destroy("d", "initiative")
    res = destroy_results(kb, naturalize)
    assert set(res) == {"loses_designation(a,initiative)", "no_player_has(initiative)", "unaffected(mine)"}
    assert "726.1" in res["no_player_has(initiative)"]
    assert not any(r.startswith(("removed_from_game", "venture_marker_removed")) for r in res)


def test_s1_12_destroying_a_dungeon_removes_it_and_its_owners_venture_marker(kb, naturalize):
    # Naturalize 2 ruling; 309.4a, 701.49a: venturing again starts at the topmost room. Each player
    # owns a separate Lost Mine of Phandelver: only a's is affected.
    for p in ("a", "b"):
        naturalize.add_object(f"mine_{p}", "Lost Mine of Phandelver", "command", p)
        naturalize.venture_marker(p, f"mine_{p}", "Goblin Lair")
    naturalize.destroy("d", "mine_a")
    res = destroy_results(kb, naturalize)
    assert set(res) == {"removed_from_game(mine_a)", "venture_marker_removed(a)",
                        "next_venture_starts_at_topmost_room(a)"}
    assert {"701.49a", "309.4a"} <= res["next_venture_starts_at_topmost_room(a)"]


def test_s1_13_destroying_a_citys_blessing(kb, naturalize):
    # Naturalize 2 ruling; 702.131a-c: a loses it and may regain it through ascend.
    naturalize.designate_player("a", "citys_blessing")
    naturalize.designate_player("b", "citys_blessing")
    naturalize.destroy_citys_blessing("d", "a")
    res = destroy_results(kb, naturalize)
    assert set(res) == {"loses_designation(a,citys_blessing)", "may_regain(a,citys_blessing)"}
    assert {"702.131a", "702.131b"} <= res["may_regain(a,citys_blessing)"]


@pytest.mark.parametrize("card,stays", [(None, False), ("Essence of Ajani", True)])
def test_s1_14_a_destroyed_emblem_goes_to_the_graveyard_then_ceases_to_exist(kb, naturalize, card, stays):
    # Naturalize 2 ruling; 114.5: an emblem is not a card — unless it is an emblem card.
    if card is None:
        naturalize.add_marker("emb", "a", "command", "a", emblem=True)
    else:
        naturalize.add_object("emb", card, "command", "a", controller="a")
        naturalize.emblem_card("emb")
    naturalize.destroy("d", "emb")
    res = destroy_results(kb, naturalize)
    assert set(res) == {"put_into_graveyard(emb)"} | (set() if stays else {"ceases_to_exist(emb)"})
    assert "114.5" in res["put_into_graveyard(emb)"]


def test_s1_15_destroying_the_monarch(kb, naturalize):
    # Naturalize 2 ruling; 725.1: no monarch until a player becomes the monarch again.
    naturalize.designate_player("b", "monarch")
    naturalize.destroy("d", "monarch")
    res = destroy_results(kb, naturalize)
    assert set(res) == {"loses_designation(b,monarch)", "no_player_has(monarch)"}
    assert "725.1" in res["no_player_has(monarch)"]


def test_s1_16_the_destroyable_trackers(kb, naturalize):
    # Naturalize 2 ruling: the monarch, city's blessing, dungeons, day, night, the initiative.
    naturalize.add_object("mine", "Lost Mine of Phandelver", "command", "a")
    trackers = {o.args[0] for o in kb.ask(naturalize).outcomes().results("gameplay_tracker")}
    assert trackers == {"monarch", "initiative", "day", "night", "citys_blessing(a)", "citys_blessing(b)", "mine"}


@pytest.mark.parametrize("now", ["day", "night"])
def test_s1_17_destroying_day_or_night(kb, naturalize, now):
    # Naturalize 2 ruling; 731.1, 702.145d/g: neither until daybound/nightbound or "it becomes day/night".
    naturalize.set_day_or_night(now)
    naturalize.destroy("d", now)
    res = destroy_results(kb, naturalize)
    assert set(res) == {f"game_loses({now})", "neither_day_nor_night"}
    assert {"731.1", "702.145d", "702.145g"} <= res["neither_day_nor_night"]


# ----------------------------------------------------------------------------------- tokens ---

def test_s2_02_default_token_name_and_independent_changes(kb, game):
    # 111.4: Hapatra's "1/1 green Snake creature token with deathtouch" is named "Snake Token";
    # changing its subtypes later keeps the name, changing its name keeps the subtypes.
    assert "create a 1/1 green Snake creature token with deathtouch" in kb.card(
        "Hapatra, Vizier of Poisons").faces[0].oracle_text
    for t in ("s1", "s2", "s3"):
        game.add_token(t, "a", subtypes=["Snake"], card_types=["creature"], toughness=1)
    game.change_subtypes("s2", ["Elf", "Warrior"])
    game.change_name("s3", "Nagini")
    out = kb.ask(game).outcomes()
    assert out.token_name("s1").args == ("Snake Token",) and "111.4" in rules(out.token_name("s1"))
    assert out.token_name("s2").args == ("Snake Token",) and out.token_subtypes("s2") == ("Elf", "Warrior")
    assert out.token_name("s3").args == ("Nagini",) and out.token_subtypes("s3") == ("Snake",)


@pytest.mark.parametrize("lki,created", [(False, False), (True, True)])
def test_s2_03_token_copy_of_a_nonexistent_object(kb, game, lki, created):
    # 111.12: the original has left the battlefield; no token unless the effect uses last known info.
    game.add_object("gone", "Thrashing Brontodon", "graveyard", "b")
    game.create_token_copy("copy", "a", "gone", "battlefield", last_known_information=lki)
    v = kb.ask(game).outcomes().token_copy("copy")
    assert v.allowed == created and "111.12" in rules(v)


# ------------------------------------------------------------------------- attack and tap ---

@pytest.mark.parametrize("card,tapped,old,allowed,why", [
    ("Grizzly Bears", False, True, True, ()),
    ("Grizzly Bears", True, True, False, ("tapped",)),
    ("Grizzly Bears", False, False, False, ("summoning_sickness",)),
    ("Raging Goblin", False, False, True, ()),            # haste, 702.10b
])
def test_s2_06_who_may_attack(kb, game, card, tapped, old, allowed, why):
    # 508.1a, 302.6.
    creature(game, "x", card, "a", old=old)
    if tapped:
        game.tap("x")
    v = kb.ask(game).outcomes().attack("x")
    assert (v.allowed, v.reasons) == (allowed, why) and "508.1a" in rules(v)


def test_s2_06_a_battle_that_is_a_creature_cannot_attack(kb, game):
    # 508.1a (case D08 too): an artifact creature battle can't be declared as an attacker.
    creature(game, "siege", "Invasion of Amonkhet // Lazotep Convert", "a")
    game.gain_card_type("siege", "artifact")
    game.gain_card_type("siege", "creature")
    v = kb.ask(game).outcomes().attack("siege")
    assert not v.allowed and v.reasons == ("battle",)


@pytest.mark.parametrize("old,haste,allowed", [(True, False, True), (False, False, False), (False, True, True)])
def test_s2_07_tap_abilities_need_control_since_the_turn_began_unless_haste(kb, game, old, haste, allowed):
    # 602.5a, 302.6, 702.10c: Fyndhorn Elves' "{T}: Add {G}."
    creature(game, "elf", "Fyndhorn Elves", "a", old=old)
    if haste:
        game.grant_keyword("h", "elf", "haste")
    (v,) = kb.ask(game).outcomes().activations("elf")
    assert v.allowed == allowed and {"602.5a", "302.6"} <= rules(v)


# -------------------------------------------------------------------------------------- TL;DR ---

@pytest.fixture
def tldr(kb, game) -> GameState:
    assert kb.card("TL;DR").faces[0].oracle_text.startswith(
        "Exile target creature if it has any abilities other than keywords.")
    game.add_object("tldr", "TL;DR", "stack", "b", controller="b")
    return game


def test_s2_08_a_creature_with_only_keywords_is_not_exiled(kb, tldr):
    # TL;DR ruling; 702.1: Serra Angel (Flying, vigilance) has only keyword abilities.
    creature(tldr, "angel", "Serra Angel", "a")
    tldr.exile_if_other_than_keywords("r", "angel")
    (res,) = kb.ask(tldr).outcomes().results("tldr_result")
    assert res.args == ("r", "angel", "not_exiled") and "702.1" in rules(res)


def test_s2_08_a_keyword_only_token_is_not_exiled(kb, tldr):
    # Hapatra's Snake token: its creator gave it deathtouch only (111.3).
    tldr.add_token("snake", "a", subtypes=["Snake"], card_types=["creature"], toughness=1)
    tldr.grant_keyword("hapatra", "snake", "deathtouch")
    tldr.exile_if_other_than_keywords("r", "snake")
    (res,) = kb.ask(tldr).outcomes().results("tldr_result")
    assert res.args[2] == "not_exiled"


def test_s2_09_an_ability_using_a_keyword_action_is_another_ability(kb, tldr):
    # TL;DR ruling: scry is a keyword action; Augury Owl has it only inside a triggered ability, so it
    # has an ability other than keywords and is exiled (701.13a).
    creature(tldr, "owl", "Augury Owl", "a")
    tldr.exile_if_other_than_keywords("r", "owl")
    (res,) = kb.ask(tldr).outcomes().results("tldr_result")
    assert res.args == ("r", "owl", "exiled") and {"701.1", "701.13a"} <= rules(res)


# ------------------------------------------------------------------------------------ shuffle ---

@pytest.mark.parametrize("zone,moved", [("battlefield", True), ("graveyard", False)])
def test_s3_08_library_is_shuffled_even_if_the_object_is_gone(kb, game, zone, moved):
    # 701.24c (S3-08): Chaos Warp's owner shuffles the target into their library.
    game.add_object("bears", "Grizzly Bears", zone, "a", controller="a")
    game.shuffle_into_library("warp", "a", {"bears": "battlefield"})
    out = kb.ask(game).outcomes()
    (sh,) = out.results("library_shuffled")
    assert sh.args == ("warp", "a")
    assert bool(out.results("shuffled_in")) == moved
    if not moved:
        assert "701.24c" in rules(sh)


def test_s3_08_an_empty_set_of_objects_still_shuffles(kb, game):
    game.shuffle_into_library("e", "b")
    (sh,) = kb.ask(game).outcomes().results("library_shuffled")
    assert "701.24d" in rules(sh)


def test_s3_09_variable_in_a_granted_keyword_is_reevaluated(kb, game):
    # 702.1b (S3-09): toxic X, X = the +1/+1 counters on it, evaluated from the state as it is now.
    creature(game, "bears", "Grizzly Bears", "a")
    game.add_counters("bears", "+1/+1", 2)
    game.grant_keyword_counting("e", "bears", "toxic", "bears", "+1/+1")
    game.deal_damage("combat", "bears", "b", 4, combat=True)
    out = kb.ask(game).outcomes()
    r = only(out.damage_results(), result="toxic_poison_counters")
    assert r.amount == 2 and "702.164c" in rules(r)
    assert "702.1b" in rules(only(out.results("keyword_variable_value")))
