"""How much of the card pool the card grammars read: the coverage report of ``pyrules cards coverage``.

Levels (each counted over the loaded cards; a multi-face card's faces all count):

- **L0 frame**: a card whose every face's name, mana cost and type line were read (no frame
  problem in :attr:`CardDefinition.problems`), and whose faces match its layout. "Read" means
  every symbol and word was recognized; elements no CR rule defines are read as such and counted
  apart (:attr:`Coverage.frames_nonstandard`): a one-letter mana symbol outside CR 107.4 (``{D}``,
  a ``nonstandard`` symbol with no mana value), type words outside 205.2a/205.4a ("Card",
  "Eaturecray"), a joke line read by the type-line grammar's ``nonstandard`` rule. Their facts
  carry them as ``card_unparsed/4`` (no meaning in the rule base, nothing guessed).
- **L1 abilities**: abilities (one per line, CR 113) split and classified (kind other than
  ``unclassified``).
- **L2 keyword lines**: keyword lines (702) whose every keyword was read with its parameters
  (no unreadable "—" cost).
- **L3 meaning**: abilities with no unparsed residue (every sentence, cost and condition read
  for meaning, each content word carried by a fact: the swallow check of
  :mod:`pyrules.parser.oracle_swallow`).

Card figures (issue 19), the first lines of the report: ``cards fully read: N of M (P%)`` (every
ability of every face with no residue) and ``cards interpreted: N of M (P%)`` (fully read, and every
fact of every ability read by some rule of the rule base, :mod:`pyrules.checks.interpreted`).

Trigger figures (issue 16), the next two lines: ``trigger conditions read: N of M (P%)`` (triggered
abilities, CR 603.1, whose trigger condition the card grammar read as ``face_triggers_on/4`` facts)
and ``trigger conditions interpreted: N of M (P%)`` (every condition of the ability is one some rule
derives, ``trigger_event_interpreted/1`` of rules_asp/foundation/assumptions.lp and of the time
encoding's rules_asp/time/triggers.lp, decided by those rules in clingo: :func:`conditions_interpreted`).

Batches run in a process pool (``workers`` processes, :mod:`concurrent.futures`) with progress on
stderr; a :class:`~pyrules.inputs.card_cache.CardCache` keeps each record's counts between runs.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from clingo import Function, Number, String, Symbol, SymbolType

from pyrules.errors import CardTextError
from pyrules.inputs.card_cache import CardCache, record_key
from pyrules.inputs.card_definitions import CardDefinition
from pyrules.inputs.cards import is_text, cards_from_json, decode_card_json
from pyrules.inputs.reading import read_text

FRAME_FIELDS = ("mana_cost", "type_line")


@dataclass
class Coverage:
    """Counts per level (see the module docstring).

    Attributes:
        cards, cards_frame_ok: cards seen / with the frame read (L0).
        frames_nonstandard: cards whose frame was read but holds elements no CR rule defines
            (non-CR mana symbols, type words or type lines; see the module docstring).
        faces: faces seen.
        abilities, abilities_classified: abilities seen / classified (L1).
        cards_all_classified: cards whose every ability is classified.
        keyword_lines, keyword_lines_full: keyword lines / read with all parameters (L2).
        abilities_clean: abilities with no unparsed residue (L3).
        cards_clean: cards whose every ability has no unparsed residue.
        unparsed_patterns: unparsed texts with numbers, mana symbols and quotes generalized -> count.
        clean_card_needs: for the cards counted in ``cards_clean``: what their ability facts need to
            be interpreted (:func:`pyrules.checks.interpreted.needs_key`) -> count of cards.
        trigger_conditions: for each triggered ability (603.1), the trigger conditions read for it
            (:func:`conditions_key`: ``"[]"`` when none was read) -> count of abilities.
        errors: ``(source, card name, message)`` for cards that could not be read at all.
    """

    cards: int = 0
    cards_frame_ok: int = 0
    frames_nonstandard: int = 0
    faces: int = 0
    abilities: int = 0
    abilities_classified: int = 0
    cards_all_classified: int = 0
    keyword_lines: int = 0
    keyword_lines_full: int = 0
    abilities_clean: int = 0
    cards_clean: int = 0
    unparsed_patterns: Counter = field(default_factory=Counter)
    errors: list[tuple[str, str, str]] = field(default_factory=list)
    clean_card_needs: Counter = field(default_factory=Counter)
    trigger_conditions: Counter = field(default_factory=Counter)

    def add(self, other: "Coverage") -> None:
        """Add ``other``'s counts to these."""
        for name in self.__dataclass_fields__:
            mine = getattr(self, name)
            if isinstance(mine, int):
                setattr(self, name, mine + getattr(other, name))
        self.unparsed_patterns.update(other.unparsed_patterns)
        self.errors += other.errors
        self.clean_card_needs.update(other.clean_card_needs)
        self.trigger_conditions.update(other.trigger_conditions)

    @staticmethod
    def _pct(n: int, d: int) -> float:
        return 100.0 * n / d if d else 100.0

    def levels(self) -> dict[str, tuple[int, int, float]]:
        """``{"L0": (n, of, percent), ...}`` for the four levels (L1 and L3 count abilities)."""
        return {
            "L0": (self.cards_frame_ok, self.cards, self._pct(self.cards_frame_ok, self.cards)),
            "L1": (self.abilities_classified, self.abilities, self._pct(self.abilities_classified, self.abilities)),
            "L2": (self.keyword_lines_full, self.keyword_lines, self._pct(self.keyword_lines_full, self.keyword_lines)),
            "L3": (self.abilities_clean, self.abilities, self._pct(self.abilities_clean, self.abilities)),
        }

    def cards_interpreted(self) -> int:
        """Cards fully read whose every ability fact some rule reads (:mod:`pyrules.checks.interpreted`).

        Raises:
            pyrules.errors.FactFileError: a rule file does not parse.
        """
        from pyrules.checks.interpreted import is_interpreted, keywords_interpreted, predicates_read_by_rules

        read, keywords = predicates_read_by_rules(), keywords_interpreted()
        return sum(n for key, n in self.clean_card_needs.items() if is_interpreted(key, read, keywords))

    def card_lines(self) -> list[str]:
        """``cards fully read: N of M (P%)`` and ``cards interpreted: N of M (P%)``."""
        return [f"cards fully read: {self.cards_clean} of {self.cards} ({self._pct(self.cards_clean, self.cards):.1f}%)",
                f"cards interpreted: {(i := self.cards_interpreted())} of {self.cards} ({self._pct(i, self.cards):.1f}%)"]

    def trigger_lines(self) -> list[str]:
        """``trigger conditions read: N of M (P%)`` and ``trigger conditions interpreted: N of M (P%)``
        over the triggered abilities counted (603.1, 603.2).

        Raises:
            pyrules.errors.FactFileError: a rule file does not parse.
        """
        total = sum(self.trigger_conditions.values())
        keyed = {key: conditions_from_key(key) for key in self.trigger_conditions}
        read = sum(n for key, n in self.trigger_conditions.items() if keyed[key])
        interpreted_conditions = conditions_interpreted({c for conds in keyed.values() for c in conds})
        interpreted = sum(n for key, n in self.trigger_conditions.items()
                          if keyed[key] and all(c in interpreted_conditions for c in keyed[key]))
        return [f"trigger conditions read: {read} of {total} ({self._pct(read, total):.1f}%)",
                f"trigger conditions interpreted: {interpreted} of {total} ({self._pct(interpreted, total):.1f}%)"]

    def report(self, top: int = 15) -> str:
        """The text report: the card lines (:meth:`card_lines`), the trigger lines
        (:meth:`trigger_lines`), one line per level, then the most frequent unparsed patterns."""
        names = {"L0": "frame (name, cost, types, P/T, faces)", "L1": "abilities split and classified",
                 "L2": "keyword lines with parameters", "L3": "abilities with no unparsed residue"}
        lines = self.card_lines() + self.trigger_lines() + [f"{self.cards} cards, {self.faces} faces, {self.abilities} abilities"]
        for level, (n, d, p) in self.levels().items():
            lines.append(f"{level} {names[level]:<40} {n:>7} / {d:<7} {p:6.2f}%")
        lines.append(f"   frames with elements outside the CR      {self.frames_nonstandard:>7} / {self.cards:<7} "
                     f"{self._pct(self.frames_nonstandard, self.cards):6.2f}%")
        lines.append(f"   cards with every ability classified     {self.cards_all_classified:>7} / {self.cards:<7} "
                     f"{self._pct(self.cards_all_classified, self.cards):6.2f}%")
        lines.append(f"   cards with no unparsed residue          {self.cards_clean:>7} / {self.cards:<7} "
                     f"{self._pct(self.cards_clean, self.cards):6.2f}%")
        if self.errors:
            lines.append(f"{len(self.errors)} cards could not be read:")
            lines += [f"  {src}: {name}: {msg}" for src, name, msg in self.errors[:top]]
        lines.append(f"most frequent unparsed patterns (of {sum(self.unparsed_patterns.values())}):")
        lines += [f"  {n:>6}  {p}" for p, n in self.unparsed_patterns.most_common(top)]
        return "\n".join(lines)


_COUNTS = ("cards", "cards_frame_ok", "frames_nonstandard", "faces", "abilities", "abilities_classified",
           "cards_all_classified", "keyword_lines", "keyword_lines_full", "abilities_clean", "cards_clean")


def coverage_data(cov: Coverage) -> list:
    """``cov`` as plain JSON data for the card cache: the counts in :data:`_COUNTS` order, then
    ``{pattern: count}``, ``{needs: count}`` and ``{trigger conditions: count}`` (errors are not
    cached: their message names the file)."""
    return [*(getattr(cov, n) for n in _COUNTS), dict(cov.unparsed_patterns), dict(cov.clean_card_needs),
            dict(cov.trigger_conditions)]


def coverage_from_data(data: object) -> Coverage | None:
    """The :class:`Coverage` of :func:`coverage_data`'s ``data``, or None if ``data`` is not of
    that shape (a cache entry is checked, never trusted)."""
    if type(data) is not list or len(data) != len(_COUNTS) + 3:
        return None
    *counts, patterns, needs, triggers = data
    if not all(type(n) is int for n in counts) or any(
            type(d) is not dict or not all(type(k) is str and type(n) is int for k, n in d.items())
            for d in (patterns, needs, triggers)):
        return None
    if any(conditions_from_key(k) is None for k in triggers):
        return None
    return Coverage(*counts, unparsed_patterns=Counter(patterns), clean_card_needs=Counter(needs),
                    trigger_conditions=Counter(triggers))


def _symbol_data(sym: Symbol) -> object:
    """A clingo symbol as plain JSON data: a number, ``["s", text]`` for a string, ``[name, args...]``
    for a function (a constant: ``[name]``; a tuple: ``["", args...]``)."""
    if sym.type == SymbolType.Number:
        return sym.number
    if sym.type == SymbolType.String:
        return ["s", sym.string]
    if sym.type == SymbolType.Function:
        return [sym.name, *(_symbol_data(a) for a in sym.arguments)] if sym.positive else None
    return None


def _data_symbol(data: object) -> Symbol | None:
    """The symbol of :func:`_symbol_data`'s ``data`` (built as a value, never parsed), or None."""
    if type(data) is int:
        return Number(data)
    if type(data) is not list or not data or type(data[0]) is not str:
        return None
    if data[0] == "s" and len(data) == 2 and type(data[1]) is str:
        return String(data[1])
    if data[0] == "s":
        return None
    args = [_data_symbol(a) for a in data[1:]]
    if any(a is None for a in args):
        return None
    if data[0] and not _ASP_NAME.fullmatch(data[0]):
        return None
    return Function(data[0], args)


_ASP_NAME = re.compile(r"_*[a-z][A-Za-z0-9_']*")


def conditions_key(conditions: Iterable[Symbol]) -> str:
    """The key of one triggered ability's conditions read (``face_triggers_on/4``'s fourth argument,
    each as :func:`_symbol_data`), sorted: the same conditions give the same key."""
    return json.dumps(sorted((_symbol_data(c) for c in conditions), key=json.dumps))


def conditions_from_key(key: str) -> tuple[Symbol, ...] | None:
    """The conditions of :func:`conditions_key`'s ``key``, or None for a key of another shape."""
    try:
        data = json.loads(key)
    except ValueError:
        return None
    if type(data) is not list:
        return None
    out = tuple(_data_symbol(d) for d in data)
    return None if any(c is None for c in out) else out


def conditions_interpreted(conditions: Iterable[Symbol]) -> frozenset[Symbol]:
    """The trigger conditions among ``conditions`` that some rule derives (603.2): the atoms
    ``trigger_event_interpreted(Cond)`` of the rules that define it (rules_asp/foundation/
    assumptions.lp for one moment, rules_asp/time/triggers.lp's base part for sequences) and the
    rules they depend on, solved with one ``face_triggers_on(c, 1, I, Cond)`` fact per condition
    (added as values through clingo's backend).

    Raises:
        pyrules.errors.FactFileError: a rule file does not parse.
    """
    import clingo
    import clingo.ast as A

    from pyrules.inputs.rule_base import rule_statements, time_rule_statements
    from pyrules.timeline.lifting import _signatures, program_parts

    conditions = sorted(set(conditions))
    if not conditions:
        return frozenset()
    base = [*rule_statements(), *program_parts(time_rule_statements(), ("base", "schedule", "step", "check"), "time")["base"]]
    rules = [stm for stm in base if stm.ast_type == A.ASTType.Rule]
    heads: dict[tuple[str, int], list] = {}
    for stm in rules:
        for sig in _signatures(stm.head):
            heads.setdefault(sig, []).append(stm)
    wanted, todo, chosen = set(), [("trigger_event_interpreted", 1)], {}
    while todo:
        sig = todo.pop()
        if sig in wanted:
            continue
        wanted.add(sig)
        for stm in heads.get(sig, ()):
            chosen[id(stm)] = stm
            todo += [s for s in _signatures(stm.body) | _signatures(stm.head) if s not in wanted]
    ctl = clingo.Control(["--warn=none"])
    with A.ProgramBuilder(ctl) as builder:
        for stm in chosen.values():
            builder.add(stm)
    with ctl.backend() as backend:
        for i, cond in enumerate(conditions, start=1):
            atom = backend.add_atom(Function("face_triggers_on", [Function("c"), Number(1), Number(i), cond]))
            backend.add_rule([atom])
    ctl.ground([("base", [])])
    return frozenset(a.symbol.arguments[0] for a in ctl.symbolic_atoms.by_signature("trigger_event_interpreted", 1)
                     if a.is_fact and a.symbol.arguments[0] in set(conditions))


_GENERALIZE = [(re.compile(r"\{[^{}]*\}"), "{M}"), (re.compile(r'"[^"]*"'), '"…"'),
               (re.compile(r"\b\d+\b"), "N"), (re.compile(r"[+−-]N/[+−-]N"), "±N/±N")]


def unparsed_pattern(text: str) -> str:
    """Generalize an unparsed text for counting: mana symbols → {M}, numbers → N, quotes → "…"."""
    for pat, rep in _GENERALIZE:
        text = pat.sub(rep, text)
    return text[:100]


def card_coverage(card: CardDefinition) -> Coverage:
    """Coverage counts for one card (reads its faces' abilities)."""
    cov = Coverage(cards=1, faces=len(card.faces))
    frame_ok = not any(p.field in FRAME_FIELDS or p.field == "oracle_text" and p.face == 0 for p in card.problems)
    cov.cards_frame_ok = int(frame_ok and bool(card.faces) and all(f.name for f in card.faces))
    cov.frames_nonstandard = int(any(
        f.type_line is not None and (f.type_line.nonstandard or f.type_line.other_words)
        or f.mana_cost is not None and any(s.kind == "nonstandard" for s in f.mana_cost.symbols)
        for f in card.faces))
    from pyrules.checks.interpreted import needs_key, needs_of
    from pyrules.facts.card_facts import face_ability_facts

    all_classified = all_clean = True
    needs: set[str] = set()
    for face in card.faces:
        for key in _triggered_ability_keys(face_ability_facts(card, face)):
            cov.trigger_conditions[key] += 1
        if face.oracle_problem is not None:
            all_classified = all_clean = False
            cov.unparsed_patterns[f"<whole text unread: {face.oracle_problem.message[-60:]}>"] += 1
        # Residue as the facts say it (card_unparsed(C, F, oracle_text(A), Text)): the reader's
        # unparsed parts and what the fact builder adds (a striation condition, a value no clingo
        # term holds), so these counts agree with the rule base's card_oracle_residue.
        facts = face_ability_facts(card, face)
        needs |= needs_of(facts)
        residue: dict[int, list[str]] = {}
        for f in facts:
            if f.name == "card_unparsed" and f.arguments[2].name == "oracle_text" and f.arguments[2].arguments:
                residue.setdefault(f.arguments[2].arguments[0].number, []).append(f.arguments[3].string)
        for ab in face.abilities:
            cov.abilities += 1
            classified = ab.kind != "unclassified"
            cov.abilities_classified += classified
            all_classified &= classified
            if ab.kind == "keyword":
                cov.keyword_lines += 1
                cov.keyword_lines_full += not any(u.part == "keyword_cost" for u in ab.unparsed)
            left = residue.get(ab.index, [])
            cov.abilities_clean += not left
            all_clean &= not left
            for text in left:
                cov.unparsed_patterns[unparsed_pattern(text)] += 1
    cov.cards_all_classified = int(all_classified)
    cov.cards_clean = int(all_clean)
    if all_clean:
        cov.clean_card_needs[needs_key(needs)] += 1
    return cov


def _triggered_ability_keys(facts: Iterable[Symbol]) -> list[str]:
    """For each triggered ability among one face's ``facts`` (``face_ability(C, F, A, triggered)``),
    the :func:`conditions_key` of its ``face_triggers_on(C, F, A, Cond)`` facts."""
    facts = list(facts)
    triggered = sorted({f.arguments[2].number for f in facts if f.name == "face_ability" and len(f.arguments) == 4
                        and f.arguments[3].type == SymbolType.Function and f.arguments[3].name == "triggered"
                        and f.arguments[2].type == SymbolType.Number})
    conds: dict[int, list[Symbol]] = {}
    for f in facts:
        if f.name == "face_triggers_on" and len(f.arguments) == 4 and f.arguments[2].type == SymbolType.Number:
            conds.setdefault(f.arguments[2].number, []).append(f.arguments[3])
    return [conditions_key(conds.get(a, ())) for a in triggered]


def record_coverage(rec: Any, source: str, index: int | None = None) -> Coverage:
    """Coverage counts of one card record (decoded JSON; an MTGJSON v3 set file is one record;
    ``index``: its position in the file). A record that is refused
    (:func:`pyrules.inputs.cards.cards_from_json`) is counted as one card with an error, not raised."""
    total = Coverage()
    try:
        for card in cards_from_json(rec, source, index):
            total.add(card_coverage(card))
    except CardTextError as err:
        name = rec.get("name") if isinstance(rec, dict) else None
        total.errors = [(source, name if isinstance(name, str) and is_text(name) else "?", str(err))]
        total.cards = 1
    return total


def _chunk_coverage(texts: list[str], indexes: list[int], source: str) -> list[Coverage]:
    """Coverage of records sent as JSON text (a record nested a few hundred levels deep, which
    :func:`json.loads` reads, is deeper than :mod:`pickle` writes)."""
    return [record_coverage(json.loads(text), source, i) for text, i in zip(texts, indexes)]


def read_records(path: str | Path) -> tuple[list[Any], str]:
    """The card records of a JSON card file (a list; an MTGJSON v3 set file is one record).

    Raises:
        CardTextError: unreadable file, invalid JSON (with line and column), JSON nested too
            deeply or an integer of thousands of digits (:func:`pyrules.inputs.cards.decode_card_json`).
    """
    path = Path(path)
    text = read_text(path, "card file", CardTextError)  # regular files only, bounded, UTF-8 located
    data = decode_card_json(text, str(path))
    if isinstance(data, dict) and data.get("object") == "list":
        data = data.get("data")
        if not isinstance(data, list):
            raise CardTextError('a Scryfall list object whose "data" is not a list of cards', str(path))
    if isinstance(data, list):
        return data, str(path)
    return [data], str(path)


def pool_coverage(files: Iterable[str | Path], workers: int = 2, chunk_size: int = 400,
                  progress: bool = True, cache: "CardCache | None" = None) -> Coverage:
    """Coverage over every card of ``files`` with ``workers`` processes (1: in this process).

    With a :class:`~pyrules.inputs.card_cache.CardCache`, records whose text was counted before by the same
    grammar version are taken from it, only the others are read, and the cache file is updated.

    Raises:
        CardTextError: a file that is not readable JSON.
        OSError: the cache file cannot be written.
    """
    total = Coverage()
    todo: list[tuple[list[Any], list[str | None], list[int], str]] = []
    for f in files:
        records, source = read_records(f)
        missing: list[tuple[Any, str | None, int]] = []
        for i, rec in enumerate(records):
            key = record_key(rec) if cache is not None else None
            hit = cache.get("coverage", key) if key is not None else None
            cov = coverage_from_data(hit) if hit is not None else None
            if cov is not None:
                total.add(cov)
            else:
                missing.append((rec, key, i))
        for i in range(0, len(missing), chunk_size):
            part = missing[i:i + chunk_size]
            todo.append(([r for r, _, _ in part], [k for _, k, _ in part], [n for _, _, n in part], source))
    done = 0

    def take(keys: list[str | None], covs: list[Coverage]) -> None:
        nonlocal done
        for key, cov in zip(keys, covs):
            total.add(cov)
            if cache is not None and key is not None and not cov.errors:
                cache.put("coverage", key, coverage_data(cov))
        done += 1
        _progress(done, len(todo), total.cards, progress)

    if workers <= 1 or len(todo) <= 1:
        for records, keys, indexes, source in todo:
            take(keys, [record_coverage(rec, source, i) for rec, i in zip(records, indexes)])
    else:
        texts = [[json.dumps(r) for r in records] for records, _, _, _ in todo]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for (_, keys, _, _), covs in zip(todo, pool.map(_chunk_coverage, texts, [n for _, _, n, _ in todo],
                                                            [s for _, _, _, s in todo])):
                take(keys, covs)
    if progress:
        print(file=sys.stderr)
    if cache is not None:
        cache.save()
    return total


def _progress(done: int, of: int, cards: int, show: bool) -> None:
    if show:
        print(f"\rcards: {cards} ({done}/{of} batches)", end="", file=sys.stderr, flush=True)
