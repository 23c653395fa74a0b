"""A step's citation rules grounded after the rest, only those whose cited change happened.

About 40% of a step's rules (after :func:`pyrules.timeline.pattern_cone.pattern_cone`) derive only
``cites/3`` (``cites(begins(pending_trigger(X, P)), "603.2e", t+1) :- begins(pending_trigger(X, P),
t+1), triggered(X, ...), ...``), and at a given step nearly all of them derive nothing: no trigger
was put on the stack, no event refused. No other rule of a step reads ``cites/3``, so they are a top
layer: :func:`split_step` sets them apart, the run grounds the rest first, and
:func:`firing_citations` keeps of the layer the rules whose every positive body atom of a change or
a refusal (``begins/2``, ``ends/2``, ``event_refused/3``) matches an atom the grounder has (by each
argument's head: a function's name and arity, or a constant; ``pyrules.timeline.slicing``'s
``narrowed_step`` compares facts so). Those are grounded in a second part of the same solver. A rule
left out is one the grounder would instantiate to nothing (an over-approximation: an atom that is
there but false only keeps more), so the shown atoms are those of one grounding of the whole step.
gringo spends about a tenth of a millisecond preparing each rule, fired or not.
"""

from __future__ import annotations

import clingo
import clingo.ast as A

from pyrules.timeline.lifting import _atoms
from pyrules.timeline.slicing import (_ANY_TERM, _arg_key, _head_and_body, _matches, _pattern, _pattern_key,
                                      _unify)

Signature = tuple[str, int]

#: The predicates of the changes and refusals a citation names; the grounder's atoms of these are
#: read after the first part of a step.
CITED_CHANGES: tuple[Signature, ...] = (("begins", 2), ("ends", 2), ("event_refused", 3))
_CITES = ("cites", 3)

_SPLITS: dict = {}
_FIRING: dict = {}
_MAX = 512


def _requirements(stm: A.AST) -> tuple:
    """The positive body atoms of ``stm`` of a :data:`CITED_CHANGES` predicate, as ``(sig, keys)``
    (``keys``: each argument's head, or None for anything)."""
    out = []
    for lit in stm.body:
        if (lit.ast_type == A.ASTType.Literal and lit.sign == A.Sign.NoSign
                and lit.atom.ast_type == A.ASTType.SymbolicAtom):
            term = lit.atom.symbol
            if term.ast_type == A.ASTType.Function and not term.external:
                sig = (term.name, len(term.arguments))
                if sig in CITED_CHANGES:
                    out.append((sig, tuple(_pattern_key(_pattern(a)) for a in term.arguments)))
    return tuple(out)


def split_step(step: tuple[A.AST, ...]) -> tuple[tuple[A.AST, ...], tuple]:
    """``(first, layer)``: the statements of ``step`` to ground first, and the citation rules of a
    change or a refusal as ``(rule, requirements)`` (:func:`_requirements`) to choose from after.
    A citation rule whose head could be an atom a rule of ``first`` derives stays in ``first`` (an
    atom is defined in one part only); ``layer`` is empty (all in ``first``) when a rule that is
    not a citation rule reads ``cites/3``. Cached per ``step`` tuple (kept, so that its id stays
    unique)."""
    key = id(step)
    if key in _SPLITS:
        return _SPLITS[key][1]
    first: list = []
    layer: list = []
    whole = False
    for stm in step:
        if stm.ast_type == A.ASTType.Rule:
            heads, body = _head_and_body(stm)
            if heads == {_CITES}:
                found: list = []
                _atoms(stm.head, found)
                requirements = _requirements(stm)
                if requirements and len(found) == 1 and found[0].symbol.ast_type == A.ASTType.Function:
                    layer.append((stm, requirements, _pattern(found[0].symbol)))
                    continue
            elif _CITES in body:
                whole = True
        first.append(stm)
    # the citations the first part can derive: a layer rule that could derive one of them stays there
    derived = []
    for stm in first:
        if stm.ast_type == A.ASTType.Rule and _CITES in _head_and_body(stm)[0]:
            found = []
            _atoms(stm.head, found)
            derived += [_pattern(a.symbol) if a.symbol.ast_type == A.ASTType.Function else _ANY_TERM
                        for a in found]
    moved = [stm for stm, _, head in layer if any(_unify(head, d) for d in derived)]
    if moved:
        keep = {id(stm) for stm in moved}
        first = [stm for stm in step if id(stm) in keep or any(stm is f for f in first)]
        layer = [item for item in layer if id(item[0]) not in keep]
    out = (step, ()) if whole or not layer else (tuple(first), tuple((stm, r) for stm, r, _ in layer))
    if len(_SPLITS) >= _MAX:
        _SPLITS.clear()
        _FIRING.clear()
    _SPLITS[key] = (step, out)
    return out


def firing_citations(step: tuple[A.AST, ...], layer: tuple, atoms: clingo.SymbolicAtoms) -> tuple[A.AST, ...]:
    """The rules of ``layer`` (:func:`split_step` of ``step``) whose every change or refusal read
    matches an atom of ``atoms`` (the solver's, after grounding the first part). Cached per
    (``step``, the heads of those atoms)."""
    present = {}
    for sig in CITED_CHANGES:
        keys = {tuple(_arg_key(a) for a in s.symbol.arguments) for s in atoms.by_signature(*sig)}
        if keys:
            present[sig] = frozenset(keys)
    key = (id(step), frozenset(present.items()))
    if key in _FIRING:
        return _FIRING[key]
    out = tuple(stm for stm, requirements in layer
                if all(any(_matches(keys, h) for h in present.get(sig, ())) for sig, keys in requirements))
    _FIRING[key] = out
    return out
