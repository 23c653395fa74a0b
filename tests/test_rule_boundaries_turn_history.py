"""The "next spell" of a resolved spell's effect at the boundary moment (issue 23: tests that notice when
a rule changes). 611.2f, 601.2i: Quicken's "The next sorcery spell you cast this turn can be cast as
though it had flash" applies to the next sorcery its controller casts after the effect began, and only
to that one. In the recorded turn history a moment orders the events (schema.lp: larger is later): a
Divination cast before Quicken resolved leaves the effect in place, one cast after uses it up; one
recorded at the very moment Quicken resolved has no order relative to it, so whether it used the effect
up is not known -- no verdict rather than a guess (the effect is unread: history_order_not_given; the
second Divination's cast verdict is "assumed"). The builder gives every event its own moment; a fact
file may not, so this is posed as a fact file (solved as ``pyrules solve`` does), with real cards.
rules_asp/resolution_and_zones/turn_history.lp (res_candidate/4, res_unread/2).
"""

from __future__ import annotations

import pytest

from fact_file_helpers import solve_fact_text

# b's end step, a holds priority: a's Divination in hand needs Quicken's effect (609.4) to be cast
STATE = """player(a). player(b). active_player(b). phase(ending). step(end). has_priority(a).
object(q). object_card(q, "Quicken"). in_zone(q, graveyard). owner(q, a).
object(d1). object_card(d1, "Divination"). in_zone(d1, graveyard). owner(d1, a).
object(div). object_card(div, "Divination"). in_zone(div, hand). owner(div, a).
turn_history_recorded.
spell_cast_at(1, a, q, 1). resolved_at(3, a, q, 1).
"""
EFFECT = "resolution_effect(q,3,1,1)"
# the moment d1 was cast -> (the effect's answer, a's Divination in hand: verdict atom, strength)
ROWS = {
    2: (f"resolution_effect({EFFECT},q,1)", ("castable(a,div,1,hand,normal,rules)", "derived")),
    3: ("resolution_effect_unread(q,1,history_order_not_given)",
        ("cast_blocked(a,div,1,hand,normal,rules,timing)", "assumed")),
    4: (f"resolution_effect_ended({EFFECT},q,1,used_by(d1))",
        ("cast_blocked(a,div,1,hand,normal,rules,timing)", "derived")),
}


@pytest.mark.parametrize("cast_at", list(ROWS))
def test_the_next_spell_is_one_cast_after_the_effect_began_611_2f_601_2i(tmp_path, oracle_records, cast_at):
    answers = solve_fact_text(STATE + f"spell_cast_at({cast_at}, a, d1, 1). resolved_at(5, a, d1, 1).\n",
                              [oracle_records["Quicken"], oracle_records["Divination"]], tmp_path)
    effect, (verdict, strength) = ROWS[cast_at]
    assert sorted(a for a in answers if a.startswith("resolution_effect")) == [effect]
    assert [a for a in answers if a.startswith(("castable(a,div,", "cast_blocked(a,div,"))] == [verdict]
    assert answers[verdict]["strength"] == strength
    if cast_at == 4:
        assert {"611.2f", "601.2i"} <= set(answers[effect]["cr"])
    if cast_at == 2:
        assert {"609.4", "611.2f"} <= set(answers[verdict]["cr"])
