"""GameState builder methods: Casting and its costs (CR 601.2, 118)."""

from __future__ import annotations

from typing import Iterable

from clingo import Number

from pyrules.errors import QueryError
from pyrules.facts.terms import CAST_METHODS, PAYMENTS, TIMINGS, _term, ident
from pyrules.facts.validation import Function


class CostsMixin:
    """Builder methods of :class:`pyrules.facts.state.GameState`: Casting and its costs (CR 601.2,
    118)."""

    def begin_casting(self, player: str, obj: str, face: int, effect: str) -> None:
        """``player`` has begun casting face ``face`` of ``obj`` as though it had flash through ``effect``
        and is still casting it (601.5a)."""
        self.extra.append(Function("begun_casting", [ident(player), ident(obj), Number(face), ident(effect)]))

    def cost_floor(self, effect: str, mana: int) -> None:
        """Each spell that would cost less than ``mana`` mana costs ``mana`` (601.2f; Trinisphere)."""
        self.extra.append(Function("spell_cost_floor", [ident(effect), Number(mana)]))

    def cost_increase(self, effect: str, mana: int, *, source: str | None = None,
                      card_types: Iterable[str] = (), not_card_types: Iterable[str] = ()) -> None:
        """Spells with these qualities cost {``mana``} more to cast (601.2f; Thalia, Guardian of
        Thraben: ``not_card_types=("creature",)``)."""
        self.extra.append(Function("spell_cost_increase", [ident(effect), Number(mana)]))
        self.extra += [Function("requires_card_type", [ident(effect), Function(t)]) for t in card_types]
        self.extra += [Function("requires_not_card_type", [ident(effect), Function(t)]) for t in not_card_types]
        self._effect_terms(effect, source, (), False, None, None, None, None, None)

    def cost_reduction(self, effect: str, player: str, mana: int, *, source: str | None = None,
                       name: str | None = None, only_object: str | None = None,
                       card_types: Iterable[str] = ()) -> None:
        """Spells ``player`` casts with these qualities cost {``mana``} (generic) less to cast (601.2f,
        118.7a: never less colored mana); ``name``: spells with that name (709.4a); ``only_object``:
        that object only (a copy "costs {2} less", God-Eternal Kefnet)."""
        self.extra.append(Function("spell_cost_reduction", [ident(effect), ident(player), Number(mana)]))
        self.extra += [Function("requires_card_type", [ident(effect), Function(t)]) for t in card_types]
        self._effect_terms(effect, source, (), False, only_object, name, None, None, None)

    def cost_reduction_symbols(self, effect: str, player: str, mana_cost: str, *, source: str | None = None,
                               name: str | None = None, only_object: str | None = None,
                               card_types: Iterable[str] = ()) -> None:
        """Spells ``player`` casts with these qualities cost ``mana_cost`` less to cast, mana symbols as
        printed (``"{W}{B}"``, ``"{C}"``, ``"{G/P}"``, ``"{W/U}"``, ``"{2}"``, ``"{S}"``). Each symbol
        reduces mana of its type, and what the cost lacks of that type its generic mana (601.2f,
        118.7b-g; rules_asp/casting/colored_reductions.lp); qualities as :meth:`cost_reduction`. (An
        effect that "reduces only the amount of colored mana you pay", Edgewalker's, is not this one.)

        Raises:
            StateValueError: ``mana_cost`` is no mana cost (CR 107.4's symbols) or is empty.
        """
        from pyrules.errors import CardTextError, StateValueError
        from pyrules.facts.card_facts import mana_symbol_term
        from pyrules.parser.mana_cost import parse_mana_cost

        try:
            symbols = parse_mana_cost(mana_cost, "cost_reduction_symbols: mana_cost").symbols
        except CardTextError as err:
            raise StateValueError(f"cost_reduction_symbols: mana_cost {mana_cost!r} is no mana cost: {err.message}",
                                  "mana_cost") from None
        if not symbols:
            raise StateValueError("cost_reduction_symbols: mana_cost must name at least one mana symbol", "mana_cost")
        e = ident(effect)
        self.extra += [Function("spell_cost_reduction_symbol", [e, ident(player), Number(i), mana_symbol_term(sym)])
                       for i, sym in enumerate(symbols, start=1)]
        self.extra += [Function("requires_card_type", [e, Function(t)]) for t in card_types]
        self._effect_terms(effect, source, (), False, only_object, name, None, None, None)

    def tournament_format(self, fmt: str, mystery_booster_limited: bool = False) -> None:
        """Ask about tournament format ``fmt`` (100.6)."""
        self.extra.append(Function("tournament_format", [ident(fmt)]))
        if mystery_booster_limited:
            self.extra.append(Function("mystery_booster_limited_format", [ident(fmt)]))

    def propose(self, proposal: str, player: str, obj: str, face: int = 1, method: str = "normal", *,
                x: int | None = None, alternative_costs: Iterable[str] = (),
                additional_costs: Iterable[str] = (), pays: dict[int, str] | None = None,
                targets: Iterable[str] = (), modes: Iterable[int] = (), splice: Iterable[str] = (),
                fused: bool = False, timing: str | None = None) -> None:
        """``player`` proposes casting face ``face`` of ``obj`` (601.2a-c) by ``method`` (``normal``,
        ``flashback``, ``without_paying_mana_cost``, ``alternative(K)``; face 0 by ``morph``,
        ``megamorph`` or ``disguise``: face down, 702.37c, 708.4), announcing X, alternative and
        additional costs, and for mana symbol I (1-based) a payment term (``"colored(b)"``,
        ``"life(2)"``, ``"generic(2)"``) (601.2b); ``modes``: the modes chosen, in order (1-based as
        printed, repeats kept: 700.2d); ``splice``: objects revealed to splice onto it, in the order of
        their effects (702.47b); ``fused``: cast split card ``obj`` fused, all its halves (702.102a; ``face`` 1);
        ``timing``: the timing permission the cast uses (``proposal_timing/2``: ``"sorcery_timing"``,
        ``"instant"``, ``"flash"``, ``"during_resolution"``, ``"as_though_flash(E)"`` for effect E;
        rules_asp/casting/timing.lp: e.g. Armor of Thorns cast through its own ability, 307.5a).

        Raises:
            QueryError: unknown object, or a method/payment/timing that is not an ASP term.
        """
        if obj not in self.objects:
            raise QueryError(f"proposal {proposal!r}: no object {obj!r} in this state")
        pr = ident(proposal)
        out = [Function("proposal", [pr, ident(player), ident(obj), Number(face)]),
               Function("proposal_method", [pr, _term("propose", "method", method, CAST_METHODS)])]
        out += [Function("proposal_pays", [pr, Number(i), _term("propose", f"pays[{i}]", p, PAYMENTS)])
                for i, p in (pays or {}).items()]
        if timing is not None:
            out.append(Function("proposal_timing", [pr, _term("propose", "timing", timing, TIMINGS)]))
        out += [Function("proposal_alternative_cost", [pr, ident(k)]) for k in alternative_costs]
        out += [Function("proposal_additional_cost", [pr, ident(k)]) for k in additional_costs]
        out += [Function("proposal_target", [pr, ident(t)]) for t in targets]
        out += [Function("proposal_mode", [pr, Number(i), Number(m)]) for i, m in enumerate(modes, 1)]
        out += [Function("proposal_splice", [pr, Number(i), ident(o)]) for i, o in enumerate(splice, 1)]
        if x is not None:
            out.append(Function("proposal_x", [pr, Number(x)]))
        if fused:
            out.append(Function("proposal_fused", [pr]))
        self.extra += out

    def ask_payments(self) -> None:
        """Ask whether each spell a player may begin to cast by its mana cost can be paid with the mana
        their permanents can produce now, and what those produce (601.2g-h, 605;
        :meth:`pyrules.answers.answer_set.Answers.payments`). Not asked, none of it is computed."""
        self.extra.append(Function("payments_asked", []))

    def ask_characteristics(self) -> None:
        """Ask for each object's characteristics now (109.3; :meth:`pyrules.answers.answer_set.Answers.characteristics`,
        rules_asp/characteristics_and_objects/object_characteristics.lp). Not asked, none of it is computed."""
        if Function("characteristics_asked", []) not in self.extra:
            self.extra.append(Function("characteristics_asked", []))

    def ask_payment(self, obj: str) -> None:
        """Ask whether ``obj`` (a card off the battlefield) can be paid for, as :meth:`ask_payments`
        does for every spell, and for one way to pay the mana of its total cost with the mana its
        caster's permanents can produce now: which source pays which symbol (601.2g-h, 107.4;
        :attr:`pyrules.answers.payments.Payment.uses`).

        Raises:
            QueryError: ``obj`` is no object of this state.
        """
        if obj not in self.objects:
            raise QueryError(f"ask_payment: no object {obj!r} in this state")
        self._add("payment_asked", obj)

    def set_mana_spent_this_turn(self, player: str, mana: int) -> None:
        """``player`` spent ``mana`` to cast spells this turn before the events (700.14)."""
        self._add("mana_spent_to_cast_this_turn", player, mana)

    def pay_cast_cost(self, event: str, player: str, spell: str, mana: int) -> None:
        """Event ``event``: ``player`` pays a cost to cast ``spell``, spending ``mana`` mana (700.14)."""
        self._add("cast_cost_payment", event, player, spell, mana)

    def set_cast_method(self, spell: str, method: str) -> None:
        """``spell`` on the stack was cast by ``method`` (``normal``, ``flashback``,
        ``without_paying_mana_cost``, ``alternative(K)``; as :meth:`propose`).

        Raises:
            StateValueError: a method that is not an ASP term.
        """
        self._add("cast_method", spell, _term("set_cast_method", "method", method, CAST_METHODS))

    def cast_spell(self, event: str, player: str, spell: str) -> None:
        """Event ``event``: ``player`` casts ``spell``, an object already on the stack as it was cast
        (601.2i: abilities that trigger on casting trigger; rules_asp/casting/cast_triggers.lp)."""
        self._add("cast_event", event, player, spell)
