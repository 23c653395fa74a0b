"""Wrong answers a newcomer found in casting, costs and zone changes (second trial), each now
answered per the CR. Real cards from the shared Oracle files; one section per finding."""

from __future__ import annotations

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.inputs.cards import load_cards

NAMES = {"Brisela, Voice of Nightmares", "Fireball", "Cut // Ribbons", "Omniscience", "Lightning Bolt",
         "Think Twice", "Deep Analysis", "Jodah, Archmage Eternal", "Bonecrusher Giant // Stomp",
         "Dirgur Island Dragon // Skimming Strike", "Bolas's Citadel", "Divination", "Shock"}
BRISELA = "ability_effect(bris,2,1)"  # "Your opponents can't cast spells with mana value 3 or less."


@pytest.fixture(scope="module")
def kb(cards_dir) -> KnowledgeBase:
    cards = [c for f in ("scryfall-oracle-compact-A-K.json", "scryfall-oracle-compact-L-Z.json")
             for c in load_cards(cards_dir / f, names=NAMES)]
    return KnowledgeBase(cards)


def st(active="alice", phase="precombat_main", step=None, priority="alice") -> GameState:
    s = GameState()
    s.add_player("alice")
    s.add_player("bob")
    s.set_turn(active, phase, step, priority)
    return s


def rules(answer) -> set[str]:
    return {c.rule for c in answer.citations}


# --- 1. an X spell under a "mana value 3 or less" prohibition (601.3a, 202.3e) -------------------

def _brisela(*objects: tuple[str, str, str]) -> GameState:
    s = st()
    s.add_object("bris", "Brisela, Voice of Nightmares", "battlefield", "bob")
    for obj, name, zone in objects:
        s.add_object(obj, name, zone, "alice")
    return s


def test_fireball_may_begin_to_be_cast_under_brisela_because_x_can_lift_the_prohibition(kb):
    # 601.3a: a choice made during the proposal (X, 601.2b) that could make the prohibition no longer
    # apply lets the player begin to cast it; 202.3e: on the stack X counts as the number chosen.
    s = _brisela(("fb", "Fireball", "hand"))
    (option,) = kb.ask(s).cast_options("fb")
    assert option.allowed and option.reasons == ()
    assert {"601.3a", "202.3e"} <= rules(option)


@pytest.mark.parametrize("x,verdict", [(3, "legal"), (2, "illegal")])
def test_fireball_proposal_under_brisela_is_legal_only_with_mana_value_4_or_more(kb, x, verdict):
    # 202.3e: Fireball ({X}{R}) with X = 3 has mana value 4 on the stack — not prohibited; X = 2
    # gives 3 — still prohibited, so the proposal is illegal (601.3a, 601.5, 101.2).
    s = _brisela(("fb", "Fireball", "hand"))
    s.propose("p", "alice", "fb", 1, x=x, targets=["bob"])
    (proposal,) = kb.ask(s).proposals()
    assert proposal.verdict == verdict
    if verdict == "illegal":
        assert proposal.reasons == (f"prohibited({BRISELA})",)
        assert {"601.3a", "601.5", "101.2"} <= rules(proposal)
    else:
        assert "601.3a" in rules(proposal)


@pytest.mark.parametrize("x,verdict", [(2, "legal"), (1, "illegal")])
def test_ribbons_from_the_graveyard_under_brisela_depends_on_x(kb, x, verdict):
    # 702.127a: Ribbons ({X}{B}{B}) is cast from the graveyard; 601.3a: X could lift Brisela's
    # prohibition; 202.3e, 709.3b: X = 2 gives mana value 4 (legal), X = 1 gives 3 (illegal).
    s = _brisela(("cr", "Cut // Ribbons", "graveyard"))
    s.propose("p", "alice", "cr", 2, x=x)
    answers = kb.ask(s)
    (option,) = answers.cast_options("cr")
    assert option.face_name == "Ribbons" and option.allowed and "601.3a" in rules(option)
    (proposal,) = answers.proposals()
    assert proposal.verdict == verdict


def test_without_paying_the_mana_cost_x_is_0_and_brisela_still_prohibits_fireball(kb):
    # 107.3b: cast without paying its mana cost (Omniscience), X can only be 0: no choice lifts
    # Brisela's prohibition for that method (101.2); paying the mana cost, X still can (601.3a).
    s = _brisela(("fb", "Fireball", "hand"), ("om", "Omniscience", "battlefield"))
    s.propose("free", "alice", "fb", 1, method="without_paying_mana_cost", x=0, targets=["bob"])
    answers = kb.ask(s)
    by_method = {o.method: o for o in answers.cast_options("fb")}
    assert by_method["normal"].allowed
    free = by_method["without_paying_mana_cost"]
    assert not free.allowed and free.reasons == (f"prohibited({BRISELA})",) and "107.3b" in rules(free)
    (proposal,) = answers.proposals()
    assert proposal.verdict == "illegal" and "method_not_allowed" in proposal.reasons


def test_a_spell_without_x_stays_prohibited_by_brisela(kb):
    # 101.2, 601.3: Lightning Bolt (mana value 1) has no choice that changes its mana value.
    s = _brisela(("lb", "Lightning Bolt", "hand"))
    (option,) = kb.ask(s).cast_options("lb")
    assert not option.allowed and option.reasons == (f"prohibited({BRISELA})",)
    assert "601.3a" not in rules(option)


# --- 2. the alternative cost in total_cost (601.2f, 118.9, 702.34a) ------------------------------

def _totals(answers) -> dict[str, tuple[int, int]]:
    return {d.args[0]: (int(d.args[1]), int(d.args[2])) for d in answers.derived("total_cost")}


def test_flashback_costs_are_the_total_cost(kb):
    # 702.34a: "by paying [cost] rather than paying its mana cost"; 601.2f: the total cost is the
    # alternative cost. Think Twice: flashback {2}{U} = 3 mana; Deep Analysis: "{1}{U}, Pay 3 life";
    # Lightning Bolt with flashback granted "equal to its mana cost" (Snapcaster Mage): {R}.
    s = st()
    s.add_object("tt", "Think Twice", "graveyard", "alice")
    s.add_object("da", "Deep Analysis", "graveyard", "alice")
    s.add_object("lb", "Lightning Bolt", "graveyard", "alice")
    s.grant_keyword("snapcaster", "lb", "flashback")
    s.propose("tt_fb", "alice", "tt", 1, method="flashback")
    s.propose("da_fb", "alice", "da", 1, method="flashback")
    s.propose("lb_fb", "alice", "lb", 1, method="flashback", targets=["bob"])
    answers = kb.ask(s)
    assert _totals(answers) == {"tt_fb": (3, 0), "da_fb": (2, 3), "lb_fb": (1, 0)}
    assert all({"601.2f", "702.34a", "118.9"} <= rules(d)
               for d in answers.derived("total_cost"))


def test_an_effects_alternative_cost_and_a_free_cast_are_the_total_cost(kb):
    # 118.9, 601.2f: Jodah's "{W}{U}{B}{R}{G} rather than pay the mana cost" = 5 mana; Omniscience's
    # "without paying their mana costs" = 0; 107.3b: X is 0 with either.
    s = st()
    s.add_object("j", "Jodah, Archmage Eternal", "battlefield", "alice")
    s.add_object("om", "Omniscience", "battlefield", "alice")
    s.add_object("fb", "Fireball", "hand", "alice")
    s.propose("jodah", "alice", "fb", 1, method="alternative(alternative_cost(j,2))", x=0, targets=["bob"])
    s.propose("free", "alice", "fb", 1, method="without_paying_mana_cost", x=0, targets=["bob"])
    s.propose("paid", "alice", "fb", 1, x=4, targets=["bob"])
    assert _totals(kb.ask(s)) == {"jodah": (5, 0), "free": (0, 0), "paid": (5, 0)}


# --- 3. where a spell goes when it leaves the stack (715.3d, 720.3d, 702.127a) -------------------

def _destinations(answers) -> dict[str, tuple[str, set[str]]]:
    return {d.args[0]: (d.args[2], rules(d)) for d in answers.derived("leaves_stack_to")}


def test_an_adventure_resolving_is_exiled_but_countered_goes_to_the_graveyard(kb):
    # 715.3d: "Instead of putting a spell that was cast as an Adventure into its owner's graveyard as
    # it resolves, its controller exiles it" — only as it resolves; 701.6a: countered, graveyard.
    s = st()
    s.add_object("res", "Bonecrusher Giant // Stomp", "stack", "alice", cast_face=2)
    s.add_object("ctr", "Bonecrusher Giant // Stomp", "stack", "alice", cast_face=2)
    s.resolve("e1", "res")
    s.counter("e2", "ctr")
    got = _destinations(kb.ask(s))
    assert got["res"][0] == "exile" and "715.3d" in got["res"][1]
    assert got["ctr"][0] == "graveyard" and "715.3d" not in got["ctr"][1]


def test_an_omen_resolving_is_shuffled_into_its_owners_library(kb):
    # 720.3d: "As an Omen spell resolves, its controller shuffles it into its owner's library instead
    # of putting it into its owner's graveyard".
    s = st()
    s.add_object("om", "Dirgur Island Dragon // Skimming Strike", "stack", "alice", cast_face=2)
    s.resolve("e1", "om")
    assert _destinations(kb.ask(s))["om"][0] == "library"


@pytest.mark.parametrize("event", ["counter", "resolve"])
def test_ribbons_cast_from_the_graveyard_is_exiled_whenever_it_leaves_the_stack(kb, event):
    # 702.127a: "If this spell was cast from a graveyard, exile it instead of putting it anywhere else
    # any time it would leave the stack" (an aftermath half is only ever cast from a graveyard).
    # Cut, the other half, has no aftermath: it goes to the graveyard (608.2n).
    s = st()
    s.add_object("rb", "Cut // Ribbons", "stack", "alice", cast_face=2, x_value=1)
    s.add_object("cut", "Cut // Ribbons", "stack", "alice", cast_face=1)
    getattr(s, event)("e1", "rb")
    s.resolve("e2", "cut")
    got = _destinations(kb.ask(s))
    assert got["rb"][0] == "exile" and "702.127a" in got["rb"][1]
    assert got["cut"][0] == "graveyard"


# --- 4. cast_verdicts honours every term of the permission (601.3) ------------------------------

def test_bolas_citadel_lets_alice_cast_only_the_top_card_of_her_library(kb):
    # Bolas's Citadel: "You may ... cast spells from the top of your library"; 601.3: Divination,
    # below the top card, is not covered by the permission.
    s = st()
    s.add_object("cit", "Bolas's Citadel", "battlefield", "alice")
    s.add_object("top", "Shock", "library", "alice")
    s.set_top_of_library("top")
    s.add_object("deep", "Divination", "library", "alice")
    verdicts = {v.object: v for v in kb.ask(s).cast_verdicts()}
    assert verdicts["top"].allowed
    assert not verdicts["deep"].allowed and verdicts["deep"].reason == "not_top_of_library"
    assert "may not cast Divination" in verdicts["deep"].explain()


def test_cast_verdicts_and_cast_options_agree_on_timing(kb):
    # 117.1a, 307.1: Omniscience lets Alice cast Divination free, but a sorcery only in her own main
    # phase with the stack empty: in Bob's end step both accessors say "timing".
    s = st("bob", "ending", "end", "alice")
    s.add_object("om", "Omniscience", "battlefield", "alice")
    s.add_object("dv", "Divination", "hand", "alice")
    answers = kb.ask(s)
    (verdict,) = answers.cast_verdicts("dv")
    assert not verdict.allowed and verdict.reason == "timing" and "307.1" in rules(verdict)
    options = [o for o in answers.cast_options("dv") if o.source == verdict.permission]
    assert options and not any(o.allowed for o in options)
    # In her own main phase the same permission is castable, and both accessors say so.
    answers = kb.ask(_with_omniscience_in_main_phase())
    (verdict,) = answers.cast_verdicts("dv")
    assert verdict.allowed
    assert any(o.allowed for o in answers.cast_options("dv") if o.source == verdict.permission)


def _with_omniscience_in_main_phase() -> GameState:
    s = st()
    s.add_object("om", "Omniscience", "battlefield", "alice")
    s.add_object("dv", "Divination", "hand", "alice")
    return s
