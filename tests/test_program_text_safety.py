"""Issue 12, "no program text from data": what cards, the CR, scenarios and the state builder say
reaches clingo as values, so no text of theirs can become ASP program text.

One test (or a few) per class of the robustness reproducers, not per file:

- S1/L3/C8: a card's ``layout`` or ``promo_types`` string holding ``#include``, forged facts,
  ``#script``, spaces, capitals or non-ASCII letters: the facts are exactly what the card says (a
  constant when it is an ASP name, else ``card_unparsed/4``), nothing is included or run, and the
  answers equal those of the clean card.
- S3: a newline in the CR file's path: no program text, and the facts file pyrules writes keeps the
  path inside its comment.
- C1/C2: CR text whose catalog names are no ASP names or whose numbers pass 32 bits: a finding,
  not a crash.
- Results of bounded solves cross from the child process as plain data, not printed and re-parsed.
"""

from __future__ import annotations

import dataclasses
import pickle

import clingo
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyrules import GameState, KnowledgeBase
from pyrules.asp_terms import (
    MAX_NUMBER, MIN_NUMBER, add_facts, is_asp_name, symbols_data, symbols_from_data,
)
from pyrules.checks.card_checks import check_card_definitions
from pyrules.checks.cr_document import check_document
from pyrules.cli import main
from pyrules.errors import RulesDocumentError, StateValueError
from pyrules.facts.card_facts import card_facts
from pyrules.facts.cr_facts import cr_fact_symbols, cr_facts
from pyrules.inputs.cards import cards_from_json
from pyrules.inputs.comprehensive_rules import load_comprehensive_rules
from pyrules.parser.comprehensive_rules import parse_comprehensive_rules
from pyrules.solving.one_shot import solve, solve_bounded

SHOCK = {"name": "Shock", "mana_cost": "{R}", "type_line": "Instant", "layout": "normal",
         "oracle_text": "Shock deals 2 damage to any target."}

#: Program text an attacker would put into a field (the reproducers' shapes and a few more).
INJECTIONS = [
    'normal).\n#include "planted.lp".\npad(1',
    'normal).\nmay_cast(alice,o1,1,forged).\ncites(may_cast(alice,o1,1,forged),"123.4x").\npad(1',
    'normal).\n#script (python)\nimport os\nos.system("touch /tmp/pyrules-test-pwned")\n#end.\npad(1',
    "normal) :- #true. #show forged", "x. #const n=@f(1)", "my layout", "Playtest", "été", "ÉTÉ",
    "spl\u0131t", "normal\n", "\u2028", "", "_hidden", "1st", "a'b", "a%b", 'a"b', "normal", "split",
]
TEXTS = st.one_of(st.sampled_from(INJECTIONS), st.text(max_size=30),
                  st.builds(lambda a, b: a + b, st.sampled_from(INJECTIONS), st.text(max_size=8)))

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _names(sym: clingo.Symbol) -> list[str]:
    """Every function name in ``sym`` (iterative walk)."""
    out, stack = [], [sym]
    while stack:
        s = stack.pop()
        if s.type == clingo.SymbolType.Function:
            out.append(s.name)
            stack.extend(s.arguments)
    return out


def _model(facts) -> set[clingo.Symbol]:
    """The atoms clingo holds true for ``facts`` alone (no rule base: every atom is shown)."""
    result = solve(list(facts), include_rule_base=False, time_limit=10)
    assert result.status == "satisfiable"
    return set(result.symbols)


_SHOCK_CARD = next(iter(cards_from_json([SHOCK])))


# --- S1, L3, C8: card fields ----------------------------------------------------------------------

@FAST
@given(layout=TEXTS, promos=st.lists(TEXTS, max_size=3))
def test_a_layout_or_promo_type_is_a_constant_only_when_it_is_an_asp_name(layout, promos):
    card = dataclasses.replace(_SHOCK_CARD, layout=layout, promo_types=tuple(promos))
    facts = card_facts(card)
    # No symbol made from the card has a name clingo would print as something else.
    assert all(is_asp_name(n) or n == "" for f in facts for n in _names(f))
    c = clingo.String("Shock")
    layout_facts = [f for f in facts if f.name == "card_layout"
                    or (f.name == "card_unparsed" and str(f.arguments[2]) == "layout")]
    if is_asp_name(layout):
        assert layout_facts == [clingo.Function("card_layout", [c, clingo.Function(layout)])]
    else:
        assert layout_facts == [clingo.Function("card_unparsed", [c, clingo.Number(0), clingo.Function("layout"),
                                                                  clingo.String(layout)])]
    promo_facts = [f for f in facts if f.name == "card_promo_type"
                   or (f.name == "card_unparsed" and str(f.arguments[2]) == "promo_types")]
    assert promo_facts == [clingo.Function("card_promo_type", [c, clingo.Function(p)]) if is_asp_name(p) else
                           clingo.Function("card_unparsed", [c, clingo.Number(0), clingo.Function("promo_types"),
                                                             clingo.String(p)]) for p in promos]
    # clingo holds exactly these facts: nothing was included, forged or run.
    assert _model(facts) == set(facts)


@FAST
@given(power=st.one_of(st.integers(), st.text(alphabet="0123456789-+*.∞²٣", max_size=14).map(str)),
       generic=st.integers(min_value=0, max_value=10 ** 15))
def test_numbers_beyond_32_bits_on_a_card_are_recorded_unread(power, generic):
    rec = dict(SHOCK, type_line="Creature — Giant", power=str(power), toughness="1",
               mana_cost="{" + str(generic) + "}{R}")
    [card] = cards_from_json([rec])
    facts = card_facts(card)
    c, f = clingo.String("Shock"), clingo.Number(1)
    text = str(power)
    digits = text[1:] if text.startswith("-") else text
    if digits.isascii() and digits.isdigit():
        fits = MIN_NUMBER <= int(text) <= MAX_NUMBER
        powers = [x for x in facts if x.name == "face_power"]
        assert powers == ([clingo.Function("face_power", [c, f, clingo.Number(int(text))])] if fits else [])
        assert (clingo.Function("card_unparsed", [c, f, clingo.Function("power"), clingo.String(text)])
                in facts) == (not fits)
    else:
        assert not [x for x in facts if x.name == "face_power"]
    # The mana-cost reader or the card facts (either may see the number first) record it unread.
    mana_unread = clingo.Function("card_unparsed", [c, f, clingo.Function("mana_cost"), clingo.String(rec["mana_cost"])])
    generic_fact = clingo.Function("face_mana_symbol", [c, f, clingo.Number(1), clingo.Function(
        "generic", [clingo.Number(generic)])]) if generic <= MAX_NUMBER else None
    assert (mana_unread in facts) == (generic > MAX_NUMBER)
    assert (generic_fact in facts) == (generic <= MAX_NUMBER)
    assert _model(facts) == set(facts)


@pytest.fixture()
def planted(tmp_path, monkeypatch):
    """A file ``planted.lp`` in the working directory whose facts would forge answers if any
    card text could ``#include`` it; returns the card file naming it through the layout."""
    import json

    (tmp_path / "planted.lp").write_text(
        'may_cast(alice,o1,1,planted). cites(may_cast(alice,o1,1,planted),"999.9z").\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    include = dict(SHOCK, layout=f'normal).\n#include "{tmp_path / "planted.lp"}".\npad(1',
                   promo_types=['x).\n#include "planted.lp".\npad(1', "été"])
    card_file = tmp_path / "cards.json"
    card_file.write_text(json.dumps([include]), encoding="utf-8")
    (tmp_path / "state.lp").write_text(
        "player(alice). object(o1). object_card(o1, \"Shock\"). owner(o1, alice). in_zone(o1, hand).\n"
        "active_player(alice). phase(precombat_main). has_priority(alice).\n", encoding="utf-8")
    return card_file


def _state() -> GameState:
    s = GameState()
    s.add_player("alice")
    s.add_object("o1", "Shock", "hand", "alice")
    s.set_turn("alice", "precombat_main", priority="alice")
    return s


def test_a_layout_include_reads_no_file_in_the_api_warm_sessions_and_the_cli(planted, capfd):
    from pyrules.inputs.cards import load_cards

    clean = KnowledgeBase(cards_from_json([SHOCK]))
    kb = KnowledgeBase(load_cards(str(planted)))
    state = _state()
    answers, expected = kb.ask(state), clean.ask(state).cast_options()
    shown = {str(s) for s in answers.symbols("may_cast") + answers.symbols("cites")}
    assert not [s for s in shown if "planted" in s or "999.9z" in s]
    assert expected and answers.cast_options() == expected
    assert kb.warm([state]).ask(state).cast_options() == expected
    capfd.readouterr()
    assert main(["solve", "--time-limit", "30", "state.lp", "--cards", str(planted)]) in (0, 1)
    main(["clingo", "state.lp", f"--cards={planted}"])
    out = capfd.readouterr()
    assert "planted" not in out.out and "999.9z" not in out.out
    assert "Traceback" not in out.err and "PANIC" not in out.err


def test_non_ascii_card_text_no_longer_reaches_clingos_parser_in_process():
    # C8: a promo type "été" used to abort the whole Python process inside kb.ask.
    weird = dict(SHOCK, layout="normal", promo_types=["été", "Playtest"])
    kb = KnowledgeBase(cards_from_json([weird]))
    answers = kb.ask(_state())
    clean = KnowledgeBase(cards_from_json([SHOCK])).ask(_state())
    assert answers.cast_options() == clean.cast_options()
    assert [o.allowed for o in answers.cast_options()] == [True]  # Shock is castable here
    assert answers.mana_value("o1").value == 1


def test_card_checks_report_an_unread_layout_and_promo_type():
    card = dataclasses.replace(_SHOCK_CARD, layout="my layout", promo_types=("Playtest", "playtest"))
    findings, _ = check_card_definitions([card], catalog=[])
    unread = {(f.where, f.detail) for f in findings if f.kind == "unparsed"}
    assert {("layout", "my layout"), ("promo_types", "Playtest")} <= unread
    assert any(f.kind == "playtest_card" for f in findings)  # the readable promo type still counts


@FAST
@given(name=TEXTS.filter(bool))  # "" is the empty tuple, a term of its own
def test_the_builder_refuses_a_name_that_is_not_an_asp_name(name):
    state = GameState()
    state.add_player("alice")
    state.add_object("o1", "Shock", "battlefield", "alice")
    if is_asp_name(name):
        state.designate("o1", name)
        assert clingo.Function("designation", [clingo.Function("o1"), clingo.Function(name)]) in state.facts()
    else:
        with pytest.raises(StateValueError):
            state.designate("o1", name)
    assert all(is_asp_name(n) or n == "" for f in state.facts() for n in _names(f))


# --- S3: the CR file's path -------------------------------------------------------------------------

_MINI_CR = """\ufeffMagic: The Gathering Comprehensive Rules

These rules are effective as of April 17, 2026.

Introduction

Intro.

Contents

2. Parts of a Card
205. Type Line
Glossary
Credits

2. Parts of a Card

205. Type Line

{rules}
Glossary

Adventure
See rule 205.3k.

Credits

Someone
"""
_SPELL_TYPES = ("205.3k Instants and sorceries share their lists of subtypes; these subtypes are called "
                "{kind} types. The {kind} types are Adventure, Arcane, and Trap.\n")


def test_a_newline_in_the_cr_path_becomes_no_program_text(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "planted.lp").write_text('finding("PLANTED", error, "100.1", 1, "x").\n', encoding="utf-8")
    name = 'x\n#include "planted.lp".\n%.txt'
    (tmp_path / name).write_text(_MINI_CR.format(rules="205.3. Subtypes.\n\n" + _SPELL_TYPES.format(kind="spell")),
                                 encoding="utf-8")
    doc = load_comprehensive_rules(tmp_path / name)
    findings = check_document(doc)
    assert findings and not [f for f in findings if "PLANTED" in (f.rule, f.detail)]
    # The facts file pyrules writes: grounded as a user would, it includes nothing either.
    text = cr_facts(doc)
    ctl = clingo.Control(logger=lambda code, msg: None)
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    assert not [a for a in ctl.symbolic_atoms if "PLANTED" in str(a.symbol)]
    assert text.splitlines()[0].startswith("% ASP facts") and "\\n#include" in text.splitlines()[0]


# --- C1, C2: CR values that cannot be ASP terms ------------------------------------------------------

@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.text(alphabet="abcXé ß'-_1", min_size=1, max_size=12),
       number=st.one_of(st.integers(min_value=1, max_value=40), st.integers(min_value=2 ** 31 - 2, max_value=10 ** 40)))
def test_cr_values_that_are_no_asp_terms_become_findings(kind, number):
    text = _MINI_CR.format(rules=f"205.3. Subtypes.\n\n205.{number}. Numbered.\n\n" + _SPELL_TYPES.format(kind=kind))
    try:
        doc = parse_comprehensive_rules(text, "fuzz.txt")
    except RulesDocumentError:
        return  # refused with its location: allowed
    facts = cr_fact_symbols(doc)
    assert all(is_asp_name(n) or n == "" for f in facts for n in _names(f))
    findings = check_document(doc)
    unreadable = {f.detail for f in findings if f.kind == "unreadable_value"}
    for catalog in doc.catalogs.sources:
        assert (catalog in unreadable) == (not is_asp_name(catalog.replace(".", "_")))
    rule = f"205.{number}"
    if rule in doc.rules:
        ordinals = [f for f in facts if f.name == "cr_ordinal" and f.arguments[0] == clingo.String(rule)]
        if number <= MAX_NUMBER:
            assert ordinals and ordinals[0].arguments[3] == clingo.Number(number)
        else:
            assert not ordinals and str(number) in unreadable


def test_the_reproducer_shapes_of_c1_and_c2_give_one_error_finding_each():
    doc = parse_comprehensive_rules(_MINI_CR.format(
        rules="205.3. Subtypes.\n\n205.99999999999. Huge.\n\n" + _SPELL_TYPES.format(kind="magic spell")), "cr.txt")
    errors = sorted((f.rule, f.detail) for f in check_document(doc) if f.kind == "unreadable_value")
    assert errors == [("205.3k", "subtypes.magic spell"), ("205.99999999999", "99999999999")]


# --- bounded solves: results as data --------------------------------------------------------------

_LEAVES = st.one_of(st.integers(min_value=MIN_NUMBER, max_value=MAX_NUMBER).map(clingo.Number),
                    st.text(max_size=12).map(clingo.String),
                    st.sampled_from(["a", "alice", "o_1"]).map(clingo.Function),
                    st.just(clingo.Infimum), st.just(clingo.Supremum))
_TERMS = st.recursive(_LEAVES, lambda kids: st.one_of(
    st.builds(lambda name, args, positive: clingo.Function(name, args, positive),
              st.sampled_from(["f", "g"]), st.lists(kids, max_size=3), st.booleans()),
    st.lists(kids, max_size=3).map(lambda args: clingo.Function("", args))), max_leaves=12)


@FAST
@given(terms=st.lists(_TERMS, max_size=6))
def test_symbols_cross_processes_as_plain_data_and_come_back_equal(terms):
    data = pickle.loads(pickle.dumps(symbols_data(terms)))
    assert symbols_from_data(data) == terms


def test_a_bounded_solve_returns_the_childs_symbols_unchanged():
    deep = clingo.Number(0)
    for _ in range(3000):
        deep = clingo.Function("s", [deep])
    tricky = ['say "hi"\n#include "x".', "back\\slash", "été ∞ \u2028", "%", ""]
    facts = [clingo.Function("p", [clingo.String(t)]) for t in tricky]
    facts += [clingo.Function("q", [deep]), clingo.Function("r", [clingo.Infimum, clingo.Supremum],  False),
              clingo.Function("n", [clingo.Number(MIN_NUMBER), clingo.Number(MAX_NUMBER)])]
    result = solve_bounded(time_limit=30, facts=facts, include_rule_base=False)
    assert result.status == "satisfiable"
    assert set(result.symbols) == set(facts)


def test_backend_facts_are_facts_to_the_grounder():
    ctl = clingo.Control(logger=lambda code, msg: None)
    ctl.add("base", [], "q(X) :- p(X), not r(X). r(2).")
    add_facts(ctl, [clingo.Function("p", [clingo.Number(i)]) for i in (1, 2, 3)])
    ctl.ground([("base", [])])
    atoms = {str(a.symbol): a.is_fact for a in ctl.symbolic_atoms}
    assert atoms == {"p(1)": True, "p(2)": True, "p(3)": True, "r(2)": True, "q(1)": True, "q(3)": True}


# --- builder terms given as text are built from checked parts, never parsed (S1 class; issue 12
# fuzz finding: allow_as_though_flash's choice went to clingo.parse_term, whose RuntimeError escaped)

def test_builder_terms_given_as_text_are_built_from_checked_parts_never_parsed(monkeypatch):
    def no_parsing(*args, **kwargs):
        raise AssertionError("a builder value reached clingo's parser")

    monkeypatch.setattr(clingo, "parse_term", no_parsing)
    monkeypatch.setattr(clingo.symbol, "parse_term", no_parsing)
    pieces = st.sampled_from(["x_at_most", "targets_designation", "colored", "generic", "alternative", "life", "b",
                              "commander", "(", ")", ",", " ", "3", "-1", "99999999999", "X", '"s"', "é", "#include",
                              ".", "%", "\n", "as_though_flash", "ability_effect", "o1", "\x00", "\ud800"])
    texts = st.one_of(st.lists(pieces, max_size=8).map("".join),
                      st.sampled_from(["x_at_most(3)", "targets_designation(commander)", "colored(r)", "generic(2)",
                                       "life(2)", "alternative(k1)", "as_though_flash(ability_effect(o1,2))"]))
    calls = {"choice": lambda s, t: s.allow_as_though_flash("e1", "alice", choice=t),
             "method": lambda s, t: s.set_cast_method("o1", t),
             "pays": lambda s, t: s.propose("p1", "alice", "o1", pays={1: t}),
             "timing": lambda s, t: s.propose("p1", "alice", "o1", timing=t)}
    heads = {"choice": "requires_choice", "method": "cast_method", "pays": "proposal_pays", "timing": "proposal_timing"}

    @settings(max_examples=400, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(sorted(calls)), texts)
    def build(argument, text):
        state = GameState()
        state.add_player("alice")
        state.add_object("o1", "Shock", zone="stack", owner="alice")
        try:
            calls[argument](state, text)
        except StateValueError as err:
            assert err.argument in (argument, "pays[1]") and "\n" not in str(err), err
            return
        (fact,) = [f for f in state.extra if f.name == heads[argument]]
        # what was built is the term the text writes: its printed form reads back as the text
        assert str(fact.arguments[-1]).replace(" ", "") == "".join(text.split())
        if argument == "choice":
            assert fact.arguments[-1].name in ("x_at_most", "targets_designation")

    build()


_TERM_PIECES = st.sampled_from(["a", "b_1", "f", "(", ")", ",", " ", "0", "3", "-1", "2147483647", "2147483648",
                                "X", '"s"', "é", ".", "#include", "\x00"])


@settings(max_examples=500, deadline=None)
@given(st.lists(_TERM_PIECES, max_size=10).map("".join))
def test_a_term_written_as_text_is_built_as_clingo_would_read_it_or_refused(text):
    from pyrules.asp_terms import NotAnAspValue, term_from_text

    try:
        built = term_from_text(text)
    except NotAnAspValue as err:
        assert err.value == text
        return
    # accepted: names, numbers in range and functions of them, which clingo reads the same way
    assert built == clingo.parse_term(text) and str(built).replace(" ", "") == "".join(text.split())
