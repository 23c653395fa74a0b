"""Activated abilities (CR 602, 605, 606; rules_asp/casting/activation.lp): a verdict for every
activated ability of an object, on real cards. Each test names the rule that decides it."""

from __future__ import annotations

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.errors import QueryError

CARDS = ("Llanowar Elves", "Bonesplitter", "Intrepid Tenderfoot", "Liliana of the Veil", "Chandra Nalaar",
         "Basking Rootwalla", "Sakura-Tribe Elder", "Wild Cantor", "Mire Shade", "Cryptolith Rite",
         "Grizzly Bears", "Grinning Ignus", "Adanto Vanguard", "Adaptive Training Post",
         "Meria, Scholar of Antiquity")


@pytest.fixture(scope="module")
def kb(kb_of) -> KnowledgeBase:
    return kb_of(*CARDS)


def state(phase: str = "precombat_main", active: str = "a", priority: str | None = "a") -> GameState:
    """Two players; ``active``'s turn in ``phase``; ``priority`` holds priority (None: not stated)."""
    s = GameState()
    for p in ("a", "b"):
        s.add_player(p)
        s.set_life(p, 20)
    s.set_turn(active, phase, priority=priority)
    return s


def permanent(s: GameState, obj: str, card: str, player: str = "a", *, old: bool = True) -> None:
    s.add_object(obj, card, "battlefield", player, controller=player)
    if old:
        s.controlled_since_turn_began(obj)


def rules(v) -> set[str]:
    return {c.rule for c in v.citations}


# --- 302.6, 602.5a, 605: a {T} mana ability of a creature --------------------------------------------

def test_llanowar_elves_new_this_turn_cannot_tap_for_mana_302_6(kb):
    s = state()
    permanent(s, "elf", "Llanowar Elves", old=False)
    v = kb.ask(s).outcomes().activate("elf", 1)
    assert (v.allowed, v.reasons) == (False, ("summoning_sickness",))
    assert {"302.6", "602.5a"} <= rules(v)
    assert v.strength == "assumed"  # rests on controlled_since_turn_began not being stated
    assert v.mana_ability is True and v.player == "a"


def test_llanowar_elves_with_haste_taps_for_mana_without_the_stack_702_10c_605_3b(kb):
    s = state()
    permanent(s, "elf", "Llanowar Elves", old=False)
    s.grant_keyword("haste_effect", "elf", "haste")
    answers = kb.ask(s)
    v = answers.outcomes().activate("elf", 1)
    assert v.allowed is True and v.reasons == ()
    assert {"702.10c", "605.3a", "605.3b", "107.5", "302.6"} <= rules(v)
    assert v.mana_ability is True and v.mana_cost == () and v.other_costs == ()
    assert v.strength == "derived"
    (ma,) = answers.symbols("mana_ability")
    assert {c.rule for c in answers._citations(ma)} == {"605.1a", "605.3b"}


def test_llanowar_elves_tapped_cannot_pay_its_tap_cost_107_5(kb):
    s = state()
    permanent(s, "elf", "Llanowar Elves")
    s.tap("elf")
    v = kb.ask(s).outcomes().activate("elf", 1)
    assert (v.allowed, v.reasons) == (False, ("tapped",)) and "107.5" in rules(v)


def test_a_mana_ability_without_priority_is_refused_but_may_serve_a_mana_payment_117_1b_605_3a(kb):
    s = state(priority="b")
    permanent(s, "elf", "Llanowar Elves")
    answers = kb.ask(s)
    v = answers.outcomes().activate("elf", 1)
    assert (v.allowed, v.reasons) == (False, ("no_priority",))
    assert {"117.1b", "605.3a"} <= rules(v) and v.strength == "assumed"
    assert any("mana_payment_asked(a)" in a.text for a in answers.assumptions("outcome", "elf"))


def test_priority_not_stated_is_an_assumption_of_the_verdict_117_1b(kb):
    s = state(priority=None)
    permanent(s, "elf", "Llanowar Elves")
    answers = kb.ask(s)
    v = answers.outcomes().activate("elf", 1)
    assert v.allowed is True and v.strength == "assumed"
    assert any("has_priority(a)" in a.text and "taken as true" in a.text for a in answers.assumptions("outcome", "elf"))


# --- 602.5d, 307.1: as a sorcery ---------------------------------------------------------------------

@pytest.mark.parametrize("phase,active,stack,allowed,why", [
    ("postcombat_main", "a", False, True, ()),
    ("combat", "a", False, False, ("not_sorcery_timing(not_main_phase)",)),
    ("precombat_main", "b", False, False, ("not_sorcery_timing(not_your_turn)",)),
    ("precombat_main", "a", True, False, ("not_sorcery_timing(stack_not_empty)",)),
])
def test_activate_only_as_a_sorcery_follows_sorcery_timing_602_5d(kb, phase, active, stack, allowed, why):
    # Intrepid Tenderfoot: "{3}: Put a +1/+1 counter on this creature. Activate only as a sorcery."
    s = state(phase, active)
    permanent(s, "it", "Intrepid Tenderfoot")
    if stack:
        s.add_object("bears", "Grizzly Bears", "stack", "a", controller="a")
    v = kb.ask(s).outcomes().activate("it", 1)
    assert (v.allowed, v.reasons) == (allowed, why)
    assert {"602.5d", "307.1"} <= rules(v)
    if allowed:
        assert v.mana_cost == ("{3}",) and v.strength == "derived" and v.mana_ability is False


def test_equip_is_activated_only_as_a_sorcery_and_lists_its_mana_cost_702_6a(kb):
    s = state("combat")
    permanent(s, "bs", "Bonesplitter")
    v = kb.ask(s).outcomes().activate("bs", "equip")
    assert (v.allowed, v.reasons) == (False, ("not_sorcery_timing(not_main_phase)",))
    assert {"702.6a", "602.5d"} <= rules(v)
    s2 = state("precombat_main")
    permanent(s2, "bs", "Bonesplitter")
    v2 = kb.ask(s2).outcomes().activate("bs", "equip")
    assert v2.allowed is True and v2.mana_cost == ("{1}",) and "702.6a" in rules(v2)
    assert "to pay: {1} (not checked)" in v2.explain()


def test_sorcery_timing_with_no_turn_stated_is_undecided_602_5d(kb):
    s = GameState()
    s.add_player("a")
    permanent(s, "it", "Intrepid Tenderfoot")
    v = kb.ask(s).outcomes().activate("it", 1)
    assert v.allowed is None and set(v.reasons) == {"turn_not_stated", "phase_not_stated"}
    assert v.strength == "unknown"


def test_a_cost_not_checked_is_listed_never_claimed_payable_602_2b(kb):
    # Mire Shade: "{B}, Sacrifice a Swamp: ..." — whether a Swamp is there and {B} can be paid is not
    # decided here (issue 18): both are listed as still to pay.
    s = state()
    permanent(s, "ms", "Mire Shade")
    v = kb.ask(s).outcomes().activate("ms", 1)
    assert v.allowed is True and v.mana_cost == ("{B}",)
    assert v.other_costs == ('sacrifice(subtype("Swamp"),1)',)


# --- 606.3, 606.6: loyalty abilities ----------------------------------------------------------------

def test_loyalty_ability_at_sorcery_timing_with_enough_counters_606_3(kb):
    s = state()
    permanent(s, "chandra", "Chandra Nalaar")
    s.add_counters("chandra", "loyalty", 6)
    s.record_turn_history()
    out = kb.ask(s).outcomes()
    plus, minus_x, minus_8 = out.activations("chandra")
    assert plus.allowed is True and "606.3" in rules(plus) and plus.mana_ability is False
    assert minus_x.allowed is True  # -X: X may be 0 (606.6 asks for X counters)
    assert (minus_8.allowed, minus_8.reasons) == (False, ("cant_pay(loyalty(-8))",))
    assert {"606.6", "118.3"} <= rules(minus_8)


def test_loyalty_ability_in_combat_or_on_the_opponents_turn_606_3(kb):
    for phase, active, why in (("combat", "a", "loyalty_timing(not_main_phase)"),
                               ("precombat_main", "b", "loyalty_timing(not_your_turn)")):
        s = state(phase, active)
        permanent(s, "lili", "Liliana of the Veil")
        s.add_counters("lili", "loyalty", 3)
        v = kb.ask(s).outcomes().activate("lili", 1)
        assert (v.allowed, v.reasons) == (False, (why,)) and "606.3" in rules(v)


def test_only_one_loyalty_ability_of_a_permanent_each_turn_606_3(kb):
    s = state()
    permanent(s, "lili", "Liliana of the Veil")
    s.add_counters("lili", "loyalty", 4)
    s.record_activation("a", "lili", 1)
    out = kb.ask(s).outcomes()
    for v in out.activations("lili"):
        assert "loyalty_ability_already_activated" in v.reasons and "606.3" in rules(v)
    # Without a recorded history the verdict assumes none was activated this turn.
    s2 = state()
    permanent(s2, "lili", "Liliana of the Veil")
    s2.add_counters("lili", "loyalty", 4)
    answers = kb.ask(s2)
    v = answers.outcomes().activate("lili", 2)
    assert v.allowed is True and v.strength == "assumed"
    assert any("activations_this_turn(lili)" in a.text for a in answers.assumptions("outcome", "lili"))


def test_a_minus_loyalty_ability_with_too_few_counters_606_6(kb):
    s = state()
    permanent(s, "lili", "Liliana of the Veil")
    s.add_counters("lili", "loyalty", 1)
    s.record_turn_history()
    v = kb.ask(s).outcomes().activate("lili", 2)  # −2: Target player sacrifices a creature.
    assert (v.allowed, v.reasons) == (False, ("cant_pay(loyalty(-2))",)) and "606.6" in rules(v)


def test_a_minus_loyalty_ability_with_exactly_enough_counters_606_6(kb):
    # 606.6: the cost may be paid with all the counters there are: 2 loyalty, −2 (mutant seed 31,
    # activation.lp's "M < -N" as "M <= -N", refused it).
    s = state()
    permanent(s, "lili", "Liliana of the Veil")
    s.add_counters("lili", "loyalty", 2)
    s.record_turn_history()
    v = kb.ask(s).outcomes().activate("lili", 2)
    assert v.allowed is True and "cant_pay(loyalty(-2))" not in v.reasons


# --- 602.1b, 602.5b: once each turn ---------------------------------------------------------------------

def test_activate_only_once_each_turn_with_and_without_history_602_5b(kb):
    # Basking Rootwalla: "{1}{G}: This creature gets +2/+2 until end of turn. Activate only once each turn."
    s = state()
    permanent(s, "rw", "Basking Rootwalla")
    s.record_activation("a", "rw", 1)
    v = kb.ask(s).outcomes().activate("rw", 1)
    assert (v.allowed, v.reasons) == (False, ("already_activated_this_turn",))
    assert {"602.1b", "602.5b"} <= rules(v) and v.strength == "derived"
    # An activation in an earlier turn doesn't count (500.1).
    s1 = state()
    permanent(s1, "rw", "Basking Rootwalla")
    s1.record_activation("b", "rw", 1)
    s1.record_turn_began()
    v1 = kb.ask(s1).outcomes().activate("rw", 1)
    assert v1.allowed is True and v1.strength == "derived" and v1.mana_cost == ("{1}", "{G}")
    # No history: the verdict assumes it was not activated this turn.
    s2 = state()
    permanent(s2, "rw", "Basking Rootwalla")
    v2 = kb.ask(s2).outcomes().activate("rw", 1)
    assert v2.allowed is True and v2.strength == "assumed"


# --- 113.6j, 701.21a: a sacrifice-self cost --------------------------------------------------------------

def test_sacrifice_self_ability_on_the_battlefield_and_in_a_graveyard_701_21a(kb):
    s = state()
    permanent(s, "ste", "Sakura-Tribe Elder", old=False)  # no {T}: summoning sickness doesn't matter
    s.add_object("ste2", "Sakura-Tribe Elder", "graveyard", "a")
    out = kb.ask(s).outcomes()
    v = out.activate("ste", 1)
    assert v.allowed is True and v.other_costs == () and "118.3" in rules(v)
    v2 = out.activate("ste2", 1)
    assert v2.allowed is False
    assert set(v2.reasons) == {"cant_pay(sacrifice(self))", "not_in_zone(battlefield)"}
    assert {"113.6", "113.6j", "701.21a"} <= rules(v2)


def test_wild_cantor_sacrifices_itself_for_mana_605_1a(kb):
    s = state()
    permanent(s, "wc", "Wild Cantor", old=False)
    v = kb.ask(s).outcomes().activate("wc", 2)
    assert v.allowed is True and v.mana_ability is True and {"605.3a", "605.3b"} <= rules(v)


# --- 119.4, 122.1: paying life, removing counters ------------------------------------------------------

@pytest.mark.parametrize("life,allowed", [(4, True), (3, False)])
def test_paying_life_needs_that_much_life_119_4(kb, life, allowed):
    # Adanto Vanguard: "Pay 4 life: This creature gains indestructible until end of turn."
    s = state()
    s.set_life("a", life)
    permanent(s, "av", "Adanto Vanguard")
    v = kb.ask(s).outcomes().activate("av", 2)
    assert v.allowed is allowed and "119.4" in rules(v) and v.other_costs == ()
    if not allowed:
        assert v.reasons == ("cant_pay(pay_life(4))",)


def test_paying_life_with_no_life_total_stated_is_listed_not_checked_602_2b(kb):
    s = GameState()
    s.add_player("a")
    s.set_turn("a", "precombat_main", priority="a")
    permanent(s, "av", "Adanto Vanguard")
    v = kb.ask(s).outcomes().activate("av", 2)
    assert v.allowed is True and v.other_costs == ("pay_life(4)",) and "119.4" not in rules(v)


@pytest.mark.parametrize("charge,allowed", [(3, True), (2, False), (None, False)])
def test_removing_counters_needs_that_many_counters_118_3(kb, charge, allowed):
    # Adaptive Training Post: "Remove three charge counters from this artifact: ..."
    s = state()
    permanent(s, "post", "Adaptive Training Post")
    if charge is not None:
        s.add_counters("post", "charge", charge)
    answers = kb.ask(s)
    v = answers.outcomes().activate("post", 2)
    assert v.allowed is allowed
    if not allowed:
        assert v.reasons == ("cant_pay(remove_counters(named(charge),3))",) and {"118.3", "122.1"} <= rules(v)
    if charge is None:  # no counters stated: taken as none, and said so
        assert any("counters(post,charge)" in a.text for a in answers.assumptions("outcome", "post"))


# --- 613.1f: a granted activated ability; 602.2: who activates ---------------------------------------------

def test_cryptolith_rite_gives_each_creature_you_control_a_tap_mana_ability_613_1f(kb):
    s = state()
    permanent(s, "rite", "Cryptolith Rite")
    permanent(s, "bears", "Grizzly Bears", old=False)
    permanent(s, "other", "Grizzly Bears", "b")
    out = kb.ask(s).outcomes()
    (v,) = out.activations("bears")
    assert v.ability.startswith("(rite,") and v.mana_ability is True
    assert (v.allowed, v.reasons) == (False, ("summoning_sickness",))  # 302.6 applies to granted {T} too
    assert out.activations("other") == []  # "creatures you control": not the opponent's
    assert out.activations("rite") == []


def test_an_ability_only_its_controller_activates_602_2(kb):
    s = state(priority="b")
    permanent(s, "elf", "Llanowar Elves")
    v = kb.ask(s).outcomes().activate("elf", 1)
    assert v.player == "a" and "no_priority" in v.reasons


def test_unread_cost_keeps_the_assumption_and_no_mana_ability_claim(kb):
    # Meria, Scholar of Antiquity: "Tap an untapped nontoken artifact you control: Add {G}." — the
    # grammar doesn't read the cost: no claim that it is (or isn't) a mana ability.
    s = state()
    permanent(s, "me", "Meria, Scholar of Antiquity")
    answers = kb.ask(s)
    v = answers.outcomes().activate("me", 1)
    assert v.mana_ability is None and v.strength == "assumed"
    assert any("Tap an untapped nontoken artifact" in a.text for a in answers.assumptions("outcome"))


def test_a_read_cost_no_rule_checks_is_listed_never_claimed_payable(kb):
    # Grinning Ignus: "{R}, Return this creature to its owner's hand: Add {C}{C}{R}. Activate only as a
    # sorcery." — the cost is read (issue 19): a mana ability (605.1a) activated as a sorcery (602.5d),
    # its return-to-hand cost listed as a cost this file does not check.
    s = state()
    permanent(s, "ig", "Grinning Ignus")
    v = kb.ask(s).outcomes().activate("ig", 1)
    assert v.mana_ability is True and "602.5d" in rules(v)
    assert v.other_costs == ("return_to_hand(self)",) and v.mana_cost == ("{R}",)


def test_asking_for_an_ability_the_object_does_not_have_is_a_query_error(kb):
    s = state()
    permanent(s, "elf", "Llanowar Elves")
    with pytest.raises(QueryError, match="no activated ability 2"):
        kb.ask(s).outcomes().activate("elf", 2)


def test_record_activation_refuses_an_index_below_one():
    s = state()
    s.add_object("x", "Llanowar Elves", "battlefield", "a", controller="a")
    with pytest.raises(QueryError, match="below 1"):
        s.record_activation("a", "x", 0)


def test_every_rule_the_activation_verdicts_cite_is_in_the_cr(kb, cr_newest):
    from pyrules.inputs.comprehensive_rules import load_comprehensive_rules

    doc = load_comprehensive_rules(cr_newest)
    kb2 = KnowledgeBase(list(kb.cards.values()), doc)
    s = state()
    for i, card in enumerate(CARDS):
        permanent(s, f"o{i}", card, old=False)
    s.add_counters("o3", "loyalty", 1)
    s.add_object("gy", "Sakura-Tribe Elder", "graveyard", "a")
    out = kb2.ask(s).outcomes()
    cited = {c.rule for i in range(len(CARDS)) for v in out.activations(f"o{i}") for c in v.citations}
    cited |= rules(out.activate("gy", 1))
    assert {"602.2", "606.6", "113.6j"} <= cited
    for rule in cited:
        assert kb2.rule_text(rule), rule
    assert "Activate only as a sorcery" in kb2.rule_text("602.5d")
    assert "doesn’t go on the stack" in kb2.rule_text("605.3b")


def test_pyrules_ask_lists_the_activation_verdicts_of_a_scenario(tmp_path, cards_dir, capsys):
    # 602.5d (Intrepid Tenderfoot in combat), 302.6 (a new Llanowar Elves), 602.5b (Basking Rootwalla
    # activated once this turn, recorded in the scenario's history).
    import json

    from pyrules.cli import main

    cards = [str(cards_dir / "scryfall-oracle-compact-A-K.json"), str(cards_dir / "scryfall-oracle-compact-L-Z.json")]
    path = tmp_path / "act.toml"
    path.write_text(f"""cards = {json.dumps(cards)}
[[players]]
player = "a"
[[players]]
player = "b"
[[objects]]
obj = "elf"
card = "Llanowar Elves"
zone = "battlefield"
owner = "a"
controller = "a"
[[objects]]
obj = "it"
card = "Intrepid Tenderfoot"
zone = "battlefield"
owner = "a"
controller = "a"
[[objects]]
obj = "rw"
card = "Basking Rootwalla"
zone = "battlefield"
owner = "a"
controller = "a"
[[effects]]
kind = "set_turn"
active_player = "a"
phase = "combat"
priority = "a"
[[effects]]
kind = "controlled_since_turn_began"
obj = "rw"
[[effects]]
kind = "record_activation"
player = "a"
obj = "rw"
ability = 1
""", encoding="utf-8")
    assert main(["ask", str(path), "activate"]) == 0
    out = capsys.readouterr().out
    assert 'activate elf ("Llanowar Elves",1,1) by a: no: summoning_sickness; mana ability' in out
    assert 'activate it ("Intrepid Tenderfoot",1,1) by a: no: not_sorcery_timing(not_main_phase)' in out
    assert 'activate rw ("Basking Rootwalla",1,1) by a: no: already_activated_this_turn (CR 602.1b, 602.5, 602.5b)' in out
    assert main(["ask", "--json", str(path), "activate"]) == 0
    found = {v["subject"]: v for v in json.loads(capsys.readouterr().out)["activate"]}
    assert found["it"]["allowed"] is False and found["it"]["mana_cost"] == []
    assert found["elf"]["mana_ability"] is True and found["elf"]["strength"] == "assumed"


def test_a_granted_activated_ability_is_an_ability_other_than_keywords_for_tldr_613_1f(cards_dir):
    # TL;DR (MB2): "Exile target creature if it has any abilities other than keywords." Grizzly Bears
    # under Cryptolith Rite has "{T}: Add one mana of any color." (613.1f): it is exiled.
    kb = KnowledgeBase.from_files([cards_dir / "scryfall-sets" / "all_cards_mb2.json",
                                   cards_dir / "scryfall-oracle-compact-A-K.json"],
                                  names={"TL;DR", "Grizzly Bears", "Cryptolith Rite"})
    for with_rite, result in ((True, "exiled"), (False, "not_exiled")):
        s = state()
        permanent(s, "bears", "Grizzly Bears")
        if with_rite:
            permanent(s, "rite", "Cryptolith Rite")
        s.add_object("tldr", "TL;DR", "stack", "b", controller="b")
        s.exile_if_other_than_keywords("ev", "bears")
        (r,) = kb.ask(s).outcomes().results("tldr_result")
        assert r.args == ("ev", "bears", result)


def test_an_activated_ability_the_state_gives_without_text_gets_no_verdict_602_1(kb):
    s = state()
    permanent(s, "bears", "Grizzly Bears")
    s.grant_ability("bears", "given", "activated")
    v = kb.ask(s).outcomes().activate("bears", "given")
    assert v.allowed is None and v.reasons == ("ability_text_not_given",) and v.strength == "unknown"
