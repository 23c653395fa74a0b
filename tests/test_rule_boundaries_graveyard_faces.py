"""Which faces of a card in a graveyard have unread abilities the answers must assume away (issue 23:
tests that notice when a rule changes). 113.6k-n: some abilities function in a graveyard (one that
triggers there, or says it functions there); unread text of a static ability of a card there could be
one, so it is an assumption of every answer (rules_asp/foundation/assumptions.lp). 712.8a: a
transforming card's back face is not cast, and in a graveyard the card has only its front face's
characteristics (712.8a), so the back face's unread text is not listed; the front face's is.

Cards: Accursed Witch // Infectious Curse (transform): front face ability 1, "Spells your opponents cast
that target this creature cost {1} less to cast", is not read (static), nor the effect of its dies
trigger (ability 2); the back face, Infectious Curse, has unread text too.
"""

from __future__ import annotations

from two_player import game


def test_a_transforming_cards_front_face_unread_static_text_is_assumed_in_a_graveyard_113_6_712_8a(kb_of):
    s = game()
    s.add_object("witch", "Accursed Witch // Infectious Curse", "graveyard", "a")
    found = {(a.ability, a.text, a.scope) for a in kb_of("Accursed Witch // Infectious Curse").ask(s).assumptions()
             if a.object == "witch"}
    assert found == {(1, "Spells your opponents cast that target this creature cost {1} less to cast", "all"),
                     # ability 2 ("When this creature dies, return it to the battlefield transformed ..."),
                     # a triggered ability of the front face, partly unread
                     (2, "return it to the battlefield transformed under your control attached to target opponent",
                      "all")}
