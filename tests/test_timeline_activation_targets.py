"""The targets an activated ability names in a sequence (602.2b, 601.2c; rules_asp/time/activation_targets.lp):
not judged yet, so every answer after the activation says so (a wrong answer found by helper-37:
Goldmeadow Harrier's "Tap target creature." named at a Forest tapped the Forest, with no refusal and no
assumption). Real cards from shared/data."""

from __future__ import annotations

from timeline_helpers import atom, two_player_state, user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def test_an_activations_targets_are_an_assumption_not_a_silent_legal_602_2b(kb_of):
    kb = kb_of("Goldmeadow Harrier", "Forest")
    s = two_player_state(("gh", "Goldmeadow Harrier", "battlefield", "alice"), ("f", "Forest", "battlefield", "bob"))
    s.then_activate("alice", "gh", 1, targets=["f"])     # a Forest is no creature: 601.2c would refuse it
    s.then_resolve()
    tl = kb.run(s)
    activate = user_steps(tl)[0]
    assert any(c.fluent.name == "assumed" and "activation_targets_not_checked" in str(c.fluent)
               and "602.2b" in c.citations for c in activate.changes)
    assumed = [a for a in tl.assumptions() if "activation_targets_not_checked" in a.assumption.text]
    assert assumed and assumed[0].times[0] == activate.time
    assert any("activation_targets_not_checked" in a.text for a in tl.final.assumptions())


def test_an_activation_without_targets_assumes_nothing_of_them(kb_of):
    kb = kb_of("Llanowar Elves")
    s = two_player_state(("elf", "Llanowar Elves", "battlefield", "alice"))
    s.then_activate("alice", "elf", 1)
    tl = kb.run(s)
    assert atom("tapped(elf)") in user_steps(tl)[0].state
    assert not any("activation_targets_not_checked" in a.assumption.text for a in tl.assumptions())
