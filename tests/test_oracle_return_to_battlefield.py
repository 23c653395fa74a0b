"""Returning an exiled card to the battlefield (issue 19, session 13): "Return it / that card / the exiled
card to the battlefield [tapped] under its owner's / your control [at the beginning of the next end step]"
(400.7: the card in exile is a new object the ability names; 610.3; a delayed triggered ability when it is
done at the next end step, 603.7a) is returns_to_battlefield(C, F, A, Obj, Under, tapped | untapped), with
delayed_until(C, F, A, returns_to_battlefield, beginning_of_next_end_step) (schema.lp). No rule moves the
card back: as the ability resolves it is an unapplied effect, never a silent drop (before: the sentence was
unread and the whole ability withheld)."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from timeline_helpers import kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,expected", [
    # an instant: "Exile target creature you control, then return that card to the battlefield under your control"
    ("Cloudshift", ['exiles("Cloudshift",1,1,target_you_control(creature))',
                    'returns_to_battlefield("Cloudshift",1,1,that(card),you,untapped)']),
    # a triggered ability with a delayed return (603.7a)
    ("Flickerwisp", ['returns_to_battlefield("Flickerwisp",1,2,that(card),its_owner,untapped)',
                     'delayed_until("Flickerwisp",1,2,returns_to_battlefield,beginning_of_next_end_step)']),
    # "When this enchantment leaves the battlefield, return the exiled card ..." (610.3)
    ("Oblivion Ring", ['returns_to_battlefield("Oblivion Ring",1,2,exiled_card,its_owner,untapped)']),
    # "... to the battlefield tapped ..." (it enters tapped)
    ("Eldrazi Displacer", ['returns_to_battlefield("Eldrazi Displacer",1,2,it,its_owner,tapped)']),
])
def test_a_return_to_the_battlefield_is_read_400_7(oracle_records, name, expected):
    f = facts(oracle_records, name)
    for fact in expected:
        assert fact in f, sorted(x for x in f if "return" in x or "delayed" in x)
    assert not [x for x in f if x.startswith("card_unparsed(")]


def test_a_transformed_return_stays_unread():
    # "return it to the battlefield transformed under your control" (701.28): not this template, never guessed
    from pyrules.parser.oracle_text import parse_oracle_text
    (ab,) = parse_oracle_text("When this creature dies, return it to the battlefield transformed under your control.",
                              "Card")
    assert not [f for f in ab.semantics if f[0] == "returns_to_battlefield"] and ab.unparsed


def test_cloudshift_resolving_exiles_and_lists_the_return_as_unapplied_608_2c(kb_of):
    # 608.2c: the exile is applied; no rule returns the card (a new object, 400.7), so the return is an
    # unapplied effect of the resolved spell, named
    s = two_player_state(("cs", "Cloudshift", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"))
    s.then_cast("alice", "cs", targets=["bears"])
    s.then_resolve()
    tl = kb_of("Cloudshift", "Grizzly Bears").run(s)
    assert tl.finished, tl.steps[-1].refused
    unapplied = sorted(str(f) for f in tl.steps[-1].state if f.name == "unapplied_effect")
    assert "unapplied_effect(cs,1,effect(returns_to_battlefield))" in unapplied
