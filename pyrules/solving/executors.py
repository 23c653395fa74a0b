"""Where batch tasks run (issue 21): local worker processes (``concurrent.futures``) by default,
or a Dask ``distributed`` cluster (the optional extra ``pyrules[dask]``).

:func:`run_ordered` runs one task function over many items and yields each item's result **in the
order of the items**, as soon as it and every item before it are done (a bounded window of items
is in flight, so memory stays flat however many items there are). A task that fails — it raised,
its worker process died, its result could not be sent back — yields a :class:`TaskFailure` in its
place; the other items keep their results.

The task is ``task(shared, item)``: ``shared`` (e.g. the knowledge base and the question) is sent
once per worker, not once per item: inherited by forked local processes, scattered to every Dask
worker (``Client.scatter(..., broadcast=True)``). Results and items cross process boundaries by
pickle; clingo symbols pickle as values (:mod:`pyrules.asp_terms`).

Dask is imported only when a client or a scheduler address is given; without it installed, asking
for one raises :class:`pyrules.errors.QueryError` in one line.
"""

from __future__ import annotations

import collections
import multiprocessing
import pickle
import sys
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Iterable, Iterator, Sequence

from pyrules.errors import QueryError

#: How to install the extra (in error messages).
DASK_EXTRA = "pip install 'pyrules[dask]'"

#: Batches of at least this many states get a progress bar (when stderr is a terminal).
LONG_BATCH = 500

#: Items a pool of local worker processes answers before it is replaced by fresh processes (memory
#: flat over a whole-pool batch: clingo keeps every symbol a process ever made).
RECYCLE_AFTER = 40

#: Seconds to wait for a Dask scheduler named by its address.
CONNECT_TIMEOUT = 10.0


class TaskFailure:
    """The result of a task that gave no result: ``message`` says why (one line)."""

    __slots__ = ("message",)

    def __init__(self, message: str) -> None:
        self.message = message

    def __repr__(self) -> str:
        return f"TaskFailure({self.message!r})"


def dask_client(scheduler: object):
    """A ``distributed.Client`` for ``scheduler``: the client itself if it is one, else a new
    client connected to the scheduler address (``"tcp://host:8786"``).

    Raises:
        QueryError: Dask (``distributed``) is not installed (one line naming the extra), the address
            is not reachable, or ``scheduler`` is neither a client nor an address.
    """
    try:
        from distributed import Client
    except ImportError:
        raise QueryError(f"a Dask scheduler was asked for, but dask.distributed is not installed "
                         f"({DASK_EXTRA})") from None
    if isinstance(scheduler, Client):
        return scheduler
    if not isinstance(scheduler, str) or not scheduler:
        raise QueryError(f"scheduler must be a dask.distributed.Client or a scheduler address, not {scheduler!r}")
    try:
        return Client(scheduler, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError) as err:
        raise QueryError(f"cannot reach the Dask scheduler at {scheduler}: {type(err).__name__}: {err}") from None


# --------------------------------------------------------------------------- local processes

_SHARED: Any = None  # the batch's shared value, inherited by forked workers (never pickled)


def _set_shared(shared: Any) -> None:
    global _SHARED
    _SHARED = shared


def _local_task(task: Callable[[Any, Any], Any], item: Any) -> Any:
    """Run ``task`` in a worker process on the inherited shared value; a result that cannot be
    pickled back is replaced by what ``task.sendable`` makes of it (if the task has one)."""
    result = task(_SHARED, item)
    try:
        pickle.dumps(result)
    except Exception:  # noqa: BLE001 — any pickling failure; the task may make it sendable
        fix = getattr(task, "sendable", None)
        if fix is None:
            raise
        result = fix(result)
    return result


def _fork_context():
    try:
        return multiprocessing.get_context("fork")
    except ValueError:  # no fork on this platform: answer in this process
        return None


def _failure(err: BaseException) -> TaskFailure:
    if isinstance(err, BrokenProcessPool):
        return TaskFailure("batch worker died without answering")
    return TaskFailure(f"batch task failed: {type(err).__name__}: {err}")


def _local(task, shared, items: Sequence[Any], workers: int) -> Iterator[Any]:
    """``run_ordered`` on forked local processes (``ProcessPoolExecutor``); every
    :data:`RECYCLE_AFTER` items the pool is replaced by a new one (fresh processes). A worker that
    dies breaks its pool: the in-flight items are then answered again one at a time in a new pool,
    so only the item that kills its worker fails."""
    ctx = _fork_context()
    if workers <= 1 or len(items) <= 1 or ctx is None:
        for item in items:
            try:
                yield task(shared, item)
            except Exception as err:  # noqa: BLE001 — reported for this item
                yield _failure(err)
        return

    def new_pool(n: int) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=n, mp_context=ctx, initializer=_set_shared, initargs=(shared,))

    window = 2 * workers
    pool, used = new_pool(min(workers, len(items))), 0
    pending: collections.deque = collections.deque()
    nxt = 0
    try:
        while nxt < len(items) or pending:
            while nxt < len(items) and len(pending) < window:
                if used >= RECYCLE_AFTER:  # fresh processes: what a worker accumulates is given back
                    pool.shutdown(wait=False)  # it finishes its queued items, then its processes leave
                    pool, used = new_pool(min(workers, len(items) - nxt)), 0
                pending.append((nxt, pool.submit(_local_task, task, items[nxt])))
                nxt, used = nxt + 1, used + 1
            index, future = pending.popleft()
            try:
                yield future.result()
                continue
            except BrokenProcessPool:
                pass
            except Exception as err:  # noqa: BLE001 — the task's own failure
                yield _failure(err)
                continue
            # The pool broke: every in-flight item lost its worker. Answer each again, alone.
            pool.shutdown(wait=True, cancel_futures=True)
            retry = [index] + [i for i, _ in pending]
            pending.clear()
            for i in retry:
                single = new_pool(1)
                try:
                    yield single.submit(_local_task, task, items[i]).result()
                except Exception as err:  # noqa: BLE001 — it died again: this item is the cause
                    yield _failure(err)
                finally:
                    single.shutdown(wait=True, cancel_futures=True)
            pool, used = new_pool(min(workers, len(items) - nxt) or 1), 0
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# --------------------------------------------------------------------------- Dask


def _dask_task(task: Callable[[Any, Any], Any], shared: Any, item: Any) -> Any:
    """Run ``task`` on a Dask worker (``shared`` arrives as the scattered value)."""
    result = task(shared, item)
    fix = getattr(task, "sendable", None)
    if fix is not None:
        try:
            pickle.dumps(result)
        except Exception:  # noqa: BLE001 — any pickling failure
            result = fix(result)
    return result


def _dask(task, shared, items: Sequence[Any], client, close: bool) -> Iterator[Any]:
    """``run_ordered`` on a Dask cluster: ``shared`` is scattered to every worker once; at most
    two items per worker thread are in flight; futures left when the generator is closed are
    cancelled (and the client closed, if ``close``: one this module connected)."""
    threads = sum(client.nthreads().values()) or 1
    window = 2 * threads
    [shared_future] = client.scatter([shared], broadcast=True, hash=False)  # one value, not its elements
    pending: collections.deque = collections.deque()
    nxt = 0
    try:
        while nxt < len(items) or pending:
            while nxt < len(items) and len(pending) < window:
                pending.append(client.submit(_dask_task, task, shared_future, items[nxt], pure=False))
                nxt += 1
            future = pending.popleft()
            try:
                yield future.result()
            except Exception as err:  # noqa: BLE001 — task error, KilledWorker, lost connection
                yield _failure(err)
            finally:
                future.release()
    finally:
        for future in pending:
            future.cancel()
        shared_future.release()
        if close:
            client.close()


# --------------------------------------------------------------------------- entry point


def run_ordered(task: Callable[[Any, Any], Any], shared: Any, items: Sequence[Any], workers: int = 2,
                scheduler: object = None) -> Iterator[Any]:
    """Yield ``task(shared, item)`` for each of ``items``, in their order (see the module doc).

    Args:
        task: a module-level function ``(shared, item) -> result`` (picklable by reference); it
            may carry ``task.sendable(result) -> result`` to replace parts of a result that cannot
            be pickled back.
        shared: sent once per worker.
        items: the tasks' inputs (picklable for Dask).
        workers: local processes (1: in this process); ignored with ``scheduler``.
        scheduler: None for local processes; a ``dask.distributed.Client``, or a scheduler address
            to connect to.

    Yields:
        Each item's result, or a :class:`TaskFailure` for an item whose task gave none.

    Raises:
        QueryError: ``scheduler`` given but Dask not installed or not reachable (see :func:`dask_client`).
    """
    if scheduler is None:
        return _local(task, shared, items, workers)
    client = dask_client(scheduler)
    return _dask(task, shared, items, client, close=client is not scheduler)


def progress_bar(total: int, progress: bool | None, unit: str, desc: str):
    """A tqdm progress bar on stderr for a batch of ``total`` units, or None: ``progress`` True
    shows it, False hides it, None (automatic) shows it only for batches of at least
    :data:`LONG_BATCH` units when stderr is a terminal."""
    if progress is False or (progress is None and (total < LONG_BATCH or not sys.stderr.isatty())):
        return None
    from tqdm import tqdm

    return tqdm(total=total, unit=unit, desc=desc, file=sys.stderr, dynamic_ncols=True, leave=False)


def counted(results: Iterable[Any], bar, size: Callable[[Any], int]) -> Iterator[Any]:
    """``results`` unchanged, advancing ``bar`` (if any) by ``size(result)`` for each; the bar is
    closed at the end."""
    try:
        for result in results:
            if bar is not None:
                bar.update(size(result))
            yield result
    finally:
        if bar is not None:
            bar.close()
