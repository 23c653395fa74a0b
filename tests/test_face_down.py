"""Casting cards face down (CR 708, morph 702.37, megamorph 702.37b, disguise 702.168) on real cards:
rules_asp/characteristics_and_objects/face_down.lp, rules_asp/keywords/morph.lp, rules_asp/casting/cast_triggers.lp. Face 0 is the
face-down spell. Rule numbers are those of the CR effective 2026-04-17."""

from __future__ import annotations

import pytest

from two_player import own_main_phase, rules


@pytest.fixture(scope="module")
def kb(kb_of):
    return kb_of


def options(answers, obj, face):
    return [(o.zone, o.method, o.source, o.allowed, o.reasons) for o in answers.cast_options(obj) if o.face == face]


@pytest.mark.parametrize("card,method,rule", [
    ("Bane of the Living", "morph", "702.37c"),        # Morph {X}{B}{B}
    ("Ainok Survivalist", "megamorph", "702.37b"),     # 702.37b: a megamorph cost is a morph cost
    ("Nervous Gardener", "disguise", "702.168b"),      # Disguise {G}
])
def test_face_down_cast_from_hand_for_three(kb, card, method, rule):
    # 702.37a, 702.168a: "You may cast this card as a 2/2 face-down creature ... by paying {3} rather
    # than paying its mana cost" — an alternative cost (118.9), face down (face 0, 708.4).
    s = own_main_phase()
    s.add_object("m", card, "hand", "a")
    s.propose("p", "a", "m", face=0, method=method)
    answers = kb(card).ask(s)
    assert options(answers, "m", 0) == [("hand", method, "rules", True, ())]
    (down,) = [o for o in answers.cast_options("m") if o.face == 0]
    assert {rule, "708.4", "118.9"} <= rules(down)
    (cost,) = answers.derived("total_cost")
    assert cost.args == ("p", "3", "0") and {"601.2f", rule} <= rules(cost)
    # 702.37d, 702.168c: the ability is the only way to cast it face down; "normal" pays the mana cost.
    s.propose("q", "a", "m", face=0, method="normal")
    assert [d.args for d in kb(card).ask(s).derived("proposal_illegal")] == [("q", "method_not_allowed")]


def test_a_card_without_morph_cannot_be_cast_face_down(kb):
    # 702.37d: "You can't normally cast a card face down."
    s = own_main_phase()
    s.add_object("gb", "Grizzly Bears", "hand", "a")
    assert options(kb("Grizzly Bears").ask(s), "gb", 0) == []


def test_permission_qualities_are_checked_on_the_face_down_characteristics(kb):
    # 702.37c, 708.4, 601.3e: "cast creature spells with mana value 2 or less from your graveyard"
    # (card-derived later) allows the face-down spell (a creature, mana value 0, 202.3a), not Bane of
    # the Living face up (mana value 4).
    s = own_main_phase()
    s.add_object("bane", "Bane of the Living", "graveyard", "a")
    s.permit_cast("gy", "a", "graveyard", card_types=("creature",), mana_value_at_most=2)
    answers = kb("Bane of the Living").ask(s)
    assert options(answers, "bane", 0) == [("graveyard", "morph", "gy", True, ())]
    assert options(answers, "bane", 1) == []


def test_without_paying_its_mana_cost_is_no_way_to_cast_it_face_down(kb):
    # 118.9a: one alternative cost only; paying {3} rather than the mana cost (702.37c) is one, casting
    # "without paying its mana cost" another.
    s = own_main_phase()
    s.add_object("bane", "Bane of the Living", "exile", "a")
    s.permit_cast("free", "a", "exile", without_paying_mana_cost=True)
    answers = kb("Bane of the Living").ask(s)
    assert options(answers, "bane", 0) == []
    assert options(answers, "bane", 1) == [("exile", "without_paying_mana_cost", "free", True, ())]


def test_prohibitions_apply_to_the_face_down_characteristics_only(kb):
    # 708.4, 702.37c: a prohibition naming the card (Meddling Mage's chosen name, card-derived later)
    # doesn't apply to the face-down spell, which has no name (708.2); "can't cast creature spells"
    # does (101.2).
    s = own_main_phase()
    s.add_object("bane", "Bane of the Living", "hand", "a")
    s.prohibit_cast("named", "a", name="Bane of the Living")
    answers = kb("Bane of the Living").ask(s)
    assert options(answers, "bane", 0) == [("hand", "morph", "rules", True, ())]
    assert options(answers, "bane", 1) == [("hand", "normal", "rules", False, ("prohibited(named)",))]
    s2 = own_main_phase()
    s2.add_object("bane", "Bane of the Living", "hand", "a")
    s2.prohibit_cast("no_creatures", "a", card_types=("creature",))
    assert options(kb("Bane of the Living").ask(s2), "bane", 0) == [
        ("hand", "morph", "rules", False, ("prohibited(no_creatures)",))]


def test_noncreature_cost_increase_does_not_apply_to_the_face_down_creature(kb):
    # 601.2f, 708.4: Thalia's "Noncreature spells cost {1} more" (card-derived later) sees a creature.
    s = own_main_phase()
    s.add_object("ag", "Armor of Thorns", "hand", "a")
    s.add_object("bane", "Bane of the Living", "hand", "a")
    s.cost_increase("thalia", 1, not_card_types=("creature",))
    s.propose("down", "a", "bane", face=0, method="morph")
    s.propose("aura", "a", "ag", pays={})
    costs = {d.args[0]: d.args[1] for d in kb("Bane of the Living", "Armor of Thorns").ask(s).derived("total_cost")}
    assert costs["down"] == "3" and costs["aura"] == "3"  # {3}; Armor of Thorns {1}{G} + {1}


def test_face_down_spell_on_the_stack_has_mana_value_zero_and_no_morph_assumption(kb):
    # 708.2, 202.3a: no mana cost, mana value 0; morph is interpreted (no "no rules for it" assumption).
    s = own_main_phase()
    s.add_object("bane", "Bane of the Living", "stack", "a", cast_face=0)
    answers = kb("Bane of the Living").ask(s)
    mv = answers.mana_value("bane")
    assert mv.value == 0 and {"708.2", "202.3a"} <= rules(mv)
    assert not [a for a in answers.assumptions() if "morph" in a.text]
