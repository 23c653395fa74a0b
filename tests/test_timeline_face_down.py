"""Face-down permanents in a sequence (CR 708; morph 702.37, disguise 702.168, manifest 701.40, cloak
701.58; rules_asp/time/face_down.lp, rules_asp/characteristics_and_objects/face_down.lp; issue 17):
a spell cast face down resolves into a 2/2 face-down creature with no name, no text, no subtypes and no
mana cost (708.2, 708.4); manifest and cloak put the top card of a library onto the battlefield face
down (701.40a, 701.58a); turning it face up is a special action (116.2b, 702.37e) that leaves it the same
object (708.8); a face-down permanent that leaves the battlefield is revealed (708.9)."""

from __future__ import annotations

from timeline_helpers import atom as _atom
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _face_down_2_2(c):
    """708.2, 708.2a: a 2/2 creature with no name, no subtypes, no mana cost (mana value 0), colorless."""
    assert c.face_down and c.names == () and c.card_types == ("creature",) and c.subtypes == ()
    assert c.mana_value == 0 and (c.power, c.toughness) == (2, 2) and c.colors == ()


def _change(step, fluent):
    return next(c for c in step.changes if c.fluent == _atom(fluent))


def _assumption_texts(tl):
    return [a.assumption.text for a in tl.assumptions()]


def test_a_morph_spell_resolves_into_a_face_down_2_2_with_no_name_708_4(kb_of):
    # 702.37a, 702.37c: cast face down for {3}; 708.4: it resolves into a face-down permanent with the
    # face-down characteristics (708.2), not Aphetto Exterminator's 3/1 black Human Wizard.
    kb = kb_of("Aphetto Exterminator")
    s = _state(("ae", "Aphetto Exterminator", "hand", "alice"))
    s.ask_characteristics()
    s.then_cast("alice", "ae", face=0, method="morph")
    s.then_resolve()
    cast, resolve = _user_steps(kb.run(s))
    assert cast.refused is None and resolve.refused is None, (cast.refused, resolve.refused)
    assert _atom("in_zone(ae,battlefield)") in resolve.state and _atom("face_down(ae,morph)") in resolve.state
    assert {"708.4", "702.37a"} <= set(_change(resolve, "face_down(ae,morph)").citations)
    (c,) = resolve.after.characteristics("ae")
    _face_down_2_2(c)
    assert c.abilities == ()                                  # no text: no morph, no trigger (708.2)
    assert c.may_look_at == ("alice",)                        # 708.5: its controller may look at it


def test_a_disguised_permanent_has_ward_2_and_its_enters_abilities_do_not_apply_708_3(kb_of):
    # 702.168a: "a 2/2 face-down creature with ward {2}"; 708.3: it enters with no text, so Alley
    # Assailant's "This creature enters tapped" does not apply.
    kb = kb_of("Alley Assailant")
    s = _state(("aa", "Alley Assailant", "hand", "alice"))
    s.ask_characteristics()
    s.then_cast("alice", "aa", face=0, method="disguise")
    s.then_resolve()
    tl = kb.run(s)
    resolve = _user_steps(tl)[-1]
    assert resolve.refused is None, resolve.refused
    assert _atom("face_down(aa,disguise)") in resolve.state
    assert _atom("tapped(aa)") not in resolve.state           # 708.3 (face up it would enter tapped, 614.1d)
    (c,) = resolve.after.characteristics("aa")
    _face_down_2_2(c)
    assert [a.kind for a in c.abilities] == ["keyword(ward)"]
    assert any("keyword ward" in t for t in _assumption_texts(tl))   # ward itself is read by no rule


def test_gadget_technician_turned_face_up_triggers_but_does_not_enter_708_8(kb_of):
    # 702.168d, 116.2b: turning it face up for its disguise cost is a special action (no stack); 708.8:
    # it is the same object, not entering the battlefield: "When this creature enters or is turned face
    # up" triggers for being turned face up, once; cast face down it did not trigger (708.3).
    kb = kb_of("Gadget Technician")
    s = _state(("gt", "Gadget Technician", "hand", "alice"))
    s.ask_characteristics()
    s.then_cast("alice", "gt", face=0, method="disguise")
    s.then_resolve()
    s.then_turn_face_up("alice", "gt")
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    cast, resolve, up, put, thopter = _user_steps(tl)
    (spell,) = cast.after.characteristics("gt")              # 708.5: on the stack, alice may look at it
    assert spell.face_down and spell.names == () and spell.may_look_at == ("alice",)
    assert not any(f.name == "pending_trigger" for f in resolve.state)   # 708.3: no enters trigger
    assert up.refused is None, up.refused
    gone = _change(up, "face_down(gt,disguise)")
    assert gone.kind == "ends" and {"708.8", "116.2b", "702.168d"} <= set(gone.citations)
    assert not any(c.fluent.name == "in_zone" for c in up.changes)          # no zone change (708.8)
    (pending,) = [c for c in up.changes if c.fluent.name == "pending_trigger"]
    assert str(pending.fluent.arguments[0].arguments[0]) == "gt" and str(pending.fluent.arguments[1]) == "alice"
    assert {"708.8", "603.2"} <= set(pending.citations)
    (c,) = up.after.characteristics("gt")
    assert not c.face_down and c.names == ("Gadget Technician",) and (c.power, c.toughness) == (3, 2)
    assert c.mana_value == 4 and c.subtypes == ("Artificer", "Goblin")
    assert any("turn_face_up_cost_assumed_paid(gt,disguise)" in t for t in _assumption_texts(tl))
    assert thopter.refused is None, thopter.refused
    assert any(f.name == "token" for f in thopter.state)     # the Thopter token was created


def test_the_opponent_can_not_turn_it_face_up_nor_without_priority_116_2b(kb_of):
    # 702.37e: "a face-down permanent you control"; 116.2b: "any time they have priority".
    kb = kb_of("Aphetto Exterminator")
    s = _state(("ae", "Aphetto Exterminator", "battlefield", "alice"))
    s.set_face_down("ae", "morph")
    s.then_pass_priority()                                 # bob has priority now
    s.then_turn_face_up("bob", "ae")
    step = _user_steps(kb.run(s))[-1]
    assert str(step.refused) == "not_controller" and "702.37e" in step.refused_citations
    s = _state(("ae", "Aphetto Exterminator", "battlefield", "alice"))
    s.set_face_down("ae", "morph")
    s.then_pass_priority()                                 # bob has priority now
    s.then_turn_face_up("alice", "ae")
    step = _user_steps(kb.run(s))[-1]
    assert str(step.refused) == "no_priority" and "116.2b" in step.refused_citations


def test_damage_stays_when_it_is_turned_face_up_so_a_3_1_with_1_damage_dies_708_8(kb_of):
    # 708.8: effects applied to the face-down permanent (here: 1 damage marked) still apply face up:
    # Aphetto Exterminator is a 3/1 with 1 damage, destroyed by the state-based actions (704.5g); its
    # "when turned face up" ability triggered all the same (603.2).
    kb = kb_of("Aphetto Exterminator")
    s = _state(("ae", "Aphetto Exterminator", "battlefield", "alice"))
    s.set_face_down("ae", "morph")
    s.mark_damage("ae", 1)
    s.then_turn_face_up("alice", "ae")
    tl = kb.run(s)
    up = _user_steps(tl)[-1]
    assert up.refused is None, up.refused
    assert _atom("damage_marked(ae,1)") in up.state and _atom("in_zone(ae,battlefield)") in up.state
    assert _atom("in_zone(ae,graveyard)") in tl.steps[-1].state
    assert any(f.name == "pending_trigger" for f in tl.steps[-1].state)


def test_megamorph_turned_face_up_gets_a_counter_and_keeps_its_damage_702_37b(kb_of):
    # 702.37b: "Turn it face up any time for its megamorph cost and put a +1/+1 counter on it": Ainok
    # Survivalist (2/1) with a +1/+1 counter is a 3/2, so the 1 damage marked face down is not lethal.
    kb = kb_of("Ainok Survivalist")
    s = _state(("ai", "Ainok Survivalist", "battlefield", "alice"))
    s.ask_characteristics()
    s.set_face_down("ai", "megamorph")
    s.mark_damage("ai", 1)
    s.then_turn_face_up("alice", "ai")
    tl = kb.run(s)
    up = _user_steps(tl)[-1]
    assert up.refused is None, up.refused
    assert _atom("counters(ai,pt(1,1),1)") in up.state
    assert "702.37b" in _change(up, "counters(ai,pt(1,1),1)").citations
    (c,) = up.after.characteristics("ai")
    assert c.names == ("Ainok Survivalist",) and (c.power, c.toughness) == (3, 2)
    assert _atom("in_zone(ai,battlefield)") in tl.steps[-1].state


def test_watcher_of_the_roost_turned_face_up_by_revealing_gains_two_life_702_37e(kb_of):
    # A morph cost that is not mana ("Reveal a white card in your hand") is taken as paid, an
    # assumption; "When this creature is turned face up, you gain 2 life" triggers and resolves.
    kb = kb_of("Watcher of the Roost")
    s = _state(("w", "Watcher of the Roost", "battlefield", "alice"))
    s.set_face_down("w", "morph")
    s.then_turn_face_up("alice", "w")
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert all(st.refused is None for st in _user_steps(tl)), [st.refused for st in _user_steps(tl)]
    assert _atom("life_total(alice,22)") in tl.steps[-1].state
    assert any("turn_face_up_cost_assumed_paid(w,morph)" in t for t in _assumption_texts(tl))


def _cast_over_bears_on_top(kb_of, obj, card):
    """``(kb, s)``: alice casts ``card`` (id ``obj``) from her hand, Grizzly Bears (``gb``) the top card
    of her library, characteristics asked; the spell resolved."""
    kb = kb_of(card, "Grizzly Bears")
    s = _state((obj, card, "hand", "alice"), ("gb", "Grizzly Bears", "library", "alice"))
    s.set_library_order("alice", ["gb"])
    s.ask_characteristics()
    s.then_cast("alice", obj)
    s.then_resolve()
    return kb, s


def test_soul_summons_manifests_the_top_card_which_turns_face_up_for_its_mana_cost_701_40b(kb_of):
    # 701.40a: "Manifest the top card of your library": put onto the battlefield face down as a 2/2
    # creature; 701.40b: a manifested creature card may be turned face up for its mana cost (Grizzly Bears).
    kb, s = _cast_over_bears_on_top(kb_of, "ss", "Soul Summons")
    s.then_turn_face_up("alice", "gb")
    tl = kb.run(s)
    cast, resolve, up = _user_steps(tl)
    assert resolve.refused is None, resolve.refused
    assert _atom("in_zone(gb,battlefield)") in resolve.state and _atom("face_down(gb,manifest)") in resolve.state
    assert _atom("controller(gb,alice)") in resolve.state and _atom("in_zone(ss,graveyard)") in resolve.state
    assert "701.40a" in _change(resolve, "in_zone(gb,battlefield)").citations
    (c,) = resolve.after.characteristics("gb")
    _face_down_2_2(c)
    assert c.abilities == ()
    assert c.may_look_at == ("alice",)                        # 708.5: bob sees only the 2/2 with no name
    assert not any("effect(keyword_action)" in t for t in _assumption_texts(tl))
    assert up.refused is None, up.refused
    assert "701.40b" in _change(up, "face_down(gb,manifest)").citations
    (c,) = up.after.characteristics("gb")
    assert c.names == ("Grizzly Bears",) and c.mana_value == 2 and not c.face_down
    assert any("turn_face_up_cost_assumed_paid(gb,mana_cost)" in t for t in _assumption_texts(tl))


def test_a_manifested_instant_card_can_not_be_turned_face_up_701_40g(kb_of):
    # 701.40b: turned face up for its mana cost only if it's a creature card; 701.40g: a manifested
    # instant card (Lightning Bolt) is revealed and left face down.
    kb = kb_of("Lightning Bolt")
    s = _state(("bolt", "Lightning Bolt", "battlefield", "alice"))
    s.set_face_down("bolt", "manifest")
    s.then_turn_face_up("alice", "bolt")
    step = _user_steps(kb.run(s))[-1]
    assert str(step.refused) == "not_a_creature_card" and {"701.40b", "701.40g"} <= set(step.refused_citations)


def test_cryptic_coat_cloaks_the_top_card_with_ward_2_and_its_attach_is_an_assumption_701_58a(kb_of):
    # 701.58a: "cloak": put onto the battlefield face down as a 2/2 creature with ward {2}; "then attach
    # this Equipment to it" is not applied here: listed, never dropped.
    kb, s = _cast_over_bears_on_top(kb_of, "coat", "Cryptic Coat")
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    *_, cloak = _user_steps(tl)
    assert cloak.refused is None, cloak.refused
    assert _atom("face_down(gb,cloak)") in cloak.state and _atom("in_zone(gb,battlefield)") in cloak.state
    (c,) = cloak.after.characteristics("gb")
    _face_down_2_2(c)
    assert [a.kind for a in c.abilities] == ["keyword(ward)"]
    assert any("effect(keyword_action)" in t for t in _assumption_texts(tl))


def test_a_face_down_permanent_that_is_destroyed_is_revealed_and_had_no_dies_ability_708_9(kb_of):
    # 708.9: put into the graveyard, it is revealed (the card: Hunted Bonebrute); 603.10a: it is looked
    # back on face down, with no abilities, so "When this creature dies, each opponent loses 3 life"
    # doesn't trigger.
    kb = kb_of("Hunted Bonebrute")
    s = _state(("hb", "Hunted Bonebrute", "battlefield", "alice"))
    s.ask_characteristics()
    s.set_face_down("hb", "disguise")
    s.then_destroy("hb")
    tl = kb.run(s)
    (destroy,) = _user_steps(tl)
    assert _atom("in_zone(hb,graveyard)") in destroy.state
    assert "708.9" in _change(destroy, "in_zone(hb,graveyard)").citations
    assert not any(f.name == "face_down" for f in destroy.state)
    (c,) = destroy.after.characteristics("hb")
    assert c.names == ("Hunted Bonebrute",) and not c.face_down
    assert not any(f.name == "pending_trigger" for f in tl.steps[-1].state)


def test_a_spell_on_the_stack_face_down_by_no_known_ability_is_still_refused_708_4(kb_of):
    # cast face down before the sequence (cast_face 0, no cast method): whether it has ward {2}
    # (disguise) is not known, so the resolution is refused rather than guessed.
    kb = kb_of("Hunted Bonebrute")
    s = _state()
    s.add_object("hb", "Hunted Bonebrute", "stack", "alice", cast_face=0)
    s.then_resolve()
    step = _user_steps(kb.run(s))[-1]
    assert str(step.refused) == "face_down_permanent_not_modelled(hb)" and "708.4" in step.refused_citations


def test_cast_face_down_for_three_then_a_face_down_permanent_not_a_3_mana_creature_702_168b(kb_of):
    # 702.168b, 118.9: disguise casts it for {3} rather than its mana cost (Gadget Technician's {2}{U}{R}):
    # two Mountains can't pay, three can; then it resolves face down (708.4).
    kb = kb_of("Gadget Technician", "Mountain")
    lands = [(f"m{i}", "Mountain", "battlefield", "alice") for i in (1, 2, 3)]
    s = _state(("gt", "Gadget Technician", "hand", "alice"), *lands[:2])
    s.ask_payments()
    s.then_cast("alice", "gt", face=0, method="disguise")
    assert str(_user_steps(kb.run(s))[0].refused) == "cannot_pay(missing(any_mana,3,2))"
    s = _state(("gt", "Gadget Technician", "hand", "alice"), *lands)
    s.ask_payments()
    s.then_cast("alice", "gt", face=0, method="disguise")
    s.then_resolve()
    cast, resolve = _user_steps(kb.run(s))
    assert cast.refused is None and {_atom(f"tapped(m{i})") for i in (1, 2, 3)} <= cast.state
    assert resolve.refused is None and _atom("face_down(gt,disguise)") in resolve.state


def test_a_manifested_card_with_morph_may_be_turned_up_for_its_morph_cost_or_its_mana_cost_701_40c(kb_of):
    # 701.40c: a manifested card with morph: face up for its morph cost (702.37e) or (701.40b) its mana
    # cost; a permanent cast face down with morph can't use its mana cost (701.40b: manifested only).
    kb = kb_of("Aphetto Exterminator")
    for how, cost, refused in (("manifest", "morph", None), ("manifest", "mana_cost", None),
                               ("morph", "mana_cost", "mana_cost_only_if_manifested_or_cloaked")):
        s = _state(("ae", "Aphetto Exterminator", "battlefield", "alice"))
        s.set_face_down("ae", how)
        s.then_turn_face_up("alice", "ae", cost=cost)
        step = _user_steps(kb.run(s))[-1]
        assert (None if step.refused is None else str(step.refused)) == refused, (how, cost)
        if refused is None:
            assert _atom(f"face_down(ae,{how})") not in step.state
            assert {"morph": "701.40c", "mana_cost": "701.40b"}[cost] in _change(step, f"face_down(ae,{how})").citations


def test_a_face_down_attacker_turned_face_up_stays_attacking_and_deals_its_real_power_708_8(kb_of):
    # 708.8: turned face up after blockers are declared, Aphetto Exterminator is still the attacking
    # creature (no zone change) and deals its own power, 3 (not the face-down 2/2's 2): bob 17. Its
    # trigger gives bob's Grizzly Bears -3/-3 first (704.5f: toughness 0, put into the graveyard).
    kb = kb_of("Aphetto Exterminator", "Grizzly Bears")
    s = _state(("ae", "Aphetto Exterminator", "battlefield", "alice"), ("gb", "Grizzly Bears", "battlefield", "bob"),
               phase="combat", step="beginning_of_combat")
    s.set_face_down("ae", "morph")
    s.then_declare_attackers({"ae": "bob"})
    s.then_declare_blockers({})
    s.then_turn_face_up("alice", "ae")
    s.then_put_triggers(targets={"ae": ["gb"]})
    s.then_resolve()
    s.then_combat_damage()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    up = _user_steps(tl)[2]
    assert _atom("attacking(ae,bob)") in up.state and _atom("tapped(ae)") in up.state
    assert _atom("in_zone(gb,graveyard)") in tl.steps[-1].state
    assert _atom("life_total(bob,17)") in tl.steps[-1].state


def test_a_countered_face_down_spell_is_revealed_708_9(kb_of):
    # 708.9: a face-down spell that leaves the stack for a zone other than the battlefield is revealed:
    # countered by bob's Cancel (701.6a), it is Skirk Marauder in alice's graveyard.
    kb = kb_of("Skirk Marauder", "Cancel")
    s = _state(("sm", "Skirk Marauder", "hand", "alice"), ("c", "Cancel", "hand", "bob"))
    s.ask_characteristics()
    s.then_cast("alice", "sm", face=0, method="morph")
    s.then_pass_priority()
    s.then_cast("bob", "c", targets=["sm"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    countered = _user_steps(tl)[-1]
    assert _atom("in_zone(sm,graveyard)") in countered.state
    assert "708.9" in _change(countered, "in_zone(sm,graveyard)").citations
    (c,) = countered.after.characteristics("sm")
    assert c.names == ("Skirk Marauder",) and not c.face_down


def test_one_moment_a_face_down_permanent_has_the_face_down_characteristics_708_2(kb_of):
    # The single-moment rule base reads face_down/2 too: a cloaked Grizzly Bears is a 2/2 with no name
    # and ward {2} (701.58a); its controller may look at it (708.5).
    kb = kb_of("Grizzly Bears")
    s = _state(("gb", "Grizzly Bears", "battlefield", "alice"))
    s.set_face_down("gb", "cloak")
    s.ask_characteristics()
    (c,) = kb.ask(s).characteristics("gb")
    _face_down_2_2(c)
    assert [a.kind for a in c.abilities] == ["keyword(ward)"] and c.may_look_at == ("alice",)
    assert "701.58a" in {x.rule for x in c.citations} and "708.2" in {x.rule for x in c.citations}


def test_face_down_status_the_rule_base_does_not_model_is_refused_by_name(kb_of):
    # 708.2 as face_down.lp reads it: a face-down token (its creator's characteristics would still be
    # read, 111.3) and a face-down split card (709.4: its halves) are refused, never half-applied.
    import pytest

    from pyrules.errors import QueryError
    kb = kb_of("Fire // Ice")
    s = _state(("fi", "Fire // Ice", "battlefield", "alice"))
    s.set_face_down("fi", "manifest")
    with pytest.raises(QueryError, match=r"^set_face_down: how .*face_down_split_card_not_modelled"):
        kb.ask(s)
    s = _state()
    s.add_token("tk", "alice", subtypes=["Soldier"], card_types=["creature"], toughness=1)
    s.set_face_down("tk", "cloak")
    with pytest.raises(QueryError, match=r"^set_face_down: how .*face_down_token_not_modelled"):
        kb.ask(s)
