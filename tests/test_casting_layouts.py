"""Casting and characteristics by card layout, on real Oracle cards: aftermath halves of split cards
(702.127a), adventurer cards (715), modal and nonmodal ("transforming") double-faced cards (712).

Case A10 (``shared/cases/cases.jsonl``: Bolas's Citadel and aftermath) in part: the aftermath half
can't be cast from the top of the library. Rule numbers are those of the CR effective 2026-04-17.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pyrules import KnowledgeBase
from pyrules.inputs.cards import load_cards
from two_player import game, own_main_phase, rules

COMMIT = "Commit // Memory"
CUT = "Cut // Ribbons"
GIANT = "Bonecrusher Giant // Stomp"
OMEN = "Marang River Regent // Coil and Catch"
VALKI = "Valki, God of Lies // Tibalt, Cosmic Impostor"
SEA_GATE = "Sea Gate Restoration // Sea Gate, Reborn"
DELVER = "Delver of Secrets // Insectile Aberration"
CITADEL = "Bolas's Citadel"
NAMES = {COMMIT, CUT, GIANT, OMEN, VALKI, SEA_GATE, DELVER, CITADEL}


@pytest.fixture(scope="module")
def kb(cards_dir: Path) -> KnowledgeBase:
    cards = []
    for f in ("scryfall-oracle-compact-A-K.json", "scryfall-oracle-compact-L-Z.json"):
        cards += load_cards(cards_dir / f, names=NAMES)
    assert {c.name for c in cards} == NAMES
    return KnowledgeBase(cards)


def by_face(answers, obj) -> dict[str, object]:
    opts = answers.cast_options(obj)
    assert len({o.face_name for o in opts}) == len(opts), opts
    return {o.face_name: o for o in opts}


# ------------------------------------------------------------------------------- aftermath 702.127a


def test_aftermath_half_cannot_be_cast_from_hand(kb):
    # 702.127a: "This half of this split card can't be cast from any zone other than a graveyard";
    # the other half (Commit, an instant) is cast from hand as any split card's half (709.3a).
    s = own_main_phase()
    s.add_object("cm", COMMIT, "hand", "a")
    opts = by_face(kb.ask(s), "cm")
    assert opts["Commit"].allowed and {"601.3", "709.3a", "117.1a"} <= rules(opts["Commit"])
    memory = opts["Memory"]
    assert not memory.allowed and memory.reasons == ("prohibited(aftermath)",)
    assert {"702.127a", "101.2"} <= rules(memory)


def test_aftermath_half_is_cast_from_the_graveyard_at_sorcery_timing(kb):
    # 702.127a: "You may cast this half of this split card from your graveyard"; Memory is a sorcery
    # (117.1a, 307.1: own main phase, empty stack). Commit is given no such permission.
    s = own_main_phase()
    s.add_object("cm", COMMIT, "graveyard", "a")
    opts = by_face(kb.ask(s), "cm")
    assert list(opts) == ["Memory"]
    memory = opts["Memory"]
    assert memory.allowed and (memory.zone, memory.source) == ("graveyard", "aftermath")
    assert {"702.127a", "307.1", "709.3a"} <= rules(memory)


def test_aftermath_half_in_the_graveyard_waits_for_sorcery_timing(kb):
    # 307.1, 117.1a: on the opponent's turn the sorcery half can't be cast, even from the graveyard.
    s = game()
    s.add_object("cm", COMMIT, "graveyard", "a")
    (memory,) = kb.ask(s).cast_options("cm")
    assert memory.face_name == "Memory" and not memory.allowed and memory.reasons == ("timing",)


def test_aftermath_half_is_cast_only_by_its_owner(kb):
    # 702.127a: "your graveyard" — only its owner b may cast Memory from b's graveyard (and b, without
    # priority in a's main phase, can't now: 117.1).
    s = own_main_phase()
    s.add_object("cm", COMMIT, "graveyard", "b")
    (memory,) = kb.ask(s).cast_options("cm")
    assert (memory.player, memory.face_name, memory.allowed, memory.reasons) == ("b", "Memory", False, ("no_priority",))


def test_case_a10_ribbons_cannot_be_cast_from_the_top_of_the_library_with_bolas_citadel(kb):
    # Case A10 (the aftermath part): Bolas's Citadel (read from its Oracle text) lets a cast spells from
    # the top of the library; Cut may be cast, Ribbons can't (702.127a, 101.2: "can't" beats "can").
    s = own_main_phase()
    s.add_object("bc", CITADEL, "battlefield", "a")
    s.add_object("cr", CUT, "library", "a")
    s.set_top_of_library("cr")
    answers = kb.ask(s)
    opts = by_face(answers, "cr")
    # The permission does not extend to Ribbons (may_not_cast), so it is no cast option at all.
    assert list(opts) == ["Cut"] and opts["Cut"].allowed and opts["Cut"].zone == "library"
    verdicts = {v.face_name: v for v in answers.cast_verdicts("cr")}
    assert verdicts["Cut"].allowed
    assert not verdicts["Ribbons"].allowed and "aftermath" in verdicts["Ribbons"].reason
    assert {"702.127a", "101.2"} <= rules(verdicts["Ribbons"])


def test_aftermath_card_mana_value_off_the_stack_is_combined(kb):
    # 709.4b, 202.3d: in the graveyard Commit // Memory has mana value 4 + 6 = 10; on the stack as
    # Memory only Memory's 6 (709.3b).
    s = own_main_phase()
    s.add_object("g", COMMIT, "graveyard", "a")
    s.add_object("st", COMMIT, "stack", "a", cast_face=2)
    answers = kb.ask(s)
    assert answers.mana_value("g").value == 10 and "709.4b" in rules(answers.mana_value("g"))
    assert answers.mana_value("st").value == 6 and "709.3b" in rules(answers.mana_value("st"))


# --------------------------------------------------------------------------------- adventurer 715


def test_adventurer_card_is_cast_as_either_face_from_hand(kb):
    # 715.3: as a player casts an adventurer card they choose to cast it normally or as an Adventure;
    # 715.3a: only the Adventure's characteristics are evaluated for Stomp.
    s = own_main_phase()
    s.add_object("bg", GIANT, "hand", "a")
    opts = by_face(kb.ask(s), "bg")
    assert opts["Bonecrusher Giant"].allowed and {"715.3", "715.4", "117.1a"} <= rules(opts["Bonecrusher Giant"])
    assert opts["Stomp"].allowed and {"715.3", "715.3a"} <= rules(opts["Stomp"])


def test_adventure_instant_at_instant_speed_on_the_opponents_turn(kb):
    # 715.3a, 117.1a: Stomp is an instant: castable whenever a has priority; the Giant (a creature)
    # waits for a's main phase (307.1 analogue for permanents, 117.1a).
    s = game()
    s.add_object("bg", GIANT, "hand", "a")
    opts = by_face(kb.ask(s), "bg")
    assert opts["Stomp"].allowed and {"715.3a", "117.1a"} <= rules(opts["Stomp"])
    assert not opts["Bonecrusher Giant"].allowed and opts["Bonecrusher Giant"].reasons == ("timing",)


def test_adventure_characteristics_on_the_stack_and_elsewhere(kb):
    # 715.3b: on the stack as an Adventure, only Stomp's characteristics: mana value 2;
    # 715.4: everywhere else (and on the stack cast normally) only the Giant's: mana value 3.
    s = game()
    s.add_object("h", GIANT, "hand", "a")
    s.add_object("adv", GIANT, "stack", "a", cast_face=2)
    s.add_object("cre", GIANT, "stack", "b", cast_face=1)
    s.add_object("bf", GIANT, "battlefield", "b")
    answers = kb.ask(s)
    assert answers.mana_value("adv").value == 2 and "715.3b" in rules(answers.mana_value("adv"))
    for obj in ("h", "cre", "bf"):
        mv = answers.mana_value(obj)
        assert mv.value == 3 and "715.4" in rules(mv), obj


def test_adventure_permission_evaluates_only_the_chosen_face(kb):
    # 715.3a, 601.3e: an effect allowing instant spells from exile allows Stomp, not the Giant.
    s = game()
    s.add_object("bg", GIANT, "exile", "a")
    s.allow_cast("e", "a", "exile", card_types=("instant",))
    verdicts = {v.face_name: v for v in kb.ask(s).cast_verdicts("bg")}
    assert verdicts["Stomp"].allowed and "715.3a" in rules(verdicts["Stomp"])
    assert not verdicts["Bonecrusher Giant"].allowed


def test_card_on_an_adventure_may_be_cast_as_the_creature_only(kb):
    # 715.3d: exiled as the Adventure resolved, the card may be cast by that player while it stays
    # exiled — but not as an Adventure this way.
    s = own_main_phase()
    s.add_object("bg", GIANT, "exile", "a")
    s.send_on_adventure("bg", "a")
    opts = by_face(kb.ask(s), "bg")
    assert list(opts) == ["Bonecrusher Giant"]
    giant = opts["Bonecrusher Giant"]
    assert giant.allowed and (giant.zone, giant.source) == ("exile", "adventure") and "715.3d" in rules(giant)


def test_adventurer_card_in_exile_without_an_adventure_is_not_castable(kb):
    # 601.3: nothing allows casting an exiled card by default.
    s = own_main_phase()
    s.add_object("bg", GIANT, "exile", "a")
    assert kb.ask(s).cast_options("bg") == []


def test_omen_card_follows_the_same_rules_as_adventurers(kb):
    # 720.3, 720.3a, 720.3b, 720.4 (Scryfall layout "adventure", inset subtype "Omen").
    s = game()
    s.add_object("h", OMEN, "hand", "a")
    s.add_object("st", OMEN, "stack", "b", cast_face=2)
    answers = kb.ask(s)
    opts = by_face(answers, "h")
    coil = opts["Coil and Catch"]
    assert coil.allowed and {"720.3", "720.3a"} <= rules(coil)
    assert not opts["Marang River Regent"].allowed
    assert answers.mana_value("h").value == 6 and "720.4" in rules(answers.mana_value("h"))
    assert answers.mana_value("st").value == 4 and "720.3b" in rules(answers.mana_value("st"))


# ---------------------------------------------------------------------------- double-faced 712


def test_modal_double_faced_card_either_face_may_be_cast(kb):
    # 712.11b: the player chooses which face of a modal double-faced card to cast; 712.11c only that
    # face is evaluated. Valki (creature) and Tibalt (planeswalker) both at sorcery timing.
    s = own_main_phase()
    s.add_object("v", VALKI, "hand", "a")
    opts = by_face(kb.ask(s), "v")
    assert set(opts) == {"Valki, God of Lies", "Tibalt, Cosmic Impostor"}
    assert all(o.allowed and {"712.11b", "712.11c"} <= rules(o) for o in opts.values())


def test_modal_double_faced_land_face_is_not_cast(kb):
    # 712.12: a land face is played, not cast (305.9); only the sorcery face is a cast option.
    s = own_main_phase()
    s.add_object("sg", SEA_GATE, "hand", "a")
    opts = by_face(kb.ask(s), "sg")
    assert list(opts) == ["Sea Gate Restoration"] and opts["Sea Gate Restoration"].allowed


def test_modal_double_faced_characteristics_by_zone(kb):
    # 712.8a: in the hand only the front face (mana value 2); 712.8f: on the stack and on the
    # battlefield only the face that's up (Tibalt: 7); 712.8d: a permanent with its front face up.
    s = game()
    s.add_object("h", VALKI, "hand", "a")
    s.add_object("st", VALKI, "stack", "a", cast_face=2)
    s.add_object("front", VALKI, "battlefield", "a")
    s.add_object("back", VALKI, "battlefield", "b")
    s.set_face_up("back", 2)
    answers = kb.ask(s)
    assert answers.mana_value("h").value == 2 and "712.8a" in rules(answers.mana_value("h"))
    assert answers.mana_value("st").value == 7 and "712.8f" in rules(answers.mana_value("st"))
    assert answers.mana_value("front").value == 2 and "712.8d" in rules(answers.mana_value("front"))
    assert answers.mana_value("back").value == 7 and "712.8f" in rules(answers.mana_value("back"))


def test_transforming_double_faced_card_only_front_face_is_cast(kb):
    # 712.11: a double-faced spell is cast with its front face up; a nonmodal card's back face only
    # "transformed" by an effect (712.11a), which nothing here allows.
    s = own_main_phase()
    s.add_object("d", DELVER, "hand", "a")
    opts = by_face(kb.ask(s), "d")
    assert list(opts) == ["Delver of Secrets"]
    assert opts["Delver of Secrets"].allowed and {"712.11", "712.11c"} <= rules(opts["Delver of Secrets"])


def test_transformed_permanent_uses_its_front_face_mana_value(kb):
    # 712.8e, 202.3b: Insectile Aberration (no mana cost) has the mana value of Delver's {U}: 1.
    s = game()
    s.add_object("d", DELVER, "battlefield", "a")
    s.set_face_up("d", 2)
    mv = kb.ask(s).mana_value("d")
    assert mv.value == 1 and {"712.8e", "202.3b"} <= rules(mv)
