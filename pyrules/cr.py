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

import importlib.resources
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

import clingo

from pyrules.asp_terms import NotAnAspValue, add_facts, asp_constant, asp_number, is_asp_number
from pyrules.errors import RulesDocumentError
from pyrules.parser.comprehensive_rules import RulesDocument, parse_comprehensive_rules
from pyrules.reading import decode_text, read_text

__all__ = [
    "Finding",
    "RuleChange",
    "RulesDiff",
    "check_document",
    "cr_fact_symbols",
    "cr_facts",
    "cr_json",
    "diff_rules",
    "load_comprehensive_rules",
    "rule_exists",
]

# ------------------------------------------------------------------------------------------------
# Load
# ------------------------------------------------------------------------------------------------


def decode_cr_bytes(data: bytes, source: str) -> str:
    """Decode CR file bytes: UTF-8 (BOM optional) or UTF-16 with a BOM
    (:func:`pyrules.reading.decode_text`).

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
# Facts
# ------------------------------------------------------------------------------------------------


def _sym(value) -> clingo.Symbol:
    """A fact argument: a symbol as it is, an int as a number, anything else as a string.

    Raises:
        NotAnAspValue: an int beyond clingo's 32 bits.
    """
    if isinstance(value, clingo.Symbol):
        return value
    if isinstance(value, bool):
        raise TypeError("bool is not an ASP term")
    if isinstance(value, int):
        return asp_number(value)
    return clingo.String(str(value))


def _ordinal(doc: RulesDocument, number: str) -> tuple[str, str, int] | None:
    """(group, kind, ordinal) of a rule among its siblings; None if it cannot be computed.

    Raises:
        NotAnAspValue: the ordinal's digits are beyond clingo's 32-bit numbers.
    """
    rule = doc.rules[number]

    def whole(digits: str) -> int:
        if len(digits.lstrip("0")) > 10:  # int() of thousands of digits is refused by Python itself
            raise NotAnAspValue(digits)
        return int(digits)

    if rule.level == "topic":
        return (rule.section, "topic", whole(number) % 100) if number.isascii() and number.isdigit() else None
    if rule.level == "rule":
        ordinal = number.split(".", 1)[1]
        return (rule.parent, "rule", whole(ordinal)) if ordinal.isascii() and ordinal.isdigit() else None
    letter = number[-1]
    return (rule.parent, "subrule", ord(letter) - ord("a") + 1) if letter.isalpha() else None


_HEADER = """\
% ASP facts for the Comprehensive Rules {date} ({source}), written by pyrules.cr.cr_facts.
% cr_effective_date(Year, Month, Day)      cr_section(Section, Line)
% cr_rule(Number, Line)                    cr_rule_level(Number, topic|rule|subrule)
% cr_in_section(Number, Section)           cr_parent(Child, Parent)
% cr_ordinal(Number, Group, Kind, Ordinal) position among siblings (subrule letters a=1 .. z=26)
% cr_text(Number, Text)                    cr_example(Number, I, Text)   (I from 1)
% cr_reference(From, To, Line)             cr_unresolved_reference(From, To, Line)
% cr_duplicate(Number, Line)
% cr_glossary_term(Term, Line)             cr_glossary_key(LowerCaseKey, Term)
% cr_glossary_obsolete(Term)               cr_glossary_text(Term, Text)
% cr_glossary_reference(Term, To, Line)
% cr_keyword_ability(Name, Rule)           cr_keyword_action(Name, Rule)
% cr_ability_word(Name)                    cr_keyword_counter(Name)
% cr_card_type(Name)                       cr_supertype(Name)     cr_subtype(Kind, Name)
% cr_zone(Name)                            cr_turn_phase(Name, Index)
% cr_turn_part(Name, phase|step, Rule, Phase)
% cr_catalog_source(Catalog, Rule)
% cr_unreadable(Rule, Line, Predicate, Text)  a value that cannot be an ASP term: no Predicate fact
"""


def cr_fact_symbols(doc: RulesDocument, *, text: bool = True) -> list[clingo.Symbol]:
    """The document as ASP facts, as clingo symbols (see the module docstring for every
    predicate); what the checks and the knowledge base give clingo (as values, never parsed).

    A value of the document that cannot be a clingo value — a number beyond 32 bits (a rule
    numbered ``205.99999999999``), a catalog name that is no ASP name (subtypes of kind "magic
    spell") — gives no fact of its predicate but ``cr_unreadable(Rule, Line, Predicate, Text)``:
    the rule (or glossary term) it belongs to, that rule's line (0 if unknown), the predicate left
    out and the text; :func:`check_document` reports it (``unreadable_value``).

    Args:
        doc: a parsed document.
        text: include ``cr_text``, ``cr_example`` and ``cr_glossary_text`` (the bulk of the
            facts); the document checks do not need them.
    """
    out: list[clingo.Symbol] = []
    F, S = clingo.Function, clingo.String  # noqa: N806

    def unreadable(where: str, line: int | None, predicate: str, value: object) -> None:
        out.append(F("cr_unreadable", [S(str(where)), clingo.Number(line if is_asp_number(line) else 0),
                                       F(predicate), S(str(value))]))

    def add(predicate: str, *args, where: tuple[str, int | None] = ("", None)) -> None:
        try:
            out.append(F(predicate, [_sym(a) for a in args]))
        except NotAnAspValue as bad:
            unreadable(where[0], where[1], predicate, bad.value)

    d = doc.effective_date
    add("cr_effective_date", d.year, d.month, d.day)
    for section in doc.sections.values():
        add("cr_section", section.number, section.line, where=(section.number, section.line))
    for rule in doc.rules.values():
        n = rule.number
        at = (n, rule.line)
        add("cr_rule", n, rule.line, where=at)
        add("cr_rule_level", n, F(rule.level), where=at)
        add("cr_in_section", n, rule.section, where=at)
        if rule.parent is not None:
            add("cr_parent", n, rule.parent, where=at)
        try:
            position = _ordinal(doc, n)
        except NotAnAspValue as bad:
            unreadable(n, rule.line, "cr_ordinal", bad.value)
            position = None
        if position is not None:
            group, kind, ordinal = position
            add("cr_ordinal", n, group, F(kind), ordinal, where=at)
        if text:
            add("cr_text", n, rule.text, where=at)
            for i, example in enumerate(rule.examples, 1):
                add("cr_example", n, i, example, where=at)
    for number, line in doc.duplicates:
        add("cr_duplicate", number, line, where=(number, line))
    for ref in doc.references:
        if ref.from_rule is not None:
            at = (ref.from_rule, ref.line)
            add("cr_reference", ref.from_rule, ref.target, ref.line, where=at)
            if not ref.resolved:
                add("cr_unresolved_reference", ref.from_rule, ref.target, ref.line, where=at)
        else:
            add("cr_glossary_reference", ref.from_glossary, ref.target, ref.line, where=(ref.from_glossary, ref.line))
    for entry in doc.glossary:
        for name in entry.names:
            at = (name, entry.line)
            add("cr_glossary_term", name, entry.line, where=at)
            add("cr_glossary_key", name.lower(), name, where=at)
            if entry.obsolete:
                add("cr_glossary_obsolete", name, where=at)
            if text:
                add("cr_glossary_text", name, entry.text, where=at)
    cat = doc.catalogs
    for entry in cat.keyword_abilities:
        add("cr_keyword_ability", entry.name, entry.rule)
        # 702.145 "Daybound and Nightbound" names two keywords; 702.186 "∞ (Infinity)" gives the
        # symbol's name in parentheses: the glossary lists the parts / the name.
        base, _, alias = entry.name.partition(" (")
        if alias.endswith(")"):
            add("cr_keyword_alias", entry.name, alias[:-1])
        if " and " in base:
            for part in base.split(" and "):
                add("cr_keyword_part", entry.name, part)
    for entry in cat.keyword_actions:
        add("cr_keyword_action", entry.name, entry.rule)
    for predicate, names in (("cr_ability_word", cat.ability_words),
                             ("cr_keyword_counter", cat.keyword_counters),
                             ("cr_card_type", cat.card_types),
                             ("cr_supertype", cat.supertypes),
                             ("cr_zone", cat.zones)):
        for name in names:
            add(predicate, name)
    for kind, names in cat.subtypes.items():
        for name in names:
            add("cr_subtype", kind, name)
    for index, name in enumerate(cat.turn_phases, 1):
        add("cr_turn_phase", name, index)
    for part in cat.turn_structure:
        add("cr_turn_part", part.name, part.kind, part.rule, part.phase)
    for catalog, rule in cat.sources.items():
        # The catalog's constant (subtypes_creature) is built from CR text: checked as an ASP name.
        line = getattr(doc.rules.get(rule), "line", None)
        try:
            add("cr_catalog_source", asp_constant(catalog.replace(".", "_")), rule, where=(rule, line))
        except NotAnAspValue:
            unreadable(rule, line, "cr_catalog_source", catalog)
    return out


def cr_facts(doc: RulesDocument, *, text: bool = True) -> str:
    """The document as ASP facts in program text, for a file (``pyrules cr parse``): a header
    comment naming the predicates, then :func:`cr_fact_symbols`, one fact per line. pyrules
    itself never parses this text (the checks take the symbols); the file name in the header is
    quoted and escaped, so no character of it can end the comment.

    Args:
        doc: a parsed document.
        text: include ``cr_text``, ``cr_example`` and ``cr_glossary_text`` (the bulk of the
            output); the document checks do not need them.
    """
    header = _HEADER.format(date=doc.effective_date.isoformat(), source=json.dumps(str(doc.source)))
    return header + "\n" + "".join(f"{s}.\n" for s in cr_fact_symbols(doc, text=text))


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


# ------------------------------------------------------------------------------------------------
# Diff
# ------------------------------------------------------------------------------------------------


@dataclass
class RuleChange:
    """A rule whose number is in both versions but whose text or examples differ."""

    number: str
    old_text: str
    new_text: str
    old_examples: list[str]
    new_examples: list[str]


@dataclass
class RulesDiff:
    """Differences between two CR versions (old -> new).

    Attributes:
        old_date, new_date: effective dates of the two documents.
        added: rule numbers whose content is new (document order of ``new``). A number that
            exists in both but whose old content moved to another number counts as added.
        removed: rule numbers whose content is gone (document order of ``old``).
        changed: same number, same place, different text or examples.
        renumbered: ``(old_number, new_number)`` pairs with identical text and examples (up to
            cross-references to renumbered rules).
        glossary_added, glossary_removed: glossary names only in ``new`` / only in ``old``.
    """

    old_date: str
    new_date: str
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[RuleChange] = field(default_factory=list)
    renumbered: list[tuple[str, str]] = field(default_factory=list)
    glossary_added: list[str] = field(default_factory=list)
    glossary_removed: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        """JSON-ready dict of this diff."""
        return asdict(self)


_REFERENCE_PUNCTUATION = "().,;:\u201c\u201d\u2019\"'"


def _renumber_references(text: str, mapping: dict[str, str]) -> str:
    """``text`` with each word that is an old rule number of ``mapping`` (``"rule 728)."``, or the
    ends of a range ``"728.2a\u2013c"``) replaced by its new number; the punctuation around it stays."""
    words = text.split(" ")
    for i, word in enumerate(words):
        core = word.strip(_REFERENCE_PUNCTUATION)
        parts = core.split("\u2013")
        if core and any(p in mapping for p in parts):
            start = word.index(core)
            renamed = "\u2013".join(mapping.get(p, p) for p in parts)
            words[i] = word[:start] + renamed + word[start + len(core):]
    return " ".join(words)


def _match_renumbered_references(old: RulesDocument, new: RulesDocument, same: set[str],
                                 renumbered: list[tuple[str, str]], moved_from: set[str],
                                 moved_to: set[str]) -> None:
    """Second matching pass of :func:`diff_rules`: an old rule whose text differs from a new rule's
    only by cross-references to renumbered rules ("see rule 723.1f" -> "724.1f") is renumbered
    too. Adds to ``renumbered``, ``moved_from``, ``moved_to``; repeats while pairs are found."""
    while True:
        mapping = dict(renumbered)
        pending: dict[tuple, list[str]] = {}
        for n, rule in old.rules.items():
            if n not in same and n not in moved_from:
                key = (_renumber_references(rule.text, mapping),
                       tuple(_renumber_references(e, mapping) for e in rule.examples))
                pending.setdefault(key, []).append(n)
        found = False
        for n, rule in new.rules.items():
            if n in same or n in moved_to:
                continue
            candidates = pending.get((rule.text, tuple(rule.examples)), [])
            o = next((c for c in candidates if c != n and c not in moved_from), None)
            if o is not None:
                renumbered.append((o, n))
                moved_from.add(o)
                moved_to.add(n)
                found = True
        if not found:
            return


def diff_rules(old: RulesDocument, new: RulesDocument) -> RulesDiff:
    """Compare two CR documents rule by rule.

    A rule whose text and examples are identical but whose number changed is reported as
    renumbered (pairs are matched one to one, in document order), not as removed + added; so is
    one whose only text change is a cross-reference to a renumbered rule ("see rule 728" -> "729").
    Text that was both moved and edited shows as removed + added (or changed).
    """
    def content(rule):
        return (rule.text, tuple(rule.examples))

    same = {n for n in old.rules.keys() & new.rules.keys()
            if content(old.rules[n]) == content(new.rules[n])}
    old_moved: dict[tuple, list[str]] = {}
    for n, rule in old.rules.items():
        if n not in same:
            old_moved.setdefault(content(rule), []).append(n)
    renumbered = []
    moved_from: set[str] = set()
    moved_to: set[str] = set()
    for n, rule in new.rules.items():
        if n in same:
            continue
        candidates = old_moved.get(content(rule))
        while candidates:
            o = candidates.pop(0)
            if o != n:
                renumbered.append((o, n))
                moved_from.add(o)
                moved_to.add(n)
                break
    _match_renumbered_references(old, new, same, renumbered, moved_from, moved_to)
    result = RulesDiff(old.effective_date.isoformat(), new.effective_date.isoformat(),
                       renumbered=renumbered)
    for n, rule in new.rules.items():
        if n in same or n in moved_to:
            continue
        if n in old.rules and n not in moved_from:
            o = old.rules[n]
            result.changed.append(RuleChange(n, o.text, rule.text, list(o.examples),
                                             list(rule.examples)))
        else:
            result.added.append(n)
    for n in old.rules:
        if n in same or n in moved_from:
            continue
        if n not in new.rules or n in moved_to:
            result.removed.append(n)
    old_names = {name for e in old.glossary for name in e.names}
    new_names = {name for e in new.glossary for name in e.names}
    result.glossary_added = [name for e in new.glossary for name in e.names
                             if name not in old_names]
    result.glossary_removed = [name for e in old.glossary for name in e.names
                               if name not in new_names]
    return result


# ------------------------------------------------------------------------------------------------
# Checks (ASP)
# ------------------------------------------------------------------------------------------------


@dataclass
class Finding:
    """One problem found by ``rules_asp/checks/cr_document.lp``.

    Attributes:
        kind: ``missing_reference``, ``glossary_missing_reference``, ``duplicate_number``,
            ``order_break``, ``numbering_gap``, ``skipped_letter_used``,
            ``counter_not_keyword_ability``, ``keyword_not_in_glossary``, ``unreadable_value``
            (a value that cannot be an ASP term: ``cr_unreadable/4`` of :func:`cr_fact_symbols`).
        severity: ``error`` (look-ups in the document would go wrong) or ``warning``.
        rule: the rule number (or, for glossary findings, the glossary term) concerned.
        line: its 1-based line in the file.
        detail: the missing target / ordinal / letter, the other rule, or the keyword.
        message: one readable sentence.
    """

    kind: str
    severity: str
    rule: str
    line: int
    detail: str
    message: str


_MESSAGES = {
    "missing_reference": "rule {rule} refers to {detail}, which is not in this document",
    "glossary_missing_reference": "glossary entry “{rule}” refers to rule {detail}, which is not "
                                  "in this document",
    "duplicate_number": "rule number {rule} is printed more than once (first at line {detail})",
    "order_break": "rule {rule} comes after {detail}, which has a higher number",
    "numbering_gap": "numbering gap before {rule}: the previous number ({detail}) is missing",
    "skipped_letter_used": "subrule {rule} uses the letter “{detail}”, which the CR skips",
    "counter_not_keyword_ability": "keyword counter “{detail}” (rule {rule}) is not a keyword "
                                   "ability of rule 702",
    "keyword_not_in_glossary": "keyword ability “{detail}” (rule {rule}) has no glossary entry",
    "unreadable_value": "rule {rule}: “{detail}” cannot be an ASP value (a number beyond 32 bits or a "
                        "name that is not lower-case letters, digits and _): the checks that need it "
                        "were left out",
}

_CHECKS_PROGRAM: str | None = None


def _checks_program() -> str:
    global _CHECKS_PROGRAM
    if _CHECKS_PROGRAM is None:
        resource = importlib.resources.files("pyrules.rules_asp") / "checks" / "cr_document.lp"
        _CHECKS_PROGRAM = resource.read_text(encoding="utf-8")
    return _CHECKS_PROGRAM


def _value(symbol: clingo.Symbol) -> str:
    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    if symbol.type == clingo.SymbolType.Number:
        return str(symbol.number)
    return str(symbol)


def check_document(doc: RulesDocument) -> list[Finding]:
    """Run the document checks of ``rules_asp/checks/cr_document.lp`` with clingo.

    Checks: references (from rules and glossary) to rules that do not exist; duplicate
    numbers; numbering gaps and order breaks among siblings (the CR's skipping of l and o is
    not a gap); 122.1b keyword counters that are not 702 keyword abilities; 702 keyword
    abilities without a glossary entry.

    Returns:
        Findings sorted by line, then kind.
    """
    control = clingo.Control(["--models=1"], logger=lambda code, msg: None)
    control.add("base", [], _checks_program())  # the check program: a rule file of rules_asp/checks
    add_facts(control, cr_fact_symbols(doc, text=False))  # the document: values, never parsed
    control.ground([("base", [])])
    findings: list[Finding] = []

    def on_model(model: clingo.Model) -> None:
        for symbol in model.symbols(shown=True):
            if symbol.name != "finding" or len(symbol.arguments) != 5:
                continue
            kind, severity, rule, line, detail = (_value(a) for a in symbol.arguments)
            message = _MESSAGES.get(kind, kind).format(rule=rule, detail=detail)
            findings.append(Finding(kind, severity, rule, int(line), detail, message))

    control.solve(on_model=on_model)
    findings.sort(key=lambda f: (f.line, f.kind, f.rule, f.detail))
    return findings
