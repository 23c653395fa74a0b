"""Card definitions from JSON card data: Scryfall card objects, MTGJSON v3 set files, MTGJSON v5 records.

JSON is read with :mod:`json`; every structured text field in it (mana costs, type lines) goes
through a Lark grammar in :mod:`pyrules.parser`. A field the grammar cannot read does not stop
the card: the card keeps every other field, and the failure is kept in
:attr:`CardDefinition.problems` (and becomes a ``card_unparsed/4`` fact).

Decoded JSON of any shape is checked against one schema per format (:data:`SCRYFALL_CARD`,
:data:`MTGJSON3_CARD`, :data:`MTGJSON5_CARD` and their face schemas): a text field of the wrong
type is a Problem like an unreadable one; a field that decides what the card is (name, layout,
faces, promo types) of the wrong type refuses the record with a :class:`CardTextError` naming the
file, the record's index and name (``cards.json: record 3 ("Shock"): card_faces must be a list of
objects, not int``). Nothing else is raised, whatever the JSON holds. :class:`CardCache` keeps
per-record results in plain JSON files that are checked before use.

Example::

    >>> from pyrules.inputs.cards import load_cards
    >>> card = load_cards("all_cards_mb2.json", names={"There // They're // Their"})[0]
    >>> [f.name for f in card.faces]
    ['There', "They're", 'Their']
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable, Iterator

from pyrules.errors import CardTextError
from pyrules.inputs.card_definitions import CardDefinition, FaceDefinition, Problem
from pyrules.inputs.reading import read_text
from pyrules.parser.mana_cost import parse_mana_cost
from pyrules.parser.type_line import parse_type_line


# Layouts whose faces are separate card faces in Scryfall's ``card_faces``.
_SPLIT_LIKE = {"split", "aftermath"}


# --------------------------------------------------------------------------------------------
# Record schemas: the one place where the fields of a card record are checked.
#
# Each field pyrules reads from a record maps to (the field's name in CardDefinition terms, what
# its value must be, what a value of another type does):
#   refuse    the record is refused: CardTextError naming the file, the record's index and its
#             name (the field decides what the card is: its name, layout, faces, printing; no card
#             can be built from the rest without guessing);
#   unparsed  the field is dropped and kept as a Problem (a ``card_unparsed/4`` fact), the card
#             keeps every other field (as for text the grammars cannot read).
# JSON null is the same as an absent field. Fields not listed are not read, whatever they hold.

_TEXT = "a text string"


_PRINTED = "a text string or an integer"   # printed values: MTGJSON v3 gives loyalty as an integer


_TEXTS = "a list of strings"


_OBJECTS = "a list of objects"


_REFUSE, _UNPARSED = "refuse", "unparsed"


_FACE_FIELDS = {"mana_cost": ("mana_cost", _TEXT, _UNPARSED), "type_line": ("type_line", _TEXT, _UNPARSED),
                "oracle_text": ("oracle_text", _TEXT, _UNPARSED), "color_indicator": ("color_indicator", _TEXTS, _UNPARSED),
                **{k: (k, _PRINTED, _UNPARSED) for k in ("power", "toughness", "loyalty", "defense")}}


_CAMEL_FACE_FIELDS = {"manaCost": ("mana_cost", _TEXT, _UNPARSED), "type": ("type_line", _TEXT, _UNPARSED),
                      "text": ("oracle_text", _TEXT, _UNPARSED), "colorIndicator": ("color_indicator", _TEXTS, _UNPARSED),
                      **{k: (k, _PRINTED, _UNPARSED) for k in ("power", "toughness", "loyalty", "defense")}}


#: Scryfall card object (and the compact Oracle records): card-level fields, then, for a card
#: without ``card_faces``, :data:`_FACE_FIELDS` of the object itself.
SCRYFALL_CARD = {"name": ("name", _TEXT, _REFUSE), "layout": ("layout", _TEXT, _REFUSE),
                 "card_faces": ("faces", _OBJECTS, _REFUSE), "promo_types": ("promo_types", _TEXTS, _REFUSE)}


#: One item of a Scryfall ``card_faces`` list.
SCRYFALL_FACE = {"name": ("name", _TEXT, _REFUSE), **_FACE_FIELDS}


#: One record of an MTGJSON v3 set file's ``cards`` (each face of a multi-face card is a record,
#: tied to the others by ``names``); :data:`_CAMEL_FACE_FIELDS` are its face fields.
MTGJSON3_CARD = {"name": ("name", _TEXT, _REFUSE), "names": ("names", _TEXTS, _REFUSE),
                 "layout": ("layout", _TEXT, _REFUSE)}


#: An MTGJSON v5 card record: card-level fields, then its ``faces`` or its own face fields.
MTGJSON5_CARD = {"name": ("name", _TEXT, _REFUSE), "layout": ("layout", _TEXT, _REFUSE),
                 "faces": ("faces", _OBJECTS, _REFUSE), "promoTypes": ("promo_types", _TEXTS, _REFUSE)}


#: One item of an MTGJSON v5 ``faces`` list.
MTGJSON5_FACE = {"faceName": ("name", _TEXT, _REFUSE), **_CAMEL_FACE_FIELDS}


_SURROGATE = re.compile("[\ud800-\udfff]")


_BAD = object()  # a field whose bad value was recorded as a Problem


def is_text(value: str) -> bool:
    """A string of text: no lone surrogate (JSON lets ``"\\ud800"`` through; no text encoding,
    clingo string or output stream can hold one) and no NUL (a clingo string ends at a NUL:
    ``"Sh\\u0000ock"`` would be the card ``"Sh"``)."""
    return "\x00" not in value and (value.isascii() or _SURROGATE.search(value) is None)


def _json_type(value: Any) -> str:
    """What a decoded JSON value is, in a few words (for messages; never the value itself)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "a number with a fraction"
    if isinstance(value, str):
        if is_text(value):
            return "a string"
        if "\x00" in value:
            return "a string holding a NUL character"
        return f"a string holding the lone surrogate U+{ord(_SURROGATE.search(value)[0]):04X}"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _shown(value: Any) -> str:
    """A bad value as the text of a Problem: strings as they are (lone surrogates escaped),
    integers in digits (at most 60), other values by their type."""
    if isinstance(value, str):
        if not is_text(value):
            value = value.replace("\x00", "\\x00").encode("utf-8", "backslashreplace").decode("utf-8")
        return value[:200]
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value) if value.bit_length() <= 200 else f"<an integer of about {int(value.bit_length() * 0.30103)} digits>"
    if isinstance(value, float):
        return repr(value)
    return f"<{_json_type(value)}>"


def _quote(name: str) -> str:
    return json.dumps(name[:80], ensure_ascii=not is_text(name))


@dataclass(frozen=True)
class _Where:
    """Which record of which file a value belongs to (for errors and Problem messages)."""

    source: str
    index: int | None
    name: str | None

    def label(self) -> str:
        """``record 3 ("Shock")``, ``record 3``, ``card "Shock"`` or ``record``."""
        if self.index is not None:
            return f"record {self.index}" + (f" ({_quote(self.name)})" if self.name is not None else "")
        return f"card {_quote(self.name)}" if self.name is not None else "record"

    def error(self, message: str) -> CardTextError:
        return CardTextError(f"{self.label()}: {message}", self.source)


def _name_of(rec: Any, key: str = "name") -> str | None:
    name = rec.get(key) if isinstance(rec, dict) else None
    return name if isinstance(name, str) and is_text(name) else None


def _conform(value: Any, kind: str) -> tuple[bool, Any]:
    """(True, the value as read) if ``value`` is ``kind``, else (False, what is wrong)."""
    if kind is _TEXT or kind is _PRINTED:
        if isinstance(value, str) and is_text(value):
            return True, value
        if kind is _PRINTED and isinstance(value, int) and not isinstance(value, bool):
            return True, str(value)
        return False, _json_type(value)
    if not isinstance(value, list):
        return False, _json_type(value)
    for i, item in enumerate(value):
        if not (isinstance(item, dict) if kind is _OBJECTS else isinstance(item, str) and is_text(item)):
            return False, f"a list whose item {i} is {_json_type(item)}"
    return True, value


def _check(rec: dict[str, Any], schema: dict[str, tuple[str, str, str]], where: _Where, face: int,
           problems: list[Problem], prefix: str = "") -> dict[str, Any]:
    """The fields of ``schema`` read from ``rec``: ``{field: value}`` (None if absent or null,
    :data:`_BAD` if recorded as a Problem of ``face``).

    Raises:
        CardTextError: a ``refuse`` field of the wrong type, naming file, record and field.
    """
    out: dict[str, Any] = {}
    for key, (name, kind, on_bad) in schema.items():
        value = rec.get(key)
        if value is None:
            out[name] = None
            continue
        ok, got = _conform(value, kind)
        if ok:
            out[name] = got
            continue
        what = f"{prefix}{key} must be {kind}, not {got}"
        if on_bad is _REFUSE:
            raise where.error(what)
        problems.append(Problem(face, name, _shown(value), f"{where.source}: {where.label()}: {what}"))
        out[name] = _BAD
    return out


def _face(index: int, f: dict[str, Any], card_name: str, problems: list[Problem], source: str,
          indicator_stated: bool = False) -> FaceDefinition:
    """One face from its checked fields (:func:`_check`)."""
    cost, type_line, text = f.get("mana_cost"), f.get("type_line"), f.get("oracle_text")
    mana_cost = None
    if cost and cost is not _BAD:
        try:
            # A printed cost keeps symbols no CR rule defines ({D}, {L}) as ``nonstandard``; they
            # have no mana value (card_facts records them as card_unparsed, so none is guessed).
            mana_cost = parse_mana_cost(cost, f"{source}: {card_name}: mana cost", allow_nonstandard=True)
        except CardTextError as err:
            problems.append(Problem(index, "mana_cost", cost, str(err)))
    parsed_type = None
    if type_line is _BAD:
        pass  # recorded by _check
    elif type_line:
        try:
            parsed_type = parse_type_line(type_line, f"{source}: {card_name}: type line")
        except CardTextError as err:
            problems.append(Problem(index, "type_line", type_line, str(err)))
    elif type_line is not None or index == 1:
        problems.append(Problem(index, "type_line", "", "face has no type line"))
    # else: a later face with no type line at all (the "(cont'd)" back of a double-faced minigame
    # insert, Scryfall layout double_faced_token) prints none: it has no types, nothing is unread.
    printed = [None if f.get(k) is _BAD else f.get(k) for k in ("power", "toughness", "loyalty", "defense")]
    indicator = f.get("color_indicator")
    return FaceDefinition(index, f.get("name") or "", mana_cost, parsed_type,
                          "" if text is _BAD else text or "", *printed, card_name=card_name,
                          color_indicator=tuple(indicator) if isinstance(indicator, list) else (),
                          color_indicator_stated=indicator_stated and indicator is not _BAD)


def _card(where: _Where, card: dict[str, Any], faces: list[dict[str, Any]], problems: list[Problem],
          indicator_stated: bool = False) -> CardDefinition:
    """``indicator_stated``: the record's format gives a face's color indicator whenever it has one
    (Scryfall's ``color_indicator``, MTGJSON 5's ``colorIndicator``), so its absence means none (202.2e)."""
    name = card["name"]
    return CardDefinition(name, card.get("layout") or "normal",
                          [_face(i, f, name, problems, where.source, indicator_stated) for i, f in enumerate(faces, start=1)],
                          where.source, tuple(card.get("promo_types") or ()), problems)


def _named(card: dict[str, Any], where: _Where) -> None:
    if card["name"] is None:
        raise where.error('no "name" (a card record needs the card\'s name, a string)')


def _scryfall_card(obj: dict[str, Any], where: _Where) -> CardDefinition:
    problems: list[Problem] = []
    card = _check(obj, SCRYFALL_CARD, where, 0, problems)
    _named(card, where)
    if card["faces"]:
        faces = [_check(f, SCRYFALL_FACE, where, i, problems, f"card_faces[{i - 1}].")
                 for i, f in enumerate(card["faces"], start=1)]
    else:
        faces = [{**_check(obj, _FACE_FIELDS, where, 1, problems), "name": card["name"]}]
    return _card(where, card, faces, problems, indicator_stated=True)


def _mtgjson5_card(rec: dict[str, Any], where: _Where) -> CardDefinition:
    problems: list[Problem] = []
    card = _check(rec, MTGJSON5_CARD, where, 0, problems)
    _named(card, where)
    if card["faces"]:
        faces = [_check(f, MTGJSON5_FACE, where, i, problems, f"faces[{i - 1}].")
                 for i, f in enumerate(card["faces"], start=1)]
    else:
        faces = [{**_check(rec, _CAMEL_FACE_FIELDS, where, 1, problems), "name": card["name"]}]
    return _card(where, card, faces, problems, indicator_stated=True)


def _not_a_record(rec: Any, where: _Where) -> CardTextError:
    return where.error(f"not a card record (an object) but {_json_type(rec)}")


def card_from_scryfall(obj: dict[str, Any], source: str = "<string>", record: int | None = None) -> CardDefinition:
    """Build a :class:`CardDefinition` from one Scryfall card object (or a compact record of one),
    its fields checked by :data:`SCRYFALL_CARD` / :data:`SCRYFALL_FACE`.

    Args:
        obj: the decoded record.
        source: the file it came from (for messages).
        record: its index in that file, if known (for messages).

    Raises:
        CardTextError: not an object, no ``name``, or a field the schema refuses (see above),
            naming ``source``, the record and the field.
    """
    where = _Where(source, record, _name_of(obj))
    if not isinstance(obj, dict):
        raise _not_a_record(obj, where)
    return _scryfall_card(obj, where)


def _mtgjson3_cards(records: list[Any], source: str) -> Iterator[CardDefinition]:
    """MTGJSON v3: each face of a multi-face card is its own record, tied by ``names``. Every
    record is checked (:data:`MTGJSON3_CARD`) before any card is built."""
    checked: list[tuple[_Where, dict[str, Any], dict[str, Any], list[Problem]]] = []
    for i, rec in enumerate(records):
        where = _Where(source, i, _name_of(rec))
        if not isinstance(rec, dict):
            raise _not_a_record(rec, where)
        problems: list[Problem] = []
        card = _check(rec, MTGJSON3_CARD, where, 0, problems)
        _named(card, where)
        face = {**_check(rec, _CAMEL_FACE_FIELDS, where, 1, problems), "name": card["name"]}
        checked.append((where, card, face, problems))
    by_name = {card["name"]: (face, problems) for _, card, face, problems in checked}
    seen: set[tuple[str, ...]] = set()
    for where, card, face, problems in checked:
        names = tuple(card["names"] or ())
        if not names:
            yield _card(where, card, [face], problems)
            continue
        if names in seen:
            continue
        seen.add(names)
        faces, all_problems = [], []
        for k, n in enumerate(names, start=1):
            f, probs = by_name.get(n, ({"name": n}, []))
            faces.append(f)
            all_problems += [replace(p, face=k) if p.face else p for p in probs]
        full = " // ".join(names)
        yield _card(_Where(source, where.index, full), {**card, "name": full}, faces, all_problems)


def cards_from_json(data: Any, source: str = "<string>", record: int | None = None) -> Iterator[CardDefinition]:
    """Yield the card definitions in already-decoded JSON ``data``.

    Accepts a Scryfall card object, a list of them (Scryfall search results, the compact Oracle
    files), a Scryfall list object (``{"object": "list", "data": [...]}``), an MTGJSON v3 set file
    (``{"cards": [...]}``) or a list of MTGJSON v5 card records (``manaCost``/``faces`` fields).
    Each record's fields are checked by its format's schema (:data:`SCRYFALL_CARD`,
    :data:`MTGJSON3_CARD`, :data:`MTGJSON5_CARD`): a bad value of a text field becomes a
    :class:`Problem` (``card_unparsed``), one of a field that decides what the card is refuses the
    record. Cards are yielded in order up to the first refused record.

    Args:
        data: decoded JSON (any value: nothing in it can make this raise another exception).
        source: the file ``data`` came from (for messages).
        record: the index of ``data`` in its file when the caller took one record from a list.

    Raises:
        CardTextError: ``data`` is none of these shapes, or a record is refused: the message
            names ``source``, the record's index and name, and the field, e.g.
            ``cards.json: record 3 ("Shock"): card_faces must be a list of objects, not int``.
    """
    if isinstance(data, dict) and data.get("object") == "list":
        data = data.get("data")
        if not isinstance(data, list):
            raise CardTextError(f'a Scryfall list object whose "data" is {_json_type(data)}, not a list of cards',
                                source)
    if isinstance(data, dict) and "cards" in data:  # (a set file has a "name" too: the set's)
        if not isinstance(data["cards"], list):
            raise CardTextError(f'an MTGJSON set file whose "cards" is {_json_type(data["cards"])}, '
                                "not a list of card records", source)
        yield from _mtgjson3_cards(data["cards"], source)
        return
    if isinstance(data, dict) or record is not None:  # one record of a list: refused with its index
        yield _record_card(data, source, record)
        return
    if not isinstance(data, list):
        raise CardTextError(f"expected a card object, a list of cards or an MTGJSON set file, not {_json_type(data)}",
                            source)
    for i, rec in enumerate(data):
        yield _record_card(rec, source, i)


def _record_card(rec: Any, source: str, index: int | None) -> CardDefinition:
    """One record of a list: an MTGJSON v5 record (``manaCost``/``faces``/``faceName``) or a
    Scryfall card object."""
    where = _Where(source, index, _name_of(rec))
    if not isinstance(rec, dict):
        raise _not_a_record(rec, where)
    if "manaCost" in rec or "faces" in rec or "faceName" in rec:
        return _mtgjson5_card(rec, where)
    return _scryfall_card(rec, where)


def decode_card_json(text: str, source: str) -> Any:
    """Decode the text of a JSON card file.

    Raises:
        CardTextError: invalid JSON (line and column), an integer of more digits than Python
            reads (4300; line and column), or nesting deeper than the decoder's recursion limit.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise CardTextError(f"invalid JSON: {err.msg}", source, err.lineno, err.colno) from None
    except RecursionError:
        raise CardTextError("JSON nested too deeply (about a thousand levels of [ and {; "
                            "card records need a handful)", source) from None
    except ValueError:  # int_max_str_digits: an integer literal of thousands of digits
        m = re.search(r"\d{%d,}" % (sys.get_int_max_str_digits() or 4300), text)
        line = column = None
        if m is not None:
            line = text.count("\n", 0, m.start()) + 1
            column = m.start() - text.rfind("\n", 0, m.start())
        raise CardTextError(f"an integer of more than {sys.get_int_max_str_digits() or 4300} digits "
                            "(numbers in card data have a few)", source, line, column) from None


def load_cards(path: str | Path, names: Iterable[str] | None = None) -> list[CardDefinition]:
    """Read card definitions from a JSON file (any shape :func:`cards_from_json` accepts).

    The whole file is refused at its first refused record (:func:`cards_from_json`): the cards
    of a file answer questions (solve, ask, the API), and a card missing from them could change
    an answer (a token of the same name would stand in for it, 108.2b). Commands that examine a
    file rather than answer from it — ``pyrules cards parse``, ``cards coverage`` and the card
    checks of ``pyrules check`` — report every refused record and go on with the others.

    Args:
        path: a JSON file in one of the shapes :func:`cards_from_json` accepts.
        names: if given, keep only cards with these full names (records of other names are not
            read; a record whose name cannot be read is, and is refused).

    Raises:
        CardTextError: unreadable file, invalid JSON (with line and column), or a refused record
            (file, record index and name).
    """
    path = Path(path)
    text = read_text(path, "card file", CardTextError)  # regular files only, bounded, UTF-8 located
    data = decode_card_json(text, str(path))
    wanted = set(names) if names is not None else None
    if wanted is None or not isinstance(data, list):
        return [c for c in cards_from_json(data, str(path)) if wanted is None or c.name in wanted]
    # Scryfall lists and MTGJSON v5 records: don't read the text of cards nobody asked for.
    return [card for i, rec in enumerate(data)
            if not isinstance(rec, dict) or not isinstance(rec.get("name"), str) or rec["name"] in wanted
            for card in (_record_card(rec, str(path), i),) if card.name in wanted]


def card_with_face(paths: Iterable[str | Path], face_name: str) -> str | None:
    """The full name of the first card of the JSON card files ``paths`` that has a face named
    ``face_name`` (a transforming card's back face, a split card's half: 712.1, 709.1), or None. For
    an error's hint only: records are looked at, not read as cards, and an unreadable file is passed
    over (the error that asks has its own cause)."""
    return _card_hint(paths, face_name)[0]


def card_name_hints(paths: Iterable[str | Path], name: str) -> tuple[str | None, str | None]:
    """For an unknown card ``name``, in one scan of the JSON card files ``paths``: (the card with a
    face so named, :func:`card_with_face`; else the closest card name, a misspelling's: "Lightning
    Blot" -> "Lightning Bolt", or None). For an error's hint only."""
    return _card_hint(paths, name)


def _card_hint(paths: Iterable[str | Path], name: str) -> tuple[str | None, str | None]:
    """(the card with a face named ``name``, the closest card name) over the JSON files ``paths``."""
    import difflib

    names: list[str] = []
    for path in paths:
        if not str(path).lower().endswith(".json"):
            continue
        try:
            data = decode_card_json(read_text(Path(path), "card file", CardTextError), str(path))
        except CardTextError:
            continue
        for rec in data if isinstance(data, list) else ():
            if not isinstance(rec, dict) or not isinstance(rec.get("name"), str):
                continue
            names.append(rec["name"])
            faces = rec.get("card_faces")
            if isinstance(faces, list) and any(isinstance(f, dict) and f.get("name") == name for f in faces):
                return rec["name"], None
    close = difflib.get_close_matches(name, names, n=1, cutoff=0.8)
    return None, (close[0] if close else None)


def cards_from_text(text: str, source: str = "<plain card>") -> list[CardDefinition]:
    """Card definitions from pyrules' plain-text card format (grammar ``parser/plain_card.lark``):
    per card a name line, an optional mana-cost line, a type line, Oracle text lines and an
    optional last line ``P/T``, ``Loyalty: N`` or ``Defense: N``; ``//`` lines between faces,
    blank lines between cards, ``# comments``, an optional first line ``Layout: <name>``.

    Raises:
        CardTextError: the text does not follow the format (with line and column).
    """
    from pyrules.parser.plain_card import plain_card_records

    return [card_from_scryfall(rec, source, i) for i, rec in enumerate(plain_card_records(text, source))]


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
