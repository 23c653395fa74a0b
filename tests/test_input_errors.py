"""Input handling: a newcomer's findings (wrong card picked, unsafe fact files, tracebacks instead
of one-line errors, scenario format collisions, silent unknown predicates, plain-text cards).

One section per finding; real Oracle files where the card data matters."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.cli import main
from pyrules.errors import CardTextError, FactFileError, QueryError, ScenarioError, StateValueError
from pyrules.facts.scenario import load_scenario
from pyrules.inputs.card_definitions import CardDefinition, one_per_name
from pyrules.inputs.cards import cards_from_text
from pyrules.inputs.fact_files import parse_fact_text, unknown_predicate_warnings

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
        assert main(["clingo", str(facts), *cards]) == 0  # answered (clingo's own code: 10)
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
    assert err.startswith(f"pyrules: error: {path}:{line}:1: ") and "\n" not in err


@pytest.mark.parametrize("limit", ["inf", "nan", "-1", "0", "1e300"])
def test_3_time_limit_must_be_finite_and_positive(tmp_path, capsys, limit):
    path = _write(tmp_path, "f.lp", "player(alice).\n")
    with pytest.raises(SystemExit) as info:
        main(["solve", "--time-limit", limit, str(path)])
    assert info.value.code == 2
    assert "argument --time-limit" in capsys.readouterr().err


def test_3_solve_bounded_refuses_an_infinite_limit():
    from pyrules.solving.one_shot import solve_bounded

    with pytest.raises(ValueError, match="time_limit"):
        solve_bounded(time_limit=math.inf, facts=[])


# --- 4. [[effects]] can call methods that have a parameter named kind -------------------------

def test_4_builder_method_key_reaches_add_counters_and_its_kind(tmp_path):
    path = _write(tmp_path, "c.toml", '[[players]]\nplayer = "alice"\n[[objects]]\nobj = "x"\ncard = "Grizzly Bears"\n'
                  'zone = "battlefield"\nowner = "alice"\n[[effects]]\nbuilder-method = "add_counters"\n'
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


# --- 7. unknown player/object ids named by builder methods are refused ------------------------

def _two_players() -> GameState:
    state = GameState()
    state.add_player("alice")
    state.add_player("bob")
    state.add_object("bolt", "Lightning Bolt", "graveyard", "alice")
    state.add_object("bears", "Grizzly Bears", "battlefield", "bob")
    return state


@pytest.mark.parametrize("call, message", [
    (lambda s: s.deal_damage("e1", "bolt", "Bob", 3),
     "deal_damage: recipient 'Bob' is not a player or an object of this state (did you mean 'bob'?)"),
    (lambda s: s.add_counters("bearz", "+1/+1", 2),
     "add_counters: obj 'bearz' is not an object of this state (did you mean 'bears'?)"),
    (lambda s: s.set_life("carol", 5), "set_life: player 'carol' is not a player of this state"),
    (lambda s: s.deal_damage("e1", "bolt2", "bob", 3),
     "deal_damage: source 'bolt2' is not an object of this state (did you mean 'bolt'?)"),
    (lambda s: s.attack("bears", "alcie"), "attack: attacked 'alcie' is not a player or an object"),
    (lambda s: s.target("bolt", "bares"), "target: target 'bares' is not a player or an object"),
])
def test_7_unknown_ids_are_one_error_naming_method_argument_and_closest(call, message):
    state = _two_players()
    call(state)
    with pytest.raises(StateValueError) as info:
        state.facts()
    assert str(info.value).startswith(message)


def test_7_objects_added_after_the_effect_naming_them_are_fine():
    state = GameState()
    state.add_player("alice")
    state.deal_damage("e1", "bolt", "tok", 2)  # both added below: checked when the facts are built
    state.add_object("bolt", "Lightning Bolt", "stack", "alice")
    state.add_token("tok", "alice", name="Soldier", card_types=["creature"], toughness=1)
    state.destroy("e2", "monarch")  # a tracker, not an object
    state.designate_player("alice", "monarch")
    assert "damage(e1,bolt,tok,2)" in {str(f) for f in state.facts()}


def test_7_scenario_names_the_effect_line_and_key(tmp_path, capsys):
    path = _write(tmp_path, "u.toml", '[[players]]\nplayer = "alice"\n[[players]]\nplayer = "bob"\n'
                  '[[objects]]\nobj = "s"\ncard = "Shock"\nzone = "stack"\nowner = "alice"\n'
                  '[[effects]]\nbuilder-method = "set_life"\nplayer = "bob"\nlife = 3\n'
                  '[[effects]]\nbuilder-method = "deal_damage"\nevent = "e1"\nsource = "s"\n'
                  'recipient = "Bob"\namount = 3\n')
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert (info.value.line, info.value.message) == (
        18, "[[effects]] #2: deal_damage: recipient 'Bob' is not a player or an object of this state "
            "(did you mean 'bob'?) (key 'recipient')")
    assert main(["ask", str(path), "damage"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and f"{path}:18:" in err and "'Bob'" in err


# --- 8. a scenario announces hybrid/Phyrexian payments: TOML keys are strings -----------------

def test_8_pays_keys_are_read_as_whole_numbers(tmp_path):
    path = _write(tmp_path, "p.toml", '[[players]]\nplayer = "alice"\n[[objects]]\nobj = "kf"\n'
                  'card = "Kitchen Finks"\nzone = "hand"\nowner = "alice"\n[[effects]]\n'
                  'builder-method = "propose"\nproposal = "p1"\nplayer = "alice"\nobj = "kf"\n'
                  'pays = {2 = "colored(g)", 3 = "life(2)"}\n')
    facts = {str(f) for f in load_scenario(path).state.facts()}
    assert {"proposal_pays(p1,2,colored(g))", "proposal_pays(p1,3,life(2))"} <= facts


def test_8_a_pays_key_that_is_no_number_keeps_file_line_and_key(tmp_path):
    path = _write(tmp_path, "p.toml", '[[players]]\nplayer = "alice"\n[[objects]]\nobj = "kf"\n'
                  'card = "Kitchen Finks"\nzone = "hand"\nowner = "alice"\n[[effects]]\n'
                  'builder-method = "propose"\nproposal = "p1"\nplayer = "alice"\nobj = "kf"\n'
                  'pays = {first = "colored(g)"}\n')
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert info.value.line == 13 and "pays key must be a whole number, not 'first'" in info.value.message
    assert "(key 'pays')" in info.value.message


# --- 9. a method/timing/payment that is no ASP term: one line with the accepted values ---------

@pytest.mark.parametrize("kwargs, argument, accepted", [
    ({"method": "Normal Cast"}, "method", "normal, flashback, without_paying_mana_cost, alternative(K)"),
    ({"timing": "as though flash"}, "timing", "sorcery_timing, instant, flash, during_resolution, as_though_flash(E)"),
    ({"pays": {1: "colored r"}}, "pays[1]", "colored(C), generic(N), colorless, life(2)"),
])
def test_9_unparsable_terms_name_the_argument_and_accepted_values(kwargs, argument, accepted):
    state = GameState()
    state.add_player("alice")
    state.add_object("bolt", "Lightning Bolt", "hand", "alice")
    with pytest.raises(StateValueError) as info:
        state.propose("p1", "alice", "bolt", **kwargs)
    text = str(info.value)
    assert "\n" not in text and "<string>" not in text and info.value.argument == argument
    assert text.startswith(f"propose: {argument} {next(iter(kwargs.values())) if argument != 'pays[1]' else 'colored r'!r}")
    assert accepted in text
    assert not [f for f in state.extra if f.name.startswith("proposal")]


def test_9_set_cast_method_refuses_the_same_way():
    state = GameState()
    state.add_player("alice")
    state.add_object("bolt", "Lightning Bolt", "stack", "alice")
    with pytest.raises(StateValueError, match=r"^set_cast_method: method 'flash back' is not an ASP term "
                                              r"\(accepted: normal, flashback"):
        state.set_cast_method("bolt", "flash back")


# --- 10. cr diff: a renumbered rule whose only change is a renumbered cross-reference ----------

def test_10_renumbered_cross_references_still_match(cr_dir):
    from pyrules.inputs import comprehensive_rules as cr
    from pyrules.checks import cr_changes

    old = cr.load_comprehensive_rules(cr_dir / "MagicCompRules-20260227.txt")
    new = cr.load_comprehensive_rules(cr_dir / "MagicCompRules-20260417.txt")
    diff = cr_changes.diff_rules(old, new)
    # 723.1a says "see rule 723.1f", 724.1a "see rule 724.1f"; 728.2 "rules 728.2a–c" -> "729.2a–c"
    assert {("723.1a", "724.1a"), ("723.2a", "724.2a"), ("725.5", "726.5"), ("726.6", "727.6"),
            ("728.2", "729.2"), ("728.5", "729.5")} <= set(diff.renumbered)
    assert diff.removed == [] and not {"724.1a", "726.5", "727.6", "729.2", "729.5"} & set(diff.added)


def test_10_references_map_whole_rule_numbers_and_range_ends():
    from pyrules.checks.cr_changes import _renumber_references

    mapping = {"728": "729", "728.2a": "729.2a"}
    assert _renumber_references("a Magic subgame (see rule 728) starts", mapping) == \
        "a Magic subgame (see rule 729) starts"
    assert _renumber_references("as in rules 728.2a\u2013c.", mapping) == "as in rules 729.2a\u2013c."
    assert _renumber_references("in 7280 zones, 728 times", {"728": "729"}) == "in 7280 zones, 729 times"
