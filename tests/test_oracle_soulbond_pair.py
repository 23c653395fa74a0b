"""Soulbond's pair (issue 19, session 13): "As long as this creature is paired with another creature, each of
those creatures gets +1/+1" / "..., both creatures have flying" (702.95a) reads the pair as the Affected
paired_creatures (the creature and the one it is paired with), only under the state condition
object_is(self, paired_with(another_creature)) the shared condition slot already reads: conditional_effect/6
(schema.lp). No rule reads conditional_effect/6: an assumption on the permanent, never applied silently.
A quoted ability given to the pair stays unread (a condition's fact holds plain values only)."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from two_player import own_main_phase
from timeline_helpers import kb_of  # noqa: F401 — kb_of is a fixture

COND = "object_is(self,paired_with(another_creature))"


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,fact", [
    ("Trusted Forcemage", f'conditional_effect("Trusted Forcemage",1,2,as_long_as,{COND},gets_pt(paired_creatures,"+1","+1"))'),
    ("Silverblade Paladin", f'conditional_effect("Silverblade Paladin",1,2,as_long_as,{COND},'
                            'ability_grants_keyword(paired_creatures,double_strike))'),
])
def test_the_soulbond_pair_is_read_under_its_condition_702_95a(oracle_records, name, fact):
    f = facts(oracle_records, name)
    assert fact in f, sorted(x for x in f if x.startswith("conditional"))
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_each_of_those_creatures_alone_is_no_object(oracle_records):
    # outside the soulbond sentence "each of those creatures" names no pair: not read, never guessed
    from pyrules.parser.oracle_text import parse_oracle_text
    (ab,) = parse_oracle_text("Each of those creatures gets +1/+1 until end of turn.", "Card")
    assert not [f for f in ab.semantics if "paired_creatures" in str(f)] and ab.unparsed


def test_a_paired_grant_is_an_assumption_on_the_battlefield_702_95a(kb_of):
    s = own_main_phase()
    s.add_object("sp", "Silverblade Paladin", "battlefield", "a", controller="a")
    texts = {(x.ability, x.text) for x in kb_of("Silverblade Paladin").ask(s).assumptions() if x.object == "sp"}
    assert (2, "read as conditional_effect: no rules for it yet") in texts, texts
