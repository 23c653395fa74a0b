"""Each numeric condition of the state-based actions at its boundary (issue 23: tests that notice
when a rule changes). Table-driven over small states with real cards; each row is the value just
below, at and just above the CR's number (704.5a "0 or less life", 704.5c "ten or more poison
counters", 704.5f "toughness 0 or less", 704.5g "damage ... greater than or equal to its toughness",
704.5i "0 loyalty", 704.5v "0 defense"), so moving a ``<=`` to ``<`` or a constant by one fails a row.
"""

from __future__ import annotations

import pytest

from pyrules import GameState


def rules(answer) -> set[str]:
    return {c.rule for c in answer.citations}


def two_players(life: int = 20) -> GameState:
    s = GameState()
    for p in ("a", "b"):
        s.add_player(p)
        s.set_life(p, life)
    s.set_turn("a", "precombat_main", None, "a")
    return s


def on_battlefield(s: GameState, obj: str, card: str, player: str = "a") -> None:
    s.add_object(obj, card, "battlefield", player, controller=player)


# 704.5a: a player with 0 or less life loses; 104.3b: unless an effect says that player doesn't lose.
@pytest.mark.parametrize("life,loses", [(-1, True), (0, True), (1, False)])
def test_player_with_0_or_less_life_loses_704_5a(kb_of, life, loses):
    s = two_players()
    s.set_life("b", life)
    out = kb_of("Grizzly Bears").ask(s).outcomes()
    assert out.life("b") == life
    verdict = out.sba("loses_game", "b")
    assert (verdict is not None) == loses
    if loses:
        assert "704.5a" in rules(verdict)
    assert out.sba("loses_game", "a") is None


@pytest.mark.parametrize("life,ignored", [(0, True), (1, False)])
def test_doesnt_lose_for_life_is_reported_at_0_life_not_above_104_3b(kb_of, life, ignored):
    s = two_players()
    s.set_life("b", life)
    s.add_object("unlife", "Phyrexian Unlife", "battlefield", "b", controller="b")
    s.doesnt_lose_for_life("b")
    answers = kb_of("Phyrexian Unlife").ask(s)
    out = answers.outcomes()
    assert out.sba("loses_game", "b") is None
    assert [r.args for r in out.results("life_loss_ignored")] == ([("b",)] if ignored else [])


# 704.5c: ten or more poison counters.
@pytest.mark.parametrize("poison,loses", [(9, False), (10, True), (11, True)])
def test_player_with_ten_or_more_poison_counters_loses_704_5c(kb_of, poison, loses):
    s = two_players()
    s.set_poison("b", poison)
    out = kb_of("Grizzly Bears").ask(s).outcomes()
    assert out.poison("b") == poison
    verdict = out.sba("loses_game", "b")
    assert (verdict is not None) == loses
    if loses:
        assert rules(verdict) >= {"704.5c"} and "704.5a" not in rules(verdict)


# 704.5f: a creature with toughness 0 or less is put into its owner's graveyard (Grizzly Bears 2/2
# with -1/-1 counters, 122.1a / 613.4c).
@pytest.mark.parametrize("counters,toughness,dies", [(1, 1, False), (2, 0, True), (3, -1, True)])
def test_creature_with_toughness_0_or_less_goes_to_the_graveyard_704_5f(kb_of, counters, toughness, dies):
    s = two_players()
    on_battlefield(s, "bears", "Grizzly Bears")
    s.add_counters("bears", "-1/-1", counters)
    out = kb_of("Grizzly Bears").ask(s).outcomes()
    assert out.toughness("bears") == toughness
    verdict = out.sba("put_into_graveyard", "bears")
    assert (verdict is not None) == dies
    if dies:
        assert "704.5f" in rules(verdict)
    assert out.sba("destroyed", "bears") is None  # 704.5f is not destruction (no lethal damage here)


@pytest.mark.parametrize("modifier,dies", [(-1, False), (-2, True)])
def test_toughness_lowered_by_an_effect_to_0_704_5f(kb_of, modifier, dies):
    s = two_players()
    on_battlefield(s, "bears", "Grizzly Bears")
    s.modify_toughness("bears", modifier)
    out = kb_of("Grizzly Bears").ask(s).outcomes()
    assert out.toughness("bears") == 2 + modifier
    assert (out.sba("put_into_graveyard", "bears") is not None) == dies


# 704.5g, 120.6: damage marked greater than or equal to toughness is lethal (Hill Giant 3/3).
@pytest.mark.parametrize("marked,dies", [(2, False), (3, True), (4, True)])
def test_damage_equal_to_toughness_destroys_704_5g(kb_of, marked, dies):
    s = two_players()
    on_battlefield(s, "giant", "Hill Giant", "b")
    s.mark_damage("giant", marked)
    out = kb_of("Hill Giant").ask(s).outcomes()
    assert out.damage_marked("giant") == marked
    verdict = out.sba("destroyed", "giant")
    assert (verdict is not None) == dies
    if dies:
        assert {"704.5g", "120.6", "701.8b"} <= rules(verdict)
    assert out.sba("put_into_graveyard", "giant") is None


@pytest.mark.parametrize("protection", ["regeneration", "indestructible"])
def test_lethal_damage_is_replaced_by_regeneration_or_ignored_by_indestructible_701_19a_702_12b(kb_of, protection):
    s = two_players()
    on_battlefield(s, "giant", "Hill Giant", "b")
    s.mark_damage("giant", 3)
    if protection == "regeneration":
        s.regeneration_shield("giant")
    else:
        s.grant_keyword("e", "giant", "indestructible")
    out = kb_of("Hill Giant").ask(s).outcomes()
    assert out.sba("destroyed", "giant") is None
    if protection == "regeneration":
        assert {"701.19a", "701.8c", "704.5g", "120.6"} <= rules(out.sba("regenerated", "giant"))
        assert out.results("indestructible_survives") == []
    else:
        assert out.sba("regenerated", "giant") is None
        (survives,) = out.results("indestructible_survives")
        assert survives.args == ("giant",) and "702.12b" in rules(survives)


@pytest.mark.parametrize("marked,counters,dies", [(1, 1, False), (2, 1, True)])
def test_lethal_damage_counts_toughness_after_counters_704_5g(kb_of, marked, counters, dies):
    # Hill Giant 3/3 with a -1/-1 counter is 2/2 (613.4c): 2 marked damage is lethal, 1 is not.
    s = two_players()
    on_battlefield(s, "giant", "Hill Giant", "b")
    s.add_counters("giant", "-1/-1", counters)
    s.mark_damage("giant", marked)
    out = kb_of("Hill Giant").ask(s).outcomes()
    assert out.toughness("giant") == 3 - counters
    assert (out.sba("destroyed", "giant") is not None) == dies


# 704.5i: a planeswalker with 0 loyalty is put into its owner's graveyard.
@pytest.mark.parametrize("loyalty,dies", [(0, True), (1, False)])
def test_planeswalker_with_0_loyalty_goes_to_the_graveyard_704_5i(kb_of, loyalty, dies):
    s = two_players()
    on_battlefield(s, "jace", "Jace Beleren")
    s.add_counters("jace", "loyalty", loyalty)
    out = kb_of("Jace Beleren").ask(s).outcomes()
    assert out.counters("jace", "loyalty") == loyalty
    verdict = out.sba("put_into_graveyard", "jace")
    assert (verdict is not None) == dies
    if dies:
        assert "704.5i" in rules(verdict)


# 704.5v: a battle with 0 defense is put into its owner's graveyard.
@pytest.mark.parametrize("defense,dies", [(0, True), (1, False)])
def test_battle_with_0_defense_goes_to_the_graveyard_704_5v(kb_of, defense, dies):
    s = two_players()
    on_battlefield(s, "battle", "Invasion of Zendikar // Awakened Skyclave")
    s.add_counters("battle", "defense", defense)
    out = kb_of("Invasion of Zendikar // Awakened Skyclave").ask(s).outcomes()
    assert out.counters("battle", "defense") == defense
    verdict = out.sba("put_into_graveyard", "battle")
    assert (verdict is not None) == dies
    if dies:
        assert "704.5v" in rules(verdict)


# 704.5d: a token in a zone other than the battlefield ceases to exist; on the battlefield it stays.
@pytest.mark.parametrize("zone,ceases", [("graveyard", True), ("battlefield", False)])
def test_token_outside_the_battlefield_ceases_to_exist_704_5d(kb_of, zone, ceases):
    s = two_players()
    s.add_token("t", "a", name="Soldier", subtypes=("Soldier",), card_types=("creature",), toughness=1, zone=zone)
    out = kb_of("Grizzly Bears").ask(s).outcomes()
    verdict = out.sba("ceases_to_exist", "t")
    assert (verdict is not None) == ceases
    if ceases:
        assert {"704.5d", "111.7"} <= rules(verdict)


# 704.5q: a permanent with both +1/+1 and -1/-1 counters loses N of each, N the smaller number.
@pytest.mark.parametrize("plus,minus,removed", [(1, 2, 1), (2, 1, 1), (2, 2, 2), (3, 1, 1), (1, 3, 1),
                                                (0, 2, None), (2, 0, None)])
def test_plus_and_minus_counters_annihilate_the_smaller_number_704_5q(kb_of, plus, minus, removed):
    s = two_players()
    on_battlefield(s, "giant", "Hill Giant")
    if plus:
        s.add_counters("giant", "+1/+1", plus)
    if minus:
        s.add_counters("giant", "-1/-1", minus)
    out = kb_of("Hill Giant").ask(s).outcomes()
    assert (out.counters("giant", "+1/+1"), out.counters("giant", "-1/-1")) == (plus, minus)
    verdict = out.sba("annihilate_counters", "giant")
    if removed is None:
        assert verdict is None
    else:
        assert verdict.detail == removed and "704.5q" in rules(verdict)
    assert [a.detail for a in out.state_based_actions() if a.action == "annihilate_counters"] == (
        [] if removed is None else [removed])


def test_counters_in_the_graveyard_do_not_annihilate_704_5q(kb_of):
    s = two_players()
    s.add_object("giant", "Hill Giant", "graveyard", "a")
    s.add_counters("giant", "+1/+1", 1)
    s.add_counters("giant", "-1/-1", 1)
    assert kb_of("Hill Giant").ask(s).outcomes().sba("annihilate_counters", "giant") is None


@pytest.mark.parametrize("marked,removed", [(0, False), (1, True), (2, True)])
def test_cleanup_removes_damage_only_from_permanents_with_damage_514_2(kb_of, marked, removed):
    # 514.2, 120.6: Hill Giant on the battlefield with 0/1/2 damage marked; Grizzly Bears in the
    # graveyard with none (not a permanent). Only a permanent with damage has damage removed.
    s = two_players()
    on_battlefield(s, "giant", "Hill Giant", "b")
    if marked:
        s.mark_damage("giant", marked)
    s.add_object("dead", "Grizzly Bears", "graveyard", "a")
    s.cleanup("cleanup")
    out = kb_of("Hill Giant", "Grizzly Bears").ask(s).outcomes()
    assert [r.args for r in out.results("damage_removed")] == ([("giant", "cleanup")] if removed else [])


@pytest.mark.parametrize("defense,damage,left,triggers", [(1, 1, 0, True), (2, 1, 1, False), (2, 2, 0, True),
                                                          (3, 1, 2, False)])
def test_a_siege_triggers_when_its_last_defense_counter_is_removed_310_11b(kb_of, defense, damage, left, triggers):
    # Invasion of Zendikar (a Siege) with 1/2/3 defense counters is dealt damage by Grizzly Bears:
    # the damage removes that many defense counters (120.3h); removing the last one triggers it.
    battle = "Invasion of Zendikar // Awakened Skyclave"
    s = two_players()
    s.add_object("bt", battle, "battlefield", "b", controller="b")
    s.add_counters("bt", "defense", defense)
    on_battlefield(s, "gb", "Grizzly Bears")
    s.deal_damage("e", "gb", "bt", damage, combat=True)
    answers = kb_of(battle, "Grizzly Bears").ask(s)
    assert answers.outcomes().counters("bt", "defense") == left
    assert [d.args for d in answers.derived("triggers")] == (
        [("e", "bt", "last_defense_counter_removed")] if triggers else [])
