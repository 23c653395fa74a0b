"""Combat damage assignments in sequences (issue 15; rules_asp/time/turns_and_combat.lp,
rules_asp/combat/combat_damage.lp): a trampler blocked, the division among blockers its controller
chooses (510.1c, 702.19b), stated with the combat damage event and checked. Real cards from shared/data.

Before: a blocked Colossal Dreadmaw (6/6 trample) dealt no combat damage at all in a sequence, with no
refusal and no assumption (a newcomer's finding).
"""

from __future__ import annotations

from timeline_helpers import atom, holds, oracle_scenario, two_player_state, user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _combat(kb, attacker, blockers, assignments=None):
    """alice's attacker attacks bob; bob's ``blockers`` block it; a combat damage step."""
    s = two_player_state(("att", attacker, "battlefield", "alice"),
                         *((b, card, "battlefield", "bob") for b, card in blockers),
                         phase="combat", step="declare_attackers")
    s.then_declare_attackers({"att": "bob"})
    s.then_go_to("declare_blockers")
    s.then_declare_blockers({b: "att" for b, _ in blockers})
    s.then_go_to("combat_damage")
    s.then_combat_damage(assignments)
    return kb.run(s)


def test_a_trampler_blocked_without_a_stated_assignment_is_refused_702_19b(kb_of):
    # 702.19b: the excess over lethal damage to the blocker may go to bob, as alice chooses: no event
    # stated her choice, so the step is refused, not dealt without it
    kb = kb_of("Colossal Dreadmaw", "Grizzly Bears")
    tl = _combat(kb, "Colossal Dreadmaw", [("bears", "Grizzly Bears")])
    damage = user_steps(tl)[-1]
    assert str(damage.refused) == "assignment_choice_not_stated(att)"
    assert {"510.1c", "702.19b"} <= set(damage.refused_citations)


def test_a_trampler_deals_lethal_to_its_blocker_and_the_rest_to_the_player_702_19b(kb_of):
    kb = kb_of("Colossal Dreadmaw", "Grizzly Bears")
    tl = _combat(kb, "Colossal Dreadmaw", [("bears", "Grizzly Bears")], {"att": {"bears": 2, "bob": 4}})
    assert tl.finished and not any(st.refused for st in tl.steps)
    assert holds(tl, "life_total(bob,16)")            # 510.2, 120.3a
    assert holds(tl, "in_zone(bears,graveyard)")      # 2 damage, lethal: 704.5g
    assert holds(tl, "damage_marked(att,2)")          # the Bears' 2 to the Dreadmaw (510.1d)


def test_a_trampler_may_assign_more_than_lethal_to_its_blocker_702_19b(kb_of):
    kb = kb_of("Colossal Dreadmaw", "Grizzly Bears")
    tl = _combat(kb, "Colossal Dreadmaw", [("bears", "Grizzly Bears")], {"att": {"bears": 6}})
    assert tl.finished and holds(tl, "life_total(bob,20)") and holds(tl, "in_zone(bears,graveyard)")


def test_a_trampler_must_assign_lethal_to_each_blocker_before_the_player_702_19b(kb_of):
    kb = kb_of("Colossal Dreadmaw", "Grizzly Bears")
    tl = _combat(kb, "Colossal Dreadmaw", [("bears", "Grizzly Bears")], {"att": {"bears": 1, "bob": 5}})
    damage = user_steps(tl)[-1]
    assert str(damage.refused) == "trample_lethal_first(att,bears)" and "702.19b" in damage.refused_citations


def test_a_stated_assignment_must_be_all_of_its_power_510_1a(kb_of):
    kb = kb_of("Colossal Dreadmaw", "Grizzly Bears")
    tl = _combat(kb, "Colossal Dreadmaw", [("bears", "Grizzly Bears")], {"att": {"bears": 2, "bob": 3}})
    damage = user_steps(tl)[-1]
    assert str(damage.refused) == "assignment_total(att,5,6)" and "510.1a" in damage.refused_citations


def test_a_trampler_with_no_excess_deals_all_of_it_to_its_one_blocker_702_19b(kb_of):
    # Dreadmaw (6) blocked by another Dreadmaw (toughness 6): no excess, no choice: 6 to the blocker
    kb = kb_of("Colossal Dreadmaw")
    tl = _combat(kb, "Colossal Dreadmaw", [("maw2", "Colossal Dreadmaw")])
    assert tl.finished and not any(st.refused for st in tl.steps)
    assert holds(tl, "in_zone(maw2,graveyard)") and holds(tl, "in_zone(att,graveyard)")
    assert holds(tl, "life_total(bob,20)")


def test_damage_divided_among_two_blockers_is_stated_and_may_not_go_to_the_player_510_1c(kb_of):
    # Hill Giant (3/3, no trample) blocked by two Grizzly Bears: alice divides its 3 damage (510.1c)
    kb = kb_of("Hill Giant", "Grizzly Bears")
    blockers = [("b1", "Grizzly Bears"), ("b2", "Grizzly Bears")]
    refused = user_steps(_combat(kb, "Hill Giant", blockers))[-1]
    assert str(refused.refused) == "assignment_choice_not_stated(att)" and "510.1c" in refused.refused_citations
    tl = _combat(kb, "Hill Giant", blockers, {"att": {"b1": 2, "b2": 1}})
    assert tl.finished and holds(tl, "in_zone(b1,graveyard)") and holds(tl, "damage_marked(b2,1)")
    to_player = user_steps(_combat(kb, "Hill Giant", blockers, {"att": {"b1": 2, "bob": 1}}))[-1]
    assert str(to_player.refused) == "assignment_recipient(att,bob)" and "510.1c" in to_player.refused_citations
    assert atom("in_zone(b1,battlefield)") in to_player.state


def test_a_scenario_states_the_assignment_with_its_combat_damage_event(tmp_path, shared_data, capsys):
    import json

    from pyrules.cli import main
    path = oracle_scenario(tmp_path, shared_data, '''
[[players]]
player = "alice"
[[players]]
player = "bob"
[[objects]]
obj = "maw"
card = "Colossal Dreadmaw"
zone = "battlefield"
owner = "alice"
[[objects]]
obj = "bears"
card = "Grizzly Bears"
zone = "battlefield"
owner = "bob"
[[effects]]
kind = "set_turn"
active_player = "alice"
phase = "combat"
step = "declare_attackers"
priority = "alice"
[[effects]]
kind = "set_life"
player = "bob"
life = 20
[[effects]]
kind = "controlled_since_turn_began"
obj = "maw"
[[events]]
kind = "declare_attackers"
attacks = {maw = "bob"}
[[events]]
kind = "declare_blockers"
blocks = {bears = "maw"}
[[events]]
kind = "combat_damage"
assignments = {maw = {bears = 2, bob = 4}}
''', name="trample.toml")
    assert main(["ask", str(path), "steps", "--json", "--time-limit", "120"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] and "life_total(bob,16)" in out["steps"][-1]["state"]
