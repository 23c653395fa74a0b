"""'Switch target creature's / this creature's power and toughness until end of turn' (issue 19) is
switches_pt(C, F, A, Obj) with effect_duration/4 (613.4d: layer 7d; schema.lp), the object from the
shared possessive (POSSESSOR). No rule switches them: an assumption on a permanent, an unapplied effect
as a spell resolves (608.2c). Before, the sentence was unread."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from timeline_helpers import kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,ability,obj", [
    ("About Face", 1, "target(creature)"),              # an instant
    ("Dwarven Thaumaturgist", 1, "target(creature)"),   # an activated ability of a permanent (602.1)
    ("Aeromoeba", 2, "self"),                           # "this creature's"
    ("Crag Puca", 1, "self"),
])
def test_switch_power_and_toughness_is_read_613_4d(oracle_records, name, ability, obj):
    f = facts(oracle_records, name)
    assert f'switches_pt("{name}",1,{ability},{obj})' in f
    assert f'effect_duration("{name}",1,{ability},until_end_of_turn)' in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_about_face_resolving_lists_the_switch_as_unapplied_613_4d_608_2c(kb_of):
    # 613.4d: no rule applies layer 7d, so the switch is an unapplied effect (never a silent drop) and the
    # Bears keep their printed 2/2 in the answer's characteristics only with that assumption beside them
    s = two_player_state(("af", "About Face", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "af", targets=["bears"])
    s.then_resolve()
    tl = kb_of("About Face", "Grizzly Bears").run(s)
    assert tl.finished, tl.steps[-1].refused
    unapplied = sorted(str(f) for f in tl.steps[-1].state if f.name == "unapplied_effect")
    assert unapplied == ["unapplied_effect(af,1,effect(switches_pt))"]
