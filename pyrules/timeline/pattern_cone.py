"""A step's rules sliced to the roots by the *shape* of the atoms read, not only their predicate.

:func:`pyrules.timeline.slicing.specialized_step` keeps, from the roots back, every rule that
derives a *predicate* some kept rule reads. A predicate is often read at one shape only:
``characteristic_face(O, now, F, t)`` by the state-based actions and the triggers of a check, while
``characteristic_face(O, face(F), F, t) :- view(O, face(F), t).`` derives the faces a player may
cast (601.3e); by predicate, that rule and the casting permissions it reads (``view/3``,
``allows_cast/7``, ``flash_permission/3`` ...) are kept at every step, though no kept rule can read
an atom they derive.

:func:`pattern_cone` keeps a rule only if one of its head atoms *unifies* with an atom a kept rule
reads (positive, negated, or in an aggregate or a condition) or with a root, to a fixpoint from the
roots; what the rule reads is then needed with the head's variables bound as that atom binds them
(``view_card_type(O, W, T, t) :- characteristic_face(O, W, F, t), ...`` kept for
``view_card_type(O, now, T, t)`` needs ``characteristic_face(O, now, F, t)`` only); rules without a
head (integrity constraints) are always kept. Atoms are compared by a function's name, arity and
arguments (a variable bound twice, ``_``, the time ``t``, arithmetic, a pool or a term deeper than
:data:`_MAX_DEPTH` may be anything): an over-approximation, so a rule left out is one no kept rule
and no root can read an atom of, and the atoms of the roots do not change (test_timeline_narrowing,
test_timeline's and test_timeline_triggers' comparisons with the whole program).
It takes the grounder time to set up every rule, fired or not (about a tenth of a millisecond
each), so each rule left out is time saved at every step it would have been grounded in.
"""

from __future__ import annotations

import clingo
import clingo.ast as A

from pyrules.timeline.lifting import _atoms, _signatures
from pyrules.timeline.slicing import _ANY_TERM, _CITED_ROOTS, TRANSITION_ROOTS, Transition, _head_and_body, _pattern

Signature = tuple[str, int]


_VAR = "v"
#: Patterns deeper than this are cut to "anything" (so a recursive rule cannot grow them forever).
_MAX_DEPTH = 4


def _vpattern(term: A.AST) -> tuple:
    """A term as a pattern that keeps its variables: ``("v", name)``, else as
    :func:`pyrules.timeline.slicing._pattern` (``_`` and the time ``t`` may be anything)."""
    if term.ast_type == A.ASTType.Variable:
        return _ANY_TERM if term.name == "_" else (_VAR, term.name)
    if term.ast_type == A.ASTType.Function and not term.external and term.arguments \
            and not (term.name == "t" and not term.arguments):
        return ("f", term.name, tuple(_vpattern(a) for a in term.arguments))
    return _pattern(term)


def _atom_patterns(nodes) -> list[tuple[Signature, tuple]]:
    """``(sig, pattern)`` of every atom under ``nodes`` (a pool gives one per element)."""
    found: list = []
    for node in nodes:
        _atoms(node, found)
    out = []
    for atom in found:
        term = atom.symbol
        for term in (term.arguments if term.ast_type == A.ASTType.Pool else [term]):
            if term.ast_type == A.ASTType.Function and not term.external:
                out.append(((term.name, len(term.arguments)), _vpattern(term)))
            elif term.ast_type == A.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
                out.append(((term.symbol.name, len(term.symbol.arguments)), _pattern(term)))
    return out


def _rule_shapes(stm: A.AST) -> tuple[tuple, tuple, bool]:
    """``(heads, reads, plain)`` of a rule: its head atoms' and the atoms it reads' ``(sig,
    pattern)``. ``plain``: the head is one atom, whose variables' bindings carry to the body; else
    (an aggregate, a disjunction, a conditional literal) every atom of the head counts as read too
    (its conditions are read; counting its elements only keeps more) and no binding is carried."""
    head = stm.head
    plain = head.ast_type == A.ASTType.Literal and head.atom.ast_type == A.ASTType.SymbolicAtom
    heads = _atom_patterns([head])
    reads = _atom_patterns(list(stm.body) + ([] if plain else [head]))
    return tuple(heads), tuple(reads), plain


def _bind(h: tuple, n: tuple, binding: dict) -> bool:
    """Whether head pattern ``h`` (with variables) can stand for an atom of needed pattern ``n``
    (without); each variable of ``h`` is bound in ``binding`` to what ``n`` has there (bound twice
    to different patterns: to anything, an over-approximation)."""
    if h[0] == "any":
        return True
    if h[0] == _VAR:
        before = binding.get(h[1])
        binding[h[1]] = n if before is None or before == n else _ANY_TERM
        return True
    if n[0] == "any":
        _unbind(h, binding)
        return True
    if h[0] == "c" or n[0] == "c":
        return h == n
    return h[1] == n[1] and len(h[2]) == len(n[2]) and all(_bind(a, b, binding) for a, b in zip(h[2], n[2]))


def _unbind(p: tuple, binding: dict) -> None:
    """Bind every variable of ``p`` to anything."""
    if p[0] == _VAR:
        binding[p[1]] = _ANY_TERM
    elif p[0] == "f":
        for a in p[2]:
            _unbind(a, binding)


def _substitute(p: tuple, binding: dict, depth: int = 0) -> tuple:
    """``p`` with its variables replaced by their bindings (unbound: anything), cut at
    :data:`_MAX_DEPTH`."""
    if depth > _MAX_DEPTH or p[0] == "any":
        return _ANY_TERM
    if p[0] == _VAR:
        return _substitute(binding.get(p[1], _ANY_TERM), {}, depth)
    if p[0] == "f":
        return ("f", p[1], tuple(_substitute(a, binding, depth + 1) for a in p[2]))
    return p


def step_roots(tr: Transition) -> frozenset[Signature]:
    """What the run reads of a step (the roots :func:`pyrules.timeline.slicing.specialized_step`
    slices to): the transition's roots, what the next step reads of it (``tr.previous``), and
    every predicate the schedule reads."""
    return frozenset(set(TRANSITION_ROOTS) | tr.previous | {
        b for stm in tr.schedule if stm.ast_type == A.ASTType.Rule for b in _signatures(stm.body)})


#: The citations the steps print (:func:`pyrules.timeline.steps.timeline_from_symbols`): ``cites(X,
#: R, T)`` of an ``X`` named ``begins``, ``ends`` or ``event_refused`` (any arity up to 8).
_CITED_PATTERNS = tuple(("f", "cites", (("f", name, (_ANY_TERM,) * k), _ANY_TERM, _ANY_TERM))
                        for name in sorted(_CITED_ROOTS) for k in range(9))

_INFO: dict = {}
_CONES: dict = {}
_MAX_CONES = 512


def _shapes_of(tr: Transition, stm: A.AST):
    """:func:`_rule_shapes` of ``stm`` if it is a rule of ``tr.step`` (by ``id``), else None; computed
    on first use (a run's steps name a few hundred of the rules) and cached per ``tr``."""
    if id(tr) not in _INFO:
        _INFO[id(tr)] = (tr, {id(r) for r in tr.step if r.ast_type == A.ASTType.Rule}, {})
    _, rules, shapes = _INFO[id(tr)]
    if id(stm) not in rules:
        return None
    if id(stm) not in shapes:
        shapes[id(stm)] = _rule_shapes(stm)
    return shapes[id(stm)]


def pattern_cone(tr: Transition, step: tuple[A.AST, ...], roots: frozenset[Signature]) -> tuple[A.AST, ...]:
    """The statements of ``step`` (rules of ``tr.step``) but the rules none of whose head atoms
    unifies with an atom of ``roots`` (any atom of those predicates) or an atom a kept rule reads
    (with the bindings of the head atom it was kept for), to a fixpoint (module docstring).
    Statements that are not rules are kept. Cached per ``step`` tuple (and ``roots``), which the
    cache holds so that its ``id`` stays unique."""
    key = (id(step), roots)
    if key in _CONES:
        return _CONES[key][1]
    needed: dict[Signature, set] = {}
    queue: list[tuple[Signature, tuple]] = []
    kept: set[int] = set()
    by_head: dict[Signature, list[tuple[int, tuple, tuple, bool]]] = {}

    def need(sig: Signature, pattern: tuple) -> None:
        patterns = needed.setdefault(sig, set())
        if _ANY_TERM in patterns or pattern in patterns:
            return
        patterns.add(pattern)
        queue.append((sig, pattern))

    for sig in roots:
        need(sig, _ANY_TERM)
    for pattern in _CITED_PATTERNS:
        need(("cites", 3), pattern)
    for i, stm in enumerate(step):
        if stm.ast_type != A.ASTType.Rule:
            kept.add(i)
            continue
        shapes = _shapes_of(tr, stm)
        if shapes is None:  # not a rule of tr.step (never so for a specialized step): kept as it is
            found = _head_and_body(stm)
            kept.add(i)
            for sig in found[0] | found[1]:
                need(sig, _ANY_TERM)
            continue
        heads, reads, plain = shapes
        if not heads:
            kept.add(i)
            for sig, pattern in reads:
                need(sig, _substitute(pattern, {}))
            continue
        for sig, h in heads:
            by_head.setdefault(sig, []).append((i, h, reads, plain))
    while queue:
        sig, n = queue.pop()
        for i, h, reads, plain in by_head.get(sig, ()):
            binding: dict = {}
            if not _bind(h, n, binding):
                continue
            kept.add(i)
            if not plain:
                binding = {}
            for rsig, pattern in reads:
                need(rsig, _substitute(pattern, binding))
    out = tuple(stm for i, stm in enumerate(step) if i in kept)
    if len(_CONES) >= _MAX_CONES:
        _CONES.clear()
    _CONES[key] = (step, out)
    return out
