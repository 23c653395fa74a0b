"""Reading the rule base: the ``*.lp`` files of ``rules_asp/`` (without ``checks/`` and ``time/``),
as text and as clingo AST statements parsed once per process; and the time encoding
(``rules_asp/time/``, read by :mod:`pyrules.timeline`).

The rule base is the installed ``pyrules.rules_asp`` package, unless the environment variable
``PYRULES_RULE_BASE`` names another folder laid out like ``rules_asp/`` (read once per process, on
first use): the mutation tool (``tests/mutation/mutate.py``) points it at a mutated copy.
"""

from __future__ import annotations

import os
from functools import lru_cache
from importlib import resources
from pathlib import Path

import clingo.ast

from pyrules.errors import FactFileError


@lru_cache(maxsize=1)
def rule_files() -> tuple[tuple[str, str], ...]:
    """``(relative path, program text)`` of every ``*.lp`` file of the rule base, sorted by path.

    The folder ``rules_asp/checks/`` is not part of the rule base: it holds the consistency
    checks (CR document, rule base), which run on their own facts. Nor is ``rules_asp/time/``:
    the incremental encoding of events (``#program step(t).``), which :mod:`pyrules.timeline`
    adds to the rule base lifted over time.
    """
    return _lp_files(skip=("checks", "time", "planning"))


@lru_cache(maxsize=1)
def time_rule_files() -> tuple[tuple[str, str], ...]:
    """``(relative path, program text)`` of the time encoding, ``rules_asp/time/*.lp``, sorted."""
    return tuple((name, text) for name, text in _lp_files(skip=("checks",)) if name.startswith("time/"))


@lru_cache(maxsize=1)
def planning_rule_statements() -> tuple[clingo.ast.AST, ...]:
    """The search encoding (``rules_asp/planning/*.lp``, issue 22; read by :mod:`pyrules.timeline.plan`)
    parsed once per process, comments dropped; like ``time/``, not part of the single-moment rule base.

    Raises:
        FactFileError: a rule file does not parse, with its path and line.
    """
    files = tuple((n, t) for n, t in _lp_files(skip=("checks", "time")) if n.startswith("planning/"))
    return _parsed(files)


def rule_base_root():
    """The folder the rule base is read from: ``$PYRULES_RULE_BASE`` if set, else ``pyrules.rules_asp``.

    Raises:
        FactFileError: ``PYRULES_RULE_BASE`` names no folder.
    """
    named = os.environ.get("PYRULES_RULE_BASE")
    if not named:
        return resources.files("pyrules.rules_asp")
    if not Path(named).is_dir():
        raise FactFileError("PYRULES_RULE_BASE names no folder", named, None, None)
    return Path(named)


def _lp_files(skip: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    root = rule_base_root()
    found: list[tuple[str, str]] = []

    def walk(node, prefix: str) -> None:
        for child in node.iterdir():
            name = f"{prefix}{child.name}"
            if child.is_dir() and not child.name.startswith(("_", ".")) and name not in skip:
                walk(child, name + "/")
            elif child.name.endswith(".lp"):
                found.append((name, child.read_text(encoding="utf-8")))

    walk(root, "")
    return tuple(sorted(found))


@lru_cache(maxsize=1)
def rule_statements() -> tuple[clingo.ast.AST, ...]:
    """The rule base (:func:`rule_files`) parsed once per process into clingo AST statements.

    Adding parsed statements to a new ``Control`` (``clingo.ast.ProgramBuilder``) takes about a third
    of the time of parsing the text again, and a cold query pays it every time.

    Raises:
        FactFileError: a rule file does not parse (a bug in rules_asp/), with its path and line.
    """
    return _parsed(rule_files())


@lru_cache(maxsize=1)
def time_rule_statements() -> tuple[clingo.ast.AST, ...]:
    """The time encoding (:func:`time_rule_files`) parsed once per process, comments dropped.

    Raises:
        FactFileError: a rule file does not parse, with its path and line.
    """
    return _parsed(time_rule_files())


def _parsed(files) -> tuple[clingo.ast.AST, ...]:
    out: list[clingo.ast.AST] = []
    comment = getattr(clingo.ast.ASTType, "Comment", None)

    def keep(statement: clingo.ast.AST) -> None:  # comments (half the statements) ground to nothing
        if statement.ast_type != comment:
            out.append(statement)

    for label, text in files:
        messages: list[str] = []
        try:
            clingo.ast.parse_string(text, keep,
                                    logger=lambda code, msg: messages.append(msg.strip()), message_limit=50)
        except RuntimeError:
            raise _program_error(label, messages) from None
    return tuple(out)


def _program_error(label: str, messages: list[str]) -> FactFileError:
    """Turn clingo's parse/ground messages (``<block>:LINE:COL-COL: error: …``) into one error."""
    text = next((m for m in messages if ": error: " in m), messages[-1] if messages else "clingo failed")
    line = column = None
    head, _, rest = text.partition(": ")
    parts = head.split(":")
    if len(parts) >= 3 and parts[-2].isdigit():
        line = int(parts[-2])
        column = int(parts[-1].split("-")[0]) if parts[-1].split("-")[0].isdigit() else None
        text = rest
    return FactFileError(text.replace("\n", " "), label, line, column)
