"""GameState builder methods: Counters, damage and regeneration (CR 120, 122, 701.19)."""

from __future__ import annotations

from typing import Iterable

from clingo import String

from pyrules.facts.terms import counter_kind_term, ident, keyword_term
from pyrules.facts.validation import Function


class CountersAndDamageMixin:
    """Builder methods of :class:`pyrules.facts.state.GameState`: Counters, damage and regeneration
    (CR 120, 122, 701.19)."""

    def add_counters(self, obj: str, kind: str, number: int) -> None:
        """``obj`` has ``number`` counters of ``kind``: ``"+1/+1"``, ``"-1/-1"`` (any ``+X/+Y``, 122.1a),
        or a plain kind such as ``loyalty``, ``defense`` (122).

        Raises:
            QueryError: a malformed ``+X/+Y`` kind.
        """
        self._add("counters", obj, counter_kind_term(kind), number)

    def add_keyword_counters(self, obj: str, keyword: str, number: int = 1) -> None:
        """``obj`` has ``number`` counters named after keyword ``keyword`` (CR words, ``"first strike"``);
        whether that is a keyword counter giving the keyword is the rule base's answer (122.1b)."""
        k = keyword_term(keyword)
        self._add("counters", obj, Function("keyword", [k]), number)
        self._add("keyword_name", k, String(k.name.replace("_", " ")))

    def keyword_counter_catalog(self, names: Iterable[str]) -> None:
        """The keywords a keyword counter can be, as the parsed CR lists them (122.1b; pass
        ``RulesDocument.catalogs.keyword_counters``)."""
        for name in names:
            self._add("cr_keyword_counter", String(name))

    def mark_damage(self, obj: str, amount: int) -> None:
        """``amount`` damage is already marked on ``obj`` (120.6)."""
        self._add("damage_marked", obj, amount)

    def modify_toughness(self, obj: str, amount: int) -> None:
        """An effect adds ``amount`` (may be negative) to ``obj``'s toughness (613.4c). Several calls
        add up: the fact ``toughness_modifier(O, N)`` carries the total (two +1 effects give +2)."""
        o = ident(obj)
        total = amount
        for i, fact in enumerate(self.extra):
            if fact.name == "toughness_modifier" and fact.arguments[0] == o:
                total += fact.arguments[1].number
                del self.extra[i]
                break
        self._add("toughness_modifier", obj, total)

    def regeneration_shield(self, obj: str) -> None:
        """``obj`` has a regeneration shield (701.19a)."""
        self._add("regeneration_shield", obj)

    def cant_be_regenerated(self, obj: str) -> None:
        """An effect says ``obj`` can't be regenerated (701.19c)."""
        self._add("cant_be_regenerated", obj)

    # events (all events of one state are simultaneous; state-based actions are checked after them)

    def deal_damage(self, event: str, source: str, recipient: str, amount: int, combat: bool = False) -> None:
        """Event ``event``: ``source`` deals ``amount`` damage to ``recipient`` (a player or an object; 120)."""
        self._add("damage", event, source, recipient, amount)
        if combat:
            self._add("combat_damage", event)
