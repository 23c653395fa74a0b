"""The Python API: load a knowledge base once, describe a game state, ask.

Example::

    from pyrules import KnowledgeBase, GameState
    kb = KnowledgeBase.from_files(["all_cards_mb2.json"])
    state = GameState()
    state.add_player("alice")
    state.add_object("g1", "There // They're // Their", zone="graveyard", owner="alice")
    state.permit_cast("sword", "alice", "graveyard", during_resolution=True,
                      card_types=("instant", "sorcery"), mana_value_at_most=2)
    for verdict in kb.ask(state).cast_verdicts():
        print(verdict.explain())

Verdicts come from the clingo program over the card and state facts; Python only maps symbols
back to :mod:`pyrules.answers.typed` objects.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Iterable

import clingo

from pyrules.answers.answer_set import Answers, SymbolMemo
from pyrules.errors import NoAnswerError, QueryError, StateValueError
from pyrules.facts.card_facts import card_facts
from pyrules.facts.state import GameState
from pyrules.facts.validation import checked_arguments
from pyrules.inputs.card_definitions import CardDefinition
from pyrules.inputs.cards import load_cards
from pyrules.solving.one_shot import DEFAULT_TIME_LIMIT, solve


class KnowledgeBase:
    """The rule base plus the card definitions (and optionally a CR document for citation texts).

    Args:
        cards: card definitions to look names up in; where a name has both a card and a token (or
            emblem) record, the card is what the name means (:func:`pyrules.inputs.card_definitions.one_per_name`);
            the token records stay in ``tokens`` (name -> definition).
        rules_document: a parsed CR (``pyrules.inputs.comprehensive_rules``), used to attach each cited rule's text.
        time_limit: seconds each solve may take (more than 0, at most
            :data:`pyrules.solving.one_shot.MAX_TIME_LIMIT`).

    Every method checks its arguments against its annotations: a missing argument or a value of
    the wrong type (``time_limit="5"``, ``ask(None)``) raises
    :class:`pyrules.errors.StateValueError` naming the argument.
    """

    #: Most symbols the knowledge base remembers the reading of (see :class:`SymbolMemo`) before it
    #: forgets them all; about 200 bytes each.
    MEMO_LIMIT = 200_000

    @checked_arguments
    def __init__(self, cards: Iterable[CardDefinition] = (), rules_document=None,
                 time_limit: float = DEFAULT_TIME_LIMIT) -> None:
        from pyrules.inputs.card_definitions import is_card, one_per_name
        from pyrules.errors import StateValueError
        from pyrules.solving.one_shot import MAX_TIME_LIMIT

        if not 0 < time_limit <= MAX_TIME_LIMIT:  # also false for nan
            raise StateValueError(f"KnowledgeBase: time_limit must be more than 0 and at most {MAX_TIME_LIMIT:g} "
                                  f"seconds, not {time_limit!r}", "time_limit")

        cards = list(cards)
        # A name means its card, not a token of that name listed before it (108.2b, 111.11);
        # names with only a token/emblem record keep that record. All token records: ``tokens``.
        self.cards: dict[str, CardDefinition] = {c.name: c for c in one_per_name(cards)}
        self.tokens: dict[str, CardDefinition] = {}
        for c in cards:
            if not is_card(c):
                self.tokens.setdefault(c.name, c)
        self.rules_document = rules_document
        self.time_limit = time_limit
        self._memo = SymbolMemo()  # clingo symbols are interned per process: valid across solves

    @classmethod
    @checked_arguments
    def from_files(cls, card_files: Iterable[str | Path] = (), cr_file: str | Path | None = None,
                   time_limit: float = DEFAULT_TIME_LIMIT, names: Iterable[str] | None = None) -> "KnowledgeBase":
        """Load card files — JSON card data (:func:`pyrules.inputs.cards.load_cards`) or, for any other
        suffix, the plain-text card format — and optionally a CR text file.

        Args:
            names: if given, load only the cards with these names (faster on large card files).

        Raises:
            CardTextError, RulesDocumentError: unreadable inputs, with their location.
        """
        from pyrules.inputs.cards import load_any_cards

        wanted = set(names) if names is not None else None
        cards = [c for f in card_files
                 for c in (load_cards(f, names=wanted) if str(f).lower().endswith(".json") else load_any_cards(f))
                 if wanted is None or c.name in wanted]
        doc = None
        if cr_file is not None:
            from pyrules.inputs.comprehensive_rules import load_comprehensive_rules
            doc = load_comprehensive_rules(cr_file)
        return cls(cards, doc, time_limit)

    def card(self, name: str) -> CardDefinition:
        """The card definition named ``name``.

        Raises:
            QueryError: no card of that name was loaded.
        """
        try:
            return self.cards[name]
        except KeyError:
            raise QueryError(f"unknown card {name!r} (not in the loaded card data)") from None

    def rule_text(self, number: str) -> str | None:
        """Text of CR rule ``number`` from the loaded CR document, or None."""
        doc = self.rules_document
        if doc is None:
            return None
        rule = doc.rules.get(number)
        return getattr(rule, "text", None)

    @checked_arguments
    def facts(self, state: GameState) -> list[clingo.Symbol]:
        """Instance facts for ``state``: its objects' card definitions plus the state itself.

        With a CR document loaded, the CR's keyword-counter list (122.1b) is added too.

        Raises:
            QueryError: an object names a card that was not loaded.
        """
        cards = {name: self.card(name) for name in sorted(state.card_names())}
        catalog = []
        if self.rules_document is not None:
            # 122.1b: the keywords a keyword counter can be, from the loaded CR (counters.lp).
            catalog = [clingo.Function("cr_keyword_counter", [clingo.String(k)])
                       for k in self.rules_document.catalogs.keyword_counters]
        return ([f for c in cards.values() for f in card_facts(c)] + catalog + list(self.keyword_definition_facts())
                + state.facts())

    def keyword_definition_facts(self) -> tuple[clingo.Symbol, ...]:
        """What the keyword abilities mean (CR 702, schema.lp "Keyword definitions"): read from the
        loaded CR document's definitions (:mod:`pyrules.facts.keyword_definitions`), or, with no CR
        loaded, the package's reading of its own CR. Read once per knowledge base."""
        if getattr(self, "_keyword_definitions", None) is None:
            from pyrules.facts.keyword_definitions import (default_keyword_definition_symbols,
                                                           keyword_definition_symbols)
            doc = self.rules_document
            self._keyword_definitions = (tuple(keyword_definition_symbols(doc)) if doc is not None
                                         else default_keyword_definition_symbols())
        return self._keyword_definitions

    @checked_arguments
    def ask(self, state: GameState) -> Answers:
        """Solve the rule base for ``state`` and return its :class:`Answers`.

        Raises:
            QueryError: unknown card names, or the solve reached the time limit or found the state
                inconsistent (unsatisfiable).
        """
        result = solve(self.facts(state), time_limit=self.time_limit)
        if result.status == "unknown":
            raise NoAnswerError(f"unknown: the time limit of {self.time_limit:g} s was reached")
        if result.status != "satisfiable":
            raise NoAnswerError("inconsistent state: the facts contradict the rule base (no answer set)")
        cards = {name: self.cards[name] for name in state.card_names()}
        if len(self._memo.heads) > self.MEMO_LIMIT:  # many different states: start over
            self._memo = SymbolMemo()
        return Answers(result.symbols, state, cards, self.rule_text, self._memo)

    @checked_arguments
    def run(self, state: GameState):
        """Answer ``state``'s sequence of events (``GameState.then_*``, a scenario's ``[[events]]``)
        step by step: a :class:`pyrules.timeline.steps.Timeline` (issue 15; rules_asp/time/).

        Each event is judged by the rules of the moment it happens in (a cast the rule base forbids
        is refused and ends the sequence); state-based actions are checked after each (704.3).

        Raises:
            QueryError: unknown card names, the time limit was reached, or the state is
                inconsistent.
        """
        from pyrules.timeline.run import run_timeline
        return run_timeline(self, state)

    @checked_arguments
    def sequences(self, state: GameState):
        """A warm session for sequences of events from ``state``: a
        :class:`pyrules.timeline.session.SequenceSession`, whose ``run(s)`` answers ``s``'s events as
        :meth:`run` does, for any ``s`` that is ``state`` apart from its events, without judging the
        state as a moment or grounding the time encoding's static part again.

        Raises:
            QueryError: as :meth:`ask`, for ``state``.
        """
        from pyrules.timeline.session import SequenceSession
        return SequenceSession(self, state)

    def plan(self, state: GameState, goal: str, max_steps: int = 16, time_limit: float | None = None):
        """Find a shortest line of play from ``state`` to ``goal`` (issue 22): clingo chooses, step
        by step, among the actions the rule base allows the acting player (cast, play a land, resolve,
        attack, go to a later step; rules_asp/planning/planning.lp); the opponent passes.

        Args:
            goal: ``'life(bob) <= 0'``, ``'in_zone(bears, graveyard)'``, ``'cast(bolt)'``, joined by
                ``and`` (:mod:`pyrules.timeline.plan_goal`).
            max_steps: the most time steps (each action and each state-based-action check is one).
            time_limit: seconds (default ``self.time_limit``).

        Returns:
            :class:`pyrules.timeline.plan.Plan`: the line with each step's changes and CR rules, or
            why none was found (which goal condition never held; the time limit).

        Raises:
            QueryError: a bad goal or ``max_steps`` (one line), a state with events, unknown cards.
        """
        from pyrules.timeline.plan import find_line
        from pyrules.timeline.plan_goal import parse_goal
        objects = set(state.objects) | {str(f.arguments[0]) for f in state.extra
                                        if f.name == "object" and len(f.arguments) == 1}
        conditions = parse_goal(goal, set(state.players), objects)
        return find_line(self, state, conditions, max_steps, self.time_limit if time_limit is None else time_limit)

    @checked_arguments
    def warm(self, states: Iterable[GameState]):
        """A :class:`pyrules.solving.warm.WarmSession`: the rule base grounded once for the universe of
        ``states`` (their facts and cards); its ``ask(state)`` answers any state within that
        universe as :meth:`ask` would, without grounding again.

        Raises:
            QueryError: unknown card names, or no state.
        """
        from pyrules.solving.warm import WarmSession
        return WarmSession(self, states)

    @checked_arguments
    def ask_many(self, states: Iterable[GameState], question: Callable[[Answers], object] | None = None,
                 workers: int = 2, chunk_size: int | None = None, scheduler: object = None,
                 progress: bool | None = None) -> list:
        """Answer one question for many states, results in input order (see
        :func:`pyrules.solving.batches.ask_many`: ``question`` maps :class:`Answers` to a picklable value).

        Runs on ``workers`` local processes, or on a Dask cluster when ``scheduler`` is a
        ``dask.distributed.Client`` (or a scheduler address; needs ``pip install 'pyrules[dask]'``,
        else a one-line :class:`QueryError`). ``progress``: a tqdm bar on stderr (None: for long
        batches on a terminal; False: never).

        One result per state, in place: the question's value, or for a state that could not be
        answered a :class:`pyrules.errors.PyrulesError` instance — a :class:`QueryError` (unknown
        card, inconsistent state, time limit, its worker lost), or a :class:`pyrules.errors.QuestionError` when
        ``question`` itself raised for that state (its ``error_type`` and message say what). One
        failing state never costs the others their answers, with any number of workers."""
        from pyrules.solving.batches import DEFAULT_CHUNK, ask_many
        return ask_many(self, list(states), question, workers, chunk_size or DEFAULT_CHUNK,
                        scheduler=scheduler, progress=progress)

    @checked_arguments
    def iter_many(self, states: Iterable[GameState], question: Callable[[Answers], object] | None = None,
                  workers: int = 2, chunk_size: int | None = None, scheduler: object = None,
                  progress: bool | None = None):
        """:meth:`ask_many` as a stream: yields each state's result in input order as soon as it
        is answered (memory flat over any number of states; see
        :func:`pyrules.solving.batches.iter_many`)."""
        from pyrules.solving.batches import DEFAULT_CHUNK, iter_many
        return iter_many(self, list(states), question, workers, chunk_size or DEFAULT_CHUNK,
                         scheduler=scheduler, progress=progress)

    def __getstate__(self) -> dict:
        """Pickled (a Dask worker, a spawned process) without the symbol memo: its keys are clingo
        symbol representations valid only in this process."""
        state = dict(self.__dict__)
        state["_memo"] = None
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        self._memo = SymbolMemo()
