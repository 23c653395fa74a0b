"""Benchmark (issue 5): a casting-legality query on a state with 100 objects on the battlefield and
7 cards in hand, real cards from ``shared/data``.

Cold: a new solver each run (``KnowledgeBase.ask``: rule files parsed, grounded, solved).
Prints the median of ``--runs`` runs (>= 5) in milliseconds. ``--lands``: the battlefield cycles
through three mana sources too (Mountain, Island, Llanowar Elves: 305.6 and 605.1a abilities in
play, issue 18); ``--payments``: the state asks for the payment verdicts too
(``GameState.ask_payments``; rules_asp/casting/mana_payment.lp), which are computed only when asked.

    python tests/benchmarks/bench_casting.py [--runs 7] [--shared ../shared] [--lands] [--payments] [--compare]

``--compare``: the state with its mana sources (``--lands``), asked with and without the payment
verdicts, the runs interleaved in one process; both medians and their ratio (issue 18's goal: the
payment search keeps the cold query within 20% of the query without it), in wall-clock time and in
the process's CPU time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from a checkout without installing

from pyrules import GameState, KnowledgeBase
from pyrules.inputs.cards import cards_from_json

BATTLEFIELD = ["Grizzly Bears", "Memnite", "Vedalken Orrery", "Trinisphere", "Kitchen Finks"]
HAND = ["Lightning Bolt", "Divination", "Fire // Ice", "Silver Scrutiny", "Dismember", "Rout", "Fireball"]
MANA_SOURCES = ["Mountain", "Island", "Llanowar Elves"]


def build(shared: Path, lands: bool = False, payments: bool = False) -> tuple[KnowledgeBase, GameState]:
    battlefield = BATTLEFIELD + MANA_SOURCES if lands else BATTLEFIELD
    records: dict[str, dict] = {}
    for f in ("scryfall-oracle-compact-A-K.json", "scryfall-oracle-compact-L-Z.json"):
        for rec in json.loads((shared / "data" / "cards" / f).read_text(encoding="utf-8")):
            if rec["name"] in battlefield + HAND and rec.get("layout") != "token":
                records[rec["name"]] = rec
    kb = KnowledgeBase(cards_from_json(list(records.values())))
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("b", "ending", "end", "a")
    for i in range(100):
        s.add_object(f"bf{i}", battlefield[i % len(battlefield)], "battlefield", "a" if i % 2 else "b",
                     controller="a" if i % 2 else "b")
        if lands and i % 3:
            s.controlled_since_turn_began(f"bf{i}")
    for i, name in enumerate(HAND):
        s.add_object(f"h{i}", name, "hand", "a")
    s.allow_as_though_flash("orrery", "a", source="bf2")
    s.cost_floor("trinisphere", 3)
    if payments:
        s.ask_payments()
    return kb, s


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--shared", type=Path,
                    default=Path(os.environ.get("PYRULES_SHARED", Path(__file__).resolve().parents[3] / "shared")))
    ap.add_argument("--lands", action="store_true", help="mana sources on the battlefield too (issue 18)")
    ap.add_argument("--payments", action="store_true", help="ask for the payment verdicts (issue 18)")
    ap.add_argument("--compare", action="store_true",
                    help="with mana sources: payments asked vs not, interleaved, both medians (issue 18)")
    args = ap.parse_args()
    if args.compare:
        compare(args.shared, max(5, args.runs))
        return
    kb, state = build(args.shared, args.lands, args.payments)
    times, n_options = [], 0
    for _ in range(max(5, args.runs)):
        t0 = time.perf_counter()
        answers = kb.ask(state)
        options = answers.cast_options()
        times.append((time.perf_counter() - t0) * 1000)
        n_options = len(options)
    print(f"cold (new solver per query): median {statistics.median(times):.1f} ms over {len(times)} runs "
          f"(min {min(times):.1f}, max {max(times):.1f}); {len(state.objects)} objects, {n_options} cast options, "
          f"{sum(o.allowed for o in options)} castable")


def compare(shared: Path, runs: int) -> None:
    """The cold query on the 100-object state with mana sources, without and with ``ask_payments``,
    alternating (one warm-up query each first); prints both medians and the ratio."""
    kb, plain = build(shared, lands=True)
    _, asked = build(shared, lands=True, payments=True)
    times: dict[str, list[float]] = {"not asked": [], "asked": []}
    cpu: dict[str, list[float]] = {"not asked": [], "asked": []}
    for state in (plain, asked):
        kb.ask(state).cast_options()
    for _ in range(runs):
        for label, state in (("not asked", plain), ("asked", asked)):
            t0, c0 = time.perf_counter(), time.process_time()
            answers = kb.ask(state)
            answers.cast_options()
            if state is asked:
                answers.payments()
            times[label].append((time.perf_counter() - t0) * 1000)
            cpu[label].append((time.process_time() - c0) * 1000)
    med = {k: statistics.median(v) for k, v in times.items()}
    cmed = {k: statistics.median(v) for k, v in cpu.items()}
    n_pay = len(kb.ask(asked).payments())
    print(f"cold, 100-object state with mana sources, {runs} runs each, interleaved: payments not asked median "
          f"{med['not asked']:.1f} ms, asked median {med['asked']:.1f} ms ({n_pay} payment verdicts); "
          f"ratio {med['asked'] / med['not asked']:.2f} (goal <= 1.20); this process's CPU time: medians "
          f"{cmed['not asked']:.1f} and {cmed['asked']:.1f} ms, ratio {cmed['asked'] / cmed['not asked']:.2f} "
          f"(less disturbed by other processes on a loaded machine)")


if __name__ == "__main__":
    main()
