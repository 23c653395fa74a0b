"""GameState builder methods: a sequence of events after the state (issue 15; CR 117, 500-514,
601, 608, 701; rules_asp/time/).

Each ``then_*`` method appends one event; the state the builder describes is the state before the
first. :meth:`pyrules.api.KnowledgeBase.run` answers the sequence step by step. The events become
the facts ``event(K, E)`` (K = 1, 2, ... in order) and their details, documented in
``rules_asp/time/events.lp``.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from clingo import Number, Symbol

from pyrules.facts.terms import ident
from pyrules.facts.validation import Function

#: The zones an object can be moved to by :meth:`EventsMixin.then_move` (400.1; the stack only by casting).
MOVE_ZONES = ("hand", "graveyard", "library", "exile", "battlefield", "command")
#: The steps :meth:`EventsMixin.then_go_to` accepts (500.1; a main phase by its phase name).
STEPS = ("upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers", "declare_blockers",
         "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")


def token_id(spell: str, ability: int = 1, description: int = 1, number: int = 1) -> Symbol:
    """The id of a token a resolving spell creates (111.1; rules_asp/time/resolution_effects_tokens_and_cards.lp):
    the ``number``-th token of the ``description``-th token description (1, 2, ... as written) of ability
    ``ability`` (1-based, as printed) of ``spell`` (an object id). A value to name the token in later
    events (``then_cast(..., targets=[token_id("alarm")])``, ``then_destroy(token_id("alarm", number=2))``);
    the sequence's states hold it as ``token(alarm,1,1,2)``. For a mode M of a modal ability A the
    ability is ``(A, M)``.

    Raises:
        StateValueError: a number that is not an integer of 1 or more.
    """
    from pyrules.errors import StateValueError
    if isinstance(ability, tuple):
        if len(ability) != 2:
            raise StateValueError(f"token_id: ability must be a number or (ability, mode), not {ability!r}", "ability")
        parts = ability
    else:
        parts = (ability,)
    for label, value in [("ability", a) for a in parts] + [("description", description), ("number", number)]:
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise StateValueError(f"token_id: {label} must be a number of 1 or more, not {value!r}", label)
    where = Number(parts[0]) if len(parts) == 1 else Function("mode", [Number(parts[0]), Number(parts[1])])
    return Function("token", [ident(spell), where, Number(description), Number(number)])


def copy_id(obj: str, card: str) -> Symbol:
    """The id of the permanent the card ``obj`` becomes when it enters as a copy of a permanent whose
    copiable values are those of the card named ``card`` (707.2, 400.7: a new object;
    rules_asp/time/entering_as_a_copy.lp): ``copy_of(obj,"card")`` in the sequence's states."""
    from clingo import String
    return Function("copy_of", [ident(obj), String(card)])


def spell_copy_id(obj: str, card: str) -> Symbol:
    """The id of the copy of a spell (a spell whose card is named ``card``) that the resolving ``obj``
    ("Copy target instant or sorcery spell") puts on the stack (707.10; rules_asp/time/spell_copies.lp):
    ``spell_copy(obj,"card")`` in the sequence's states; a copy of a permanent spell keeps it as the
    token it becomes (608.3f)."""
    from clingo import String
    return Function("spell_copy", [ident(obj), String(card)])


def trigger_occurrence(source: str, obj: str) -> Symbol:
    """The name of one occurrence of a triggered ability that one event triggered several times
    (603.2c: two creatures entering at once, three dying in one check): the ability of ``source``
    triggered by ``obj``'s event (the creature that entered or died; ``source`` itself for its own).
    A key of :meth:`EventsMixin.then_put_triggers`' ``targets`` and an entry of its ``order``; the
    sequence's states hold the ability as ``ability(source,A,occurrence(T,obj))``
    (rules_asp/time/triggers.lp)."""
    return Function("occurrence", [ident(source), ident(obj)])


def trigger_instance(source: str, number: int) -> Symbol:
    """The name of one of the triggered abilities of two or more instances of one keyword on ``source``
    (113.2c, 702.108b: each instance triggers separately; rules_asp/time/keyword_triggers.lp): the
    ``number``-th (1, 2, ...; the instances in the rule base's order — they do the same thing). A key of
    :meth:`EventsMixin.then_put_triggers`' ``targets`` and an entry of its ``order``; the sequence's
    states hold the ability as ``ability(source,keyword(K),instance(W,number))``.

    Raises:
        StateValueError: a number that is not an integer of 1 or more.
    """
    from pyrules.errors import StateValueError
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        raise StateValueError(f"trigger_instance: number must be a number of 1 or more, not {number!r}", "number")
    return Function("instance", [ident(source), Number(number)])


def _pay_with(method: str, sources: Sequence[str]) -> list[tuple[str, list[Symbol]]]:
    """The facts ``event_pay_with(K, X)`` of an event's ``pay_with`` (object ids, 601.2g-h).

    Raises:
        StateValueError: ``sources`` is a string or not a list of ids.
    """
    from pyrules.errors import StateValueError
    if isinstance(sources, str) or not isinstance(sources, Sequence):
        raise StateValueError(f"{method}: pay_with must be a list of source ids, not {sources!r}", "pay_with")
    return [("event_pay_with", [ident(x)]) for x in dict.fromkeys(sources)]


def _orders(method: str, orders: Mapping[str, Sequence[str]] | None) -> list[tuple[str, list[Symbol]]]:
    """The facts ``event_order(K, X, Ord)`` of an event's ``orders`` (616.1): affected object or player id
    -> the replacement and/or prevention effects on it in the order its chooser applies them, first
    first, written as the event's listed orders name them (``["effect(t,1)", "effect(f,1)"]``,
    ``["shield_counter", "regeneration_shield"]``, ``["shield(effect(hs,mode(1,2),3))", "shield_counter"]``;
    rules_asp/time/replacement_orders_chosen.lp). Each effect's text is built into a term from its
    checked parts, never parsed by clingo.

    Raises:
        StateValueError: ``orders`` is no table of ids to lists of two or more effects, or an effect is
            no ASP term.
    """
    from pyrules.errors import StateValueError
    from pyrules.facts.terms import _term
    if orders is None:
        return []
    if not isinstance(orders, Mapping):
        raise StateValueError(f"{method}: orders must map an affected object or player to its effects in order, "
                              f"not {orders!r}", "orders")
    details = []
    for affected, effects in orders.items():
        if isinstance(effects, str) or not isinstance(effects, Sequence) or len(effects) < 2:
            raise StateValueError(f"{method}: orders: the order for {affected!r} must be a list of two or more "
                                  f"effects, first applied first, not {effects!r}", "orders")
        terms = [_term(method, "orders", e, ("effect(P,A)", "shield_counter", "regeneration_shield", "shield(E)"))
                 for e in effects]
        details.append(("event_order", [ident(affected), Function("", terms)]))
    return details


class EventsMixin:
    """Builder methods of :class:`pyrules.facts.state.GameState`: events in order (issue 15)."""

    def _event(self, term: Symbol, *details: tuple[str, list[Symbol]]) -> int:
        k = sum(1 for f in self.sequence_events if f.name == "event") + 1
        self.sequence_events.append(Function("event", [Number(k), term]))
        for name, args in details:
            self.sequence_events.append(Function(name, [Number(k)] + args))
        return k

    def then_cast(self, player: str, obj: str, face: int = 1, targets: Sequence[str] = (),
                  x: int | None = None, modes: Sequence[int] = (), *, method: str | None = None,
                  alternative_costs: Sequence[str] = (), additional_costs: Sequence[str] = (),
                  pays: Mapping[int | str, str] | None = None, timing: str | None = None,
                  pay_with: Sequence[str] = ()) -> None:
        """``player`` casts face ``face`` of ``obj`` (601.2), choosing ``targets`` (object or player
        ids, 601.2c), announcing ``x`` (601.2b) and, for a modal spell, the ``modes`` chosen (700.2,
        601.2b: mode numbers 1, 2, ... as printed; facts ``event_mode(K, I, M)``). Whether it may be
        cast is the rule base's verdict at that moment; a cast it forbids (also a mode the card
        doesn't have, or a number of modes its "choose ..." doesn't allow) stops the sequence (the
        step says why).

        Announcements (601.2b), as :meth:`pyrules.facts.costs.CostsMixin.propose` takes them: the
        ``method`` (``normal``, ``flashback``, ``without_paying_mana_cost``, ...), ``alternative_costs``
        and ``additional_costs`` paid (``kicker`` ...), a payment per mana symbol (``pays``) and the
        ``timing`` permission used. With any of them the cast is also checked as that proposal at that
        moment (rules_asp/time/cast_announcements.lp: costs.lp's proposal_illegal / proposal_undecided
        refuse it), and an announced method is the spell's cast method (flashback: exiled as it
        leaves the stack, 702.34a).

        Mana (601.2g-h; rules_asp/time/mana_payment_in_sequences.lp): ``pay_with`` names the sources
        (object ids) whose mana abilities pay the cost (facts ``event_pay_with(K, X)``): they become
        tapped (107.5); a source that is not the caster's usable mana source, one not needed, or a cost
        they can't pay refuses the cast. Without it, a state that asks payments
        (:meth:`pyrules.facts.costs.CostsMixin.ask_payments`) has each cast paid by a payment the rule
        base derives (a cost the caster's sources can't pay refuses the cast, 601.2h); a state that
        doesn't assumes the mana paid.

        Raises:
            StateValueError: a face or mode that is no number; QueryError: a method, payment or timing
                that is not one pyrules knows (pyrules.facts.terms).
        """
        from pyrules.errors import StateValueError
        from pyrules.facts.terms import CAST_METHODS, PAYMENTS, TIMINGS, _term
        if not isinstance(face, int) or isinstance(face, bool) or face < 0:
            raise StateValueError(f"then_cast: face must be a face number (0 or more), not {face!r}", "face")
        for m in modes:
            if not isinstance(m, int) or isinstance(m, bool) or m < 1:
                raise StateValueError(f"then_cast: a mode must be a mode number (1 or more), not {m!r}", "modes")
        details = [("event_target", [ident(t)]) for t in targets]
        details += [("event_mode", [Number(i), Number(m)]) for i, m in enumerate(modes, start=1)]
        if x is not None:
            if not isinstance(x, int) or isinstance(x, bool) or x < 0:  # 107.1b: never a negative number
                raise StateValueError(f"then_cast: x must be a number of 0 or more, not {x!r}", "x")
            details.append(("event_x", [Number(x)]))
        if method is not None:
            details.append(("event_method", [_term("then_cast", "method", method, CAST_METHODS)]))
        details += [("event_alternative_cost", [ident(k)]) for k in alternative_costs]
        details += [("event_additional_cost", [ident(k)]) for k in additional_costs]
        for i, p in (pays or {}).items():
            if isinstance(i, str) and i.isdigit():  # a TOML table's keys are strings
                i = int(i)
            if not isinstance(i, int) or isinstance(i, bool) or i < 1:
                raise StateValueError(f"then_cast: pays: a mana symbol's number must be 1 or more, not {i!r}", "pays")
            details.append(("event_pays", [Number(i), _term("then_cast", f"pays[{i}]", p, PAYMENTS)]))
        if timing is not None:
            details.append(("event_timing", [_term("then_cast", "timing", timing, TIMINGS)]))
        details += _pay_with("then_cast", pay_with)
        self._event(Function("cast", [ident(player), ident(obj), Number(face)]), *details)

    def commander_returns(self, obj: str, returns: bool = True) -> None:
        """In this sequence, whenever the commander ``obj`` is put into a graveyard or into exile, its owner
        puts it into the command zone at the next check of state-based actions (``returns``) or leaves it
        there (903.9a, 704.6d: the owner's choice; facts ``commander_zone_choice(O, yes|no)``,
        rules_asp/time/commander_in_sequences.lp). Not stated, it stays and the choice is listed as an
        assumption of the answers after it.

        Raises:
            StateValueError: ``returns`` is not True or False.
        """
        from pyrules.errors import StateValueError
        if not isinstance(returns, bool):
            raise StateValueError(f"commander_returns: returns must be true or false, not {returns!r}", "returns")
        self.sequence_events.append(Function("commander_zone_choice", [ident(obj), Function("yes" if returns else "no")]))

    def then_resolve(self, accepts: Sequence[int] = (), declines: Sequence[int] = (),
                     discards: Sequence[str] = (), copy_of: str | Symbol | None = None,
                     new_targets: Sequence[str | Symbol] = (), sacrifices: Sequence[str] = (),
                     orders: Mapping[str, Sequence[str]] | None = None) -> None:
        """The object on top of the stack resolves (608.2; a permanent spell enters the battlefield,
        608.3). With two or more objects on the stack, the order is that of the casts in the sequence.

        The choices made as it resolves (608.2d; rules_asp/time/resolution_effects_choices.lp and
        resolution_effects_tokens_and_cards.lp): ``accepts`` / ``declines`` are the numbers (1-based, as
        printed) of the abilities whose "you may ..." its controller does / doesn't do (facts
        ``event_choice(K, A, yes|no)``; "If you do" follows, 608.2c); ``discards`` the cards a player
        discards when it says "discard(s) N cards" (701.9b: that player chooses; facts
        ``event_discard(K, X)``). A choice not stated stays an assumption of the answers after it; a
        choice for an ability with no "you may", or discards the effect doesn't ask for (a card not in
        that hand, another number of cards), refuse the event (the step says why).

        ``copy_of``: a permanent with "You may have this creature enter as a copy of ..." enters as a
        copy of that permanent (707.2, 614.1c; fact ``event_copy_choice(K, X)``; declined:
        ``declines=[A]``; rules_asp/time/entering_as_a_copy.lp); the permanent that enters is named
        by :func:`copy_id`. ``new_targets``: the targets chosen for the copy a resolving "Copy target
        ... spell. You may choose new targets for the copy" puts on the stack (707.10c; facts
        ``event_new_target(K, T)``; none: the copy keeps the original's; rules_asp/time/spell_copies.lp).
        ``sacrifices``: the creature its controller sacrifices for an accepted "you may sacrifice another
        creature" (701.21a; fact ``event_sacrifice(K, X)``); done, its "When you do, ..." triggers (603.12;
        rules_asp/time/reflexive_triggers.lp); not stated, whether it triggers stays an assumption.
        ``orders``: for an object or player whose replacement and/or prevention effects the event lists
        orders for (616.1; :attr:`pyrules.timeline.steps.Step.orders`), the order its chooser applies them
        in (:func:`_orders`): the event goes on with that order's result; an order not listed refuses it.

        Raises:
            StateValueError: an ability number that is not 1 or more, or one both accepted and declined;
                orders that are no table of ids to lists of effects.
        """
        from pyrules.errors import StateValueError
        for label, numbers in (("accepts", accepts), ("declines", declines)):
            for a in numbers:
                if not isinstance(a, int) or isinstance(a, bool) or a < 1:
                    raise StateValueError(f"then_resolve: {label} holds ability numbers (1 or more), not {a!r}", label)
        both = sorted(set(accepts) & set(declines))
        if both:
            raise StateValueError(f"then_resolve: ability {both[0]} is both in accepts and in declines", "accepts")
        details = [("event_choice", [Number(a), Function("yes")]) for a in dict.fromkeys(accepts)]
        details += [("event_choice", [Number(a), Function("no")]) for a in dict.fromkeys(declines)]
        details += [("event_discard", [ident(x)]) for x in dict.fromkeys(discards)]
        if copy_of is not None:
            details.append(("event_copy_choice", [ident(copy_of)]))
        details += [("event_new_target", [ident(x)]) for x in dict.fromkeys(new_targets)]
        details += [("event_sacrifice", [ident(x)]) for x in dict.fromkeys(sacrifices)]
        details += _orders("then_resolve", orders)
        self._event(Function("resolve"), *details)

    def then_pass_priority(self) -> None:
        """The player with priority passes; the next player in turn order receives it (117.3d; two
        players only: a longer turn order is not an input yet). To respond to a spell, the caster
        passes and the other player casts (117.3c gave the caster priority)."""
        self._event(Function("pass_priority"))

    def then_put_triggers(self, targets: Mapping[str | Symbol, Sequence[str]] | None = None,
                          order: Sequence[str | Symbol] = ()) -> None:
        """The triggered abilities waiting to be put on the stack go on it (603.3: the next time a
        player would receive priority; the active player's first, 603.3b), with the targets chosen
        for each (603.3d): ``targets`` maps a source object (the permanent whose ability triggered)
        to the targets of its ability (facts ``event_trigger_target(K, O, T)``; an empty list: no legal
        choice exists, the ability is removed from the stack, 603.3d); ``order`` lists the
        sources of one player's abilities in the order that player puts them on the stack, first
        put (lowest) first — needed when a player has two or more (facts ``event_trigger_order(K,
        I, O)``; rules_asp/time/triggers.lp). While an ability waits, any other event is refused.
        An ability one event triggered several times (603.2c) is named, in both, by
        :func:`trigger_occurrence` (source, the object whose event it was) instead of its source.

        Raises:
            StateValueError: ``targets`` is not a mapping of ids to lists of ids, or ``order`` not a
                list of ids.
        """
        from pyrules.errors import StateValueError
        if targets is not None and not isinstance(targets, Mapping):
            raise StateValueError(f"then_put_triggers: targets must map a source to its targets, not {targets!r}", "targets")
        details = []
        for source, chosen in (targets or {}).items():
            if isinstance(chosen, str) or not isinstance(chosen, Sequence):
                raise StateValueError(f"then_put_triggers: the targets of {source!r} must be a list of ids, "
                                      f"not {chosen!r}", "targets")
            details += [("event_trigger_target", [ident(source), ident(t)]) for t in chosen]
            if not chosen:  # 603.3d: no legal choice of target, the ability is removed from the stack
                details.append(("event_trigger_without_target", [ident(source)]))
        if isinstance(order, str) or not isinstance(order, Sequence):
            raise StateValueError(f"then_put_triggers: order must be a list of source ids, not {order!r}", "order")
        details += [("event_trigger_order", [Number(i), ident(o)]) for i, o in enumerate(order, start=1)]
        self._event(Function("put_triggers"), *details)

    def then_play_land(self, player: str, obj: str) -> None:
        """``player`` plays the land ``obj`` (116.2a, 305.1: a special action, onto the battlefield
        without using the stack): the rule base's verdict at that moment (may_play_land/3) decides
        whether they may; played, it counts as one more land played this turn (305.2a)."""
        self._event(Function("play_land", [ident(player), ident(obj)]))

    def then_unlock(self, player: str, obj: str, face: int) -> None:
        """``player`` unlocks door ``face`` (1 left, 2 right) of the Room permanent ``obj`` by paying its
        unlock cost (709.5e: a special action, own main phase, empty stack, priority; refused
        otherwise). The cost is not judged: an assumption of the answers of that moment
        (rules_asp/time/rooms.lp).

        Raises:
            StateValueError: a face that is not a number of 1 or more.
        """
        from pyrules.errors import StateValueError
        if not isinstance(face, int) or isinstance(face, bool) or face < 1:
            raise StateValueError(f"then_unlock: face must be a door number (1 or more), not {face!r}", "face")
        self._event(Function("unlock", [ident(player), ident(obj), Number(face)]))

    def then_destroy(self, obj: str, orders: Mapping[str, Sequence[str]] | None = None) -> None:
        """``obj`` is destroyed (701.8a: regeneration and indestructible apply). ``orders``: the order its
        controller applies the effects that replace the destruction in (616.1; as :meth:`then_resolve`'s),
        e.g. ``{"d": ["regeneration_shield", "shield_counter"]}``.

        Raises:
            StateValueError: orders that are no table of ids to lists of effects.
        """
        self._event(Function("destroy", [ident(obj)]), *_orders("then_destroy", orders))

    def then_sacrifice(self, obj: str) -> None:
        """``obj``'s controller sacrifices it (701.21a)."""
        self._event(Function("sacrifice", [ident(obj)]))

    def then_move(self, obj: str, zone: str) -> None:
        """``obj`` is put into its owner's ``zone`` (400.3; one of :data:`MOVE_ZONES`)."""
        if zone not in MOVE_ZONES:
            from pyrules.errors import StateValueError
            raise StateValueError(f"then_move: zone must be one of {', '.join(MOVE_ZONES)}, not {zone!r}", "zone")
        self._event(Function("move", [ident(obj), Function(zone)]))

    def then_declare_attackers(self, attacks: Mapping[str, str]) -> None:
        """The active player declares ``attacks``: attacking creature id -> the player or
        planeswalker it attacks (508.1)."""
        details = [("event_attacker", [ident(a), ident(r)]) for a, r in attacks.items()]
        self._event(Function("declare_attackers"), *details)

    def then_declare_blockers(self, blocks: Mapping[str, str]) -> None:
        """The defending player declares ``blocks``: blocking creature id -> the attacker it blocks (509.1)."""
        details = [("event_blocker", [ident(b), ident(a)]) for b, a in blocks.items()]
        self._event(Function("declare_blockers"), *details)

    def then_combat_damage(self, assignments: Mapping[str, Mapping[str, int]] | None = None,
                           orders: Mapping[str, Sequence[str]] | None = None) -> None:
        """A combat damage step: the first-strike step if a creature in combat has first strike or
        double strike and none was dealt yet, else the regular one (510, 510.4).

        ``assignments``: for a creature whose controller chooses how its combat damage is divided
        (among two or more blockers, 510.1c; a trampler's damage beyond lethal to its blockers,
        702.19b), creature id -> {recipient id (creature, player or planeswalker): damage}, e.g.
        ``{"maw": {"bears": 2, "bob": 4}}`` (facts ``event_assigns(K, S, R, N)``). The rule base checks
        it (all of its power, 510.1a; lethal damage to each blocker before what it attacks, 702.19b);
        without one where a choice is needed, the step is refused. ``orders``: the order the affected
        player (or controller) applies the damage's replacement and/or prevention effects in (616.1; as
        :meth:`then_resolve`'s).

        Raises:
            StateValueError: an amount that is not a whole number of 0 or more; orders that are no table
                of ids to lists of effects.
        """
        from pyrules.errors import StateValueError
        if not isinstance(assignments, (Mapping, type(None))):
            raise StateValueError(f"then_combat_damage: assignments must be a table creature -> "
                                  f"{{recipient: damage}}, not {assignments!r}", "assignments")
        details = []
        for source, split in (assignments or {}).items():
            if not isinstance(split, Mapping):
                raise StateValueError(f"then_combat_damage: the assignment of {source} must be a table "
                                      f"recipient -> damage ({{bears = 2, bob = 4}}), not {split!r}", "assignments")
            for recipient, amount in split.items():
                if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
                    raise StateValueError(f"then_combat_damage: the damage {source} assigns to {recipient} must be "
                                          f"a whole number of 0 or more, not {amount!r}", "assignments")
                details.append(("event_assigns", [ident(source), ident(recipient), Number(amount)]))
        details += _orders("then_combat_damage", orders)
        self._event(Function("combat_damage"), *details)

    def then_go_to(self, step: str) -> None:
        """The game proceeds to ``step`` of this turn (500.1; one of :data:`STEPS`; passing the
        cleanup step performs its actions, 514.2)."""
        if step not in STEPS:
            from pyrules.errors import StateValueError
            raise StateValueError(f"then_go_to: step must be one of {', '.join(STEPS)}, not {step!r}", "step")
        self._event(Function("go_to", [Function(step)]))

    def then_next_turn(self, player: str) -> None:
        """The turn ends (its cleanup step, 514.2, if not yet performed) and ``player``'s turn begins
        with its untap step (502.3)."""
        self._event(Function("next_turn", [ident(player)]))

    def then_activate(self, player: str, obj: str, ability: int, targets: Sequence[str] = (),
                      x: int | None = None, pay_with: Sequence[str] = (), discards: Sequence[str] = ()) -> None:
        """``player`` activates ability number ``ability`` (1-based, as printed on ``obj``'s face) of
        ``obj`` (602.2), choosing ``targets`` (602.2b) and announcing ``x`` for a cost with {X}
        (602.2b, 601.2b; refused for a cost without it): the rule base's verdict at that moment decides
        whether it may; a mana ability resolves at once (605.3b), any other goes on the stack.
        ``pay_with`` names the sources that pay its mana cost, as :meth:`then_cast`'s does (602.2b).
        ``discards`` the cards of the activator's hand discarded to pay a "Discard N cards" cost (602.2h,
        701.9a; facts ``event_discard(K, X)``; rules_asp/time/discard_costs.lp): not stated, that cost
        stays an assumption; another number of cards, or a card not in that hand, refuses the event.

        Raises:
            StateValueError: an ability number that is not 1 or more, an X that is no number of 0 or more, or discards that are no list of ids.
        """
        from pyrules.errors import StateValueError
        if not isinstance(ability, int) or isinstance(ability, bool) or ability < 1:
            raise StateValueError(f"then_activate: ability must be an ability number (1 or more), not {ability!r}",
                                  "ability")
        details = [("event_target", [ident(t)]) for t in targets]
        if x is not None:
            if not isinstance(x, int) or isinstance(x, bool) or x < 0:
                raise StateValueError(f"then_activate: x must be a number of 0 or more, not {x!r}", "x")
            details.append(("event_x", [Number(x)]))
        details += _pay_with("then_activate", pay_with)
        if isinstance(discards, str) or not isinstance(discards, Sequence):
            raise StateValueError(f"then_activate: discards must be a list of card ids, not {discards!r}", "discards")
        details += [("event_discard", [ident(c)]) for c in dict.fromkeys(discards)]
        self._event(Function("activate", [ident(player), ident(obj), Number(ability)]), *details)
