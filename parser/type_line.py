"""Type lines → :class:`TypeLine` (CR 205): grammar ``type_line.lark``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from lark import Token, Transformer
from lark.exceptions import UnexpectedInput

from pyrules.errors import CardTextError
from pyrules.parser.grammar import lalr_parser


@dataclass(frozen=True)
class TypeLine:
    """A parsed type line.

    Attributes:
        supertypes: lower-case supertypes (205.4), e.g. ``("legendary",)``.
        card_types: lower-case card types (205.2), e.g. ``("instant",)``.
        subtypes: subtypes as printed (205.3), e.g. ``("Lesson",)``.
        text: the type line as given.
        is_token: the line starts with Scryfall's "Token" marker (111.1).
        other_types: words in the type position that are not CR 205.2a card types ("Card",
            "Stickers", "Hero", "Boss", "Summon"; Un-set jokes "Eaturecray", "Universewalker"),
            lower case.
        nonstandard: the line is not a CR 205.1 type line (an Un-set joke, read word by word by
            the grammar's ``nonstandard`` rule: CR type words in any letter case count).
        other_words: :attr:`other_types` as printed ("Eaturecray"): the words with no CR meaning.
    """

    supertypes: tuple[str, ...]
    card_types: tuple[str, ...]
    subtypes: tuple[str, ...]
    text: str
    is_token: bool = False
    other_types: tuple[str, ...] = ()
    nonstandard: bool = False
    other_words: tuple[str, ...] = ()


class _TypeLineTransformer(Transformer):
    def start(self, children):
        sup = tuple(v for k, v in children if k == "supertype")
        types = tuple(v for k, v in children if k == "card_type")
        subs = next((v for k, v in children if k == "subtypes"), ())
        others = tuple(v for k, v in children if k == "other_type")
        return sup, types, subs, any(k == "token" for k, _ in children), others

    def nonstandard(self, children):
        subs = tuple(str(s) for s in children if isinstance(s, str) and not isinstance(s, (Token, tuple)))
        return self.start([c for c in children if isinstance(c, tuple)] + [("subtypes", subs)])

    def token(self, c):
        return ("token", True)

    def other_type(self, c):
        return ("other_type", str(c[0]))

    def supertype(self, c):
        return ("supertype", str(c[0]).lower())

    def card_type(self, c):
        return ("card_type", str(c[0]).lower())

    def subtypes(self, c):
        return ("subtypes", tuple(str(s) for s in c if not isinstance(s, Token)))

    def subtype(self, c):
        return str(c[0])


_TRANSFORMER = _TypeLineTransformer()


def parse_type_line(text: str, source: str = "<type line>") -> TypeLine:
    """Parse one face's type line, e.g. ``"Legendary Creature — Elf Warrior"``.

    A line that is not a CR 205.1 type line (Un-set jokes such as ``"Eaturecray — Igpay"``) is
    read by the grammar's ``nonstandard`` rule: the result has ``nonstandard=True`` and its words
    with no CR meaning in ``other_types`` / ``other_words``.

    Raises:
        CardTextError: a line neither rule reads (e.g. empty, or a dash first), with the column
            where the CR reading failed.
    """
    parsed = _type_line(text)
    if isinstance(parsed, UnexpectedInput):
        raise CardTextError(f"not a type line (expected supertypes, card types, then '—' and subtypes): {text!r}",
                            source, getattr(parsed, "line", 1), getattr(parsed, "column", None)) from None
    return parsed


@lru_cache(maxsize=8192)
def _type_line(text: str) -> "TypeLine | UnexpectedInput":
    """The :class:`TypeLine` of ``text`` (immutable), or the grammar's error; cached per process
    (the pool's 34,000 faces have about 4,100 distinct type lines)."""
    nonstandard = False
    try:
        tree = lalr_parser("type_line").parse(text)
    except UnexpectedInput as err:
        try:
            tree = lalr_parser("type_line", "nonstandard").parse(text)
            nonstandard = True
        except UnexpectedInput:
            return err
    sup, types, subs, is_token, others = _TRANSFORMER.transform(tree)
    return TypeLine(sup, types, subs, text, is_token, tuple(o.lower() for o in others), nonstandard, others)
