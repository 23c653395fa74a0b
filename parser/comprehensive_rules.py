"""Comprehensive Rules (CR) text -> plain data (:class:`RulesDocument`).

Source: the Magic: The Gathering Comprehensive Rules text file Wizards publishes
(``MagicCompRules YYYYMMDD.txt``). The grammar is ``comprehensive_rules.lark`` beside this
module (LALR(1), contextual lexer); this module normalizes the text (BOM, CRLF / bare CR line
endings), runs the parser once per process, and shapes the result:

* :class:`RulesDocument` — title, effective date, sections, every numbered rule in document
  order, the glossary, the cross-references found in rule and glossary text, and catalogs
  (keyword abilities, keyword actions, ability words, keyword counters, card types,
  supertypes, subtypes, zones, turn structure) read from the rules text itself.
* :func:`parse_comprehensive_rules` — the one public entry point.

Rule numbers are kept without their trailing full stop: ``"100"`` (a topic such as
"100. General"), ``"100.1"`` (a rule), ``"100.1a"`` (a subrule). Sections are ``"1"`` .. ``"9"``.
Lines and columns are 1-based and refer to the input after line-ending normalization, which
keeps the line count of the original file (a CRLF or a bare CR each end one line).

Errors: bad input raises :class:`pyrules.errors.RulesDocumentError` with source, line, column
and a message naming what was expected; Lark exceptions never escape.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from pyrules.errors import RulesDocumentError

__all__ = [
    "CR_SUBRULE_LETTERS",
    "CatalogEntry",
    "Catalogs",
    "GlossaryEntry",
    "Reference",
    "Rule",
    "RulesDocument",
    "Section",
    "TurnPart",
    "get_parser",
    "normalize_text",
    "parse_comprehensive_rules",
]

#: Subrule letters in CR order: the CR skips "l" and "o" (they look like 1 and 0).
CR_SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"

_GRAMMAR_FILE = Path(__file__).with_name("comprehensive_rules.lark")


# ------------------------------------------------------------------------------------------------
# Data
# ------------------------------------------------------------------------------------------------


@dataclass
class Section:
    """A CR section header, e.g. ``1. Game Concepts``.

    Attributes:
        number: ``"1"`` .. ``"9"``.
        title: ``"Game Concepts"``.
        line: 1-based line of the header in the rules part (not the contents list).
    """

    number: str
    title: str
    line: int


@dataclass
class Rule:
    """One numbered rule at any level: topic (``"100"``), rule (``"100.1"``), subrule (``"100.1a"``).

    Attributes:
        number: rule number without trailing full stop.
        parent: the number one level up (``"709.3a"`` -> ``"709.3"``, ``"709.3"`` -> ``"709"``),
            or None for a topic (its section is in ``section``).
        text: the rule text exactly as printed (curly quotes, em dashes, ``{T}``), without the
            number; for a topic, its title (``"General"``). An indented second paragraph
            (205.4c, 509.1b) is appended after a ``"\\n"``, without its indentation.
        examples: the ``Example:`` paragraphs under this rule, in order, without the label.
        line: 1-based line of the rule number.
        column: 1-based column where the text starts.
        section: the section number (``"1"`` .. ``"9"``).
        level: ``"topic"``, ``"rule"`` or ``"subrule"``.
        segments: ``(line, column, text)`` of every physical line of text and examples, for
            locating cross-references (``"example"`` marks example lines).
    """

    number: str
    parent: str | None
    text: str
    examples: list[str]
    line: int
    column: int = 1
    section: str = ""
    level: str = "rule"
    segments: list[tuple[int, int, str, bool]] = field(default_factory=list, repr=False,
                                                       compare=False)


@dataclass
class GlossaryEntry:
    """A glossary entry.

    Attributes:
        names: the names the heading gives. ``"You, Your"`` -> ``["You", "Your"]``;
            ``"Banding, “Bands with Other”"`` -> ``["Banding", "Bands with Other"]``. A heading is
            kept whole when one of its comma-separated parts is itself another entry's heading:
            ``"Active Player, Nonactive Player Order"`` (APNAP, rule 101.4) stays one name,
            because ``"Active Player"`` has its own entry.
        text: the definition, lines joined with ``"\\n"``.
        obsolete: the heading ends with ``(Obsolete)``.
        line: 1-based line of the heading.
        heading: the heading line as printed (without trailing blanks).
    """

    names: list[str]
    text: str
    obsolete: bool
    line: int
    heading: str = ""
    segments: list[tuple[int, int, str]] = field(default_factory=list, repr=False,
                                                 compare=False)


@dataclass
class Reference:
    """A cross-reference found in rule or glossary text (``"see rule 601.2f"``).

    Exactly one of ``from_rule`` / ``from_glossary`` is set.

    Attributes:
        from_rule: number of the rule whose text (or example) holds the reference.
        from_glossary: first name of the glossary entry that holds it.
        target: the referenced rule number (``"601.2g"``) or section number (``"7"``). A range
            ``"601.2f–h"`` yields one Reference per rule (601.2f, 601.2g, 601.2h), letters
            skipping l and o.
        line: 1-based line of the reference.
        column: 1-based column of the referenced number (for a range: of the range start).
        resolved: the target exists in this document (as a rule or a section).
        kind: ``"rule"`` or ``"section"``.
        in_example: the reference is in an ``Example:`` paragraph.
    """

    from_rule: str | None
    from_glossary: str | None
    target: str
    line: int
    column: int
    resolved: bool
    kind: str = "rule"
    in_example: bool = False


@dataclass
class CatalogEntry:
    """A named thing with its own rule: keyword ability ``flash`` -> ``702.8``.

    Attributes:
        name: lower-case name (``"first strike"``).
        rule: the rule number defining it.
        title: the name as printed in the rule header (``"First Strike"``).
    """

    name: str
    rule: str
    title: str


@dataclass
class TurnPart:
    """A phase or step of the turn, from the headers of rules 501–514.

    Attributes:
        name: lower-case name without "phase"/"step" (``"untap"``, ``"declare attackers"``).
        kind: ``"phase"`` or ``"step"``.
        rule: the topic rule number (``"502"``).
        phase: for a step, the name of the phase it belongs to (the nearest phase header
            above it); for a phase, its own name.
    """

    name: str
    kind: str
    rule: str
    phase: str


@dataclass
class Catalogs:
    """Lists read from the rules text (never typed by hand). Empty where the cue is missing.

    Attributes:
        keyword_abilities: 702.x headers (702.2 .. ), e.g. ``CatalogEntry("flash", "702.8", "Flash")``.
        keyword_actions: 701.x headers, e.g. ``CatalogEntry("destroy", "701.8", "Destroy")``.
        ability_words: the 207.2c list (``"council’s dilemma"``, ``"descend 4"`` ...).
        keyword_counters: the 122.1b list (``"flying"``, ``"first strike"`` ...).
        card_types: the 205.2a list (lower case as printed).
        supertypes: the 205.4a list.
        subtypes: 205.3g–205.3q lists by kind as the CR calls them (``"artifact"``,
            ``"enchantment"``, ``"land"``, ``"planeswalker"``, ``"spell"``, ``"creature"``,
            ``"planar"``, ``"dungeon"``, ``"battle"``), names as printed (``"Time Lord"``).
        zones: the 400.1 list plus the ante zone it mentions (``"library"`` ... ``"ante"``).
        turn_phases: the 500.1 list (``"beginning"``, ``"precombat main"`` ...).
        turn_structure: phases and steps from the headers of 501–514.
        sources: catalog attribute name -> rule number it was read from.
    """

    keyword_abilities: list[CatalogEntry] = field(default_factory=list)
    keyword_actions: list[CatalogEntry] = field(default_factory=list)
    ability_words: list[str] = field(default_factory=list)
    keyword_counters: list[str] = field(default_factory=list)
    card_types: list[str] = field(default_factory=list)
    supertypes: list[str] = field(default_factory=list)
    subtypes: dict[str, list[str]] = field(default_factory=dict)
    zones: list[str] = field(default_factory=list)
    turn_phases: list[str] = field(default_factory=list)
    turn_structure: list[TurnPart] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)


@dataclass
class RulesDocument:
    """A parsed Comprehensive Rules document.

    Attributes:
        title: first line (``"Magic: The Gathering Comprehensive Rules"``).
        effective_date: from "These rules are effective as of April 17, 2026."
        source: file name or ``"<string>"``.
        rules: every numbered rule (topics, rules, subrules) by number, in document order.
        sections: sections 1–9 by number, in order.
        glossary: glossary entries in document order.
        references: cross-references from rule and glossary text, in document order.
        catalogs: lists read from the rules text (:class:`Catalogs`).
        introduction: the introduction paragraphs.
        contents: ``(number, title, line)`` of every entry of the table of contents
            (sections ``"1"``, topics ``"100"``; the trailing Glossary/Credits lines are omitted).
        credits: the credits lines (after "Credits"), as printed.
        duplicates: ``(number, line)`` of rule numbers seen a second time (the first is kept).
        duplicate_rules: the rules printed under a number seen before, whole (text, examples,
            line), in document order: :attr:`rules` keeps the first, nothing is dropped.
    """

    title: str
    effective_date: _dt.date
    source: str
    rules: dict[str, Rule]
    sections: dict[str, Section]
    glossary: list[GlossaryEntry]
    references: list[Reference]
    catalogs: Catalogs
    introduction: list[str] = field(default_factory=list)
    contents: list[tuple[str, str, int]] = field(default_factory=list)
    credits: list[str] = field(default_factory=list)
    duplicates: list[tuple[str, int]] = field(default_factory=list)
    duplicate_rules: list[Rule] = field(default_factory=list)

    @cached_property
    def children(self) -> dict[str, list[str]]:
        """Parent number -> child rule numbers in document order (topics under ``"1"`` .. ``"9"``)."""
        out: dict[str, list[str]] = {}
        for rule in self.rules.values():
            key = rule.parent if rule.parent is not None else rule.section
            out.setdefault(key, []).append(rule.number)
        return out

    @cached_property
    def known_numbers(self) -> frozenset[str]:
        """All rule numbers and section numbers in the document (for reference resolution)."""
        return frozenset(self.rules) | frozenset(self.sections)

    def has_rule(self, number: str) -> bool:
        """True if ``number`` (``"601.2f"``, ``"601.2f."``, ``"702"`` or section ``"7"``) exists."""
        return number.rstrip(".") in self.known_numbers

    @cached_property
    def glossary_by_name(self) -> dict[str, GlossaryEntry]:
        """Lower-case glossary name -> entry (every name of every entry)."""
        out: dict[str, GlossaryEntry] = {}
        for entry in self.glossary:
            for name in entry.names:
                out.setdefault(name.lower(), entry)
        return out


# ------------------------------------------------------------------------------------------------
# Transformer (applied inside the LALR parser: no intermediate tree)
# ------------------------------------------------------------------------------------------------


def _parent_of(number: str) -> str | None:
    """``"709.3a"`` -> ``"709.3"``; ``"709.3"`` -> ``"709"``; ``"709"`` -> None."""
    if number[-1].isalpha():
        return number[:-1]
    if "." in number:
        return number.split(".", 1)[0]
    return None


def _text_start(token: Token) -> tuple[str, int]:
    """Text of a rest-of-line token without the leading space, and the column where it starts."""
    value = token.value
    stripped = value.lstrip()
    return stripped.rstrip(), token.column + (len(value) - len(stripped))


class _Annex:
    """An ``Example:`` line or an indented continuation line under a rule."""

    __slots__ = ("kind", "text", "line", "column")

    def __init__(self, kind: str, text: str, line: int, column: int) -> None:
        self.kind, self.text, self.line, self.column = kind, text, line, column


class _CRTransformer(Transformer):
    """Builds plain data for each start symbol of ``comprehensive_rules.lark``.

    Stateless (one instance serves every parse); method names match grammar rules.
    """

    # --- document ---------------------------------------------------------------------------

    def document(self, children):
        return children

    def title(self, children):
        return children[0].value.rstrip()

    def effective_date(self, children):
        token = children[0]
        try:
            return _dt.datetime.strptime(token.value, "%B %d, %Y").date()
        except ValueError as err:
            raise RulesDocumentError(f"invalid effective date {token.value!r}: {err}",
                                     None, token.line, token.column) from None

    def introduction(self, children):
        return children[1:]

    def intro_paragraph(self, children):
        return children[0].value.strip()

    def contents(self, children):
        out = []
        for head, topics in children[1:-2]:
            out.append(head)
            out.extend(topics)
        return ("contents", out)

    def contents_section(self, children):
        number, title, *topics = children
        return (number.value.rstrip("."), title.value.strip(), number.line), topics

    def contents_topic(self, children):
        number, title = children
        return (number.value.rstrip("."), title.value.strip(), number.line)

    def rules_part(self, children):
        return children

    def section(self, children):
        number_tok, title_tok, *topics = children
        number = number_tok.value.rstrip(".")
        rules: list[Rule] = []
        for topic_rules in topics:
            for rule in topic_rules:
                rule.section = number
                rules.append(rule)
        return Section(number, title_tok.value.strip(), number_tok.line), rules

    def topic(self, children):
        number_tok, title_tok, *rules = children
        text, column = _text_start(title_tok)
        number = number_tok.value.rstrip(".")
        out = [Rule(number, None, text, [], number_tok.line, column, level="topic",
                    segments=[(number_tok.line, column, text, False)])]
        for rule_group in rules:
            out.extend(rule_group)
        return out

    def _make_rule(self, children, level):
        number_tok, text_tok, *rest = children
        number = number_tok.value.rstrip(".")
        text, column = _text_start(text_tok)
        segments = [(number_tok.line, column, text, False)]
        examples: list[str] = []
        nested: list[Rule] = []
        for item in rest:
            if isinstance(item, _Annex):
                segments.append((item.line, item.column, item.text, item.kind == "example"))
                if item.kind == "example":
                    examples.append(item.text)
                else:
                    text = f"{text}\n{item.text}"
            else:
                nested.append(item)
        rule = Rule(number, _parent_of(number), text, examples, number_tok.line, column,
                    level=level, segments=segments)
        return [rule, *nested]

    def rule(self, children):
        return self._make_rule(children, "rule")

    def subrule(self, children):
        return self._make_rule(children, "subrule")[0]

    def example(self, children):
        label, text_tok = children
        text, column = _text_start(text_tok)
        return _Annex("example", text, label.line, column)

    def continuation(self, children):
        text, column = _text_start(children[0])
        return _Annex("continuation", text, children[0].line, column)

    # --- glossary ---------------------------------------------------------------------------

    def glossary(self, children):
        return children[1:]

    def glossary_entry(self, children):
        (names, obsolete, heading, line), segments = children
        return GlossaryEntry(names, "\n".join(s[2] for s in segments), obsolete, line, heading,
                             segments)

    def glossary_heading(self, children):
        names = [c for c in children if isinstance(c, _Name)]
        tokens = [c.token if isinstance(c, _Name) else c for c in children]
        obsolete = any(t.type == "OBSOLETE_MARK" for t in tokens)
        heading = "".join(t.value for t in tokens).strip()
        return names, obsolete, heading, tokens[0].line

    def glossary_name(self, children):
        token = children[0]
        value = token.value.strip()
        if token.type == "QUOTED_NAME":
            value = value.strip("“”").rstrip(",").strip()
        # Keep the token so the heading can be rebuilt verbatim.
        return _Name(value, token)

    def glossary_definition(self, children):
        out = []
        for token in children:
            text, column = _text_start(token)
            out.append((token.line, column, text))
        return out

    def credits(self, children):
        return ("credits", children[1:])

    def credits_line(self, children):
        return children[0].value.rstrip()

    # --- cross_references -------------------------------------------------------------------

    def cross_references(self, children):
        out = []
        for child in children:
            if isinstance(child, list):
                out.extend(child)
        return out

    def rule_reference(self, children):
        out = []
        for target in children[1:]:
            out.extend(target)
        return out

    def rule_target(self, children):
        start = children[0]
        if len(children) == 1:
            return [("rule", start.value, start.column)]
        return [("rule", number, start.column)
                for number in _expand_range(start.value, children[1].value)]

    def section_reference(self, children):
        return [("section", t.value, t.column) for t in children[1:]]

    # --- catalog_list -----------------------------------------------------------------------

    def catalog_list(self, children):
        return children[0]

    def list_items(self, children):
        return children

    def list_item(self, children):
        return " ".join(t.value.strip() for t in children if t.type == "LIST_WORD")


class _Name(str):
    """A glossary name that remembers its token (to rebuild the heading verbatim)."""

    token: Token

    def __new__(cls, value: str, token: Token):
        obj = super().__new__(cls, value)
        obj.token = token
        return obj


def _expand_range(start: str, end: str) -> list[str]:
    """Expand a range written with an en dash: ``601.2f``–``h`` -> 601.2f, 601.2g, 601.2h.

    ``end`` is a letter (``"h"``, same rule as ``start``; l and o are skipped as the CR does),
    a rule ordinal (``"119.7"``–``"8"``), or a full number (``"903.6"``–``"903.11"``).
    A range that cannot be expanded yields its two ends.
    """
    if end.isalpha() and start[-1:].isalpha():
        letters = CR_SUBRULE_LETTERS
        a, b = start[-1], end
        if a in letters and b in letters and letters.index(a) <= letters.index(b):
            return [start[:-1] + c for c in letters[letters.index(a):letters.index(b) + 1]]
        return [start, start[:-1] + end]
    if "." not in end and end.isdigit() and "." in start and start.split(".")[1].isdigit():
        end = f"{start.split('.')[0]}.{end}"
    if "." in end and end.split(".")[1].isdigit() and "." in start:
        (t1, n1), (t2, n2) = start.split("."), end.split(".")
        if t1 == t2 and n1.isdigit() and int(n1) <= int(n2):
            return [f"{t1}.{n}" for n in range(int(n1), int(n2) + 1)]
    return [start, end]


# ------------------------------------------------------------------------------------------------
# Parser (one per process)
# ------------------------------------------------------------------------------------------------

_PARSER: Lark | None = None


def get_parser() -> Lark:
    """The LALR parser for ``comprehensive_rules.lark`` (built once per process, Lark-cached).

    Start symbols: ``document``, ``cross_references``, ``catalog_list``. The transformer is
    applied while parsing, so ``parse`` returns plain data, not a tree.
    """
    global _PARSER
    if _PARSER is None:
        grammar = _GRAMMAR_FILE.read_text(encoding="utf-8")
        try:
            _PARSER = Lark(grammar, parser="lalr", lexer="contextual",
                           start=["document", "cross_references", "catalog_list"],
                           transformer=_CRTransformer(), cache=True,
                           propagate_positions=False, maybe_placeholders=False)
        except OSError:  # cache directory not writable: build without cache
            _PARSER = Lark(grammar, parser="lalr", lexer="contextual",
                           start=["document", "cross_references", "catalog_list"],
                           transformer=_CRTransformer(), cache=False,
                           maybe_placeholders=False)
    return _PARSER


# ------------------------------------------------------------------------------------------------
# Errors
# ------------------------------------------------------------------------------------------------

_EXPECTED = {
    "DOCUMENT_TITLE": "the title line “Magic: The Gathering Comprehensive Rules”",
    "_EFFECTIVE_AS_OF": "the line “These rules are effective as of <Month D, YYYY>.”",
    "EFFECTIVE_DATE": "a date such as “April 17, 2026”",
    "_FULL_STOP": "“.” after the date",
    "INTRODUCTION_HEADER": "the “Introduction” header",
    "CONTENTS_HEADER": "the “Contents” header",
    "GLOSSARY_HEADER": "the “Glossary” header",
    "CREDITS_HEADER": "the “Credits” header",
    "SECTION_NUMBER": "a section header such as “1. Game Concepts”",
    "TOPIC_NUMBER": "a rule header such as “100. General”",
    "RULE_NUMBER": "a rule number such as “100.1.”",
    "SUBRULE_NUMBER": "a subrule number such as “100.1a”",
    "EXAMPLE_LABEL": "an “Example:” paragraph",
    "CONTINUATION_TEXT": "an indented continuation line",
    "PARAGRAPH_TEXT": "introduction text",
    "SECTION_TITLE": "a section title",
    "TOPIC_TITLE": "a rule title",
    "RULE_TEXT": "rule text",
    "EXAMPLE_TEXT": "example text",
    "GLOSSARY_TEXT": "a glossary definition line",
    "CREDITS_TEXT": "credits text",
    "PLAIN_NAME": "a glossary term",
    "QUOTED_NAME": "a quoted glossary term",
    "NAME_SEPARATOR": "“,” between glossary names",
    "OBSOLETE_MARK": "“(Obsolete)”",
    "_LINE_END": "the end of the line",
    "_EOL": "the end of the line",
    "_BLANK_LINES": "a blank line",
    "$END": "the end of the document",
}


def _describe(expected) -> str:
    names = sorted({_EXPECTED.get(name, name) for name in expected})
    if not names:
        return "nothing more"
    return names[0] if len(names) == 1 else "one of: " + "; ".join(names)


def _enclosing_rule(lines: list[str], line: int) -> str | None:
    """The number of the last rule line at or before ``line`` (for error messages); None
    before the end of the table of contents or inside the glossary."""
    if "Credits" not in lines[:line]:
        return None
    for index in range(min(line, len(lines)) - 1, -1, -1):
        head = lines[index].split(" ", 1)[0]
        if len(head) >= 4 and head[:3].isdigit() and head[3] == ".":
            return head.rstrip(".")
        if lines[index] in ("Glossary", "Contents"):
            return None
    return None


def _to_error(err: UnexpectedInput, text: str, source: str) -> RulesDocumentError:
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    last_line = max(len(lines), 1)
    end_column = len(lines[-1]) + 1 if lines else 1
    if isinstance(err, UnexpectedCharacters):
        line, column = err.line, err.column
        found = lines[line - 1][column - 1:column + 39] if 0 < line <= len(lines) else ""
        expected = err.allowed or set()
        at_end = False
    elif isinstance(err, UnexpectedToken) and err.token.type != "$END":
        line, column = err.line, err.column
        found = err.token.value.split("\n", 1)[0][:40] or "a line break"
        expected = err.accepts or err.expected
        at_end = False
    else:  # UnexpectedEOF, or UnexpectedToken at $END
        line, column = last_line, end_column
        expected = getattr(err, "expected", None) or set()
        found = ""
        at_end = True
    if not text.strip():
        return RulesDocumentError(
            "empty document: expected " + _EXPECTED["DOCUMENT_TITLE"], source, 1, 1)
    where = _enclosing_rule(lines, line)
    context = f" (in rule {where})" if where else ""
    if at_end:
        message = (f"the document ends too early{context}; it may be truncated: expected "
                   f"{_describe(expected)}")
    else:
        message = f"expected {_describe(expected)}; found {found!r}{context}"
    if line == 1 and text.lstrip()[:1] in ("{", "["):
        message += " (this looks like JSON, not the CR text file)"
    return RulesDocumentError(message, source, line, column)


# ------------------------------------------------------------------------------------------------
# Parse
# ------------------------------------------------------------------------------------------------


def normalize_text(text: str) -> str:
    """Strip a leading BOM and turn CRLF and bare CR line endings into LF; end with ``"\\n"``.

    The line count is unchanged (each CRLF or lone CR ends one line), so line numbers still
    point into the original file.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text and not text.endswith("\n"):
        text += "\n"
    return text


def parse_comprehensive_rules(text: str, source: str = "<string>") -> RulesDocument:
    """Parse the full text of a Comprehensive Rules file.

    Args:
        text: the document as a string (a BOM and CRLF / bare-CR line endings are accepted).
        source: file name used in errors and kept in ``RulesDocument.source``.

    Returns:
        A :class:`RulesDocument` with every rule, the glossary, the cross-references (each
        marked resolved or not) and the catalogs.

    Raises:
        RulesDocumentError: the text is not a CR document (empty, JSON, truncated, a garbled
            rule number ...); carries ``source``, ``line`` and ``column`` and says what was
            expected there.
    """
    text = normalize_text(text)
    parser = get_parser()
    try:
        parts = parser.parse(text, start="document")
    except UnexpectedInput as err:
        raise _to_error(err, text, source) from None
    except RulesDocumentError as err:
        err.source = err.source or source
        raise
    title, effective, intro, (_, contents), sections_part, glossary, (_, credits) = parts

    sections: dict[str, Section] = {}
    rules: dict[str, Rule] = {}
    duplicates: list[tuple[str, int]] = []
    duplicate_rules: list[Rule] = []
    for section, section_rules in sections_part:
        sections.setdefault(section.number, section)
        for rule in sorted(section_rules, key=lambda r: r.line):
            if rule.number in rules:
                duplicates.append((rule.number, rule.line))
                duplicate_rules.append(rule)
            else:
                rules[rule.number] = rule

    _split_glossary_names(glossary)
    doc = RulesDocument(title=title, effective_date=effective, source=source, rules=rules,
                        sections=sections, glossary=glossary, references=[],
                        catalogs=Catalogs(), introduction=intro, contents=contents,
                        credits=credits, duplicates=duplicates, duplicate_rules=duplicate_rules)
    doc.references = _extract_references(doc, parser, source)
    doc.catalogs = _build_catalogs(doc, parser)
    return doc


def _split_glossary_names(glossary: list[GlossaryEntry]) -> None:
    """Keep a heading whole if one of its parts is another entry's heading (see GlossaryEntry)."""
    headings = {e.heading.replace("(Obsolete)", "").strip() for e in glossary}
    for entry in glossary:
        whole = entry.heading.replace("(Obsolete)", "").strip()
        if len(entry.names) > 1 and any(n != whole and n in headings for n in entry.names):
            entry.names = [whole]
        else:
            entry.names = [str(n) for n in entry.names]


def _references_in(parser: Lark, text: str) -> list[tuple[str, str, int]]:
    if "ule" not in text and "ection" not in text:  # cheap filter before parsing
        return []
    return parser.parse(text, start="cross_references")


def _extract_references(doc: RulesDocument, parser: Lark, source: str) -> list[Reference]:
    known = doc.known_numbers
    out: list[Reference] = []

    def scan(text, line, column, **where):
        try:
            found = _references_in(parser, text)
        except UnexpectedInput as err:  # the reference grammar should accept any text
            raise RulesDocumentError(f"cannot read cross-references: {err}".split("\n")[0],
                                     source, line, column + err.column - 1) from None
        for kind, target, col in found:
            out.append(Reference(target=target, line=line, column=column + col - 1,
                                 resolved=target in known, kind=kind, **where))

    for rule in doc.rules.values():
        if rule.level == "topic":
            continue
        for line, column, text, in_example in rule.segments:
            scan(text, line, column, from_rule=rule.number, from_glossary=None,
                 in_example=in_example)
    for entry in doc.glossary:
        for line, column, text in entry.segments:
            scan(text, line, column, from_rule=None, from_glossary=entry.names[0])
    return out


# ------------------------------------------------------------------------------------------------
# Catalogs
# ------------------------------------------------------------------------------------------------


def _list_after(parser: Lark, text: str, cue: str) -> list[str] | None:
    """Items of the English list that follows ``cue`` in ``text`` (None if the cue is absent)."""
    start = text.find(cue)
    if start < 0:
        return None
    try:
        return parser.parse(text[start + len(cue):], start="catalog_list")
    except UnexpectedInput:
        return None


def _headers(doc: RulesDocument, topic: str) -> list[CatalogEntry]:
    """Rules ``topic.N`` whose text is a title (no final full stop): 702.8 "Flash" ..."""
    out = []
    for number in doc.children.get(topic, []):
        rule = doc.rules[number]
        if rule.level == "rule" and not rule.text.endswith("."):
            out.append(CatalogEntry(rule.text.lower(), number, rule.text))
    return out


def _build_catalogs(doc: RulesDocument, parser: Lark) -> Catalogs:
    cat = Catalogs()
    rules = doc.rules

    def from_rule(attr: str, number: str, cue: str) -> list[str]:
        rule = rules.get(number)
        items = _list_after(parser, rule.text, cue) if rule else None
        if items is None:
            return []
        cat.sources[attr] = number
        return items

    cat.keyword_abilities = _headers(doc, "702")
    cat.keyword_actions = _headers(doc, "701")
    if cat.keyword_abilities:
        cat.sources["keyword_abilities"] = "702"
    if cat.keyword_actions:
        cat.sources["keyword_actions"] = "701"
    cat.ability_words = from_rule("ability_words", "207.2c", "The ability words are ")
    cat.keyword_counters = from_rule("keyword_counters", "122.1b",
                                     "The keywords that a keyword counter can be are ")
    cat.card_types = from_rule("card_types", "205.2a", "The card types are ")
    cat.supertypes = from_rule("supertypes", "205.4a", "The supertypes are ")

    # 205.3g–205.3q: "these subtypes are called artifact types. The artifact types are ..."
    for number in doc.children.get("205.3", []):
        text = rules[number].text
        called = text.find("called ")
        if called < 0:
            continue
        kind = text[called + len("called "):].split(" type", 1)[0]
        for article in ("a ", "an "):
            if kind.startswith(article):
                kind = kind[len(article):]
        if "two words long: " in text:  # 205.3m creature types
            items = (_list_after(parser, text, "two words long: ") or []) + \
                    (_list_after(parser, text, "one word long: ") or [])
        else:
            items = (_list_after(parser, text, f"The {kind} types are ")
                     or _list_after(parser, text, f"That {kind} type is ") or [])
        if items:
            cat.subtypes[kind] = items
            cat.sources[f"subtypes.{kind}"] = number

    zones = from_rule("zones", "400.1", " zones: ")
    if zones:
        extra = _list_after(parser, rules["400.1"].text, "also use the ") or []
        zones += [z[: -len(" zone")] if z.endswith(" zone") else z for z in extra]
    cat.zones = zones
    cat.turn_phases = from_rule("turn_phases", "500.1", "in this order: ")

    phase = ""
    for number in [str(n) for n in range(501, 515)]:
        rule = rules.get(number)
        if rule is None:
            continue
        title = rule.text
        for kind in ("phase", "step"):
            suffix = " " + kind.capitalize()
            if title.endswith(suffix):
                name = title[: -len(suffix)].lower()
                if kind == "phase":
                    phase = name
                cat.turn_structure.append(TurnPart(name, kind, number, phase))
    if cat.turn_structure:
        cat.sources["turn_structure"] = "501-514"
    return cat
