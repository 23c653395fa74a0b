"""Typed answers: what the rule base derived, with the CR rules behind each verdict.

Every answer carries ``citations``: the CR rule numbers (and, when the knowledge base was loaded
with a CR document, their text) that the clingo program attached to it with ``cites/2``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Citation:
    """One CR rule an answer rests on: ``rule`` such as ``"709.3a"``; ``text`` from the loaded CR, or None."""

    rule: str
    text: str | None = None


def _cites(citations: tuple[Citation, ...]) -> str:
    return ", ".join(c.rule for c in citations)


#: The strengths of an answer (answer_strength/2, rules_asp/foundation/assumptions.lp): ``derived`` — everything
#: it rests on was read and is interpreted by some rule; ``assumed`` — it holds unless one of the
#: assumptions listed for its question kind applies (:meth:`pyrules.answers.answer_set.Answers.assumptions`);
#: ``unknown`` — the rule base could not decide.
STRENGTHS = ("derived", "assumed", "unknown")

#: The kinds of question an assumption bears on (question_kind/1, rules_asp/foundation/assumptions.lp).
QUESTION_KINDS = ("casting", "cost", "outcome", "combat", "characteristics")


def _strength_note(strength: str) -> str:
    """`` [assumed]`` / `` [unknown]`` after an answer's line; nothing for a derived answer."""
    return "" if strength == "derived" else f" [{strength}]"


@dataclass(frozen=True)
class ManaValue:
    """Mana value of an object as it is now (CR 202.3; split cards 709.4b / 709.3b).

    Attributes:
        object: object id.
        value: the mana value (a whole number of mana).
        citations: CR rules.
        strength: ``derived``, ``assumed`` or ``unknown`` (:data:`STRENGTHS`).
    """

    object: str
    value: int
    citations: tuple[Citation, ...]
    strength: str = "derived"

    def explain(self) -> str:
        """One line: the value and its rules."""
        return f"{self.object}: mana value {self.value} (CR {_cites(self.citations)}){_strength_note(self.strength)}"


@dataclass(frozen=True)
class CastVerdict:
    """May ``player`` begin to cast face ``face`` of ``object`` under permission ``permission``? (CR 601.3)

    Attributes:
        player, object, permission: ids from the state.
        face: 1-based face index; ``face_name`` its name.
        allowed: True if the player may cast it now through the permission (it covers the card,
            and some way of casting it the permission allows is castable: the cast_options verdict).
        reason: for a refusal, why (e.g. ``"mana value 3 is more than 2"``, ``"timing"``,
            ``"not_top_of_library"``); "" when allowed.
        citations: CR rules.
        strength: ``derived``, ``assumed`` or ``unknown`` (:data:`STRENGTHS`).
    """

    player: str
    object: str
    face: int
    face_name: str
    permission: str
    allowed: bool
    reason: str
    citations: tuple[Citation, ...]
    strength: str = "derived"

    def explain(self) -> str:
        """One line: verdict, why, and the rules."""
        verdict = "may cast" if self.allowed else "may not cast"
        why = f": {self.reason}" if self.reason else ""
        return (f"{self.player} {verdict} {self.face_name} ({self.object}) with {self.permission}{why} "
                f"(CR {_cites(self.citations)}){_strength_note(self.strength)}")


@dataclass(frozen=True)
class SearchVerdict:
    """Can search ``effect`` find ``object``? (CR 701.23a)"""

    effect: str
    object: str
    found: bool
    reason: str
    citations: tuple[Citation, ...]
    strength: str = "derived"

    def explain(self) -> str:
        """One line: verdict, why, and the rules."""
        verdict = "can find" if self.found else "cannot find"
        why = f": {self.reason}" if self.reason else ""
        return f"{self.effect} {verdict} {self.object}{why} (CR {_cites(self.citations)}){_strength_note(self.strength)}"


@dataclass(frozen=True)
class Count:
    """How many cards an effect counts (``count``), or a player discarded (``discard``)."""

    effect: str
    number: int
    citations: tuple[Citation, ...]
    strength: str = "derived"

    def explain(self) -> str:
        """One line: the number and its rules."""
        return f"{self.effect}: {self.number} card(s) (CR {_cites(self.citations)}){_strength_note(self.strength)}"


@dataclass(frozen=True)
class CastOption:
    """One way ``player`` might cast face ``face`` of ``object`` now, and whether they may (CR 601.3).

    Attributes:
        player, object: ids from the state; ``face`` 1-based, ``face_name`` its name; ``face`` 0: cast
            face down (708.2, 702.37c; ``face_name`` empty: a face-down spell has no name).
        zone: the zone it would be cast from (400.1).
        method: ``normal`` (pay the mana cost), ``without_paying_mana_cost``, ``flashback``,
            ``alternative(K)`` (118.9); ``morph``, ``megamorph``, ``disguise``: face down for {3}
            rather than the mana cost (702.37c, 702.168b).
        source: what allows it: ``rules`` (cast from hand, 117.1a), ``flashback`` (702.34a), or an
            effect id.
        allowed: True if the player may cast it this way now.
        reasons: for a refusal, each blocking reason: ``prohibited(E)`` (101.2), ``timing`` (117.1a,
            307.1), ``no_priority`` (117.1), ``unpayable_cost`` (118.6); empty when allowed.
        citations: CR rules.
        strength: ``derived``, ``assumed`` or ``unknown`` (:data:`STRENGTHS`).
    """

    player: str
    object: str
    face: int
    face_name: str
    zone: str
    method: str
    source: str
    allowed: bool
    reasons: tuple[str, ...]
    citations: tuple[Citation, ...]
    strength: str = "derived"

    def explain(self) -> str:
        """One line: verdict, why, and the rules."""
        verdict = "may cast" if self.allowed else "may not cast"
        why = f": {', '.join(self.reasons)}" if self.reasons else ""
        return (f"{self.player} {verdict} {self.face_name} ({self.object}) from {self.zone} by {self.method} "
                f"with {self.source}{why} (CR {_cites(self.citations)}){_strength_note(self.strength)}")


@dataclass(frozen=True)
class LandPlay:
    """May ``player`` play land ``object`` from ``zone`` now? (CR 116.2a, 305.1; rules_asp/casting/lands.lp)

    Attributes:
        player, object: ids from the state; ``zone`` the zone it would be played from (305.1: hand).
        allowed: True if the player may play it now (a special action: it never uses the stack);
            None if the rule base can't tell (``reasons`` says what is not modelled).
        reasons: for a refusal, each reason: ``not_your_turn`` (305.3), ``no_land_play_available``
            (305.2b), ``timing`` (305.1), ``no_priority`` (116.1); empty when allowed.
        citations: CR rules.
        strength: ``derived``, ``assumed`` or ``unknown`` (:data:`STRENGTHS`).
    """

    player: str
    object: str
    zone: str
    allowed: bool | None
    reasons: tuple[str, ...]
    citations: tuple[Citation, ...]
    strength: str = "derived"

    def explain(self) -> str:
        """One line: verdict, why, and the rules."""
        verdict = "may play" if self.allowed else ("unknown whether may play" if self.allowed is None else "may not play")
        why = f": {', '.join(self.reasons)}" if self.reasons else ""
        return f"{self.player} {verdict} land {self.object} from {self.zone}{why} (CR {_cites(self.citations)}){_strength_note(self.strength)}"


@dataclass(frozen=True)
class Derived:
    """Any other derived answer atom (``name(args)``) with its CR citations, e.g. ``proposal_illegal``,
    ``total_cost``, ``may_suspend``; ``args`` are the atom's arguments as text (strings unquoted)."""

    name: str
    args: tuple[str, ...]
    citations: tuple[Citation, ...]
    strength: str = "derived"

    def explain(self) -> str:
        """One line: the atom and its rules."""
        return f"{self.name}({', '.join(self.args)}) (CR {_cites(self.citations)}){_strength_note(self.strength)}"


@dataclass(frozen=True)
class Assumption:
    """An ability in play that pyrules could not read, which every answer for the state assumes
    does not apply (rules_asp/foundation/assumptions.lp; 113.6: where abilities function).

    Attributes:
        object: object id.
        ability: 1-based index of the ability in the card's text (0: the text as a whole).
        text: the unread text, or what part of a read ability has no game meaning yet.
        kinds: the kinds of question it bears on (:data:`QUESTION_KINDS`), sorted.
        scope: ``"all"`` (every answer of those kinds: the object's abilities function now, 113.6) or
            an object id (only answers about that object: a card asked about for casting, 113.6d-f).
    """

    object: str
    ability: int
    text: str
    kinds: tuple[str, ...] = ()
    scope: str = "all"

    def explain(self) -> str:
        """One line naming the object, the ability, the unread text and what it bears on
        (``[casting, cost; answers about fm]``)."""
        which = f"ability {self.ability}" if self.ability else "text"
        about = "" if self.scope == "all" else f"; answers about {self.scope}"
        bears = f" [{', '.join(self.kinds)}{about}]" if self.kinds else ""
        return f"{self.object} {which}: {self.text!r}{bears}"


@dataclass(frozen=True)
class Proposal:
    """The verdict on a proposed casting (601.2b–e: announcements, costs, modes, splice).

    Attributes:
        proposal: the proposal id from the state.
        verdict: ``legal``, ``illegal``, or ``undecided`` (a choice this rule base cannot check).
        reasons: for ``illegal`` / ``undecided``, each reason as text.
        unchecked: what even a ``legal`` verdict does not cover: ``targets`` (601.2c: announced
            targets are not checked), ``unread_text(A)`` (spell text the card grammar could not read).
        citations: CR rules of the verdict (and of what is unchecked).
    """

    proposal: str
    verdict: str
    reasons: tuple[str, ...]
    unchecked: tuple[str, ...]
    citations: tuple[Citation, ...]
    strength: str = "derived"

    def explain(self) -> str:
        """One line: verdict, reasons, what is not checked, and the rules."""
        why = f": {', '.join(self.reasons)}" if self.reasons else ""
        caveat = f" (not checked: {', '.join(self.unchecked)})" if self.unchecked else ""
        return f"proposal {self.proposal}: {self.verdict}{why}{caveat} (CR {_cites(self.citations)}){_strength_note(self.strength)}"
