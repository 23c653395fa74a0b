"""Announced optional additional costs in the total cost (rules_asp/casting/additional_costs.lp, costs.lp):
601.2b (the player announces the additional costs the spell has), 601.2f (the total cost is the mana
cost or alternative cost plus all additional costs and cost increases, minus all cost reductions),
118.7a (a generic reduction reduces only generic mana), and announcements nothing offers (illegal).
Real card text throughout; rule numbers are those of the CR effective 2026-04-17.
"""

from __future__ import annotations

import pytest

from pyrules import GameState
from pyrules.facts.terms import extra_cost
from two_player import game


def rules(answer) -> set[str]:
    return {c.rule for c in answer.citations}


def main_phase() -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    return s


def totals(answers) -> dict[str, tuple[int, int]]:
    """proposal id -> (mana, life) of total_cost/3."""
    return {d.args[0]: (int(d.args[1]), int(d.args[2])) for d in answers.derived("total_cost")}


def verdicts(answers) -> dict[str, object]:
    """proposal id -> "legal" or the tuple of illegal reasons (absent: no verdict)."""
    out: dict[str, object] = {d.args[0]: "legal" for d in answers.derived("proposal_legal")}
    for d in answers.derived("proposal_illegal"):
        out[d.args[0]] = out.get(d.args[0], ()) + (d.args[1],)
    return out


@pytest.mark.parametrize("name,cost,targets,plain,paid,cr", [
    # 702.42a: "Entwine [cost]" — choose all modes and pay an additional [cost]: {5}{G}{G} + {2} = 9.
    ("Tooth and Nail", "entwine", (), 7, 9, "702.42a"),
    # 702.27a: "Buyback [cost]" — "You may pay an additional [cost]": {1}{U}{U} + {3} = 6.
    ("Capsize", "buyback", ("b",), 3, 6, "702.27a"),
    # 702.33a: "Kicker [cost]" — "You may pay an additional [cost]": {R} + {4} = 5.
    ("Burst Lightning", "kicker", ("b",), 1, 5, "702.33a"),
    # 702.33a: Gnarlid Colony {1}{G}, kicker {2}{G}: colored symbols of the kicker cost count too.
    ("Gnarlid Colony", "kicker", (), 2, 5, "702.33a"),
])
def test_optional_additional_cost_is_in_the_total(kb_of, name, cost, targets, plain, paid, cr):
    # 601.2f: the total cost is the mana cost "plus all additional costs".
    s = main_phase()
    s.add_object("o", name, "hand", "a")
    # (a modal spell announces a mode unless entwined, 700.2, 702.42a)
    s.propose("plain", "a", "o", targets=targets, modes=(1,) if cost == "entwine" else ())
    s.propose("paid", "a", "o", additional_costs=(cost,), targets=targets)
    answers = kb_of(name).ask(s)
    assert verdicts(answers) == {"plain": "legal", "paid": "legal"}
    assert totals(answers) == {"plain": (plain, 0), "paid": (paid, 0)}
    (t,) = [d for d in answers.derived("total_cost") if d.args[0] == "paid"]
    assert {"601.2f", cr} <= rules(t)


def test_kicker_generic_mana_is_reduced_by_a_generic_reduction(kb_of):
    # 601.2f, 118.7a: Council of the Absolute ("cost {2} less") reduces generic mana only: Burst
    # Lightning {R} stays {R}; kicked, {R}+{4} becomes {R}{2} = 3.
    s = main_phase()
    s.add_object("council", "Council of the Absolute", "battlefield", "a")
    s.set_chosen_name("council", "Burst Lightning")
    s.add_object("bl", "Burst Lightning", "hand", "a")
    s.propose("plain", "a", "bl", targets=("b",))
    s.propose("kicked", "a", "bl", additional_costs=("kicker",), targets=("b",))
    answers = kb_of("Burst Lightning", "Council of the Absolute").ask(s)
    assert totals(answers) == {"plain": (1, 0), "kicked": (3, 0)}


def test_kicker_life_is_in_the_total(kb_of):
    # 601.2f, 702.33a: Phyrexian Scuta {3}{B}, "Kicker—Pay 3 life": kicked, 4 mana and 3 life.
    s = main_phase()
    s.add_object("ps", "Phyrexian Scuta", "hand", "a")
    s.propose("kicked", "a", "ps", additional_costs=("kicker",))
    assert totals(kb_of("Phyrexian Scuta").ask(s)) == {"kicked": (4, 3)}


def test_flashback_plus_kicker(kb_of):
    # 118.9d: an additional cost is added to an alternative cost too. A granted flashback (Snapcaster
    # Mage's: equal to the card's mana cost, 702.34a) costs {R}; with kicker {4}: 5.
    s = main_phase()
    s.add_object("bl", "Burst Lightning", "graveyard", "a")
    s.grant_keyword("snap", "bl", "flashback", source="snapcaster")
    s.propose("p", "a", "bl", method="flashback", additional_costs=("kicker",), targets=("b",))
    answers = kb_of("Burst Lightning").ask(s)
    assert verdicts(answers) == {"p": "legal"}
    assert totals(answers) == {"p": (5, 0)}


@pytest.mark.parametrize("name,cost", [
    # 702.33a "kicker cost(s)": Thornscape Battlemage has two ({R} and/or {W}); which is paid is not
    # announced by "kicker": no total rather than a guess.
    ("Thornscape Battlemage", "kicker"),
    # 702.33c: multikicker may be paid any number of times; how many is not announced here.
    ("Everflowing Chalice", "multikicker"),
])
def test_unknown_additional_cost_gives_no_total(kb_of, name, cost):
    s = main_phase()
    s.add_object("o", name, "hand", "a")
    s.propose("plain", "a", "o")
    s.propose("paid", "a", "o", additional_costs=(cost,))
    answers = kb_of(name).ask(s)
    assert "paid" not in totals(answers) and "plain" in totals(answers)


def test_non_mana_part_of_an_optional_cost_is_not_decided(kb_of):
    # 702.27a, 118.3: Constant Mists "Buyback—Sacrifice a land": whether it can be paid is not
    # decided here — no verdict and no total, not a guess.
    s = main_phase()
    s.add_object("cm", "Constant Mists", "hand", "a")
    s.propose("bb", "a", "cm", additional_costs=("buyback",))
    answers = kb_of("Constant Mists").ask(s)
    assert "bb" not in verdicts(answers) and totals(answers) == {}
    assert [d.args for d in answers.derived("proposal_undecided")] == [("bb", "additional_cost(sacrifice(land,1))")]


@pytest.mark.parametrize("name,cost", [
    ("Burst Lightning", "no_such_cost"),
    ("Capsize", "kicker"),           # Capsize has buyback, not kicker
    ("Burst Lightning", "buyback"),
])
def test_additional_cost_nothing_offers_is_illegal(kb_of, name, cost):
    # 601.2b: the player announces intentions to pay the additional costs the spell has (118.8: listed
    # in its rules text or applied by an effect); one nothing offers can't be announced (601.5).
    s = main_phase()
    s.add_object("o", name, "hand", "a")
    s.propose("p", "a", "o", additional_costs=(cost,), targets=("b",))
    answers = kb_of(name).ask(s)
    assert verdicts(answers) == {"p": (f"additional_cost_not_offered({cost})",)}
    assert totals(answers) == {}
    (ill,) = answers.derived("proposal_illegal")
    assert {"601.2b", "118.8", "601.5"} <= rules(ill)


def test_rout_pay_two_more_is_in_the_total(kb_of):
    # 601.3c, 601.2f: Rout {3}{W}{W} "as though it had flash if you pay {2} more": announced at
    # instant speed, the {2} is an additional cost in the total: 7.
    s = game()
    s.add_object("r", "Rout", "hand", "a")
    s.propose("with", "a", "r", additional_costs=(extra_cost("r", 1),))
    answers = kb_of("Rout").ask(s)
    assert verdicts(answers) == {"with": "legal"}
    assert totals(answers) == {"with": (7, 0)}
