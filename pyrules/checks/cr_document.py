"""Checks of a CR document (``rules_asp/checks/cr_document.lp``): numbering, references, glossary
(:func:`check_document`)."""

from __future__ import annotations

import importlib.resources
from dataclasses import dataclass

import clingo

from pyrules.asp_terms import add_facts
from pyrules.facts.cr_facts import cr_fact_symbols
from pyrules.parser.comprehensive_rules import RulesDocument


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
