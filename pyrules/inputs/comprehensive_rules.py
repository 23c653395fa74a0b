"""The Comprehensive Rules (CR) as data: load, ASP facts, JSON, diff, document checks.

Source: Wizards' Comprehensive Rules text files (``MagicCompRules YYYYMMDD.txt``); the grammar
is ``pyrules/parser/comprehensive_rules.lark``, the checks ``pyrules/rules_asp/checks/cr_document.lp``.

Public API:

* :func:`load_comprehensive_rules` — read a CR file (bytes; UTF-8 with or without BOM, UTF-16
  with BOM; CRLF, bare CR or LF line endings) into a :class:`RulesDocument`.
* :func:`cr_fact_symbols` — the document as ASP facts (clingo symbols, given to clingo as values).
* :func:`cr_facts` — the same facts as program text, for a file.
* :func:`cr_json` — the document as a JSON-ready dict.
* :func:`diff_rules` — what changed between two CR versions (:class:`RulesDiff`).
* :func:`check_document` — document checks solved by clingo (:class:`Finding` list).
* :func:`rule_exists` — cached "is rule X in this document" (``"601.2f"``, ``"702"``, ``"7"``).

ASP predicates of :func:`cr_fact_symbols` (every string argument is a clingo string, so any
text is quoted safely; numbers are rule numbers as strings, ``"601.2f"``, without the final
full stop; lines are 1-based line numbers in the file):

=====================================================  ==========================================
``cr_effective_date(Year, Month, Day)``                 "These rules are effective as of ..."
``cr_section(Section, Line)``                           ``"1"`` .. ``"9"``
``cr_rule(Number, Line)``                               every numbered rule: ``"100"``,
                                                        ``"100.1"``, ``"100.1a"``
``cr_rule_level(Number, Level)``                        ``topic`` / ``rule`` / ``subrule``
``cr_in_section(Number, Section)``                      the section a rule is printed in
``cr_parent(Child, Parent)``                            ``"709.3a"`` -> ``"709.3"`` -> ``"709"``
``cr_ordinal(Number, Group, Kind, Ordinal)``            position among siblings: Kind ``topic``
                                                        (Group = section, Ordinal = number mod
                                                        100), ``rule`` (Group = topic, 1 ..),
                                                        ``subrule`` (Group = rule, letter a=1 ..
                                                        z=26, l and o included)
``cr_text(Number, Text)``                               rule text (topic: its title)
``cr_example(Number, I, Text)``                         I-th example of a rule, from 1
``cr_reference(From, To, Line)``                        rule From cites rule/section To
``cr_unresolved_reference(From, To, Line)``             ... and To is not in the document
``cr_duplicate(Number, Line)``                          a number printed a second time
``cr_glossary_term(Term, Line)``                        every name of every glossary entry
``cr_glossary_key(Key, Term)``                          lower-case Key of a glossary name
``cr_glossary_obsolete(Term)``                          the entry is marked (Obsolete)
``cr_glossary_text(Term, Text)``                        definition (under every name)
``cr_glossary_reference(Term, To, Line)``               glossary entry (first name) cites To
``cr_keyword_ability(Name, Rule)``                      702.x: ``("flash", "702.8")``
``cr_keyword_part(Name, Part)``                         each keyword a 702.x header joins with "and"
``cr_keyword_alias(Name, Alias)``                       the name a 702.x header gives in parentheses
``cr_keyword_action(Name, Rule)``                       701.x: ``("destroy", "701.8")``
``cr_ability_word(Name)``                               207.2c list
``cr_keyword_counter(Name)``                            122.1b list
``cr_card_type(Name)``                                  205.2a list
``cr_supertype(Name)``                                  205.4a list
``cr_subtype(Kind, Name)``                              205.3g–q: ``("creature", "Time Lord")``
``cr_zone(Name)``                                       400.1 list (+ ante)
``cr_turn_phase(Name, Index)``                          500.1 list, Index from 1
``cr_turn_part(Name, Kind, Rule, Phase)``               501–514 headers: ``("untap", "step",
                                                        "502", "beginning")``
``cr_catalog_source(Catalog, Rule)``                    which rule a catalog was read from
``cr_unreadable(Rule, Line, Predicate, Text)``          a value that cannot be an ASP term (a
                                                        number beyond 32 bits, a catalog name
                                                        that is no ASP name): no Predicate fact
=====================================================  ==========================================

Errors: :class:`pyrules.errors.RulesDocumentError` (file, line, column) for unreadable or
malformed documents.
"""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

from pyrules.errors import RulesDocumentError
from pyrules.inputs.reading import decode_text, read_text
from pyrules.parser.comprehensive_rules import RulesDocument, parse_comprehensive_rules


__all__ = [
    "cr_json",
    "load_comprehensive_rules",
    "rule_exists",
]


# ------------------------------------------------------------------------------------------------
# Load
# ------------------------------------------------------------------------------------------------


def decode_cr_bytes(data: bytes, source: str) -> str:
    """Decode CR file bytes: UTF-8 (BOM optional) or UTF-16 with a BOM
    (:func:`pyrules.inputs.reading.decode_text`).

    Raises:
        RulesDocumentError: invalid UTF-8/UTF-16 or a NUL, with the line and column of the first
            bad character.
    """
    return decode_text(data, source, "CR file", RulesDocumentError, allow_utf16=True)


def load_comprehensive_rules(path: str | Path) -> RulesDocument:
    """Read and parse a Comprehensive Rules text file.

    Args:
        path: the ``MagicCompRules YYYYMMDD.txt`` file.

    Returns:
        The parsed :class:`RulesDocument` (``source`` is ``str(path)``).

    Raises:
        RulesDocumentError: the file cannot be read, is not valid UTF-8, or is not a CR
            document; the error names the file, line and column.
    """
    source = str(path)
    text = read_text(path, "CR file", RulesDocumentError, allow_utf16=True)  # bounded, regular files only
    return parse_comprehensive_rules(text, source)


# ------------------------------------------------------------------------------------------------
# Lookup
# ------------------------------------------------------------------------------------------------


def rule_exists(doc: RulesDocument, number: str) -> bool:
    """True if rule ``number`` (``"601.2f"``, ``"601.2f."``, topic ``"702"``, section ``"7"``)
    exists in ``doc``. Uses a frozenset cached on the document (built once per document)."""
    return doc.has_rule(number.strip())


# ------------------------------------------------------------------------------------------------
# JSON
# ------------------------------------------------------------------------------------------------


def cr_json(doc: RulesDocument) -> dict:
    """The document as a JSON-ready dict.

    Keys: ``title``, ``effective_date`` (ISO 8601), ``source``, ``sections`` (list of
    ``{number, title, line}``), ``rules`` (list in document order of ``{number, parent,
    section, level, text, examples, line}``), ``glossary`` (``{names, text, obsolete, line}``),
    ``references`` (``{from_rule, from_glossary, target, line, column, resolved, kind,
    in_example}``), ``catalogs`` (see :class:`Catalogs`), ``counts``, ``duplicates``: each rule
    printed under a number used before (``rules`` holds the first), ``{number, line, text,
    examples, first_line, first_text}``, in document order (``counts.duplicates`` counts them).
    """
    cat = doc.catalogs
    return {
        "title": doc.title,
        "effective_date": doc.effective_date.isoformat(),
        "source": doc.source,
        "counts": {
            "rules": len(doc.rules),
            "numbered_rules": sum(1 for r in doc.rules.values() if r.level != "topic"),
            "examples": sum(len(r.examples) for r in doc.rules.values()),
            "glossary_entries": len(doc.glossary),
            "references": len(doc.references),
            "unresolved_references": sum(1 for r in doc.references if not r.resolved),
            "duplicates": len(doc.duplicate_rules),
        },
        "sections": [asdict(s) for s in doc.sections.values()],
        "rules": [{"number": r.number, "parent": r.parent, "section": r.section,
                   "level": r.level, "text": r.text, "examples": list(r.examples),
                   "line": r.line} for r in doc.rules.values()],
        "duplicates": [{"number": r.number, "line": r.line, "text": r.text, "examples": list(r.examples),
                        "first_line": doc.rules[r.number].line, "first_text": doc.rules[r.number].text}
                       for r in doc.duplicate_rules],
        "glossary": [{"names": list(g.names), "text": g.text, "obsolete": g.obsolete,
                      "line": g.line} for g in doc.glossary],
        "references": [asdict(r) for r in doc.references],
        "catalogs": {
            "keyword_abilities": [asdict(e) for e in cat.keyword_abilities],
            "keyword_actions": [asdict(e) for e in cat.keyword_actions],
            "ability_words": list(cat.ability_words),
            "keyword_counters": list(cat.keyword_counters),
            "card_types": list(cat.card_types),
            "supertypes": list(cat.supertypes),
            "subtypes": {k: list(v) for k, v in cat.subtypes.items()},
            "zones": list(cat.zones),
            "turn_phases": list(cat.turn_phases),
            "turn_structure": [asdict(p) for p in cat.turn_structure],
            "sources": dict(cat.sources),
        },
    }
