"""Benchmark (issue 8): the full ``pyrules check`` run on the real data — CR document checks and
citations against the newest CR, the rule base's self-consistency search over the generated states
(8 real cards, 2 players, 2 objects), and cards against the rules over the 33,241 Oracle cards.

Prints each part's median of ``--runs`` runs (default 3) in seconds, and the total.

    python tests/benchmarks/bench_check.py [--runs 3] [--workers 2] [--shared ../shared]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from a checkout without installing

from pyrules.checks.card_checks import check_cards
from pyrules.checks.citations import check_citations
from pyrules.checks.contradictions import Domain, search_contradictions
from pyrules.checks.cr_document import check_document
from pyrules.inputs.cards import load_cards
from pyrules.inputs.comprehensive_rules import load_comprehensive_rules

DOMAIN_NAMES = {"Lightning Bolt", "Grizzly Bears", "Forest", "Think Twice", "Ambush Viper", "Divination"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--shared", type=Path,
                    default=Path(os.environ.get("PYRULES_SHARED", Path(__file__).resolve().parents[3] / "shared")))
    args = ap.parse_args()
    data = args.shared / "data"
    oracle = [data / "cards" / "scryfall-oracle-compact-A-K.json", data / "cards" / "scryfall-oracle-compact-L-Z.json"]
    cards = load_cards(data / "cards" / "scryfall-sets" / "all_cards_mb2.json",
                       names={"There // They're // Their", "Naturalize 2"})
    for f in oracle:
        cards += load_cards(f, names=DOMAIN_NAMES)
    domain = Domain(cards=tuple(cards))
    parts: dict[str, list[float]] = {"cr+citations": [], "rule_base": [], "cards": [], "total": []}
    info = ""
    for _ in range(args.runs):
        t0 = time.perf_counter()
        doc = load_comprehensive_rules(data / "cr" / "MagicCompRules-20260417.txt")
        n_doc = len(check_document(doc)) + len(check_citations(doc))
        t1 = time.perf_counter()
        rb = search_contradictions(domain, time_limit=300)
        t2 = time.perf_counter()
        report = check_cards(oracle, doc, workers=args.workers)
        t3 = time.perf_counter()
        for k, v in zip(parts, (t1 - t0, t2 - t1, t3 - t2, t3 - t0)):
            parts[k].append(v)
        info = (f"{n_doc} CR/citation findings; rule base {rb.status} ({len(rb.contradictions)} contradictions); "
                f"{report.cards} cards, {len(report.findings)} card findings, "
                f"{report.cards_with_oracle_residue} with unparsed Oracle text")
    for k, v in parts.items():
        print(f"{k:<14} median {statistics.median(v):7.2f} s over {len(v)} runs (min {min(v):.2f}, max {max(v):.2f})")
    print(info)


if __name__ == "__main__":
    main()
