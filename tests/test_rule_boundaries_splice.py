"""Each condition of splicing a card onto a spell as it is cast (issue 23: tests that notice when a rule
changes), table-driven with real cards. 702.47a: "Splice onto [quality] [cost]" -- reveal the card from
your hand as you cast a [quality] spell; 702.47b: not if the targets of the spliced text can't be
chosen; 601.2a: the card being cast is already on the stack, so it can't be spliced onto itself. A
splice quality the rule base does not read ("onto instant or sorcery": only "onto Arcane" is read)
leaves the proposal undecided (no verdict rather than a guess). rules_asp/keywords/splice.lp.

Cards: Lava Spike (Sorcery — Arcane, {R}: 3 damage to target player or planeswalker), Wear Away
("Destroy target artifact or enchantment. Splice onto Arcane {3}{G}"), Splicer's Skill ("Splice onto
instant or sorcery {3}{W}"), Lightning Bolt (an instant, not Arcane), Bone Saw (an artifact: a
target for Wear Away when it is on the battlefield).
"""

from __future__ import annotations

import pytest

from pyrules import GameState

CARDS = ("Lava Spike", "Wear Away", "Splicer's Skill", "Lightning Bolt", "Bone Saw", "Kodama's Might", "Grizzly Bears")

# (an artifact on the battlefield?, spell cast, cards spliced) -> (proposal verdict, reason)
ROWS = [
    (True, "ls", ("wa",), ("legal", None)),                                # a target for Wear Away
    (False, "ls", ("wa",), ("illegal", "splice_without_legal_target(wa)")),  # 702.47b: none
    (True, "bolt", ("ss",), ("undecided", "splice(ss)")),                  # quality not read
    (True, "ls", ("ss",), ("undecided", "splice(ss)")),                    # quality not read
    (True, "ss", ("ss",), ("illegal", "splice_is_the_spell")),             # 601.2a, whatever its quality
    (True, "bolt", ("wa",), ("illegal", "splice_quality_not_met(wa)")),    # 702.47a: not Arcane
    # Kodama's Might ("Target creature gets +2/+2 until end of turn. Splice onto Arcane {G}"): with the
    # Bears on the battlefield it has a target; with none, 702.47b (found by the mutation helper)
    (True, "ls", ("km",), ("legal", None)),
    (False, "ls", ("km",), ("illegal", "splice_without_legal_target(km)")),
]


def state(artifact: bool, spell: str, splice: tuple[str, ...]) -> GameState:
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("ls", "Lava Spike", "hand", "a")
    s.add_object("wa", "Wear Away", "hand", "a")
    s.add_object("ss", "Splicer's Skill", "hand", "a")
    s.add_object("bolt", "Lightning Bolt", "hand", "a")
    s.add_object("km", "Kodama's Might", "hand", "a")
    if artifact:
        s.add_object("saw", "Bone Saw", "battlefield", "b")
        s.add_object("bears", "Grizzly Bears", "battlefield", "b")
    s.propose("p", "a", spell, splice=splice, targets=("b",) if spell in ("ls", "bolt") else ())
    return s


@pytest.fixture(scope="module")
def session(kb_of):
    return kb_of(*CARDS).warm([state(*row[:3]) for row in ROWS])


def verdicts(answers) -> set[tuple[str, str | None]]:
    return ({("legal", None) for _ in answers.derived("proposal_legal")}
            | {("illegal", d.args[1]) for d in answers.derived("proposal_illegal")}
            | {("undecided", d.args[1]) for d in answers.derived("proposal_undecided")})


@pytest.mark.parametrize("artifact,spell,splice,expected", ROWS)
def test_splice_proposal_verdict_each_condition_702_47a_702_47b_601_2a(session, artifact, spell, splice, expected):
    answers = session.ask(state(artifact, spell, splice))
    assert verdicts(answers) == {expected}


@pytest.mark.parametrize("artifact", [False, True])
def test_splice_option_needs_a_legal_target_for_the_spliced_text_702_47b(session, artifact):
    # Wear Away onto Lava Spike (an Arcane spell a may cast): an option only with an artifact to target
    answers = session.ask(state(artifact, "ls", ("wa",)))
    options = [d.args for d in answers.derived("splice_option") if d.args[1] == "ls" and d.args[3] == "wa"]
    refused = [d for d in answers.derived("splice_not_possible") if d.args[1] == "ls" and d.args[3] == "wa"]
    if artifact:
        assert options == [("a", "ls", "1", "wa")] and refused == []
    else:
        assert options == []
        (no,) = refused
        assert no.args == ("a", "ls", "1", "wa", "no_legal_target")
        assert {"702.47a", "702.47b"} <= {c.rule for c in no.citations}
