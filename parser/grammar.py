"""Build each Lark parser once per process from the ``*.lark`` files of this package.

All grammars use LALR with the contextual lexer (STYLE.md); parse tables are cached on disk by
Lark (``cache=True``) so a new process starts fast.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from lark import Lark


def grammar_text(name: str) -> str:
    """Return the text of grammar ``name`` (file ``<name>.lark`` in this package)."""
    return (resources.files(__package__) / f"{name}.lark").read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def lalr_parser(name: str, start: str = "start") -> Lark:
    """The LALR parser for grammar ``name``, built once per process.

    Raises:
        FileNotFoundError: no ``<name>.lark`` in the package.
        lark.exceptions.GrammarError: the grammar itself is broken (a bug, not user input).
    """
    return Lark(grammar_text(name), parser="lalr", lexer="contextual", start=start,
                propagate_positions=True, maybe_placeholders=False, cache=True)
