"""Why a program has no answer set: the rule base guarded rule by rule and a minimal core of rules
and facts (:func:`minimal_core`)."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Iterable, Sequence

import clingo
from clingo import ast

from pyrules.inputs.rule_base import rule_files


# ------------------------------------------------------------------------------------------------
# Rule base vs itself: rules guarded by externals, minimal cores
# ------------------------------------------------------------------------------------------------

_RULE_GUARD = "pyrules_rule_on"


_FACT_GUARD = "pyrules_fact_on"


@dataclass(frozen=True)
class RuleRef:
    """One rule (ASP statement) of the rule base.

    Attributes:
        file: rule file relative to ``rules_asp/`` (``casting.lp``).
        line: 1-based line where the statement begins.
        head: predicate name/arity of its head (``castable/6``), ``#false`` for a constraint.
        cr: CR rules named in the comment lines right above it and in its ``cites`` strings.
        text: the statement, on one line.
    """

    file: str
    line: int
    head: str
    cr: tuple[str, ...]
    text: str

    def location(self) -> str:
        """``rules_asp/FILE:LINE``."""
        return f"rules_asp/{self.file}:{self.line}"


def _head_signature(stm) -> str:
    head = stm.head
    if head.ast_type == ast.ASTType.Literal:
        atom = head.atom
        if atom.ast_type == ast.ASTType.BooleanConstant:
            return "#false"
        if atom.ast_type == ast.ASTType.SymbolicAtom and atom.symbol.ast_type == ast.ASTType.Function:
            return f"{atom.symbol.name}/{len(atom.symbol.arguments)}"
    if head.ast_type == ast.ASTType.Aggregate:
        names = {f"{e.literal.atom.symbol.name}/{len(e.literal.atom.symbol.arguments)}" for e in head.elements
                 if e.literal.atom.ast_type == ast.ASTType.SymbolicAtom
                 and e.literal.atom.symbol.ast_type == ast.ASTType.Function}
        return ",".join(sorted(names)) or "choice"
    return str(head.ast_type).split(".")[-1]


def _comment_rules_above(lines: list[str], line: int, comment_cr: dict[int, list[str]]) -> list[str]:
    """CR numbers of the nearest comment lines above ``line`` within its paragraph (rules written
    one after another under one comment share it; a blank line ends the paragraph)."""
    out: list[str] = []
    i = line - 1
    while i >= 1 and lines[i - 1].strip() and not lines[i - 1].lstrip().startswith("%"):
        i -= 1  # other rules of the same paragraph
    while i >= 1 and lines[i - 1].lstrip().startswith("%"):
        out += comment_cr.get(i, [])
        i -= 1
    return out


@dataclass
class GuardedProgram:
    """The rule base with every rule guarded by an external ``pyrules_rule_on(K)``.

    Attributes:
        statements: clingo AST statements (guards added), ready for a ProgramBuilder.
        rules: ``rules[K]`` is the rule guarded by ``pyrules_rule_on(K)``.
    """

    statements: list
    rules: list[RuleRef]


def guarded_rule_base(files: Iterable[tuple[str, str]] | None = None) -> GuardedProgram:
    """Parse ``files`` (default: the installed rule base) with :mod:`clingo.ast` and add to the
    body of every rule the external ``pyrules_rule_on(K)``, so that solving under assumptions can
    switch single rules off (what a minimal core of rules needs)."""
    from pyrules.checks.citations import rule_base_citations

    files = list(rule_files() if files is None else files)
    cited = rule_base_citations(files)
    statements: list = []
    rules: list[RuleRef] = []
    for name, text in files:
        lines = text.splitlines()
        comment_cr: dict[int, list[str]] = {}
        for c in cited:
            if c.file == name and c.kind == "comment":
                comment_cr.setdefault(c.line, []).append(c.rule)
        parsed: list = []
        ast.parse_string(text, parsed.append)
        for stm in parsed:
            if stm.ast_type == ast.ASTType.Rule:
                k = len(rules)
                loc = stm.location
                begin, end = loc.begin.line, loc.end.line
                answer_cr = [c.rule for c in cited if c.file == name and c.kind == "answer" and begin <= c.line <= end]
                cr = tuple(dict.fromkeys(_comment_rules_above(lines, begin, comment_cr) + answer_cr))
                snippet = " ".join(x.strip() for x in lines[begin - 1:end])
                rules.append(RuleRef(name, begin, _head_signature(stm), cr, snippet[:300]))
                guard = ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(
                    ast.Function(loc, _RULE_GUARD, [ast.SymbolicTerm(loc, clingo.Number(k))], 0)))
                stm = stm.update(body=list(stm.body) + [guard])
            statements.append(stm)
    return GuardedProgram(statements, rules)


@dataclass(frozen=True)
class Core:
    """A minimal set of facts and rules that cannot hold together (every proper subset can).

    Attributes:
        facts: the state's facts in the core (strings, sorted).
        rules: the rules in the core, in rule-base order.
        cr: every CR rule the core's rules name, sorted.
        minimal: True if shrinking by deletion finished (False: time limit, core may be larger).
    """

    facts: tuple[str, ...]
    rules: tuple[RuleRef, ...]
    cr: tuple[str, ...]
    minimal: bool


def _cr_key(number: str):
    return [int(p) if p.isdigit() else p for p in re.findall(r"\d+|[a-z]+", number)]


def minimal_core(facts: Sequence[clingo.Symbol], programs: Iterable[tuple[str, str]] = (),
                 files: Iterable[tuple[str, str]] | None = None, time_limit: float = 30.0,
                 forbid: Iterable[clingo.Symbol] = ()) -> Core | None:
    """A minimal unsatisfiable core of ``facts`` plus the rule base plus ``programs``.

    Every fact and every rule of the rule base is guarded by an external atom (the extra
    ``programs`` and ``forbid`` stay unguarded); clingo solves with all guards assumed true, takes
    the core of the failed assumptions and shrinks it by deletion (one solve per member, the others
    assumed false) until every member is needed. Facts, guards and constraints go to clingo as
    values (its backend); only rule text is parsed.

    Args:
        facts: the state (instance facts).
        programs: ``(label, ASP text)`` pairs that are always on: fixed program text (a rule file of
            ``rules_asp/checks``, a user's own fact file), never text built from data.
        files: rule files instead of the installed rule base.
        time_limit: seconds for the whole search, counted from the call (reading the rule base and
            grounding, which clingo does in one call each, are not interrupted; every solve is):
            the core returned may then not be minimal (``minimal`` False).
        forbid: atoms that must not hold (each an integrity constraint ``:- atom.``), e.g. one
            contradiction of ``checks/rule_base.lp``.

    Returns:
        The core, or None if the program is satisfiable with every fact and rule on.

    Raises:
        pyrules.solving.deadline.TimeLimitReached: the first solve, which finds a core, did not end within
            ``time_limit``.
    """
    deadline = time.perf_counter() + time_limit
    guarded = guarded_rule_base(files)
    ctl = clingo.Control(["--warn=none"])
    with ast.ProgramBuilder(ctl) as builder:
        for stm in guarded.statements:
            builder.add(stm)
    facts = list(facts)
    guards = [clingo.Function(_RULE_GUARD, [clingo.Number(k)]) for k in range(len(guarded.rules))]
    fact_guards = [clingo.Function(_FACT_GUARD, [clingo.Number(j)]) for j in range(len(facts))]
    guards += fact_guards
    with ctl.backend() as backend:
        for g in guards:  # #external g. (false until assigned)
            backend.add_external(backend.add_atom(g), clingo.TruthValue.False_)
        for g, s in zip(fact_guards, facts):  # s :- g.
            backend.add_rule([backend.add_atom(s)], [backend.add_atom(g)])
        for atom in forbid:  # :- atom.
            backend.add_rule([], [backend.add_atom(atom)])
    for _, program in programs:
        ctl.add("base", [], program)
    ctl.ground([("base", [])])
    lits: dict[int, clingo.Symbol] = {}
    for g in guards:
        atom = ctl.symbolic_atoms[g]
        if atom is not None:
            ctl.assign_external(g, None)
            lits[atom.literal] = g

    class _OutOfTime(Exception):
        pass

    def core_of(on: set[int]) -> list[int] | None:
        # Each solve is bounded by the time left: a core solve over 1000+ assumptions can take
        # longer than the whole limit (H1 of the robustness reproducers).
        assumptions = [lit if lit in on else -lit for lit in lits]
        with ctl.solve(assumptions=assumptions, async_=True) as handle:
            if not handle.wait(max(deadline - time.perf_counter(), 0.0)):
                handle.cancel()
                raise _OutOfTime
            if handle.get().satisfiable:
                return None
            return [lit for lit in handle.core() if lit in on]

    try:
        current = core_of(set(lits))
    except _OutOfTime:
        from pyrules.solving.deadline import TimeLimitReached

        raise TimeLimitReached(f"time limit of {time_limit:g} s reached before a core was found") from None
    if current is None:
        return None
    minimal = True
    # Deletion in chunks of halving size (the rule base has 1000+ guarded rules, most of them in the
    # first core); the last pass, chunk 1, is plain one-by-one deletion, so the result is minimal.
    chunk = max(len(current) // 2, 1)
    while minimal:
        i = 0
        while i < len(current):
            if time.perf_counter() > deadline:
                minimal = False
                break
            trial = current[:i] + current[i + chunk:]
            try:
                smaller = core_of(set(trial))
            except _OutOfTime:
                minimal = False
                break
            if smaller is None:
                i += chunk
            else:
                current = [lit for lit in trial if lit in set(smaller)] or trial
        if chunk == 1:
            break
        chunk = max(chunk // 2, 1)
    members = [lits[lit] for lit in current]
    rule_refs = sorted((guarded.rules[g.arguments[0].number] for g in members if g.name == _RULE_GUARD),
                       key=lambda r: (r.file, r.line))
    core_facts = sorted(str(facts[g.arguments[0].number]) for g in members if g.name == _FACT_GUARD)
    cr = sorted({n for r in rule_refs for n in r.cr}, key=_cr_key)
    return Core(tuple(core_facts), tuple(rule_refs), tuple(cr), minimal)


def unsat_core(facts: Sequence[clingo.Symbol], files: Iterable[tuple[str, str]] | None = None,
               time_limit: float = 30.0) -> Core | None:
    """Why a state has no answer set: a minimal core of its facts and the rule base's rules
    (:func:`minimal_core` with nothing else added); None if the state has an answer set."""
    return minimal_core(facts, (), files, time_limit)
