"""Read a user's ASP fact file safely (CR-independent glue for ``pyrules solve``).

The file is parsed with clingo's own parser (:func:`clingo.ast.parse_string`); the checked
statements, not the raw text, are what gets grounded. Refused unless ``allow_scripts`` is set:
``#script`` blocks, statements pulled in by ``#include`` (any statement located in another file),
and external function calls (``@f(...)``), which would run embedded code.
"""

from __future__ import annotations

from pathlib import Path

from functools import lru_cache

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


@lru_cache(maxsize=1)
def _rule_base_predicates() -> tuple[frozenset, frozenset]:
    """(predicates the rule base derives, predicates it declares as inputs with ``#defined``)."""
    from pyrules.solver import rule_files

    derived: set[tuple[str, int]] = set()
    inputs: set[tuple[str, int]] = set()

    def visit(stm: ast.AST) -> None:
        if stm.ast_type == ast.ASTType.Defined:
            inputs.add((stm.name, stm.arity))
        elif stm.ast_type == ast.ASTType.Rule:
            head = stm.head
            atoms = [head.atom] if head.ast_type == ast.ASTType.Literal else \
                [e.literal.atom for e in getattr(head, "elements", []) if hasattr(e, "literal")]
            for atom in atoms:
                if atom.ast_type == ast.ASTType.SymbolicAtom and atom.symbol.ast_type == ast.ASTType.Function:
                    derived.add((atom.symbol.name, len(atom.symbol.arguments)))

    for _, text in rule_files():
        ast.parse_string(text, visit)
    return frozenset(derived), frozenset(inputs)


def _check_heads(statements: list[ast.AST], label: str) -> None:
    """Refuse facts or rules for predicates the rule base derives (its answers), unless they are
    declared inputs: an answer asserted by hand would come back with a citation nothing derived."""
    derived, inputs = _rule_base_predicates()
    for stm in statements:
        if stm.ast_type != ast.ASTType.Rule or stm.head.ast_type != ast.ASTType.Literal:
            continue
        atom = stm.head.atom
        if atom.ast_type != ast.ASTType.SymbolicAtom or atom.symbol.ast_type != ast.ASTType.Function:
            continue
        sig = (atom.symbol.name, len(atom.symbol.arguments))
        if sig in derived and sig not in inputs:
            where = stm.location.begin
            raise FactFileError(f"{sig[0]}/{sig[1]} is derived by the rule base, not an input: state facts only "
                                "(the inputs are listed in rules_asp/schema.lp; `pyrules schema` prints it)",
                                label, where.line, where.column)


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
