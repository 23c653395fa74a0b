"""Rule base against the CR it cites (issue: consistency checking).

The rule base cites CR rules in two ways: the ``cites(Answer, "NNN.Nx")`` atoms that answers
carry (found with clingo's own parser, :mod:`clingo.ast`), and ``% NNN.Nx`` comments above rules
(read with the grammar ``rule_comment.lark``). Both must name rules that exist in the CR the
knowledge base is built with; when a newer CR changes or renumbers a cited rule, the citation
must be reviewed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator

from clingo import SymbolType, ast
from lark.exceptions import UnexpectedInput

from pyrules.inputs.rule_base import rule_files
from pyrules.parser.grammar import lalr_parser


@dataclass(frozen=True)
class RuleCitation:
    """A CR rule number cited by the rule base.

    Attributes:
        file: rule file, relative to ``rules_asp/`` (``casting.lp``).
        line, column: 1-based position of the citation.
        rule: the cited number (``709.3a``).
        kind: ``answer`` (a ``cites/2`` string: answers carry it) or ``comment``.
    """

    file: str
    line: int
    column: int
    rule: str
    kind: str


@dataclass(frozen=True)
class CitationFinding:
    """A citation that needs attention: ``kind`` is ``missing`` (no such rule in the CR),
    ``changed`` (the rule's text changed between two CR versions), ``renumbered`` (the text now
    stands under ``detail``) or ``removed``; ``message`` is one sentence."""

    citation: RuleCitation
    kind: str
    severity: str
    detail: str
    message: str

    def location(self) -> str:
        """``rules_asp/FILE:LINE:COLUMN``."""
        c = self.citation
        return f"rules_asp/{c.file}:{c.line}:{c.column}"


def _answer_citations(name: str, text: str) -> Iterator[RuleCitation]:
    found: list[RuleCitation] = []

    class _Visitor(ast.Transformer):
        def visit_Function(self, node):  # noqa: N802 (clingo visitor naming)
            args = node.arguments
            if node.name == "cites" and len(args) == 2 and args[1].ast_type == ast.ASTType.SymbolicTerm \
                    and args[1].symbol.type == SymbolType.String:
                where = args[1].location.begin
                found.append(RuleCitation(name, where.line, where.column, args[1].symbol.string, "answer"))
            return node.update(**self.visit_children(node))

    visitor = _Visitor()

    def visit(stm) -> None:  # only statements that name cites/2 are walked (a tenth of them)
        if "cites(" in str(stm):
            visitor(stm)

    ast.parse_string(text, visit)
    return iter(found)


def _comment_citations(name: str, text: str) -> Iterator[RuleCitation]:
    parser = lalr_parser("rule_comment")
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.lstrip()
        if not stripped.startswith("%"):
            continue
        try:
            tree = parser.parse(stripped)
        except UnexpectedInput:
            continue
        offset = len(line) - len(stripped)
        for node in tree.find_data("rule_number"):
            token = node.children[0]
            yield RuleCitation(name, number, offset + token.column, str(token), "comment")


def rule_base_citations(files: Iterable[tuple[str, str]] | None = None) -> list[RuleCitation]:
    """Every CR citation in the rule base (answers and comments), sorted by file and line.

    Args:
        files: ``(name, program text)`` pairs to read instead of the installed rule base.
    """
    out: list[RuleCitation] = []
    for name, text in (rule_files() if files is None else files):
        out += _answer_citations(name, text)
        out += _comment_citations(name, text)
    return sorted(set(out), key=lambda c: (c.file, c.line, c.column, c.rule))


def check_citations(doc, previous=None, files: Iterable[tuple[str, str]] | None = None) -> list[CitationFinding]:
    """Check the rule base's citations against a parsed CR ``doc`` (``pyrules.inputs.comprehensive_rules``).

    Args:
        doc: the CR the knowledge base is built with.
        previous: optionally the CR version the citations were written against; then citations
            of rules whose text changed, moved or vanished between ``previous`` and ``doc`` are
            reported for review (from :func:`pyrules.checks.cr_changes.diff_rules`).
        files: rule files to check instead of the installed rule base (see
            :func:`rule_base_citations`).

    Returns:
        Findings sorted by file and line: ``missing`` ones are errors, the others warnings.
    """
    findings: list[CitationFinding] = []
    review: dict[str, tuple[str, str]] = {}
    if previous is not None:
        from pyrules.checks.cr_changes import diff_rules

        diff = diff_rules(previous, doc)
        for change in diff.changed:
            review[change.number] = ("changed", "")
        for old_number, new_number in diff.renumbered:
            review[old_number] = ("renumbered", new_number)
        for number in diff.removed:
            review.setdefault(number, ("removed", ""))
    for c in rule_base_citations(files):
        if not doc.has_rule(c.rule):
            findings.append(CitationFinding(c, "missing", "error", "",
                                            f"cites rule {c.rule}, which is not in the CR of {doc.effective_date}"))
        elif c.rule in review:
            kind, detail = review[c.rule]
            message = {"changed": f"rule {c.rule} changed its text since the previous CR: review this citation",
                       "renumbered": f"the text of rule {c.rule} is now rule {detail}: review this citation",
                       "removed": f"rule {c.rule} was removed since the previous CR"}[kind]
            findings.append(CitationFinding(c, kind, "warning", detail, message))
    return findings
