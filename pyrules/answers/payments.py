"""Typed mana payment verdicts (CR 601.2g-h, 106, 107.4; issue 18): whether a player's mana sources
can pay the mana of a spell's total cost now, from ``can_pay_cost/3``, ``cannot_pay_cost/4`` and
``payment_undecided/4`` of ``rules_asp/casting/mana_payment.lp``, read by
:meth:`pyrules.answers.answer_set.Answers.payments`."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import TYPE_CHECKING

import clingo

from pyrules.answers.typed import Citation, _cites, _strength_note
from pyrules.facts.terms import symbol_name

if TYPE_CHECKING:  # pragma: no cover
    from pyrules.answers.answer_set import Answers

#: The mana symbols of the types of mana (106.1b) and life (107.4f) in a refusal's reason.
_TYPE_TEXT = {"w": "{W}", "u": "{U}", "b": "{B}", "r": "{R}", "g": "{G}", "colorless": "{C}", "life": "2 life",
              "any_mana": "mana of any type", "snow": "snow mana ({S})"}


def _types_text(term: clingo.Symbol) -> str:
    """``r`` -> ``{R}``; ``or(or(r,g),life)`` -> ``{R} or {G} or 2 life``; ``any_mana``."""
    if term.type == clingo.SymbolType.Function and term.name == "or" and len(term.arguments) == 2:
        return f"{_types_text(term.arguments[0])} or {_types_text(term.arguments[1])}"
    return _TYPE_TEXT.get(str(term), str(term))


def reason_text(why: clingo.Symbol) -> str:
    """One reason of a refusal or an undecided verdict as words: ``missing(r,2,1)`` -> ``2 of its
    symbols can be paid only with {R}, the sources give 1``; ``filtered(X, missing(...))`` -> ``with X's
    filter ability: ...``; other reasons as their term."""
    if why.type == clingo.SymbolType.Function and why.name == "missing" and len(why.arguments) == 3:
        types, need, have = why.arguments
        if str(types) == "any_mana":
            return f"the cost needs {need} mana, the sources give {have}"
        return f"{need} of its symbols can be paid only with {_types_text(types)}, the sources give {have}"
    if why.type == clingo.SymbolType.Function and why.name == "filtered" and len(why.arguments) == 2:
        # 605.1a: the same with the player's filter ability used (mana_payment.lp's filtered(X, missing(...)))
        return f"with {symbol_name(why.arguments[0])}'s filter ability: {reason_text(why.arguments[1])}"
    return str(why)


_COLOR = {"w": "W", "u": "U", "b": "B", "r": "R", "g": "G"}


def _symbol_text(sym: clingo.Symbol) -> str:
    """A mana symbol term (face_mana_symbol/4) as printed: ``colored(r)`` -> ``{R}``, ``hybrid(b,r)``
    -> ``{B/R}``, ``phyrexian(b)`` -> ``{B/P}``, ``colorless`` -> ``{C}``, ``snow`` -> ``{S}``; others as their term."""
    args = [_COLOR.get(str(a), str(a)) for a in sym.arguments] if sym.type == clingo.SymbolType.Function else []
    shapes = {"colored": "{%s}", "hybrid": "{%s/%s}", "phyrexian": "{%s/P}", "hybrid_phyrexian": "{%s/%s/P}",
              "colorless_hybrid": "{C/%s}", "monocolored_hybrid": "{%s/%s}", "generic": "{%s}"}
    if str(sym) == "colorless":
        return "{C}"
    if str(sym) == "snow":  # 107.4h
        return "{S}"
    if sym.type == clingo.SymbolType.Function and sym.name in shapes and shapes[sym.name].count("%s") == len(args):
        return shapes[sym.name] % tuple(args)
    return str(sym)


def _use_text(slot: clingo.Symbol, what: clingo.Symbol) -> str:
    """One use of a payment (pays_with/5): ``{R} with m1 (r)``, ``{1} with ring (colorless)``,
    ``{B/P} with 2 life``, ``{R} by tapping bears (convoke)``, ``{1} by tapping ring (improvise)``,
    ``{1} by exiling g1 (delve)`` (702.51a, 702.126a, 702.66a)."""
    paid = _symbol_text(slot.arguments[1]) if slot.name == "symbol" else "{1}"
    if slot.name == "filter_cost":  # 605.1a: the {A/B} of a filter ability (mana_payment.lp)
        paid = f"{symbol_name(slot.arguments[0])}'s filter cost"
    if what.name == "mana":
        return f"{paid} with {symbol_name(what.arguments[0])} ({what.arguments[1]})"
    if what.name in ("convoke", "improvise"):
        return f"{paid} by tapping {symbol_name(what.arguments[0])} ({what.name})"
    if what.name == "delve":
        return f"{paid} by exiling {symbol_name(what.arguments[0])} (delve)"
    if what.name == "reduced":
        return f"{paid} taken off by {symbol_name(what.arguments[0])}'s reduction"
    return f"{paid} with 2 life"


@dataclass(frozen=True)
class Payment:
    """Can ``player`` pay the mana of the total cost of casting face ``face`` of ``object`` now, with
    the mana their permanents can produce (601.2g-h)? Asked for every spell the player may begin to
    cast by paying its mana cost (601.3: a ``castable`` cast option by method ``normal``).

    Attributes:
        player, object: ids from the state; ``face`` 1-based, ``face_name`` its name.
        payable: True (a payment exists: each symbol gets one mana it accepts, 107.4), False (none
            does), None (the rule base can't tell: ``reasons`` says why).
        reasons: for a refusal each ``missing(Types, Need, Have)`` term as text: Need symbols can be
            paid only with the mana types Types (``r``, ``or(r,g)``, ``any_mana``; ``life`` for
            Phyrexian symbols) and the sources give Have units that can be one of them; for None each
            ``payment_undecided`` reason (``symbol(S)``, ``mana_source_open(X,W)`` ...).
        explanation: the reasons in words.
        citations: CR rules.
        strength: ``derived``, ``assumed`` or ``unknown`` (:data:`pyrules.answers.typed.STRENGTHS`).
        uses: one payment, when it was asked for (:meth:`pyrules.facts.state.GameState.ask_payment`)
            and exists: each ``(slot, source)`` as text, slot ``symbol(I,S)`` (the I-th symbol of the
            mana cost) or ``generic(J)`` (the J-th generic mana of the total cost, 601.2f), source
            ``mana(X,T)`` (mana of type T from permanent X), ``life(2)`` (107.4f), ``convoke(X,T)``
            (creature X tapped for one mana of type T, ``generic`` for generic mana only: 702.51a),
            ``improvise(X)`` (artifact X tapped, 702.126a) or ``delve(X)`` (card X exiled from the
            graveyard, 702.66a), ``reduced(E,T)`` (taken off by effect E's reduction by mana of type T,
            118.7b-f); sorted by slot.
        total_cost: the total cost decided on, as mana symbols (``"{2}{R}"``: 601.2f, generic mana
            first, {X} as 0); "" when it is not known (``payable`` None for a reason of the cost), or
            when which symbols a colored reduction takes depends on how hybrid or Phyrexian symbols
            are announced (118.7b-e, 601.2b; the verdict is given).
    """

    player: str
    object: str
    face: int
    face_name: str
    payable: bool | None
    reasons: tuple[str, ...]
    explanation: tuple[str, ...]
    citations: tuple[Citation, ...]
    strength: str = "derived"
    uses: tuple[tuple[str, str], ...] = ()
    uses_text: tuple[str, ...] = ()
    total_cost: str = ""

    def explain(self) -> str:
        """One line: verdict, why (or the payment asked for), and the rules."""
        verdict = {True: "can pay", False: "cannot pay", None: "unknown whether can pay"}[self.payable]
        why = f": {'; '.join(self.explanation)}" if self.explanation else ""
        if self.uses_text:
            why = f": {', '.join(self.uses_text)}"
        cost = f"{self.total_cost} for" if self.total_cost else "the mana of"
        return (f"{self.player} {verdict} {cost} {self.face_name} ({self.object}){why} "
                f"(CR {_cites(self.citations)}){_strength_note(self.strength)}")


_VERDICTS = (("can_pay_cost", True), ("cannot_pay_cost", False), ("payment_undecided", None))


def read_payments(answers: Answers, obj: str | None) -> list[Payment]:
    """The payment verdicts of ``answers`` (for object ``obj`` only, if given), sorted by object, face
    and player; an undecided verdict wins over a refusal of the same spell (none is derived then)."""
    found: dict[tuple[str, str, int], dict] = defaultdict(lambda: {"payable": True, "atoms": []})
    for name, payable in _VERDICTS:
        for atom in answers.symbols(name):
            p, o, f = atom.arguments[:3]
            if obj is not None and symbol_name(o) != obj:
                continue
            entry = found[(symbol_name(p), symbol_name(o), f.number)]
            entry["atoms"].append(atom)
            if payable is None or entry["payable"] is not None and payable is False:
                entry["payable"] = payable
    uses: dict[tuple[str, str, int], list[tuple[clingo.Symbol, clingo.Symbol]]] = defaultdict(list)
    for atom in answers.symbols("pays_with"):
        p, o, f, slot, what = atom.arguments
        uses[(symbol_name(p), symbol_name(o), f.number)].append((slot, what))
    totals: dict[tuple[str, str, int], list[tuple[int, clingo.Symbol]]] = defaultdict(list)
    for atom in answers.symbols("payment_total_symbol"):
        p, o, f, i, sym = atom.arguments
        totals[(symbol_name(p), symbol_name(o), f.number)].append((i.number, sym))
    out = []
    for (p, o, f), entry in found.items():
        atoms = entry["atoms"]
        used = sorted(uses.get((p, o, f), ()), key=lambda u: (u[0].name, str(u[0])))
        why = [a.arguments[3] for a in atoms if len(a.arguments) == 4]
        cites = tuple(sorted({c for a in atoms for c in answers.citations(a)}, key=lambda c: c.rule))
        out.append(Payment(p, o, f, answers._face_name(o, f), entry["payable"], tuple(sorted(str(w) for w in why)),
                           tuple(reason_text(w) for w in sorted(why, key=str)), cites,
                           answers._strongest(atoms), tuple((str(a), str(b)) for a, b in used),
                           tuple(_use_text(a, b) for a, b in used),
                           "".join(_symbol_text(sym) for _, sym in sorted(totals.get((p, o, f), ())))))
    return sorted(out, key=lambda v: (v.object, v.face, v.player))
