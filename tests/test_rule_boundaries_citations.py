"""A citation is of an answer the rule base derived (issue 23: tests that notice when a rule changes).
Every ``cites(X, R)`` rule has ``X`` itself in its body: an answer rests on CR rule R only where the
answer holds. ``pyrules solve`` and ``pyrules clingo`` print the model's ``cites/2`` atoms (``#show
cites/2``), so a citation of an answer that does not hold ("602.5a" and "702.10c" for an activation
that is not allowed) would be a wrong statement even where the Python API reads citations only off the
answers it finds. Checked on the raw models (every shown atom, ``pyrules.solving.one_shot.solve``) of
table-driven activation states -- summoning sickness, haste (702.10c), "as though it had haste"
(609.4) for either player, tapped (107.5): Fyndhorn Elves' {T} ability (602.5a, 302.6) -- for every
cited atom whose predicate show.lp shows as an answer.
"""

from __future__ import annotations

import itertools
import re

import pytest

from pyrules import GameState
from pyrules.inputs.rule_base import rule_files
from pyrules.solving.one_shot import solve

ROWS = list(itertools.product((False, True), (False, True), (None, "a", "b"), (False, True)))


def shown_answers() -> set[tuple[str, int]]:
    """(name, arity) of the predicates show.lp shows, citations themselves left out."""
    text = dict(rule_files())["foundation/show.lp"]
    return {(n, int(a)) for n, a in re.findall(r"^#show (\w+)/(\d+)\.", text, re.M)} - {("cites", 2)}


def state(since_turn_began: bool, haste: bool, as_though_haste: str | None, tapped: bool) -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("elf", "Fyndhorn Elves", "battlefield", "a", controller="a")
    if since_turn_began:
        s.controlled_since_turn_began("elf")
    if haste:
        s.grant_keyword("h", "elf", "haste")
    if as_though_haste:
        s.may_activate_as_though_haste(as_though_haste)
    if tapped:
        s.tap("elf")
    return s


@pytest.fixture(scope="module")
def kb(kb_of):
    return kb_of("Fyndhorn Elves")


def test_show_lp_shows_the_activation_verdicts(kb):
    assert {("may_activate", 2), ("may_not_activate", 3)} <= shown_answers()


@pytest.mark.parametrize("since_turn_began,haste,as_though_haste,tapped", ROWS)
def test_every_citation_of_a_shown_answer_is_of_a_derived_atom_602_5a_702_10c_609_4(
        kb, since_turn_began, haste, as_though_haste, tapped):
    result = solve(kb.facts(state(since_turn_began, haste, as_though_haste, tapped)))
    assert result.status == "satisfiable"
    atoms = set(result.symbols)
    shown = shown_answers()
    orphans = sorted(str(a) for a in atoms if a.name == "cites" and len(a.arguments) == 2
                     and (a.arguments[0].name, len(a.arguments[0].arguments)) in shown
                     and a.arguments[0] not in atoms)
    assert orphans == []
    # the activation verdict is there, so the check above looked at its citations
    verdicts = [a for a in atoms if a.name in ("may_activate", "may_not_activate")]
    assert verdicts
    cited = {a.arguments[1].string for a in atoms if a.name == "cites" and a.arguments[0] in verdicts}
    assert ("702.10c" in cited) == (haste and not since_turn_began and not tapped)
