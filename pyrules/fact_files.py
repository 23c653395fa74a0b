"""Read a user's ASP fact file safely (CR-independent glue for ``pyrules solve``).

The file is parsed with clingo's own parser (:func:`clingo.ast.parse_string`); the checked
statements, not the raw text, are what gets grounded. Refused unless ``allow_scripts`` is set:
``#script`` blocks, statements pulled in by ``#include`` (any statement located in another file),
and external function calls (``@f(...)``), which would run embedded code.
"""

from __future__ import annotations

from pathlib import Path

from functools import lru_cache

import clingo
from clingo import ast
from lark.exceptions import UnexpectedInput

from pyrules.errors import FactFileError
from pyrules.parser.grammar import lalr_parser


def _external_call(node: ast.AST) -> ast.AST | None:
    """First ``@function`` term inside ``node``, or None."""
    found: list[ast.AST] = []

    class _Finder(ast.Transformer):
        def visit_SymbolicTerm(self, term):  # noqa: N802 (clingo visitor naming)
            return term

        def visit_ExternalFunction(self, term):  # noqa: N802 — ASTType name in older clingo
            found.append(term)
            return term

        def visit_Function(self, term):  # noqa: N802
            if getattr(term, "external", 0):
                found.append(term)
            return term.update(**self.visit_children(term))

    _Finder()(node)
    return found[0] if found else None


def read_fact_file(path: str | Path, allow_scripts: bool = False) -> list[ast.AST]:
    """Parse ``path`` into clingo AST statements after the safety checks above.

    Raises:
        FactFileError: unreadable file, syntax error, or a refused construct — with file, line
            and column, and what to do.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise FactFileError(f"cannot read fact file: {err}", str(path)) from None
    return parse_fact_text(text, str(path), allow_scripts)


def _prescan(text: str, label: str) -> None:
    """Refuse ``#include`` and ``#script`` before clingo opens or runs anything (grammar
    ``asp_directives.lark``: the directives outside comments and strings)."""
    try:
        tokens = lalr_parser("asp_directives").lex(text)
        for token in tokens:
            if token.type in ("INCLUDE", "SCRIPT"):
                what = "#include refused: fact files may not read other files (name them on the command line)" \
                    if token.type == "INCLUDE" else "#script refused: fact files may not run embedded code"
                raise FactFileError(f"{what} (pass --allow-scripts to allow it)", label, token.line, token.column)
    except UnexpectedInput:
        return  # clingo's parser reports the syntax error with its location


def _term_signatures(term: ast.AST) -> list[tuple[str, int]]:
    """Predicate signatures an atom's term stands for: ``p(X)`` -> p/1; a pool ``p(1);q(2)`` each
    alternative; a classical negation ``-p(X)`` p/1 (checked like the positive atom)."""
    kind = term.ast_type
    if kind == ast.ASTType.Function:
        return [(term.name, len(term.arguments))]
    if kind == ast.ASTType.Pool:
        return [sig for t in term.arguments for sig in _term_signatures(t)]
    if kind == ast.ASTType.UnaryOperation:
        return _term_signatures(term.argument)
    if kind == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
        return [(term.symbol.name, len(term.symbol.arguments))]
    return []


def _literal_signatures(literal: ast.AST) -> list[tuple[str, int]]:
    """Signatures a (head) literal makes true: its symbolic or theory atom's predicate."""
    if literal is None or literal.ast_type != ast.ASTType.Literal:
        return []
    atom = literal.atom
    if atom.ast_type == ast.ASTType.SymbolicAtom:
        return _term_signatures(atom.symbol)
    return []


def asserted_signatures(stm: ast.AST) -> list[tuple[tuple[str, int], ast.AST]]:
    """Every (predicate signature, AST node) that statement ``stm`` could make true or put in the
    output: a rule head in any form (literal, disjunction, choice or aggregate elements, head
    aggregate elements, a theory atom's name), an ``#external`` atom (``[true]`` makes it true),
    a ``#show`` term. Conditions (after ``:``) and bodies are read, not asserted: not included."""
    kind = stm.ast_type
    out: list[tuple[tuple[str, int], ast.AST]] = []
    if kind == ast.ASTType.Rule:
        head = stm.head
        htype = head.ast_type
        if htype == ast.ASTType.Literal:
            out += [(sig, head) for sig in _literal_signatures(head)]
        elif htype in (ast.ASTType.Disjunction, ast.ASTType.Aggregate):
            for element in head.elements:  # ConditionalLiteral
                out += [(sig, element) for sig in _literal_signatures(element.literal)]
        elif htype == ast.ASTType.HeadAggregate:
            for element in head.elements:  # HeadAggregateElement: terms : literal : condition
                out += [(sig, element.condition.literal) for sig in _literal_signatures(element.condition.literal)]
        elif htype == ast.ASTType.TheoryAtom:
            out += [(sig, head) for sig in _term_signatures(head.term)]
    elif kind == ast.ASTType.External:
        out += [(sig, stm) for sig in _term_signatures(stm.atom.symbol)]
    elif kind == ast.ASTType.ShowTerm:
        out += [(sig, stm) for sig in _term_signatures(stm.term)]
    return out


def _read_signatures(stm: ast.AST) -> set[tuple[str, int]]:
    """Signatures of every symbolic atom anywhere in ``stm`` (heads, bodies, conditions)."""
    found: set[tuple[str, int]] = set()

    class _Atoms(ast.Transformer):
        def visit_SymbolicAtom(self, atom):  # noqa: N802 (clingo visitor naming)
            found.update(_term_signatures(atom.symbol))
            return atom

    _Atoms()(stm)
    return found


@lru_cache(maxsize=1)
def _rule_base_predicates() -> tuple[frozenset, frozenset, frozenset]:
    """(predicates the rule base derives, predicates it declares as inputs with ``#defined``,
    every predicate it names anywhere)."""
    from pyrules.solver import rule_files

    derived: set[tuple[str, int]] = set()
    inputs: set[tuple[str, int]] = set()
    named: set[tuple[str, int]] = set()

    def visit(stm: ast.AST) -> None:
        if stm.ast_type == ast.ASTType.Defined:
            inputs.add((stm.name, stm.arity))
        elif stm.ast_type in (ast.ASTType.Rule, ast.ASTType.External):
            derived.update(sig for sig, _ in asserted_signatures(stm))
        named.update(_read_signatures(stm))

    for _, text in rule_files():
        ast.parse_string(text, visit)
    return frozenset(derived), frozenset(inputs), frozenset(named | inputs | derived)


def _check_heads(statements: list[ast.AST], label: str) -> None:
    """Refuse facts, rules, ``#external`` declarations and ``#show`` terms for predicates the rule
    base derives (its answers), unless they are declared inputs: an answer asserted by hand would
    come back with a citation nothing derived. Every head form counts (:func:`asserted_signatures`:
    choice rules, disjunctions, aggregates, conditional literals, theory atoms)."""
    derived, inputs, _ = _rule_base_predicates()
    for stm in statements:
        for sig, node in asserted_signatures(stm):
            if sig in derived and sig not in inputs:
                where = node.location.begin
                raise FactFileError(f"{sig[0]}/{sig[1]} is derived by the rule base, not an input: state facts "
                                    "only (the inputs are listed in rules_asp/schema.lp; `pyrules schema` "
                                    "prints it)", label, where.line, where.column)


def unknown_predicate_warnings(files: list[tuple[str, list[ast.AST]]]) -> list[str]:
    """Warnings for predicates that fact files assert but nothing reads: neither an input of the
    rule base (``#defined`` in rules_asp/schema.lp) nor any predicate the rule base names, nor a
    predicate the fact files themselves read in a body or condition (a user's auxiliary
    predicate). Such a fact has no effect on any answer: usually a misspelt name
    (``playr(alice)``) or a wrong arity (``player(alice, bob)``).

    Args:
        files: (file label, its statements from :func:`read_fact_file`) per file.

    Returns:
        One line per unknown signature (first occurrence): ``file:line:column: warning: ...``
        naming the arities the rule base knows for that name, or the closest known name.
    """
    import difflib

    _, inputs, named = _rule_base_predicates()
    known = named | inputs
    read: set[tuple[str, int]] = set()
    for _, statements in files:
        for stm in statements:
            if stm.ast_type == ast.ASTType.Rule:
                read |= _read_signatures(stm) - {sig for sig, _ in asserted_signatures(stm)}
            elif stm.ast_type == ast.ASTType.ShowSignature:  # shown on purpose: the user reads it
                read.add((stm.name, stm.arity))
    arities: dict[str, list[int]] = {}
    for name, arity in known:
        arities.setdefault(name, []).append(arity)
    out: list[str] = []
    seen: set[tuple[str, int]] = set()
    for label, statements in files:
        for stm in statements:
            if stm.ast_type not in (ast.ASTType.Rule, ast.ASTType.External):
                continue
            for sig, node in asserted_signatures(stm):
                if sig in known or sig in read or sig in seen:
                    continue
                seen.add(sig)
                name, arity = sig
                if name in arities:
                    hint = "the rule base knows " + ", ".join(f"{name}/{a}" for a in sorted(arities[name]))
                else:
                    close = difflib.get_close_matches(name, list(arities), n=1)
                    hint = "did you mean " + " or ".join(f"{close[0]}/{a}" for a in sorted(arities[close[0]])) + "?" \
                        if close else \
                        "no such input (rules_asp/schema.lp; `pyrules schema` prints it)"
                where = node.location.begin
                out.append(f"{label}:{where.line}:{where.column}: warning: {name}/{arity} is read by no rule "
                           f"(it has no effect): {hint}")
    return out


def parse_fact_text(text: str, label: str, allow_scripts: bool = False) -> list[ast.AST]:
    """Like :func:`read_fact_file` for text already in memory; ``label`` names it in errors."""
    if not allow_scripts:
        _prescan(text, label)
    statements: list[ast.AST] = []
    messages: list[str] = []
    try:
        ast.parse_string(text, statements.append, logger=lambda code, msg: messages.append(msg),
                         message_limit=5)
    except RuntimeError:
        msg = next((m for m in messages if "error" in m), "syntax error")
        line = col = None
        loc, _, rest = msg.partition(": error: ")
        bits = loc.split(":")
        if len(bits) >= 3 and bits[-2].isdigit():
            line, col = int(bits[-2]), int(bits[-1].split("-")[0])
            msg = rest.splitlines()[0] if rest else msg
        raise FactFileError(f"ASP syntax error: {msg.strip()}", label, line, col) from None
    _check_heads(statements, label)
    if allow_scripts:
        return statements
    for stm in statements:
        begin = stm.location.begin
        if stm.ast_type == ast.ASTType.Script:
            raise FactFileError("#script refused: fact files may not run embedded code "
                                "(pass --allow-scripts to run it anyway)", label, begin.line, begin.column)
        if begin.filename not in ("<string>", label):
            raise FactFileError(f"#include refused: statement from {begin.filename} "
                                "(name that file on the command line instead, or pass --allow-scripts)",
                                label, None, None)
        call = _external_call(stm)
        if call is not None:
            where = call.location.begin
            raise FactFileError("external function call (@...) refused: it would run script code "
                                "(pass --allow-scripts to allow it)", label, where.line, where.column)
    return statements
