"""Mana costs → :class:`ManaCost` (CR 107.4, 202): grammar ``mana_cost.lark``.

Example::

    >>> parse_mana_cost("{2}{U}").symbols
    (ManaSymbol(kind='generic', amount=2, colors=()), ManaSymbol(kind='colored', amount=1, colors=('u',)))
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from lark import Token, Transformer
from lark.exceptions import UnexpectedInput

from pyrules.errors import CardTextError
from pyrules.parser.grammar import lalr_parser


@dataclass(frozen=True)
class ManaSymbol:
    """One mana symbol of a cost.

    Attributes:
        kind: the CR 107.4 kind: ``generic``, ``colored``, ``colorless``, ``variable``, ``hybrid``,
            ``monocolored_hybrid``, ``colorless_hybrid``, ``phyrexian``, ``hybrid_phyrexian``, ``colorless_phyrexian`` ({C/P}, not in the CR),
            ``snow``, ``half``, or ``nonstandard``: a one-letter symbol no CR rule defines
            (``{D}``, ``{L}`` on playtest cards), which has no mana value.
        amount: for ``generic`` the number N of ``{N}``, for ``monocolored_hybrid`` the generic
            component (``{2/W}`` → 2); 1 for the one-mana symbols; 0 for ``variable``.
        colors: lower-case color letters (``w u b r g``) of the symbol (107.4e–f), or the variable's
            letter (``x``) for ``variable`` and ``nonstandard`` (``d`` for ``{D}``).
    """

    kind: str
    amount: int
    colors: tuple[str, ...] = ()


@dataclass(frozen=True)
class ManaCost:
    """A mana cost: the symbols in printed order (``symbols`` may be empty for ``{0}``-less costs)."""

    symbols: tuple[ManaSymbol, ...]
    text: str


def _letter(token: Token) -> str:
    return str(token).lower()


#: The largest amount a mana symbol may hold: clingo's numbers are 32-bit signed integers
#: (:data:`pyrules.asp_terms.MAX_NUMBER`), so ``{2147483648}`` can be no fact. The pool's largest
#: is ``{1000000}`` (Gleemax).
MAX_AMOUNT = 2 ** 31 - 1


def _amount(token: Token) -> int:
    """The number of a ``{N}`` symbol; more than 10 digits is beyond :data:`MAX_AMOUNT` without
    being converted (Python refuses int() of thousands of digits): :data:`MAX_AMOUNT` + 1,
    which :func:`parse_mana_cost` refuses."""
    digits = str(token).lstrip("0") or "0"
    return int(digits) if len(digits) <= 10 else MAX_AMOUNT + 1


class _ManaCostTransformer(Transformer):
    """Tree of ``mana_cost.lark`` → :class:`ManaSymbol` tuple."""

    def start(self, symbols):
        return tuple(symbols)

    def mana_symbol(self, children):
        return children[0]

    def generic(self, c):
        return ManaSymbol("generic", _amount(c[0]))

    def colored(self, c):
        return ManaSymbol("colored", 1, (_letter(c[0]),))

    def colorless(self, c):
        return ManaSymbol("colorless", 1)

    def variable(self, c):
        return ManaSymbol("variable", 0, (_letter(c[0]),))

    def hybrid(self, c):
        return ManaSymbol("hybrid", 1, (_letter(c[0]), _letter(c[1])))

    def monocolored_hybrid(self, c):
        return ManaSymbol("monocolored_hybrid", _amount(c[0]), (_letter(c[1]),))

    def colorless_hybrid(self, c):
        return ManaSymbol("colorless_hybrid", 1, (_letter(c[1]),))

    def phyrexian(self, c):
        return ManaSymbol("phyrexian", 1, (_letter(c[0]),))

    def hybrid_phyrexian(self, c):
        return ManaSymbol("hybrid_phyrexian", 1, (_letter(c[0]), _letter(c[1])))

    def colorless_phyrexian(self, c):
        return ManaSymbol("colorless_phyrexian", 1)

    def snow(self, c):
        return ManaSymbol("snow", 1)

    def half(self, c):
        return ManaSymbol("half", 0, (_letter(c[1]),))

    def nonstandard(self, c):
        return ManaSymbol("nonstandard", 0, (_letter(c[0]),))


_TRANSFORMER = _ManaCostTransformer()


def parse_mana_cost(text: str, source: str = "<mana cost>", *, allow_nonstandard: bool = False) -> ManaCost:
    """Parse a mana cost such as ``"{2}{U/P}{X}"``.

    Args:
        text: the cost as printed in Oracle data (symbols in braces, no spaces).
        source: where the text comes from (card name and field), for errors.
        allow_nonstandard: read a one-letter symbol no CR rule defines (``{D}``, ``{L}``) as a
            ``nonstandard`` symbol (a card's printed mana cost, kept with no mana value) instead of
            failing (costs in rules text, where such a symbol has no meaning to read).

    Returns:
        ManaCost with one :class:`ManaSymbol` per symbol.

    Raises:
        CardTextError: a symbol that is not one of CR 107.4's (e.g. ``{Q/W}``; ``{D}`` unless
            ``allow_nonstandard``), or a number larger than :data:`MAX_AMOUNT`, naming the column.
    """
    symbols = _symbols(text)
    if isinstance(symbols, UnexpectedInput):
        err = symbols
        raise CardTextError(
            f"not a mana cost symbol at {text[max(err.column - 1, 0):][:12]!r} "
            f"(CR 107.4 symbols: {{N}} {{W}} {{C}} {{X}} {{W/U}} {{2/W}} {{W/P}} {{S}} …)",
            source, getattr(err, "line", 1), getattr(err, "column", None)) from None
    if any(sym.amount > MAX_AMOUNT for sym in symbols):
        big = next(m for m in re.finditer(r"[0-9]+", text) if len(m[0].lstrip("0")) > 9 and
                   _amount(Token("GENERIC", m[0])) > MAX_AMOUNT)
        raise CardTextError(f"the mana symbol's number {big[0][:20]}{'…' if len(big[0]) > 20 else ''} is larger "
                            f"than {MAX_AMOUNT} (2^31 - 1, the largest number the solver holds)",
                            source, 1, big.start() + 1)
    if not allow_nonstandard:
        for sym in symbols:
            if sym.kind == "nonstandard":
                letter = sym.colors[0].upper()
                raise CardTextError(f"{{{letter}}} is not a CR 107.4 mana symbol", source, 1,
                                    text.index("{" + letter + "}") + 2)
    return ManaCost(symbols, text)


@lru_cache(maxsize=4096)
def _symbols(text: str) -> "tuple[ManaSymbol, ...] | UnexpectedInput":
    """The symbols of ``text``, or the grammar's error; cached per process (the pool's 34,000
    faces have about 840 distinct costs, and ManaSymbol tuples are immutable)."""
    try:
        return _TRANSFORMER.transform(lalr_parser("mana_cost").parse(text))
    except UnexpectedInput as err:
        return err
