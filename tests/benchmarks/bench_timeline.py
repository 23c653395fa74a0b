"""Benchmark (issue 15): a sequence of 10 events on the 100-object state of ``bench_casting.py``,
beside the single-moment cold query on the same state, measured in the same run.

Single: ``KnowledgeBase.ask`` on the state before the events (the cold figure of
``bench_casting.py``: a new solver per query, the rule files parsed once per process). Sequence,
cold: ``KnowledgeBase.run`` each time (new solvers for every step, each step grounded and solved;
what depends only on the rule base is built once per process, like the parsed rule files of the
single query: the lifted rule base, the transition program and each event kind's specialized step,
pyrules.timeline.slicing; each step is also narrowed to the rules its facts can fire,
slicing.narrowed_step, and sliced to the roots again by the shape of the atoms read,
pyrules.timeline.pattern_cone; the state is checked as a moment from the rules a refusal depends on,
pyrules.timeline.moment_check; the first run, which builds them, is reported apart). Warm: the same
sequence in a ``kb.sequences(state)`` session (pyrules.timeline.session: the state judged as a
moment and the static part grounded once, when the session begins; each run grounds only the
steps). All are measured alternately in one run, so they see the same machine load. ``--whole``:
also the sequence with the whole lifted program grounded at every step (no slice), for comparison.

Prints the median of ``--runs`` runs (default 5; ``--runs 1`` for a quick look) in milliseconds, the
ratio sequence / single, and each step of the sequence (``--steps``).

    python tests/benchmarks/bench_timeline.py [--runs 5] [--shared ../shared] [--steps]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from a checkout without installing
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_casting import build  # noqa: E402 (the 100-object state)

from pyrules import GameState  # noqa: E402


#: The 10 events, legal in ``build()``'s state (Bob's end step, Alice holding priority, Vedalken
#: Orrery letting her cast as though her spells had flash, Trinisphere on the battlefield).
EVENTS = (
    ("cast", ("a", "h0"), {"targets": ["bf0"]}),  # Lightning Bolt at Bob's Grizzly Bears (601.2; Orrery)
    ("resolve", (), {}),                          # 3 damage; the Bears die (608.2, 704.5g)
    ("next_turn", ("a",), {}),                    # the cleanup (514.2), then Alice's turn (502.3)
    ("go_to", ("draw",), {}),                     # her draw (504.1; no step with something to do is passed, 500.1)
    ("go_to", ("declare_attackers",), {}),
    ("declare_attackers", ({"bf1": "b", "bf5": "b", "bf9": "b"},), {}),  # Memnite, Bears, Finks attack Bob (508.1)
    ("go_to", ("declare_blockers",), {}),
    ("declare_blockers", ({"bf4": "bf5", "bf6": "bf1"},), {}),  # Bob's Finks block the Bears, his Memnite hers (509.1)
    ("go_to", ("combat_damage",), {}),
    ("combat_damage", (), {}),                    # 510.1-510.2; then 704.5g
)


def add_events(state: GameState, count: int = len(EVENTS)) -> None:
    """Add the first ``count`` of :data:`EVENTS` to ``state`` (``GameState.then_<kind>``; the
    players' life totals must be known, :func:`main` sets them to 20)."""
    for kind, args, kwargs in EVENTS[:count]:
        getattr(state, f"then_{kind}")(*args, **kwargs)


def _median(times: list[float]) -> str:
    return f"median {statistics.median(times):.1f} ms (min {min(times):.1f}, max {max(times):.1f})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--shared", type=Path,
                    default=Path(os.environ.get("PYRULES_SHARED", Path(__file__).resolve().parents[3] / "shared")))
    ap.add_argument("--steps", action="store_true", help="print the sequence's steps")
    ap.add_argument("--events", type=int, default=len(EVENTS), help="only the first N events (default all 10)")
    ap.add_argument("--time-limit", type=float, default=120.0, help="seconds per sequence (default 120)")
    ap.add_argument("--whole", action="store_true", help="also time the whole program at every step (slow)")
    args = ap.parse_args()
    runs = max(1, args.runs)
    kb, state = build(args.shared)
    for player in ("a", "b"):  # combat damage to a player changes a known life total (119.3)
        state.set_life(player, 20)
    kb.time_limit = args.time_limit
    add_events(state, args.events)
    single, cold, warm, whole = [], [], [], []
    t0 = time.perf_counter()
    timeline = kb.run(state)  # the first run builds the lifted rule base (once per process)
    first = (time.perf_counter() - t0) * 1000
    t0 = time.perf_counter()
    session = kb.sequences(state)
    begun = (time.perf_counter() - t0) * 1000
    for _ in range(runs):  # alternated, so that both see the same machine load
        t0 = time.perf_counter()
        kb.ask(state).cast_options()
        single.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        timeline = kb.run(state)
        cold.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        session.run(state)
        warm.append((time.perf_counter() - t0) * 1000)
        if args.whole:
            import pyrules.timeline.run as run
            original = run.solve_timeline
            run.solve_timeline = lambda *a, **k: original(*a, **k, whole=True)
            try:
                t0 = time.perf_counter()
                kb.run(state)
                whole.append((time.perf_counter() - t0) * 1000)
            finally:
                run.solve_timeline = original
    events = sum(1 for s in timeline.steps if s.user_event is not None)
    refused = [s for s in timeline.steps if s.refused is not None]
    print(f"single moment, cold (kb.ask): {_median(single)} over {runs} runs; {len(state.objects)} objects")
    print(f"sequence of {events} events ({len(timeline.steps)} steps with the checks), cold (kb.run): "
          f"{_median(cold)}; ratio sequence/single {statistics.median(cold) / statistics.median(single):.1f}x; "
          f"first run (lifted rule base built) {first:.1f} ms")
    if whole:
        print(f"sequence, whole program at every step (no slice): {_median(whole)}; "
              f"ratio whole/sliced {statistics.median(whole) / statistics.median(cold):.1f}x")
    print(f"sequence, warm (kb.sequences(state).run): {_median(warm)}; ratio warm/single "
          f"{statistics.median(warm) / statistics.median(single):.1f}x; the session began in {begun:.1f} ms")
    print(f"finished: {timeline.finished}; refused: {', '.join(str(s.refused) for s in refused) or 'none'}")
    if args.steps:
        print(timeline.explain())


if __name__ == "__main__":
    main()
