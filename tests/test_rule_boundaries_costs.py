"""The total cost at each boundary (issue 23: tests that notice when a rule changes), table-driven
with real cards: 601.2f adds increases, subtracts reductions (generic mana only, never below zero,
118.7a/118.7d), then applies a floor ("costs at least N": a total of N-1 is raised to N, a total of
N or more is kept). Rows are just below, at and above each boundary.
"""

from __future__ import annotations

import pytest

from pyrules import GameState

SPELLS = {"Lightning Bolt": "{R}", "Counterspell": "{U}{U}", "Divination": "{2}{U}", "Lava Axe": "{4}{R}"}


def proposal_state(card: str, *, increase: int = 0, reduction: int = 0, floor: int | None = None,
                   increase_creatures_only: bool = False) -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("x", card, "hand", "a")
    if increase:
        kinds = {"card_types": ("creature",)} if increase_creatures_only else {}
        s.cost_increase("more", increase, **kinds)
    if reduction:
        s.cost_reduction("less", "a", reduction)
    if floor is not None:
        s.cost_floor("floor", floor)
    s.propose("p", "a", "x", 1)
    return s


def total(kb_of, card: str, **effects) -> tuple[int, int]:
    answers = kb_of(*SPELLS).ask(proposal_state(card, **effects))
    (found,) = [(int(d.args[1]), int(d.args[2])) for d in answers.derived("total_cost") if d.args[0] == "p"]
    return found


@pytest.mark.parametrize("card,increase,reduction,mana", [
    ("Divination", 0, 0, 3),
    ("Divination", 1, 0, 4),
    ("Divination", 0, 1, 2),
    ("Divination", 0, 2, 1),   # {2} reduced away: {U} left
    ("Divination", 0, 3, 1),   # more reduction than generic mana: colored mana is never reduced (118.7a)
    ("Divination", 1, 3, 1),   # 2 + 1 - 3 = 0 generic
    ("Divination", 2, 3, 2),   # 2 + 2 - 3 = 1 generic
    ("Lightning Bolt", 0, 1, 1),
    ("Lightning Bolt", 2, 1, 2),
    ("Counterspell", 1, 0, 3),
])
def test_total_cost_adds_increases_and_subtracts_reductions_601_2f(kb_of, card, increase, reduction, mana):
    assert total(kb_of, card, increase=increase, reduction=reduction) == (mana, 0)


@pytest.mark.parametrize("card,floor,mana", [
    ("Lightning Bolt", 3, 3), ("Counterspell", 3, 3), ("Divination", 3, 3), ("Lava Axe", 3, 5),
    ("Counterspell", 2, 2), ("Lightning Bolt", 2, 2),
])
def test_a_floor_raises_only_a_total_below_it_601_2f(kb_of, card, floor, mana):
    assert total(kb_of, card, floor=floor) == (mana, 0)


def test_the_floor_applies_after_increases_and_reductions_601_2f(kb_of):
    # Lava Axe {4}{R} reduced by 3 is {1}{R} (2), raised by the floor to 3; Bolt increased by 2 is 3: kept.
    assert total(kb_of, "Lava Axe", reduction=3, floor=3) == (3, 0)
    assert total(kb_of, "Lightning Bolt", increase=2, floor=3) == (3, 0)
    assert total(kb_of, "Lightning Bolt", increase=3, floor=3) == (4, 0)


def test_an_increase_for_creature_spells_does_not_apply_to_an_instant_601_2f(kb_of):
    assert total(kb_of, "Lightning Bolt", increase=2, increase_creatures_only=True) == (1, 0)


def affinity_state(card: str, artifacts_a: int, artifacts_b: int = 1) -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("x", card, "hand", "a")
    for i in range(artifacts_a):
        s.add_object(f"ma{i}", "Memnite", "battlefield", "a", controller="a")
    for i in range(artifacts_b):
        s.add_object(f"mb{i}", "Memnite", "battlefield", "b", controller="b")
    s.propose("p", "a", "x")
    return s


@pytest.mark.parametrize("artifacts,mana", [(0, 4), (1, 3), (3, 1), (4, 0), (5, 0)])
def test_affinity_for_artifacts_counts_only_yours_and_never_below_zero_702_41a(kb_of, artifacts, mana):
    # Frogmite {4}, affinity for artifacts; b's Memnite does not count (702.41a "you control").
    answers = kb_of("Frogmite", "Memnite").ask(affinity_state("Frogmite", artifacts))
    (cost,) = answers.derived("total_cost")
    assert cost.args == ("p", str(mana), "0") and "702.41a" in {c.rule for c in cost.citations}


def test_affinity_for_a_subtype_is_undecided_not_guessed_702_41a(kb_of):
    # Goldwardens' Gambit has "Affinity for Equipment": a quality not read here, so its reduction and
    # total cost are undecided (no total rather than a wrong one).
    name = "Goldwardens' Gambit"
    assert "Affinity for Equipment" in kb_of(name).card(name).faces[0].oracle_text
    answers = kb_of(name, "Memnite").ask(affinity_state(name, 1))
    assert [d.args for d in answers.derived("proposal_undecided")] == [("p", "cost_reduction(keyword(affinity,x))")]
    assert answers.derived("total_cost") == []


def test_an_alternative_cost_is_offered_only_by_the_spell_that_has_it_118_9(kb_of):
    # 118.9, 601.2b: overload is Cyclonic Rift's: proposed for Cyclonic Rift it is legal; proposed for
    # Divination (which lacks it) it is offered by nothing, though a Cyclonic Rift is in the same hand.
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("div", "Divination", "hand", "a")
    s.add_object("rift", "Cyclonic Rift", "hand", "a")
    s.propose("p", "a", "div", alternative_costs=("overload",))
    s.propose("q", "a", "rift", alternative_costs=("overload",))
    answers = kb_of("Divination", "Cyclonic Rift").ask(s)
    assert [d.args for d in answers.derived("proposal_illegal")] == [("p", "alternative_cost_not_offered(overload)")]
    assert [d.args for d in answers.derived("proposal_legal")] == [("q",)]


@pytest.mark.parametrize("other_permission,expected", [
    (False, [("retrace", False, ("unpayable_cost",))]),
    (True, [("retrace", True, ()), ("yard", True, ())]),
])
def test_retraces_discard_is_mandatory_only_without_another_permission_118_8_702_81a(kb_of, other_permission,
                                                                                     expected):
    # Flame Jab (retrace) in a's graveyard and no land card in hand: through retrace alone the discard
    # can't be paid (118.3). With another effect letting a cast it from the graveyard, which permission
    # the cast uses is not announced, so the discard is not claimed as mandatory (defined_costs.lp).
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("jab", "Flame Jab", "graveyard", "a")
    s.add_object("gb", "Grizzly Bears", "hand", "a")
    if other_permission:
        s.permit_cast("yard", "a", "graveyard")
    options = kb_of("Flame Jab", "Grizzly Bears").ask(s).cast_options("jab")
    assert sorted((o.source, o.allowed, o.reasons) for o in options) == expected


@pytest.mark.parametrize("method,mana", [("normal", 5), ("without_paying_mana_cost", 0)])
def test_a_fused_spell_pays_both_halves_unless_cast_without_paying_its_mana_cost_702_102c(kb_of, method, mana):
    # Turn // Burn fused from the hand: {2}{U} + {1}{R} = 5 (702.102c); with Omniscience, cast without
    # paying its mana cost, neither half's mana cost is paid (118.9): 0.
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("tb", "Turn // Burn", "hand", "a")
    s.add_object("om", "Omniscience", "battlefield", "a", controller="a")
    s.propose("p", "a", "tb", 1, method=method, fused=True)
    answers = kb_of("Turn // Burn", "Omniscience").ask(s)
    assert [d.args for d in answers.derived("total_cost")] == [("p", str(mana), "0")]
    assert [d.args for d in answers.derived("proposal_legal")] == [("p",)]
