"""``pyrules cr ...``: the Comprehensive Rules command group.

:func:`register` adds to an argparse subparsers object::

    pyrules cr parse FILE [--format lp|json]     facts (default) or JSON on stdout
    pyrules cr show RULE --cr FILE               a rule, its children and examples, the rules
                                                 it cites and the rules citing it
    pyrules cr diff OLD NEW [--format text|json] added / removed / changed / renumbered rules
    pyrules cr check FILE [--format text|json]   document checks (rules_asp/checks/cr_document.lp)

Each leaf parser sets ``func`` (``args.func(args) -> int``) via ``set_defaults``; the main CLI
calls it and exits with the returned code. Exit codes: 0 success; ``cr check`` returns 1 when
at least one finding has severity ``error`` (warnings alone give 0). User errors (unreadable
or malformed CR file, unknown rule) raise :class:`pyrules.errors.PyrulesError` subclasses
(:class:`RulesDocumentError`, :class:`QueryError`); the main CLI prints them on one line and
exits 2. No CR ships with pyrules, so ``--cr`` is required.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from pyrules.checks import cr_changes
from pyrules.checks import cr_document
from pyrules.errors import QueryError
from pyrules.facts import cr_facts
from pyrules.inputs import comprehensive_rules as cr

__all__ = ["register", "cmd_parse", "cmd_show", "cmd_diff", "cmd_check"]


def register(subparsers) -> argparse.ArgumentParser:
    """Add the ``cr`` command group to ``subparsers`` (from ``ArgumentParser.add_subparsers``).

    Returns:
        The ``cr`` parser.
    """
    parser = subparsers.add_parser("cr", help="Comprehensive Rules: parse, show, diff, check",
                                   description="Work with a Comprehensive Rules text file.")
    commands = parser.add_subparsers(dest="cr_command", metavar="COMMAND")
    commands.required = True

    p = commands.add_parser("parse", help="print the CR as ASP facts or JSON")
    p.add_argument("file", metavar="FILE", help="CR text file (MagicCompRules YYYYMMDD.txt)")
    p.add_argument("--format", choices=("lp", "json"), default="lp",
                   help="lp: ASP facts (default); json: the whole document")
    p.set_defaults(func=cmd_parse)

    p = commands.add_parser("show", help="show a rule with its children, examples and citations")
    p.add_argument("rule", metavar="RULE", help="rule number, e.g. 601.2f or 702")
    p.add_argument("--cr", required=True, metavar="FILE", help="CR text file to read")
    p.set_defaults(func=cmd_show)

    p = commands.add_parser("diff", help="compare two CR versions")
    p.add_argument("old", metavar="OLD", help="older CR text file")
    p.add_argument("new", metavar="NEW", help="newer CR text file")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(func=cmd_diff)

    p = commands.add_parser("check", help="check references, numbering and keyword catalogs "
                                          "(exit 1 if any error-severity finding)")
    p.add_argument("file", metavar="FILE", help="CR text file")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(func=cmd_check)
    return parser


def _out(args) -> TextIO:
    return getattr(args, "stdout", None) or sys.stdout


def cmd_parse(args) -> int:
    """``cr parse FILE [--format lp|json]``: print facts or JSON. Returns 0."""
    doc = cr.load_comprehensive_rules(args.file)
    out = _out(args)
    if args.format == "json":
        json.dump(cr.cr_json(doc), out, ensure_ascii=False, indent=1)
        out.write("\n")
    else:
        out.write(cr_facts.cr_facts(doc))
    return 0


def cmd_show(args) -> int:
    """``cr show RULE --cr FILE``. Raises QueryError if the rule is not in the file."""
    doc = cr.load_comprehensive_rules(args.cr)
    number = args.rule.strip().rstrip(".")
    out = _out(args)
    if number in doc.sections and number not in doc.rules:
        section = doc.sections[number]
        print(f"{number}. {section.title}   [line {section.line}]", file=out)
        for child in doc.children.get(number, []):
            print(f"  {child}. {doc.rules[child].text}", file=out)
        return 0
    rule = doc.rules.get(number)
    if rule is None:
        raise QueryError(f"rule {args.rule!r} is not in the Comprehensive Rules "
                         f"{doc.effective_date.isoformat()}", doc.source)
    suffix = "." if rule.level != "subrule" else ""
    print(f"{rule.number}{suffix} {rule.text}   [line {rule.line}]", file=out)
    for example in rule.examples:
        print(f"  Example: {example}", file=out)
    children = doc.children.get(rule.number, [])
    if children:
        print("Children:", file=out)
        for child in children:
            print(f"  {child} {doc.rules[child].text.splitlines()[0]}", file=out)
    cites = _unique(r.target + ("" if r.resolved else " (missing)")
                    for r in doc.references if r.from_rule == rule.number)
    cited_by = _unique([r.from_rule for r in doc.references
                        if r.target == rule.number and r.from_rule] +
                       [f"glossary “{r.from_glossary}”" for r in doc.references
                        if r.target == rule.number and r.from_glossary])
    print("Cites: " + (", ".join(cites) if cites else "-"), file=out)
    print("Cited by: " + (", ".join(cited_by) if cited_by else "-"), file=out)
    return 0


def _unique(items) -> list[str]:
    return list(dict.fromkeys(items))


def cmd_diff(args) -> int:
    """``cr diff OLD NEW [--format text|json]``. Returns 0 (differences are not errors)."""
    old = cr.load_comprehensive_rules(args.old)
    new = cr.load_comprehensive_rules(args.new)
    diff = cr_changes.diff_rules(old, new)
    out = _out(args)
    if args.format == "json":
        json.dump(diff.to_json(), out, ensure_ascii=False, indent=1)
        out.write("\n")
        return 0
    print(f"CR {diff.old_date} -> {diff.new_date}: {len(diff.added)} added, "
          f"{len(diff.removed)} removed, {len(diff.changed)} changed, "
          f"{len(diff.renumbered)} renumbered", file=out)
    for number in diff.added:
        print(f"+ {number} {new.rules[number].text.splitlines()[0]}", file=out)
    for number in diff.removed:
        print(f"- {number} {old.rules[number].text.splitlines()[0]}", file=out)
    for change in diff.changed:
        print(f"~ {change.number}", file=out)
    for before, after in diff.renumbered:
        print(f"> {before} -> {after}", file=out)
    for name in diff.glossary_added:
        print(f"+ glossary {name}", file=out)
    for name in diff.glossary_removed:
        print(f"- glossary {name}", file=out)
    return 0


def cmd_check(args) -> int:
    """``cr check FILE``: print findings; return 1 if any has severity ``error``, else 0."""
    doc = cr.load_comprehensive_rules(args.file)
    findings = cr_document.check_document(doc)
    out = _out(args)
    if getattr(args, "format", "text") == "json":
        json.dump([vars(f) for f in findings], out, ensure_ascii=False, indent=1)
        out.write("\n")
    else:
        for f in findings:
            print(f"{doc.source}:{f.line}: {f.severity}: {f.message} [{f.kind}]", file=out)
        errors = sum(f.severity == "error" for f in findings)
        print(f"{len(findings)} finding(s), {errors} error(s)", file=out)
    return 1 if any(f.severity == "error" for f in findings) else 0
