"""Convoke, delve and improvise in the payment verdict (issue 18; rules_asp/keywords/convoke_delve_improvise.lp
with casting/mana_payment.lp): creatures, artifacts and graveyard cards that pay a spell's mana besides
its caster's mana (702.51a, 702.126a, 702.66a; 601.2g-h), on real cards."""

from __future__ import annotations

import pytest

from pyrules import GameState, KnowledgeBase

from mana_helpers import alices_main_phase_asking_payments

CARDS = ("Mountain", "Island", "Swamp", "Forest", "Grizzly Bears", "Hill Giant", "Memnite", "Sol Ring",
         "Llanowar Elves", "Dryad Arbor", "Lightning Bolt", "Stoke the Flames", "Sprout Swarm",
         "Chord of Calling", "Treasure Cruise", "Murderous Cut", "Reverse Engineer")


@pytest.fixture(scope="module")
def kb(kb_of) -> KnowledgeBase:
    return kb_of(*CARDS)


def state(permanents: dict[str, str], hand: dict[str, str], *, graveyard: int = 0, new: tuple[str, ...] = (),
          tapped: tuple[str, ...] = ()) -> GameState:
    """Alice's main phase with priority: her ``permanents`` (controlled since the turn began unless in
    ``new``; ``tapped`` ones tapped), ``hand``, and ``graveyard`` Lightning Bolts in her graveyard."""
    s = alices_main_phase_asking_payments()
    for obj, card in permanents.items():
        s.add_object(obj, card, "battlefield", "alice")
        if obj not in new:
            s.controlled_since_turn_began(obj)
        if obj in tapped:
            s.tap(obj)
    for obj, card in hand.items():
        s.add_object(obj, card, "hand", "alice")
    for i in range(graveyard):
        s.add_object(f"g{i}", "Lightning Bolt", "graveyard", "alice")
    return s


def payment(kb, s, obj):
    (pay,) = kb.ask(s).payments(obj)
    return pay


def rules(v) -> set[str]:
    return {c.rule for c in v.citations}


# --- 702.51a convoke --------------------------------------------------------------------------------

def test_two_creatures_convoke_the_generic_mana_of_stoke_the_flames_702_51a(kb):
    s = state({"m1": "Mountain", "m2": "Mountain", "bears": "Grizzly Bears", "mem": "Memnite"},
              {"stoke": "Stoke the Flames"})
    answers = kb.ask(s)
    (pay,) = answers.payments("stoke")
    assert (pay.payable, pay.total_cost, pay.strength) == (True, "{2}{R}{R}", "derived")
    assert {"702.51a", "702.51b", "601.2h"} <= rules(pay)
    assert not [a for a in answers.assumptions("cost", "stoke") if "convoke" in a.text]  # interpreted now


def test_without_the_creatures_the_same_lands_cannot_pay_stoke_the_flames(kb):
    pay = payment(kb, state({"m1": "Mountain", "m2": "Mountain"}, {"stoke": "Stoke the Flames"}), "stoke")
    assert (pay.payable, pay.reasons) == (False, ("missing(any_mana,4,2)",))
    assert "702.51a" in rules(pay)


def test_green_creatures_cannot_convoke_red_mana_702_51a(kb):
    s = state({"m1": "Mountain", "b1": "Grizzly Bears", "b2": "Grizzly Bears", "b3": "Grizzly Bears"},
              {"stoke": "Stoke the Flames"})
    pay = payment(kb, s, "stoke")
    assert (pay.payable, pay.reasons) == (False, ("missing(r,2,1)",))
    assert pay.explanation == ("2 of its symbols can be paid only with {R}, the sources give 1",)


def test_a_red_creature_convokes_a_red_symbol_702_51a(kb):
    s = state({"m1": "Mountain", "giant": "Hill Giant", "b1": "Grizzly Bears", "b2": "Grizzly Bears"},
              {"stoke": "Stoke the Flames"})
    s.ask_payment("stoke")
    pay = payment(kb, s, "stoke")
    assert pay.payable is True
    red = {slot for slot, src in pay.uses if slot.startswith("symbol(")}
    assert red == {"symbol(2,colored(r))", "symbol(3,colored(r))"}
    assert {src for slot, src in pay.uses if slot in red} == {"mana(m1,r)", "convoke(giant,r)"}
    generic = {src for slot, src in pay.uses if slot.startswith("generic(")}
    assert generic == {"convoke(b1,generic)", "convoke(b2,generic)"}
    assert "{R} by tapping giant (convoke)" in pay.explain()


def test_a_summoning_sick_creature_may_convoke_302_6_does_not_apply(kb):
    s = state({"m1": "Mountain", "m2": "Mountain", "b1": "Grizzly Bears", "b2": "Grizzly Bears"},
              {"stoke": "Stoke the Flames"}, new=("b1", "b2"))
    assert payment(kb, s, "stoke").payable is True


def test_a_tapped_creature_does_not_convoke_107_5(kb):
    s = state({"m1": "Mountain", "m2": "Mountain", "b1": "Grizzly Bears", "b2": "Grizzly Bears"},
              {"stoke": "Stoke the Flames"}, tapped=("b2",))
    assert payment(kb, s, "stoke").reasons == ("missing(any_mana,4,3)",)


def test_llanowar_elves_pays_once_for_mana_or_for_convoke_not_both_601_2g(kb):
    # Sprout Swarm {1}{G}: the Elves tap for {G} or convoke, one mana either way.
    pay = payment(kb, state({"elf": "Llanowar Elves"}, {"swarm": "Sprout Swarm"}), "swarm")
    assert (pay.payable, pay.reasons) == (False, ("missing(any_mana,2,1)",))
    s = state({"elf": "Llanowar Elves", "bears": "Grizzly Bears"}, {"swarm": "Sprout Swarm"})
    s.ask_payment("swarm")
    pay = payment(kb, s, "swarm")
    assert pay.payable is True and len(pay.uses) == 2
    assert len({src.split("(")[1].split(",")[0].rstrip(")") for _, src in pay.uses}) == 2  # two sources


def test_three_green_creatures_convoke_chord_of_calling_with_x_0(kb):
    s = state({"b1": "Grizzly Bears", "b2": "Grizzly Bears", "elf": "Llanowar Elves"}, {"chord": "Chord of Calling"},
              new=("elf",))  # the Elves can't tap for mana (302.6), but may convoke
    pay = payment(kb, s, "chord")
    assert (pay.payable, pay.total_cost) == (True, "{G}{G}{G}")


def test_a_creature_whose_colors_are_not_read_leaves_a_refusal_undecided_202_2e(kb):
    # Dryad Arbor has no mana cost (a color indicator, not read): it convokes at least generic mana.
    pay = payment(kb, state({"m1": "Mountain", "arbor": "Dryad Arbor"}, {"stoke": "Stoke the Flames"}), "stoke")
    assert (pay.payable, pay.reasons) == (None, ("convoke_colors_unknown(arbor)",))
    assert pay.strength == "unknown"


# --- 702.66a delve -----------------------------------------------------------------------------------

def test_seven_cards_in_the_graveyard_delve_treasure_cruise_702_66a(kb):
    pay = payment(kb, state({"i1": "Island"}, {"cruise": "Treasure Cruise"}, graveyard=7), "cruise")
    assert (pay.payable, pay.total_cost) == (True, "{7}{U}")
    assert {"702.66a", "702.66b"} <= rules(pay)


def test_six_cards_in_the_graveyard_are_one_short_for_treasure_cruise(kb):
    pay = payment(kb, state({"i1": "Island"}, {"cruise": "Treasure Cruise"}, graveyard=6), "cruise")
    assert (pay.payable, pay.reasons) == (False, ("missing(any_mana,8,7)",))


def test_delve_pays_generic_mana_only_murderous_cut_needs_its_black_702_66a(kb):
    pay = payment(kb, state({"i1": "Island"}, {"cut": "Murderous Cut"}, graveyard=10), "cut")
    assert (pay.payable, pay.reasons) == (False, ("missing(b,1,0)",))
    assert payment(kb, state({"s1": "Swamp"}, {"cut": "Murderous Cut"}, graveyard=4), "cut").payable is True


def test_an_opponents_graveyard_does_not_delve(kb):
    s = state({"s1": "Swamp"}, {"cut": "Murderous Cut"}, graveyard=3)
    s.add_object("bobs", "Lightning Bolt", "graveyard", "bob")
    assert payment(kb, s, "cut").reasons == ("missing(any_mana,5,4)",)


def test_a_delve_spell_cast_from_the_graveyard_does_not_exile_itself_601_2a(kb):
    s = state({"i1": "Island"}, {}, graveyard=6)
    s.add_object("cruise", "Treasure Cruise", "graveyard", "alice")
    s.permit_cast("yard", "alice", "graveyard")
    pay = payment(kb, s, "cruise")
    assert (pay.payable, pay.reasons) == (False, ("missing(any_mana,8,7)",))  # 6 Bolts and the Island


def test_an_asked_delve_payment_exiles_cards_for_generic_mana(kb):
    s = state({"s1": "Swamp", "s2": "Swamp"}, {"cut": "Murderous Cut"}, graveyard=3)
    s.ask_payment("cut")
    pay = payment(kb, s, "cut")
    assert pay.payable is True
    assert sorted(src for _, src in pay.uses if src.startswith("delve(")) == ["delve(g0)", "delve(g1)", "delve(g2)"]
    assert "by exiling g0 (delve)" in pay.explain()


# --- 702.126a improvise ------------------------------------------------------------------------------

def test_an_untapped_artifact_improvises_generic_mana_702_126a(kb):
    s = state({"i1": "Island", "i2": "Island", "ring": "Sol Ring", "mem": "Memnite"}, {"rev": "Reverse Engineer"},
              new=("mem",))
    pay = payment(kb, s, "rev")
    assert (pay.payable, pay.total_cost) == (True, "{3}{U}{U}")
    assert {"702.126a", "702.126b"} <= rules(pay)


def test_sol_ring_taps_for_two_mana_or_improvises_one_not_both(kb):
    pay = payment(kb, state({"i1": "Island", "i2": "Island", "ring": "Sol Ring"}, {"rev": "Reverse Engineer"}), "rev")
    assert (pay.payable, pay.reasons) == (False, ("missing(any_mana,5,4)",))


def test_improvise_pays_no_colored_mana(kb):
    s = state({"i1": "Island", "m1": "Memnite", "m2": "Memnite", "m3": "Memnite", "m4": "Memnite"},
              {"rev": "Reverse Engineer"})
    assert payment(kb, s, "rev").reasons == ("missing(u,2,1)",)


def test_an_asked_improvise_payment_taps_the_artifact(kb):
    s = state({"i1": "Island", "i2": "Island", "ring": "Sol Ring", "mem": "Memnite"}, {"rev": "Reverse Engineer"})
    s.ask_payment("rev")
    pay = payment(kb, s, "rev")
    assert ("improvise(mem)" in {src for _, src in pay.uses}) and len(pay.uses) == 5
    assert {src for _, src in pay.uses if src.startswith("mana(ring")} == {"mana(ring,colorless)"}


def test_a_spell_without_these_keywords_counts_no_creature_or_graveyard_card(kb):
    s = state({"m1": "Mountain", "b1": "Grizzly Bears", "mem": "Memnite"}, {"giant": "Hill Giant"}, graveyard=5)
    pay = payment(kb, s, "giant")
    assert (pay.payable, pay.reasons) == (False, ("missing(any_mana,4,1)",))
    assert not {"702.51a", "702.66a", "702.126a"} & rules(pay)


def test_delve_leaves_the_total_cost_of_a_proposal_whole_and_derived_702_66b(kb):
    # 702.66b: delve applies after the total cost is determined: Treasure Cruise's total is {7}{U},
    # and the keyword is no assumption of the cost question any more.
    s = state({}, {"cruise": "Treasure Cruise"}, graveyard=7)
    s.propose("p", "alice", "cruise")
    answers = kb.ask(s)
    (total,) = answers.derived("total_cost")
    assert (total.args, total.strength) == (("p", "8", "0"), "derived")
    assert answers.assumptions("cost", "cruise") == []


def test_a_token_without_stated_colors_convokes_generic_mana_only(kb):
    # GameState.add_token states no colors: the Soldier pays {1} of Stoke the Flames, and a refusal that
    # a red Soldier could lift is not given (702.51a).
    s = state({"m1": "Mountain", "m2": "Mountain", "bears": "Grizzly Bears"}, {"stoke": "Stoke the Flames"})
    s.add_token("tok", "alice", name="Soldier", subtypes=["Soldier"], card_types=["creature"], toughness=1)
    assert payment(kb, s, "stoke").payable is True
    s = state({"m1": "Mountain", "bears": "Grizzly Bears"}, {"stoke": "Stoke the Flames"})
    s.add_token("tok", "alice", name="Soldier", subtypes=["Soldier"], card_types=["creature"], toughness=1)
    pay = payment(kb, s, "stoke")
    assert (pay.payable, pay.reasons) == (None, ("convoke_colors_unknown(tok)",))
