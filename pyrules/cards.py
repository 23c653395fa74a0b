"""Card definitions from JSON card data: Scryfall card objects, MTGJSON v3 set files, MTGJSON v5 records.

JSON is read with :mod:`json`; every structured text field in it (mana costs, type lines) goes
through a Lark grammar in :mod:`pyrules.parser`. A field the grammar cannot read does not stop
the card: the card keeps every other field, and the failure is kept in
:attr:`CardDefinition.problems` (and becomes a ``card_unparsed/4`` fact).

Example::

    >>> from pyrules.cards import load_cards
    >>> card = load_cards("all_cards_mb2.json", names={"There // They're // Their"})[0]
    >>> [f.name for f in card.faces]
    ['There', "They're", 'Their']
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator

from pyrules.errors import CardTextError
from pyrules.reading import read_text
from pyrules.parser.mana_cost import ManaCost, parse_mana_cost
from pyrules.parser.oracle_text import Ability, parse_oracle_text
from pyrules.parser.type_line import TypeLine, parse_type_line


@dataclass(frozen=True)
class Problem:
    """A part of a card the grammar could not read.

    Attributes:
        face: 1-based face index (0: the card as a whole).
        field: which field (``mana_cost``, ``type_line``, ``oracle_text`` …).
        text: the unread text, whole.
        message: what the grammar expected, with the position.
    """

    face: int
    field: str
    text: str
    message: str


@dataclass
class FaceDefinition:
    """One face of a card (a normal card has one; a split card one per half, CR 709.1).

    Attributes:
        index: 1-based position in printed order.
        name: the face's name.
        mana_cost: parsed mana cost, or None if the face has none (CR 202.1b) or it was unreadable.
        type_line: parsed type line, or None if unreadable.
        oracle_text: rules text as given (Oracle wording), ``""`` if none.
        power, toughness, loyalty, defense: as printed (strings, may hold ``*``), or None.
        card_name: the full name of the card the face belongs to (self-references, 201.5).

    The face's abilities (:attr:`abilities`) are read from ``oracle_text`` by the Oracle-text
    grammar on first use (reading every card of a large file eagerly would slow loading).
    """

    index: int
    name: str
    mana_cost: ManaCost | None
    type_line: TypeLine | None
    oracle_text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    card_name: str = ""
    _abilities: list[Ability] | None = field(default=None, repr=False, compare=False)
    _oracle_problem: Problem | None = field(default=None, repr=False, compare=False)

    def _read_abilities(self) -> None:
        types = self.type_line.card_types if self.type_line else ()
        legendary = bool(self.type_line and "legendary" in self.type_line.supertypes)
        try:
            self._abilities = parse_oracle_text(
                self.oracle_text, self.name, self.card_name or self.name, legendary=legendary,
                is_spell_face=bool({"instant", "sorcery"} & set(types)),
                source=f"{self.card_name or self.name}: face {self.index}: oracle text")
        except CardTextError as err:
            self._abilities = []
            self._oracle_problem = Problem(self.index, "oracle_text", self.oracle_text[:200], str(err))

    @property
    def abilities(self) -> list[Ability]:
        """The face's abilities in printed order (CR 113), read on first use; ``[]`` for a face
        without text or whose text could not be read at all (see :attr:`oracle_problem`)."""
        if self._abilities is None:
            self._read_abilities()
        return self._abilities  # type: ignore[return-value]

    @property
    def oracle_problem(self) -> Problem | None:
        """Why the whole Oracle text could not be read (e.g. too long), or None."""
        if self._abilities is None:
            self._read_abilities()
        return self._oracle_problem


@dataclass
class CardDefinition:
    """A card as defined by its Oracle data.

    Attributes:
        name: full card name (split cards: faces joined with ``" // "``).
        layout: Scryfall layout name (``normal``, ``split``, ``aftermath``, ``adventure`` …).
        faces: faces in printed order (at least one).
        source: file (or label) the definition came from.
        promo_types: Scryfall ``promo_types`` (``playtest`` for playtest cards).
        problems: what the grammars could not read (nothing is dropped silently).
    """

    name: str
    layout: str
    faces: list[FaceDefinition]
    source: str = "<string>"
    promo_types: tuple[str, ...] = ()
    problems: list[Problem] = field(default_factory=list)


# Layouts whose faces are separate card faces in Scryfall's ``card_faces``.
_SPLIT_LIKE = {"split", "aftermath"}


def _face(index: int, name: str, cost: str | None, type_line: str | None, text: str | None,
          extra: dict[str, Any], card_name: str, problems: list[Problem], source: str) -> FaceDefinition:
    mana_cost = None
    if cost is not None and not isinstance(cost, str):
        problems.append(Problem(index, "mana_cost", repr(cost)[:200], "mana cost is not a string"))
        cost = None
    if type_line is not None and not isinstance(type_line, str):
        problems.append(Problem(index, "type_line", repr(type_line)[:200], "type line is not a string"))
        type_line = ""
    if cost:
        try:
            # A printed cost keeps symbols no CR rule defines ({D}, {L}) as ``nonstandard``; they
            # have no mana value (card_facts records them as card_unparsed, so none is guessed).
            mana_cost = parse_mana_cost(cost, f"{source}: {card_name}: mana cost", allow_nonstandard=True)
        except CardTextError as err:
            problems.append(Problem(index, "mana_cost", cost, str(err)))
    parsed_type = None
    if type_line:
        try:
            parsed_type = parse_type_line(type_line, f"{source}: {card_name}: type line")
        except CardTextError as err:
            problems.append(Problem(index, "type_line", type_line, str(err)))
    elif type_line is not None or index == 1:
        problems.append(Problem(index, "type_line", "", "face has no type line"))
    # else: a later face with no type line at all (the "(cont'd)" back of a double-faced minigame
    # insert, Scryfall layout double_faced_token) prints none: it has no types, nothing is unread.
    if text is not None and not isinstance(text, str):
        problems.append(Problem(index, "oracle_text", repr(text)[:200], "Oracle text is not a string"))
        text = ""
    return FaceDefinition(index, name, mana_cost, parsed_type, text or "",
                          *(None if extra.get(k) is None else str(extra[k])
                            for k in ("power", "toughness", "loyalty", "defense")), card_name=card_name)


def card_from_scryfall(obj: dict[str, Any], source: str = "<string>") -> CardDefinition:
    """Build a :class:`CardDefinition` from one Scryfall card object (or a compact record of one).

    Raises:
        CardTextError: the object has no ``name`` (nothing to identify the card by).
    """
    if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
        raise CardTextError("not a Scryfall card object (no 'name')", source)
    name = obj["name"]
    layout = str(obj.get("layout", "normal"))
    problems: list[Problem] = []
    faces_json = obj.get("card_faces") or []
    faces: list[FaceDefinition] = []
    if faces_json:
        for i, f in enumerate(faces_json, start=1):
            faces.append(_face(i, str(f.get("name", "")), f.get("mana_cost"), f.get("type_line"),
                               f.get("oracle_text"), f, name, problems, source))
    else:
        faces.append(_face(1, name, obj.get("mana_cost"), obj.get("type_line"), obj.get("oracle_text"),
                           obj, name, problems, source))
    return CardDefinition(name, layout, faces, source, tuple(obj.get("promo_types") or ()), problems)


def _mtgjson3_cards(records: list[dict[str, Any]], source: str) -> Iterator[CardDefinition]:
    """MTGJSON v3: each face of a multi-face card is its own record, tied by ``names``."""
    seen: set[tuple[str, ...]] = set()
    by_name = {r.get("name"): r for r in records}
    for rec in records:
        names = tuple(rec.get("names") or ())
        if not names:
            yield card_from_scryfall({"name": rec.get("name"), "layout": rec.get("layout", "normal"),
                                      "mana_cost": rec.get("manaCost"), "type_line": rec.get("type"),
                                      "oracle_text": rec.get("text"), "power": rec.get("power"),
                                      "toughness": rec.get("toughness"), "loyalty": rec.get("loyalty")}, source)
            continue
        if names in seen:
            continue
        seen.add(names)
        faces = [by_name.get(n, {"name": n}) for n in names]
        yield card_from_scryfall({
            "name": " // ".join(names), "layout": rec.get("layout", "normal"),
            "card_faces": [{"name": f.get("name"), "mana_cost": f.get("manaCost"), "type_line": f.get("type"),
                            "oracle_text": f.get("text"), "power": f.get("power"),
                            "toughness": f.get("toughness"), "loyalty": f.get("loyalty")} for f in faces]},
            source)


def _mtgjson5_card(rec: dict[str, Any], source: str) -> CardDefinition:
    faces = rec.get("faces")
    obj: dict[str, Any] = {"name": rec.get("name"), "layout": rec.get("layout", "normal"),
                           "promo_types": rec.get("promoTypes")}
    if faces:
        obj["card_faces"] = [{"name": f.get("faceName"), "mana_cost": f.get("manaCost"),
                              "type_line": f.get("type"), "oracle_text": f.get("text")} for f in faces]
    else:
        obj.update({"mana_cost": rec.get("manaCost"), "type_line": rec.get("type"), "oracle_text": rec.get("text"),
                    "power": rec.get("power"), "toughness": rec.get("toughness")})
    return card_from_scryfall(obj, source)


def cards_from_json(data: Any, source: str = "<string>") -> Iterator[CardDefinition]:
    """Yield the card definitions in already-decoded JSON ``data``.

    Accepts a Scryfall card object, a list of them (Scryfall search results, the compact Oracle
    files), a Scryfall list object (``{"object": "list", "data": [...]}``), an MTGJSON v3 set file
    (``{"cards": [...]}``) or a list of MTGJSON v5 card records (``manaCost``/``faces`` fields).

    Raises:
        CardTextError: ``data`` is none of these shapes.
    """
    if isinstance(data, dict) and data.get("object") == "list":
        data = data.get("data", [])
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        yield from _mtgjson3_cards(data["cards"], source)
        return
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise CardTextError("expected a card object, a list of cards or an MTGJSON set file", source)
    for i, rec in enumerate(data):
        if not isinstance(rec, dict):
            raise CardTextError(f"item {i} is not a card object", source)
        if "manaCost" in rec or "faces" in rec or "faceName" in rec:
            yield _mtgjson5_card(rec, source)
        else:
            yield card_from_scryfall(rec, f"{source}[{i}]" if source == "<string>" else source)


def load_cards(path: str | Path, names: Iterable[str] | None = None) -> list[CardDefinition]:
    """Read card definitions from a JSON file.

    Args:
        path: a JSON file in one of the shapes :func:`cards_from_json` accepts.
        names: if given, keep only cards with these full names.

    Raises:
        CardTextError: unreadable file or invalid JSON (with line and column).
    """
    path = Path(path)
    text = read_text(path, "card file", CardTextError)  # regular files only, bounded, UTF-8 located
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise CardTextError(f"invalid JSON: {err.msg}", str(path), err.lineno, err.colno) from None
    wanted = set(names) if names is not None else None
    if wanted is not None and isinstance(data, list):
        # Scryfall lists and MTGJSON v5 records: don't read the text of cards nobody asked for.
        data = [r for r in data if not isinstance(r, dict) or r.get("name") in wanted]
    return [c for c in cards_from_json(data, str(path)) if wanted is None or c.name in wanted]


#: Scryfall layouts of records that are not cards (108.2b: tokens aren't cards; 114: emblems;
#: art-series inserts are no game objects). A card of the same name is what the name means.
NOT_CARD_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})


def is_card(card: CardDefinition) -> bool:
    """Whether ``card`` defines a card rather than a token, emblem or insert
    (:data:`NOT_CARD_LAYOUTS`; CR 108.2b, 111.1)."""
    return card.layout not in NOT_CARD_LAYOUTS


def one_per_name(cards: Iterable[CardDefinition]) -> list[CardDefinition]:
    """One definition per name, in first-seen order: the first card of that name (:func:`is_card`),
    else the first token/emblem record of it. The Oracle files list some tokens before the card
    of the same name (Ornithopter, Tarmogoyf …); a state's card name means the card (108.2b,
    111.11: even a token created by name uses the Oracle card)."""
    chosen: dict[str, CardDefinition] = {}
    for c in cards:
        old = chosen.get(c.name)
        if old is None or (not is_card(old) and is_card(c)):
            chosen[c.name] = c
    return list(chosen.values())


def cards_from_text(text: str, source: str = "<plain card>") -> list[CardDefinition]:
    """Card definitions from pyrules' plain-text card format (grammar ``parser/plain_card.lark``):
    per card a name line, an optional mana-cost line, a type line, Oracle text lines and an
    optional last line ``P/T``, ``Loyalty: N`` or ``Defense: N``; ``//`` lines between faces,
    blank lines between cards, ``# comments``, an optional first line ``Layout: <name>``.

    Raises:
        CardTextError: the text does not follow the format (with line and column).
    """
    from pyrules.parser.plain_card import plain_card_records

    return [card_from_scryfall(rec, source) for rec in plain_card_records(text, source)]


def load_plain_card(path: str | Path) -> list[CardDefinition]:
    """Read a plain-text card file (see :func:`cards_from_text`); a file may hold several cards.

    Raises:
        CardTextError: unreadable file, or text that does not follow the format.
    """
    path = Path(path)
    text = read_text(path, "card file", CardTextError)  # regular files only, bounded, UTF-8 located
    return cards_from_text(text, str(path))


def load_any_cards(path: str | Path) -> list[CardDefinition]:
    """Read a card file by its suffix: ``.json`` card data (:func:`load_cards`), anything else
    the plain-text format (:func:`load_plain_card`).

    Raises:
        CardTextError: unreadable file or content.
    """
    return load_cards(path) if str(path).lower().endswith(".json") else load_plain_card(path)


# --------------------------------------------------------------------------------------------
# Cache of per-card results, keyed by the card's text.

#: Sources whose text decides what a card reads as: the grammars, their transformers, the fact
#: builder and the coverage counter. A change to any of them starts a new cache file.
_CACHE_SOURCES = ("parser/*.lark", "parser/*.py", "pyrules/cards.py", "pyrules/card_facts.py",
                  "pyrules/coverage.py")


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
        folder, _, glob = pattern.rpartition("/")
        for p in sorted(folders[folder].glob(glob)):
            h.update(p.name.encode() + b"\0" + p.read_bytes())
    return h.hexdigest()[:16]


def record_key(record: Any) -> bytes:
    """The cache key of one card record (decoded JSON): a digest of its canonical JSON text."""
    import hashlib

    text = json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.blake2b(text.encode("utf-8"), digest_size=20).digest()


def default_cache_dir() -> Path:
    """``$PYRULES_CACHE_DIR``, else ``$XDG_CACHE_HOME/pyrules``, else ``~/.cache/pyrules``."""
    import os

    if os.environ.get("PYRULES_CACHE_DIR"):
        return Path(os.environ["PYRULES_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "pyrules"


class CardCache:
    """Per-card results (coverage counts, facts text …) keyed by the card record's text, kept in
    one pickle file per grammar version: ``<dir>/cards-<grammar_hash()>.pickle``. A change to a
    grammar or transformer changes the file name, so stale results are never read.

    Only the process that owns the cache reads and writes the file (workers return their results
    to it). An unreadable or corrupt file is treated as empty.

    Attributes:
        path: the cache file.
        hits, misses: lookups answered / not answered since loading.
    """

    def __init__(self, directory: str | Path | None = None) -> None:
        self.path = Path(directory or default_cache_dir()) / f"cards-{grammar_hash()}.pickle"
        self._data: dict[str, dict[bytes, Any]] = {}
        self._dirty = False
        self.hits = self.misses = 0
        self._load()

    def _load(self) -> None:
        import pickle

        try:
            with self.path.open("rb") as fh:
                data = pickle.load(fh)
            if isinstance(data, dict):
                self._data = data
        except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, ValueError):
            self._data = {}

    def get(self, kind: str, key: bytes) -> Any:
        """The cached ``kind`` result (``"coverage"``, ``"lp"``, ``"json"``) for ``key``, or None."""
        value = self._data.get(kind, {}).get(key)
        if value is None:
            self.misses += 1
        else:
            self.hits += 1
        return value

    def put(self, kind: str, key: bytes, value: Any) -> None:
        """Remember ``value`` as the ``kind`` result for ``key`` (written by :meth:`save`)."""
        self._data.setdefault(kind, {})[key] = value
        self._dirty = True

    def save(self) -> None:
        """Write the cache file if anything was added (atomically: temp file, then rename).

        Raises:
            OSError: the cache folder cannot be created or written.
        """
        import os
        import pickle

        if not self._dirty:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(f".{os.getpid()}.tmp")
        with tmp.open("wb") as fh:
            pickle.dump(self._data, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, self.path)
        self._dirty = False
