"""`pyrules ask FILE --explain KIND`: each answer's derivation tree, built from the rule base's own rules
by a meta-encoding (pyrules/solving/justify.py): the rule instances with file, line and CR rules, down
to the state's and the cards' facts, with the CR's text and the cards' text (issue 20)."""

from __future__ import annotations

import json
import re
from importlib import resources

import clingo
import clingo.ast as A
import pytest

from pyrules.cli import main
from pyrules.solving.justify import labeled_rule_base, meta_rules

SPLIT = str(resources.files("pyrules.examples") / "split_card_scenario.toml")
CARD = "There // They're // Their"


@pytest.fixture(scope="module")
def search_text(cr_newest):
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["ask", SPLIT, "--explain", "search", "--cr", str(cr_newest), "--time-limit", "60"])
    assert code == 0
    return out.getvalue()


def test_explain_search_gives_the_rule_instances_down_to_state_and_card_facts(search_text):
    lines = search_text.splitlines()
    # the answer first (as `ask search` prints it), then its tree
    assert lines[:3] == ["search:",
                         "  tutor cannot find l1: mana value 6 is more than 4 (CR 202.3d, 701.23a, 709.4, 709.4b)",
                         "why search:"]
    assert lines[3] == "cannot_find(tutor,l1,mana_value(6,at_most,4))  [CR 202.3d, 701.23a, 709.4, 709.4b]"
    assert re.fullmatch(r"  by resolution_and_zones/searching\.lp:\d+: cannot_find\(E,O,Why\) :- search_effect\(E,P,Z\); "
                        r"in_zone\(O,Z\); owner\(O,P\); fails\(E,O,now,Why\)\.", lines[4])
    assert "    requires_mana_value_at_most(tutor,4)  (state fact)" not in lines  # one level deeper: under fails
    assert "        requires_mana_value_at_most(tutor,4)  (state fact)" in lines
    # 709.4b: the 6 is the sum of the three faces' costs, each read off the card's own mana symbols
    assert any(line.strip() == f'face_mana_symbol("{CARD}",1,1,colored(u))  (card fact of {CARD})' for line in lines)
    assert any(line.strip() == "not mana_value_unknown(l1,now)  (not derived)" for line in lines)


def test_explain_prints_the_cr_text_of_each_rule_and_the_cards_text(search_text):
    assert "  701.23a To search for a card in a zone, look at all cards in that zone (even if it’s a hidden zone) " \
           "and find a card that matches the given description." in search_text
    cards = search_text[search_text.index("\ncards:\n"):]
    assert f"  {CARD}\n    There {{U}}\n      Instant — Lesson\n      Exile target creature you control" in cards


def test_explain_a_no_shows_the_quality_that_failed(capsys):
    # 601.3, 709.3a: Their (face 3, {2}{U}) is refused by "mana value 2 or less": the tree holds the
    # failing comparison's rule and the face's own mana value 3.
    assert main(["ask", SPLIT, "--explain", "permission", "--time-limit", "60"]) == 0
    out = capsys.readouterr().out
    tree = out[out.index("may_not_cast(alice,g1,3,sword,mana_value(3,at_most,2))"):]
    assert "fails(sword,g1,face(3),mana_value(3,at_most,2))" in tree
    assert re.search(r"by characteristics_and_objects/qualities\.lp:\d+: fails\(E,O,W,mana_value\(V,at_most,N\)\) :- "
                     r"checks\(E,O,W\); requires_mana_value_at_most\(E,N\); view_mana_value\(O,W,V\); V > N\.", tree)
    assert "view_mana_value(g1,face(3),3)" in tree


def test_explain_json_nests_the_tree_with_rules_citations_and_leaves(cr_newest, capsys):
    assert main(["ask", SPLIT, "--explain", "search", "--json", "--cr", str(cr_newest), "--time-limit", "60"]) == 0
    out = json.loads(capsys.readouterr().out)
    (tree,) = out["explain"]["trees"]
    assert (tree["atom"], tree["kind"], tree["rule"]["file"]) == ("cannot_find(tutor,l1,mana_value(6,at_most,4))",
                                                                "derived", "resolution_and_zones/searching.lp")
    assert {c["rule"]: c["text"] for c in tree["citations"]}["709.4"].startswith("In every zone except the stack")
    assert [c["kind"] for c in tree["children"]] == ["state", "state", "state", "derived"]

    def leaves(node):
        yield node
        for child in node["children"]:
            yield from leaves(child)
    cards = {n["card"] for n in leaves(tree) if n["kind"] == "card"}
    assert cards == {CARD}
    assert out["explain"]["cards"][CARD].startswith("There {U}\n  Instant — Lesson")


def test_explain_refuses_a_kind_that_is_not_one(capsys):
    assert main(["ask", SPLIT, "--explain", "colour"]) == 2
    assert "--explain: 'colour' is no question kind (pyrules ask --list)" in capsys.readouterr().err


def test_every_rule_of_the_rule_base_gets_twins_that_clingo_accepts():
    # The meta-encoding is built on the AST of every rule (anonymous variables, aggregates, choices,
    # pools): each twin must be a rule clingo grounds without an unsafe variable.
    statements, infos = labeled_rule_base()
    rules = [(s, i) for s, i in zip(statements, infos) if i is not None]
    assert len(rules) > 1000 and all(i.file.endswith(".lp") and i.line > 0 for _, i in rules)
    ctl = clingo.Control(["--warn=none"])
    with A.ProgramBuilder(ctl) as builder:
        for stm, info in rules:
            for twin in meta_rules(stm, info.rid):
                builder.add(twin)
    ctl.ground([("base", [])])  # raises RuntimeError on an unsafe twin


def test_a_rule_is_tagged_with_the_cr_rules_of_the_comment_above_it():
    _, infos = labeled_rule_base()
    by_text = {(i.file, i.text): i for i in infos if i is not None}
    split = by_text["characteristics_and_objects/split_cards.lp", "split_card(O) :- object_layout(O,split)."]
    assert split.cr == ("709.1",)
    # a file's header block (=====) tags no rule
    head = next(i for i in infos if i is not None and i.file == "characteristics_and_objects/qualities.lp")
    assert head.cr == ()


def test_a_card_fact_names_the_printed_ability_it_was_read_from(tmp_path, cards_dir, capsys):
    # 602.2, 605.1a: Llanowar Elves' "{T}: Add {G}." — its facts (the ability's kind, its {T} cost) end
    # the tree, each with the line of Oracle text it was read from.
    files = [str(cards_dir / "scryfall-oracle-compact-A-K.json"), str(cards_dir / "scryfall-oracle-compact-L-Z.json")]
    path = tmp_path / "elves.toml"
    path.write_text(f"cards = {json.dumps(files)}\n" + '''[[players]]
player = "alice"
[[objects]]
obj = "elf"
card = "Llanowar Elves"
zone = "battlefield"
owner = "alice"
[[effects]]
kind = "set_turn"
active_player = "alice"
phase = "precombat_main"
priority = "alice"
''', encoding="utf-8")
    assert main(["ask", str(path), "--explain", "activate", "--time-limit", "60"]) == 0
    lines = [line.strip() for line in capsys.readouterr().out.splitlines()]
    source = "(card fact of Llanowar Elves, from '{T}: Add {G}.')"
    assert f'face_ability("Llanowar Elves",1,1,activated)  {source}' in lines
    assert f'ability_cost("Llanowar Elves",1,1,tap)  {source}' in lines
