"""Blocking restrictions of evasion keyword abilities (CR 509.1a, 509.1b; rules_asp/keywords/evasion.lp):
real attackers and blockers, the verdict the 702 rule gives for each pair."""

from __future__ import annotations

import pytest

from two_player import game, rules


@pytest.fixture(scope="module")
def kb(kb_of):
    return kb_of


def _combat(attacker: str, blockers: dict[str, str], lands: dict[str, str] | None = None):
    """b's declare attackers step: b's ``attacker`` (id "att") attacks a; a controls ``blockers``
    (id -> card) and ``lands``."""
    s = game(active="b", phase="combat", step="declare_attackers", priority="b")
    s.add_object("att", attacker, "battlefield", "b")
    s.attack("att", "a")
    for o, card in {**blockers, **(lands or {})}.items():
        s.add_object(o, card, "battlefield", "a")
    return s


def _verdicts(answers) -> dict[str, str]:
    """blocker id -> "may" | the may_not_block reason | "undecided(...)" for the attacker "att"."""
    out = {b.args[0]: "may" for b in answers.derived("may_block") if b.args[1] == "att"}
    out.update({b.args[0]: b.args[2] for b in answers.derived("may_not_block") if b.args[1] == "att"})
    out.update({b.args[0]: f"undecided({b.args[2]})" for b in answers.derived("block_undecided") if b.args[1] == "att"})
    return out


def test_flying_is_blocked_only_by_flying_or_reach(kb):
    # 702.9b, 702.17b: Serra Angel attacks; Grizzly Bears can't block it, Giant Spider (reach) and
    # Vampire Nighthawk (flying) can.
    cards = ("Serra Angel", "Grizzly Bears", "Giant Spider", "Vampire Nighthawk")
    answers = kb(*cards).ask(_combat("Serra Angel", {"gb": "Grizzly Bears", "gs": "Giant Spider",
                                                     "vn": "Vampire Nighthawk"}))
    assert _verdicts(answers) == {"gb": "flying", "gs": "may", "vn": "may"}
    (no,) = [d for d in answers.derived("may_not_block") if d.args[0] == "gb"]
    assert {"702.9b", "509.1b"} <= rules(no)
    (spider,) = [d for d in answers.derived("may_block") if d.args[0] == "gs"]
    assert {"702.9b", "702.17b", "509.1a"} <= rules(spider)


def test_a_tapped_creature_cant_block(kb):
    # 509.1a: untapped creatures only.
    s = _combat("Grizzly Bears", {"gb": "Grizzly Bears"})
    s.tap("gb")
    assert _verdicts(kb("Grizzly Bears").ask(s)) == {"gb": "tapped"}


def test_fear_is_blocked_only_by_artifact_or_black_creatures(kb):
    # 702.36b: Severed Legion; Grizzly Bears (green) can't, Memnite (artifact) and Vampire Nighthawk
    # (black) can.
    cards = ("Severed Legion", "Grizzly Bears", "Memnite", "Vampire Nighthawk")
    answers = kb(*cards).ask(_combat("Severed Legion", {"gb": "Grizzly Bears", "m": "Memnite", "vn": "Vampire Nighthawk"}))
    assert _verdicts(answers) == {"gb": "fear", "m": "may", "vn": "may"}


def test_intimidate_is_blocked_only_by_artifacts_or_creatures_sharing_a_color(kb):
    # 702.13b: Bladetusk Boar (red); Grizzly Bears (green) can't, Goblin Piker (red) and Memnite can.
    cards = ("Bladetusk Boar", "Grizzly Bears", "Goblin Piker", "Memnite")
    answers = kb(*cards).ask(_combat("Bladetusk Boar", {"gb": "Grizzly Bears", "gp": "Goblin Piker", "m": "Memnite"}))
    assert _verdicts(answers) == {"gb": "intimidate", "gp": "may", "m": "may"}


def test_shadow_blocks_and_is_blocked_only_by_shadow(kb):
    # 702.28b: Dauthi Slayer (shadow) can be blocked by Soltari Trooper (shadow), not by Grizzly Bears;
    # Soltari Trooper can't block Grizzly Bears.
    cards = ("Dauthi Slayer", "Soltari Trooper", "Grizzly Bears")
    answers = kb(*cards).ask(_combat("Dauthi Slayer", {"st": "Soltari Trooper", "gb": "Grizzly Bears"}))
    assert _verdicts(answers) == {"st": "may", "gb": "shadow"}
    answers = kb(*cards).ask(_combat("Grizzly Bears", {"st": "Soltari Trooper"}))
    assert _verdicts(answers) == {"st": "shadow"}


def test_horsemanship_is_blocked_only_by_horsemanship(kb):
    # 702.31b: Shu Cavalry; Grizzly Bears can't block it.
    answers = kb("Shu Cavalry", "Grizzly Bears").ask(_combat("Shu Cavalry", {"gb": "Grizzly Bears"}))
    assert _verdicts(answers) == {"gb": "horsemanship"}


def test_skulk_is_not_blocked_by_greater_power(kb):
    # 702.118b: Furtive Homunculus (power 2): Grizzly Bears (2) may block it, Hill Giant (3) can't.
    cards = ("Furtive Homunculus", "Grizzly Bears", "Hill Giant")
    answers = kb(*cards).ask(_combat("Furtive Homunculus", {"gb": "Grizzly Bears", "hg": "Hill Giant"}))
    assert _verdicts(answers) == {"gb": "may", "hg": "skulk"}


def test_swampwalk_while_the_defending_player_controls_a_swamp(kb):
    # 702.14c: Bog Raiders can't be blocked while a controls a Swamp; with a Forest only, it can.
    cards = ("Bog Raiders", "Grizzly Bears", "Swamp", "Forest")
    answers = kb(*cards).ask(_combat("Bog Raiders", {"gb": "Grizzly Bears"}, {"sw": "Swamp"}))
    assert _verdicts(answers) == {"gb": "landwalk(\"Swamp\")"}
    (no,) = answers.derived("may_not_block")
    assert "702.14c" in rules(no)
    answers = kb(*cards).ask(_combat("Bog Raiders", {"gb": "Grizzly Bears"}, {"fo": "Forest"}))
    assert _verdicts(answers) == {"gb": "may"}


def test_menace_needs_two_blockers(kb):
    # 702.111b: Boggart Brute can't be blocked by one Grizzly Bears alone; with two, each may block it.
    cards = ("Boggart Brute", "Grizzly Bears")
    assert _verdicts(kb(*cards).ask(_combat("Boggart Brute", {"gb": "Grizzly Bears"}))) == {"gb": "menace"}
    answers = kb(*cards).ask(_combat("Boggart Brute", {"gb": "Grizzly Bears", "gb2": "Grizzly Bears"}))
    assert _verdicts(answers) == {"gb": "may", "gb2": "may"}
    assert all("702.111b" in rules(d) for d in answers.derived("may_block"))


def test_protection_from_black_is_not_blocked_by_black_creatures(kb):
    # 702.16f: White Knight (protection from black): Vampire Nighthawk can't block it, Grizzly Bears can.
    cards = ("White Knight", "Vampire Nighthawk", "Grizzly Bears")
    answers = kb(*cards).ask(_combat("White Knight", {"vn": "Vampire Nighthawk", "gb": "Grizzly Bears"}))
    assert _verdicts(answers) == {"vn": "protection", "gb": "may"}


def test_a_creature_that_cant_block(kb):
    # 509.1b: Goblin Raider: "This creature can't block."
    answers = kb("Goblin Raider", "Grizzly Bears").ask(_combat("Grizzly Bears", {"gr": "Goblin Raider"}))
    assert _verdicts(answers) == {"gr": "cant_block"}


def test_no_block_question_once_blockers_are_declared(kb):
    # 509.1: blockers are declared once.
    s = _combat("Grizzly Bears", {"gb": "Grizzly Bears", "gb2": "Grizzly Bears"})
    s.block("gb", "att")
    assert _verdicts(kb("Grizzly Bears").ask(s)) == {}


def test_a_creature_that_can_block_only_creatures_with_flying(kb):
    # 509.1b: Ascending Aven "can block only creatures with flying": not Grizzly Bears, Serra Angel yes.
    cards = ("Ascending Aven", "Grizzly Bears", "Serra Angel")
    assert _verdicts(kb(*cards).ask(_combat("Grizzly Bears", {"aa": "Ascending Aven"}))) == {"aa": "can_block_only(flying)"}
    assert _verdicts(kb(*cards).ask(_combat("Serra Angel", {"aa": "Ascending Aven"}))) == {"aa": "may"}
