"""Values from data as clingo values: the one boundary between input data and clingo.

Cards, the Comprehensive Rules (CR), scenarios and the state builder reach clingo as
``clingo.Symbol`` values, never as program text clingo parses (only the rule base, ``rules_asp/``,
and a user's own fact files are parsed). This module holds what that needs:

* :func:`is_asp_name` — whether a text from data may become an ASP constant (or function name);
  every constant built from data is checked here (card facts, CR facts, the state builder).
* :func:`is_asp_number` — whether an integer fits clingo's 32-bit numbers.
* :func:`asp_constant`, :func:`asp_number` — the symbol, or :class:`NotAnAspValue`.
* :func:`term_from_text` — a builder term written as text (``"x_at_most(3)"``), built from its
  checked parts, never parsed.
* :func:`add_facts` — add symbols as facts through ``Control.backend()`` (no parsing).
* :func:`symbols_data` / :func:`symbols_from_data` — symbols as flat plain data (a table of
  distinct terms) and back, to send results between processes without printing and re-parsing them.
"""

from __future__ import annotations

import operator
import re
from typing import Iterable

import clingo

#: What a constant built from data may look like: lower-case ASCII letters, digits and ``_``,
#: starting with a letter (``normal``, ``split``, ``playtest``, ``subtypes_creature``).
ASP_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")

#: clingo's numbers are 32-bit signed integers.
MIN_NUMBER, MAX_NUMBER = -(2 ** 31), 2 ** 31 - 1


def is_asp_name(text: object) -> bool:
    """True if ``text`` is a ``str`` matching :data:`ASP_NAME`, so ``clingo.Function(text)`` is a
    constant that prints (and reads back) as itself. Anything else (``"Playtest"``, ``"my layout"``,
    ``"été"``, ``"normal).\\n#include ..."``) must stay a string value or be recorded as unread."""
    return isinstance(text, str) and ASP_NAME.match(text) is not None


def is_asp_number(value: object) -> bool:
    """True if ``value`` is an ``int`` (not a bool) within clingo's 32-bit range
    [:data:`MIN_NUMBER`, :data:`MAX_NUMBER`]."""
    return isinstance(value, int) and not isinstance(value, bool) and MIN_NUMBER <= value <= MAX_NUMBER


class NotAnAspValue(ValueError):
    """A value from data that cannot become a clingo value: a name that is not
    :func:`is_asp_name`, a number outside clingo's 32-bit range. Callers record the text it came
    from instead (``card_unparsed/4``, a CR finding, a builder error); ``value`` is the value."""

    def __init__(self, value: object) -> None:
        what = "a number beyond 32 bits" if isinstance(value, int) else \
            "not an ASP name (lower-case letters, digits and _, starting with a letter)"
        super().__init__(f"{value!r} is {what}")
        self.value = value


def asp_constant(name: object, arguments: Iterable[clingo.Symbol] = ()) -> clingo.Symbol:
    """``clingo.Function(name, arguments)`` for a ``name`` from data.

    Raises:
        NotAnAspValue: ``name`` is not :func:`is_asp_name`.
    """
    if not is_asp_name(name):
        raise NotAnAspValue(name)
    return clingo.Function(name, list(arguments))  # type: ignore[arg-type]


def asp_number(value: object) -> clingo.Symbol:
    """``clingo.Number(value)`` for an integer from data.

    Raises:
        NotAnAspValue: ``value`` is not :func:`is_asp_number`.
    """
    if not is_asp_number(value):
        raise NotAnAspValue(value)
    return clingo.Number(value)  # type: ignore[arg-type]


#: The tokens of a term written as text (:func:`term_from_text`): a name, an integer, a bracket
#: or a comma, with blanks between them.
_TERM_TOKEN = re.compile(r"\s*(?:([a-z][a-z0-9_]*)|(-?(?:0|[1-9][0-9]*))|([(),]))")

#: How deep :func:`term_from_text` nests arguments (builder terms are one or two levels deep).
MAX_TERM_DEPTH = 20


def term_from_text(text: object) -> clingo.Symbol:
    """The term a builder argument writes as text (``"x_at_most(3)"``, ``"colored(b)"``,
    ``"alternative(k1)"``, ``"as_though_flash(ability_effect(o1,2))"``), built from its parts with
    :func:`asp_constant` and :func:`asp_number`: names (:data:`ASP_NAME`), integers in clingo's
    range and functions of them, at most :data:`MAX_TERM_DEPTH` deep. The text is never given to
    clingo's parser.

    Raises:
        NotAnAspValue: ``text`` is not such a term (``value`` is the text).
    """
    if not isinstance(text, str) or not text.isascii():
        raise NotAnAspValue(text)
    tokens: list[tuple[str, str]] = []
    at = 0
    while at < len(text):
        found = _TERM_TOKEN.match(text, at)
        if found is None:
            if text[at:].strip():
                raise NotAnAspValue(text)
            break
        at = found.end()
        kind = "name" if found.group(1) else "number" if found.group(2) else found.group(3)
        tokens.append((kind, found.group(found.lastindex)))
    position = 0

    def term(depth: int) -> clingo.Symbol:
        nonlocal position
        if depth > MAX_TERM_DEPTH or position >= len(tokens):
            raise NotAnAspValue(text)
        kind, value = tokens[position]
        position += 1
        if kind == "number":
            return asp_number(int(value)) if len(value) <= 12 else asp_number(2 ** 40)
        if kind != "name":
            raise NotAnAspValue(text)
        if position < len(tokens) and tokens[position][0] == "(":
            position += 1
            arguments = [term(depth + 1)]
            while position < len(tokens) and tokens[position][0] == ",":
                position += 1
                arguments.append(term(depth + 1))
            if position >= len(tokens) or tokens[position][0] != ")":
                raise NotAnAspValue(text)
            position += 1
            return asp_constant(value, arguments)
        return asp_constant(value)

    try:
        result = term(0)
    except NotAnAspValue:
        raise NotAnAspValue(text) from None
    if position != len(tokens):
        raise NotAnAspValue(text)
    return result


def add_facts(ctl: clingo.Control, facts: Iterable[clingo.Symbol]) -> None:
    """Add each symbol of ``facts`` to ``ctl``'s base program as a fact, through the backend
    (``add_atom`` + ``add_rule``): nothing is printed or parsed, and clingo marks them as facts.
    Call before ``ctl.ground``. About 2.5 µs a fact."""
    with ctl.backend() as backend:
        add_atom, add_rule = backend.add_atom, backend.add_rule
        for sym in facts:
            add_rule([add_atom(sym)])


# Tags of symbols_data's table entries.
_NUMBER, _STRING, _FUNCTION, _INFIMUM, _SUPREMUM = "n", "s", "f", "i", "u"

# A cheap dictionary key of a symbol: clingo's interned representation (equal symbols, equal key),
# where this clingo has it; else the symbol itself.
_key = operator.attrgetter("_rep") if isinstance(getattr(clingo.Number(1), "_rep", None), int) else (lambda s: s)


def symbols_data(symbols: Iterable[clingo.Symbol]) -> tuple[tuple, tuple[int, ...]]:
    """``symbols`` as plain picklable data, no clingo objects and no nesting (so neither this walk
    nor pickle recurses however deep a term is): ``(table, roots)``. ``table`` lists each distinct
    term once, arguments before the terms using them: ``("n", int)``, ``("s", str)``,
    ``("f", name, (table index of each argument, ...), positive)``, ``("i",)`` (``#inf``),
    ``("u",)`` (``#sup``); ``roots`` are the table indices of ``symbols`` in order.
    :func:`symbols_from_data` rebuilds them."""
    table: list[tuple] = []
    index: dict[object, int] = {}
    roots: list[int] = []
    function, number, string = clingo.SymbolType.Function, clingo.SymbolType.Number, clingo.SymbolType.String
    for root in symbols:
        stack: list[tuple[clingo.Symbol, object]] = [(root, None)]
        while stack:
            s, args = stack.pop()
            k = _key(s)
            if k in index:
                continue
            t = s.type
            if t == function:
                if args is None:  # first visit: its arguments first
                    args = s.arguments
                    stack.append((s, args))
                    stack.extend((a, None) for a in reversed(args) if _key(a) not in index)
                    continue
                entry = (_FUNCTION, s.name, tuple(index[_key(a)] for a in args), s.positive)
            elif t == number:
                entry = (_NUMBER, s.number)
            elif t == string:
                entry = (_STRING, s.string)
            else:
                entry = (_INFIMUM,) if t == clingo.SymbolType.Infimum else (_SUPREMUM,)
            index[k] = len(table)
            table.append(entry)
        roots.append(index[_key(root)])
    return tuple(table), tuple(roots)


def symbols_from_data(data: tuple[tuple, tuple[int, ...]]) -> list[clingo.Symbol]:
    """The symbols :func:`symbols_data` gave ``data`` for, in order (built with
    ``clingo.Function``, ``Number``, ``String``; never parsed).

    Raises:
        ValueError: ``data`` is not of :func:`symbols_data`'s shape.
    """
    try:
        table, roots = data
        built: list[clingo.Symbol] = []
        for entry in table:
            tag = entry[0]
            if tag == _FUNCTION:
                _, name, args, positive = entry
                built.append(clingo.Function(name, [built[i] for i in args], positive))
            elif tag == _NUMBER:
                built.append(clingo.Number(entry[1]))
            elif tag == _STRING:
                built.append(clingo.String(entry[1]))
            elif tag == _INFIMUM:
                built.append(clingo.Infimum)
            elif tag == _SUPREMUM:
                built.append(clingo.Supremum)
            else:
                raise ValueError(f"unknown table entry {entry!r}")
        return [built[i] for i in roots]
    except (TypeError, IndexError) as err:
        raise ValueError(f"not symbol data: {err}") from None


def symbol_name(sym: clingo.Symbol) -> str:
    """The text of an id symbol: a string's contents, else the symbol as clingo prints it (a
    constant's name); the inverse of :func:`pyrules.facts.terms.ident`."""
    return sym.string if sym.type == sym.type.String else str(sym)


# --------------------------------------------------------------------------- pickling symbols

def _symbol_from_data(data: tuple[tuple, tuple[int, ...]]) -> clingo.Symbol:
    """The one symbol :func:`_reduce_symbol` pickled (for :mod:`pickle`; not public)."""
    return symbols_from_data(data)[0]


def _reduce_symbol(sym: clingo.Symbol) -> tuple:
    """How :mod:`pickle` (and cloudpickle, Dask) sends a ``clingo.Symbol``: as its value
    (:func:`symbols_data`), rebuilt on the other side. clingo's own pickling copies ``_rep``, an
    address in the sending process's symbol table: meaningless (or a crash) in another process."""
    return _symbol_from_data, (symbols_data([sym]),)


import copyreg  # noqa: E402  (registered once, when the boundary module is imported)

copyreg.pickle(clingo.Symbol, _reduce_symbol)
