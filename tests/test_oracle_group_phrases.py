"""Groups in the shared object slot of the Oracle grammar (issue 19, session 13): every template that
names an affected object (P/T change, keyword grant, quoted ability grant, combat restriction) reads the
same group phrases (611.3a: a continuous effect from a static ability affects every such object now):

- "Creatures you control with flying" (the suffixes after "you control": all(object(T, controlled_by(you),
  Q...))), "Creatures without flying";
- "Other white creatures", "Other Warrior creatures you control", "Other creatures you control with
  flying" (109.2: "other" is a quality, not the source; "Other creatures you control" stays
  other_you_control(T));
- "All Sliver creatures" (205.3m: all(object(creature, subtype("Sliver"))));
- keyword and quoted-ability grants to such a qualified group (613.1f): read; no rule applies a grant to a
  group all(_), so it is an assumption on a permanent (interpreted.lp) and an unapplied effect as a spell
  resolves (before: the sentence stayed unread).
"""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from two_player import own_main_phase
from timeline_helpers import kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,fact", [
    # 613.1f: "Each creature you control with a +1/+1 counter on it has lifelink"
    ("Abzan Battle Priest", 'ability_grants_keyword("Abzan Battle Priest",1,2,'
                            'all(object(creature,controlled_by(you),has_counter(pt(1,1)))),lifelink)'),
    # 613.1f: "Attacking creatures you control have double strike"
    ("Berserkers' Onslaught", 'ability_grants_keyword("Berserkers\' Onslaught",1,1,'
                              'all(object(creature,attacking,controlled_by(you))),double_strike)'),
    # 109.2, 613.4c: "Other creatures you control with flying get +1/+0"
    ("Alela, Artful Provocateur", 'gets_pt("Alela, Artful Provocateur",1,2,'
                                  'all(object(creature,controlled_by(you),has_keyword(flying),other)),"+1","+0")'),
    # 205.3m, 613.4c: "All Sliver creatures get +1/+0"
    ("Blade Sliver", 'gets_pt("Blade Sliver",1,1,all(object(creature,subtype("Sliver"))),"+1","+0")'),
    # 508.1: "Creatures without flying can't attack"
    ("Moat", 'combat_restriction("Moat",1,1,all(object(creature,not_has_keyword(flying))),cant_attack)'),
])
def test_a_qualified_group_is_read_in_the_shared_slot_611_3a(oracle_records, name, fact):
    f = facts(oracle_records, name)
    assert fact in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_a_keyword_grant_to_a_qualified_group_is_an_assumption_on_the_battlefield_613_1f(kb_of):
    # 613.1f: no rule applies "Each creature you control with a +1/+1 counter on it has lifelink": the
    # grant is listed as read by no rule, never treated as applied (before: the line was unread)
    s = own_main_phase()
    s.add_object("p", "Abzan Battle Priest", "battlefield", "a", controller="a")
    texts = {(x.ability, x.text) for x in kb_of("Abzan Battle Priest").ask(s).assumptions() if x.object == "p"}
    assert (2, "read as ability_grants_keyword: no rules for it yet") in texts


def test_rally_the_forces_resolving_lists_the_group_grant_as_unapplied_608_2(kb_of):
    # 608.2, 611.2c: "Attacking creatures get +1/+0 and gain first strike until end of turn": no rule
    # applies a grant to the group of attacking creatures, so both parts are unapplied effects
    s = two_player_state(("rf", "Rally the Forces", "hand", "alice"), ("m", "Mountain", "battlefield", "alice"),
                         ("m2", "Mountain", "battlefield", "alice"), ("m3", "Mountain", "battlefield", "alice"))
    s.then_cast("alice", "rf")
    s.then_resolve()
    tl = kb_of("Rally the Forces", "Mountain").run(s)
    assert tl.finished, tl.steps[-1].refused
    unapplied = sorted(str(f) for f in tl.steps[-1].state if f.name == "unapplied_effect")
    assert "unapplied_effect(rf,1,effect(ability_grants_keyword))" in unapplied
    assert "unapplied_effect(rf,1,effect(gets_pt))" in unapplied
