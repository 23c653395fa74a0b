"""The rule base vs itself: generated states searched for conclusions that cannot both hold
(:func:`search_contradictions`, :func:`check_state`)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import clingo
from clingo import ast

from pyrules.checks.card_checks import _value, checks_program
from pyrules.checks.minimal_core import Core, _cr_key, minimal_core, unsat_core
from pyrules.inputs.rule_base import rule_files


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
        from pyrules.facts.card_facts import card_facts

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
    from pyrules.facts.keyword_definitions import default_keyword_definition_symbols
    with ctl.backend() as backend:
        for sym in (*domain_facts, *default_keyword_definition_symbols()):  # 702: what keywords mean
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
    from pyrules.solving.one_shot import solve

    files = list(rule_files() if files is None else files)
    result = solve(facts, programs=files + [("rule_base.lp", checks_program("rule_base.lp")),
                                             ("show", "#show contradiction/3.")],
                   include_rule_base=False, time_limit=time_limit)
    if result.status == "unsatisfiable":
        return [], unsat_core(facts, files, time_limit)
    return sorted(str(s) for s in result.symbols if s.name == "contradiction"), None
