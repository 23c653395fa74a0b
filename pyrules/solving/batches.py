"""Many questions at once: chunks of game states answered by warm sessions on an executor
(:func:`ask_many`, :func:`iter_many`): local forked processes by default, or a Dask cluster
(:mod:`pyrules.solving.executors`)."""

from __future__ import annotations

import pickle
from typing import Any, Callable, Iterator, Sequence

from pyrules.errors import PyrulesError, QueryError, QuestionError, StateValueError
from pyrules.facts.state import GameState
from pyrules.solving.executors import TaskFailure, counted, progress_bar, run_ordered
from pyrules.solving.warm import WarmSession


# --------------------------------------------------------------------------- batch mode

#: Default number of states per warm session in :func:`ask_many`. Each solve's cost grows with the
#: size of the grounded universe, grounding is paid once per chunk: ~50 one-card states balance the
#: two (measured by tests/benchmarks/bench_queries.py).
DEFAULT_CHUNK = 50


def _answer_chunk(shared: tuple, item: tuple) -> list[Any]:
    """Answer one chunk of the batch with one warm session; errors are results.

    ``shared`` is ``(kb, question, time_limit, states)``: ``states`` is the whole batch when it is
    inherited (local processes) and None when each chunk carries its own states (Dask);
    ``item`` is ``(start, end)`` or ``(start, end, chunk_states)``."""
    kb, question, time_limit, states = shared
    chunk = item[2] if len(item) > 2 else states[item[0]:item[1]]
    out: list[Any] = [None] * len(chunk)
    usable = []
    for i, state in enumerate(chunk):
        missing = sorted(n for n in state.card_names() if n not in kb.cards)
        if missing:
            out[i] = QueryError(f"unknown card {missing[0]!r} (not in the loaded card data)")
        else:
            usable.append(i)
    if not usable:
        return out
    try:
        # Only the chunk's own states are asked: the facts they all share are grounded as facts.
        sessions = {i: session for session in [WarmSession(kb, [chunk[i] for i in usable], time_limit,
                                                           fix_common=True)]
                    for i in usable}
    except PyrulesError:  # one state spoils the chunk's universe: give each state its own session
        sessions = {}
        for i in usable:
            try:
                sessions[i] = WarmSession(kb, [chunk[i]], time_limit)
            except PyrulesError as err:
                out[i] = err
    for i, session in sessions.items():
        try:
            if question is None:
                out[i] = tuple(sorted(str(s) for s in session.solve_symbols(chunk[i])))
                continue
            answers = session.ask(chunk[i])
        except QueryError as err:
            out[i] = err
            continue
        try:
            out[i] = question(answers)
        except Exception as err:  # noqa: BLE001 — the question's own failure, reported for this state
            out[i] = _question_error(err)
    return out


def _sendable(result: Any) -> Any:
    """``result``, or a QuestionError in its place if it cannot be pickled back to the parent."""
    try:
        pickle.dumps(result)
    except Exception as err:  # noqa: BLE001 — any pickling failure
        return QuestionError(f"the question's result cannot be sent back from the worker process "
                             f"({type(err).__name__}: {err}); return plain data", type(err).__name__)
    return result


# A chunk whose results cannot all be pickled back: each state that cannot gets an error instead.
_answer_chunk.sendable = lambda results: [_sendable(r) for r in results]  # type: ignore[attr-defined]


def _question_error(err: BaseException) -> QueryError:
    """The result for a state whose question raised ``err``: ``err`` itself if it is a pyrules
    error (e.g. a :class:`QueryError` for an object the state does not have), else a
    :class:`pyrules.errors.QuestionError` with its type and text (picklable, unlike some
    exceptions)."""
    if isinstance(err, PyrulesError):
        return err if isinstance(err, QueryError) else QueryError(str(err))
    return QuestionError(f"the question raised {type(err).__name__}: {err}", type(err).__name__)


def _check_whole(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise StateValueError(f"ask_many: {name} must be a whole number of at least 1, not {value!r}", name)


def iter_many(kb, states: Sequence[GameState], question: Callable[[Any], Any] | None = None,
              workers: int = 2, chunk_size: int = DEFAULT_CHUNK, time_limit: float | None = None,
              scheduler: object = None, progress: bool | None = None) -> Iterator[Any]:
    """:func:`ask_many` as a stream: yields each state's result in the order of ``states``, as
    soon as its chunk (and every chunk before it) is answered; at most two chunks per worker are
    in flight, so memory stays flat over any number of states.

    Arguments, results and errors as :func:`ask_many` (the argument errors are raised at the
    call, before anything runs).
    """
    _check_whole("workers", workers)
    _check_whole("chunk_size", chunk_size)
    states = list(states)
    bounds = [(i, min(i + chunk_size, len(states))) for i in range(0, len(states), chunk_size)]
    if scheduler is None:  # forked local processes inherit the states
        shared, items = (kb, question, time_limit, states), bounds
    else:  # each Dask task carries its chunk's states
        shared, items = (kb, question, time_limit, None), [(s, e, states[s:e]) for s, e in bounds]
    chunks = run_ordered(_answer_chunk, shared, items, workers, scheduler)
    bar = progress_bar(len(states), progress, "state", "ask_many")
    return _flatten(counted(chunks, bar, len), bounds)


def _flatten(chunks: Iterator[Any], bounds: list[tuple[int, int]]) -> Iterator[Any]:
    """Each chunk's results one by one; a failed chunk (:class:`TaskFailure`) gives a
    :class:`QueryError` for each of its states."""
    for (start, end), chunk in zip(bounds, chunks):
        if isinstance(chunk, TaskFailure):
            yield from [QueryError(f"not answered: {chunk.message}")] * (end - start)
        else:
            yield from chunk


def ask_many(kb, states: Sequence[GameState], question: Callable[[Any], Any] | None = None,
             workers: int = 2, chunk_size: int = DEFAULT_CHUNK,
             time_limit: float | None = None, scheduler: object = None,
             progress: bool | None = None) -> list[Any]:
    """Answer one question for many states, on an executor; results in input order.

    The states are cut into chunks of ``chunk_size``; each chunk is answered by one
    :class:`WarmSession` grounded for that chunk (so every answer equals the cold answer). The
    chunks run on :func:`pyrules.solving.executors.run_ordered`:

    * local (``scheduler`` None): ``workers`` forked processes (``concurrent.futures``, ``fork``
      start method: the knowledge base, the states and ``question`` are inherited, not pickled; the
      results are pickled back, so ``question`` must return picklable values). ``workers`` 1, or a
      platform without ``fork``, answers in this process.
    * Dask (``scheduler`` a ``dask.distributed.Client`` or a scheduler address; needs
      ``pyrules[dask]``): the knowledge base and ``question`` are scattered to every worker once
      (cloudpickle: a lambda is fine), each task carries its chunk's states; every worker must
      have pyrules installed.

    Args:
        kb: the :class:`pyrules.api.KnowledgeBase`.
        states: the states, any number.
        question: maps each state's :class:`pyrules.answers.answer_set.Answers` to the result wanted (e.g.
            ``lambda a: [o.allowed for o in a.cast_options("c")]``); None: the shown atoms as a
            sorted tuple of ASP texts.
        workers: local processes (>= 1); ignored with ``scheduler``.
        chunk_size: states per warm session (>= 1).
        time_limit: seconds per solve; default ``kb.time_limit``.
        scheduler: None (local processes), a ``dask.distributed.Client`` or an address.
        progress: a progress bar on stderr (tqdm): None shows it for batches of at least
            :data:`pyrules.solving.executors.LONG_BATCH` states when stderr is a terminal; False never.

    Returns:
        One result per state, in the order of ``states``: ``question``'s value, or the
        :class:`pyrules.errors.PyrulesError` instance for a state that could not be answered — a
        :class:`QueryError` (unknown card, inconsistent state, time limit), a
        :class:`pyrules.errors.QuestionError` when ``question`` raised for that state, or one
        whose result could not be sent back from its worker, a :class:`QueryError` ("not
        answered: ...") for each state of a chunk whose worker died or whose task failed (a chunk
        that kills its local worker is answered again alone, so only it is lost). One bad state
        does not stop the batch or cost the other states their answers.

    Raises:
        StateValueError: ``workers`` or ``chunk_size`` not a whole number of at least 1 (it is a
            ValueError too).
        QueryError: ``scheduler`` given and Dask not installed, or the scheduler not reachable.
    """
    return list(iter_many(kb, states, question, workers, chunk_size, time_limit, scheduler, progress))
