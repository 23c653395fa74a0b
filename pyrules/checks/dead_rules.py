"""Rules of the rule base that never fire over the generated small states, and heads never derived
(issue 23: a dead rule is often a wrong rule; ``pyrules check --rule-base``).

The family of states is the one the self-consistency search uses (``checks/state_space.lp`` over a
:class:`pyrules.checks.contradictions.Domain`). Every rule with a body gets a marker ``rule_fired(I)
:- <its body>.`` (a clingo AST node copied from the parsed rule, never program text built from
data); clingo's brave consequences (``--enum-mode=brave``: the atoms true in at least one answer
set, i.e. in at least one generated state) then tell which markers, so which rules, fire in some
state. A rule none of whose instances fires in any state is *dead over the family*; a head predicate
every rule of which is dead (and that no state fact gives) is *never derived*. Both depend on the
domain: with the shipped example card, most card-specific rules are dead simply because no card of
the domain has the ability they read -- the report says so, it proves nothing about other domains.
Facts (rules without a body) and integrity constraints are not checked.
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass
from typing import Iterable

import clingo
from clingo import ast

from pyrules.inputs.rule_base import rule_files

_LOC = ast.Location(ast.Position("<dead rules>", 1, 1), ast.Position("<dead rules>", 1, 1))


@dataclass(frozen=True)
class RuleSite:
    """One rule of the rule base: ``file`` (relative to rules_asp/), ``line`` (1-based, its first
    line), ``heads`` (``name/arity`` of its head atoms), ``cr`` (CR rule numbers: its ``cites``
    strings, else those of the comment block right above it), ``text`` (the rule as clingo prints it)."""

    file: str
    line: int
    heads: tuple[str, ...]
    cr: tuple[str, ...]
    text: str

    def location(self) -> str:
        """``rules_asp/FILE:LINE``."""
        return f"rules_asp/{self.file}:{self.line}"


@dataclass
class DeadRuleReport:
    """What :func:`dead_rules` found.

    Attributes:
        status: ``complete`` (clingo enumerated the brave consequences to the end: every rule listed
            fires in no state of the family) or ``unknown`` (the time limit came first: the rules
            listed were not seen to fire, some may fire in a state not reached).
        checked: number of rules checked (rules with a body, constraints left out).
        dead: the rules that fire in no state, by file and line.
        never_derived: ``(name/arity, the rules defining it)`` for head predicates all of whose
            rules are dead and no generated state fact gives.
        seconds: wall-clock time.
    """

    status: str
    checked: int
    dead: list[RuleSite]
    never_derived: list[tuple[str, tuple[RuleSite, ...]]]
    seconds: float


def _heads(rule) -> tuple[str, ...]:
    """``name/arity`` of the atoms in a rule's head (a literal, disjunction, choice or aggregate)."""
    found: list[str] = []

    def visit(node) -> None:
        if node.ast_type == ast.ASTType.SymbolicAtom and node.symbol.ast_type == ast.ASTType.Function:
            found.append(f"{node.symbol.name}/{len(node.symbol.arguments)}")
            return
        for key in node.child_keys:
            value = getattr(node, key)
            if isinstance(value, ast.AST):
                visit(value)
            elif value is not None:
                for child in value:
                    visit(child)

    visit(rule.head)
    return tuple(dict.fromkeys(found))


def _cr_of(text_lines: list[str], begin: int, end: int, answer: dict[int, list[str]],
           comment: dict[int, list[str]]) -> tuple[str, ...]:
    cited = [n for line in range(begin, end + 1) for n in answer.get(line, ())]
    if cited:
        return tuple(dict.fromkeys(cited))
    line = begin - 1
    while line >= 1 and line >= begin - 12 and text_lines[line - 1].lstrip().startswith("%"):
        if comment.get(line):
            return tuple(dict.fromkeys(comment[line]))
        line -= 1
    return ()


def rule_sites(files: Iterable[tuple[str, str]]) -> list[tuple[RuleSite, ast.AST]]:
    """Every rule with a body and a head (no constraint) of ``files``, with its AST node."""
    from pyrules.checks.citations import rule_base_citations

    files = list(files)
    answer: dict[str, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    comment: dict[str, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    for c in rule_base_citations(files):
        (answer if c.kind == "answer" else comment)[c.file][c.line].append(c.rule)
    out: list[tuple[RuleSite, ast.AST]] = []
    for name, text in files:
        lines = text.splitlines()
        statements: list[ast.AST] = []
        ast.parse_string(text, statements.append)
        for stm in statements:
            if stm.ast_type != ast.ASTType.Rule or not stm.body:
                continue
            heads = _heads(stm)
            if not heads:  # an integrity constraint (head #false)
                continue
            begin, end = stm.location.begin.line, stm.location.end.line
            out.append((RuleSite(name, begin, heads, _cr_of(lines, begin, end, answer[name], comment[name]),
                                 str(stm)), stm))
    return out


def dead_rules(domain, files: Iterable[tuple[str, str]] | None = None, time_limit: float = 60.0) -> DeadRuleReport:
    """The rules of ``files`` (default the installed rule base) that fire in no generated state of
    ``domain`` (a :class:`pyrules.checks.contradictions.Domain`), and the head predicates never
    derived there. One clingo run: brave consequences of the markers, within ``time_limit`` seconds.

    Returns:
        A :class:`DeadRuleReport` (``status`` ``unknown`` when the limit came first).
    """
    from pyrules.checks.contradictions import _search_control

    start = time.perf_counter()
    files = list(rule_files() if files is None else files)
    sites = rule_sites(files)
    markers = []
    for i, (_, rule) in enumerate(sites):
        head = ast.Literal(_LOC, ast.Sign.NoSign, ast.SymbolicAtom(
            ast.Function(_LOC, "rule_fired", [ast.SymbolicTerm(_LOC, clingo.Number(i))], 0)))
        markers.append(ast.Rule(_LOC, head, list(rule.body)))
    ctl = _search_control(files, domain.facts(), "#show rule_fired/1. #show state_fact/1.",
                          ["--enum-mode=brave", "--opt-mode=ignore"], markers)
    fired: set[int] = set()
    state_predicates: set[str] = set()
    status = "complete"
    with ctl.solve(async_=True, yield_=False,
                   on_model=lambda m: _note(m, fired, state_predicates)) as handle:
        if not handle.wait(time_limit):
            handle.cancel()
            status = "unknown"
        else:
            handle.get()
    dead = [site for i, (site, _) in enumerate(sites) if i not in fired]
    live_heads = {h for i, (site, _) in enumerate(sites) if i in fired for h in site.heads}
    by_head: dict[str, list[RuleSite]] = defaultdict(list)
    for site in dead:
        for h in site.heads:
            by_head[h].append(site)
    never = [(h, tuple(rules)) for h, rules in sorted(by_head.items())
             if h not in live_heads and h not in state_predicates]
    dead.sort(key=lambda s: (s.file, s.line))
    return DeadRuleReport(status, len(sites), dead, never, time.perf_counter() - start)


def _note(model: clingo.Model, fired: set[int], state_predicates: set[str]) -> None:
    """Brave consequences so far: the markers that fired, the predicates of the chosen state facts."""
    fired.clear()
    for s in model.symbols(shown=True):
        if s.name == "rule_fired":
            fired.add(s.arguments[0].number)
        elif s.name == "state_fact" and s.arguments and s.arguments[0].type == clingo.SymbolType.Function:
            x = s.arguments[0]
            state_predicates.add(f"{x.name}/{len(x.arguments)}")
