"""The Comprehensive Rules as ASP facts (``cr_*`` catalog facts: rule numbers, keywords, counters)
for the rule base and the checks."""

from __future__ import annotations

import json

import clingo

from pyrules.asp_terms import NotAnAspValue, asp_constant, asp_number, is_asp_number
from pyrules.parser.comprehensive_rules import RulesDocument


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
% ASP facts for the Comprehensive Rules {date} ({source}), written by pyrules.facts.cr_facts.cr_facts.
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
