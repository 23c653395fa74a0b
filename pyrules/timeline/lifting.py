"""Lift the single-moment rule base over time (clingo AST, no program text).

The rule base (``rules_asp/`` without ``time/``) describes one moment. For a sequence of events,
each moment predicate ``p/n`` whose atoms can differ from one time to the next becomes ``p/n+1``
with the time ``t`` last, inside ``#program step(t).``; every other predicate (card definitions,
the players and objects, what only they define) stays in ``#program base.`` and is grounded once.

Which predicates can change (*dynamic*): the fluent predicates declared by
``fluent_predicate(Name, Arity).`` facts in ``rules_asp/time/``, the moment predicates the time
encoding writes or reads at the lifted arity, and every predicate a rule derives from a dynamic
one. (An input predicate no instance fact gives is empty at every time: static.) A fluent
predicate ``p/n`` is read by the lifted rules through the bridge ``p(X1..Xn, t) :- holds(p(X1..Xn), t).``
(a clingo AST node built from the predicate's name).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import clingo
import clingo.ast as A

from pyrules.errors import PyrulesError
from pyrules.inputs.rule_base import rule_statements, time_rule_statements

_LOC = A.Location(A.Position("<timeline>", 1, 1), A.Position("<timeline>", 1, 1))
Signature = tuple[str, int]


def _atom_signature(node: A.AST) -> Signature | None:
    term = node.symbol
    if term.ast_type == A.ASTType.Pool and term.arguments:  # p(a;b): a pool of p(a), p(b)
        term = term.arguments[0]
    if term.ast_type == A.ASTType.Function and not term.external:
        return term.name, len(term.arguments)
    if term.ast_type == A.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
        return term.symbol.name, len(term.symbol.arguments)
    return None


_T = A.ASTType


def _atoms(node, out: list) -> None:
    """Collect the SymbolicAtom nodes under ``node``, descending only into the node types that can
    hold atoms (literals, conditional literals, aggregates, disjunctions; never terms): visiting every
    term node from Python (``clingo.ast.Transformer``) costs about four times as much."""
    kind = node.ast_type
    if kind == _T.Literal:
        if node.atom.ast_type == _T.SymbolicAtom:
            out.append(node.atom)
        elif node.atom.ast_type in (_T.BodyAggregate, _T.Aggregate, _T.HeadAggregate, _T.Disjunction):
            _atoms(node.atom, out)
    elif kind == _T.SymbolicAtom:
        out.append(node)
    elif kind == _T.ConditionalLiteral:
        _atoms(node.literal, out)
        for c in node.condition:
            _atoms(c, out)
    elif kind in (_T.BodyAggregate, _T.HeadAggregate, _T.Aggregate, _T.Disjunction):
        for e in node.elements:
            _atoms(e, out)
    elif kind in (_T.BodyAggregateElement, _T.HeadAggregateElement):
        if kind == _T.HeadAggregateElement:
            _atoms(node.condition, out)
        else:
            for c in node.condition:
                _atoms(c, out)
    elif kind == _T.Rule:
        _atoms(node.head, out)
        for b in node.body:
            _atoms(b, out)


def _signatures(*nodes) -> set[Signature]:
    found: list = []
    for node in nodes:
        for sub in ([node] if isinstance(node, A.AST) else node):
            _atoms(sub, found)
    return {sig for sig in map(_atom_signature, found) if sig is not None}


class _Lift(A.Transformer):
    """Appends the time parameter ``t`` to every atom of a dynamic predicate."""

    def __init__(self, dynamic: frozenset[Signature]) -> None:
        self.dynamic = dynamic

    def visit_SymbolicAtom(self, node):  # noqa: N802 — clingo's visitor name
        sig = _atom_signature(node)
        if sig is None or sig not in self.dynamic:
            return node
        term = node.symbol
        time = A.Function(term.location, "t", [], 0)
        if term.ast_type == A.ASTType.Pool:
            return node.update(symbol=term.update(arguments=[
                f.update(arguments=list(f.arguments) + [time]) for f in term.arguments]))
        if term.ast_type == A.ASTType.Function:
            return node.update(symbol=term.update(arguments=list(term.arguments) + [time]))
        args = [A.SymbolicTerm(term.location, a) for a in term.symbol.arguments] + [time]
        return node.update(symbol=A.Function(term.location, term.symbol.name, args, 0))

    def visit_Function(self, node):  # noqa: N802 — terms hold no atoms: not visited
        return node

    visit_SymbolicTerm = visit_Variable = visit_BinaryOperation = visit_UnaryOperation = visit_Function
    visit_Interval = visit_Pool = visit_Comparison = visit_Function


@dataclass(frozen=True)
class LiftedProgram:
    """The incremental program for a sequence.

    Attributes:
        base: statements of ``#program base.`` (static moment rules, the time encoding's base).
        schedule: statements of ``#program schedule(t).`` (schedule.lp: which event happens at t; they
            read only the instance and time t-1).
        step: statements of ``#program step(t).`` (lifted moment rules, bridges, time rules).
        check: statements of ``#program check(t).``.
        dynamic: the moment predicates lifted over time, ``(name, arity)`` at their moment arity.
        fluents: the fluent predicates, ``(name, arity)``.
        inputs: lifted input predicates that are not fluents (e.g. ``flash_permission/2``, which
            card effects also derive): the instance's facts of them hold at every time (bridged,
            with an assumption ``held_throughout(F)`` of every answer).
    """

    base: tuple[A.AST, ...]
    schedule: tuple[A.AST, ...]
    step: tuple[A.AST, ...]
    check: tuple[A.AST, ...]
    dynamic: frozenset[Signature]
    fluents: frozenset[Signature]
    inputs: frozenset[Signature] = frozenset()


def program_parts(statements, names: tuple[str, ...], folder: str) -> dict[str, list[A.AST]]:
    """``statements`` (clingo AST, as parsed from the rule files of ``folder``) split by their
    ``#program`` parts: ``{name: [statements]}`` for each of ``names`` (statements before any
    ``#program`` are ``base``).

    Raises:
        PyrulesError: a part not among ``names`` (a bug in the rule files of ``folder``).
    """
    parts: dict[str, list[A.AST]] = {name: [] for name in names}
    current = "base"
    for stm in statements:
        if stm.ast_type == A.ASTType.Program:
            current = stm.name
            if current not in parts:
                raise PyrulesError(f"rules_asp/{folder}: unknown program part {current!r}")
            continue
        parts[current].append(stm)
    return parts


def _time_parts() -> dict[str, list[A.AST]]:
    return program_parts(time_rule_statements(), ("base", "schedule", "step", "check"), "time")


def _declared_fluents(base: list[A.AST]) -> set[Signature]:
    out: set[Signature] = set()
    for stm in base:
        if stm.ast_type != A.ASTType.Rule or stm.body:
            continue
        head = stm.head
        if head.ast_type != A.ASTType.Literal or head.atom.ast_type != A.ASTType.SymbolicAtom:
            continue
        term = head.atom.symbol
        if term.ast_type == A.ASTType.Function and term.name == "fluent_predicate" and len(term.arguments) == 2:
            name, arity = term.arguments
            out.add((str(name), int(str(arity))))
    return out


@lru_cache(maxsize=1)
def lifted_program() -> LiftedProgram:
    """The incremental program (built once per process; it does not depend on the instance).

    Raises:
        PyrulesError: the time encoding reads a moment predicate at its moment arity that is
            lifted (a bug in rules_asp/time/: it would read an empty predicate).
    """
    moment = rule_statements()
    parts = _time_parts()
    fluents = _declared_fluents(parts["base"])
    deps: dict[Signature, set[Signature]] = {}
    rule_sigs: dict[int, set[Signature]] = {}
    for i, stm in enumerate(moment):
        if stm.ast_type == A.ASTType.Rule:
            body = _signatures(stm.body)
            heads = _signatures(stm.head)
            rule_sigs[i] = body | heads
            # a head's conditions (conditional literals, aggregates) count as body
            for h in heads:
                deps.setdefault(h, set()).update(body | (heads - {h}))
    moment_preds = set(deps) | {p for d in deps.values() for p in d}
    time_used = _signatures([s for part in parts.values() for s in part])
    dynamic = set(fluents)
    dynamic |= {(n, a - 1) for (n, a) in time_used if (n, a - 1) in moment_preds}
    changed = True
    while changed:
        changed = False
        for head, body in deps.items():
            if head not in dynamic and body & dynamic:
                dynamic.add(head)
                changed = True
    # (also where the lifted arity is used too: rules_asp/time/ once read zone_replacement/4 beside the
    # lifted zone_replacement/5, an always empty predicate, and missed Rest in Peace on a discard)
    misread = sorted(p for p in time_used if p in dynamic and p not in fluents and p[0] not in ("holds",))
    if misread:
        raise PyrulesError(f"rules_asp/time reads lifted moment predicates at their moment arity: {misread}")
    clashes = sorted(p for p in dynamic if (p[0], p[1] + 1) in moment_preds and (p[0], p[1] + 1) not in dynamic)
    if clashes:  # p/n lifted would be p/n+1, which the moment rule base has as another, static predicate
        raise PyrulesError(f"lifting the rule base over time would merge predicates: {clashes}")
    frozen = frozenset(dynamic)
    lift = _Lift(frozen)
    base: list[A.AST] = []
    step: list[A.AST] = []
    for i, stm in enumerate(moment):
        kind = stm.ast_type
        if kind == A.ASTType.Rule:
            if rule_sigs[i] & frozen:
                step.append(lift(stm))
            else:
                base.append(stm)
        elif kind in (A.ASTType.ShowSignature, A.ASTType.Defined):
            # signature-level directives go to base once (in step(t) each ground call adds them again)
            base.append(stm.update(arity=stm.arity + 1) if (stm.name, stm.arity) in frozen else stm)
        elif kind == A.ASTType.Program:
            continue
        else:
            base.append(stm)
    step.extend(_bridge(name, arity) for name, arity in sorted(fluents))
    # an input predicate (#defined in the rule base) that rules also derive from the changing state is
    # lifted, but the instance gives its facts at the moment arity: they hold at every time (no event
    # ends them), and every answer says so (an assumption)
    # (the events the time encoding itself writes, damage/4, destroy_event/2 ..., are not: the
    # instance can't give them, pyrules.timeline.run refuses such facts)
    defined = {(stm.name, stm.arity) for stm in moment if stm.ast_type == A.ASTType.Defined}
    written = {(n, a - 1) for part in parts.values() for stm in part if stm.ast_type == A.ASTType.Rule
               for (n, a) in _signatures(stm.head)}
    inputs = frozenset(sig for sig in defined if sig in frozen and sig not in fluents and sig not in written)
    for name, arity in sorted(inputs):
        step.extend(_input_bridge(name, arity))
    static_rules, step_rules = _static_step_rules(base + parts["base"], parts["step"])
    return LiftedProgram(tuple(base + parts["base"] + static_rules), tuple(parts["schedule"]),
                         tuple(step + step_rules), tuple(parts["check"]), frozen, frozenset(fluents), inputs)


def _mentions_time(node) -> bool:
    """Whether AST ``node`` names the step's time ``t`` (the part's parameter, a constant term ``t``)."""
    if isinstance(node, A.AST):
        if node.ast_type == A.ASTType.Function and node.name == "t" and not node.arguments:
            return True
        if node.ast_type == A.ASTType.SymbolicTerm and node.symbol.type == clingo.SymbolType.Function \
                and node.symbol.name == "t" and not node.symbol.arguments:
            return True
        return any(_mentions_time(v) for _, v in node.items())
    if isinstance(node, (list, tuple)) or type(node).__name__ == "ASTSequence":
        return any(_mentions_time(v) for v in node)
    return False


def _static_step_rules(base: list[A.AST], step: list[A.AST]) -> tuple[list[A.AST], list[A.AST]]:
    """``(moved, kept)``: the rules of the time encoding's ``step(t)`` that name no time and read only
    what the base defines or nothing derives (static: the same atoms at every time), moved to the base,
    and the rest. In one multi-shot solver (the search, pyrules.timeline.plan) such a rule, grounded
    again at each step, would define its atoms (and an aggregate's auxiliary atoms) again ("redefinition
    of atom"); in the base they are grounded once, with the same atoms. A predicate a kept rule also
    derives keeps all its rules in the step."""
    rules = {i: stm for i, stm in enumerate(step) if stm.ast_type == A.ASTType.Rule}
    heads = {i: _signatures(stm.head) for i, stm in rules.items()}
    reads = {i: _signatures(stm.body) for i, stm in rules.items()}
    base_heads = {sig for stm in base if stm.ast_type == A.ASTType.Rule for sig in _signatures(stm.head)}
    candidates = {i for i, stm in rules.items() if not _mentions_time(stm)}
    while True:
        kept_heads = {sig for i in rules if i not in candidates for sig in heads[i]}
        in_step = kept_heads | {sig for i in candidates for sig in heads[i]}
        movable = {sig for i in candidates for sig in heads[i]} - kept_heads
        now = {i for i in candidates if not heads[i] & kept_heads
               and all(sig in base_heads or sig in movable or sig not in in_step for sig in reads[i])}
        if now == candidates:
            break
        candidates = now
    return [step[i] for i in sorted(candidates)], [stm for i, stm in enumerate(step) if i not in candidates]


def _input_bridge(name: str, arity: int) -> list[A.AST]:
    """``name(X1..Xn, t) :- name(X1..Xn).`` and ``assumption(state, 0, held_throughout(name(X1..Xn)),
    Q, all, t) :- name(X1..Xn), question_kind(Q).`` as clingo AST rules."""
    variables = [A.Variable(_LOC, f"X{i}") for i in range(1, arity + 1)]
    time = A.Function(_LOC, "t", [], 0)
    fact = A.Function(_LOC, name, variables, 0)
    given = A.Literal(_LOC, A.Sign.NoSign, A.SymbolicAtom(fact))
    head = A.Literal(_LOC, A.Sign.NoSign, A.SymbolicAtom(A.Function(_LOC, name, variables + [time], 0)))
    q = A.Variable(_LOC, "Q")
    what = A.Function(_LOC, "held_throughout", [fact], 0)
    assumption = A.Function(_LOC, "assumption", [A.Function(_LOC, "state", [], 0), A.SymbolicTerm(_LOC, clingo.Number(0)),
                                                 what, q, A.Function(_LOC, "all", [], 0), time], 0)
    kind = A.Literal(_LOC, A.Sign.NoSign, A.SymbolicAtom(A.Function(_LOC, "question_kind", [q], 0)))
    return [A.Rule(_LOC, head, [given]),
            A.Rule(_LOC, A.Literal(_LOC, A.Sign.NoSign, A.SymbolicAtom(assumption)), [given, kind])]


def _bridge(name: str, arity: int) -> A.AST:
    """``name(X1, ..., Xn, t) :- holds(name(X1, ..., Xn), t).`` as a clingo AST rule."""
    variables = [A.Variable(_LOC, f"X{i}") for i in range(1, arity + 1)]
    time = A.Function(_LOC, "t", [], 0)
    head = A.Literal(_LOC, A.Sign.NoSign, A.SymbolicAtom(A.Function(_LOC, name, variables + [time], 0)))
    holds = A.Function(_LOC, "holds", [A.Function(_LOC, name, variables, 0), time], 0)
    body = [A.Literal(_LOC, A.Sign.NoSign, A.SymbolicAtom(holds))]
    return A.Rule(_LOC, head, body)
