"""The answers of one solve: the shown atoms of the answer set, read as typed answers with their CR
citations (:class:`Answers`)."""

from __future__ import annotations

import operator
from collections import defaultdict
from typing import Callable, Iterable

import clingo

from pyrules.answers.ask_kinds import ask_kinds, assumption_kinds, kind_atoms, rule_base_facts
from pyrules.answers.characteristics import Characteristics, read_characteristics
from pyrules.answers.kind_answers import KindAnswers
from pyrules.answers.payments import Payment, read_payments
from pyrules.answers.typed import (
    Assumption, CastOption, CastVerdict, Citation, Count, Derived, LandPlay, ManaValue, Proposal,
    QUESTION_KINDS, SearchVerdict,
)
from pyrules.errors import NoAnswerError, QueryError
from pyrules.facts.state import GameState
from pyrules.facts.terms import symbol_name
from pyrules.facts.validation import checked_arguments
from pyrules.inputs.card_definitions import CardDefinition


def _reason(why: clingo.Symbol) -> str:
    """Words for a refusal term of the rule base (qualities.lp ``fails/4``)."""
    if why.name == "mana_value" and len(why.arguments) == 3:
        value, bound, limit = why.arguments
        word = "more" if bound.name == "at_most" else "less"
        return f"mana value {value} is {word} than {limit}"
    if why.name == "card_type":
        return "it has none of the required card types"
    if why.name == "prohibited" and str(why) == "prohibited(aftermath)":
        return "an aftermath half can't be cast from any zone other than a graveyard"
    return str(why)


def _error_hints(errors: list[clingo.Symbol]) -> str:
    """Hints for state errors a user can mend: for ``unknown_step(S)``, the steps of each phase
    (step_of/2 of rules_asp/foundation/state_checks.lp; 500.1)."""
    if not any(e.arguments[0].name == "unknown_step" for e in errors):
        return ""
    phases: dict[str, list[str]] = {}
    for phase, step in rule_base_facts("foundation/state_checks.lp", "step_of", 2):
        phases.setdefault(phase, []).append(step)
    return " (steps, CR 500.1: " + "; ".join(f"{p}: {', '.join(s)}" for p, s in phases.items()) + ")"


def _assumption_text(what: clingo.Symbol) -> str:
    """The text of an assumption term (``What`` of assumption/5, rules_asp/foundation/assumptions.lp)."""
    name, args = what.name, what.arguments
    if name == "unread":
        return args[0].string
    if name == "keyword":
        return f"keyword {args[0]}: no rules for it yet"
    if name == "trigger":
        return f"trigger {args[0].name or args[0]}: not modelled"
    if name == "not_modelled":
        return f"not modelled: {args[0]}"
    if name == "no_rule":
        return f"read as {args[0]}: no rules for it yet"
    if name == "condition":
        return f"condition not stated to hold (taken as unmet): {args[0].string}"
    if name == "resolved":
        return f"resolved this turn, {_resolved_text(args[0])}"
    if name == "not_stated" and args[0].name == "has_priority":  # activation.lp: 117.1b
        return f"not stated in the state (taken as true for the player activating): {args[0]}"
    if name == "not_stated":
        return f"not stated in the state (taken as false): {args[0]}"
    return str(what)


def _resolved_text(what: clingo.Symbol) -> str:
    if what.name == "unread":
        return f"unread: {what.arguments[0].string}"
    if what.name == "not_modelled":
        return f"effect not modelled: {what.arguments[0]}"
    if what.name == "no_rule":
        return f"read as {what.arguments[0]}: no rules for it yet"
    return "lasting effect: no rule applies it from the turn history"


def _symbol_key_function() -> Callable[[clingo.Symbol], object]:
    """A function giving each symbol a cheap dictionary key.

    ``clingo.Symbol`` hashes and compares through calls into clingo; its ``_rep`` (clingo's
    interned 64-bit representation: equal symbols, equal ``_rep``) is a plain int. Used when this
    clingo has it and it behaves so; otherwise the symbol itself is the key."""
    a, b = (clingo.Function("p", [clingo.Number(1), clingo.String("x")]) for _ in range(2))
    rep_a, rep_b = getattr(a, "_rep", None), getattr(b, "_rep", None)
    if isinstance(rep_a, int) and rep_a == rep_b and rep_a != getattr(clingo.Function("q"), "_rep", None):
        return operator.attrgetter("_rep")
    return lambda s: s


#: Dictionary key of a symbol (see :func:`_symbol_key_function`).
symbol_key = _symbol_key_function()


class SymbolMemo:
    """What :class:`Answers` read off clingo symbols, remembered by symbol.

    Every attribute read of a ``clingo.Symbol`` is a call into clingo, the slow part of reading a
    model; a warm session's models repeat the same atoms from query to query, so one memo per
    session makes each symbol's reading a dictionary lookup after the first time. Bounded by the
    atoms of the session's ground program.

    Attributes (all keyed by :data:`symbol_key` of a symbol):
        heads: -> (predicate name, key of the cited atom or None, rule number or None); the last
            two are set for ``cites/2`` atoms.
        args: -> the symbol's arguments (tuple of symbols).
        names: -> :func:`pyrules.facts.terms.symbol_name` of the symbol.
    """

    __slots__ = ("heads", "args", "names")

    def __init__(self) -> None:
        self.heads: dict[object, tuple] = {}
        self.args: dict[object, tuple[clingo.Symbol, ...]] = {}
        self.names: dict[object, str] = {}

    def arguments(self, sym: clingo.Symbol) -> tuple[clingo.Symbol, ...]:
        """``sym.arguments``, remembered."""
        key = symbol_key(sym)
        out = self.args.get(key)
        if out is None:
            out = self.args[key] = tuple(sym.arguments)
        return out

    def name(self, sym: clingo.Symbol) -> str:
        """``symbol_name(sym)`` (an id or name as the state builder wrote it), remembered."""
        key = symbol_key(sym)
        out = self.names.get(key)
        if out is None:
            out = self.names[key] = symbol_name(sym)
        return out


class Answers(KindAnswers):
    """Everything the rule base derived for one state; read it through the typed accessors.

    Args:
        symbols: the shown atoms of the rule base's model for ``state``.
        state: the state asked about (object ids are checked against it).
        cards: the card definitions of the state's objects, by name.
        rule_text: CR rule number -> its text (or None), for citations.
        memo: a :class:`SymbolMemo` shared by the answers of one warm session (whose models repeat
            atoms from query to query); default a new one.

    Raises:
        QueryError: on construction, if the rule base found the state inconsistent
            (``state_error/1``, rules_asp/foundation/state_checks.lp); from the accessors, an id that is not
            in the state.
    """

    def __init__(self, symbols: Iterable[clingo.Symbol], state: GameState,
                 cards: dict[str, CardDefinition], rule_text: Callable[[str], str | None],
                 memo: "SymbolMemo | None" = None) -> None:
        self._atoms: dict[str, list[clingo.Symbol]] = defaultdict(list)
        self._cites: dict[object, list[str]] = defaultdict(list)  # symbol_key(atom) -> rule numbers
        # symbol_key(atom) -> "derived" | "assumed" | "unknown" (answer_strength/2, assumptions.lp)
        self._strengths: dict[object, str] = {}
        self._memo = memo = SymbolMemo() if memo is None else memo
        heads = memo.heads
        atoms, cites, strengths = self._atoms, self._cites, self._strengths
        key = symbol_key
        for s in symbols:
            k = key(s)
            entry = heads.get(k)
            if entry is None:
                name = s.name
                if name == "cites":
                    target, rule = s.arguments
                    entry = heads[k] = (name, key(target), rule.string)
                elif name == "answer_strength":
                    target, strength = s.arguments
                    entry = heads[k] = (name, key(target), strength.name)
                else:
                    entry = heads[k] = (name, None, None)
            if entry[1] is None:
                atoms[entry[0]].append(s)
            elif entry[0] == "cites":
                cites[entry[1]].append(entry[2])
            else:
                strengths[entry[1]] = entry[2]
        if self._atoms.get("state_error"):
            # rules_asp/foundation/state_checks.lp: an impossible or undefined state gets no answers; an input no
            # rule reads where it was given is refused naming the builder argument (issue 13).
            from pyrules.facts.validation import input_refusal
            for e in sorted(self._atoms["state_error"], key=str):
                refusal = input_refusal(e.arguments[0])
                if refusal is not None:
                    raise refusal
            errors = ", ".join(sorted(str(e.arguments[0]) for e in self._atoms["state_error"]))
            raise NoAnswerError(f"inconsistent state: {errors}{_error_hints(self._atoms['state_error'])}")
        self._state = state
        self._cards = cards
        self._rule_text = rule_text

    @checked_arguments
    def citations(self, atom: clingo.Symbol) -> tuple[Citation, ...]:
        """CR citations attached to a derived atom, sorted by rule number.

        Raises:
            StateValueError: ``atom`` is not a clingo symbol (or a missing or unexpected argument)."""
        return self._citations(atom)

    def _citations(self, atom: clingo.Symbol) -> tuple[Citation, ...]:  # unchecked: once per atom read
        return tuple(Citation(r, self._rule_text(r)) for r in sorted(set(self._cites.get(symbol_key(atom), ()))))

    @checked_arguments
    def strength(self, atom: clingo.Symbol) -> str:
        """How firm a derived answer atom is (answer_strength/2 of rules_asp/foundation/assumptions.lp):
        ``"derived"`` (everything it rests on was read and is interpreted), ``"assumed"`` (it holds
        unless an assumption of its question kind applies: :meth:`assumptions`), ``"unknown"`` (the
        rule base could not decide). An atom the rule base gives no strength to (not an answer, e.g.
        an assumption itself) is ``"derived"``.

        Raises:
            StateValueError: ``atom`` is not a clingo symbol (or a missing or unexpected argument)."""
        return self._strength(atom)

    def _strength(self, atom: clingo.Symbol) -> str:  # unchecked: once per atom read
        return self._strengths.get(symbol_key(atom), "derived")

    def _strongest(self, atoms: Iterable[clingo.Symbol]) -> str:
        """The weakest strength of the atoms one typed answer rests on (unknown < assumed < derived)."""
        found = {self._strength(a) for a in atoms}
        return "unknown" if "unknown" in found else "assumed" if "assumed" in found else "derived"

    def _check_object(self, obj: str | clingo.Symbol) -> str:
        """The name of object ``obj`` as the answers spell it (an id given as a clingo symbol, as
        the builder accepts it, is its text).

        Raises:
            QueryError: the state has no such object."""
        text = obj if isinstance(obj, str) else symbol_name(obj)
        if obj not in self._state.objects and text not in self._state.objects:
            # an object represented by no card (a token, an emblem: GameState.add_token, add_marker)
            markers = {symbol_name(f.arguments[0]) for f in self._state.extra if f.name == "object" and len(f.arguments) == 1}
            if text not in markers:
                raise QueryError(f"no object {obj!r} in this state")
        return text

    @checked_arguments
    def mana_value(self, obj: str) -> ManaValue | None:
        """Mana value of ``obj`` as it is now, or None when it cannot be determined (e.g. half mana).

        Raises:
            QueryError: ``obj`` is not an object of the state (StateValueError: not an id at all)."""
        obj = self._check_object(obj)
        memo = self._memo
        for a in self._atoms["mana_value"]:
            args = memo.arguments(a)
            if memo.name(args[0]) == obj:
                return ManaValue(obj, args[1].number, self._citations(a), self._strength(a))
        return None

    def _face_name(self, obj: str, face: int) -> str:
        if face == 0:  # cast face down (rules_asp/characteristics_and_objects/face_down.lp): no name (708.2, 702.37c)
            return ""
        card = self._cards[self._state.objects[obj].card]
        return card.faces[face - 1].name

    @checked_arguments
    def cast_verdicts(self, obj: str | None = None) -> list[CastVerdict]:
        """Every (player, object, face, permission) the rule base decided on, allowed or not,
        optionally for one object; sorted by object then face.

        ``allowed`` (may_cast/4 of casting.lp) means the player may cast that face now through that
        permission: it covers the card (zone, top of library, qualities: 601.3, 709.3a) and some way
        of casting it the permission allows is castable now (timing, prohibitions, costs) — the same
        verdict as :meth:`cast_options` for that permission. A refusal (may_not_cast/5) gives each
        reason: a quality it lacks, ``not_top_of_library``, ``prohibited(E)``, ``timing``,
        ``no_priority``, ``unpayable_cost``. A state without a turn or priority holder casts only
        through a permission used while its source resolves (608.2g: ``permit_cast(...,
        during_resolution=True)``).

        Raises:
            QueryError: ``obj`` is not an object of the state (a misspelt id is no empty answer)."""
        if obj is not None:
            obj = self._check_object(obj)
        out = []
        for a in self._atoms["may_cast"] + self._atoms["may_not_cast"]:
            args = self._memo.arguments(a)
            p, o, f, e = args[:4]
            if obj is not None and self._memo.name(o) != obj:
                continue
            allowed = a.name == "may_cast"
            out.append(CastVerdict(symbol_name(p), symbol_name(o), f.number,
                                   self._face_name(symbol_name(o), f.number), symbol_name(e), allowed,
                                   "" if allowed else _reason(args[4]), self._citations(a), self._strength(a)))
        return sorted(out, key=lambda v: (v.object, v.face, v.permission, v.player))

    @checked_arguments
    def cast_options(self, obj: str | None = None) -> list[CastOption]:
        """Every (player, object, face, zone, method, source) some rule or effect allows, with the verdict
        now (castable/6, cast_blocked/7 of casting.lp) and each blocking reason; optionally for one
        object; sorted by object, face, method, source.

        Raises:
            QueryError: ``obj`` is not an object of the state (a misspelt id is no empty answer)."""
        if obj is not None:
            obj = self._check_object(obj)
        found: dict[tuple, list] = {}
        for a in self._atoms["castable"] + self._atoms["cast_blocked"]:
            args = self._memo.arguments(a)
            entry = found.setdefault(args[:6], [True, [], [], []])
            if len(args) == 7:  # cast_blocked/7
                entry[0] = False
                entry[1].append(self._memo.name(args[6]))
            entry[2] += self._citations(a)
            entry[3].append(a)
        out = []
        for (p, o, f, z, m, s), (allowed, reasons, cites, atoms) in found.items():
            if obj is not None and self._memo.name(o) != obj:
                continue
            out.append(CastOption(symbol_name(p), symbol_name(o), f.number, self._face_name(symbol_name(o), f.number),
                                  str(z), str(m), symbol_name(s), allowed, tuple(sorted(reasons)),
                                  tuple(sorted(set(cites), key=lambda c: c.rule)), self._strongest(atoms)))
        return sorted(out, key=lambda v: (v.object, v.face, v.method, v.source, v.player))

    @checked_arguments
    def land_plays(self, obj: str | None = None) -> list[LandPlay]:
        """Every (player, land, zone) the rule base decided on (may_play_land/3, may_not_play_land/4 of
        lands.lp), allowed or not with each reason, or left open (``allowed`` None, land_play_unknown/4:
        ``modal_double_faced_land_face``, 712.12; ``from_top_of_library``, 305.1: not modelled);
        optionally for one object; sorted by object."""
        if obj is not None and not isinstance(obj, str):
            obj = symbol_name(obj)
        found: dict[tuple, list] = {}
        for a in self._atoms["may_play_land"] + self._atoms["may_not_play_land"] + self._atoms.get("land_play_unknown", []):
            entry = found.setdefault(tuple(a.arguments[:3]), [True, [], [], []])
            entry[3].append(a)
            if a.name == "may_not_play_land":
                entry[0] = False
                entry[1].append(symbol_name(a.arguments[3]))
            elif a.name == "land_play_unknown":
                entry[0] = None
                entry[1].append(symbol_name(a.arguments[3]))
            entry[2] += self._citations(a)
        out = [LandPlay(symbol_name(p), symbol_name(o), str(z), allowed, tuple(sorted(reasons)),
                        tuple(sorted(set(cites), key=lambda c: c.rule)), self._strongest(atoms))
               for (p, o, z), (allowed, reasons, cites, atoms) in found.items() if obj is None or symbol_name(o) == obj]
        return sorted(out, key=lambda v: (v.object, v.zone, v.player))

    @checked_arguments
    def payments(self, obj: str | None = None) -> list[Payment]:
        """Can each player pay the mana of the total cost of each spell they may begin to cast by its
        mana cost (601.3), with the mana their permanents can produce now (601.2g-h, 107.4)? One
        :class:`~pyrules.answers.payments.Payment` per (player, object, face), optionally for one object;
        sorted by object, face, player (rules_asp/casting/mana_payment.lp). ``payable`` None: the rule
        base can't tell (a mana ability it does not read, a {2/W} symbol ...), named in ``reasons``.

        Raises:
            QueryError: ``obj`` is not an object of the state (a misspelt id is no empty answer)."""
        if obj is not None:
            obj = self._check_object(obj)
        return read_payments(self, obj)

    @checked_arguments
    def proposals(self) -> list[Proposal]:
        """The verdict on every proposed casting in the state (costs.lp, modes.lp, splice.lp,
        additional_costs.lp), sorted by proposal id: legal, illegal (with reasons) or undecided,
        and what a verdict does not cover (``unchecked``)."""
        by_id: dict[str, dict] = defaultdict(lambda: {"legal": [], "illegal": [], "undecided": [], "unchecked": []})
        for key, name in (("legal", "proposal_legal"), ("illegal", "proposal_illegal"),
                          ("undecided", "proposal_undecided"), ("unchecked", "proposal_unchecked")):
            for a in self._atoms.get(name, ()):
                by_id[symbol_name(a.arguments[0])][key].append(a)
        out = []
        for pid, parts in sorted(by_id.items()):
            verdict = "illegal" if parts["illegal"] else "undecided" if parts["undecided"] else \
                "legal" if parts["legal"] else None
            if verdict is None:
                continue
            reasons = tuple(sorted(str(a.arguments[1]) for a in parts[verdict] if len(a.arguments) > 1))
            unchecked = tuple(sorted(str(a.arguments[1]) for a in parts["unchecked"]))
            atoms = parts[verdict] + parts["unchecked"]
            cites = tuple(sorted({c for a in atoms for c in self._citations(a)}, key=lambda c: c.rule))
            costs = [c for c in self._atoms.get("total_cost", ()) if symbol_name(c.arguments[0]) == pid]
            out.append(Proposal(pid, verdict, reasons, unchecked, cites, self._strongest(parts[verdict] + costs)))
        return out

    @checked_arguments
    def derived(self, name: str) -> list[Derived]:
        """Every derived atom named ``name`` (a ``#show``n predicate of rules_asp/foundation/show.lp) with its
        citations, sorted by arguments."""
        return sorted((Derived(name, tuple(symbol_name(x) for x in a.arguments), self._citations(a), self._strength(a))
                       for a in self._atoms[name]), key=lambda d: d.args)

    @checked_arguments
    def answers_of(self, kind: str) -> list[Derived]:
        """Every answer atom of ``pyrules ask`` question kind ``kind`` (the predicates ``ask_predicate/3``
        of rules_asp/foundation/questions.lp names; :func:`pyrules.answers.ask_kinds.ask_kinds`
        names the kinds: ``"cost"``, ``"combat-damage"``, ``"zone"`` ...), with citations and strength,
        sorted by predicate and arguments.

        Raises:
            QueryError: ``kind`` is no question kind (the message names them)."""
        if kind not in ask_kinds():
            raise QueryError(f"unknown question kind {kind!r}; kinds: {', '.join(ask_kinds())}")
        return sorted((Derived(a.name, tuple(symbol_name(x) for x in a.arguments), self._citations(a),
                               self._strength(a)) for a in kind_atoms(self, kind)), key=lambda d: (d.name, d.args))

    @checked_arguments
    def characteristics(self, obj: str | None = None) -> list[Characteristics]:
        """The characteristics of ``obj`` now (or of every object, sorted by id): names, colors,
        types, mana value, power/toughness and abilities as read (109.3;
        rules_asp/characteristics_and_objects/object_characteristics.lp). What the rule base cannot
        know here is None and named in ``unknown`` (colors of a face without a mana cost, 202.2e).

        Raises:
            QueryError: ``obj`` is not an object of the state, or the state did not ask for them
            (``GameState.ask_characteristics()``: not asked, they are not computed)."""
        if obj is not None:
            obj = self._check_object(obj)
        if clingo.Function("characteristics_asked", []) not in self._state.extra:
            raise QueryError("characteristics were not asked for: call state.ask_characteristics() before kb.ask(state)")
        by_obj: dict[str, list[clingo.Symbol]] = defaultdict(list)
        for a in self._atoms.get("characteristic", []) + self._atoms.get("characteristic_unknown", []):
            by_obj[self._memo.name(a.arguments[0])].append(a)
        wanted = [obj] if obj is not None else sorted(by_obj)
        return [read_characteristics(self, o, by_obj[o]) for o in wanted if o in by_obj]

    @checked_arguments
    def card(self, name: str) -> CardDefinition | None:
        """The card definition named ``name`` that the state's objects use, or None."""
        return self._cards.get(name)

    @checked_arguments
    def symbols(self, name: str) -> list[clingo.Symbol]:
        """The derived atoms named ``name`` as clingo symbols (for typed readers such as
        :mod:`pyrules.answers.outcomes`)."""
        return list(self._atoms.get(name, ()))

    @checked_arguments
    def replacement_orders(self, event: str | None = None):
        """Each order of replacement and/or prevention effects a player may pick for an event whose
        result depends on it (616.1), with what the order leads to: a list of
        :class:`pyrules.answers.replacement_orders.ReplacementOrder` (of ``event`` only, when given)."""
        from pyrules.answers.replacement_orders import read_replacement_orders
        return read_replacement_orders(self, event)

    @checked_arguments
    def outcomes(self):
        """What the state's events do and what follows (damage results, state-based actions,
        attacks and activations, tokens, destroyed trackers, triggers): a
        :class:`pyrules.answers.outcomes.Outcomes` reader over these answers."""
        from pyrules.answers.outcomes import Outcomes
        return Outcomes(self)

    @checked_arguments
    def assumptions(self, question: str | None = None, obj: str | None = None) -> list[Assumption]:
        """What the answers take for granted (``assumption/5`` of rules_asp/foundation/assumptions.lp, one
        relation): abilities of objects in the state, and of spells and abilities in the turn history,
        whose text pyrules could not read, read as a keyword or effect no rule interprets yet, read as
        a triggered ability whose trigger event no rule derives (603.2), whose condition is left as text
        and not stated met (601.3d), or resolved this turn with a lasting effect no rule applies (611.2).
        Each carries the question kinds it bears on and its scope; answers of those kinds (about that
        object, for an object scope) are ``assumed`` (:meth:`strength`).

        Args:
            question: only the assumptions bearing on this question: a kind of
                :data:`pyrules.answers.typed.QUESTION_KINDS` (``"cost"``), or a ``pyrules ask`` question
                (:func:`pyrules.answers.ask_kinds.ask_kinds`: ``"cast"``, ``"damage"`` ...); None: all.
            obj: only those bearing on answers about object ``obj`` (scope ``all`` or ``obj``).

        Raises:
            QueryError: an unknown question.

        Sorted by object, ability and text.
        """
        if obj is not None and not isinstance(obj, str):
            obj = symbol_name(obj)
        if question is None:
            wanted = None
        elif question in QUESTION_KINDS:
            wanted = {question}
        elif question in ask_kinds():
            wanted = set(assumption_kinds(question))
        else:
            raise QueryError(f"unknown question {question!r} (kinds: {', '.join(QUESTION_KINDS)}; "
                             f"ask questions: {', '.join(ask_kinds())})")
        # One Assumption per ability and text: its kinds, and scope "all" if any kind bears on every
        # object (that covers the answers about the object itself too).
        found: dict[tuple, list] = {}
        for a in self._atoms.get("assumption", ()):
            o, ab, what, kind, scope = self._memo.arguments(a)
            entry = found.setdefault((symbol_name(o), ab.number, _assumption_text(what)), [set(), set()])
            entry[0].add(kind.name)
            entry[1].add(symbol_name(scope))
        out = []
        for (o, ab, text), (kinds, scopes) in found.items():
            scope = "all" if "all" in scopes else min(scopes)
            if wanted is not None and not kinds & wanted:
                continue
            if obj is not None and scope not in ("all", obj):
                continue
            out.append(Assumption(o, ab, text, tuple(k for k in QUESTION_KINDS if k in kinds), scope))
        return sorted(set(out), key=lambda x: (x.object, x.ability, x.text, x.scope))

    @checked_arguments
    def search_verdicts(self, effect: str) -> list[SearchVerdict]:
        """For search ``effect``, each object in the searched zone: can it be found? (701.23a)"""
        effect = effect if isinstance(effect, str) else symbol_name(effect)
        out = []
        for a in self._atoms["can_find"] + self._atoms["cannot_find"]:
            args = self._memo.arguments(a)
            if self._memo.name(args[0]) != effect:
                continue
            found = a.name == "can_find"
            out.append(SearchVerdict(effect, symbol_name(args[1]), found,
                                     "" if found else _reason(args[2]), self._citations(a), self._strength(a)))
        return sorted(out, key=lambda v: v.object)

    def _count(self, predicate: str, key: str, number_at: int, what: str) -> Count:
        """The ``Count`` of the ``predicate`` atom whose first argument is ``key``."""
        key = key if isinstance(key, str) else symbol_name(key)
        for a in self._atoms[predicate]:
            args = self._memo.arguments(a)
            if self._memo.name(args[0]) == key:
                return Count(key, args[number_at].number, self._citations(a), self._strength(a))
        raise QueryError(f"no {what} {key!r} in this state")

    @checked_arguments
    def count(self, effect: str) -> Count:
        """Number of cards count ``effect`` counts (709.2: a split card is one card).

        Raises:
            QueryError: no such count effect in the state.
        """
        return self._count("effect_count", effect, 1, "count effect")

    @checked_arguments
    def discarded(self, event: str) -> Count:
        """Number of cards discarded in discard ``event`` (701.9a, 709.2).

        Raises:
            QueryError: no such discard event in the state.
        """
        return self._count("cards_discarded", event, 2, "discard event")
