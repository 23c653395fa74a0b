"""Trample's assignment when another attacker shares the blocker (issue 23: tests that notice when a
rule changes). 702.19b: "When checking for assigned lethal damage, take into account damage already
marked on the creature and damage from other creatures that's being assigned during the same combat
damage step": what the other attacker assigns to the shared blocker is its controller's choice, so the
trampler's lethal damage (and what may go past the blocker) is undecided, never computed as if the
blocker needed nothing. rules_asp/combat/combat_damage.lp (shared_blocker/2, combat_assignment_undecided/2).

Cards: Hill Giant (3/3, given trample) and Grizzly Bears (2/2) attack b; Palace Guard (1/4, "This
creature can block any number of creatures.") blocks the Giant, and the Bears too or not.
"""

from __future__ import annotations

import pytest

from pyrules import GameState


def combat(bears_attack_too: bool) -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "combat", "combat_damage", None)
    s.add_object("x", "Hill Giant", "battlefield", "a", controller="a")
    s.grant_keyword("k", "x", "trample")
    s.add_object("y", "Grizzly Bears", "battlefield", "a", controller="a")
    s.add_object("g", "Palace Guard", "battlefield", "b", controller="b")
    for obj in ("x", "y", "g"):
        s.controlled_since_turn_began(obj)
    s.attack("x", "b")
    s.block("g", "x")
    if bears_attack_too:
        s.attack("y", "b")
        s.block("g", "y")
    s.set_combat_damage_step(1)
    return s


KINDS = ("combat_assignment_undecided", "combat_damage_to_attacked_at_most", "combat_damage_among_blockers",
         "lethal_damage_to_assign", "combat_damage_assignment")


@pytest.mark.parametrize("bears_attack_too,expected", [
    # alone: the Guard's lethal damage is its toughness, 4; all 3 among the blockers, 0 to b (702.19b):
    # with the Guard its one blocker, all 3 to the Guard (510.1c, 702.19b: no excess)
    (False, {("combat_damage_among_blockers", ("x", "3")), ("lethal_damage_to_assign", ("x", "g", "4")),
             ("combat_damage_assignment", ("x", "b", "0")), ("combat_damage_assignment", ("x", "g", "3"))}),
    # the Bears' damage to the Guard is being assigned in the same step: undecided, no amounts
    (True, {("combat_assignment_undecided", ("x", "shared_blocker(g)"))}),
])
def test_a_trampler_sharing_its_blocker_with_another_attacker_is_undecided_702_19b(kb_of, bears_attack_too,
                                                                                   expected):
    out = kb_of("Hill Giant", "Grizzly Bears", "Palace Guard").ask(combat(bears_attack_too)).outcomes()
    about_x = {(kind, r.args) for kind in KINDS for r in out.results(kind) if r.args[0] == "x"}
    assert about_x == expected


def test_the_attacker_without_trample_sharing_the_blocker_assigns_all_its_damage_to_it_510_1c(kb_of):
    # the Bears, blocked by the Guard alone (the Guard blocks the Giant too): 510.1c, all 2 to the
    # Guard; only a trampler's assignment depends on the other attacker's (702.19b)
    out = kb_of("Hill Giant", "Grizzly Bears", "Palace Guard").ask(combat(True)).outcomes()
    about_y = {(kind, r.args) for kind in KINDS for r in out.results(kind) if r.args[0] == "y"}
    assert about_y == {("combat_damage_among_blockers", ("y", "2")), ("combat_damage_assignment", ("y", "g", "2"))}
