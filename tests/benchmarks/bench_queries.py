"""Benchmark (issue 7, speed): warm vs cold queries, batch throughput over the Oracle pool, memory.

Prints figures; it is not a timed test (the machine is shared and noisy: compare medians and
ratios, not single runs).

1. A 100-object state (100 permanents on the battlefield, 7 cards in hand; the state of
   ``bench_casting.py``): a warm query (``WarmSession.ask``: switch the state's facts on, solve,
   typed answers; then reading ``cast_options()`` and one mana value) over a universe of 4 variants of that state (whose turn, who has priority),
   asked in turn so that every query switches externals; median and p95. Also the solve alone
   (state -> shown atoms). Then a cold query (``KnowledgeBase.ask``: new Control, parse, ground,
   solve) median; the ratio cold / warm.
2. A knowledge base holding the whole Oracle pool (both compact files, 33,241 records) for lookup:
   load time and resident memory (VmRSS, /proc/self/status).
3. Batch: "could this card be cast at instant speed from hand in an empty main phase?" for every
   Oracle record: one state per record — the card in player a's hand; it is b's precombat main
   phase, the stack is empty, a holds priority (so only instant timing can apply, 117.1a). The
   answer is the rule base's castable/6 and cast_blocked/7 atoms for the card (casting.lp,
   timing.lp, keywords/flash.lp). ``KnowledgeBase.ask_many`` on 2 local processes, then the same
   batch on Dask (issue 21: a ``LocalCluster`` of 2 worker processes with 1 thread each, or the
   cluster at ``--scheduler``), in the same run: one ``throughput`` line each, in states/s, and a
   check that both give the same answers; then 1 process and cold on a sample for the ratio.

    python tests/benchmarks/bench_queries.py [--runs 200] [--cold-runs 15] [--limit N] [--only single|batch]
        [--shared ../shared] [--scheduler ADDRESS | --no-dask] [--chunk-size N]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # run from a checkout without installing
sys.path.insert(0, str(HERE))

from bench_casting import build  # noqa: E402  (the 100-object state)

from pyrules import GameState, KnowledgeBase  # noqa: E402
from pyrules.inputs.cards import cards_from_json  # noqa: E402
from pyrules.solving.one_shot import solve  # noqa: E402

ORACLE = ("scryfall-oracle-compact-A-K.json", "scryfall-oracle-compact-L-Z.json")


def rss_mib() -> float:
    """Resident memory of this process now (VmRSS), MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def children_cpu() -> float:
    """CPU seconds (user + system) of this process's ended child processes so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def variants(kb: KnowledgeBase, base: GameState) -> list[GameState]:
    """The 100-object state with 4 turn/priority settings (same objects and effects)."""
    out = []
    for active, phase, step, priority in (("b", "ending", "end", "a"), ("a", "precombat_main", None, "a"),
                                          ("b", "precombat_main", None, "a"), ("b", "ending", "end", "b")):
        s = GameState(list(base.players), dict(base.objects),
                      [f for f in base.extra if f.name not in ("active_player", "phase", "step", "has_priority")])
        s.set_turn(active, phase, step, priority)
        out.append(s)
    return out


def bench_single(shared: Path, runs: int, cold_runs: int) -> None:
    kb, base = build(shared)
    states = variants(kb, base)
    t0 = time.perf_counter()
    session = kb.warm(states)
    ground_ms = (time.perf_counter() - t0) * 1000
    i = iter(range(10**9))
    hand = sorted(o.id for o in base.objects.values() if o.zone == "hand")[0]

    def warm_query(state):  # the whole query a user makes: answers, then read them
        answers = session.ask(state)
        return answers.cast_options(), answers.mana_value(hand)

    for s in states:  # first sight of each variant's atoms fills the session's symbol memo
        warm_query(s)
    warm = timed(lambda: warm_query(states[next(i) % len(states)]), runs)
    j = iter(range(10**9))
    solve_only = timed(lambda: session.solve_symbols(states[next(j) % len(states)]), runs)
    k = iter(range(10**9))
    cold = timed(lambda: kb.ask(states[next(k) % len(states)]), cold_runs)
    same = all(frozenset(map(str, session.solve_symbols(s))) == frozenset(map(str, solve(kb.facts(s)).symbols))
               for s in states)
    n_castable = [sum(o.allowed for o in session.ask(s).cast_options()) for s in states]
    print(f"100-object state ({len(base.objects)} objects), universe of {len(states)} variants "
          f"({session.n_state_facts} state facts, {session.n_cards} cards); castable options per variant {n_castable}")
    print(f"  warm session built (parse + ground once): {ground_ms:.0f} ms")
    print(f"  warm query (state -> Answers -> cast_options() and a mana value): median {statistics.median(warm):.2f} ms, "
          f"p95 {pct(warm, 0.95):.2f} ms over {runs} runs")
    print(f"  warm solve only (state -> shown atoms): median {statistics.median(solve_only):.2f} ms, "
          f"p95 {pct(solve_only, 0.95):.2f} ms")
    print(f"  cold query (new Control per query): median {statistics.median(cold):.1f} ms, "
          f"p95 {pct(cold, 0.95):.1f} ms over {cold_runs} runs")
    print(f"  ratio cold / warm (medians): {statistics.median(cold) / statistics.median(warm):.1f}x"
          f" (goal: warm p50 <= 5 ms, cold <= 100 ms){'' if same else '  WARNING: answers differ'}")


def instant_speed_state(name: str) -> GameState:
    """Card ``name`` in a's hand; b's precombat main phase, empty stack, a holds priority."""
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("b", "precombat_main", None, "a")
    s.add_object("c", name, "hand", "a")
    return s


def instant_speed(answers) -> tuple:
    """Per face of card c: (face, castable?, blocking reasons) from castable/6 and cast_blocked/7."""
    return tuple((o.face, o.allowed, o.reasons) for o in answers.cast_options("c")
                 if o.source == "rules" and o.method == "normal")


def bench_dask(kb: KnowledgeBase, states: list[GameState], local: list, scheduler: str | None,
               chunk_size: int | None) -> None:
    """The batch again on Dask: a LocalCluster of 2 worker processes (1 thread each) unless
    ``scheduler`` names a cluster; the throughput line and whether the answers equal ``local``."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("throughput Dask: skipped (dask.distributed is not installed: pip install 'pyrules[dask]')")
        return
    import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # instant_speed travels by value
    t0 = time.perf_counter()
    if scheduler:
        cluster, client, where = None, Client(scheduler), f"cluster at {scheduler}"
    else:
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
        client, where = Client(cluster), "LocalCluster, 2 worker processes x 1 thread"
    up_s = time.perf_counter() - t0
    def worker_cpu() -> float:
        return sum(client.run(lambda: sum(resource.getrusage(resource.RUSAGE_SELF)[:2])).values())

    try:
        cpu0 = worker_cpu()
        t0 = time.perf_counter()
        results = kb.ask_many(states, instant_speed, chunk_size=chunk_size, scheduler=client)
        dask_s = time.perf_counter() - t0
        dask_cpu = worker_cpu() - cpu0
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    same = results == local
    print(f"throughput Dask ({where}): {len(states) / dask_s:.0f} states/s ({len(states)} states in {dask_s:.1f} s, "
          f"cluster start {up_s:.1f} s not counted; {len(states) / dask_cpu:.0f} states per worker CPU-second; "
          f"load average {os.getloadavg()[0]:.1f}); "
          f"same answers as local: {'yes' if same else 'NO'}")


def bench_batch(shared: Path, limit: int | None, scheduler: str | None = None, dask: bool = True,
                chunk_size: int | None = None) -> None:
    before = rss_mib()
    t0 = time.perf_counter()
    records = [r for f in ORACLE for r in json.loads((shared / "data" / "cards" / f).read_text(encoding="utf-8"))]
    kb = KnowledgeBase(cards_from_json(records))
    load_s = time.perf_counter() - t0
    print(f"Oracle pool: {len(records)} records, {len(kb.cards)} distinct names loaded in {load_s:.1f} s; "
          f"resident memory {rss_mib():.0f} MiB (before loading {before:.0f} MiB; goal <= 1024 MiB)")
    del records
    names = [c.name for c in kb.cards.values()]  # KnowledgeBase keys cards by name
    # one state per Oracle record: duplicate names (tokens named like cards) resolve to the same card
    counts = Counter()
    for f in ORACLE:
        for r in json.loads((shared / "data" / "cards" / f).read_text(encoding="utf-8")):
            counts[r["name"]] += 1
    per_record = [n for n in names for _ in range(counts[n])][:limit]
    states = [instant_speed_state(n) for n in per_record]

    t0, cpu0 = time.perf_counter(), children_cpu()
    results = kb.ask_many(states, instant_speed, workers=2, chunk_size=chunk_size)
    batch_s, batch_cpu = time.perf_counter() - t0, children_cpu() - cpu0
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    errors = [r for r in results if isinstance(r, Exception)]
    answered = [r for r in results if not isinstance(r, Exception)]
    castable = sum(1 for r in answered if any(ok for _, ok, _ in r))
    no_option = sum(1 for r in answered if not r)
    reasons = Counter(w for r in answered if r and not any(ok for _, ok, _ in r) for _, _, ws in r for w in ws)
    print(f"batch 'castable at instant speed from hand, empty main phase' over {len(states)} states, 2 processes: "
          f"{batch_s:.1f} s, {len(states) / batch_s:.0f} states/s "
          f"(includes reading each card's Oracle text with the grammar); worker peak RSS {children:.0f} MiB")
    print(f"  castable at instant speed: {castable}; blocked: {len(answered) - castable - no_option} "
          f"(reasons {dict(reasons)}); no cast option (lands, ...): {no_option}; errors: {len(errors)}"
          + (f" e.g. {errors[0]}" if errors else ""))
    print(f"throughput local (2 processes, concurrent.futures): {len(states) / batch_s:.0f} states/s "
          f"({len(states)} states in {batch_s:.1f} s; {len(states) / batch_cpu:.0f} states per worker CPU-second; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    if dask:
        bench_dask(kb, states, results, scheduler, chunk_size)
    sample = states[:: max(1, len(states) // 300)][:300]
    for s in sample:
        kb.facts(s)  # read the sample's Oracle texts first, so both timings below exclude it
    t0 = time.perf_counter()
    one = kb.ask_many(sample, instant_speed, workers=1)
    one_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    cold = [instant_speed(kb.ask(s)) for s in sample]
    cold_s = time.perf_counter() - t0
    assert one == cold, "warm batch answers differ from cold answers"
    from pyrules.solving.batches import DEFAULT_CHUNK
    from pyrules.solving.warm import WarmSession
    size = chunk_size or DEFAULT_CHUNK
    t0 = time.perf_counter()
    unfixed = []
    for i in range(0, len(sample), size):  # the same chunks without the common facts fixed (before issue 21)
        session = WarmSession(kb, sample[i:i + size], fix_common=False)
        unfixed += [instant_speed(session.ask(s)) for s in sample[i:i + size]]
    unfixed_s = time.perf_counter() - t0
    assert unfixed == cold
    print(f"  sample of {len(sample)} (Oracle text already read): 1 process warm {len(sample) / one_s:.0f} states/s, "
          f"cold {len(sample) / cold_s:.0f} states/s (ratio {cold_s / one_s:.1f}x); same answers: yes; "
          f"warm without the chunk's common facts fixed {len(sample) / unfixed_s:.0f} states/s")
    print(f"  parent resident memory after the batch {rss_mib():.0f} MiB")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=200)
    ap.add_argument("--cold-runs", type=int, default=15)
    ap.add_argument("--limit", type=int, default=None, help="batch: only the first N Oracle records")
    ap.add_argument("--only", choices=("single", "batch"), default=None, help="run one part only")
    ap.add_argument("--scheduler", default=None, help="batch: run the Dask part on the cluster at this address")
    ap.add_argument("--no-dask", action="store_true", help="batch: local processes only")
    ap.add_argument("--chunk-size", type=int, default=None, help="batch: states per warm session")
    ap.add_argument("--shared", type=Path,
                    default=Path(os.environ.get("PYRULES_SHARED", HERE.parents[2] / "shared")))
    args = ap.parse_args()
    if args.only != "batch":
        bench_single(args.shared, args.runs, args.cold_runs)
    if args.only != "single":
        bench_batch(args.shared, args.limit, args.scheduler, not args.no_dask, args.chunk_size)


if __name__ == "__main__":
    main()
