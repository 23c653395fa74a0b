"""Triggered abilities in a sequence (rules_asp/time/triggers.lp; issues 15 and 16): "When ~ enters"
and "When ~ dies" abilities of real cards trigger, wait until the next time a player would receive
priority, go on the stack with their targets (603.3, 603.3d) and resolve like spells (608.2)."""

from __future__ import annotations

import pytest

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import run_whole
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)



def _snapcaster_flashback_bolt(kb_of):
    """alice casts Snapcaster Mage; its enters trigger targets the Lightning Bolt in her graveyard
    (603.3d), resolves; she casts the Bolt with flashback at bob's Grizzly Bears; it resolves."""
    kb = kb_of("Snapcaster Mage", "Lightning Bolt", "Grizzly Bears")
    s = _state(("snap", "Snapcaster Mage", "hand", "alice"), ("bolt", "Lightning Bolt", "graveyard", "alice"),
               ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "snap")
    s.then_resolve()
    s.then_put_triggers(targets={"snap": ["bolt"]})
    s.then_resolve()
    s.then_cast("alice", "bolt", targets=["bears"], method="flashback")
    s.then_resolve()
    return kb, s


def _to_alices_upkeep(s) -> None:
    """From the end step of bob's turn (the state's), to the upkeep of alice's next turn."""
    s.then_go_to("cleanup")
    s.then_next_turn("alice")
    s.then_go_to("upkeep")


def _pending(step) -> list[str]:
    return sorted(str(f) for f in step.state if f.name == "pending_trigger")


def test_elvish_visionary_enters_and_its_trigger_draws_a_card_603_6a(kb_of):
    # "When this creature enters, draw a card.": the creature spell resolves (608.3), the ability
    # triggers (603.6a), goes on the stack the next time a player would receive priority (603.3)
    # and draws the known top card (121.1)
    kb = kb_of("Elvish Visionary", "Grizzly Bears")
    s = _state(("elf", "Elvish Visionary", "hand", "alice"), ("c1", "Grizzly Bears", "library", "alice"))
    s.set_library_order("alice", ["c1"])
    s.then_cast("alice", "elf")
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, resolve, put, trigger = _user_steps(tl)
    trigger_id = f"ability(elf,1,{resolve.time - 1})"   # ability 1 of the elf, triggered by that event
    assert _pending(resolve) == [f"pending_trigger({trigger_id},alice)"]
    change = next(c for c in resolve.changes if c.fluent.name == "pending_trigger")
    assert {"603.2", "603.6a"} <= set(change.citations)
    assert _atom(f"ability_on_stack({trigger_id},alice)") in put.state and _pending(put) == []
    assert _holds(tl, "in_zone(c1,hand)") and _holds(tl, "in_zone(elf,battlefield)")
    assert not any(f.name == "ability_on_stack" for f in trigger.state)


def test_another_event_while_a_trigger_waits_is_refused_603_3(kb_of):
    # the ability must go on the stack before anyone casts or passes (603.3, 117.5)
    kb = kb_of("Elvish Visionary", "Grizzly Bears")
    s = _state(("elf", "Elvish Visionary", "hand", "alice"), ("c1", "Grizzly Bears", "library", "alice"))
    s.set_library_order("alice", ["c1"])
    s.then_cast("alice", "elf")
    s.then_resolve()
    s.then_pass_priority()
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "triggered_abilities_pending" and "603.3" in step.refused_citations


def test_man_o_war_returns_the_target_chosen_as_its_trigger_goes_on_the_stack_603_3d(kb_of):
    kb = kb_of("Man-o'-War", "Grizzly Bears")
    s = _state(("mow", "Man-o'-War", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "mow")
    s.then_resolve()
    s.then_put_triggers(targets={"mow": ["bears"]})
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(bears,hand)")                     # 400.3: its owner's hand
    resolve, put = _user_steps(tl)[1:3]
    assert _atom(f"spell_target(ability(mow,1,{resolve.time - 1}),bears,battlefield)") in put.state


def test_a_trigger_with_a_target_not_chosen_is_refused_603_3d(kb_of):
    kb = kb_of("Man-o'-War", "Grizzly Bears")
    s = _state(("mow", "Man-o'-War", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "mow")
    s.then_resolve()
    s.then_put_triggers()
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "targets_not_chosen(mow)" and "603.3d" in step.refused_citations


def test_man_o_wars_targets_are_checked_as_it_goes_on_the_stack_603_3d_115_1(kb_of):
    # "return target creature to its owner's hand": a player or a creature card in a graveyard is no
    # candidate (refused), a creature with hexproof may resist it (refused as undecided, 702.11b),
    # and a creature on the battlefield is judged legal: no assumption that the targets were unchecked
    kb = kb_of("Man-o'-War", "Grizzly Bears", "Gladecover Scout")
    def put(target):
        s = _state(("mow", "Man-o'-War", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
                   ("dead", "Grizzly Bears", "graveyard", "bob"), ("scout", "Gladecover Scout", "battlefield", "bob"))
        s.then_cast("alice", "mow")
        s.then_resolve()
        s.then_put_triggers(targets={"mow": [target]})
        return kb.run(s).steps[-1]
    for target in ("bob", "dead"):
        step = put(target)
        assert str(step.refused) == f"target_not_allowed({target})" and {"603.3d", "115.1"} <= set(step.refused_citations)
    assert str(put("scout").refused) == "target_undecided(scout)"
    step = put("bears")
    assert step.refused is None and not any(f.name == "unapplied_effect" for f in step.state), sorted(map(str, step.state))
    # "target creature" is one target (601.2c, 603.3d): two are refused, as for a cast
    s = _state(("mow", "Man-o'-War", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
               ("b2", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "mow")
    s.then_resolve()
    s.then_put_triggers(targets={"mow": ["bears", "b2"]})
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "too_many_targets(mow,2,1)" and "603.3d" in step.refused_citations


def test_a_source_named_twice_in_the_order_and_a_turn_for_the_active_player_are_refused_603_3b_500_7(kb_of):
    kb = kb_of("Nyx-Fleece Ram")
    s = _state(("ram", "Nyx-Fleece Ram", "battlefield", "alice"), phase="beginning", step="untap")
    s.then_go_to("upkeep")
    s.then_put_triggers(order=["ram", "ram"])
    assert str(kb.run(s).steps[-1].refused) == "source_ordered_twice(ram)"
    s = _state(("ram", "Nyx-Fleece Ram", "battlefield", "alice"))
    s.then_next_turn("alice")        # alice's turn again: only an extra turn an effect gives (500.7)
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "extra_turn_not_given" and "500.7" in step.refused_citations


def test_doomed_traveler_dies_to_lightning_bolt_and_its_trigger_resolves_700_4(kb_of):
    # 704.5g puts it into the graveyard: it died (700.4); its ability looks back (603.10a) and, resolved,
    # creates a 1/1 white Spirit with flying for bob, who controlled it (111.2, 603.3a)
    kb = kb_of("Lightning Bolt", "Doomed Traveler")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("dt", "Doomed Traveler", "battlefield", "bob"))
    s.then_cast("alice", "bolt", targets=["dt"])
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    check = next(st for st in tl.steps if st.user_event is None and _pending(st))
    trigger_id = f"ability(dt,1,{check.time - 1})"
    assert _pending(check) == [f"pending_trigger({trigger_id},bob)"]   # its controller as it died (603.3a)
    change = next(c for c in check.changes if c.fluent.name == "pending_trigger")
    assert {"700.4", "603.10a"} <= set(change.citations)
    spirit = "token(dt,1,1,1)"      # the first token of the Traveler's ability 1 (token_id("dt"))
    for fluent in ("in_zone({0},battlefield)", "controller({0},bob)", "token_card_type({0},creature)",
                   "base_power({0},1)", "base_toughness({0},1)", "token_color({0},white)", 'token_subtype({0},1,"Spirit")',
                   "token_keyword({0},flying)"):
        assert _holds(tl, fluent.format(spirit)), fluent
    assert not any(f.name == "unapplied_effect" for f in tl.steps[-1].state)
    assert not any(f.name == "ability_on_stack" for f in tl.steps[-1].state)


def test_snapcaster_mage_gives_lightning_bolt_flashback_then_it_is_cast_from_the_graveyard_702_34a(kb_of):
    # "When this creature enters, target instant or sorcery card in your graveyard gains flashback
    # until end of turn": the trigger (603.6a) targets the Bolt (603.3d); resolved, the Bolt is cast
    # with flashback from the graveyard (702.34a), deals 3 damage and is exiled
    kb, s = _snapcaster_flashback_bolt(kb_of)
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(bolt,exile)") and _holds(tl, "in_zone(bears,graveyard)")


def test_without_the_trigger_lightning_bolt_has_no_flashback_702_34a(kb_of):
    kb = kb_of("Lightning Bolt", "Grizzly Bears")
    s = _state(("bolt", "Lightning Bolt", "graveyard", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "bolt", targets=["bears"], method="flashback")
    step = kb.run(s).steps[-1]
    assert step.user_event == 1 and step.refused is not None   # the cast itself is refused


def test_library_larcenist_attacks_and_its_trigger_draws_508_3a(kb_of):
    kb = kb_of("Library Larcenist", "Grizzly Bears")
    s = _state(("lar", "Library Larcenist", "battlefield", "alice"), ("c1", "Grizzly Bears", "library", "alice"),
               phase="combat", step="beginning_of_combat")
    s.set_library_order("alice", ["c1"])
    s.then_declare_attackers({"lar": "bob"})
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    declare = _user_steps(tl)[0]
    change = next(c for c in declare.changes if c.fluent.name == "pending_trigger")
    assert "508.3a" in change.citations
    assert _holds(tl, "in_zone(c1,hand)")


def test_nyx_fleece_ram_gains_a_life_at_the_beginning_of_its_controllers_upkeep_503_1a(kb_of):
    # bob's turn ends, alice's begins (untap), she goes to her upkeep: the ability triggers (503.1a)
    kb = kb_of("Nyx-Fleece Ram")
    s = _state(("ram", "Nyx-Fleece Ram", "battlefield", "alice"), active="bob", phase="ending", step="end")
    _to_alices_upkeep(s)
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    upkeep = _user_steps(tl)[2]
    assert _pending(upkeep) and "503.1a" in next(c for c in upkeep.changes if c.fluent.name == "pending_trigger").citations
    assert _holds(tl, "life_total(alice,21)")


def test_nyx_fleece_ram_does_not_trigger_in_the_opponents_upkeep_503_1a(kb_of):
    kb = kb_of("Nyx-Fleece Ram")
    s = _state(("ram", "Nyx-Fleece Ram", "battlefield", "alice"), active="alice", phase="ending", step="end")
    s.then_go_to("cleanup")
    s.then_next_turn("bob")
    s.then_go_to("upkeep")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps)


def test_thalakos_seer_leaving_the_battlefield_draws_603_10a(kb_of):
    # returned to its owner's hand: it left the battlefield (603.6c), its ability looks back (603.10a)
    kb = kb_of("Thalakos Seer", "Grizzly Bears")
    s = _state(("seer", "Thalakos Seer", "battlefield", "bob"), ("c1", "Grizzly Bears", "library", "bob"))
    s.set_library_order("bob", ["c1"])
    s.then_move("seer", "hand")
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(c1,hand)") and _holds(tl, "in_zone(seer,hand)")


def test_two_upkeep_triggers_of_one_player_go_on_the_stack_in_the_order_given_603_3b(kb_of):
    # Nyx-Fleece Ram ("you gain 1 life") and Moroii ("you lose 1 life") both trigger in alice's
    # upkeep; she puts the Ram's first, so Moroii's is on top and resolves first (405.5)
    kb = kb_of("Nyx-Fleece Ram", "Moroii")
    s = _state(("ram", "Nyx-Fleece Ram", "battlefield", "alice"), ("mor", "Moroii", "battlefield", "alice"),
               active="bob", phase="ending", step="end")
    _to_alices_upkeep(s)
    s.then_put_triggers(order=["ram", "mor"])
    s.then_resolve()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    first = _user_steps(tl)[4]
    assert _atom("life_total(alice,19)") in first.state       # Moroii's resolved first
    assert _holds(tl, "life_total(alice,20)")


def test_two_triggers_of_one_player_without_an_order_are_refused_603_3b(kb_of):
    kb = kb_of("Nyx-Fleece Ram", "Moroii")
    s = _state(("ram", "Nyx-Fleece Ram", "battlefield", "alice"), ("mor", "Moroii", "battlefield", "alice"),
               active="bob", phase="ending", step="end")
    _to_alices_upkeep(s)
    s.then_put_triggers()
    step = kb.run(s).steps[-1]
    assert str(step.refused) == "trigger_order_unknown(alice)" and "603.3b" in step.refused_citations


def test_the_sliced_steps_give_what_the_whole_program_gives_with_triggers(kb_of):
    # pyrules.timeline.slicing keeps, for each event, the rules it can use: with a trigger waiting,
    # put on the stack and resolved, the sliced run and the whole program agree on every step
    kb, s = _snapcaster_flashback_bolt(kb_of)
    sliced, whole = kb.run(s), run_whole(kb, s)
    assert sliced.finished and sliced.explain() == whole.explain()
    assert [st.state for st in sliced.steps] == [st.state for st in whole.steps]


@pytest.mark.parametrize("accepts", [False, True])
def test_eye_of_vecnas_if_you_do_covers_both_effects_of_its_sentence_608_2c(kb_of, accepts):
    # Eye of Vecna: "At the beginning of your upkeep, you may pay {2}. If you do, you draw a card and you
    # lose 2 life." "If you do" governs the whole sentence after it (608.2c): declined, alice neither
    # draws nor loses life (before, only the draw was read as depending on the choice, and she lost 2
    # life anyway); accepted, the payment is not applied here, so both effects wait on it, unapplied
    s = _state(("eye", "Eye of Vecna", "battlefield", "alice"), phase="beginning", step="untap")
    s.then_go_to("upkeep")
    s.then_put_triggers()
    s.then_resolve(accepts=[2] if accepts else [], declines=[] if accepts else [2])
    tl = kb_of("Eye of Vecna").run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "life_total(alice,20)")
    unapplied = {str(c.fluent) for c in tl.steps[-2].changes if c.fluent.name == "unapplied_effect"}
    expected = {f"unapplied_effect(ability(eye,2,1),2,{w})" for w in
                ("depends_on_choice(draws_cards)", "depends_on_choice(loses_life)", "effect(pays_mana)")}
    assert unapplied == (expected if accepts else set())
