"""``pyrules ask FILE --explain KIND``: the derivation tree of each answer of a question kind (issue 20),
as text or JSON: :func:`pyrules.solving.justify.justify` finds the rule instances,
:mod:`pyrules.answers.explanation` builds and prints the trees."""

from __future__ import annotations

import re
from functools import lru_cache

from pyrules.answers.ask_kinds import kind_atoms
from pyrules.answers.explanation import Node, build_trees, explanation_text


def card_text(card) -> str:
    """A card's text for an explanation: each face's name, mana cost, type line and Oracle text."""
    lines = []
    for face in card.faces:
        cost = f" {face.mana_cost.text}" if face.mana_cost is not None else ""
        lines.append(f"{face.name}{cost}")
        if face.type_line is not None:
            lines.append(f"  {face.type_line.text}")
        lines += [f"  {line}" for line in face.oracle_text.splitlines()]
    return "\n".join(lines)


@lru_cache(maxsize=1)
def ability_predicates() -> frozenset[str]:
    """The card-fact predicates whose third argument is an ability's number: those the fact schema
    (rules_asp/foundation/schema.lp) documents as ``name(C, F, A, ...)``."""
    from pyrules.inputs.rule_base import rule_files
    return frozenset(re.findall(r"^%\s+(\w+)\(C, F, A[,)]", dict(rule_files())["foundation/schema.lp"], re.M))


def ability_text(card, fact) -> str | None:
    """The printed text of the ability a card fact was read from: a fact ``p(Card, Face, A, ...)`` of
    a predicate :func:`ability_predicates` names, with a face and an ability number of ``card``; else None."""
    args = fact.arguments
    if fact.name not in ability_predicates() or len(args) < 3 or args[1].type != args[1].type.Number \
            or args[2].type != args[2].type.Number:
        return None
    face, index = args[1].number, args[2].number
    if not 0 < face <= len(card.faces):
        return None
    return next((a.text for a in card.faces[face - 1].abilities if a.index == index), None)


def explain(kb, state, answers, kind: str | tuple[str, ...], time_limit: float) -> tuple[list[Node], dict[str, str]]:
    """The derivation trees of the answers of ``kind`` (a ``pyrules ask`` kind, or several) among
    ``answers`` (``kb.ask(state)``), and the text of the cards the state uses (name -> text).

    Raises:
        NoAnswerError: the time limit was reached, or the state has no answer set."""
    from pyrules.facts.card_facts import card_facts
    from pyrules.solving.justify import justify
    facts = kb.facts(state)
    kinds = (kind,) if isinstance(kind, str) else tuple(kind)
    atoms = tuple(dict.fromkeys(a for k in kinds for a in kind_atoms(answers, k)))
    justification = justify(facts, atoms, time_limit=time_limit)
    names = sorted(state.card_names())
    of_card = {f: (name, ability_text(kb.cards[name], f)) for name in names for f in card_facts(kb.cards[name])}
    trees = build_trees(justification, facts, of_card, justification.cites, kb.rule_text)
    return trees, {name: card_text(kb.cards[name]) for name in names}


def explain_report(kb, state, answers, kind: str, time_limit: float) -> str:
    """The text of :func:`explain`: ``why KIND:`` then the trees, the CR rules' text and the cards' text."""
    trees, cards = explain(kb, state, answers, kind, time_limit)
    if not trees:
        return f"why {kind}: no answers of this kind to explain"
    return f"why {kind}:\n" + explanation_text(trees, cards)


def explain_json(kb, state, answers, kind: str, time_limit: float) -> dict:
    """JSON-ready :func:`explain`: ``kind``, ``trees`` (nested nodes), ``cards`` (name -> text)."""
    trees, cards = explain(kb, state, answers, kind, time_limit)
    return {"kind": kind, "trees": [t.as_json() for t in trees], "cards": cards}


def write_html(path: str, kb, state, answers, kinds: tuple[str, ...], answers_text: str, title: str,
               time_limit: float) -> None:
    """Write the page of :func:`pyrules.cli.html_page.html_page` for ``kinds`` to ``path``.

    Raises:
        PyrulesError: ``path`` cannot be written (one line naming it)."""
    from pyrules.cli.html_page import html_page
    from pyrules.errors import PyrulesError
    trees, cards = explain(kb, state, answers, kinds, time_limit)
    page = html_page(title, answers_text, trees, cards)
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(page)
    except OSError as err:
        raise PyrulesError(f"--html: cannot write {path}: {err.strerror}", path) from None
