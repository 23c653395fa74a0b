"""Read a user's input file, bounded and located: the one way pyrules reads fact files, scenarios,
card files and CR files.

What :func:`read_text` guarantees, for every kind of input:

* Only a regular file is read. A FIFO, a character device (``/dev/zero``, a terminal), a socket
  or a directory is refused at once with an error naming the file: it is opened non-blocking
  (a FIFO with no writer does not block the open) and checked with ``fstat`` on the open file
  (no race between a check and the open).
* The size read is bounded: at most :data:`MAX_INPUT_BYTES` (256 MiB) by default, or the
  number of bytes in the environment variable ``PYRULES_MAX_INPUT_BYTES``, or the ``limit``
  argument; a larger file is refused, never read in part.
* The bytes are UTF-8; a UTF-8 byte order mark is dropped (UTF-16 with a BOM too, where the
  caller allows it: the CR files Wizards publishes). Invalid UTF-8 is refused with the line and
  the column (in characters, 1-based; CRLF, CR and LF each end a line) of the first bad byte,
  never a byte offset.
* A NUL character is refused with its line and column: clingo reads program text as a C string,
  so everything after a NUL would be dropped without a word, and no text format pyrules reads
  has a use for one.

Every error is the caller's :class:`pyrules.errors.PyrulesError` subclass (``FactFileError``,
``ScenarioError``, ``CardTextError``, ``RulesDocumentError``), so it prints on one line as
``file:line:column: message``.
"""

from __future__ import annotations

import codecs
import os
import stat
from pathlib import Path

from pyrules.errors import PyrulesError

__all__ = ["MAX_INPUT_BYTES", "decode_text", "line_column_at", "max_input_bytes", "nul_position",
           "read_bytes", "read_text"]

#: Default bound, in bytes, on any one input file (256 MiB). ``PYRULES_MAX_INPUT_BYTES``
#: overrides it (e.g. for a Scryfall "all cards" dump, which is larger).
MAX_INPUT_BYTES = 256 * 1024 * 1024

_KINDS = {
    stat.S_ISFIFO: "a FIFO (named pipe)",
    stat.S_ISCHR: "a character device",
    stat.S_ISBLK: "a block device",
    stat.S_ISSOCK: "a socket",
    stat.S_ISDIR: "a directory",
}


def max_input_bytes() -> int:
    """The size bound in force: ``PYRULES_MAX_INPUT_BYTES`` if set to a positive integer, else
    :data:`MAX_INPUT_BYTES`.

    Raises:
        PyrulesError: the variable is set to something that is not a positive integer.
    """
    raw = os.environ.get("PYRULES_MAX_INPUT_BYTES")
    if raw is None or not raw.strip():
        return MAX_INPUT_BYTES
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value <= 0:
        raise PyrulesError(f"PYRULES_MAX_INPUT_BYTES must be a positive number of bytes, not {raw!r}")
    return value


def read_bytes(path: str | Path, what: str, error: type[PyrulesError] = PyrulesError,
               limit: int | None = None) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Args:
        path: the file.
        what: what the file is, for messages (``"fact file"``, ``"scenario"``).
        error: the error class to raise.
        limit: size bound in bytes (default :func:`max_input_bytes`).

    Raises:
        error: the file cannot be opened, is not a regular file, or is larger than ``limit``;
            the error names the file (``source``).
    """
    source = str(path)
    if "\0" in source:  # no file system has such a name (os.open would raise ValueError)
        raise error(f"cannot read {what}: its name has a NUL character", source)
    limit = max_input_bytes() if limit is None else limit
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as err:
        raise error(f"cannot read {what}: {err.strerror or err}", source) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = next((name for test, name in _KINDS.items() if test(info.st_mode)), "not a regular file")
            raise error(f"cannot read {what}: it is {kind}, not a regular file", source)
        if info.st_size > limit:
            raise error(f"cannot read {what}: {info.st_size} bytes is more than the limit of {limit} "
                        "(PYRULES_MAX_INPUT_BYTES sets it)", source)
        chunks: list[bytes] = []
        total = 0
        while True:  # the file may grow while it is read: never read more than limit + 1 bytes
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise error(f"cannot read {what}: more than the limit of {limit} bytes "
                            "(PYRULES_MAX_INPUT_BYTES sets it)", source)
    except OSError as err:
        raise error(f"cannot read {what}: {err.strerror or err}", source) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def line_column_at(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column (in characters) of byte ``offset`` of ``data`` (CRLF, CR and LF
    each end a line; a UTF-8 BOM at the start is not a column)."""
    prefix = data[:offset]
    crlf = prefix.count(b"\r\n")
    line = 1 + crlf + (prefix.count(b"\r") - crlf) + (prefix.count(b"\n") - crlf)
    start = max(prefix.rfind(b"\n"), prefix.rfind(b"\r")) + 1
    if start == 0 and prefix.startswith(codecs.BOM_UTF8):
        start = len(codecs.BOM_UTF8)
    column = len(prefix[start:].decode("utf-8", errors="replace")) + 1
    return line, column


def _text_line_column(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of character ``index`` of ``text`` (CRLF, CR, LF end lines)."""
    prefix = text[:index]
    crlf = prefix.count("\r\n")
    line = 1 + crlf + (prefix.count("\r") - crlf) + (prefix.count("\n") - crlf)
    start = max(prefix.rfind("\n"), prefix.rfind("\r")) + 1
    return line, index - start + 1


def nul_position(text: str) -> tuple[int, int] | None:
    """(line, column) of the first NUL character of ``text``, or None if it has none."""
    index = text.find("\0")
    return None if index < 0 else _text_line_column(text, index)


def decode_text(data: bytes, source: str, what: str, error: type[PyrulesError] = PyrulesError,
                allow_utf16: bool = False) -> str:
    """Decode input bytes: UTF-8 (a BOM is dropped), or UTF-16 with a BOM if ``allow_utf16``;
    a NUL character is refused.

    Raises:
        error: invalid UTF-8 or UTF-16, or a NUL, with ``source`` and the line and column.
    """
    if allow_utf16 and data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as err:
            good = data[:err.start].decode("utf-16", errors="replace").lstrip("\ufeff")
            line, column = _text_line_column(good, len(good))
            raise error(f"invalid UTF-16 in {what}", source, line, column) from None
    else:
        skip = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
        try:
            text = data[skip:].decode("utf-8")
        except UnicodeDecodeError as err:
            offset = err.start + skip
            line, column = line_column_at(data, offset)
            raise error(f"invalid UTF-8 (byte 0x{data[offset:offset + 1].hex()}): the {what} must be "
                        "UTF-8 text", source, line, column) from None
    where = nul_position(text)
    if where is not None:
        raise error(f"NUL character refused: the {what} must be text (everything after it would be lost)",
                    source, *where)
    return text


def read_text(path: str | Path, what: str, error: type[PyrulesError] = PyrulesError,
              limit: int | None = None, allow_utf16: bool = False) -> str:
    """The text of the user's input file ``path``: :func:`read_bytes` then :func:`decode_text`.

    Args:
        path: the file.
        what: what it is, for messages (``"fact file"``, ``"scenario"``, ``"card file"``,
            ``"CR file"``).
        error: the :class:`~pyrules.errors.PyrulesError` subclass to raise.
        limit: size bound in bytes (default :func:`max_input_bytes`).
        allow_utf16: accept UTF-16 with a byte order mark too.

    Raises:
        error: see :func:`read_bytes` and :func:`decode_text`; the message names the file, and
            the line and column where the content is at fault.
    """
    return decode_text(read_bytes(path, what, error, limit), str(path), what, error, allow_utf16)
