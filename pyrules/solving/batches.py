"""Many questions at once: chunks of game states answered by warm sessions in forked worker
processes (:func:`ask_many`)."""

from __future__ import annotations

import multiprocessing
import os
import pickle
from typing import Any, Callable, Sequence

from pyrules.errors import PyrulesError, QueryError, QuestionError, StateValueError
from pyrules.facts.state import GameState
from pyrules.solving.warm import WarmSession


# --------------------------------------------------------------------------- batch mode

#: Default number of states per warm session in :func:`ask_many`. Each solve's cost grows with the
#: size of the grounded universe, grounding is paid once per chunk: ~50 one-card states balance the
#: two (measured by tests/benchmarks/bench_queries.py).
DEFAULT_CHUNK = 50


_BATCH: tuple | None = None  # (kb, states, question, time_limit), inherited by forked workers


def _answer_chunk(bounds: tuple[int, int]) -> list[Any]:
    """Answer states ``[start, end)`` of the batch with one warm session; errors are results."""
    kb, states, question, time_limit = _BATCH  # type: ignore[misc]
    chunk = states[bounds[0]:bounds[1]]
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
        sessions = {i: session for session in [WarmSession(kb, [chunk[i] for i in usable], time_limit)]
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


def _question_error(err: BaseException) -> QueryError:
    """The result for a state whose question raised ``err``: ``err`` itself if it is a pyrules
    error (e.g. a :class:`QueryError` for an object the state does not have), else a
    :class:`pyrules.errors.QuestionError` with its type and text (picklable, unlike some
    exceptions)."""
    if isinstance(err, PyrulesError):
        return err if isinstance(err, QueryError) else QueryError(str(err))
    return QuestionError(f"the question raised {type(err).__name__}: {err}", type(err).__name__)


def ask_many(kb, states: Sequence[GameState], question: Callable[[Any], Any] | None = None,
             workers: int = 2, chunk_size: int = DEFAULT_CHUNK,
             time_limit: float | None = None) -> list[Any]:
    """Answer one question for many states, on ``workers`` processes; results in input order.

    The states are cut into chunks of ``chunk_size``; each chunk is answered by one
    :class:`WarmSession` grounded for that chunk (so every answer equals the cold answer). With
    ``workers > 1`` the chunks are shared out among forked processes (``fork`` start method: the
    knowledge base, the states and ``question`` are inherited, not pickled; the results are
    pickled back, so ``question`` must return picklable values; each worker leaves with
    ``os._exit`` so no exit handler inherited from this process runs twice).

    Args:
        kb: the :class:`pyrules.api.KnowledgeBase`.
        states: the states, any number.
        question: maps each state's :class:`pyrules.answers.answer_set.Answers` to the result wanted (e.g.
            ``lambda a: [o.allowed for o in a.cast_options("c")]``); None: the shown atoms as a
            sorted tuple of ASP texts.
        workers: processes (>= 1; 1, or a platform without ``fork``, answers in this process).
        chunk_size: states per warm session (>= 1).
        time_limit: seconds per solve; default ``kb.time_limit``.

    Returns:
        One result per state, in the order of ``states``: ``question``'s value, or the
        :class:`pyrules.errors.PyrulesError` instance for a state that could not be answered — a
        :class:`QueryError` (unknown card, inconsistent state, time limit), a
        :class:`pyrules.errors.QuestionError` when ``question`` raised for that state, or one
        whose result could not be sent back from its worker, a :class:`QueryError` for each state
        of a worker process that died. One bad state does not stop the batch or cost the other
        states their answers.

    Raises:
        StateValueError: ``workers`` or ``chunk_size`` not a whole number of at least 1 (it is a
            ValueError too).
    """
    global _BATCH
    for name, value in (("workers", workers), ("chunk_size", chunk_size)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise StateValueError(f"ask_many: {name} must be a whole number of at least 1, not {value!r}", name)
    states = list(states)
    bounds = [(i, min(i + chunk_size, len(states))) for i in range(0, len(states), chunk_size)]
    _BATCH = (kb, states, question, time_limit)
    try:
        try:
            ctx = multiprocessing.get_context("fork") if workers > 1 and len(bounds) > 1 else None
        except ValueError:
            ctx = None
        if ctx is None:
            chunks = [_answer_chunk(b) for b in bounds]
        else:
            chunks = _forked(ctx, bounds, min(workers, len(bounds)))
    finally:
        _BATCH = None
    return [r for chunk in chunks for r in chunk]


def _worker(conn, bounds: list[tuple[int, int]]) -> None:  # runs in a forked process
    """Answer the chunks ``bounds`` and send ``[(index, results), ...]`` back, then leave at once
    with ``os._exit``: a forked child must not run the parent's exit handlers (threads, executors
    it inherited), so only the results cross back."""
    code = 0
    try:
        results = [_answer_chunk(b) for b in bounds]
        try:
            conn.send(results)
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
            # Some state's result cannot be pickled: that state gets an error, the rest their answers.
            conn.send([[_sendable(r) for r in chunk] for chunk in results])
    except BaseException as err:  # noqa: BLE001 — reported to the parent, never silently lost
        code = 1
        try:
            conn.send(QueryError(f"batch worker failed: {type(err).__name__}: {err}"))
        except BaseException:  # noqa: BLE001
            pass
    finally:
        conn.close()
        os._exit(code)


def _sendable(result: Any) -> Any:
    """``result``, or a QuestionError in its place if it cannot be pickled back to the parent."""
    try:
        pickle.dumps(result)
    except Exception as err:  # noqa: BLE001 — any pickling failure
        return QuestionError(f"the question's result cannot be sent back from the worker process "
                             f"({type(err).__name__}: {err}); return plain data", type(err).__name__)
    return result


def _forked(ctx, bounds: list[tuple[int, int]], workers: int) -> list[list[Any]]:
    """Answer the chunks ``bounds`` on ``workers`` forked processes (chunk i on worker i mod
    ``workers``); results in the order of ``bounds``.

    A worker that dies or fails without answering gives a :class:`QueryError` for each state of
    its chunks; the other workers' answers are kept.
    """
    shares = [bounds[w::workers] for w in range(workers)]
    running = []
    for share in shares:
        parent, child = ctx.Pipe(duplex=False)
        proc = ctx.Process(target=_worker, args=(child, share), daemon=True)
        proc.start()
        child.close()
        running.append((proc, parent))
    answered: list[list[list[Any]]] = []
    try:
        for (proc, conn), share in zip(running, shares):
            try:
                got = conn.recv()
            except (EOFError, OSError, pickle.UnpicklingError):
                got = QueryError("batch worker died without answering")
            if isinstance(got, QueryError):  # the whole share failed: each of its states says so
                got = [[QueryError(f"not answered: {got.message}")] * (end - start) for start, end in share]
            answered.append(got)
    finally:
        for proc, conn in running:
            conn.close()
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
    chunks: list[list[Any]] = [[] for _ in bounds]
    for w, share_results in enumerate(answered):
        for k, result in enumerate(share_results):
            chunks[w + k * workers] = result
    return chunks
