"""Each condition of the damage results at its boundary (issue 23: tests that notice when a rule
changes), table-driven with real cards: 0 damage is no damage dealt (120.1, 120.3), the result by
recipient and source keyword (120.3a life loss, 120.3b/702.90b infect to a player, 120.3d wither or
infect to a creature, 120.3e marked damage, 120.3f lifelink), toxic 0 versus 1 and combat versus
noncombat damage (120.3g, 702.164c), the amounts and the players each result names.
"""

from __future__ import annotations

import pytest

from pyrules import GameState

CARDS = ("Grizzly Bears", "Hill Giant", "Plague Stinger", "Boggart Ram-Gang", "Vampire Nighthawk")


def rules(answer) -> set[str]:
    return {c.rule for c in answer.citations}


def game() -> GameState:
    s = GameState()
    for p in ("a", "b"):
        s.add_player(p)
        s.set_life(p, 20)
    s.set_turn("a", "combat", "combat_damage", None)
    return s


def creature(s: GameState, obj: str, card: str, player: str) -> None:
    s.add_object(obj, card, "battlefield", player, controller=player)
    s.controlled_since_turn_began(obj)


@pytest.fixture(scope="module")
def kb(kb_of):
    return kb_of(*CARDS)


def results(kb, s):
    out = kb.ask(s).outcomes()
    return out, sorted((r.result, r.recipient, r.amount, r.player, r.counter) for r in out.damage_results("e"))


# (source card, recipient: "b" the player or "giant" b's Hill Giant, amount) -> the results
ROWS = [
    ("Grizzly Bears", "b", 0, []),
    ("Grizzly Bears", "b", 1, [("lose_life", "b", 1, None, None)]),
    ("Grizzly Bears", "b", 2, [("lose_life", "b", 2, None, None)]),
    ("Grizzly Bears", "giant", 0, []),
    ("Grizzly Bears", "giant", 2, [("mark_damage", "giant", 2, None, None)]),
    ("Plague Stinger", "b", 1, [("poison_counters", "b", 1, "a", None)]),            # infect, 120.3b
    ("Plague Stinger", "giant", 1, [("put_counters", "giant", 1, "a", "-1/-1")]),     # infect, 120.3d
    ("Boggart Ram-Gang", "giant", 3, [("put_counters", "giant", 3, "a", "-1/-1")]),   # wither, 120.3d
    ("Boggart Ram-Gang", "b", 3, [("lose_life", "b", 3, None, None)]),                # wither: players lose life
    # lifelink, 120.3f; deathtouch matters only for a creature dealt damage (702.2b), not for a player
    ("Vampire Nighthawk", "b", 2, [("gain_life", "b", 2, "a", None), ("lose_life", "b", 2, None, None)]),
    ("Vampire Nighthawk", "giant", 0, []),
    ("Vampire Nighthawk", "giant", 2, [("deathtouch", "giant", None, None, None), ("gain_life", "giant", 2, "a", None),
                                       ("mark_damage", "giant", 2, None, None)]),
]


@pytest.mark.parametrize("card,recipient,amount,expected", ROWS)
def test_damage_results_by_recipient_source_and_amount_120_3(kb, card, recipient, amount, expected):
    s = game()
    creature(s, "src", card, "a")
    creature(s, "giant", "Hill Giant", "b")
    s.deal_damage("e", "src", recipient, amount, combat=True)
    out, got = results(kb, s)
    assert got == expected
    gained = sum(r[2] for r in expected if r[0] == "gain_life")
    lost = sum(r[2] for r in expected if r[0] == "lose_life")
    assert (out.life("a"), out.life("b")) == (20 + gained, 20 - lost)
    if recipient == "giant":
        minus = sum(r[2] for r in expected if r[0] == "put_counters")
        marked = sum(r[2] for r in expected if r[0] == "mark_damage")
        assert (out.counters("giant", "-1/-1"), out.damage_marked("giant")) == (minus, marked)
        # 704.5g/704.5h: 2 marked on the 3/3 is not lethal, but any deathtouch damage is
        assert (out.sba("destroyed", "giant") is not None) == any(r[0] == "deathtouch" for r in expected)


@pytest.mark.parametrize("counters,combat,poison", [(0, True, 0), (1, True, 1), (2, True, 2), (1, False, 0)])
def test_toxic_gives_poison_only_for_combat_damage_and_a_positive_value_120_3g(kb, counters, combat, poison):
    # Toxic X granted to Grizzly Bears, X = its +1/+1 counters (702.1b): toxic 0 gives nothing; a
    # noncombat damage event gives no toxic counters either (702.164c "combat damage to a player").
    s = game()
    creature(s, "bears", "Grizzly Bears", "a")
    if counters:
        s.add_counters("bears", "+1/+1", counters)
    s.grant_keyword_counting("t", "bears", "toxic", "bears", "+1/+1")
    s.deal_damage("e", "bears", "b", 2 + counters, combat=combat)
    out, got = results(kb, s)
    toxic = [r for r in got if r[0] == "toxic_poison_counters"]
    assert toxic == ([("toxic_poison_counters", "b", poison, "a", None)] if poison else [])
    assert out.poison("b") == poison
    assert out.life("b") == 20 - (2 + counters)
    if poison:
        assert "120.3g" in rules(next(r for r in out.damage_results("e") if r.result == "toxic_poison_counters"))


def test_damage_events_count_separately_for_each_source_and_recipient_120_3(kb):
    # Two events in one state: Bears deal 2 to b and Hill Giant deals 3 to a: each event has its own
    # result (swapping event and source, or source and recipient, would mix them up).
    s = game()
    creature(s, "bears", "Grizzly Bears", "a")
    creature(s, "giant", "Hill Giant", "b")
    s.deal_damage("e", "bears", "b", 2, combat=True)
    s.deal_damage("f", "giant", "a", 3, combat=True)
    out = kb.ask(s).outcomes()
    assert [(r.event, r.source, r.recipient, r.result, r.amount) for r in out.damage_results("e")] == [
        ("e", "bears", "b", "lose_life", 2)]
    assert [(r.event, r.source, r.recipient, r.result, r.amount) for r in out.damage_results("f")] == [
        ("f", "giant", "a", "lose_life", 3)]
    assert (out.life("a"), out.life("b")) == (17, 18)


@pytest.mark.parametrize("life,as_infect", [(1, False), (0, True), (-1, True)])
def test_damage_as_though_infect_at_0_or_less_life_609_4_120_3b(kb_of, life, as_infect):
    # Phyrexian Unlife: "As long as you have 0 or less life, all damage is dealt to you as though its
    # source had infect." Lightning Bolt deals 3 to a at 1, 0 and -1 life.
    s = game()
    s.set_life("a", life)
    s.add_object("unlife", "Phyrexian Unlife", "battlefield", "a", controller="a")
    s.doesnt_lose_for_life("a")
    s.damage_as_though_infect("a", life_at_most=0)
    s.add_object("bolt", "Lightning Bolt", "stack", "b", controller="b")
    s.deal_damage("e", "bolt", "a", 3)
    out = kb_of("Phyrexian Unlife", "Lightning Bolt").ask(s).outcomes()
    (result,) = out.damage_results("e")
    if as_infect:
        assert (result.result, result.amount, result.player) == ("poison_counters", 3, "b")
        assert (out.life("a"), out.poison("a")) == (life, 3)
    else:
        assert (result.result, result.amount) == ("lose_life", 3)
        assert (out.life("a"), out.poison("a")) == (life - 3, 0)
