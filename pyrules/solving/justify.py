"""Why an answer holds: the rule instances that derived it, down to the state's and the cards' facts
(issue 20).

A meta-encoding of the rule base, built on its clingo AST (never on text): each rule
``H :- B.`` of ``rules_asp/`` gets a twin

    why(R, H, (P1, ..., Pn), (N1, ..., Nm)) :- need(H), B.

where ``R`` numbers the rule (:class:`RuleInfo`: its file, line, text and the CR rules its comment
tags it with), ``P1..Pn`` are the positive atoms of its body and ``N1..Nm`` the atoms it needs to be
false; and for each ``Pi`` a rule ``need(Pi) :- need(H), B.``. ``need/1`` starts at the
answers asked about (``need(X) :- explain_atom(X).``, each given as a value), so only the rule
instances below them are grounded. The twins are grounded and solved together with the rule base and the
state's facts (the rule base is stratified: its one answer set holds every ``why`` that applies), in
the time limit. Choice and disjunctive heads give one twin per element (with its condition); other
body parts (comparisons, aggregates, conditional literals) are kept in the twin's body and shown
with the rule's text; what an aggregate counted is recorded as ``counted(R, H, (A1..Ak))``, one per
element instance.

:func:`justify` returns the ``why`` instances; :mod:`pyrules.answers.explanation` turns them into trees.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from functools import lru_cache

import clingo
import clingo.ast as A

from pyrules.asp_terms import add_facts
from pyrules.errors import NoAnswerError
from pyrules.inputs.rule_base import _program_error, rule_files
from pyrules.solving.pruning import heads_of, pruned, signatures_of

#: A CR rule number in a rule file's comment (``601.2b``, ``709.3``, ``100.6``).
_CR_NUMBER = re.compile(r"\b([1-9]\d{2}\.\d+[a-z]?)\b")

#: An anonymous variable in a statement as clingo prints it.
_ANONYMOUS = re.compile(r"(?<![\w'])_(?![\w'])")

#: Comments naming more rules than this are section headers, not one rule's tag.
_MAX_TAGS = 4

#: The seeds of need/1 (fixed program text of pyrules' source, no data in it).
_SEEDS = "need(X) :- explain_atom(X)."


@dataclass(frozen=True)
class RuleInfo:
    """One rule of the rule base: its number ``rid``, ``file`` (path in rules_asp/) and ``line``, its
    ``text`` as clingo prints it, and ``cr``: the CR rules its comment tags it with (the nearest
    comment above it, or on its line)."""

    rid: int
    file: str
    line: int
    text: str
    cr: tuple[str, ...]


@dataclass(frozen=True)
class Why:
    """One rule instance that derived ``head``: rule ``rid``, its true positive body atoms ``positive``
    and the atoms ``negative`` that are not derived (each a clingo symbol)."""

    rid: int
    head: clingo.Symbol
    positive: tuple[clingo.Symbol, ...]
    negative: tuple[clingo.Symbol, ...]


@dataclass(frozen=True)
class Justification:
    """What :func:`justify` found: ``whys`` (every rule instance below the answers asked about),
    ``rules`` (rule number -> :class:`RuleInfo`), ``targets`` (the answers asked about), ``cites``
    (atom -> the CR rules the rule base cites for it, cites/2), ``seconds`` spent, ``counted``: for a
    rule instance (rule number, head) with an aggregate, the atoms of each element it counted."""

    whys: tuple[Why, ...]
    rules: dict[int, RuleInfo]
    targets: tuple[clingo.Symbol, ...]
    cites: dict[clingo.Symbol, tuple[str, ...]]
    seconds: float
    counted: dict[tuple[int, clingo.Symbol], tuple[tuple[clingo.Symbol, ...], ...]] = field(default_factory=dict)


@lru_cache(maxsize=1)
def labeled_rule_base() -> tuple[tuple[A.AST, ...], tuple[RuleInfo | None, ...]]:
    """The rule base's statements (comments dropped), and for each a :class:`RuleInfo` (None for a
    statement that is no rule), parsed once per process from :func:`pyrules.inputs.rule_base.rule_files`.

    Raises:
        FactFileError: a rule file does not parse (a bug in rules_asp/)."""
    statements: list[A.AST] = []
    infos: list[RuleInfo | None] = []
    comment = A.ASTType.Comment
    for label, text in rule_files():
        parsed: list[A.AST] = []
        messages: list[str] = []
        try:
            A.parse_string(text, parsed.append, logger=lambda code, msg: messages.append(msg), message_limit=20)
        except RuntimeError:
            raise _program_error(label, messages) from None
        tags: tuple[str, ...] = ()
        block: list[str] = []  # the comment lines just above the next statement
        block_end = 0
        last_rule: int | None = None
        for stm in parsed:
            if stm.ast_type == comment:
                found = tuple(dict.fromkeys(_CR_NUMBER.findall(stm.value)))
                if last_rule is not None and stm.location.begin.line == infos[last_rule].line:
                    if 0 < len(found) <= _MAX_TAGS:  # a tag on the rule's own line
                        old = infos[last_rule]
                        infos[last_rule] = RuleInfo(old.rid, old.file, old.line, old.text, found)
                    continue
                if block and stm.location.begin.line > block_end + 1:  # a blank line ends a block
                    block = []
                block.append(stm.value)
                block_end = stm.location.end.line
                continue
            if block:  # a new comment block tags the rules below it; a file's header block tags none
                found = tuple(dict.fromkeys(n for line in block for n in _CR_NUMBER.findall(line)))
                header = any("=====" in line for line in block)
                tags = () if header or len(found) > _MAX_TAGS else found
                block = []
            statements.append(stm)
            if stm.ast_type == A.ASTType.Rule:
                infos.append(RuleInfo(len(infos), label, stm.location.begin.line, str(stm), tags))
                last_rule = len(infos) - 1
            else:
                infos.append(None)
                last_rule = None
    return tuple(statements), tuple(infos)


def _fn(loc, name: str, args: list) -> A.AST:
    return A.Function(loc, name, args, False)


def _lit(loc, term: A.AST) -> A.AST:
    return A.Literal(loc, A.Sign.NoSign, A.SymbolicAtom(term))


def _heads(head: A.AST) -> list[tuple[A.AST, list[A.AST]]]:
    """(head atom term, its condition literals) for each atom a rule head can derive."""
    t = head.ast_type
    if t == A.ASTType.Literal:
        if head.sign == A.Sign.NoSign and head.atom.ast_type == A.ASTType.SymbolicAtom:
            return [(head.atom.symbol, [])]
        return []
    if t in (A.ASTType.Aggregate, A.ASTType.Disjunction):
        out = []
        for el in head.elements:
            lit = el.literal
            if lit.sign == A.Sign.NoSign and lit.atom.ast_type == A.ASTType.SymbolicAtom:
                out.append((lit.atom.symbol, list(el.condition)))
        return out
    return []


class _Anonymous(A.Transformer):
    """Anonymous variables ``_`` made named (``Anon__1`` ...: positive body atoms, so that the twin's
    head may hold them) or the constant ``any`` (the record of a negative atom: "no such atom")."""

    def __init__(self, named: bool) -> None:
        self.named, self.count = named, 0

    def visit_Variable(self, node: A.AST) -> A.AST:
        if node.name != "_":
            return node
        if not self.named:
            return A.SymbolicTerm(node.location, clingo.Function("any"))
        self.count += 1
        return A.Variable(node.location, f"Anon__{self.count}")


def _positive(b: A.AST) -> bool:
    return b.ast_type == A.ASTType.Literal and b.sign == A.Sign.NoSign and b.atom.ast_type == A.ASTType.SymbolicAtom


class _Variables(A.Transformer):
    """Collects variable names (``names``); with ``rename``, renames those not in ``keep`` (``V`` ->
    ``V__el``) so that an aggregate element's local variables stay apart from the rule's."""

    def __init__(self, keep: set[str] | None = None) -> None:
        self.names: set[str] = set()
        self.keep = keep

    def visit_Variable(self, node: A.AST) -> A.AST:
        self.names.add(node.name)
        if self.keep is None or node.name in self.keep or node.name == "_":
            return node
        return A.Variable(node.location, f"{node.name}__el")


def _aggregate_conditions(head: A.AST, body: list[A.AST]) -> list[list[A.AST]]:
    """For each element of each positive aggregate of ``body``, its condition literals (anonymous
    variables named, its local variables renamed apart), the element's own literal first for a set
    aggregate."""
    def aggregate(b: A.AST) -> bool:
        return b.ast_type == A.ASTType.Literal and b.sign == A.Sign.NoSign and \
            b.atom.ast_type in (A.ASTType.BodyAggregate, A.ASTType.Aggregate)

    if not any(aggregate(b) for b in body):
        return []
    outer = _Variables()
    outer(head)
    for b in body:
        if aggregate(b):  # an aggregate's guard is outside its elements
            for guard in (b.atom.left_guard, b.atom.right_guard):
                if guard is not None:
                    outer(guard.term)
        else:
            outer(b)
    out = []
    for b in body:
        if not aggregate(b):
            continue
        for el in b.atom.elements:
            parts = list(el.condition) if b.atom.ast_type == A.ASTType.BodyAggregate else [el.literal, *el.condition]
            out.append([_Anonymous(True)(_Variables(outer.names)(c)) for c in parts])
    return out


def meta_rules(rule: A.AST, rid: int) -> list[A.AST]:
    """The twins of ``rule`` (see the module docstring): ``why/4`` per head atom, ``need/1`` per
    positive body atom."""
    out = []
    for variant in rule.unpool():
        loc = variant.location
        named = _Anonymous(True)
        body = [named(b) if _positive(b) and _ANONYMOUS.search(str(b)) else b for b in variant.body]
        pos = [b.atom.symbol for b in body if _positive(b)]
        neg = [_Anonymous(False)(b.atom.symbol) if _ANONYMOUS.search(str(b)) else b.atom.symbol for b in body
               if b.ast_type == A.ASTType.Literal and b.sign == A.Sign.Negation
               and b.atom.ast_type == A.ASTType.SymbolicAtom]
        for head, condition in _heads(variant.head):
            why = _fn(loc, "why", [A.SymbolicTerm(loc, clingo.Number(rid)), head, _fn(loc, "", pos), _fn(loc, "", neg)])
            twin_body = [_lit(loc, _fn(loc, "need", [head]))] + body + condition
            out.append(A.Rule(loc, _lit(loc, why), twin_body))
            out += [A.Rule(loc, _lit(loc, _fn(loc, "need", [p])), twin_body) for p in pos]
            for conds in _aggregate_conditions(head, body):  # what an aggregate counted (its elements' atoms)
                atoms = [c.atom.symbol for c in conds if _positive(c)]
                if not atoms:
                    continue
                counted = _fn(loc, "counted", [A.SymbolicTerm(loc, clingo.Number(rid)), head, _fn(loc, "", atoms)])
                out.append(A.Rule(loc, _lit(loc, counted), twin_body + conds))
                out += [A.Rule(loc, _lit(loc, _fn(loc, "need", [a])), twin_body + conds) for a in atoms]
    return out


#: Predicates an explanation never asks about (the answers' bookkeeping): no twins for their rules.
_NOT_EXPLAINED = re.compile(r"(cites|answer_on|answer_strength|answer_assumes|answer_undecided)\(")


@lru_cache(maxsize=1)
def _all_meta() -> dict[int, list[A.AST]]:
    statements, infos = labeled_rule_base()
    return {i: meta_rules(stm, infos[i].rid) for i, stm in enumerate(statements)
            if infos[i] is not None and not _NOT_EXPLAINED.match(infos[i].text)}


def justify(facts: list[clingo.Symbol], atoms: tuple[clingo.Symbol, ...], time_limit: float = 5.0) -> Justification:
    """The rule instances deriving the answer atoms ``atoms`` (e.g. those of a ``pyrules ask`` kind,
    :func:`pyrules.answers.ask_kinds.kind_atoms`), for the state given by ``facts`` (instance facts:
    the cards' and the state's, as :meth:`pyrules.api.KnowledgeBase.facts` gives them).

    Raises:
        NoAnswerError: the time limit was reached, or the state has no answer set.
    """
    start = time.monotonic()
    statements, infos = labeled_rule_base()
    messages: list[str] = []
    ctl = clingo.Control(["--warn=none"], logger=lambda code, msg: messages.append(msg), message_limit=20)
    kept = pruned(statements, signatures_of(facts) | heads_of(()))
    index = {id(s): i for i, s in enumerate(statements)}
    meta = _all_meta()
    with A.ProgramBuilder(ctl) as builder:
        for stm in kept:
            builder.add(stm)
            for m in meta.get(index.get(id(stm), -1), ()):
                builder.add(m)
        A.parse_string(_SEEDS + " #show why/4. #show need/1. #show counted/3.", builder.add)
    seeds = list(facts) + [clingo.Function("explain_atom", [a]) for a in atoms]
    add_facts(ctl, seeds)
    try:
        ctl.ground([("base", [])])
    except RuntimeError:
        raise _program_error("explanation", messages) from None
    left = time_limit - (time.monotonic() - start)
    if left <= 0:
        raise NoAnswerError(f"unknown: the time limit of {time_limit:g} s was reached while grounding the explanation")
    model: list[clingo.Symbol] = []
    with ctl.solve(async_=True, on_model=lambda m: model.extend(m.symbols(shown=True))) as handle:
        if not handle.wait(left):
            handle.cancel()
            raise NoAnswerError(f"unknown: the time limit of {time_limit:g} s was reached while explaining")
        if handle.get().unsatisfiable:
            raise NoAnswerError("inconsistent state: the facts contradict the rule base (no answer set)")
    whys = tuple(Why(s.arguments[0].number, s.arguments[1], tuple(s.arguments[2].arguments),
                     tuple(s.arguments[3].arguments)) for s in model if s.name == "why")
    counted: dict[tuple[int, clingo.Symbol], list[tuple[clingo.Symbol, ...]]] = {}
    for s in model:
        if s.name == "counted":
            counted.setdefault((s.arguments[0].number, s.arguments[1]), []).append(tuple(s.arguments[2].arguments))
    targets = tuple(sorted(set(atoms), key=str))
    rules = {info.rid: info for info in infos if info is not None}
    cites: dict[clingo.Symbol, tuple[str, ...]] = {}
    for s in model:
        if s.name == "cites" and len(s.arguments) == 2:
            cites[s.arguments[0]] = cites.get(s.arguments[0], ()) + (s.arguments[1].string,)
    return Justification(whys, rules, targets, cites, time.monotonic() - start,
                         {k: tuple(sorted(v, key=str)) for k, v in counted.items()})
