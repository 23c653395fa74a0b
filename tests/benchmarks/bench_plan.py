"""Benchmark (issue 22): finding a line of play (``KnowledgeBase.plan``), solve time against the
number of time steps and of cards.

Puzzles, each from alice's precombat main phase with priority, bob at ``--life`` (default 4), goal
``life(bob) <= 0``: the Raging Goblin + Lightning Bolt + Mountain lethal line (8 actions, 16 steps),
then the same with more cards in alice's hand that the search must consider and the line does not
need (Grizzly Bears, Hill Giant, a second Mountain, Divination; Shock, the fifth, makes a shorter line: Bolt and Shock). For each puzzle, each horizon tried
prints its grounding and solving seconds (one clingo Control grounded step by step,
pyrules.timeline.plan), then the total. Run on demand, not in CI:

    python tests/benchmarks/bench_plan.py [--shared ../shared] [--max-steps 16] [--extra 0 2 4]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from a checkout without installing

from pyrules import GameState, KnowledgeBase  # noqa: E402

#: Cards added to alice's hand, in order, for the larger puzzles (none is needed for the line).
EXTRA = ("Grizzly Bears", "Hill Giant", "Mountain", "Divination", "Shock", "Giant Growth")


def puzzle(extra: int, life: int) -> GameState:
    """The lethal puzzle with the first ``extra`` cards of :data:`EXTRA` in alice's hand too."""
    s = GameState()
    for p in ("alice", "bob"):
        s.add_player(p)
        s.set_life(p, 20)
    s.set_life("bob", life)
    s.set_turn("alice", "precombat_main", None, "alice")
    s.add_object("gg", "Raging Goblin", "hand", "alice")
    s.add_object("bolt", "Lightning Bolt", "hand", "alice")
    s.add_object("m1", "Mountain", "hand", "alice")
    for i, name in enumerate(EXTRA[:extra]):
        s.add_object(f"x{i}", name, "hand", "alice")
    return s


def main() -> None:
    """Print, per puzzle, the seconds of each horizon and the total."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", default=str(Path(__file__).resolve().parents[3] / "shared"))
    ap.add_argument("--max-steps", type=int, default=16)
    ap.add_argument("--life", type=int, default=4)
    ap.add_argument("--extra", type=int, nargs="+", default=[0, 2, 4])
    ap.add_argument("--time-limit", type=float, default=600)
    args = ap.parse_args()
    cards = [str(Path(args.shared) / "data" / "cards" / f"scryfall-oracle-compact-{p}.json") for p in ("A-K", "L-Z")]
    names = {"Raging Goblin", "Lightning Bolt", "Mountain", *EXTRA}
    kb = KnowledgeBase.from_files(cards, names=names)
    t0 = time.perf_counter()
    from pyrules.timeline.plan import plan_program
    program = plan_program()
    print(f"search program built once per process: {time.perf_counter() - t0:.1f} s "
          f"({program.kept} of {program.total} lifted rules kept by the transition slice)")
    for extra in args.extra:
        state = puzzle(extra, args.life)
        cards_in = 3 + extra
        print(f"\n{cards_in} cards in alice's hand (max {args.max_steps} steps):")
        print("  steps  ground s  solve s")

        def row(h, g, s):
            if s is not None:
                print(f"  {h:5d}  {g:8.2f}  {s:7.2f}", flush=True)

        from pyrules.timeline.plan import find_line
        from pyrules.timeline.plan_goal import parse_goal
        goal = parse_goal("life(bob) <= 0", set(state.players), set(state.objects))
        plan = find_line(kb, state, goal, args.max_steps, args.time_limit, on_step=row)
        found = f"line of {len(plan.actions())} actions, {plan.horizon} steps" if plan.found else plan.reason
        print(f"  total {plan.seconds:.1f} s: {found}")


if __name__ == "__main__":
    main()
