"""Mana paid in sequences (issue 18; rules_asp/time/mana_payment_in_sequences.lp): a cast or an
activation in a sequence whose state asks payments (or whose event names the sources, ``pay_with``)
pays its mana with the caster's sources (601.2g-h, 602.2b): they become tapped (107.5); a cost they
can't pay refuses the event (601.2h). Real cards, posed as sequences."""

from __future__ import annotations

import pytest

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state
from timeline_helpers import user_steps as _user_steps

CARDS = ("Lightning Bolt", "Lightning Strike", "Eidolon of the Great Revel", "Rakdos Guildmage", "Mountain",
         "Forest", "Mutavault", "Sol Ring", "Grizzly Bears", "Gitaxian Probe")


@pytest.fixture(scope="module")
def kb(kb_of):
    """The cards' knowledge base, with a time limit for a whole sequence (as timeline_helpers.kb_of)."""
    kb = kb_of(*CARDS)
    kb.time_limit = 120
    return kb


@pytest.fixture(scope="module")
def kb_pool(kb_of):
    kb = kb_of("Lightning Strike", "Bonesplitter", "Mountain", "Sol Ring")
    kb.time_limit = 120
    return kb


@pytest.fixture(scope="module")
def kb_convoke(kb_of):
    kb = kb_of("Stoke the Flames", "Mountain")
    kb.time_limit = 120
    return kb


def _state(*objects, ask=True):
    s = two_player_state(*objects)
    if ask:
        s.ask_payments()
    return s


def _cast_step(tl):
    return _user_steps(tl)[0]


def test_one_mountain_pays_lightning_bolt_and_is_tapped_601_2h_107_5(kb):
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("m1", "Mountain", "battlefield", "alice"))
    s.then_cast("alice", "bolt", targets=["bob"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished
    cast = _cast_step(tl)
    assert cast.refused is None and _atom("tapped(m1)") in cast.state
    (tap,) = [c for c in cast.changes if c.fluent == _atom("tapped(m1)")]
    assert {"601.2g", "601.2h", "107.5"} <= set(tap.citations)
    assert _holds(tl, "life_total(bob,17)")
    assert not any(f.name == "unapplied_effect" for f in tl.steps[-1].state)


def test_no_land_refuses_lightning_bolt_601_2h(kb):
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"))
    s.then_cast("alice", "bolt", targets=["bob"])
    s.then_resolve()
    tl = kb.run(s)
    assert not tl.finished
    refused = tl.steps[-1]
    assert refused.user_event == 1
    assert str(refused.refused) == "cannot_pay(missing(r,1,0))"
    assert "601.2h" in refused.refused_citations
    assert _holds(tl, "in_zone(bolt,hand)") and _holds(tl, "life_total(bob,20)")


def test_one_mountain_for_lightning_strike_is_refused_naming_the_missing_mana_601_2h(kb):
    s = _state(("strike", "Lightning Strike", "hand", "alice"), ("m1", "Mountain", "battlefield", "alice"))
    s.then_cast("alice", "strike", targets=["bob"])
    tl = kb.run(s)
    assert not tl.finished
    assert str(tl.steps[-1].refused) == "cannot_pay(missing(any_mana,2,1))"
    assert not _holds(tl, "tapped(m1)")


def test_mountain_and_forest_refuse_red_red_naming_red_107_4a(kb):
    s = _state(("eidolon", "Eidolon of the Great Revel", "hand", "alice"), ("m1", "Mountain", "battlefield", "alice"),
               ("f1", "Forest", "battlefield", "alice"))
    s.then_cast("alice", "eidolon")
    tl = kb.run(s)
    assert str(tl.steps[-1].refused) == "cannot_pay(missing(r,2,1))"


def test_a_hybrid_cost_paid_with_only_one_of_its_colors_107_4e(kb):
    # Rakdos Guildmage {B/R}{B/R}: two Mountains pay both symbols with red; both are tapped.
    s = _state(("mage", "Rakdos Guildmage", "hand", "alice"), ("m1", "Mountain", "battlefield", "alice"),
               ("m2", "Mountain", "battlefield", "alice"))
    s.then_cast("alice", "mage")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished
    cast = _cast_step(tl)
    assert _atom("tapped(m1)") in cast.state and _atom("tapped(m2)") in cast.state
    assert _holds(tl, "in_zone(mage,battlefield)")


def test_a_hybrid_cost_with_one_of_its_colors_short_is_refused_107_4e(kb):
    s = _state(("mage", "Rakdos Guildmage", "hand", "alice"), ("m1", "Mountain", "battlefield", "alice"),
               ("f1", "Forest", "battlefield", "alice"))
    s.then_cast("alice", "mage")
    tl = kb.run(s)
    assert str(tl.steps[-1].refused) == "cannot_pay(missing(or(b,r),2,1))"


def test_a_second_spell_cant_use_the_tapped_mountain_107_5(kb):
    s = _state(("b1", "Lightning Bolt", "hand", "alice"), ("b2", "Lightning Bolt", "hand", "alice"),
               ("m1", "Mountain", "battlefield", "alice"))
    s.then_cast("alice", "b1", targets=["bob"])
    s.then_cast("alice", "b2", targets=["bob"])
    tl = kb.run(s)
    assert not tl.finished
    assert tl.steps[-1].user_event == 2
    assert str(tl.steps[-1].refused) == "cannot_pay(missing(r,1,0))"


def test_the_lowest_ordered_mountain_pays_when_none_is_named_601_2g(kb):
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("m2", "Mountain", "battlefield", "alice"),
               ("m1", "Mountain", "battlefield", "alice"))
    s.then_cast("alice", "bolt", targets=["bob"])
    tl = kb.run(s)
    cast = _cast_step(tl)
    assert _atom("tapped(m1)") in cast.state and _atom("tapped(m2)") not in cast.state


def test_pay_with_names_the_source_that_pays_601_2g(kb):
    # Without ask_payments: the named source pays and is tapped.
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("m1", "Mountain", "battlefield", "alice"),
               ("m2", "Mountain", "battlefield", "alice"), ask=False)
    s.then_cast("alice", "bolt", targets=["bob"], pay_with=["m2"])
    tl = kb.run(s)
    cast = _cast_step(tl)
    assert cast.refused is None
    assert _atom("tapped(m2)") in cast.state and _atom("tapped(m1)") not in cast.state


def test_pay_with_a_forest_for_bolt_is_refused_107_4a(kb):
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("m1", "Mountain", "battlefield", "alice"),
               ("f1", "Forest", "battlefield", "alice"), ask=False)
    s.then_cast("alice", "bolt", targets=["bob"], pay_with=["f1"])
    tl = kb.run(s)
    assert str(tl.steps[-1].refused) == "cannot_pay(missing(r,1,0))"


def test_pay_with_a_source_not_needed_or_not_a_source_is_refused_601_2g(kb):
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("m1", "Mountain", "battlefield", "alice"),
               ("m2", "Mountain", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"),
               ask=False)
    s.then_cast("alice", "bolt", targets=["bob"], pay_with=["m1", "m2"])
    assert str(kb.run(s).steps[-1].refused) == "pay_with_not_needed(m2)"
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("m1", "Mountain", "battlefield", "alice"),
               ("bears", "Grizzly Bears", "battlefield", "alice"), ask=False)
    s.then_cast("alice", "bolt", targets=["bob"], pay_with=["bears"])
    assert str(kb.run(s).steps[-1].refused) == "pay_with_not_a_source(bears)"


def test_a_phyrexian_symbol_with_no_source_of_its_color_is_paid_with_2_life_119_4(kb):
    # Gitaxian Probe {U/P}: with no blue source, 2 life (107.4f, 119.4).
    s = _state(("probe", "Gitaxian Probe", "hand", "alice"))
    s.then_cast("alice", "probe", targets=["bob"])
    tl = kb.run(s)
    cast = _cast_step(tl)
    assert cast.refused is None
    assert _atom("life_total(alice,18)") in cast.state and _atom("life_total(alice,20)") not in cast.state
    (paid,) = [c for c in cast.changes if c.fluent == _atom("life_total(alice,18)")]
    assert {"119.4", "107.4f"} <= set(paid.citations)


def test_sol_ring_for_one_generic_leaves_one_colorless_in_the_pool_106_4(kb):
    # Lightning Strike {1}{R}: the Mountain pays {R}, Sol Ring {1} and one {C} stays in the pool (106.4);
    # it can't pay Lightning Bolt's {R}: refused.
    s = _state(("strike", "Lightning Strike", "hand", "alice"), ("bolt", "Lightning Bolt", "hand", "alice"),
               ("m1", "Mountain", "battlefield", "alice"), ("ring", "Sol Ring", "battlefield", "alice"))
    s.then_cast("alice", "strike", targets=["bob"])
    s.then_cast("alice", "bolt", targets=["bob"])
    tl = kb.run(s)
    strike, bolt = _user_steps(tl)
    assert {_atom("tapped(m1)"), _atom("tapped(ring)"), _atom("mana_in_pool(alice,ring,2,colorless)")} <= strike.state
    assert str(bolt.refused) == "cannot_pay(missing(r,1,0))"


def test_mana_left_in_the_pool_pays_the_next_spell_of_the_step_106_4(kb_pool):
    # Then Bonesplitter {1}, after the Strike resolved: the {C} in the pool pays it (no other source left).
    s = _state(("strike", "Lightning Strike", "hand", "alice"), ("bs", "Bonesplitter", "hand", "alice"),
               ("m1", "Mountain", "battlefield", "alice"), ("ring", "Sol Ring", "battlefield", "alice"))
    s.then_cast("alice", "strike", targets=["bob"])
    s.then_resolve()
    s.then_cast("alice", "bs")
    tl = kb_pool.run(s)
    cast = _user_steps(tl)[2]
    assert cast.refused is None
    assert not any(f.name == "mana_in_pool" for f in cast.state)
    assert any(c.fluent == _atom("mana_in_pool(alice,ring,2,colorless)") and c.kind == "ends" for c in cast.changes)


def test_the_pool_empties_when_the_step_ends_500_4(kb_pool):
    s = _state(("strike", "Lightning Strike", "hand", "alice"), ("m1", "Mountain", "battlefield", "alice"),
               ("ring", "Sol Ring", "battlefield", "alice"))
    s.then_cast("alice", "strike", targets=["bob"])
    s.then_resolve()
    s.then_go_to("beginning_of_combat")
    tl = kb_pool.run(s)
    assert tl.finished and not any(f.name == "mana_in_pool" for f in tl.steps[-1].state)


def test_convoke_is_not_paid_in_a_sequence_but_listed_702_51a(kb_convoke):
    # Stoke the Flames {2}{R}{R}, convoke: the payment is not derived; the cast goes on, listed.
    kb = kb_convoke
    s = _state(("stoke", "Stoke the Flames", "hand", "alice"), *[(f"m{i}", "Mountain", "battlefield", "alice")
                                                                  for i in range(1, 5)])
    s.then_cast("alice", "stoke", targets=["bob"])
    tl = kb.run(s)
    cast = _cast_step(tl)
    assert cast.refused is None and _atom("tapped(m1)") not in cast.state
    assert any(str(f).startswith("unapplied_effect(stoke,0,payment_not_applied(") for f in cast.state)


def test_mutavaults_one_generic_paid_from_a_mountain_602_2b(kb):
    # Mutavault "{1}: Mutavault becomes a 2/2 ...": the Mountain pays {1} and is tapped; the mana cost is
    # not left unpaid.
    s = _state(("vault", "Mutavault", "battlefield", "alice"), ("m1", "Mountain", "battlefield", "alice"))
    s.then_activate("alice", "vault", 2, pay_with=["m1"])
    tl = kb.run(s)
    act = _cast_step(tl)
    assert act.refused is None and _atom("tapped(m1)") in act.state
    assert not any(str(f) == "unapplied_effect(vault,2,cost_not_paid(mana))" for f in act.state)


def test_mutavaults_one_generic_with_no_other_source_is_paid_by_itself_601_2g(kb):
    # 601.2g: its own {T}: Add {C} may pay its {1} (that ability doesn't cost {T}).
    s = _state(("vault", "Mutavault", "battlefield", "alice"))
    s.then_activate("alice", "vault", 2)
    tl = kb.run(s)
    act = _cast_step(tl)
    assert act.refused is None and _atom("tapped(vault)") in act.state


def test_mutavaults_ability_refused_with_its_only_source_tapped_602_2b(kb):
    s = _state(("vault", "Mutavault", "battlefield", "alice"))
    s.tap("vault")
    s.then_activate("alice", "vault", 2)
    tl = kb.run(s)
    assert str(tl.steps[-1].refused) == "cannot_pay(missing(any_mana,1,0))"
    assert "602.2b" in tl.steps[-1].refused_citations


def test_without_payments_asked_a_cast_assumes_its_mana_paid_as_before(kb):
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ask=False)
    s.then_cast("alice", "bolt", targets=["bob"])
    s.then_resolve()
    assert _holds(kb.run(s), "life_total(bob,17)")


def test_a_plan_with_payments_asked_plays_the_mountain_before_casting_bolt_601_2h(kb):
    # kb.plan over the time encoding: with payments asked, casting Bolt with no land is refused, so the
    # shortest line plays the Mountain first (before, a line assumed the cost paid: one action).
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("m1", "Mountain", "hand", "alice"))
    plan = kb.plan(s, "cast(bolt)", max_steps=6, time_limit=240)
    assert plan.found, plan.reason
    assert [str(a.event) for a in plan.actions()] == ["play_land(alice,m1)", "cast(alice,bolt,1)"]
    assert ("begins", _atom("tapped(m1)"), ("107.5", "601.2g", "601.2h", "605.3a")) in plan.steps[-1].changes


SCENARIO = """
cards = ["cards.json"]

[[players]]
player = "alice"

[[players]]
player = "bob"

[[objects]]
obj = "bolt"
card = "Lightning Bolt"
zone = "hand"
owner = "alice"

[[objects]]
obj = "m1"
card = "Mountain"
zone = "battlefield"
owner = "alice"

[[objects]]
obj = "m2"
card = "Mountain"
zone = "battlefield"
owner = "alice"

[[effects]]
kind = "set_turn"
active_player = "alice"
phase = "precombat_main"
priority = "alice"

[[events]]
kind = "cast"
player = "alice"
obj = "bolt"
targets = ["bob"]
pay_with = ["m2"]
"""


def test_a_scenarios_cast_names_its_sources_with_pay_with_601_2g(kb, tmp_path, oracle_records):
    import json
    from pyrules.facts.scenario import load_scenario
    (tmp_path / "cards.json").write_text(json.dumps([oracle_records[n] for n in ("Lightning Bolt", "Mountain")]))
    (tmp_path / "s.toml").write_text(SCENARIO)
    scenario = load_scenario(tmp_path / "s.toml")
    assert "event_pay_with(1,m2)" in {str(f) for f in scenario.state.sequence_events}
    tl = kb.run(scenario.state)
    cast = _cast_step(tl)
    assert cast.refused is None and _atom("tapped(m2)") in cast.state and _atom("tapped(m1)") not in cast.state


@pytest.fixture(scope="module")
def kb_snow(kb_of):
    kb = kb_of("Spectral Procession", "Icehide Golem", "Plains", "Mountain", "Forest", "Snow-Covered Forest")
    kb.time_limit = 120
    return kb


def test_spectral_procession_in_a_sequence_pays_with_white_where_it_can_107_4e(kb_snow):
    # {2/W}{2/W}{2/W} with two Plains and two Mountains: {W}{W}{2}, all four tapped.
    s = _state(("sp", "Spectral Procession", "hand", "alice"), ("p1", "Plains", "battlefield", "alice"),
               ("p2", "Plains", "battlefield", "alice"), ("m1", "Mountain", "battlefield", "alice"),
               ("m2", "Mountain", "battlefield", "alice"), ("m3", "Mountain", "battlefield", "alice"))
    s.then_cast("alice", "sp")
    cast = _cast_step(kb_snow.run(s))
    assert cast.refused is None
    tapped = {str(f) for f in cast.state if f.name == "tapped"}
    assert tapped == {"tapped(p1)", "tapped(p2)", "tapped(m1)", "tapped(m2)"}
    assert not any(f.name == "unapplied_effect" for f in cast.state)


def test_icehide_golem_in_a_sequence_snow_107_4h(kb_snow):
    s = _state(("golem", "Icehide Golem", "hand", "alice"), ("f1", "Forest", "battlefield", "alice"))
    s.then_cast("alice", "golem")
    assert str(kb_snow.run(s).steps[-1].refused) == "cannot_pay(missing(snow,1,0))"
    s = _state(("golem", "Icehide Golem", "hand", "alice"), ("f1", "Forest", "battlefield", "alice"),
               ("sf", "Snow-Covered Forest", "battlefield", "alice"))
    s.then_cast("alice", "golem")
    cast = _cast_step(kb_snow.run(s))
    assert cast.refused is None and _atom("tapped(sf)") in cast.state and _atom("tapped(f1)") not in cast.state


@pytest.fixture(scope="module")
def kb_x(kb_of):
    kb = kb_of("Blaze", "Mountain")
    kb.time_limit = 120
    return kb


@pytest.mark.parametrize("x, refused", [(2, None), (3, "cannot_pay(missing(any_mana,4,3))")])
def test_blaze_pays_x_as_announced_107_3_601_2b(kb_x, x, refused):
    # Blaze {X}{R} with three Mountains: X = 2 taps all three; X = 3 is refused (601.2h).
    s = _state(("blaze", "Blaze", "hand", "alice"), *[(f"m{i}", "Mountain", "battlefield", "alice") for i in (1, 2, 3)])
    s.then_cast("alice", "blaze", targets=["bob"], x=x)
    s.then_resolve()
    tl = kb_x.run(s)
    cast = _cast_step(tl)
    assert (str(cast.refused) if cast.refused is not None else None) == refused
    if refused is None:
        assert {_atom(f"tapped(m{i})") for i in (1, 2, 3)} <= cast.state
        assert _holds(tl, "life_total(bob,18)")


@pytest.fixture(scope="module")
def kb_kicker(kb_of):
    kb = kb_of("Burst Lightning", "Mountain")
    kb.time_limit = 120
    return kb


@pytest.mark.parametrize("mountains, refused", [(5, None), (2, "cannot_pay(missing(any_mana,5,2))")])
def test_burst_lightning_kicked_pays_its_kicker_too_118_8_601_2f(kb_kicker, mountains, refused):
    # Burst Lightning {R}, kicker {4}, announced: {4}{R}.
    s = _state(("burst", "Burst Lightning", "hand", "alice"),
               *[(f"m{i}", "Mountain", "battlefield", "alice") for i in range(1, mountains + 1)])
    s.then_cast("alice", "burst", targets=["bob"], additional_costs=["kicker"])
    cast = _cast_step(kb_kicker.run(s))
    assert (str(cast.refused) if cast.refused is not None else None) == refused
    if refused is None:
        assert {_atom(f"tapped(m{i})") for i in range(1, 6)} <= cast.state
        assert not any(f.name == "unapplied_effect" and "payment" in str(f) for f in cast.state)


@pytest.fixture(scope="module")
def kb_alt(kb_of):
    kb = kb_of("Think Twice", "Island", "Exalted Angel", "Mountain")
    kb.time_limit = 120
    return kb


@pytest.mark.parametrize("islands, refused", [(3, None), (2, "cannot_pay(missing(any_mana,3,2))")])
def test_think_twice_cast_with_flashback_pays_its_flashback_cost_702_34a(kb_alt, islands, refused):
    # Think Twice {1}{U}, flashback {2}{U}, cast from the graveyard: {2}{U}.
    s = _state(("tt", "Think Twice", "graveyard", "alice"),
               *[(f"i{n}", "Island", "battlefield", "alice") for n in range(1, islands + 1)])
    s.then_cast("alice", "tt", method="flashback")
    cast = _cast_step(kb_alt.run(s))
    assert (str(cast.refused) if cast.refused is not None else None) == refused
    if refused is None:
        assert {_atom(f"tapped(i{n})") for n in (1, 2, 3)} <= cast.state
        assert not any(f.name == "unapplied_effect" and "payment" in str(f) for f in cast.state)


def test_exalted_angel_cast_face_down_pays_three_702_37c(kb_alt):
    # Morph: cast face down for {3} (702.37c), not its mana cost {4}{W}{W}: three Mountains pay it.
    s = _state(("angel", "Exalted Angel", "hand", "alice"),
               *[(f"m{n}", "Mountain", "battlefield", "alice") for n in (1, 2, 3)])
    s.then_cast("alice", "angel", face=0, method="morph")
    cast = _cast_step(kb_alt.run(s))
    assert cast.refused is None
    assert {_atom(f"tapped(m{n})") for n in (1, 2, 3)} <= cast.state
