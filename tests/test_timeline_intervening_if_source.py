"""Intervening "if" clauses about the ability's own source (CR 603.4), posed as event sequences with
real cards (rules_asp/time/intervening_if_source.lp): "if this [permanent] is tapped / untapped"
(110.5, 701.26) and "When this [permanent] enters, if you cast it" (601.2, 608.3), judged as the event
happens (false: no trigger, the "why not" names the condition) and as the ability resolves; a state in
which the condition can't be judged is refused or listed, never guessed."""

from __future__ import annotations

from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _verdicts(tl):
    """(subject, source:ability, allowed, reasons, rules) of every trigger verdict of the sequence."""
    return [(d.subject, d.other, d.allowed, d.reasons, {c.rule for c in d.citations})
            for st in tl.steps for d in st.before.trigger_verdicts()]


def _pending(tl):
    return [str(f) for st in tl.steps for f in st.state if f.name == "pending_trigger"]


def _unapplied(tl):
    return sorted({str(f) for st in tl.steps for f in st.state if f.name == "unapplied_effect"})


def test_nim_abomination_untapped_at_the_end_step_costs_three_life_603_4_513_1a(kb_of):
    # Nim Abomination: "At the beginning of your end step, if this creature is untapped, you lose 3
    # life." Untapped as alice's end step begins: it triggers (513.1a), is checked again as it
    # resolves (still untapped) and alice loses 3 (119.3)
    kb = kb_of("Nim Abomination")
    s = _state(("nim", "Nim Abomination", "battlefield", "alice"), phase="postcombat_main")
    s.then_go_to("end")
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "life_total(alice,17)")
    assert _unapplied(tl) == []


def test_nim_abomination_tapped_does_not_trigger_and_says_why_603_4(kb_of):
    # tapped as the end step begins: the condition is false, the ability does not trigger (603.4);
    # nothing waits, nothing is assumed, the "why not" names the condition
    kb = kb_of("Nim Abomination")
    s = _state(("nim", "Nim Abomination", "battlefield", "alice"), phase="postcombat_main")
    s.tap("nim")
    s.then_go_to("end")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _pending(tl) == [] and _unapplied(tl) == [] and _holds(tl, "life_total(alice,20)")
    verdicts = _verdicts(tl)
    assert [v[:4] for v in verdicts] == [("beginning_of_step(you,end)", "nim:1", False,
                                          ("intervening_if(object_is(self,untapped))",))]
    assert "603.4" in verdicts[0][4]


def test_nim_abomination_gone_before_its_ability_resolves_the_resolve_is_refused_603_4(kb_of):
    # the ability waits on the stack while alice Murders her own Nim Abomination: as it resolves the
    # condition is about an object that left the battlefield (its last known information is not
    # modelled), so the resolve is refused naming 603.4 -- neither 3 life lost nor kept is claimed
    kb = kb_of("Nim Abomination", "Murder")
    s = _state(("nim", "Nim Abomination", "battlefield", "alice"), ("mu", "Murder", "hand", "alice"),
               phase="postcombat_main")
    s.then_go_to("end")
    s.then_put_triggers()
    s.then_cast("alice", "mu", targets=["nim"])
    s.then_resolve()
    s.then_resolve()
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "intervening_if_undecided(ability(nim,1,1))"
    assert "603.4" in step.refused_citations


def test_sand_silos_tapped_triggers_in_the_upkeep_untapped_does_not_603_4(kb_of):
    # Sand Silos: "This land doesn't untap during your untap step. At the beginning of your upkeep, if
    # this land is tapped, put a storage counter on it." Tapped: it stays tapped (502.3), triggers and
    # resolves (its counter kind "storage" is listed, not applied); untapped: no trigger, no assumption
    kb = kb_of("Sand Silos")
    s = _state(("ss", "Sand Silos", "battlefield", "alice"), phase="beginning", step="untap")
    s.tap("ss")
    s.then_go_to("upkeep")
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "tapped(ss)")
    assert _unapplied(tl) == ["unapplied_effect(ability(ss,3,1),3,effect(puts_counters))"]
    s = _state(("ss", "Sand Silos", "battlefield", "alice"), phase="beginning", step="untap")
    s.then_go_to("upkeep")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _pending(tl) == [] and _unapplied(tl) == []
    assert [v[2:4] for v in _verdicts(tl)] == [(False, ("intervening_if(object_is(self,tapped))",))]


def _grimoire_library():
    return [(f"c{i}", "Grizzly Bears", "library", "alice") for i in range(6)]


def test_marina_vendrells_grimoire_cast_draws_five_603_4_601_2(kb_of):
    # Marina Vendrell's Grimoire: "When Marina Vendrell's Grimoire enters, if you cast it, draw five
    # cards." Cast by alice and resolved (608.3): it entered as the spell she cast, the ability
    # triggers, and resolved draws the top five cards of her library (121.1)
    kb = kb_of("Marina Vendrell's Grimoire", "Grizzly Bears")
    s = _state(("mvg", "Marina Vendrell's Grimoire", "hand", "alice"), *_grimoire_library())
    s.set_library_order("alice", [f"c{i}" for i in range(6)])
    s.then_cast("alice", "mvg")
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert all(_holds(tl, f"in_zone(c{i},hand)") for i in range(5)) and _holds(tl, "in_zone(c5,library)")
    assert _unapplied(tl) == []


def test_marina_vendrells_grimoire_put_onto_the_battlefield_was_not_cast_603_4(kb_of):
    # put onto the battlefield from the graveyard (not cast, 601.2): the condition is false as it
    # enters; no trigger, no draw, the "why not" names the condition
    kb = kb_of("Marina Vendrell's Grimoire", "Grizzly Bears")
    s = _state(("mvg", "Marina Vendrell's Grimoire", "graveyard", "alice"), *_grimoire_library())
    s.then_move("mvg", "battlefield")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _pending(tl) == [] and _unapplied(tl) == [] and _holds(tl, "in_zone(c0,library)")
    verdicts = _verdicts(tl)
    assert [v[:4] for v in verdicts] == [("enters(mvg)", "mvg:1", False, ("intervening_if(cast_by(it,you,any_zone))",))]
    assert "603.4" in verdicts[0][4]


def test_a_grimoire_spell_the_sequence_did_not_cast_is_not_judged_603_4(kb_of):
    # the Grimoire is on the stack as the sequence begins (how it got there is not stated): whether it
    # was cast is not known, so the ability is not put on the stack and listed, citing 603.4
    kb = kb_of("Marina Vendrell's Grimoire", "Grizzly Bears")
    s = _state(("mvg", "Marina Vendrell's Grimoire", "stack", "alice"), *_grimoire_library())
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(mvg,battlefield)") and _pending(tl) == []
    assert _unapplied(tl) == ["unapplied_effect(mvg,1,trigger_condition_unread)"]


def test_kor_sanctifiers_kicked_destroys_bobs_enchantment_702_33d_603_4(kb_of):
    # Kor Sanctifiers cast with its kicker cost announced (601.2b): the spell was kicked (702.33d), the
    # permanent it became enters and its ability triggers (603.4, 603.6a), targets bob's Bitterblossom
    # as it goes on the stack (603.3d) and resolved destroys it (701.8a)
    kb = kb_of("Kor Sanctifiers", "Bitterblossom")
    s = _state(("ks", "Kor Sanctifiers", "hand", "alice"), ("bb", "Bitterblossom", "battlefield", "bob"))
    s.then_cast("alice", "ks", additional_costs=["kicker"])
    s.then_resolve()
    s.then_put_triggers(targets={"ks": ["bb"]})
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(bb,graveyard)") and _holds(tl, "in_zone(ks,battlefield)")
    assert _unapplied(tl) == []


def test_kor_sanctifiers_put_onto_the_battlefield_or_not_cast_here_603_4(kb_of):
    # put onto the battlefield from the graveyard, it was no kicked spell: no trigger, the why-not;
    # on the stack as the sequence begins (whether it was kicked is not stated): listed, citing 603.4
    kb = kb_of("Kor Sanctifiers", "Bitterblossom")
    s = _state(("ks", "Kor Sanctifiers", "graveyard", "alice"), ("bb", "Bitterblossom", "battlefield", "bob"))
    s.then_move("ks", "battlefield")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _pending(tl) == [] and _unapplied(tl) == []
    assert [v[2:4] for v in _verdicts(tl)] == [(False, ("intervening_if(was_kicked(it))",))]
    s = _state(("ks", "Kor Sanctifiers", "stack", "alice"), ("bb", "Bitterblossom", "battlefield", "bob"))
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _pending(tl) == [] and _unapplied(tl) == ["unapplied_effect(ks,2,trigger_condition_unread)"]
    assert _holds(tl, "in_zone(bb,battlefield)")


def _webweaver(kb_of, third: str):
    # Webweaver Changeling: "When this creature enters, if there are three or more creature cards in
    # your graveyard, you gain 5 life." alice's graveyard: two Grizzly Bears and ``third``; bob's: a
    # Grizzly Bears (not hers: 404.2)
    kb = kb_of("Webweaver Changeling", "Grizzly Bears", "Lightning Bolt")
    s = _state(("wc", "Webweaver Changeling", "hand", "alice"), ("g1", "Grizzly Bears", "graveyard", "alice"),
               ("g2", "Grizzly Bears", "graveyard", "alice"), ("g3", third, "graveyard", "alice"),
               ("g4", "Grizzly Bears", "graveyard", "bob"))
    s.then_cast("alice", "wc")
    s.then_resolve()
    return kb, s


def test_webweaver_changeling_with_three_creature_cards_in_your_graveyard_gains_five_603_4_404_2(kb_of):
    kb, s = _webweaver(kb_of, "Grizzly Bears")
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "life_total(alice,25)") and _unapplied(tl) == []


def test_webweaver_changeling_counts_only_creature_cards_in_its_controllers_graveyard_603_4(kb_of):
    # two creature cards and an instant in hers, one creature card in bob's: the condition is false as
    # it enters; no trigger, the why-not names the condition
    kb, s = _webweaver(kb_of, "Lightning Bolt")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _pending(tl) == [] and _unapplied(tl) == [] and _holds(tl, "life_total(alice,20)")
    assert [v[:4] for v in _verdicts(tl)] == [
        ("enters(wc)", "wc:3", False, ("intervening_if(cards_in(graveyard,you,at_least(3),card_type(creature)))",))]
