"""Typed outcome answers: what events do and what follows from them (issue 6).

Read them through :meth:`pyrules.answers.answer_set.Answers.outcomes`::

    out = kb.ask(state).outcomes()
    out.damage_results("combat")      # 120.3a–h results of each damage assignment
    out.state_based_actions()         # 704.5 actions checked after the events (704.3)
    out.life("bob"), out.poison("bob"), out.counters("bear", "-1/-1")
    out.results("triggers_on")        # 603.2, 603.2c: abilities triggered by the events
    out.triggered_tokens()            # 603.3a, 111.1: tokens those abilities will create
    out.activations("elf")            # 602, 605, 606: may each activated ability be activated now

Every answer comes from the clingo rule base (``rules_asp/damage_and_sba/damage.lp``, ``sba.lp``, ``counters.lp``,
``combat.lp``, ``tokens.lp``, ``designations.lp``, ``expend.lp``, ``shuffle.lp``, ``abilities.lp``;
activated abilities: ``casting/activation.lp``, read by :meth:`Outcomes.activate` and :meth:`Outcomes.activations`);
this module only maps the shown atoms to dataclasses. Each carries ``citations``: the CR rules the
rule base attached to it with ``cites/2``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

import clingo

from pyrules.answers.typed import Citation
from pyrules.errors import NoAnswerError, QueryError
from pyrules.facts.terms import counter_kind_term, ident, keyword_term, symbol_name
from pyrules.facts.validation import checked_arguments

if TYPE_CHECKING:  # pragma: no cover
    from pyrules.answers.answer_set import Answers


def _text(sym: clingo.Symbol) -> str:
    """A term as text: strings unquoted, ``pt(-1,-1)`` as ``-1/-1``, everything else as clingo prints it."""
    if sym.type == clingo.SymbolType.Function and sym.name == "pt" and len(sym.arguments) == 2:
        x, y = (a.number for a in sym.arguments)
        return f"{x:+d}/{y:+d}"
    return symbol_name(sym)


def _rules(citations: tuple[Citation, ...]) -> str:
    return ", ".join(c.rule for c in citations)


def _note(strength: str) -> str:
    """`` [assumed]`` / `` [unknown]`` after a line; nothing for a derived answer."""
    return "" if strength == "derived" else f" [{strength}]"


@dataclass(frozen=True)
class DamageResult:
    """One result of damage (CR 120.3a–h; deathtouch 702.2b).

    Attributes:
        event: the damage event id; ``source`` and ``recipient``: object/player ids.
        result: ``lose_life`` (120.3a), ``poison_counters`` (120.3b), ``toxic_poison_counters``
            (120.3g), ``put_counters`` (-1/-1 counters, 120.3d), ``mark_damage`` (120.3e),
            ``gain_life`` (120.3f), ``remove_counters`` (loyalty 120.3c / defense 120.3h),
            ``deathtouch`` (702.2b: the recipient was dealt damage by a deathtouch source).
        amount: life, counters or damage (whole numbers); None for ``deathtouch``.
        player: who gives the counters / gains the life (the source's controller), else None.
        counter: the counter kind for ``put_counters``/``remove_counters`` (``-1/-1``, ``loyalty``,
            ``defense``), else None.
        citations: CR rules.
    """

    event: str
    source: str
    recipient: str
    result: str
    amount: int | None
    player: str | None
    counter: str | None
    citations: tuple[Citation, ...]
    strength: str = "derived"  # answer_strength/2: derived | assumed | unknown

    def explain(self) -> str:
        """One line: the result and its rules."""
        extra = " ".join(x for x in (self.player and f"by {self.player}", self.counter,
                                    None if self.amount is None else str(self.amount)) if x)
        return (f"{self.source} -> {self.recipient}: {self.result} {extra} "
                f"(CR {_rules(self.citations)}){_note(self.strength)}")


@dataclass(frozen=True)
class StateBasedAction:
    """A state-based action performed when the game next checks (CR 704.3, 704.5).

    Attributes:
        action: ``loses_game`` (704.5a/c), ``ceases_to_exist`` (704.5d), ``put_into_graveyard``
            (704.5f/i/v), ``destroyed`` (704.5g/h), ``regenerated`` (701.19a replaced destruction),
            ``legend_rule`` (704.5j), ``annihilate_counters`` (704.5q); ``unknown``: whether one
            applies to ``subject`` is not known (detail: why, ``toughness_unknown``).
        subject: the player or object id.
        detail: the legend rule's name, or the number of +1/+1 and -1/-1 counters removed; else None.
        citations: CR rules (the 704.5 subrule that applies, and 704.3).
    """

    action: str
    subject: str
    detail: str | int | None
    citations: tuple[Citation, ...]
    strength: str = "derived"  # answer_strength/2: derived | assumed | unknown

    def explain(self) -> str:
        """One line."""
        detail = "" if self.detail is None else f" ({self.detail})"
        return f"{self.action}: {self.subject}{detail} (CR {_rules(self.citations)}){_note(self.strength)}"


@dataclass(frozen=True)
class Verdict:
    """A yes/no answer about one thing, with the reasons for a no.

    Attributes:
        question: ``attack`` (508.1a), ``activate`` (602.5a, 107.5, 107.6), ``attack_battle`` (310.8b),
            ``exile`` (TL;DR), ``token_copy`` (111.12), ``keyword`` (613.1f, 122.1b).
        subject: the object (or ``player:battle`` / ``event:object``) asked about; ``ability`` for
            activations, else None.
        allowed: the answer.
        reasons: why not: ``tapped``, ``untapped``, ``battle``, ``summoning_sickness``, ...
        citations: CR rules.
    """

    question: str
    subject: str
    ability: str | None
    allowed: bool
    reasons: tuple[str, ...]
    citations: tuple[Citation, ...]
    strength: str = "derived"  # answer_strength/2: derived | assumed | unknown

    def explain(self) -> str:
        """One line."""
        why = f": {', '.join(self.reasons)}" if self.reasons else ""
        what = f"{self.subject}" + (f" {self.ability}" if self.ability else "")
        return (f"{self.question} {what}: {'yes' if self.allowed else 'no'}{why} (CR {_rules(self.citations)})"
                f"{_note(self.strength)}")


_MANA_COLORS = {"w": "W", "u": "U", "b": "B", "r": "R", "g": "G"}


def _mana_text(sym: clingo.Symbol) -> str:
    """A mana symbol term (schema.lp face_mana_symbol/4) as printed: ``generic(2)`` -> ``{2}``,
    ``colored(g)`` -> ``{G}``, ``hybrid(w,u)`` -> ``{W/U}``, ``phyrexian(b)`` -> ``{B/P}``; a form not
    named here as the term."""
    args = [_MANA_COLORS.get(symbol_name(a), symbol_name(a)) for a in sym.arguments]
    forms = {("generic", 1): "{%s}", ("colored", 1): "{%s}", ("variable", 1): "{%s}", ("hybrid", 2): "{%s/%s}",
             ("monocolored_hybrid", 2): "{%s/%s}", ("phyrexian", 1): "{%s/P}", ("hybrid_phyrexian", 2): "{%s/%s/P}",
             ("colorless_hybrid", 1): "{C/%s}", ("colorless", 0): "{C}", ("snow", 0): "{S}"}
    form = forms.get((sym.name, len(args)))
    return form % tuple(a.upper() for a in args) if form else str(sym)


def _ability_keys(ability: clingo.Symbol) -> tuple[object, ...]:
    """The ways :meth:`Outcomes.activate` names an ability term: the printed index (``("Card", 1, 2)``
    -> 2), the keyword (``("Card", 1, keyword(equip))`` -> ``"equip"``), the state's name."""
    if ability.type == clingo.SymbolType.Function and ability.name == "" and len(ability.arguments) == 3:
        a = ability.arguments[2]
        if a.type == clingo.SymbolType.Number:
            return (a.number,)
        if a.type == clingo.SymbolType.Function and a.name == "keyword" and len(a.arguments) == 1:
            name = symbol_name(a.arguments[0])
            return tuple(dict.fromkeys((name, name.replace("_", " "))))
        return ()
    if ability.type in (clingo.SymbolType.Function, clingo.SymbolType.String) and (
            ability.type == clingo.SymbolType.String or (ability.name and not ability.arguments)):
        return (symbol_name(ability),)
    return ()


@dataclass(frozen=True)
class ActivationVerdict(Verdict):
    """May an activated ability be activated now (CR 602; rules_asp/casting/activation.lp)?

    A :class:`Verdict` (``question`` ``"activate"``, ``ability`` the ability's term as text) with:

    Attributes:
        allowed: True (may: 602.2), False (may not: ``reasons``), or None (the rule base could not
            decide: ``reasons`` says why, e.g. ``phase_not_stated``; strength ``unknown``).
        reasons: ``not_in_zone(Z)`` (113.6), ``no_priority`` (117.1b), ``summoning_sickness`` (602.5a,
            302.6), ``tapped`` (107.5), ``untapped`` (107.6), ``not_sorcery_timing(W)`` (602.5d, 307.1),
            ``loyalty_timing(W)``, ``loyalty_ability_already_activated`` (606.3),
            ``already_activated_this_turn`` (602.1b, 602.5b), ``cant_pay(Cost)`` (118.3, 606.6, 119.4,
            701.21a, 701.9a).
        player: who would activate it (602.2: the controller, or the owner of a card without one).
        mana_ability: True if it is a mana ability (605.1a: it doesn't use the stack, 605.3b), False
            if it is read in full and is not one, None if its text is not read in full.
        mana_cost: the mana symbols of its cost (``("{1}", "{G}")``): still to be paid on activation
            (602.2b, 601.2h). Whether the player can pay them is NOT decided (issue 18).
        other_costs: costs not checked here (``sacrifice(creature,1)``, ``discard(1)`` ...): also
            still to be paid, never claimed payable.
        keys: the names :meth:`Outcomes.activate` accepts for it (printed index, keyword name).
    """

    player: str | None = None
    mana_ability: bool | None = None
    mana_cost: tuple[str, ...] = ()
    other_costs: tuple[str, ...] = ()
    keys: tuple[object, ...] = ()

    def explain(self) -> str:
        """One line: who, the verdict, the costs still to pay, the rules."""
        verdict = {True: "yes", False: "no", None: "undecided"}[self.allowed]
        why = f": {', '.join(self.reasons)}" if self.reasons else ""
        costs = " ".join(("".join(self.mana_cost),) + self.other_costs).strip()
        pay = f"; to pay: {costs} (not checked)" if costs and self.allowed else ""
        mana = "; mana ability, doesn't use the stack" if self.mana_ability else ""
        who = f" by {self.player}" if self.player else ""
        return (f"activate {self.subject} {self.ability}{who}: {verdict}{why}{pay}{mana} "
                f"(CR {_rules(self.citations)}){_note(self.strength)}")


@dataclass(frozen=True)
class Outcome:
    """Any other result: ``kind`` (``destroy_result``, ``trigger``, ``expends``, ``damage_removed``,
    ``library_shuffled``, ``token_name``, ...), ``args`` as text, ``citations``."""

    kind: str
    args: tuple[str, ...]
    citations: tuple[Citation, ...]
    strength: str = "derived"  # answer_strength/2: derived | assumed | unknown

    def explain(self) -> str:
        """One line."""
        return f"{self.kind}({', '.join(self.args)}) (CR {_rules(self.citations)}){_note(self.strength)}"


@dataclass(frozen=True)
class TriggeredTokens:
    """Tokens a triggered ability will create when it resolves (CR 603.3a, 608.2c, 111.1-111.3).

    Attributes:
        event: the event id the ability triggered on; ``source``: the object with the ability;
            ``ability``: its index in the source's text (1-based, as printed).
        occurrence: what the trigger event concerned, once per occurrence (603.2c): for
            "Whenever you put one or more -1/-1 counters on a creature", the creature.
        player: who creates them, owns and controls them (603.3a, 111.2).
        count: how many tokens.
        power, toughness: as the ability defines them (strings as printed: ``"1"``), or None.
        colors, subtypes, card_types, keywords: sorted tuples (``("green",)``, ``("Snake",)``,
            ``("creature",)``, ``("deathtouch",)``); name: a given name (111.4), else None.
        citations: CR rules.
    """

    event: str
    source: str
    ability: int
    occurrence: str
    player: str
    count: int
    power: str | None
    toughness: str | None
    colors: tuple[str, ...]
    subtypes: tuple[str, ...]
    card_types: tuple[str, ...]
    keywords: tuple[str, ...]
    name: str | None
    citations: tuple[Citation, ...]

    def explain(self) -> str:
        """One line."""
        pt = f"{self.power}/{self.toughness} " if self.power is not None else ""
        what = " ".join([*self.colors, *self.subtypes, *self.card_types])
        kw = f" with {', '.join(self.keywords)}" if self.keywords else ""
        return (f"{self.source} ability {self.ability} ({self.event}, {self.occurrence}): {self.player} creates "
                f"{self.count} {pt}{what} token(s){kw} (CR {_rules(self.citations)})")


def _checked(fn):
    """:func:`pyrules.facts.validation.checked_arguments` for an :class:`Outcomes` accessor (a wrong type is a
    StateValueError naming the argument), then an id given as a clingo symbol (as the builder
    accepts ids) is read as the text the answers compare with."""
    @functools.wraps(fn)
    def as_text(self, *args, **kwargs):
        return fn(self, *(_id_text(a) for a in args), **{k: _id_text(v) for k, v in kwargs.items()})

    return checked_arguments(as_text)


def _id_text(value):
    return symbol_name(value) if isinstance(value, clingo.Symbol) else value


class Outcomes:
    """Typed reader over one :class:`pyrules.answers.answer_set.Answers` (one solved state).

    Raises (accessors):
        QueryError: a value the rule base did not derive (unknown player, object or counter kind).
        StateValueError: an argument of the wrong type (a list for an id), naming the argument.
    """

    def __init__(self, answers: "Answers") -> None:
        self._a = answers

    def _atoms(self, name: str) -> list[clingo.Symbol]:
        return self._a.symbols(name)

    def _cite(self, atom: clingo.Symbol) -> tuple[Citation, ...]:
        return self._a._citations(atom)  # unchecked: once per atom read

    # --- damage -------------------------------------------------------------------------------
    @_checked
    def damage_results(self, event: str | None = None) -> list[DamageResult]:
        """Results of every damage assignment (120.3), optionally of one event; sorted."""
        out = []
        for a in self._atoms("damage_result"):
            e, s, r, res = a.arguments
            if event is not None and symbol_name(e) != event:
                continue
            args = res.arguments
            player = counter = amount = None
            if res.name in ("poison_counters", "toxic_poison_counters", "gain_life"):
                player, amount = symbol_name(args[0]), args[1].number
            elif res.name == "put_counters":
                player, counter, amount = symbol_name(args[0]), _text(args[1]), args[2].number
            elif res.name == "remove_counters":
                counter, amount = _text(args[0]), args[1].number
            elif res.name in ("lose_life", "mark_damage"):
                amount = args[0].number
            out.append(DamageResult(symbol_name(e), symbol_name(s), symbol_name(r), res.name, amount,
                                    player, counter, self._cite(a), self._a._strength(a)))
        return sorted(out, key=lambda d: (d.event, d.source, d.recipient, d.result))

    def _value(self, name: str, *key: clingo.Symbol) -> int:
        for a in self._atoms(name):
            if tuple(a.arguments[:-1]) == key:
                return a.arguments[-1].number
        raise QueryError(f"no {name} for {', '.join(_text(k) for k in key)} in this state")

    @_checked
    def life(self, player: str) -> int:
        """``player``'s life total after the events (119.3, 120.3a, 120.3f).

        Raises:
            QueryError: the state gave no life total for ``player``.
        """
        return self._value("life_after", ident(player))

    @_checked
    def poison(self, player: str) -> int:
        """``player``'s poison counters after the events (122.1f, 120.3b, 120.3g)."""
        return self._value("poison_after", ident(player))

    @_checked
    def counters(self, obj: str, kind: str) -> int:
        """Counters of ``kind`` (``"-1/-1"``, ``"loyalty"``, ``"defense"`` ...) on ``obj`` after the
        events, before state-based actions (122; 120.3c/d/h). 0 if it never had any."""
        term = counter_kind_term(kind)  # QueryError for a kind that is no counter's name
        try:
            return self._value("counters_after", ident(obj), term)
        except QueryError:
            return 0

    @_checked
    def damage_marked(self, obj: str) -> int:
        """Damage marked on creature ``obj`` after the events (120.3e, 120.6)."""
        return self._value("damage_marked_after", ident(obj))

    @_checked
    def toughness(self, obj: str) -> int | None:
        """Toughness of creature ``obj`` after the events (208, 613.4c); None if not known here
        (a characteristic-defining "*", 604.3)."""
        try:
            return self._value("toughness_after", ident(obj))
        except QueryError:
            return None

    @_checked
    def has_keyword(self, obj: str, keyword: str) -> Verdict:
        """Does ``obj`` have keyword ability ``keyword`` now? (613.1f; keyword counters 122.1b)

        Raises:
            NoAnswerError: the answer depends on a keyword counter and no CR (122.1b list) was loaded.
        """
        k = keyword_term(keyword)  # the CR's words ("double strike") as the rule base names them
        sym = clingo.Function("has_keyword_ability", [ident(obj), k])
        have = sym in set(self._atoms("has_keyword_ability"))
        unknown = clingo.Function("keyword_counter_unknown", [ident(obj), k])
        if not have and unknown in set(self._atoms("keyword_counter_unknown")):
            raise NoAnswerError(f"{obj} has a {keyword} counter, and whether that is a keyword counter needs the "
                                "CR's 122.1b list: load the knowledge base with a CR file (cr_file=...)")
        refused = clingo.Function("not_a_keyword_counter", [ident(obj), k])
        reasons = ("not_a_keyword_counter",) if refused in set(self._atoms("not_a_keyword_counter")) else ()
        cites = self._cite(sym) if have else self._cite(refused)
        # a "no" has no atom to carry its strength: it is assumed where an assumption bears on the
        # keywords of obj (an unread grant, 613.1f), as a "yes" is through its atom
        strength = (self._a._strongest([sym]) if have
                    else "assumed" if self._a.assumptions("keywords", obj) else "derived")
        return Verdict("keyword", obj, keyword, have, reasons, cites, strength)

    # --- state-based actions --------------------------------------------------------------------
    @_checked
    def state_based_actions(self) -> list[StateBasedAction]:
        """State-based actions the next check performs (704.3, 704.5), sorted; plus, for an object
        whose check the rule base can't decide (``sba_unknown/2``), an entry with action
        ``unknown``, detail the reason (``toughness_unknown``) and strength ``unknown``."""
        out = []
        for a in self._atoms("sba"):
            act = a.arguments[0]
            args = act.arguments
            detail = None
            if act.name == "legend_rule":
                detail = symbol_name(args[1])
            elif act.name == "annihilate_counters":
                detail = args[1].number
            out.append(StateBasedAction(act.name, symbol_name(args[0]), detail, self._cite(a), self._a._strength(a)))
        out += [StateBasedAction("unknown", symbol_name(a.arguments[0]), symbol_name(a.arguments[1]), self._cite(a),
                                 self._a._strength(a)) for a in self._atoms("sba_unknown")]
        return sorted(out, key=lambda s: (s.action, s.subject))

    @_checked
    def sba(self, action: str, subject: str) -> StateBasedAction | None:
        """The state-based action ``action`` on ``subject``, or None if it doesn't happen."""
        return next((s for s in self.state_based_actions() if (s.action, s.subject) == (action, subject)), None)

    # --- combat, activation ---------------------------------------------------------------------
    @_checked
    def attack(self, obj: str) -> Verdict:
        """May creature ``obj`` be declared as an attacker? (508.1a, 302.6)

        Raises:
            QueryError: ``obj`` is not a creature the active player controls on the battlefield.
        """
        yes = [a for a in self._atoms("may_attack") if symbol_name(a.arguments[0]) == obj]
        no = [a for a in self._atoms("may_not_attack") if symbol_name(a.arguments[0]) == obj]
        if not yes and not no:
            if any(symbol_name(a.arguments[0]) == obj for a in self._atoms("keyword_counter_unknown")):
                raise NoAnswerError(f"whether {obj} may attack depends on its keyword counters: load the knowledge "
                                    "base with a CR file for the 122.1b list")
            raise QueryError(f"{obj!r} is not a creature the active player controls (CR 508.1a)")
        cites = tuple(sorted({c for a in yes + no for c in self._cite(a)}, key=lambda c: c.rule))
        return Verdict("attack", obj, None, bool(yes), tuple(sorted(symbol_name(a.arguments[1]) for a in no)), cites,
                       self._a._strongest(yes + no))

    @_checked
    def activate(self, obj: str, ability: str | int) -> "ActivationVerdict":
        """May ``obj``'s activated ability ``ability`` be activated now? (602.2, 602.5; 117.1b, 602.5d,
        606.3, 602.5a, 302.6, 107.5, 107.6, 118.3, 605; rules_asp/casting/activation.lp)

        Args:
            ability: the 1-based printed index of the ability in the card's text (``1``), the name of
                an activated keyword ability (``"equip"``), or the name the state gave it
                (:meth:`pyrules.facts.state.GameState.activated_ability`).

        Raises:
            QueryError: ``obj`` has no such activated ability in a zone verdicts are given for.
        """
        found = [v for v in self.activations(obj) if ability in v.keys]
        if not found:
            raise QueryError(f"no activated ability {ability!r} of {obj!r} in this state (CR 602)")
        if len(found) > 1:
            raise QueryError(f"{obj!r} has {len(found)} activated abilities {ability!r} (given by "
                             f"{', '.join(v.ability for v in found)}): ask activations({obj!r})")
        return found[0]

    @_checked
    def activations(self, obj: str) -> list["ActivationVerdict"]:
        """Every activated ability of ``obj`` (its card's, ``(card, face, index)`` or ``(card, face,
        keyword(K))``; quoted abilities other permanents give it, ``(source, card, face, granted(A, K))``;
        those the state gave) and whether its player may activate it now; sorted by ability."""
        abilities = {a.arguments[1] for name in ("may_activate", "may_not_activate", "activation_undecided")
                     for a in self._atoms(name) if symbol_name(a.arguments[0]) == obj}
        return sorted((self._activation(obj, ab) for ab in abilities), key=lambda v: v.ability or "")

    def _activation(self, obj: str, ability: clingo.Symbol) -> "ActivationVerdict":
        key = (ident(obj), ability)

        def of(name: str, n: int = 2) -> list[clingo.Symbol]:
            return [a for a in self._atoms(name) if tuple(a.arguments[:n]) == key]

        yes, no, open_ = of("may_activate"), of("may_not_activate"), of("activation_undecided")
        verdicts = yes + no + open_
        cites = tuple(sorted({c for a in verdicts for c in self._cite(a)}, key=lambda c: c.rule))
        player = next((symbol_name(a.arguments[2]) for a in of("activator")), None)
        mana = True if of("mana_ability") else False if of("not_mana_ability") else None
        mana_cost = tuple(_mana_text(a.arguments[3]) for a in sorted(of("activation_mana_cost"),
                                                                      key=lambda a: a.arguments[2].number))
        others = tuple(sorted(_text(a.arguments[2]) for a in of("activation_other_cost")))
        allowed = True if yes else False if no else None
        reasons = tuple(sorted(_text(a.arguments[2]) for a in (no or open_)))
        return ActivationVerdict("activate", obj, _text(ability), allowed, reasons, cites,
                                 self._a._strongest(verdicts), player=player, mana_ability=mana,
                                 mana_cost=mana_cost, other_costs=others, keys=_ability_keys(ability))

    @_checked
    def attack_battle(self, player: str, battle: str) -> Verdict:
        """May ``player`` attack ``battle``? (310.8b)"""
        key = (ident(player), ident(battle))
        yes = [a for a in self._atoms("may_attack_battle") if tuple(a.arguments) == key]
        no = [a for a in self._atoms("may_not_attack_battle") if tuple(a.arguments) == key]
        cites = tuple(sorted({c for a in yes + no for c in self._cite(a)}, key=lambda c: c.rule))
        return Verdict("attack_battle", f"{player}:{battle}", None, bool(yes) and not no,
                       ("protector",) if no else (), cites, self._a._strongest(yes + no))

    # --- tokens ------------------------------------------------------------------------------------
    @_checked
    def token_name(self, obj: str) -> Outcome:
        """Name of token ``obj`` (111.4: given, or its subtypes as created plus "Token"); args[0] the name."""
        for a in self._atoms("token_name"):
            if symbol_name(a.arguments[0]) != obj:
                continue
            n = a.arguments[1]
            if n.name == "named":
                name = symbol_name(n.arguments[0])
            else:  # subtypes_plus_token: rendering the rule base's answer
                from pyrules.answers.characteristics import subtypes_token_name
                name = subtypes_token_name((s.arguments[1].number, symbol_name(s.arguments[2]))
                                           for s in self._atoms("token_name_part") if symbol_name(s.arguments[0]) == obj)
            return Outcome("token_name", (name,), self._cite(a))
        raise QueryError(f"{obj!r} is not a token of this state")

    @_checked
    def token_subtypes(self, obj: str) -> tuple[str, ...] | None:
        """Subtypes of token ``obj`` now, in order (111.4; a token created by name: its Oracle card's,
        111.11). ``()``: it has none; None: not known here (the rule base's
        ``token_subtypes_unknown/2``, e.g. the named card's type line was not read)."""
        if any(symbol_name(a.arguments[0]) == obj for a in self._atoms("token_subtypes_unknown")):
            return None
        subs = sorted((a.arguments[1].number, symbol_name(a.arguments[2])) for a in self._atoms("token_subtype_now")
                      if symbol_name(a.arguments[0]) == obj)
        return tuple(s for _, s in subs)

    @_checked
    def token_copy(self, event: str) -> Verdict:
        """Is a token copy created by ``event``? (111.12, 707.2, 608.2h)"""
        yes = [a for a in self._atoms("creates_token_copy") if symbol_name(a.arguments[0]) == event]
        no = [a for a in self._atoms("creates_no_token") if symbol_name(a.arguments[0]) == event]
        cites = tuple(sorted({c for a in yes + no for c in self._cite(a)}, key=lambda c: c.rule))
        return Verdict("token_copy", event, None, bool(yes), ("nonexistent_object",) if no else (), cites,
                       self._a._strongest(yes + no))

    @_checked
    def triggered_tokens(self) -> list[TriggeredTokens]:
        """Tokens the abilities that triggered on the events will create when they resolve (603.3a,
        608.2c, 111.1-111.3), one entry per triggered ability and token description; sorted. Not given
        for an optional instruction ("you may", 608.2d) or an ability whose text is partly unread."""
        chars: dict[tuple, list[clingo.Symbol]] = {}
        for a in self._atoms("token_on_resolution_characteristic"):
            trig, i, ch = a.arguments
            chars.setdefault((trig, i), []).append(ch)
        out = []
        for a in self._atoms("creates_tokens_on_resolution"):
            trig, p, i, n = a.arguments
            e, o, ab, x = trig.arguments
            got = chars.get((trig, i), [])

            def of(kind: str) -> tuple[str, ...]:
                return tuple(sorted(symbol_name(c.arguments[0]) for c in got if c.name == kind))
            pt = next((c.arguments for c in got if c.name == "power_toughness"), None)
            names = of("named")
            out.append(TriggeredTokens(symbol_name(e), symbol_name(o), ab.number, symbol_name(x), symbol_name(p),
                                       n.number, symbol_name(pt[0]) if pt else None,
                                       symbol_name(pt[1]) if pt else None, of("color"), of("subtype"),
                                       of("card_type"), of("keyword"), names[0] if names else None, self._cite(a)))
        return sorted(out, key=lambda t: (t.event, t.source, t.ability, t.occurrence))

    # --- everything else ---------------------------------------------------------------------------
    @_checked
    def results(self, kind: str) -> list[Outcome]:
        """Atoms of ``kind`` (``destroy_result``, ``triggers``, ``expends``, ``damage_removed``,
        ``library_shuffled``, ``shuffled_in``, ``not_shuffled_in``, ``tldr_result``, ``stays_in_zone``,
        ``gameplay_tracker``, ``life_loss_ignored``, ``battle_kept_by_pending_trigger``, ``triggers_on``
        (603.2c: once per occurrence), ``trigger_undecided`` (603.4, 603.2h: part of the ability unread),
        ``indestructible_survives``, ``keyword_variable_value``, ``mana_spent_after``, ``defined_power_toughness``
        (604.3), ``leaves_stack_to`` (701.6a, 608.2n, 614); combat damage assignment (510.1, 510.4, 702.19b):
        ``assigns_combat_damage``, ``assigns_no_combat_damage``, ``lethal_damage_to_assign``,
        ``combat_damage_assignment``, ``combat_damage_among_blockers``, ``combat_damage_to_attacked_at_most``,
        ``combat_assignment_undecided``) as text, sorted."""
        return sorted((Outcome(kind, tuple(_text(x) for x in a.arguments), self._cite(a), self._a._strength(a))
                       for a in self._atoms(kind)),
                      key=lambda o: o.args)

    @_checked
    def destroy_results(self, event: str) -> list[Outcome]:
        """What destroying in ``event`` does (701.8; trackers per the Naturalize 2 rulings): each
        result as ``Outcome("destroy_result", (event, result))``."""
        return [o for o in self.results("destroy_result") if o.args[0] == event]
