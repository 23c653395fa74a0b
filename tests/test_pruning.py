"""Rules that cannot fire are left out before grounding (pyrules.solving.pruning): the answers are
those of the whole rule base, and a rule over a predicate no fact or kept rule supplies is dropped."""

from __future__ import annotations

import clingo
from clingo import ast

from two_player import game, own_main_phase


def _parsed(text: str) -> list:
    out: list = []
    ast.parse_string(text, out.append)
    return out


def test_a_rule_whose_positive_body_no_fact_or_kept_rule_supplies_is_dropped_with_its_heads_defined():
    from pyrules.solving.pruning import pruned
    stms = tuple(_parsed("a(X) :- b(X). c(X) :- a(X). d(X) :- e(X), not a(X). f :- not c(1)."))
    kept = pruned(stms, frozenset({("e", 1)}))
    text = {str(s) for s in kept}
    assert "d(X) :- e(X); not a(X)." in text and "f :- not c(1)." in text
    assert not [t for t in text if t.startswith(("a(X)", "c(X)"))]
    assert {"#defined a/1.", "#defined c/1."} <= text  # no "atom does not occur in any rule head"
    # With b present everything is kept.
    assert len(pruned(stms, frozenset({("b", 1), ("e", 1)}))) == len(stms)


def _answers(kb, state) -> set[str]:
    r = kb.ask(state)
    return {str(x) for v in r._atoms.values() for x in v} | {f"{k}:{sorted(v)}" for k, v in r._cites.items()}


def test_pruned_answers_equal_the_whole_rule_base(kb_of, monkeypatch):
    import pyrules.solving.one_shot as one_shot
    kb = kb_of("Serra Angel", "Grizzly Bears", "Giant Spider", "Cling to Dust", "Crush of Tentacles",
               "Lightning Bolt", "Frogmite", "Memnite", "Fireball", "Trinisphere")
    combat = game(active="b", phase="combat", step="declare_attackers", priority="b")
    combat.add_object("att", "Serra Angel", "battlefield", "b")
    combat.attack("att", "a")
    combat.add_object("gb", "Grizzly Bears", "battlefield", "a")
    combat.add_object("gs", "Giant Spider", "battlefield", "a")
    casting = own_main_phase()
    for i, name in enumerate(("Cling to Dust", "Crush of Tentacles", "Lightning Bolt", "Frogmite", "Fireball")):
        casting.add_object(f"h{i}", name, "hand", "a")
        casting.add_object(f"g{i}", name, "graveyard", "a")
    casting.add_object("m", "Memnite", "battlefield", "a")
    casting.add_object("t", "Trinisphere", "battlefield", "b")
    casting.propose("p1", "a", "g0", method="alternative(escape)")
    casting.propose("p2", "a", "h1", alternative_costs=("surge",))
    casting.propose("p3", "a", "h4", x=2)
    for state in (combat, casting):
        with_pruning = _answers(kb, state)
        monkeypatch.setenv("PYRULES_PRUNE", "0")
        whole = _answers(kb, state)
        monkeypatch.delenv("PYRULES_PRUNE")
        assert with_pruning == whole and len(whole) > 40


def test_the_printed_form_index_equals_the_ast_walk_over_the_rule_base():
    # The index reads each rule's printed form (fast); the AST walk is the reference.
    from pyrules.inputs.rule_base import rule_statements
    from pyrules.solving.pruning import _index, ast_index
    statements = rule_statements()
    fast, slow = _index(statements), ast_index(statements)
    assert len(fast) == len(slow) == len(statements)
    assert [i for i in range(len(statements)) if fast[i] != slow[i]] == []
    assert sum(1 for heads, body in fast if body) > 1000  # it reads real bodies
