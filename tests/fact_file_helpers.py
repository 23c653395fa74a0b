"""Test helper: the rule base on a user's fact file, solved in this process (what ``pyrules solve`` does,
without its forked time-limited worker, so that the mutation tool, tests/mutation/mutate.py, records
the predicates such a test grounds and can select it)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from pyrules.inputs.fact_files import read_fact_file
from pyrules.solving.one_shot import solve


def solve_fact_text(text: str, records: list[dict], folder: Path) -> dict[str, dict]:
    """Solve the rule base with the fact file ``text`` (written to ``folder``/facts.lp and read by
    :func:`pyrules.inputs.fact_files.read_fact_file`, with its safety checks) and the card records
    ``records`` (Scryfall objects): each shown atom other than ``cites/2`` and ``answer_strength/2``,
    as text, -> ``{"cr": sorted CR rules it cites, "strength": its answer_strength or None}`` (the
    shape of ``pyrules solve --json``'s answers)."""
    path = folder / "facts.lp"
    path.write_text(text, encoding="utf-8")
    statements = read_fact_file(path)
    facts = [f for card in cards_from_json(records) for f in card_facts(card)]
    result = solve(facts, statements=statements, fact_files=[(str(path), statements)])
    assert result.status == "satisfiable", result.status
    cites: dict[str, set[str]] = defaultdict(set)
    strengths: dict[str, str] = {}
    atoms = []
    for s in result.symbols:
        if s.name == "cites" and len(s.arguments) == 2:
            cites[str(s.arguments[0])].add(s.arguments[1].string)
        elif s.name == "answer_strength" and len(s.arguments) == 2:
            strengths[str(s.arguments[0])] = s.arguments[1].name
        else:
            atoms.append(str(s))
    return {a: {"cr": sorted(cites.get(a, ())), "strength": strengths.get(a)} for a in atoms}
