"""Which gameplay trackers can be destroyed, each with the CR rule that defines it (issue 23: tests
that notice when a rule changes). Naturalize 2 ruling (2024-11-08): "As of the release of Mystery
Booster 2, the following gameplay trackers can be destroyed": the monarch (725.1), the initiative
(726.1), a player's city's blessing (702.131c), day and night (731.1), a dungeon (309.1).
rules_asp/characteristics_and_objects/designations.lp.

Cards: Naturalize 2 (MB2 playtest: "Destroy target artifact, enchantment, emblem, or gameplay
tracker"), Lost Mine of Phandelver (a dungeon in the command zone); Timely Ward, Grizzly Bears and
Memnite for a designation a permission's choice names (601.3b, rules_asp/foundation/state_checks.lp).
"""

from __future__ import annotations

import pytest

from pyrules import GameState
from two_player import game

# tracker -> the CR rule its gameplay_tracker/1 answer cites (one row per cites rule of designations.lp)
TRACKERS = {
    "monarch": "725.1",
    "initiative": "726.1",
    "citys_blessing(a)": "702.131c",
    "citys_blessing(b)": "702.131c",
    "day": "731.1",
    "night": "731.1",
    "mine": "309.1",
}


def naturalize_state() -> GameState:
    s = GameState()
    for p in ("a", "b"):
        s.add_player(p)
        s.set_life(p, 20)
    s.set_turn("a", "combat")
    s.add_object("n2", "Naturalize 2", "stack", "b", controller="b")
    s.add_object("mine", "Lost Mine of Phandelver", "command", "a")
    return s


@pytest.fixture(scope="module")
def kb(kb_of):
    return kb_of("Naturalize 2", "Lost Mine of Phandelver")


@pytest.mark.parametrize("tracker,rule", sorted(TRACKERS.items()))
def test_each_destroyable_gameplay_tracker_cites_the_rule_defining_it(kb, tracker, rule):
    trackers = {o.args[0]: {c.rule for c in o.citations}
                for o in kb.ask(naturalize_state()).outcomes().results("gameplay_tracker")}
    assert set(trackers) == set(TRACKERS)
    assert trackers[tracker] == {rule}


# --- a designation a casting permission's choice names is read (601.3b) -------------------------------
# Timely Ward's permission ("as though it had flash if it targets a commander") built by hand for
# another designation, Ring-bearer (701.54b: "Ring-bearer is a designation a permanent can have"): the
# designation named by the choice is one the rule base reads (as_though.lp, costs.lp), so the state
# giving it is answered, never refused as an unknown designation; the proposal targeting the
# Ring-bearer meets the choice, the one targeting another creature doesn't.

def ring_bearer_ward() -> GameState:
    s = game(phase="combat", step="declare_blockers")
    s.add_object("tw", "Timely Ward", "hand", "a")
    s.add_object("bearer", "Grizzly Bears", "battlefield", "a")
    s.add_object("other", "Memnite", "battlefield", "a")
    s.designate("bearer", "ring_bearer")
    s.allow_as_though_flash("ward_flash", "a", source="tw", only_object="tw", choice="targets_designation(ring_bearer)")
    s.propose("bearer_target", "a", "tw", targets=("bearer",))
    s.propose("other_target", "a", "tw", targets=("other",))
    return s


def test_a_designation_a_permissions_choice_names_is_read_not_refused_601_3b(kb_of):
    answers = kb_of("Timely Ward", "Grizzly Bears", "Memnite").ask(ring_bearer_ward())
    assert sorted(d.args for d in answers.derived("proposal_legal")) == [("bearer_target",)]
    assert sorted(d.args for d in answers.derived("proposal_illegal")) == [("other_target", "flash_requirement_not_met")]
