"""Buyback (702.27a) read from its CR definition and applied in sequences
(rules_asp/time/keyword_spell_to_hand.lp): a spell cast with its buyback cost announced returns to its
owner's hand as it resolves instead of going to the graveyard (608.2n, 614.1a)."""

from __future__ import annotations

from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _capsize(kb_of, additional_costs):
    kb = kb_of("Capsize", "Grizzly Bears")
    s = _state(("cap", "Capsize", "hand", "alice"), ("gb", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "cap", targets=["gb"], additional_costs=additional_costs)
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    return tl


def test_capsize_with_buyback_returns_to_its_owners_hand_as_it_resolves_702_27a(kb_of):
    # Capsize ("Buyback {3}"; return target permanent to its owner's hand), cast with buyback: the bears and
    # Capsize itself end in their owners' hands (before: Capsize in alice's graveyard).
    tl = _capsize(kb_of, ("buyback",))
    assert _holds(tl, "in_zone(gb,hand)") and _holds(tl, "in_zone(cap,hand)")
    cites = {r for st in tl.steps for c in st.changes
             if c.kind == "begins" and str(c.fluent) == "in_zone(cap,hand)" for r in c.citations}
    assert "702.27a" in cites
    assert not any("buyback" in a.text for a in tl.final.assumptions())


def test_capsize_without_buyback_goes_to_the_graveyard_608_2n(kb_of):
    tl = _capsize(kb_of, ())
    assert _holds(tl, "in_zone(gb,hand)") and _holds(tl, "in_zone(cap,graveyard)")


def test_capsize_already_on_the_stack_resolving_its_buyback_payment_unknown_is_an_assumption_702_27a(kb_of):
    # A Capsize on the stack in the state described (its announcements not given): whether its buyback cost
    # was paid is not known, so where it goes is an assumption of the answers, never a silent graveyard.
    kb = kb_of("Capsize", "Grizzly Bears")
    s = _state(("cap", "Capsize", "stack", "alice"), ("gb", "Grizzly Bears", "battlefield", "bob"))
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert "effect_not_applied(cost_paid_unknown(buyback))" in {a.text for a in tl.final.assumptions()}


def test_buyback_is_interpreted_in_sequences_only_702_27a():
    from pyrules.checks.keyword_coverage import interpreted_keywords
    from pyrules.facts.keyword_definitions import default_keyword_definition_symbols
    facts = list(default_keyword_definition_symbols())
    assert "buyback" not in interpreted_keywords(facts)    # one moment: still an assumption of cast questions
    assert "buyback" in interpreted_keywords(facts, sequences=True)
