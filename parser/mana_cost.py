"""Mana costs → :class:`ManaCost` (CR 107.4, 202): grammar ``mana_cost.lark``.

Example::

    >>> parse_mana_cost("{2}{U}").symbols
    (ManaSymbol(kind='generic', amount=2, colors=()), ManaSymbol(kind='colored', amount=1, colors=('u',)))
"""

from __future__ import annotations

from dataclasses import dataclass

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
            ``snow``, ``half``.
        amount: for ``generic`` the number N of ``{N}``, for ``monocolored_hybrid`` the generic
            component (``{2/W}`` → 2); 1 for the one-mana symbols; 0 for ``variable``.
        colors: lower-case color letters (``w u b r g``) of the symbol (107.4e–f), or the variable's
            letter (``x``) for ``variable``.
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


class _ManaCostTransformer(Transformer):
    """Tree of ``mana_cost.lark`` → :class:`ManaSymbol` tuple."""

    def start(self, symbols):
        return tuple(symbols)

    def mana_symbol(self, children):
        return children[0]

    def generic(self, c):
        return ManaSymbol("generic", int(c[0]))

    def colored(self, c):
        return ManaSymbol("colored", 1, (_letter(c[0]),))

    def colorless(self, c):
        return ManaSymbol("colorless", 1)

    def variable(self, c):
        return ManaSymbol("variable", 0, (_letter(c[0]),))

    def hybrid(self, c):
        return ManaSymbol("hybrid", 1, (_letter(c[0]), _letter(c[1])))

    def monocolored_hybrid(self, c):
        return ManaSymbol("monocolored_hybrid", int(c[0]), (_letter(c[1]),))

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


_TRANSFORMER = _ManaCostTransformer()


def parse_mana_cost(text: str, source: str = "<mana cost>") -> ManaCost:
    """Parse a mana cost such as ``"{2}{U/P}{X}"``.

    Args:
        text: the cost as printed in Oracle data (symbols in braces, no spaces).
        source: where the text comes from (card name and field), for errors.

    Returns:
        ManaCost with one :class:`ManaSymbol` per symbol.

    Raises:
        CardTextError: a symbol that is not one of CR 107.4's (e.g. ``{Q/W}``), naming the column.
    """
    try:
        tree = lalr_parser("mana_cost").parse(text)
    except UnexpectedInput as err:
        raise CardTextError(
            f"not a mana cost symbol at {text[max(err.column - 1, 0):][:12]!r} "
            f"(CR 107.4 symbols: {{N}} {{W}} {{C}} {{X}} {{W/U}} {{2/W}} {{W/P}} {{S}} …)",
            source, getattr(err, "line", 1), getattr(err, "column", None)) from None
    return ManaCost(_TRANSFORMER.transform(tree), text)
