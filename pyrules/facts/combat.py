"""GameState builder methods: Combat (CR 506-511)."""

from __future__ import annotations

from typing import Iterable

from pyrules.facts.terms import ident
from pyrules.facts.validation import Function


class CombatMixin:
    """Builder methods of :class:`pyrules.facts.state.GameState`: Combat (CR 506-511)."""

    def attack(self, obj: str, attacked: str, *, blocked: bool = False) -> None:
        """Creature ``obj`` was declared attacking ``attacked`` (a player, planeswalker or battle; 508.1);
        ``blocked``: it is a blocked creature (509.1h; :meth:`block` sets it too)."""
        self._add("attacking", obj, attacked)
        if blocked:
            self._add("blocked_creature", obj)

    def block(self, blocker: str, attacker: str) -> None:
        """Creature ``blocker`` was declared blocking ``attacker`` (509.1), which is blocked (509.1h)."""
        self._add("blocking", blocker, attacker)
        if Function("blocked_creature", [ident(attacker)]) not in self.extra:
            self._add("blocked_creature", attacker)

    def set_combat_damage_step(self, number: int, had_first_or_double_strike: Iterable[str] = ()) -> None:
        """The current step is combat damage step ``number`` (1, or 2 after a first-strike step, 510.4);
        ``had_first_or_double_strike``: the creatures that had first strike or double strike as the
        first combat damage step began (read in step 2)."""
        self._add("combat_damage_step", number)
        for obj in had_first_or_double_strike:
            self._add("had_first_or_double_strike", obj)
