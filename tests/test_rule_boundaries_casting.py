"""Condition literals of the casting rules (issue 23: tests that notice when a rule changes), with
real cards: what may be cast at all (305.1, 709.3), and which permission a spell is cast through.
"""

from __future__ import annotations

import pytest

from pyrules import GameState

HAND = ("Forest", "Dryad Arbor", "Grizzly Bears")


def own_main_phase(*names: str) -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    for i, name in enumerate(names):
        s.add_object(f"o{i}", name, "hand", "a")
    return s


@pytest.mark.parametrize("index,name,castable", [(0, "Forest", False), (1, "Dryad Arbor", False),
                                                 (2, "Grizzly Bears", True)])
def test_a_land_is_never_cast_a_nonland_card_is_305_1_709_3(kb_of, index, name, castable):
    # 305.1: a land (even a land creature, Dryad Arbor) is played, not cast: no cast option, no verdict;
    # a creature card in its owner's main phase may be cast (face 1, 709.3 for a card that isn't split).
    answers = kb_of(*HAND).ask(own_main_phase(*HAND))
    options = answers.cast_options(f"o{index}")
    assert [(o.face, o.allowed) for o in options] == ([(1, True)] if castable else [])


def opponents_end_step() -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("b", "ending", "end", "a")
    return s


def test_adventurer_face_blocked_by_timing_cites_715_4_the_adventure_is_castable_715_3a(kb_of):
    # b's end step, a holds priority: Stomp (an instant Adventure) may be cast; Bonecrusher Giant, cast
    # normally (715.4: only its normal characteristics), waits for a's main phase.
    s = opponents_end_step()
    s.add_object("bg", "Bonecrusher Giant // Stomp", "hand", "a")
    options = {o.face_name: o for o in kb_of("Bonecrusher Giant // Stomp").ask(s).cast_options("bg")}
    giant, stomp = options["Bonecrusher Giant"], options["Stomp"]
    assert (giant.face, giant.allowed, giant.reasons) == (1, False, ("timing",))
    assert "715.4" in {c.rule for c in giant.citations}
    assert (stomp.face, stomp.allowed) == (2, True)
    assert "715.3a" in {c.rule for c in stomp.citations} and "715.4" not in {c.rule for c in stomp.citations}


@pytest.mark.parametrize("zone,combined", [("graveyard", True), ("hand", False)])
def test_as_though_flash_combined_with_another_permission_cites_609_4a(kb_of, zone, combined):
    # Leyline of Anticipation lets a cast spells as though they had flash. From the graveyard, with
    # another effect's permission to cast from there, the two combine (609.4a); from the hand (the
    # rules' own permission, 601.3) there is only the one effect, and 609.4a is not cited.
    s = opponents_end_step()
    s.add_object("gb", "Grizzly Bears", zone, "a")
    s.add_object("ley", "Leyline of Anticipation", "battlefield", "a", controller="a")
    if zone == "graveyard":
        s.permit_cast("yard", "a", "graveyard")
    (option,) = kb_of("Grizzly Bears", "Leyline of Anticipation").ask(s).cast_options("gb")
    assert option.allowed and option.zone == zone
    assert ("609.4a" in {c.rule for c in option.citations}) == combined


@pytest.mark.parametrize("card,low,high", [("Izzet Charm", 1, 1), ("Cryptic Command", 2, 2), ("Winterflame", 1, 2),
                                           ("Farewell", 1, 4)])
def test_how_many_modes_and_700_2d_only_when_more_than_one_may_be_chosen(kb_of, card, low, high):
    # 700.2: "Choose one" / "Choose two" / "Choose one or both" / "Choose one or more"; 700.2d (a mode
    # can't be chosen twice) is cited when more than one mode may be chosen, not for "Choose one".
    s = own_main_phase(card)
    (n,) = kb_of(card).ask(s).derived("modes_to_choose")
    assert n.args == ("o0", "1", str(low), str(high))
    assert {"700.2", "601.2b"} <= {c.rule for c in n.citations}
    assert ("700.2d" in {c.rule for c in n.citations}) == (high > 1)


@pytest.mark.parametrize("own_turn,allowed", [(True, True), (False, False)])
def test_an_adventurer_card_on_an_adventure_cites_715_3d_allowed_or_blocked(kb_of, own_turn, allowed):
    # 715.3d: exiled on an Adventure, Bonecrusher Giant may be cast from exile (not as Stomp); at b's end
    # step its creature timing blocks it, and the refusal cites 715.3d too.
    s = own_main_phase() if own_turn else opponents_end_step()
    s.add_object("bg", "Bonecrusher Giant // Stomp", "exile", "a")
    s.send_on_adventure("bg", "a")
    (option,) = kb_of("Bonecrusher Giant // Stomp").ask(s).cast_options("bg")
    assert (option.face_name, option.zone, option.source, option.allowed) == ("Bonecrusher Giant", "exile",
                                                                              "adventure", allowed)
    assert option.reasons == (() if allowed else ("timing",))
    assert "715.3d" in {c.rule for c in option.citations}


@pytest.mark.parametrize("card,method,cited", [("Bane of the Living", "morph", {"702.37c"}),
                                               ("Ainok Survivalist", "megamorph", {"702.37c", "702.37a", "702.37b"})])
def test_a_megamorph_card_cast_face_down_cites_the_morph_rules_too_702_37b(kb_of, card, method, cited):
    # 702.37b: megamorph is a variant of morph: cast face down for {3} as morph is (702.37c).
    s = own_main_phase(card)
    s.propose("p", "a", "o0", face=0, method=method)
    (down,) = [o for o in kb_of(card).ask(s).cast_options("o0") if o.face == 0]
    assert (down.method, down.allowed) == (method, True)
    assert cited <= {c.rule for c in down.citations}


def test_only_the_top_card_of_an_ordered_library_is_the_top_card_401_1(kb_of):
    # Bolas's Citadel lets a play the top card of a's library (401.1: position 1 is the top). With the
    # order [c1, c2] known, c1 may be cast through the Citadel and c2 may not be cast at all.
    s = own_main_phase()
    s.add_object("cit", "Bolas's Citadel", "battlefield", "a", controller="a")
    for c in ("c1", "c2"):
        s.add_object(c, "Grizzly Bears", "library", "a")
    s.set_library_order("a", ["c1", "c2"])
    answers = kb_of("Bolas's Citadel", "Grizzly Bears").ask(s)
    assert [(o.zone, o.allowed) for o in answers.cast_options("c1")] == [("library", True)]
    assert answers.cast_options("c2") == []
