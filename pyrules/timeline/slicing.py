"""The transition program: the part of the lifted program that takes one state to the next.

A step's answers (every casting verdict, outcome and assumption of that moment) are most of what the
lifted program grounds, and none of them decides what an event changes. Moving a sequence forward
needs only the rules that can derive what the run reads: the state after each event (``result/2``),
the changes and their CR rules (``begins/2``, ``ends/2``, ``cites`` of those), the schedule
(``occurs/2``, ``user_event_at/2``, ``finished/1``), refusals (``event_refused/3``), and every
predicate those rules read, transitively (a dependency cone by predicate signature, as gringo's own
dependency graph is). Integrity constraints are always kept, with what they read.

``cites/3`` (the lifted ``cites/2`` of the moment rule base, every answer's citations) is split by
what is cited: a rule deriving ``cites(X, R, t)`` is kept only if ``X`` can be one of the cited
things a kept rule reads (``begins(..)``, ``ends(..)``, ``event_refused(..)``, and e.g. ``sba(..)``
when a kept rule copies ``cites(sba(..), R, t)``); a rule whose cited thing is a variable, and any
kept rule reading ``cites`` of a variable, keep them all.

The answers of one moment are then built on demand from the whole lifted program
(:func:`pyrules.timeline.run.answers_at_time`), so the slice changes no answer: the transition's
atoms are exactly those the whole program derives (every rule that can derive a predicate of the
slice is in it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

import clingo
import clingo.ast as A

from pyrules.timeline.lifting import _atoms, _signatures

Signature = tuple[str, int]
_LOC = A.Location(A.Position("<timeline>", 1, 1), A.Position("<timeline>", 1, 1))

#: What the run and :mod:`pyrules.timeline.steps` read of each step (rules_asp/time/*.lp).
TRANSITION_ROOTS: frozenset[Signature] = frozenset({
    ("result", 2), ("begins", 2), ("ends", 2), ("occurs", 2), ("finished", 1), ("event_refused", 3),
    ("user_event_at", 2), ("holds", 2)})
#: The cited things the steps print the CR rules of.
_CITED_ROOTS = frozenset({"begins", "ends", "event_refused"})
_ANY = "*"


@dataclass(frozen=True)
class Transition:
    """The transition program (a subset of a :class:`pyrules.timeline.lifting.LiftedProgram`).

    Attributes:
        base / step: the kept statements of ``#program base.`` / ``#program step(t).``, every
            ``#show`` replaced by the shows of :attr:`shown`.
        schedule: the statements of ``#program schedule(t).`` (all kept).
        scheduled: the predicates the schedule defines (``occurs/2``, ``sba_check_at/1``, ...).
        shown: the predicates shown (the roots but ``holds/2`` and ``result/2``, which the run reads
            itself, and ``cites/3``).
        previous: predicates a ``step(t)`` rule reads at ``t-1`` (the schedule's): the answers of a
            time are built from the state at that time and these atoms of the time before.
        kept / total: rules kept of all rules (figures for the benchmark).
    """

    base: tuple[A.AST, ...]
    schedule: tuple[A.AST, ...]
    step: tuple[A.AST, ...]
    scheduled: frozenset[Signature]
    shown: frozenset[Signature]
    previous: frozenset[Signature]
    kept: int
    total: int


def _cited(term: A.AST) -> str:
    """The name of the cited thing of a ``cites`` atom's term (its first argument), or ``*``."""
    first = term.arguments[0] if term.arguments else None
    if first is None:
        return _ANY
    if first.ast_type == A.ASTType.Function:
        return first.name
    if first.ast_type == A.ASTType.SymbolicTerm and first.symbol.type == clingo.SymbolType.Function:
        return first.symbol.name
    return _ANY


def _head_terms(stm: A.AST) -> list[A.AST]:
    """The function terms of the atoms of a rule's head."""
    found: list = []
    _atoms(stm.head, found)
    return [a.symbol for a in found if a.symbol.ast_type == A.ASTType.Function and not a.symbol.external]


def _cited_names(stm: A.AST, head: A.AST, heads_of: dict) -> set[str]:
    """What a rule's ``cites(X, R, t)`` head can cite: the name of ``X``; for a variable ``X``, the
    names the predicate binding it can have in that argument (every rule's head gives a function
    there: ``cites(X, R) :- assignment_answer(A, X), ...`` cites only what ``assignment_answer``
    wraps), else ``*`` (anything)."""
    name = _cited(head)
    first = head.arguments[0] if head.arguments else None
    if name != _ANY or first is None or first.ast_type != A.ASTType.Variable:
        return {name}
    for term in _positive_body_atoms(stm):
        for k, arg in enumerate(term.arguments):
            if arg.ast_type == A.ASTType.Variable and arg.name == first.name:
                defs = heads_of.get((term.name, len(term.arguments)), [])
                names = set()
                for d in defs:
                    a = d.arguments[k]
                    names.add(a.name if a.ast_type == A.ASTType.Function else _ANY)
                if defs and _ANY not in names:
                    return names
    return {_ANY}


def _cites_atoms(nodes) -> list[A.AST]:
    found: list = []
    for node in nodes:
        _atoms(node, found)
    return [a.symbol for a in found
            if a.symbol.ast_type == A.ASTType.Function and a.symbol.name == "cites" and len(a.symbol.arguments) == 3]


def _reads_previous(stm: A.AST, out: set[Signature]) -> None:
    """Add the signatures of atoms of ``stm`` with an argument ``t-1``."""
    found: list = []
    _atoms(stm, found)
    for atom in found:
        term = atom.symbol
        if term.ast_type != A.ASTType.Function:
            continue
        for arg in term.arguments:
            if (arg.ast_type == A.ASTType.BinaryOperation and arg.operator_type == A.BinaryOperator.Minus
                    and _is_time(arg.left)):
                out.add((term.name, len(term.arguments)))


def _is_time(term: A.AST) -> bool:
    """``term`` is the step parameter ``t``."""
    if term.ast_type == A.ASTType.SymbolicTerm:
        return term.symbol.type == clingo.SymbolType.Function and term.symbol.name == "t" and not term.symbol.arguments
    return term.ast_type == A.ASTType.Function and term.name == "t" and not term.arguments


_CITE_INFO: dict[int, tuple] = {}
_SIGNATURES: dict[int, tuple] = {}


def _head_and_body(stm: A.AST) -> tuple[frozenset[Signature], frozenset[Signature]]:
    """The predicates of a rule's head and of its body, computed once per statement."""
    key = id(stm)
    if key not in _SIGNATURES:
        _SIGNATURES[key] = (stm, frozenset(_signatures(stm.head)), frozenset(_signatures(stm.body)))
    return _SIGNATURES[key][1:]


def _cite_info(stm: A.AST, heads: set[Signature], heads_of: dict) -> tuple:
    """``(names, reads)`` of a rule: what its ``cites`` head can cite (None: it has other heads too)
    and the cited things of the ``cites`` atoms its body reads; computed once per statement (the
    first time, over the whole transition's heads: an over-approximation for any subset)."""
    key = id(stm)
    if key not in _CITE_INFO:
        names = None
        if heads == {("cites", 3)}:
            names = frozenset().union(*(_cited_names(stm, t, heads_of) for t in _cites_atoms([stm.head])))
        _CITE_INFO[key] = (stm, names, frozenset(_cited(t) for t in _cites_atoms(stm.body)))
    return _CITE_INFO[key][1:]


def _cone(rules, roots: set[Signature], always=()) -> set:
    """The keys ``(part, i)`` of the rules of ``rules`` (``(part, i, stm, heads, body)``) that can
    derive a predicate of ``roots`` or ``cites`` of a cited thing a kept rule reads, transitively;
    rules of the parts ``always`` and integrity constraints are always kept."""
    needed = set(roots) | {("cites", 3)}
    cited = set(_CITED_ROOTS)
    kept: set = set()
    heads_of: dict[Signature, list[A.AST]] = {}
    if any(id(stm) not in _CITE_INFO for _, _, stm, _, _ in rules):
        for _, _, stm, _, _ in rules:
            for term in _head_terms(stm):
                heads_of.setdefault((term.name, len(term.arguments)), []).append(term)
    info = [(part, i, heads, body, _cite_info(stm, heads, heads_of)) for part, i, stm, heads, body in rules]
    changed = True
    while changed:
        changed = False
        for part, i, heads, body, (names, reads) in info:
            if (part, i) in kept:
                continue
            if heads and not heads & needed and part not in always:
                continue
            if names is not None and _ANY not in cited and _ANY not in names and not names & cited:
                continue
            kept.add((part, i))
            before = len(cited)
            cited |= reads
            more = (heads | body) - needed
            if more or len(cited) != before:
                needed |= more
                changed = True
    return kept


def transition_program(base: tuple[A.AST, ...], schedule: tuple[A.AST, ...],
                       step: tuple[A.AST, ...]) -> Transition:
    """Slice the lifted program ``base`` + ``schedule`` + ``step`` to the transition (module docstring).

    Returns:
        Transition; its statements are the same AST nodes as the input's (shared, not copied).
    """
    rules = [(part, i, stm) + _head_and_body(stm)
             for part, stms in (("base", base), ("schedule", schedule), ("step", step))
             for i, stm in enumerate(stms) if stm.ast_type == A.ASTType.Rule]
    scheduled = frozenset(h for part, _, _, heads, _ in rules if part == "schedule" for h in heads)
    previous: set[Signature] = set()
    for _, _, stm, _, _ in rules:
        _reads_previous(stm, previous)
    kept = _cone(rules, set(TRANSITION_ROOTS) | previous, always=("schedule",))
    shown = frozenset(TRANSITION_ROOTS - {("holds", 2), ("result", 2)} | {("cites", 3)})
    shows = [A.ShowSignature(_LOC, name, arity, True) for name, arity in sorted(shown)]

    def keep(part: str, stms: tuple[A.AST, ...]) -> tuple[A.AST, ...]:
        out = []
        for i, stm in enumerate(stms):
            kind = stm.ast_type
            if kind == A.ASTType.Rule:
                if (part, i) in kept:
                    out.append(stm)
            elif kind != A.ASTType.ShowSignature and kind != A.ASTType.ShowTerm:
                out.append(stm)
        return tuple(out)

    return Transition(keep("base", base) + tuple(shows), schedule, keep("step", step), scheduled, shown,
                      frozenset(previous), len(kept), len(rules))


# ---------------------------------------------------------------------------------------------
# The step for one event: the transition's step(t) specialized to what the schedule says happens at t.
#
# Once the schedule of time t is solved, its atoms at t are known (``occurs(resolve, t)``,
# ``sba_check_at(t)`` or not, ...). A step rule with a positive body literal of a schedule predicate
# at t that no true schedule atom can match never fires at t; a lifted predicate whose every rule
# is dropped so is empty at t, and the rules needing it never fire either. What is left, sliced to
# the roots again, is what the event at t can use: the casting rules only at a cast, the
# state-based actions only at a check. The schedule's atoms are compared by *shape* (each argument's
# kind, and a function's name and arity): a literal is dropped only when no true atom has a shape it
# matches, so a dropped rule is one that cannot fire (the specialization never changes an answer).

Shape = tuple


def _symbol_shape(sym: clingo.Symbol) -> tuple:
    if sym.type == clingo.SymbolType.Function:
        return ("f", sym.name, len(sym.arguments))
    return ("n",) if sym.type == clingo.SymbolType.Number else ("s",)


def atom_shape(sym: clingo.Symbol) -> Shape:
    """The shape of a true schedule atom: its name and its arguments' shapes."""
    return (sym.name, tuple(_symbol_shape(a) for a in sym.arguments))


def _term_matches(term: A.AST, shape: tuple) -> bool:
    kind = term.ast_type
    if kind == A.ASTType.SymbolicTerm:
        return _symbol_shape(term.symbol) == shape or (_is_time(term) and shape == ("n",))
    if kind == A.ASTType.Function and not term.external:
        return shape == ("f", term.name, len(term.arguments)) or (_is_time(term) and shape == ("n",))
    return True  # a variable, arithmetic, a pool ...: may match anything


def _at_time_t(term: A.AST) -> bool:
    """The atom's arguments name ``t`` itself and no ``t-1`` or ``t+1``."""
    plain = any(_is_time(a) for a in term.arguments)
    shifted = any(a.ast_type == A.ASTType.BinaryOperation and (_is_time(a.left) or _is_time(a.right))
                  for a in term.arguments)
    return plain and not shifted


def _positive_body_atoms(stm: A.AST):
    for lit in stm.body:
        if (lit.ast_type == A.ASTType.Literal and lit.sign == A.Sign.NoSign
                and lit.atom.ast_type == A.ASTType.SymbolicAtom):
            term = lit.atom.symbol
            if term.ast_type == A.ASTType.Function and not term.external:
                yield term


_SPECIALIZED: dict = {}
_MAX_SPECIALIZED = 512
_PATTERNS: dict = {}
_ANY_TERM = ("any",)


def _symbol_pattern(sym: clingo.Symbol) -> tuple:
    if sym.type == clingo.SymbolType.Function:
        return ("f", sym.name, tuple(_symbol_pattern(a) for a in sym.arguments))
    return ("c", sym)


def _pattern(term: A.AST) -> tuple:
    """A term as a pattern for :func:`_unify`: ``("f", name, args)``, ``("c", symbol)`` or
    ``("any",)`` (a variable, the time ``t``, arithmetic, a pool ...: may be anything)."""
    kind = term.ast_type
    if kind == A.ASTType.SymbolicTerm:
        return _ANY_TERM if _is_time(term) else _symbol_pattern(term.symbol)
    if kind == A.ASTType.Function and not term.external:
        return _ANY_TERM if _is_time(term) else ("f", term.name, tuple(_pattern(a) for a in term.arguments))
    return _ANY_TERM


def _unify(p: tuple, q: tuple) -> bool:
    """Whether two patterns can stand for the same term (an over-approximation: a variable's
    occurrences are not compared with each other)."""
    if p is _ANY_TERM or q is _ANY_TERM or p[0] == "any" or q[0] == "any":
        return True
    if p[0] == "c" or q[0] == "c":
        return p == q
    return p[1] == q[1] and len(p[2]) == len(q[2]) and all(_unify(a, b) for a, b in zip(p[2], q[2]))


def _rule_patterns(tr: Transition):
    """Per rule of ``tr.step``: ``(i, stm, heads, body, head patterns, positive body atoms)``, with
    each head pattern ``(sig, pattern)`` (a head the analysis can't read stands for any atom of its
    predicate) and each body atom ``(sig, pattern, term)``. Cached per transition program."""
    if id(tr) in _PATTERNS:
        return _PATTERNS[id(tr)]
    rules = []
    for i, stm in enumerate(tr.step):
        if stm.ast_type != A.ASTType.Rule:
            continue
        heads, body_sigs = _head_and_body(stm)
        found: list = []
        _atoms(stm.head, found)
        head_patterns = []
        for atom in found:
            terms = atom.symbol.arguments if atom.symbol.ast_type == A.ASTType.Pool else [atom.symbol]
            for term in terms:
                if term.ast_type == A.ASTType.Function and not term.external:
                    head_patterns.append(((term.name, len(term.arguments)), _pattern(term)))
        for sig in heads - {sig for sig, _ in head_patterns}:
            head_patterns.append((sig, _ANY_TERM))
        body = [((t.name, len(t.arguments)), _pattern(t), t) for t in _positive_body_atoms(stm)]
        rules.append((i, stm, heads, body_sigs, tuple(head_patterns), tuple(body)))
    _PATTERNS[id(tr)] = rules
    return rules


def specialized_step(tr: Transition, shapes: frozenset[Shape], instance: frozenset[Signature],
                     to_roots: bool = True) -> tuple[A.AST, ...]:
    """The statements of :attr:`Transition.step` that can fire at a time whose true schedule atoms
    have the shapes ``shapes`` (:func:`atom_shape`), sliced to the roots (``to_roots=False``: not
    sliced, every rule that can fire is kept: the answers of that time, :func:`answers_program`);
    ``instance`` the predicates that have atoms before the step: the instance's facts and the
    static part's (base) model — never taken as empty; a predicate the base defines but derives
    nothing of is empty at every time. Cached per (``tr``, ``shapes``, ``instance``, ``to_roots``)."""
    key = (id(tr), shapes, instance, to_roots)
    if key in _SPECIALIZED:
        return _SPECIALIZED[key]
    by_name: dict[tuple[str, int], list[tuple]] = {}
    for name, args in shapes:
        by_name.setdefault((name, len(args)), []).append(args)
    rules = _rule_patterns(tr)
    # what the base defines, the schedule, the instance's facts and the step's #external atoms are
    # never taken as empty
    externals = {(stm.atom.symbol.name, len(stm.atom.symbol.arguments)) for stm in tr.step
                 if stm.ast_type == A.ASTType.External and stm.atom.symbol.ast_type == A.ASTType.Function}
    protected = tr.scheduled | instance | externals

    def fires(body, heads_of) -> bool:
        for sig, pattern, term in body:
            if sig in tr.scheduled:
                if _at_time_t(term) and not any(all(_term_matches(a, s) for a, s in zip(term.arguments, args))
                                                for args in by_name.get(sig, ())):
                    return False
            elif sig not in protected and not any(_unify(pattern, h) for h in heads_of.get(sig, ())):
                return False  # no rule left can derive an atom like this one
        return True

    alive = rules
    while True:
        heads_of: dict[Signature, list] = {}
        for r in alive:
            for sig, pattern in r[4]:
                heads_of.setdefault(sig, []).append(pattern)
        now_alive = [r for r in alive if fires(r[5], heads_of)]
        if len(now_alive) == len(alive):
            break
        alive = now_alive
    alive = [(i, stm, heads, body) for i, stm, heads, body, _, _ in alive]
    if to_roots:
        # slice again from the roots over what is left (the base is grounded anyway; what the
        # schedule reads is needed)
        roots = set(TRANSITION_ROOTS) | tr.previous
        roots |= {b for stm in tr.schedule if stm.ast_type == A.ASTType.Rule for b in _signatures(stm.body)}
        kept = {i for _, i in _cone([("step", i, stm, heads, body) for i, stm, heads, body in alive], roots)}
    else:
        kept = {i for i, _, _, _ in alive}
    out = tuple(stm for i, stm in enumerate(tr.step) if stm.ast_type != A.ASTType.Rule or i in kept)
    if len(_SPECIALIZED) >= _MAX_SPECIALIZED:  # a long-lived process answering many kinds of state
        _SPECIALIZED.clear()
        _READS.clear()
    _SPECIALIZED[key] = out
    return out


_READS: dict = {}


def signatures_read(tr: Transition, step: tuple[A.AST, ...]) -> frozenset[Signature]:
    """Every predicate an atom of the statements ``step`` or of the schedule names (head or body: a
    superset of what they read), cached per ``step`` tuple: the static atoms a step needs as facts."""
    key = id(step)
    if key not in _READS:
        stms = [s for s in step + tr.schedule if s.ast_type == A.ASTType.Rule]
        _READS[key] = (step, frozenset(_signatures(stms)))  # the tuple itself is kept: ids stay unique
    return _READS[key][1]


def answers_program(lifted, transition: Transition) -> Transition:
    """The whole lifted program (``lifted``: a :class:`pyrules.timeline.lifting.LiftedProgram`) as a
    :class:`Transition` whose step :func:`specialized_step` can narrow with ``to_roots=False``: the
    answers of one time (every shown atom) from only the rules that can fire then. ``transition``
    gives what the schedule defines and what a step reads of the time before (the same program's).
    Cached per ``lifted``."""
    key = ("answers", id(lifted))
    if key not in _ANSWERS:
        _ANSWERS[key] = Transition(lifted.base, lifted.schedule, lifted.step, transition.scheduled,
                                   frozenset(), transition.previous, 0, 0)
    return _ANSWERS[key]


_ANSWERS: dict = {}


# ---------------------------------------------------------------------------------------------
# The step narrowed by the atoms at hand.
#
# The specialization above knows only the schedule's shapes and which predicates have atoms. Once a
# step's facts are known (the state at t, the static atoms, the schedule atoms of t-1), a rule whose
# positive body atom no fact and no rule left can give — no ``holds(grants_keyword(..), t)`` when no
# effect grants a keyword — cannot fire either. Atoms are compared by the head of each argument (a
# function's name and arity, or a number or string), position by position: an over-approximation
# (facts' positions are not compared with each other; a variable matches anything), so a dropped
# rule is one gringo would instantiate to nothing, and the answers do not change. It takes the
# grounder less time to skip them: each rule costs it about a tenth of a millisecond even when its
# body matches nothing.

def _arg_key(sym: clingo.Symbol):
    if sym.type == clingo.SymbolType.Function:
        return ("f", sym.name, len(sym.arguments))
    return ("c", sym)


def _pattern_key(p: tuple):
    """The head of a pattern of :func:`_pattern`, or None (it may be anything)."""
    if p is _ANY_TERM or p[0] == "any":
        return None
    return p if p[0] == "c" else ("f", p[1], len(p[2]))


def fluent_index(fluents: Iterable[clingo.Symbol], now: clingo.Symbol, memo: dict) -> dict:
    """The :class:`ArgumentIndex` sets of the atoms ``holds(F, now)`` for each ``F`` of ``fluents``
    (``memo``: each fluent's head, kept by the caller across steps)."""
    heads = set()
    for f in fluents:
        k = memo.get(f)
        if k is None:
            k = memo[f] = _arg_key(f)
        heads.add(k)
    return {("holds", 2): (heads, {("c", now)})} if heads else {}


class ArgumentIndex:
    """Per predicate, the heads of its atoms' arguments at each position (``("f", name, arity)`` or
    ``("c", number or string)``), built for a predicate when first asked (``get``), from
    ``by_signature``: a mapping of predicates ``(name, arity)`` to their atoms (clingo symbols)."""

    def __init__(self, by_signature: dict[Signature, list[clingo.Symbol]]):
        self._atoms = by_signature
        self._sets: dict[Signature, tuple[set, ...] | None] = {}

    def get(self, sig: Signature):
        """The per-position sets of ``sig``'s atoms, or None when it has none."""
        if sig not in self._sets:
            atoms = self._atoms.get(sig)
            sets = None
            if atoms:
                sets = tuple(set() for _ in range(sig[1]))
                for sym in atoms:
                    for k, a in enumerate(sym.arguments):
                        sets[k].add(_arg_key(a))
            self._sets[sig] = sets
        return self._sets[sig]


_NARROW_INFO: dict = {}


def _narrow_info(tr: Transition) -> dict:
    """Per rule of ``tr.step`` (by ``id``): its heads ``(sig, keys)`` and positive body atoms
    ``(sig, keys)``, with ``keys`` each argument's head or None. Cached per transition program."""
    if id(tr) not in _NARROW_INFO:
        info = {}
        for _, stm, _, _, heads, body in _rule_patterns(tr):
            info[id(stm)] = (
                tuple((sig, None if p is _ANY_TERM else tuple(_pattern_key(a) for a in p[2])) for sig, p in heads),
                tuple((sig, tuple(_pattern_key(a) for a in p[2])) for sig, p, _ in body))
        _NARROW_INFO[id(tr)] = (tr, info)
    return _NARROW_INFO[id(tr)][1]


def _externals(stms) -> set[Signature]:
    return {(stm.atom.symbol.name, len(stm.atom.symbol.arguments)) for stm in stms
            if stm.ast_type == A.ASTType.External and stm.atom.symbol.ast_type == A.ASTType.Function}


_NARROW_STEPS: dict = {}
_NARROWED: dict = {}


def _narrow_step_info(tr: Transition, step: tuple[A.AST, ...]) -> tuple:
    """``(requirements, rules, others)`` of a specialized step, cached per ``step`` tuple (kept, so
    ids stay unique): the distinct positive body atoms ``(sig, keys)`` of its rules that are not of
    a predicate taken as holding anything (the schedule's, ``#external`` ones); the rules as
    ``(i, heads, needs)``, ``needs`` the indexes of their body atoms in ``requirements``; and the
    indexes of the statements that are not rules."""
    key = id(step)
    if key not in _NARROW_STEPS:
        if len(_NARROW_STEPS) >= _MAX_SPECIALIZED:
            _NARROW_STEPS.clear()
            _NARROWED.clear()
        info = _narrow_info(tr)
        kinds = [stm.ast_type for stm in step]
        wild = tr.scheduled | _externals(tr.base) | _externals(step)
        requirements: dict[tuple, int] = {}
        rules = []
        for i, (stm, kind) in enumerate(zip(step, kinds)):
            if kind == A.ASTType.Rule:
                heads, body = info[id(stm)]
                needs = tuple(sorted({requirements.setdefault(b, len(requirements)) for b in body if b[0] not in wild}))
                rules.append((i, heads, needs))
        others = tuple(i for i, kind in enumerate(kinds) if kind != A.ASTType.Rule)
        _NARROW_STEPS[key] = (step, tuple(requirements), tuple(rules), others)
    return _NARROW_STEPS[key][1:]


def _matches(keys, h) -> bool:
    return h is None or all(a is None or b is None or a == b for a, b in zip(keys, h))


def narrowed_step(tr: Transition, step: tuple[A.AST, ...], facts: tuple) -> tuple[A.AST, ...]:
    """The statements of ``step`` (a :func:`specialized_step` of ``tr``) but the rules that cannot
    fire when the step's facts are those of ``facts`` (:class:`ArgumentIndex` objects, or anything
    with their ``get``; a superset of the facts is safe, it only keeps more rules): the rules kept
    are those whose positive body atoms each match a fact or the head of a rule kept, by forward
    chaining from the facts (a least fixpoint: rules that could only feed each other are dropped
    too). The predicates the schedule defines and ``#external`` atoms are taken as holding anything.
    Cached per (``step``, which of its body atoms the facts give)."""
    requirements, rules, others = _narrow_step_info(tr, step)

    def in_facts(sig, keys) -> bool:
        for index in facts:
            sets = index.get(sig)
            if sets is not None and all(k is None or k in s for k, s in zip(keys, sets)):
                return True
        return False

    given = frozenset(n for n, (sig, keys) in enumerate(requirements) if in_facts(sig, keys))
    key = (id(step), given)
    if key in _NARROWED:
        return _NARROWED[key]
    heads_of: dict[Signature, list] = {}
    alive: list[int] = []
    changed: set[Signature] = set()
    waiting: dict[Signature, list[int]] = {}
    remaining: dict[int, tuple] = {}

    def keep(i, heads):
        alive.append(i)
        for sig, keys in heads:
            heads_of.setdefault(sig, []).append(keys)
            changed.add(sig)

    for n, (i, heads, needs) in enumerate(rules):
        needs = [requirements[r] for r in needs if r not in given]  # only rules' heads can give these
        if not needs:
            keep(i, heads)
        else:
            remaining[n] = (i, heads, needs)
            for sig, _ in needs:
                waiting.setdefault(sig, []).append(n)
    while changed:
        candidates = {n for sig in changed for n in waiting.get(sig, ()) if n in remaining}
        changed = set()
        for n in sorted(candidates):
            i, heads, needs = remaining[n]
            if all(any(_matches(keys, h) for h in heads_of.get(sig, ())) for sig, keys in needs):
                del remaining[n]
                keep(i, heads)
    out = tuple(step[i] for i in sorted(alive + list(others)))
    _NARROWED[key] = out
    return out
