"""The question kinds of ``pyrules ask`` (issue 20), as the rule base declares them.

``rules_asp/foundation/questions.lp`` names each kind (``ask_kind/1``), the answer predicates whose
atoms answer it (``ask_predicate/3``) and which kinds of assumption bear on it (``ask_bears/2``). This module reads the declarations off that file's clingo AST (facts only, no
solving) and gives each kind its one line of words for ``pyrules ask --list``; it decides nothing.
A kind's name on the command line is its ASP name with ``-`` for ``_`` (``mana_value`` ->
``mana-value``).
"""

from __future__ import annotations

from functools import lru_cache

import clingo
import clingo.ast as A

from pyrules.errors import PyrulesError
from pyrules.inputs.rule_base import rule_files

#: The file of the rule base that declares the kinds.
QUESTIONS_FILE = "foundation/questions.lp"

#: One line of words per kind (CLI name), for ``pyrules ask --list``; a test keeps its keys equal to
#: the rule base's ask_kind/1.
KIND_TEXT = {
    "mana-value": "mana value of each object now (202.3), or why it has none",
    "cast": "who may cast what now, from which zone, by which method and rule, or why not (601.3)",
    "land": "who may play which land now, or why not (305.1)",
    "permission": "what each effect's cast permission allows, card by card (601.3)",
    "proposal": "verdict on each proposed casting: legal, illegal (why) or undecided (601.2b-e)",
    "attack": "which creatures may attack, and which battles, or why not (508.1a, 310.8b)",
    "activate": "may each activated ability be activated now, by whom, with what still to pay (602)",
    "search": "what a search effect can find, or why not (701.23a)",
    "count": "how many cards a count effect counts (709.2)",
    "discard": "how many cards a discard event discarded (701.9a)",
    "damage": "results of each damage event: life lost, counters, damage marked, prevented (120.3)",
    "sba": "state-based actions the next check performs (704.5)",
    "characteristics": "each object's names, colors, types, mana value, power/toughness and abilities (109.3)",
    "cost": "total cost of each proposed casting, its additional costs and payment options (601.2f, 601.2b)",
    "modes": "modes to choose, mode options, splice options (700.2, 702.47)",
    "fuse": "may a split card be cast fused (702.102)",
    "suspend": "may a card be suspended from hand (702.62)",
    "continue-casting": "may a player go on casting as though it had flash (601.5a)",
    "cleanup": "is a spell cast through its own flash ability sacrificed at cleanup (307.5a)",
    "keywords": "keyword abilities each object has now, keyword counters, keyword values (702, 122.1b)",
    "combat-damage": "combat damage assignment: who assigns, lethal damage, the split (510.1)",
    "block": "which creature may block which attacker, or why not (509.1a)",
    "life": "life totals, poison, counters, damage marked and toughness after the events (119, 122, 120.6)",
    "tokens": "tokens' names and subtypes, tokens triggered abilities will create (111)",
    "triggers": "abilities the events trigger, or why not (603.2)",
    "resolve": "does each spell resolve, which targets are illegal (608.2b)",
    "zone": "where a spell goes when it leaves the stack (608.2n, 701.6a, 614)",
    "destroy": "what destroying does: results, trackers, regeneration (701.8)",
    "expend": "expend triggers and the mana spent (700.14)",
    "shuffle": "which libraries are shuffled and what is shuffled in (701.24)",
    "names": "which names may be chosen for a 'choose a card name' effect (201.3)",
    "format": "legality of cards in formats (100.6)",
    "mana": "asked payments (ask_payments): what permanents produce, can each spell's cost be paid (605, 601.2g-h)",
}


def cli_name(kind: str) -> str:
    """The command line's name of an ASP kind name (``mana_value`` -> ``mana-value``)."""
    return kind.replace("_", "-")


def asp_name(name: str) -> str:
    """The ASP name of a command line kind name (``mana-value`` -> ``mana_value``)."""
    return name.replace("-", "_")


@lru_cache(maxsize=8)
def rule_base_facts(file: str, name: str, arity: int) -> tuple[tuple[str, ...], ...]:
    """The arguments (as text) of the facts ``name/arity`` written in rule file ``file`` (a path of
    :func:`pyrules.inputs.rule_base.rule_files`, e.g. ``"foundation/questions.lp"``), in order, pools
    expanded; rules with a body are not facts and are passed over.

    Raises:
        PyrulesError: the rule base has no such file."""
    text = dict(rule_files()).get(file)
    if text is None:
        raise PyrulesError(f"the rule base has no {file}")
    out: list[tuple[str, ...]] = []

    def fact(stm: A.AST) -> None:
        if stm.ast_type != A.ASTType.Rule or stm.body:
            return
        for rule in stm.unpool():
            atom = rule.head.atom if rule.head.ast_type == A.ASTType.Literal else None
            term = atom.symbol if atom is not None and atom.ast_type == A.ASTType.SymbolicAtom else None
            if term is not None and term.ast_type == A.ASTType.Function and term.name == name \
                    and len(term.arguments) == arity:
                out.append(tuple(str(a) for a in term.arguments))

    A.parse_string(text, fact)
    return tuple(out)


def _declarations() -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """(kinds in declaration order, kind -> assumption kinds) from the facts of questions.lp."""
    kinds = tuple(cli_name(k) for (k,) in rule_base_facts(QUESTIONS_FILE, "ask_kind", 1))
    bears: dict[str, tuple[str, ...]] = {}
    for k, q in rule_base_facts(QUESTIONS_FILE, "ask_bears", 2):
        bears[cli_name(k)] = bears.get(cli_name(k), ()) + (q,)
    return kinds, bears


def ask_kinds() -> tuple[str, ...]:
    """Every question kind of ``pyrules ask`` (CLI names), in the rule base's order."""
    return _declarations()[0]


def assumption_kinds(kind: str) -> tuple[str, ...]:
    """The kinds of assumption (:data:`pyrules.answers.typed.QUESTION_KINDS`) bearing on answers of
    question kind ``kind`` (CLI name; ``ask_bears/2``); ``()`` for a name that is no kind."""
    return _declarations()[1].get(kind, ())


@lru_cache(maxsize=64)
def kind_predicates(kind: str) -> tuple[tuple[str, int], ...]:
    """The answer predicates (name, arity) whose atoms answer question kind ``kind`` (CLI name;
    ``ask_predicate/3``), in the rule base's order; ``()`` for a name that is no kind."""
    name = asp_name(kind)
    return tuple((p, int(n)) for k, p, n in rule_base_facts(QUESTIONS_FILE, "ask_predicate", 3) if k == name)


def kind_atoms(answers, kind: str) -> list[clingo.Symbol]:
    """The answer atoms of question kind ``kind`` (CLI name) in ``answers`` (an
    :class:`pyrules.answers.answer_set.Answers`), sorted by their text."""
    return sorted((a for p, n in kind_predicates(kind) for a in answers.symbols(p) if len(a.arguments) == n), key=str)
