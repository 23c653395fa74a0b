"""The payment verdict (rules_asp/casting/mana_payment.lp with keywords/convoke_delve_improvise.lp) against a
brute-force search in Python over every way to use each source (tap it for mana, tap it for convoke or
improvise, exile a card for delve, or not use it: 601.2g-h, 702.51a, 702.66a, 702.126a), after a reduction
by colored, colorless or generic mana applied as 118.7a-d say (not as units), on random small
states of real cards: a "yes" or "no" the rule base gives agrees with the search, and a payment asked for
uses each source once and pays every symbol."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from pyrules import GameState

#: What each permanent can do, by the CR: the mana its abilities add (one option per unit: 305.6,
#: 605.1a), its colors for convoke (702.51a; None: not a creature), whether it is an artifact
#: (702.126a), whether its mana ability needs it to have been controlled since the turn began (302.6).
SOURCES = {
    "Mountain": dict(mana=("r",), colors=None, artifact=False, sick_matters=False),
    "Forest": dict(mana=("g",), colors=None, artifact=False, sick_matters=False),
    "Island": dict(mana=("u",), colors=None, artifact=False, sick_matters=False),
    "Llanowar Elves": dict(mana=("g",), colors=("g",), artifact=False, sick_matters=True),
    "Grizzly Bears": dict(mana=(), colors=("g",), artifact=False, sick_matters=False),
    "Hill Giant": dict(mana=(), colors=("r",), artifact=False, sick_matters=False),
    "Memnite": dict(mana=(), colors=(), artifact=True, sick_matters=False),
    "Sol Ring": dict(mana=("colorless", "colorless"), colors=None, artifact=True, sick_matters=False),
}
#: Each spell's mana cost (colored symbols by color, generic) and its keyword.
SPELLS = {
    "Stoke the Flames": ({"r": 2}, 2, "convoke"),
    "Sprout Swarm": ({"g": 1}, 1, "convoke"),
    "Reverse Engineer": ({"u": 2}, 3, "improvise"),
    "Treasure Cruise": ({"u": 1}, 7, "delve"),
    "Hill Giant": ({"r": 1}, 3, None),
}


@pytest.fixture(scope="module")
def kb(kb_of):
    return kb_of(*(set(SOURCES) | set(SPELLS) | {"Lightning Bolt"}))


def _options(card: str, tapped: bool, new: bool, keyword: str | None) -> list[tuple[str, ...]]:
    """Each way to use one permanent: the types of the units it gives ("generic": generic mana only)."""
    src = SOURCES[card]
    out: list[tuple[str, ...]] = [()]
    if tapped:
        return out
    if src["mana"] and not (new and src["sick_matters"]):
        out.append(src["mana"])
    if keyword == "convoke" and src["colors"] is not None:
        out += [(c,) for c in src["colors"]] + [("generic",)]
    if keyword == "improvise" and src["artifact"]:
        out.append(("generic",))
    return out


#: Reductions "cost [symbols] less" (GameState.cost_reduction_symbols), as (type, amount) per symbol.
REDUCTIONS = {None: (), "{R}": (("r", 1),), "{G}": (("g", 1),), "{U}{U}": (("u", 1), ("u", 1)),
              "{C}": (("colorless", 1),), "{R}{R}": (("r", 1), ("r", 1)), "{1}": (("generic", 1),)}


def reduced_cost(spell: str, reduction: str | None) -> tuple[dict[str, int], int]:
    """The cost after the reduction, by 118.7a-d: a symbol of a type the cost has takes one of them,
    otherwise (or a generic one) it takes generic mana, never below {0}."""
    colored, generic, _ = SPELLS[spell]
    colored = dict(colored)
    for kind, n in REDUCTIONS[reduction]:
        if colored.get(kind, 0) > 0:
            colored[kind] -= 1
        else:
            generic = max(0, generic - n)
    return colored, generic


def brute_force_payable(perms, graveyard: int, spell: str, reduction: str | None = None) -> bool:
    _, _, keyword = SPELLS[spell]
    colored, generic = reduced_cost(spell, reduction)
    delve = graveyard if keyword == "delve" else 0
    for choice in itertools.product(*(_options(c, t, n, keyword) for c, t, n in perms)):
        units = [u for option in choice for u in option] + ["generic"] * delve
        if all(units.count(c) >= n for c, n in colored.items()) and len(units) >= sum(colored.values()) + generic:
            return True
    return False


CARD = st.sampled_from(sorted(SOURCES))
PERMANENT = st.tuples(CARD, st.booleans(), st.booleans())  # card, tapped, came under control this turn


@settings(max_examples=80, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(perms=st.lists(PERMANENT, max_size=5), graveyard=st.integers(0, 7), spell=st.sampled_from(sorted(SPELLS)),
       reduction=st.sampled_from(sorted(REDUCTIONS, key=str)))
@example(perms=[("Mountain", False, False)] * 2 + [("Grizzly Bears", False, True)] * 2, graveyard=0,
         spell="Stoke the Flames", reduction=None)  # yes: the Bears convoke the {2}
@example(perms=[("Llanowar Elves", False, False)], graveyard=3, spell="Sprout Swarm",
         reduction=None)  # no: one tap, one mana
@example(perms=[("Mountain", False, False)] * 3, graveyard=0, spell="Stoke the Flames", reduction="{R}")
@example(perms=[("Mountain", False, False)] * 3, graveyard=0, spell="Hill Giant", reduction="{1}")
def test_the_payment_verdict_agrees_with_a_brute_force_search(kb, perms, graveyard, spell, reduction):
    s = GameState()
    for p in ("alice", "bob"):
        s.add_player(p)
    s.set_turn("alice", "precombat_main", priority="alice")
    s.ask_payments()
    for i, (card, tapped, new) in enumerate(perms):
        s.add_object(f"p{i}", card, "battlefield", "alice")
        if not new:
            s.controlled_since_turn_began(f"p{i}")
        if tapped:
            s.tap(f"p{i}")
    for i in range(graveyard):
        s.add_object(f"g{i}", "Lightning Bolt", "graveyard", "alice")
    s.add_object("sp", spell, "hand", "alice")
    if reduction is not None:
        s.cost_reduction_symbols("less", "alice", reduction)
    s.ask_payment("sp")
    (pay,) = kb.ask(s).payments("sp")
    expected = brute_force_payable(perms, graveyard, spell, reduction)
    assert pay.payable is not None  # every source here is read: a verdict either way
    assert pay.payable == expected, (perms, graveyard, spell, pay.explain())
    if pay.payable:
        # every symbol of the cost is paid; a reduction by a type of mana pays one too ("reduced(less,T)"),
        # a generic one leaves fewer generic mana to pay (118.7a)
        colored, generic, _ = SPELLS[spell]
        off = sum(n for kind, n in REDUCTIONS[reduction] if kind == "generic")
        assert len(pay.uses) == sum(colored.values()) + max(0, generic - off)
        sources = [src for _, src in pay.uses]
        objects = [src.split("(")[1].split(",")[0].rstrip(")") for src in sources
                   if not src.startswith("reduced(")]
        # a unit of mana is one use; Sol Ring's two units are two uses of one object, nothing else repeats
        assert all(objects.count(o) == 1 or o.startswith("p") and sources.count(f"mana({o},colorless)") == 2
                   for o in objects)

