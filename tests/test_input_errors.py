"""Input handling: a newcomer's findings (wrong card picked, unsafe fact files, tracebacks instead
of one-line errors, scenario format collisions, silent unknown predicates, plain-text cards).

One section per finding; real Oracle files where the card data matters."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.cards import CardDefinition, cards_from_text, one_per_name
from pyrules.cli import main
from pyrules.errors import CardTextError, FactFileError, QueryError, ScenarioError, StateValueError
from pyrules.fact_files import parse_fact_text, unknown_predicate_warnings
from pyrules.scenario import load_scenario

ORACLE = ("scryfall-oracle-compact-A-K.json", "scryfall-oracle-compact-L-Z.json")


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- 1. tokens hide real cards with the same name (108.2b, 111.1, 111.11) ---------------------

@pytest.fixture(scope="module")
def ornithopter_kb(cards_dir):
    return KnowledgeBase.from_files([cards_dir / f for f in ORACLE], names=["Ornithopter", "Tarmogoyf"])


def test_1_ornithopter_name_means_the_card_not_the_token(ornithopter_kb):
    card = ornithopter_kb.card("Ornithopter")
    assert card.layout == "normal" and card.faces[0].type_line.card_types == ("artifact", "creature")
    # The token of the same name (listed first in the Oracle files) stays reachable.
    assert ornithopter_kb.tokens["Ornithopter"].layout == "token"
    assert ornithopter_kb.card("Tarmogoyf").layout == "normal"


def test_1_ornithopter_castable_for_zero_in_own_main_phase(ornithopter_kb):
    state = GameState()
    state.add_player("alice")
    state.add_player("bob")
    state.set_turn("alice", "precombat_main", None, "alice")
    state.add_object("o", "Ornithopter", "hand", "alice")
    options = ornithopter_kb.ask(state).cast_options("o")
    assert [(o.player, o.zone, o.method, o.allowed) for o in options] == [("alice", "hand", "normal", True)]
    # 118.5 / 202.1: its mana cost is {0}; mana value 0.
    assert ornithopter_kb.ask(state).mana_value("o").value == 0


def test_1_one_per_name_prefers_a_card_and_keeps_token_only_names():
    token = CardDefinition("Bird", "token", [])
    card = CardDefinition("Bird", "normal", [])
    only_token = CardDefinition("Incubator", "token", [])
    assert one_per_name([token, card, only_token]) == [card, only_token]
    assert one_per_name([card, token]) == [card]


@pytest.mark.parametrize("command", ["solve", "clingo"])
def test_1_fact_file_commands_read_the_card_not_the_token(tmp_path, cards_dir, capfd, command):
    # Champion of Wits is a 2/1 card; its eternalize token record (4/4) comes first in the files.
    facts = _write(tmp_path, "c.lp", 'player(alice). active_player(alice). phase(precombat_main). '
                   'has_priority(alice). object(o). object_card(o, "Champion of Wits"). owner(o, alice). '
                   'in_zone(o, battlefield). controller(o, alice).\n')
    if command == "solve":
        cards = [arg for f in ORACLE for arg in ("--cards", str(cards_dir / f))]
        assert main(["solve", "--time-limit", "60", str(facts), *cards]) == 0
    else:
        cards = [f"--cards={cards_dir / f}" for f in ORACLE]
        assert main(["clingo", str(facts), *cards]) == 10
    out = capfd.readouterr().out
    assert "toughness_after(o,1)" in out and "toughness_after(o,4)" not in out


# --- 2. fact files can't assert answers through any head form ---------------------------------

@pytest.mark.parametrize("text", [
    "{ may_cast(alice,g1,1,sword) } = 1.",                      # choice rule (the report)
    "may_cast(alice,g1,1,sword) ; player(bob).",                # disjunction
    "may_cast(alice,g1,1,sword) : player(alice).",              # conditional literal head
    "#count { 1 : may_cast(alice,g1,1,sword) } = 1.",           # head aggregate
    "1 { player(bob) ; may_cast(alice,g1,1,sword) ; player(carol) }.",
    "may_cast(alice,g1,1,sword;bob,g1,1,sword).",               # pool
    "#external may_cast(alice,g1,1,sword). [true]",             # external set true
    "#show may_cast(alice,g1,1,sword).",                        # injected into the output
    "&may_cast(alice,g1,1,sword) { }.",                         # theory atom named like it
])
def test_2_every_head_form_of_a_derived_predicate_is_refused(text):
    with pytest.raises(FactFileError, match="may_cast/4 is derived by the rule base") as info:
        parse_fact_text("player(alice).\n" + text + "\n", "bypass.lp")
    assert info.value.line == 2


def test_2_inputs_in_choice_rules_and_derived_predicates_in_conditions_are_fine():
    parse_fact_text("player(alice). { object(o1) } = 1. seen(X) :- may_cast(X,_,_,_).\n"
                    "{ tapped(O) : object(O), not may_cast(_,O,_,_) }.\n", "ok.lp")


@pytest.mark.parametrize("command", ["solve", "clingo"])
def test_2_cli_refuses_the_bypass(tmp_path, capsys, command):
    path = _write(tmp_path, "bypass.lp", "player(alice).\n{ may_cast(alice,g1,1,sword) } = 1.\n")
    assert main([command, str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:2:3: may_cast/4 is derived by the rule base" in err


# --- 3. one-line errors, not tracebacks -------------------------------------------------------

@pytest.mark.parametrize("call, argument", [
    (lambda s: s.add_object("g", "Shock", "stack", "alice", cast_face="1"), "cast_face"),
    (lambda s: s.add_object("g", "Shock", "stack", "alice", x_value="three"), "x_value"),
    (lambda s: s.add_object("g", "Shock", "stack", "alice", x_value=3_000_000_000), "x_value"),
    (lambda s: s.add_object("g", "Shock", "stack", "alice", x_value=-2 ** 31 - 1), "x_value"),
    (lambda s: s.set_turn("alice", "combat", "combat damage"), "step"),
    (lambda s: s.set_turn("alice", "combat phase"), "phase"),
    (lambda s: s.set_life("alice", "20"), "life"),
    (lambda s: s.add_counters("o", "+1/+1", True), "number"),
    (lambda s: s.allow_cast("e", "alice", "grave yard"), "zone"),
    (lambda s: s.allow_cast("e", "alice", "graveyard", card_types="instant"), "card_types"),
    (lambda s: s.designate("alice", "Monarch"), "designation"),
])
def test_3_builder_refuses_bad_values_naming_the_argument(call, argument):
    state = GameState()
    state.add_player("alice")
    before = list(state.extra)
    with pytest.raises(StateValueError) as info:
        call(state)
    assert info.value.argument == argument and argument in str(info.value)
    assert isinstance(info.value, ValueError) and isinstance(info.value, QueryError)
    assert state.extra == before and not state.objects
    state.facts()  # still a state that renders


def test_3_largest_clingo_number_is_accepted():
    state = GameState()
    state.add_player("alice")
    state.add_object("g", "Shock", "stack", "alice", x_value=2 ** 31 - 1)
    state.set_turn("alice", "combat", "combat_damage")
    assert "x_value(g,2147483647)" in {str(f) for f in state.facts()}


@pytest.mark.parametrize("body, line, key", [
    ('[[objects]]\nobj = "g"\ncard = "Shock"\nzone = "stack"\nowner = "alice"\ncast_face = "1"\n', 9, "cast_face"),
    ('[[objects]]\nobj = "g"\ncard = "Shock"\nzone = "stack"\nowner = "alice"\nx_value = "three"\n', 9, "x_value"),
    ('[[objects]]\nobj = "g"\ncard = "Shock"\nzone = "stack"\nowner = "alice"\nx_value = 3000000000\n', 9, "x_value"),
    ('[[objects]]\nobj = 7\ncard = "Shock"\nzone = "stack"\nowner = "alice"\n', 5, "obj"),
    ('[[effects]]\nkind = "set_turn"\nactive_player = "alice"\nphase = "combat"\nstep = "combat damage"\n', 8, "step"),
    ('[[effects]]\nkind = "set_life"\nplayer = "alice"\nlife = "20"\n', 7, "life"),
])
def test_3_scenario_values_are_checked_with_file_line_and_key(tmp_path, capsys, body, line, key):
    path = _write(tmp_path, "s.toml", '[[players]]\nplayer = "alice"\n\n' + body)
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert (info.value.source, info.value.line) == (str(path), line) and f"key '{key}'" in str(info.value)
    assert main(["ask", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"pyrules: error: {path}:{line}: ") and "\n" not in err


@pytest.mark.parametrize("limit", ["inf", "nan", "-1", "0", "1e300"])
def test_3_time_limit_must_be_finite_and_positive(tmp_path, capsys, limit):
    path = _write(tmp_path, "f.lp", "player(alice).\n")
    with pytest.raises(SystemExit) as info:
        main(["solve", "--time-limit", limit, str(path)])
    assert info.value.code == 2
    assert "argument --time-limit" in capsys.readouterr().err


def test_3_solve_bounded_refuses_an_infinite_limit():
    from pyrules.solver import solve_bounded

    with pytest.raises(ValueError, match="time_limit"):
        solve_bounded(time_limit=math.inf, facts=[])


# --- 4. [[effects]] can call methods that have a parameter named kind -------------------------

def test_4_builder_method_key_reaches_add_counters_and_its_kind(tmp_path):
    path = _write(tmp_path, "c.toml", '[[players]]\nplayer = "alice"\n[[effects]]\nbuilder-method = "add_counters"\n'
                  'obj = "x"\nkind = "+1/+1"\nnumber = 3\n[[effects]]\nbuilder-method = "add_predefined_token"\n'
                  'obj = "inc"\nowner = "alice"\nkind = "incubator"\n[[effects]]\nbuilder-method = "grant_ability"\n'
                  'obj = "inc"\nability = "a1"\nkind = "static"\n')
    facts = {str(f) for f in load_scenario(path).state.facts()}
    assert {"counters(x,pt(1,1),3)", "predefined_token(inc,incubator)", "granted_ability(inc,a1,static)"} <= facts


def test_4_kind_still_names_methods_without_a_kind_parameter(tmp_path):
    path = _write(tmp_path, "k.toml", '[[players]]\nplayer = "alice"\n[[effects]]\nkind = "set_life"\n'
                  'player = "alice"\nlife = 7\n')
    assert "life_total(alice,7)" in {str(f) for f in load_scenario(path).state.facts()}


def test_4_kind_for_a_method_with_its_own_kind_says_what_to_write(tmp_path):
    path = _write(tmp_path, "k.toml", '[[players]]\nplayer = "alice"\n[[effects]]\nkind = "add_counters"\n'
                  'obj = "x"\nnumber = 3\n')
    with pytest.raises(ScenarioError, match='builder-method = "add_counters"') as info:
        load_scenario(path)
    assert info.value.line == 4


# --- 5. unknown or wrong-arity predicates in fact files are reported -------------------------

def test_5_unknown_predicates_warn_with_location_and_hint():
    text = "player(alice,bob).\nin_zone(o1).\nplayr(alice).\n"
    warnings = unknown_predicate_warnings([("arity.lp", parse_fact_text(text, "arity.lp"))])
    assert warnings == [
        "arity.lp:1:1: warning: player/2 is read by no rule (it has no effect): the rule base knows player/1",
        "arity.lp:2:1: warning: in_zone/1 is read by no rule (it has no effect): the rule base knows in_zone/2",
        "arity.lp:3:1: warning: playr/1 is read by no rule (it has no effect): did you mean player/1?",
    ]


def test_5_auxiliary_predicates_and_inputs_do_not_warn():
    text = "mine(o1). object(O) :- mine(O). player(alice). in_zone(o1, hand).\n"
    assert unknown_predicate_warnings([("ok.lp", parse_fact_text(text, "ok.lp"))]) == []


@pytest.mark.parametrize("command", ["solve", "clingo"])
def test_5_cli_prints_the_warning(tmp_path, capsys, command):
    path = _write(tmp_path, "arity.lp", "player(alice).\nplayr(alice).\n")
    main([command, str(path)])
    err = capsys.readouterr().err
    assert f"{path}:2:1: warning: playr/1 is read by no rule" in err and "player/1" in err


# --- 6. plain-text card mistakes ----------------------------------------------------------------

def test_6_malformed_mana_cost_line_is_an_error_at_its_line(tmp_path, capsys):
    path = _write(tmp_path, "badcost.txt", "Shock\n{R\nInstant\nShock deals 2 damage to any target.\n")
    with pytest.raises(CardTextError, match="not a mana cost line") as info:
        cards_from_text(path.read_text(), str(path))
    assert (info.value.line, info.value.column) == (2, 1)
    assert main(["cards", "parse", str(path)]) == 2
    assert f"{path}:2:1: not a mana cost line" in capsys.readouterr().err


def test_6_text_lines_starting_with_a_brace_still_read():
    card = cards_from_text("Llanowar Elves\n{G}\nCreature — Elf Druid\n{T}: Add {G}.\n1/1\n")[0]
    assert card.faces[0].oracle_text == "{T}: Add {G}." and card.faces[0].power == "1"


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n\n"])
def test_6_empty_input_says_so_without_a_made_up_line(text):
    with pytest.raises(CardTextError, match="no card") as info:
        cards_from_text(text, "e3.txt")
    assert info.value.line is None and str(info.value).startswith("e3.txt: no card")
