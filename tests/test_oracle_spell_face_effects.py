"""Effects read on the abilities of permanents, now read on instants and sorceries too (issue 19): "Put
target creature on top of its owner's library" (puts_on_library/5), "Prevent all damage that would be dealt
to target creature this turn" (prevents_damage/6), "Target creature blocks this turn if able"
(combat_requirement/5), "Remove all counters from ..." (removes_counters/6), "destroy it" (destroys/4),
combat limits, "for each" P/T changes, "put a land card from your hand onto the battlefield". Before, the
grammar refused them on a spell's face (no resolution rule applied or listed them); now
rules_asp/time/resolution_effects.lp lists each as a spell_effect that no rule applies, so as the spell
resolves it is an unapplied effect (an assumption from then on), never a silent drop (608.2c)."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from timeline_helpers import kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,expected", [
    # 401.4: an object put on top of its owner's library
    ("Excommunicate", ['puts_on_library("Excommunicate",1,1,target(creature),top)']),
    # 615.1a: a prevention effect for this turn
    ("Shielded Passage", ['prevents_damage("Shielded Passage",1,1,all_damage,to,target(creature))',
                          'effect_duration("Shielded Passage",1,1,this_turn)']),
    # 509.1c: a combat requirement of a spell
    ("Hunt Down", ['combat_requirement("Hunt Down",1,1,target(creature),blocks_if_able(target(creature)))']),
    # 305.4?, 110.2 (as the permanents' template reads it): a card put from the hand
    ("Dramatic Entrance", ['puts_onto_battlefield("Dramatic Entrance",1,1,you,card(color(green),card_type(creature)),hand,untapped)']),
])
def test_an_effect_of_a_permanents_template_is_read_on_a_spell(oracle_records, name, expected):
    f = facts(oracle_records, name)
    for fact in expected:
        assert fact in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_excommunicate_resolving_lists_the_put_as_unapplied_608_2c(kb_of):
    # 608.2c: no rule moves an object into a library, so Excommunicate resolving leaves its effect
    # unapplied, an assumption from then on (before: the whole text unread, unapplied_effect(.., unread(..)))
    s = two_player_state(("ex", "Excommunicate", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "ex", targets=["bears"])
    s.then_resolve()
    tl = kb_of("Excommunicate", "Grizzly Bears").run(s)
    assert tl.finished, tl.steps[-1].refused
    unapplied = sorted(str(f) for f in tl.steps[-1].state if f.name == "unapplied_effect")
    assert unapplied == ["unapplied_effect(ex,1,effect(puts_on_library))"]


def test_an_unapplied_effect_beside_an_applied_one_still_keeps_a_spell_unread(oracle_records):
    # 608.2c: "Draw a card, then put this artifact on top of its owner's library" (Sensei's Divining Top)
    # stays unread as a whole: the draw would be applied without the put (never half applied)
    f = facts(oracle_records, "Sensei's Divining Top")
    assert any(x.startswith('card_unparsed("Sensei\'s Divining Top",1,oracle_text(2),') for x in f)
