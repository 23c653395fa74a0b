"""A protection grant whose quality is chosen as the ability resolves (issue 19): "Target creature you
control gains protection from the color of your choice until end of turn" (702.16a, 105.1, 608.2d) is
grants_protection_from_chosen(C, F, A, Obj, color) with effect_duration/4 (schema.lp). No rule chooses the
color or gives the protection: an assumption on a permanent, an unapplied effect as a spell resolves."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from timeline_helpers import kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,expected", [
    # an activated ability of a permanent (602.1)
    ("Mother of Runes", ['grants_protection_from_chosen("Mother of Runes",1,1,target_you_control(creature),color)',
                         'effect_duration("Mother of Runes",1,1,until_end_of_turn)']),
    # an instant, beside scry (701.22a)
    ("Gods Willing", ['grants_protection_from_chosen("Gods Willing",1,1,target_you_control(creature),color)']),
])
def test_protection_from_the_color_of_your_choice_is_read_702_16a(oracle_records, name, expected):
    f = facts(oracle_records, name)
    for fact in expected:
        assert fact in f
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_gods_willing_resolving_lists_the_protection_as_unapplied_608_2d(kb_of):
    # 608.2d: the color is chosen as it resolves; no rule chooses it or gives protection, so the grant is
    # an unapplied effect (before: the sentence was unread)
    s = two_player_state(("gw", "Gods Willing", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"))
    s.then_cast("alice", "gw", targets=["bears"])
    s.then_resolve()
    tl = kb_of("Gods Willing", "Grizzly Bears").run(s)
    assert tl.finished, tl.steps[-1].refused
    unapplied = sorted(str(f) for f in tl.steps[-1].state if f.name == "unapplied_effect")
    assert "unapplied_effect(gw,1,effect(grants_protection_from_chosen))" in unapplied
