"""Combat keyword triggered abilities read from their CR definitions and applied in sequences
(rules_asp/time/keyword_combat_triggers.lp): bushido (702.45a), rampage (702.23a-b), flanking (702.25a),
battle cry (702.91a), afflict (702.130a), melee (702.121a), dethrone (702.105a), training (702.149a) and
frenzy (702.68a), each with a real card; before, each was only an assumption
('keyword K: no rules for it yet') and the combat went as if the creature lacked it."""

from __future__ import annotations

from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _pending_cites(tl) -> set[str]:
    return {r for st in tl.steps for c in st.changes if c.fluent.name == "pending_trigger" for r in c.citations}


def _pumps(tl) -> list[str]:
    """The modifies_pt fluents of the state before combat damage: 'object,P,T'."""
    states = [st.state for st in tl.steps if any(f.name == "modifies_pt" for f in st.state)]
    return sorted(",".join(str(a) for a in f.arguments[1:]) for f in states[-1] if f.name == "modifies_pt") if states else []


def _resolve_triggers(s, n):
    if n:
        s.then_put_triggers()
        for _ in range(n):
            s.then_resolve()


def _combat(kb, objects, attackers, blockers, attack_triggers=0, block_triggers=0, assignments=None):
    """Attackers declared, their attack triggers put on the stack and resolved, blockers declared, the
    block triggers resolved, combat damage: the finished timeline."""
    s = _state(*objects, phase="combat", step="beginning_of_combat")
    s.then_declare_attackers(attackers)
    _resolve_triggers(s, attack_triggers)
    s.then_declare_blockers(blockers)
    _resolve_triggers(s, block_triggers)
    s.then_combat_damage(assignments)
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    return tl


def test_devoted_retainer_blocks_gets_plus_one_and_trades_with_grizzly_bears_702_45a(kb_of):
    # Bushido 1: blocking, the 1/1 becomes 2/2 until end of turn: both die (704.5g); before, only it died.
    kb = kb_of("Devoted Retainer", "Grizzly Bears")
    tl = _combat(kb, [("gb", "Grizzly Bears", "battlefield", "alice"), ("dr", "Devoted Retainer", "battlefield", "bob")],
                 {"gb": "bob"}, {"dr": "gb"}, block_triggers=1)
    assert _pumps(tl) == ["dr,1,1"]
    assert "702.45a" in _pending_cites(tl)
    assert _holds(tl, "in_zone(gb,graveyard)") and _holds(tl, "in_zone(dr,graveyard)")
    assert tl.final.assumptions() == []


def test_wolverine_pack_blocked_by_two_bears_gets_plus_two_for_the_second_702_23a_702_23b(kb_of):
    # Rampage 2: blocked by two creatures, +2/+2 for each beyond the first (counted as it resolves): a 4/6.
    # It survives the bears' 4 damage and assigns its 4 as 2 + 2 (all of its power, 510.1a: with power 2
    # this assignment is refused): both bears die.
    kb = kb_of("Wolverine Pack", "Grizzly Bears")
    tl = _combat(kb, [("wp", "Wolverine Pack", "battlefield", "alice"), ("b1", "Grizzly Bears", "battlefield", "bob"),
                      ("b2", "Grizzly Bears", "battlefield", "bob")],
                 {"wp": "bob"}, {"b1": "wp", "b2": "wp"}, block_triggers=1, assignments={"wp": {"b1": 2, "b2": 2}})
    assert _pumps(tl) == ["wp,2,2"]
    assert "702.23a" in _pending_cites(tl)
    assert _holds(tl, "in_zone(wp,battlefield)")
    assert _holds(tl, "in_zone(b1,graveyard)") and _holds(tl, "in_zone(b2,graveyard)")
    assert tl.final.assumptions() == []


def test_benalish_cavalry_blocked_by_bears_gives_the_blocker_minus_one_and_survives_702_25a(kb_of):
    # Flanking: the blocking Grizzly Bears (no flanking) gets -1/-1: a 1/1 that deals 1 to the 2/2 Cavalry
    # and dies to its 2 (before: both died).
    kb = kb_of("Benalish Cavalry", "Grizzly Bears")
    tl = _combat(kb, [("bc", "Benalish Cavalry", "battlefield", "alice"), ("gb", "Grizzly Bears", "battlefield", "bob")],
                 {"bc": "bob"}, {"gb": "bc"}, block_triggers=1)
    assert _pumps(tl) == ["gb,-1,-1"]
    assert "702.25a" in _pending_cites(tl)
    assert _holds(tl, "in_zone(bc,battlefield)") and _holds(tl, "in_zone(gb,graveyard)")
    assert tl.final.assumptions() == []


def test_goblin_wardriver_battle_cry_gives_the_other_attacker_plus_one_702_91a(kb_of):
    # Battle cry: Grizzly Bears attacking beside it gets +1/+0 (not the Wardriver itself): unblocked,
    # bob takes 2 + 3 = 5 (before: 4).
    kb = kb_of("Goblin Wardriver", "Grizzly Bears")
    tl = _combat(kb, [("gw", "Goblin Wardriver", "battlefield", "alice"), ("gb", "Grizzly Bears", "battlefield", "alice")],
                 {"gw": "bob", "gb": "bob"}, {}, attack_triggers=1)
    assert _pumps(tl) == ["gb,1,0"]
    assert "702.91a" in _pending_cites(tl)
    assert _holds(tl, "life_total(bob,15)")
    assert tl.final.assumptions() == []


def test_khenra_eternal_blocked_makes_the_defending_player_lose_one_life_702_130a(kb_of):
    # Afflict 1: blocked by bob's Grizzly Bears, bob (the defending player, 506.2) loses 1 life (before: 20).
    kb = kb_of("Khenra Eternal", "Grizzly Bears")
    tl = _combat(kb, [("ke", "Khenra Eternal", "battlefield", "alice"), ("gb", "Grizzly Bears", "battlefield", "bob")],
                 {"ke": "bob"}, {"gb": "ke"}, block_triggers=1)
    assert "702.130a" in _pending_cites(tl)
    assert _holds(tl, "life_total(bob,19)")
    assert tl.final.assumptions() == []


def test_wings_of_the_guard_melee_gets_plus_one_for_the_opponent_attacked_702_121a(kb_of):
    # Melee: attacking bob (one opponent attacked with a creature this combat), the 1/1 gets +1/+1 until
    # end of turn: unblocked, bob 18 (before: 19).
    kb = kb_of("Wings of the Guard")
    tl = _combat(kb, [("wg", "Wings of the Guard", "battlefield", "alice")], {"wg": "bob"}, {}, attack_triggers=1)
    assert _pumps(tl) == ["wg,1,1"]
    assert "702.121a" in _pending_cites(tl)
    assert _holds(tl, "life_total(bob,18)")
    assert tl.final.assumptions() == []


def test_enraged_revolutionary_attacking_the_player_tied_for_most_life_gets_a_counter_702_105a(kb_of):
    # Dethrone: bob (20) is tied for the most life: a +1/+1 counter (122.1), a 3/2 unblocked: bob 17.
    kb = kb_of("Enraged Revolutionary")
    tl = _combat(kb, [("er", "Enraged Revolutionary", "battlefield", "alice")], {"er": "bob"}, {}, attack_triggers=1)
    assert "702.105a" in _pending_cites(tl)
    assert _holds(tl, "counters(er,pt(1,1),1)")
    assert _holds(tl, "life_total(bob,17)")
    assert tl.final.assumptions() == []


def test_dethrone_does_not_trigger_against_a_player_with_less_life_702_105a(kb_of):
    kb = kb_of("Enraged Revolutionary")
    s = _state(("er", "Enraged Revolutionary", "battlefield", "alice"), phase="combat", step="beginning_of_combat")
    s.set_life("alice", 25)
    s.then_declare_attackers({"er": "bob"})
    s.then_declare_blockers({})
    s.then_combat_damage()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not _pending_cites(tl) and _holds(tl, "life_total(bob,18)")


def test_apprentice_sharpshooter_attacking_with_bigger_bears_trains_702_149a(kb_of):
    # Training: the 1/4 attacks with Grizzly Bears (power 2 > 1): a +1/+1 counter, a 2/5; unblocked,
    # bob takes 2 + 2 (before: 1 + 2).
    kb = kb_of("Apprentice Sharpshooter", "Grizzly Bears")
    tl = _combat(kb, [("as", "Apprentice Sharpshooter", "battlefield", "alice"), ("gb", "Grizzly Bears", "battlefield", "alice")],
                 {"as": "bob", "gb": "bob"}, {}, attack_triggers=1)
    assert "702.149a" in _pending_cites(tl)
    assert _holds(tl, "counters(as,pt(1,1),1)")
    assert _holds(tl, "life_total(bob,16)")
    assert tl.final.assumptions() == []


def test_garbage_elemental_frenzy_unblocked_gets_plus_two_702_68a(shared_data):
    # Frenzy 2 (the Unstable Garbage Elemental printed with it; the other cards of that name have other
    # abilities): attacking and not blocked (509.1h), it gets +2/+0 until end of turn: bob 20 - 4 = 16
    # (before: 18). Its other ability ("can't be blocked by wordy creatures") is not read: an assumption.
    from pyrules import KnowledgeBase
    from pyrules.facts.card_facts import card_facts
    from pyrules.inputs.cards import load_cards
    cards = [c for c in load_cards(shared_data / "cards" / "scryfall-oracle-compact-A-K.json", names={"Garbage Elemental"})
             if any(f.name == "face_keyword" and str(f.arguments[2]) == "frenzy" for f in card_facts(c))]
    assert len(cards) == 1
    kb = KnowledgeBase(cards, time_limit=120)
    tl = _combat(kb, [("ge", "Garbage Elemental", "battlefield", "alice")], {"ge": "bob"}, {}, block_triggers=1)
    assert _pumps(tl) == ["ge,2,0"]
    assert {"702.68a", "509.1h"} <= _pending_cites(tl)
    assert _holds(tl, "life_total(bob,16)")
    assert not any("frenzy" in a.text for a in tl.final.assumptions())


def test_frenzy_with_no_blockers_step_shown_is_an_assumption_not_a_silent_miss_509_1h(shared_data):
    # Combat damage straight after the declaration of attackers: the declare blockers step (509.1h: an
    # attacker with no blockers becomes unblocked, frenzy triggers) was not shown, so frenzy's trigger is
    # not derived and the answers say so (before: bob 18, nothing assumed).
    from pyrules import KnowledgeBase
    from pyrules.facts.card_facts import card_facts
    from pyrules.inputs.cards import load_cards
    cards = [c for c in load_cards(shared_data / "cards" / "scryfall-oracle-compact-A-K.json", names={"Garbage Elemental"})
             if any(f.name == "face_keyword" and str(f.arguments[2]) == "frenzy" for f in card_facts(c))]
    kb = KnowledgeBase(cards, time_limit=120)
    s = _state(("ge", "Garbage Elemental", "battlefield", "alice"), phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"ge": "bob"})
    s.then_combat_damage()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert "effect_not_applied(trigger_not_derived(frenzy,declare_blockers_step_not_shown))" in {
        a.text for a in tl.final.assumptions()}


def test_afflict_attacking_a_planeswalker_is_an_assumption_506_2(kb_of):
    # Khenra Eternal attacks bob's Jace Beleren and is blocked: the defending player is the planeswalker's
    # controller (506.2), which this file does not read: no life loss derived, and the answers say so.
    kb = kb_of("Khenra Eternal", "Grizzly Bears", "Jace Beleren")
    s = _state(("ke", "Khenra Eternal", "battlefield", "alice"), ("gb", "Grizzly Bears", "battlefield", "bob"),
               ("jb", "Jace Beleren", "battlefield", "bob"), phase="combat", step="beginning_of_combat")
    s.add_counters("jb", "loyalty", 3)
    s.then_declare_attackers({"ke": "jb"})
    s.then_declare_blockers({"gb": "ke"})
    s.then_combat_damage()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "life_total(bob,20)")
    assert "effect_not_applied(defending_player_not_read(afflict))" in {a.text for a in tl.final.assumptions()}
