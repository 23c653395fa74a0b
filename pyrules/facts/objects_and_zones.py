"""GameState builder methods: Players, objects and their zones (CR 102, 109, 400)."""

from __future__ import annotations

from typing import Sequence

from clingo import Number, String

from pyrules.errors import QueryError, StateValueError
from pyrules.facts.terms import GameObject, ZONES, ident
from pyrules.facts.validation import Function


class ObjectsAndZonesMixin:
    """Builder methods of :class:`pyrules.facts.state.GameState`: Players, objects and their zones
    (CR 102, 109, 400)."""

    def add_object(self, obj: str, card: str, zone: str, owner: str, controller: str | None = None,
                   cast_face: int | None = None, fused: bool = False, x_value: int | None = None) -> GameObject:
        """Put an object represented by card ``card`` into ``zone`` (one of :data:`ZONES`).

        ``cast_face`` (1-based) is the face a split spell on the stack was cast as (709.3).
        ``controller``: on the battlefield and the stack every object has one (110.2, 112.2);
        left out there, it is the owner (the player under whose control it usually enters, 110.2).

        Raises:
            QueryError: unknown zone or owner, duplicate object id.
        """
        if controller is None and zone in ("battlefield", "stack"):
            controller = owner
        if zone not in ZONES:
            raise StateValueError(f"unknown zone {zone!r} (zones are {', '.join(ZONES)}; CR 400.1)", "zone")
        if owner not in self.players:
            raise StateValueError(f"object {obj!r}: owner {owner!r} is not a player of this state", "owner")
        if obj in self.objects:
            raise StateValueError(f"object id {obj!r} is used twice", "obj")
        o = GameObject(obj, card, zone, owner, controller, cast_face, fused, x_value)
        self.objects[obj] = o
        return o

    def discard(self, event: str, player: str, obj: str) -> None:
        """Event ``event``: ``player`` discards object ``obj`` (701.9)."""
        self.extra.append(Function("discard_event", [ident(event), ident(player), ident(obj)]))

    def set_face_up(self, obj: str, face: int) -> None:
        """Double-faced permanent ``obj`` has face ``face`` (1-based) up (712.8d-f); without this, face 1."""
        self.extra.append(Function("face_up", [ident(obj), Number(face)]))

    def set_melded_from(self, obj: str, card_a: str, card_b: str) -> None:
        """Melded permanent ``obj`` (its card: the meld pair's combined back face, such as Brisela,
        Voice of Nightmares) is represented by the cards named ``card_a`` and ``card_b`` (712.4a); its
        mana value is the sum of their front faces' (202.3c, 712.8g). Without this it has none.
        Both cards must be loaded in the knowledge base (:meth:`card_names` includes them)."""
        self.extra += [Function("melded_from", [ident(obj), String(card_a)]),
                       Function("melded_from", [ident(obj), String(card_b)])]

    def send_on_adventure(self, obj: str, player: str) -> None:
        """``player`` exiled adventurer card ``obj`` as it resolved as an Adventure (715.3d): while it
        stays in exile, ``player`` may cast it, but not as an Adventure."""
        self.extra.append(Function("on_an_adventure", [ident(obj), ident(player)]))

    def set_top_of_library(self, obj: str) -> None:
        """``obj`` is the top card of its owner's library."""
        self.extra.append(Function("top_of_library", [ident(obj)]))

    def set_library_order(self, player: str, objects: Sequence[str], complete: bool = False) -> None:
        """The top cards of ``player``'s library, in order: ``objects[0]`` is the top card (401.1;
        facts ``top_of_library/1`` for it and ``library_position(X, N)``, N = 1, 2, ... for each). Each
        must be an object already added to ``player``'s library. A sequence of events draws and mills
        these known cards (rules_asp/time/resolution_effects_tokens_and_cards.lp); below them the
        order is unknown. ``complete=True``: these are all the cards of the library (fact
        ``library_complete/1``), so drawing more than it holds is an attempt to draw from an empty
        library (121.4: the player loses at the next check, 704.5b); a library object added without
        a place makes the state inconsistent (``library_not_complete``).

        Raises:
            QueryError: an object not added yet, not in a library, not owned by ``player``, or given twice.
        """
        if len(set(objects)) != len(objects):
            raise QueryError(f"set_library_order: an object is given twice in {list(objects)!r}")
        for x in objects:
            o = self.objects.get(x)
            if o is None or o.zone != "library" or o.owner != player:
                raise QueryError(f"set_library_order: {x!r} is not an object in {player}'s library "
                                 "(add it with add_object(..., 'library', owner) first)")
        for n, x in enumerate(objects, start=1):
            if n == 1:
                self.extra.append(Function("top_of_library", [ident(x)]))
            self.extra.append(Function("library_position", [ident(x), Number(n)]))
        if not isinstance(complete, bool):
            raise QueryError(f"set_library_order: complete must be True or False, not {complete!r}")
        if complete:
            if player not in self.players:
                raise QueryError(f"set_library_order: {player!r} is not a player of this state")
            self.extra.append(Function("library_complete", [ident(player)]))

    def set_life(self, player: str, life: int) -> None:
        """``player``'s life total before the events (119); replaces a total set before."""
        self.extra = [f for f in self.extra if not (f.name == "life_total" and f.arguments[0] == ident(player))]
        self._add("life_total", player, life)

    def set_poison(self, player: str, counters: int) -> None:
        """``player`` has ``counters`` poison counters before the events (122.1f)."""
        self._add("player_counters", player, Function("poison"), counters)

    def tap(self, obj: str) -> None:
        """Permanent ``obj`` is tapped (110.5); permanents are untapped unless tapped."""
        self._add("tapped", obj)

    def destroy(self, event: str, target: str) -> None:
        """Event ``event`` destroys ``target``: an object id, or a tracker ``monarch``, ``initiative``,
        ``day``, ``night`` (use :meth:`destroy_citys_blessing` for a player's city's blessing)."""
        self._add("destroy_event", event, target)

    def shuffle_into_library(self, event: str, player: str, objects: dict[str, str] | None = None) -> None:
        """Event ``event``: ``player`` shuffles ``objects`` (id -> the zone the effect expects it in;
        maybe none) into their library (701.24)."""
        self._add("shuffle_event", event, player)
        for obj, zone in (objects or {}).items():
            self._add("shuffle_object", event, obj, Function(zone))

    def move(self, event: str, obj: str, zone: str) -> None:
        """Event ``event`` would move ``obj`` to ``zone``."""
        self._add("zone_change_event", event, obj, Function(zone))
