"""Resolution effects over time (issue 15; rules_asp/time/resolution_effects*.lp): each effect kind the
card grammar reads, applied on a real card posed as a sequence (cast, resolve) with no hand-built
effect, with the CR rules cited on the changes; what is not applied is an assumption (608.2c, 608.2d)."""

from __future__ import annotations

import clingo
import pytest

from timeline_helpers import atom as _atom
from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)



def _citations(timeline, fluent: str, kind: str = "begins") -> list[str]:
    atom = _atom(fluent)
    return [r for st in timeline.steps for c in st.changes if c.fluent == atom and c.kind == kind for r in c.citations]


def _unapplied(timeline) -> set[str]:
    return {str(f) for f in timeline.steps[-1].state if f.name == "unapplied_effect"}


def test_giant_growth_in_response_saves_the_bears_from_lightning_bolt_613_4c_405_5(kb_of):
    kb = kb_of("Lightning Bolt", "Giant Growth", "Grizzly Bears")
    # No event passes priority yet: after casting, the caster holds priority (117.3c), so one player
    # casts both; Giant Growth in response to the Bolt on the stack.
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("growth", "Giant Growth", "hand", "alice"),
               ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "bolt", targets=["bears"])
    s.then_cast("alice", "growth", targets=["bears"])
    s.then_resolve()   # 405.5: the last cast, Giant Growth, resolves first
    s.then_resolve()   # then Lightning Bolt: 3 damage to a 5/5
    s.then_go_to("end")
    s.then_go_to("cleanup")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    growth_resolves, bolt_resolves = _user_steps(tl)[2:4]
    assert _atom("in_zone(growth,graveyard)") in growth_resolves.state
    assert _atom("in_zone(bolt,stack)") in growth_resolves.state
    pt = [f for f in growth_resolves.state if f.name == "modifies_pt"]
    assert [[str(a) for a in f.arguments[1:]] for f in pt] == [["bears", "3", "3"]]
    assert {"611.2a", "613.4c"} <= set(_citations(tl, str(pt[0])))
    assert _atom("damage_marked(bears,3)") in bolt_resolves.state
    # 704.5g: 3 damage on a 5/5 is not lethal; the check after the Bolt leaves the Bears on the battlefield
    check = tl.steps[tl.steps.index(bolt_resolves) + 1]
    assert _atom("in_zone(bears,battlefield)") in check.state
    # 514.2: in the cleanup step the damage is removed and the effect ends
    cleanup = _user_steps(tl)[5]
    ended = [c for c in cleanup.changes if c.fluent == pt[0]]
    assert ended and ended[0].kind == "ends" and {"514.2", "611.2a"} <= set(ended[0].citations)
    assert _holds(tl, "in_zone(bears,battlefield)") and not any(f.name == "modifies_pt" for f in tl.steps[-1].state)


def test_without_giant_growth_the_bolt_kills_the_bears_704_5g(kb_of):
    # the same sequence with Giant Growth resolving after the Bolt: the Bears are dead first (608.2b: it fizzles)
    kb = kb_of("Lightning Bolt", "Giant Growth", "Grizzly Bears")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("growth", "Giant Growth", "hand", "alice"),
               ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "growth", targets=["bears"])
    s.then_cast("alice", "bolt", targets=["bears"])
    s.then_resolve()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(bears,graveyard)") and _holds(tl, "in_zone(growth,graveyard)")
    assert not any(f.name == "modifies_pt" for st in tl.steps for f in st.state)
    assert "608.2b" in _citations(tl, "in_zone(growth,graveyard)")


def test_giant_growth_power_counts_in_combat_damage_510_1a(kb_of):
    kb = kb_of("Giant Growth", "Grizzly Bears")
    s = _state(("growth", "Giant Growth", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"),
               phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"bears": "bob"})
    s.then_declare_blockers({})
    s.then_cast("alice", "growth", targets=["bears"])
    s.then_resolve()
    s.then_combat_damage()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "life_total(bob,15)")   # 2 + 3 power


def test_battlegrowth_puts_a_counter_that_counts_for_toughness_122_1(kb_of):
    kb = kb_of("Battlegrowth", "Shock", "Grizzly Bears")
    s = _state(("bg", "Battlegrowth", "hand", "alice"), ("shock", "Shock", "hand", "alice"),
               ("bears", "Grizzly Bears", "battlefield", "alice"))
    s.then_cast("alice", "bg", targets=["bears"])
    s.then_resolve()
    s.then_cast("alice", "shock", targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert {"122.1", "608.2c"} <= set(_citations(tl, "counters(bears,pt(1,1),1)"))
    # 2 damage on a 3/3 (122.1a): not lethal (704.5g); the counter stays
    assert _holds(tl, "in_zone(bears,battlefield)") and _holds(tl, "counters(bears,pt(1,1),1)")
    assert _holds(tl, "damage_marked(bears,2)")


def test_pressure_point_taps_its_target_and_draws_the_known_top_card_701_26a_121_1(kb_of):
    kb = kb_of("Pressure Point", "Grizzly Bears")
    s = _state(("pp", "Pressure Point", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
               ("top", "Grizzly Bears", "library", "alice"))
    s.set_top_of_library("top")
    s.then_cast("alice", "pp", targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "tapped(bears)") and "701.26a" in _citations(tl, "tapped(bears)")
    assert _holds(tl, "in_zone(top,hand)") and {"121.1", "121.2"} <= set(_citations(tl, "in_zone(top,hand)"))
    assert not _holds(tl, "top_of_library(top)")
    assert _unapplied(tl) == set()


def test_a_draw_with_the_top_card_unknown_stays_unapplied_121_1(kb_of):
    kb = kb_of("Pressure Point", "Grizzly Bears")
    s = _state(("pp", "Pressure Point", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
               ("card", "Grizzly Bears", "library", "alice"))
    s.then_cast("alice", "pp", targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished
    assert _holds(tl, "tapped(bears)") and _holds(tl, "in_zone(card,library)")
    assert _unapplied(tl) == {"unapplied_effect(pp,2,effect(draws_cards))"}
    assert any("draws_cards" in str(a) for a in tl.final.assumptions())


def test_divination_draws_two_only_the_top_card_is_known_unapplied(kb_of):
    kb = kb_of("Divination", "Grizzly Bears")
    s = _state(("div", "Divination", "hand", "alice"), ("top", "Grizzly Bears", "library", "alice"))
    s.set_top_of_library("top")
    s.then_cast("alice", "div")
    s.then_resolve()
    tl = kb.run(s)
    assert _holds(tl, "in_zone(top,library)")
    assert _unapplied(tl) == {"unapplied_effect(div,1,effect(draws_cards))"}


def test_burst_of_energy_untaps_its_target_701_26a(kb_of):
    kb = kb_of("Burst of Energy", "Grizzly Bears")
    s = _state(("burst", "Burst of Energy", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"))
    s.tap("bears")
    s.then_cast("alice", "burst", targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not _holds(tl, "tapped(bears)") and "701.26a" in _citations(tl, "tapped(bears)", "ends")


def test_counterspell_puts_the_target_spell_into_its_owners_graveyard_701_6a(kb_of):
    kb = kb_of("Counterspell", "Lightning Bolt")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("cs", "Counterspell", "hand", "alice"))
    s.then_cast("alice", "bolt", targets=["bob"])
    s.then_cast("alice", "cs", targets=["bolt"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(bolt,graveyard)") and _holds(tl, "in_zone(cs,graveyard)")
    assert "701.6a" in _citations(tl, "in_zone(bolt,graveyard)")
    assert _holds(tl, "life_total(bob,20)")   # the Bolt never resolved
    assert _unapplied(tl) == set()


def test_a_spell_that_cant_be_countered_stays_on_the_stack_101_2(kb_of):
    kb = kb_of("Counterspell", "Abrupt Decay", "Grizzly Bears")
    s = _state(("decay", "Abrupt Decay", "hand", "alice"), ("cs", "Counterspell", "hand", "alice"),
               ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "decay", targets=["bears"])
    s.then_cast("alice", "cs", targets=["decay"])
    s.then_resolve()   # Counterspell: its target can't be countered (101.2: "can't" wins)
    s.then_resolve()   # Abrupt Decay resolves: destroy (701.8a)
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    counter = _user_steps(tl)[2]
    assert _atom("in_zone(decay,stack)") in counter.state and _atom("in_zone(cs,graveyard)") in counter.state
    assert _holds(tl, "in_zone(bears,graveyard)") and _holds(tl, "in_zone(decay,graveyard)")
    assert _unapplied(tl) == set()   # "This spell can't be countered." is no instruction left undone


def test_a_may_choice_not_stated_is_unapplied_608_2d(kb_of):
    # "You may discard a card. If you do, draw a card.": no event states the choice
    kb = kb_of("Incinerating Blast", "Grizzly Bears")
    s = _state(("blast", "Incinerating Blast", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
               ("top", "Grizzly Bears", "library", "alice"))
    s.set_top_of_library("top")
    s.then_cast("alice", "blast", targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(bears,graveyard)")   # the 6 damage: applied (704.5g after it)
    assert _holds(tl, "in_zone(top,library)")       # the draw depends on the choice: not applied
    assert _unapplied(tl) == {"unapplied_effect(blast,2,choice_not_made(discards_cards))",
                              "unapplied_effect(blast,2,depends_on_choice(draws_cards))"}


def test_healing_salve_applies_only_its_chosen_mode_700_2(kb_of):
    kb = kb_of("Healing Salve")
    s = _state(("salve", "Healing Salve", "hand", "alice"))
    s.then_cast("alice", "salve", targets=["bob"], modes=[1])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "life_total(bob,23)") and "119.3" in _citations(tl, "life_total(bob,23)")
    assert _unapplied(tl) == set()   # mode 2 (prevent the next 3 damage) was not chosen: not part of the spell


def test_a_modal_spell_cast_with_two_modes_for_choose_one_is_refused_700_2(kb_of):
    kb = kb_of("Healing Salve")
    s = _state(("salve", "Healing Salve", "hand", "alice"))
    s.then_cast("alice", "salve", targets=["bob"], modes=[1, 2])
    tl = kb.run(s)
    assert str(tl.steps[-1].refused) == "mode_count(2)" and "700.2" in tl.steps[-1].refused_citations


def test_a_predefined_token_is_not_created_but_listed_111_10(kb_of):
    # "Destroy target creature. Create a Food token.": a Food (111.10b) has the abilities the CR
    # defines, which no description here gives: not created, an assumption (tokens the text describes
    # in full: tests/test_timeline_tokens_and_cards.py)
    kb = kb_of("Bake into a Pie", "Grizzly Bears")
    s = _state(("pie", "Bake into a Pie", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "pie", targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(bears,graveyard)")
    assert _unapplied(tl) == {"unapplied_effect(pie,1,effect(creates_tokens))"}
    assert not any(f.name == "in_zone" and f.arguments[0].name == "token" for f in tl.steps[-1].state)


def test_terminate_destroys_a_creature_with_a_regeneration_shield_701_19c(kb_of):
    kb = kb_of("Terminate", "Drudge Skeletons")
    s = _state(("term", "Terminate", "hand", "alice"), ("skel", "Drudge Skeletons", "battlefield", "bob"))
    s.regeneration_shield("skel")
    s.then_cast("alice", "term", targets=["skel"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(skel,graveyard)") and "701.19c" in _citations(tl, "in_zone(skel,graveyard)")
    assert _unapplied(tl) == set()


def test_mana_leak_is_its_controllers_choice_unapplied(kb_of):
    # "Counter target spell unless its controller pays {3}": no event states whether they pay
    kb = kb_of("Mana Leak", "Lightning Bolt")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("leak", "Mana Leak", "hand", "alice"))
    s.then_cast("alice", "bolt", targets=["bob"])
    s.then_cast("alice", "leak", targets=["bolt"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(bolt,stack)")
    assert _unapplied(tl) == {"unapplied_effect(leak,1,effect(counter_target))",
                              "unapplied_effect(leak,1,effect(counter_unless_controller_pays))"}


def test_doom_blade_destroys_its_target_701_8a(kb_of):
    kb = kb_of("Doom Blade", "Grizzly Bears")
    s = _state(("blade", "Doom Blade", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "blade", targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(bears,graveyard)") and "701.8a" in _citations(tl, "in_zone(bears,graveyard)")


def test_aim_high_it_is_its_target_untap_pt_and_reach_end_at_cleanup_608_2c_514_2(kb_of):
    # "Untap target creature. It gets +2/+2 and gains reach until end of turn."
    kb = kb_of("Aim High", "Grizzly Bears")
    s = _state(("aim", "Aim High", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"))
    s.tap("bears")
    s.then_cast("alice", "aim", targets=["bears"])
    s.then_resolve()
    s.then_go_to("end")
    s.then_go_to("cleanup")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    resolve = _user_steps(tl)[1]
    assert _atom("tapped(bears)") not in resolve.state
    effects = {(f.name, tuple(str(a) for a in f.arguments[1:])) for f in resolve.state
               if f.name in ("modifies_pt", "grants_keyword")}
    assert effects == {("modifies_pt", ("bears", "2", "2")), ("grants_keyword", ("bears", "reach"))}
    assert _unapplied(tl) == set()
    cleanup = _user_steps(tl)[3]
    assert {c.fluent.name for c in cleanup.changes if c.kind == "ends"} >= {"modifies_pt", "grants_keyword"}


# Facts on a spell ability that are no effect of their own: they qualify an effect (its duration, what
# its target may be, the token or search it describes, a permission's terms), are a cost paid as the
# spell is cast (601.2b), a static ability of the spell on the stack (101.2 "can't be countered"), or
# describe the ability's text (modes, ability word, reminder text).
QUALIFIERS = {
    "effect_duration", "destroy_target_may_be", "counter_target_may_be", "countered_spell_quality",
    "copy_target_may_be", "copy_target_you_control", "copy_exception", "may_choose_new_targets",
    "creates_token_power_toughness", "creates_token_color", "creates_token_subtype", "creates_token_card_type",
    "creates_token_keyword", "creates_token_named", "creates_token_subtype_order", "search_card_quality",
    "search_puts_found",
    "search_reveals_found", "spell_additional_cost", "spree_mode_cost_mana_symbol", "cant_be_countered",
    "allowed_spell_quality", "restricted_spell_quality", "permission_condition", "permission_additional_cost",
    "permission_duration", "permission_applies_to", "permission_choice", "modal_ability", "face_ability_mode",
    "face_ability_word", "face_reminder_text", "face_ability", "card_unparsed", "if_you_do", "control_duration",
    "granted_keyword_cost", "ability_names_target",
    "reflexive_trigger",   # 603.12: marks effect P as its reflexive ability's (listed: reflexive_trigger_not_modelled)
}


def test_every_effect_the_grammar_reads_on_a_real_spell_is_applied_or_listed_608_2c(oracle_records):
    # Issue 15's "none silently dropped": every fact predicate the card grammar writes for a spell
    # ability of a real instant or sorcery is a spell_effect/4 of resolution_effects.lp (so, when it
    # is not applied, an unapplied_effect assumption) or one of the qualifiers above.
    from clingo import ast

    from pyrules.facts.card_facts import card_facts
    from pyrules.inputs.cards import cards_from_json
    from pyrules.inputs.rule_base import time_rule_statements

    listed = set()
    for stm in time_rule_statements():
        if (stm.ast_type == ast.ASTType.Rule and stm.head.ast_type == ast.ASTType.Literal
                and stm.head.atom.ast_type == ast.ASTType.SymbolicAtom):
            term = stm.head.atom.symbol
            if term.ast_type == ast.ASTType.Function and term.name == "spell_effect" and len(term.arguments) == 4:
                listed.add(str(term.arguments[3]))
    assert {"deals_damage", "gets_pt", "draws_cards", "counter_target"} <= listed
    seen: dict[str, str] = {}
    for rec in oracle_records.values():
        if not any(t in rec.get("type_line", "") for t in ("Instant", "Sorcery")):
            continue
        try:
            cards = cards_from_json([rec])
        except Exception:  # noqa: BLE001 — a record the card reader refuses has no facts to check
            continue
        for card in cards:
            facts = card_facts(card)
            spell = {(f.arguments[1], f.arguments[2]) for f in facts
                     if f.name == "face_ability" and str(f.arguments[3]) == "spell"}
            for f in facts:
                if len(f.arguments) < 3 or f.name in QUALIFIERS or f.name.startswith(("face_", "card_")):
                    continue
                where = f.arguments[2]
                if where.type == clingo.SymbolType.Function and where.name == "mode" and len(where.arguments) == 2:
                    where = where.arguments[0]
                if (f.arguments[1], where) in spell and f.name not in listed:
                    seen.setdefault(f.name, rec["name"])
    assert not seen, f"effect predicates on spell abilities neither applied nor listed: {seen}"


def test_a_target_written_as_target_creature_you_control_is_not_refused_as_too_many_601_2c(kb_of):
    # "Return target creature you control to its owner's hand." has one target (115.1a): the
    # cast naming it is not refused as too_many_targets (the slot counter counts only target(T))
    from pyrules import KnowledgeBase
    from pyrules.inputs.cards import cards_from_text
    from timeline_helpers import two_player_state

    kb = KnowledgeBase(list(cards_from_text(
        "Retreat Test\n{U}\nInstant\nReturn target creature you control to its owner's hand.\n\n"
        "Grizzly Bears\n{1}{G}\nCreature — Bear\n2/2\n")))
    kb.time_limit = 120
    s = two_player_state(("ret", "Retreat Test", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"))
    s.then_cast("alice", "ret", targets=["bears"])
    step = kb.run(s).steps[-1]
    assert step.refused is None, step.refused


def test_bond_of_revival_returns_the_bears_with_haste_until_alices_next_turn_611_2b_400_7j(kb_of):
    # "Return target creature card from your graveyard to the battlefield. It gains haste until your
    # next turn.": the Bears come back under alice's control (400.3, 110.2); "It" is the returned
    # permanent (400.7j), which may attack at once (702.10b); the haste lasts through bob's turn and
    # ends as alice's next turn begins (611.2b), not in the cleanup step (514.2)
    kb = kb_of("Bond of Revival", "Grizzly Bears")
    s = _state(("bond", "Bond of Revival", "hand", "alice"), ("bears", "Grizzly Bears", "graveyard", "alice"))
    s.then_cast("alice", "bond", targets=["bears"])
    s.then_resolve()
    s.then_go_to("beginning_of_combat")
    s.then_declare_attackers({"bears": "bob"})
    s.then_go_to("combat_damage")
    s.then_combat_damage()
    s.then_go_to("end")
    s.then_go_to("cleanup")
    s.then_next_turn("bob")
    s.then_go_to("draw")
    s.then_next_turn("alice")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    _cast, resolve, _combat, attack, *_, bobs_turn, _draw, alices_turn = [st for st in tl.steps if st.user_event]
    haste = [f for f in resolve.state if f.name == "grants_keyword" and str(f.arguments[2]) == "haste"]
    assert [str(f.arguments[1]) for f in haste] == ["bears"] and _atom("in_zone(bears,battlefield)") in resolve.state
    assert _atom("attacking(bears,bob)") in attack.state and _holds(tl, "life_total(bob,18)")
    assert haste[0] in bobs_turn.state                        # not ended by the cleanup step
    assert haste[0] not in alices_turn.state
    ended = next(c for c in alices_turn.changes if c.fluent == haste[0])
    assert "611.2b" in ended.citations and "514.2" not in ended.citations


def test_bond_of_revival_leaves_an_opponents_card_where_it_is_608_2c(kb_of):
    # "from your graveyard": bob's Bears are no card it can return; the cast's targets of this text are
    # not judged, so the card stays and the effect is listed unapplied (never moved on a guess)
    kb = kb_of("Bond of Revival", "Grizzly Bears")
    s = _state(("bond", "Bond of Revival", "hand", "alice"), ("bears", "Grizzly Bears", "graveyard", "bob"))
    s.then_cast("alice", "bond", targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(bears,graveyard)") and _holds(tl, "unapplied_effect(bond,1,effect(returns_from_graveyard))")
