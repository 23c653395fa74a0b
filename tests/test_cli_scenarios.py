"""The judge's and the fact-file user's command line: scenario files, errors with locations,
time limits. Scenarios use the shipped example card (no shared data needed)."""

from __future__ import annotations

import time
from importlib import resources
from pathlib import Path

import pytest

from pyrules.cli import main

EXAMPLES = resources.files("pyrules.examples")


def _write(tmp_path: Path, text: str) -> Path:
    (tmp_path / "card.json").write_text((EXAMPLES / "there_theyre_their.json").read_text(encoding="utf-8"),
                                        encoding="utf-8")
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    return path


SCENARIO = '''cards = ["card.json"]
[[players]]
player = "alice"
[[objects]]
obj = "s1"
card = "There // They're // Their"
zone = "stack"
owner = "alice"
cast_face = 3
'''


def test_ask_answers_the_shipped_scenario(capsys):
    assert main(["ask", str(EXAMPLES / "split_card_scenario.toml")]) == 0
    out = capsys.readouterr().out
    # 709.3a: There and They're qualify for "mana value 2 or less", Their does not.
    assert "alice may cast They're (g1) with sword" in out
    assert "alice may not cast Their (g1) with sword: mana value 3 is more than 2" in out
    assert "tutor cannot find l1: mana value 6 is more than 4" in out


def test_ask_spell_on_the_stack_has_only_its_cast_face(tmp_path, capsys):
    # 709.3b: Their on the stack has mana value 3, not 6.
    assert main(["ask", str(_write(tmp_path, SCENARIO)), "mana-value"]) == 0
    assert "s1: mana value 3 (CR 202.3, 202.3d, 709.3b)" in capsys.readouterr().out


@pytest.mark.parametrize("text,expected", [
    (SCENARIO.replace('zone = "stack"', 'zone = stack'), ":7:8: TOML syntax error"),
    (SCENARIO.replace('cast_face = 3', 'cast_face = 3\ncolour = "blue"'), ":10:1: [[objects]] #1: unknown key 'colour'"),
    (SCENARIO.replace("There // They're // Their", "Nowhere // Now Here"), ":6:1: unknown card 'Nowhere // Now Here'"),
    (SCENARIO.replace('zone = "stack"', 'zone = "deck"'), ":7:1: [[objects]] #1: unknown zone 'deck'"),
    (SCENARIO + '[[effects]]\nkind = "teleport"\n', ":11:1: [[effects]] #1: kind must be one of"),
])
def test_bad_scenario_gives_one_line_error_with_location(tmp_path, capsys, text, expected):
    path = _write(tmp_path, text)
    assert main(["ask", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err
    assert f"{path}{expected}" in err


def test_solve_stops_a_program_that_would_ground_forever(tmp_path, capsys):
    path = tmp_path / "forever.lp"
    path.write_text("p(0).\np(X+1) :- p(X).\n", encoding="utf-8")
    start = time.monotonic()
    assert main(["solve", "--time-limit", "1", str(path)]) == 1
    assert time.monotonic() - start < 10
    assert "unknown (time limit of 1 s reached)" in capsys.readouterr().out


def test_solve_reports_an_inconsistent_state(tmp_path, capsys):
    path = tmp_path / "bad.lp"
    path.write_text("player(alice). :- player(alice).\n", encoding="utf-8")
    assert main(["solve", str(path)]) == 1
    assert "inconsistent state" in capsys.readouterr().out


def test_scenario_defines_a_card_inline_in_the_plain_text_format(tmp_path, capsys):
    path = tmp_path / "s.toml"
    path.write_text('card_text = """\nShock\n{R}\nInstant\nShock deals 2 damage to any target.\n"""\n'
                    '[[players]]\nplayer = "a"\n[[objects]]\nobj = "s"\ncard = "Shock"\nzone = "stack"\n'
                    'owner = "a"\n', encoding="utf-8")
    assert main(["ask", str(path), "mana-value"]) == 0
    assert "s: mana value 1 (CR 202.3)" in capsys.readouterr().out


def test_inline_card_text_errors_point_into_the_scenario(tmp_path, capsys):
    path = tmp_path / "s.toml"
    path.write_text('card_text = """\nShock\n{R}\n"""\n[[players]]\nplayer = "a"\n', encoding="utf-8")
    assert main(["ask", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    # The card has no type line: the plain-card grammar stops in the card text, which starts on line 2.
    assert err.startswith(f"pyrules: error: {path}:") and ": card_text: " in err and "\n" not in err


def test_an_unsatisfiable_fact_file_names_the_facts_that_conflict(tmp_path, capsys):
    path = tmp_path / "bad.lp"
    path.write_text("player(a). player(b). object(o). owner(o, a).\nin_zone(o, hand).\n:- in_zone(o, hand).\n",
                    encoding="utf-8")
    assert main(["solve", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out == ["inconsistent state: the facts contradict the rule base (no answer set)", "  fact: in_zone(o,hand)"]


def _pyrules(*args: str, cwd):
    import os
    import subprocess
    import sys

    import pyrules

    # The same pyrules as this test imports (installed, or a checkout).
    env = dict(os.environ, PYTHONPATH=str(Path(pyrules.__file__).resolve().parent.parent))
    return subprocess.run([sys.executable, "-m", "pyrules", *args], capture_output=True, text=True, cwd=cwd,
                          timeout=60, env=env)


def test_clingo_command_line_runs_the_rule_base_with_clingos_own_options(tmp_path):
    # clingo's --outf=2 prints JSON; the answer is the rule base's (709.3a: Their is refused).
    import json

    ex = EXAMPLES
    run = _pyrules("clingo", f"--cards={ex / 'there_theyre_their.json'}", str(ex / "split_card_state.lp"),
                   "--outf=2", cwd=tmp_path)
    assert run.returncode == 0  # answered (clingo's SATISFIABLE, 10, is mapped to pyrules' 0)
    (witness,) = json.loads(run.stdout)["Call"][0]["Witnesses"]
    assert "may_not_cast(alice,g1,3,sword,mana_value(3,at_most,2))" in witness["Value"]


def test_clingo_command_line_refuses_scripts_and_stops_at_its_time_limit(tmp_path):
    script = tmp_path / "s.lp"
    script.write_text("a.\n#script (python)\ndef f(): pass\n#end.\n", encoding="utf-8")
    run = _pyrules("clingo", str(script), cwd=tmp_path)
    assert run.returncode == 2 and f"{script}:2:1: #script refused" in run.stderr
    forever = tmp_path / "forever.lp"
    forever.write_text("p(0).\np(X+1) :- p(X).\n", encoding="utf-8")
    start = time.monotonic()
    run = _pyrules("clingo", "--time-limit=1", str(forever), cwd=tmp_path)
    assert time.monotonic() - start < 20
    assert "INTERRUPTED" in run.stdout + run.stderr


def test_ask_format_prints_every_section_method_and_event_with_its_keys(capsys):
    # a newcomer found the keys of controlled_since_turn_began, set_combat_damage_step and the events
    # only by provoking errors: `pyrules ask --format` lists them, read off the state builder
    from pyrules.facts.scenario import _builder_methods, event_kinds
    assert main(["ask", "--format"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "[[objects]] keys: obj, card, zone, owner, controller = None, cast_face = None, fused = False, x_value = None" in out
    assert "  set_combat_damage_step: number, had_first_or_double_strike = ()" in out and "  controlled_since_turn_began: obj" in out
    assert "  combat_damage: assignments = None, orders = None" in out and "  declare_blockers: blocks" in out
    listed = {line.split(":")[0].strip() for line in out if line.startswith("  ") and not line.startswith("   ")}
    assert set(_builder_methods()) | set(event_kinds()) <= listed


def test_a_misspelt_card_name_is_refused_with_the_closest_name(tmp_path, shared_data, capsys):
    import json as _json
    cards = [str(shared_data / "cards" / f"scryfall-oracle-compact-{p}.json") for p in ("A-K", "L-Z")]
    path = tmp_path / "blot.toml"
    path.write_text(f"cards = {_json.dumps(cards)}\n" + '[[players]]\nplayer = "alice"\n[[objects]]\nobj = "b"\n'
                    'card = "Lightning Blot"\nzone = "hand"\nowner = "alice"\n', encoding="utf-8")
    assert main(["ask", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"pyrules: error: {path}:6:1: unknown card 'Lightning Blot'")
    assert err.endswith("did you mean 'Lightning Bolt'?)") and "\n" not in err
