"""No silent gaps: triggers nobody interprets are assumptions, a melded permanent's mana value is its
front faces' (or none), and only abilities that function now are assumed (rules_asp/foundation/assumptions.lp,
damage.lp, double_faced_cards.lp, characteristics.lp)."""

from __future__ import annotations

import pytest

from pyrules import GameState

HAPATRA = "Hapatra, Vizier of Poisons"
GARRISON = "Hanweir Garrison"
BRISELA = "Brisela, Voice of Nightmares"
BRUNA = "Bruna, the Fading Light"
GISELA = "Gisela, the Broken Blade"
ARGOTH = "Argoth, Sanctum of Nature"
VALKI = "Valki, God of Lies // Tibalt, Cosmic Impostor"


def _state(active: str = "alice", phase: str = "precombat_main", priority: str | None = "alice") -> GameState:
    s = GameState()
    s.add_player("alice")
    s.add_player("bob")
    s.set_turn(active, phase, None, priority)
    return s


# --- finding 1: a trigger is silently left out ---------------------------------------------------------

@pytest.fixture(scope="module")
def trigger_kb(kb_of):
    return kb_of(HAPATRA, GARRISON)


def test_hapatras_combat_damage_trigger_triggers_on_combat_damage_to_a_player(trigger_kb):
    # 603.2, 510.2, 603.2c: "Whenever Hapatra deals combat damage to a player" triggers once for Bob;
    # its optional, targeted effect (608.2d) is left to its controller, the trigger is not.
    s = _state(phase="combat", priority=None)
    s.add_object("hap", HAPATRA, "battlefield", "alice")
    s.controlled_since_turn_began("hap")  # stated: no 302.6 default (not_stated) to list
    s.deal_damage("e", "hap", "bob", 2, combat=True)
    answers = trigger_kb.ask(s)
    (on,) = answers.outcomes().results("triggers_on")
    assert on.args == ("e", "hap", "1", "bob")
    assert {"603.2", "510.2"} <= {c.rule for c in on.citations}
    assert [d.args for d in answers.derived("triggers")] == [("e", "hap", "1")]
    # Both its abilities are interpreted (the second by counters.lp): nothing is assumed.
    assert answers.assumptions() == []


def test_noncombat_damage_does_not_trigger_hapatra(trigger_kb):
    # 603.2: the trigger event is combat damage (510.2); damage dealt by an effect is not it.
    s = _state()
    s.add_object("hap", HAPATRA, "battlefield", "alice")
    s.deal_damage("e", "hap", "bob", 2)
    answers = trigger_kb.ask(s)
    assert answers.outcomes().results("triggers_on") == []
    assert answers.derived("triggers") == []


def test_a_trigger_event_no_rule_derives_is_an_assumption(trigger_kb):
    # 603.2, 113.6: Hanweir Garrison's "Whenever this creature attacks" functions on the battlefield and
    # no rule derives attack triggers: the answers say they assume it has not triggered.
    s = _state()
    s.add_object("hg", GARRISON, "battlefield", "alice")
    assumed = trigger_kb.ask(s).assumptions()
    assert ("hg", 1, "trigger attacks: not modelled") in {(a.object, a.ability, a.text) for a in assumed}


def test_the_same_trigger_in_a_library_assumes_nothing(trigger_kb):
    # 113.6: a permanent card's triggered ability doesn't function in the library.
    s = _state()
    s.add_object("hg", GARRISON, "library", "alice")
    assert trigger_kb.ask(s).assumptions() == []


# --- finding 2: a melded permanent's mana value -------------------------------------------------------

@pytest.fixture(scope="module")
def meld_kb(kb_of):
    return kb_of(BRISELA, BRUNA, GISELA, ARGOTH)


def test_a_melded_permanent_has_the_sum_of_its_front_faces_mana_values(meld_kb):
    # 202.3c, 712.8g: Bruna, the Fading Light {5}{W}{W} (7) + Gisela, the Broken Blade {2}{W}{W} (4) = 11.
    s = _state()
    s.add_object("b", BRISELA, "battlefield", "alice")
    s.set_melded_from("b", BRUNA, GISELA)
    mv = meld_kb.ask(s).mana_value("b")
    assert mv.value == 11
    assert {"202.3c", "712.8g"} <= {c.rule for c in mv.citations}


def test_a_melded_permanent_without_its_front_faces_has_no_mana_value(meld_kb):
    # 202.3a's "no mana cost: 0" excludes melded permanents (202.3c): unknown, never 0.
    s = _state()
    s.add_object("b", BRISELA, "battlefield", "alice")
    answers = meld_kb.ask(s)
    assert answers.mana_value("b") is None
    assert [d.args for d in answers.derived("mana_value_unknown_why")] == [("b", "melded_front_faces_unknown")]


def test_a_combined_back_face_outside_the_battlefield_has_no_mana_value(meld_kb):
    # 712.4b: the back face of a meld pair fails to determine characteristics outside a melded permanent.
    s = _state()
    s.add_object("b", BRISELA, "hand", "alice")
    answers = meld_kb.ask(s)
    assert answers.mana_value("b") is None
    assert [d.args for d in answers.derived("mana_value_unknown_why")] == [("b", "meld_back_face_not_melded")]


def test_a_meld_front_face_land_without_mana_cost_has_mana_value_zero(meld_kb):
    # 202.3a: Argoth, Sanctum of Nature is a meld card's front face (a land, no mana cost): 0.
    s = _state()
    s.add_object("ar", ARGOTH, "battlefield", "alice")
    assert meld_kb.ask(s).mana_value("ar").value == 0


# --- finding 3: assumptions of cards in hand ----------------------------------------------------------

def test_flying_of_a_creature_card_in_hand_is_no_assumption(kb_of):
    # 113.6: flying, a static ability of a permanent, doesn't function in the hand, even while the card
    # is asked about for casting (113.6d-f name the abilities that do).
    kb = kb_of("Serra Angel")
    s = _state()
    s.add_object("sa", "Serra Angel", "hand", "alice")
    answers = kb.ask(s)
    assert [o for o in answers.cast_options() if o.object == "sa"]  # it is asked about for casting ...
    assert answers.assumptions() == []  # ... and nothing it has functions there


def test_a_modal_dfc_in_hand_assumes_none_of_its_triggered_or_loyalty_abilities(kb_of):
    # 113.6, 712.8a: Valki in hand; its enters trigger, its {X} ability and Tibalt's loyalty abilities
    # (603, 602) can't decide whether a face may be cast. What stays: Tibalt's unread static ability
    # (face 2 may be cast, 712.11b/c evaluate that face, and an unread static ability could be a 113.6e one).
    kb = kb_of(VALKI)
    s = _state()
    s.add_object("v", VALKI, "hand", "alice")
    assumed = kb.ask(s).assumptions()
    assert [(a.object, a.ability) for a in assumed] == [("v", 1)]
    assert assumed[0].text.startswith("As ~ enters, you get an emblem")


def test_the_same_modal_dfc_on_the_battlefield_lists_its_front_face_abilities(kb_of):
    # 113.6, 712.8d: on the battlefield front face up, Valki's own unread abilities function.
    kb = kb_of(VALKI)
    s = _state()
    s.add_object("v", VALKI, "battlefield", "alice")
    texts = {a.text for a in kb.ask(s).assumptions()}
    # "each opponent reveals their hand" is read (keyword_action reveal_hand, 701.20a); the ability's
    # next sentence is not, so the ability stays listed by it.
    assert any(t.startswith("For each opponent, exile a creature card they revealed") for t in texts)
    assert not any(t.startswith("As ~ enters") for t in texts)  # Tibalt's face isn't up


# --- finding 4: land plays the rule base does not model are open, not missing --------------------------

def test_the_land_face_of_a_modal_dfc_in_hand_gets_an_unknown_land_play(kb_of):
    # 712.12: Agadeem's Awakening // Agadeem, the Undercrypt may be played as its land face; not
    # modelled, so land_plays() says so instead of saying nothing.
    kb = kb_of("Agadeem's Awakening // Agadeem, the Undercrypt")
    s = _state()
    s.add_object("ag", "Agadeem's Awakening // Agadeem, the Undercrypt", "hand", "alice")
    (play,) = kb.ask(s).land_plays("ag")
    assert (play.player, play.zone, play.allowed, play.reasons) == ("alice", "hand", None,
                                                                    ("modal_double_faced_land_face",))
    assert "712.12" in {c.rule for c in play.citations}


def test_a_land_on_top_of_the_library_under_bolass_citadel_gets_an_unknown_land_play(kb_of):
    # 305.1: lands are played from the hand unless an effect allows another zone; Bolas's Citadel's
    # "You may play lands ... from the top of your library" is read but not bridged: open, not silent.
    kb = kb_of("Bolas's Citadel", "Forest")
    s = _state()
    s.add_object("cit", "Bolas's Citadel", "battlefield", "alice")
    s.add_object("top", "Forest", "library", "alice")
    s.set_top_of_library("top")
    (play,) = kb.ask(s).land_plays("top")
    assert (play.player, play.zone, play.allowed, play.reasons) == ("alice", "library", None, ("from_top_of_library",))
    # Without the Citadel, the Forest in the library gets no land play at all (305.1: from the hand).
    s2 = _state()
    s2.add_object("top", "Forest", "library", "alice")
    s2.set_top_of_library("top")
    assert kb.ask(s2).land_plays("top") == []
