"""GameState builder methods: Permissions and prohibitions of effects (CR 101, 601.3, 609.4)."""

from __future__ import annotations

from typing import Iterable

from clingo import Number, String, Symbol

from pyrules.errors import QueryError
from pyrules.facts.terms import _choice_term, ident
from pyrules.facts.validation import Function


class PermissionsMixin:
    """Builder methods of :class:`pyrules.facts.state.GameState`: Permissions and prohibitions of
    effects (CR 101, 601.3, 609.4)."""

    def allow_cast(self, effect: str, player: str, zone: str, card_types: Iterable[str] = (),
                   mana_value_at_most: int | None = None, mana_value_at_least: int | None = None) -> None:
        """An effect lets ``player`` cast a spell from among cards they own in ``zone``, of one of
        ``card_types`` and within the mana value bounds (CR 601.3)."""
        self.extra.append(Function("cast_permission", [ident(effect), ident(player), Function(zone)]))
        self._requirements(effect, card_types, mana_value_at_most, mana_value_at_least)

    def set_condition(self, condition: str | Symbol) -> None:
        """Condition ``condition`` (an id used by effects' ``condition=``) is met now (601.3d)."""
        self.extra.append(Function("condition_met", [ident(condition)]))

    def _effect_terms(self, effect: str, source: str | None, colors: Iterable[str], colorless: bool,
                      only_object: str | None, name: str | None, choice: str | None, cost: str | None,
                      condition: str | None) -> None:
        e = ident(effect)
        if source is not None:
            self.extra.append(Function("effect_source", [e, ident(source)]))
        self.extra += [Function("requires_color", [e, Function(c.lower())]) for c in colors]
        if colorless:
            self.extra.append(Function("requires_colorless", [e]))
        if only_object is not None:
            self.extra.append(Function("requires_object", [e, ident(only_object)]))
        if name is not None:
            self.extra.append(Function("requires_name", [e, String(name)]))
        if choice is not None:
            self.extra.append(Function("requires_choice", [e, _choice_term("allow_as_though_flash", choice)]))
        if cost is not None:
            self.extra.append(Function("requires_cost", [e, ident(cost)]))
        if condition is not None:
            self.extra.append(Function("requires_condition", [e, ident(condition)]))

    def permit_cast(self, effect: str, player: str, zone: str, *, source: str | None = None,
                    during_resolution: bool = False, without_paying_mana_cost: bool = False,
                    top_of_library_only: bool = False, card_types: Iterable[str] = (),
                    colors: Iterable[str] = (), mana_value_at_most: int | None = None,
                    mana_value_at_least: int | None = None, as_though_flash: bool = False) -> None:
        """Like :meth:`allow_cast`, with the terms of the permission: cast while ``source`` resolves
        (608.2g: timing ignored), without paying the mana cost (118.9), only the top of the library,
        ``as_though_flash``: as though the spells had flash, only when cast through this permission
        (609.4; Aluren's "without paying their mana costs and as though they had flash")."""
        self.allow_cast(effect, player, zone, card_types, mana_value_at_most, mana_value_at_least)
        e = ident(effect)
        self._effect_terms(effect, source, colors, False, None, None, None, None, None)
        if during_resolution:
            self.extra.append(Function("cast_during_resolution", [e]))
        if without_paying_mana_cost:
            self.extra.append(Function("without_paying_mana_cost", [e]))
        if top_of_library_only:
            self.extra.append(Function("permission_from_top_of_library", [e]))
        if as_though_flash:
            self.extra.append(Function("cast_permission_as_though_flash", [e]))

    def allow_alternative_cost(self, effect: str, player: str, cost: str, *, source: str | None = None,
                               card_types: Iterable[str] = ()) -> None:
        """``player`` may pay alternative cost ``cost`` (a name) rather than the mana cost (118.9)."""
        self.extra.append(Function("alternative_cost_effect", [ident(effect), ident(player), ident(cost)]))
        self._requirements(effect, card_types, None, None)
        self._effect_terms(effect, source, (), False, None, None, None, None, None)

    def prohibit_cast(self, effect: str, player: str, *, source: str | None = None,
                      card_types: Iterable[str] = (), name: str | None = None,
                      mana_value_at_most: int | None = None) -> None:
        """``player`` can't cast spells with these qualities (101.2, 601.3)."""
        self.extra.append(Function("cast_prohibition", [ident(effect), ident(player)]))
        self._requirements(effect, card_types, mana_value_at_most, None)
        self._effect_terms(effect, source, (), False, None, name, None, None, None)

    def allow_as_though_flash(self, effect: str, player: str, *, source: str | None = None,
                              card_types: Iterable[str] = (), colors: Iterable[str] = (),
                              colorless: bool = False, mana_value_at_most: int | None = None,
                              only_object: str | None = None, choice: str | None = None,
                              cost: str | None = None, condition: str | None = None) -> None:
        """``player`` may cast spells with these qualities as though they had flash (609.4).

        ``choice`` is a proposal choice the effect needs (601.3b): ``"x_at_most(3)"``,
        ``"targets_designation(commander)"``; ``cost`` an alternative or additional cost that must be
        paid (601.3c); ``condition`` a condition id that must be met (601.3d, :meth:`set_condition`).
        """
        self.extra.append(Function("flash_permission", [ident(effect), ident(player)]))
        self._requirements(effect, card_types, mana_value_at_most, None)
        self._effect_terms(effect, source, colors, colorless, only_object, None, choice, cost, condition)

    def allow_additional_land_plays(self, effect: str, player: str, number: int = 1) -> None:
        """Continuous effect ``effect`` lets ``player`` play ``number`` additional lands this turn (305.2)."""
        self.extra.append(Function("additional_land_plays", [ident(effect), ident(player), Number(number)]))

    def allow_play_as_though_flash(self, effect: str, player: str, *, source: str | None = None,
                                   card_types: Iterable[str] = (), colors: Iterable[str] = (),
                                   only_object: str | None = None, condition: str | None = None) -> None:
        """``player`` may play cards with these qualities — lands and spells (701.18b) — as though they
        had flash (702.8a, 609.4; Scout's Warning). For a land it lifts only the main-phase/empty-stack
        timing: never the own-turn rule (305.3) or the land-play count (305.2b)."""
        self.extra.append(Function("flash_play_permission", [ident(effect), ident(player)]))
        self._requirements(effect, card_types, None, None)
        self._effect_terms(effect, source, colors, False, only_object, None, None, None, condition)

    def permit_cast_copy(self, effect: str, player: str, copy: str, *, source: str | None = None) -> None:
        """Effect ``effect`` lets ``player`` cast the copy of a card ``copy`` while it resolves (707.12,
        608.2g; "copy that card and you may cast the copy", God-Eternal Kefnet).

        Raises:
            QueryError: no object ``copy`` in this state.
        """
        if copy not in self.objects:
            raise QueryError(f"permission {effect!r}: no object {copy!r} in this state")
        e = ident(effect)
        self.extra += [Function("cast_permission", [e, ident(player), Function(self.objects[copy].zone)]),
                       Function("cast_during_resolution", [e])]
        self._effect_terms(effect, source, (), False, copy, None, None, None, None)

    def doesnt_lose_for_life(self, player: str) -> None:
        """``player`` doesn't lose the game for having 0 or less life (an effect; 104.3b)."""
        self._add("doesnt_lose_for_life", player)

    def damage_as_though_infect(self, player: str, life_at_most: int | None = None) -> None:
        """Damage dealt to ``player`` is dealt as though its source had infect (609.4), always or while
        their life total is ``life_at_most`` or less."""
        cond = Function("always") if life_at_most is None else Function("life_at_most", [Number(life_at_most)])
        self._add("damage_dealt_as_though_infect", player, cond)

    def may_attack_as_though_haste(self, obj: str) -> None:
        """``obj`` can attack as though it had haste (609.4)."""
        self._add("may_attack_as_though_haste", obj)

    def may_activate_as_though_haste(self, player: str) -> None:
        """``player`` may activate abilities of creatures they control as though they had haste (609.4)."""
        self._add("may_activate_as_though_haste", player)
