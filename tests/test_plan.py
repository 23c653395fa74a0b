"""Finding a line of play (issue 22; rules_asp/planning/planning.lp, pyrules.timeline.plan): clingo
chooses each step's action among those the rule base allows; a line found is replayed through the
sequence runner (kb.run), which must accept every step. Real cards from shared/data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyrules.cli import main
from pyrules.errors import QueryError
from pyrules.timeline.plan_goal import parse_goal
from timeline_helpers import atom, kb_of, two_player_state  # noqa: F401 — kb_of is a fixture

LIMIT = 240  # the tests share two cores with other jobs


def _lethal_state():
    # bob at 4: Raging Goblin (1/1 haste) must be cast before combat to attack; with Lightning Bolt's
    # 3 damage that is exactly lethal. The Mountain is a land play the line may or may not use.
    s = two_player_state(("gg", "Raging Goblin", "hand", "alice"), ("bolt", "Lightning Bolt", "hand", "alice"),
                         ("m1", "Mountain", "hand", "alice"))
    s.set_life("bob", 4)
    return s


def _replay(state, plan):
    """The line's chosen actions as GameState events (then_*)."""
    for step in plan.actions():
        e = step.event
        targets = [str(d.arguments[1]) for d in step.details if d.name == "event_target"]
        if e.name == "cast":
            state.then_cast(str(e.arguments[0]), str(e.arguments[1]), e.arguments[2].number, targets=targets)
        elif e.name == "play_land":
            state.then_play_land(str(e.arguments[0]), str(e.arguments[1]))
        elif e.name == "resolve":
            state.then_resolve()
        elif e.name == "go_to":
            state.then_go_to(str(e.arguments[0]))
        elif e.name == "declare_attackers":
            state.then_declare_attackers({str(d.arguments[1]): str(d.arguments[2])
                                          for d in step.details if d.name == "event_attacker"})
        elif e.name == "combat_damage":
            state.then_combat_damage()
        else:
            raise AssertionError(f"an action the replay does not know: {e}")
    return state


def test_a_lethal_line_casts_the_haste_creature_before_combat_and_the_runner_accepts_it(kb_of):
    kb = kb_of("Raging Goblin", "Lightning Bolt", "Mountain")
    plan = kb.plan(_lethal_state(), "life(bob) <= 0", max_steps=16, time_limit=LIMIT)
    assert plan.found, plan.reason
    events = [str(s.event) for s in plan.actions()]
    # shortest: 8 actions, each followed by a state-based-action check (704.3)
    assert plan.horizon == 16 and len(events) == 8
    assert events.index("cast(alice,gg,1)") < events.index("declare_attackers") < events.index("combat_damage")
    assert "cast(alice,bolt,1)" in events
    bolt = next(s for s in plan.actions() if str(s.event) == "cast(alice,bolt,1)")
    assert [str(d.arguments[1]) for d in bolt.details] == ["bob"]
    last = plan.steps[-1]
    assert any(k == "begins" and f == atom("life_total(bob,0)") and {"120.3", "120.3a"} <= set(c) for k, f, c in last.changes)
    assert "1. check: state_based_actions" in plan.explain()
    # the same line through the sequence runner: every event accepted, bob at 0
    timeline = kb.run(_replay(_lethal_state(), plan))
    assert timeline.finished and not any(s.refused for s in timeline.steps)
    assert atom("life_total(bob,0)") in timeline.steps[-1].state


def test_no_line_plays_two_lands_in_one_turn_305_2(kb_of):
    kb = kb_of("Mountain")
    s = two_player_state(("m1", "Mountain", "hand", "alice"), ("m2", "Mountain", "hand", "alice"))
    plan = kb.plan(s, "in_zone(m1, battlefield) and in_zone(m2, battlefield)", max_steps=6, time_limit=LIMIT)
    assert not plan.found and plan.steps == ()
    assert plan.reason.startswith("no line within 6 steps: each condition of the goal holds after some line, never all")
    one = kb.plan(s, "in_zone(m2, battlefield)", max_steps=6, time_limit=LIMIT)
    assert one.found and [str(x.event) for x in one.actions()] == ["play_land(alice,m2)"]


def test_a_search_refuses_what_the_moment_refuses_122_1d(kb_of):
    # A stun counter (122.1d) is refused by kb.ask (no rule applies it): the search refuses the
    # state too, rather than finding a line as if it weren't there.
    from pyrules.errors import StateValueError
    kb = kb_of("Murder", "Grizzly Bears")
    s = two_player_state(("murder", "Murder", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.add_counters("bears", "stun", 1)
    with pytest.raises(StateValueError, match=r"counters\(bears,stun,1\).*122\.1d"):
        kb.plan(s, "in_zone(bears, graveyard)", max_steps=4, time_limit=LIMIT)


def test_no_line_names_the_goal_condition_that_never_held(kb_of):
    kb = kb_of("Mountain", "Grizzly Bears")
    s = two_player_state(("m1", "Mountain", "hand", "alice"), ("bears", "Grizzly Bears", "hand", "alice"))
    plan = kb.plan(s, "life(bob) <= 0 and in_zone(m1, battlefield)", max_steps=4, time_limit=LIMIT)
    assert not plan.found
    assert "the goal condition life_at_most(bob,0) held after no line" in plan.reason


def test_a_cast_goal_is_met_by_the_cast_itself_601_2(kb_of):
    kb = kb_of("Lightning Bolt", "Grizzly Bears")
    s = two_player_state(("bolt", "Lightning Bolt", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    plan = kb.plan(s, "cast(bolt)", max_steps=4, time_limit=LIMIT)
    assert plan.found and plan.horizon == 2  # the check of time 0, then the cast
    (cast,) = plan.actions()
    assert str(cast.event) == "cast(alice,bolt,1)" and len([d for d in cast.details if d.name == "event_target"]) == 1
    timeline = kb.run(_replay(s, plan))
    assert timeline.finished and not any(st.refused for st in timeline.steps)


@pytest.mark.parametrize("goal, message", [
    ("life(carol) <= 0", "no player 'carol'"),
    ("life(bob) < 0", "cannot read 'life(bob) < 0' at column"),
    ("in_zone(gg, sideboard)", "'sideboard' is no zone"),
    ("cast(zz)", "no object 'zz'"),
    ("cast(gg) and cast(gg)", "given twice"),
    ("life(bob) <= 99999999999", "out of range"),
    ("", "empty goal"),
])
def test_a_bad_goal_is_refused_with_one_line(goal, message):
    with pytest.raises(QueryError) as err:
        parse_goal(goal, {"alice", "bob"}, {"gg"})
    assert message in str(err.value) and "\n" not in str(err.value)


def _scenario(tmp_path: Path, shared_data: Path, body: str) -> Path:
    cards = [str(shared_data / "cards" / f"scryfall-oracle-compact-{part}.json") for part in ("A-K", "L-Z")]
    path = tmp_path / "s.toml"
    path.write_text(f"cards = {json.dumps(cards)}\n" + body, encoding="utf-8")
    return path


TWO_LANDS = '''[[players]]
player = "alice"
[[players]]
player = "bob"
[[objects]]
obj = "m1"
card = "Mountain"
zone = "hand"
owner = "alice"
[[objects]]
obj = "m2"
card = "Mountain"
zone = "hand"
owner = "alice"
[[effects]]
kind = "set_turn"
active_player = "alice"
phase = "precombat_main"
priority = "alice"
'''


def test_the_plan_command_prints_the_line_and_its_rules(tmp_path, shared_data, capsys):
    path = _scenario(tmp_path, shared_data, TWO_LANDS)
    code = main(["plan", str(path), "--goal", "in_zone(m1, battlefield)", "--max-steps", "4", "--time-limit", str(LIMIT)])
    out = capsys.readouterr().out
    assert code == 0
    assert "2. play_land(alice,m1)" in out and "+ in_zone(m1,battlefield) (CR 116.2a, 305.1, 400.7)" in out
    code = main(["plan", str(path), "--goal", "in_zone(m1, battlefield) and in_zone(m2, battlefield)",
                 "--max-steps", "4", "--time-limit", str(LIMIT), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and data["found"] is False and data["reason"].startswith("no line within 4 steps")


def test_the_plan_command_refuses_a_bad_goal_with_one_line(tmp_path, shared_data, capsys):
    path = _scenario(tmp_path, shared_data, TWO_LANDS)
    code = main(["plan", str(path), "--goal", "in_zone(m3, battlefield)"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "no object 'm3'" in err
    code = main(["plan", str(path), "--goal", "cast(m1)", "--max-steps", "0"])
    assert code == 2 and "--max-steps" in capsys.readouterr().err


def test_a_line_with_an_unread_ability_in_play_says_it_rests_on_it_113_6(kb_of):
    # Void Maw on bob's battlefield: its replacement (614.1a, "If another creature would die, exile it
    # instead") is read by no rule. (Rest in Peace's is read since issue 17.) A line that Bolts the Bears "into the graveyard" holds only if it doesn't apply, and a
    # "no line" answer rests on it too: both say so (before, a plan listed only the search's narrowing).
    kb = kb_of("Lightning Bolt", "Grizzly Bears", "Void Maw")
    s = two_player_state(("bolt", "Lightning Bolt", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
                         ("rip", "Void Maw", "battlefield", "bob"))
    plan = kb.plan(s, "cast(bolt)", max_steps=4, time_limit=LIMIT)
    assert plan.found
    unread = [a for a in plan.assumptions if a.startswith("unread: rip ability 2:")]
    assert len(unread) == 1 and "exile it instead" in unread[0]
    assert f"assumed: {unread[0]}" in plan.explain()
    none = kb.plan(s, "life(bob) <= 0", max_steps=2, time_limit=LIMIT)
    assert not none.found and unread[0] in none.assumptions and f"assumed: {unread[0]}" in none.explain()


def _five_card_puzzle(life: int):
    # Alice's main phase: a Mountain in play and one in hand, Grizzly Bears ready to attack, Raging Goblin
    # (haste, {R}) and Lightning Bolt ({R}) in hand; payments asked, so each cast is paid (601.2g-h).
    s = two_player_state(("gg", "Raging Goblin", "hand", "alice"), ("bolt", "Lightning Bolt", "hand", "alice"),
                         ("m2", "Mountain", "hand", "alice"), ("m1", "Mountain", "battlefield", "alice"),
                         ("bears", "Grizzly Bears", "battlefield", "alice"))
    s.set_life("bob", life)
    s.ask_payments()
    return s


def test_a_five_card_lethal_line_needs_its_order_land_goblin_attack_bolt_305_1_601_2h_302_6(kb_of):
    # bob at 6: Bears 2 + Goblin 1 + Bolt 3. Two red spells need two Mountains: the land is played
    # before the second cast (305.1, 601.2h: one untapped Mountain can't pay both); the Goblin is
    # cast before attackers are declared (508.1; haste, 702.10b, lets it attack).
    kb = kb_of("Raging Goblin", "Lightning Bolt", "Mountain", "Grizzly Bears")
    plan = kb.plan(_five_card_puzzle(6), "life(bob) <= 0", max_steps=20, time_limit=LIMIT)
    assert plan.found, plan.reason
    events = [str(s.event) for s in plan.actions()]
    casts = [i for i, e in enumerate(events) if e.startswith("cast(")]
    assert len(casts) == 2 and events.index("play_land(alice,m2)") < casts[1]
    assert events.index("cast(alice,gg,1)") < events.index("declare_attackers") < events.index("combat_damage")
    tapped = {str(f) for s in plan.steps for k, f, _ in s.changes if k == "begins" and f.name == "tapped"}
    assert {"tapped(m1)", "tapped(m2)"} <= tapped
    assert "the mana of each cast is paid from the sources in play, as the state asks payments (601.2g-h)" in plan.assumptions
    timeline = kb.run(_replay(_five_card_puzzle(6), plan))
    assert timeline.finished and not any(s.refused for s in timeline.steps)
    assert atom("life_total(bob,0)") in timeline.steps[-1].state


def test_the_five_card_puzzle_has_no_line_for_seven_life(kb_of):
    # bob at 7: the most the cards deal this turn is 6, so no line of at most 18 steps (the lethal line's
    # length for 6) reaches it; the reason names the goal condition
    kb = kb_of("Raging Goblin", "Lightning Bolt", "Mountain", "Grizzly Bears")
    plan = kb.plan(_five_card_puzzle(7), "life(bob) <= 0", max_steps=18, time_limit=LIMIT)
    assert not plan.found and "the goal condition life_at_most(bob,0) held after no line" in plan.reason
