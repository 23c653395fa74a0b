"""Ground and solve with clingo: the rule base (``rules_asp/*.lp``) plus instance facts.

The rule files are read once per process. Every solve is bounded by a time limit; a solve that
runs out of time reports ``status="unknown"`` rather than hanging.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Iterable, Sequence

import clingo.ast

from pyrules.asp_terms import add_facts, symbols_data, symbols_from_data
from pyrules.solving.clingo_messages import fact_file_at, one_line_error
from pyrules.errors import FactFileError, PyrulesError
from pyrules.inputs.rule_base import _program_error, rule_statements
from pyrules.solving.pruning import heads_of, program_heads, pruned, signatures_of


#: Seconds a solve may take unless the caller says otherwise.
DEFAULT_TIME_LIMIT = 5.0


#: The longest time limit :func:`solve_bounded` accepts, in seconds (about 116 days; the process
#: wait it bounds overflows for much larger values).
MAX_TIME_LIMIT = 1e7


@dataclass(frozen=True)
class SolveResult:
    """What one solve gave.

    Attributes:
        status: ``"satisfiable"``, ``"unsatisfiable"`` or ``"unknown"`` (time limit reached).
        symbols: the shown atoms of the (first, and for the stratified rule base only) model.
        messages: clingo's warnings, one string each.
    """

    status: str
    symbols: tuple[clingo.Symbol, ...]
    messages: tuple[str, ...] = ()


def solve(facts: Iterable[clingo.Symbol] = (), programs: Iterable[tuple[str, str]] = (),
          time_limit: float = DEFAULT_TIME_LIMIT, include_rule_base: bool = True,
          arguments: Iterable[str] = (), statements: Iterable[clingo.ast.AST] = (),
          fact_files: Sequence[tuple[str, Sequence[clingo.ast.AST]]] = ()) -> SolveResult:
    """Ground the rule base with ``facts`` and the extra ``programs``, solve, return the first model.

    Args:
        facts: instance facts as clingo symbols, added as values through clingo's backend (never
            printed and parsed: a card's or the CR's text cannot become program text).
        programs: more ``(label, ASP text)`` pairs of *fixed* program text: rule files
            (``rules_asp/``, its ``checks/``) or text written in pyrules' source, never text built
            from data; errors name the label.
        statements: already-checked clingo AST statements (a user's fact file, see
            :mod:`pyrules.inputs.fact_files`).
        fact_files: ``(file name, statements)`` of the fact files ``statements`` came from, so that
            a grounding error in one (clingo names them all ``<string>``) names its file.
        time_limit: seconds allowed for solving (> 0).
        include_rule_base: False to solve only ``facts`` and ``programs``.
        arguments: extra clingo command-line options for the Control object.

    Raises:
        FactFileError: a program does not parse or ground (with label, line and column).
    """
    messages: list[str] = []
    programs = list(programs)
    ctl = clingo.Control(list(arguments), logger=lambda code, msg: messages.append(msg.strip()), message_limit=50)
    for label, text in programs:
        try:
            ctl.add("base", [], text)
        except RuntimeError:
            raise _program_error(label, messages) from None
    facts = list(facts)
    if include_rule_base and not any(f.type == clingo.SymbolType.Function and f.name == "keyword_definition"
                                     for f in facts):
        # What the keywords mean (CR 702): the package's reading of its CR unless the facts hold
        # a reading of their own (KnowledgeBase.facts with a CR document loaded).
        from pyrules.facts.keyword_definitions import default_keyword_definition_symbols
        facts += default_keyword_definition_symbols()
    statements = list(statements)
    if include_rule_base and os.environ.get("PYRULES_PRUNE", "1") != "0":
        # Rules that can't fire for these facts are left out (pyrules.solving.pruning: same answers;
        # PYRULES_PRUNE=0 grounds the whole rule base, to compare).
        present = signatures_of(facts) | heads_of(statements)
        for _, text in programs:
            present |= program_heads(text)
        statements = list(pruned(rule_statements(), present)) + statements
    elif include_rule_base:
        statements = list(rule_statements()) + statements
    if statements:
        with clingo.ast.ProgramBuilder(ctl) as builder:
            for stm in statements:
                builder.add(stm)
    add_facts(ctl, facts)
    try:
        ctl.ground([("base", [])])
    except RuntimeError:
        raise _grounding_error(messages, fact_files) from None
    models: list[tuple[clingo.Symbol, ...]] = []
    with ctl.solve(async_=True, on_model=lambda m: models.append(tuple(m.symbols(shown=True)))) as handle:
        if not handle.wait(time_limit):
            handle.cancel()
            return SolveResult("unknown", (), tuple(messages))
        result = handle.get()
    if result.unsatisfiable:
        return SolveResult("unsatisfiable", (), tuple(messages))
    return SolveResult("satisfiable", models[-1] if models else (), tuple(messages))


def _grounding_error(messages: list[str], fact_files: Sequence[tuple[str, Sequence[clingo.ast.AST]]]
                     ) -> FactFileError:
    """clingo's first *error* message of a failed grounding as one located :class:`FactFileError`:
    its file is the fact file of the statement (clingo calls every parsed text ``<string>``), else
    the one fact file given, else ``"grounding"``. Info and warning messages (``info: no atoms over
    signature ... state_error/1``) are never taken for the error."""
    errors = [m for m in messages if ": error: " in m]
    if not errors:
        return FactFileError("grounding stopped: " + " ".join(" ".join(messages).split())[:300] if messages
                             else "grounding stopped", fact_files[0][0] if len(fact_files) == 1 else "grounding")
    err = one_line_error(errors, "grounding stopped")
    if err.source in ("<string>", None) and fact_files:
        err.source = fact_file_at(fact_files, err)
    elif err.source in ("<string>", None):
        err.source = "grounding"
    return err


def _child(conn, kwargs, prepare) -> None:  # runs in the forked process
    try:
        if prepare is not None:
            kwargs["facts"] = list(kwargs.get("facts", ())) + list(prepare())
        result = solve(**kwargs)
        # The symbols as plain data (asp_terms.symbols_data), rebuilt in the parent: never printed
        # and parsed again.
        conn.send(("ok", result.status, symbols_data(result.symbols), list(result.messages)))
    except PyrulesError as err:
        conn.send(("error", err.message, err.source, err.line, err.column))
    except BaseException as err:  # noqa: BLE001 — reported to the parent, never silently lost
        conn.send(("error", f"{type(err).__name__}: {err}", None, None, None))
    finally:
        conn.close()
        os._exit(0)  # a forked child must not run the exit handlers it inherited from its parent


def solve_bounded(time_limit: float = DEFAULT_TIME_LIMIT, prepare=None, **kwargs) -> SolveResult:
    """Like :func:`solve`, but the whole run is bounded: the work runs in a forked process that is
    killed when ``time_limit`` seconds (plus a short grace for start-up) have passed.

    ``prepare``, if given, is called in that process and returns more facts (e.g. card
    definitions read from files), so that reading them counts against the limit too.

    Use it for user-written programs, which may not ground finitely (``p(X+1) :- p(X).``).
    Falls back to :func:`solve` where ``fork`` is unavailable (solving is still bounded there).

    Returns:
        SolveResult; ``status == "unknown"`` when the limit was reached in grounding or solving.

    Raises:
        FactFileError: as :func:`solve`.
        ValueError: ``time_limit`` is not a finite number of seconds in (0, :data:`MAX_TIME_LIMIT`].
    """
    import multiprocessing

    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) \
            or not 0 < time_limit <= MAX_TIME_LIMIT:
        raise ValueError(f"time_limit must be more than 0 and at most {MAX_TIME_LIMIT:g} seconds, "
                         f"not {time_limit!r}")

    try:
        ctx = multiprocessing.get_context("fork")
    except ValueError:
        if prepare is not None:
            kwargs["facts"] = list(kwargs.get("facts", ())) + list(prepare())
        return solve(time_limit=time_limit, **kwargs)
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(child, dict(kwargs, time_limit=time_limit), prepare), daemon=True)
    proc.start()
    child.close()
    try:
        ready = parent.poll(time_limit + 1.0)
        message = parent.recv() if ready else None
    except EOFError:
        message = None
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join()
    if message is None:
        return SolveResult("unknown", (), ("time limit reached (grounding or solving)",))
    if message[0] == "error":
        raise PyrulesError(message[1], message[2], message[3], message[4])
    _, status, symbols, messages = message
    return SolveResult(status, tuple(symbols_from_data(symbols)), tuple(messages))
