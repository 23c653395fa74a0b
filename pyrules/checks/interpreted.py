"""Which card facts the rule base interprets: the "cards interpreted" line of ``pyrules cards
coverage`` (issue 19).

A card is interpreted when it is fully read (no ``card_unparsed``) and every fact of every ability
is read by some rule of the rule base: its predicate (name and arity) occurs in the body of a rule
of ``rules_asp/`` (clingo's own parser over the rule files; the schema, the index of assumptions
and of interpretation, and the shows aside, as tests/test_assumptions_complete.py does), and each
keyword ability (``face_keyword/3``) is one ``keyword_interpreted/1`` holds for
(rules_asp/foundation/interpreted.lp).

The ability facts a card needs are kept as :func:`needs_key` strings, so a card cache of coverage
counts stays valid when only the rule base changes: the read set is applied when the report is made.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from clingo import Symbol, ast

#: Facts that say where an ability is, or which words it prints, not what it does (read by no rule for
#: meaning; ability_names_target: the word "target", 115.1).
META_PREDICATES = frozenset({"face_ability", "face_ability_word", "face_ability_mode", "face_reminder_text",
                             "card_unparsed", "ability_names_target"})
#: Rule files that describe the rule base rather than apply the CR.
_DESCRIPTIVE_FILES = frozenset({"foundation/interpreted.lp", "foundation/assumptions.lp", "foundation/show.lp",
                                "foundation/schema.lp"})


def needs_of(facts: Iterable[Symbol]) -> set[str]:
    """What the ability facts ``facts`` need to be interpreted: ``"name/arity"`` per predicate and
    ``"keyword:K"`` per keyword ability (``face_keyword(C, F, K)``)."""
    out: set[str] = set()
    for s in facts:
        if s.name in META_PREDICATES:
            continue
        if s.name == "face_keyword" and len(s.arguments) == 3:
            out.add(f"keyword:{s.arguments[2]}")
        else:
            out.add(f"{s.name}/{len(s.arguments)}")
    return out


def needs_key(needs: Iterable[str]) -> str:
    """``needs`` as one string (sorted, tab-separated): the key cached coverage counts keep."""
    return "\t".join(sorted(needs))


@lru_cache(maxsize=1)
def predicates_read_by_rules() -> frozenset[tuple[str, int]]:
    """``(name, arity)`` of every predicate in some rule body of the rule base (descriptive files aside).

    Raises:
        pyrules.errors.FactFileError: a rule file does not parse.
    """
    from pyrules.inputs.rule_base import rule_files

    read: set[tuple[str, int]] = set()

    class Atoms(ast.Transformer):
        def visit_Function(self, node):  # noqa: N802 - clingo's visitor name
            read.add((node.name, len(node.arguments)))
            return node.update(**self.visit_children(node))

    def rule(node) -> None:
        if node.ast_type == ast.ASTType.Rule:
            for lit in node.body:
                Atoms()(lit)

    for name, text in rule_files():
        if name not in _DESCRIPTIVE_FILES:
            ast.parse_string(text, rule)
    return frozenset(read)


@lru_cache(maxsize=1)
def keywords_interpreted() -> frozenset[str]:
    """The keyword constants ``keyword_interpreted/1`` holds for (interpreted.lp grounded alone: the
    keywords rules name, and the keywords interpreted through their CR definition)."""
    from pyrules.checks.keyword_coverage import interpreted_keywords
    from pyrules.facts.keyword_definitions import default_keyword_definition_symbols
    return frozenset(interpreted_keywords(list(default_keyword_definition_symbols())))


def is_interpreted(key: str, read: frozenset[tuple[str, int]], keywords: frozenset[str]) -> bool:
    """Whether every need in ``key`` (:func:`needs_key`) is met by predicates ``read`` and ``keywords``."""
    for need in filter(None, key.split("\t")):
        if need.startswith("keyword:"):
            if need[8:] not in keywords:
                return False
        else:
            name, _, arity = need.rpartition("/")
            if (name, int(arity)) not in read:
                return False
    return True
