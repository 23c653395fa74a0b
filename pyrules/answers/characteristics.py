"""Typed characteristics of objects (CR 109.3): what ``characteristic/2`` and
``characteristic_unknown/2`` of ``rules_asp/characteristics_and_objects/object_characteristics.lp``
say about one object, read by :meth:`pyrules.answers.answer_set.Answers.characteristics`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import clingo

from pyrules.answers.typed import Citation, _cites, _strength_note
from pyrules.facts.terms import symbol_name

if TYPE_CHECKING:  # pragma: no cover
    from pyrules.answers.answer_set import Answers

#: The CR's words for the color symbols of the rule base (105.1).
COLOR_WORDS = {"w": "white", "u": "blue", "b": "black", "r": "red", "g": "green"}


@dataclass(frozen=True)
class AbilityRead:
    """One ability of an object as the card grammar read it (113.1).

    Attributes:
        ability: the ability's term as text (``("Grizzly Bears",1,2)`` prints as ``face 1 ability 2``).
        kind: ``activated``, ``triggered``, ``static``, ``spell``, ``keyword(flying)`` ... (has_ability/3).
        face, index: face and 1-based printed index for a card's own ability, else None.
        text: the printed text of a card's own ability, else None.
    """

    ability: str
    kind: str
    face: int | None
    index: int | None
    text: str | None

    def explain(self) -> str:
        """``2 (activated): "{T}: Add {G}."`` or the term for a granted ability."""
        where = self.ability if self.index is None else f"{self.index}" if self.face == 1 else \
            f"face {self.face} ability {self.index}"
        return f"{where} ({self.kind})" + (f": {self.text!r}" if self.text else "")


@dataclass(frozen=True)
class Characteristics:
    """An object's characteristics now (109.3), each as the rule base reads it.

    Attributes:
        object: object id.
        names: its names (201.2; a split card has one per face); ``()`` for none (face down, 708.2).
        colors: its colors in the CR's words (202.2), ``()`` if colorless, None if not known here (a face
            without a mana cost may have a color indicator, 202.2e, which is not read).
        card_types, supertypes, subtypes: sorted (205).
        mana_value: 202.3; None if it has none known (``pyrules ask FILE mana-value`` says why).
        power, toughness: a creature's (208.1), None for a noncreature (208.3) or when not known here.
        abilities: its abilities as read (113.1), in order.
        unknown: what is not known here: ``colors``, ``power``, ``toughness``.
        citations, strength: as every answer's.
        face_down: a face-down spell or permanent (708.2): these are its face-down characteristics, what
            every player sees.
        may_look_at: the players who may look at the face-down object's card (708.5: its controller).
    """

    object: str
    names: tuple[str, ...]
    colors: tuple[str, ...] | None
    card_types: tuple[str, ...]
    supertypes: tuple[str, ...]
    subtypes: tuple[str, ...]
    mana_value: int | None
    power: int | None
    toughness: int | None
    abilities: tuple[AbilityRead, ...]
    unknown: tuple[str, ...]
    citations: tuple[Citation, ...]
    strength: str = "derived"
    face_down: bool = False
    may_look_at: tuple[str, ...] = ()

    def explain(self) -> str:
        """One line: ``g1: names There, They're, Their; colors unknown; types instant, sorcery; ...``."""
        parts = [f"name{'s' if len(self.names) > 1 else ''} {', '.join(self.names) or '(none)'}"]
        if self.face_down:
            parts.insert(0, "face down" + (f" (seen by {', '.join(self.may_look_at)})" if self.may_look_at else ""))
        parts.append("colors unknown" if self.colors is None else
                     f"colors {', '.join(self.colors)}" if self.colors else "colorless")
        types = " ".join([*self.supertypes, *self.card_types])
        parts.append(f"types {types or '(none)'}" + (f" - {' '.join(self.subtypes)}" if self.subtypes else ""))
        parts.append(f"mana value {self.mana_value}" if self.mana_value is not None else "mana value unknown")
        if self.power is not None or self.toughness is not None or {"power", "toughness"} & set(self.unknown):
            parts.append(f"{'?' if self.power is None else self.power}/{'?' if self.toughness is None else self.toughness}")
        if self.abilities:
            parts.append("abilities " + "; ".join(a.explain() for a in self.abilities))
        return f"{self.object}: {'; '.join(parts)} (CR {_cites(self.citations)}){_strength_note(self.strength)}"


def _ability(answers: "Answers", term: clingo.Symbol, kind: clingo.Symbol) -> AbilityRead:
    face = index = text = None
    args = term.arguments if term.type == clingo.SymbolType.Function and term.name == "" else ()
    if len(args) == 3 and args[1].type == clingo.SymbolType.Number and args[2].type == clingo.SymbolType.Number:
        face, index = args[1].number, args[2].number
        card = answers.card(symbol_name(args[0]))
        if card is not None and 0 < face <= len(card.faces):
            read = [a for a in card.faces[face - 1].abilities if a.index == index]
            text = read[0].text if read else None
    return AbilityRead(str(term), str(kind), face, index, text)


def subtypes_token_name(parts) -> str:
    """111.4 — the name of a token its creating effect did not name: its subtypes, in the order
    created (``parts``: (index, subtype) pairs of token_name_part/3), plus the word "Token"."""
    return " ".join([s for _, s in sorted(parts)] + ["Token"])


def read_characteristics(answers: "Answers", obj: str, atoms: list[clingo.Symbol]) -> Characteristics:
    """The :class:`Characteristics` of ``obj`` from its ``characteristic/2`` and
    ``characteristic_unknown/2`` atoms (``atoms``) and its ``defined_power_toughness/3``."""
    values: dict[str, list] = {}
    unknown: list[str] = []
    abilities: list[tuple] = []
    parts: list[tuple[int, str]] = []
    for atom in atoms:
        what = atom.arguments[1]
        if atom.name == "characteristic_unknown":
            unknown.append(what.name)
        elif what.name == "ability":
            abilities.append((what.arguments[0], what.arguments[1]))
        elif what.name == "may_look_at":  # 708.5
            values.setdefault("may_look_at", []).append(symbol_name(what.arguments[0]))
        elif what.name == "name_part":  # 111.4: a token's subtypes plus "Token"
            parts.append((what.arguments[0].number, symbol_name(what.arguments[1])))
        elif what.arguments:
            arg = what.arguments[0]
            values.setdefault(what.name, []).append(arg.number if arg.type == clingo.SymbolType.Number
                                                    else symbol_name(arg))
        else:
            values.setdefault(what.name, [])
    for a in answers.symbols("defined_power_toughness"):
        if symbol_name(a.arguments[0]) == obj:
            atoms = atoms + [a]
            p, t = a.arguments[1], a.arguments[2]
            if p.type == clingo.SymbolType.Number:
                values.setdefault("power", []).append(p.number)
            if t.type == clingo.SymbolType.Number:
                values.setdefault("toughness", []).append(t.number)

    def one(name: str):
        found = sorted(set(values.get(name, ())))
        return found[0] if len(found) == 1 else None

    colors = None if "colors" in unknown else tuple(sorted(COLOR_WORDS.get(c, c) for c in values.get("color", ())))
    cites = tuple(sorted({c for a in atoms for c in answers.citations(a)}, key=lambda c: c.rule))
    names = tuple(values.get("name", ())) + ((subtypes_token_name(parts),) if parts else ())
    return Characteristics(
        obj, names, colors, tuple(sorted(values.get("card_type", ()))), tuple(sorted(values.get("supertype", ()))),
        tuple(sorted(values.get("subtype", ()))), one("mana_value"), one("power"), one("toughness"),
        tuple(_ability(answers, t, k) for t, k in sorted(abilities, key=lambda x: str(x[0]))),
        tuple(sorted(set(unknown))), cites, answers._strongest(atoms), "face_down" in values,
        tuple(sorted(values.get("may_look_at", ()))))
