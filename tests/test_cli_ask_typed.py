"""Typed answers for the question kinds that needed ``derived("name")`` (issue 20), the same answers
from `pyrules ask`, and the error hints: the steps of 500.1 on a misspelt step, the full card for a
face's name (712.1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyrules.cli import main
from pyrules.errors import NoAnswerError
from two_player import game, own_main_phase, rules


def test_total_costs_are_typed(kb_of):
    # 601.2f: Lightning Bolt's {R}: one mana, no life.
    s = own_main_phase()
    s.add_object("lb", "Lightning Bolt", "hand", "a")
    s.add_object("gb", "Grizzly Bears", "battlefield", "b")
    s.propose("p", "a", "lb", targets=["gb"])
    (total,) = kb_of("Lightning Bolt", "Grizzly Bears").ask(s).total_costs()
    assert (total.proposal, total.mana, total.life) == ("p", 1, 0)
    assert "601.2f" in rules(total)
    assert total.explain().startswith("proposal p: total cost 1 mana, 0 life (CR ")


def test_blocks_are_typed_decisions_with_reasons(kb_of):
    # 702.9b, 702.17b: Serra Angel attacks; Grizzly Bears can't block it (flying), Giant Spider can (reach).
    s = game(active="b", phase="combat", step="declare_attackers", priority="b")
    s.add_object("att", "Serra Angel", "battlefield", "b")
    s.attack("att", "a")
    s.add_object("gb", "Grizzly Bears", "battlefield", "a")
    s.add_object("gs", "Giant Spider", "battlefield", "a")
    blocks = {(d.subject, d.other): d for d in kb_of("Serra Angel", "Grizzly Bears", "Giant Spider").ask(s).blocks()}
    assert (blocks["gb", "att"].allowed, blocks["gb", "att"].reasons) == (False, ("flying",))
    assert (blocks["gs", "att"].allowed, blocks["gs", "att"].reasons) == (True, ())
    assert {"702.9b", "702.17b", "509.1a"} <= rules(blocks["gs", "att"])


def test_name_choices_and_stack_exits_are_typed(kb_of):
    # 709.4a: each face's name may be chosen, the joined name may not (Lightning Bolt's name may be
    # chosen too: a card in the game); 701.6a: a countered spell goes
    # to its owner's graveyard.
    s = game()
    s.add_object("o", "Fire // Ice", "library", "a")
    s.choose_name("council", "a")
    s.add_object("lb", "Lightning Bolt", "stack", "a")
    s.counter("ev", "lb")
    answers = kb_of("Fire // Ice", "Lightning Bolt").ask(s)
    names = {(d.other, d.allowed, d.reasons) for d in answers.name_choices()}
    assert names == {("Fire", True, ()), ("Ice", True, ()), ("Lightning Bolt", True, ()),
                     ("Fire // Ice", False, ("all_names_of_split_card",))}
    (exit_,) = answers.stack_exits()
    assert (exit_.object, exit_.event, exit_.zone) == ("lb", "ev", "graveyard") and "701.6a" in rules(exit_)


def test_a_misspelt_step_names_the_steps_of_each_phase(kb_of):
    with pytest.raises(NoAnswerError) as err:
        kb_of("Grizzly Bears").ask(game(active="a", phase="combat", step="declare_attackerz", priority="a"))
    assert "unknown_step(declare_attackerz) (steps, CR 500.1: beginning: untap, upkeep, draw; combat: " \
           "beginning_of_combat, declare_attackers," in str(err.value)


def _scenario(tmp_path: Path, cards_dir: Path, body: str) -> str:
    files = [str(cards_dir / "scryfall-oracle-compact-A-K.json"), str(cards_dir / "scryfall-oracle-compact-L-Z.json")]
    path = tmp_path / "s.toml"
    path.write_text(f"cards = {json.dumps(files)}\n" + body, encoding="utf-8")
    return str(path)


COMBAT = '''[[players]]
player = "a"
[[players]]
player = "b"
[[objects]]
obj = "att"
card = "Serra Angel"
zone = "battlefield"
owner = "b"
[[objects]]
obj = "gb"
card = "Grizzly Bears"
zone = "battlefield"
owner = "a"
[[effects]]
kind = "set_turn"
active_player = "b"
phase = "combat"
step = "declare_attackers"
priority = "b"
[[effects]]
kind = "attack"
obj = "att"
attacked = "a"
'''


def test_ask_block_and_characteristics_in_one_run(tmp_path, cards_dir, capsys):
    path = _scenario(tmp_path, cards_dir, COMBAT)
    assert main(["ask", path, "block", "characteristics", "--time-limit", "60"]) == 0
    out = capsys.readouterr().out
    assert "block:\n  block gb att: no: flying (CR " in out
    assert "  att: name Serra Angel; colors white; types creature - Angel; mana value 5; 4/4; abilities 1 (keyword)" in out


def test_a_transformed_cards_back_face_name_is_refused_naming_the_card(tmp_path, cards_dir, capsys):
    path = _scenario(tmp_path, cards_dir, COMBAT.replace('card = "Grizzly Bears"', 'card = "Insectile Aberration"'))
    assert main(["ask", path, "block"]) == 2
    err = capsys.readouterr().err
    assert "unknown card 'Insectile Aberration'" in err
    assert "it is a face of 'Delver of Secrets // Insectile Aberration': name that card (712.1, 709.1)" in err


def test_characteristics_not_asked_are_refused_not_given_empty(kb_of):
    # object_characteristics.lp is computed only when asked (every cold query paid ~20% for it):
    # Answers.characteristics() without state.ask_characteristics() is an error, never an empty list
    from pyrules import GameState
    from pyrules.errors import QueryError
    kb = kb_of("Grizzly Bears")
    s = GameState()
    s.add_player("alice")
    s.add_object("bears", "Grizzly Bears", "battlefield", "alice")
    with pytest.raises(QueryError, match="ask_characteristics"):
        kb.ask(s).characteristics()
    s.ask_characteristics()
    (bears,) = kb.ask(s).characteristics()
    assert bears.object == "bears" and (bears.power, bears.toughness) == (2, 2)
