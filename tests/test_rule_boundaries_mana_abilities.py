"""Which activated abilities are mana abilities, and the CR rule each classification cites (issue 23:
tests that notice when a rule changes). 605.1a: an activated ability is a mana ability if it has no
target, could add mana as it resolves, and is not a loyalty ability; 605.5a: an ability with a target
is not one *even if* it could add mana -- so 605.5a is the reason only for an ability that adds mana
and has a target; an ability that adds no mana is no mana ability by 605.1a alone, target or not.
Table-driven over real cards (and one plain-text card: no real card adds mana and has a target the
grammar reads as such): rules_asp/casting/activation.lp (mana_ability/2, not_mana_ability/2).
"""

from __future__ import annotations

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.inputs.cards import cards_from_json, cards_from_text

# A land whose mana ability also targets (the shape 605.5a is about); no real card reads so.
TEST_GROVE = "Test Grove\nLand\n{T}: Add {G}. Target creature with power 2 or less gets +1/+1 until end of turn.\n"

# card name -> (is a mana ability?, the classification's citations)
ROWS = {
    "Llanowar Elves": (True, {"605.1a", "605.3b"}),          # {T}: Add {G}.
    "Aphetto Alchemist": (False, {"605.1a"}),                # {T}: Untap target artifact or creature.
    "Blinding Mage": (False, {"605.1a"}),                    # {W}, {T}: Tap target creature.
    "Prodigal Sorcerer": (False, {"605.1a"}),                # {T}: ... 1 damage to any target.
    "Test Grove": (False, {"605.1a", "605.5a"}),             # adds mana and has a target
}


def state() -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    for i, name in enumerate(ROWS):
        s.add_object(f"o{i}", name, "battlefield", "a", controller="a")
        s.controlled_since_turn_began(f"o{i}")
    return s


@pytest.fixture(scope="module")
def session(oracle_records):
    real = [name for name in ROWS if name != "Test Grove"]
    kb = KnowledgeBase([*cards_from_json([oracle_records[n] for n in real]), *cards_from_text(TEST_GROVE)])
    return kb.warm([state()])


@pytest.mark.parametrize("index,name", list(enumerate(ROWS)))
def test_mana_ability_classification_cites_605_1a_and_605_5a_only_for_a_targeting_mana_adder(session, index,
                                                                                              name):
    answers = session.ask(state())  # asked by each test (the mutation tool records what each grounds)
    is_mana, cited = ROWS[name]
    (verdict,) = answers.outcomes().activations(f"o{index}")
    assert verdict.mana_ability is is_mana
    (found,) = [d for d in answers.derived("mana_ability" if is_mana else "not_mana_ability")
                if d.args[0] == f"o{index}"]
    assert {c.rule for c in found.citations} == cited
    other = [d for d in answers.derived("not_mana_ability" if is_mana else "mana_ability") if d.args[0] == f"o{index}"]
    assert other == []
