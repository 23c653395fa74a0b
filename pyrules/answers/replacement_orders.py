"""Each order of replacement and/or prevention effects a player may pick for one event (CR 616.1):
the typed reading of ``order_choice/4`` and ``order_result/4``
(rules_asp/resolution_and_zones/replacement_order.lp, rules_asp/time/prevention_effects.lp).

Where two or more such effects apply to one event and the order changes what happens, the rule base
states no result of the event (it is refused or its outcome unknown); it lists instead each order the
affected object's controller (or owner) or the affected player may pick, and what that order leads to.
"""

from __future__ import annotations

from dataclasses import dataclass

import clingo

from pyrules.answers.typed import Citation


def _text(sym: clingo.Symbol) -> str:
    return sym.string if sym.type == clingo.SymbolType.String else str(sym)


@dataclass(frozen=True)
class ReplacementOrder:
    """One order the chooser may pick (616.1, 616.1e-f).

    Attributes:
        event: the event id (``ev(3)`` in a sequence; the state's event id in one moment).
        affected: the object or player the effects modify the event for.
        chooser: the player who picks the order (616.1: the affected object's controller, its owner
            if it has none, or the affected player).
        order: the effects in the order applied, first first (``("shield_counter",
            "regeneration_shield")``; a prevention shield is ``shield(effect(hs,mode(1,2),3))``).
        results: what that order leads to, sorted (``regenerated(d)``, ``not_applied(shield_counter)``,
            ``damage_dealt(burn,d,0)``, ``prevention_shield_left(effect(..),1)``).
        citations: the CR rules behind the choice and its results.
    """

    event: str
    affected: str
    chooser: str
    order: tuple[str, ...]
    results: tuple[str, ...]
    citations: tuple[Citation, ...]

    def explain(self) -> str:
        """``bob may apply shield_counter, then regeneration_shield: shield_counter_removed(d), ...
        (CR 616.1, 122.1c)``."""
        cites = f" (CR {', '.join(c.rule for c in self.citations)})" if self.citations else ""
        return (f"{self.chooser} may apply {', then '.join(self.order)}: "
                f"{', '.join(self.results) or 'no result stated'}{cites}")


def read_replacement_orders(answers, event: str | None = None) -> list[ReplacementOrder]:
    """The :class:`ReplacementOrder` answers of ``answers`` (an
    :class:`pyrules.answers.answer_set.Answers`), those of ``event`` only when given, sorted by
    event, affected object or player, and order."""
    results: dict[tuple, list[clingo.Symbol]] = {}
    for atom in answers.symbols("order_result"):
        ev, x, order, _ = atom.arguments
        results.setdefault((ev, x, order), []).append(atom)
    out = []
    for atom in answers.symbols("order_choice"):
        ev, x, chooser, order = atom.arguments
        if event is not None and str(ev) != event:
            continue
        made = results.get((ev, x, order), [])
        rules = {c for a in [atom] + made for c in answers.citations(a)}
        out.append(ReplacementOrder(str(ev), _text(x), _text(chooser),
                                    tuple(str(e) for e in order.arguments) if not order.name else (str(order),),
                                    tuple(sorted(str(r.arguments[3]) for r in made)),
                                    tuple(sorted(rules, key=lambda c: c.rule))))
    return sorted(out, key=lambda o: (o.event, o.affected, o.order))
