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
  (:func:`pyrules.card_facts.card_facts`) and the CR catalogs (:func:`pyrules.cr.cr_fact_symbols`) lists
  what the rule base cannot interpret (unparsed text, unknown keywords and types) and what
  contradicts a rule and so needs a rule extension (Naturalize 2 destroying an emblem: 701.8;
  TL;DR's "abilities other than keywords": 702).
"""

from __future__ import annotations

import json
import re
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Sequence

import clingo
from clingo import ast

from pyrules.solver import rule_files

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
    of :func:`pyrules.cr.cr_fact_symbols` and the same names as the card facts spell them
    (``catalog_keyword(K, Name, Rule)`` with K the keyword constant of the Oracle-text grammar,
    702 variants included; ``catalog_card_type(T)``, ``catalog_supertype(T)``).

    A CR name whose constant is no ASP name (:func:`pyrules.asp_terms.is_asp_name`) has no
    ``catalog_*`` fact: no card fact can carry that constant either (card facts pass the same
    check), and ``pyrules cr check`` reports the CR's own values.

    Args:
        doc: a parsed CR (:func:`pyrules.cr.load_comprehensive_rules`).
    """
    from pyrules.asp_terms import is_asp_name
    from pyrules.cr import cr_fact_symbols
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
        coverage_cards_unclean: card names with a definition that :mod:`pyrules.coverage` counts as
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
        cards: :class:`pyrules.cards.CardDefinition` objects.
        doc: the CR whose catalogs are used (or pass ``catalog``, the symbols of
            :func:`catalog_facts`).
        source: the source name findings carry (default: each card's ``source``).

    Returns:
        ``(findings, names of the cards with Oracle text not read for meaning)``; findings sorted
        by card, face, place, kind.
    """
    from pyrules.card_facts import card_facts

    cards = list(cards)
    if catalog is None:
        catalog = catalog_facts(doc)
    facts = [s for card in cards for s in card_facts(card)]
    src = source or (cards[0].source if cards else "<cards>")
    findings, residue = _card_findings(_solve_card_checks(facts, catalog), src)
    findings.sort(key=lambda f: (f.card, f.face, f.where, f.kind, f.detail))
    return findings, residue


def _chunk_check(records: list[Any], source: str, catalog: tuple) -> tuple[int, set, list[CardFinding], set, set, list]:
    """One batch of :func:`check_cards` (maybe in a worker process): ``catalog`` is
    :func:`catalog_facts` as :func:`pyrules.asp_terms.symbols_data` (clingo symbols are only
    valid in the process that made them, so they cross as plain data)."""
    from pyrules.asp_terms import symbols_from_data
    from pyrules.cards import cards_from_json
    from pyrules.coverage import card_coverage
    from pyrules.errors import CardTextError

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
                progress: bool = False) -> CardsReport:
    """Cards vs rules (CR 101.1) over every card of the JSON card ``files``.

    Cards are read (all three grammars), turned into facts and checked by ``checks/cards.lp`` in
    batches of ``chunk_size`` records in ``workers`` processes (1: in this process).

    Args:
        files: card files (Scryfall lists or objects, MTGJSON v3 set files, MTGJSON v5 records).
        doc: the parsed CR whose catalogs (702 keywords, 205 types) are checked against.
        progress: print batch progress on stderr.

    Returns:
        A :class:`CardsReport`.

    Raises:
        CardTextError: a file that is not readable JSON.
    """
    from pyrules.asp_terms import symbols_data
    from pyrules.coverage import read_records

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
    if workers <= 1:
        results = (_chunk_check(r, s, catalog) for r, s in chunks)
        pool = None
    else:
        pool = ProcessPoolExecutor(max_workers=workers)
        results = pool.map(_chunk_check, [r for r, _ in chunks], [s for _, s in chunks], [catalog] * len(chunks))
    try:
        for done, (n, chunk_names, findings, residue, unclean, errors) in enumerate(results, 1):
            report.cards += n
            names |= chunk_names
            report.findings += findings
            residues |= residue
            uncleans |= unclean
            report.errors += errors
            if progress:
                print(f"\rcards: {report.cards} ({done}/{len(chunks)} batches)", end="", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.shutdown()
    if progress:
        print(file=sys.stderr)
    report.findings.sort(key=lambda f: (f.source, f.card, f.face, f.where, f.kind, f.detail))
    report.card_names, report.cards_with_oracle_residue, report.coverage_cards_unclean = \
        len(names), len(residues), len(uncleans)
    report.seconds = time.perf_counter() - start
    return report


# ------------------------------------------------------------------------------------------------
# Rule base vs itself: rules guarded by externals, minimal cores
# ------------------------------------------------------------------------------------------------

_RULE_GUARD = "pyrules_rule_on"
_FACT_GUARD = "pyrules_fact_on"


@dataclass(frozen=True)
class RuleRef:
    """One rule (ASP statement) of the rule base.

    Attributes:
        file: rule file relative to ``rules_asp/`` (``casting.lp``).
        line: 1-based line where the statement begins.
        head: predicate name/arity of its head (``castable/6``), ``#false`` for a constraint.
        cr: CR rules named in the comment lines right above it and in its ``cites`` strings.
        text: the statement, on one line.
    """

    file: str
    line: int
    head: str
    cr: tuple[str, ...]
    text: str

    def location(self) -> str:
        """``rules_asp/FILE:LINE``."""
        return f"rules_asp/{self.file}:{self.line}"


def _head_signature(stm) -> str:
    head = stm.head
    if head.ast_type == ast.ASTType.Literal:
        atom = head.atom
        if atom.ast_type == ast.ASTType.BooleanConstant:
            return "#false"
        if atom.ast_type == ast.ASTType.SymbolicAtom and atom.symbol.ast_type == ast.ASTType.Function:
            return f"{atom.symbol.name}/{len(atom.symbol.arguments)}"
    if head.ast_type == ast.ASTType.Aggregate:
        names = {f"{e.literal.atom.symbol.name}/{len(e.literal.atom.symbol.arguments)}" for e in head.elements
                 if e.literal.atom.ast_type == ast.ASTType.SymbolicAtom
                 and e.literal.atom.symbol.ast_type == ast.ASTType.Function}
        return ",".join(sorted(names)) or "choice"
    return str(head.ast_type).split(".")[-1]


def _comment_rules_above(lines: list[str], line: int, comment_cr: dict[int, list[str]]) -> list[str]:
    """CR numbers of the nearest comment lines above ``line`` within its paragraph (rules written
    one after another under one comment share it; a blank line ends the paragraph)."""
    out: list[str] = []
    i = line - 1
    while i >= 1 and lines[i - 1].strip() and not lines[i - 1].lstrip().startswith("%"):
        i -= 1  # other rules of the same paragraph
    while i >= 1 and lines[i - 1].lstrip().startswith("%"):
        out += comment_cr.get(i, [])
        i -= 1
    return out


@dataclass
class GuardedProgram:
    """The rule base with every rule guarded by an external ``pyrules_rule_on(K)``.

    Attributes:
        statements: clingo AST statements (guards added), ready for a ProgramBuilder.
        rules: ``rules[K]`` is the rule guarded by ``pyrules_rule_on(K)``.
    """

    statements: list
    rules: list[RuleRef]


def guarded_rule_base(files: Iterable[tuple[str, str]] | None = None) -> GuardedProgram:
    """Parse ``files`` (default: the installed rule base) with :mod:`clingo.ast` and add to the
    body of every rule the external ``pyrules_rule_on(K)``, so that solving under assumptions can
    switch single rules off (what a minimal core of rules needs)."""
    from pyrules.rulebase_check import rule_base_citations

    files = list(rule_files() if files is None else files)
    cited = rule_base_citations(files)
    statements: list = []
    rules: list[RuleRef] = []
    for name, text in files:
        lines = text.splitlines()
        comment_cr: dict[int, list[str]] = {}
        for c in cited:
            if c.file == name and c.kind == "comment":
                comment_cr.setdefault(c.line, []).append(c.rule)
        parsed: list = []
        ast.parse_string(text, parsed.append)
        for stm in parsed:
            if stm.ast_type == ast.ASTType.Rule:
                k = len(rules)
                loc = stm.location
                begin, end = loc.begin.line, loc.end.line
                answer_cr = [c.rule for c in cited if c.file == name and c.kind == "answer" and begin <= c.line <= end]
                cr = tuple(dict.fromkeys(_comment_rules_above(lines, begin, comment_cr) + answer_cr))
                snippet = " ".join(x.strip() for x in lines[begin - 1:end])
                rules.append(RuleRef(name, begin, _head_signature(stm), cr, snippet[:300]))
                guard = ast.Literal(loc, ast.Sign.NoSign, ast.SymbolicAtom(
                    ast.Function(loc, _RULE_GUARD, [ast.SymbolicTerm(loc, clingo.Number(k))], 0)))
                stm = stm.update(body=list(stm.body) + [guard])
            statements.append(stm)
    return GuardedProgram(statements, rules)


@dataclass(frozen=True)
class Core:
    """A minimal set of facts and rules that cannot hold together (every proper subset can).

    Attributes:
        facts: the state's facts in the core (strings, sorted).
        rules: the rules in the core, in rule-base order.
        cr: every CR rule the core's rules name, sorted.
        minimal: True if shrinking by deletion finished (False: time limit, core may be larger).
    """

    facts: tuple[str, ...]
    rules: tuple[RuleRef, ...]
    cr: tuple[str, ...]
    minimal: bool


def _cr_key(number: str):
    return [int(p) if p.isdigit() else p for p in re.findall(r"\d+|[a-z]+", number)]


def minimal_core(facts: Sequence[clingo.Symbol], programs: Iterable[tuple[str, str]] = (),
                 files: Iterable[tuple[str, str]] | None = None, time_limit: float = 30.0,
                 forbid: Iterable[clingo.Symbol] = ()) -> Core | None:
    """A minimal unsatisfiable core of ``facts`` plus the rule base plus ``programs``.

    Every fact and every rule of the rule base is guarded by an external atom (the extra
    ``programs`` and ``forbid`` stay unguarded); clingo solves with all guards assumed true, takes
    the core of the failed assumptions and shrinks it by deletion (one solve per member, the others
    assumed false) until every member is needed. Facts, guards and constraints go to clingo as
    values (its backend); only rule text is parsed.

    Args:
        facts: the state (instance facts).
        programs: ``(label, ASP text)`` pairs that are always on: fixed program text (a rule file of
            ``rules_asp/checks``, a user's own fact file), never text built from data.
        files: rule files instead of the installed rule base.
        time_limit: seconds for the whole search, counted from the call (reading the rule base and
            grounding, which clingo does in one call each, are not interrupted; every solve is):
            the core returned may then not be minimal (``minimal`` False).
        forbid: atoms that must not hold (each an integrity constraint ``:- atom.``), e.g. one
            contradiction of ``checks/rule_base.lp``.

    Returns:
        The core, or None if the program is satisfiable with every fact and rule on.

    Raises:
        pyrules.deadline.TimeLimitReached: the first solve, which finds a core, did not end within
            ``time_limit``.
    """
    deadline = time.perf_counter() + time_limit
    guarded = guarded_rule_base(files)
    ctl = clingo.Control(["--warn=none"])
    with ast.ProgramBuilder(ctl) as builder:
        for stm in guarded.statements:
            builder.add(stm)
    facts = list(facts)
    guards = [clingo.Function(_RULE_GUARD, [clingo.Number(k)]) for k in range(len(guarded.rules))]
    fact_guards = [clingo.Function(_FACT_GUARD, [clingo.Number(j)]) for j in range(len(facts))]
    guards += fact_guards
    with ctl.backend() as backend:
        for g in guards:  # #external g. (false until assigned)
            backend.add_external(backend.add_atom(g), clingo.TruthValue.False_)
        for g, s in zip(fact_guards, facts):  # s :- g.
            backend.add_rule([backend.add_atom(s)], [backend.add_atom(g)])
        for atom in forbid:  # :- atom.
            backend.add_rule([], [backend.add_atom(atom)])
    for _, program in programs:
        ctl.add("base", [], program)
    ctl.ground([("base", [])])
    lits: dict[int, clingo.Symbol] = {}
    for g in guards:
        atom = ctl.symbolic_atoms[g]
        if atom is not None:
            ctl.assign_external(g, None)
            lits[atom.literal] = g

    class _OutOfTime(Exception):
        pass

    def core_of(on: set[int]) -> list[int] | None:
        # Each solve is bounded by the time left: a core solve over 1000+ assumptions can take
        # longer than the whole limit (H1 of the robustness reproducers).
        assumptions = [lit if lit in on else -lit for lit in lits]
        with ctl.solve(assumptions=assumptions, async_=True) as handle:
            if not handle.wait(max(deadline - time.perf_counter(), 0.0)):
                handle.cancel()
                raise _OutOfTime
            if handle.get().satisfiable:
                return None
            return [lit for lit in handle.core() if lit in on]

    try:
        current = core_of(set(lits))
    except _OutOfTime:
        from pyrules.deadline import TimeLimitReached

        raise TimeLimitReached(f"time limit of {time_limit:g} s reached before a core was found") from None
    if current is None:
        return None
    minimal = True
    # Deletion in chunks of halving size (the rule base has 1000+ guarded rules, most of them in the
    # first core); the last pass, chunk 1, is plain one-by-one deletion, so the result is minimal.
    chunk = max(len(current) // 2, 1)
    while minimal:
        i = 0
        while i < len(current):
            if time.perf_counter() > deadline:
                minimal = False
                break
            trial = current[:i] + current[i + chunk:]
            try:
                smaller = core_of(set(trial))
            except _OutOfTime:
                minimal = False
                break
            if smaller is None:
                i += chunk
            else:
                current = [lit for lit in trial if lit in set(smaller)] or trial
        if chunk == 1:
            break
        chunk = max(chunk // 2, 1)
    members = [lits[lit] for lit in current]
    rule_refs = sorted((guarded.rules[g.arguments[0].number] for g in members if g.name == _RULE_GUARD),
                       key=lambda r: (r.file, r.line))
    core_facts = sorted(str(facts[g.arguments[0].number]) for g in members if g.name == _FACT_GUARD)
    cr = sorted({n for r in rule_refs for n in r.cr}, key=_cr_key)
    return Core(tuple(core_facts), tuple(rule_refs), tuple(cr), minimal)


def unsat_core(facts: Sequence[clingo.Symbol], files: Iterable[tuple[str, str]] | None = None,
               time_limit: float = 30.0) -> Core | None:
    """Why a state has no answer set: a minimal core of its facts and the rule base's rules
    (:func:`minimal_core` with nothing else added); None if the state has an answer set."""
    return minimal_core(facts, (), files, time_limit)


# ------------------------------------------------------------------------------------------------
# Rule base vs itself: the search
# ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Domain:
    """The bounded domain of the generated states (``checks/state_space.lp``).

    Attributes:
        cards: card definitions objects are drawn from (real cards' facts).
        players, objects: names.
        zones, phases, card_types, colors, keywords, designations: what may be chosen.
        numbers: values for mana value bounds and X.
        effects: ``(effect id, kind)``; kinds as in state_space.lp.
    """

    cards: tuple = ()
    players: tuple[str, ...] = ("alice", "bob")
    objects: tuple[str, ...] = ("o1", "o2")
    zones: tuple[str, ...] = ("hand", "graveyard", "library", "battlefield", "stack", "exile")
    phases: tuple[str, ...] = ("precombat_main", "combat", "ending")
    numbers: tuple[int, ...] = (0, 1, 2, 3)
    card_types: tuple[str, ...] = ("instant", "sorcery", "creature", "land")
    colors: tuple[str, ...] = ("r", "g")
    keywords: tuple[str, ...] = ("flash",)
    designations: tuple[str, ...] = ("monarch",)
    effects: tuple[tuple[str, str], ...] = (("permit", "cast_permission"), ("forbid", "cast_prohibition"),
                                            ("as_though_flash", "flash_permission"),
                                            ("alt_cost", "alternative_cost"), ("grant", "grants_keyword"),
                                            ("tutor", "search"), ("counter", "count"))

    def facts(self) -> list[clingo.Symbol]:
        """The domain as facts, with the card facts of every card."""
        from pyrules.card_facts import card_facts

        F, S, N = clingo.Function, clingo.String, clingo.Number
        out = [F("domain_card", [S(c.name)]) for c in self.cards]
        out += [s for c in self.cards for s in card_facts(c)]
        out += [F("domain_player", [F(p)]) for p in self.players]
        out += [F("domain_object", [F(o)]) for o in self.objects]
        out += [F("domain_zone", [F(z)]) for z in self.zones]
        out += [F("domain_phase", [F(p)]) for p in self.phases]
        out += [F("domain_number", [N(n)]) for n in self.numbers]
        out += [F("domain_card_type", [F(t)]) for t in self.card_types]
        out += [F("domain_color", [F(c)]) for c in self.colors]
        out += [F("domain_keyword", [F(k)]) for k in self.keywords]
        out += [F("domain_designation", [F(d)]) for d in self.designations]
        out += [F("domain_effect", [F(e), F(k)]) for e, k in self.effects]
        return out


@dataclass(frozen=True)
class Contradiction:
    """A smallest generated state in which the rule base derives two conclusions that cannot
    both hold, and the rules that derive them.

    Attributes:
        kind: ``permitted_and_forbidden`` | ``two_values`` | ``two_zones`` | ``loses_unheld_designation``.
        atoms: the two contradicting atoms (strings; ``permits`` first for permitted_and_forbidden).
        atom_cr: for each atom, the CR rules it cites (its ``cites/2``).
        state: the state's facts (strings, sorted; card definition facts not listed).
        core: a minimal core: the facts and rules needed to derive the contradiction.
        location: the location of the core rule deriving the first atom (the permission), else
            of the first core rule.
    """

    kind: str
    atoms: tuple[str, str]
    atom_cr: tuple[tuple[str, ...], tuple[str, ...]]
    state: tuple[str, ...]
    core: Core | None
    location: str

    def message(self) -> str:
        """One sentence: the contradiction, its CR citations, the state size and the rules."""
        cr = ", ".join(sorted(set(self.atom_cr[0]) | set(self.atom_cr[1]), key=_cr_key)) or "none"
        rules = ", ".join(f"{r.location()}" for r in self.core.rules) if self.core else "?"
        return (f"{self.kind.replace('_', ' ')}: {self.atoms[0]} and {self.atoms[1]} "
                f"(cited CR {cr}) in a {len(self.state)}-fact state; rules involved: {rules}")


@dataclass
class RuleBaseReport:
    """The self-consistency search.

    Attributes:
        status: ``consistent`` (no state of the family has a contradiction: proved by clingo),
            ``contradictions`` (see ``contradictions``), ``unknown`` (time limit reached first).
        contradictions: one per contradiction kind and predicate pair found, smallest state each.
        domain: the domain searched (summary: card names, sizes).
        derivable: verdict predicates derived in at least one state of the family (brave
            consequences: the search is not vacuous).
        seconds: wall-clock time.
    """

    status: str
    contradictions: list[Contradiction]
    domain: dict[str, Any]
    derivable: tuple[str, ...]
    seconds: float


def _shown(ctl: clingo.Control, time_limit: float) -> tuple[str, list[clingo.Symbol]]:
    best: list[list[clingo.Symbol]] = []
    with ctl.solve(async_=True, on_model=lambda m: best.append(list(m.symbols(shown=True)))) as handle:
        if not handle.wait(time_limit):
            handle.cancel()
            return ("unknown" if not best else "timeout_with_model"), (best[-1] if best else [])
        result = handle.get()
    if result.unsatisfiable:
        return "unsatisfiable", []
    return "optimal", best[-1]


_LOC = ast.Location(ast.Position("<search>", 1, 1), ast.Position("<search>", 1, 1))


def _blocked_pair(kind: clingo.Symbol, a1: clingo.Symbol, a2: clingo.Symbol) -> ast.AST:
    """``:- contradiction(Kind, A1, A2), A1 = p(_, ..), A2 = q(_, ..).`` for the predicates of
    ``a1`` and ``a2``, as a clingo AST node built from the symbols (never program text)."""
    def literal(atom) -> ast.AST:
        return ast.Literal(_LOC, ast.Sign.NoSign, atom)

    def same_predicate(var: str, sym: clingo.Symbol) -> ast.AST:
        pattern = ast.Function(_LOC, sym.name, [ast.Variable(_LOC, "_") for _ in sym.arguments], 0)
        return literal(ast.Comparison(ast.Variable(_LOC, var), [ast.Guard(ast.ComparisonOperator.Equal, pattern)]))

    head = literal(ast.BooleanConstant(False))
    found = literal(ast.SymbolicAtom(ast.Function(_LOC, "contradiction", [
        ast.SymbolicTerm(_LOC, kind), ast.Variable(_LOC, "A1"), ast.Variable(_LOC, "A2")], 0)))
    return ast.Rule(_LOC, head, [found, same_predicate("A1", a1), same_predicate("A2", a2)])


def _search_control(files, domain_facts, fixed: str, arguments: list[str],
                    statements: Sequence[ast.AST] = ()) -> clingo.Control:
    """A Control over the rule base ``files``, ``checks/rule_base.lp``, ``checks/state_space.lp``,
    ``fixed`` (program text written in this module, no data in it), the AST ``statements`` and
    the domain's facts (values, through the backend), ground."""
    ctl = clingo.Control(["--warn=none", *arguments])
    for _, text in files:
        ctl.add("base", [], text)
    ctl.add("base", [], checks_program("rule_base.lp"))
    ctl.add("base", [], checks_program("state_space.lp"))
    ctl.add("base", [], fixed)
    if statements:
        with ast.ProgramBuilder(ctl) as builder:
            builder.add(ast.Program(_LOC, "base", []))
            for stm in statements:
                builder.add(stm)
    with ctl.backend() as backend:
        for sym in domain_facts:
            backend.add_rule([backend.add_atom(sym)])
    ctl.ground([("base", [])])
    return ctl


def derivable_verdicts(domain: Domain, files: Iterable[tuple[str, str]] | None = None,
                       time_limit: float = 60.0) -> tuple[str, ...]:
    """Verdict predicates (``derivable/1`` of ``checks/rule_base.lp``) derived in at least one
    state of the family: clingo's brave consequences (``--enum-mode=brave``). Sorted names."""
    files = list(rule_files() if files is None else files)
    ctl = _search_control(files, domain.facts(), "#show derivable/1.", ["--enum-mode=brave", "--opt-mode=ignore"])
    outcome, symbols = _shown(ctl, time_limit)
    return tuple(sorted(str(s.arguments[0]) for s in symbols if s.name == "derivable"))


def search_contradictions(domain: Domain, files: Iterable[tuple[str, str]] | None = None,
                          time_limit: float = 60.0, max_found: int = 5) -> RuleBaseReport:
    """Search the generated family of states for contradictions of the rule base.

    One clingo run grounds the rule base (``files``, default the installed one) over every state
    of ``checks/state_space.lp`` for ``domain``, requires a ``contradiction/3`` of
    ``checks/rule_base.lp`` and minimizes the number of state facts. Each contradiction found is
    explained by :func:`minimal_core`, then forbidden (by predicate pair), and the search repeats,
    up to ``max_found`` times, until clingo proves no further contradiction exists in the family.

    Args:
        domain: the bounded domain.
        files: rule files instead of the installed rule base (e.g. a deliberately broken one).
        time_limit: seconds for each optimization run (the report says ``unknown`` when reached).
        max_found: stop after this many contradictions.

    Returns:
        A :class:`RuleBaseReport`.
    """
    start = time.perf_counter()
    files = list(rule_files() if files is None else files)
    domain_facts = domain.facts()
    found: list[Contradiction] = []
    blocked: list[ast.AST] = []
    status = "consistent"
    while len(found) < max_found:
        ctl = _search_control(files, domain_facts,
                              "contradiction_found :- contradiction(_, _, _).\n:- not contradiction_found.\n"
                              "#show state_fact/1. #show contradiction/3. #show contradiction_cites/2.\n",
                              ["--opt-mode=opt"], blocked)
        outcome, symbols = _shown(ctl, time_limit)
        if outcome == "unsatisfiable":
            break
        if outcome == "unknown":
            status = "unknown"
            break
        status = "contradictions"
        state = sorted((s.arguments[0] for s in symbols if s.name == "state_fact"), key=str)
        contra = sorted((s for s in symbols if s.name == "contradiction"), key=str)[0]
        kind, a1, a2 = contra.arguments
        cites: dict[str, list[str]] = {}
        for s in symbols:
            if s.name == "contradiction_cites":
                cites.setdefault(str(s.arguments[0]), []).append(_value(s.arguments[1]))
        card_defs = [s for s in domain_facts if not s.name.startswith("domain_")]
        core = minimal_core(list(state) + card_defs, [("rule_base.lp", checks_program("rule_base.lp"))], files,
                            forbid=[contra])
        head1 = f"{a1.name}/{len(a1.arguments)}"
        loc = next((r.location() for r in (core.rules if core else ()) if head1 in r.head.split(",")),
                   core.rules[0].location() if core and core.rules else "rules_asp")
        found.append(Contradiction(str(kind), (str(a1), str(a2)),
                                   (tuple(sorted(cites.get(str(a1), []), key=_cr_key)),
                                    tuple(sorted(cites.get(str(a2), []), key=_cr_key))),
                                   tuple(str(s) for s in state), core, loc))
        # Look for contradictions between other predicates next.
        blocked.append(_blocked_pair(kind, a1, a2))
        if outcome == "timeout_with_model":
            status = "contradictions"
            break
    summary = {"cards": [c.name for c in domain.cards], "players": list(domain.players),
               "objects": list(domain.objects), "zones": list(domain.zones), "phases": list(domain.phases),
               "effects": [f"{e}:{k}" for e, k in domain.effects]}
    derivable = derivable_verdicts(domain, files, time_limit)
    return RuleBaseReport(status, found, summary, derivable, time.perf_counter() - start)


def check_state(facts: Sequence[clingo.Symbol], files: Iterable[tuple[str, str]] | None = None,
                time_limit: float = 30.0) -> tuple[list[str], Core | None]:
    """Check one game state: the contradictions (``checks/rule_base.lp``) the rule base derives in
    it, and, if it has no answer set at all, a minimal unsatisfiable core.

    Args:
        facts: the state's facts (e.g. ``KnowledgeBase.facts(state)``).
        files: rule files instead of the installed rule base.

    Returns:
        ``(contradiction atoms as strings, core or None)``.
    """
    from pyrules.solver import solve

    files = list(rule_files() if files is None else files)
    result = solve(facts, programs=files + [("rule_base.lp", checks_program("rule_base.lp")),
                                             ("show", "#show contradiction/3.")],
                   include_rule_base=False, time_limit=time_limit)
    if result.status == "unsatisfiable":
        return [], unsat_core(facts, files, time_limit)
    return sorted(str(s) for s in result.symbols if s.name == "contradiction"), None
