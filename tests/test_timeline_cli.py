"""Scenario ``[[events]]`` (pyrules.facts.scenario) and ``pyrules ask`` on a sequence of events:
the steps printed after the answers, ``--json`` with each step, errors with file:line:column
(issue 15). Real cards from ``shared/data``."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from pyrules import GameState
from pyrules.answers.report import QUESTIONS
from pyrules.cli import main
from pyrules.errors import ScenarioError
from pyrules.facts.scenario import event_kinds, load_scenario

# Generous: a sequence is grounded over all its steps, and the tests share two cores.
LIMIT = ["--time-limit", "120"]


from timeline_helpers import oracle_scenario as _scenario  # noqa: E402


PLAYERS = '''[[players]]
player = "alice"
[[players]]
player = "bob"
'''

BOLT = PLAYERS + '''[[objects]]
obj = "bolt"
card = "Lightning Bolt"
zone = "hand"
owner = "alice"
[[objects]]
obj = "bears"
card = "Grizzly Bears"
zone = "battlefield"
owner = "bob"
[[effects]]
kind = "set_turn"
active_player = "alice"
phase = "precombat_main"
priority = "alice"
[[events]]
kind = "cast"
player = "alice"
obj = "bolt"
targets = ["bears"]
[[events]]
kind = "resolve"
'''


def test_event_kinds_are_the_then_methods():
    assert event_kinds() == tuple(sorted(n.removeprefix("then_") for n in dir(GameState) if n.startswith("then_")))
    assert {"cast", "activate", "resolve", "destroy", "sacrifice", "move", "declare_attackers", "declare_blockers",
            "combat_damage", "go_to", "next_turn", "play_land"} <= set(event_kinds())


def test_each_event_kind_calls_its_then_method_in_order(tmp_path, shared_data):
    path = _scenario(tmp_path, shared_data, PLAYERS + '''[[objects]]
obj = "fb"
card = "Fireball"
zone = "hand"
owner = "alice"
[[objects]]
obj = "bears"
card = "Grizzly Bears"
zone = "battlefield"
owner = "alice"
[[objects]]
obj = "mem"
card = "Memnite"
zone = "battlefield"
owner = "bob"
[[objects]]
obj = "elves"
card = "Llanowar Elves"
zone = "battlefield"
owner = "alice"
[[events]]
kind = "cast"
player = "alice"
obj = "fb"
face = 1
targets = ["bob"]
x = 3
[[events]]
kind = "activate"
player = "alice"
obj = "elves"
ability = 1
[[events]]
kind = "resolve"
[[events]]
kind = "go_to"
step = "declare_attackers"
[[events]]
kind = "declare_attackers"
attacks = {bears = "bob"}
[[events]]
kind = "declare_blockers"
blocks = {mem = "bears"}
[[events]]
kind = "combat_damage"
[[events]]
kind = "destroy"
obj = "bears"
[[events]]
kind = "sacrifice"
obj = "mem"
[[events]]
kind = "move"
obj = "fb"
zone = "exile"
[[events]]
kind = "next_turn"
player = "bob"
[[events]]
kind = "play_land"
player = "bob"
obj = "mem"
''')
    state = load_scenario(path).state
    expected = GameState()
    expected.then_cast("alice", "fb", face=1, targets=["bob"], x=3)
    expected.then_activate("alice", "elves", 1)
    expected.then_resolve()
    expected.then_go_to("declare_attackers")
    expected.then_declare_attackers({"bears": "bob"})
    expected.then_declare_blockers({"mem": "bears"})
    expected.then_combat_damage()
    expected.then_destroy("bears")
    expected.then_sacrifice("mem")
    expected.then_move("fb", "exile")
    expected.then_next_turn("bob")
    expected.then_play_land("bob", "mem")
    assert state.sequence_events == expected.sequence_events
    assert str(state.sequence_events[1]) == "event_target(1,bob)"
    assert "event_x(1,3)" in map(str, state.sequence_events)


@pytest.mark.parametrize("change,where,message", [
    (('kind = "resolve"', 'kind = "resolves"'), "27:1", f"[[events]] #2: kind must be one of {', '.join(event_kinds())}, not 'resolves'"),
    (('kind = "resolve"', 'kind = "resolve"\n  top = true'), "28:3", "[[events]] #2: unknown key 'top' (expected one of accepts, declines, discards, copy_of, new_targets, sacrifices, orders)"),
    (('obj = "bolt"\ntargets', 'object = "bolt"\ntargets'), "24:1", "[[events]] #1: unknown key 'object' (expected one of player, obj,"),
    (('targets = ["bears"]', 'targets = ["bear"]'), "25:1", "[[events]] #1: then_cast: targets 'bear' is not a player or an object of this state (did you mean 'bears'?)"),
    (('targets = ["bears"]', 'x = "three"'), "25:1", "[[events]] #1: then_cast: x must be a whole number"),
    (('kind = "resolve"', 'player = "alice"'), "26:1", f"[[events]] #2: no kind (one of {', '.join(event_kinds())})"),
    (('kind = "resolve"', 'kind = "go_to"\nstep = "combat"'), "28:1", "[[events]] #2: then_go_to: step must be one of upkeep,"),
    (('kind = "resolve"', 'kind = "move"\nobj = "bolt"\nzone = "stack"'), "29:1", "[[events]] #2: then_move: zone must be one of"),
    (('kind = "resolve"', 'kind = "declare_blockers"\nblocks = {bears = "goblin"}'), "28:1",
     "[[events]] #2: then_declare_blockers: blocks 'goblin' is not a player or an object of this state"),
    (('kind = "resolve"', 'kind = "cast"\nplayer = "alice"'), "26:1", "[[events]] #2: missing a required argument: 'obj'"),
])
def test_a_bad_event_is_one_line_naming_file_line_and_column(tmp_path, shared_data, capsys, change, where, message):
    path = _scenario(tmp_path, shared_data, BOLT.replace(*change))
    assert main(["ask", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err
    assert err.startswith(f"pyrules: error: {path}:{where}: {message}"), err


def test_a_then_method_is_no_effect_builder_method(tmp_path, shared_data):
    path = _scenario(tmp_path, shared_data, BOLT + '[[effects]]\nbuilder-method = "then_resolve"\n')
    with pytest.raises(ScenarioError) as err:
        load_scenario(path)
    assert err.value.line == 29
    assert 'then_resolve adds an event: write it under [[events]] with kind = "resolve"' in err.value.message


def test_ask_prints_the_answers_then_each_step_with_citations(tmp_path, shared_data, capsys):
    # Lightning Bolt at Grizzly Bears: cast (601.2), resolve (608.2), 3 damage marked (120.3e), the
    # state-based action of 704.5g puts the Bears into the graveyard.
    assert main(["ask", str(_scenario(tmp_path, shared_data, BOLT)), *LIMIT]) == 0
    out = capsys.readouterr().out.splitlines()
    # the questions answered before the events and after the last step, then the steps
    before, after = out.index("before the events (the state described, time 0):"), out.index("after the events (time 6):")
    assert before < out.index("  cast:") < after < out.index("steps:")
    assert "    alice may cast Lightning Bolt (bolt) from hand by normal with rules (CR 117.1a, 601.3)" in out[:after]
    # after: the Bolt is in the graveyard and the Bears are gone: no cast, and no damage marked on them
    assert not any("may cast Lightning Bolt" in line for line in out[after:out.index("steps:")])
    steps = out[out.index("steps:") + 1:]
    assert steps[0] == "  1. check: state_based_actions"
    assert "  2. event 1: cast(alice,bolt,1)" in steps
    assert "     + spell_target(bolt,bears,battlefield) (CR 601.2c)" in steps
    resolve = steps.index("  4. event 2: resolve")
    assert "     + damage_marked(bears,3) (CR 120.3e)" in steps[resolve:]
    died = next(line for line in steps[resolve:] if line.startswith("     + in_zone(bears,graveyard)"))
    assert "704.5g" in died


def test_ask_json_gives_each_step(tmp_path, shared_data, capsys):
    assert main(["ask", str(_scenario(tmp_path, shared_data, BOLT)), "cast", "--json", *LIMIT]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"cast", "assumptions", "after_events", "steps", "steps_assumptions", "finished"}
    # 601.2g-h: no payments asked, no pay_with: the cast's mana is assumed paid, at the time of the cast
    assert out["finished"] is True and out["steps_assumptions"] == [
        {"object": "alice", "ability": 0, "text": "mana_assumed_paid(bolt)",
         "kinds": ["casting", "cost", "outcome", "combat", "characteristics"], "scope": "all", "times": [1]}]
    assert out["after_events"]["time"] == 6 and set(out["after_events"]) == {"cast", "assumptions", "time"}
    assert [c["object"] for c in out["cast"]] == ["bolt"] and out["after_events"]["cast"] == []
    steps = out["steps"]
    assert [s["time"] for s in steps] == list(range(1, len(steps) + 1))
    assert set(steps[0]) == {"time", "event", "user_event", "refused", "refused_citations", "changes", "state", "orders"}
    assert all(s["orders"] == [] for s in steps)   # 616.1: only a refused event lists orders
    user = [s for s in steps if s["user_event"] is not None]
    assert [(s["user_event"], s["event"]) for s in user] == [(1, "cast(alice,bolt,1)"), (2, "resolve")]
    assert all(s["refused"] is None and s["refused_citations"] == [] for s in steps)
    assert {"kind": "begins", "fluent": "spell_target(bolt,bears,battlefield)",
            "citations": [{"rule": "601.2c", "text": None}]} in user[0]["changes"]
    died = [c for s in steps for c in s["changes"] if c["fluent"] == "in_zone(bears,graveyard)"]
    assert len(died) == 1 and died[0]["kind"] == "begins"
    assert "704.5g" in [c["rule"] for c in died[0]["citations"]]
    assert {"in_zone(bears,graveyard)", "in_zone(bolt,graveyard)"} <= set(steps[-1]["state"])
    assert "in_zone(bears,battlefield)" in steps[0]["state"]


def test_ask_json_steps_cite_the_rule_text_of_the_cr_given(tmp_path, shared_data, capsys):
    cr = shared_data / "cr" / "MagicCompRules-20260417.txt"
    assert main(["ask", str(_scenario(tmp_path, shared_data, BOLT)), "steps", "--json", "--cr", str(cr), *LIMIT]) == 0
    steps = json.loads(capsys.readouterr().out)["steps"]
    cites = {c["rule"]: c["text"] for s in steps for ch in s["changes"] for c in ch["citations"]}
    assert cites["704.5g"].startswith("If a creature has toughness greater than 0, it has damage marked on it")
    assert cites["601.2c"].startswith("The player announces their choice of an appropriate object or player")


def test_ask_json_without_events_keeps_its_shape(tmp_path, shared_data, capsys):
    body = BOLT[:BOLT.index("[[events]]")]
    assert main(["ask", str(_scenario(tmp_path, shared_data, body)), "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)) == set(QUESTIONS) | {"assumptions"}


def test_steps_question_prints_only_the_steps(tmp_path, shared_data, capsys):
    assert main(["ask", str(_scenario(tmp_path, shared_data, BOLT)), "steps", *LIMIT]) == 0
    out = capsys.readouterr().out.splitlines()
    # what the steps rest on (the Bolt's mana, assumed paid: 601.2g-h), then the steps, no question kind
    assert out[0].startswith("steps assuming (") and out[1].startswith("  alice text: 'mana_assumed_paid(bolt)'")
    assert out[2] == "steps:" and "cast:" not in out and "  2. event 1: cast(alice,bolt,1)" in out


def test_steps_question_without_events_is_a_usage_error(tmp_path, shared_data, capsys):
    path = _scenario(tmp_path, shared_data, BOLT[:BOLT.index("[[events]]")])
    assert main(["ask", str(path), "steps"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"pyrules: error: {path}: no [[events]] in this scenario: the question 'steps' answers a sequence of events"


def test_a_refused_cast_says_why_and_ends_the_sequence(tmp_path, shared_data, capsys):
    # Divination is a sorcery: in Bob's end step Alice may not cast it (307.1); the resolve after it
    # never happens. The command answered: exit 0.
    body = PLAYERS + '''[[objects]]
obj = "div"
card = "Divination"
zone = "hand"
owner = "alice"
[[effects]]
kind = "set_turn"
active_player = "bob"
phase = "ending"
step = "end"
priority = "alice"
[[events]]
kind = "cast"
player = "alice"
obj = "div"
[[events]]
kind = "resolve"
'''
    path = _scenario(tmp_path, shared_data, body)
    assert main(["ask", str(path), "steps", *LIMIT]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("  2. event 1: cast(alice,div,1): refused, may_not_cast(")
    assert "307.1" in lines[-1]
    assert main(["ask", str(path), "steps", "--json", *LIMIT]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] is False
    last = out["steps"][-1]
    assert last["user_event"] == 1 and last["refused"].startswith("may_not_cast(")
    assert "307.1" in [c["rule"] for c in last["refused_citations"]]
    assert not any(s["event"] == "resolve" for s in out["steps"])


def test_a_declared_attacker_deals_combat_damage_to_the_player(tmp_path, shared_data, capsys):
    # 508.1: the Bears (controlled since the turn began, 302.6) attack Bob; unblocked, they deal 2
    # combat damage to him in the combat damage step (510.1, 120.3a).
    body = PLAYERS + '''[[objects]]
obj = "bears"
card = "Grizzly Bears"
zone = "battlefield"
owner = "alice"
[[effects]]
kind = "set_turn"
active_player = "alice"
phase = "combat"
step = "declare_attackers"
priority = "alice"
[[effects]]
kind = "controlled_since_turn_began"
obj = "bears"
[[effects]]
kind = "set_life"
player = "bob"
life = 20
[[events]]
kind = "declare_attackers"
attacks = {bears = "bob"}
[[events]]
kind = "go_to"
step = "combat_damage"
[[events]]
kind = "combat_damage"
'''
    assert main(["ask", str(_scenario(tmp_path, shared_data, body)), "steps", "--json", *LIMIT]) == 0
    steps = json.loads(capsys.readouterr().out)["steps"]
    attack = next(s for s in steps if s["user_event"] == 1)
    assert {c["fluent"] for c in attack["changes"] if c["kind"] == "begins"} >= {"attacking(bears,bob)", "tapped(bears)"}
    assert "life_total(bob,18)" in steps[-1]["state"]


def test_a_sequence_past_its_time_limit_is_no_answer(tmp_path, shared_data, capsys):
    # Exit 1 (no answer), as for the other commands: the sequence is not answered in 5 ms (a sliced
    # sequence with the rule base's programs built may take well under half a second)
    assert main(["ask", str(_scenario(tmp_path, shared_data, BOLT)), "steps", "--time-limit", "0.005"]) == 1
    captured = capsys.readouterr()
    assert captured.out == "" and "pyrules: no answer: " in captured.err and "time limit" in captured.err


def test_the_shipped_snapcaster_sequence_prints_its_trigger_and_the_flashback_cast(capsys):
    # pyrules/examples/snapcaster_sequence.toml (plain-text cards, no shared data): the enters
    # trigger waits (603.6a), goes on the stack with its target (603.3d), grants flashback; the
    # Bolt cast with flashback is exiled (702.34a)
    from importlib import resources
    example = resources.files("pyrules.examples") / "snapcaster_sequence.toml"
    assert main(["ask", str(example), "steps", *LIMIT]) == 0
    out = capsys.readouterr().out
    assert "+ pending_trigger(ability(snap,2,3),alice) (CR 603.2, 603.6a)" in out
    assert "+ spell_target(ability(snap,2,3),bolt,graveyard)" in out
    assert "+ grants_keyword(effect(ability(snap,2,3),2,7),bolt,flashback)" in out
    assert "+ cast_method(bolt,flashback) (CR 601.2b)" in out
    assert "+ in_zone(bolt,exile)" in out and "702.34a" in out
    assert "+ in_zone(bears,graveyard)" in out


def test_a_scenario_cast_states_a_payment_as_a_toml_table_601_2b(tmp_path, shared_data, capsys):
    # TOML table keys are strings: pays = {1 = "colored(g)"} is the payment for the first symbol;
    # Lightning Bolt's {R} paid with green is refused (107.4a)
    body = BOLT.split("[[events]]")[0] + '''[[events]]
kind = "cast"
player = "alice"
obj = "bolt"
targets = ["bears"]
pays = {1 = "colored(g)"}
'''
    assert main(["ask", str(_scenario(tmp_path, shared_data, body)), "steps", *LIMIT]) == 0
    assert "refused, announcement_illegal(payment(1))" in capsys.readouterr().out


# Void Maw on bob's battlefield: its replacement effect (614.1a: "If another creature would die, exile it
# instead") is read by no rule, so the steps that put Lightning Bolt and Grizzly Bears into the graveyard hold only if it does not
# apply. The steps must say so, even when only the steps are asked (before, `ask FILE steps` printed
# them with no assumption: a silent wrong answer, 614.6).
RIP_BOLT = BOLT.replace('''[[effects]]''', '''[[objects]]
obj = "rip"
card = "Void Maw"
zone = "battlefield"
owner = "bob"
[[effects]]''', 1)


def test_steps_list_the_unread_abilities_they_rest_on(tmp_path, shared_data, capsys):
    path = _scenario(tmp_path, shared_data, RIP_BOLT)
    assert main(["ask", str(path), "steps", *LIMIT]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("steps assuming (")
    line = next(x for x in out[1:out.index("steps:")] if x.startswith("  rip ability 2:"))
    assert "If another creature would die, exile it instead" in line
    assert "outcome" in line and line.endswith("(times 0-6)")
    assert main(["ask", str(path), "steps", "--json", *LIMIT]) == 0
    listed = json.loads(capsys.readouterr().out)["steps_assumptions"]
    rip = [a for a in listed if a["object"] == "rip" and a["ability"] == 2]
    assert len(rip) == 1 and rip[0]["scope"] == "all" and rip[0]["times"] == list(range(7))
