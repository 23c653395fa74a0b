"""A permanent's static zone-change replacement in sequences (614.1a, 700.4): Wildwood Escort's "If this
creature would die, exile it instead" for a destroy (701.8a) and for a state-based death (704.5g), and
in a moment's destroy outcome. Before, the grammar did not read the sentence ("this creature" was
taken for "If ~ would be put into a graveyard") and Murder put the Escort into the graveyard, with
only an unread-text assumption. A replacement the grammar does not read (Rest in Peace) is listed
among the assumptions of the event it could replace, never dropped."""

from __future__ import annotations

from pyrules import GameState
from timeline_helpers import holds, kb_of, two_player_state  # noqa: F401 — kb_of is a fixture


def _citations_of(tl, fluent):
    return {r for st in tl.steps for c in st.changes if c.kind == "begins" and str(c.fluent) == fluent
            for r in c.citations}


def test_murdered_wildwood_escort_is_exiled_instead_614_1a_701_8a(kb_of):
    kb = kb_of("Wildwood Escort", "Murder")
    s = two_player_state(("w", "Wildwood Escort", "battlefield", "bob"), ("m", "Murder", "hand", "alice"))
    s.then_cast("alice", "m", targets=["w"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(w,exile)") and not holds(tl, "in_zone(w,graveyard)")
    assert {"614.1a", "701.8a"} <= _citations_of(tl, "in_zone(w,exile)")
    # the replacement, read and applied, is no assumption (its other ability, unread, still is)
    texts = [a.assumption.text for a in tl.assumptions()]
    assert not any("would die" in t for t in texts), texts


def test_a_lethal_flame_slash_exiles_it_in_the_state_based_actions_704_5g(kb_of):
    kb = kb_of("Wildwood Escort", "Flame Slash")
    s = two_player_state(("w", "Wildwood Escort", "battlefield", "bob"), ("fs", "Flame Slash", "hand", "alice"))
    s.then_cast("alice", "fs", targets=["w"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    assert holds(tl, "in_zone(w,exile)") and {"614.1a", "704.5g"} <= _citations_of(tl, "in_zone(w,exile)")


def test_a_moments_destroy_outcome_is_exile_614_1a(kb_of):
    s = GameState()
    s.add_player("a")
    s.set_turn("a", "precombat_main", None, "a")
    s.add_object("w", "Wildwood Escort", "battlefield", "a", controller="a")
    s.destroy("d", "w")
    (result,) = kb_of("Wildwood Escort").ask(s).outcomes().destroy_results("d")
    assert result.args == ("d", "put_into(w,exile)") and "614.1a" in {c.rule for c in result.citations}


def test_rest_in_peace_unread_is_an_assumption_of_the_destroy_it_could_replace(kb_of):
    # Rest in Peace's "If a card or token would be put into a graveyard from anywhere, exile it
    # instead" is not read: the Bears go to the graveyard, and every outcome answer from the state to
    # the destroy's time lists that text.
    kb = kb_of("Rest in Peace", "Murder", "Grizzly Bears")
    s = two_player_state(("rip", "Rest in Peace", "battlefield", "alice"), ("bears", "Grizzly Bears", "battlefield", "bob"),
                         ("m", "Murder", "hand", "alice"))
    s.then_cast("alice", "m", targets=["bears"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished and holds(tl, "in_zone(bears,graveyard)")
    resolve_time = [st.time for st in tl.steps if st.user_event == 2][0]
    (rip,) = [a for a in tl.assumptions("outcome") if a.assumption.object == "rip" and a.assumption.ability == 2]
    assert rip.assumption.text == "If a card or token would be put into a graveyard from anywhere, exile it instead"
    assert resolve_time in rip.times and 0 in rip.times
