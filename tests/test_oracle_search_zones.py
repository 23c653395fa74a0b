"""Searches of several zones in the Oracle-text grammar (issue 19): "Search your library and/or graveyard
for a card named Ajani, Valiant Protector, reveal it, and put it into your hand. If you search your library
this way, shuffle." (701.23a, 701.24a; the planeswalker-deck cards) is searches_zones(C, F, A, you,
zones(library, graveyard), 1) with the found card's name as a search quality (201.2: named(Name)) and
shuffles_if_library_searched(C, F, A, you) (schema.lp). No rule searches: as the ability resolves each is
an unapplied effect, never a silent drop."""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from timeline_helpers import kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("name,ability,expected", [
    # 701.23a, 201.2: a card name with a comma; "you may" (608.2d) on the search
    ("Ajani's Aid", 1, ['searches_zones("Ajani\'s Aid",1,1,you,zones(library,graveyard),1)',
                        'search_card_quality("Ajani\'s Aid",1,1,named("Ajani, Valiant Protector"))',
                        'search_reveals_found("Ajani\'s Aid",1,1)',
                        'search_puts_found("Ajani\'s Aid",1,1,hand)',
                        'player_may("Ajani\'s Aid",1,1,you,searches_zones)',
                        'shuffles_if_library_searched("Ajani\'s Aid",1,1,you)']),
    # "Nicol Bolas, the Deceiver": ", the" continues the name
    ("Visage of Bolas", 1, ['search_card_quality("Visage of Bolas",1,1,named("Nicol Bolas, the Deceiver"))',
                            'shuffles_if_library_searched("Visage of Bolas",1,1,you)']),
    # three zones, and "and put it onto the battlefield" (the found card: it)
    ("Gate to the Afterlife", 2, ['searches_zones("Gate to the Afterlife",1,2,you,zones(graveyard,hand,library),1)',
                                  'search_card_quality("Gate to the Afterlife",1,2,named("God-Pharaoh\'s Gift"))',
                                  'puts_cards("Gate to the Afterlife",1,2,it,battlefield)']),
])
def test_a_search_of_several_zones_is_read_701_23a(oracle_records, name, ability, expected):
    f = facts(oracle_records, name)
    for fact in expected:
        assert fact in f
    assert not [x for x in f if x.startswith(f'card_unparsed("{name}",1,oracle_text({ability})') or x.startswith(
        f'card_unparsed("{name}",1,oracle_text)')]


def test_jaces_ruse_resolving_lists_the_search_and_shuffle_as_unapplied_608_2c(kb_of):
    # 608.2c, 608.2d: Jace's Ruse is read whole; the search is optional ("You may"): with no choice stated
    # it is not made; no rule searches or shuffles, so the conditional shuffle is an unapplied effect as it
    # resolves (before: "If you search your library this way, shuffle" was unread)
    s = two_player_state(("ruse", "Jace's Ruse", "hand", "alice"))
    s.then_cast("alice", "ruse")
    s.then_resolve()
    tl = kb_of("Jace's Ruse").run(s)
    assert tl.finished, tl.steps[-1].refused
    unapplied = sorted(str(f) for f in tl.steps[-1].state if f.name == "unapplied_effect")
    assert "unapplied_effect(ruse,1,choice_not_made(searches_zones))" in unapplied
    assert "unapplied_effect(ruse,1,effect(shuffles_if_library_searched))" in unapplied
