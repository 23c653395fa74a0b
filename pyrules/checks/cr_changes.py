"""What changed between two CR versions: rules added, removed, renumbered (:func:`diff_rules`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from pyrules.parser.comprehensive_rules import RulesDocument


# ------------------------------------------------------------------------------------------------
# Diff
# ------------------------------------------------------------------------------------------------


@dataclass
class RuleChange:
    """A rule whose number is in both versions but whose text or examples differ."""

    number: str
    old_text: str
    new_text: str
    old_examples: list[str]
    new_examples: list[str]


@dataclass
class RulesDiff:
    """Differences between two CR versions (old -> new).

    Attributes:
        old_date, new_date: effective dates of the two documents.
        added: rule numbers whose content is new (document order of ``new``). A number that
            exists in both but whose old content moved to another number counts as added.
        removed: rule numbers whose content is gone (document order of ``old``).
        changed: same number, same place, different text or examples.
        renumbered: ``(old_number, new_number)`` pairs with identical text and examples (up to
            cross-references to renumbered rules).
        glossary_added, glossary_removed: glossary names only in ``new`` / only in ``old``.
    """

    old_date: str
    new_date: str
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    changed: list[RuleChange] = field(default_factory=list)
    renumbered: list[tuple[str, str]] = field(default_factory=list)
    glossary_added: list[str] = field(default_factory=list)
    glossary_removed: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        """JSON-ready dict of this diff."""
        return asdict(self)


_REFERENCE_PUNCTUATION = "().,;:\u201c\u201d\u2019\"'"


def _renumber_references(text: str, mapping: dict[str, str]) -> str:
    """``text`` with each word that is an old rule number of ``mapping`` (``"rule 728)."``, or the
    ends of a range ``"728.2a\u2013c"``) replaced by its new number; the punctuation around it stays."""
    words = text.split(" ")
    for i, word in enumerate(words):
        core = word.strip(_REFERENCE_PUNCTUATION)
        parts = core.split("\u2013")
        if core and any(p in mapping for p in parts):
            start = word.index(core)
            renamed = "\u2013".join(mapping.get(p, p) for p in parts)
            words[i] = word[:start] + renamed + word[start + len(core):]
    return " ".join(words)


def _match_renumbered_references(old: RulesDocument, new: RulesDocument, same: set[str],
                                 renumbered: list[tuple[str, str]], moved_from: set[str],
                                 moved_to: set[str]) -> None:
    """Second matching pass of :func:`diff_rules`: an old rule whose text differs from a new rule's
    only by cross-references to renumbered rules ("see rule 723.1f" -> "724.1f") is renumbered
    too. Adds to ``renumbered``, ``moved_from``, ``moved_to``; repeats while pairs are found."""
    while True:
        mapping = dict(renumbered)
        pending: dict[tuple, list[str]] = {}
        for n, rule in old.rules.items():
            if n not in same and n not in moved_from:
                key = (_renumber_references(rule.text, mapping),
                       tuple(_renumber_references(e, mapping) for e in rule.examples))
                pending.setdefault(key, []).append(n)
        found = False
        for n, rule in new.rules.items():
            if n in same or n in moved_to:
                continue
            candidates = pending.get((rule.text, tuple(rule.examples)), [])
            o = next((c for c in candidates if c != n and c not in moved_from), None)
            if o is not None:
                renumbered.append((o, n))
                moved_from.add(o)
                moved_to.add(n)
                found = True
        if not found:
            return


def diff_rules(old: RulesDocument, new: RulesDocument) -> RulesDiff:
    """Compare two CR documents rule by rule.

    A rule whose text and examples are identical but whose number changed is reported as
    renumbered (pairs are matched one to one, in document order), not as removed + added; so is
    one whose only text change is a cross-reference to a renumbered rule ("see rule 728" -> "729").
    Text that was both moved and edited shows as removed + added (or changed).
    """
    def content(rule):
        return (rule.text, tuple(rule.examples))

    same = {n for n in old.rules.keys() & new.rules.keys()
            if content(old.rules[n]) == content(new.rules[n])}
    old_moved: dict[tuple, list[str]] = {}
    for n, rule in old.rules.items():
        if n not in same:
            old_moved.setdefault(content(rule), []).append(n)
    renumbered = []
    moved_from: set[str] = set()
    moved_to: set[str] = set()
    for n, rule in new.rules.items():
        if n in same:
            continue
        candidates = old_moved.get(content(rule))
        while candidates:
            o = candidates.pop(0)
            if o != n:
                renumbered.append((o, n))
                moved_from.add(o)
                moved_to.add(n)
                break
    _match_renumbered_references(old, new, same, renumbered, moved_from, moved_to)
    result = RulesDiff(old.effective_date.isoformat(), new.effective_date.isoformat(),
                       renumbered=renumbered)
    for n, rule in new.rules.items():
        if n in same or n in moved_to:
            continue
        if n in old.rules and n not in moved_from:
            o = old.rules[n]
            result.changed.append(RuleChange(n, o.text, rule.text, list(o.examples),
                                             list(rule.examples)))
        else:
            result.added.append(n)
    for n in old.rules:
        if n in same or n in moved_from:
            continue
        if n not in new.rules or n in moved_to:
            result.removed.append(n)
    old_names = {name for e in old.glossary for name in e.names}
    new_names = {name for e in new.glossary for name in e.names}
    result.glossary_added = [name for e in new.glossary for name in e.names
                             if name not in old_names]
    result.glossary_removed = [name for e in old.glossary for name in e.names
                               if name not in new_names]
    return result
