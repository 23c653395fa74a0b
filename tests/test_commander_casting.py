"""Commander (issue 18; rules_asp/casting/commander.lp): a commander is cast from the command zone by
its owner (903.8), with the commander tax, {2} for each previous cast from there, in the total cost
(601.2f) of its payment verdict (601.2g-h) and of a proposal; on real cards."""

from __future__ import annotations

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.errors import ScenarioError, StateValueError
from pyrules.facts.scenario import load_scenario

CARDS = ("Jasmine Boreal", "Forest", "Plains", "Mountain", "Sol Ring", "Grizzly Bears")


@pytest.fixture(scope="module")
def kb(kb_of) -> KnowledgeBase:
    return kb_of(*CARDS)


def state(lands: int, casts: int | None, *, zone: str = "command", turn: str = "alice",
          priority: str = "alice") -> GameState:
    """Alice's main phase with priority, 40 life: a Forest, a Plains and ``lands - 2`` Mountains of hers
    (controlled since the turn began); her commander Jasmine Boreal ({3}{G}{W}) in ``zone``, cast
    ``casts`` times from the command zone before (None: not stated)."""
    s = GameState()
    for p in ("alice", "bob"):
        s.add_player(p)
    s.set_life("alice", 40)
    s.set_turn(turn, "precombat_main", priority=priority)
    s.ask_payments()
    for i, card in enumerate(["Forest", "Plains"] + ["Mountain"] * (lands - 2)):
        s.add_object(f"l{i}", card, "battlefield", "alice")
        s.controlled_since_turn_began(f"l{i}")
    s.add_object("jas", "Jasmine Boreal", zone, "alice")
    s.designate_commander("jas", casts)
    return s


def rules(v) -> set[str]:
    return {c.rule for c in v.citations}


def payment(kb, s):
    (pay,) = kb.ask(s).payments("jas")
    return pay


# --- 903.8: cast from the command zone ----------------------------------------------------------------

def test_the_owner_may_cast_a_commander_from_the_command_zone_903_8(kb):
    (option,) = kb.ask(state(5, 0)).cast_options("jas")
    assert (option.player, option.zone, option.method, option.source, option.allowed) == \
        ("alice", "command", "normal", "rules", True)
    assert {"903.8", "601.3", "117.1a"} <= rules(option)
    assert option.strength == "derived"


def test_a_commander_cast_from_the_command_zone_keeps_the_timing_rules_117_1a(kb):
    s = state(5, 0, turn="bob")  # a creature spell in bob's turn
    (option,) = kb.ask(s).cast_options("jas")
    assert (option.allowed, option.reasons) == (False, ("timing",))
    assert {"903.8", "117.1a"} <= rules(option)


def test_no_one_casts_from_the_command_zone_a_card_that_is_no_commander(kb):
    s = GameState()
    s.add_player("alice")
    s.set_turn("alice", "precombat_main", priority="alice")
    s.add_object("jas", "Jasmine Boreal", "command", "alice")
    assert kb.ask(s).cast_options("jas") == []


def test_an_opponent_may_not_cast_alices_commander_903_8(kb):
    s = state(5, 0, turn="bob", priority="bob")
    assert [o.player for o in kb.ask(s).cast_options("jas")] == ["alice"]  # hers only, and not now
    assert kb.ask(s).payments("jas") == []


# --- 903.8, 601.2f: the commander tax in the payment verdict ------------------------------------------

def test_first_cast_from_the_command_zone_pays_no_tax(kb):
    pay = payment(kb, state(5, 0))
    assert (pay.payable, pay.total_cost, pay.strength) == (True, "{3}{G}{W}", "derived")
    assert {"903.8", "601.2g", "601.2h", "305.6"} <= rules(pay)


def test_one_previous_cast_adds_two_generic_mana_five_lands_cannot_pay_903_8(kb):
    pay = payment(kb, state(5, 1))
    assert (pay.payable, pay.reasons) == (False, ("missing(any_mana,7,5)",))
    assert pay.total_cost == "{5}{G}{W}"  # 601.2f: the tax is generic mana, shown with the rest
    assert pay.explanation == ("the cost needs 7 mana, the sources give 5",)
    assert {"903.8", "601.2f", "118.3"} <= rules(pay)
    assert "alice cannot pay {5}{G}{W} for Jasmine Boreal (jas)" in pay.explain()


def test_two_previous_casts_with_seven_lands_short_seven_with_nine_pay_903_8(kb):
    assert payment(kb, state(7, 2)).reasons == ("missing(any_mana,9,7)",)
    pay = payment(kb, state(9, 2))
    assert (pay.payable, pay.total_cost) == (True, "{7}{G}{W}")


def test_the_tax_is_generic_a_sol_ring_pays_it_but_no_color(kb):
    s = state(5, 1)
    s.add_object("ring", "Sol Ring", "battlefield", "alice")
    s.controlled_since_turn_began("ring")
    assert payment(kb, s).payable is True
    # without the Plains the {W} is missing, whatever pays the tax (107.4a)
    s = state(5, 1)
    s.add_object("ring", "Sol Ring", "battlefield", "alice")
    s.controlled_since_turn_began("ring")
    s.tap("l1")
    assert payment(kb, s).reasons == ("missing(w,1,0)",)


def test_a_generic_reduction_takes_the_tax_118_7a_601_2f(kb):
    s = state(5, 1)
    s.cost_reduction("discount", "alice", 2)
    pay = payment(kb, s)
    assert (pay.payable, pay.total_cost) == (True, "{3}{G}{W}")
    assert {"903.8", "118.7a"} <= rules(pay)


def test_an_asked_payment_pays_the_tax_with_generic_slots(kb):
    s = state(7, 1)
    s.ask_payment("jas")
    pay = payment(kb, s)
    generic = [u for u in pay.uses if u[0].startswith("generic(")]
    assert len(generic) == 5 and len(pay.uses) == 7
    assert ("symbol(2,colored(g))", "mana(l0,g)") in pay.uses and ("symbol(3,colored(w))", "mana(l1,w)") in pay.uses


def test_an_unstated_count_of_casts_leaves_the_payment_undecided_not_taxed_zero(kb):
    pay = payment(kb, state(9, None))
    assert (pay.payable, pay.reasons, pay.total_cost) == (None, ("commander_casts_not_stated",), "")
    assert "903.8" in rules(pay) and pay.strength == "unknown"


def test_a_commander_cast_from_hand_pays_no_tax(kb):
    s = state(5, None, zone="hand")
    (option,) = kb.ask(s).cast_options("jas")
    assert (option.zone, option.allowed) == ("hand", True) and "903.8" not in rules(option)
    pay = payment(kb, s)
    assert (pay.payable, pay.total_cost) == (True, "{3}{G}{W}") and "903.8" not in rules(pay)


# --- 601.2f: the proposal's total cost --------------------------------------------------------------

def _total(kb, s):
    answers = kb.ask(s)
    (p,) = answers.proposals()
    return p, answers.derived("total_cost")


def test_a_proposal_from_the_command_zone_has_the_tax_in_its_total_cost_601_2f(kb):
    s = state(5, 2)
    s.propose("p", "alice", "jas")
    p, (total,) = _total(kb, s)
    assert p.verdict == "legal"
    assert total.args == ("p", "9", "0")  # {3}{G}{W} and 2 x {2}
    assert {"601.2f", "903.8"} <= rules(total)


def test_a_proposal_with_the_count_unstated_gives_no_total_cost(kb):
    s = state(5, None)
    s.propose("p", "alice", "jas")
    p, totals = _total(kb, s)
    assert (p.verdict, totals) == ("legal", [])


# --- every input counts or is refused ----------------------------------------------------------------

@pytest.mark.parametrize("zone,casts,why", [
    ("battlefield", 1, "only_for_a_commander_in_the_command_zone"),
    ("hand", 0, "only_for_a_commander_in_the_command_zone"),
    ("command", -1, "negative"),
])
def test_a_count_of_casts_no_rule_reads_is_refused_by_name(kb, zone, casts, why):
    with pytest.raises(StateValueError, match=f"designate_commander: casts_from_command_zone given as "
                                              f"commander_casts\\(jas,{casts}\\) is read by no rule there: {why}"):
        kb.ask(state(5, casts, zone=zone))


SCENARIO = '''
[[players]]
player = "alice"

[[objects]]
obj = "jas"
card = "Jasmine Boreal"
zone = "command"
owner = "alice"

[[objects]]
obj = "f"
card = "Forest"
zone = "battlefield"
owner = "alice"

[[effects]]
builder-method = "designate_commander"
obj = "jas"
casts_from_command_zone = 1

[[effects]]
builder-method = "set_turn"
active_player = "alice"
phase = "precombat_main"
priority = "alice"

[[effects]]
builder-method = "ask_payments"
'''


def test_a_scenario_names_a_commander_and_its_casts(kb, tmp_path):
    path = tmp_path / "commander.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    (pay,) = kb.ask(load_scenario(path).state).payments("jas")
    assert (pay.payable, pay.reasons, pay.total_cost) == (False, ("missing(w,1,0)",), "{5}{G}{W}")


def test_a_scenario_count_for_a_commander_on_the_battlefield_is_refused_at_its_line(kb, tmp_path):
    path = tmp_path / "commander.toml"
    path.write_text(SCENARIO.replace('zone = "command"', 'zone = "battlefield"'), encoding="utf-8")
    scenario = load_scenario(path)
    with pytest.raises(StateValueError) as err:
        kb.ask(scenario.state)
    located = scenario.locate(err.value)
    assert isinstance(located, ScenarioError)
    assert located.line == 20 and "only_for_a_commander_in_the_command_zone" in str(located)


def test_a_delve_commander_exiles_cards_for_its_tax_903_8_702_66a(kb_of):
    # Tasigur, the Golden Fang {5}{B}, cast once before from the command zone: {7}{B}, which a Swamp
    # and seven cards in the graveyard pay.
    kb = kb_of("Tasigur, the Golden Fang", "Swamp", "Lightning Bolt")

    def tasigur(cards: int) -> GameState:
        s = GameState()
        for p in ("alice", "bob"):
            s.add_player(p)
        s.set_turn("alice", "precombat_main", priority="alice")
        s.ask_payments()
        s.add_object("s1", "Swamp", "battlefield", "alice")
        s.add_object("tas", "Tasigur, the Golden Fang", "command", "alice")
        s.designate_commander("tas", 1)
        for i in range(cards):
            s.add_object(f"g{i}", "Lightning Bolt", "graveyard", "alice")
        return s

    (pay,) = kb.ask(tasigur(7)).payments("tas")
    assert (pay.payable, pay.total_cost) == (True, "{7}{B}")
    assert {"903.8", "702.66a"} <= rules(pay)
    # six are short, but Tasigur's own activated ability, not read as a mana ability or not (605.1a),
    # leaves the refusal undecided rather than given
    (pay,) = kb.ask(tasigur(6)).payments("tas")
    assert pay.payable is None
    assert pay.reasons == ('mana_source_open(tas,unknown_ability(("Tasigur, the Golden Fang",1,2)))',)
