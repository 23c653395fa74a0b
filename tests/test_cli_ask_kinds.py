"""`pyrules ask` answers every question kind the rule base declares (rules_asp/foundation/questions.lp),
several per run, with --json, and `pyrules ask --list` (issue 20). Characteristics per object are a kind."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

from pyrules.answers.ask_kinds import KIND_TEXT, ask_kinds, rule_base_facts
from pyrules.cli import main
from pyrules.inputs.rule_base import rule_files

EXAMPLES = resources.files("pyrules.examples")
SPLIT = str(EXAMPLES / "split_card_scenario.toml")


def test_ask_list_names_every_kind_the_rule_base_declares_with_one_line(capsys):
    assert main(["ask", "--list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(ask_kinds()) + ["steps"]
    assert set(KIND_TEXT) == set(ask_kinds())
    assert "characteristics   each object's names, colors, types, mana value, power/toughness and abilities (109.3)" \
        in lines
    assert {"cost", "combat-damage", "tokens", "zone", "names", "characteristics"} <= set(ask_kinds())


def test_every_answer_predicate_shown_answers_some_question_kind():
    files = dict(rule_files())
    shown = set(re.findall(r"#show (\w+)/\d+\.", files["foundation/show.lp"]))
    answered = {p for _, p, _ in rule_base_facts("foundation/questions.lp", "ask_predicate", 3)}
    meta = {"cites", "state_error", "assumption", "answer_strength", "unread_ability",
            "uninterpreted_keyword", "uninterpreted_trigger", "card_effect", "card_effect_unread", "resolution_effect",
            "resolution_effect_ended", "resolution_effect_unread"}
    assert shown - meta - answered == set()
    assert answered - shown == set()  # and every predicate a kind names is an answer the API reads


def test_ask_answers_several_kinds_in_one_run_in_the_order_given(capsys):
    assert main(["ask", SPLIT, "search", "mana-value", "search"]) == 0
    out = capsys.readouterr().out
    sections = [line for line in out.splitlines() if not line.startswith(" ")]
    assert sections[-2:] == ["search:", "mana-value:"]
    assert "  tutor cannot find l1: mana value 6 is more than 4 (CR 202.3d, 701.23a, 709.4, 709.4b)" in out
    assert "  g1: mana value 6 (CR 202.3, 202.3d, 709.4b)" in out
    assert "permission:" not in out


def test_ask_characteristics_of_a_three_face_split_card(capsys):
    assert main(["ask", SPLIT, "characteristics"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("  g1:"))
    # 709.4: off the stack a split card has every face's characteristics; {U}, {1}{U}, {2}{U}: blue, 6.
    assert line.startswith("  g1: names There, They're, Their; colors blue; types instant - Lesson; mana value 6; "
                           "abilities 1 (spell): \"Exile target creature you control")
    assert "face 2 ability 1 (spell): \"Up to three target creatures can't be blocked this turn.\"" in line
    assert "(CR 113.1, 201.2, 202.2, 202.3, 205.2a, 205.3a)" in line


def test_ask_json_gives_each_kind_asked_and_the_characteristics_fields(capsys):
    assert main(["ask", SPLIT, "characteristics", "count", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"characteristics", "count", "assumptions"}
    g1 = next(c for c in out["characteristics"] if c["object"] == "g1")
    assert (g1["names"], g1["colors"], g1["card_types"], g1["subtypes"], g1["mana_value"]) == \
        (["There", "They're", "Their"], ["blue"], ["instant"], ["Lesson"], 6)
    assert (g1["power"], g1["toughness"], g1["unknown"]) == (None, None, [])
    assert [(a["face"], a["index"], a["kind"]) for a in g1["abilities"]] == [(1, 1, "spell"), (2, 1, "spell"),
                                                                             (3, 1, "spell")]


def test_ask_refuses_an_unknown_question_naming_the_kinds(capsys):
    assert main(["ask", SPLIT, "cast", "colour"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pyrules: error: unknown question 'colour'; questions: mana-value, cast,")
    assert "characteristics" in err and "(pyrules ask --list)" in err


def test_ask_without_a_scenario_and_without_list_is_refused(capsys):
    assert main(["ask"]) == 2
    assert "pyrules ask needs a scenario file (or --list)" in capsys.readouterr().err


def _oracle_scenario(tmp_path: Path, cards_dir: Path, objects: list[tuple[str, str, str]]) -> str:
    files = [str(cards_dir / "scryfall-oracle-compact-A-K.json"), str(cards_dir / "scryfall-oracle-compact-L-Z.json")]
    text = f"cards = {json.dumps(files)}\n[[players]]\nplayer = \"alice\"\n"
    for obj, card, zone in objects:
        text += f'[[objects]]\nobj = "{obj}"\ncard = "{card}"\nzone = "{zone}"\nowner = "alice"\n'
    path = tmp_path / "chars.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def oracle_characteristics(tmp_path_factory, cards_dir):
    path = _oracle_scenario(tmp_path_factory.mktemp("chars"), cards_dir, [
        ("bears", "Grizzly Bears", "battlefield"), ("goyf", "Tarmogoyf", "hand"), ("forest", "Forest", "battlefield"),
        ("devastator", "Eldrazi Devastator", "hand"), ("spawner", "Eldrazi Skyspawner", "hand"),
        ("ghost", "Ghostfire", "hand"), ("bolt", "Lightning Bolt", "hand"), ("arbor", "Dryad Arbor", "battlefield")])
    from pyrules.api import KnowledgeBase
    from pyrules.facts.scenario import load_scenario
    scenario = load_scenario(path)
    kb = KnowledgeBase.from_files(scenario.card_files, names=scenario.state.card_names(), time_limit=60)
    scenario.state.ask_characteristics()
    return path, {c.object: c for c in kb.ask(scenario.state).characteristics()}


def test_characteristics_of_real_cards_read_from_their_rules(oracle_characteristics):
    _, chars = oracle_characteristics
    bears = chars["bears"]
    assert (bears.names, bears.colors, bears.card_types, bears.subtypes, bears.mana_value, bears.power,
            bears.toughness) == (("Grizzly Bears",), ("green",), ("creature",), ("Bear",), 2, 2, 2)
    assert (chars["devastator"].colors, chars["devastator"].power, chars["devastator"].toughness) == ((), 8, 9)
    assert {c.rule for c in chars["devastator"].citations} >= {"202.2b", "208.1"}
    # 702.114a: devoid makes {2}{U} Eldrazi Skyspawner colorless.
    spawner = chars["spawner"]
    assert (spawner.colors, spawner.mana_value) == ((), 3)
    assert "702.114a" in {c.rule for c in spawner.citations} and "202.2b" not in {c.rule for c in spawner.citations}
    assert [(a.index, a.kind) for a in spawner.abilities] == [(1, "keyword"), (2, "keyword"), (3, "triggered")]


def test_characteristics_not_known_are_none_and_unknown_never_guessed(oracle_characteristics):
    _, chars = oracle_characteristics
    # 604.3: Tarmogoyf's */1+* is defined by an ability read as text only: no number is claimed, and
    # that unread characteristic-defining static ability could define colors too.
    goyf = chars["goyf"]
    assert (goyf.power, goyf.toughness, goyf.colors, goyf.strength) == (None, None, None, "unknown")
    assert goyf.unknown == ("colors", "power", "toughness")
    # 202.2e: a face with no mana cost is the colors of its color indicator, which the card record
    # states (Scryfall's color_indicator; none given: none): Forest colorless (202.2b), Dryad Arbor
    # green. Before, both were "unknown" (and green Dryad Arbor colorless to every other rule).
    forest = chars["forest"]
    assert (forest.colors, forest.unknown, forest.supertypes, forest.subtypes) == ((), (), ("basic",), ("Forest",))
    arbor = chars["arbor"]
    assert arbor.colors == ("green",) and "202.2e" in {c.rule for c in arbor.citations}


def test_an_unread_line_of_an_instant_may_define_its_colors_604_3(oracle_characteristics):
    # "Ghostfire is colorless." is a characteristic-defining ability (604.3) the grammar does not read
    # (it takes it for a spell ability, 113.3a): the colors are unknown, never red from its {2}{R}
    # (before: "colors red", derived). Lightning Bolt's read spell ability defines nothing: red.
    _, chars = oracle_characteristics
    ghost = chars["ghost"]
    assert (ghost.colors, ghost.strength) == (None, "unknown") and "colors" in ghost.unknown
    assert "604.3" in {c.rule for c in ghost.citations}
    assert chars["bolt"].colors == ("red",) and "colors" not in chars["bolt"].unknown


def test_ask_characteristics_line_marks_what_is_unknown(oracle_characteristics, capsys):
    path, _ = oracle_characteristics
    assert main(["ask", path, "characteristics", "--time-limit", "60"]) == 0
    out = capsys.readouterr().out
    assert "  bears: name Grizzly Bears; colors green; types creature - Bear; mana value 2; 2/2 (CR 201.2, 202.2, " \
           "202.3, 205.2a, 205.3a, 208.1)" in out
    goyf = next(x for x in out.splitlines() if x.startswith("  goyf:"))
    assert "; ?/?; " in goyf and goyf.endswith("[unknown]")


def test_a_tokens_characteristics_name_it_by_its_subtypes_and_give_mana_value_0_111_4_202_3a(kb_of):
    # A Goblin token its creating effect did not name: its name is "Goblin Token" (111.4) and, with no
    # mana cost, its mana value is 0 (202.3a). Before: no name and the mana value missing (not even
    # listed as unknown). Its power was not stated: unknown, never guessed.
    from pyrules import GameState
    s = GameState()
    s.add_player("alice")
    s.add_token("tok1", "alice", subtypes=["Goblin"], card_types=["creature"], toughness=1)
    s.ask_characteristics()
    (tok,) = kb_of("Grizzly Bears").ask(s).characteristics("tok1")  # a token is an object too (111.1)
    assert (tok.names, tok.mana_value, tok.card_types, tok.subtypes) == (("Goblin Token",), 0, ("creature",), ("Goblin",))
    assert tok.power is None and "power" in tok.unknown
    assert {"111.4", "202.3"} <= {c.rule for c in tok.citations}
