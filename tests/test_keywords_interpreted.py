"""Keyword abilities (702) the rule base applies, each shown doing its job with a real card (issue 19:
"keyword abilities interpreted"): a keyword counts as interpreted (keyword_interpreted/1,
rules_asp/foundation/interpreted.lp) only with a rule that applies it, and is then no longer listed as an
assumption of the answers it bears on."""

from __future__ import annotations

from timeline_helpers import atom as _atom
from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _interpreted() -> set[str]:
    from pyrules.checks.keyword_coverage import interpreted_keywords
    from pyrules.facts.keyword_definitions import default_keyword_definition_symbols
    return interpreted_keywords(list(default_keyword_definition_symbols()))


def test_serra_angel_attacks_and_stays_untapped_vigilance_is_no_assumption_702_20b_508_1f(kb_of):
    # 702.20b: "Attacking doesn't cause creatures with vigilance to tap" (508.1f: attackers tap);
    # rules_asp/time/turns_and_combat.lp applies it, so the answers no longer assume it away.
    kb = kb_of("Serra Angel", "Grizzly Bears")
    s = _state(("angel", "Serra Angel", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "alice"))
    s.then_go_to("beginning_of_combat")
    s.then_declare_attackers({"angel": "bob", "bears": "bob"})
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    attack = _user_steps(tl)[1]
    assert _atom("attacking(angel,bob)") in attack.state
    assert _atom("tapped(angel)") not in attack.state
    assert _atom("tapped(bears)") in attack.state
    assert not any("vigilance" in a.text for a in tl.final.assumptions())
    assert "vigilance" in _interpreted()

