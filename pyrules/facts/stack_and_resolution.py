"""GameState builder methods: The stack, targets and resolution (CR 405, 115, 608, 614, 616)."""

from __future__ import annotations

from pyrules.facts.terms import ident
from pyrules.facts.validation import Function


class StackAndResolutionMixin:
    """Builder methods of :class:`pyrules.facts.state.GameState`: The stack, targets and resolution
    (CR 405, 115, 608, 614, 616)."""

    def add_ability_on_stack(self, ability: str, controller: str) -> None:
        """An activated or triggered ability on the stack (405.1; spells are objects in zone ``stack``)."""
        self.extra.append(Function("ability_on_stack", [ident(ability), ident(controller)]))

    def pending_trigger_source(self, obj: str) -> None:
        """``obj`` is the source of a triggered ability that hasn't left the stack yet (704.5v)."""
        self._add("pending_trigger_source", obj)

    def counter(self, event: str, spell: str) -> None:
        """Event ``event`` counters ``spell`` on the stack (701.6a: it would go to its owner's graveyard)."""
        self._add("counter_event", event, spell)

    def resolve(self, event: str, spell: str) -> None:
        """Event ``event``: ``spell`` finishes resolving (608.2n: an instant or sorcery would go to its
        owner's graveyard); damage the spell deals in the same event is ``deal_damage(event, ...)``."""
        self._add("resolve_event", event, spell)

    def target(self, spell: str, target: str, zone: str = "battlefield") -> None:
        """``spell`` on the stack has target ``target`` (601.2c), which was in ``zone`` when it was
        targeted (``"player"`` for a player); 608.2b checks it on resolution."""
        self._add("spell_target", spell, target, Function(zone))

    def begin_resolving(self, event: str, spell: str) -> None:
        """Event ``event``: ``spell`` on top of the stack begins to resolve (608.2); whether it resolves
        is the rule base's answer (608.2b)."""
        self._add("begins_to_resolve", event, spell)

    def self_replacement(self, event: str, from_zone: str, to_zone: str) -> None:
        """The spell or ability causing ``event`` puts the object into ``to_zone`` instead of
        ``from_zone`` (608.2c, 614.15; Remand: ``graveyard`` -> ``hand``)."""
        self._add("self_replacement", event, Function(from_zone), Function(to_zone))

    def replace_zone_change(self, effect: str, obj: str, from_zone: str, to_zone: str) -> None:
        """Replacement effect ``effect``: if ``obj`` would be put into ``from_zone``, it is put into
        ``to_zone`` instead (614.1a; Dreadhorde Arcanist: ``graveyard`` -> ``exile``)."""
        self._add("zone_replacement", effect, obj, Function(from_zone), Function(to_zone))

    def cleanup(self, event: str) -> None:
        """Event ``event``: the cleanup step's turn-based actions (514.2)."""
        self._add("cleanup_event", event)
