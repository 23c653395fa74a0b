"""A spell's own cost change (issue 19, session 13): "This spell costs {2} less to cast if you control a
Wizard." / "This spell costs {1} less to cast for each creature card in your graveyard." (601.2f) is a
static ability that functions on the stack (113.6d), on an instant or sorcery too (113.3a): the fact
self_cost_change(C, F, A, less(N) | more(N), for_each(Counted) | if(Cond) | as_long_as(Cond)), the count
from the shared "for each" slot, the condition from the shared state-condition slot (schema.lp). No rule
changes the total cost by it: asked about casting the card, the answers name it as an assumption (before:
the sentence was unread, and the instant's line was taken for a spell ability)."""

from __future__ import annotations

import pytest

from pyrules import GameState
from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,expected", [
    # an instant: the line is a static ability (113.6d), not an instruction followed on resolution
    ("Wizard's Lightning", ['face_ability("Wizard\'s Lightning",1,1,static)',
                            'self_cost_change("Wizard\'s Lightning",1,1,less(2),'
                            'if(controls(you,at_least(1,object(permanent,subtype("Wizard"))))))']),
    # a creature: "for each creature card in your graveyard" (the count of gets_pt_for_each)
    ("Ghoultree", ['self_cost_change("Ghoultree",1,1,less(1),for_each(cards_in(graveyard,you,card_type(creature))))']),
    # "for each attacking creature you control" (the shared object phrase in the count)
    ("Embercleave", ['self_cost_change("Embercleave",1,2,less(1),'
                     'for_each(permanents(object(creature,attacking,controlled_by(you)))))']),
])
def test_this_spell_costs_less_is_read_601_2f(oracle_records, name, expected):
    f = facts(oracle_records, name)
    for fact in expected:
        assert fact in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_a_colored_self_cost_change_stays_unread(oracle_records):
    # generic mana only: "costs {U} less" (118.7b) is not read, never guessed
    from pyrules.parser.oracle_text import parse_oracle_text
    (ab,) = parse_oracle_text("This spell costs {U} less to cast for each artifact you control.", "Card")
    assert ab.semantics == [] and ab.unparsed


def test_casting_wizards_lightning_names_the_unapplied_reduction_113_6d(kb_of):
    # 601.2f: the total cost would be {R} with a Wizard; no rule applies the reduction, so the casting
    # answers list it as an assumption on the card asked about, never a silent {2}{R}
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("wl", "Wizard's Lightning", "hand", "a")
    s.propose("p", "a", "wl", targets=("b",))
    found = {(x.object, x.ability, x.text) for x in kb_of("Wizard's Lightning").ask(s).assumptions()}
    assert ("wl", 1, "read as self_cost_change: no rules for it yet") in found, found
