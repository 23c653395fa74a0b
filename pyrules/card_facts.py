"""Card definitions → ASP facts (the card predicates of ``rules_asp/schema.lp``)."""

from __future__ import annotations

from clingo import Function, Number, String, Symbol

from pyrules.cards import CardDefinition
from pyrules.parser.mana_cost import ManaSymbol


def mana_symbol_term(sym: ManaSymbol) -> Symbol:
    """The ASP term for one mana symbol (schema.lp ``face_mana_symbol/4``), e.g. ``generic(2)``."""
    c = [Function(x) for x in sym.colors]
    if sym.kind == "generic":
        return Function("generic", [Number(sym.amount)])
    if sym.kind == "monocolored_hybrid":
        return Function("monocolored_hybrid", [Number(sym.amount), *c])
    if sym.kind in ("colorless", "snow"):
        return Function(sym.kind)
    return Function(sym.kind, c)


def card_facts(card: CardDefinition) -> list[Symbol]:
    """Facts for one card definition: ``card/1``, ``card_layout/2``, ``face/2``, ``face_name/3``,
    ``face_has_mana_cost/2``, ``face_mana_symbol/4``, ``face_card_type/3``, ``face_supertype/3``,
    ``face_subtype/3`` and ``card_unparsed/4`` (schema.lp documents each)."""
    c = String(card.name)
    out = [Function("card", [c]), Function("card_layout", [c, Function(card.layout)])]
    for face in card.faces:
        f = Number(face.index)
        out += [Function("face", [c, f]), Function("face_name", [c, f, String(face.name)])]
        if face.mana_cost is not None:
            out.append(Function("face_has_mana_cost", [c, f]))
            out += [Function("face_mana_symbol", [c, f, Number(i), mana_symbol_term(s)])
                    for i, s in enumerate(face.mana_cost.symbols, start=1)]
        if face.type_line is not None:
            out += [Function("face_card_type", [c, f, Function(t)]) for t in face.type_line.card_types]
            out += [Function("face_supertype", [c, f, Function(t)]) for t in face.type_line.supertypes]
            out += [Function("face_subtype", [c, f, String(t)]) for t in face.type_line.subtypes]
    out += [Function("card_promo_type", [c, Function(t)]) for t in card.promo_types if t.isidentifier()]
    for p in card.problems:
        out.append(Function("card_unparsed", [c, Number(p.face), Function(p.field), String(p.text)]))
    return out
