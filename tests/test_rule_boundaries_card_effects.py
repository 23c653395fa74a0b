"""A casting permission whose "who" the rule base does not read applies to nobody (issue 23: tests that
notice when a rule changes). 609.4, 601.3b: Vedalken Orrery ("You may cast spells as though they had
flash.") lets its controller cast a sorcery in another player's end step. The card grammar writes
"you", "any player", "each player" or "each opponent" for who an effect lets cast; a fact file may
state another (here "the_monarch", a player description no rule reads): then the permission is not
applied and is listed as an assumption (113.6: not_modelled(who(...))), never taken as "you" -- the
sorcery stays blocked by timing, its verdict "assumed". rules_asp/casting/card_effects.lp
(group_unread/2, card_effect/3, card_effect_unread/3), on a fact file (solved as ``pyrules solve`` does).
"""

from __future__ import annotations

import pytest

from fact_file_helpers import solve_fact_text

STATE = """player(a). player(b). active_player(b). phase(ending). step(end). has_priority(a).
object(vo). object_card(vo, "Vedalken Orrery"). in_zone(vo, battlefield). owner(vo, a). controller(vo, a).
object(dv). object_card(dv, "Divination"). in_zone(dv, hand). owner(dv, a).
"""
UNREAD_WHO = 'allows_cast_as_though_flash("Vedalken Orrery", 1, 1, the_monarch, 1).\n'


@pytest.mark.parametrize("who_unread", [False, True])
def test_a_permission_for_an_unread_who_is_not_applied_609_4_601_3b_113_6(tmp_path, oracle_records, who_unread):
    answers = solve_fact_text(STATE + (UNREAD_WHO if who_unread else ""),
                              [oracle_records["Vedalken Orrery"], oracle_records["Divination"]], tmp_path)
    castable = answers.get("castable(a,dv,1,hand,normal,rules)")
    blocked = answers.get("cast_blocked(a,dv,1,hand,normal,rules,timing)")
    unread = answers.get("card_effect_unread(vo,1,who(the_monarch))")
    if who_unread:
        assert castable is None
        assert blocked is not None and blocked["strength"] == "assumed"
        assert unread is not None and "113.6" in unread["cr"]
        assert "assumption(vo,1,not_modelled(who(the_monarch)),casting,all)" in answers
    else:
        assert castable is not None and castable["strength"] == "derived"
        assert {"601.3", "609.4"} <= set(castable["cr"])
        assert blocked is None and unread is None
