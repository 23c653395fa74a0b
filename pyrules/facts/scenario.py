"""Scenario files: a game situation in TOML that a judge can write without knowing ASP.

Read with :mod:`tomllib`. Shape::

    cards = ["cards.json"]             # card files (JSON, or plain text), relative to the scenario
    card_text = '''                   # cards defined inline, in the plain-text card format
    Shock
    {R}
    Instant
    Shock deals 2 damage to any target.
    '''

    [[players]]                        # GameState.add_player(...)
    player = "alice"

    [[objects]]                        # GameState.add_object(...)
    obj = "g1"
    card = "There // They're // Their"
    zone = "graveyard"
    owner = "alice"

    [[effects]]                        # builder-method names a GameState method; the other keys are its arguments
    builder-method = "allow_cast"
    effect = "sword"
    player = "alice"
    zone = "graveyard"
    card_types = ["instant", "sorcery"]
    mana_value_at_most = 2

    [[effects]]                        # a method with a parameter of its own called kind
    builder-method = "add_counters"
    obj = "x"
    kind = "+1/+1"
    number = 3

    [[events]]                         # GameState.then_cast(...): events after the state, in order
    kind = "cast"
    player = "alice"
    obj = "bolt"
    targets = ["bears"]

    [[events]]                         # GameState.then_resolve()
    kind = "resolve"

Keys are the builder methods' parameter names. Every ``[[effects]]`` entry calls the
:class:`pyrules.facts.state.GameState` method named by ``builder-method`` (``allow_cast``, ``search``,
``count``, ``discard``, …) with the remaining keys, so the scenario format grows with the state
builder; ``builder-method`` has a ``-``, so it is never a parameter name. The older spelling
``kind = "<method>"`` still works for methods without a ``kind`` parameter of their own (not for
``add_counters``, ``add_predefined_token``, ``grant_ability``, ``grant_keyword_counting``: write
``builder-method`` there and give ``kind`` its own meaning). Values are checked by the state builder
(types, 32-bit whole numbers, ASP names, step and phase names, players and objects that exist;
tables keyed by whole numbers such as ``pays = {1 = "colored(r)"}``). Errors name the file, the line
and the bad key.

``[[events]]`` (issue 15) lists what happens after the state, in order; a scenario with events is
answered step by step (:meth:`pyrules.api.KnowledgeBase.run`, ``pyrules ask``). Each entry's
``kind`` names the event and calls the ``GameState.then_<kind>`` method (:mod:`pyrules.facts.events`)
with the other keys as its arguments:

=====================  =====================================================================
``kind``               keys
=====================  =====================================================================
``cast``               ``player``, ``obj``, ``face`` (default 1), ``targets`` (object or player
                       ids), ``x``, ``modes`` (mode numbers of a modal spell) (601.2b-c, 700.2),
                       ``pay_with`` (the sources that pay its mana, 601.2g-h)
``activate``           ``player``, ``obj``, ``ability`` (its number, 1-based, as printed on the
                       object's face), ``targets``, ``pay_with`` (602.2)
``resolve``            the top object of the stack resolves (608.2); ``accepts`` / ``declines``: the
                       ability numbers whose "you may" its controller does / doesn't do (608.2d),
                       ``discards``: the cards a player chose to discard (701.9b), ``sacrifices``:
                       the creature sacrificed for "you may sacrifice another creature" (701.21a, 603.12)
``pass_priority``      none: the player with priority passes, the other player gets it (117.3d)
``play_land``          ``player``, ``obj``: a land played (116.2a, 305.1)
``unlock``             ``player``, ``obj``, ``face``: a Room door unlocked (709.5e)
``turn_face_up``       ``player``, ``obj``, ``cost`` (``morph``, ``megamorph``, ``disguise``, ``mana_cost``;
                       default: the way it was put face down): a face-down permanent turned face up
                       (116.2b, 702.37e, 701.40a)
``destroy``            ``obj`` (701.8a)
``sacrifice``          ``obj`` (701.21a)
``move``               ``obj``, ``zone`` (hand, graveyard, library, exile, battlefield, command; 400.3)
``declare_attackers``  ``attacks``: a table attacking creature -> the player or planeswalker it
                       attacks, ``attacks = {bears = "bob"}`` (508.1)
``declare_blockers``   ``blocks``: a table blocking creature -> the attacker it blocks,
                       ``blocks = {wall = "bears"}`` (509.1)
``combat_damage``      a combat damage step (first strike first, 510.4); ``assignments``: where the
                       controller chooses how a creature's damage is divided (among blockers, 510.1c;
                       a trampler's excess, 702.19b), ``assignments = {maw = {bears = 2, bob = 4}}``
``go_to``              ``step`` (upkeep, draw, precombat_main, beginning_of_combat, declare_attackers,
                       declare_blockers, combat_damage, end_of_combat, postcombat_main, end, cleanup)
``next_turn``          ``player``: whose turn begins (502.3)
=====================  =====================================================================

An object id may also name a token a resolving spell created (111.1): a table ``{token = "alarm"}``
(the spell), with ``ability``, ``description`` and ``number`` (each 1 by default;
:func:`pyrules.facts.events.token_id`), e.g. ``targets = [{token = "alarm", number = 2}]``.

The keys are the ``then_*`` method's parameters, so a new one is a key at once. An unknown
``kind`` or key, a missing argument or a value the builder refuses is an error naming
the file, the line and the column of the key (or of the ``[[events]]`` line). The ``then_*``
methods are not ``[[effects]]`` builder methods: events go under ``[[events]]``.
"""

from __future__ import annotations

import inspect
import sys
import tomllib
import types
import typing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Container

from pyrules.errors import PyrulesError, ScenarioError, StateValueError
from pyrules.facts.state import GameState
from pyrules.inputs.reading import read_text

_TOP_KEYS = {"cards", "card_text", "players", "objects", "effects", "events"}


@dataclass
class Scenario:
    """A scenario read from a file: its card data files and the game state."""

    path: Path
    card_files: list[Path]
    state: GameState
    text: str = ""
    inline_cards: list = field(default_factory=list)
    #: (section, index, method, arguments) of each [[objects]] and [[effects]] entry, in order.
    entries: list = field(default_factory=list)

    def locate(self, err: StateValueError) -> ScenarioError:
        """The scenario error, with the file and line of the entry that gave the input, for an input
        the rule base refused (``pyrules.facts.validation.input_refusal``: ``err.method``, ``err.fact``); the
        first entry calling that method, preferring one that names the fact's object."""
        method, fact = getattr(err, "method", None), getattr(err, "fact", None)
        named = str(fact.arguments[0]).strip('"') if fact is not None and fact.arguments else None
        found = [e for e in self.entries if e[2] == method]
        best = next((e for e in found if named in {str(v) for v in e[3].values()}), found[0] if found else None)
        if best is None:
            return ScenarioError(err.message, str(self.path))
        section, index, _, _ = best
        line = _key_line(self.text, section, index, err.argument) if err.argument else _line_of(self.text, section, index)
        column = _column(self.text, line, err.argument)
        return ScenarioError(f"[[{section}]] #{index + 1}: {err.message}", str(self.path), line, column)

    def check_cards(self, known: Container[str]) -> None:
        """Check that every card the state names (objects' cards, melded pairs' cards:
        :meth:`GameState.card_names`) is among ``known`` card names.

        Raises:
            ScenarioError: the first unknown card name (objects first, then in name order), with the
                ``[[objects]]``/``[[effects]]`` entry and line that names it.
        """
        ordered = [o.card for o in self.state.objects.values()] + sorted(self.state.card_names())
        for name in dict.fromkeys(ordered):
            if name not in known:
                # The entry is found through the TOML structure (the table that gave this card, then
                # its key's line), never by searching the text for the value: a TOML-escaped name
                # ("\u0085") does not appear in the text as the value reads.
                entry = next(((section, index, key) for section, index, _, arguments in self.entries
                              for key, value in arguments.items() if value == name), None)
                line = _key_line(self.text, *entry) if entry else None
                where = f"; [[{entry[0]}]] #{entry[1] + 1}, key {entry[2]}" if entry else ""
                from pyrules.inputs.cards import card_name_hints
                owner, close = card_name_hints(self.card_files, name)  # one scan of the files
                hint = (f"; it is a face of {owner!r}: name that card (712.1, 709.1)" if owner
                        else f"; did you mean {close!r}?" if close else "")
                raise ScenarioError(f"unknown card {name!r} (not in the scenario's card files{where}{hint})",
                                    str(self.path), *_pos(self.text, line, entry[2] if entry else None))


def _line_of(text: str, key: str, occurrence: int = 0) -> int | None:
    """1-based line of the ``occurrence``-th line that assigns ``key`` (or opens table ``[[key]]``)."""
    seen = 0
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        head = stripped.split("=", 1)[0].strip().strip('"')
        if head == key or stripped in (f"[[{key}]]", f"[{key}]"):
            if seen == occurrence:
                return number
            seen += 1
    return None


#: The ``[[effects]]`` key naming the builder method (a ``-``: never a Python parameter name).
METHOD_KEY = "builder-method"


def _key_line(text: str, section: str, index: int, key: str) -> int | None:
    """1-based line of ``key`` inside the ``index``-th ``[[section]]`` table, else that table's line."""
    start = _line_of(text, section, index)
    if start is None:
        return None
    for number, line in enumerate(text.splitlines()[start:], start=start + 1):
        stripped = line.strip()
        if stripped.startswith("["):
            break
        if stripped.split("=", 1)[0].strip().strip('"') == key:
            return number
    return start


#: The prefix of the ``GameState`` methods that add an event (:mod:`pyrules.facts.events`).
EVENT_PREFIX = "then_"


def _builder_methods() -> dict[str, inspect.Signature]:
    return {name: inspect.signature(fn) for name, fn in inspect.getmembers(GameState, inspect.isfunction)
            if not name.startswith(("_", EVENT_PREFIX))
            and name not in ("facts", "card_names", "add_player", "add_object")}


def format_text() -> str:
    """The scenario format as ``pyrules ask --format`` prints it: this module's description, then every
    ``[[effects]]`` builder method and every ``[[events]]`` kind with its keys (the method's parameters,
    ``=`` its default where it has one) and the first line of its docstring: read off
    :class:`pyrules.facts.state.GameState`, so it lists every key the loader takes."""
    def keys(sig: inspect.Signature) -> str:
        return ", ".join(name if p.default is inspect.Parameter.empty else f"{name} = {p.default!r}"
                         for name, p in sig.parameters.items() if name != "self")

    def first_line(fn) -> str:
        doc = inspect.getdoc(fn) or ""
        return " ".join(doc.split("\n\n", 1)[0].split())

    lines = [inspect.getdoc(sys.modules[__name__]) or "", "", "[[players]] keys: " + keys(inspect.signature(GameState.add_player)),
             "[[objects]] keys: " + keys(inspect.signature(GameState.add_object)), "",
             "[[effects]] builder methods (builder-method = \"<method>\"; the other keys are its arguments):"]
    for name, sig in sorted(_builder_methods().items()):
        lines += [f"  {name}: {keys(sig)}", f"      {first_line(getattr(GameState, name))}"]
    lines += ["", "[[events]] kinds (kind = \"<kind>\"; the other keys are its arguments):"]
    for kind in event_kinds():
        fn = getattr(GameState, EVENT_PREFIX + kind)
        lines += [f"  {kind}: {keys(inspect.signature(fn))}", f"      {first_line(fn)}"]
    return "\n".join(lines)


def event_kinds() -> tuple[str, ...]:
    """The ``kind`` values of ``[[events]]`` entries: the ``GameState.then_<kind>`` methods, sorted."""
    return tuple(sorted(name.removeprefix(EVENT_PREFIX) for name, _ in inspect.getmembers(GameState, inspect.isfunction)
                        if name.startswith(EVENT_PREFIX)))


def _column(text: str, line: int | None, key: str | None) -> int | None:
    """1-based column of ``key`` (bare or quoted) on line ``line`` of ``text``, else of the line's
    first character that is not a space (a table header ``[[events]]``)."""
    if line is None:
        return None
    row = text.splitlines()[line - 1]
    if key is not None:
        for spelled in (key, f'"{key}"', f"'{key}'"):
            at = row.find(spelled)
            if at >= 0 and row[at + len(spelled):].lstrip().startswith("="):
                return at + 1
    return len(row) - len(row.lstrip()) + 1



def _pos(text: str, line: int | None, key: str | None = None) -> tuple[int | None, int | None]:
    """``(line, column)`` of ``key`` on ``line`` (:func:`_column`; a table's header: its first character)."""
    return line, _column(text, line, key)


def _int_keyed(hint) -> bool:
    """Whether type hint ``hint`` is ``dict[int, ...]`` (or an optional one)."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return any(_int_keyed(h) for h in typing.get_args(hint))
    return typing.get_origin(hint) is dict and typing.get_args(hint)[:1] == (int,)


def _whole_number_keys(fn, entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` with the keys of tables for ``dict[int, ...]`` parameters read as whole numbers:
    TOML keys are always strings (``pays = {1 = "colored(r)"}``). Other keys stay as written
    (the builder refuses them, naming the argument)."""
    try:
        hints = typing.get_type_hints(fn)
    except Exception:  # noqa: BLE001 (no usable annotations: nothing to convert)
        return entry
    out = dict(entry)
    for name, value in entry.items():
        if isinstance(value, dict) and _int_keyed(hints.get(name)):
            out[name] = {int(k) if isinstance(k, str) and k.strip().removeprefix("-").isdigit() else k: v
                         for k, v in value.items()}
    return out


def _call(label: str, text: str, section: str, index: int, fn, entry: dict[str, Any], columns: bool = True) -> None:
    """Call builder method ``fn`` with the keys of the ``index``-th ``[[section]]`` entry; an error
    names the file and the line of the bad key (or of the entry), and with ``columns`` its column."""
    def where(key: str | None = None) -> tuple[int | None, int | None]:
        line = _key_line(text, section, index, key) if key else _line_of(text, section, index)
        return line, (_column(text, line, key) if columns else None)

    sig = inspect.signature(fn)  # fn is a bound method: no self
    entry = _whole_number_keys(fn, entry)
    params = list(sig.parameters)
    for key in entry:
        if key not in params:
            expected = f"expected one of {', '.join(params)}" if params else "it takes no keys"
            raise ScenarioError(f"[[{section}]] #{index + 1}: unknown key {key!r} ({expected})",
                                label, *where(key))
    try:
        sig.bind(**entry)
    except TypeError as err:
        raise ScenarioError(f"[[{section}]] #{index + 1}: {err}", label, *where()) from None
    try:
        fn(**entry)
    except StateValueError as err:  # names the argument: point at its key
        key = next((k for k in sorted(entry, key=len, reverse=True) if err.argument and k in err.argument), None)
        raise ScenarioError(f"[[{section}]] #{index + 1}: {err.message}" + (f" (key {key!r})" if key else ""),
                            label, *where(key)) from None
    except PyrulesError as err:
        raise ScenarioError(f"[[{section}]] #{index + 1}: {err.message}", label, *where()) from None
    except (TypeError, ValueError, AttributeError, OverflowError, RuntimeError) as err:
        raise ScenarioError(f"[[{section}]] #{index + 1}: bad value: {err}", label, *where()) from None


#: The keys of a table naming a token in an event (:func:`pyrules.facts.events.token_id`).
_TOKEN_KEYS = ("token", "ability", "description", "number")


def _token_ids(label: str, text: str, index: int, entry: dict[str, Any], kind: str = "") -> dict[str, Any]:
    """``entry`` (an ``[[events]]`` entry) with each table ``{token = "alarm", number = 2}`` given as an
    object id (``obj``, an item of ``targets`` or ``discards``) replaced by that token's id (111.1).

    Raises:
        ScenarioError: such a table with another key or a bad number, with the file and line.
    """
    from pyrules.facts.events import token_id

    def one(key: str, value):
        if not isinstance(value, dict):
            return value
        line = _key_line(text, "events", index, key)
        unknown = sorted(set(value) - set(_TOKEN_KEYS))
        if "token" not in value or unknown:
            raise ScenarioError(f"[[events]] #{index + 1}: {key}: a table names a token by its keys "
                                f"{', '.join(_TOKEN_KEYS)} (token required), not {sorted(value)}",
                                label, line, _column(text, line, key))
        if not isinstance(value["token"], str):
            raise ScenarioError(f"[[events]] #{index + 1}: {key}: token must be the id of the spell that created it",
                                label, line, _column(text, line, key))
        try:
            return token_id(value["token"], value.get("ability", 1), value.get("description", 1), value.get("number", 1))
        except StateValueError as err:
            raise ScenarioError(f"[[events]] #{index + 1}: {key}: {err.message}", label, line,
                                _column(text, line, key)) from None

    out = dict(entry)
    for key in ("obj", "targets", "discards"):
        if key not in out:
            continue
        if key == "targets" and kind == "put_triggers" and isinstance(out[key], dict):
            # then_put_triggers: a table from each source to the list of its ability's targets
            out[key] = {source: [one(key, v) for v in chosen] if isinstance(chosen, list) else chosen
                        for source, chosen in out[key].items()}
            continue
        out[key] = [one(key, v) for v in out[key]] if isinstance(out[key], list) else one(key, out[key])
    return out


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario TOML file into a :class:`Scenario`.

    Raises:
        ScenarioError: unreadable file, TOML syntax error (with line and column), unknown section
            or key, or a value the state builder refuses — with file and line.
    """
    path = Path(path)
    label = str(path)
    text = read_text(path, "scenario", ScenarioError)  # regular files only, bounded, UTF-8 located
    try:
        data = tomllib.loads(text)
    except RecursionError:
        raise ScenarioError("TOML nested too deeply", label) from None
    except tomllib.TOMLDecodeError as err:
        msg = str(err)
        line = col = None
        if "(at line " in msg:
            msg, _, where = msg.partition(" (at line ")
            parts = where.rstrip(")").split(", column ")
            line, col = int(parts[0]), int(parts[1]) if len(parts) > 1 else None
        raise ScenarioError(f"TOML syntax error: {msg}", label, line, col) from None
    for key in data:
        if key not in _TOP_KEYS:
            raise ScenarioError(f"unknown key {key!r} (expected {', '.join(sorted(_TOP_KEYS))})", label, *_pos(text, _line_of(text, key), key))
    cards = data.get("cards", [])
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise ScenarioError("'cards' must be a list of card data file names", label, *_pos(text, _line_of(text, "cards"), "cards"))
    for c in cards:
        if "\0" in c or not c:  # no file has such a name: say where, not only that it cannot be read
            raise ScenarioError(f"'cards': {c!r} is no file name ({'a NUL character in it' if c else 'empty'})",
                                label, *_pos(text, _line_of(text, "cards"), "cards"))
    for section in ("players", "objects", "effects", "events"):
        entries = data.get(section, [])
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            raise ScenarioError(f"'{section}' must be an array of tables: write each entry under [[{section}]]",
                                label, *_pos(text, _line_of(text, section), section))
    inline = []
    if "card_text" in data:
        from pyrules.inputs.cards import cards_from_text

        if not isinstance(data["card_text"], str):
            raise ScenarioError("'card_text' must be a string of plain-text cards", label, *_pos(text, _line_of(text, "card_text"), "card_text"))
        first = (_line_of(text, "card_text") or 1)
        try:
            inline = cards_from_text(data["card_text"], f"{label}: card_text")
        except PyrulesError as err:
            # The card text starts on the line after `card_text = """`.
            line = first + err.line if err.line is not None else first
            raise ScenarioError(f"card_text: {err.message}", label, line, err.column) from None
    state = GameState()
    for i, player in enumerate(data.get("players", [])):
        _call(label, text, "players", i, state.add_player, player)
    entries = []
    for i, obj in enumerate(data.get("objects", [])):
        _call(label, text, "objects", i, state.add_object, obj)
        entries.append(("objects", i, "add_object", dict(obj)))
    methods = _builder_methods()
    named_by: dict[tuple, tuple[str, int]] = {}  # a reference to a player/object not (yet) in the state -> its entry
    for i, effect in enumerate(data.get("effects", [])):
        effect = dict(effect)
        key = METHOD_KEY if METHOD_KEY in effect else "kind"
        method = effect.pop(key, None)
        if isinstance(method, str) and method.startswith(EVENT_PREFIX) and method.removeprefix(EVENT_PREFIX) in event_kinds():
            raise ScenarioError(f"[[effects]] #{i + 1}: {method} adds an event: write it under [[events]] with "
                                f"kind = \"{method.removeprefix(EVENT_PREFIX)}\"",
                                label, *_pos(text, _key_line(text, "effects", i, key), key))
        if not isinstance(method, str) or method not in methods:  # (a TOML table or array is unhashable)
            raise ScenarioError(f"[[effects]] #{i + 1}: {key} must be one of {', '.join(sorted(methods))} "
                                f"(a state builder method), not {method!r}",
                                label, *_pos(text, _key_line(text, "effects", i, key), key))
        if key == "kind" and "kind" in methods[method].parameters:
            raise ScenarioError(f"[[effects]] #{i + 1}: {method} has a parameter 'kind' of its own: name the method "
                                f"with {METHOD_KEY} = \"{method}\" and give kind its value",
                                label, *_pos(text, _key_line(text, "effects", i, "kind"), "kind"))
        known = set(state.pending_references)
        _call(label, text, "effects", i, getattr(state, method), effect)
        entries.append(("effects", i, method, effect))
        for ref in state.pending_references:
            if ref not in known:
                named_by.setdefault(ref, ("effects", i))
    kinds = event_kinds()
    for i, event in enumerate(data.get("events", [])):  # after every effect: the events follow the state
        event = dict(event)
        if "kind" not in event:
            line = _line_of(text, "events", i)
            raise ScenarioError(f"[[events]] #{i + 1}: no kind (one of {', '.join(kinds)})", label, line,
                                _column(text, line, None))
        kind = event.pop("kind")
        if not isinstance(kind, str) or kind not in kinds:  # (a TOML table or array is unhashable)
            line = _key_line(text, "events", i, "kind")
            raise ScenarioError(f"[[events]] #{i + 1}: kind must be one of {', '.join(kinds)}, not {kind!r}",
                                label, line, _column(text, line, "kind"))
        event = _token_ids(label, text, i, event, kind)
        known = set(state.pending_references)
        _call(label, text, "events", i, getattr(state, EVENT_PREFIX + kind), event, columns=True)
        entries.append(("events", i, EVENT_PREFIX + kind, event))
        for ref in state.pending_references:
            if ref not in known:
                named_by.setdefault(ref, ("events", i))
    try:  # ids an effect or event names must exist once every entry is read (a token may come later)
        state.check_references()
    except StateValueError as err:
        section, i = named_by.get(state.pending_references[0], ("effects", 0))
        line = _key_line(text, section, i, err.argument)
        raise ScenarioError(f"[[{section}]] #{i + 1}: {err.message} (key {err.argument!r})", label, line,
                            _column(text, line, err.argument)) from None
    return Scenario(path, [(path.parent / c) for c in cards], state, text, inline, entries)

