"""Rules of the rule base that cannot fire for a query, left out before grounding.

A rule with a positive body literal ``p(...)`` (at the top level of its body) fires only if some
``p`` atom can be true. When no fact of the query has predicate ``p`` and no rule that is kept can
derive one, the rule grounds to nothing: leaving it out changes no answer, and saves the grounder
the work of instantiating it (every rule costs each query time, fired or not: on
``tests/benchmarks/bench_casting.py``'s state a fifth of the rules can't fire, and grounding takes a
fifth less time). The rules are dropped to a fixpoint (a rule whose only supplier was dropped goes
too), and each predicate whose every defining rule was dropped gets a ``#defined`` statement, so
clingo reports nothing it would not have reported for the whole program.
"""

from __future__ import annotations

import re
from typing import Iterable, Sequence

import clingo
from clingo import ast

from pyrules.inputs.fact_files import asserted_signatures

Signature = tuple[str, int]


def _heads(stm: ast.AST) -> frozenset[Signature]:
    """What a rule or ``#external`` statement can make true (``#show`` terms are not truths)."""
    if stm.ast_type not in (ast.ASTType.Rule, ast.ASTType.External):
        return frozenset()
    if stm.ast_type == ast.ASTType.Rule:  # the common head, read directly (the general walk is slow)
        head = stm.head
        if head.ast_type == ast.ASTType.Literal and head.atom.ast_type == ast.ASTType.SymbolicAtom \
                and head.atom.symbol.ast_type == ast.ASTType.Function:
            return frozenset({(head.atom.symbol.name, len(head.atom.symbol.arguments))})
        if head.ast_type == ast.ASTType.Literal and head.atom.ast_type == ast.ASTType.BooleanConstant:
            return frozenset()
    return frozenset(sig for sig, _ in asserted_signatures(stm))


def _positive_body(stm: ast.AST) -> frozenset[Signature]:
    """Signatures of the rule's top-level positive body literals over plain predicates (conditional
    literals, aggregates, comparisons, pools and negated literals are not looked at)."""
    if stm.ast_type != ast.ASTType.Rule:
        return frozenset()
    out = set()
    for lit in stm.body:
        if lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign \
                and lit.atom.ast_type == ast.ASTType.SymbolicAtom:
            sym = lit.atom.symbol
            if sym.ast_type == ast.ASTType.Function and not sym.external:
                out.add((sym.name, len(sym.arguments)))
    return frozenset(out)


def signatures_of(symbols: Iterable[clingo.Symbol]) -> frozenset[Signature]:
    """The predicate signatures of fact symbols (functions; other symbols are no atoms)."""
    return frozenset((s.name, len(s.arguments)) for s in symbols if s.type == clingo.SymbolType.Function)


def heads_of(statements: Iterable[ast.AST]) -> frozenset[Signature]:
    """Every signature the statements can make true (their rule heads and externals)."""
    out: set[Signature] = set()
    for stm in statements:
        out |= _heads(stm)
    return frozenset(out)


def program_heads(text: str) -> frozenset[Signature]:
    """:func:`heads_of` for fixed program text (parsed by clingo's parser; text that does not parse
    is refused by clingo when it is added, before this is asked)."""
    found: list[ast.AST] = []
    ast.parse_string(text, found.append)
    return heads_of(found)


_CACHE: dict[tuple[int, frozenset[Signature]], tuple[Sequence[ast.AST], tuple[ast.AST, ...]]] = {}


def pruned(statements: Sequence[ast.AST], present: frozenset[Signature]) -> tuple[ast.AST, ...]:
    """``statements`` (a rule base) without the rules that cannot fire when only the predicates
    ``present`` (of the query's facts and of its other statements) and what the kept rules derive
    can be true; plus ``#defined`` for each predicate no kept rule defines any more. Kept per
    statement sequence (by identity: the once-parsed rule base) and predicate set, a few at a time."""
    key = (id(statements), present)
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is statements:
        return hit[1]
    out = _pruned(statements)(present)
    if len(_CACHE) >= 16:
        _CACHE.clear()
    _CACHE[key] = (statements, out)
    return out


def _pruned(statements: Sequence[ast.AST]):
    index = _index(statements)
    return lambda present: _prune(statements, index, present)


def _prune(statements, index, present: frozenset[Signature]) -> tuple[ast.AST, ...]:
    kept = [i for i, (_, body) in enumerate(index) if body is not None]
    while True:
        available = present | frozenset().union(*(index[i][0] for i in kept))
        still = [i for i in kept if index[i][1] <= available]
        if len(still) == len(kept):
            break
        kept = still
    keep = set(kept)
    out = [stm for i, stm in enumerate(statements) if index[i][1] is None or i in keep]
    defined_before = frozenset().union(*(h for h, b in index if b is not None))
    defined_now = frozenset().union(*(index[i][0] for i in kept))
    location = ast.Location(ast.Position("<pruned>", 1, 1), ast.Position("<pruned>", 1, 1))
    for name, arity in sorted(defined_before - defined_now - present):
        out.append(ast.Defined(location, name, arity, True))
    return tuple(out)


_INDEX: dict[int, tuple[Sequence[ast.AST], tuple]] = {}

_NAME = re.compile(r"[a-z_][A-Za-z0-9_']*")


def _top_level(text: str, sep: str) -> list[str]:
    """``text`` split at ``sep`` outside parentheses, braces, brackets and strings."""
    parts, depth, start, i, n = [], 0, 0, 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i])
            start = i + len(sep)
            i = start
            continue
        i += 1
    parts.append(text[start:])
    return parts


def _signature(literal: str) -> Signature | None:
    """The signature of ``literal`` if it is one plain positive atom as printed (a name, then
    arguments in one balanced pair of parentheses; no pool), else None."""
    literal = literal.strip()
    m = _NAME.match(literal)
    if m is None:
        return None
    name, rest = m.group(), literal[m.end():]
    if not rest:
        return (name, 0)
    if rest[0] != "(" or rest[-1] != ")":
        return None
    args = rest[1:-1]
    depth, i, n = 0, 0, len(args)
    while i < n:  # balanced, never closed before the end, no pool (";")
        c = args[i]
        if c == '"':
            i += 1
            while i < n and args[i] != '"':
                i += 2 if args[i] == "\\" else 1
            if i >= n:
                return None
        elif c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
            if depth < 0:
                return None
        elif c == ";":
            return None
        i += 1
    if depth != 0:
        return None
    return (name, len(_top_level(args, ",")))


def _text_index(stm: ast.AST) -> tuple[frozenset[Signature], frozenset[Signature]] | None:
    """(heads, positive body) of a rule read from its printed form (one call into clingo instead of
    one per node; the AST walk is the fallback for a head that is not one plain atom)."""
    text = str(stm)
    if not text.endswith("."):
        return None
    head, sep, body = text[:-1].partition(" :- ")
    head_sig = _signature(head)
    heads = frozenset({head_sig}) if head_sig else (frozenset() if head.strip() == "#false" else _heads(stm))
    signatures = (_signature(lit) for lit in _top_level(body, "; ")) if sep else ()
    return heads, frozenset(sig for sig in signatures if sig is not None)


def _index(statements: Sequence[ast.AST]) -> tuple[tuple[frozenset[Signature], frozenset[Signature] | None], ...]:
    """Per statement: (heads, positive body) for a rule or external; (frozenset(), None) for any
    other statement, which is always kept. Kept per statement sequence (by identity)."""
    hit = _INDEX.get(id(statements))
    if hit is not None and hit[0] is statements:
        return hit[1]
    index = tuple(_entry(s) for s in statements)
    if len(_INDEX) >= 4:
        _INDEX.clear()
    _INDEX[id(statements)] = (statements, index)
    return index


def _entry(stm: ast.AST) -> tuple[frozenset[Signature], frozenset[Signature] | None]:
    kind = stm.ast_type
    if kind == ast.ASTType.Rule:
        found = _text_index(stm)
        return found if found is not None else (_heads(stm), _positive_body(stm))
    if kind == ast.ASTType.External:
        return _heads(stm), frozenset()
    return frozenset(), None


def ast_index(statements: Sequence[ast.AST]) -> tuple:
    """The index of :func:`_index` computed from the AST nodes only (slow; tests compare the two)."""
    return tuple((_heads(s), _positive_body(s)) if s.ast_type in (ast.ASTType.Rule, ast.ASTType.External)
                 else (frozenset(), None) for s in statements)
