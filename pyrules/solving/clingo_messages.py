"""clingo's messages about a user's fact files as one located pyrules error.

clingo reports parse and grounding errors as ``file:line:column-column: error: text`` with
indented detail and ``note:`` lines, and calls every program text it was given ``<string>``;
these helpers turn them into one :class:`pyrules.errors.FactFileError` naming the fact file.
Used by one-shot solving and by ``pyrules clingo``.
"""

from __future__ import annotations

import re
from typing import Sequence

from clingo import ast

from pyrules.errors import FactFileError

_LOCATION = re.compile(r"(?P<file>.*?):(?P<line>\d+):(?P<column>\d+)(?:-(?:(?P<end_line>\d+):)?(?P<end_column>\d+))?"
                       r": (?P<kind>\w+): (?P<rest>.*)", re.S)


def one_line_error(messages: Sequence[str], fallback: str) -> FactFileError:
    """clingo's error messages (``file:line:column-column: error: text`` with indented lines and
    ``note:`` lines) as one :class:`FactFileError` with the first error's file, line and column."""
    text = next((m for m in messages if ": error: " in m), messages[0] if messages else fallback)
    found = _LOCATION.match(text.strip())
    if not found:
        return FactFileError(" ".join(text.split()))
    first, *rest = found["rest"].strip().splitlines()
    details = []
    for line in rest:
        note = _LOCATION.match(line.strip())
        details.append(note["rest"].strip() if note else line.strip())
    message = first.rstrip(":") + (": " + "; ".join(d for d in details if d) if details else "")
    message = message.replace(":-[#inc_base].", ".").replace("[#inc_base];", "")  # clingo's internal atom
    err = FactFileError(message, found["file"], int(found["line"]), int(found["column"]))
    if found["end_column"]:
        err.end = (int(found["end_line"] or found["line"]), int(found["end_column"]))
    return err


def fact_file_at(per_file: Sequence[tuple[str, Sequence[ast.AST]]], err: FactFileError) -> str:
    """The fact file of the statement ``err`` locates (clingo names every fact file's statements
    ``<string>``): the only file, else the one file with a statement at exactly that span."""
    if len(per_file) == 1:
        return per_file[0][0]
    span = ((err.line, err.column), getattr(err, "end", None))
    found = [label for label, stms in per_file
             if any(((s.location.begin.line, s.location.begin.column), (s.location.end.line, s.location.end.column))
                    == span for s in stms)]
    return found[0] if len(found) == 1 else "one of " + ", ".join(found or [label for label, _ in per_file])
