"""Benchmark: combat damage between 20 attackers and 20 blockers with mixed keywords (printed infect,
wither, deathtouch, lifelink, first strike; keyword counters; granted keywords), followed by the
state-based actions check — median seconds per query (ground + solve + typed reading).

Run: ``python tests/benchmarks/bench_outcomes.py [--runs N]`` from the repository root
(reads ../shared/data, or PYRULES_SHARED).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from pyrules import GameState, KnowledgeBase  # noqa: E402
from pyrules.inputs.comprehensive_rules import load_comprehensive_rules  # noqa: E402

SHARED = Path(os.environ.get("PYRULES_SHARED", REPO.parent / "shared"))
ATTACKERS = ["Plague Stinger", "Kulrath Knight", "Boggart Ram-Gang", "Vampire Nighthawk", "Typhoid Rats",
             "Glistener Elf", "Grizzly Bears", "Hill Giant", "Raging Goblin", "Blight Mamba"]
BLOCKERS = ["Craw Wurm", "Colossapede", "Hill Giant", "Grizzly Bears", "Serra Angel",
            "Contagious Nim", "Lotleth Troll", "Fyndhorn Elves", "Augury Owl", "Typhoid Rats"]


def build_state(kb: KnowledgeBase, counters: list[str]) -> GameState:
    s = GameState()
    for p in ("a", "b"):
        s.add_player(p)
        s.set_life(p, 20)
    s.set_turn("a", "combat")
    s.keyword_counter_catalog(counters)
    for i in range(20):
        att, blk = f"a{i}", f"b{i}"
        s.add_object(att, ATTACKERS[i % len(ATTACKERS)], "battlefield", "a", controller="a")
        s.add_object(blk, BLOCKERS[i % len(BLOCKERS)], "battlefield", "b", controller="b")
        s.controlled_since_turn_began(att)
        if i % 4 == 0:
            s.add_keyword_counters(att, "lifelink")
        if i % 5 == 0:
            s.grant_keyword(f"g{i}", blk, "deathtouch")
        if i % 6 == 0:
            s.add_counters(blk, "+1/+1", 1)
        if i % 7 == 0:
            s.regeneration_shield(blk)
        p_att = int(kb.card(s.objects[att].card).faces[0].power)
        p_blk = int(kb.card(s.objects[blk].card).faces[0].power)
        s.deal_damage("combat", att, blk, p_att, combat=True)
        s.deal_damage("combat", blk, att, p_blk, combat=True)
    s.deal_damage("combat", "a0", "b", 1, combat=True)  # one unblocked infect hit
    return s


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=21)
    args = ap.parse_args()
    cards = SHARED / "data" / "cards"
    kb = KnowledgeBase.from_files([cards / "scryfall-oracle-compact-A-K.json",
                                   cards / "scryfall-oracle-compact-L-Z.json"])
    counters = load_comprehensive_rules(SHARED / "data" / "cr" / "MagicCompRules-20260417.txt").catalogs.keyword_counters
    state = build_state(kb, counters)
    times = []
    for _ in range(args.runs):
        t = time.perf_counter()
        out = kb.ask(state).outcomes()
        sbas = out.state_based_actions()
        results = out.damage_results()
        times.append(time.perf_counter() - t)
    print(f"{len(results)} damage results, {len(sbas)} state-based actions")
    print(f"median {statistics.median(times) * 1000:.1f} ms per query over {args.runs} runs "
          f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f})")


if __name__ == "__main__":
    main()
