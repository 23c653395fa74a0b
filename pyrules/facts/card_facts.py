"""Card definitions → ASP facts (the card predicates of ``rules_asp/foundation/schema.lp``).

Frame facts (``card/1`` … ``face_subtype/3``) come from the mana-cost and type-line grammars;
ability facts (``face_ability/4``, ``face_keyword/3`` … and the effect predicates documented in
schema.lp's "Card abilities" section) from the Oracle-text grammar (:mod:`pyrules.parser.oracle_text`).
Whatever a grammar could not give meaning to becomes ``card_unparsed/4``: nothing is dropped.

Every name and number taken from the card data passes :mod:`pyrules.asp_terms` (a layout or promo
type that is no ASP name, a number beyond clingo's 32 bits): what cannot be a clingo value becomes
``card_unparsed/4`` with the text it came from, never a malformed symbol. The facts are symbols,
added to clingo as values (never printed and parsed).
"""

from __future__ import annotations

import re

from clingo import Function, Number, String, Symbol

from pyrules.asp_terms import NotAnAspValue, asp_constant, asp_number, is_asp_name
from pyrules.errors import CardTextError
from pyrules.inputs.card_definitions import CardDefinition, FaceDefinition
from pyrules.parser.mana_cost import ManaSymbol, parse_mana_cost
from pyrules.parser.oracle_text import Ability

# Reader tuple names whose fact predicate has a longer, unambiguous name.
_RENAMED = {"duration": "effect_duration", "modal": "modal_ability", "chapter": "chapter_ability",
            "level_range": "level_striation",
            "trigger_event": "face_triggers_on", "grants_keyword": "ability_grants_keyword"}
_TARGET_WORD = re.compile(r"\btargets?\b", re.IGNORECASE)  # 115.1: the word "target" (or "targets")
_DIGITS = re.compile(r"[+-]?[0-9]+\Z")  # a printed whole number: P/T "3", "-1", loyalty "+2"
_PT_NUMBER = re.compile(r"-?[0-9]+\Z")  # printed power/toughness that is a number (208.1)
_STAR_VALUE = re.compile(r"([0-9]+[+-])?\*([+-][0-9]+)?\Z")  # a star value (208.2): "*", "1+*", "*+1"


def _printed_number(text: str) -> Symbol:
    """The clingo number for :data:`_DIGITS` text.

    Raises:
        NotAnAspValue: beyond 32 bits (checked on the digits first: int() of thousands of digits is
            refused by Python itself).
    """
    digits = text.lstrip("+-").lstrip("0") or "0"
    if len(digits) > 10:
        raise NotAnAspValue(text)
    return asp_number(int(text))


def mana_symbol_term(sym: ManaSymbol) -> Symbol:
    """The ASP term for one mana symbol (schema.lp ``face_mana_symbol/4``), e.g. ``generic(2)``.

    Raises:
        NotAnAspValue: an amount beyond 32 bits (``{2147483648}``).
    """
    c = [asp_constant(x) for x in sym.colors]
    if sym.kind == "generic":
        return Function("generic", [asp_number(sym.amount)])
    if sym.kind == "monocolored_hybrid":
        return Function("monocolored_hybrid", [asp_number(sym.amount), *c])
    if sym.kind in ("colorless", "snow", "colorless_phyrexian"):
        return asp_constant(sym.kind)
    return asp_constant(sym.kind, c)


def value_term(value) -> Symbol:
    """A plain value of the Oracle-text reader as an ASP term: int → number, a lower-case
    identifier → constant, other strings → string, a tuple ``(name, *args)`` → ``name(args)``,
    a :class:`ManaSymbol` → its mana-symbol term.

    Raises:
        NotAnAspValue: a number beyond 32 bits, or a tuple whose name is no ASP name.
    """
    if isinstance(value, Symbol):
        return value
    if isinstance(value, bool):
        return Function("true" if value else "false")
    if isinstance(value, int):
        return asp_number(value)
    if isinstance(value, ManaSymbol):
        return mana_symbol_term(value)
    if isinstance(value, str):
        return Function(value) if is_asp_name(value) else String(value)
    if isinstance(value, tuple) and value and isinstance(value[0], str):
        return asp_constant(value[0], [value_term(v) for v in value[1:]])
    if isinstance(value, (tuple, list)):
        return Function("", [value_term(v) for v in value])
    return String(str(value))


def _cost_facts(c: Symbol, f: Symbol, a: Symbol, text: str) -> list[Symbol]:
    """``ability_cost_mana_symbol/5`` and ``ability_cost/4`` for a mana-symbol run of a cost
    (602.1a): {T} is tap(), {Q} untap() (107.5, 107.6), {E} energy (107.14)."""
    out: list[Symbol] = []
    i = 0
    for sym in re.findall(r"\{[^{}]*\}", text):
        body = sym[1:-1]
        if body == "T":
            out.append(Function("ability_cost", [c, f, a, Function("tap")]))
        elif body == "Q":
            out.append(Function("ability_cost", [c, f, a, Function("untap")]))
        elif body == "E":
            out.append(Function("ability_cost", [c, f, a, Function("pay_energy", [Number(1)])]))
        else:
            for s in parse_mana_cost(sym).symbols:
                i += 1
                out.append(Function("ability_cost_mana_symbol", [c, f, a, Number(i), mana_symbol_term(s)]))
    return out


def ability_facts(c: Symbol, f: Symbol, ab: Ability) -> list[Symbol]:
    """Facts for one ability of face ``f`` of card ``c`` (schema.lp, "Card abilities").

    An ability with a value that cannot be a clingo value (a number beyond 32 bits, a keyword
    whose constant is no ASP name) gives only ``face_ability/4`` and ``card_unparsed(c, f,
    oracle_text(A), Text)`` with its whole text: unread, never half read."""
    a = Number(ab.index)
    # 115.1: targets are identified by the word "target" (a fact of the printed words, reminder and
    # quoted text included, whether or not the grammar reads the ability).
    names_target = [Function("ability_names_target", [c, f, a])] if _TARGET_WORD.search(ab.text) else []
    try:
        return _ability_facts(c, f, a, ab) + names_target
    except NotAnAspValue:
        kind = Function(ab.kind if is_asp_name(ab.kind) else "unclassified")
        return [Function("face_ability", [c, f, a, kind]),
                Function("card_unparsed", [c, f, Function("oracle_text", [a]), String(ab.text)])] + names_target


def _ability_facts(c: Symbol, f: Symbol, a: Symbol, ab: Ability) -> list[Symbol]:
    out = [Function("face_ability", [c, f, a, asp_constant(ab.kind)])]
    if ab.ability_word:
        out.append(Function("face_ability_word", [c, f, a, String(ab.ability_word)]))
    if ab.loyalty_cost is not None:
        v = ab.loyalty_cost.replace("−", "-")
        out.append(Function("face_loyalty_cost", [c, f, a, _printed_number(v) if _DIGITS.match(v) else Function("x")]))
    for text in ab.reminder:
        out.append(Function("face_reminder_text", [c, f, a, String(text)]))
    for m, _ in enumerate(ab.modes, start=1):
        out.append(Function("face_ability_mode", [c, f, a, Number(m)]))
    for kw in ab.keywords:
        k = asp_constant(kw.constant)
        out.append(Function("face_keyword", [c, f, k]))
        out += [Function("face_keyword_mana_symbol", [c, f, k, Number(i), mana_symbol_term(s)])
                for i, s in enumerate(kw.mana_cost, start=1)]
        if kw.number is not None:
            out.append(Function("face_keyword_number", [c, f, k, asp_number(kw.number)]))
        if kw.quality is not None:
            out.append(Function("face_keyword_quality", [c, f, k, String(kw.quality)]))
        if kw.power_toughness is not None:
            out.append(Function("face_keyword_power_toughness", [c, f, k, *map(String, kw.power_toughness)]))
    for fact in ab.semantics:
        where = a
        while fact[0] in ("in_mode", "in_granted"):
            # 700.2: a mode's facts at mode(A, M); 113.10, 114.2: a quoted ability's at granted(A, K).
            where, fact = Function("mode" if fact[0] == "in_mode" else "granted", [where, Number(fact[1])]), fact[2]
        name, args = fact[0], fact[1:]
        if name in ("ability_grants_ability", "creates_emblem"):
            args = (*args[:-1], Function("granted", [where, Number(args[-1][1])]))
        if name == "cost_mana" and any(k.cost_text for k in ab.keywords):
            # mana in a keyword's "—" cost (Ward—{2}, Pay 2 life): the keyword's cost symbols.
            kw = next(k for k in ab.keywords if k.cost_text)
            try:
                syms = parse_mana_cost(args[0]).symbols
            except CardTextError:
                out.append(Function("card_unparsed", [c, f, Function("oracle_text", [a]), String(args[0])]))
                continue
            out += [Function("face_keyword_mana_symbol", [c, f, asp_constant(kw.constant), Number(i), mana_symbol_term(s)])
                    for i, s in enumerate(syms, start=len(kw.mana_cost) + 1)]
            continue
        if name == "cost_mana":
            try:
                out += _cost_facts(c, f, where, args[0])
            except CardTextError:
                out.append(Function("card_unparsed", [c, f, Function("oracle_text", [a]), String(args[0])]))
            continue
        if name == "spree_mode_cost":
            # 702.172a: a spree mode's "+ [cost]": spree_mode_cost_mana_symbol(C, F, A, I, Sym).
            try:
                syms = parse_mana_cost(args[0]).symbols
            except CardTextError:
                out.append(Function("card_unparsed", [c, f, Function("oracle_text", [a]), String(args[0])]))
                continue
            out += [Function("spree_mode_cost_mana_symbol", [c, f, where, Number(i), mana_symbol_term(s)])
                    for i, s in enumerate(syms, start=1)]
            continue
        if name == "cost" and any(k.cost_text for k in ab.keywords):
            kw = next(k for k in ab.keywords if k.cost_text)
            out.append(Function("face_keyword_cost", [c, f, asp_constant(kw.constant), value_term(args[0])]))
            continue
        if name == "cost":
            name = "ability_cost"
        if name == "player_may":
            args = (args[0], _RENAMED.get(args[1], args[1]))
        if name == "delayed_until":
            args = (_RENAMED.get(args[0], args[0]), args[1])
        if name in ("conditional_effect", "effect_x_is", "tokens_enter"):
            # the governed fact under its fact name (duration -> effect_duration ...), as a term
            args = (*args[:-1], (_RENAMED.get(args[-1][0], args[-1][0]), *args[-1][1:]))
            if args[-1][0] == "player_may":   # the optional effect under its fact name, as player_may/5's
                args = (*args[:-1], ("player_may", args[-1][1], _RENAMED.get(args[-1][2], args[-1][2])))
        name = _RENAMED.get(name, name)
        out.append(asp_constant(name, [c, f, where, *[value_term(v) for v in args]]))
    for u in ab.unparsed:
        out.append(Function("card_unparsed", [c, f, Function("oracle_text", [a]), String(u.text)]))
    return out


#: Facts of a striation marker line (711.2, 702.184b): the abilities after it, up to the next
#: marker, are the striation's.
_STRIATION_MARKERS = ("level_range", "station_striation")


def _striation_facts(c: Symbol, f: Symbol, ab: Ability, marker: int) -> list[Symbol]:
    """Facts of ability ``ab`` printed in the striation whose marker is line ``marker`` (711.2b,
    702.184b: the permanent has the ability only as long as it has enough level or charge
    counters). A keyword line is a static ability giving its keywords: ``face_ability(.., static)``
    and ``striation_keyword(C, F, A, S, K)`` per keyword, never ``face_keyword/3`` (which holds
    always; a keyword's parameters, face facts, are then ``card_unparsed``). Any other ability, and
    protection (protection.lp refuses a verdict for protection on a striated face), keeps its facts
    and gets its striation condition as ``card_unparsed``: unread, never read as always on."""
    a, s = Number(ab.index), Number(marker)
    if ab.kind == "keyword" and not ab.unparsed and not ab.semantics and all(k.constant != "protection" for k in ab.keywords):
        out = [Function("face_ability", [c, f, a, Function("static")])]
        out += [Function("face_reminder_text", [c, f, a, String(t)]) for t in ab.reminder]
        out += [Function("striation_keyword", [c, f, a, s, asp_constant(k.constant)]) for k in ab.keywords]
        if any(k.mana_cost or k.number is not None or k.quality is not None or k.cost_text is not None
               or k.power_toughness is not None for k in ab.keywords):
            # a keyword's parameters are facts of the face (face_keyword_*), which hold always: not written.
            out.append(Function("card_unparsed", [c, f, Function("oracle_text", [a]), String(ab.text)]))
        return out
    # Protection in a striation keeps face_keyword/3: protection.lp gives no verdict for it (a striated
    # face); any other ability gets the striation condition as residue.
    return ability_facts(c, f, ab) + [
        Function("card_unparsed", [c, f, Function("oracle_text", [a]), String("striation condition")])]


def face_ability_facts(card: CardDefinition, face: FaceDefinition) -> list[Symbol]:
    """Ability facts of one face (its Oracle text read by the Oracle-text grammar); abilities in a
    level or station striation through :func:`_striation_facts`."""
    c, f = String(card.name), Number(face.index)
    out: list[Symbol] = []
    marker = None
    for ab in face.abilities:
        if any(x[0] in _STRIATION_MARKERS for x in ab.semantics):
            marker = ab.index
            out += ability_facts(c, f, ab)
        elif marker is not None and not any(x[0] == "striation_power_toughness" for x in ab.semantics):
            out += _striation_facts(c, f, ab, marker)
        else:
            out += ability_facts(c, f, ab)
    if face.oracle_problem is not None:
        out.append(Function("card_unparsed", [c, f, Function("oracle_text"), String(face.oracle_problem.text)]))
    return out


#: The letters of a color indicator (Scryfall, MTGJSON) and the colors they stand for (105.1).
_INDICATOR_COLORS = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g"}


def card_facts(card: CardDefinition, abilities: bool = True) -> list[Symbol]:
    """Facts for one card definition: ``card/1``, ``card_layout/2``, ``face/2``, ``face_name/3``,
    ``face_has_mana_cost/2``, ``face_mana_symbol/4``, ``face_card_type/3``, ``face_supertype/3``,
    ``face_subtype/3``, ``card_unparsed/4`` and (unless ``abilities`` is False) the ability facts
    of each face (schema.lp documents each).

    A layout or promo type that is no ASP name (:func:`pyrules.asp_terms.is_asp_name`: ``"my
    layout"``, ``"Playtest"``) is ``card_unparsed(C, 0, layout | promo_types, Text)``; a mana
    symbol, power or toughness beyond clingo's 32-bit numbers is ``card_unparsed(C, F, mana_cost |
    power | toughness, Text)`` (the mana value is then unknown, characteristics.lp)."""
    c = String(card.name)
    out = [Function("card", [c])]
    out.append(Function("card_layout", [c, Function(card.layout)]) if is_asp_name(card.layout)
               else Function("card_unparsed", [c, Number(0), Function("layout"), String(str(card.layout))]))
    for face in card.faces:
        f = Number(face.index)
        out += [Function("face", [c, f]), Function("face_name", [c, f, String(face.name)])]
        if face.mana_cost is not None:
            out.append(Function("face_has_mana_cost", [c, f]))
            for i, s in enumerate(face.mana_cost.symbols, start=1):
                try:
                    out.append(Function("face_mana_symbol", [c, f, Number(i), mana_symbol_term(s)]))
                except NotAnAspValue:
                    out.append(Function("card_unparsed", [c, f, Function("mana_cost"), String(face.mana_cost.text)]))
            # A symbol no CR rule defines ({D}) has no mana value: card_unparsed makes the face's
            # mana value unknown in the rule base (characteristics.lp), never a guess.
            out += [Function("card_unparsed", [c, f, Function("mana_cost"), String("{" + s.colors[0].upper() + "}")])
                    for s in face.mana_cost.symbols if s.kind == "nonstandard"]
        # 202.2e, 204 — the color indicator, where the source states it (an absent one: none)
        if face.color_indicator_stated:
            out.append(Function("face_color_indicator_stated", [c, f]))
        for letter in face.color_indicator:
            color = _INDICATOR_COLORS.get(letter)
            out.append(Function("face_color_indicator", [c, f, Function(color)]) if color else
                       Function("card_unparsed", [c, f, Function("color_indicator"), String(letter)]))
        if face.type_line is not None:
            out += [Function("face_card_type", [c, f, Function(t)]) for t in face.type_line.card_types]
            out += [Function("face_supertype", [c, f, Function(t)]) for t in face.type_line.supertypes]
            out += [Function("face_subtype", [c, f, String(t)]) for t in face.type_line.subtypes]
            # The subtypes in printed order (a token created by name has them as listed, 111.11, 111.4).
            out += [Function("face_subtype_order", [c, f, Number(i), String(t)])
                    for i, t in enumerate(face.type_line.subtypes, start=1)]
            # Words in the type position that are no CR card type or supertype ("Card", "Hero",
            # Un-set jokes such as "Eaturecray"): kept, with no CR meaning.
            out += [Function("card_unparsed", [c, f, Function("type_line"), String(w)])
                    for w in face.type_line.other_words]
        # 208.1 — printed power/toughness: a whole number is face_power/face_toughness (a "−" is
        # a minus). One with a star ("*", "1+*", "*+1", "7-*") is set by a characteristic-defining
        # ability (208.2a, 604.3): no printed value, as before. Anything else ("∞", "3.5", "+1",
        # "?", "*²", a number beyond 32 bits) is card_unparsed(C, F, power | toughness, Text).
        for pred, value in (("face_power", face.power), ("face_toughness", face.toughness)):
            if value is None:
                continue
            text = value.replace("\u2212", "-") if isinstance(value, str) else ""
            if _STAR_VALUE.match(text):
                continue
            try:
                if not _PT_NUMBER.match(text):
                    raise NotAnAspValue(value)
                out.append(Function(pred, [c, f, _printed_number(text)]))
            except NotAnAspValue:
                out.append(Function("card_unparsed", [c, f, Function(pred[5:]),
                                                      String(value if isinstance(value, str) else type(value).__name__)]))
        if abilities:
            out += face_ability_facts(card, face)
    out += [Function("card_promo_type", [c, Function(t)]) if is_asp_name(t)
            else Function("card_unparsed", [c, Number(0), Function("promo_types"), String(str(t))])
            for t in card.promo_types]
    for p in card.problems:
        out.append(Function("card_unparsed", [c, Number(p.face), Function(p.field), String(p.text)]))
    return out
