"""A permission to play the cards just exiled, for a duration (issue 19): "Until end of turn, you may
play that card", "Until the end of your next turn, you may play those cards", "You may play that card
until the end of your next turn", "You may play those cards this turn" are may_play(C, F, A, Obj, D)
(601.3, 611.2a; schema.lp), as "You may play that card this turn" was. No rule gives the permission: an
assumption on a permanent, an unapplied effect as a spell resolves (608.2c). Before, the sentence was
unread."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from timeline_helpers import kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,ability,obj,duration", [
    ("Abbot of Keral Keep", 2, "that(card)", "until_end_of_turn"),            # an enters trigger
    ("Act on Impulse", 1, "those(cards)", "until_end_of_turn"),               # a sorcery
    ("Reckless Impulse", 1, "those(cards)", "until_end_of_your_next_turn"),
    ("Armory Paladin", 2, "that(card)", "until_end_of_your_next_turn"),       # the duration after the words
    ("Rob the Archives", 2, "those(cards)", "this_turn"),
])
def test_permission_to_play_exiled_cards_is_read_601_3_611_2a(oracle_records, name, ability, obj, duration):
    f = facts(oracle_records, name)
    assert f'may_play("{name}",1,{ability},{obj},{duration})' in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_without_paying_its_mana_cost_stays_unread(oracle_records):
    # Mind's Desire: "... you may play that card without paying its mana cost" (601.2f-h: an alternative
    # cost) is more than the permission: the sentence stays unread, never read as the permission alone
    f = facts(oracle_records, "Mind's Desire")
    assert any(x.startswith('card_unparsed("Mind\'s Desire",1,oracle_text(1),"Until end of turn, you may play')
               for x in f)


def test_reckless_impulse_resolving_lists_the_permission_as_unapplied_608_2c(kb_of):
    s = two_player_state(("ri", "Reckless Impulse", "hand", "alice"))
    s.then_cast("alice", "ri")
    s.then_resolve()
    tl = kb_of("Reckless Impulse").run(s)
    assert tl.finished, tl.steps[-1].refused
    unapplied = sorted(str(f) for f in tl.steps[-1].state if f.name == "unapplied_effect")
    assert "unapplied_effect(ri,1,effect(may_play))" in unapplied
