"""A permanent's static zone-change replacement in sequences (614.1a, 700.4): Wildwood Escort's "If this
creature would die, exile it instead" for a destroy (701.8a) and for a state-based death (704.5g), and
in a moment's destroy outcome; Rest in Peace's and Leyline of the Void's "If a card [or token] would be
put into [a | an opponent's] graveyard from anywhere, exile it instead" for a destroyed permanent, a
resolved spell, a dying creature and a sacrifice. Before, the grammar read none of these sentences
and each card went to a graveyard, with only an unread-text assumption. A replacement the grammar does
not read (Void Maw's) is listed among the assumptions of the event it could replace, never dropped."""

from __future__ import annotations

from pyrules import GameState
from timeline_helpers import holds, kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def _citations_of(tl, fluent):
    return {r for st in tl.steps for c in st.changes if c.kind == "begins" and str(c.fluent) == fluent
            for r in c.citations}


def _at_wildwood_escort(kb_of, spell):
    """Alice's ``spell`` cast at bob's Wildwood Escort (w) and resolved: the finished sequence."""
    s = two_player_state(("w", "Wildwood Escort", "battlefield", "bob"), ("sp", spell, "hand", "alice"))
    s.then_cast("alice", "sp", targets=["w"])
    s.then_resolve()
    tl = kb_of("Wildwood Escort", spell).run(s)
    assert tl.finished, tl.steps[-1].refused
    return tl


def test_murdered_wildwood_escort_is_exiled_instead_614_1a_701_8a(kb_of):
    tl = _at_wildwood_escort(kb_of, "Murder")
    assert holds(tl, "in_zone(w,exile)") and not holds(tl, "in_zone(w,graveyard)")
    assert {"614.1a", "701.8a"} <= _citations_of(tl, "in_zone(w,exile)")
    # the replacement, read and applied, is no assumption (its other ability, unread, still is)
    texts = [a.assumption.text for a in tl.assumptions()]
    assert not any("would die" in t for t in texts), texts


def test_a_lethal_flame_slash_exiles_it_in_the_state_based_actions_704_5g(kb_of):
    tl = _at_wildwood_escort(kb_of, "Flame Slash")
    assert holds(tl, "in_zone(w,exile)") and {"614.1a", "704.5g"} <= _citations_of(tl, "in_zone(w,exile)")


def test_a_moments_destroy_outcome_is_exile_614_1a(kb_of):
    s = GameState()
    s.add_player("a")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("w", "Wildwood Escort", "battlefield", "a", controller="a")
    s.destroy("d", "w")
    (result,) = kb_of("Wildwood Escort").ask(s).outcomes().destroy_results("d")
    assert result.args == ("d", "put_into(w,exile)") and "614.1a" in {c.rule for c in result.citations}


def _murder_bolt_sacrifice(kb, enchantment, card):
    s = two_player_state(("e", card, "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
                         ("mine", "Grizzly Bears", "battlefield", "alice"), ("m", "Murder", "hand", "alice"),
                         ("bolt", "Lightning Bolt", "hand", "alice"))
    s.then_cast("alice", "m", targets=["bears"])      # a destroyed permanent (701.8a)
    s.then_resolve()                                  # Murder, a resolved spell, leaves the stack (608.2n)
    s.then_cast("alice", "bolt", targets=["mine"])
    s.then_resolve()                                  # alice's Bears die in the state-based actions (704.5g)
    s.then_sacrifice("e")                             # 701.21a
    return kb.run(s)


def test_rest_in_peace_exiles_what_would_go_to_any_graveyard_614_1a(kb_of):
    # Before, the sentence was unread: every one of these went to a graveyard.
    kb = kb_of("Rest in Peace", "Murder", "Lightning Bolt", "Grizzly Bears")
    tl = _murder_bolt_sacrifice(kb, "e", "Rest in Peace")
    assert tl.finished, tl.steps[-1].refused
    for obj in ("bears", "m", "mine", "bolt", "e"):   # Rest in Peace itself too, as it leaves (its ruling)
        assert holds(tl, f"in_zone({obj},exile)"), obj
        assert "614.1a" in _citations_of(tl, f"in_zone({obj},exile)"), obj
    assert not any(f.name == "in_zone" and str(f.arguments[1]) == "graveyard" for f in tl.steps[-1].state)


def test_leyline_of_the_void_exiles_only_an_opponents_cards_614_1a(kb_of):
    kb = kb_of("Leyline of the Void", "Murder", "Lightning Bolt", "Grizzly Bears")
    tl = _murder_bolt_sacrifice(kb, "e", "Leyline of the Void")
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(bears,exile)")
    for obj in ("m", "mine", "bolt", "e"):            # alice's own cards: her graveyard
        assert holds(tl, f"in_zone({obj},graveyard)"), obj


def test_two_replacements_to_the_same_zone_exile_the_escort_once_614_5_616_1(kb_of):
    # Rest in Peace and the Escort's own "would die, exile it instead": whichever applies first, the
    # modified event (exile) is no graveyard move, so the other doesn't apply (614.5, 616.1): exiled.
    kb = kb_of("Rest in Peace", "Wildwood Escort", "Murder")
    s = two_player_state(("rip", "Rest in Peace", "battlefield", "alice"), ("w", "Wildwood Escort", "battlefield", "bob"),
                         ("m", "Murder", "hand", "alice"))
    s.then_cast("alice", "m", targets=["w"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(w,exile)") and holds(tl, "in_zone(m,exile)")


def test_void_maw_unread_is_an_assumption_of_the_destroy_it_could_replace(kb_of):
    # Void Maw's "If another creature would die, exile it instead" is not read: the Bears go to the
    # graveyard, and every outcome answer from the state to the destroy's time lists that text.
    kb = kb_of("Void Maw", "Murder", "Grizzly Bears")
    s = two_player_state(("maw", "Void Maw", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
                         ("m", "Murder", "hand", "alice"))
    s.then_cast("alice", "m", targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished and holds(tl, "in_zone(bears,graveyard)")
    resolve_time = [st.time for st in tl.steps if st.user_event == 2][0]
    (maw,) = [a for a in tl.assumptions("outcome") if a.assumption.object == "maw" and a.assumption.ability == 2]
    assert maw.assumption.text == "If another creature would die, exile it instead"
    assert resolve_time in maw.times and 0 in maw.times


def test_a_creature_exiled_instead_does_not_die_so_persist_does_not_trigger_700_4(kb_of):
    # Kitchen Finks destroyed under Rest in Peace: exiled instead, it never dies (700.4), so its
    # persist (702.79a: "When this permanent is put into a graveyard from the battlefield") doesn't trigger.
    kb = kb_of("Rest in Peace", "Murder", "Kitchen Finks")
    s = two_player_state(("rip", "Rest in Peace", "battlefield", "alice"), ("f", "Kitchen Finks", "battlefield", "bob"),
                         ("m", "Murder", "hand", "alice"))
    s.then_cast("alice", "m", targets=["f"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(f,exile)")
    assert not any("trigger" in f.name for st in tl.steps for f in st.state)
