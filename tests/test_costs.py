"""Cost effects (rules_asp/casting/costs.lp, card_cost_effects.lp, copies.lp): cost increases and reductions
(601.2f, 118.7a), floors (Trinisphere), an alternative cost a permission requires (118.9b: Bolas's
Citadel), and copies of cards cast by an effect (707.12, 709.3c). Real card text throughout; rule
numbers are those of the CR effective 2026-04-17.
"""

from __future__ import annotations

import pytest

from pyrules import GameState
from pyrules.errors import NoAnswerError
from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json

LIFE = "alternative(pay_life_equal_to_mana_value)"


def rules(answer) -> set[str]:
    return {c.rule for c in answer.citations}


def main_phase(active: str = "a") -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn(active, "precombat_main", None, active)
    return s


def totals(answers) -> dict[str, tuple[int, int]]:
    """proposal id -> (mana, life) of total_cost/3."""
    return {d.args[0]: (int(d.args[1]), int(d.args[2])) for d in answers.derived("total_cost")}


# --------------------------------------------------------------------------- the card grammar
@pytest.mark.parametrize("name,expected", [
    ("Thalia, Guardian of Thraben", {"spell_cost_modifier(2,each_player,more(1),1)",
                                     "modified_spell_quality(2,1,not_card_type(creature))"}),
    ("Council of the Absolute", {"cant_cast(2,each_opponent,1)", "restricted_spell_quality(2,1,chosen_name)",
                                 "spell_cost_modifier(3,you,less(2),1)", "modified_spell_quality(3,1,chosen_name)"}),
    ("Trinisphere", {"spell_cost_floor_ability(1,3)", "applies_as_long_as_untapped(1)"}),
    ("Bolas's Citadel", {"allows_cast_from_zone(2,you,library_top,1)",
                         "permission_alternative_cost(2,pay_life_equal_to_mana_value)"}),
])
def test_cost_sentences_are_read_from_oracle_text(oracle_records, name, expected):
    # 601.2f (increases, reductions, floors), 118.9b (the Citadel's required alternative cost): the
    # facts of face 1, written without the card and face arguments.
    (card,) = cards_from_json([oracle_records[name]])
    prefix = f'"{name}",1,'
    facts = {f"{f.name}({str(f).split(prefix, 1)[1][:-1]})" for f in card_facts(card) if prefix in str(f)}
    assert expected <= facts


# --------------------------------------------------------------------------- 118.9b Bolas's Citadel
def citadel_state(card_obj: str, card: str, top: bool = True) -> GameState:
    s = main_phase()
    s.add_object("cit", "Bolas's Citadel", "battlefield", "a")
    s.add_object(card_obj, card, "library", "a")
    if top:
        s.set_top_of_library(card_obj)
    return s


def test_citadel_cut_costs_two_life_and_ribbons_cannot_be_cast(kb_of):
    # Case A10, second game: Cut {1}{R} costs 2 life (118.9b, 709.3b); Ribbons, an aftermath half,
    # can't be cast from the library at all (702.127a, 101.2).
    s = citadel_state("cr", "Cut // Ribbons")
    s.propose("cut", "a", "cr", 1, method=LIFE)
    s.propose("ribbons", "a", "cr", 2, method=LIFE, x=0)
    answers = kb_of("Cut // Ribbons", "Bolas's Citadel").ask(s)
    assert [(o.face_name, o.method, o.allowed) for o in answers.cast_options("cr")] == [("Cut", LIFE, True)]
    (ribbons,) = [v for v in answers.cast_verdicts("cr") if v.face_name == "Ribbons"]
    assert not ribbons.allowed and "702.127a" in rules(ribbons)
    assert totals(answers) == {"cut": (0, 2)}
    assert ("ribbons", "method_not_allowed") in {d.args for d in answers.derived("proposal_illegal")}


def test_citadel_only_the_top_card(kb_of):
    # 601.3: "from the top of your library" — a card below the top is not covered.
    s = citadel_state("rr", "Revival // Revenge", top=False)
    answers = kb_of("Revival // Revenge", "Bolas's Citadel").ask(s)
    assert answers.cast_options("rr") == []


def test_citadel_with_thalia_pays_life_and_the_increase_in_mana(kb_of):
    # 118.9d: a cost increase applies to the alternative cost: Revenge costs 6 life plus Thalia's {1}.
    s = citadel_state("rr", "Revival // Revenge")
    s.add_object("th", "Thalia, Guardian of Thraben", "battlefield", "b")
    s.propose("p", "a", "rr", 2, method=LIFE)
    answers = kb_of("Revival // Revenge", "Bolas's Citadel", "Thalia, Guardian of Thraben").ask(s)
    (total,) = answers.derived("total_cost")
    assert total.args == ("p", "1", "6") and {"118.9d", "601.2f"} <= rules(total)


@pytest.mark.parametrize("x,legal", [(0, True), (3, False)])
def test_citadel_x_is_zero(kb_of, x, legal):
    # 107.3b: neither the mana cost nor an alternative cost with X is paid, so X is 0; Fireball {X}{R}
    # then has mana value 1 (202.3e): 1 life.
    s = citadel_state("fb", "Fireball")
    s.propose("p", "a", "fb", method=LIFE, x=x)
    answers = kb_of("Fireball", "Bolas's Citadel").ask(s)
    if legal:
        assert totals(answers) == {"p": (0, 1)}
    else:
        assert answers.derived("total_cost") == []
        (bad,) = answers.derived("proposal_illegal")
        assert bad.args == ("p", "x_not_zero") and "107.3b" in rules(bad)


# --------------------------------------------------------------------------- 601.2f, 118.7a reductions
def council_state(name: str | None = "Armed", active: str = "a") -> GameState:
    s = main_phase(active)
    s.add_object("council", "Council of the Absolute", "battlefield", "a")
    if name is not None:
        s.set_chosen_name("council", name)
    s.add_object("ad", "Armed // Dangerous", "hand", "a")
    return s


def test_council_reduces_only_its_controllers_spells_with_the_chosen_name(kb_of):
    # "Spells with the chosen name you cast cost {2} less": Armed {1}{R} costs {R} (118.7a: the
    # colored part stays), Dangerous {3}{G} (another name, 709.3a) keeps its cost; B's Armed is B's.
    s = council_state()
    s.add_object("bd", "Armed // Dangerous", "hand", "b")
    s.propose("armed", "a", "ad", 1)
    s.propose("dangerous", "a", "ad", 2)
    s.propose("b_dangerous", "b", "bd", 2)
    answers = kb_of("Armed // Dangerous", "Council of the Absolute").ask(s)
    assert totals(answers) == {"armed": (1, 0), "dangerous": (4, 0)}
    (reduced,) = [d for d in answers.derived("total_cost") if d.args[0] == "armed"]
    assert {"118.7a", "709.4a"} <= rules(reduced)


def test_council_prohibits_opponents_spells_with_the_chosen_name(kb_of):
    # Case A07, card-derived: "Your opponents can't cast spells with the chosen name" (101.2): B can't
    # cast Armed nor the fused spell (709.4d), but may cast Dangerous (601.3a, 709.3a).
    s = council_state(active="b")
    s.add_object("bd", "Armed // Dangerous", "hand", "b")
    answers = kb_of("Armed // Dangerous", "Council of the Absolute").ask(s)
    verdicts = {o.face_name: o for o in answers.cast_options("bd")}
    assert not verdicts["Armed"].allowed and verdicts["Armed"].reasons == ("prohibited(ability_effect(council,2,1))",)
    assert verdicts["Dangerous"].allowed
    assert ("b", "bd") not in {d.args for d in answers.derived("may_cast_fused")}


def test_council_without_a_chosen_name_is_unread_not_guessed(kb_of):
    # 607.2d: "the chosen name" is the name chosen as Council entered; the state does not say it.
    s = council_state(name=None)
    s.propose("armed", "a", "ad", 1)
    answers = kb_of("Armed // Dangerous", "Council of the Absolute").ask(s)
    unread = {(d.args[1], d.args[2]) for d in answers.derived("card_effect_unread")}
    assert {("2", "no_chosen_name"), ("3", "no_chosen_name")} <= unread
    assert totals(answers) == {"armed": (2, 0)}


def test_increase_then_reduction(kb_of):
    # 601.2f: plus increases, minus reductions: Armed {1}{R} + Thalia's {1} - Council's {2} = {R}.
    s = council_state()
    s.add_object("th", "Thalia, Guardian of Thraben", "battlefield", "b")
    s.propose("armed", "a", "ad", 1)
    answers = kb_of("Armed // Dangerous", "Council of the Absolute", "Thalia, Guardian of Thraben").ask(s)
    assert totals(answers) == {"armed": (1, 0)}


@pytest.mark.parametrize("tapped,total", [(False, 3), (True, 1)])
def test_trinisphere_floor_only_while_untapped(kb_of, tapped, total):
    # 601.2f: Trinisphere raises a total below three to three, "as long as this artifact is untapped".
    s = council_state()
    s.add_object("tri", "Trinisphere", "battlefield", "b")
    if tapped:
        s.tap("tri")
    s.propose("armed", "a", "ad", 1)
    answers = kb_of("Armed // Dangerous", "Council of the Absolute", "Trinisphere").ask(s)
    assert totals(answers) == {"armed": (total, 0)}


# --------------------------------------------------------------------------- 707.12 copies of cards
def test_copy_of_another_card_is_an_impossible_state(kb_of):
    # 707.2: a copy of a card has its original's copiable values (the same card definition).
    s = main_phase()
    s.add_object("fi", "Fire // Ice", "hand", "a")
    s.add_card_copy("copy", "fi", "a")
    s.objects["copy"].card = "Armed // Dangerous"
    with pytest.raises(NoAnswerError) as err:
        kb_of("Fire // Ice", "Armed // Dangerous").ask(s)
    assert "copy_of_other_card(copy,fi)" in str(err.value)
