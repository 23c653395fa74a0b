"""Control change, a land animated by its own ability, and regeneration in combat over time (issue 15;
rules_asp/time/resolution_effects_control_and_types.lp): real cards posed as sequences (cast or
activate, resolve, attack, block, combat damage, cleanup) with no hand-built effect; the CR rules are
cited on the changes, and what is not applied stays an assumption."""

from __future__ import annotations

import pytest

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)



def _citations(step, fluent: str, kind: str = "begins") -> set[str]:
    atom = _atom(fluent)
    return {r for c in step.changes if c.fluent == atom and c.kind == kind for r in c.citations}


def _unapplied(state) -> set[str]:
    return {str(f) for f in state if f.name == "unapplied_effect"}


# ----------------------------------------------------------------------------- control change

def _threat_sequence(spell, cleanup=True):
    """alice steals bob's tapped Bears with ``spell``, attacks him with them; then (``cleanup``)
    goes to the end step and the cleanup step."""
    s = _state(("steal", spell, "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.tap("bears")
    s.then_cast("alice", "steal", targets=["bears"])
    s.then_resolve()
    s.then_go_to("beginning_of_combat")
    s.then_declare_attackers({"bears": "bob"})
    s.then_declare_blockers({})
    s.then_combat_damage()
    if cleanup:
        s.then_go_to("end")
        s.then_go_to("cleanup")
    return s


def _threatened(kb, spell):
    return kb.run(_threat_sequence(spell))


@pytest.mark.parametrize("spell", ["Threaten", "Act of Treason"])
def test_stolen_creature_untaps_gains_haste_attacks_its_owner_and_returns_in_cleanup_613_1b_702_10b_514_2(kb_of, spell):
    kb = kb_of(spell, "Grizzly Bears")
    tl = _threatened(kb, spell)
    assert tl.finished, tl.steps[-1].refused
    cast, resolve, combat, attack, block, damage, end, cleanup = _user_steps(tl)
    # 608.2c: untapped, controlled by alice, haste until end of turn; 302.6 ends for the old controller
    assert _atom("controller(bears,alice)") in resolve.state and _atom("controller(bears,bob)") not in resolve.state
    assert _atom("tapped(bears)") not in resolve.state
    assert {"613.1b", "611.2a"} <= _citations(resolve, "controller(bears,alice)")
    assert any(f.name == "grants_keyword" and str(f.arguments[2]) == "haste" for f in resolve.state)
    assert "302.6" in _citations(resolve, "controlled_since_turn_began(bears)", "ends")
    # 508.1a, 702.10b: its new controller attacks its owner with it; 2 combat damage (510.1)
    assert _atom("attacking(bears,bob)") in attack.state
    assert _atom("life_total(bob,18)") in damage.state
    # 514.2, 611.2a: in the cleanup step the control effect ends, bob controls the Bears again
    assert _atom("controller(bears,bob)") in cleanup.state and _atom("controller(bears,alice)") not in cleanup.state
    assert {"514.2", "611.2a"} <= _citations(cleanup, "controller(bears,bob)")
    assert not any(f.name in ("grants_keyword", "control_effect") for f in cleanup.state)
    assert not _unapplied(tl.steps[-1].state)


def test_the_stolen_creature_returned_in_cleanup_untaps_in_its_owners_untap_step_502_3(kb_of):
    # a newcomer's doubt: the Bears, tapped by attacking for alice, come back to bob in cleanup
    # (514.2); in bob's untap step he untaps the permanents he controls (502.3), the Bears among them
    kb = kb_of("Threaten", "Grizzly Bears")
    s = _threat_sequence("Threaten")
    s.then_next_turn("bob")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    *_, cleanup, untap = _user_steps(tl)
    assert _atom("tapped(bears)") in cleanup.state and _atom("controller(bears,bob)") in cleanup.state
    assert _atom("tapped(bears)") not in untap.state and _atom("step(untap)") in untap.state
    assert "502.3" in _citations(untap, "tapped(bears)", "ends")


def test_control_returning_in_the_cleanup_next_turn_performs_is_seen_by_the_untap_step_502_3_302_6(kb_of):
    # the newcomer's finding: next_turn performs the cleanup itself (514.2), and the untap step (502.3)
    # and 302.6 must see the controller after it: bob untaps his Bears and has controlled them
    # continuously since his turn began
    kb = kb_of("Act of Treason", "Grizzly Bears")
    s = _threat_sequence("Act of Treason", cleanup=False)
    s.then_next_turn("bob")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    untap = _user_steps(tl)[-1]
    assert _atom("controller(bears,bob)") in untap.state and _atom("tapped(bears)") not in untap.state
    assert _atom("controlled_since_turn_began(bears)") in untap.state
    assert _atom("not_controlled_since_turn_began(bears)") not in untap.state


def test_without_the_control_change_the_opponents_creature_cannot_be_declared_as_an_attacker_508_1a(kb_of):
    kb = kb_of("Grizzly Bears")
    s = _state(("bears", "Grizzly Bears", "battlefield", "bob"), phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"bears": "bob"})
    tl = kb.run(s)
    # bob's creature attacking bob (and not one alice controls, 508.1a: no verdict that it may attack)
    assert not tl.finished and str(tl.steps[-1].refused) in ("attacks_own_controller(bears)", "attack_undecided(bears)")


def test_slave_of_bolas_control_lasts_past_cleanup_only_haste_ends_611_2a(kb_of):
    # "Gain control of target creature. Untap that creature. It gains haste until end of turn.": the
    # ability's "until end of turn" is the haste's, not the control's (control_duration/4).
    kb = kb_of("Slave of Bolas", "Grizzly Bears")
    s = _state(("slave", "Slave of Bolas", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "slave", targets=["bears"])
    s.then_resolve()
    s.then_go_to("end")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "controller(bears,alice)")
    # "Sacrifice it at the beginning of the next end step": a delayed triggered ability (603.7a),
    # triggered as the end step begins (tests/test_timeline_delayed_triggers.py)
    assert any(f.name == "pending_trigger" for f in tl.steps[-1].state)
    s.then_put_triggers()
    s.then_resolve()
    s.then_go_to("cleanup")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(bears,graveyard)")       # sacrificed by alice, into its owner's graveyard
    assert not any(f.name == "grants_keyword" for f in tl.steps[-1].state)
    assert not any("sacrifices" in u for u in _unapplied(tl.steps[-1].state))


def test_word_of_seizing_on_a_blocker_removes_it_from_combat_the_attacker_stays_blocked_506_4_509_1h(kb_of):
    kb = kb_of("Word of Seizing", "Grizzly Bears", "Hill Giant")
    s = _state(("word", "Word of Seizing", "hand", "alice"), ("giant", "Hill Giant", "battlefield", "alice"),
               ("bears", "Grizzly Bears", "battlefield", "bob"), phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"giant": "bob"})
    s.then_declare_blockers({"bears": "giant"})
    s.then_cast("alice", "word", targets=["bears"])
    s.then_resolve()
    s.then_combat_damage()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    attack, block, cast, resolve, damage = _user_steps(tl)
    assert _atom("blocking(bears,giant)") in block.state
    assert _atom("blocking(bears,giant)") not in resolve.state
    assert "506.4" in _citations(resolve, "blocking(bears,giant)", "ends")
    assert _atom("blocked_creature(giant)") in resolve.state          # 509.1h: it stays blocked
    # 510.1c: a blocked creature with no creature blocking it assigns no combat damage
    assert _atom("life_total(bob,20)") in damage.state
    assert not any(f.name == "damage_marked" for f in damage.state)


# ----------------------------------------------------------------------------- activated abilities resolve

def test_prodigal_sorcerers_ability_deals_its_damage_as_it_resolves_its_source_the_permanent_608_2_113_7a(kb_of):
    kb = kb_of("Prodigal Sorcerer", "Grizzly Bears")
    s = _state(("tim", "Prodigal Sorcerer", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_activate("alice", "tim", 1, targets=["bears"])
    s.then_resolve()
    s.then_activate("alice", "tim", 1, targets=["bob"])
    tl = kb.run(s)
    activate, resolve, again = _user_steps(tl)
    assert _atom("damage_marked(bears,1)") in resolve.state
    assert not any(f.name in ("ability_on_stack", "ability_definition") for f in resolve.state)
    assert not any("resolved_ability_effects" in u for u in _unapplied(resolve.state))
    assert str(again.refused) == "may_not_activate(tapped)"


def test_an_ability_whose_target_left_its_zone_does_nothing_608_2b(kb_of):
    kb = kb_of("Prodigal Sorcerer", "Grizzly Bears")
    s = _state(("tim", "Prodigal Sorcerer", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_activate("alice", "tim", 1, targets=["bears"])
    s.then_move("bears", "hand")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    resolve = _user_steps(tl)[2]
    assert not any(f.name in ("ability_on_stack", "damage_marked") for f in resolve.state)
    assert _atom("life_total(bob,20)") in resolve.state


# ----------------------------------------------------------------------------- regeneration in combat

def _skeletons_block_fencing_ace(regenerate: bool):
    s = _state(("ace", "Fencing Ace", "battlefield", "alice"), ("skel", "Drudge Skeletons", "battlefield", "bob"),
               phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"ace": "bob"})
    s.then_declare_blockers({"skel": "ace"})
    if regenerate:
        s.then_pass_priority()
        s.then_activate("bob", "skel", 1)   # "{B}: Regenerate this creature."
        s.then_resolve()
    s.then_combat_damage()   # the first-strike step (510.4: Fencing Ace has double strike)
    s.then_combat_damage()   # the regular step
    return s


def test_drudge_skeletons_regenerate_in_the_first_strike_step_and_take_no_part_in_the_regular_step_701_19a_506_4(kb_of):
    kb = kb_of("Fencing Ace", "Drudge Skeletons")
    tl = kb.run(_skeletons_block_fencing_ace(regenerate=True))
    assert tl.finished, tl.steps[-1].refused
    resolve = _user_steps(tl)[4]
    assert _atom("regeneration_shield(skel)") in resolve.state
    assert {"701.19a", "608.2c"} <= _citations(resolve, "regeneration_shield(skel)")
    first = _user_steps(tl)[5]
    assert _atom("damage_marked(skel,1)") in first.state            # 1 lethal damage to a 1/1 (510.1)
    # the check after the first-strike step: destruction replaced (701.19a), removed from combat (506.4)
    check = tl.steps[tl.steps.index(first) + 1]
    assert check.user_event is None
    assert _atom("in_zone(skel,battlefield)") in check.state and _atom("tapped(skel)") in check.state
    assert not any(f.name in ("damage_marked", "regeneration_shield") for f in check.state)
    assert "506.4" in _citations(check, "blocking(skel,ace)", "ends")
    assert "701.19a" in _citations(check, "tapped(skel)") and "701.19a" in _citations(check, "damage_marked(skel,1)", "ends")
    assert _atom("blocked_creature(ace)") in check.state              # 509.1h: still blocked
    # the regular step: the Skeletons deal and receive no combat damage; the blocked Ace deals none (510.1c)
    regular = _user_steps(tl)[6]
    assert not [c for c in regular.changes if c.fluent.name in ("damage_marked", "life_total", "in_zone")]
    assert _atom("life_total(bob,20)") in regular.state and _atom("in_zone(ace,battlefield)") in regular.state
    # bob's {B} is not tracked (issue 18): an assumption of every later answer
    assert "unapplied_effect(skel,1,cost_not_paid(mana))" in _unapplied(tl.steps[-1].state)


def test_without_the_shield_first_strike_damage_destroys_the_skeletons_704_5g(kb_of):
    kb = kb_of("Fencing Ace", "Drudge Skeletons")
    tl = kb.run(_skeletons_block_fencing_ace(regenerate=False))
    assert tl.finished, tl.steps[-1].refused
    first = _user_steps(tl)[2]
    check = tl.steps[tl.steps.index(first) + 1]
    assert _atom("in_zone(skel,graveyard)") in check.state
    assert _holds(tl, "life_total(bob,20)")


# ----------------------------------------------------------------------------- a land animated by its own ability

def test_mutavault_becomes_a_2_2_creature_attacks_and_is_a_land_again_after_cleanup_613_1d_613_4b_514_2(kb_of):
    kb = kb_of("Mutavault")
    s = _state(("vault", "Mutavault", "battlefield", "alice"))
    s.then_activate("alice", "vault", 2)   # "{1}: This land becomes a 2/2 creature with all creature types ..."
    s.then_resolve()
    s.then_go_to("beginning_of_combat")
    s.then_declare_attackers({"vault": "bob"})
    s.then_declare_blockers({})
    s.then_combat_damage()
    s.then_go_to("end")
    s.then_go_to("cleanup")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    activate, resolve = _user_steps(tl)[:2]
    types = [f for f in resolve.state if f.name == "type_effect"]
    assert [str(f.arguments[2]) for f in types] == ["card_type(creature)"]
    assert {"613.1d", "205.1b", "611.2a"} <= _citations(resolve, str(types[0]))
    pt = [f for f in resolve.state if f.name == "sets_base_pt"]
    assert [[str(a) for a in f.arguments[1:]] for f in pt] == [["vault", "2", "2"]]
    assert "613.4b" in _citations(resolve, str(pt[0]))
    # "with all creature types" (205.3m) is not applied: an assumption, not silence; its {1} neither (issue 18)
    unapplied = _unapplied(resolve.state)
    assert any("becomes_type(all_creature_types)" in u for u in unapplied)
    assert "unapplied_effect(vault,2,cost_not_paid(mana))" in unapplied
    assert not any("resolved_ability_effects" in u for u in unapplied)
    # it attacks (controlled since the turn began, 302.6) and deals 2 combat damage (510.1)
    assert _holds(tl, "life_total(bob,18)")
    # 514.2: the effects end in the cleanup step: a land, not a creature
    cleanup = _user_steps(tl)[-1]
    assert not any(f.name in ("type_effect", "sets_base_pt") for f in cleanup.state)
    assert "514.2" in _citations(cleanup, str(types[0]), "ends")


def test_mutavault_not_animated_is_no_attacker_508_1a(kb_of):
    kb = kb_of("Mutavault")
    s = _state(("vault", "Mutavault", "battlefield", "alice"), phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"vault": "bob"})
    tl = kb.run(s)
    assert not tl.finished and str(tl.steps[-1].refused) == "attack_undecided(vault)"


def test_mishras_factory_is_a_2_2_artifact_creature_that_trades_with_a_blocking_bear_704_5g(kb_of):
    kb = kb_of("Mishra's Factory", "Grizzly Bears")
    s = _state(("factory", "Mishra's Factory", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_activate("alice", "factory", 2)
    s.then_resolve()
    s.then_go_to("beginning_of_combat")
    s.then_declare_attackers({"factory": "bob"})
    s.then_declare_blockers({"bears": "factory"})
    s.then_combat_damage()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    resolve = _user_steps(tl)[1]
    assert {str(f.arguments[2]) for f in resolve.state if f.name == "type_effect"} == {
        "card_type(artifact)", "card_type(creature)", 'subtype("Assembly-Worker")'}
    # 2 damage each way: both 2/2s are destroyed (704.5g)
    assert _holds(tl, "in_zone(factory,graveyard)") and _holds(tl, "in_zone(bears,graveyard)")
    assert _holds(tl, "life_total(bob,20)")


def test_celestial_colonnade_animated_has_flying_the_bears_cannot_block_it_702_9b(kb_of):
    kb = kb_of("Celestial Colonnade", "Grizzly Bears")
    s = _state(("col", "Celestial Colonnade", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_activate("alice", "col", 3)   # "{3}{W}{U}: Until end of turn, this land becomes a 4/4 ... with flying and vigilance."
    s.then_resolve()
    s.then_go_to("beginning_of_combat")
    s.then_declare_attackers({"col": "bob"})
    s.then_declare_blockers({"bears": "col"})
    tl = kb.run(s)
    attack = _user_steps(tl)[3]
    assert _atom("attacking(col,bob)") in attack.state
    assert _atom("tapped(col)") not in attack.state                   # 702.20b vigilance
    assert str(tl.steps[-1].refused) == "cant_block(bears,flying(col))"
    # its colors (613.1e) are not applied: listed
    assert any("becomes_type(color(white))" in u for u in _unapplied(attack.state))


def test_shivan_dragon_pumped_twice_deals_7_and_is_5_5_again_after_cleanup_613_4c_514_2(kb_of):
    # "{R}: This creature gets +1/+0 until end of turn." — each activation its own effect (611.2a)
    kb = kb_of("Shivan Dragon")
    s = _state(("shivan", "Shivan Dragon", "battlefield", "alice"), phase="combat", step="beginning_of_combat")
    s.then_activate("alice", "shivan", 2)
    s.then_activate("alice", "shivan", 2)
    s.then_resolve()
    s.then_resolve()
    s.then_declare_attackers({"shivan": "bob"})
    s.then_declare_blockers({})
    s.then_combat_damage()
    s.then_go_to("end")
    s.then_go_to("cleanup")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    second = _user_steps(tl)[3]
    pumps = [f for f in second.state if f.name == "modifies_pt"]
    assert sorted(str(f.arguments[1:]) for f in pumps) == ["[Function('shivan', [], True), Number(1), Number(0)]"] * 2
    assert all(str(f.arguments[0].arguments[0].name) == "ability" for f in pumps)   # the effects of two abilities
    assert _holds(tl, "life_total(bob,13)")                                        # 5 + 1 + 1 (510.1)
    assert not any(f.name == "modifies_pt" for f in tl.steps[-1].state)


def test_death_ward_regenerates_a_blocker_destroyed_by_combat_damage_701_19a(kb_of):
    # "Regenerate target creature." as an instant, cast before damage; the blocker still deals its damage
    kb = kb_of("Death Ward", "Grizzly Bears", "Hill Giant")
    s = _state(("ward", "Death Ward", "hand", "bob"), ("giant", "Hill Giant", "battlefield", "alice"),
               ("bears", "Grizzly Bears", "battlefield", "bob"), phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"giant": "bob"})
    s.then_declare_blockers({"bears": "giant"})
    s.then_pass_priority()
    s.then_cast("bob", "ward", targets=["bears"])
    s.then_resolve()
    s.then_combat_damage()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    resolve, damage = _user_steps(tl)[4:6]
    assert "701.19a" in _citations(resolve, "regeneration_shield(bears)")
    assert _atom("damage_marked(giant,2)") in damage.state and _atom("damage_marked(bears,3)") in damage.state
    check = tl.steps[tl.steps.index(damage) + 1]
    assert _atom("in_zone(bears,battlefield)") in check.state and _atom("tapped(bears)") in check.state
    assert not any(f.name == "damage_marked" and str(f.arguments[0]) == "bears" for f in check.state)


def test_an_animated_mutavault_that_came_under_control_this_turn_cannot_tap_for_mana_302_6(kb_of):
    # 302.6: a creature's {T} ability needs it controlled since the turn began; as a land it did not
    kb = kb_of("Mutavault")
    s = _state()
    s.add_object("vault", "Mutavault", "battlefield", "alice", controller="alice")   # played this turn
    s.then_activate("alice", "vault", 2)
    s.then_resolve()
    s.then_activate("alice", "vault", 1)   # {T}: Add {C}.
    tl = kb.run(s)
    assert not tl.finished and str(tl.steps[-1].refused) == "may_not_activate(summoning_sickness)"
    plain = _state()
    plain.add_object("vault", "Mutavault", "battlefield", "alice", controller="alice")
    plain.then_activate("alice", "vault", 1)
    tl = kb.run(plain)
    assert tl.finished, tl.steps[-1].refused
    assert _atom("tapped(vault)") in _user_steps(tl)[0].state


def test_two_control_effects_until_end_of_turn_control_returns_to_the_owner_in_cleanup_613_7b(kb_of):
    # Act of Treason, then Threaten on the same Bears: both end in the cleanup step; the player who
    # controlled them before the earlier effect gets them back (613.7b: timestamps as they resolve)
    kb = kb_of("Act of Treason", "Threaten", "Grizzly Bears")
    s = _state(("act", "Act of Treason", "hand", "alice"), ("threaten", "Threaten", "hand", "alice"),
               ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "act", targets=["bears"])
    s.then_resolve()
    s.then_cast("alice", "threaten", targets=["bears"])
    s.then_resolve()
    s.then_go_to("end")
    s.then_go_to("cleanup")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    second = _user_steps(tl)[3]
    assert sum(1 for f in second.state if f.name == "control_effect") == 2
    cleanup = _user_steps(tl)[-1]
    assert _atom("controller(bears,bob)") in cleanup.state and _atom("controller(bears,alice)") not in cleanup.state
    assert {"514.2", "613.7b"} <= _citations(cleanup, "controller(bears,bob)")


def test_a_control_effect_for_good_applies_again_when_a_later_one_ends_613_7b(kb_of):
    # alice takes the Bears for good (Slave of Bolas); bob takes them back until end of turn (Word of
    # Seizing): in the cleanup step bob's effect ends and alice's, still there, applies (613.7b)
    kb = kb_of("Slave of Bolas", "Word of Seizing", "Grizzly Bears")
    s = _state(("slave", "Slave of Bolas", "hand", "alice"), ("word", "Word of Seizing", "hand", "bob"),
               ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "slave", targets=["bears"])
    s.then_resolve()
    s.then_pass_priority()
    s.then_cast("bob", "word", targets=["bears"])
    s.then_resolve()
    s.then_go_to("end")
    # Slave of Bolas' delayed "Sacrifice it" triggers (603.7a); bob controls the Bears then, and alice
    # can't sacrifice a permanent she doesn't control (701.21a): it does nothing
    s.then_put_triggers()
    s.then_resolve()
    s.then_go_to("cleanup")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    word = _user_steps(tl)[4]
    assert _atom("controller(bears,bob)") in word.state
    assert _atom("in_zone(bears,battlefield)") in _user_steps(tl)[-2].state
    cleanup = _user_steps(tl)[-1]
    assert _atom("controller(bears,alice)") in cleanup.state and _atom("controller(bears,bob)") not in cleanup.state
    assert {"514.2", "613.7b"} <= _citations(cleanup, "controller(bears,alice)")
    assert [str(f.arguments[2]) for f in cleanup.state if f.name == "control_effect"] == ["alice"]


# --- declare blockers: the moment's blocking restrictions (509.1b; keywords/evasion.lp) ---

def _blocks(kb_of, attacker, blockers):
    names = sorted({attacker[1]} | {b[1] for b in blockers})
    kb = kb_of(*names)
    objs = [(attacker[0], attacker[1], "battlefield", "alice")] + [(b, c, "battlefield", "bob") for b, c in blockers]
    s = _state(*objs, phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({attacker[0]: "bob"})
    s.then_declare_blockers({b: attacker[0] for b, _ in blockers})
    return kb.run(s).steps[-1]


def test_a_creature_with_shadow_cant_be_blocked_by_one_without_it_702_28b(kb_of):
    step = _blocks(kb_of, ("seer", "Thalakos Seer"), [("bears", "Grizzly Bears")])
    assert str(step.refused) == "cant_block(bears,shadow)"
    assert "702.28b" in step.refused_citations and "509.1b" in step.refused_citations


def test_menace_blocked_by_one_creature_is_refused_by_two_allowed_702_111b(kb_of):
    one = _blocks(kb_of, ("brute", "Boggart Brute"), [("bears", "Grizzly Bears")])
    assert str(one.refused) == "cant_block(bears,menace(brute))" and "702.111b" in one.refused_citations
    two = _blocks(kb_of, ("brute", "Boggart Brute"), [("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")])
    assert two.refused is None, two.refused


def test_kessig_wolf_run_with_x_3_gives_plus_3_and_trample_107_3_602_2b(kb_of):
    # "{X}{R}{G}, {T}: Target creature gets +X/+0 and gains trample until end of turn": X announced
    # as the ability is activated (602.2b) is the +X as it resolves (107.3); its mana isn't paid (issue 18)
    kb = kb_of("Kessig Wolf Run", "Grizzly Bears")
    s = _state(("run", "Kessig Wolf Run", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"))
    s.then_activate("alice", "run", 2, targets=["bears"], x=3)
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    pumps = [f for f in tl.steps[-1].state if f.name == "modifies_pt"]
    assert [str(f.arguments[1:]) for f in pumps] == ["[Function('bears', [], True), Number(3), Number(0)]"]
    assert any(f.name == "grants_keyword" and str(f.arguments[2]) == "trample" for f in tl.steps[-1].state)


def test_x_announced_for_an_ability_without_x_is_refused_107_3(kb_of):
    kb = kb_of("Kessig Wolf Run")
    s = _state(("run", "Kessig Wolf Run", "battlefield", "alice"))
    s.then_activate("alice", "run", 1, x=2)
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "x_not_in_cost" and "107.3" in step.refused_citations


def test_an_ability_that_adds_mana_and_has_a_target_is_no_mana_ability_605_1a():
    # "{T}: Add {G}. Target creature with power 2 or less gets +1/+1 ...": it targets, so it is not a
    # mana ability (605.1a) and goes on the stack (602.2a) instead of resolving at once (605.3b);
    # the target's object phrase (power 2 or less) is not a bare card type
    from pyrules import KnowledgeBase
    from pyrules.inputs.cards import cards_from_text

    kb = KnowledgeBase(list(cards_from_text(
        "Test Grove\nLand\n{T}: Add {G}. Target creature with power 2 or less gets +1/+1 until end of turn.\n\n"
        "Grizzly Bears\n{1}{G}\nCreature — Bear\n2/2\n")))
    kb.time_limit = 120
    s = _state(("grove", "Test Grove", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"))
    s.then_activate("alice", "grove", 1, targets=["bears"])
    step = kb.run(s).steps[-1]
    assert step.refused is None, step.refused
    assert any(f.name == "ability_on_stack" for f in step.state)
