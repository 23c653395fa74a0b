"""Game states the casting tests start from: two players, ``a`` and ``b``, and a turn.

Imported by test modules as ``from two_player import game, own_main_phase, rules`` (``tests`` is on
pytest's ``pythonpath``, pyproject.toml).
"""

from __future__ import annotations

from pyrules import GameState


def game(active: str = "b", phase: str = "ending", step: str | None = "end", priority: str | None = "a") -> GameState:
    """Two players a and b; by default b's end step with a holding priority, so only instant timing
    can apply (117.1a, 307.1)."""
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn(active, phase, step, priority)
    return s


def own_main_phase() -> GameState:
    """Two players; a's precombat main phase, empty stack, a holds priority (sorcery timing, 307.1)."""
    return game(active="a", phase="precombat_main", step=None, priority="a")


def rules(answer) -> set[str]:
    """The CR rule numbers an answer cites."""
    return {c.rule for c in answer.citations}
