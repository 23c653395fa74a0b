"""Conditions and citations of the time encoding's rules (issue 23: tests that notice when a rule
changes), on real cards posed as short sequences (rules_asp/time/). Each test names the rule whose
condition or citation it pins.
"""

from __future__ import annotations

import pytest

from timeline_helpers import atom as _atom
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _citations(step, fluent: str, kind: str = "begins") -> set[str]:
    atom = _atom(fluent)
    return {r for c in step.changes if c.fluent == atom and c.kind == kind for r in c.citations}


# --- resolution_effects_control_and_types.lp: a control change (613.1b, 611.2a, 608.2c) --------------

def test_a_control_change_cites_the_layer_the_duration_and_the_resolution_613_1b_611_2a_608_2c(kb_of):
    # Act of Treason ("Gain control of target creature until end of turn. Untap that creature. It gains
    # haste until end of turn.") on bob's Bears: as it resolves alice controls them (608.2c: the spell's
    # instruction, in the control layer 613.1b, for a duration 611.2a); bob's control ends
    s = _state(("act", "Act of Treason", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "act", targets=["bears"])
    s.then_resolve()
    tl = kb_of("Act of Treason", "Grizzly Bears").run(s)
    assert tl.finished, tl.steps[-1].refused
    _cast, resolve = _user_steps(tl)
    assert _citations(resolve, "controller(bears,alice)") == {"613.1b", "611.2a", "608.2c"}
    assert _atom("controller(bears,bob)") not in resolve.state


# --- cast_targets.lp: a target named for a spell that chooses none (601.2c, 115.10) -------------------

@pytest.mark.parametrize("targets,refused", [([], None), (["bears"], "too_many_targets(1,0)"),
                                             (["bears", "bob"], "too_many_targets(2,0)")])
def test_a_cast_naming_a_target_for_a_spell_with_none_is_refused_601_2c_115_10(kb_of, targets, refused):
    # Divination ("Draw two cards.") has no target to choose: one named is one too many
    s = _state(("div", "Divination", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "div", targets=targets)
    tl = kb_of("Divination", "Grizzly Bears").run(s)
    (cast,) = _user_steps(tl)
    assert (str(cast.refused) if cast.refused is not None else None) == refused


# --- resolution_effects_permanents.lp: a printed P/T modifier read as a number (208.1, 613.4c) -------

def test_skarrg_goliaths_bloodrush_gives_plus_9_plus_9_to_the_attacking_bears_613_4c(kb_of):
    # Bloodrush ("{5}{G}{G}, Discard this card: Target attacking creature gets +9/+9 and gains trample
    # until end of turn."), activated from alice's hand on her attacking Bears and resolved: the
    # printed "+9" modifiers are read as 9 (pt_text_value/2), the Bears get +9/+9 (613.4c)
    s = _state(("sg", "Skarrg Goliath", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"),
               phase="combat", step="declare_attackers")
    s.then_declare_attackers({"bears": "bob"})
    s.then_activate("alice", "sg", 2, targets=["bears"])
    s.then_resolve()
    tl = kb_of("Skarrg Goliath", "Grizzly Bears").run(s)
    _attack, _activate, resolve = _user_steps(tl)
    assert resolve.refused is None
    assert [tuple(map(str, f.arguments[1:])) for f in resolve.state if f.name == "modifies_pt"] == [("bears", "9", "9")]


# --- resolution_effects.lp: "you gain X life" is not applied with a number it doesn't have -----------

def test_death_grasp_deals_x_damage_and_leaves_its_x_life_gain_unapplied_not_applied_as_nothing_107_3(kb_of):
    # Death Grasp ({X}{W}{B}: "deals X damage to any target. You gain X life."), cast with X = 3 at bob:
    # the damage reads X (107.3: the announced value), bob goes to 17; the life gain's X is not read
    # (life_effect/5 only for a number): it is listed unapplied (an assumption), alice's 20 is not
    # claimed to be the result of applying it
    s = _state(("dg", "Death Grasp", "hand", "alice"))
    s.then_cast("alice", "dg", targets=["bob"], x=3)
    s.then_resolve()
    tl = kb_of("Death Grasp").run(s)
    _cast, resolve = _user_steps(tl)
    assert {str(f) for f in resolve.state if f.name in ("life_total", "unapplied_effect")} == {
        "life_total(alice,20)", "life_total(bob,17)", "unapplied_effect(dg,1,effect(gains_life))"}


# --- triggers.lp: "each opponent's upkeep" is the upkeep of an opponent of the controller (503.1a) -----

@pytest.mark.parametrize("next_turn,triggers", [("bob", True), ("alice", False)])
def test_an_each_opponents_upkeep_trigger_triggers_in_the_opponents_upkeep_only_503_1a_603_2(kb_of, next_turn,
                                                                                            triggers):
    # alice's Shrieking Affliction ("At the beginning of each opponent's upkeep, if that player has one or
    # fewer cards in hand, they lose 3 life."): in bob's upkeep it triggers -- its intervening "if" is
    # not read, so it is listed unapplied (603.4) --, in alice's own upkeep nothing happens
    s = _state(("sa", "Shrieking Affliction", "battlefield", "alice"), active="alice" if next_turn == "bob" else "bob",
               phase="ending", step="end")
    s.then_go_to("cleanup")
    s.then_next_turn(next_turn)
    s.then_go_to("upkeep")
    tl = kb_of("Shrieking Affliction").run(s)
    upkeep = _user_steps(tl)[-1]
    assert upkeep.refused is None
    unapplied = [str(c.fluent) for c in upkeep.changes if c.fluent.name == "unapplied_effect"]
    assert unapplied == (['unapplied_effect(sa,1,trigger_unread("if that player has one or fewer cards in hand, '
                          'they lose 3 life"))'] if triggers else [])


def test_damage_without_infect_gives_no_poison_counters_120_3a_122_1f(kb_of):
    # Lightning Bolt at bob: 3 life lost (120.3a); nobody gets poison counters, not even 0 of them
    # (122.1f: poison counters come from infect or toxic damage, 120.3b). Mutant of events.lp's
    # poison_now (N > 0 -> N >= 0, seed 31) put player_counters(P, poison, 0) on both players.
    kb = kb_of("Lightning Bolt")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"))
    s.then_cast("alice", "bolt", targets=["bob"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    final = tl.steps[-1].state
    assert _atom("life_total(bob,17)") in final and _atom("life_total(alice,20)") in final
    assert not [str(f) for st in tl.steps for f in st.state if f.name == "player_counters"]


# --- cast_announcements.lp: an announced cast's targets are the proposal's (601.2a-c, 601.3b) --------

@pytest.mark.parametrize("target,refused", [("cmdr", None),
                                            ("other", "announcement_illegal(flash_requirement_not_met)")])
def test_timely_ward_cast_at_instant_speed_with_an_announced_method_is_judged_by_its_target_601_3b(kb_of, target, refused):
    # Timely Ward: "You may cast this spell as though it had flash if it targets a commander." In bob's
    # turn alice casts it with an announced method (normal: the cast is also checked as that proposal),
    # so the announced target is the proposal's target: at her commander (the Bears) it may be cast;
    # at Memnite the permission's choice is not made and the cast is refused (601.3b, 601.5)
    s = _state(("tw", "Timely Ward", "hand", "alice"), ("cmdr", "Grizzly Bears", "battlefield", "alice"),
               ("other", "Memnite", "battlefield", "alice"), active="bob")
    s.set_turn("bob", "precombat_main", None, "alice")  # bob's main phase, alice holding priority
    s.designate("cmdr", "commander")
    s.then_cast("alice", "tw", targets=[target], method="normal")
    tl = kb_of("Timely Ward", "Grizzly Bears", "Memnite").run(s)
    (cast,) = _user_steps(tl)
    assert (str(cast.refused) if cast.refused is not None else None) == refused


# --- triggers.lp: a "dies" trigger of another creature looks back in time (603.10a) -------------------

def test_blood_artists_trigger_for_another_creature_dying_cites_the_look_back_603_10a(kb_of):
    # Blood Artist ("Whenever Blood Artist or another creature dies, target player loses 1 life and you
    # gain 1 life.") stays on the battlefield while bob's Bolt kills alice's Bears: the pending trigger
    # is a leaves-the-battlefield ability, which looks back in time (603.10a), as a death (700.4)
    s = _state(("artist", "Blood Artist", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"),
               ("bolt", "Lightning Bolt", "hand", "bob"), active="bob")
    s.then_cast("bob", "bolt", targets=["bears"])
    s.then_resolve()
    tl = kb_of("Blood Artist", "Grizzly Bears", "Lightning Bolt").run(s)
    assert tl.finished, tl.steps[-1].refused
    cited = {r for st in tl.steps for c in st.changes if c.kind == "begins" and c.fluent.name == "pending_trigger"
             and "artist" in str(c.fluent) for r in c.citations}
    assert {"603.2", "700.4", "603.10a"} <= cited, cited


# --- resolution_effects_stack_and_library.lp: a card put into a library hides its top card (400.7) ----

def test_a_card_put_into_a_library_makes_its_known_top_card_unknown_so_a_draw_is_not_that_card_400_7(kb_of):
    # alice's library: Memnite known on top, Ornithopter below it. A Forest from her hand is put into
    # her library (its place not recorded), then Divination draws two: Memnite is no longer known to be
    # on top, so the rule base draws no known card (the draw is listed unapplied); without the move
    # Divination draws Memnite and Ornithopter
    def run(move: bool):
        s = _state(("top", "Memnite", "library", "alice"), ("second", "Ornithopter", "library", "alice"),
                   ("forest", "Forest", "hand", "alice"), ("div", "Divination", "hand", "alice"))
        s.set_library_order("alice", ["top", "second"])
        if move:
            s.then_move("forest", "library")
        s.then_cast("alice", "div")
        s.then_resolve()
        tl = kb_of("Memnite", "Ornithopter", "Forest", "Divination").run(s)
        assert tl.finished, tl.steps[-1].refused
        return tl
    drawn = run(False)
    assert _holds_final(drawn, "in_zone(top,hand)") and _holds_final(drawn, "in_zone(second,hand)")
    moved = run(True)
    assert _holds_final(moved, "in_zone(forest,library)") and _holds_final(moved, "in_zone(top,library)")
    assert _holds_final(moved, "unapplied_effect(div,1,effect(draws_cards))")
    assert not any(_atom("top_of_library(top)") in st.state for st in moved.steps[2:])


def _holds_final(tl, text: str) -> bool:
    return _atom(text) in tl.steps[-1].state
