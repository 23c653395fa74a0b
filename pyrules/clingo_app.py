"""``pyrules clingo [clingo options] FILE...``: the rule base under clingo's own command line.

Built on :mod:`clingo.application`, so every clingo option works as in ``clingo`` itself
(``--outf=2`` for JSON, ``--time-limit=N``, ``-n``, ``--stats`` …), with the rule base loaded and
the user's files read safely by :mod:`pyrules.fact_files` (no ``#script``, ``#include`` or
``@function`` unless ``--allow-scripts``). ``--cards=FILE`` (repeatable) adds card definitions
for the cards the fact files name.
"""

from __future__ import annotations

import sys
from typing import Sequence

from clingo import ast
from clingo.application import Application, ApplicationOptions, Flag, clingo_main

from pyrules import __version__
from pyrules.errors import PyrulesError
from pyrules.solver import rule_files


class PyrulesClingo(Application):
    """clingo application: rule base + checked fact files + card facts, then ground and solve."""

    program_name = "pyrules clingo"
    version = __version__

    def __init__(self) -> None:
        self._allow_scripts = Flag(False)
        self._cards: list[str] = []
        self.error: PyrulesError | None = None

    def register_options(self, options: ApplicationOptions) -> None:
        """Add ``--cards=FILE`` and ``--allow-scripts`` to clingo's options."""
        def add_cards(value: str) -> bool:
            self._cards.append(value)
            return True

        options.add("pyrules", "cards", "Card data file (JSON or plain text) for the cards the facts name",
                    add_cards, multi=True, argument="<file>")
        options.add_flag("pyrules", "allow-scripts", "Allow #script, #include and @functions in the files",
                         self._allow_scripts)

    def main(self, control, files: Sequence[str]) -> None:
        """Load the rule base, the checked files and the card facts; ground; solve."""
        from pyrules.card_facts import card_facts
        from pyrules.cards import load_cards, one_per_name
        from pyrules.cli import _named_cards
        from pyrules.fact_files import read_fact_file, unknown_predicate_warnings

        try:
            per_file = [(f, read_fact_file(f, allow_scripts=self._allow_scripts.flag)) for f in files]
            statements = [s for _, stms in per_file for s in stms]
            for warning in unknown_predicate_warnings(per_file):
                print(f"pyrules: {warning}", file=sys.stderr)
            names = _named_cards(statements)
            cards = one_per_name(c for path in self._cards for c in load_cards(path, names=names))
            facts = [f for c in cards for f in card_facts(c)]
        except PyrulesError as err:
            self.error = err
            return
        for _, text in rule_files():
            control.add("base", [], text)
        with ast.ProgramBuilder(control) as builder:
            for stm in statements:
                builder.add(stm)
        control.add("base", [], "".join(f"{s}.\n" for s in facts))
        control.ground([("base", [])])
        control.solve()


def run(arguments: Sequence[str]) -> int:
    """Run ``pyrules clingo`` with ``arguments``; return the exit code (clingo's codes: 10 SAT, 20
    UNSAT, 30 SAT with all models; 2 for a refused or unreadable file, printed on one line)."""
    app = PyrulesClingo()
    code = clingo_main(app, list(arguments))
    if app.error is not None:
        print(f"pyrules: error: {app.error}", file=sys.stderr)
        return 2
    return code
