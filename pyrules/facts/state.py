"""Describe a game state in Python; it becomes the instance facts of ``rules_asp/foundation/schema.lp``.

Example::

    >>> state = GameState()
    >>> state.add_player("alice")
    >>> state.add_object("g1", "There // They're // Their", zone="graveyard", owner="alice")
    >>> state.allow_cast("sword", "alice", zone="graveyard",
    ...                  card_types=("instant", "sorcery"), mana_value_at_most=2)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Iterable

from clingo import Number, String, Symbol

from pyrules.facts.characteristics import CharacteristicsMixin
from pyrules.facts.combat import CombatMixin
from pyrules.facts.costs import CostsMixin
from pyrules.facts.counters_and_damage import CountersAndDamageMixin
from pyrules.facts.events import EventsMixin
from pyrules.facts.face_down import FaceDownMixin
from pyrules.facts.objects_and_zones import ObjectsAndZonesMixin
from pyrules.facts.permissions import PermissionsMixin
from pyrules.facts.stack_and_resolution import StackAndResolutionMixin
from pyrules.facts.terms import GameObject, ident, symbol_name
from pyrules.facts.tokens_and_designations import TokensAndDesignationsMixin
from pyrules.facts.turn_history import TurnHistoryMixin
from pyrules.facts.validation import Function, _reference_known, _unknown_reference, _validated


@dataclass
class GameState(
    ObjectsAndZonesMixin,
    PermissionsMixin,
    CostsMixin,
    CombatMixin,
    CountersAndDamageMixin,
    TokensAndDesignationsMixin,
    CharacteristicsMixin,
    StackAndResolutionMixin,
    TurnHistoryMixin,
    EventsMixin,
    FaceDownMixin,
):
    """Players, objects and effects of one game situation.

    Build it with the ``add_*`` / effect methods, then ask a :class:`pyrules.api.KnowledgeBase`.
    Ids are short names (``alice``, ``g1``); card names are full Oracle names.
    """

    players: list[str] = field(default_factory=list)
    objects: dict[str, GameObject] = field(default_factory=dict)
    extra: list[Symbol] = field(default_factory=list)
    #: The events after the state, in order (``then_*`` methods; rules_asp/time/events.lp).
    sequence_events: list[Symbol] = field(default_factory=list)
    #: References to players/objects not yet in the state when a builder method named them
    #: (method, argument, id, kind); :meth:`facts` refuses those still unknown then.
    pending_references: list[tuple[str, str, str, str]] = field(default_factory=list, repr=False,
                                                                 compare=False)

    def add_player(self, player: str) -> None:
        """Add a player (CR 102.1).

        Raises:
            QueryError: ``player`` is not a non-empty text.
        """
        ident(player)
        self.players.append(player)

    def _requirements(self, effect: str, card_types: Iterable[str], mana_value_at_most: int | None,
                      mana_value_at_least: int | None) -> None:
        e = ident(effect)
        self.extra += [Function("requires_one_of_card_types", [e, Function(t.lower())]) for t in card_types]
        if mana_value_at_most is not None:
            self.extra.append(Function("requires_mana_value_at_most", [e, Number(mana_value_at_most)]))
        if mana_value_at_least is not None:
            self.extra.append(Function("requires_mana_value_at_least", [e, Number(mana_value_at_least)]))

    def search(self, effect: str, player: str, zone: str = "library", card_types: Iterable[str] = (),
               mana_value_at_most: int | None = None, mana_value_at_least: int | None = None) -> None:
        """An effect has ``player`` search their ``zone`` for a card with the stated qualities (701.23)."""
        self.extra.append(Function("search_effect", [ident(effect), ident(player), Function(zone)]))
        self._requirements(effect, card_types, mana_value_at_most, mana_value_at_least)

    def count(self, effect: str, player: str, zone: str, card_types: Iterable[str] = (),
              mana_value_at_most: int | None = None, mana_value_at_least: int | None = None) -> None:
        """An effect counts the cards with the stated qualities in ``player``'s ``zone``."""
        self.extra.append(Function("count_effect", [ident(effect), ident(player), Function(zone)]))
        self._requirements(effect, card_types, mana_value_at_most, mana_value_at_least)

    # --- issue 6: outcomes (damage, counters, state-based actions, combat, tokens, designations) ---
    # Each method adds instance facts documented in rules_asp/foundation/schema.lp ("Outcomes"). Keyword names
    # are snake_case CR names (``first_strike``); counts are whole numbers.

    def _add(self, name: str, *args) -> None:
        self.extra.append(Function(name, [a if isinstance(a, Symbol) else
                                          Number(a) if isinstance(a, int) else ident(a) for a in args]))

    def card_names(self) -> set[str]:
        """Names of the card definitions the objects refer to (and the cards representing a
        melded permanent, :meth:`set_melded_from`)."""
        return {o.card for o in self.objects.values()} | {
            f.arguments[1].string for f in self.extra if f.name == "melded_from" and len(f.arguments) == 2}

    def check_references(self) -> None:
        """Check that every player and object a builder method named exists now (an object may
        be added after the effect that names it: the check waits until the facts are built).

        Raises:
            StateValueError: the first unknown id, naming the method, the argument and the
                closest known id.
        """
        if not self.pending_references:
            return
        objects = set(self.objects) | {symbol_name(f.arguments[0]) for f in self.extra
                                       if f.name == "object" and len(f.arguments) == 1}
        players = set(self.players)
        still = []
        for ref in self.pending_references:
            if not _reference_known(ref, players, objects):
                still.append(ref)
        self.pending_references = still
        if still:
            raise _unknown_reference(still[0], players, objects)

    def facts(self) -> list[Symbol]:
        """The instance facts (schema.lp) for this state, without the card definitions.

        Raises:
            StateValueError: a builder method named a player or object the state does not have
                (:meth:`check_references`).
        """
        self.check_references()
        out = [Function("player", [ident(p)]) for p in self.players]
        for o in self.objects.values():
            out += _object_facts(o.id, o.card, o.zone, o.owner, o.controller, o.cast_face, o.fused, o.x_value)
        return out + list(self.extra)


@functools.lru_cache(maxsize=1 << 16)
def _object_facts(obj: str, card: str, zone: str, owner: str, controller: str | None, cast_face: int | None,
                  fused: bool, x_value: int | None) -> tuple[Symbol, ...]:
    """The instance facts of one object (a :class:`GameObject`'s fields), remembered: building clingo
    symbols is the slow part of :meth:`GameState.facts`, and states share their objects."""
    i = ident(obj)
    out = [Function("object", [i]), Function("object_card", [i, String(card)]),
           Function("owner", [i, ident(owner)]), Function("in_zone", [i, Function(zone)])]
    if controller:
        out.append(Function("controller", [i, ident(controller)]))
    if cast_face is not None:
        out.append(Function("cast_face", [i, Number(cast_face)]))
    if fused:
        out.append(Function("fused", [i]))
    if x_value is not None:
        out.append(Function("x_value", [i, Number(x_value)]))
    return tuple(out)


for _name, _fn in [(n, f) for k in reversed(GameState.__mro__[:-1]) for n, f in vars(k).items()]:
    if callable(_fn) and not _name.startswith("_") and _name not in ("facts", "card_names"):
        setattr(GameState, _name, _validated(_fn))


del _name, _fn
