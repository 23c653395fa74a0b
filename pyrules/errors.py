"""Errors pyrules raises for bad user input.

Every error carries where it happened (``source``: a file name or ``"<string>"``,
``line`` and ``column``, 1-based, ``None`` where unknown) so that the command line can
print it on one line and exit non-zero, without a traceback.
"""

from __future__ import annotations


def one_line(text: str) -> str:
    """``text`` with its control characters (newline, carriage return, tab, NUL, ...) shown as
    escapes (``\\n``), so that a file name or value holding them cannot spread one error over
    several lines of output."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class PyrulesError(Exception):
    """Base class: a user-facing error with an optional location.

    Args:
        message: what is wrong, and what was expected.
        source: file name (or a label such as ``"<string>"``).
        line: 1-based line number, or None.
        column: 1-based column number, or None.
    """

    def __init__(self, message: str, source: str | None = None,
                 line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.column = column

    def location(self) -> str:
        """Return ``source:line:column`` (the parts that are known), or ``""``."""
        parts = [one_line(str(p)) for p in (self.source, self.line, self.column) if p is not None]
        return ":".join(parts)

    def __str__(self) -> str:
        loc = self.location()
        message = one_line(self.message)
        return f"{loc}: {message}" if loc else message


class RulesDocumentError(PyrulesError):
    """The Comprehensive Rules text could not be read (CR document grammar)."""


class CardTextError(PyrulesError):
    """A card definition (JSON or plain text) could not be read."""


class FactFileError(PyrulesError):
    """A user's ASP fact file was refused or could not be parsed/grounded."""


class ScenarioError(PyrulesError):
    """A scenario file (TOML) is malformed or names unknown cards/keys."""


class QueryError(PyrulesError):
    """A question asked of the knowledge base refers to something that does not exist."""


class NoAnswerError(QueryError):
    """The rule base gave no answer: the state is inconsistent (``state_error/1``, or no answer
    set), or the time limit was reached. The command line exits 1 for it, not 2."""


class QuestionError(QueryError):
    """In :meth:`pyrules.api.KnowledgeBase.ask_many`'s results: the question function raised for
    this state (the other states keep their answers). ``error_type`` is the name of the exception
    the question raised (``"KeyError"``), the message its text."""

    def __init__(self, message: str, error_type: str = "Exception") -> None:
        super().__init__(message)
        self.error_type = error_type


class StateValueError(QueryError, ValueError):
    """A value given to the state builder (:class:`pyrules.facts.state.GameState`) or to the knowledge
    base (:class:`pyrules.api.KnowledgeBase`: ``time_limit``, ``ask``'s state, ``ask_many``'s
    workers) has the wrong type, syntax or range. ``argument`` names the parameter (``x_value``,
    ``step``, ``time_limit`` …) or is None."""

    def __init__(self, message: str, argument: str | None = None) -> None:
        super().__init__(message)
        self.argument = argument
