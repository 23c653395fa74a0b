"""``pyrules check``: consistency of the CR document, of the rule base against the CR it cites,
of the rule base against itself (``--rule-base``) and of cards against the rules (``--cards``).

Output: one finding per line, ``LOCATION: SEVERITY: MESSAGE`` (``--format json``: a list of
objects with ``check``, ``location``, ``severity``, ``kind``, ``message`` and per check more
fields); exit code 1 if any finding is an error, 0 otherwise (2 for unreadable input, printed by
the main CLI). Severities: ``error`` (a citation of a missing rule, a rule-base contradiction),
``warning`` (CR document findings, citations to review, cards that need a rule extension),
``note`` (card text the rule base cannot interpret, playtest cards, rules of the rule base that fire
in no generated state and heads never derived there (``--rule-base``), summaries).
"""

from __future__ import annotations

import argparse
import json
from importlib import resources


def _card_rows(args, doc) -> list[dict]:
    from pyrules.checks.card_checks import check_cards

    report = check_cards(args.cards, doc, workers=args.workers, progress=args.progress,
                         scheduler=getattr(args, "scheduler", None))
    rows: list[dict] = []
    if not args.summary:
        for f in report.findings:
            rows.append({"check": "cards", "location": f.location(), "severity": f.severity, "kind": f.kind,
                         "message": f.message + (f" (CR {', '.join(f.rules)})" if f.rules else ""),
                         "card": f.card, "class": f.klass, "detail": f.detail, "rules": list(f.rules)})
    s = report.summary()
    kinds = ", ".join(f"{k} {v['cards']}" for k, v in s["kinds"].items())
    rows.append({"check": "cards_summary", "location": ",".join(str(c) for c in args.cards), "severity": "note",
                 "kind": "summary",
                 "message": f"{s['cards']} cards ({s['card_names']} names); "
                            f"{s['cards_with_oracle_residue']} names with unparsed Oracle text; "
                            f"cards per finding kind: {kinds}; {len(s['needs_rule_extension'])} need a rule "
                            f"extension; {s['errors']} unreadable",
                 "summary": s})
    return rows


def _domain_cards(args):
    from pyrules.inputs.cards import load_cards

    files = args.domain_cards or [str(resources.files("pyrules.examples") / "there_theyre_their.json")]
    names = set(args.domain_names) if args.domain_names else None
    return tuple(c for f in files for c in load_cards(f, names=names))


def _rule_base_rows(args) -> list[dict]:
    from pyrules.checks.contradictions import Domain, search_contradictions

    domain = Domain(cards=_domain_cards(args), objects=tuple(f"o{i}" for i in range(1, args.objects + 1)))
    report = search_contradictions(domain, time_limit=args.time_limit)
    rows: list[dict] = []
    for c in report.contradictions:
        rows.append({"check": "rule_base", "location": c.location, "severity": "error", "kind": c.kind,
                     "message": c.message(), "atoms": list(c.atoms), "atom_cr": [list(x) for x in c.atom_cr],
                     "state": list(c.state), "core_facts": list(c.core.facts) if c.core else [],
                     "rules": [{"location": r.location(), "head": r.head, "cr": list(r.cr), "text": r.text}
                               for r in (c.core.rules if c.core else ())],
                     "core_cr": list(c.core.cr) if c.core else []})
    severity = "warning" if report.status == "unknown" else "note"
    rows.append({"check": "rule_base_summary", "location": "rules_asp", "severity": severity, "kind": report.status,
                 "message": f"self-consistency over the generated states: {report.status} "
                            f"({len(report.contradictions)} contradiction(s); {len(domain.cards)} cards, "
                            f"{len(domain.players)} players, {len(domain.objects)} objects; verdicts derivable: "
                            f"{', '.join(report.derivable)}; {report.seconds:.1f} s)",
                 "domain": report.domain, "derivable": list(report.derivable)})
    rows += _dead_rule_rows(domain, args.time_limit)
    return rows


def _dead_rule_rows(domain, time_limit: float) -> list[dict]:
    """Rules that fire in no generated state, and heads never derived there (issue 23,
    :mod:`pyrules.checks.dead_rules`): one note each with file:line and CR numbers, and a summary."""
    from pyrules.checks.dead_rules import dead_rules

    report = dead_rules(domain, time_limit=time_limit)
    seen = "were not seen to fire (time limit reached)" if report.status == "unknown" else "fire in no state"
    rows: list[dict] = []
    for site in report.dead:
        cr = f" (CR {', '.join(site.cr)})" if site.cr else ""
        rows.append({"check": "rule_base_dead_rule", "location": site.location(), "severity": "note",
                     "kind": report.status, "message": f"rule for {', '.join(site.heads)} {seen} of the "
                                                       f"generated states{cr}", "cr": list(site.cr),
                     "heads": list(site.heads), "text": site.text})
    for head, sites in report.never_derived:
        crs = sorted({n for s in sites for n in s.cr})
        cr = f" (CR {', '.join(crs)})" if crs else ""
        rows.append({"check": "rule_base_never_derived", "location": sites[0].location(), "severity": "note",
                     "kind": report.status, "message": f"{head} is derived in no generated state: its "
                                                       f"{len(sites)} rule(s) never fire{cr}",
                     "head": head, "rules": [s.location() for s in sites], "cr": crs})
    severity = "warning" if report.status == "unknown" else "note"
    rows.append({"check": "rule_base_dead_summary", "location": "rules_asp", "severity": severity,
                 "kind": report.status,
                 "message": f"dead rules over the generated states: {len(report.dead)} of {report.checked} rules "
                            f"{seen}, {len(report.never_derived)} head predicate(s) never derived "
                            f"({len(domain.cards)} cards in the domain: a rule reading what no domain card has "
                            f"is dead here; {report.seconds:.1f} s)",
                 "dead": len(report.dead), "checked": report.checked, "never_derived": len(report.never_derived)})
    return rows


def cmd_check(args: argparse.Namespace) -> int:
    """Run the checks; print the report; return the exit code."""
    if getattr(args, "scheduler", None):  # connect first: no Dask, or no scheduler there, is one error at once
        from pyrules.solving.executors import dask_client
        args.scheduler = dask_client(args.scheduler)
        try:
            return _check(args)
        finally:
            args.scheduler.close()
    return _check(args)


def _check(args: argparse.Namespace) -> int:
    """:func:`cmd_check` once the Dask client (if any) is connected."""
    from pyrules.checks.cr_document import check_document
    from pyrules.inputs.comprehensive_rules import load_comprehensive_rules
    from pyrules.checks.citations import check_citations

    doc = load_comprehensive_rules(args.cr)
    previous = load_comprehensive_rules(args.since) if args.since else None
    rows: list[dict] = []
    for f in check_document(doc):
        rows.append({"check": "cr_document", "location": f"{args.cr}:{f.line}", "severity": f.severity,
                     "kind": f.kind, "message": f.message})
    for f in check_citations(doc, previous):
        rows.append({"check": "rule_base_citations", "location": f.location(), "severity": f.severity,
                     "kind": f.kind, "message": f.message})
    if getattr(args, "rule_base", False):
        rows += _rule_base_rows(args)
    if getattr(args, "cards", None):
        rows += _card_rows(args, doc)
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
    p = subparsers.add_parser("check", help="consistency: the CR document, the rule base against the CR and "
                                            "itself, cards against the rules")
    p.add_argument("--cr", required=True, metavar="FILE", help="the CR text file the rule base is checked against")
    p.add_argument("--since", metavar="OLD_CR",
                   help="the CR version the citations were written against: report citations to review")
    p.add_argument("--cards", nargs="+", metavar="JSON", help="card files: report cards against the rules (101.1)")
    p.add_argument("--summary", action="store_true", help="with --cards: print only the pool summary")
    p.add_argument("--workers", type=int, default=2, help="with --cards: processes (default 2)")
    p.add_argument("--progress", action="store_true", default=None,
                   help="with --cards: a progress bar on stderr even when it is not a terminal (default: "
                        "on a terminal, for long batches)")
    p.add_argument("--no-progress", dest="progress", action="store_false", help="with --cards: no progress bar")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="with --cards: run the batches on the Dask cluster at ADDRESS (tcp://host:8786; "
                        "needs pip install 'pyrules[dask]') instead of local processes")
    p.add_argument("--rule-base", action="store_true",
                   help="search generated small states for contradictions of the rule base, and list its "
                        "rules that fire in none of them and heads never derived")
    p.add_argument("--domain-cards", nargs="+", metavar="JSON",
                   help="with --rule-base: card files objects are drawn from (default: the shipped example)")
    p.add_argument("--domain-names", nargs="+", metavar="NAME", help="with --rule-base: only these cards")
    p.add_argument("--objects", type=int, default=2, help="with --rule-base: objects per state (default 2)")
    p.add_argument("--time-limit", type=float, default=60.0, metavar="S",
                   help="with --rule-base: seconds per search (default 60)")
    p.add_argument("--format", choices=("text", "json"), default="text")
    p.set_defaults(func=cmd_check)
    return p
