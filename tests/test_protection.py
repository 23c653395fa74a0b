"""Protection prevents damage (CR 702.16e, 702.16j), on real Oracle cards: the recipient's protection
is read from its Oracle text (face_keyword_quality/4), the source's qualities from its card (colors
202.2 and 105.2, card types 205.2a, devoid 702.114a). Where either side can't be evaluated, there is
no damage verdict for that pair and nothing that depends on it (rules_asp/keywords/protection.lp).
Rule numbers are those of the CR effective 2026-04-17.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.inputs.cards import load_cards

NAMES = {"White Knight", "Vampire Nighthawk", "Hill Giant", "Beloved Chaplain", "Lightning Bolt",
         "Tel-Jilad Archers", "Memnite", "Auriok Champion", "Grizzly Bears", "Enemy of the Guildpact",
         "Watchwolf", "Lightning Helix", "Progenitus", "Hexdrinker", "Foothill Guide", "Goblin Piker",
         "Bonecrusher Giant // Stomp", "Sky Scourer", "Crimson Kobolds", "Dusk Imp"}


@pytest.fixture(scope="module")
def kb(cards_dir: Path) -> KnowledgeBase:
    cards = []
    for f in ("scryfall-oracle-compact-A-K.json", "scryfall-oracle-compact-L-Z.json"):
        cards += [c for c in load_cards(cards_dir / f, names=NAMES) if c.layout != "token"]
    assert {c.name for c in cards} == NAMES
    return KnowledgeBase(cards)


def rules(answer) -> set[str]:
    return {c.rule for c in answer.citations}


def combat(kb: KnowledgeBase, attacker: str, defender: str, amount: int, *, source_zone: str = "battlefield"):
    """a's ``attacker`` (on the battlefield, or a spell on the stack) deals ``amount`` damage to b's
    ``defender``; both players at 20 life. Returns the answers."""
    s = GameState()
    for p in ("a", "b"):
        s.add_player(p)
        s.set_life(p, 20)
    s.set_turn("a", "combat")
    cast_face = 2 if source_zone == "stack" and " // " in attacker else None
    s.add_object("src", attacker, source_zone, "a", cast_face=cast_face)
    s.add_object("r", defender, "battlefield", "b")
    s.deal_damage("e", "src", "r", amount, combat=source_zone == "battlefield")
    return kb.ask(s)


def args(answers, name):
    return [d.args for d in answers.derived(name)]


def assert_prevented(answers, amount, rule="702.16e"):
    (prevented,) = answers.derived("damage_prevented")
    assert prevented.args == ("e", "src", "r", str(amount)) and rule in rules(prevented)
    assert args(answers, "damage_result") == [] and args(answers, "sba") == []
    assert ("r", "0") in args(answers, "damage_marked_after")


def assert_no_verdict(answers):
    # No damage verdict for the pair, and nothing derived from it (damage marked, toughness, SBA).
    assert args(answers, "damage_unknown") == [("e", "src", "r")]
    assert args(answers, "damage_prevented") == [] and args(answers, "damage_result") == []
    assert not [a for a in args(answers, "damage_marked_after") if a[0] == "r"]
    assert not [a for a in args(answers, "toughness_after") if a[0] == "r"]
    assert ("r",) in args(answers, "toughness_unknown") and args(answers, "sba") == []


def test_protection_from_black_prevents_damage_from_a_black_creature(kb):
    # 702.16e: White Knight ("Protection from black") is dealt no damage by Vampire Nighthawk ({1}{B}{B},
    # 202.2); no damage dealt, so neither its deathtouch (702.2b) nor its lifelink (702.15b) applies.
    answers = combat(kb, "Vampire Nighthawk", "White Knight", 2)
    assert_prevented(answers, 2)
    assert ("a", "20") in args(answers, "life_after")


def test_protection_from_black_does_not_stop_a_red_creature(kb):
    # 702.16e applies only to sources with the stated quality: Hill Giant (red) deals 3 to White
    # Knight: marked (120.3e), lethal (704.5g).
    answers = combat(kb, "Hill Giant", "White Knight", 3)
    assert args(answers, "damage_prevented") == []
    assert args(answers, "damage_result") == [("e", "src", "r", "mark_damage(3)")]
    assert ("destroyed(r)",) in args(answers, "sba")


def test_protection_from_black_and_from_red_is_two_protections(kb):
    # 702.16g: Auriok Champion has protection from black and protection from red: Lightning Bolt (red)
    # and Dusk Imp (black) are prevented; Grizzly Bears (green) is not.
    assert_prevented(combat(kb, "Lightning Bolt", "Auriok Champion", 3, source_zone="stack"), 3)
    assert_prevented(combat(kb, "Dusk Imp", "Auriok Champion", 2), 2)
    bears = combat(kb, "Grizzly Bears", "Auriok Champion", 2)
    assert args(bears, "damage_result") == [("e", "src", "r", "mark_damage(2)")]


def test_protection_from_creatures_is_a_card_type_quality(kb):
    # 702.16a, 702.16e: Beloved Chaplain ("Protection from creatures") takes no damage from Hill Giant,
    # but Lightning Bolt (an instant) destroys it (120.3e, 704.5g).
    assert_prevented(combat(kb, "Hill Giant", "Beloved Chaplain", 3), 3)
    bolt = combat(kb, "Lightning Bolt", "Beloved Chaplain", 3, source_zone="stack")
    assert args(bolt, "damage_prevented") == [] and ("destroyed(r)",) in args(bolt, "sba")


def test_protection_from_artifacts_needs_only_the_card_type(kb):
    # 702.16a: Tel-Jilad Archers ("Protection from artifacts") vs Memnite (artifact creature, {0}):
    # prevented — its card type is known even though a {0} cost leaves its color unread (204.1).
    assert_prevented(combat(kb, "Memnite", "Tel-Jilad Archers", 1), 1)


def test_protection_from_multicolored(kb):
    # 105.2b, 702.16e: Enemy of the Guildpact ("Protection from multicolored") vs Watchwolf ({G}{W}):
    # prevented; vs Lightning Bolt (monocolored red): dealt.
    assert_prevented(combat(kb, "Watchwolf", "Enemy of the Guildpact", 3), 3)
    assert_prevented(combat(kb, "Lightning Helix", "Enemy of the Guildpact", 3, source_zone="stack"), 3)
    bolt = combat(kb, "Lightning Bolt", "Enemy of the Guildpact", 3, source_zone="stack")
    assert args(bolt, "damage_result") == [("e", "src", "r", "mark_damage(3)")]


def test_protection_from_everything_prevents_all_damage(kb):
    # 702.16j: "All damage that would be dealt to such a permanent ... is prevented" (Progenitus).
    assert_prevented(combat(kb, "Lightning Bolt", "Progenitus", 3, source_zone="stack"), 3, rule="702.16j")


def test_devoid_source_is_colorless_for_protection(kb):
    # 702.114a: Sky Scourer ({1}{B}, devoid) is colorless, so White Knight's protection from black
    # doesn't prevent its damage (120.3e).
    answers = combat(kb, "Sky Scourer", "White Knight", 1)
    assert args(answers, "damage_prevented") == []
    assert args(answers, "damage_result") == [("e", "src", "r", "mark_damage(1)")]


def test_no_verdict_for_protection_in_a_level_striation(kb):
    # 711.2: Hexdrinker's protection from instants (level 3-7) and from everything (level 8+) apply only
    # at those levels, which are not evaluated: no damage verdict rather than a guess.
    assert_no_verdict(combat(kb, "Lightning Bolt", "Hexdrinker", 3, source_zone="stack"))


def test_no_verdict_for_a_subtype_quality(kb):
    # 702.16a: "Protection from Goblins" (Foothill Guide) is a subtype quality, not evaluated here.
    assert_no_verdict(combat(kb, "Goblin Piker", "Foothill Guide", 2))


def test_no_verdict_when_the_source_text_is_unread(kb):
    # Stomp's "Damage can't be prevented this turn" is unread text of the source (615.12 would make
    # the damage unpreventable): no verdict for Stomp's damage to Auriok Champion (pro red).
    assert_no_verdict(combat(kb, "Bonecrusher Giant // Stomp", "Auriok Champion", 2, source_zone="stack"))
    # ... not even against protection from everything (615.12: unpreventable damage isn't prevented).
    assert_no_verdict(combat(kb, "Bonecrusher Giant // Stomp", "Progenitus", 2, source_zone="stack"))


def test_no_verdict_when_the_source_color_may_come_from_a_color_indicator(kb):
    # 202.2e, 204.1: Crimson Kobolds ({0}) is red by its color indicator, which the card facts don't
    # carry; its color against Auriok Champion's protection from red is not guessed.
    assert_no_verdict(combat(kb, "Crimson Kobolds", "Auriok Champion", 1))


def test_no_verdict_for_granted_protection_without_a_quality(kb):
    # An effect gives Grizzly Bears protection (quality not in the state): no verdict for Hill Giant's damage.
    s = GameState()
    for p in ("a", "b"):
        s.add_player(p)
        s.set_life(p, 20)
    s.set_turn("a", "combat")
    s.add_object("src", "Hill Giant", "battlefield", "a")
    s.add_object("r", "Grizzly Bears", "battlefield", "b")
    s.grant_keyword("g", "r", "protection")
    s.deal_damage("e", "src", "r", 3, combat=True)
    assert_no_verdict(kb.ask(s))


def test_lifelink_source_with_undecided_protection_leaves_its_controllers_life_unknown(kb):
    # 702.15b: if the damage isn't known to be dealt, neither is the lifelink life gain.
    s = GameState()
    for p in ("a", "b"):
        s.add_player(p)
        s.set_life(p, 20)
    s.set_turn("a", "combat")
    s.add_object("src", "Vampire Nighthawk", "battlefield", "a")
    s.add_object("r", "Grizzly Bears", "battlefield", "b")
    s.grant_keyword("g", "r", "protection")
    s.deal_damage("e", "src", "r", 2, combat=True)
    answers = kb.ask(s)
    assert_no_verdict(answers)
    assert [a for a in args(answers, "life_after") if a[0] == "a"] == []
