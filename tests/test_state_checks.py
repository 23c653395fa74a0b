"""Impossible or undefined states get no answer, never a guessed one (rules_asp/foundation/state_checks.lp,
characteristics.lp), and user input that could read files or fake answers is refused."""

from __future__ import annotations

import json
import os
import time

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.cli import main
from pyrules.errors import NoAnswerError
from pyrules.inputs.cards import cards_from_json, load_cards


@pytest.fixture(scope="module")
def kb(cards_dir) -> KnowledgeBase:
    names = {"Fire // Ice", "Fireball", "Lightning Bolt"}
    cards = [c for f in ("scryfall-oracle-compact-A-K.json", "scryfall-oracle-compact-L-Z.json")
             for c in load_cards(cards_dir / f, names=names)]
    assert {c.name for c in cards} == names
    return KnowledgeBase(cards)


def _one(card: str, zone: str, **kw) -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_object("o", card, zone, "a", **kw)
    return s


def test_split_spell_on_the_stack_without_a_chosen_half_has_no_mana_value(kb):
    # 709.3b needs the half being cast; with none recorded (and not fused, 709.4d) it is unknown.
    assert kb.ask(_one("Fire // Ice", "stack")).mana_value("o") is None
    assert kb.ask(_one("Fire // Ice", "stack", cast_face=1)).mana_value("o").value == 2
    assert kb.ask(_one("Fire // Ice", "library")).mana_value("o").value == 4


def test_casting_a_half_the_card_does_not_have_is_an_inconsistent_state(kb):
    with pytest.raises(NoAnswerError, match=r"no_such_face\(o,3\)"):
        kb.ask(_one("Fire // Ice", "stack", cast_face=3))


def test_x_on_the_stack_counts_only_once_announced(kb):
    # 202.3e: X is the announced number on the stack; without one the mana value is unknown.
    assert kb.ask(_one("Fireball", "stack")).mana_value("o") is None
    assert kb.ask(_one("Fireball", "stack", x_value=3)).mana_value("o").value == 4
    assert kb.ask(_one("Fireball", "hand")).mana_value("o").value == 1


def test_an_unreadable_mana_cost_gives_no_mana_value(cards_dir):
    records = json.loads((cards_dir / "scryfall-sets" / "all_cards_apc.json").read_text(encoding="utf-8"))
    card = dict(next(r for r in records if r["name"] == "Fire // Ice"))
    card.update(name="Broken Bolt", layout="normal", mana_cost="{Q/W}{2}", type_line="Instant",
                oracle_text="Broken Bolt deals 3 damage to any target.")
    card.pop("card_faces", None)
    (broken,) = cards_from_json(card)
    assert [p.field for p in broken.problems] == ["mana_cost"]
    assert KnowledgeBase([broken]).ask(_one("Broken Bolt", "hand")).mana_value("o") is None


def _solve(tmp_path, text: str, *args: str) -> int:
    path = tmp_path / "state.lp"
    path.write_text(text, encoding="utf-8")
    return main(["solve", *args, str(path)])


@pytest.mark.parametrize("facts,error", [
    ('player(a). object(o). object_card(o, "No Such Card"). owner(o, a). in_zone(o, hand).',
     'unknown_card(o,"No Such Card")'),
    ("player(a). object(o). owner(o, a). in_zone(o, hand). in_zone(o, graveyard).",
     "in_two_zones(o,graveyard,hand)"),
    ("player(a). object(o). owner(o, a). in_zone(o, moon).", "unknown_zone(o,moon)"),
    ("player(a). player(b). active_player(a). active_player(b).", "two_active_players(a,b)"),
])
def test_solve_reports_an_impossible_state_instead_of_answering(tmp_path, capsys, facts, error):
    assert _solve(tmp_path, facts) == 1
    assert capsys.readouterr().out.startswith(f"inconsistent state: {error}")


def test_a_fact_file_cannot_assert_an_answer(tmp_path, capsys):
    assert _solve(tmp_path, "player(a).\nmay_cast(a, x, 1, foo).\n") == 2
    assert ":2:1: may_cast/4 is derived by the rule base, not an input" in capsys.readouterr().err


def test_include_is_refused_before_the_file_is_opened(tmp_path, capsys):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # opening it would block for ever
    start = time.monotonic()
    assert _solve(tmp_path, f'player(a).\n% #include "not this one".\n#include "{fifo}".\n') == 2
    assert time.monotonic() - start < 5
    assert ":3:1: #include refused" in capsys.readouterr().err


def test_time_limit_must_be_positive(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        _solve(tmp_path, "player(a).", "--time-limit", "0")
    assert exit_.value.code == 2
    assert "the time limit must be more than 0 seconds" in capsys.readouterr().err


@pytest.mark.parametrize("toml,expected", [
    ("players = 3\n", ":1:1: 'players' must be an array of tables"),
    ("[[players]]\nplayer = 5\n", ":2:1: [[players]] #1: add_player: player must be text, not 5 (key 'player')"),
    ("cards = " + "[" * 3000 + "]" * 3000 + "\n", ": TOML nested too deeply"),
])
def test_scenario_with_values_of_the_wrong_kind_gives_a_one_line_error(tmp_path, capsys, toml, expected):
    path = tmp_path / "s.toml"
    path.write_text(toml, encoding="utf-8")
    assert main(["ask", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and f"{path}{expected}" in err
