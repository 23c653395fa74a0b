"""GameState builder methods: Effects on characteristics and abilities (CR 113, 205, 613, 702)."""

from __future__ import annotations

from typing import Iterable

from clingo import Number, String

from pyrules.facts.terms import counter_kind_term, ident, keyword_term
from pyrules.facts.validation import Function


class CharacteristicsMixin:
    """Builder methods of :class:`pyrules.facts.state.GameState`: Effects on characteristics and
    abilities (CR 113, 205, 613, 702)."""

    def set_unlocked_doors(self, obj: str, faces: Iterable[int] = ()) -> None:
        """Room permanent ``obj`` (a split permanent with a shared type line, 709.5) has exactly the
        halves ``faces`` (1-based: 1 left, 2 right) unlocked (709.5c); ``()``: both locked. Without
        this a Room on the battlefield has no name, mana cost or rules text here (unknown, never both
        halves' combined). Refused by the rule base for an object that is not a Room permanent."""
        self.extra.append(Function("doors_recorded", [ident(obj)]))
        self.extra += [Function("door_unlocked", [ident(obj), Number(f)]) for f in faces]

    def grant_keyword(self, effect: str, obj: str, keyword: str, *, source: str | None = None,
                      condition: str | None = None) -> None:
        """Effect ``effect`` gives ``obj`` keyword ability ``keyword`` (the CR's words: ``flash``,
        ``"double strike"``; :func:`pyrules.facts.terms.keyword_term`),
        only while ``condition`` is met if given (601.3d)."""
        self.extra.append(Function("grants_keyword", [ident(effect), ident(obj), keyword_term(keyword)]))
        self._effect_terms(effect, source, (), False, None, None, None, None, condition)

    def grant_keyword_number(self, effect: str, obj: str, keyword: str, number: int) -> None:
        """Effect ``effect`` gives ``obj`` numeric keyword ``keyword`` N (``toxic 2``, 702.164)."""
        self.grant_keyword(effect, obj, keyword)
        self._add("grants_keyword_number", effect, obj, keyword_term(keyword), number)

    def grant_keyword_counting(self, effect: str, obj: str, keyword: str, counted: str, kind: str) -> None:
        """Effect ``effect`` gives ``obj`` keyword ``keyword`` X, X = the number of ``kind`` counters on
        ``counted`` (702.1b: reevaluated constantly)."""
        self._add("grants_keyword_variable", effect, obj, keyword_term(keyword),
                  Function("counters_on", [ident(counted), counter_kind_term(kind)]))

    def grant_ability(self, obj: str, ability: str, kind: str) -> None:
        """``obj`` has ability ``ability`` (an id) of ``kind`` (``activated``, ``triggered``, ``static``)
        given by an effect or by the effect that created the token (111.3)."""
        self._add("granted_ability", obj, ability, Function(kind))

    def gain_card_type(self, obj: str, card_type: str) -> None:
        """An effect makes ``obj`` a ``card_type`` in addition to its other types (613.1d)."""
        self._add("gained_card_type", obj, Function(card_type))

    def activated_ability(self, obj: str, ability: str, cost_symbols: Iterable[str]) -> None:
        """``obj`` has activated ability ``ability`` whose cost has the symbols ``tap`` ({T}) and/or
        ``untap`` ({Q}) (107.5, 107.6)."""
        for s in cost_symbols:
            self._add("activated_ability_cost", obj, ability, Function(s))

    def set_protector(self, battle: str, player: str) -> None:
        """``player`` is ``battle``'s protector (310.8)."""
        self._add("protector", battle, player)

    def change_name(self, obj: str, name: str) -> None:
        """An effect changes ``obj``'s name to ``name``."""
        self._add("name_change", obj, String(name))

    def change_subtypes(self, obj: str, subtypes: Iterable[str]) -> None:
        """An effect makes ``obj``'s subtypes ``subtypes`` (replacing the others)."""
        for i, s in enumerate(subtypes, start=1):
            self._add("subtype_change", obj, i, String(s))

    def power_toughness_from_graveyard_card_types(self, obj: str, toughness_plus: int = 1) -> None:
        """``obj`` has the characteristic-defining ability (604.3) "power equal to the number of card
        types among cards in all graveyards, toughness that number plus ``toughness_plus``" (Tarmogoyf;
        a state input until the Oracle-text grammar reads it)."""
        count = Function("count_card_types", [Function("all_graveyards")])
        self._add("characteristic_defining", obj,
                  Function("power_toughness", [count, Function("plus", [Number(toughness_plus)])]))

    def exile_if_other_than_keywords(self, event: str, target: str) -> None:
        """Event ``event``: TL;DR resolves for target creature ``target``."""
        self._add("exile_if_other_than_keywords", event, target)
