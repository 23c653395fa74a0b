"""An intervening "if" clause (CR 603.4) in one moment: the condition of "When [event], if [condition],
[effect]" decides whether the ability triggers at all. Only the time encoding judges it
(rules_asp/time/intervening_if.lp); in one moment (kb.ask) the combat-damage, cast, counter and expend
trigger rules leave such an ability's trigger undecided, citing 603.4, never claimed. Before, they
derived ``triggers_on`` whatever the condition: Shoreline Salvager with no Island was said to trigger."""

from __future__ import annotations

import pytest

from pyrules import GameState

SALVAGER = "Shoreline Salvager"   # "Whenever this creature deals combat damage to a player, if you control an Island, ..."
SILCAW = "Screeching Silcaw"      # "... deals combat damage to a player, if you control three or more artifacts, ..."


def _combat_damage_by(obj: str, card: str, *others: tuple[str, str]) -> GameState:
    s = GameState()
    s.add_player("alice")
    s.add_player("bob")
    s.set_turn("alice", "combat", None, None)
    s.add_object(obj, card, "battlefield", "alice")
    s.controlled_since_turn_began(obj)
    for oid, name in others:
        s.add_object(oid, name, "battlefield", "alice")
    s.deal_damage("e", obj, "bob", 2, combat=True)
    return s


@pytest.mark.parametrize("island", [False, True])
def test_shoreline_salvagers_trigger_is_undecided_in_one_moment_603_4(kb_of, island):
    # 603.4: with no Island the ability does not trigger; with one it does. One moment judges neither:
    # the trigger is undecided with the condition named, whichever holds, and no triggers_on is claimed.
    others = (("isl", "Island"),) if island else ()
    answers = kb_of(SALVAGER, "Island").ask(_combat_damage_by("sv", SALVAGER, *others))
    assert answers.outcomes().results("triggers_on") == []
    assert answers.derived("triggers") == []
    (undecided,) = answers.derived("trigger_undecided")
    assert undecided.args[:3] == ("e", "sv", "1")
    assert undecided.args[3] == 'intervening_if(controls(you,at_least(1,object(permanent,subtype("Island")))))'
    assert {"603.4", "603.2"} <= {c.rule for c in undecided.citations}


def test_screeching_silcaws_metalcraft_trigger_is_undecided_603_4(kb_of):
    answers = kb_of(SILCAW).ask(_combat_damage_by("sc", SILCAW))
    assert answers.outcomes().results("triggers_on") == []
    (undecided,) = answers.derived("trigger_undecided")
    assert undecided.args == ("e", "sc", "2", "intervening_if(controls(you,at_least(3,artifact)))")


def test_a_combat_damage_trigger_with_no_if_still_triggers_510_2(kb_of):
    # The guard: Hapatra's trigger has no intervening "if" and still triggers in one moment (603.2, 510.2).
    answers = kb_of("Hapatra, Vizier of Poisons").ask(_combat_damage_by("hap", "Hapatra, Vizier of Poisons"))
    assert [r.args for r in answers.outcomes().results("triggers_on")] == [("e", "hap", "1", "bob")]
    assert answers.derived("trigger_undecided") == []
