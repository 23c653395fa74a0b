"""Card definitions (CR 200-209 characteristics of each face) as every layer reads them:
:class:`CardDefinition`, :class:`FaceDefinition`; which records are cards (:func:`is_card`,
:func:`one_per_name`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from pyrules.errors import CardTextError
from pyrules.parser.mana_cost import ManaCost
from pyrules.parser.oracle_text import Ability, parse_oracle_text
from pyrules.parser.type_line import TypeLine


@dataclass(frozen=True)
class Problem:
    """A part of a card the grammar could not read.

    Attributes:
        face: 1-based face index (0: the card as a whole).
        field: which field (``mana_cost``, ``type_line``, ``oracle_text`` …).
        text: the unread text, whole.
        message: what the grammar expected, with the position.
    """

    face: int
    field: str
    text: str
    message: str


@dataclass
class FaceDefinition:
    """One face of a card (a normal card has one; a split card one per half, CR 709.1).

    Attributes:
        index: 1-based position in printed order.
        name: the face's name.
        mana_cost: parsed mana cost, or None if the face has none (CR 202.1b) or it was unreadable.
        type_line: parsed type line, or None if unreadable.
        oracle_text: rules text as given (Oracle wording), ``""`` if none.
        power, toughness, loyalty, defense: as printed (strings, may hold ``*``), or None.
        card_name: the full name of the card the face belongs to (self-references, 201.5).
        color_indicator: the letters of its color indicator (``("G",)``, 202.2e, 204), as given.
        color_indicator_stated: the source gives every face's indicator (a card JSON record), so
            an empty ``color_indicator`` means the face has none; False (plain-text cards): unknown.

    The face's abilities (:attr:`abilities`) are read from ``oracle_text`` by the Oracle-text
    grammar on first use (reading every card of a large file eagerly would slow loading).
    """

    index: int
    name: str
    mana_cost: ManaCost | None
    type_line: TypeLine | None
    oracle_text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    card_name: str = ""
    color_indicator: tuple[str, ...] = ()
    color_indicator_stated: bool = False
    _abilities: list[Ability] | None = field(default=None, repr=False, compare=False)
    _oracle_problem: Problem | None = field(default=None, repr=False, compare=False)

    def _read_abilities(self) -> None:
        types = self.type_line.card_types if self.type_line else ()
        legendary = bool(self.type_line and "legendary" in self.type_line.supertypes)
        try:
            self._abilities = parse_oracle_text(
                self.oracle_text, self.name, self.card_name or self.name, legendary=legendary,
                is_spell_face=bool({"instant", "sorcery"} & set(types)),
                source=f"{self.card_name or self.name}: face {self.index}: oracle text")
        except CardTextError as err:
            self._abilities = []
            self._oracle_problem = Problem(self.index, "oracle_text", self.oracle_text[:200], str(err))

    @property
    def abilities(self) -> list[Ability]:
        """The face's abilities in printed order (CR 113), read on first use; ``[]`` for a face
        without text or whose text could not be read at all (see :attr:`oracle_problem`)."""
        if self._abilities is None:
            self._read_abilities()
        return self._abilities  # type: ignore[return-value]

    @property
    def oracle_problem(self) -> Problem | None:
        """Why the whole Oracle text could not be read (e.g. too long), or None."""
        if self._abilities is None:
            self._read_abilities()
        return self._oracle_problem


@dataclass
class CardDefinition:
    """A card as defined by its Oracle data.

    Attributes:
        name: full card name (split cards: faces joined with ``" // "``).
        layout: Scryfall layout name (``normal``, ``split``, ``aftermath``, ``adventure`` …).
        faces: faces in printed order (at least one).
        source: file (or label) the definition came from.
        promo_types: Scryfall ``promo_types`` (``playtest`` for playtest cards).
        problems: what the grammars could not read (nothing is dropped silently).
    """

    name: str
    layout: str
    faces: list[FaceDefinition]
    source: str = "<string>"
    promo_types: tuple[str, ...] = ()
    problems: list[Problem] = field(default_factory=list)


#: Scryfall layouts of records that are not cards (108.2b: tokens aren't cards; 114: emblems;
#: art-series inserts are no game objects). A card of the same name is what the name means.
NOT_CARD_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})


def is_card(card: CardDefinition) -> bool:
    """Whether ``card`` defines a card rather than a token, emblem or insert
    (:data:`NOT_CARD_LAYOUTS`; CR 108.2b, 111.1)."""
    return card.layout not in NOT_CARD_LAYOUTS


def one_per_name(cards: Iterable[CardDefinition]) -> list[CardDefinition]:
    """One definition per name, in first-seen order: the first card of that name (:func:`is_card`),
    else the first token/emblem record of it. The Oracle files list some tokens before the card
    of the same name (Ornithopter, Tarmogoyf …); a state's card name means the card (108.2b,
    111.11: even a token created by name uses the Oracle card)."""
    chosen: dict[str, CardDefinition] = {}
    for c in cards:
        old = chosen.get(c.name)
        if old is None or (not is_card(old) and is_card(c)):
            chosen[c.name] = c
    return list(chosen.values())
