"""GameState builder methods: Tokens, copies, markers and designations (CR 111, 707, 122, 701,
714-730)."""

from __future__ import annotations

from typing import Iterable

from clingo import String

from pyrules.errors import QueryError, StateValueError
from pyrules.facts.terms import GameObject, ZONES, ident
from pyrules.facts.validation import Function


class TokensAndDesignationsMixin:
    """Builder methods of :class:`pyrules.facts.state.GameState`: Tokens, copies, markers and
    designations (CR 111, 707, 122, 701, 714-730)."""

    def designate(self, obj: str, designation: str) -> None:
        """``obj`` has a designation such as ``commander`` (903.3)."""
        self.extra.append(Function("designation", [ident(obj), Function(designation)]))

    def set_chosen_name(self, obj: str, name: str) -> None:
        """``name`` was chosen for ``obj``'s "choose a card name" ability (201.4, 607.2d): its abilities
        that refer to "the chosen name" use it (Council of the Absolute)."""
        self.extra.append(Function("chosen_name", [ident(obj), String(name)]))

    def add_card_copy(self, obj: str, original: str, player: str) -> GameObject:
        """``player`` creates ``obj``, a copy of the card ``original`` (707.12: in the zone ``original`` is
        in), with the copiable values of its card (707.2; a split card's two halves stay separate,
        709.3c); ``player`` owns it (112.2a).

        Raises:
            QueryError: unknown ``original``, or as :meth:`add_object`.
        """
        if original not in self.objects:
            raise QueryError(f"copy {obj!r}: no object {original!r} in this state")
        o = self.objects[original]
        copy = self.add_object(obj, o.card, o.zone, player)
        self.extra.append(Function("copy_of_card", [ident(obj), ident(original)]))
        return copy

    def choose_name(self, effect: str, player: str) -> None:
        """Effect ``effect`` instructs ``player`` to choose a card name (201.4, 709.4a)."""
        self.extra.append(Function("name_choice", [ident(effect), ident(player)]))

    def add_marker(self, obj: str, owner: str, zone: str, controller: str | None = None, *,
                   token: bool = False, emblem: bool = False) -> None:
        """An object represented by no card: a token (111.1) or an emblem (114.1) in ``zone``.

        Raises:
            QueryError: unknown zone or owner.
        """
        if zone not in ZONES:
            raise StateValueError(f"unknown zone {zone!r} (zones are {', '.join(ZONES)}; CR 400.1)", "zone")
        if owner not in self.players:
            raise StateValueError(f"object {obj!r}: owner {owner!r} is not a player of this state", "owner")
        self._add("object", obj)
        self._add("owner", obj, owner)
        self._add("in_zone", obj, Function(zone))
        if controller:
            self._add("controller", obj, controller)
        if token:
            self._add("token", obj)
        if emblem:
            self._add("emblem", obj)

    def add_token(self, obj: str, owner: str, *, name: str | None = None, subtypes: Iterable[str] = (),
                  card_types: Iterable[str] = (), toughness: int | None = None, zone: str = "battlefield",
                  controller: str | None = None) -> None:
        """A token as its creating effect defined it (111.3, 111.4): ``name`` (None: not named),
        ``subtypes`` in the order listed, ``card_types``, ``toughness``."""
        self.add_marker(obj, owner, zone, controller or owner, token=True)
        if name is not None:
            self._add("token_named", obj, String(name))
        for i, s in enumerate(subtypes, start=1):
            self._add("token_subtype", obj, i, String(s))
        for t in card_types:
            self._add("token_card_type", obj, Function(t))
        if toughness is not None:
            self._add("base_toughness", obj, toughness)

    def add_predefined_token(self, obj: str, owner: str, kind: str, zone: str = "battlefield",
                             controller: str | None = None) -> None:
        """A predefined double-faced token ``kind`` (111.10i: ``incubator``), front face up; its faces
        are the CR's definition (rules_asp/characteristics_and_objects/predefined_tokens.lp). :meth:`set_face_up` ``2``: transformed."""
        self.add_marker(obj, owner, zone, controller or owner, token=True)
        self._add("predefined_token", obj, Function(kind))

    def add_token_by_name(self, obj: str, card: str, owner: str, zone: str = "battlefield") -> GameObject:
        """A token created by name only: it uses the Oracle card named ``card`` (111.11)."""
        o = self.add_object(obj, card, zone, owner, controller=owner)
        self._add("token", obj)
        self._add("token_by_name", obj)
        return o

    def designate_commander(self, obj: str, casts_from_command_zone: int | None = None) -> None:
        """``obj`` (a card) is its owner's commander (903.3), as :meth:`designate` ``commander``; its owner
        may cast it from the command zone (903.8; rules_asp/casting/commander.lp).

        ``casts_from_command_zone``: how many times its owner has cast it from the command zone this game
        before now; the commander tax is {2} for each (903.8), added to the total cost of casting it from
        the command zone (601.2f). Not given, a payment or proposal of it from the command zone has no
        total cost (undecided, never a tax of 0 guessed). Given for a commander that is not in the
        command zone, or below 0, the state is refused naming this argument."""
        self.designate(obj, "commander")
        if casts_from_command_zone is not None:
            self._add("commander_casts", obj, casts_from_command_zone)

    def designate_player(self, player: str, designation: str) -> None:
        """``player`` has ``designation``: ``monarch`` (725), ``initiative`` (726), ``citys_blessing`` (702.131c)."""
        self.designate(player, designation)

    def set_day_or_night(self, which: str) -> None:
        """The game has the ``day`` or ``night`` designation (731.1)."""
        self._add("designation", Function("game"), Function(which))

    def venture_marker(self, player: str, dungeon: str, room: str) -> None:
        """``player``'s venture marker is on room ``room`` of dungeon ``dungeon`` (309.4)."""
        self._add("venture_marker", player, dungeon, String(room))

    def emblem_card(self, obj: str) -> None:
        """Object ``obj`` is an emblem card (such as Essence of Ajani)."""
        self._add("emblem", obj)
        self._add("emblem_card", obj)

    def destroy_citys_blessing(self, event: str, player: str) -> None:
        """Event ``event`` destroys ``player``'s city's blessing."""
        self._add("destroy_event", event, Function("citys_blessing", [ident(player)]))

    def create_token_copy(self, event: str, player: str, original: str, expected_zone: str = "battlefield",
                          last_known_information: bool = False) -> None:
        """Event ``event``: ``player`` creates a token that's a copy of ``original``, expected in
        ``expected_zone``; the effect may use last known information (111.12, 608.2h)."""
        self._add("token_copy_event", event, player, original, Function(expected_zone))
        if last_known_information:
            self._add("uses_last_known_information", event)
