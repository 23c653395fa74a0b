"""The card cache: card definitions read once, kept by record digest and grammar version
(:class:`CardCache`, :func:`grammar_hash`)."""

from __future__ import annotations

import contextlib
import json
import re
import sys
from pathlib import Path
from typing import Any


# --------------------------------------------------------------------------------------------
# Cache of per-card results, keyed by the card's text.

#: Sources whose text decides what a card reads as: the grammars, their transformers, the fact
#: builder and the coverage counter. A change to any of them starts a new cache file.
_CACHE_SOURCES = ("parser/*.lark", "parser/*.py", "pyrules/inputs/cards.py",
                  "pyrules/inputs/card_definitions.py", "pyrules/facts/card_facts.py",
                  "pyrules/checks/coverage.py")


def grammar_hash(parser_dir: str | Path | None = None, package_dir: str | Path | None = None) -> str:
    """A hex digest (16 characters) of the grammar, transformer, fact-builder and coverage sources
    (:data:`_CACHE_SOURCES`: ``*.lark`` and ``*.py`` of ``parser_dir``, default the
    ``pyrules.parser`` package; the named modules of ``package_dir``, default ``pyrules``) and
    the Lark and Python versions: the version of every cached card result.

    Raises:
        OSError: a source file cannot be read.
    """
    import hashlib
    import sys

    import lark

    import pyrules
    import pyrules.parser

    folders = {"parser": Path(parser_dir) if parser_dir is not None else Path(pyrules.parser.__file__).parent,
               "pyrules": Path(package_dir) if package_dir is not None else Path(pyrules.__file__).parent}
    h = hashlib.sha256(f"{lark.__version__} {sys.version_info[:2]}".encode())
    for pattern in _CACHE_SOURCES:
        folder, _, glob = pattern.partition("/")
        for p in sorted(folders[folder].glob(glob)):
            h.update(p.name.encode() + b"\0" + p.read_bytes())
    return h.hexdigest()[:16]


def record_key(record: Any) -> str:
    """The cache key of one card record (decoded JSON): a hex digest (40 characters) of its
    canonical JSON text (lone surrogates kept as they are, so every decoded record has one)."""
    import hashlib

    text = json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=20).hexdigest()


def default_cache_dir() -> Path:
    """``$PYRULES_CACHE_DIR``, else ``$XDG_CACHE_HOME/pyrules``, else ``~/.cache/pyrules``."""
    import os

    if os.environ.get("PYRULES_CACHE_DIR"):
        return Path(os.environ["PYRULES_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "pyrules"


class CacheWarning(UserWarning):
    """A card cache file was ignored (corrupt, planted, too large, of another version) or could
    not be written; the results are computed afresh."""


class CardCache:
    """Per-card results (coverage counts, facts text …) keyed by the card record's text
    (:func:`record_key`), kept in plain JSON files — data that cannot run code when read — one per
    grammar version and kind: ``<dir>/cards-<grammar_hash()>-<kind>.json``. A change to a grammar
    or transformer changes the file name, so stale results are never read.

    A file is a header line, then one JSON object ``{key: value}``. The header (JSON) names the
    format, its version, the grammar hash, the kind and the BLAKE2b digest of the rest. A file is
    read only if all of this holds, else it is ignored (with a :class:`CacheWarning`) and rebuilt
    by the next :meth:`save`: it is a regular file (no symlink, FIFO or device), owned by this
    user and writable by no one else, at most :attr:`MAX_BYTES`; the header matches; the digest
    matches; every value is of its kind's type (``str`` for ``lp`` and ``json``; a JSON list for
    ``coverage``, which :func:`pyrules.checks.coverage.coverage_from_data` checks again as it is used).
    A missing file is an empty cache (no warning). Files of the former pickle cache are never read.

    Only the process that owns the cache reads and writes the files (workers return their
    results to it); a write is atomic (a temporary file in the same folder, then
    :func:`os.replace`), so a reader sees the old file or the new one.

    Args:
        directory: the cache folder (default :func:`default_cache_dir`).
        warn: called with each warning's text (default: :func:`warnings.warn` with
            :class:`CacheWarning`); the command line prints ``pyrules: warning: ...``.

    Attributes:
        directory: the cache folder.
        hits, misses: lookups answered / not answered since loading.
        warnings: the warnings given so far.
    """

    #: Largest cache file read or written (the whole Oracle pool's ``lp`` file is about 35 MiB).
    MAX_BYTES = 512 * 2 ** 20
    FORMAT, VERSION = "pyrules-card-cache", 1
    _KIND = re.compile(r"[a-z]{1,20}\Z")
    _VALUE_TYPES: dict[str, type] = {"lp": str, "json": str, "coverage": list}

    def __init__(self, directory: str | Path | None = None, warn: "Callable[[str], None] | None" = None) -> None:
        self.directory = Path(directory or default_cache_dir())
        self._grammar = grammar_hash()
        self._data: dict[str, dict[str, Any]] = {}
        self._dirty: set[str] = set()
        self._warn = warn
        self.warnings: list[str] = []
        self.hits = self.misses = 0

    def path(self, kind: str) -> Path:
        """The file of ``kind``'s results.

        Raises:
            ValueError: ``kind`` is not 1-20 lower-case letters.
        """
        if not isinstance(kind, str) or not self._KIND.match(kind):
            raise ValueError(f"cache kind {kind!r} is not 1-20 lower-case letters")
        return self.directory / f"cards-{self._grammar}-{kind}.json"

    def _warning(self, text: str) -> None:
        self.warnings.append(text)
        if self._warn is not None:
            self._warn(text)
        else:
            import warnings

            warnings.warn(text, CacheWarning, stacklevel=4)

    def _entries(self, kind: str) -> dict[str, Any]:
        entries = self._data.get(kind)
        if entries is None:
            path = self.path(kind)
            try:
                entries = self._read(path, kind)
            except FileNotFoundError:
                entries = {}
            except OSError as err:
                import errno

                why = "a symbolic link (not followed)" if err.errno == errno.ELOOP else err.strerror or str(err)
                self._warning(f"ignored the card cache file {path}: {why}; it is rebuilt")
                entries = {}
            except (ValueError, RecursionError) as err:  # ValueError: a check failed, or json's
                self._warning(f"ignored the card cache file {path}: {err}; it is rebuilt")
                entries = {}
            self._data[kind] = entries
        return entries

    def _read(self, path: Path, kind: str) -> dict[str, Any]:
        """The entries of one cache file, checked as the class docstring says.

        Raises:
            FileNotFoundError: no file.
            OSError, ValueError: anything else that makes the file unusable.
        """
        import hashlib
        import os
        import stat

        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            st = os.fstat(fh.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise ValueError("not a regular file")
            if hasattr(os, "geteuid") and st.st_uid != os.geteuid():
                raise ValueError("owned by another user")
            if st.st_mode & 0o022:
                raise ValueError("writable by other users")
            if st.st_size > self.MAX_BYTES:
                raise ValueError(f"larger than {self.MAX_BYTES} bytes")
            blob = fh.read(self.MAX_BYTES + 1)
        if len(blob) > self.MAX_BYTES:
            raise ValueError(f"larger than {self.MAX_BYTES} bytes")
        head, sep, body = blob.partition(b"\n")
        if not sep or len(head) > 1000:
            raise ValueError("no header line")
        header = json.loads(head)
        want = {"format": self.FORMAT, "version": self.VERSION, "grammar": self._grammar, "kind": kind}
        if not isinstance(header, dict) or any(header.get(k) != v for k, v in want.items()):
            raise ValueError("not a card cache file of this grammar version and kind")
        if header.get("blake2b") != hashlib.blake2b(body).hexdigest():
            raise ValueError("its digest does not match its content (corrupt)")
        entries = json.loads(body)
        expected = self._VALUE_TYPES.get(kind)
        if type(entries) is not dict or not all(
                type(k) is str and len(k) == 40 and (expected is None or type(v) is expected) for k, v in entries.items()):
            raise ValueError(f"an entry is not a record key with a {kind} result")
        return entries

    def get(self, kind: str, key: str) -> Any:
        """The cached ``kind`` result (``"coverage"``, ``"lp"``, ``"json"``) for ``key``, or None."""
        value = self._entries(kind).get(key)
        if value is None:
            self.misses += 1
        else:
            self.hits += 1
        return value

    def put(self, kind: str, key: str, value: Any) -> None:
        """Remember ``value`` (JSON data: a string for ``lp`` and ``json``) as the ``kind`` result
        for ``key`` (written by :meth:`save`)."""
        self._entries(kind)[key] = value
        self._dirty.add(kind)

    def save(self) -> None:
        """Write the file of every kind with new results (atomically: temporary file, then
        :func:`os.replace`). A file that would be larger than :attr:`MAX_BYTES` is not written
        (a warning says so).

        Raises:
            OSError: the cache folder cannot be created or written.
        """
        import hashlib
        import os
        import tempfile

        for kind in sorted(self._dirty):
            body = json.dumps(self._data[kind], ensure_ascii=True, separators=(",", ":")).encode("ascii")
            header = json.dumps({"format": self.FORMAT, "version": self.VERSION, "grammar": self._grammar,
                                 "kind": kind, "blake2b": hashlib.blake2b(body).hexdigest()}).encode("ascii")
            if len(header) + 1 + len(body) > self.MAX_BYTES:
                self._warning(f"card cache for {kind!r} not written: larger than {self.MAX_BYTES} bytes")
                continue
            self.directory.mkdir(parents=True, exist_ok=True, mode=0o700)
            fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=f".cards-{kind}-", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as fh:  # mkstemp: mode 0600, created new (O_EXCL)
                    fh.write(header + b"\n" + body)
                os.replace(tmp, self.path(kind))
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
        self._dirty.clear()
