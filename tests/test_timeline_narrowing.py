"""A sequence's step narrowed by the atoms at hand (pyrules.timeline.slicing.narrowed_step): the rules
whose positive body atoms no fact and no rule kept can give are not grounded. The answers must be the
same: test_timeline's slice-against-whole-program tests compare whole sequences with the whole
program (which is never narrowed); these tests check what is dropped and what is kept, on real
sequences, and that a sequence's steps are the same with the narrowing and without it."""

from __future__ import annotations

import pyrules.timeline.run as run
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)
from timeline_helpers import two_player_state as _state

#: events.lp: a keyword-granting effect (611.2) is a fluent of the object it grants to
_GRANTS = "object_fluent(grants_keyword(E,O,K),O,t) :- holds(grants_keyword(E,O,K),t)."


def _recorded(monkeypatch, kb, state):
    """``(timeline, calls)``: ``kb.run(state)`` with each step's ``(specialized, narrowed)``
    statements (as text) recorded."""
    calls = []
    narrowed = run.narrowed_step

    def record(tr, step, facts):
        out = narrowed(tr, step, facts)
        calls.append(({str(s) for s in step}, {str(s) for s in out}))
        return out
    monkeypatch.setattr(run, "narrowed_step", record)
    return kb.run(state), calls


def test_the_rule_of_a_fluent_no_state_holds_is_dropped_and_kept_once_it_holds(kb_of, monkeypatch):
    # Jump: "Target creature gains flying until end of turn" (611.2a, 613.1f). Before it resolves
    # no grants_keyword fluent holds, so the rule reading it is in the specialized steps but
    # dropped; after it resolves (the check of state-based actions that follows, 704.3), it is kept.
    kb = kb_of("Jump", "Grizzly Bears")
    s = _state(("jump", "Jump", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"))
    s.then_cast("alice", "jump", targets=["bears"])
    s.then_resolve()
    tl, calls = _recorded(monkeypatch, kb, s)
    assert tl.finished
    assert any(c.fluent.name == "grants_keyword" for st in tl.steps for c in st.changes)
    with_rule = [(spec, out) for spec, out in calls if _GRANTS in spec]
    assert with_rule
    assert _GRANTS not in with_rule[0][1]  # the first steps: nothing grants a keyword yet
    assert _GRANTS in with_rule[-1][1]  # the last: Jump's effect holds
    for spec, out in calls:  # narrowing only drops rules
        assert out <= spec
    assert any(len(out) < len(spec) for spec, out in calls)


def test_a_sequence_s_steps_are_the_same_with_the_narrowing_and_without_it(kb_of, monkeypatch):
    # Lightning Bolt kills Grizzly Bears (120.3e, 704.5g): every step's state and changes, and the
    # final answers, are those of the run whose steps are the specialized ones, not narrowed.
    kb = kb_of("Lightning Bolt", "Grizzly Bears")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "bolt", targets=["bears"])
    s.then_resolve()
    narrowed = kb.run(s)
    monkeypatch.setattr(run, "narrowed_step", lambda tr, step, facts: step)
    plain = kb.run(s)
    assert narrowed.finished and plain.finished
    assert narrowed.explain() == plain.explain()
    assert [st.state for st in narrowed.steps] == [st.state for st in plain.steps]
    assert narrowed.final.cast_options() == plain.final.cast_options()


#: view.lp, lifted: every object has its characteristics "now" (the view the state-based actions and
#: triggers read through characteristic_face(O, now, F, t) ... when a kept rule reads them)
_VIEW_NOW = "view(O,now,t) :- object(O)."


def _grounded(monkeypatch, kb, state):
    """``(timeline, narrowed, grounded)``: ``kb.run(state)`` with the statements of each step's
    narrowed step (pyrules.timeline.slicing.narrowed_step) and of the step grounded, as text."""
    narrowed, grounded = [], []
    narrow, add_parts = run.narrowed_step, run._add_parts

    def record_narrowed(tr, step, facts):
        out = narrow(tr, step, facts)
        narrowed.append({str(s) for s in out})
        return out

    def record_grounded(ctl, parts):
        if "step" in parts:
            grounded.append({str(s) for s in parts["step"]})
        return add_parts(ctl, parts)
    monkeypatch.setattr(run, "narrowed_step", record_narrowed)
    monkeypatch.setattr(run, "_add_parts", record_grounded)
    return kb.run(state), narrowed, grounded


def test_a_rule_no_kept_rule_reads_an_atom_of_is_not_grounded(kb_of, monkeypatch):
    # Lightning Bolt kills Grizzly Bears (601.2, 608.2, 120.3e, 704.5g). The narrowed steps keep
    # view(O, now, t) (every object has one), but at these steps no rule kept reads a view/3 atom
    # (pyrules.timeline.pattern_cone slices the step to the roots again, by the shape of the atoms
    # read): it is not grounded at any step.
    kb = kb_of("Lightning Bolt", "Grizzly Bears")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "bolt", targets=["bears"])
    s.then_resolve()
    tl, narrowed, grounded = _grounded(monkeypatch, kb, s)
    assert tl.finished and len(grounded) == len(narrowed) == len(tl.steps) + 1
    assert any(_VIEW_NOW in stms for stms in narrowed)
    assert not any(_VIEW_NOW in stms for stms in grounded)
    for out, stms in zip(grounded, narrowed):  # only rules are dropped
        assert out <= stms


def test_a_sequence_s_steps_are_the_same_with_the_pattern_cone_and_without_it(kb_of, monkeypatch):
    # The same Bolt at the Bears: every step's state and changes (with their CR rules, 120.3e,
    # 704.5g), and the final answers, are those of the run whose steps are only narrowed.
    kb = kb_of("Lightning Bolt", "Grizzly Bears")
    s = _state(("bolt", "Lightning Bolt", "hand", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_cast("alice", "bolt", targets=["bears"])
    s.then_resolve()
    sliced = kb.run(s)
    monkeypatch.setattr(run, "pattern_cone", lambda tr, step, roots: step)
    plain = kb.run(s)
    assert sliced.finished and plain.finished
    assert "704.5g" in sliced.explain()
    assert sliced.explain() == plain.explain()
    assert [st.state for st in sliced.steps] == [st.state for st in plain.steps]
    assert sliced.final.cast_options() == plain.final.cast_options()
