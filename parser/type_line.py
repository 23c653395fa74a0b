"""Type lines → :class:`TypeLine` (CR 205): grammar ``type_line.lark``."""

from __future__ import annotations

from dataclasses import dataclass

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
            "Stickers", "Hero", "Boss", "Summon"), lower case.
    """

    supertypes: tuple[str, ...]
    card_types: tuple[str, ...]
    subtypes: tuple[str, ...]
    text: str
    is_token: bool = False
    other_types: tuple[str, ...] = ()


class _TypeLineTransformer(Transformer):
    def start(self, children):
        sup = tuple(v for k, v in children if k == "supertype")
        types = tuple(v for k, v in children if k == "card_type")
        subs = next((v for k, v in children if k == "subtypes"), ())
        others = tuple(v for k, v in children if k == "other_type")
        return sup, types, subs, any(k == "token" for k, _ in children), others

    def token(self, c):
        return ("token", True)

    def other_type(self, c):
        return ("other_type", str(c[0]).lower())

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

    Raises:
        CardTextError: no card type, or an unknown word before the dash (with its column).
    """
    try:
        tree = lalr_parser("type_line").parse(text)
    except UnexpectedInput as err:
        raise CardTextError(f"not a type line (expected supertypes, card types, then '—' and subtypes): {text!r}",
                            source, getattr(err, "line", 1), getattr(err, "column", None)) from None
    sup, types, subs, is_token, others = _TRANSFORMER.transform(tree)
    return TypeLine(sup, types, subs, text, is_token, others)
