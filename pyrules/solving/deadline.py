"""One time limit for a whole command: reading, checking, solving and explaining.

``pyrules solve --time-limit S`` and ``pyrules ask --time-limit S`` make one :class:`Deadline`
when they start and pass it down; each step asks it how much time is left
(:meth:`Deadline.remaining`) or stops with :class:`TimeLimitReached` (:meth:`Deadline.check`).
Work that clingo does in one call (grounding, a core's solve) and that cannot be interrupted from
Python runs through :func:`run_bounded`, in a forked process killed when the time is up.
"""

from __future__ import annotations

import os
import time
from typing import Callable, TypeVar

from pyrules.errors import NoAnswerError

__all__ = ["Deadline", "TimeLimitReached", "run_bounded"]

T = TypeVar("T")


class TimeLimitReached(NoAnswerError):
    """The time limit ran out before the work was done (the command line exits 1: no answer)."""


class Deadline:
    """A point in time ``seconds`` from now (monotonic clock).

    Args:
        seconds: the time limit, in seconds (> 0).
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = float(seconds)
        self.end = time.monotonic() + self.seconds

    def remaining(self) -> float:
        """Seconds left (0.0 once the limit is reached)."""
        return max(0.0, self.end - time.monotonic())

    def expired(self) -> bool:
        """Whether the limit is reached."""
        return time.monotonic() >= self.end

    def left(self, doing: str) -> float:
        """Seconds left, more than 0; raise :class:`TimeLimitReached` (as :meth:`check`) if none are.
        Use it for a time limit handed on (one reading of the clock: a check followed by
        :meth:`remaining` may see the limit pass in between and hand on 0 s, which is no limit)."""
        left = self.remaining()
        if left <= 0:
            raise TimeLimitReached(f"time limit of {self.seconds:g} s reached while {doing}")
        return left

    def check(self, doing: str) -> None:
        """Raise :class:`TimeLimitReached` (``"time limit of S s reached while <doing>"``) if the
        limit is reached; else nothing."""
        if self.expired():
            raise TimeLimitReached(f"time limit of {self.seconds:g} s reached while {doing}")


def _child(conn, fn) -> None:  # runs in the forked process
    try:
        conn.send(("ok", fn()))
    except BaseException as err:  # noqa: BLE001 — sent to the parent, which re-raises it
        try:
            conn.send(("error", err))
        except Exception:  # noqa: BLE001 — an exception that does not pickle
            conn.send(("error", RuntimeError(f"{type(err).__name__}: {err}")))
    finally:
        conn.close()
        os._exit(0)  # a forked child must not run the exit handlers it inherited


def run_bounded(fn: Callable[[], T], seconds: float, doing: str = "working") -> T:
    """``fn()``, run in a forked process that is killed after ``seconds`` (fn's result and
    exceptions must pickle). Where ``fork`` is not available, ``fn()`` runs in this process.

    Raises:
        TimeLimitReached: ``fn`` did not finish in time (``doing`` names what it was doing).
        Exception: whatever ``fn`` raised.
    """
    import multiprocessing

    if seconds <= 0:
        raise TimeLimitReached(f"time limit reached before {doing}")
    try:
        ctx = multiprocessing.get_context("fork")
    except ValueError:
        return fn()
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, fn), daemon=True)
    proc.start()
    child.close()
    try:
        message = parent.recv() if parent.poll(seconds) else None
    except EOFError:
        message = None
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
        parent.close()
    if message is None:
        raise TimeLimitReached(f"time limit reached while {doing}")
    if message[0] == "error":
        raise message[1]
    return message[1]
