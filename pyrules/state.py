"""Describe a game state in Python; it becomes the instance facts of ``rules_asp/schema.lp``.

Example::

    >>> state = GameState()
    >>> state.add_player("alice")
    >>> state.add_object("g1", "There // They're // Their", zone="graveyard", owner="alice")
    >>> state.allow_cast("sword", "alice", zone="graveyard",
    ...                  card_types=("instant", "sorcery"), mana_value_at_most=2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from clingo import Function, Number, String, Symbol

from pyrules.errors import QueryError

#: Zones of CR 400.1.
ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")


def ident(name: str) -> Symbol:
    """The ASP term for a player/object/effect id: a constant if ``name`` is a lower-case
    identifier (``alice``, ``o1``), else a string term."""
    if name[:1].islower() and name.replace("_", "a").isalnum() and name.isascii():
        return Function(name)
    return String(name)


def symbol_name(sym: Symbol) -> str:
    """Inverse of :func:`ident`."""
    return sym.string if sym.type == sym.type.String else str(sym)


@dataclass
class GameObject:
    """An object in a zone (CR 109.1): id, card definition name, zone, owner, controller,
    the face it was cast as (split spells on the stack, 709.3), X announced (107.3)."""

    id: str
    card: str
    zone: str
    owner: str
    controller: str | None = None
    cast_face: int | None = None
    fused: bool = False
    x_value: int | None = None


@dataclass
class GameState:
    """Players, objects and effects of one game situation.

    Build it with the ``add_*`` / effect methods, then ask a :class:`pyrules.api.KnowledgeBase`.
    Ids are short names (``alice``, ``g1``); card names are full Oracle names.
    """

    players: list[str] = field(default_factory=list)
    objects: dict[str, GameObject] = field(default_factory=dict)
    extra: list[Symbol] = field(default_factory=list)

    def add_player(self, player: str) -> None:
        """Add a player (CR 102.1)."""
        self.players.append(player)

    def add_object(self, obj: str, card: str, zone: str, owner: str, controller: str | None = None,
                   cast_face: int | None = None, fused: bool = False, x_value: int | None = None) -> GameObject:
        """Put an object represented by card ``card`` into ``zone`` (one of :data:`ZONES`).

        ``cast_face`` (1-based) is the face a split spell on the stack was cast as (709.3).

        Raises:
            QueryError: unknown zone or owner, duplicate object id.
        """
        if zone not in ZONES:
            raise QueryError(f"unknown zone {zone!r} (zones are {', '.join(ZONES)}; CR 400.1)")
        if owner not in self.players:
            raise QueryError(f"object {obj!r}: owner {owner!r} is not a player of this state")
        if obj in self.objects:
            raise QueryError(f"object id {obj!r} is used twice")
        o = GameObject(obj, card, zone, owner, controller, cast_face, fused, x_value)
        self.objects[obj] = o
        return o

    def _requirements(self, effect: str, card_types: Iterable[str], mana_value_at_most: int | None,
                      mana_value_at_least: int | None) -> None:
        e = ident(effect)
        self.extra += [Function("requires_one_of_card_types", [e, Function(t.lower())]) for t in card_types]
        if mana_value_at_most is not None:
            self.extra.append(Function("requires_mana_value_at_most", [e, Number(mana_value_at_most)]))
        if mana_value_at_least is not None:
            self.extra.append(Function("requires_mana_value_at_least", [e, Number(mana_value_at_least)]))

    def allow_cast(self, effect: str, player: str, zone: str, card_types: Iterable[str] = (),
                   mana_value_at_most: int | None = None, mana_value_at_least: int | None = None) -> None:
        """An effect lets ``player`` cast a spell from among cards they own in ``zone``, of one of
        ``card_types`` and within the mana value bounds (CR 601.3)."""
        self.extra.append(Function("cast_permission", [ident(effect), ident(player), Function(zone)]))
        self._requirements(effect, card_types, mana_value_at_most, mana_value_at_least)

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

    def discard(self, event: str, player: str, obj: str) -> None:
        """Event ``event``: ``player`` discards object ``obj`` (701.9)."""
        self.extra.append(Function("discard_event", [ident(event), ident(player), ident(obj)]))

    def card_names(self) -> set[str]:
        """Names of the card definitions the objects refer to."""
        return {o.card for o in self.objects.values()}

    def facts(self) -> list[Symbol]:
        """The instance facts (schema.lp) for this state, without the card definitions."""
        out = [Function("player", [ident(p)]) for p in self.players]
        for o in self.objects.values():
            i = ident(o.id)
            out += [Function("object", [i]), Function("object_card", [i, String(o.card)]),
                    Function("owner", [i, ident(o.owner)]), Function("in_zone", [i, Function(o.zone)])]
            if o.controller:
                out.append(Function("controller", [i, ident(o.controller)]))
            if o.cast_face is not None:
                out.append(Function("cast_face", [i, Number(o.cast_face)]))
            if o.fused:
                out.append(Function("fused", [i]))
            if o.x_value is not None:
                out.append(Function("x_value", [i, Number(o.x_value)]))
        return out + list(self.extra)
