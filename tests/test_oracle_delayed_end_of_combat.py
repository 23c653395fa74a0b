"""A delayed destruction at end of combat (issue 19, session 13): "Whenever this creature blocks or becomes
blocked by a nonwhite creature, destroy that creature at end of combat." (603.7a: the effect creates a
delayed triggered ability; 511.1: the end of combat step) is destroys(C, F, A, that(creature)) with
delayed_until(C, F, A, destroys, end_of_combat) (schema.lp). No rule applies it: the ability is read, its
delayed destruction listed as not modelled where it resolves (delayed_triggers.lp), never dropped."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,expected", [
    ("Dread Specter", ['destroys("Dread Specter",1,1,that(creature))',
                       'delayed_until("Dread Specter",1,1,destroys,end_of_combat)']),
    ("Ceremonial Guard", ['destroys("Ceremonial Guard",1,1,it)',
                          'delayed_until("Ceremonial Guard",1,1,destroys,end_of_combat)']),
])
def test_destroy_at_end_of_combat_is_a_delayed_destruction_603_7a(oracle_records, name, expected):
    f = facts(oracle_records, name)
    for fact in expected:
        assert fact in f, sorted(x for x in f if "destroy" in x or "delayed" in x)
    assert not [x for x in f if x.startswith("card_unparsed(")]
