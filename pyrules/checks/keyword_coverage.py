"""How much of the CR's keyword definitions (702) the grammars read and the rule base interprets:
the two keyword lines of ``pyrules cards coverage`` (issue 19).

- ``CR 702 definitions read: N of M (P%)``: M keyword definitions in the CR's 702 rules
  (:func:`pyrules.parser.keyword_definitions.keyword_definitions`), N of them read in full (no
  ``keyword_definition_unread`` fact).
- ``keyword abilities interpreted: N of M (P%)``: M keyword abilities of the CR (702.x headers), N of
  them interpreted by the rule base: ``keyword_interpreted/1`` (rules_asp/foundation/interpreted.lp)
  derived with the definitions' facts: a rule names the keyword, or reads every fact of one of its
  definitions, in one moment or in sequences (the time encoding's base parts, rules_asp/time). A 702 header naming two keywords ("Daybound and Nightbound") counts once if either is.
"""

from __future__ import annotations

from dataclasses import dataclass

import clingo

from pyrules.parser.oracle_text import keyword_constant


@dataclass(frozen=True)
class KeywordCoverage:
    """Counts of the keyword lines (module docstring).

    Attributes:
        definitions, definitions_read: keyword definitions in 702 / read in full.
        keywords, keywords_interpreted: keyword abilities of the CR / interpreted by the rule base.
        unread: ``(rule, keyword, text)`` of each part not read, in CR order.
    """

    definitions: int
    definitions_read: int
    keywords: int
    keywords_interpreted: int
    unread: tuple[tuple[str, str, str], ...] = ()

    @staticmethod
    def _line(label: str, n: int, m: int) -> str:
        return f"{label}: {n} of {m} ({100.0 * n / m if m else 0.0:.1f}%)"

    def lines(self) -> list[str]:
        """The report lines, in the issue's form ``LABEL: N of M (P%)``."""
        return [self._line("CR 702 definitions read", self.definitions_read, self.definitions),
                self._line("keyword abilities interpreted", self.keywords_interpreted, self.keywords)]


def interpreted_keywords(definition_facts: list[clingo.Symbol], sequences: bool = False) -> set[str]:
    """The keyword constants ``keyword_interpreted/1`` holds for when the rule base is grounded with
    ``definition_facts`` (keyword-definition facts) and no game state; with ``sequences``, also with the
    time encoding's ``#program base`` parts (``rules_asp/time/*.lp``: a keyword whose definition only the
    sequences apply, e.g. persist, 702.79a, reads its meaning there)."""
    from pyrules.inputs.rule_base import time_rule_files
    from pyrules.solving.one_shot import solve

    programs = [(f"rules_asp/{name}", text) for name, text in time_rule_files()] if sequences else []
    result = solve(definition_facts, programs=[*programs, ("keyword coverage", "#show keyword_interpreted/1.")])
    return {str(s.arguments[0]) for s in result.symbols if s.name == "keyword_interpreted"}


def _count_interpreted(keyword_names: list[str], interpreted: set[str]) -> int:
    return sum(1 for name in keyword_names
               if {keyword_constant(p) for p in name.split(" and ")} & interpreted
               or keyword_constant(name) in interpreted)


def _unread(facts) -> tuple[tuple[str, str, str], ...]:
    rules = {(str(f.arguments[0]), str(f.arguments[1])): f.arguments[2].string
             for f in facts if f.name == "keyword_definition"}
    return tuple((rules.get((str(f.arguments[0]), str(f.arguments[1])), ""), str(f.arguments[0]), f.arguments[3].string)
                 for f in facts if f.name == "keyword_definition_unread")


def keyword_coverage(doc=None) -> KeywordCoverage:
    """The keyword lines for ``doc`` (a parsed CR): its definitions read through the grammars and
    its keyword abilities interpreted by the rule base with those definitions; with no ``doc``,
    for the package's reading of its own CR (``pyrules/facts/keyword_definitions.json``)."""
    from pyrules.facts.keyword_definitions import (default_definitions_data, default_keyword_definition_symbols,
                                                   read_keyword_definitions)

    if doc is None:
        data = default_definitions_data()
        facts = list(default_keyword_definition_symbols())
        reads = [bool(read) for _, _, read in data["definitions"]]
        names = list(data["keyword_abilities"])
    else:
        readings = read_keyword_definitions(doc)
        facts = [f for r in readings for f in r.facts]
        reads = [r.read for r in readings]
        names = [e.name for e in doc.catalogs.keyword_abilities]
    interpreted = interpreted_keywords(facts, sequences=True)
    return KeywordCoverage(len(reads), sum(reads), len(names), _count_interpreted(names, interpreted), _unread(facts))
