"""The swallow check of the Oracle-text reader (issue 19): a part of an ability read for meaning (a
sentence, a clause, a cost, a trigger condition) counts as read only if every content word the
grammar matched reaches one of the part's facts.

A content word is a token of a terminal that carries a value (:data:`CONTENT_TERMINALS`: a card type,
color, subtype, keyword, number, P/T, a free word ...); the template's own words ("deals", "damage",
"to") are literal terminals and say nothing a fact must carry. A transformer that drops a matched
value ("each opponent" read as an empty quality, "target Wizard creature" as any creature) leaves a
content word no fact accounts for: :func:`unaccounted_words` names it and the reader keeps the part
unread (card_unparsed) instead of half read.

:func:`text_content_words` is the same idea at the level of an ability's text, independent of the
parse: the words of the text that are neither a word of the grammar's templates nor carried by a
fact (tests/test_oracle_swallow.py runs it over the whole pool).
"""

from __future__ import annotations

import re
from typing import Iterable

from lark import Token, Tree

#: Terminals whose text is a value a fact must carry (the others are template words or punctuation).
CONTENT_TERMINALS = frozenset({
    "TYPE_WORD", "COLOR_WORD", "NONTYPE_WORD", "SUPERTYPE_WORD", "SUBTYPE_WORD", "NONCOLOR_WORD",
    "KEYWORD_NAME", "NUMBER", "NUMBER_WORD", "WORD", "PT", "CHARACTERISTIC", "KEYWORD_ACTION",
    "KEYWORD_ACTION_ON", "PLURAL_TYPE", "STEP_NAME", "COUNTER_WORD"})

_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                 "nine": 9, "ten": 10}
_WORD = re.compile(r"[a-z][a-z'’\-]*")


def _forms(word: str) -> set[str]:
    """``word`` (lower case) and its singular forms ("explores" -> "explore", "sorceries" -> "sorcery");
    "non"-words also without "non" ("nonblack" -> "black", read as not_color(black))."""
    raw = word.replace("’", "'")
    w = re.sub(r"'s?$", "", raw)
    out = {raw, w}
    if w.startswith("non") and len(w) > 5:
        out.add(w[3:].lstrip("-"))
    for x in list(out):
        if x.endswith("ies"):
            out.add(x[:-3] + "y")
        if x.endswith("ves"):          # "elves" -> "elf", "wolves" -> "wolf" (205.3m plurals)
            out.add(x[:-3] + "f")
        if x.endswith("men"):          # "cybermen" -> "cyberman"
            out.add(x[:-3] + "man")
        if x.endswith("es"):
            out.add(x[:-2])
        if x.endswith("s"):
            out.add(x[:-1])
    return out


def fact_vocabulary(facts: Iterable) -> set[str]:
    """Every word and number in ``facts`` (tuples of names, strings, numbers and nested tuples; any
    other object by its ``semantics``/``keywords`` or its text), lower case, names split at "_"."""
    out: set[str] = set()

    def walk(x) -> None:
        if isinstance(x, bool) or x is None:
            return
        if isinstance(x, int):
            out.add(str(x))
        elif isinstance(x, str):
            low = x.lower().replace("−", "-")
            out.add(low)
            if re.fullmatch(r"(\{[^{}]+\})+", x):  # a mana run carries its count ("Pay six {C}")
                out.add(str(x.count("{")))
            for w in re.findall(r"[a-z0-9+\-'’]+", low.replace("_", " ")):
                out.update(_forms(w))
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y)
        elif hasattr(x, "semantics"):
            walk(x.semantics)
            walk(getattr(x, "keywords", ()))
        elif hasattr(x, "constant"):
            walk((x.constant, x.quality, x.number, x.cost_text))
        else:
            walk(str(x))

    walk(list(facts))
    return out


def _accounted(tok: Token, vocab: set[str]) -> bool:
    text = str(tok).lower().replace("−", "-")
    if tok.type == "NUMBER":
        return text.lstrip("0") in vocab or text in vocab
    if tok.type == "NUMBER_WORD":
        return str(_NUMBER_WORDS[text]) in vocab
    if tok.type == "PT":
        return all(p in vocab or p.lstrip("+") in vocab for p in text.split("/"))
    return all(_forms(w) & vocab for w in _WORD.findall(text))


def unaccounted_words(tree: Tree, facts: Iterable) -> list[str]:
    """The content words of ``tree`` (tokens of :data:`CONTENT_TERMINALS`) that no fact of ``facts``
    carries, in text order (empty: every value the grammar matched reaches a fact)."""
    facts = list(facts)
    vocab = fact_vocabulary(facts)
    # A condition kept as its words (cond_words) is accounted for by a fact that holds the words or
    # by the choice a second reading made of them (601.3b: "if X is 3 or less" -> permission_choice).
    choice = any(isinstance(f, tuple) and f and f[0] == "permission_choice" for f in facts)
    out: list[str] = []

    def walk(node) -> None:
        for ch in node.children:
            if isinstance(ch, Tree):
                if ch.data == "cond_words" and choice:
                    continue
                walk(ch)
            elif isinstance(ch, Token) and ch.type in CONTENT_TERMINALS and not _accounted(ch, vocab):
                out.append(str(ch))

    walk(tree)
    return out


def text_content_words(text: str, template_words: set[str], facts: Iterable) -> list[str]:
    """The words of ``text`` (reminder text, mana symbols, P/T and "~" left out) that are neither in
    ``template_words`` (lower case: the literal words of the grammar's templates) nor carried by a
    fact of ``facts``."""
    vocab = fact_vocabulary(facts)
    text = re.sub(r"\((?:[^()\n]|\([^()\n]*\))*\)|\{[^{}]*\}|[+−\-]?[0-9X*]+/[+−\-]?[0-9X*]+|~|\"[^\"]*\"",
                  " ", text)
    out = []
    for w in _WORD.findall(text.lower()):
        forms = _forms(w)
        if forms & template_words or forms & vocab or (w in _NUMBER_WORDS and str(_NUMBER_WORDS[w]) in vocab):
            continue
        out.append(w)
    return out


#: Terminals of names and keyword lines, checked apart (keyword lines are read by their own rules).
_NAME_TERMINALS = frozenset({"KEYWORD", "ABILITY_WORD", "ABILITY_KEYWORD"})


def template_words(parser) -> set[str]:
    """The words of a Lark ``parser``'s template terminals, lower case: its literal strings ("deals",
    "damage") and the words of its other non-content terminals' patterns (TRIGGER "when", GAIN
    "gains"); content terminals (:data:`CONTENT_TERMINALS`) and name terminals give none."""
    out: set[str] = set()
    for t in parser.terminals:
        if t.pattern.type == "str":
            out.update(re.findall(r"[a-z'’]+", t.pattern.value.lower()))
        elif t.name not in CONTENT_TERMINALS and t.name not in _NAME_TERMINALS:
            out.update(re.findall(r"[a-z'’]+", re.sub(r"\\[a-zA-Z]", " ", t.pattern.value.lower())))
    return out
