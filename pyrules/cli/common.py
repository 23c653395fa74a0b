"""Helpers shared by the commands: named cards, time limits."""

from __future__ import annotations

import argparse


def _named_cards(statements) -> set[str]:
    """Card names in the fact files' ``object_card(O, "Name")`` facts (clingo AST)."""
    from clingo import SymbolType, ast

    names: set[str] = set()
    for stm in statements:
        if stm.ast_type != ast.ASTType.Rule or stm.head.ast_type != ast.ASTType.Literal:
            continue
        sym = stm.head.atom.symbol if stm.head.atom.ast_type == ast.ASTType.SymbolicAtom else None
        if sym is not None and sym.ast_type == ast.ASTType.Function and sym.name == "object_card" \
                and len(sym.arguments) == 2 and sym.arguments[1].ast_type == ast.ASTType.SymbolicTerm \
                and sym.arguments[1].symbol.type == SymbolType.String:
            names.add(sym.arguments[1].symbol.string)
    return names


def _positive_seconds(text: str) -> float:
    """argparse type: a time limit in seconds, finite, > 0 and at most
    :data:`pyrules.solving.one_shot.MAX_TIME_LIMIT` (``inf`` and ``nan`` are refused)."""
    from pyrules.solving.one_shot import MAX_TIME_LIMIT

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value <= MAX_TIME_LIMIT:  # also false for nan
        raise argparse.ArgumentTypeError(f"the time limit must be more than 0 seconds and at most "
                                         f"{MAX_TIME_LIMIT:g}, not {text}")
    return value
