"""GameState builder methods: face-down permanents (CR 708; morph 702.37, disguise 702.168, manifest
701.40, cloak 701.58) and turning them face up (116.2b, 702.37e, 702.168d, 701.40b, 701.58b)."""

from __future__ import annotations

from pyrules.facts.terms import ident
from pyrules.facts.validation import Function

#: How a permanent came to be face down (rules_asp/characteristics_and_objects/face_down.lp: face_down_kind/1).
FACE_DOWN_KINDS = ("morph", "megamorph", "disguise", "manifest", "cloak")
#: The costs a face-down permanent may be turned face up for (rules_asp/time/face_down.lp).
TURN_UP_COSTS = ("morph", "megamorph", "disguise", "mana_cost")


class FaceDownMixin:
    """Builder methods of :class:`pyrules.facts.state.GameState`: face-down permanents (CR 708)."""

    def set_face_down(self, obj: str, how: str) -> None:
        """Permanent ``obj`` is face down (708.2), put onto the battlefield that way by ``how``: one of
        :data:`FACE_DOWN_KINDS` (``morph``, ``megamorph``, ``disguise``: cast face down, 702.37c,
        702.168b; ``manifest``, ``cloak``: 701.40a, 701.58a). It is a 2/2 creature with no name, no
        text, no subtypes and no mana cost (with ward {2} for ``disguise`` and ``cloak``). Refused by
        the rule base off the battlefield and for a split card.

        Raises:
            StateValueError: ``how`` is not one of :data:`FACE_DOWN_KINDS`.
        """
        if how not in FACE_DOWN_KINDS:
            from pyrules.errors import StateValueError
            raise StateValueError(f"set_face_down: how must be one of {', '.join(FACE_DOWN_KINDS)}, not {how!r}", "how")
        self.extra.append(Function("face_down", [ident(obj), Function(how)]))

    def then_turn_face_up(self, player: str, obj: str, cost: str | None = None) -> None:
        """``player`` turns the face-down permanent ``obj`` face up (116.2b: a special action, any time
        they have priority; it doesn't use the stack) by paying ``cost``: ``morph`` / ``megamorph`` /
        ``disguise`` (702.37e, 702.168d: that ability's cost, shown to all players) or ``mana_cost``
        (a manifested or cloaked creature card, 701.40b, 701.58b; a manifested or cloaked card with
        morph or disguise may also use that cost, 701.40c-d, 701.58c-d); None: the cost of the way it was
        put face down (its morph / megamorph / disguise cost; a manifested or cloaked card's mana cost).
        The permanent gets its card's characteristics and stays the same object (708.8: it doesn't
        enter the battlefield); its "when this is turned face up" abilities trigger. The cost is not
        judged: an assumption of the answers of that moment (rules_asp/time/face_down.lp).

        Raises:
            StateValueError: ``cost`` is not None or one of :data:`TURN_UP_COSTS`.
        """
        if cost is not None and cost not in TURN_UP_COSTS:
            from pyrules.errors import StateValueError
            raise StateValueError(f"then_turn_face_up: cost must be one of {', '.join(TURN_UP_COSTS)}, not {cost!r}",
                                  "cost")
        details = [("event_turn_up_cost", [Function(cost)])] if cost is not None else []
        self._event(Function("turn_face_up", [ident(player), ident(obj)]), *details)
