"""'Whenever this creature becomes tapped' (603.2e) posed as event sequences with a real card
(rules_asp/time/tap_triggers.lp): Chrome Companion ("Whenever this creature becomes tapped, you gain
1 life.")."""

from __future__ import annotations

from timeline_helpers import holds as _holds
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _pending(step) -> list[str]:
    return sorted(str(f) for f in step.state if f.name == "pending_trigger")


def test_chrome_companion_attacking_becomes_tapped_and_gains_a_life_603_2e_508_1f(kb_of):
    kb = kb_of("Chrome Companion")
    s = _state(("cc", "Chrome Companion", "battlefield", "alice"), phase="combat", step="beginning_of_combat")
    s.then_declare_attackers({"cc": "bob"})
    s.then_put_triggers()
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    declare, put, gain = _user_steps(tl)
    assert _pending(declare) == [f"pending_trigger(ability(cc,1,{declare.time - 1}),alice)"]
    assert "603.2e" in {r for c in declare.changes if c.fluent.name == "pending_trigger" for r in c.citations}
    assert _holds(tl, "life_total(alice,21)")


def test_chrome_companion_already_tapped_does_not_trigger_again_603_2e(kb_of):
    # tapped already: destroying something else changes nothing about it; no trigger
    kb = kb_of("Chrome Companion", "Grizzly Bears")
    s = _state(("cc", "Chrome Companion", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"))
    s.tap("cc")
    s.then_destroy("bears")
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert not any(_pending(st) for st in tl.steps)
