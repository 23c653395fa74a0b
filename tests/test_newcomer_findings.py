"""Wrong answers a newcomer found in a first trial, each now answered per the CR (or honestly
marked as not checked). Real cards from the shared Oracle files."""

from __future__ import annotations

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.errors import NoAnswerError
from pyrules.inputs.cards import cards_from_text, load_cards

NAMES = {"Lightning Bolt", "Krosan Grip", "Ambush Viper", "Angelic Wall", "Wear // Tear", "Grizzly Bears"}


@pytest.fixture(scope="module")
def kb(cards_dir, cr_newest) -> KnowledgeBase:
    from pyrules.inputs.comprehensive_rules import load_comprehensive_rules

    cards = [c for f in ("scryfall-oracle-compact-A-K.json", "scryfall-oracle-compact-L-Z.json")
             for c in load_cards(cards_dir / f, names=NAMES)]
    return KnowledgeBase(cards, load_comprehensive_rules(cr_newest))


def st(active="alice", phase="precombat_main", step=None, priority="alice") -> GameState:
    s = GameState()
    s.add_player("alice")
    s.add_player("bob")
    s.set_turn(active, phase, step, priority)
    return s


def test_split_second_on_the_stack_stops_casting(kb):
    # 702.61a: while Krosan Grip is on the stack, players can't cast spells — not even instants
    # or flash creatures in the declare blockers step.
    s = st("bob", "combat", "declare_blockers", "alice")
    s.add_object("kg", "Krosan Grip", "stack", "bob")
    s.add_object("lb", "Lightning Bolt", "hand", "alice")
    s.add_object("av", "Ambush Viper", "hand", "alice")
    options = kb.ask(s).cast_options()
    assert {o.object for o in options} == {"lb", "av"}
    assert all(not o.allowed and o.reasons == ("prohibited(split_second(kg))",) for o in options)
    assert all("702.61a" in {c.rule for c in o.citations} for o in options)


def test_defender_and_cant_attack_creatures_may_not_attack(kb):
    # 702.3b: defender; 508.1c: "This creature can't attack." (a plain-text card with that line).
    ogre = cards_from_text("Lazy Ogre\n{1}{R}\nCreature — Ogre\nThis creature can't attack.\n3/3\n")
    s = st("alice", "combat", "declare_attackers", None)
    s.add_object("aw", "Angelic Wall", "battlefield", "alice")
    s.controlled_since_turn_began("aw")
    wall = kb.ask(s).outcomes().attack("aw")
    assert (wall.allowed, wall.reasons) == (False, ("defender",)) and "702.3b" in {c.rule for c in wall.citations}
    s = st("alice", "combat", "declare_attackers", None)
    s.add_object("o", "Lazy Ogre", "battlefield", "alice")
    s.controlled_since_turn_began("o")
    lazy = KnowledgeBase(ogre).ask(s).outcomes().attack("o")
    assert (lazy.allowed, lazy.reasons) == (False, ("cant_attack",))


def test_a_haste_counter_needs_the_crs_keyword_counter_list(kb, cards_dir):
    # 122.1b lists haste: with the CR loaded the creature may attack the turn it arrives
    # (702.10b); without a CR there is no list, so no answer rather than a guessed "no".
    s = st("alice", "combat", "declare_attackers", None)
    s.add_object("gb", "Grizzly Bears", "battlefield", "alice")
    s.add_keyword_counters("gb", "haste")
    assert kb.ask(s).outcomes().attack("gb").allowed
    bare = KnowledgeBase(kb.cards.values())
    with pytest.raises(NoAnswerError, match="122.1b"):
        bare.ask(s).outcomes().attack("gb")


def test_a_fused_spell_is_prohibited_when_either_half_is(kb):
    # 709.4d, 702.102b: fused Wear // Tear has both names; "can't cast spells named Tear" stops it.
    s = st()
    s.add_object("wt", "Wear // Tear", "hand", "alice")
    s.prohibit_cast("meddling", "alice", name="Tear")
    answers = kb.ask(s)
    assert answers.derived("may_cast_fused") == []
    (refusal,) = answers.derived("may_not_cast_fused")
    assert refusal.args[2] == "prohibited(meddling)" and "709.4d" in {c.rule for c in refusal.citations}


def test_announced_targets_are_not_called_checked(kb):
    # 601.2c, 115.5: Bolt targeting itself is not a legal announcement; the rule base does not
    # check targets, so its verdict says so instead of calling the proposal simply legal.
    s = st()
    s.add_object("lb", "Lightning Bolt", "hand", "alice")
    s.propose("p", "alice", "lb", targets=["lb"])
    (proposal,) = kb.ask(s).proposals()
    assert proposal.unchecked == ("targets",)
    assert "601.2c" in {c.rule for c in proposal.citations}


@pytest.mark.parametrize("step,error", [("untap", "priority_in_untap_step(alice)"),
                                        ("declare_attackerz", "unknown_step(declare_attackerz)")])
def test_impossible_turn_structure_is_an_inconsistent_state(kb, step, error):
    # 502.4: nobody receives priority in the untap step; steps are those of 500.1/501–514.
    phase = "beginning" if step == "untap" else "combat"
    with pytest.raises(NoAnswerError, match=error.replace("(", r"\(").replace(")", r"\)")):
        kb.ask(st(phase=phase, step=step))


def test_two_toughness_effects_of_the_same_size_both_count(kb):
    # 613.4c: each effect applies; Grizzly Bears (2/2) with two +1 toughness effects is x/4,
    # not x/3 (a set of equal values must not collapse into one).
    s = st()
    s.add_object("gb", "Grizzly Bears", "battlefield", "alice")
    s.modify_toughness("gb", 1)
    s.modify_toughness("gb", 1)
    assert kb.ask(s).outcomes().toughness("gb") == 4
