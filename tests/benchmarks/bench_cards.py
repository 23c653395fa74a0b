"""Benchmark: the whole Oracle pool → facts (issue 4). A script, not a timed test.

    python tests/benchmarks/bench_cards.py [--runs 3] [--workers 2]

Prints, for the 33,241 Oracle cards (``shared/data/cards/scryfall-oracle-compact-*.json``):
the median wall time of reading every card (frames + Oracle text) and building its facts with
``--workers`` fresh processes per run (cold per-process caches); the median wall time of a bare Lark LALR tokenizing pass of the Oracle
grammar over the same texts with the same number of processes, and the ratio; peak memory (max RSS
of this process and of the workers); the wall time of a cached re-run of ``cards coverage`` and of
``cards parse`` on the unchanged pool (cache in a temporary folder, filled by a first run).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

SHARED = Path(os.environ.get("PYRULES_SHARED", Path(__file__).resolve().parents[3] / "shared"))
FILES = [SHARED / "data" / "cards" / n for n in ("scryfall-oracle-compact-A-K.json",
                                                 "scryfall-oracle-compact-L-Z.json")]


def _facts_chunk(records: list) -> int:
    from pyrules.facts.card_facts import card_facts
    from pyrules.inputs.cards import cards_from_json

    return sum(len(card_facts(c)) for rec in records for c in cards_from_json(rec, "bench"))


def _warm_up(_: int) -> None:
    """Build this worker's parsers (Oracle text, mana cost, type line) without filling any cache."""
    from pyrules.parser.grammar import lalr_parser
    from pyrules.parser.oracle_text import _parser

    _parser()
    lalr_parser("mana_cost")
    lalr_parser("type_line")
    lalr_parser("type_line", "nonstandard")
    time.sleep(0.2)  # let every worker take one


def _texts(records: list) -> list[str]:
    out = []
    for r in records:
        for f in r.get("card_faces") or [r]:
            out += [line for line in (f.get("oracle_text") or "").split("\n") if line]
    return out


def _lex_chunk(texts: list[str]) -> int:
    from pyrules.parser.oracle_text import tokenize_only

    n = 0
    for t in texts:
        try:
            n += tokenize_only(t)
        except Exception:  # noqa: BLE001 - the bare pass counts what it can lex
            pass
    return n


def _facts_texts(records: list) -> list[str]:
    from pyrules.facts.card_facts import card_facts
    from pyrules.inputs.cards import cards_from_json

    return ["".join(f"{s}.\n" for c in cards_from_json(rec, "bench") for s in card_facts(c)) for rec in records]


def _cached_reruns(workers: int) -> tuple[float, float, int]:
    """Fill a cache in a temporary folder, then time a re-run of coverage and of parse (lp) from it."""
    import tempfile

    from pyrules.inputs.card_cache import CardCache, record_key
    from pyrules.checks.coverage import pool_coverage, read_records

    with tempfile.TemporaryDirectory() as tmp:
        pool_coverage(FILES, workers=workers, progress=False, cache=CardCache(tmp))
        t = time.perf_counter()
        pool_coverage(FILES, workers=workers, progress=False, cache=CardCache(tmp))
        cov_time = time.perf_counter() - t
        cache = CardCache(tmp)
        records = [r for f in FILES for r in read_records(f)[0]]
        chunks = [records[i:i + 400] for i in range(0, len(records), 400)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for recs, texts in zip(chunks, pool.map(_facts_texts, chunks)):
                for r, text in zip(recs, texts):
                    cache.put("lp", record_key(r), text)
        cache.save()
        t = time.perf_counter()
        cache = CardCache(tmp)
        out = 0
        for f in FILES:
            for rec in read_records(f)[0]:
                out += len(cache.get("lp", record_key(rec)))
        parse_time = time.perf_counter() - t
        size = sum(cache.path(kind).stat().st_size for kind in ("coverage", "lp"))
    return cov_time, parse_time, size


def _run(pool, fn, chunks) -> tuple[float, int]:
    t = time.perf_counter()
    total = sum(pool.map(fn, chunks))
    return time.perf_counter() - t, total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--chunk", type=int, default=400)
    args = ap.parse_args()
    records = [r for f in FILES for r in json.loads(f.read_text(encoding="utf-8"))]
    chunks = [records[i:i + args.chunk] for i in range(0, len(records), args.chunk)]
    text_chunks = [_texts(c) for c in chunks]
    facts_times, lex_times = [], []
    for _ in range(args.runs):
        # Fresh workers per run: the per-process caches of the grammars (one result per distinct
        # ability line, mana cost, type line) start empty, so every run is a cold run.
        with ProcessPoolExecutor(max_workers=args.workers) as pool:
            list(pool.map(_warm_up, range(4 * args.workers)))  # build the parsers (not timed)
            t, nfacts = _run(pool, _facts_chunk, chunks)
            facts_times.append(t)
            t, ntokens = _run(pool, _lex_chunk, text_chunks)
            lex_times.append(t)
    med_f, med_l = statistics.median(facts_times), statistics.median(lex_times)
    cov_cached, parse_cached, cache_size = _cached_reruns(args.workers)
    rss_self = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    rss_children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"cards: {len(records)}  facts: {nfacts}  tokens: {ntokens}  workers: {args.workers}")
    print(f"facts pass:  median {med_f:.2f} s of {[round(t, 2) for t in facts_times]}")
    print(f"bare lexing: median {med_l:.2f} s of {[round(t, 2) for t in lex_times]}")
    print(f"ratio facts/bare lexing: {med_f / med_l:.2f}")
    print(f"peak RSS: main {rss_self:.0f} MiB, largest worker {rss_children:.0f} MiB")
    print(f"cached re-run: coverage {cov_cached:.2f} s, parse (lp facts text) {parse_cached:.2f} s; "
          f"cache files {cache_size / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
