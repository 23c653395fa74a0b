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


def payment_of(kb, permanents: dict[str, str], spell: str, *, asked: bool = False):
    """The one payment verdict of ``spell`` (object ``spell``, in alice's hand) with ``permanents``
    (object id -> card name) on alice's battlefield since the turn began (302.6), in
    :func:`alices_main_phase_asking_payments`; ``asked``: its payment asked for by name too."""
    s = alices_main_phase_asking_payments()
    for obj, card in permanents.items():
        s.add_object(obj, card, "battlefield", "alice", controller="alice")
        s.controlled_since_turn_began(obj)
    s.add_object("spell", spell, "hand", "alice")
    if asked:
        s.ask_payment("spell")
    (verdict,) = kb.ask(s).payments("spell")
    return verdict
