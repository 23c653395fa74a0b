"""Describe a game state in Python; it becomes the instance facts of ``rules_asp/schema.lp``.

Example::

    >>> state = GameState()
    >>> state.add_player("alice")
    >>> state.add_object("g1", "There // They're // Their", zone="graveyard", owner="alice")
    >>> state.allow_cast("sword", "alice", zone="graveyard",
    ...                  card_types=("instant", "sorcery"), mana_value_at_most=2)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Iterable

from clingo import Function, Number, String, Symbol

from pyrules.asp_terms import NotAnAspValue, is_asp_name, term_from_text
from pyrules.errors import QueryError, StateValueError

#: Zones of CR 400.1.
ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")
#: The casting methods, timing permissions and payments the rule base knows (schema.lp:
#: ``proposal_method/2``, ``proposal_timing/2``, ``proposal_pays/3``), for error messages.
CAST_METHODS = ("normal", "flashback", "without_paying_mana_cost", "alternative(K)", "morph", "megamorph",
                "disguise")
TIMINGS = ("sorcery_timing", "instant", "flash", "during_resolution", "as_though_flash(E)")
PAYMENTS = ("colored(C)", "generic(N)", "colorless", "life(2)")


def _term(method: str, argument: str, text: str, accepted: Iterable[str]) -> Symbol:
    """The ASP term ``text`` writes (an argument of builder ``method``), built from its checked
    parts (:func:`pyrules.asp_terms.term_from_text`: names, numbers, functions of them), never
    parsed by clingo.

    Raises:
        StateValueError: ``text`` is no such term; one line naming the argument and ``accepted``.
    """
    try:
        return term_from_text(text)
    except NotAnAspValue:
        raise StateValueError(f"{method}: {argument} {text!r} is not an ASP term "
                              f"(accepted: {', '.join(accepted)})", argument) from None


#: The proposal choices an effect may require (601.3b), as the rule base reads them
#: (rules_asp/as_though.lp could_choose/3, costs.lp choice_made/2): name -> its argument's kind.
CHOICES = {"x_at_most": "number", "targets_designation": "name"}


def _choice_term(method: str, text: str) -> Symbol:
    """The term of a required proposal choice (``"x_at_most(3)"``, ``"targets_designation(commander)"``).

    Raises:
        StateValueError: ``text`` is not one of :data:`CHOICES` with an argument of its kind (any
            other choice no rule reads: refused, not ignored).
    """
    accepted = ("x_at_most(N)", "targets_designation(D)")
    term = _term(method, "choice", text, accepted)
    kind = CHOICES.get(term.name) if term.type == term.type.Function else None
    if kind is None or len(term.arguments) != 1 or \
            term.arguments[0].type != (term.type.Number if kind == "number" else term.type.Function) or \
            (kind == "name" and term.arguments[0].arguments):
        raise StateValueError(f"{method}: choice {text!r} is no choice the rule base reads "
                              f"(accepted: {', '.join(accepted)})", "choice")
    return term


def ident(name: str | Symbol) -> Symbol:
    """The ASP term for a player/object/effect id: a constant if ``name`` is a lower-case
    identifier (``alice``, ``o1``), else a string term; a clingo symbol (such as
    :func:`ability_effect`) is used as it is."""
    if isinstance(name, Symbol):
        return name
    if not isinstance(name, str) or not name:
        raise QueryError(f"expected a name (non-empty text) for a player, object or effect, not {name!r}")
    return Function(name) if is_asp_name(name) else String(name)


def counter_kind_term(kind: str) -> Symbol:
    """The ASP term for a counter kind (schema.lp ``counters/3``): ``"+1/+1"`` -> ``pt(1,1)``,
    ``"-1/-1"`` -> ``pt(-1,-1)`` (122.1a); any other kind (``loyalty``, ``defense``) a constant.

    Raises:
        QueryError: a ``+X/+Y`` kind whose numbers are not whole numbers.
    """
    if "/" in kind:
        x, _, y = kind.partition("/")
        try:
            return Function("pt", [Number(int(x)), Number(int(y))])
        except ValueError:
            raise QueryError(f"counter kind {kind!r} is not +X/+Y (CR 122.1a)") from None
    return Function(kind.strip().lower().replace(" ", "_"))


def ability_effect(obj: str, ability: int, group: int | None = None) -> Symbol:
    """The id of the effect that ability ``ability`` (1-based, as printed) of object ``obj`` generates
    (``rules_asp/card_effects.lp``): ``ability_effect(obj, A, G)`` for spell-quality group ``group``
    of a permission or restriction, ``ability_effect(obj, A)`` for a keyword grant."""
    args = [ident(obj), Number(ability)] + ([] if group is None else [Number(group)])
    return Function("ability_effect", args)


def ability_condition(obj: str, ability: int) -> Symbol:
    """The id of the condition of ability ``ability`` of ``obj`` whose text the grammar leaves unread
    ("as long as you control a Merfolk"); :meth:`GameState.set_condition` says it is met (601.3d)."""
    return Function("ability_condition", [ident(obj), Number(ability)])


def extra_cost(obj: str, ability: int) -> Symbol:
    """The id of the extra cost of ability ``ability`` of ``obj`` ("if you pay {2} more to cast it",
    601.3c), to announce in :meth:`GameState.propose` (``additional_costs``)."""
    return Function("extra_cost", [ident(obj), Number(ability)])


def symbol_name(sym: Symbol) -> str:
    """Inverse of :func:`ident`."""
    return sym.string if sym.type == sym.type.String else str(sym)


@dataclass
class GameObject:
    """An object in a zone (CR 109.1): id, card definition name, zone, owner, controller,
    the face it was cast as (split spells on the stack, 709.3), X announced (107.3)."""

    id: str
    card: str
    zone: str
    owner: str
    controller: str | None = None
    cast_face: int | None = None
    fused: bool = False
    x_value: int | None = None


@dataclass
class GameState:
    """Players, objects and effects of one game situation.

    Build it with the ``add_*`` / effect methods, then ask a :class:`pyrules.api.KnowledgeBase`.
    Ids are short names (``alice``, ``g1``); card names are full Oracle names.
    """

    players: list[str] = field(default_factory=list)
    objects: dict[str, GameObject] = field(default_factory=dict)
    extra: list[Symbol] = field(default_factory=list)
    #: References to players/objects not yet in the state when a builder method named them
    #: (method, argument, id, kind); :meth:`facts` refuses those still unknown then.
    pending_references: list[tuple[str, str, str, str]] = field(default_factory=list, repr=False,
                                                                 compare=False)

    def add_player(self, player: str) -> None:
        """Add a player (CR 102.1).

        Raises:
            QueryError: ``player`` is not a non-empty text.
        """
        ident(player)
        self.players.append(player)

    def add_object(self, obj: str, card: str, zone: str, owner: str, controller: str | None = None,
                   cast_face: int | None = None, fused: bool = False, x_value: int | None = None) -> GameObject:
        """Put an object represented by card ``card`` into ``zone`` (one of :data:`ZONES`).

        ``cast_face`` (1-based) is the face a split spell on the stack was cast as (709.3).
        ``controller``: on the battlefield and the stack every object has one (110.2, 112.2);
        left out there, it is the owner (the player under whose control it usually enters, 110.2).

        Raises:
            QueryError: unknown zone or owner, duplicate object id.
        """
        if controller is None and zone in ("battlefield", "stack"):
            controller = owner
        if zone not in ZONES:
            raise QueryError(f"unknown zone {zone!r} (zones are {', '.join(ZONES)}; CR 400.1)")
        if owner not in self.players:
            raise QueryError(f"object {obj!r}: owner {owner!r} is not a player of this state")
        if obj in self.objects:
            raise QueryError(f"object id {obj!r} is used twice")
        o = GameObject(obj, card, zone, owner, controller, cast_face, fused, x_value)
        self.objects[obj] = o
        return o

    def _requirements(self, effect: str, card_types: Iterable[str], mana_value_at_most: int | None,
                      mana_value_at_least: int | None) -> None:
        e = ident(effect)
        self.extra += [Function("requires_one_of_card_types", [e, Function(t.lower())]) for t in card_types]
        if mana_value_at_most is not None:
            self.extra.append(Function("requires_mana_value_at_most", [e, Number(mana_value_at_most)]))
        if mana_value_at_least is not None:
            self.extra.append(Function("requires_mana_value_at_least", [e, Number(mana_value_at_least)]))

    def allow_cast(self, effect: str, player: str, zone: str, card_types: Iterable[str] = (),
                   mana_value_at_most: int | None = None, mana_value_at_least: int | None = None) -> None:
        """An effect lets ``player`` cast a spell from among cards they own in ``zone``, of one of
        ``card_types`` and within the mana value bounds (CR 601.3)."""
        self.extra.append(Function("cast_permission", [ident(effect), ident(player), Function(zone)]))
        self._requirements(effect, card_types, mana_value_at_most, mana_value_at_least)

    def search(self, effect: str, player: str, zone: str = "library", card_types: Iterable[str] = (),
               mana_value_at_most: int | None = None, mana_value_at_least: int | None = None) -> None:
        """An effect has ``player`` search their ``zone`` for a card with the stated qualities (701.23)."""
        self.extra.append(Function("search_effect", [ident(effect), ident(player), Function(zone)]))
        self._requirements(effect, card_types, mana_value_at_most, mana_value_at_least)

    def count(self, effect: str, player: str, zone: str, card_types: Iterable[str] = (),
              mana_value_at_most: int | None = None, mana_value_at_least: int | None = None) -> None:
        """An effect counts the cards with the stated qualities in ``player``'s ``zone``."""
        self.extra.append(Function("count_effect", [ident(effect), ident(player), Function(zone)]))
        self._requirements(effect, card_types, mana_value_at_most, mana_value_at_least)

    def discard(self, event: str, player: str, obj: str) -> None:
        """Event ``event``: ``player`` discards object ``obj`` (701.9)."""
        self.extra.append(Function("discard_event", [ident(event), ident(player), ident(obj)]))

    # --- issue 5: turn, priority, stack and casting effects (schema.lp documents each fact) ---

    def set_turn(self, active_player: str, phase: str, step: str | None = None,
                 priority: str | None = None) -> None:
        """Whose turn it is (102.1), the phase (500.1: ``beginning``, ``precombat_main``, ``combat``,
        ``postcombat_main``, ``ending``), the step, and who holds priority (117.1; None: nobody).

        Raises:
            QueryError: a player who is not in the state, or an unknown phase; StateValueError (a
                QueryError) a step that is no ASP name (``"combat damage"``). A misspelt step name is
                the rule base's ``state_error(unknown_step(S))`` (state_checks.lp).
        """
        phases = ("beginning", "precombat_main", "combat", "postcombat_main", "ending")
        if phase not in phases:
            raise StateValueError(f"unknown phase {phase!r} (phases are {', '.join(phases)}; CR 500.1)", "phase")
        for who in (active_player, priority):
            if who is not None and who not in self.players:
                raise QueryError(f"{who!r} is not a player of this state")
        self.extra += [Function("active_player", [ident(active_player)]), Function("phase", [Function(phase)])]
        if step is not None:
            self.extra.append(Function("step", [Function(step)]))
        if priority is not None:
            self.extra.append(Function("has_priority", [ident(priority)]))

    def add_ability_on_stack(self, ability: str, controller: str) -> None:
        """An activated or triggered ability on the stack (405.1; spells are objects in zone ``stack``)."""
        self.extra.append(Function("ability_on_stack", [ident(ability), ident(controller)]))

    def set_face_up(self, obj: str, face: int) -> None:
        """Double-faced permanent ``obj`` has face ``face`` (1-based) up (712.8d-f); without this, face 1."""
        self.extra.append(Function("face_up", [ident(obj), Number(face)]))

    def set_unlocked_doors(self, obj: str, faces: Iterable[int] = ()) -> None:
        """Room permanent ``obj`` (a split permanent with a shared type line, 709.5) has exactly the
        halves ``faces`` (1-based: 1 left, 2 right) unlocked (709.5c); ``()``: both locked. Without
        this a Room on the battlefield has no name, mana cost or rules text here (unknown, never both
        halves' combined). Refused by the rule base for an object that is not a Room permanent."""
        self.extra.append(Function("doors_recorded", [ident(obj)]))
        self.extra += [Function("door_unlocked", [ident(obj), Number(f)]) for f in faces]

    def set_melded_from(self, obj: str, card_a: str, card_b: str) -> None:
        """Melded permanent ``obj`` (its card: the meld pair's combined back face, such as Brisela,
        Voice of Nightmares) is represented by the cards named ``card_a`` and ``card_b`` (712.4a); its
        mana value is the sum of their front faces' (202.3c, 712.8g). Without this it has none.
        Both cards must be loaded in the knowledge base (:meth:`card_names` includes them)."""
        self.extra += [Function("melded_from", [ident(obj), String(card_a)]),
                       Function("melded_from", [ident(obj), String(card_b)])]

    def send_on_adventure(self, obj: str, player: str) -> None:
        """``player`` exiled adventurer card ``obj`` as it resolved as an Adventure (715.3d): while it
        stays in exile, ``player`` may cast it, but not as an Adventure."""
        self.extra.append(Function("on_an_adventure", [ident(obj), ident(player)]))

    def set_top_of_library(self, obj: str) -> None:
        """``obj`` is the top card of its owner's library."""
        self.extra.append(Function("top_of_library", [ident(obj)]))

    def designate(self, obj: str, designation: str) -> None:
        """``obj`` has a designation such as ``commander`` (903.3)."""
        self.extra.append(Function("designation", [ident(obj), Function(designation)]))

    def set_condition(self, condition: str | Symbol) -> None:
        """Condition ``condition`` (an id used by effects' ``condition=``) is met now (601.3d)."""
        self.extra.append(Function("condition_met", [ident(condition)]))

    def _effect_terms(self, effect: str, source: str | None, colors: Iterable[str], colorless: bool,
                      only_object: str | None, name: str | None, choice: str | None, cost: str | None,
                      condition: str | None) -> None:
        e = ident(effect)
        if source is not None:
            self.extra.append(Function("effect_source", [e, ident(source)]))
        self.extra += [Function("requires_color", [e, Function(c.lower())]) for c in colors]
        if colorless:
            self.extra.append(Function("requires_colorless", [e]))
        if only_object is not None:
            self.extra.append(Function("requires_object", [e, ident(only_object)]))
        if name is not None:
            self.extra.append(Function("requires_name", [e, String(name)]))
        if choice is not None:
            self.extra.append(Function("requires_choice", [e, _choice_term("allow_as_though_flash", choice)]))
        if cost is not None:
            self.extra.append(Function("requires_cost", [e, ident(cost)]))
        if condition is not None:
            self.extra.append(Function("requires_condition", [e, ident(condition)]))

    def permit_cast(self, effect: str, player: str, zone: str, *, source: str | None = None,
                    during_resolution: bool = False, without_paying_mana_cost: bool = False,
                    top_of_library_only: bool = False, card_types: Iterable[str] = (),
                    colors: Iterable[str] = (), mana_value_at_most: int | None = None,
                    mana_value_at_least: int | None = None, as_though_flash: bool = False) -> None:
        """Like :meth:`allow_cast`, with the terms of the permission: cast while ``source`` resolves
        (608.2g: timing ignored), without paying the mana cost (118.9), only the top of the library,
        ``as_though_flash``: as though the spells had flash, only when cast through this permission
        (609.4; Aluren's "without paying their mana costs and as though they had flash")."""
        self.allow_cast(effect, player, zone, card_types, mana_value_at_most, mana_value_at_least)
        e = ident(effect)
        self._effect_terms(effect, source, colors, False, None, None, None, None, None)
        if during_resolution:
            self.extra.append(Function("cast_during_resolution", [e]))
        if without_paying_mana_cost:
            self.extra.append(Function("without_paying_mana_cost", [e]))
        if top_of_library_only:
            self.extra.append(Function("permission_from_top_of_library", [e]))
        if as_though_flash:
            self.extra.append(Function("cast_permission_as_though_flash", [e]))

    def allow_alternative_cost(self, effect: str, player: str, cost: str, *, source: str | None = None,
                               card_types: Iterable[str] = ()) -> None:
        """``player`` may pay alternative cost ``cost`` (a name) rather than the mana cost (118.9)."""
        self.extra.append(Function("alternative_cost_effect", [ident(effect), ident(player), ident(cost)]))
        self._requirements(effect, card_types, None, None)
        self._effect_terms(effect, source, (), False, None, None, None, None, None)

    def prohibit_cast(self, effect: str, player: str, *, source: str | None = None,
                      card_types: Iterable[str] = (), name: str | None = None,
                      mana_value_at_most: int | None = None) -> None:
        """``player`` can't cast spells with these qualities (101.2, 601.3)."""
        self.extra.append(Function("cast_prohibition", [ident(effect), ident(player)]))
        self._requirements(effect, card_types, mana_value_at_most, None)
        self._effect_terms(effect, source, (), False, None, name, None, None, None)

    def allow_as_though_flash(self, effect: str, player: str, *, source: str | None = None,
                              card_types: Iterable[str] = (), colors: Iterable[str] = (),
                              colorless: bool = False, mana_value_at_most: int | None = None,
                              only_object: str | None = None, choice: str | None = None,
                              cost: str | None = None, condition: str | None = None) -> None:
        """``player`` may cast spells with these qualities as though they had flash (609.4).

        ``choice`` is a proposal choice the effect needs (601.3b): ``"x_at_most(3)"``,
        ``"targets_designation(commander)"``; ``cost`` an alternative or additional cost that must be
        paid (601.3c); ``condition`` a condition id that must be met (601.3d, :meth:`set_condition`).
        """
        self.extra.append(Function("flash_permission", [ident(effect), ident(player)]))
        self._requirements(effect, card_types, mana_value_at_most, None)
        self._effect_terms(effect, source, colors, colorless, only_object, None, choice, cost, condition)

    def grant_keyword(self, effect: str, obj: str, keyword: str, *, source: str | None = None,
                      condition: str | None = None) -> None:
        """Effect ``effect`` gives ``obj`` keyword ability ``keyword`` (e.g. ``flash``, ``flashback``),
        only while ``condition`` is met if given (601.3d)."""
        self.extra.append(Function("grants_keyword", [ident(effect), ident(obj), Function(keyword)]))
        self._effect_terms(effect, source, (), False, None, None, None, None, condition)

    def begin_casting(self, player: str, obj: str, face: int, effect: str) -> None:
        """``player`` has begun casting face ``face`` of ``obj`` as though it had flash through ``effect``
        and is still casting it (601.5a)."""
        self.extra.append(Function("begun_casting", [ident(player), ident(obj), Number(face), ident(effect)]))

    # --- playing lands (305, 116.2a; rules_asp/lands.lp) ---

    def set_lands_played(self, player: str, number: int) -> None:
        """``player`` has already played ``number`` lands this turn (305.2a); without this, none."""
        self.extra.append(Function("lands_played_this_turn", [ident(player), Number(number)]))

    def allow_additional_land_plays(self, effect: str, player: str, number: int = 1) -> None:
        """Continuous effect ``effect`` lets ``player`` play ``number`` additional lands this turn (305.2)."""
        self.extra.append(Function("additional_land_plays", [ident(effect), ident(player), Number(number)]))

    def allow_play_as_though_flash(self, effect: str, player: str, *, source: str | None = None,
                                   card_types: Iterable[str] = (), colors: Iterable[str] = (),
                                   only_object: str | None = None, condition: str | None = None) -> None:
        """``player`` may play cards with these qualities — lands and spells (701.18b) — as though they
        had flash (702.8a, 609.4; Scout's Warning). For a land it lifts only the main-phase/empty-stack
        timing: never the own-turn rule (305.3) or the land-play count (305.2b)."""
        self.extra.append(Function("flash_play_permission", [ident(effect), ident(player)]))
        self._requirements(effect, card_types, None, None)
        self._effect_terms(effect, source, colors, False, only_object, None, None, None, condition)

    # --- the turn's history (rules_asp/turn_history.lp; schema.lp, "Turn history") ---
    # Events are recorded in the order they happened: each record_* call takes the next moment.
    # Recording anything declares the recorded history of the turn complete (turn_history_recorded):
    # what is not recorded did not happen this turn.

    _HISTORY = ("turn_began_at", "spell_cast_at", "land_played_at", "resolved_at", "triggered_at", "cleanup_at")

    def _record(self, name: str, *args) -> None:
        moment = 1 + sum(1 for f in self.extra if f.name in self._HISTORY)
        self.record_turn_history()
        self._add(name, moment, *args)

    def _known_object(self, obj: str) -> None:
        if obj not in self.objects:
            raise QueryError(f"history: object {obj!r} is not an object of this state")

    def record_turn_history(self) -> None:
        """Declare the turn's history recorded: every spell cast, land played, spell resolved and
        ability triggered this turn is (or will be) recorded with the ``record_*`` methods; nothing
        else happened (``turn_history_recorded``; 603.2, 611.2f need it to decide)."""
        if Function("turn_history_recorded") not in self.extra:
            self.extra.append(Function("turn_history_recorded"))

    def record_turn_began(self) -> None:
        """The current turn begins now (500.1): events recorded before happened in earlier turns, so
        their "this turn" effects have ended (514.2). Fact ``turn_began_at(M)``."""
        self._record("turn_began_at")

    def record_cast(self, player: str, obj: str, face: int = 1) -> None:
        """``player`` cast face ``face`` of ``obj`` (0: face down, 708.4); it became cast (601.2i).
        Fact ``spell_cast_at(M, player, obj, face)``.

        Raises:
            QueryError: ``obj`` is not an object of this state.
        """
        self._known_object(obj)
        self._record("spell_cast_at", player, obj, face)

    def record_land_played(self, player: str, obj: str, face: int = 1) -> None:
        """``player`` played land card ``obj`` with face ``face`` up (305.1; to "play", 701.18b).
        Fact ``land_played_at(M, player, obj, face)``.

        Raises:
            QueryError: ``obj`` is not an object of this state.
        """
        self._known_object(obj)
        self._record("land_played_at", player, obj, face)

    def record_resolution(self, obj: str, player: str, face: int = 1) -> None:
        """Instant or sorcery spell ``obj`` (cast as face ``face``), controlled by ``player``, resolved
        (608.2, 608.2n): the effects of its spell abilities begin now (611.2; "you" is ``player``,
        109.5). Fact ``resolved_at(M, player, obj, face)``.

        Raises:
            QueryError: ``obj`` is not an object of this state.
        """
        self._known_object(obj)
        self._record("resolved_at", player, obj, face)

    def record_trigger(self, obj: str, ability: int) -> None:
        """Triggered ability ``ability`` (1-based index in the card text) of ``obj`` triggered (603.2).
        Fact ``triggered_at(M, obj, ability)``.

        Raises:
            QueryError: ``obj`` is not an object of this state.
        """
        self._known_object(obj)
        self._record("triggered_at", obj, ability)

    def record_cleanup(self) -> None:
        """The cleanup step's turn-based actions happened (514.2): "until end of turn" and "this turn"
        effects that began before now have ended. Fact ``cleanup_at(M)``."""
        self._record("cleanup_at")

    def cost_floor(self, effect: str, mana: int) -> None:
        """Each spell that would cost less than ``mana`` mana costs ``mana`` (601.2f; Trinisphere)."""
        self.extra.append(Function("spell_cost_floor", [ident(effect), Number(mana)]))

    def cost_increase(self, effect: str, mana: int, *, source: str | None = None,
                      card_types: Iterable[str] = (), not_card_types: Iterable[str] = ()) -> None:
        """Spells with these qualities cost {``mana``} more to cast (601.2f; Thalia, Guardian of
        Thraben: ``not_card_types=("creature",)``)."""
        self.extra.append(Function("spell_cost_increase", [ident(effect), Number(mana)]))
        self.extra += [Function("requires_card_type", [ident(effect), Function(t)]) for t in card_types]
        self.extra += [Function("requires_not_card_type", [ident(effect), Function(t)]) for t in not_card_types]
        self._effect_terms(effect, source, (), False, None, None, None, None, None)

    def cost_reduction(self, effect: str, player: str, mana: int, *, source: str | None = None,
                       name: str | None = None, only_object: str | None = None,
                       card_types: Iterable[str] = ()) -> None:
        """Spells ``player`` casts with these qualities cost {``mana``} (generic) less to cast (601.2f,
        118.7a: never less colored mana); ``name``: spells with that name (709.4a); ``only_object``:
        that object only (a copy "costs {2} less", God-Eternal Kefnet)."""
        self.extra.append(Function("spell_cost_reduction", [ident(effect), ident(player), Number(mana)]))
        self.extra += [Function("requires_card_type", [ident(effect), Function(t)]) for t in card_types]
        self._effect_terms(effect, source, (), False, only_object, name, None, None, None)

    def set_chosen_name(self, obj: str, name: str) -> None:
        """``name`` was chosen for ``obj``'s "choose a card name" ability (201.4, 607.2d): its abilities
        that refer to "the chosen name" use it (Council of the Absolute)."""
        self.extra.append(Function("chosen_name", [ident(obj), String(name)]))

    def add_card_copy(self, obj: str, original: str, player: str) -> GameObject:
        """``player`` creates ``obj``, a copy of the card ``original`` (707.12: in the zone ``original`` is
        in), with the copiable values of its card (707.2; a split card's two halves stay separate,
        709.3c); ``player`` owns it (112.2a).

        Raises:
            QueryError: unknown ``original``, or as :meth:`add_object`.
        """
        if original not in self.objects:
            raise QueryError(f"copy {obj!r}: no object {original!r} in this state")
        o = self.objects[original]
        copy = self.add_object(obj, o.card, o.zone, player)
        self.extra.append(Function("copy_of_card", [ident(obj), ident(original)]))
        return copy

    def permit_cast_copy(self, effect: str, player: str, copy: str, *, source: str | None = None) -> None:
        """Effect ``effect`` lets ``player`` cast the copy of a card ``copy`` while it resolves (707.12,
        608.2g; "copy that card and you may cast the copy", God-Eternal Kefnet).

        Raises:
            QueryError: no object ``copy`` in this state.
        """
        if copy not in self.objects:
            raise QueryError(f"permission {effect!r}: no object {copy!r} in this state")
        e = ident(effect)
        self.extra += [Function("cast_permission", [e, ident(player), Function(self.objects[copy].zone)]),
                       Function("cast_during_resolution", [e])]
        self._effect_terms(effect, source, (), False, copy, None, None, None, None)

    def choose_name(self, effect: str, player: str) -> None:
        """Effect ``effect`` instructs ``player`` to choose a card name (201.4, 709.4a)."""
        self.extra.append(Function("name_choice", [ident(effect), ident(player)]))

    def tournament_format(self, fmt: str, mystery_booster_limited: bool = False) -> None:
        """Ask about tournament format ``fmt`` (100.6)."""
        self.extra.append(Function("tournament_format", [ident(fmt)]))
        if mystery_booster_limited:
            self.extra.append(Function("mystery_booster_limited_format", [ident(fmt)]))

    def propose(self, proposal: str, player: str, obj: str, face: int = 1, method: str = "normal", *,
                x: int | None = None, alternative_costs: Iterable[str] = (),
                additional_costs: Iterable[str] = (), pays: dict[int, str] | None = None,
                targets: Iterable[str] = (), modes: Iterable[int] = (), splice: Iterable[str] = (),
                fused: bool = False, timing: str | None = None) -> None:
        """``player`` proposes casting face ``face`` of ``obj`` (601.2a-c) by ``method`` (``normal``,
        ``flashback``, ``without_paying_mana_cost``, ``alternative(K)``; face 0 by ``morph``,
        ``megamorph`` or ``disguise``: face down, 702.37c, 708.4), announcing X, alternative and
        additional costs, and for mana symbol I (1-based) a payment term (``"colored(b)"``,
        ``"life(2)"``, ``"generic(2)"``) (601.2b); ``modes``: the modes chosen, in order (1-based as
        printed, repeats kept: 700.2d); ``splice``: objects revealed to splice onto it, in the order of
        their effects (702.47b); ``fused``: cast split card ``obj`` fused, all its halves (702.102a; ``face`` 1);
        ``timing``: the timing permission the cast uses (``proposal_timing/2``: ``"sorcery_timing"``,
        ``"instant"``, ``"flash"``, ``"during_resolution"``, ``"as_though_flash(E)"`` for effect E;
        rules_asp/timing.lp: e.g. Armor of Thorns cast through its own ability, 307.5a).

        Raises:
            QueryError: unknown object, or a method/payment/timing that is not an ASP term.
        """
        if obj not in self.objects:
            raise QueryError(f"proposal {proposal!r}: no object {obj!r} in this state")
        pr = ident(proposal)
        out = [Function("proposal", [pr, ident(player), ident(obj), Number(face)]),
               Function("proposal_method", [pr, _term("propose", "method", method, CAST_METHODS)])]
        out += [Function("proposal_pays", [pr, Number(i), _term("propose", f"pays[{i}]", p, PAYMENTS)])
                for i, p in (pays or {}).items()]
        if timing is not None:
            out.append(Function("proposal_timing", [pr, _term("propose", "timing", timing, TIMINGS)]))
        out += [Function("proposal_alternative_cost", [pr, ident(k)]) for k in alternative_costs]
        out += [Function("proposal_additional_cost", [pr, ident(k)]) for k in additional_costs]
        out += [Function("proposal_target", [pr, ident(t)]) for t in targets]
        out += [Function("proposal_mode", [pr, Number(i), Number(m)]) for i, m in enumerate(modes, 1)]
        out += [Function("proposal_splice", [pr, Number(i), ident(o)]) for i, o in enumerate(splice, 1)]
        if x is not None:
            out.append(Function("proposal_x", [pr, Number(x)]))
        if fused:
            out.append(Function("proposal_fused", [pr]))
        self.extra += out

    # --- issue 6: outcomes (damage, counters, state-based actions, combat, tokens, designations) ---
    # Each method adds instance facts documented in rules_asp/schema.lp ("Outcomes"). Keyword names
    # are snake_case CR names (``first_strike``); counts are whole numbers.

    def _add(self, name: str, *args) -> None:
        self.extra.append(Function(name, [a if isinstance(a, Symbol) else
                                          Number(a) if isinstance(a, int) else ident(a) for a in args]))

    def set_life(self, player: str, life: int) -> None:
        """``player``'s life total before the events (119); replaces a total set before."""
        self.extra = [f for f in self.extra if not (f.name == "life_total" and f.arguments[0] == ident(player))]
        self._add("life_total", player, life)

    def set_poison(self, player: str, counters: int) -> None:
        """``player`` has ``counters`` poison counters before the events (122.1f)."""
        self._add("player_counters", player, Function("poison"), counters)

    def add_counters(self, obj: str, kind: str, number: int) -> None:
        """``obj`` has ``number`` counters of ``kind``: ``"+1/+1"``, ``"-1/-1"`` (any ``+X/+Y``, 122.1a),
        or a plain kind such as ``loyalty``, ``defense`` (122).

        Raises:
            QueryError: a malformed ``+X/+Y`` kind.
        """
        self._add("counters", obj, counter_kind_term(kind), number)

    def add_keyword_counters(self, obj: str, keyword: str, number: int = 1) -> None:
        """``obj`` has ``number`` counters named after keyword ``keyword`` (CR words, ``"first strike"``);
        whether that is a keyword counter giving the keyword is the rule base's answer (122.1b)."""
        k = Function(keyword.strip().lower().replace(" ", "_"))
        self._add("counters", obj, Function("keyword", [k]), number)
        self._add("keyword_name", k, String(keyword.strip().lower()))

    def keyword_counter_catalog(self, names: Iterable[str]) -> None:
        """The keywords a keyword counter can be, as the parsed CR lists them (122.1b; pass
        ``RulesDocument.catalogs.keyword_counters``)."""
        for name in names:
            self._add("cr_keyword_counter", String(name))

    def mark_damage(self, obj: str, amount: int) -> None:
        """``amount`` damage is already marked on ``obj`` (120.6)."""
        self._add("damage_marked", obj, amount)

    def tap(self, obj: str) -> None:
        """Permanent ``obj`` is tapped (110.5); permanents are untapped unless tapped."""
        self._add("tapped", obj)

    def controlled_since_turn_began(self, obj: str) -> None:
        """``obj`` has been controlled continuously by its controller since their most recent turn began (302.6)."""
        self._add("controlled_since_turn_began", obj)

    def grant_keyword_number(self, effect: str, obj: str, keyword: str, number: int) -> None:
        """Effect ``effect`` gives ``obj`` numeric keyword ``keyword`` N (``toxic 2``, 702.164)."""
        self.grant_keyword(effect, obj, keyword)
        self._add("grants_keyword_number", effect, obj, Function(keyword), number)

    def grant_keyword_counting(self, effect: str, obj: str, keyword: str, counted: str, kind: str) -> None:
        """Effect ``effect`` gives ``obj`` keyword ``keyword`` X, X = the number of ``kind`` counters on
        ``counted`` (702.1b: reevaluated constantly)."""
        self._add("grants_keyword_variable", effect, obj, Function(keyword),
                  Function("counters_on", [ident(counted), counter_kind_term(kind)]))

    def grant_ability(self, obj: str, ability: str, kind: str) -> None:
        """``obj`` has ability ``ability`` (an id) of ``kind`` (``activated``, ``triggered``, ``static``)
        given by an effect or by the effect that created the token (111.3)."""
        self._add("granted_ability", obj, ability, Function(kind))

    def gain_card_type(self, obj: str, card_type: str) -> None:
        """An effect makes ``obj`` a ``card_type`` in addition to its other types (613.1d)."""
        self._add("gained_card_type", obj, Function(card_type))

    def modify_toughness(self, obj: str, amount: int) -> None:
        """An effect adds ``amount`` (may be negative) to ``obj``'s toughness (613.4c). Several calls
        add up: the fact ``toughness_modifier(O, N)`` carries the total (two +1 effects give +2)."""
        o = ident(obj)
        total = amount
        for i, fact in enumerate(self.extra):
            if fact.name == "toughness_modifier" and fact.arguments[0] == o:
                total += fact.arguments[1].number
                del self.extra[i]
                break
        self._add("toughness_modifier", obj, total)

    def regeneration_shield(self, obj: str) -> None:
        """``obj`` has a regeneration shield (701.19a)."""
        self._add("regeneration_shield", obj)

    def cant_be_regenerated(self, obj: str) -> None:
        """An effect says ``obj`` can't be regenerated (701.19c)."""
        self._add("cant_be_regenerated", obj)

    def doesnt_lose_for_life(self, player: str) -> None:
        """``player`` doesn't lose the game for having 0 or less life (an effect; 104.3b)."""
        self._add("doesnt_lose_for_life", player)

    def damage_as_though_infect(self, player: str, life_at_most: int | None = None) -> None:
        """Damage dealt to ``player`` is dealt as though its source had infect (609.4), always or while
        their life total is ``life_at_most`` or less."""
        cond = Function("always") if life_at_most is None else Function("life_at_most", [Number(life_at_most)])
        self._add("damage_dealt_as_though_infect", player, cond)

    def may_attack_as_though_haste(self, obj: str) -> None:
        """``obj`` can attack as though it had haste (609.4)."""
        self._add("may_attack_as_though_haste", obj)

    def may_activate_as_though_haste(self, player: str) -> None:
        """``player`` may activate abilities of creatures they control as though they had haste (609.4)."""
        self._add("may_activate_as_though_haste", player)

    def activated_ability(self, obj: str, ability: str, cost_symbols: Iterable[str]) -> None:
        """``obj`` has activated ability ``ability`` whose cost has the symbols ``tap`` ({T}) and/or
        ``untap`` ({Q}) (107.5, 107.6)."""
        for s in cost_symbols:
            self._add("activated_ability_cost", obj, ability, Function(s))

    def set_protector(self, battle: str, player: str) -> None:
        """``player`` is ``battle``'s protector (310.8)."""
        self._add("protector", battle, player)

    def pending_trigger_source(self, obj: str) -> None:
        """``obj`` is the source of a triggered ability that hasn't left the stack yet (704.5v)."""
        self._add("pending_trigger_source", obj)

    def attack(self, obj: str, attacked: str, *, blocked: bool = False) -> None:
        """Creature ``obj`` was declared attacking ``attacked`` (a player, planeswalker or battle; 508.1);
        ``blocked``: it is a blocked creature (509.1h; :meth:`block` sets it too)."""
        self._add("attacking", obj, attacked)
        if blocked:
            self._add("blocked_creature", obj)

    def block(self, blocker: str, attacker: str) -> None:
        """Creature ``blocker`` was declared blocking ``attacker`` (509.1), which is blocked (509.1h)."""
        self._add("blocking", blocker, attacker)
        if Function("blocked_creature", [ident(attacker)]) not in self.extra:
            self._add("blocked_creature", attacker)

    def set_combat_damage_step(self, number: int, had_first_or_double_strike: Iterable[str] = ()) -> None:
        """The current step is combat damage step ``number`` (1, or 2 after a first-strike step, 510.4);
        ``had_first_or_double_strike``: the creatures that had first strike or double strike as the
        first combat damage step began (read in step 2)."""
        self._add("combat_damage_step", number)
        for obj in had_first_or_double_strike:
            self._add("had_first_or_double_strike", obj)

    def add_marker(self, obj: str, owner: str, zone: str, controller: str | None = None, *,
                   token: bool = False, emblem: bool = False) -> None:
        """An object represented by no card: a token (111.1) or an emblem (114.1) in ``zone``.

        Raises:
            QueryError: unknown zone or owner.
        """
        if zone not in ZONES:
            raise QueryError(f"unknown zone {zone!r} (zones are {', '.join(ZONES)}; CR 400.1)")
        if owner not in self.players:
            raise QueryError(f"object {obj!r}: owner {owner!r} is not a player of this state")
        self._add("object", obj)
        self._add("owner", obj, owner)
        self._add("in_zone", obj, Function(zone))
        if controller:
            self._add("controller", obj, controller)
        if token:
            self._add("token", obj)
        if emblem:
            self._add("emblem", obj)

    def add_token(self, obj: str, owner: str, *, name: str | None = None, subtypes: Iterable[str] = (),
                  card_types: Iterable[str] = (), toughness: int | None = None, zone: str = "battlefield",
                  controller: str | None = None) -> None:
        """A token as its creating effect defined it (111.3, 111.4): ``name`` (None: not named),
        ``subtypes`` in the order listed, ``card_types``, ``toughness``."""
        self.add_marker(obj, owner, zone, controller or owner, token=True)
        if name is not None:
            self._add("token_named", obj, String(name))
        for i, s in enumerate(subtypes, start=1):
            self._add("token_subtype", obj, i, String(s))
        for t in card_types:
            self._add("token_card_type", obj, Function(t))
        if toughness is not None:
            self._add("base_toughness", obj, toughness)

    def add_predefined_token(self, obj: str, owner: str, kind: str, zone: str = "battlefield",
                             controller: str | None = None) -> None:
        """A predefined double-faced token ``kind`` (111.10i: ``incubator``), front face up; its faces
        are the CR's definition (rules_asp/predefined_tokens.lp). :meth:`set_face_up` ``2``: transformed."""
        self.add_marker(obj, owner, zone, controller or owner, token=True)
        self._add("predefined_token", obj, Function(kind))

    def add_token_by_name(self, obj: str, card: str, owner: str, zone: str = "battlefield") -> GameObject:
        """A token created by name only: it uses the Oracle card named ``card`` (111.11)."""
        o = self.add_object(obj, card, zone, owner, controller=owner)
        self._add("token", obj)
        self._add("token_by_name", obj)
        return o

    def change_name(self, obj: str, name: str) -> None:
        """An effect changes ``obj``'s name to ``name``."""
        self._add("name_change", obj, String(name))

    def change_subtypes(self, obj: str, subtypes: Iterable[str]) -> None:
        """An effect makes ``obj``'s subtypes ``subtypes`` (replacing the others)."""
        for i, s in enumerate(subtypes, start=1):
            self._add("subtype_change", obj, i, String(s))

    def designate_player(self, player: str, designation: str) -> None:
        """``player`` has ``designation``: ``monarch`` (725), ``initiative`` (726), ``citys_blessing`` (702.131c)."""
        self.designate(player, designation)

    def set_day_or_night(self, which: str) -> None:
        """The game has the ``day`` or ``night`` designation (731.1)."""
        self._add("designation", Function("game"), Function(which))

    def venture_marker(self, player: str, dungeon: str, room: str) -> None:
        """``player``'s venture marker is on room ``room`` of dungeon ``dungeon`` (309.4)."""
        self._add("venture_marker", player, dungeon, String(room))

    def emblem_card(self, obj: str) -> None:
        """Object ``obj`` is an emblem card (such as Essence of Ajani)."""
        self._add("emblem", obj)
        self._add("emblem_card", obj)

    def set_mana_spent_this_turn(self, player: str, mana: int) -> None:
        """``player`` spent ``mana`` to cast spells this turn before the events (700.14)."""
        self._add("mana_spent_to_cast_this_turn", player, mana)

    # events (all events of one state are simultaneous; state-based actions are checked after them)

    def deal_damage(self, event: str, source: str, recipient: str, amount: int, combat: bool = False) -> None:
        """Event ``event``: ``source`` deals ``amount`` damage to ``recipient`` (a player or an object; 120)."""
        self._add("damage", event, source, recipient, amount)
        if combat:
            self._add("combat_damage", event)

    def destroy(self, event: str, target: str) -> None:
        """Event ``event`` destroys ``target``: an object id, or a tracker ``monarch``, ``initiative``,
        ``day``, ``night`` (use :meth:`destroy_citys_blessing` for a player's city's blessing)."""
        self._add("destroy_event", event, target)

    def destroy_citys_blessing(self, event: str, player: str) -> None:
        """Event ``event`` destroys ``player``'s city's blessing."""
        self._add("destroy_event", event, Function("citys_blessing", [ident(player)]))

    def pay_cast_cost(self, event: str, player: str, spell: str, mana: int) -> None:
        """Event ``event``: ``player`` pays a cost to cast ``spell``, spending ``mana`` mana (700.14)."""
        self._add("cast_cost_payment", event, player, spell, mana)

    def shuffle_into_library(self, event: str, player: str, objects: dict[str, str] | None = None) -> None:
        """Event ``event``: ``player`` shuffles ``objects`` (id -> the zone the effect expects it in;
        maybe none) into their library (701.24)."""
        self._add("shuffle_event", event, player)
        for obj, zone in (objects or {}).items():
            self._add("shuffle_object", event, obj, Function(zone))

    def create_token_copy(self, event: str, player: str, original: str, expected_zone: str = "battlefield",
                          last_known_information: bool = False) -> None:
        """Event ``event``: ``player`` creates a token that's a copy of ``original``, expected in
        ``expected_zone``; the effect may use last known information (111.12, 608.2h)."""
        self._add("token_copy_event", event, player, original, Function(expected_zone))
        if last_known_information:
            self._add("uses_last_known_information", event)

    def move(self, event: str, obj: str, zone: str) -> None:
        """Event ``event`` would move ``obj`` to ``zone``."""
        self._add("zone_change_event", event, obj, Function(zone))

    def counter(self, event: str, spell: str) -> None:
        """Event ``event`` counters ``spell`` on the stack (701.6a: it would go to its owner's graveyard)."""
        self._add("counter_event", event, spell)

    def resolve(self, event: str, spell: str) -> None:
        """Event ``event``: ``spell`` finishes resolving (608.2n: an instant or sorcery would go to its
        owner's graveyard); damage the spell deals in the same event is ``deal_damage(event, ...)``."""
        self._add("resolve_event", event, spell)

    def target(self, spell: str, target: str, zone: str = "battlefield") -> None:
        """``spell`` on the stack has target ``target`` (601.2c), which was in ``zone`` when it was
        targeted (``"player"`` for a player); 608.2b checks it on resolution."""
        self._add("spell_target", spell, target, Function(zone))

    def begin_resolving(self, event: str, spell: str) -> None:
        """Event ``event``: ``spell`` on top of the stack begins to resolve (608.2); whether it resolves
        is the rule base's answer (608.2b)."""
        self._add("begins_to_resolve", event, spell)

    def self_replacement(self, event: str, from_zone: str, to_zone: str) -> None:
        """The spell or ability causing ``event`` puts the object into ``to_zone`` instead of
        ``from_zone`` (608.2c, 614.15; Remand: ``graveyard`` -> ``hand``)."""
        self._add("self_replacement", event, Function(from_zone), Function(to_zone))

    def replace_zone_change(self, effect: str, obj: str, from_zone: str, to_zone: str) -> None:
        """Replacement effect ``effect``: if ``obj`` would be put into ``from_zone``, it is put into
        ``to_zone`` instead (614.1a; Dreadhorde Arcanist: ``graveyard`` -> ``exile``)."""
        self._add("zone_replacement", effect, obj, Function(from_zone), Function(to_zone))

    def power_toughness_from_graveyard_card_types(self, obj: str, toughness_plus: int = 1) -> None:
        """``obj`` has the characteristic-defining ability (604.3) "power equal to the number of card
        types among cards in all graveyards, toughness that number plus ``toughness_plus``" (Tarmogoyf;
        a state input until the Oracle-text grammar reads it)."""
        count = Function("count_card_types", [Function("all_graveyards")])
        self._add("characteristic_defining", obj,
                  Function("power_toughness", [count, Function("plus", [Number(toughness_plus)])]))

    def set_cast_method(self, spell: str, method: str) -> None:
        """``spell`` on the stack was cast by ``method`` (``normal``, ``flashback``,
        ``without_paying_mana_cost``, ``alternative(K)``; as :meth:`propose`).

        Raises:
            StateValueError: a method that is not an ASP term.
        """
        self._add("cast_method", spell, _term("set_cast_method", "method", method, CAST_METHODS))

    def cast_spell(self, event: str, player: str, spell: str) -> None:
        """Event ``event``: ``player`` casts ``spell``, an object already on the stack as it was cast
        (601.2i: abilities that trigger on casting trigger; rules_asp/cast_triggers.lp)."""
        self._add("cast_event", event, player, spell)

    def cleanup(self, event: str) -> None:
        """Event ``event``: the cleanup step's turn-based actions (514.2)."""
        self._add("cleanup_event", event)

    def exile_if_other_than_keywords(self, event: str, target: str) -> None:
        """Event ``event``: TL;DR resolves for target creature ``target``."""
        self._add("exile_if_other_than_keywords", event, target)

    def card_names(self) -> set[str]:
        """Names of the card definitions the objects refer to (and the cards representing a
        melded permanent, :meth:`set_melded_from`)."""
        return {o.card for o in self.objects.values()} | {
            f.arguments[1].string for f in self.extra if f.name == "melded_from" and len(f.arguments) == 2}

    def check_references(self) -> None:
        """Check that every player and object a builder method named exists now (an object may
        be added after the effect that names it: the check waits until the facts are built).

        Raises:
            StateValueError: the first unknown id, naming the method, the argument and the
                closest known id.
        """
        if not self.pending_references:
            return
        objects = set(self.objects) | {symbol_name(f.arguments[0]) for f in self.extra
                                       if f.name == "object" and len(f.arguments) == 1}
        players = set(self.players)
        still = []
        for ref in self.pending_references:
            if not _reference_known(ref, players, objects):
                still.append(ref)
        self.pending_references = still
        if still:
            raise _unknown_reference(still[0], players, objects)

    def facts(self) -> list[Symbol]:
        """The instance facts (schema.lp) for this state, without the card definitions.

        Raises:
            StateValueError: a builder method named a player or object the state does not have
                (:meth:`check_references`).
        """
        self.check_references()
        out = [Function("player", [ident(p)]) for p in self.players]
        for o in self.objects.values():
            out += _object_facts(o.id, o.card, o.zone, o.owner, o.controller, o.cast_face, o.fused, o.x_value)
        return out + list(self.extra)


#: The builder method and argument that make each input fact (schema.lp), for refusals that name
#: what the user gave: ``state_error(input_ignored(Fact, Why))`` of rules_asp/state_checks.lp.
INPUT_SOURCES = {
    "face_up": ("set_face_up", "face"), "cast_face": ("add_object", "cast_face"), "fused": ("add_object", "fused"),
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
    "triggered_at": ("record_trigger", "ability"),
}


def input_refusal(error: Symbol) -> StateValueError | None:
    """The error for a state_error ``input_ignored(Fact, Why)`` (rules_asp/state_checks.lp): one line
    naming the builder method and argument that gave ``Fact`` and why no rule reads it there;
    None for any other state error."""
    if error.type != error.type.Function or error.name != "input_ignored" or len(error.arguments) != 2:
        return None
    fact, why = error.arguments
    method, argument = INPUT_SOURCES.get(fact.name, (fact.name, None))
    where = f"{method}: {argument} " if argument else f"{method}: "
    err = StateValueError(f"{where}given as {fact} is read by no rule there: {why} "
                          "(refused rather than ignored)", argument)
    err.method, err.fact = method, fact  # for callers that locate the input (pyrules.scenario)
    return err


@functools.lru_cache(maxsize=1 << 16)
def _object_facts(obj: str, card: str, zone: str, owner: str, controller: str | None, cast_face: int | None,
                  fused: bool, x_value: int | None) -> tuple[Symbol, ...]:
    """The instance facts of one object (a :class:`GameObject`'s fields), remembered: building clingo
    symbols is the slow part of :meth:`GameState.facts`, and states share their objects."""
    i = ident(obj)
    out = [Function("object", [i]), Function("object_card", [i, String(card)]),
           Function("owner", [i, ident(owner)]), Function("in_zone", [i, Function(zone)])]
    if controller:
        out.append(Function("controller", [i, ident(controller)]))
    if cast_face is not None:
        out.append(Function("cast_face", [i, Number(cast_face)]))
    if fused:
        out.append(Function("fused", [i]))
    if x_value is not None:
        out.append(Function("x_value", [i, Number(x_value)]))
    return tuple(out)


# --- validation of the builder's arguments where they enter (a user's mistake is one clear error) ---

import collections.abc  # noqa: E402

import types  # noqa: E402
import typing  # noqa: E402

#: Smallest and largest whole number clingo can hold (32-bit signed).
CLINGO_INT_MIN, CLINGO_INT_MAX = -2 ** 31, 2 ** 31 - 1


def _conforms(value, hint, argument: str, method: str) -> None:
    """Raise StateValueError unless ``value`` fits type hint ``hint`` (int in clingo's range)."""
    if hint is str and type(value) is str and (value.isascii() or _encodable(value)):
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
            if _argument_name(argument) not in _SYMBOL_ARGUMENTS:
                fail("text (a clingo symbol is accepted only for the id of a player, object, effect or event)")
        elif not isinstance(value, str):
            fail("text")
        elif not _encodable(value):
            fail("text that can be written as UTF-8 (no lone surrogate)")
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
                               "objects"})
_EITHER_ARGUMENTS = frozenset({"recipient", "target", "attacked", "targets"})
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
        items = value if isinstance(value, (list, tuple, set, dict)) else (value,)
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


for _name, _fn in list(vars(GameState).items()):
    if callable(_fn) and not _name.startswith("_") and _name not in ("facts", "card_names"):
        setattr(GameState, _name, _validated(_fn))
del _name, _fn
