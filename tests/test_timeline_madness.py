"""Madness (702.35) posed as event sequences with real cards (rules_asp/keywords/madness.lp,
rules_asp/time/madness.lp): Faithless Looting ("Draw two cards, then discard two cards.") discards
Fiery Temper (Madness {R}): it is discarded into exile instead (702.35a, the replacement), its
"When this card is exiled this way" ability triggers for its owner and goes on the stack; resolving, the
owner casts it for its madness cost (702.35a-b: {R}, an alternative cost, 118.9) or declines and puts it
into the graveyard. Before, the discard was refused (discard_replacement_not_read)."""

from __future__ import annotations

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)

CARDS = ("Faithless Looting", "Fiery Temper", "Grizzly Bears")


def _looting_discards_temper():
    """alice casts Faithless Looting, draws l1 and l2, discards Fiery Temper and Grizzly Bears, and
    puts the madness trigger on the stack."""
    s = _state(("fl", "Faithless Looting", "hand", "alice"), ("ft", "Fiery Temper", "hand", "alice"),
               ("gb", "Grizzly Bears", "hand", "alice"), ("l1", "Grizzly Bears", "library", "alice"),
               ("l2", "Grizzly Bears", "library", "alice"))
    s.set_library_order("alice", ["l1", "l2"])
    s.then_cast("alice", "fl")
    s.then_resolve(discards=["ft", "gb"])
    s.then_put_triggers()
    return s


def _changes(step, name):
    return {str(c.fluent): c.citations for c in step.changes if c.fluent.name == name}


def test_fiery_temper_discarded_is_exiled_triggers_and_is_cast_for_its_madness_cost_702_35a_702_35b(kb_of):
    # discard -> exile (702.35a) -> trigger on the stack (603.3) -> resolve: the cast offered (608.2g)
    # -> alice casts it from exile for {R} (702.35b; the total cost 1 mana, not its mana cost's 3) -> it
    # resolves: bob 17, Fiery Temper in alice's graveyard (608.2n).
    kb = kb_of(*CARDS)
    s = _looting_discards_temper()
    s.then_resolve()
    s.then_cast("alice", "ft", targets=["bob"], method="alternative(madness)")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, loot, put, madness, temper, burn = _user_steps(tl)
    assert _atom("in_zone(ft,exile)") in loot.state and _atom("in_zone(gb,graveyard)") in loot.state
    assert {"702.35a", "701.9a"} <= set(_changes(loot, "in_zone")["in_zone(ft,exile)"])
    t = loot.time - 1
    assert str(_atom(f"pending_trigger(ability(ft,keyword(madness),{t}),alice)")) in _changes(loot, "pending_trigger")
    assert _atom(f"ability_on_stack(ability(ft,keyword(madness),{t}),alice)") in put.state
    assert {"702.35a", "702.35b", "608.2g"} <= set(_changes(madness, "madness_cast_offered")["madness_cast_offered(ft,alice)"])
    assert _atom("in_zone(ft,stack)") in temper.state
    assert [(c.proposal, c.mana, c.life) for c in temper.before.total_costs()] == [("ev(5)", 1, 0)]
    assert _atom("life_total(bob,17)") in burn.state and _holds(tl, "in_zone(ft,graveyard)")
    assert not any(f.name == "madness_cast_offered" for f in burn.state)


def test_fiery_temper_madness_declined_goes_to_the_graveyard_702_35a(kb_of):
    # "If that player doesn't, they put this card into their graveyard": the resolve event declines
    # the madness line (Fiery Temper's ability 2): the card goes from exile to alice's graveyard.
    kb = kb_of(*CARDS)
    s = _looting_discards_temper()
    s.then_resolve(declines=[2])
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    declined = _user_steps(tl)[-1]
    assert _atom("in_zone(ft,graveyard)") in declined.state
    assert "702.35a" in _changes(declined, "in_zone")["in_zone(ft,graveyard)"]
    assert not any(f.name == "madness_cast_offered" for st in tl.steps for f in st.state)
    assert _holds(tl, "life_total(bob,20)")


def test_only_the_madness_cast_may_follow_the_offer_702_35a(kb_of):
    # the cast or the decline happens while the trigger resolves: another event then is refused
    kb = kb_of(*CARDS)
    s = _looting_discards_temper()
    s.then_resolve()
    s.then_pass_priority()
    tl = kb.run(s)
    assert not tl.finished
    assert str(tl.steps[-1].refused) == "madness_cast_expected(ft)"


def test_the_madness_cast_is_not_for_its_mana_cost_118_9b(kb_of):
    # the permission the trigger gives requires the madness cost rather than the mana cost
    kb = kb_of(*CARDS)
    s = _looting_discards_temper()
    s.then_resolve()
    s.then_cast("alice", "ft", targets=["bob"], method="normal")
    tl = kb.run(s)
    assert not tl.finished
    assert str(tl.steps[-1].refused) == "announcement_illegal(method_not_allowed)"
    assert _atom("in_zone(ft,exile)") in tl.steps[-1].state


def _putrid_imp(*discards):
    """alice's Putrid Imp ("Discard a card: This creature gains flying until end of turn."), with
    Fiery Temper and Grizzly Bears in her hand, activated discarding ``discards``."""
    s = _state(("pi", "Putrid Imp", "battlefield", "alice"), ("ft", "Fiery Temper", "hand", "alice"),
               ("gb", "Grizzly Bears", "hand", "alice"))
    s.then_activate("alice", "pi", 1, discards=list(discards))
    return s


def test_putrid_imps_discard_cost_exiles_fiery_temper_whose_trigger_resolves_first_702_35a_602_2h(kb_of):
    # a discard to pay a cost is a discard (701.9a): Fiery Temper is exiled, its trigger goes on the
    # stack above the Imp's ability (603.3, 405.5), is cast for {R} during its resolution (608.2g) and
    # resolves (bob 17) before the Imp gains flying. The cost is paid: no cost_not_paid assumption.
    kb = kb_of("Putrid Imp", "Fiery Temper", "Grizzly Bears")
    s = _putrid_imp("ft")
    s.then_put_triggers()
    s.then_resolve()
    s.then_cast("alice", "ft", targets=["bob"], method="alternative(madness)")
    s.then_resolve()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    activate, put, madness, temper, burn, imp = _user_steps(tl)
    assert _atom("in_zone(ft,exile)") in activate.state and _atom("in_zone(gb,hand)") in activate.state
    assert _atom("ability_on_stack(ability(pi,1,1),alice)") in burn.state and _atom("life_total(bob,17)") in burn.state
    assert any(f.name == "grants_keyword" and str(f.arguments[2]) == "flying" for f in imp.state)
    assert not any(f.name == "unapplied_effect" for st in tl.steps for f in st.state)


def test_putrid_imps_discard_cost_puts_a_card_without_madness_into_the_graveyard_701_9a(kb_of):
    kb = kb_of("Putrid Imp", "Fiery Temper", "Grizzly Bears")
    tl = kb.run(_putrid_imp("gb"))
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(gb,graveyard)") and _holds(tl, "in_zone(ft,hand)")
    assert "602.2b" in _changes(_user_steps(tl)[0], "in_zone")["in_zone(gb,graveyard)"]
    assert not any(f.name == "unapplied_effect" for f in tl.steps[-1].state)


def test_putrid_imps_discard_cost_with_two_cards_is_refused_602_2h(kb_of):
    kb = kb_of("Putrid Imp", "Fiery Temper", "Grizzly Bears")
    tl = kb.run(_putrid_imp("ft", "gb"))
    assert not tl.finished
    assert str(tl.steps[-1].refused) == "discard_count(2,1)"
