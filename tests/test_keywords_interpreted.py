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


def _main_phase():
    from pyrules import GameState
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    return s


def test_collective_defiance_escalate_adds_its_cost_for_each_mode_beyond_the_first_702_120a(kb_of):
    # 702.120a: "Escalate [cost]" means "For each mode you choose beyond the first as you cast this spell,
    # you pay an additional [cost]"; 601.2f: the total cost. Collective Defiance {1}{R}{R}, escalate {1}:
    # one mode 3, two modes 4 (before: 3 for both, the keyword an assumption).
    s = _main_phase()
    s.add_object("cd", "Collective Defiance", "hand", "a")
    s.add_object("gb", "Grizzly Bears", "battlefield", "b")
    s.propose("one", "a", "cd", targets=("gb",), modes=(2,))
    s.propose("two", "a", "cd", targets=("gb", "b"), modes=(2, 3))
    answers = kb_of("Collective Defiance", "Grizzly Bears").ask(s)
    totals = {d.args[0]: d.args[1] for d in answers.derived("total_cost")}
    assert totals == {"one": "3", "two": "4"}
    (two,) = [d for d in answers.derived("total_cost") if d.args[0] == "two"]
    assert {"601.2f", "702.120a"} <= {c.rule for c in two.citations}
    assert not any("escalate" in a.text for a in answers.assumptions())
    assert "escalate" in _interpreted()


def test_collective_brutality_escalate_discard_is_no_mana_and_undecided_702_120a_118_3(kb_of):
    # 702.120a with a non-mana cost ("Escalate—Discard a card"): one mode costs the mana cost {1}{B} (2,
    # derived); two modes add a discard whose payment is not decided (118.3): the proposal is undecided,
    # not legal (before: legal, the keyword an assumption).
    s = _main_phase()
    s.add_object("cb", "Collective Brutality", "hand", "a")
    s.propose("one", "a", "cb", targets=("b",), modes=(3,))
    s.propose("two", "a", "cb", targets=("b", "b"), modes=(1, 3))
    answers = kb_of("Collective Brutality").ask(s)
    verdicts = {p.proposal: (p.verdict, p.reasons, p.strength) for p in answers.proposals()}
    assert verdicts["one"] == ("legal", (), "derived")
    assert verdicts["two"][:2] == ("undecided", ("additional_cost(discard(1))",))
    assert {d.args[0]: d.args[1] for d in answers.derived("total_cost")} == {"one": "2"}


def test_the_keyword_line_counts_the_keywords_only_sequences_apply_702_79a():
    # 702.79a persist is applied in sequences only (rules_asp/time/keyword_triggers.lp reads its definition):
    # one moment still lists it as an assumption, but the coverage line (pyrules cards coverage) counts it.
    from pyrules.checks.keyword_coverage import interpreted_keywords
    from pyrules.facts.keyword_definitions import default_keyword_definition_symbols
    facts = list(default_keyword_definition_symbols())
    assert "persist" not in interpreted_keywords(facts)
    assert "persist" in interpreted_keywords(facts, sequences=True)
