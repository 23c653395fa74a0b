"""Warm queries and batch mode: ground the rule base once, answer many states.

A cold query (:meth:`pyrules.api.KnowledgeBase.ask`) builds a new ``clingo.Control``, parses the
rule files and grounds them with the state's facts. A :class:`WarmSession` is built for a
*universe*: the union of the instance facts of a set of states. It grounds the rule base once,
with every instance atom of that universe switchable, then answers each state by switching on
exactly that state's facts (``Control.assign_external``) and solving.

How the switches work (the rule base is untouched). For every fact ``p(t1, ..., tn)`` of a state
in the universe the session adds ``warm_state_fact(p(t1, ..., tn))`` (as a value, through clingo's
backend: no fact is printed and parsed), declares
``#external warm_state_on(T) : warm_state_fact(T).`` and, once per predicate ``p/n``, the bridge
rule ``p(X1, ..., Xn) :- warm_state_on(p(X1, ..., Xn)).`` (a clingo AST node built from the
predicate's name, not text). A card definition's facts are
switched as a whole: ``warm_card_fact(K, p(...))`` with one external ``warm_card_on(K)`` per card
and the bridge ``p(X1, ..., Xn) :- warm_card_fact(K, p(X1, ..., Xn)), warm_card_on(K).``. Card facts
must be switchable too, because a cold query grounds only the cards of the state's objects and
some rules read every loaded card (``name_choice_card(E, C) :- name_choice(E, _), card(C).``,
split_cards.lp; ``playtest_card/1``, format_legality.lp).

Why warm equals cold: the rule base is stratified and has no choice rules or constraints, so
its answer set for a set of facts F is unique. With the switches of F on and all others off,
``p(t)`` holds exactly when ``p(t)`` is in F or derived: each bridge rule is the fact itself or
has a false body, and an atom that is both a fact in one state and derived by a rule elsewhere
keeps both its bridge rule and its rules (it is not itself declared external, so rule heads are
never clashing with an external). Aggregates are grounded over the possibly-true atoms and
evaluated by the solver. Only true atoms are in a model, and the bridge atoms are not shown
(``#show.`` in show.lp), so the shown atoms are those of the cold solve.
``tests/test_warm.py`` checks it on generated states.

Batch mode (:func:`pyrules.solving.batches.ask_many`) splits many states into chunks, answers
each chunk with a warm session over that chunk (``fix_common``: the facts every state of the chunk
has are grounded as facts) on an executor — forked local processes or a Dask cluster
(:mod:`pyrules.solving.executors`) — and returns the results in input order.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from typing import Iterable

import clingo.ast

from pyrules.asp_terms import add_facts
from pyrules.errors import QueryError
from pyrules.facts.state import GameState
from pyrules.inputs.rule_base import rule_statements


# The session's own predicates all start with ``warm_``; the rule base has none that do.

#: The session's fixed program text (no data in it): one external switch per state fact and card.
_SWITCHES = """\
#external warm_state_on(T) : warm_state_fact(T).
#external warm_card_on(K) : warm_card(K).
"""


_LOC = clingo.ast.Location(clingo.ast.Position("<warm bridge>", 1, 1), clingo.ast.Position("<warm bridge>", 1, 1))


def _bridge(name: str, arity: int, card: bool) -> clingo.ast.AST:
    """The bridge rule for predicate ``name/arity`` as a clingo AST node (the name is a value,
    never program text): ``p(X1,...,Xn) :- warm_state_on(p(X1,...,Xn)).``, or for a card fact
    (``card``) ``p(X1,...,Xn) :- warm_card_fact(K,p(X1,...,Xn)), warm_card_on(K).``."""
    A = clingo.ast  # noqa: N806

    def atom(term: clingo.ast.AST) -> clingo.ast.AST:
        return A.Literal(_LOC, A.Sign.NoSign, A.SymbolicAtom(term))

    term = A.Function(_LOC, name, [A.Variable(_LOC, f"X{i}") for i in range(1, arity + 1)], 0)
    if card:
        k = A.Variable(_LOC, "K")
        body = [atom(A.Function(_LOC, "warm_card_fact", [k, term], 0)),
                atom(A.Function(_LOC, "warm_card_on", [k], 0))]
    else:
        body = [atom(A.Function(_LOC, "warm_state_on", [term], 0))]
    return A.Rule(_LOC, atom(term), body)


class _Alarm:
    """One armed deadline of :class:`_Watchdog`: ``fired`` tells whether it was reached."""

    __slots__ = ("ctl", "deadline", "fired")

    def __init__(self, ctl: clingo.Control, deadline: float) -> None:
        self.ctl: clingo.Control | None = ctl
        self.deadline = deadline
        self.fired = False


class _Watchdog:
    """Interrupts ``clingo.Control`` solves that run past their time limit.

    One daemon thread per process (started on first use, and again in a forked child) sleeps until
    the earliest armed deadline and calls ``Control.interrupt()`` (thread-safe, clingo API) on a
    solve still running then. It holds a Control only while that Control's alarm is armed, so a
    session's ground program is freed with the session. Use::

        with WATCHDOG.armed(ctl, seconds) as alarm:
            ctl.solve(...)
        alarm.fired  # the deadline was reached
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._alarms: set[_Alarm] = set()
        self._pid: int | None = None

    def _run(self) -> None:
        with self._cond:
            while True:
                if not self._alarms:
                    self._cond.wait()
                    continue
                now = time.monotonic()
                for alarm in [a for a in self._alarms if a.deadline <= now]:
                    self._alarms.discard(alarm)
                    alarm.fired = True
                    alarm.ctl.interrupt()
                    alarm.ctl = None
                if self._alarms:
                    self._cond.wait(min(a.deadline for a in self._alarms) - now)

    @contextlib.contextmanager
    def armed(self, ctl: clingo.Control, seconds: float):
        """Within the block, a solve of ``ctl`` is interrupted after ``seconds`` of wall-clock time;
        yields the :class:`_Alarm`."""
        alarm = _Alarm(ctl, time.monotonic() + seconds)
        with self._cond:
            if self._pid != os.getpid():  # first use, or a forked child (threads are not inherited)
                self._pid = os.getpid()
                threading.Thread(target=self._run, name="pyrules-watchdog", daemon=True).start()
            self._alarms.add(alarm)
            self._cond.notify()
        try:
            yield alarm
        finally:
            with self._cond:
                self._alarms.discard(alarm)
                alarm.ctl = None


#: The process's watchdog for warm solves.
WATCHDOG = _Watchdog()


class WarmSession:
    """The rule base grounded once for a universe of states; answers any state within it.

    Args:
        kb: the :class:`pyrules.api.KnowledgeBase` whose cards and CR document are used.
        universe_states: the states whose facts (state facts and the card definitions their objects
            name) make up the universe; at least one. Any state asked later must have only facts of
            this universe (a fact is a clingo symbol such as ``in_zone(o1, hand)``; ids matter).
        time_limit: seconds each solve may take; default ``kb.time_limit``.
        fix_common: the state facts that every state of ``universe_states`` has are also given as
            plain facts, so the grounder simplifies with them (a smaller ground program, faster
            grounding and solving); a state asked later must then have them all (else QueryError).
            :func:`pyrules.solving.batches.ask_many` asks only its universe's states and sets it.

    Attributes:
        ground_seconds: wall-clock seconds spent parsing and grounding (once).
        n_state_facts, n_cards: size of the universe (distinct state facts, card definitions).

    Raises:
        QueryError: a state names a card that is not loaded in ``kb``, or there is no state.
        FactFileError: the rule base does not ground (a bug in rules_asp/).
    """

    def __init__(self, kb, universe_states: Iterable[GameState], time_limit: float | None = None,
                 fix_common: bool = False) -> None:
        t0 = time.perf_counter()
        self.kb = kb
        self.time_limit = kb.time_limit if time_limit is None else time_limit
        state_facts: dict[clingo.Symbol, None] = {}
        card_names: dict[str, None] = {}
        n_states = 0
        self._by_parts = True  # see _state_literals
        common: set[clingo.Symbol] | None = None  # the state facts of every state of the universe
        for state in universe_states:
            n_states += 1
            facts = state.facts()
            state_facts.update(dict.fromkeys(facts))
            if fix_common:
                common = set(facts) if common is None else common.intersection(facts)
            players, objects, extra = self._parts(state)
            if self._by_parts and set(facts) != set(players).union(extra, *objects):
                self._by_parts = False
            card_names.update(dict.fromkeys(sorted(state.card_names())))
        if not n_states:
            raise QueryError("a warm session needs at least one state for its universe")
        self._card_index = {name: i for i, name in enumerate(card_names)}
        cards = [kb.card(name) for name in card_names]  # QueryError for unknown names
        from pyrules.facts.card_facts import card_facts

        F = clingo.Function  # noqa: N806
        facts: list[clingo.Symbol] = []  # the universe, as values
        signatures_state: set[tuple[str, int]] = set()
        signatures_card: set[tuple[str, int]] = set()
        for fact in state_facts:
            facts.append(F("warm_state_fact", [fact]))
            signatures_state.add((fact.name, len(fact.arguments)))
        fixed = [f for f in state_facts if f in common] if common else []
        facts += fixed  # plain facts too: the grounder simplifies with them (see fix_common)
        for i, card in enumerate(cards):
            k = clingo.Number(i)
            facts.append(F("warm_card", [k]))
            for fact in card_facts(card):
                facts.append(F("warm_card_fact", [k, fact]))
                signatures_card.add((fact.name, len(fact.arguments)))
        if getattr(kb, "rules_document", None) is not None:
            # The same constant facts KnowledgeBase.facts adds to every state (122.1b list).
            facts += [F("cr_keyword_counter", [clingo.String(k)]) for k in kb.rules_document.catalogs.keyword_counters]
        # What the keywords mean (CR 702), as KnowledgeBase.facts gives them.
        if hasattr(kb, "keyword_definition_facts"):
            facts += kb.keyword_definition_facts()
        else:
            from pyrules.facts.keyword_definitions import default_keyword_definition_symbols
            facts += default_keyword_definition_symbols()
        bridges = [clingo.ast.Program(_LOC, "base", [])]  # in the base program, whatever the rule base's last part
        bridges += [_bridge(name, arity, False) for name, arity in sorted(signatures_state)]
        bridges += [_bridge(name, arity, True) for name, arity in sorted(signatures_card)]

        self.messages: list[str] = []
        ctl = clingo.Control(logger=lambda code, msg: self.messages.append(msg.strip()), message_limit=50)
        from pyrules.inputs.rule_base import _program_error

        with clingo.ast.ProgramBuilder(ctl) as builder:  # the rule base, parsed once per process
            for statement in rule_statements():
                builder.add(statement)
            for statement in bridges:
                builder.add(statement)
        ctl.add("base", [], _SWITCHES)
        add_facts(ctl, facts)
        try:
            ctl.ground([("base", [])])
        except RuntimeError:
            raise _program_error("grounding", self.messages) from None
        atoms = ctl.symbolic_atoms
        self._state_lit = {f: atoms[clingo.Function("warm_state_on", [f])].literal for f in state_facts}
        self._card_lit = [atoms[clingo.Function("warm_card_on", [clingo.Number(i)])].literal
                          for i in range(len(cards))]
        self._fixed = frozenset(self._state_lit[f] for f in fixed)  # every state asked must have them
        self._on: set[int] = set()  # literals switched on now
        self._cache: dict[tuple, frozenset[int]] = {}  # players / object fields -> their switches
        self._ctl = ctl
        from pyrules.answers.answer_set import SymbolMemo
        self._memo = SymbolMemo()  # what Answers read off symbols, kept across queries
        self.n_state_facts = len(state_facts)
        self.n_cards = len(cards)
        self.ground_seconds = time.perf_counter() - t0

    def _literals(self, facts: Iterable[clingo.Symbol]) -> frozenset[int]:
        """The switches of ``facts``.

        Raises:
            QueryError: a fact outside the universe.
        """
        want = set()
        for fact in facts:
            lit = self._state_lit.get(fact)
            if lit is None:
                raise QueryError(f"fact {fact} is not in this warm session's universe "
                                 f"(build the session with a state that has it)")
            want.add(lit)
        return frozenset(want)

    @staticmethod
    def _parts(state: GameState) -> tuple[list[clingo.Symbol], list[list[clingo.Symbol]], list[clingo.Symbol]]:
        """``state.facts()`` cut into its players' facts, each object's facts and the other facts."""
        players = GameState(list(state.players)).facts()
        objects = [GameState(objects={o.id: o}).facts() for o in state.objects.values()]
        return players, objects, list(state.extra)

    def _state_literals(self, state: GameState) -> set[int]:
        """The switches of ``state.facts()``. Building clingo symbols is the slow part of a warm
        query, so the facts of the players and of each object (a ``GameObject``'s fields) are
        remembered by value; the session checked at build time that ``state.facts()`` is exactly
        those parts plus ``state.extra`` (else it uses ``state.facts()`` every time)."""
        if not self._by_parts:
            return set(self._literals(state.facts()))
        key = ("players", *state.players)
        lits = self._cache.get(key)
        if lits is None:
            lits = self._cache.setdefault(key, self._literals(GameState(list(state.players)).facts()))
        want = set(lits)
        for o in state.objects.values():
            key = ("object", *vars(o).values())
            lits = self._cache.get(key)
            if lits is None:
                lits = self._cache.setdefault(key, self._literals(GameState(objects={o.id: o}).facts()))
            want |= lits
        want |= self._literals(state.extra)
        return want

    def _switch(self, state: GameState) -> None:
        """Switch on exactly ``state``'s facts (only the changes since the last query are sent)."""
        want = self._state_literals(state)
        if not self._fixed <= want:
            raise QueryError("the state lacks a fact every state of this warm session's universe has "
                             "(the session was built with fix_common)")
        for name in state.card_names():
            i = self._card_index.get(name)
            if i is None:
                raise QueryError(f"card {name!r} is not in this warm session's universe")
            want.add(self._card_lit[i])
        ctl = self._ctl
        for lit in self._on - want:
            ctl.assign_external(lit, False)
        for lit in want - self._on:
            ctl.assign_external(lit, True)
        self._on = want

    def solve_symbols(self, state: GameState) -> tuple[clingo.Symbol, ...]:
        """The shown atoms of the rule base's model for ``state`` (what a cold solve shows).

        Raises:
            QueryError: a fact or card of ``state`` outside the universe; the solve reached the
                time limit or found the state inconsistent.
        """
        self._switch(state)
        models: list[tuple[clingo.Symbol, ...]] = []
        # A synchronous solve under the session's watchdog (an asynchronous solve handle costs a
        # thread per query).
        with WATCHDOG.armed(self._ctl, self.time_limit) as alarm:
            result = self._ctl.solve(on_model=lambda m: models.append(tuple(m.symbols(shown=True))))
        if alarm.fired or result.interrupted:
            raise QueryError("no answer: the solve was unknown (time limit)")
        if result.unsatisfiable or not models:
            raise QueryError("no answer: the solve was unsatisfiable")
        return models[-1]

    def ask(self, state: GameState):
        """Answer ``state`` like :meth:`pyrules.api.KnowledgeBase.ask` does, without grounding.

        Returns:
            :class:`pyrules.answers.answer_set.Answers` for ``state``.

        Raises:
            QueryError: as :meth:`solve_symbols`.
        """
        from pyrules.answers.answer_set import Answers

        symbols = self.solve_symbols(state)
        cards = {name: self.kb.cards[name] for name in state.card_names()}
        return Answers(symbols, state, cards, self.kb.rule_text, self._memo)
