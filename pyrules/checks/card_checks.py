"""Consistency checking (issue 8): the rule base against itself, and cards against the rules.

Two checks, both decided by clingo programs in ``rules_asp/checks/`` (this module only builds
facts, runs clingo and maps symbols to dataclasses):

- **Rule base vs itself** (:func:`search_contradictions`): ``checks/state_space.lp`` generates a
  bounded family of small game states (choice rules over players, objects drawn from a few real
  cards, zones, turn, priority, effects, designations and events); the rule base is grounded over
  all of them, ``checks/rule_base.lp`` defines the conclusions that cannot both hold
  (``contradiction/3``: permitted and forbidden without 101.2, two mana values, two zones, ...), and
  clingo's optimization (``#minimize``) finds a smallest state with a contradiction. The rules
  involved are then found as a minimal unsatisfiable core (:func:`minimal_core`): every rule of the
  rule base and every fact of the state is guarded by an external atom, the contradiction is
  forbidden, and the guards are solved under assumptions (``solve(assumptions=...)``, the core
  from the solve handle, then shrunk by deletion). The same machinery explains a state that has no
  answer set at all (:func:`unsat_core`).
- **Cards vs rules** (:func:`check_cards`, CR 101.1): ``checks/cards.lp`` over each card's facts
  (:func:`pyrules.facts.card_facts.card_facts`) and the CR catalogs (:func:`pyrules.facts.cr_facts.cr_fact_symbols`) lists
  what the rule base cannot interpret (unparsed text, unknown keywords and types) and what
  contradicts a rule and so needs a rule extension (Naturalize 2 destroying an emblem: 701.8;
  TL;DR's "abilities other than keywords": 702).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Sequence

import clingo


# ------------------------------------------------------------------------------------------------
# Shared helpers
# ------------------------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def checks_program(name: str) -> str:
    """Text of ``rules_asp/checks/<name>`` (``cards.lp``, ``rule_base.lp``, ``state_space.lp``)."""
    return (resources.files("pyrules.rules_asp") / "checks" / name).read_text(encoding="utf-8")


def _value(sym: clingo.Symbol) -> str:
    if sym.type == clingo.SymbolType.String:
        return sym.string
    return str(sym)


# ------------------------------------------------------------------------------------------------
# Cards vs rules
# ------------------------------------------------------------------------------------------------

_CATALOG_PREDICATES = frozenset({"cr_keyword_ability", "cr_card_type", "cr_supertype", "cr_subtype",
                                 "cr_keyword_counter"})


_CARD_MESSAGES = {
    "unparsed": "text the rule base cannot interpret: “{detail}”",
    "unclassified": "ability line not classified as any kind of ability",
    "unknown_keyword": "keyword “{detail}” is not a keyword ability of rule 702",
    "unknown_card_type": "card type “{detail}” is not in rule 205.2a",
    "unknown_supertype": "supertype “{detail}” is not in rule 205.4a",
    "unknown_subtype": "subtype “{detail}” is not listed in rule 205.3",
    "destroys_non_permanent": "destroys {detail}, but rule 701.8 defines destroy only for permanents: "
                              "needs a rule extension",
    "keyword_counter_not_in_catalog": "puts a {detail} counter, which rule 122.1b does not list as a "
                                      "keyword counter: needs a rule extension",
    "refers_to_keyword_classification": "its effect depends on which abilities are keywords "
                                        "(rule 702): needs a rule extension",
    "playtest_card": "playtest card: assumes basic game rules would be updated",
}


def catalog_facts(doc) -> list[clingo.Symbol]:
    """ASP facts (symbols) of the CR catalogs ``checks/cards.lp`` reads: the ``cr_*`` catalog facts
    of :func:`pyrules.facts.cr_facts.cr_fact_symbols` and the same names as the card facts spell them
    (``catalog_keyword(K, Name, Rule)`` with K the keyword constant of the Oracle-text grammar,
    702 variants included; ``catalog_card_type(T)``, ``catalog_supertype(T)``).

    A CR name whose constant is no ASP name (:func:`pyrules.asp_terms.is_asp_name`) has no
    ``catalog_*`` fact: no card fact can carry that constant either (card facts pass the same
    check), and ``pyrules cr check`` reports the CR's own values.

    Args:
        doc: a parsed CR (:func:`pyrules.inputs.comprehensive_rules.load_comprehensive_rules`).
    """
    from pyrules.asp_terms import is_asp_name
    from pyrules.facts.cr_facts import cr_fact_symbols
    from pyrules.parser.oracle_text import KEYWORD_VARIANTS, keyword_constant

    F, S = clingo.Function, clingo.String  # noqa: N806
    out = [s for s in cr_fact_symbols(doc, text=False) if s.name in _CATALOG_PREDICATES]
    cat = doc.catalogs
    names = {e.name: e.rule for e in cat.keyword_abilities}
    keywords = [(keyword_constant(name), name, rule) for name, rule in names.items()]
    keywords += [(keyword_constant(variant), base, rule) for variant, (base, rule) in KEYWORD_VARIANTS.items()]
    out += [F("catalog_keyword", [F(k), S(name), S(rule)]) for k, name, rule in dict.fromkeys(keywords)
            if is_asp_name(k)]
    for pred, values in (("catalog_card_type", cat.card_types), ("catalog_supertype", cat.supertypes)):
        out += [F(pred, [F(k)]) for k in map(keyword_constant, values) if is_asp_name(k)]
    return out


def catalog_program(doc) -> list[clingo.Symbol]:
    """Former name of :func:`catalog_facts` (it returned program text; it now returns the symbols)."""
    return catalog_facts(doc)


@dataclass(frozen=True)
class CardFinding:
    """One finding of ``checks/cards.lp`` about one card.

    Attributes:
        source: the card file.
        card: the card's name.
        face: 1-based face index (0: the card as a whole).
        where: the part of the face (``oracle_text(2)`` for ability 2's text, ``ability(1)``,
            ``keyword(foo)``, ``type_line``, ``mana_cost``, ``card``).
        kind: see ``checks/cards.lp`` (``unparsed``, ``unknown_keyword``, ``destroys_non_permanent`` ...).
        klass: ``uninterpreted`` | ``needs_rule_extension`` | ``info``.
        severity: ``note`` or ``warning`` (needs a rule extension).
        detail: the unread text, keyword, type or quality concerned.
        rules: CR rules the finding concerns (the rule to extend, or the catalog), sorted.
        message: one sentence.
    """

    source: str
    card: str
    face: int
    where: str
    kind: str
    klass: str
    severity: str
    detail: str
    rules: tuple[str, ...]
    message: str

    def location(self) -> str:
        """``FILE: CARD: face F: WHERE`` (``face 0`` is the card as a whole)."""
        return f"{self.source}: {self.card}: face {self.face}: {self.where}"


@dataclass
class CardsReport:
    """Cards vs rules over a card source.

    Attributes:
        cards: card definitions read.
        findings: every finding, sorted by source, card, face, place.
        card_names: distinct card names read (card facts are keyed by name, so definitions that
            share a name — tokens, Un-card variants — are checked as one card).
        cards_with_oracle_residue: card names with Oracle text the grammar did not read for meaning
            (``card_oracle_residue/1``).
        coverage_cards_unclean: card names with a definition that :mod:`pyrules.checks.coverage` counts as
            not clean (computed in the same pass, independently of the ASP check; equal to the above).
        errors: ``(source, card, message)`` for records that could not be read at all.
        seconds: wall-clock time of the check.
    """

    cards: int = 0
    card_names: int = 0
    findings: list[CardFinding] = field(default_factory=list)
    cards_with_oracle_residue: int = 0
    coverage_cards_unclean: int = 0
    errors: list[tuple[str, str, str]] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self, top: int = 10) -> dict[str, Any]:
        """Summary for the whole pool: ``cards``, ``cards_with_oracle_residue``, per kind the number
        of findings and of cards (``kinds``), per class the number of cards (``classes``), the most
        frequent unknown keywords and the cards needing a rule extension (name -> CR rules)."""
        kinds: dict[str, dict[str, int]] = {}
        by_kind_cards: dict[str, set] = {}
        by_class_cards: dict[str, set] = {}
        unknown_keywords: Counter = Counter()
        extensions: dict[str, set[str]] = {}
        for f in self.findings:
            kinds.setdefault(f.kind, {"findings": 0, "cards": 0})["findings"] += 1
            by_kind_cards.setdefault(f.kind, set()).add((f.source, f.card))
            by_class_cards.setdefault(f.klass, set()).add((f.source, f.card))
            if f.kind == "unknown_keyword":
                unknown_keywords[f.detail] += 1
            if f.klass == "needs_rule_extension":
                extensions.setdefault(f.card, set()).update(f.rules)
        for k, cards in by_kind_cards.items():
            kinds[k]["cards"] = len(cards)
        return {
            "cards": self.cards,
            "card_names": self.card_names,
            "cards_with_oracle_residue": self.cards_with_oracle_residue,
            "kinds": dict(sorted(kinds.items())),
            "classes": {k: len(v) for k, v in sorted(by_class_cards.items())},
            "unknown_keywords": dict(unknown_keywords.most_common(top)),
            "needs_rule_extension": {c: sorted(r) for c, r in sorted(extensions.items())},
            "errors": len(self.errors),
            "seconds": round(self.seconds, 2),
        }


def _solve_card_checks(facts: Sequence[clingo.Symbol], catalog: Sequence[clingo.Symbol]) -> list[clingo.Symbol]:
    from pyrules.asp_terms import add_facts

    ctl = clingo.Control(["--models=1", "--warn=none"])
    ctl.add("base", [], checks_program("cards.lp"))  # a rule file of rules_asp/checks
    add_facts(ctl, catalog)  # the CR's catalogs and the cards: values, never parsed
    add_facts(ctl, facts)
    ctl.ground([("base", [])])
    shown: list[clingo.Symbol] = []
    ctl.solve(on_model=lambda m: shown.extend(m.symbols(shown=True)))
    return shown


def _card_findings(shown: Sequence[clingo.Symbol], source: str) -> tuple[list[CardFinding], set[str]]:
    klass: dict[str, str] = {}
    severity: dict[str, str] = {}
    rules: dict[tuple, set[str]] = {}
    found: list[tuple] = []
    residue: set[str] = set()
    for s in shown:
        a = s.arguments
        if s.name == "card_finding_class":
            klass[_value(a[0])] = _value(a[1])
        elif s.name == "card_finding_severity":
            severity[_value(a[0])] = _value(a[1])
        elif s.name == "card_finding_rule":
            rules.setdefault(tuple(str(x) for x in a[:5]), set()).add(_value(a[5]))
        elif s.name == "card_finding":
            found.append(tuple(a))
        elif s.name == "card_oracle_residue":
            residue.add(_value(a[0]))
    out = []
    for c, f, where, kind, detail in found:
        k, d = _value(kind), _value(detail)
        out.append(CardFinding(source, _value(c), f.number, str(where), k, klass.get(k, ""), severity.get(k, "note"),
                               d, tuple(sorted(rules.get(tuple(str(x) for x in (c, f, where, kind, detail)), ()))),
                               _CARD_MESSAGES.get(k, k).format(detail=d)))
    return out, residue


def check_card_definitions(cards: Iterable, doc=None, catalog: Sequence[clingo.Symbol] | None = None,
                           source: str | None = None) -> tuple[list[CardFinding], set[str]]:
    """Cards vs rules for card definitions in memory (one clingo run for all of them).

    Args:
        cards: :class:`pyrules.inputs.card_definitions.CardDefinition` objects.
        doc: the CR whose catalogs are used (or pass ``catalog``, the symbols of
            :func:`catalog_facts`).
        source: the source name findings carry (default: each card's ``source``).

    Returns:
        ``(findings, names of the cards with Oracle text not read for meaning)``; findings sorted
        by card, face, place, kind.
    """
    from pyrules.facts.card_facts import card_facts

    cards = list(cards)
    if catalog is None:
        catalog = catalog_facts(doc)
    facts = [s for card in cards for s in card_facts(card)]
    src = source or (cards[0].source if cards else "<cards>")
    findings, residue = _card_findings(_solve_card_checks(facts, catalog), src)
    findings.sort(key=lambda f: (f.card, f.face, f.where, f.kind, f.detail))
    return findings, residue


def _chunk_check(catalog: tuple, item: tuple[list[Any], str]) -> tuple[int, set, list[CardFinding], set, set, list]:
    """One batch ``item = (records, source)`` of :func:`check_cards` (maybe in a worker process or on a
    Dask worker, :func:`pyrules.solving.executors.run_ordered`): ``catalog`` is
    :func:`catalog_facts` as :func:`pyrules.asp_terms.symbols_data` (clingo symbols are only
    valid in the process that made them, so they cross as plain data)."""
    from pyrules.asp_terms import symbols_from_data
    from pyrules.inputs.cards import cards_from_json
    from pyrules.checks.coverage import card_coverage
    from pyrules.errors import CardTextError

    records, source = item
    cards, errors, unclean = [], [], set()
    for index, text in records:
        rec = json.loads(text)  # sent as JSON text: a record nested some 500 levels deep does not pickle
        try:
            for card in cards_from_json(rec, source, index):
                cards.append(card)
                if not card_coverage(card).cards_clean:
                    unclean.add(card.name)
        except CardTextError as err:
            name = rec.get("name", "?") if isinstance(rec, dict) else "?"
            errors.append((source, str(name), str(err)))
    findings, residue = check_card_definitions(cards, catalog=symbols_from_data(catalog), source=source)
    return len(cards), {c.name for c in cards}, findings, residue, unclean, errors


def check_cards(files: Iterable[str | Path], doc, workers: int = 2, chunk_size: int = 400,
                progress: bool | None = False, scheduler: object = None) -> CardsReport:
    """Cards vs rules (CR 101.1) over every card of the JSON card ``files``.

    Cards are read (all three grammars), turned into facts and checked by ``checks/cards.lp`` in
    batches of ``chunk_size`` records, on ``workers`` local processes (1: in this process) or on a
    Dask cluster (:func:`pyrules.solving.executors.run_ordered`).

    Args:
        files: card files (Scryfall lists or objects, MTGJSON v3 set files, MTGJSON v5 records).
        doc: the parsed CR whose catalogs (702 keywords, 205 types) are checked against.
        progress: a progress bar on stderr (tqdm; None: on a terminal for long batches; False: never).
        scheduler: None (local processes), a ``dask.distributed.Client`` or a scheduler address
            (``pyrules[dask]``).

    Returns:
        A :class:`CardsReport`. A batch whose task failed (its worker died, ...) is one entry of
        ``errors`` per record of the batch, naming the failure; the other batches are reported.

    Raises:
        CardTextError: a file that is not readable JSON.
        QueryError: ``scheduler`` given and Dask not installed or not reachable.
    """
    from pyrules.asp_terms import symbols_data
    from pyrules.checks.coverage import read_records
    from pyrules.solving.executors import TaskFailure, counted, progress_bar, run_ordered

    start = time.perf_counter()
    catalog = symbols_data(catalog_facts(doc))
    chunks: list[tuple[list[Any], str]] = []
    for f in files:
        records, source = read_records(f)
        texts = [(i, json.dumps(r)) for i, r in enumerate(records)]  # (index in the file, record)
        chunks += [(texts[i:i + chunk_size], source) for i in range(0, len(texts), chunk_size)]
    report = CardsReport()
    names: set[str] = set()
    residues: set[str] = set()
    uncleans: set[str] = set()
    sizes = iter([len(r) for r, _ in chunks])  # the bar counts records, batch by batch
    bar = progress_bar(sum(len(r) for r, _ in chunks), progress, "record", "cards")
    results = counted(run_ordered(_chunk_check, catalog, chunks, workers, scheduler), bar, lambda _: next(sizes))
    for (records, source), result in zip(chunks, results):
        if isinstance(result, TaskFailure):
            report.errors += [(source, f"record {index}", f"not checked: {result.message}") for index, _ in records]
            continue
        n, chunk_names, findings, residue, unclean, errors = result
        report.cards += n
        names |= chunk_names
        report.findings += findings
        residues |= residue
        uncleans |= unclean
        report.errors += errors
    report.findings.sort(key=lambda f: (f.source, f.card, f.face, f.where, f.kind, f.detail))
    report.card_names, report.cards_with_oracle_residue, report.coverage_cards_unclean = \
        len(names), len(residues), len(uncleans)
    report.seconds = time.perf_counter() - start
    return report
