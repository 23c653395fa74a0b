"""The targets an activated ability names in a sequence (602.2b, 601.2c, 115.1;
rules_asp/time/activation_targets.lp): judged by the moment's candidates where the ability's text is
read, else an assumption of every answer after it; not checked again as it resolves (608.2b), which
is an assumption too. A wrong answer found by helper-37: Goldmeadow Harrier's "Tap target creature."
named at a Forest tapped the Forest, with no refusal and no assumption. Real cards from shared/data."""

from __future__ import annotations

from timeline_helpers import atom, two_player_state, user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def test_a_target_the_abilitys_text_cant_have_is_refused_602_2b_115_1(kb_of):
    kb = kb_of("Goldmeadow Harrier", "Forest")
    s = two_player_state(("gh", "Goldmeadow Harrier", "battlefield", "alice"), ("f", "Forest", "battlefield", "bob"))
    s.then_activate("alice", "gh", 1, targets=["f"])     # a Forest is no creature
    tl = kb.run(s)
    (activate,) = user_steps(tl)
    assert str(activate.refused) == "target_not_allowed(f)"
    assert {"602.2b", "115.1"} <= set(activate.refused_citations)


def test_a_legal_target_is_tapped_and_the_recheck_is_an_assumption_608_2b(kb_of):
    kb = kb_of("Goldmeadow Harrier", "Grizzly Bears")
    s = two_player_state(("gh", "Goldmeadow Harrier", "battlefield", "alice"),
                         ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.then_activate("alice", "gh", 1, targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    activate, resolve = user_steps(tl)
    assert activate.refused is None and atom("tapped(bears)") in resolve.state
    assumed = [a for a in tl.assumptions() if "activation_targets_not_rechecked" in a.assumption.text]
    assert assumed and assumed[0].times[0] == activate.time


def test_an_activation_without_targets_assumes_nothing_of_them(kb_of):
    kb = kb_of("Llanowar Elves")
    s = two_player_state(("elf", "Llanowar Elves", "battlefield", "alice"))
    s.then_activate("alice", "elf", 1)
    tl = kb.run(s)
    assert atom("tapped(elf)") in user_steps(tl)[0].state
    assert not any("activation_targets" in a.assumption.text for a in tl.assumptions())
