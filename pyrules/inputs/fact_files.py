"""Read a user's ASP fact file safely (CR-independent glue for ``pyrules solve``).

The file is read bounded (:mod:`pyrules.inputs.reading`: regular files only, at most 256 MiB, UTF-8,
no NUL) and parsed with clingo's own parser (:func:`clingo.ast.parse_string`); the checked
statements, not the raw text, are what gets grounded.

Before clingo sees the text, a lexical prescan (grammar ``asp_directives.lark``: code outside
comments and strings) refuses, with file:line:column:

* ``#include`` and ``#script`` (unless ``allow_scripts``);
* a character that is not ASCII outside strings and comments (clingo's parser would abort the
  whole process on an identifier such as ``plàyer``; strings and comments may hold any text);
* terms nested more than :data:`MAX_NESTING` brackets deep, or a statement with more than
  :data:`MAX_OPERATORS` operators (deep terms overflow the stacks of clingo and of Python).

After parsing, refused unless ``allow_scripts`` is set: statements pulled in by ``#include``
(any statement located in another file) and external function calls (``@f(...)``), which would
run embedded code. Refused always:

* a head (fact, rule, choice, disjunction, aggregate, theory atom), ``#external`` or ``#show``
  term for a predicate the rule base derives (its answers, with their ``cites``): an answer
  asserted by hand would come back with a citation nothing derived;
* a ``#show`` term whose predicate is not fixed by the text (``#show X : aux(X).``, ``#show -X``,
  any term other than a function, constant, number or string, or a pool or classical negation
  of them): its value could be a derived answer such as ``may_cast(...)`` or ``cites(...)``;
* ``#program NAME`` other than ``base``: only ``base`` is grounded, the statements after it would
  be dropped without a word.

``#project``, ``#heuristic``, ``#edge``, ``#minimize`` and weak constraints put nothing in the
output (they only select among answer sets, and the rule base has one per state), so they are
left to clingo.
"""

from __future__ import annotations

import re
from pathlib import Path

from functools import lru_cache

import clingo
from clingo import ast
from lark.exceptions import UnexpectedInput

from pyrules.errors import FactFileError, one_line
from pyrules.inputs.reading import nul_position, read_text
from pyrules.parser.grammar import lalr_parser

#: Deepest bracket nesting (``(``, ``{``, ``[``) a fact file may use.
MAX_NESTING = 100

#: Most operators (``+ - * / \ ** & | ^ ? ~``) in one statement of a fact file: a long chain
#: ``1+1+...`` is a term as deep as it is long.
MAX_OPERATORS = 500

#: Unknown-predicate warnings printed one by one; the rest are counted in one line.
MAX_WARNINGS = 20


def _walk(node: ast.AST):
    """Every AST node in ``node`` (itself first), without recursion (a deep term cannot overflow
    Python's stack here)."""
    stack = [node]
    while stack:
        item = stack.pop()
        yield item
        for key in item.child_keys:
            child = getattr(item, key)
            if child is None:
                continue
            if isinstance(child, ast.AST):
                stack.append(child)
            else:
                stack.extend(child)


def _external_call(node: ast.AST) -> ast.AST | None:
    """First ``@function`` term inside ``node``, or None."""
    external = getattr(ast.ASTType, "ExternalFunction", None)
    for item in _walk(node):
        kind = item.ast_type
        if kind == external or (kind == ast.ASTType.Function and item.external):
            return item
    return None


def read_fact_file(path: str | Path, allow_scripts: bool = False, deadline=None) -> list[ast.AST]:
    """Parse ``path`` into clingo AST statements after the safety checks above.

    Args:
        path: the fact file (read with :func:`pyrules.inputs.reading.read_text`).
        allow_scripts: allow ``#script``, ``#include`` and ``@`` calls.
        deadline: a :class:`pyrules.solving.deadline.Deadline`, checked between the steps.

    Raises:
        FactFileError: unreadable file (not a regular file, too large, invalid UTF-8, a NUL),
            syntax error, or a refused construct — with file, line and column, and what to do.
        pyrules.solving.deadline.TimeLimitReached: the deadline passed.
    """
    text = read_text(path, "fact file", FactFileError)
    return parse_fact_text(text, str(path), allow_scripts, deadline)


#: What the prescan looks at in code (outside strings and comments): brackets, statement ends
#: (a full stop that is not part of ``..``), operators, ``@`` and any character that is not ASCII.
_CODE_MARKS = re.compile(r"[(\[{]|[)\]}]|\.\.|\.|[-+*/\\&|^?~]|@|[^\x00-\x7f]")


#: The rest of a well-formed ``#script (python)`` header.
_SCRIPT_HEADER = re.compile(r"[ \t\r\n]*\([ \t\r\n]*[A-Za-z_][A-Za-z0-9_]*[ \t\r\n]*\)")


def _line_column(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of character ``index`` of ``text`` (lines end at LF, as clingo counts)."""
    return text.count("\n", 0, index) + 1, index - text.rfind("\n", 0, index)


def _prescan(text: str, label: str, allow_scripts: bool = False) -> bool:
    """The lexical checks of the module docstring, on the code outside comments and strings
    (grammar ``asp_directives.lark``), before clingo parses (and so opens or runs) anything.

    With ``allow_scripts``, the body of a ``#script (language) ... #end.`` block is embedded code,
    not checked; clingo ends it at the first ``#end`` whatever surrounds it, and so does this scan
    (the text after it is lexed afresh).

    Returns:
        Whether the code has an ``@`` (only then can it call an external function).

    Raises:
        FactFileError: NUL, ``#include``/``#script`` (unless ``allow_scripts``; a ``#script``
            without its ``(language)`` always), a non-ASCII character, nesting deeper than
            :data:`MAX_NESTING`, or more than :data:`MAX_OPERATORS` operators in a statement —
            with line and column.
    """
    where = nul_position(text)
    if where is not None:
        raise FactFileError("NUL character refused: a fact file must be text (clingo would drop "
                            "everything after it)", label, *where)

    def refuse(message: str, index: int) -> FactFileError:
        return FactFileError(message, label, *_line_column(text, index))

    lexer = lalr_parser("asp_directives")
    depth = operators = 0
    has_at = False
    start = 0  # where the text still to be lexed begins (after a script body)
    while True:
        try:
            tokens = list(lexer.lex(text[start:]))
        except UnexpectedInput:  # unlexable: only ASCII goes on to clingo's parser
            bad = re.search(r"[^\x00-\x7f]", text[start:])
            if bad is not None:
                raise refuse(f"non-ASCII character {bad.group()!r} refused outside strings and comments",
                             start + bad.start()) from None
            return has_at or "@" in text[start:]
        restart = None
        for n, token in enumerate(tokens):
            kind = token.type
            at = start + token.start_pos
            if kind in ("INCLUDE", "SCRIPT"):
                if not allow_scripts:
                    what = "#include refused: fact files may not read other files (name them on the command " \
                        "line)" if kind == "INCLUDE" else "#script refused: fact files may not run embedded code"
                    raise refuse(f"{what} (pass --allow-scripts to allow it)", at)
                if kind == "SCRIPT":
                    header = _SCRIPT_HEADER.match(text, at + len(token.value))
                    if header is None:
                        raise refuse("ASP syntax error: #script must be followed by the language in "
                                     "parentheses: #script (python)", at)
                    end = text.find("#end", header.end())
                    restart = len(text) if end < 0 else end
                    break
            elif kind == "CODE":
                for mark in _CODE_MARKS.finditer(token.value):
                    c = mark.group()
                    if c in "([{":
                        depth += 1
                        if depth > MAX_NESTING:
                            raise refuse(f"term nested more than {MAX_NESTING} brackets deep refused",
                                         at + mark.start())
                    elif c in ")]}":
                        depth = max(depth - 1, 0)
                    elif c == ".":
                        operators = 0
                    elif c == "@":
                        has_at = True
                    elif c == "..":
                        continue
                    elif c.isascii():
                        operators += 1
                        if operators > MAX_OPERATORS:
                            raise refuse(f"statement with more than {MAX_OPERATORS} operators refused (a term "
                                         "that deep would overflow the parser's stack)", at + mark.start())
                    else:
                        raise refuse(f"non-ASCII character {c!r} refused outside strings and comments "
                                     "(clingo names are ASCII; write text as a \"string\")", at + mark.start())
        if restart is None or restart >= len(text):
            return has_at
        start = restart


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
    for node in _walk(stm):
        if node.ast_type == ast.ASTType.SymbolicAtom:
            found.update(_term_signatures(node.symbol))
    return found


def _fixed_shown_term(term: ast.AST) -> bool:
    """Whether a ``#show`` term's outermost symbol is fixed by the text: a function or constant
    (its name is then checked like a head), a number or string, or a pool or classical negation
    of such terms. A variable or any other term could evaluate to a rule-base answer."""
    kind = term.ast_type
    if kind == ast.ASTType.Function:
        return not term.external
    if kind == ast.ASTType.SymbolicTerm:
        return True
    if kind == ast.ASTType.Pool:
        return all(_fixed_shown_term(t) for t in term.arguments)
    if kind == ast.ASTType.UnaryOperation:
        return term.operator_type == ast.UnaryOperator.Minus and _fixed_shown_term(term.argument)
    return False


#: A plain fact as clingo prints it (``str`` of the statement, clingo's canonical text): an
#: optional classical negation, a name, and arguments without brackets or pools, strings (clingo
#: prints them with ``\"`` and ``\\`` escaped) allowed, or no arguments. Anything else (nested
#: terms, bodies, conditions, disjunctions, directives) goes the slow way, through the AST.
_PRINTED_FACT = re.compile(r'-?(_*[a-z][A-Za-z0-9_\']*)(?:\(((?:[^()";{}\[\]]|"(?:[^"\\]|\\.)*")+)\))?\.', re.S)

#: A string in clingo's printed text (for counting the commas between arguments outside them).
_PRINTED_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)


def _fact_signature(stm: ast.AST) -> tuple[str, int] | None:
    """The signature of a plain fact ``p(t1, ..., tn).`` / ``p.`` / ``-p(...).``, read off the
    statement's printed text (one call into clingo instead of eight attribute reads: the fast
    path that keeps 50,000 facts well under a second), or None for any other statement."""
    match = _PRINTED_FACT.fullmatch(str(stm))
    if match is None:
        return None
    args = match.group(2)
    if args is not None and '"' in args:
        args = _PRINTED_STRING.sub("", args)
    return (match.group(1), 0 if args is None else args.count(",") + 1)


class FactStatements(list):
    """The checked statements of one fact file (a list of clingo AST statements), with what the
    checks found on the way, so that :func:`unknown_predicate_warnings` need not walk them again.

    Attributes:
        asserted: signature -> (line, column) of its first assertion (a rule head or
            ``#external``), in file order.
        read: signatures read in bodies and conditions, or shown by ``#show p/n``.
    """

    asserted: dict
    read: set


@lru_cache(maxsize=1)
def _rule_base_heads() -> tuple[frozenset, frozenset]:
    """(predicates the rule base derives, predicates it declares as inputs with ``#defined``):
    what every fact file is checked against, read off the heads of the once-parsed rule base
    (:func:`pyrules.inputs.rule_base.rule_statements`, which a forked solve then inherits)."""
    from pyrules.inputs.rule_base import rule_statements

    derived: set[tuple[str, int]] = set()
    inputs: set[tuple[str, int]] = set()
    for stm in rule_statements():
        kind = stm.ast_type
        if kind == ast.ASTType.Defined:
            inputs.add((stm.name, stm.arity))
        elif kind in (ast.ASTType.Rule, ast.ASTType.External):
            derived.update(sig for sig, _ in asserted_signatures(stm))
    return frozenset(derived), frozenset(inputs)


@lru_cache(maxsize=1)
def _rule_base_named() -> frozenset:
    """Every predicate the rule base names anywhere (bodies and conditions too): a walk over every
    node, needed only when a fact file asserts a predicate that is neither derived nor an input."""
    from pyrules.inputs.rule_base import rule_statements

    derived, inputs = _rule_base_heads()
    named: set[tuple[str, int]] = set()
    for stm in rule_statements():
        named.update(_read_signatures(stm))
    return frozenset(named | inputs | derived)


def _rule_base_predicates() -> tuple[frozenset, frozenset, frozenset]:
    """(predicates the rule base derives, its ``#defined`` inputs, every predicate it names)."""
    return (*_rule_base_heads(), _rule_base_named())


def _derived_error(sig: tuple[str, int], label: str, node: ast.AST) -> FactFileError:
    where = node.location.begin
    return FactFileError(f"{sig[0]}/{sig[1]} is derived by the rule base, not an input: state facts "
                         "only (the inputs are listed in rules_asp/foundation/schema.lp; `pyrules schema` prints it)",
                         label, where.line, where.column)


def _check_statements(statements: list[ast.AST], label: str, deadline=None) -> FactStatements:
    """Refuse facts, rules, ``#external`` declarations and ``#show`` terms for predicates the rule
    base derives (its answers), unless they are declared inputs: an answer asserted by hand would
    come back with a citation nothing derived. Every head form counts (:func:`asserted_signatures`:
    choice rules, disjunctions, aggregates, conditional literals, theory atoms). Also refused:
    ``#show`` terms not fixed by the text (:func:`_fixed_shown_term`) and ``#program`` parts other
    than ``base``. Returns the statements as :class:`FactStatements`."""
    derived, inputs = _rule_base_heads()
    forbidden = derived - inputs
    out = FactStatements(statements)
    asserted: dict[tuple[str, int], tuple[int, int]] = {}
    read: set[tuple[str, int]] = set()
    for i, stm in enumerate(statements):
        if deadline is not None and i % 2000 == 1999:
            deadline.check(f"checking {label}")
        sig = _fact_signature(stm)
        if sig is not None:  # the common case: a plain fact
            if sig in forbidden:
                raise _derived_error(sig, label, stm)
            if sig not in asserted:
                begin = stm.location.begin
                asserted[sig] = (begin.line, begin.column)
            continue
        kind = stm.ast_type
        if kind == ast.ASTType.Program:
            if stm.name != "base" or len(stm.parameters):
                begin = stm.location.begin
                raise FactFileError(f"#program {stm.name} refused: only the base program is grounded, so "
                                    "the statements after it would be ignored", label, begin.line, begin.column)
            continue
        if kind == ast.ASTType.ShowTerm and not _fixed_shown_term(stm.term):
            begin = stm.location.begin
            raise FactFileError("#show of a term whose predicate is not fixed (a variable or an expression) "
                                "refused: it could show a forged rule-base answer; show a predicate of "
                                "your own (#show p/1. or #show f(X) : p(X).)", label, begin.line, begin.column)
        mine = asserted_signatures(stm)
        for sig, node in mine:
            if sig in forbidden:
                raise _derived_error(sig, label, node)
            if kind in (ast.ASTType.Rule, ast.ASTType.External) and sig not in asserted:
                begin = node.location.begin
                asserted[sig] = (begin.line, begin.column)
        if kind == ast.ASTType.Rule:
            read |= _read_signatures(stm) - {sig for sig, _ in mine}
        elif kind == ast.ASTType.ShowSignature:  # shown on purpose: the user reads it
            read.add((stm.name, stm.arity))
    out.asserted = asserted
    out.read = read
    return out


def _summary(statements: list[ast.AST], label: str) -> tuple[dict, set]:
    """(first assertion of each signature, signatures read) of checked ``statements``."""
    if not isinstance(statements, FactStatements):
        statements = _check_statements(list(statements), label)
    return statements.asserted, statements.read


def unknown_predicate_warnings(files: list[tuple[str, list[ast.AST]]], limit: int = MAX_WARNINGS,
                               deadline=None) -> list[str]:
    """Warnings for predicates that fact files assert but nothing reads: neither an input of the
    rule base (``#defined`` in rules_asp/foundation/schema.lp) nor any predicate the rule base names, nor a
    predicate the fact files themselves read in a body or condition (a user's auxiliary
    predicate). Such a fact has no effect on any answer: usually a misspelt name
    (``playr(alice)``) or a wrong arity (``player(alice, bob)``).

    Args:
        files: (file label, its statements from :func:`read_fact_file`) per file.
        limit: at most this many warnings one by one (with a hint each); the others are counted in
            one last line ``pyrules: warning: ... and N more predicates read by no rule``.
        deadline: a :class:`pyrules.solving.deadline.Deadline`; once it passes, no more hints are looked
            for (the remaining predicates are counted in the last line).

    Returns:
        One line per unknown signature (first occurrence): ``file:line:column: warning: ...``
        naming the arities the rule base knows for that name, or the closest known name.
    """
    import difflib

    derived, inputs = _rule_base_heads()
    summaries = [(label, *_summary(statements, label)) for label, statements in files]
    read: set[tuple[str, int]] = set()
    for _, _, file_read in summaries:
        read |= file_read
    if all(sig in inputs or sig in derived or sig in read for _, asserted, _ in summaries for sig in asserted):
        return []  # every predicate asserted is read somewhere: no need to know the rest
    known = _rule_base_named()
    arities: dict[str, list[int]] = {}
    for name, arity in known:
        arities.setdefault(name, []).append(arity)
    out: list[str] = []
    seen: set[tuple[str, int]] = set()
    more = 0
    cut_by_time = False
    for label, asserted, _ in summaries:
        for sig, (line, column) in asserted.items():
            if sig in known or sig in read or sig in seen:
                continue
            seen.add(sig)
            if len(out) < limit and deadline is not None and deadline.expired():
                cut_by_time = True
            if len(out) >= limit or cut_by_time:
                more += 1
                continue
            name, arity = sig
            if name in arities:
                hint = "the rule base knows " + ", ".join(f"{name}/{a}" for a in sorted(arities[name]))
            else:
                close = difflib.get_close_matches(name, list(arities), n=1)
                hint = "did you mean " + " or ".join(f"{close[0]}/{a}" for a in sorted(arities[close[0]])) + "?" \
                    if close else \
                    "no such input (rules_asp/foundation/schema.lp; `pyrules schema` prints it)"
            out.append(f"{one_line(label)}:{line}:{column}: warning: {name}/{arity} is read by no rule "
                       f"(it has no effect): {hint}")
    if more and cut_by_time:
        out.append(f"warning: ... and {more} more predicate(s) read by no rule (not listed: the time limit "
                   f"was reached after {len(out)})")
    elif more:
        out.append(f"warning: ... and {more} more predicate(s) read by no rule (first {len(out)} listed)")
    return out


def parse_fact_text(text: str, label: str, allow_scripts: bool = False, deadline=None) -> list[ast.AST]:
    """Like :func:`read_fact_file` for text already in memory; ``label`` names it in errors.

    Returns:
        The statements, a :class:`FactStatements` list.
    """
    has_at = _prescan(text, label, allow_scripts)
    if deadline is not None:
        deadline.check(f"reading {label}")
    statements: list[ast.AST] = []
    messages: list[str] = []
    try:
        ast.parse_string(text, statements.append, logger=lambda code, msg: messages.append(msg),
                         message_limit=5)
    except RuntimeError:
        msg = next((m for m in messages if ": error: " in m), "syntax error")
        line = col = None
        loc, _, rest = msg.partition(": error: ")
        bits = loc.split(":")
        if len(bits) >= 3 and bits[-2].isdigit():
            line, col = int(bits[-2]), int(bits[-1].split("-")[0])
            msg = rest.splitlines()[0] if rest else msg
        raise FactFileError(f"ASP syntax error: {msg.strip()}", label, line, col) from None
    if deadline is not None:
        deadline.check(f"parsing {label}")
    checked = _check_statements(statements, label, deadline)
    if allow_scripts:
        return checked
    # #script and #include are refused by the prescan already; the AST is checked again, for the
    # statements that could hold them (a directive's name is in the text): one walk, not 50,000.
    if "script" in text or "include" in text:
        for stm in statements:
            begin = stm.location.begin
            if stm.ast_type == ast.ASTType.Script:
                raise FactFileError("#script refused: fact files may not run embedded code "
                                    "(pass --allow-scripts to run it anyway)", label, begin.line, begin.column)
            if begin.filename not in ("<string>", label):
                raise FactFileError(f"#include refused: statement from {begin.filename} "
                                    "(name that file on the command line instead, or pass --allow-scripts)",
                                    label, None, None)
    if has_at:  # no "@" in the code: no external call
        for stm in statements:
            call = _external_call(stm)
            if call is not None:
                where = call.location.begin
                raise FactFileError("external function call (@...) refused: it would run script code "
                                    "(pass --allow-scripts to allow it)", label, where.line, where.column)
    return checked
