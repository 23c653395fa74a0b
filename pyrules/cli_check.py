"""``pyrules check``: consistency of the CR document, of the rule base against the CR it cites,
and (as they land) of the rule base against itself and of cards against the rules.

Output: one finding per line, ``LOCATION: SEVERITY: MESSAGE``; exit code 1 if any finding is
an error, 0 otherwise (2 for unreadable input, printed by the main CLI).
"""

from __future__ import annotations

import argparse
import json


def cmd_check(args: argparse.Namespace) -> int:
    """Run the checks; print the report; return the exit code."""
    from pyrules.cr import check_document, load_comprehensive_rules
    from pyrules.rulebase_check import check_citations

    doc = load_comprehensive_rules(args.cr)
    previous = load_comprehensive_rules(args.since) if args.since else None
    rows: list[dict[str, str]] = []
    for f in check_document(doc):
        rows.append({"check": "cr_document", "location": f"{args.cr}:{f.line}", "severity": f.severity,
                     "kind": f.kind, "message": f.message})
    for f in check_citations(doc, previous):
        rows.append({"check": "rule_base_citations", "location": f.location(), "severity": f.severity,
                     "kind": f.kind, "message": f.message})
    if args.format == "json":
        print(json.dumps(rows, indent=2, ensure_ascii=False))
    else:
        for r in rows:
            print(f"{r['location']}: {r['severity']}: {r['message']}")
        errors = sum(r["severity"] == "error" for r in rows)
        print(f"{len(rows)} finding(s), {errors} error(s)")
    return 1 if any(r["severity"] == "error" for r in rows) else 0


def register(subparsers) -> argparse.ArgumentParser:
    """Add ``check`` to the main CLI's subparsers."""
    p = subparsers.add_parser("check", help="consistency: the CR document, and the rule base against the CR")
    p.add_argument("--cr", required=True, metavar="FILE", help="the CR text file the rule base is checked against")
    p.add_argument("--since", metavar="OLD_CR",
                   help="the CR version the citations were written against: report citations to review")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(func=cmd_check)
    return p
