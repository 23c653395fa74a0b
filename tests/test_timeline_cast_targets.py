"""The targets a cast names in a sequence (601.2c, 115.1, 115.10): a spell whose text says "target"
must be given its targets, each of the kind its text asks for; a spell without the word chooses none;
a cast whose targets no rule here judges carries an assumption, never a silent "legal"."""

from __future__ import annotations

from timeline_helpers import holds, kb_of, two_player_state  # noqa: F401 — kb_of is a fixture

_CARDS = ("Giant Growth", "Grizzly Bears", "Forest", "Divination", "Jump", "Pacifism")


def _cast(kb, obj, card, targets, resolve=True):
    s = two_player_state((obj, card, "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"),
                         ("bears2", "Grizzly Bears", "battlefield", "bob"), ("forest", "Forest", "battlefield", "alice"))
    s.then_cast("alice", obj, targets=targets)
    if resolve:
        s.then_resolve()
    return kb.run(s)


def test_giant_growth_cast_with_no_target_is_refused_601_2c(kb_of):
    tl = _cast(kb_of(*_CARDS), "growth", "Giant Growth", [])
    assert not tl.finished and str(tl.steps[-1].refused) == "too_few_targets(0,1)"


def test_giant_growth_cast_with_two_targets_is_refused_601_2c(kb_of):
    tl = _cast(kb_of(*_CARDS), "growth", "Giant Growth", ["bears", "bears2"])
    assert not tl.finished and str(tl.steps[-1].refused) == "too_many_targets(2,1)"


def test_giant_growth_cannot_target_a_land_or_a_player_115_1(kb_of):
    # "Target creature gets +3/+3": a Forest is no creature and a player no object (115.1, 601.2c);
    # before, the cast was taken and the Forest got +3/+3.
    kb = kb_of(*_CARDS)
    for target in ("forest", "bob"):
        tl = _cast(kb, "growth", "Giant Growth", [target])
        assert not tl.finished and str(tl.steps[-1].refused) == f"target_not_allowed({target})"
        assert not any(f.name == "modifies_pt" for st in tl.steps for f in st.state)


def test_giant_growth_on_a_creature_of_either_player_resolves_611_2a(kb_of):
    tl = _cast(kb_of(*_CARDS), "growth", "Giant Growth", ["bears2"])
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "modifies_pt(effect(growth,1,3),bears2,3,3)")
    assert not any("cast_targets_not_checked" in str(a) for a in tl.final.assumptions())


def test_a_spell_without_the_word_target_chooses_none_115_10(kb_of):
    # Divination ("Draw two cards.") and Grizzly Bears (no text) have no target to choose (115.10).
    kb = kb_of(*_CARDS)
    tl = _cast(kb, "div", "Divination", ["bears"])
    assert not tl.finished and str(tl.steps[-1].refused) == "too_many_targets(1,0)"
    tl = _cast(kb, "bears3", "Grizzly Bears", ["bob"])   # (bob is also no candidate for a slot it hasn't)
    assert not tl.finished and str(tl.steps[-1].refused) in ("too_many_targets(1,0)", "target_not_allowed(bob)")
    tl = _cast(kb, "div", "Divination", [])
    assert tl.finished, tl.steps[-1].refused


def test_a_cast_whose_targets_are_not_judged_carries_an_assumption(kb_of):
    # Jump ("Target creature gains flying until end of turn.") and Pacifism (an Aura, 303.4a): their
    # targets are named but no rule here counts them; the sequence goes on, with the assumption.
    kb = kb_of(*_CARDS)
    for obj, card in (("jump", "Jump"), ("pac", "Pacifism")):
        tl = _cast(kb, obj, card, [], resolve=False)
        assert tl.finished, tl.steps[-1].refused
        assert holds(tl, f"assumed({obj},cast_targets_not_checked)")
        assert any(f"cast_targets_not_checked" in str(a) for a in tl.final.assumptions()), tl.final.assumptions()


# --- 608.2b: the targets checked again as the spell resolves ----------------------------------------

def _murder_answered_by(kb, answer):
    s = two_player_state(("murder", "Murder", "hand", "alice"), ("answer", answer, "hand", "bob"),
                         ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "murder", targets=["bears"])
    s.then_pass_priority()
    s.then_cast("bob", "answer", targets=["bears"])
    s.then_resolve()     # bob's answer resolves first (405.5)
    s.then_resolve()     # then Murder
    return kb.run(s)


def test_murder_does_not_resolve_when_its_target_gained_shroud_608_2b_702_18a(kb_of):
    # Mage's Guile gives the Bears shroud in response: as Murder resolves its only target is illegal,
    # so Murder doesn't resolve (before: the Bears were destroyed).
    tl = _murder_answered_by(kb_of("Murder", "Mage's Guile", "Grizzly Bears"), "Mage's Guile")
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(bears,battlefield)") and holds(tl, "in_zone(murder,graveyard)")
    murder_resolves = [s for s in tl.steps if s.user_event == 5][0]
    moved = next(c for c in murder_resolves.changes if str(c.fluent) == "in_zone(murder,graveyard)")
    assert "608.2b" in moved.citations


def test_murder_does_not_resolve_when_its_target_gained_hexproof_608_2b_702_11b(kb_of):
    # Loran's Escape gives the Bears hexproof (and indestructible): Murder, controlled by bob's
    # opponent, has an illegal target and doesn't resolve (608.2b), rather than resolving and the
    # Bears surviving by indestructible (702.12b).
    tl = _murder_answered_by(kb_of("Murder", "Loran's Escape", "Grizzly Bears"), "Loran's Escape")
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(bears,battlefield)") and holds(tl, "in_zone(murder,graveyard)")
    murder_resolves = [s for s in tl.steps if s.user_event == 5][0]
    moved = next(c for c in murder_resolves.changes if str(c.fluent) == "in_zone(murder,graveyard)")
    assert "608.2b" in moved.citations
    assert "702.12b" not in {r for st in tl.steps for c in st.changes for r in c.citations}


def test_bobs_own_spell_may_target_his_hexproof_creature_702_11b(kb_of):
    # hexproof stops only the opponents' spells: bob's Giant Growth on his hexproof Bears resolves.
    kb = kb_of("Giant Growth", "Loran's Escape", "Grizzly Bears")
    s = two_player_state(("escape", "Loran's Escape", "hand", "bob"), ("growth", "Giant Growth", "hand", "bob"),
                         ("bears", "Grizzly Bears", "battlefield", "bob"), active="bob")
    s.then_cast("bob", "growth", targets=["bears"])
    s.then_cast("bob", "escape", targets=["bears"])
    s.then_resolve()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert [str(f) for f in tl.steps[-1].state if f.name == "modifies_pt"] == ["modifies_pt(effect(growth,1,7),bears,3,3)"]


# --- a player with hexproof or shroud (702.11c, 702.18a) ----------------------------------------------

def _bolt_at(kb, caster: str, target: str, permanent: tuple[str, str]):
    """``caster`` casts Lightning Bolt at ``target``, ``permanent`` (card, controller) on the battlefield."""
    s = two_player_state(("perm", permanent[0], "battlefield", permanent[1]), ("bolt", "Lightning Bolt", "hand", caster),
                         active=caster)
    s.then_cast(caster, "bolt", targets=[target])
    s.then_resolve()
    return kb.run(s)


def test_leyline_of_sanctity_keeps_an_opponents_bolt_from_targeting_its_controller_702_11c(kb_of):
    # Leyline of Sanctity: "You have hexproof." bob controls it: alice's Bolt can't target bob (702.11c:
    # not by spells his opponents control), while bob may target himself, and alice may target herself
    kb = kb_of("Leyline of Sanctity", "Lightning Bolt")
    cast = _bolt_at(kb, "alice", "bob", ("Leyline of Sanctity", "bob")).steps[1]
    assert str(cast.refused) == "target_not_allowed(bob)" and {"601.2c", "702.11c"} <= set(cast.refused_citations)
    own = _bolt_at(kb, "bob", "bob", ("Leyline of Sanctity", "bob"))
    assert own.finished and holds(own, "life_total(bob,17)")
    other = _bolt_at(kb, "alice", "alice", ("Leyline of Sanctity", "bob"))
    assert other.finished and holds(other, "life_total(alice,17)")


def test_true_believers_shroud_keeps_even_its_controllers_own_bolt_from_targeting_her_702_18a(kb_of):
    # True Believer: "You have shroud." alice controls it: no spell can target alice, hers included
    kb = kb_of("True Believer", "Lightning Bolt")
    cast = _bolt_at(kb, "alice", "alice", ("True Believer", "alice")).steps[1]
    assert str(cast.refused) == "target_not_allowed(alice)" and "702.18a" in cast.refused_citations
    at_bob = _bolt_at(kb, "alice", "bob", ("True Believer", "alice"))
    assert at_bob.finished and holds(at_bob, "life_total(bob,17)")


def test_blood_artists_trigger_cannot_target_an_opponent_with_leyline_of_sanctity_702_11c_603_3d(kb_of):
    # alice's Blood Artist sees the Bears die; its "target player" may not be bob, who has hexproof
    kb = kb_of("Blood Artist", "Grizzly Bears", "Lightning Bolt", "Leyline of Sanctity")

    def put(target):
        s = two_player_state(("ba", "Blood Artist", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
                             ("ley", "Leyline of Sanctity", "battlefield", "bob"), ("bolt", "Lightning Bolt", "hand", "alice"))
        s.then_cast("alice", "bolt", targets=["bears"])
        s.then_resolve()
        s.then_put_triggers(targets={"ba": [target]})
        return kb.run(s).steps[-1]
    step = put("bob")
    assert str(step.refused) == "target_not_allowed(bob)" and {"603.3d", "702.11c"} <= set(step.refused_citations)
    assert put("alice").refused is None
