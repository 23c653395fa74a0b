"""Permissions and alternative costs read from the cards' own Oracle text (rules_asp/casting/card_effects.lp).

Each card whose effect tests/test_casting_legality.py used to build by hand (``GameState.permit_cast``,
``allow_alternative_cost``, ``grant_keyword``, ``allow_as_though_flash``) now produces it from its text:
Omniscience, Jodah, Archmage Eternal, Teferi, Mage of Zhalfir, Aluren, Silver Scrutiny, Timely Ward.
For each, a test checks that the derived effect gives the same cast options and proposal verdicts as
the hand-built one; other tests check the grammar's reading of the sentence on sibling cards of the
same shape, and that cards of a nearby shape are not misread. Rule numbers: CR of 2026-04-17.
"""

from __future__ import annotations

import pytest

from pyrules import GameState
from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from two_player import game, own_main_phase, rules


@pytest.fixture(scope="module")
def kb(kb_of):
    """A knowledge base over the named real cards (conftest.kb_of)."""
    return kb_of


@pytest.fixture(scope="module")
def facts(oracle_records):
    """``facts(name)``: the card facts (strings) of a real card, its Oracle text read by the grammar."""
    def of(name: str) -> set[str]:
        (card,) = cards_from_json([oracle_records[name]])
        return {str(s) for s in card_facts(card)}
    return of


def verdicts(answers, obj, rename: dict[str, str] | None = None) -> list[tuple]:
    """The cast options of ``obj`` as comparable tuples; effect ids and cost names renamed."""
    rename = rename or {}
    out = []
    for o in answers.cast_options(obj):
        method = o.method
        for old, new in rename.items():
            method = method.replace(old, new)
        out.append((o.player, o.face, o.zone, method, rename.get(o.source, o.source), o.allowed, o.reasons))
    return sorted(out)


def proposal_verdicts(answers) -> tuple[list, list]:
    return (sorted(d.args for d in answers.derived("proposal_legal")),
            sorted(d.args for d in answers.derived("proposal_illegal")))


# --------------------------------------------------------------------------- Omniscience


def test_omniscience_is_read_as_a_free_cast_permission_from_the_hand(facts):
    # 601.3, 118.9: "You may cast spells from your hand without paying their mana costs."
    f = facts("Omniscience")
    assert {'allows_cast_from_zone("Omniscience",1,1,you,hand,1)',
            'permission_without_paying_mana_cost("Omniscience",1,1)'} <= f
    assert not any(x.startswith("card_unparsed(") for x in f)


@pytest.mark.parametrize("card", ["Ancestral Vision", "Cyclonic Rift"])
def test_omniscience_derived_equals_hand_built(kb, card):
    # 118.9: the card's effect is the hand-built permit_cast(without_paying_mana_cost=True) from the
    # hand; Ancestral Vision has no mana cost (118.6: unpayable normally), the free cast is not.
    derived = own_main_phase()
    derived.add_object("c", card, "hand", "a")
    derived.add_object("omni", "Omniscience", "battlefield", "a", controller="a")
    built = own_main_phase()
    built.add_object("c", card, "hand", "a")
    built.permit_cast("omni", "a", "hand", without_paying_mana_cost=True)
    d = kb(card, "Omniscience").ask(derived)
    h = kb(card).ask(built)
    assert verdicts(d, "c", {"ability_effect(omni,1,1)": "omni"}) == verdicts(h, "c")
    free = [o for o in d.cast_options("c") if o.method == "without_paying_mana_cost"]
    assert [o.allowed for o in free] == [True] and {"118.9", "601.3"} <= rules(free[0])
    (eff,) = d.derived("card_effect")
    assert eff.args == ("ability_effect(omni,1,1)", "omni", "1") and {"113.6", "604.1", "118.9", "601.3"} <= rules(eff)


def test_omniscience_gives_nothing_to_the_opponent_or_from_the_graveyard(kb):
    # 109.5: "you" is Omniscience's controller a, not b; 113.6: in the graveyard it has no effect.
    s = game(active="b", phase="precombat_main", step=None, priority="b")
    s.add_object("av", "Ancestral Vision", "hand", "b")
    s.add_object("omni", "Omniscience", "battlefield", "a", controller="a")
    s.add_object("av2", "Ancestral Vision", "hand", "a")
    s.add_object("omni2", "Omniscience", "graveyard", "a")
    answers = kb("Ancestral Vision", "Omniscience").ask(s)
    assert [o.method for o in answers.cast_options("av")] == ["normal"]
    assert [d.args[1] for d in answers.derived("card_effect")] == ["omni"]


def test_until_end_of_turn_free_casts_of_loyalty_abilities_stay_unread(facts):
    # 611.2: Chandra, Flame's Catalyst's −8 is an effect of a resolving ability with a duration: its
    # sentence is not read as Omniscience's (no permission fact).
    f = facts("Chandra, Flame's Catalyst")
    assert ('card_unparsed("Chandra, Flame\'s Catalyst",1,oracle_text(3),"Until end of turn, you may cast '
            'spells from your hand without paying their mana costs")') in f
    assert not any("permission_without_paying_mana_cost" in x for x in f)


# --------------------------------------------------------------------------- Jodah and its siblings


@pytest.mark.parametrize("name,ability", [("Jodah, Archmage Eternal", 2), ("Fist of Suns", 1),
                                          ("Leyline of Mutation", 2), ("Etched Oracle Avatar", 1)])
def test_wubrg_rather_than_the_mana_cost_is_read(facts, name, ability):
    # 118.9: "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells [that] you cast."
    f = facts(name)
    q = f'"{name}",1,{ability}'
    assert f"allows_alternative_cost({q},you,1)" in f
    assert {f"alternative_cost_mana_symbol({q},{i},colored({c}))" for i, c in enumerate("wubrg", 1)} <= f
    assert not any(x.startswith(f"allowed_spell_quality({q},") for x in f)  # every spell


def test_alternative_cost_with_qualities_rooftop_storm(facts):
    # 118.9, 205.3: "{0} rather than pay the mana cost for Zombie creature spells you cast".
    f = facts("Rooftop Storm")
    assert {'allows_alternative_cost("Rooftop Storm",1,1,you,1)',
            'allowed_spell_quality("Rooftop Storm",1,1,1,subtype("Zombie"))',
            'allowed_spell_quality("Rooftop Storm",1,1,1,card_type(creature))',
            'alternative_cost_mana_symbol("Rooftop Storm",1,1,1,generic(0))'} <= f


@pytest.mark.parametrize("name", ["Kentaro, the Smiling Cat", "As Foretold", "Darksteel Monolith"])
def test_alternative_costs_with_more_terms_stay_unread(facts, name):
    # "where X is that spell's mana value", "Once each turn": terms the grammar does not read, so no
    # alternative cost is derived from them (a partial reading would be wrong, 118.9).
    assert not any(x.startswith("allows_alternative_cost(") for x in facts(name))


@pytest.mark.parametrize("x", [0, 2])
def test_jodah_derived_equals_hand_built(kb, x):
    # 118.9, 107.3b: the card's alternative cost alternative_cost(jodah, 2) behaves as the hand-built
    # alternative cost "wubrg": same options, X must be 0 (case E07).
    jodah = "alternative(alternative_cost(jodah,2))"
    derived = own_main_phase()
    derived.add_object("at", "Aether Tide", "hand", "a")
    derived.add_object("jodah", "Jodah, Archmage Eternal", "battlefield", "a", controller="a")
    derived.propose("p", "a", "at", method=jodah, x=x)
    built = own_main_phase()
    built.add_object("at", "Aether Tide", "hand", "a")
    built.allow_alternative_cost("jodah", "a", "wubrg", source="jodah_obj")
    built.propose("p", "a", "at", method="alternative(wubrg)", x=x)
    d = kb("Aether Tide", "Jodah, Archmage Eternal").ask(derived)
    h = kb("Aether Tide").ask(built)
    assert verdicts(d, "at", {"alternative_cost(jodah,2)": "wubrg"}) == verdicts(h, "at")
    assert proposal_verdicts(d) == proposal_verdicts(h)
    alt = [o for o in d.cast_options("at") if o.method == jodah]
    assert [o.allowed for o in alt] == [True] and {"118.9", "118.9a"} <= rules(alt[0])
    (eff,) = d.derived("card_effect")
    assert eff.args == ("ability_effect(jodah,2,1)", "jodah", "2") and "118.9" in rules(eff)


def test_jodah_does_not_offer_its_cost_to_the_opponent(kb):
    # 109.5: "spells you cast": only Jodah's controller a may pay {W}{U}{B}{R}{G}.
    s = game(active="b", phase="precombat_main", step=None, priority="b")
    s.add_object("at", "Aether Tide", "hand", "b")
    s.add_object("jodah", "Jodah, Archmage Eternal", "battlefield", "a", controller="a")
    answers = kb("Aether Tide", "Jodah, Archmage Eternal").ask(s)
    assert [o.method for o in answers.cast_options("at")] == ["normal"]


# --------------------------------------------------------------------------- Teferi, Mage of Zhalfir


@pytest.mark.parametrize("name", ["Teferi, Mage of Zhalfir", "Teferi, Druid of Argoth"])
def test_teferi_grant_is_read(facts, name):
    # 702.8a, 613.1f: "Creature cards you own that aren't on the battlefield have flash."
    assert (f'ability_grants_keyword("{name}",1,2,cards_you_own_not_on_battlefield(creature),flash)'
            in facts(name))


@pytest.mark.parametrize("zone", ["hand", "graveyard"])
def test_teferi_derived_equals_hand_built(kb, zone):
    # 702.8a: Teferi's flash for Grizzly Bears equals the hand-built grant_keyword; from the graveyard
    # only with a permission for that zone (601.3).
    def state(derived: bool) -> GameState:
        s = game()
        s.add_object("gb", "Grizzly Bears", zone, "a")
        if derived:
            s.add_object("tef", "Teferi, Mage of Zhalfir", "battlefield", "a", controller="a")
        else:
            s.grant_keyword("teferi", "gb", "flash", source="tef")
        if zone == "graveyard":
            s.permit_cast("grave", "a", "graveyard", card_types=("creature",))
        return s
    d = kb("Grizzly Bears", "Teferi, Mage of Zhalfir").ask(state(True))
    h = kb("Grizzly Bears").ask(state(False))
    assert verdicts(d, "gb") == verdicts(h, "gb")
    (opt,) = d.cast_options("gb")
    assert opt.allowed and "702.8a" in rules(opt)
    assert ("gb", "1", "flash") in [x.args for x in d.derived("has_keyword")]


def test_teferi_flash_only_for_its_owners_creature_cards_off_the_battlefield(kb):
    # 109.5, 108.2: cards "you own": not b's Grizzly Bears; "creature cards": not Divination (117.1a:
    # a sorcery still needs sorcery timing); "that aren't on the battlefield": not a's Memnite there.
    s = game()
    s.add_object("tef", "Teferi, Mage of Zhalfir", "battlefield", "a", controller="a")
    s.add_object("div", "Divination", "hand", "a")
    s.add_object("gbb", "Grizzly Bears", "hand", "b")
    s.add_object("mem", "Memnite", "battlefield", "a", controller="a")
    answers = kb("Teferi, Mage of Zhalfir", "Divination", "Grizzly Bears", "Memnite").ask(s)
    granted = {x.args[0] for x in answers.derived("has_keyword") if x.args[2] == "flash"}
    assert granted == {"tef"}  # Teferi's own printed flash only
    (div,) = answers.cast_options("div")
    assert not div.allowed and div.reasons == ("timing",)


# --------------------------------------------------------------------------- Aluren


def test_aluren_is_read_as_one_free_flash_permission(facts):
    # 118.9, 609.4, 202.3: "Any player may cast creature spells with mana value 3 or less without
    # paying their mana costs and as though they had flash."
    f = facts("Aluren")
    assert {'allows_cast_as_though_flash("Aluren",1,1,any_player,1)',
            'allowed_spell_quality("Aluren",1,1,1,card_type(creature))',
            'allowed_spell_quality("Aluren",1,1,1,mana_value_at_most(3))',
            'permission_without_paying_mana_cost("Aluren",1,1)'} <= f


@pytest.mark.parametrize("card", ["Grizzly Bears", "Craw Wurm", "Hypergenesis"])
def test_aluren_derived_equals_hand_built(kb, card):
    # 601.3, 118.9, 609.4: Aluren's effect equals permit_cast(without_paying_mana_cost=True,
    # card_types=("creature",), mana_value_at_most=3, as_though_flash=True) for each player.
    derived = game()
    derived.add_object("c", card, "hand", "a")
    derived.add_object("al", "Aluren", "battlefield", "a", controller="a")
    built = game()
    built.add_object("c", card, "hand", "a")
    for p in ("a", "b"):
        built.permit_cast(f"aluren_{p}", p, "hand", without_paying_mana_cost=True, card_types=("creature",),
                          mana_value_at_most=3, as_though_flash=True)
    d = kb(card, "Aluren").ask(derived)
    h = kb(card).ask(built)
    assert verdicts(d, "c", {"ability_effect(al,1,1)": "aluren_a"}) == verdicts(h, "c")


def test_aluren_flash_only_with_the_free_cast(kb):
    # 609.4, 118.9 and the Aluren ruling (2004-10-04): "You can't choose to cast a creature as though it
    # had flash via Aluren and still pay the mana cost." At b's end step a may cast Grizzly Bears free
    # (MV 2), not by paying {1}{G} (117.1a: a creature needs sorcery timing); Craw Wurm (MV 6) not at all.
    s = game()
    s.add_object("gb", "Grizzly Bears", "hand", "a")
    s.add_object("cw", "Craw Wurm", "hand", "a")
    s.add_object("al", "Aluren", "battlefield", "a", controller="a")
    s.propose("free", "a", "gb", method="without_paying_mana_cost")
    s.propose("paid", "a", "gb")
    answers = kb("Grizzly Bears", "Craw Wurm", "Aluren").ask(s)
    by_method = {o.method: o for o in answers.cast_options("gb")}
    assert by_method["without_paying_mana_cost"].allowed
    assert {"609.4", "118.9"} <= rules(by_method["without_paying_mana_cost"])
    assert not by_method["normal"].allowed and by_method["normal"].reasons == ("timing",)
    assert proposal_verdicts(answers) == ([("free",)], [("paid", "method_not_allowed")])
    assert [(o.method, o.allowed) for o in answers.cast_options("cw")] == [("normal", False)]
    (refusal,) = answers.cast_verdicts("cw")
    assert refusal.reason == "mana value 6 is more than 3"


def test_mana_value_bound_of_a_restriction_brisela(kb, facts):
    # 101.2, 202.3: Brisela's "Your opponents can't cast spells with mana value 3 or less": b can't cast
    # Grizzly Bears (MV 2) in b's main phase, but may cast Craw Wurm (MV 6).
    assert ('restricted_spell_quality("Brisela, Voice of Nightmares",1,2,1,mana_value_at_most(3))'
            in facts("Brisela, Voice of Nightmares"))
    s = game(active="b", phase="precombat_main", step=None, priority="b")
    s.add_object("bri", "Brisela, Voice of Nightmares", "battlefield", "a", controller="a")
    s.add_object("gb", "Grizzly Bears", "hand", "b")
    s.add_object("cw", "Craw Wurm", "hand", "b")
    answers = kb("Brisela, Voice of Nightmares", "Grizzly Bears", "Craw Wurm").ask(s)
    (gb,) = answers.cast_options("gb")
    assert not gb.allowed and gb.reasons == ("prohibited(ability_effect(bri,2,1))",) and "101.2" in rules(gb)
    (cw,) = answers.cast_options("cw")
    assert cw.allowed


# --------------------------------------------------------------------------- 601.3b choices


def test_choice_conditions_are_read(facts):
    # 601.3b: "if X is 3 or less" and "if it targets a commander" are choices of the proposal; any
    # other "if" condition stays unread text (Flash Photography's "a permanent you control").
    assert {'permission_condition("Silver Scrutiny",1,1,if_choice)',
            'permission_choice("Silver Scrutiny",1,1,x_at_most(3))'} <= facts("Silver Scrutiny")
    assert {'permission_condition("Timely Ward",1,1,if_choice)',
            'permission_choice("Timely Ward",1,1,targets_designation(commander))'} <= facts("Timely Ward")
    f = facts("Flash Photography")
    assert {'permission_condition("Flash Photography",1,1,if)',
            'card_unparsed("Flash Photography",1,oracle_text(1),"it targets a permanent you control")'} <= f
    assert not any(x.startswith("permission_choice(") for x in f)


@pytest.mark.parametrize("x", [0, 3, 4])
def test_silver_scrutiny_derived_equals_hand_built(kb, x):
    # 601.3b, 107.3a, 601.5 (case B01): at b's end step a may begin casting Silver Scrutiny; X <= 3
    # keeps the permission, X = 4 makes the proposal illegal. The card's own effect decides as the
    # hand-built allow_as_though_flash(choice="x_at_most(3)") does (the hand-built one is added on top
    # of the card's own here: the card's text is always read).
    derived = game()
    derived.add_object("ss", "Silver Scrutiny", "hand", "a")
    derived.propose("p", "a", "ss", x=x)
    built = game()
    built.add_object("ss", "Silver Scrutiny", "hand", "a")
    built.allow_as_though_flash("ss_flash", "a", source="ss", only_object="ss", choice="x_at_most(3)")
    built.propose("p", "a", "ss", x=x)
    d = kb("Silver Scrutiny").ask(derived)
    h = kb("Silver Scrutiny").ask(built)
    assert verdicts(d, "ss") == verdicts(h, "ss")
    assert proposal_verdicts(d) == proposal_verdicts(h)
    assert proposal_verdicts(d) == (([("p",)], []) if x <= 3 else ([], [("p", "flash_requirement_not_met")]))
    (opt,) = d.cast_options("ss")
    assert opt.allowed and {"601.3b", "609.4"} <= rules(opt)
    (eff,) = d.derived("card_effect")
    assert eff.args == ("ability_effect(ss,1,1)", "ss", "1") and {"113.6e", "601.3b"} <= rules(eff)


def test_timely_ward_derived_equals_hand_built(kb):
    # 601.3b, 601.5 (case B02): targeting the commander keeps the permission; another creature does not.
    def state(built: bool) -> GameState:
        s = game(phase="combat", step="declare_blockers")
        s.add_object("tw", "Timely Ward", "hand", "a")
        s.add_object("cmdr", "Grizzly Bears", "battlefield", "a")
        s.add_object("other", "Memnite", "battlefield", "a")
        s.designate("cmdr", "commander")
        if built:
            s.allow_as_though_flash("ward_flash", "a", source="tw", only_object="tw",
                                    choice="targets_designation(commander)")
        s.propose("cmdr_target", "a", "tw", targets=("cmdr",))
        s.propose("other_target", "a", "tw", targets=("other",))
        return s
    k = kb("Timely Ward", "Grizzly Bears", "Memnite")
    d, h = k.ask(state(False)), k.ask(state(True))
    assert verdicts(d, "tw") == verdicts(h, "tw")
    assert proposal_verdicts(d) == proposal_verdicts(h) == (
        [("cmdr_target",)], [("other_target", "flash_requirement_not_met")])


def test_timely_ward_without_a_commander_cannot_begin_at_instant_speed(kb):
    # 601.3b: no commander on the battlefield: no choice could make the permission apply.
    s = game(phase="combat", step="declare_blockers")
    s.add_object("tw", "Timely Ward", "hand", "a")
    s.add_object("other", "Memnite", "battlefield", "a")
    (opt,) = kb("Timely Ward", "Memnite").ask(s).cast_options("tw")
    assert not opt.allowed and opt.reasons == ("timing",)
