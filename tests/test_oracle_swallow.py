"""The swallow check (issue 19): an ability counts as fully read only if every content word of it
reaches a fact. In the reader (parser/oracle_swallow.py): a part whose matched value no fact carries
is kept unread; over the whole pool: no fully read ability has a word that is neither a template
word of the grammar nor carried by one of its facts.
"""

from __future__ import annotations

import json

from lark import Token, Tree

from pyrules.inputs.cards import cards_from_json
from pyrules.parser.oracle_swallow import template_words, text_content_words, unaccounted_words
from pyrules.parser.oracle_text import _parser, parse_oracle_text


def test_a_matched_value_no_fact_carries_is_named():
    # "Destroy target black creature" read as any creature would drop "black".
    tree = Tree("destroy", [Token("COLOR_WORD", "black"), Token("TYPE_WORD", "creature")])
    assert unaccounted_words(tree, [("destroy_target_may_be", 1, ("card_type", "creature"))]) == ["black"]
    assert unaccounted_words(tree, [("destroy_target_may_be", 1, ("object", "creature", ("color", "black")))]) == []


def test_number_words_plurals_and_non_words_are_accounted_by_their_fact_values():
    tree = Tree("x", [Token("NUMBER_WORD", "three"), Token("PLURAL_TYPE", "creatures"),
                      Token("NONCOLOR_WORD", "nonblack"), Token("KEYWORD_ACTION", "explores")])
    assert unaccounted_words(tree, [("f", 3, "creature", ("not_color", "black"), "explore")]) == []


def test_a_hyphenated_subtype_is_one_subtype():
    # The text check found "Assembly-Worker" read as two subtypes "Assembly-" and "Worker".
    (ab,) = parse_oracle_text("When this creature enters, you may search your library for an Assembly-Worker "
                              "creature card, reveal it, put it into your hand, then shuffle.", "X")
    assert ("search_card_quality", ("subtype", "Assembly-Worker")) in ab.semantics and ab.unparsed == []


def test_no_fully_read_ability_of_the_pool_has_a_word_no_fact_carries(cards_dir):
    template = template_words(_parser())
    offenders = []
    for name in ("scryfall-oracle-compact-A-K.json", "scryfall-oracle-compact-L-Z.json"):
        for rec in json.loads((cards_dir / name).read_text(encoding="utf-8")):
            try:
                cards = cards_from_json([rec], "pool")
            except Exception:  # noqa: BLE001 - a record the loader refuses has no abilities to check
                continue
            for card in cards:
                for face in card.faces:
                    for ab in face.abilities:
                        if ab.unparsed or ab.kind in ("reminder", "keyword"):
                            continue
                        text = ab.text.split("—", 1)[1] if ab.ability_word and "—" in ab.text else ab.text
                        words = text_content_words(text, template, [ab.semantics, ab.keywords, ab.kind])
                        if words:
                            offenders.append((card.name, ab.index, words))
    assert offenders == []
