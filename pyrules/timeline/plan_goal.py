"""The goal of a search (``pyrules plan --goal``, issue 22): a small language read with Lark.

Grammar (conditions joined by ``and`` must all hold in the same state)::

    life(bob) <= 0              player bob's life total is 0 or less (119.3; 104.3a: that player loses)
    in_zone(bears, graveyard)   object bears is in the zone named (400.1; a card in its owner's zone)
    cast(bolt)                  object bolt is cast (601.2; the cast not refused)

Names are the scenario's player and object ids; each value becomes a clingo symbol
(:mod:`pyrules.facts.terms`), never program text.
"""

from __future__ import annotations

from functools import lru_cache

import clingo
from lark import Lark, Token, Tree
from lark.exceptions import LarkError, UnexpectedInput

from pyrules.errors import QueryError
from pyrules.facts.terms import ident

_GRAMMAR = r"""
goal: condition ("and" condition)*
?condition: "life" "(" ID ")" "<=" SIGNED_INT        -> life
          | "in_zone" "(" ID "," ID ")"              -> zone
          | "cast" "(" ID ")"                        -> cast
ID: /[a-z][a-z0-9_]*/
%import common.SIGNED_INT
%import common.WS
%ignore WS
"""

#: The zones a goal may name (400.1).
GOAL_ZONES = ("hand", "graveyard", "library", "exile", "battlefield", "stack", "command")


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(_GRAMMAR, start="goal", parser="lalr")


def parse_goal(text: str, players, objects) -> tuple[clingo.Symbol, ...]:
    """The goal conditions of ``text`` as clingo symbols: ``life_at_most(P, N)``, ``in_zone(O, Z)``,
    ``cast(O)`` (rules_asp/planning/planning.lp reads them as ``plan_goal/1``).

    Args:
        players / objects: the ids the scenario defines (a goal naming another is refused).

    Raises:
        QueryError: one line naming the goal's column: a syntax error, an unknown player, object or
            zone, a number out of clingo's 32-bit range, or a condition given twice.
    """
    if not isinstance(text, str) or not text.strip():
        raise QueryError("--goal: empty goal (e.g. 'life(bob) <= 0', 'in_zone(bears, graveyard)', 'cast(bolt)')")
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as err:
        raise QueryError(f"--goal: cannot read {text!r} at column {err.column}: expected "
                         "'life(PLAYER) <= N', 'in_zone(OBJECT, ZONE)' or 'cast(OBJECT)', joined by 'and'") from None
    except LarkError as err:  # any other Lark failure is still bad input, on one line
        raise QueryError(f"--goal: cannot read {text!r}: {' '.join(str(err).split())[:120]}") from None
    out: list[clingo.Symbol] = []
    for cond in tree.children:
        assert isinstance(cond, Tree)
        args = [str(a) for a in cond.children if isinstance(a, Token)]
        col = cond.children[0].column if isinstance(cond.children[0], Token) else None
        where = f" (column {col})" if col else ""
        if cond.data == "life":
            who, number = args
            if who not in players:
                raise QueryError(f"--goal: no player {who!r} in the scenario{where}")
            n = int(number)
            if not -2**31 <= n < 2**31:
                raise QueryError(f"--goal: {number} is out of range (32-bit whole numbers){where}")
            sym = clingo.Function("life_at_most", [ident(who), clingo.Number(n)])
        elif cond.data == "zone":
            obj, zone = args
            if obj not in objects:
                raise QueryError(f"--goal: no object {obj!r} in the scenario{where}")
            if zone not in GOAL_ZONES:
                raise QueryError(f"--goal: {zone!r} is no zone (one of {', '.join(GOAL_ZONES)}){where}")
            sym = clingo.Function("in_zone", [ident(obj), clingo.Function(zone)])
        else:
            (obj,) = args
            if obj not in objects:
                raise QueryError(f"--goal: no object {obj!r} in the scenario{where}")
            sym = clingo.Function("cast", [ident(obj)])
        if sym in out:
            raise QueryError(f"--goal: the condition {sym} is given twice{where}")
        out.append(sym)
    return tuple(out)
