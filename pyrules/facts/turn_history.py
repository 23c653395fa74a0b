"""GameState builder methods: The turn and its history (CR 500-514, 305, 611)."""

from __future__ import annotations

from clingo import Number

from pyrules.errors import QueryError, StateValueError
from pyrules.facts.terms import ident
from pyrules.facts.validation import Function


class TurnHistoryMixin:
    """Builder methods of :class:`pyrules.facts.state.GameState`: The turn and its history (CR
    500-514, 305, 611)."""

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

    # --- playing lands (305, 116.2a; rules_asp/casting/lands.lp) ---

    def set_lands_played(self, player: str, number: int) -> None:
        """``player`` has already played ``number`` lands this turn (305.2a); without this, the land
        plays the turn history records (:meth:`record_land_played`) if one is recorded, else none.

        With a turn history recorded, the recorded land plays this turn must not exceed ``number``;
        they must equal it only if the history was declared complete (:meth:`record_turn_history`):
        recording other events (a resolution) does not claim every land play is recorded. Otherwise
        the state is inconsistent, ``state_error(lands_played_disagree(P, Given, Recorded))``
        (rules_asp/casting/lands.lp)."""
        self.extra.append(Function("lands_played_this_turn", [ident(player), Number(number)]))

    # --- the turn's history (rules_asp/resolution_and_zones/turn_history.lp; schema.lp, "Turn history") ---
    # Events are recorded in the order they happened: each record_* call takes the next moment.
    # Recording anything declares the recorded history of the turn complete (turn_history_recorded):
    # what is not recorded did not happen this turn -- except a land-play count given with
    # set_lands_played, which holds unless record_turn_history declared the history complete.

    _HISTORY = ("turn_began_at", "spell_cast_at", "land_played_at", "resolved_at", "triggered_at", "cleanup_at",
                "activated_at")

    def _record(self, name: str, *args) -> None:
        moment = 1 + sum(1 for f in self.extra if f.name in self._HISTORY)
        if Function("turn_history_recorded") not in self.extra:
            self.extra.append(Function("turn_history_recorded"))
        self._add(name, moment, *args)

    def _known_object(self, obj: str) -> None:
        if obj not in self.objects:
            raise QueryError(f"history: object {obj!r} is not an object of this state")

    def record_turn_history(self) -> None:
        """Declare the turn's history recorded: every spell cast, land played, spell resolved and
        ability triggered this turn is (or will be) recorded with the ``record_*`` methods; nothing
        else happened (``turn_history_recorded``; 603.2, 611.2f need it to decide). Declared on
        purpose, it also claims every land play of the turn is recorded (``turn_history_complete``):
        a :meth:`set_lands_played` count must then equal the recorded land plays (305.2a)."""
        for fact in (Function("turn_history_recorded"), Function("turn_history_complete")):
            if fact not in self.extra:
                self.extra.append(fact)

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

    def record_activation(self, player: str, obj: str, ability: int | str) -> None:
        """``player`` activated ability ``ability`` of ``obj`` (602.2): its 1-based printed index in the
        card text, or the name of an activated keyword ability (``"equip"``; the keyword's CR name).
        Read for "Activate only once each turn" (602.1b, 602.5b: whoever activated it) and for loyalty
        abilities, once each turn per permanent (606.3). Fact ``activated_at(M, player, obj, A)``, A the
        index or ``keyword(K)`` (rules_asp/casting/activation.lp).

        Raises:
            QueryError: ``player`` is not a player or ``obj`` not an object of this state; an index
                below 1, or a name that is no keyword.
        """
        from pyrules.facts.terms import keyword_term

        self._known_object(obj)
        if player not in self.players:
            raise QueryError(f"history: {player!r} is not a player of this state")
        if isinstance(ability, bool) or not isinstance(ability, (int, str)):
            raise StateValueError(f"record_activation: ability must be a printed index or a keyword name, "
                                  f"not {ability!r}", "ability")
        if isinstance(ability, int):
            if ability < 1:
                raise StateValueError(f"record_activation: ability index {ability} is below 1 (abilities are "
                                      "numbered from 1 as printed)", "ability")
            term = Number(ability)
        else:
            term = Function("keyword", [keyword_term(ability)])
        self._record("activated_at", player, obj, term)

    def record_cleanup(self) -> None:
        """The cleanup step's turn-based actions happened (514.2): "until end of turn" and "this turn"
        effects that began before now have ended. Fact ``cleanup_at(M)``."""
        self._record("cleanup_at")

    def controlled_since_turn_began(self, obj: str) -> None:
        """``obj`` has been controlled continuously by its controller since their most recent turn began (302.6)."""
        self._add("controlled_since_turn_began", obj)
