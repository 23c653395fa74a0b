"""'Target player shuffles their graveyard into their library' / 'Shuffle your graveyard into your
library' (issue 19) is shuffles_graveyard_into_library(C, F, A, Who) (400.3, 701.24a; schema.lp), Who
the shared player reference. No rule moves the cards: an assumption on a permanent, an unapplied effect
as a spell resolves (608.2c). Before, the sentence was unread."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from timeline_helpers import kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,who", [
    ("Reminisce", "target_player"),      # a sorcery
    ("Thran Foundry", "target_player"),  # an activated ability of a permanent (602.1)
    ("Mnemonic Nexus", "each_player"),
    ("Feldon's Cane", "you"),            # "Shuffle your graveyard into your library"
])
def test_shuffle_graveyard_into_library_is_read_701_24a(oracle_records, name, who):
    f = facts(oracle_records, name)
    assert f'shuffles_graveyard_into_library("{name}",1,1,{who})' in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_mnemonic_nexus_resolving_lists_the_shuffle_as_unapplied_608_2c(kb_of):
    s = two_player_state(("mn", "Mnemonic Nexus", "hand", "alice"))
    s.then_cast("alice", "mn")
    s.then_resolve()
    tl = kb_of("Mnemonic Nexus").run(s)
    assert tl.finished, tl.steps[-1].refused
    unapplied = sorted(str(f) for f in tl.steps[-1].state if f.name == "unapplied_effect")
    assert unapplied == ["unapplied_effect(mn,1,effect(shuffles_graveyard_into_library))"]
