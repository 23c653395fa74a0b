"""The shipped example (``pyrules demo``): the three-part split card There // They're // Their.

It answers, from the card's own definition (``examples/there_theyre_their.json``) and the rule
base, the four questions of the foundation issue: mana value off the stack (709.4, 202.3), which
faces a "mana value 2 or less" permission may cast (709.3a-b), whether a "mana value 4 or less"
search finds it, and how many cards it counts as (709.2).
"""

from __future__ import annotations

import argparse
from importlib import resources

from pyrules.answers.answer_set import Answers
from pyrules.api import KnowledgeBase
from pyrules.facts.state import GameState


def _cmd_demo(args: argparse.Namespace) -> int:
    print(run_demo()[1])
    return 0


SPLIT_CARD = "There // They're // Their"


def example_path(name: str):
    """Path-like handle of a shipped example file (``pyrules/examples/<name>``)."""
    return resources.files("pyrules.examples") / name


def split_card_state() -> GameState:
    """Alice with the split card in graveyard (g1), library (l1) and hand (h1), and four effects:
    a cast permission ``sword`` (Sword of Once and Future: an instant or sorcery, mana value ≤ 2,
    from the graveyard, while the trigger resolves, without paying its mana cost), a search
    ``tutor`` (mana value ≤ 4), a count ``spells`` (instant and sorcery cards in graveyard), a
    discard ``discard`` of h1."""
    s = GameState()
    s.add_player("alice")
    s.add_object("g1", SPLIT_CARD, "graveyard", "alice")
    s.add_object("l1", SPLIT_CARD, "library", "alice")
    s.add_object("h1", SPLIT_CARD, "hand", "alice")
    # The Sword's trigger: cast it while the trigger resolves (608.2g), without paying its mana cost.
    s.permit_cast("sword", "alice", "graveyard", card_types=("instant", "sorcery"), mana_value_at_most=2,
                  during_resolution=True, without_paying_mana_cost=True)
    s.search("tutor", "alice", "library", mana_value_at_most=4)
    s.count("spells", "alice", "graveyard", ("instant", "sorcery"))
    s.discard("discard", "alice", "h1")
    return s


def run_demo(kb: KnowledgeBase | None = None) -> tuple[Answers, str]:
    """Answer the example's questions; return the answers and the printed report."""
    if kb is None:
        with resources.as_file(example_path("there_theyre_their.json")) as path:
            kb = KnowledgeBase.from_files([path])
    answers = kb.ask(split_card_state())
    lines = [f"{SPLIT_CARD} — answers derived by clingo from the card's definition:", "",
             "1. Mana value off the stack (library, hand, graveyard):"]
    lines += [f"   {answers.mana_value(o).explain()}" for o in ("l1", "h1", "g1")]
    lines += ["", "2. Cast an instant or sorcery spell with mana value 2 or less from the graveyard:"]
    lines += [f"   {v.explain()}" for v in answers.cast_verdicts("g1")]
    lines += ["", "3. Search the library for a card with mana value 4 or less:"]
    lines += [f"   {v.explain()}" for v in answers.search_verdicts("tutor")]
    lines += ["", "4. It is one card:",
              f"   instant and sorcery cards in the graveyard: {answers.count('spells').explain()}",
              f"   cards discarded: {answers.discarded('discard').explain()}"]
    return answers, "\n".join(lines)
