"""Keyword abilities of casting read from the CR's own definitions (issue 19): real cards with escape,
retrace, undaunted, affinity, bargain and living metal get the verdicts their 702 definitions give,
through the rules card text of the same shape feeds (rules_asp/keywords/defined_costs.lp), and
each keyword is interpreted (keyword_interpreted/1) because its definition's facts are read.
"""

from __future__ import annotations

import pytest

from two_player import game, own_main_phase, rules


@pytest.fixture(scope="module")
def kb(kb_of):
    return kb_of


def _with_graveyard(s, owner: str, n: int, card: str = "Grizzly Bears") -> None:
    for i in range(n):
        s.add_object(f"gy{i}", card, "graveyard", owner)


def test_defined_keywords_are_interpreted_through_their_definitions():
    from pyrules.checks.keyword_coverage import interpreted_keywords
    from pyrules.facts.keyword_definitions import default_keyword_definition_symbols
    interpreted = interpreted_keywords(list(default_keyword_definition_symbols()))
    assert {"escape", "retrace", "undaunted", "affinity", "bargain", "living_metal", "surge"} <= interpreted
    # Evoke's and dash's alternative costs are applied, but their triggers (702.74a, 702.109a) no rule of
    # one moment reads: they stay assumptions there (evoke's is applied in sequences only,
    # rules_asp/time/keyword_enter_sacrifice.lp).
    assert not {"evoke", "dash", "blitz", "warp", "cleave", "overload", "spectacle", "prowl"} & interpreted


def test_escape_casts_from_the_graveyard_for_its_escape_cost(kb):
    # 702.138a: "You may cast this card from your graveyard by paying [cost] rather than paying its mana
    # cost" — Cling to Dust, Escape—{3}{B}, Exile five other cards from your graveyard.
    s = game()
    s.add_object("cling", "Cling to Dust", "graveyard", "a")
    _with_graveyard(s, "a", 5)
    s.propose("esc", "a", "cling", method="alternative(escape)")
    answers = kb("Cling to Dust", "Grizzly Bears").ask(s)
    (opt,) = answers.cast_options("cling")
    assert opt.allowed and opt.zone == "graveyard" and opt.method == "alternative(escape)"
    assert {"702.138a", "118.9", "601.3"} <= rules(opt)
    # 601.2f, 118.9: the total cost is the escape cost's mana, {3}{B}, not the mana cost {B}.
    (cost,) = answers.derived("total_cost")
    assert cost.args == ("esc", "4", "0") and "702.138a" in rules(cost)


def test_escape_needs_five_other_cards_to_exile(kb):
    # 118.3: four other cards in the graveyard can't pay "Exile five other cards".
    s = game()
    s.add_object("cling", "Cling to Dust", "graveyard", "a")
    _with_graveyard(s, "a", 4)
    (opt,) = kb("Cling to Dust", "Grizzly Bears").ask(s).cast_options("cling")
    assert not opt.allowed and opt.reasons == ("unpayable_cost",) and "118.3" in rules(opt)


def test_escape_gives_no_way_to_cast_from_the_hand_or_a_card_without_it(kb):
    # From the hand Cling to Dust is cast for its mana cost only; a card without escape has no
    # graveyard option (601.3).
    s = game()
    s.add_object("cling", "Cling to Dust", "hand", "a")
    s.add_object("bolt", "Lightning Bolt", "graveyard", "a")
    _with_graveyard(s, "a", 5)
    answers = kb("Cling to Dust", "Lightning Bolt", "Grizzly Bears").ask(s)
    assert [(o.zone, o.method) for o in answers.cast_options("cling")] == [("hand", "normal")]
    assert answers.cast_options("bolt") == []


def test_retrace_casts_from_the_graveyard_by_discarding_a_land_card(kb):
    # 702.81a: "You may cast this card from your graveyard by discarding a land card as an additional
    # cost to cast it" — Flame Jab, in a's main phase, a Mountain in hand.
    s = own_main_phase()
    s.add_object("jab", "Flame Jab", "graveyard", "a")
    s.add_object("mtn", "Mountain", "hand", "a")
    (opt,) = kb("Flame Jab", "Mountain").ask(s).cast_options("jab")
    assert opt.allowed and opt.zone == "graveyard" and opt.source == "retrace" and {"702.81a", "118.8"} <= rules(opt)


def test_retrace_without_a_land_card_in_hand_cant_be_paid(kb):
    # 118.3, 701.9a: no land card to discard (a Grizzly Bears is no land card).
    s = own_main_phase()
    s.add_object("jab", "Flame Jab", "graveyard", "a")
    s.add_object("gb", "Grizzly Bears", "hand", "a")
    (opt,) = kb("Flame Jab", "Grizzly Bears").ask(s).cast_options("jab")
    assert not opt.allowed and opt.reasons == ("unpayable_cost",) and "702.81a" in rules(opt)


def test_undaunted_costs_one_less_for_each_opponent(kb):
    # 702.125a: "This spell costs {1} less to cast for each opponent you have": Sublime Exhalation
    # {6}{W}, one opponent: 6; two opponents: 5 (601.2f, 118.7a).
    for players, total in ((("a", "b"), "6"), (("a", "b", "c"), "5")):
        s = own_main_phase()
        for p in players[2:]:
            s.add_player(p)
        s.add_object("se", "Sublime Exhalation", "hand", "a")
        s.propose("p", "a", "se")
        (cost,) = kb("Sublime Exhalation").ask(s).derived("total_cost")
        assert cost.args == ("p", total, "0") and {"702.125a", "118.7a"} <= rules(cost)


def test_affinity_for_artifacts_costs_one_less_for_each_artifact_you_control(kb):
    # 702.41a: "This spell costs you {1} less to cast for each [text] you control": Frogmite {4},
    # affinity for artifacts, with two Memnites (a's) and one of b's: {2}.
    s = own_main_phase()
    s.add_object("frog", "Frogmite", "hand", "a")
    for o, p in (("m1", "a"), ("m2", "a"), ("m3", "b")):
        s.add_object(o, "Memnite", "battlefield", p)
    s.propose("p", "a", "frog")
    (cost,) = kb("Frogmite", "Memnite").ask(s).derived("total_cost")
    assert cost.args == ("p", "2", "0") and "702.41a" in rules(cost)


def test_bargain_needs_an_artifact_enchantment_or_token_to_sacrifice(kb):
    # 702.166a: "As an additional cost to cast this spell, you may sacrifice an artifact, enchantment,
    # or token" (Archon's Glory): with no such permanent the announced cost can't be paid (118.3,
    # 601.2h); with a Memnite it can.
    s = game()
    s.add_object("ag", "Archon's Glory", "hand", "a")
    s.add_object("gb", "Grizzly Bears", "battlefield", "a")
    s.add_object("bm", "Memnite", "battlefield", "b")  # b's artifact: not a's to sacrifice (701.21a)
    s.propose("p", "a", "ag", additional_costs=("bargain",))
    answers = kb("Archon's Glory", "Grizzly Bears", "Memnite").ask(s)
    (bad,) = [d for d in answers.derived("proposal_illegal") if d.args[0] == "p"]
    assert bad.args == ("p", "additional_cost_unpayable(bargain)") and {"702.166a", "118.3"} <= rules(bad)
    s.add_object("m", "Memnite", "battlefield", "a")
    answers = kb("Archon's Glory", "Grizzly Bears", "Memnite").ask(s)
    assert [d.args for d in answers.derived("proposal_legal")] == [("p",)]
    assert answers.derived("proposal_illegal") == []


def test_living_metal_makes_the_vehicle_a_creature_during_your_turn(kb):
    # 702.161a: "During your turn, this permanent is an artifact creature in addition to its other
    # types": Arcee's Vehicle face (transformed, 712.8) may attack on a's turn (508.1a); a Vehicle
    # without living metal (Smuggler's Copter) is no creature and is not asked about.
    name = "Arcee, Sharpshooter // Arcee, Acrobatic Coupe"
    s = own_main_phase()
    s.add_object("arcee", name, "battlefield", "a")
    s.set_face_up("arcee", 2)
    s.controlled_since_turn_began("arcee")
    s.add_object("copter", "Smuggler's Copter", "battlefield", "a")
    s.controlled_since_turn_began("copter")
    answers = kb(name, "Smuggler's Copter").ask(s)
    (verdict,) = answers.derived("may_attack")
    assert verdict.args == ("arcee",) and {"702.161a", "508.1a"} <= rules(verdict)



def _surge_state(cast_before: bool, record: bool = True):
    s = own_main_phase()
    s.add_object("crush", "Crush of Tentacles", "hand", "a")
    s.add_object("bolt", "Lightning Bolt", "graveyard", "a")
    if record:
        s.record_turn_began()
        if cast_before:
            s.record_cast("a", "bolt")
    s.propose("p", "a", "crush", alternative_costs=("surge",))
    return s


def test_surge_pays_its_cost_if_its_caster_cast_another_spell_this_turn(kb):
    # 702.117a: "You may pay [cost] rather than pay this spell's mana cost as you cast this spell if you
    # or one of your teammates has cast another spell this turn": Crush of Tentacles, Surge {3}{U}{U}:
    # after a's Lightning Bolt this turn, the total is 5 (601.2f, 118.9), not the mana cost's 6.
    answers = kb("Crush of Tentacles", "Lightning Bolt").ask(_surge_state(cast_before=True))
    (cost,) = answers.derived("total_cost")
    assert cost.args == ("p", "5", "0") and {"702.117a", "118.9", "601.2f"} <= rules(cost)
    assert [d.args for d in answers.derived("proposal_legal")] == [("p",)]


def test_surge_without_another_spell_this_turn_is_illegal_and_without_a_history_undecided(kb):
    # 702.117a, 601.2b: no spell cast this turn (the history recorded, two players: no teammates) — the
    # surge cost can't be chosen; with no recorded history nothing is decided.
    answers = kb("Crush of Tentacles", "Lightning Bolt").ask(_surge_state(cast_before=False))
    (bad,) = answers.derived("proposal_illegal")
    assert bad.args == ("p", "alternative_cost_condition(surge)") and "702.117a" in rules(bad)
    answers = kb("Crush of Tentacles", "Lightning Bolt").ask(_surge_state(cast_before=False, record=False))
    assert [d.args for d in answers.derived("proposal_undecided")] == [("p", "alternative_cost_condition(surge)")]
    assert answers.derived("proposal_legal") == [] and answers.derived("total_cost") == []


def test_an_announced_overload_cost_is_the_total(kb):
    # 702.96a: "You may pay [cost] rather than pay this spell's mana cost": Cyclonic Rift overloaded
    # costs {6}{U}: 7 (118.9), not {1}{U} (its text change, 702.96b, is not read: overload stays an
    # assumption of its resolution).
    s = own_main_phase()
    s.add_object("rift", "Cyclonic Rift", "hand", "a")
    s.propose("p", "a", "rift", alternative_costs=("overload",))
    (cost,) = kb("Cyclonic Rift").ask(s).derived("total_cost")
    assert cost.args == ("p", "7", "0") and "702.96a" in rules(cost)


def test_a_condition_no_rule_decides_leaves_the_alternative_cost_undecided(kb):
    # 702.137a spectacle: "... if an opponent lost life this turn": life lost this turn is not in the
    # state, so the proposal gets no verdict (it was called legal before the condition was read).
    s = own_main_phase()
    s.add_object("rs", "Rix Maadi Reveler", "hand", "a")
    s.propose("p", "a", "rs", alternative_costs=("spectacle",))
    answers = kb("Rix Maadi Reveler").ask(s)
    assert [d.args for d in answers.derived("proposal_undecided")] == [("p", "alternative_cost_condition(spectacle)")]
    assert answers.derived("proposal_legal") == []


# --- a keyword the CR adds: understood from its definition ----------------------------------------

GRAVECAST = ("702.193. Gravecast\n\n"
             "702.193a Gravecast is a static ability that functions while the card with gravecast is in a "
             "player’s graveyard. “Gravecast [cost]” means “You may cast this card from your graveyard by paying "
             "[cost] rather than paying its mana cost.”\n\n")


@pytest.fixture(scope="module")
def cr_with_gravecast(cr_newest, tmp_path_factory):
    text = cr_newest.read_text(encoding="utf-8-sig")
    at = text.index("\n703. ", text.index("702.192a")) + 1
    path = tmp_path_factory.mktemp("cr") / cr_newest.name
    path.write_text(text[:at] + GRAVECAST + text[at:], encoding="utf-8")
    return path


def test_a_keyword_added_to_the_cr_with_an_escape_like_definition_casts_from_the_graveyard(cr_with_gravecast,
                                                                                          oracle_records):
    # The definition's words are escape's (702.138a): with no code change, a card given gravecast may
    # be cast from its owner's graveyard by that alternative cost (118.9); its total is not claimed
    # (the granted keyword's cost is the effect's, not given).
    from pyrules import KnowledgeBase
    from pyrules.inputs.cards import cards_from_json
    from pyrules.inputs.comprehensive_rules import load_comprehensive_rules

    kb = KnowledgeBase(cards_from_json([oracle_records["Lightning Bolt"]]),
                       rules_document=load_comprehensive_rules(cr_with_gravecast))
    s = game()
    s.add_object("bolt", "Lightning Bolt", "graveyard", "a")
    s.grant_keyword("g", "bolt", "gravecast", source="src")
    s.propose("p", "a", "bolt", method="alternative(gravecast)")
    answers = kb.ask(s)
    (opt,) = answers.cast_options("bolt")
    assert opt.allowed and opt.method == "alternative(gravecast)" and "702.193a" in rules(opt)
    assert [d.args for d in answers.derived("proposal_legal")] == [("p",)] and answers.derived("total_cost") == []
    # Without the definition the same grant gives no way to cast it from the graveyard.
    s2 = game()
    s2.add_object("bolt", "Lightning Bolt", "graveyard", "a")
    s2.grant_keyword("g", "bolt", "gravecast", source="src")
    assert KnowledgeBase(cards_from_json([oracle_records["Lightning Bolt"]])).ask(s2).cast_options("bolt") == []
