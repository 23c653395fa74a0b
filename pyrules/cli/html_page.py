"""``pyrules ask FILE --html OUT``: one self-contained HTML page (no script, no outside file) with the
questions asked, their answers, each answer's derivation tree (issue 20) with the CR numbers linked to
their text, and the cards' text. Every value from the data is escaped (``html.escape``)."""

from __future__ import annotations

from html import escape

from pyrules.answers.explanation import Node, _rule_key

_STYLE = """
body { font-family: sans-serif; margin: 1.5em; max-width: 80em; }
code, pre { font-family: monospace; }
ul.tree, ul.tree ul { list-style: none; padding-left: 1.2em; border-left: 1px dotted #bbb; }
.rule { color: #555; margin: 0.2em 0 0.2em 1.2em; }
.leaf { color: #06c; font-size: 90%; }
.absent { color: #a00; }
.cr a { margin-right: 0.3em; }
dt { font-weight: bold; margin-top: 0.4em; }
pre.card { background: #f6f6f6; padding: 0.6em; }
.verdict { background: #eef6ee; padding: 0.5em; }
"""

_LEAF = {"state": "state fact", "card": "card fact", "not_traced": "derived (not traced)",
         "seen": "explained above", "not_shown": "not shown: the tree is too deep or too large"}


def _cr_links(citations: list[dict]) -> str:
    if not citations:
        return ""
    links = " ".join(f'<a href="#cr-{escape(c["rule"])}">{escape(c["rule"])}</a>' for c in citations)
    return f' <span class="cr">[CR {links}]</span>'


def _node(n: Node, card_ids: dict[str, str]) -> str:
    atom = f"<code>{escape(n.atom)}</code>{_cr_links(n.citations)}"
    if n.kind != "derived":
        label = escape(_LEAF.get(n.kind, n.kind))
        if n.kind == "card" and n.card in card_ids:
            label = f'<a href="#{card_ids[n.card]}">card fact of {escape(n.card)}</a>'
            if n.source:
                label += f": <q>{escape(n.source)}</q>"
        return f'<li class="{escape(n.kind)}">{atom} <span class="leaf">({label})</span></li>'
    rule = n.rule or {}
    parts = [f'<li class="derived"><details open><summary>{atom}</summary>',
             f'<div class="rule">by <code>{escape(str(rule.get("file")))}:{escape(str(rule.get("line")))}</code>: '
             f'<code>{escape(str(rule.get("text")))}</code></div><ul>']
    parts += [_node(c, card_ids) for c in n.children]
    parts += [f'<li class="absent">not <code>{escape(a)}</code> (not derived)</li>' for a in n.absent]
    parts.append("</ul></details></li>")
    return "".join(parts)


def html_page(title: str, answers: str, trees: list[Node], cards: dict[str, str]) -> str:
    """The page: ``title``, the answers' text (as ``pyrules ask`` prints them), the trees, the CR
    rules cited in them (``id="cr-601.3"``, each with its text), the cards (name -> text)."""
    card_ids = {name: f"card-{i}" for i, name in enumerate(sorted(cards), start=1)}
    rules: dict[str, str | None] = {}

    def walk(n: Node) -> None:
        for c in n.citations:
            rules.setdefault(c["rule"], c["text"])
        for ch in n.children:
            walk(ch)

    for t in trees:
        walk(t)
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>",
           f"<h1>{escape(title)}</h1>",
           f'<section id="answers"><h2>Answers</h2><pre class="verdict">{escape(answers)}</pre></section>',
           '<section id="trees"><h2>Why: derivation trees</h2>']
    out += [f'<ul class="tree">{_node(t, card_ids)}</ul>' for t in trees] or ["<p>No answers to explain.</p>"]
    out.append('</section><section id="cr"><h2>CR rules</h2><dl>')
    for rule, text in sorted(rules.items(), key=lambda x: _rule_key(x[0])):
        shown = escape(text) if text else "(text not loaded: give a CR file with --cr)"
        out.append(f'<dt id="cr-{escape(rule)}">{escape(rule)}</dt><dd>{shown}</dd>')
    out.append('</dl></section><section id="cards"><h2>Cards</h2>')
    for name in sorted(cards):
        out.append(f'<h3 id="{card_ids[name]}">{escape(name)}</h3><pre class="card">{escape(cards[name])}</pre>')
    out.append("</section></body></html>")
    return "\n".join(out) + "\n"
