"""The builder's argument checks: every value a builder method takes is checked against its
annotation and must be an ASP name, or StateValueError names it."""

from __future__ import annotations

import collections.abc
import functools
import types
import typing

from clingo import Function, Symbol

from pyrules.asp_terms import is_asp_name, symbol_name
from pyrules.errors import StateValueError


#: The builder method and argument that make each input fact (schema.lp), for refusals that name
#: what the user gave: ``state_error(input_ignored(Fact, Why))`` of rules_asp/foundation/state_checks.lp.
INPUT_SOURCES = {
    "face_up": ("set_face_up", "face"), "face_down": ("set_face_down", "how"), "cast_face": ("add_object", "cast_face"), "fused": ("add_object", "fused"),
    "x_value": ("add_object", "x_value"), "predefined_token": ("add_predefined_token", "kind"),
    "counters": ("add_counters", "kind"), "doors_recorded": ("set_unlocked_doors", "obj"),
    "door_unlocked": ("set_unlocked_doors", "faces"), "tapped": ("tap", "obj"),
    "damage_marked": ("mark_damage", "obj"), "controlled_since_turn_began": ("controlled_since_turn_began", "obj"),
    "regeneration_shield": ("regeneration_shield", "obj"), "on_an_adventure": ("send_on_adventure", "obj"),
    "top_of_library": ("set_top_of_library", "obj"), "zone_replacement": ("replace_zone_change", "from_zone"),
    "designation": ("designate", "designation"), "controller": ("add_object", "controller"),
    "had_first_or_double_strike": ("set_combat_damage_step", "had_first_or_double_strike"),
    "melded_from": ("set_melded_from", "obj"), "emblem": ("emblem_card", "obj"),
    "counter_event": ("counter", "spell"), "resolve_event": ("resolve", "spell"),
    "begins_to_resolve": ("begin_resolving", "spell"), "cast_event": ("cast_spell", "spell"),
    "zone_change_event": ("move", "obj"), "destroy_event": ("destroy", "target"),
    "toughness_modifier": ("modify_toughness", "obj"), "cant_be_regenerated": ("cant_be_regenerated", "obj"),
    "triggered_at": ("record_trigger", "ability"), "library_position": ("set_library_order", "objects"),
    "payment_asked": ("ask_payment", "obj"), "commander_casts": ("designate_commander", "casts_from_command_zone"),
    "spell_cost_reduction_symbol": ("cost_reduction_symbols", "mana_cost"),
}


def input_refusal(error: Symbol) -> StateValueError | None:
    """The error for a state_error ``input_ignored(Fact, Why)`` (rules_asp/foundation/state_checks.lp): one line
    naming the builder method and argument that gave ``Fact`` and why no rule reads it there;
    None for any other state error."""
    if error.type != error.type.Function or error.name != "input_ignored" or len(error.arguments) != 2:
        return None
    fact, why = error.arguments
    method, argument = INPUT_SOURCES.get(fact.name, (fact.name, None))
    where = f"{method}: {argument} " if argument else f"{method}: "
    err = StateValueError(f"{where}given as {fact} is read by no rule there: {why} "
                          "(refused rather than ignored)", argument)
    err.method, err.fact = method, fact  # for callers that locate the input (pyrules.facts.scenario)
    return err


#: Smallest and largest whole number clingo can hold (32-bit signed).
CLINGO_INT_MIN, CLINGO_INT_MAX = -2 ** 31, 2 ** 31 - 1


def _conforms(value, hint, argument: str, method: str) -> None:
    """Raise StateValueError unless ``value`` fits type hint ``hint`` (int in clingo's range)."""
    if hint is str and type(value) is str and value and "\x00" not in value and (value.isascii() or _encodable(value)):
        return  # the common cases first: this runs on every call
    if hint is int and type(value) is int and CLINGO_INT_MIN <= value <= CLINGO_INT_MAX:
        return

    def fail(what: str) -> None:
        raise StateValueError(f"{method}: {argument} must be {what}, not {value!r}", _argument_name(argument))

    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is type(None):
        if value is not None:
            fail("None")
    elif origin in (typing.Union, types.UnionType):
        errors = []
        for option in args:
            try:
                _conforms(value, option, argument, method)
                return
            except StateValueError as err:
                errors.append(err)
        if len(args) == 2 and type(None) in args:  # Optional[X]: X's own message
            raise errors[0] if args[0] is not type(None) else errors[1]
        raise StateValueError(f"{method}: {argument} must be "
                              f"{' or '.join(getattr(a, '__name__', str(a)) for a in args)}, not {value!r}",
                              _argument_name(argument))
    elif hint is bool:
        if not isinstance(value, bool):
            fail("true or false")
    elif hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            fail("a whole number")
        if not CLINGO_INT_MIN <= value <= CLINGO_INT_MAX:
            raise StateValueError(f"{method}: {argument} = {value} is out of range (clingo's numbers are "
                                  f"32-bit: {CLINGO_INT_MIN} to {CLINGO_INT_MAX})", _argument_name(argument))
    elif hint is str:  # ids may also be given as clingo symbols (ability_effect(), extra_cost(); ident())
        if isinstance(value, Symbol):
            name = _argument_name(argument)
            if name not in _SYMBOL_ARGUMENTS:
                fail("text (a clingo symbol is accepted only for the id of a player, object, effect or event)")
            if name in _NEW_IDS.get(method, ()) or (method, name) == ("add_player", "player"):
                fail("text (a new player's or object's id is text: the answers name objects by it)")
        elif not isinstance(value, str):
            fail("text")
        elif not _encodable(value):
            fail("text that can be written as UTF-8 (no lone surrogate)")
        elif "\x00" in value:
            fail("text without a NUL character (clingo's strings end at one)")
        elif not value and _argument_name(argument) in _SYMBOL_ARGUMENTS:
            fail("a non-empty id")
    elif hint is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            fail("a number")
    elif origin is collections.abc.Callable:
        if not callable(value):
            fail("a function")
    elif origin in (dict, collections.abc.Mapping):
        if not isinstance(value, dict):
            fail("a table (mapping)")
        for k, v in value.items():
            _conforms(k, args[0], f"{argument} key", method)
            _conforms(v, args[1], f"{argument}[{k!r}]", method)
    elif origin in (list, tuple, collections.abc.Iterable, collections.abc.Sequence):
        if isinstance(value, (str, bytes, dict)) or not isinstance(value, collections.abc.Iterable):
            fail("a list")
        if args and args[-1] is not Ellipsis:
            for item in value:
                _conforms(item, args[0], f"an item of {argument}", method)
    elif isinstance(hint, type) and not isinstance(value, hint):
        fail(f"a {hint.__name__}")


def _encodable(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8 (clingo's strings): no lone surrogate."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _argument_name(argument: str) -> str:
    """The parameter an argument label names: ``an item of targets`` -> ``targets``,
    ``objects key`` / ``objects['x']`` -> ``objects``."""
    return argument.removeprefix("an item of ").split(" ")[0].split("[")[0]


#: Builder parameters that name an existing player, object, or either (by parameter name);
#: a list/tuple/dict argument names one in each item (each key).
_PLAYER_ARGUMENTS = frozenset({"player", "active_player", "priority", "controller", "owner"})


_OBJECT_ARGUMENTS = frozenset({"obj", "spell", "original", "copy", "only_object", "blocker", "attacker",
                               "battle", "counted", "had_first_or_double_strike", "splice",
                               "objects", "discards"})


_EITHER_ARGUMENTS = frozenset({"recipient", "target", "attacked", "targets", "attacks", "blocks", "assignments"})


#: Mapping arguments whose keys and values are both ids (then_declare_attackers, then_declare_blockers).
_PAIR_ARGUMENTS = frozenset({"attacks", "blocks"})
#: Mapping arguments of ids to mappings whose keys are ids too (then_combat_damage's assignments).
_NESTED_ARGUMENTS = frozenset({"assignments"})


#: Per method: arguments that are new ids (not references), or that may also name a player.
_NEW_IDS = {"add_object": {"obj"}, "add_marker": {"obj"}, "add_token": {"obj"},
            "add_predefined_token": {"obj"}, "add_token_by_name": {"obj"}, "add_card_copy": {"obj"}}


_EITHER_OVERRIDES = {("designate", "obj"), ("destroy", "target")}


#: An effect's ``source=`` is a label (it may name no object of the state); damage's source is one.
_OBJECT_OVERRIDES = {("deal_damage", "source")}


#: Builder parameters that may be given as a clingo symbol instead of text: the ids of players,
#: objects, effects, events, proposals and extra costs (:func:`ident`; :func:`ability_effect`,
#: :func:`extra_cost`). Any other text parameter is a name or a term and must be text.
_SYMBOL_ARGUMENTS = _PLAYER_ARGUMENTS | _OBJECT_ARGUMENTS | _EITHER_ARGUMENTS | frozenset({
    "effect", "event", "proposal", "source", "ability", "condition", "additional_costs", "alternative_costs"})


#: Game-wide trackers :meth:`GameState.destroy` may name instead of an object.
_TRACKERS = frozenset({"monarch", "initiative", "day", "night"})


def _references(method: str, given: dict) -> list[tuple[str, str, str, str]]:
    """The (method, argument, id, kind) references of one builder call; kind is
    ``player``, ``object`` or ``either``."""
    out = []
    new_ids = _NEW_IDS.get(method, ())
    for argument, value in given.items():
        if argument in new_ids or value is None:
            continue
        if argument in _PLAYER_ARGUMENTS:
            kind = "player"
        elif (method, argument) in _EITHER_OVERRIDES or argument in _EITHER_ARGUMENTS:
            kind = "either"
        elif argument in _OBJECT_ARGUMENTS or (method, argument) in _OBJECT_OVERRIDES:
            kind = "object"
        else:
            continue
        if isinstance(value, dict) and argument in _NESTED_ARGUMENTS:  # {creature: {recipient: N}}
            items = [*value.keys(), *(r for inner in value.values() if isinstance(inner, dict) for r in inner)]
        else:
            items = ([*value.keys(), *value.values()] if isinstance(value, dict) and argument in _PAIR_ARGUMENTS
                     else value if isinstance(value, (list, tuple, set, dict)) else (value,))
        out += [(method, argument, item, kind) for item in items if isinstance(item, str)]
    return out


def _reference_known(ref: tuple[str, str, str, str], players: set, objects: set) -> bool:
    method, _argument, name, kind = ref
    if kind == "player":
        return name in players
    if kind == "object":
        return name in objects
    return name in players or name in objects or (method == "destroy" and name in _TRACKERS)


def _unknown_reference(ref: tuple[str, str, str, str], players: set, objects: set) -> StateValueError:
    """The error for a reference to an unknown id, with the closest known id of that kind."""
    import difflib

    method, argument, name, kind = ref
    known = {"player": players, "object": objects}.get(kind, players | objects)
    what = {"player": "a player", "object": "an object"}.get(kind, "a player or an object")
    # ids may be clingo symbols (ident(), a Number): compared as the text they stand for
    known = sorted({k if isinstance(k, str) else symbol_name(k) for k in known})
    text = name if isinstance(name, str) else symbol_name(name)
    close = difflib.get_close_matches(text, known, n=1, cutoff=0.5) or [
        k for k in known if k.lower() == text.lower()]
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return StateValueError(f"{method}: {argument} {name!r} is not {what} of this state{hint}", argument)


_clingo_function = Function


class _NotAnAspName(Exception):
    """Raised by the builder's :func:`Function` for a name that is no ASP name."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _asp_name(name: str) -> bool:
    """Whether ``name`` may be a function/constant name of a fact (``combat_damage``; not
    ``combat damage``, ``Instant``, ``été``): :func:`pyrules.asp_terms.is_asp_name`, the one check
    card facts, CR facts and the builder share; ``""`` (a tuple) is one too."""
    return not name or is_asp_name(name)


def Function(name: str, arguments=(), positive: bool = True) -> Symbol:  # noqa: N802 (clingo's name)
    """``clingo.Function`` for the builder: a name that is no ASP name is refused where it enters
    (:class:`_NotAnAspName`, turned into a :class:`pyrules.errors.StateValueError` naming the
    argument by the method wrapper), so no symbol of the state has a name clingo would print as
    something else."""
    if not _asp_name(name):
        raise _NotAnAspName(name)
    return _clingo_function(name, arguments, positive)


def _unexpected(sig, kwargs: dict) -> str | None:
    """The first keyword of ``kwargs`` that signature ``sig`` has no parameter for, or None."""
    return next((k for k in kwargs if k not in sig.parameters), None)


def checked_arguments(fn):
    """Wrap a public function or method outside the builder (:class:`pyrules.api.KnowledgeBase`)
    so that its arguments are checked against its annotations as the builder's are
    (:func:`_conforms`): a missing or unexpected argument, or a value of the wrong type, raises
    :class:`pyrules.errors.StateValueError` naming the argument, before the function runs. An
    iterator argument is read into a tuple first (checking it must not consume it)."""
    import inspect

    sig = inspect.signature(fn)
    hints: dict | None = None

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        nonlocal hints
        if hints is None:
            hints = typing.get_type_hints(fn)
        try:
            bound = sig.bind(*args, **kwargs)
        except TypeError as err:
            raise StateValueError(f"{fn.__qualname__}: {err}", _unexpected(sig, kwargs)) from None
        for name, value in bound.arguments.items():
            if name in hints and name != "return":
                if isinstance(value, collections.abc.Iterator):
                    value = bound.arguments[name] = tuple(value)
                _conforms(value, hints[name], name, fn.__qualname__)
        return fn(*bound.args, **bound.kwargs)

    return wrapper


def _validated(fn):
    """Wrap builder method ``fn``: its arguments are checked against its annotations before it
    runs, and the facts it adds must be ASP terms; else :class:`pyrules.errors.StateValueError`
    naming the argument (the facts the call appended are withdrawn)."""
    import inspect

    sig = inspect.signature(fn)
    names = list(sig.parameters)[1:]  # after self; builder methods take no *args/**kwargs
    params = frozenset(names)
    required = [n for n in names if sig.parameters[n].default is inspect.Parameter.empty]
    required_set = frozenset(required)
    hints: dict | None = None

    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        nonlocal hints
        if hints is None:
            hints = typing.get_type_hints(fn)
        given = dict(zip(names, args))  # what sig.bind would give, without its cost
        if len(args) > len(names) or given.keys() & kwargs.keys() or not kwargs.keys() <= params:
            try:
                sig.bind(self, *args, **kwargs)
            except TypeError as err:
                raise StateValueError(f"{fn.__name__}: {err}", _unexpected(sig, kwargs)) from None
        given.update(kwargs)
        if not required_set <= given.keys():
            missing = [n for n in required if n not in given]
            raise StateValueError(f"{fn.__name__}: missing required argument {', '.join(missing)}", missing[0])
        if any(isinstance(v, collections.abc.Iterator) for v in given.values()):
            # A generator is read once: checking it would leave the method nothing (card_types lost).
            given = {n: tuple(v) if isinstance(v, collections.abc.Iterator) else v for n, v in given.items()}
            args, kwargs = (), given
        for name, value in given.items():
            if name in hints:
                _conforms(value, hints[name], name, fn.__name__)
        before = len(self.extra)
        try:
            result = fn(self, *args, **kwargs)
        except _NotAnAspName as bad:
            del self.extra[before:]
            word = bad.name
            argument = next((n for n, v in given.items() if (
                (isinstance(v, str) and word in (v, v.lower(), v.strip().lower().replace(" ", "_")))
                or (isinstance(v, (list, tuple, set)) and any(isinstance(x, str) and word in (x, x.lower())
                                                              for x in v)))), None)
            what = f"{argument}: " if argument else ""
            raise StateValueError(f"{fn.__name__}: {what}{word!r} is not an ASP name (lower-case letters, "
                                  "digits and _, starting with a letter)", argument) from None
        players, objects = self.players, self.objects
        for ref in _references(fn.__name__, given):  # unknown now: checked again when the facts are built
            if not _reference_known(ref, players, objects) and ref not in self.pending_references:
                self.pending_references.append(ref)
        return result

    return wrapper
