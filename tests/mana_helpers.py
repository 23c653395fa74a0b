"""Shared state of the payment tests (issue 18): the moment a spell's payment is judged in."""

from __future__ import annotations

from pyrules import GameState


def alices_main_phase_asking_payments(life: int = 20) -> GameState:
    """alice and bob; alice at ``life``; alice's precombat main phase, alice holding priority (117.3a);
    payment answers asked for (``GameState.ask_payments``: computed only when asked)."""
    s = GameState()
    for p in ("alice", "bob"):
        s.add_player(p)
    s.set_life("alice", life)
    s.set_turn("alice", "precombat_main", priority="alice")
    s.ask_payments()
    return s
