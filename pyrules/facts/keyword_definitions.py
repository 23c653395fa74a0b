"""The CR's keyword definitions (702) as ASP facts: what each keyword ability means, read from the
CR's own words through the card grammar (:mod:`pyrules.parser.keyword_definitions`).

Predicates (schema.lp, "Keyword definitions"):

- ``keyword_definition(K, D, Rule)``: definition D (1, 2, … in CR order) of keyword K is in rule
  Rule (a string, ``"702.8a"``).
- ``keyword_definition_parameter(K, D, I, P)``: its I-th parameter is P (``cost``, ``number``,
  ``x``, ``quality``).
- ``keyword_definition_context(K, D, Text)``: it applies to what Text names ("“Hexproof” on a
  permanent means", 702.11b: ``"permanent"``).
- ``keyword_definition_part(K, D, I, Kind)``: its I-th quoted part is one ability of kind Kind
  (``static``, ``triggered``, ``activated``, ``spell``, ``keyword``, ``unclassified``).
- ``keyword_means(K, D, I, Fact)``: part I means Fact: an ability fact of the card schema without
  its card, face and ability (``may_act_any_time_instant(play, self_card)``), a parameter as
  ``param(cost)`` / ``param(number)`` / ``param(quality)``.
- ``keyword_definition_unread(K, D, I, Text)``: the text of part I that neither grammar read; a
  definition with one keeps the facts it could read.

The facts reach clingo as values (:func:`pyrules.asp_terms.add_facts`), never as program text.
:func:`default_keyword_definition_symbols` gives the facts of the CR the package was built with
(``keyword_definitions.json`` beside this module, written by ``tools/keyword_definitions.py`` and
kept equal to a fresh reading of that CR by ``tests/test_keyword_definitions.py``), so that the rule
base knows what its keywords mean when no CR file is loaded.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import clingo
from clingo import Function, Number, String

from pyrules.asp_terms import NotAnAspValue, asp_constant, is_asp_name, symbols_data, symbols_from_data
from pyrules.facts.card_facts import ability_facts
from pyrules.parser.keyword_definitions import KeywordDefinition, keyword_definitions, read_part

#: The stand-in values of :data:`pyrules.parser.keyword_definitions.PARAMETER_STANDINS` as the
#: card facts write them, and the parameter each is.
_STANDIN_SYMBOLS: dict[clingo.Symbol, clingo.Symbol] = {
    Function("generic", [Number(17)]): Function("param", [Function("cost")]),
    String("{17}"): Function("param", [Function("cost")]),
    Number(19): Function("param", [Function("number")]),
    String("Kithkin"): Function("param", [Function("quality")]),
    String("kithkin"): Function("param", [Function("quality")]),
}

_CARD, _FACE, _ABILITY = String("keyword definition"), Number(1), Number(1)


def _parameters_back(sym: clingo.Symbol) -> clingo.Symbol:
    """``sym`` with every stand-in value replaced by its ``param(...)`` term ("+19" -> "+N")."""
    if sym in _STANDIN_SYMBOLS:
        return _STANDIN_SYMBOLS[sym]
    if sym.type == clingo.SymbolType.String and "19" in sym.string:
        return String(sym.string.replace("19", "N"))
    if sym.type == clingo.SymbolType.Function and sym.arguments:
        return Function(sym.name, [_parameters_back(a) for a in sym.arguments], sym.positive)
    return sym


def _text_back(text: str) -> str:
    """Unread text with the stand-ins written back as the CR writes its parameters."""
    return re.sub(r"(?<![0-9])19(?![0-9])", "N", text.replace("{17}", "[cost]").replace("Kithkin", "[quality]"))


@dataclass(frozen=True)
class DefinitionReading:
    """One definition and how much of it was read.

    Attributes:
        definition: the definition (:class:`pyrules.parser.keyword_definitions.KeywordDefinition`).
        index: D, its number among the keyword's definitions (from 1).
        facts: its ASP facts (the module docstring's predicates).
        read: True if every part was read in full (no ``keyword_definition_unread``).
    """

    definition: KeywordDefinition
    index: int
    facts: tuple[clingo.Symbol, ...]
    read: bool


def _part_facts(k: clingo.Symbol, d: clingo.Symbol, i: clingo.Symbol, text: str) -> list[clingo.Symbol]:
    ability = read_part(text)
    out = [Function("keyword_definition_part", [k, d, i, asp_constant(ability.kind)])]
    for fact in ability_facts(_CARD, _FACE, ability):
        args = list(fact.arguments)
        if fact.name in ("face_ability", "ability_names_target"):   # where the text is, which words it prints
            continue
        if fact.name == "card_unparsed":
            out.append(Function("keyword_definition_unread", [k, d, i, String(_text_back(args[-1].string))]))
            continue
        # Drop the card, face and ability the card schema gives the fact (face_keyword/3 has no ability).
        for placeholder in (_CARD, _FACE, _ABILITY):
            if args and args[0] == placeholder:
                args.pop(0)
        out.append(Function("keyword_means", [k, d, i, _parameters_back(Function(fact.name, args))]))
    return out


def read_keyword_definitions(doc) -> list[DefinitionReading]:
    """Every keyword definition of ``doc`` (a parsed CR) read into facts (module docstring).

    A definition whose keyword constant is no ASP name, or whose facts hold a value that cannot be
    a clingo value, gives ``keyword_definition/3`` (when K is a name) and one
    ``keyword_definition_unread`` with its whole text: unread, never half read.
    """
    out: list[DefinitionReading] = []
    counts: dict[str, int] = {}
    for definition in keyword_definitions(doc):
        if not is_asp_name(definition.keyword):
            continue
        counts[definition.keyword] = index = counts.get(definition.keyword, 0) + 1
        k, d = Function(definition.keyword), Number(index)
        facts = [Function("keyword_definition", [k, d, String(definition.rule)])]
        facts += [Function("keyword_definition_parameter", [k, d, Number(n), Function(p)])
                  for n, p in enumerate(definition.parameters, start=1)]
        if definition.context:
            facts.append(Function("keyword_definition_context", [k, d, String(definition.context)]))
        try:
            for n, text in enumerate(definition.parts, start=1):
                facts += _part_facts(k, d, Number(n), text)
        except NotAnAspValue:
            facts = facts[:1] + [Function("keyword_definition_unread", [k, d, Number(0), String(" ".join(definition.parts))])]
        read = not any(f.name == "keyword_definition_unread" for f in facts)
        out.append(DefinitionReading(definition, index, tuple(facts), read))
    return out


def keyword_definition_symbols(doc) -> list[clingo.Symbol]:
    """The facts of every keyword definition of ``doc`` (:func:`read_keyword_definitions`)."""
    return [f for r in read_keyword_definitions(doc) for f in r.facts]


def definitions_data(doc, source: str) -> dict:
    """The JSON object ``keyword_definitions.json`` holds for ``doc`` (a parsed CR; ``source``: the
    CR file's name): its keyword-definition facts (:func:`pyrules.asp_terms.symbols_data`), its
    keyword abilities' names (702.x headers) and, per definition, whether it was read in full."""
    readings = read_keyword_definitions(doc)
    table, facts = symbols_data([f for r in readings for f in r.facts])
    return {"source": source, "keyword_abilities": [e.name for e in doc.catalogs.keyword_abilities],
            "definitions": [[r.definition.rule, r.definition.keyword, r.read] for r in readings],
            "table": [list(t) for t in table], "facts": list(facts)}


@lru_cache(maxsize=1)
def default_definitions_data() -> dict:
    """``keyword_definitions.json``: the reading of the CR the package was built with."""
    return json.loads((resources.files(__package__) / "keyword_definitions.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def default_keyword_definition_symbols() -> tuple[clingo.Symbol, ...]:
    """The keyword-definition facts of the CR the package was built with (the module docstring)."""
    data = default_definitions_data()
    return tuple(symbols_from_data((tuple(tuple(t) for t in data["table"]), tuple(data["facts"]))))
