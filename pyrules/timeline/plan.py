"""Find a line of play (issue 22): clingo chooses the events of a sequence to reach a goal.

The search encoding ``rules_asp/planning/planning.lp`` chooses, at each time, one of the actions the
rule base allows the acting player then (cast, play a land, resolve, declare attackers, combat
damage, go to a later step); the time encoding (``rules_asp/time/``) with the single-moment rule base
lifted over time (:mod:`pyrules.timeline.lifting`) says what each does, and refuses what the rules
forbid. One clingo ``Control`` is grounded one time step at a time (multi-shot, as Potassco's
incmode: ``base``, then ``step(t)`` and ``check(t)`` for t = 0, 1, ...), and solved with the
external ``query(t)`` true: the first horizon with an answer set gives a shortest line (in time
steps). Python adds facts (the state, the goal, as clingo symbols through the backend), grounds and
reads the chosen events back; every legality question is decided in ASP.
"""

from __future__ import annotations

import time as _time
from dataclasses import dataclass, field
from functools import lru_cache

import clingo
import clingo.ast as A

from pyrules.asp_terms import add_facts
from pyrules.errors import PyrulesError, QueryError
from pyrules.timeline.lifting import lifted_program, program_parts
from pyrules.timeline.run import instance_of
from pyrules.timeline.slicing import Transition, transition_program

_LOC = A.Location(A.Position("<plan>", 1, 1), A.Position("<plan>", 1, 1))

#: The most time steps a search may take (each action and each state-based-action check is one).
MAX_PLAN_STEPS = 60


@dataclass(frozen=True)
class PlanProgram:
    """The search program: the transition program (:mod:`pyrules.timeline.slicing`) kept for what
    the search encoding reads, and the search encoding's own parts."""

    base: tuple[A.AST, ...]
    step: tuple[A.AST, ...]
    check: tuple[A.AST, ...]
    fluents: frozenset
    dynamic: frozenset
    inputs: frozenset
    kept: int
    total: int


def _planning_parts() -> dict[str, list[A.AST]]:
    from pyrules.inputs.rule_base import planning_rule_statements
    return program_parts(planning_rule_statements(), ("base", "step", "check"), "planning")


@lru_cache(maxsize=1)
def plan_program() -> PlanProgram:
    """The search program (built once per process from the rule base alone).

    The transition slice keeps every rule that can derive what a step changes or refuses, plus what
    the search encoding's generators read (they are given to the slice as always-kept rules)."""
    lifted = lifted_program()
    parts = _planning_parts()
    tr: Transition = transition_program(lifted.base, tuple(parts["step"]), lifted.step)
    base = tuple(tr.base) + tuple(parts["base"])
    return PlanProgram(base, tuple(tr.step) + tuple(parts["step"]), tuple(parts["check"]),
                       lifted.fluents, lifted.dynamic, lifted.inputs, tr.kept, tr.total)


@dataclass(frozen=True)
class PlanStep:
    """One time step of a line: the event at ``time`` (``cast(alice,bolt,1)``, ``resolve``,
    ``state_based_actions`` ...), its details (targets ``event_target``, attackers), the changes it
    made with their CR rules (``+ life_total(bob,0) (CR 120.3a, ...)``)."""

    time: int
    event: clingo.Symbol
    chosen: bool
    details: tuple[clingo.Symbol, ...]
    changes: tuple[tuple[str, clingo.Symbol, tuple[str, ...]], ...]

    def explain(self) -> str:
        """Lines: ``3. cast(alice,bolt,1) targets bob``, then each change with its CR rules."""
        label = "" if self.chosen else "check: "
        extra = ""
        targets = [str(d.arguments[1]) for d in self.details if d.name == "event_target"]
        attacks = [f"{d.arguments[1]} -> {d.arguments[2]}" for d in self.details if d.name == "event_attacker"]
        if targets:
            extra = " targets " + ", ".join(targets)
        if attacks:
            extra = " " + ", ".join(attacks)
        lines = [f"{self.time + 1}. {label}{self.event}{extra}"]
        for kind, fluent, cites in self.changes:
            where = f" (CR {', '.join(cites)})" if cites else ""
            lines.append(f"   {'+' if kind == 'begins' else '-'} {fluent}{where}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Plan:
    """What a search found.

    Attributes:
        found: a line reaching the goal was found.
        steps: the line, one :class:`PlanStep` per time step (empty when none was found).
        horizon: the time steps searched (the line's length when found).
        reason: why no line was given (the goal never held within ``horizon`` steps, or the time
            limit); empty when found.
        assumptions: what every line found (or "no line") rests on: the search's narrowing, the
            opponent passing, and each ability of the state's objects pyrules can't read or interpret
            (``unread: ...``, the state's :meth:`Answers.assumptions`, 113.6).
        seconds: wall-clock seconds of the search; ``per_step``: (horizon, seconds grounding, seconds
            solving) per horizon tried.
    """

    found: bool
    steps: tuple[PlanStep, ...]
    horizon: int
    reason: str
    assumptions: tuple[str, ...]
    seconds: float
    per_step: tuple[tuple[int, float, float], ...] = field(default=())

    def actions(self) -> list[PlanStep]:
        """The chosen actions of the line (not the state-based-action checks)."""
        return [s for s in self.steps if s.chosen]

    def as_json(self) -> dict:
        """``{"found", "horizon", "reason", "assumptions", "seconds", "steps": [{"time", "event",
        "chosen", "details", "changes": [{"kind", "fluent", "citations"}]}]}`` (atoms as text)."""
        return {"found": self.found, "horizon": self.horizon, "reason": self.reason,
                "assumptions": list(self.assumptions), "seconds": round(self.seconds, 3),
                "steps": [{"time": s.time, "event": str(s.event), "chosen": s.chosen,
                           "details": [str(d) for d in s.details],
                           "changes": [{"kind": k, "fluent": str(f), "citations": list(c)} for k, f, c in s.changes]}
                          for s in self.steps]}

    def explain(self) -> str:
        """The line step by step with its CR rules, or the reason no line was found; then what it
        assumes (``assumed: ...`` lines)."""
        if not self.found:
            return "\n".join([self.reason] + [f"assumed: {a}" for a in self.assumptions])
        lines = [f"line of {len(self.actions())} actions ({self.horizon} time steps):"]
        lines += [s.explain() for s in self.steps]
        lines += [f"assumed: {a}" for a in self.assumptions]
        return "\n".join(lines)


#: What a line found rests on (planning.lp says why each is so).
ASSUMPTIONS = (
    "the opponent passes priority and declares no blockers (117.3d, 509.1)",
    "mana is not checked: the state asks no payments (GameState.ask_payments), so every cost is taken to be paid (601.2g-h)",
)
#: Its mana line where the state asks payments (rules_asp/time/mana_payment_in_sequences.lp).
PAID = "the mana of each cast is paid from the sources in play, as the state asks payments (601.2g-h)"


def find_line(kb, state, goal: tuple[clingo.Symbol, ...], max_steps: int, time_limit: float, on_step=None) -> Plan:
    """Search a shortest line of play from ``state`` (a :class:`pyrules.facts.state.GameState`
    without events) to ``goal`` with knowledge base ``kb``.

    Args:
        goal: the conditions that must all hold after the line's last step, clingo symbols
            ``life_at_most(P, N)`` (player P's life is N or less, 119.3), ``in_zone(O, Z)`` (object
            O is in zone Z, 400.1), ``cast(O)`` (O was cast, 601.2); built by
            :func:`pyrules.timeline.plan_goal.parse_goal`, never parsed by clingo.
        max_steps: the most time steps (each action and each state-based-action check is one),
            1 to :data:`MAX_PLAN_STEPS`.
        on_step: called with ``(horizon, seconds grounding, seconds solving)`` after each horizon
            tried (the benchmark's figures), or None.
        time_limit: seconds for grounding and solving, after which the search stops (``found``
            False, the reason says so). It is checked after each step's grounding (clingo's
            grounding can't be interrupted), so one step's grounding may pass it.

    Returns:
        :class:`Plan`. A line found is legal for the time encoding at every step (no refused
        event, no effect left unapplied); "no line" means none among the actions the search chooses
        (planning.lp) reaches the goal within ``max_steps``.

    Raises:
        QueryError: the state has events already, unknown card names, or a bad ``max_steps``.
    """
    if state.sequence_events:
        raise QueryError("pyrules plan chooses the events itself: the state may have no [[events]]")
    if not isinstance(max_steps, int) or isinstance(max_steps, bool) or not 1 <= max_steps <= MAX_PLAN_STEPS:
        raise QueryError(f"--max-steps must be a whole number from 1 to {MAX_PLAN_STEPS}, not {max_steps!r}")
    start = _time.monotonic()
    deadline = start + time_limit
    program = plan_program()
    facts, initial, moment = instance_of(kb, state, program, "a search chooses its own events")
    # 113.6 — the abilities of the state's objects the rule base can't read or interpret (of any scope:
    # a card the line casts is asked about now): a line found, or "no line", holds only if they don't apply
    asked = clingo.Function("payments_asked") in facts
    assumptions = (ASSUMPTIONS[:1] + ((PAID,) if asked else ASSUMPTIONS[1:])
                   + tuple(f"unread: {a.explain()}" for a in moment.assumptions()))
    messages: list[str] = []
    ctl = clingo.Control(["--warn=none"], logger=lambda code, msg: messages.append(msg.strip()), message_limit=20)
    with A.ProgramBuilder(ctl) as builder:
        for name, stms in (("base", program.base), ("step", program.step), ("check", program.check)):
            builder.add(A.Program(_LOC, name, [] if name == "base" else [A.Id(_LOC, "t")]))
            for stm in stms:
                builder.add(stm)
    zero = clingo.Number(0)
    add_facts(ctl, facts + [clingo.Function("holds", [f, zero]) for f in initial]
              + [clingo.Function("plan_goal", [g]) for g in goal])
    _ground(ctl, [("base", [])], messages)
    for g in goal:
        ctl.assign_external(clingo.Function("goal_required", [g]), True)
    per_step: list[tuple[int, float, float]] = []
    for t in range(max_steps):
        t0 = _time.monotonic()
        now = clingo.Number(t)
        _ground(ctl, [("step", [now]), ("check", [now])], messages)
        if t > 0:
            ctl.assign_external(clingo.Function("query", [clingo.Number(t - 1)]), False)
        ctl.assign_external(clingo.Function("query", [now]), True)
        t1 = _time.monotonic()
        if on_step is not None:
            on_step(t + 1, t1 - t0, None)
        if t1 > deadline:
            return _unknown(t, time_limit, start, per_step)
        model = _solve(ctl, deadline)
        per_step.append((t + 1, t1 - t0, _time.monotonic() - t1))
        if on_step is not None:
            on_step(*per_step[-1])
        if model is None:
            return _unknown(t, time_limit, start, per_step)
        if model:
            return Plan(True, _steps(model[0], t, initial), t + 1, "", assumptions, _time.monotonic() - start,
                        tuple(per_step))
    never = _never_held(ctl, goal, max_steps, deadline)
    if never is None:
        what = f"the goal {' and '.join(map(str, goal))} held after no line (which condition fails: unknown, time limit)"
    elif never:
        what = f"the goal condition {' and '.join(never)} held after no line"
    else:
        what = f"each condition of the goal holds after some line, never all of {' and '.join(map(str, goal))} together"
    reason = (f"no line within {max_steps} steps: {what} of at most {max_steps} steps the search chooses "
              f"(planning.lp: the acting player's casts, land plays, attacks and steps; the opponent passes; "
              f"no line resting on an effect pyrules does not apply)")
    return Plan(False, (), max_steps, reason, assumptions, _time.monotonic() - start, tuple(per_step))


def _never_held(ctl: clingo.Control, goal, max_steps: int, deadline: float) -> list[str] | None:
    """The conditions of ``goal`` that hold after no line of 1 to ``max_steps`` steps, each tried
    alone at every horizon (a line may reach a condition and have no action left after it); None
    when the deadline passed first. With one condition: that one (every horizon was tried)."""
    if len(goal) == 1:
        return [str(goal[0])]
    never = []
    for g in goal:
        for h in goal:
            ctl.assign_external(clingo.Function("goal_required", [h]), h == g)
        for t in range(max_steps):
            for u in range(max_steps):
                ctl.assign_external(clingo.Function("query", [clingo.Number(u)]), u == t)
            found = _solve(ctl, deadline)
            if found is None:
                return None
            if found:
                break
        else:
            never.append(str(g))
    return never


def _unknown(t: int, time_limit: float, start: float, per_step) -> Plan:
    done = f"no line of {t} steps or fewer exists" if t else "no horizon was searched"
    reason = f"unknown: the time limit of {time_limit:g} s was reached at step {t + 1} ({done})"
    return Plan(False, (), t, reason, ASSUMPTIONS, _time.monotonic() - start, tuple(per_step))


def _ground(ctl: clingo.Control, parts, messages: list[str]) -> None:
    try:
        ctl.ground(parts)
    except RuntimeError:
        raise PyrulesError("the search encoding (rules_asp/planning/) did not ground: "
                           f"{' '.join(' '.join(messages).split())[:300]}", "rules_asp/planning") from None


def _solve(ctl: clingo.Control, deadline: float):
    """``[symbols]`` of the first model, ``[]`` when unsatisfiable, None when the deadline passed."""
    remaining = deadline - _time.monotonic()
    if remaining <= 0:
        return None
    out: list = []
    with ctl.solve(async_=True, on_model=lambda m: out.append(m.symbols(shown=True)) or False) as handle:
        if not handle.wait(remaining):
            handle.cancel()
            return None
        result = handle.get()
    if result.unknown and not out:
        return None
    return out[:1]


def _steps(symbols, horizon: int, initial) -> tuple[PlanStep, ...]:
    states: dict[int, set[clingo.Symbol]] = {0: set(initial)}
    occurs: dict[int, clingo.Symbol] = {}
    details: dict[int, list[clingo.Symbol]] = {}
    changes: dict[int, list[tuple[str, clingo.Symbol]]] = {}
    cites: dict[tuple[int, clingo.Symbol], set[str]] = {}
    chosen: set[int] = set()
    for s in symbols:
        a = s.arguments
        if s.name == "result" and len(a) == 2:
            states.setdefault(a[1].number + 1, set()).add(a[0])
        elif s.name == "occurs" and len(a) == 2:
            occurs[a[1].number] = a[0]
        elif s.name == "user_event_at" and len(a) == 2:
            chosen.add(a[1].number)
        elif s.name in ("event_target", "event_attacker") and a and a[0].type == clingo.SymbolType.Number:
            details.setdefault(a[0].number, []).append(s)
        elif s.name in ("begins", "ends") and len(a) == 2:
            changes.setdefault(a[1].number, []).append((s.name, a[0]))
        elif s.name == "cites" and len(a) == 3 and a[0].name in ("begins", "ends") and a[1].type == clingo.SymbolType.String:
            cites.setdefault((a[2].number, a[0]), set()).add(a[1].string)
    out = []
    for t in range(horizon + 1):
        if t not in occurs:
            continue
        made = []
        before, after = states.get(t, set()), states.get(t + 1, set())
        for kind, fluent in sorted(set(changes.get(t + 1, [])), key=lambda c: (c[0] != "ends", str(c[1]))):
            real = (fluent in after and fluent not in before) if kind == "begins" else \
                (fluent in before and fluent not in after)
            if not real:
                continue  # a change that changed nothing (it held already)
            made.append((kind, fluent, tuple(sorted(cites.get((t + 1, clingo.Function(kind, [fluent])), ())))))
        out.append(PlanStep(t, occurs[t], t in chosen, tuple(sorted(details.get(t, []))), tuple(made)))
    return tuple(out)
