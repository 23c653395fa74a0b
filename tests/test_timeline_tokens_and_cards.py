"""Resolution effects over time that make new objects or move cards (issue 15;
rules_asp/time/resolution_effects_tokens_and_cards.lp, resolution_effects_choices.lp): tokens (111.1-111.3),
draws from a known library order (121.1, 121.2), mill (701.17a), discards the player chose (701.9b) and
"you may" choices stated by the resolve event (608.2d, 608.2c); real cards, posed as sequences with no
hand-built effect."""

from __future__ import annotations

import pytest

from pyrules.errors import PyrulesError
from pyrules.facts.events import token_id
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


# --- tokens (111.1-111.3) -------------------------------------------------------------------------

def test_raise_the_alarm_creates_two_white_soldier_tokens_under_its_controller_111_1_111_2(kb_of):
    kb = kb_of("Raise the Alarm")
    s = _state(("alarm", "Raise the Alarm", "hand", "alice"))
    s.then_cast("alice", "alarm")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    resolve = _user_steps(tl)[1]
    for k in (1, 2):
        tok = f"token(alarm,1,1,{k})"
        for fluent in (f"in_zone({tok},battlefield)", f"controller({tok},alice)", f"token_card_type({tok},creature)",
                       f"base_power({tok},1)", f"base_toughness({tok},1)", f"token_color({tok},white)",
                       f'token_subtype({tok},1,"Soldier")'):
            assert _atom(fluent) in resolve.state, fluent
    assert {"111.1", "608.2c"} <= set(_citations(tl, "in_zone(token(alarm,1,1,1),battlefield)"))
    assert "111.2" in _citations(tl, "controller(token(alarm,1,1,2),alice)")
    assert "111.3" in _citations(tl, "base_power(token(alarm,1,1,1),1)")
    assert not any(f.name == "in_zone" and str(f.arguments[0]).startswith("token(alarm,1,1,3)") for f in resolve.state)
    # the moment after: each token is a 1/1 white creature (208.1, 202.2)
    after = resolve.after
    assert {str(a) for a in after.symbols("toughness_after")} == {"toughness_after(token(alarm,1,1,1),1)",
                                                                   "toughness_after(token(alarm,1,1,2),1)"}
    assert _unapplied(tl) == set()


def test_a_token_named_by_token_id_is_targeted_and_dies_to_0_toughness_704_5f_704_5d(kb_of):
    kb = kb_of("Raise the Alarm", "Disfigure")
    s = _state(("alarm", "Raise the Alarm", "hand", "alice"), ("dis", "Disfigure", "hand", "bob"))
    s.then_cast("alice", "alarm")
    s.then_resolve()
    s.then_pass_priority()
    s.then_cast("bob", "dis", targets=[token_id("alarm", number=1)])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert "704.5f" in _citations(tl, "in_zone(token(alarm,1,1,1),graveyard)")
    # 704.5d: the next check, it ceases to exist: no zone and no characteristics left
    assert not any("token(alarm,1,1,1)" in str(f) for f in tl.steps[-1].state)
    assert _holds(tl, "in_zone(token(alarm,1,1,2),battlefield)")


def test_lingering_souls_tokens_have_flying_111_3(kb_of):
    kb = kb_of("Lingering Souls", "Grizzly Bears")
    s = _state(("souls", "Lingering Souls", "hand", "alice"))
    s.then_cast("alice", "souls")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "token_keyword(token(souls,1,1,1),flying)") and _holds(tl, "token_keyword(token(souls,1,1,2),flying)")
    assert _holds(tl, 'token_subtype(token(souls,1,1,1),1,"Spirit")')


def test_token_id_refuses_a_number_below_one():
    with pytest.raises(PyrulesError, match="number must be a number of 1 or more"):
        token_id("alarm", number=0)


# --- cards from a library: draw, mill (121.1, 121.2, 701.17a) -------------------------------------

def test_divination_draws_the_two_known_top_cards_121_2(kb_of):
    kb = kb_of("Divination", "Grizzly Bears")
    s = _state(("div", "Divination", "hand", "alice"), ("c1", "Grizzly Bears", "library", "alice"),
               ("c2", "Grizzly Bears", "library", "alice"), ("c3", "Grizzly Bears", "library", "alice"))
    s.set_library_order("alice", ["c1", "c2", "c3"])
    s.then_cast("alice", "div")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(c1,hand)") and _holds(tl, "in_zone(c2,hand)") and _holds(tl, "in_zone(c3,library)")
    assert {"121.1", "121.2"} <= set(_citations(tl, "in_zone(c2,hand)"))
    # 401.1: the third card is now the top card
    assert _holds(tl, "top_of_library(c3)") and _holds(tl, "library_position(c3,1)")
    assert _unapplied(tl) == set()


def test_divination_with_only_one_known_card_stays_unapplied_121_2(kb_of):
    kb = kb_of("Divination", "Grizzly Bears")
    s = _state(("div", "Divination", "hand", "alice"), ("c1", "Grizzly Bears", "library", "alice"),
               ("c2", "Grizzly Bears", "library", "alice"))
    s.set_library_order("alice", ["c1"])
    s.then_cast("alice", "div")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(c1,library)") and _holds(tl, "in_zone(c2,library)")
    assert _unapplied(tl) == {"unapplied_effect(div,1,effect(draws_cards))"}


def test_thought_scour_mills_two_then_draws_the_third_card_608_2c_701_17a(kb_of):
    # "Target player mills two cards. Draw a card.", targeting its caster: the draw takes the card
    # after the two milled (608.2c: in the order written)
    kb = kb_of("Thought Scour", "Grizzly Bears")
    s = _state(("ts", "Thought Scour", "hand", "alice"), ("c1", "Grizzly Bears", "library", "alice"),
               ("c2", "Grizzly Bears", "library", "alice"), ("c3", "Grizzly Bears", "library", "alice"))
    s.set_library_order("alice", ["c1", "c2", "c3"])
    s.then_cast("alice", "ts", targets=["alice"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(c1,graveyard)") and _holds(tl, "in_zone(c2,graveyard)") and _holds(tl, "in_zone(c3,hand)")
    assert "701.17a" in _citations(tl, "in_zone(c1,graveyard)")
    assert _unapplied(tl) == set()


def test_tome_scour_mills_five_of_an_opponents_library_only_when_five_are_known_701_17a(kb_of):
    kb = kb_of("Tome Scour", "Grizzly Bears")
    cards = [(f"b{i}", "Grizzly Bears", "library", "bob") for i in range(1, 6)]
    s = _state(("tome", "Tome Scour", "hand", "alice"), *cards)
    s.set_library_order("bob", [c[0] for c in cards])
    s.then_cast("alice", "tome", targets=["bob"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert all(_holds(tl, f"in_zone(b{i},graveyard)") for i in range(1, 6))
    s = _state(("tome", "Tome Scour", "hand", "alice"), *cards)
    s.set_library_order("bob", ["b1", "b2", "b3", "b4"])
    s.then_cast("alice", "tome", targets=["bob"])
    s.then_resolve()
    tl = kb.run(s)
    assert all(_holds(tl, f"in_zone(b{i},library)") for i in range(1, 6))
    assert _unapplied(tl) == {"unapplied_effect(tome,1,effect(keyword_action))"}


def test_set_library_order_refuses_a_card_not_in_that_library():
    s = _state(("c1", "Grizzly Bears", "hand", "alice"))
    with pytest.raises(PyrulesError, match="not an object in alice's library"):
        s.set_library_order("alice", ["c1"])


# --- discard (701.9a-b) ---------------------------------------------------------------------------

def _mind_rot(*discards):
    s = _state(("rot", "Mind Rot", "hand", "alice"), ("h1", "Grizzly Bears", "hand", "bob"),
               ("h2", "Grizzly Bears", "hand", "bob"), ("h3", "Grizzly Bears", "hand", "bob"),
               ("mine", "Grizzly Bears", "hand", "alice"))
    s.then_cast("alice", "rot", targets=["bob"])
    s.then_resolve(discards=list(discards))
    return s


def test_mind_rot_discards_the_two_cards_its_target_chose_701_9b(kb_of):
    tl = kb_of("Mind Rot", "Grizzly Bears").run(_mind_rot("h1", "h3"))
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(h1,graveyard)") and _holds(tl, "in_zone(h3,graveyard)") and _holds(tl, "in_zone(h2,hand)")
    assert {"701.9a", "701.9b"} <= set(_citations(tl, "in_zone(h1,graveyard)"))
    assert _unapplied(tl) == set()


def test_mind_rot_with_no_discards_stated_is_an_assumption_701_9b(kb_of):
    tl = kb_of("Mind Rot", "Grizzly Bears").run(_mind_rot())
    assert tl.finished, tl.steps[-1].refused
    assert all(_holds(tl, f"in_zone({h},hand)") for h in ("h1", "h2", "h3"))
    assert _unapplied(tl) == {"unapplied_effect(rot,1,effect(discards_cards))"}
    assert any("discards_cards" in str(a) for a in tl.final.assumptions())


@pytest.mark.parametrize("discards, why", [(("h1",), "discard_count(1,2)"),
                                           (("h1", "mine"), "discard_not_in_hand(mine,bob)")])
def test_mind_rot_refuses_discards_its_text_does_not_ask_for_701_9b(kb_of, discards, why):
    tl = kb_of("Mind Rot", "Grizzly Bears").run(_mind_rot(*discards))
    step = tl.steps[-1]
    assert str(step.refused) == why
    assert _atom("in_zone(h1,hand)") in step.state   # a refused event changes nothing


# --- "you may" (608.2d) and "if you do" (608.2c) --------------------------------------------------

def _blast(**resolve):
    s = _state(("blast", "Incinerating Blast", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
               ("top", "Grizzly Bears", "library", "alice"), ("h1", "Grizzly Bears", "hand", "alice"))
    s.set_top_of_library("top")
    s.then_cast("alice", "blast", targets=["bears"])
    s.then_resolve(**resolve)
    return s


def test_incinerating_blast_accepted_discards_then_draws_608_2d_608_2c(kb_of):
    # "You may discard a card. If you do, draw a card." with the choice stated
    tl = kb_of("Incinerating Blast", "Grizzly Bears").run(_blast(accepts=[2], discards=["h1"]))
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(h1,graveyard)") and _holds(tl, "in_zone(top,hand)")
    assert _holds(tl, "in_zone(bears,graveyard)")
    assert _unapplied(tl) == set()


def test_incinerating_blast_declined_neither_discards_nor_draws_608_2d(kb_of):
    tl = kb_of("Incinerating Blast", "Grizzly Bears").run(_blast(declines=[2]))
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(h1,hand)") and _holds(tl, "in_zone(top,library)")
    assert _unapplied(tl) == set()   # the choice was stated: nothing rests on an assumption


def test_incinerating_blast_accepted_without_the_card_discards_stays_an_assumption_608_2c(kb_of):
    tl = kb_of("Incinerating Blast", "Grizzly Bears").run(_blast(accepts=[2]))
    assert tl.finished, tl.steps[-1].refused
    assert _holds(tl, "in_zone(h1,hand)") and _holds(tl, "in_zone(top,library)")
    assert _unapplied(tl) == {"unapplied_effect(blast,2,effect(discards_cards))",
                              "unapplied_effect(blast,2,depends_on_choice(draws_cards))"}


def test_a_choice_for_an_ability_with_no_you_may_is_refused_608_2d(kb_of):
    tl = kb_of("Incinerating Blast", "Grizzly Bears").run(_blast(accepts=[1]))
    assert str(tl.steps[-1].refused) == "no_choice_to_make(1)" and "608.2d" in tl.steps[-1].refused_citations


@pytest.mark.parametrize("kwargs, match", [({"accepts": [0]}, "ability numbers"),
                                           ({"accepts": [2], "declines": [2]}, "both in accepts and in declines"),
                                           ({"accepts": ["2"]}, "whole number")])
def test_then_resolve_refuses_a_bad_choice_608_2d(kwargs, match):
    s = _state(("blast", "Incinerating Blast", "hand", "alice"))
    with pytest.raises(PyrulesError, match=match):
        s.then_resolve(**kwargs)


# --- permissions: a card in the graveyard gains flashback until end of turn (702.34a, 611.2a, 514.2) ---

def _recoup(target="spike", *, cleanup=False):
    s = _state(("recoup", "Recoup", "hand", "alice"), ("spike", "Lava Spike", "graveyard", "alice"),
               ("bolt", "Lightning Bolt", "graveyard", "alice"))
    if target is not None:
        s.then_cast("alice", "recoup", targets=[target])
        s.then_resolve()
    if cleanup:
        s.then_go_to("end")
        s.then_go_to("cleanup")
    s.then_cast("alice", "spike", targets=["bob"])
    s.then_resolve()
    return s


def test_recoup_gives_flashback_then_the_flashback_cast_is_exiled_702_34a(kb_of):
    # "Target sorcery card in your graveyard gains flashback until end of turn. The flashback cost is
    # equal to its mana cost.", then Lava Spike cast from the graveyard: it resolves and is exiled
    tl = kb_of("Recoup", "Lava Spike", "Lightning Bolt").run(_recoup())
    assert tl.finished, tl.steps[-1].refused
    grant = _user_steps(tl)[1]
    grants = [f for f in grant.state if f.name == "grants_keyword"]
    assert [str(f.arguments[1]) + "," + str(f.arguments[2]) for f in grants] == ["spike,flashback"]
    assert {"611.2a", "613.1f"} <= set(_citations(tl, str(grants[0])))
    cast = _user_steps(tl)[2]
    assert _atom("in_zone(spike,stack)") in cast.state and _atom("cast_method(spike,flashback)") in cast.state
    assert "702.34a" in _citations(tl, "cast_method(spike,flashback)")
    assert _holds(tl, "life_total(bob,17)")
    assert _holds(tl, "in_zone(spike,exile)") and "702.34a" in _citations(tl, "in_zone(spike,exile)")
    assert _unapplied(tl) == set()


def test_without_recoup_the_graveyard_cast_is_refused_601_2(kb_of):
    tl = kb_of("Recoup", "Lava Spike", "Lightning Bolt").run(_recoup(None))
    assert tl.steps[-1].refused is not None and str(tl.steps[-1].event) == "cast(alice,spike,1)"
    assert _holds(tl, "in_zone(spike,graveyard)") and _holds(tl, "life_total(bob,20)")


def test_recoups_flashback_ends_in_the_cleanup_step_514_2(kb_of):
    tl = kb_of("Recoup", "Lava Spike", "Lightning Bolt").run(_recoup(cleanup=True))
    cleanup = _user_steps(tl)[3]
    assert any(c.kind == "ends" and c.fluent.name == "grants_keyword" and "514.2" in c.citations for c in cleanup.changes)
    assert tl.steps[-1].refused is not None and str(tl.steps[-1].event) == "cast(alice,spike,1)"


def test_recoup_targeting_an_instant_card_is_refused_601_2c(kb_of):
    tl = kb_of("Recoup", "Lava Spike", "Lightning Bolt").run(_recoup("bolt"))
    assert str(tl.steps[-1].refused) == "target_not_allowed(bolt)" and "601.2c" in tl.steps[-1].refused_citations


def test_past_in_flames_gives_flashback_to_each_instant_and_sorcery_card_there_611_2c(kb_of):
    # "Each instant and sorcery card in your graveyard gains flashback until end of turn.": the cards
    # in its controller's graveyard as it resolves (not the creature card, not the opponent's card)
    kb = kb_of("Past in Flames", "Lava Spike", "Lightning Bolt", "Grizzly Bears")
    s = _state(("pif", "Past in Flames", "hand", "alice"), ("spike", "Lava Spike", "graveyard", "alice"),
               ("bolt", "Lightning Bolt", "graveyard", "alice"), ("bears", "Grizzly Bears", "graveyard", "alice"),
               ("bobs", "Lightning Bolt", "graveyard", "bob"))
    s.then_cast("alice", "pif")
    s.then_resolve()
    s.then_cast("alice", "bolt", targets=["bob"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    granted = {str(f.arguments[1]) for f in _user_steps(tl)[1].state if f.name == "grants_keyword"}
    assert granted == {"spike", "bolt"}
    assert _holds(tl, "life_total(bob,17)") and _holds(tl, "in_zone(bolt,exile)")
    assert _holds(tl, "in_zone(pif,graveyard)")   # its own printed flashback was not used
    assert _unapplied(tl) == set()


# --- a scenario file names a token by a table (pyrules.facts.scenario) ---------------------------

_ALARM_TOML = '''cards = {cards}
[[players]]
player = "alice"
[[players]]
player = "bob"
[[objects]]
obj = "alarm"
card = "Raise the Alarm"
zone = "hand"
owner = "alice"
[[objects]]
obj = "shock"
card = "Shock"
zone = "hand"
owner = "alice"
[[effects]]
kind = "set_turn"
active_player = "alice"
phase = "precombat_main"
priority = "alice"
[[events]]
kind = "cast"
player = "alice"
obj = "alarm"
[[events]]
kind = "resolve"
[[events]]
kind = "cast"
player = "alice"
obj = "shock"
targets = [{target}]
'''


def _alarm_scenario(tmp_path, shared_data, target):
    import json

    cards = [str(shared_data / "cards" / f"scryfall-oracle-compact-{part}.json") for part in ("A-K", "L-Z")]
    path = tmp_path / "s.toml"
    path.write_text(_ALARM_TOML.format(cards=json.dumps(cards), target=target), encoding="utf-8")
    return path


def test_a_scenario_targets_a_token_by_a_table_111_1(tmp_path, shared_data):
    from pyrules.facts.scenario import load_scenario

    state = load_scenario(_alarm_scenario(tmp_path, shared_data, '{token = "alarm", number = 2}')).state
    targets = [f for f in state.sequence_events if f.name == "event_target"]
    assert [str(f.arguments[1]) for f in targets] == ["token(alarm,1,1,2)"]


@pytest.mark.parametrize("target, message", [('{token = "alarm", nuber = 2}', "its keys token, ability"),
                                             ('{token = "alarm", number = 0}', "number must be a number of 1 or more")])
def test_a_bad_token_table_names_the_file_and_line(tmp_path, shared_data, target, message):
    from pyrules.errors import ScenarioError
    from pyrules.facts.scenario import load_scenario

    with pytest.raises(ScenarioError, match=message) as err:
        load_scenario(_alarm_scenario(tmp_path, shared_data, target))
    assert err.value.line == 31


# --- 302.6: what came under its controller's control during the sequence is known to be "sick" ---

def test_a_creature_cast_this_turn_cant_attack_with_no_assumption_302_6(kb_of):
    kb = kb_of("Grizzly Bears")
    s = _state(("bears", "Grizzly Bears", "hand", "alice"))
    s.then_cast("alice", "bears")
    s.then_resolve()
    s.then_go_to("beginning_of_combat")
    s.then_declare_attackers({"bears": "bob"})
    tl = kb.run(s)
    assert str(tl.steps[-1].refused) == "may_not_attack(bears,summoning_sickness)"
    assert "302.6" in _citations(tl, "not_controlled_since_turn_began(bears)")
    assert not any("controlled_since_turn_began" in str(a) for a in tl.steps[-1].before.assumptions())


def test_a_token_made_this_turn_rests_on_no_assumption_302_6(kb_of):
    kb = kb_of("Raise the Alarm")
    s = _state(("alarm", "Raise the Alarm", "hand", "alice"))
    s.then_cast("alice", "alarm")
    s.then_resolve()
    tl = kb.run(s)
    assert _holds(tl, "not_controlled_since_turn_began(token(alarm,1,1,1))")
    assert tl.final.assumptions() == []


def test_secure_the_wastes_creates_x_tokens_as_announced_107_3(kb_of):
    # "Create X 1/1 white Warrior creature tokens." with X = 3 announced as it was cast (601.2b)
    kb = kb_of("Secure the Wastes")
    s = _state(("stw", "Secure the Wastes", "hand", "alice"))
    s.then_cast("alice", "stw", x=3)
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    made = {str(f.arguments[0]) for f in tl.steps[-1].state if f.name == "in_zone" and f.arguments[0].name == "token"}
    assert made == {"token(stw,1,1,1)", "token(stw,1,1,2)", "token(stw,1,1,3)"}
    assert _holds(tl, 'token_subtype(token(stw,1,1,2),1,"Warrior")')
    assert _unapplied(tl) == set()


def test_a_draw_from_an_empty_library_loses_at_the_next_check_121_4_704_5b(kb_of):
    # bob's library is known whole (set_library_order(..., complete=True)) with one card: Divination
    # ("Draw two cards") draws it, then attempts to draw from an empty library (121.4); the next
    # state-based actions check makes him lose (704.5b), and the attempt is used up by that check
    kb = kb_of("Divination", "Grizzly Bears")
    s = _state(("div", "Divination", "hand", "bob"), ("c1", "Grizzly Bears", "library", "bob"), active="bob")
    s.set_library_order("bob", ["c1"], complete=True)
    s.then_cast("bob", "div")
    s.then_resolve()
    tl = kb.run(s)
    assert _holds(tl, "in_zone(c1,hand)") and _holds(tl, "lost_game(bob)")
    resolve = [st for st in tl.steps if st.user_event == 2][0]
    assert _atom("drew_from_empty_library(bob)") in resolve.state
    assert not any(f.name == "unapplied_effect" for f in resolve.state)
    lost = next(c for st in tl.steps for c in st.changes if c.fluent == _atom("lost_game(bob)"))
    assert "704.5b" in lost.citations
    assert not _holds(tl, "drew_from_empty_library(bob)")


def test_a_library_not_known_whole_leaves_the_missing_draw_an_assumption_121_4(kb_of):
    kb = kb_of("Divination", "Grizzly Bears")
    s = _state(("div", "Divination", "hand", "bob"), ("c1", "Grizzly Bears", "library", "bob"), active="bob")
    s.set_library_order("bob", ["c1"])
    s.then_cast("bob", "div")
    s.then_resolve()
    tl = kb.run(s)
    assert _holds(tl, "in_zone(c1,library)") and not _holds(tl, "lost_game(bob)")
    assert _holds(tl, "unapplied_effect(div,1,effect(draws_cards))")


def test_a_library_said_complete_with_a_card_without_a_place_is_inconsistent_401_1(kb_of):
    kb = kb_of("Grizzly Bears")
    s = _state(("c1", "Grizzly Bears", "library", "bob"), ("c2", "Grizzly Bears", "library", "bob"))
    s.set_library_order("bob", ["c1"], complete=True)
    from pyrules.errors import NoAnswerError
    with pytest.raises(NoAnswerError, match=r"library_not_complete\(bob,c2\)"):
        kb.ask(s)


def test_the_draw_step_with_an_empty_library_known_whole_loses_the_game_504_1_704_5b(kb_of):
    kb = kb_of("Grizzly Bears")
    s = _state(active="bob", phase="beginning", step="upkeep")
    s.set_library_order("bob", [], complete=True)
    s.then_go_to("draw")
    tl = kb.run(s)
    assert _holds(tl, "lost_game(bob)") and not _holds(tl, "unapplied_effect(bob,0,draw_step_draw)")
