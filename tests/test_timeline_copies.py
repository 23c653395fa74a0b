"""Copies in sequences (CR 707; issue 17): a permanent entering as a copy of another (707.2, 707.3,
707.9, 614.1c; rules_asp/time/entering_as_a_copy.lp) and copies of spells (707.10, 608.3f, 111.13;
rules_asp/time/spell_copies.lp), posed as event sequences with real cards."""

from __future__ import annotations

from pyrules.facts.events import copy_id, spell_copy_id

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _characteristics(step, obj) -> set[str]:
    """The characteristic values of ``obj`` after ``step`` (object_characteristics.lp), as text: a
    copy's id is no object of the described state, so it is read off the answer atoms."""
    return {str(a.arguments[1]) for a in step.after.symbols("characteristic") if a.arguments[0] == obj}


def _pending(step):
    return sorted(str(f) for f in step.state if f.name == "pending_trigger")


def test_clone_enters_as_a_copy_of_wall_of_omens_and_its_enters_trigger_draws_707_2(kb_of):
    """707.2: Clone entering as a copy of Wall of Omens has the Wall's copiable values — its name, mana
    cost, types, 0/4 and its abilities (its "When this creature enters, draw a card" triggers, 603.6a) —
    and not the +1/+1 counter or the damage on the original (707.2: not copiable)."""
    kb = kb_of("Clone", "Wall of Omens", "Grizzly Bears")
    s = _state(("clone", "Clone", "hand", "alice"), ("wall", "Wall of Omens", "battlefield", "bob"),
               ("c1", "Grizzly Bears", "library", "alice"))
    s.add_counters("wall", "+1/+1", 1)
    s.set_library_order("alice", ["c1"])
    s.ask_characteristics()
    s.then_cast("alice", "clone")
    s.then_resolve(copy_of="wall")
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast, resolve, put, draw = _user_steps(tl)
    me = copy_id("clone", "Wall of Omens")
    assert _atom(f"in_zone({me},battlefield)") in resolve.state
    assert _atom(f"controller({me},alice)") in resolve.state
    assert not any(f.name == "in_zone" and str(f.arguments[0]) == "clone" for f in resolve.state)
    assert not any(f.name == "counters" and f.arguments[0] == me for f in resolve.state)   # 707.2
    values = _characteristics(resolve, me)
    assert {'name("Wall of Omens")', "mana_value(2)", "card_type(creature)", 'subtype("Wall")', "power(0)",
            "toughness(4)", "color(w)"} <= values
    assert not any(v.startswith(("name(", "subtype(", "power(", "toughness(")) and v not in values for v in values)
    assert {v for v in values if v.startswith(("name(", "subtype(", "power(", "toughness("))} == {
        'name("Wall of Omens")', 'subtype("Wall")', "power(0)", "toughness(4)"}   # not a 1/5, not a Shapeshifter
    assert {v for v in values if v.startswith("ability(")} == {'ability(("Wall of Omens",1,1),keyword)',
                                                              'ability(("Wall of Omens",1,2),triggered)'}
    entered = next(ch for ch in resolve.changes if ch.fluent == _atom(f"in_zone({me},battlefield)"))
    assert "707.2" in entered.citations
    assert _pending(resolve) == [f"pending_trigger(ability({me},2,{resolve.time - 1}),alice)"]   # 603.6a
    assert not _characteristics(resolve, copy_id("clone", "Grizzly Bears"))   # a copy never made: not in the game
    assert _holds(tl, "in_zone(c1,hand)")


def _enters_as_bears(kb, obj, card, bears_owner):
    """``(timeline, resolve step)``: alice casts ``card`` (id ``obj``), which resolves entering as a
    copy of ``bears_owner``'s Grizzly Bears (``bears``); characteristics asked; the sequence finished."""
    s = _state((obj, card, "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", bears_owner))
    s.ask_characteristics()
    s.then_cast("alice", obj)
    s.then_resolve(copy_of="bears")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    _, resolve = _user_steps(tl)
    return tl, resolve


def test_phantasmal_image_copy_is_also_an_illusion_and_its_granted_ability_is_an_assumption_707_9(kb_of):
    """707.9b: "except it's an Illusion in addition to its other types" — the copy of Grizzly Bears is a
    Bear Illusion named Grizzly Bears, 2/2; 707.9a: the ability it gains ("When this creature becomes the
    target of a spell or ability, sacrifice it.") is not applied here, so it is an assumption of every
    later answer (never silently dropped)."""
    tl, resolve = _enters_as_bears(kb_of("Phantasmal Image", "Grizzly Bears"), "image", "Phantasmal Image", "bob")
    me = copy_id("image", "Grizzly Bears")
    values = _characteristics(resolve, me)
    assert {v for v in values if v.startswith(("name(", "subtype(", "power(", "toughness("))} == {
        'name("Grizzly Bears")', 'subtype("Bear")', 'subtype("Illusion")', "power(2)", "toughness(2)"}
    assert _atom(f'copy_exception_applies({me},additional_subtype("Illusion"))') in resolve.state
    texts = [a.assumption.text for a in tl.assumptions()]
    assert any("copy_exception(has_ability(" in t for t in texts), texts


def test_spark_double_enters_with_an_additional_counter_and_a_legendary_original_is_refused_707_9(kb_of):
    """707.9, 614.1c: Spark Double copying alice's Grizzly Bears enters with an additional +1/+1
    counter (a 3/3 named Grizzly Bears); copying a legendary creature, "it isn't legendary" would remove a
    supertype, which this rule base does not do: the resolution is refused, not answered wrongly."""
    kb = kb_of("Spark Double", "Grizzly Bears", "Isamaru, Hound of Konda")
    tl, resolve = _enters_as_bears(kb, "double", "Spark Double", "alice")
    me = copy_id("double", "Grizzly Bears")
    assert _atom(f"counters({me},pt(1,1),1)") in resolve.state
    change = next(c for c in resolve.changes if c.fluent == _atom(f"counters({me},pt(1,1),1)"))
    assert "707.9" in change.citations
    assert {str(a) for a in resolve.after.symbols("toughness_after") if a.arguments[0] == me} == {
        f"toughness_after({me},3)"}
    s = _state(("double", "Spark Double", "hand", "alice"), ("isamaru", "Isamaru, Hound of Konda", "battlefield", "alice"))
    s.then_cast("alice", "double")
    s.then_resolve(copy_of="isamaru")
    step = _user_steps(kb.run(s))[-1]
    assert str(step.refused) == "copy_exception_not_applied(not_legendary)"


def test_spark_double_may_not_copy_an_opponents_creature_707_2(kb_of):
    """Spark Double: "a creature or planeswalker you control" — bob's Grizzly Bears is not a choice."""
    kb = kb_of("Spark Double", "Grizzly Bears")
    s = _state(("double", "Spark Double", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "double")
    s.then_resolve(copy_of="bears")
    step = _user_steps(kb.run(s))[-1]
    assert str(step.refused) == "copy_original_not_a_choice(bears)" and "707.2" in step.refused_citations


def test_a_clone_copy_that_dies_puts_the_clone_card_into_the_graveyard_400_7(kb_of):
    """400.7, 707.2: the copy of Grizzly Bears dealt 3 damage dies (704.5g); the card put into the graveyard
    is Clone (its copiable values were the permanent's only), and the copy is gone."""
    kb = kb_of("Clone", "Grizzly Bears", "Lightning Bolt")
    s = _state(("clone", "Clone", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
               ("bolt", "Lightning Bolt", "hand", "alice"))
    s.ask_characteristics()
    s.then_cast("alice", "clone")
    s.then_resolve(copy_of="bears")
    me = copy_id("clone", "Grizzly Bears")
    s.then_cast("alice", "bolt", targets=[me])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(clone,graveyard)") and _holds(tl, "in_zone(bears,battlefield)")
    assert not any(me in f.arguments for f in tl.steps[-1].state if f.name == "in_zone")
    assert 'name("Clone")' in _characteristics(tl.steps[-1], _atom("clone"))


def test_clone_declined_enters_as_itself_and_no_choice_stated_is_refused_614_1c(kb_of):
    """608.2d, 614.1c: declining, Clone enters as itself (a 0/0 Shapeshifter, put into the graveyard by
    704.5f); a resolution that states neither the original nor the refusal is refused (no guess)."""
    kb = kb_of("Clone", "Grizzly Bears")
    s = _state(("clone", "Clone", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "clone")
    s.then_resolve(declines=[1])
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(clone,graveyard)")
    s = _state(("clone", "Clone", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "clone")
    s.then_resolve()
    step = _user_steps(kb.run(s))[-1]
    assert str(step.refused) == "copy_choice_not_stated(clone)" and "614.1c" in step.refused_citations


def test_twincast_copies_lightning_bolt_not_cast_so_young_pyromancer_does_not_trigger_707_10(kb_of):
    """707.10: Twincast's copy of Lightning Bolt is put on the stack, not cast — Young Pyromancer's "Whenever
    you cast an instant or sorcery spell" does not trigger for it (601.2i; it did for Bolt and Twincast) —
    on top of the Bolt, so it resolves first (405.5): bob 20 → 17 → 14; the copy, in the graveyard after
    resolving, ceases to exist at the next check (704.5e)."""
    kb = kb_of("Twincast", "Lightning Bolt", "Young Pyromancer")
    s = _state(("tc", "Twincast", "hand", "alice"), ("bolt", "Lightning Bolt", "hand", "alice"),
               ("yp", "Young Pyromancer", "battlefield", "alice"))
    s.then_cast("alice", "bolt", targets=["bob"])
    s.then_put_triggers()
    s.then_resolve()                                   # the Elemental token
    s.then_cast("alice", "tc", targets=["bolt"])
    s.then_put_triggers()
    s.then_resolve()                                   # the second Elemental
    s.then_resolve()                                   # Twincast: the copy goes on the stack
    s.then_resolve()                                   # the copy
    s.then_resolve()                                   # the Bolt
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    steps = _user_steps(tl)
    twincast, copy_resolves, bolt_resolves = steps[-3], steps[-2], steps[-1]
    me = spell_copy_id("tc", "Lightning Bolt")
    assert _atom(f"in_zone({me},stack)") in twincast.state
    assert _atom(f"spell_target({me},bob,player)") in twincast.state and _atom(f"controller({me},alice)") in twincast.state
    assert _pending(twincast) == []                       # 707.10: not cast
    assert not any(f.name == "cast_event" for f in twincast.state)
    change = next(c for c in twincast.changes if c.fluent == _atom(f"in_zone({me},stack)"))
    assert "707.10" in change.citations
    assert _atom("life_total(bob,17)") in copy_resolves.state and _atom("in_zone(bolt,stack)") in copy_resolves.state
    assert _atom("life_total(bob,14)") in bolt_resolves.state
    assert not any(me in f.arguments for f in tl.steps[-1].state if f.name == "in_zone")      # 704.5e
    elementals = {str(f.arguments[0]) for f in tl.steps[-1].state if f.name == "token"}
    assert len(elementals) == 2                           # Bolt and Twincast, not the copy


def test_reverberate_copy_keeps_x_and_takes_a_new_target_707_10c(kb_of):
    """707.10: the copy of Blaze keeps X as announced (3); 707.10c: "You may choose new targets for the
    copy" — the copy deals its 3 to bob instead of the Grizzly Bears; the new target's legality is not
    judged here, an assumption (cast_targets_not_checked) of the later answers."""
    kb = kb_of("Reverberate", "Blaze", "Grizzly Bears")
    s = _state(("rv", "Reverberate", "hand", "alice"), ("blaze", "Blaze", "hand", "alice"),
               ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "blaze", targets=["bears"], x=3)
    s.then_cast("alice", "rv", targets=["blaze"])
    s.then_resolve(new_targets=["bob"])
    s.then_resolve()                                   # the copy: 3 to bob
    s.then_resolve()                                   # Blaze: 3 to the Bears
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast1, cast2, rv, copy_resolves, blaze_resolves = _user_steps(tl)
    me = spell_copy_id("rv", "Blaze")
    assert _atom(f"x_value({me},3)") in rv.state and _atom(f"spell_target({me},bob,player)") in rv.state
    assert not any(f.name == "spell_target" and f.arguments[0] == me and str(f.arguments[1]) == "bears" for f in rv.state)
    change = next(c for c in rv.changes if c.fluent == _atom(f"spell_target({me},bob,player)"))
    assert "707.10c" in change.citations
    assert _atom("life_total(bob,17)") in copy_resolves.state
    assert _holds(tl, "in_zone(bears,graveyard)")
    assert _atom(f"assumed({me},cast_targets_not_checked)") in rv.state


def test_twincast_new_targets_refused_without_the_permission_707_10c(kb_of):
    """707.10c: new targets only where the effect says so; Double Major's copy (no such sentence) with
    new targets stated is refused."""
    kb = kb_of("Double Major", "Grizzly Bears")
    s = _state(("dm", "Double Major", "hand", "alice"), ("bears", "Grizzly Bears", "hand", "alice"))
    s.then_cast("alice", "bears")
    s.then_cast("alice", "dm", targets=["bears"])
    s.then_resolve(new_targets=["bob"])
    step = _user_steps(kb.run(s))[-1]
    assert str(step.refused) == "new_targets_not_allowed" and "707.10c" in step.refused_citations


def test_double_major_copy_of_a_creature_spell_becomes_a_token_not_created_608_3f(kb_of):
    """608.3f, 111.13: the copy of Grizzly Bears resolves into a token permanent with the spell's
    characteristics (named Grizzly Bears, a 2/2 Bear), and it was not "created": no token id of a token
    effect is used. Rosie Cotton's "Whenever you create a token" is not read by the grammar; it stays an
    assumption of the answers (its trigger is not put on the stack either way)."""
    kb = kb_of("Double Major", "Grizzly Bears", "Rosie Cotton of South Lane")
    s = _state(("dm", "Double Major", "hand", "alice"), ("bears", "Grizzly Bears", "hand", "alice"),
               ("rosie", "Rosie Cotton of South Lane", "battlefield", "alice"))
    s.ask_characteristics()
    s.then_cast("alice", "bears")
    s.then_cast("alice", "dm", targets=["bears"])
    s.then_resolve()                                   # Double Major: the copy on the stack
    s.then_resolve()                                   # the copy: a token
    s.then_resolve()                                   # the Bears
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    cast1, cast2, dm, copy_resolves, bears = _user_steps(tl)
    me = spell_copy_id("dm", "Grizzly Bears")
    assert _atom(f"in_zone({me},stack)") in dm.state
    assert _atom(f"in_zone({me},battlefield)") in copy_resolves.state and _atom(f"token({me})") in copy_resolves.state
    change = next(c for c in copy_resolves.changes if c.fluent == _atom(f"token({me})"))
    assert {"608.3f", "111.13"} <= set(change.citations)
    values = _characteristics(copy_resolves, me)
    assert {'name("Grizzly Bears")', 'subtype("Bear")', "power(2)", "toughness(2)"} <= values
    assert not any(f.name == "token_id_used" for f in copy_resolves.state)
    assert _pending(copy_resolves) == []
    assert _holds(tl, f"in_zone({me},battlefield)") and _holds(tl, "in_zone(bears,battlefield)")
    texts = [a.assumption.text for a in tl.assumptions()]
    assert any("you create a token" in t for t in texts), texts


def test_clone_copying_a_face_down_aphetto_exterminator_is_a_face_up_nameless_2_2_707_2(kb_of):
    """707.2 (its second example): Clone entering as a copy of a face-down creature with morph has the
    face-down characteristics as its copiable values — a colorless 2/2 with no name, no subtypes, no
    abilities and no mana cost — but is face up: no one looks at it under 708.5, and turning it face
    up (702.37e, for Aphetto Exterminator's morph cost) is refused: it is not face down."""
    kb = kb_of("Clone", "Aphetto Exterminator")
    s = _state(("ae", "Aphetto Exterminator", "hand", "alice"), ("clone", "Clone", "hand", "alice"))
    s.ask_characteristics()
    s.then_cast("alice", "ae", face=0, method="morph")
    s.then_resolve()
    s.then_cast("alice", "clone")
    s.then_resolve(copy_of="ae")
    s.then_turn_face_up("alice", copy_id("clone", "Aphetto Exterminator"))
    tl = kb.run(s)
    morph, morphed, cast, resolve, turn = _user_steps(tl)
    assert resolve.refused is None, resolve.refused
    me = copy_id("clone", "Aphetto Exterminator")
    assert _atom(f"in_zone({me},battlefield)") in resolve.state
    assert _atom("face_down(ae,morph)") in resolve.state
    assert not any(f.name == "face_down" and f.arguments[0] == me for f in resolve.state)   # face up
    values = _characteristics(resolve, me)
    assert {"card_type(creature)", "mana_value(0)", "power(2)", "toughness(2)"} <= values
    assert not any(v.startswith(("name(", "subtype(", "color(", "ability(", "may_look_at(")) for v in values), values
    assert "face_down" not in values and "card_type(creature)" in values
    power = next(a for a in resolve.after.symbols("characteristic") if a.arguments[0] == me and str(a.arguments[1]) == "power(2)")
    assert {"707.2", "708.2", "702.37a"} <= {c.rule for c in resolve.after.citations(power)}
    assert not _pending(resolve)                                 # no text: nothing triggers as it enters
    assert turn.refused is not None and "not_face_down" in str(turn.refused)   # 702.37e


def test_clone_copying_a_transformed_delver_is_an_insectile_aberration_with_mana_value_0_707_8(kb_of):
    """707.8: Clone entering as a copy of a Delver of Secrets with its back face up has the copiable values
    of the face that's up — Insectile Aberration, a 3/2 blue Human Insect with flying; 712.8e, 202.3b:
    a copy of the back face of a nonmodal double-faced permanent has mana value 0 (the original: 1,
    its front face's mana cost)."""
    delver = "Delver of Secrets // Insectile Aberration"
    kb = kb_of("Clone", delver)
    s = _state(("clone", "Clone", "hand", "alice"), ("dv", delver, "battlefield", "bob"))
    s.set_face_up("dv", 2)
    s.ask_characteristics()
    s.then_cast("alice", "clone")
    s.then_resolve(copy_of="dv")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    _, resolve = _user_steps(tl)
    me = copy_id("clone", delver)
    assert _atom(f"in_zone({me},battlefield)") in resolve.state
    values = _characteristics(resolve, me)
    assert {'name("Insectile Aberration")', "power(3)", "toughness(2)", "mana_value(0)", "color(u)",
            'subtype("Insect")'} <= values, values
    assert not any(v.startswith("name(") and "Insectile" not in v for v in values)
    assert "mana_value(1)" in _characteristics(resolve, _atom("dv"))      # 202.3b: the original's front face
    mv = next(a for a in resolve.after.symbols("characteristic") if a.arguments[0] == me and str(a.arguments[1]) == "mana_value(0)")
    assert {"707.8", "712.8e"} <= {c.rule for c in resolve.after.citations(mv)}


def test_clone_copying_phantasmal_images_copy_gets_its_exceptions_too_707_9c(kb_of):
    """707.9c: Phantasmal Image entered as a copy of Grizzly Bears "except it's an Illusion ... and it has
    [a sacrifice trigger]"; those exceptions are part of its copiable values, so Clone copying it is a
    Bear Illusion named Grizzly Bears, and the gained ability (707.9a, not applied here) is an assumption
    about the Clone's copy as well."""
    kb = kb_of("Phantasmal Image", "Clone", "Grizzly Bears")
    s = _state(("image", "Phantasmal Image", "hand", "alice"), ("clone", "Clone", "hand", "alice"),
               ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.ask_characteristics()
    s.then_cast("alice", "image")
    s.then_resolve(copy_of="bears")
    image = copy_id("image", "Grizzly Bears")
    s.then_cast("alice", "clone")
    s.then_resolve(copy_of=image)
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    resolve = _user_steps(tl)[-1]
    me = copy_id("clone", "Grizzly Bears")
    values = _characteristics(resolve, me)
    assert {v for v in values if v.startswith(("name(", "subtype(", "power(", "toughness("))} == {
        'name("Grizzly Bears")', 'subtype("Bear")', 'subtype("Illusion")', "power(2)", "toughness(2)"}
    began = next(c for c in resolve.changes if c.fluent == _atom(f'copy_exception_applies({me},additional_subtype("Illusion"))'))
    assert "707.9c" in began.citations
    unapplied = [str(f) for f in resolve.state if f.name == "unapplied_effect" and f.arguments[0] == me]
    assert len(unapplied) == 1 and "copy_exception(has_ability(" in unapplied[0], unapplied
