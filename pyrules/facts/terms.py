"""ASP terms for builder values (zones, counter kinds, effects) and the objects of a game state (CR
109)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from clingo import Number, String, Symbol

from pyrules.asp_terms import NotAnAspValue, is_asp_name, symbol_name, term_from_text  # noqa: F401 (symbol_name: here for the builder's importers)
from pyrules.errors import QueryError, StateValueError
from pyrules.facts.validation import Function


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
#: (rules_asp/casting/as_though.lp could_choose/3, costs.lp choice_made/2): name -> its argument's kind.
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


def keyword_term(keyword: str, argument: str = "keyword") -> Symbol:
    """The ASP constant for a keyword ability given in the CR's words (702: ``"double strike"``,
    ``"First-Strike"``, ``"flying"``): lower case, runs of spaces and hyphens -> one underscore, as
    card facts name keywords (``double_strike``). The one place builder and accessor keyword
    arguments are read.

    Raises:
        StateValueError: not text, or no ASP name once normalized (naming ``argument``).
    """
    import re

    if not isinstance(keyword, str):
        raise StateValueError(f"{argument}: a keyword is text in the CR's words (\"first strike\"), not {keyword!r}",
                              argument)
    name = re.sub(r"[\s-]+", "_", keyword.strip().lower())
    if not is_asp_name(name):
        raise StateValueError(f"{argument}: {keyword!r} is no keyword name (the CR's words, such as \"first "
                              "strike\" or \"flying\")", argument)
    return Function(name)


def counter_kind_term(kind: str) -> Symbol:
    """The ASP term for a counter kind (schema.lp ``counters/3``): ``"+1/+1"`` -> ``pt(1,1)``,
    ``"-1/-1"`` -> ``pt(-1,-1)`` (122.1a); any other kind (``loyalty``, ``defense``) a constant.

    Raises:
        QueryError: a ``+X/+Y`` kind whose numbers are not whole numbers of clingo's 32-bit range,
            or a kind that is no name (the builder reports it naming its ``kind`` argument).
    """
    if "/" in kind:
        x, _, y = kind.partition("/")
        try:
            return Function("pt", [Number(int(x)), Number(int(y))])
        except (ValueError, OverflowError):
            raise QueryError(f"counter kind {kind!r} is not +X/+Y with whole numbers (CR 122.1a)") from None
    name = kind.strip().lower().replace(" ", "_")
    if not is_asp_name(name):
        raise QueryError(f"counter kind {kind!r} is no counter's name (CR 122.1: e.g. loyalty, defense, +1/+1)")
    return Function(name)


def ability_effect(obj: str, ability: int, group: int | None = None) -> Symbol:
    """The id of the effect that ability ``ability`` (1-based, as printed) of object ``obj`` generates
    (``rules_asp/casting/card_effects.lp``): ``ability_effect(obj, A, G)`` for spell-quality group ``group``
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
