"""A sequence starts from a moment: an input the rule base refuses in that moment is refused for the
sequence too (never moved forward as if it were not given)."""

from __future__ import annotations

import pytest

from pyrules.errors import StateValueError
from timeline_helpers import kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def test_a_stun_counter_refused_in_the_moment_is_refused_for_the_sequence_122_1d(kb_of):
    # 122.1d: a stun counter replaces untapping; no rule here applies it, so a sequence from a state
    # with one is refused, never run as if the counter were not there. (Shield counters, 122.1c:
    # tests/test_timeline_shield_counters.py.)
    kb = kb_of("Murder", "Grizzly Bears")
    s = two_player_state(("murder", "Murder", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.add_counters("bears", "stun", 1)
    s.then_cast("alice", "murder", targets=["bears"])
    s.then_resolve()
    with pytest.raises(StateValueError, match=r"counters\(bears,stun,1\).*122\.1d"):
        kb.ask(s)
    with pytest.raises(StateValueError, match=r"counters\(bears,stun,1\).*122\.1d"):
        kb.run(s)


def test_the_same_sequence_without_the_counter_runs(kb_of):
    kb = kb_of("Murder", "Grizzly Bears")
    s = two_player_state(("murder", "Murder", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.add_counters("bears", "+1/+1", 1)
    s.then_cast("alice", "murder", targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished and tl.steps[0].before is tl.steps[0].before   # time 0's answers: built once
    assert any(str(f) == "in_zone(bears,graveyard)" for f in tl.steps[-1].state)


def test_the_moment_check_refuses_as_the_moment_does_without_answering_it_122_1d(kb_of, monkeypatch):
    # The same stun counter (122.1d): the sequence (cold, and a warm session) refuses it with the
    # moment's own message, from the rules a refusal depends on alone (pyrules.timeline.moment_check;
    # the moment's whole answers, KnowledgeBase.ask, are not built for it).
    kb = kb_of("Murder", "Grizzly Bears")
    s = two_player_state(("murder", "Murder", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.add_counters("bears", "stun", 1)
    s.then_cast("alice", "murder", targets=["bears"])
    s.then_resolve()
    with pytest.raises(StateValueError) as moment:
        kb.ask(s)

    def not_asked(state):
        raise AssertionError("the whole moment was answered")
    monkeypatch.setattr(kb, "ask", not_asked)
    with pytest.raises(StateValueError) as cold:
        kb.run(s)
    with pytest.raises(StateValueError) as warm:
        kb.sequences(s)
    assert str(cold.value) == str(warm.value) == str(moment.value)
    assert "122.1d" in str(cold.value)


def test_the_moment_check_grounds_only_what_a_refusal_depends_on(kb_of):
    # state_error/1 and the integrity constraints depend on fewer rules than the whole rule base
    # (a cast's verdicts, 601.2, are no refusal), and the rules kept are the rule base's own.
    from pyrules.inputs.rule_base import rule_statements
    from pyrules.timeline.moment_check import refusal_rules
    whole, part = list(rule_statements()), refusal_rules()
    rules = [s for s in part if s.ast_type.name == "Rule"]
    assert any("state_error(" in str(s).split(":-")[0] for s in rules)
    assert len(rules) < sum(1 for s in whole if s.ast_type.name == "Rule") * 0.6
    assert {id(s) for s in part} <= {id(s) for s in whole}
