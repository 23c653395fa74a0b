"""Derivation trees of answers (issue 20): from the rule instances of
:func:`pyrules.solving.justify.justify`, for each answer the rule that derived it, with its file,
line, text and CR rules, then the same for each atom of its body, down to the facts of the state and
of the cards; the atoms a rule needed to be false are listed with it ("not derived").

Each atom is explained by one of its shortest derivations (fewest rule steps down to facts), so a
tree never loops; an atom already explained (higher up, or in an earlier branch or tree) is marked
``seen`` and not expanded again.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable, Iterable

import clingo

#: Deepest level of a tree and most nodes a tree shows (the rest is counted, not shown).
MAX_DEPTH = 14
MAX_NODES = 400


@dataclass
class Node:
    """One atom of a derivation tree.

    Attributes:
        atom: the atom, as clingo prints it.
        kind: ``derived`` (by ``rule``), ``state`` (a fact of the state), ``card`` (a fact of a card's
            definition: ``card`` names it), ``not_traced`` (true, but derived by a statement the
            explanation does not follow: an aggregate head), or ``seen`` (explained above).
        rule: for ``derived``: ``{"file", "line", "text", "cr"}`` of the rule instance's rule.
        citations: the CR rules the rule base cites for the atom and its rule tags, each
            ``{"rule", "text"}`` (text from the loaded CR, or None).
        children: the nodes of the rule's positive body atoms, in the rule's order, then those of the
            atoms its aggregates counted.
        absent: atoms the rule needed to be false (``any`` stands for an anonymous argument).
        card: the card a ``card`` fact is about; ``source``: the printed text of the ability the fact
            was read from (a fact about ability A of face F of the card), else None.
    """

    atom: str
    kind: str
    rule: dict | None = None
    citations: list[dict] = field(default_factory=list)
    children: list["Node"] = field(default_factory=list)
    absent: list[str] = field(default_factory=list)
    card: str | None = None
    source: str | None = None

    def as_json(self) -> dict:
        """JSON-ready data (the fields above; children nested)."""
        return {"atom": self.atom, "kind": self.kind, "rule": self.rule, "citations": self.citations,
                "absent": self.absent, "card": self.card, "source": self.source,
                "children": [c.as_json() for c in self.children]}


def build_trees(justification, facts: Iterable[clingo.Symbol], card_facts: dict, cites: dict,
                rule_text: Callable[[str], str | None]) -> list[Node]:
    """One tree per target of ``justification``.

    Args:
        justification: a :class:`pyrules.solving.justify.Justification`.
        facts: the state's instance facts; ``card_facts``: fact -> (card name, the printed text of the
            ability it was read from, or None) for the cards' facts.
        cites: atom -> CR rule numbers the rule base cites for it (``cites/2``).
        rule_text: CR rule number -> text, or None.
    """
    known = set(facts) | set(card_facts)
    supports: dict[clingo.Symbol, list] = defaultdict(list)
    for w in justification.whys:
        supports[w.head].append(w)
    height = {a: 0 for a in known}
    changed = True
    while changed:  # shortest derivations: Bellman-Ford over the rule instances
        changed = False
        for w in justification.whys:
            if all(p in height for p in w.positive):
                h = 1 + max((height[p] for p in w.positive), default=0)
                if h < height.get(w.head, h + 1):
                    height[w.head] = h
                    changed = True
    budget = [MAX_NODES]

    def citations(atom, tags=()) -> list[dict]:
        rules = sorted(set(cites.get(atom, ())) | set(tags), key=_rule_key)
        return [{"rule": r, "text": rule_text(r)} for r in rules]

    done: set = set()

    def node(atom: clingo.Symbol, depth: int) -> Node:
        budget[0] -= 1
        if atom in card_facts:
            name, source = card_facts[atom]
            return Node(str(atom), "card", card=name, source=source)
        if atom in known:
            return Node(str(atom), "state")
        options = [w for w in supports.get(atom, ()) if all(p in height for p in w.positive)]
        if not options:
            return Node(str(atom), "not_traced", citations=citations(atom))
        if atom in done or depth >= MAX_DEPTH or budget[0] <= 0:
            return Node(str(atom), "seen" if atom in done else "not_shown", citations=citations(atom))
        best = min(options, key=lambda w: (max((height[p] for p in w.positive), default=0), w.rid))
        info = justification.rules[best.rid]
        done.add(atom)
        out = Node(str(atom), "derived", {"file": info.file, "line": info.line, "text": info.text,
                                          "cr": list(info.cr)}, citations(atom, info.cr),
                   absent=[str(n) for n in best.negative])
        parts = list(best.positive) + [a for group in justification.counted.get((best.rid, atom), ())
                                       for a in group if a not in best.positive]
        out.children = [node(p, depth + 1) for p in dict.fromkeys(parts)]
        return out

    return [node(t, 0) for t in justification.targets]


def _rule_key(rule: str):
    head, _, tail = rule.partition(".")
    return (int(head) if head.isdigit() else 0, tail)


def tree_text(tree: Node, indent: str = "") -> list[str]:
    """The lines of one tree: each atom, its rule (file:line, CR rules, text) and the atoms below it."""
    cr = f"  [CR {', '.join(c['rule'] for c in tree.citations)}]" if tree.citations else ""
    if tree.kind != "derived":
        source = f", from {tree.source!r}" if tree.source else ""
        label = {"state": "state fact", "card": f"card fact of {tree.card}{source}", "not_traced": "derived (not traced)",
                 "seen": "explained above", "not_shown": "not shown: the tree is too deep or too large"}[tree.kind]
        return [f"{indent}{tree.atom}  ({label}){cr}"]
    lines = [f"{indent}{tree.atom}{cr}",
             f"{indent}  by {tree.rule['file']}:{tree.rule['line']}: {tree.rule['text']}"]
    for child in tree.children:
        lines += tree_text(child, indent + "    ")
    lines += [f"{indent}    not {a}  (not derived)" for a in tree.absent]
    return lines


def explanation_text(trees: list[Node], cards: dict[str, str]) -> str:
    """Every tree, then the text of each CR rule cited in them, then the text of each card whose facts
    they rest on (``cards``: card name -> its text)."""
    lines: list[str] = []
    rules: dict[str, str | None] = {}
    used_cards: list[str] = []

    def walk(n: Node) -> None:
        for c in n.citations:
            rules.setdefault(c["rule"], c["text"])
        if n.card and n.card not in used_cards:
            used_cards.append(n.card)
        for ch in n.children:
            walk(ch)

    for t in trees:
        walk(t)
        lines += tree_text(t) + [""]
    if rules:
        lines.append("CR rules:")
        lines += [f"  {r} {text if text else '(text: load a CR with --cr)'}" for r, text in
                  sorted(rules.items(), key=lambda x: _rule_key(x[0]))]
    if used_cards:
        lines.append("cards:")
        for name in used_cards:
            lines.append(f"  {name}")
            lines += [f"    {line}" for line in cards.get(name, "").splitlines()]
    return "\n".join(lines).rstrip()
