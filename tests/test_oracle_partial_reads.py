"""Partial reads of the Oracle-text grammar (issue 19): a sentence not read as a whole is read clause
by clause; the facts of the clauses read are kept and only the clause not read is residue
(card_unparsed with the clause's text). A clause that governs the others (a condition, "may") or a
list that only looks like clauses is never cut.
"""

from __future__ import annotations

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from pyrules.parser.oracle_text import parse_oracle_text


def test_brainstorm_draws_three_cards_and_only_the_second_clause_is_residue(oracle_records):
    (card,) = cards_from_json([oracle_records["Brainstorm"]], "test")
    f = {str(s) for s in card_facts(card)}
    assert 'draws_cards("Brainstorm",1,1,you,3)' in f
    assert [x for x in f if x.startswith("card_unparsed(")] == [
        'card_unparsed("Brainstorm",1,oracle_text(1),'
        '"put two cards from your hand on top of your library in any order")']


def test_unread_clause_keeps_its_column_in_the_line():
    (ab,) = parse_oracle_text("Draw three cards, then put two cards from your hand on top of your "
                              "library in any order.", "X", is_spell_face=True)
    (u,) = ab.unparsed
    assert u.column == 24 and ab.text[u.column - 1:].startswith("put two cards")


def test_first_clause_with_a_condition_governs_the_sentence_so_it_stays_whole():
    # "If ..., draw a card, then ...": every clause is conditional; none is read apart.
    (ab,) = parse_oracle_text("If you control a Wizard, draw a card, then discard a card.", "X",
                              is_spell_face=True)
    assert ab.semantics == []
    assert [u.text for u in ab.unparsed] == ["If you control a Wizard, draw a card, then discard a card"]


def test_optional_first_clause_is_not_cut_from_what_follows():
    (ab,) = parse_oracle_text("You may draw a card, then put a card from your hand on the bottom "
                              "of your library.", "X", is_spell_face=True)
    assert ab.semantics == [] and len(ab.unparsed) == 1


def test_a_list_of_target_kinds_is_not_cut_at_its_and():
    # "artifact, creature, and enchantment" is one list, not three clauses: no narrowed target.
    (ab,) = parse_oracle_text("Destroy target artifact, creature, and enchantment.", "X", is_spell_face=True)
    assert ab.semantics == []
    assert [u.text for u in ab.unparsed] == ["Destroy target artifact, creature, and enchantment"]


def test_and_clause_read_on_its_own_is_kept_beside_an_unread_first_clause():
    (ab,) = parse_oracle_text("Reveal the top card of your library and blah, and draw a card.", "X",
                              is_spell_face=True)
    assert ("draws_cards", "you", 1) in ab.semantics
    assert [u.text for u in ab.unparsed] == ["Reveal the top card of your library and blah"]
