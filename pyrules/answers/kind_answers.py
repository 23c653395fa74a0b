"""Typed answers for the question kinds that had none before issue 20 (total costs, blocks,
resolution, where a spell goes, names that may be chosen, formats, fused casts, triggers), so that
no documented answer needs ``Answers.derived("name")``. :class:`KindAnswers` is a base class of
:class:`pyrules.answers.answer_set.Answers`; each accessor only reads the shown atoms named in its
docstring (the rule files that derive them say why), and sorts its results.
"""

from __future__ import annotations

from dataclasses import dataclass

import clingo

from pyrules.answers.typed import Citation, _cites, _strength_note
from pyrules.facts.terms import symbol_name
from pyrules.facts.validation import checked_arguments


@dataclass(frozen=True)
class TotalCost:
    """The total cost of proposed casting ``proposal`` (601.2f; costs.lp ``total_cost/3``): ``mana``,
    its amount of mana (generic and colored symbols, 601.2f), ``life`` to pay (119.4, 107.4f)."""

    proposal: str
    mana: int
    life: int
    citations: tuple[Citation, ...]
    strength: str = "derived"

    def explain(self) -> str:
        """One line."""
        return (f"proposal {self.proposal}: total cost {self.mana} mana, {self.life} life "
                f"(CR {_cites(self.citations)}){_strength_note(self.strength)}")


@dataclass(frozen=True)
class Decision:
    """A yes / no / undecided answer about ``subject`` (and ``other``, e.g. the attacker a blocker
    blocks): ``allowed`` True, False (``reasons``) or None (undecided: ``reasons`` says why; strength
    ``unknown``). ``question`` names the kind: ``block`` (509.1a), ``resolve`` (608.2b), ``fuse``
    (702.102), ``name`` (choosable names), ``format`` (100.6), ``trigger`` (603.2)."""

    question: str
    subject: str
    other: str | None
    allowed: bool | None
    reasons: tuple[str, ...]
    citations: tuple[Citation, ...]
    strength: str = "derived"

    def explain(self) -> str:
        """One line."""
        verdict = {True: "yes", False: "no", None: "undecided"}[self.allowed]
        why = f": {', '.join(self.reasons)}" if self.reasons else ""
        what = self.subject + (f" {self.other}" if self.other else "")
        return f"{self.question} {what}: {verdict}{why} (CR {_cites(self.citations)}){_strength_note(self.strength)}"


@dataclass(frozen=True)
class StackExit:
    """Where spell ``object`` goes when it leaves the stack through ``event`` (701.6a, 608.2n, 614;
    zone_changes.lp): ``zone``, or None when the rule base can't decide (616.1e: several replacement
    effects lead to different zones)."""

    object: str
    event: str
    zone: str | None
    citations: tuple[Citation, ...]
    strength: str = "derived"

    def explain(self) -> str:
        """One line."""
        where = self.zone if self.zone is not None else "undecided"
        return f"{self.object} leaves the stack ({self.event}) to {where} (CR {_cites(self.citations)}){_strength_note(self.strength)}"


class KindAnswers:
    """Accessors over the shown atoms (``self._atoms``) of one answer set; see the module docstring."""

    _atoms: dict[str, list[clingo.Symbol]]

    def _cited(self, atoms) -> tuple[Citation, ...]:
        return tuple(sorted({c for a in atoms for c in self._citations(a)}, key=lambda c: c.rule))

    def _decisions(self, question: str, yes: str, no: str, undecided: str | None, key_len: int,
                   subject: int = 0, other: int | None = 1) -> list[Decision]:
        """One Decision per key (the first ``key_len`` arguments) of the atoms ``yes``/``no``/``undecided``."""
        found: dict[tuple, dict[str, list]] = {}
        for kind, name in (("yes", yes), ("no", no), ("open", undecided)):
            for a in self._atoms.get(name, ()) if name else ():
                found.setdefault(tuple(a.arguments[:key_len]), {"yes": [], "no": [], "open": []})[kind].append(a)
        out = []
        for key, parts in found.items():
            allowed = False if parts["no"] else None if parts["open"] else True
            reasons = parts["no"] or parts["open"]
            atoms = parts["yes"] + parts["no"] + parts["open"]
            out.append(Decision(question, symbol_name(key[subject]), None if other is None else symbol_name(key[other]),
                                allowed, tuple(sorted(symbol_name(a.arguments[-1]) for a in reasons)),
                                self._cited(atoms), self._strongest(atoms)))
        return sorted(out, key=lambda d: (d.subject, d.other or ""))

    @checked_arguments
    def total_costs(self) -> list[TotalCost]:
        """The total cost of every proposed casting the rule base could total (``total_cost/3``,
        costs.lp: none where the cost is not fully known), sorted by proposal id."""
        return sorted((TotalCost(symbol_name(a.arguments[0]), a.arguments[1].number, a.arguments[2].number,
                                 self._citations(a), self._strength(a)) for a in self._atoms.get("total_cost", ())),
                      key=lambda t: t.proposal)

    @checked_arguments
    def blocks(self) -> list[Decision]:
        """May each creature block each attacker (509.1a, 509.1b; keywords/evasion.lp ``may_block/2``,
        ``may_not_block/3``, ``block_undecided/3``)? ``subject`` the blocker, ``other`` the attacker."""
        return self._decisions("block", "may_block", "may_not_block", "block_undecided", 2)

    @checked_arguments
    def resolutions(self) -> list[Decision]:
        """Does each spell resolve in each resolve event (608.2b; resolution.lp ``resolves/2``,
        ``doesnt_resolve/3``, ``resolution_undecided/3``)? ``subject`` the event, ``other`` the spell;
        the illegal targets are :meth:`illegal_targets`."""
        return self._decisions("resolve", "resolves", "doesnt_resolve", "resolution_undecided", 2)

    @checked_arguments
    def illegal_targets(self) -> list[Decision]:
        """Targets illegal as their spell resolves (608.2b; ``target_illegal/3``): ``subject`` the
        spell, ``other`` the target, ``allowed`` False, ``reasons`` why (``left_zone``)."""
        return self._decisions("target", "", "target_illegal", None, 2)

    @checked_arguments
    def stack_exits(self) -> list[StackExit]:
        """Where each spell goes when it leaves the stack (``leaves_stack_to/3``,
        ``leaves_stack_undecided/2`` of zone_changes.lp), sorted by object and event."""
        out = [StackExit(symbol_name(a.arguments[0]), symbol_name(a.arguments[1]), symbol_name(a.arguments[2]),
                         self._citations(a), self._strength(a)) for a in self._atoms.get("leaves_stack_to", ())]
        out += [StackExit(symbol_name(a.arguments[0]), symbol_name(a.arguments[1]), None, self._citations(a),
                          self._strength(a)) for a in self._atoms.get("leaves_stack_undecided", ())]
        return sorted(out, key=lambda x: (x.object, x.event, x.zone or ""))

    @checked_arguments
    def name_choices(self) -> list[Decision]:
        """For each "choose a card name" effect, the names that may be chosen (``choosable_name/2``)
        and the card names that may not, with why (``not_choosable_name/3``): ``subject`` the effect,
        ``other`` the name."""
        return self._decisions("name", "choosable_name", "not_choosable_name", None, 2)

    @checked_arguments
    def format_legality(self) -> list[Decision]:
        """Is each card legal in each format asked about (100.6; format_legality.lp ``legal_in_format/2``,
        ``not_legal_in_format/3``)? ``subject`` the card, ``other`` the format."""
        return self._decisions("format", "legal_in_format", "not_legal_in_format", None, 2)

    @checked_arguments
    def fused_casts(self) -> list[Decision]:
        """May each player cast each split card fused (702.102; keywords/fuse.lp ``may_cast_fused/2``,
        ``may_not_cast_fused/3``)? ``subject`` the player, ``other`` the card."""
        return self._decisions("fuse", "may_cast_fused", "may_not_cast_fused", None, 2)

    @checked_arguments
    def trigger_verdicts(self) -> list[Decision]:
        """Does each ability whose trigger event occurred trigger (603.2; ``triggers/3``; not:
        ``not_triggered/4``; undecided: ``trigger_undecided/4``)? ``subject`` the event, ``other``
        ``object:ability``; :meth:`pyrules.answers.outcomes.Outcomes.results` gives ``triggers_on/4``'s
        occurrences."""
        found = []
        for name, allowed in (("triggers", True), ("not_triggered", False), ("trigger_undecided", None)):
            for a in self._atoms.get(name, ()):
                e, o, ab = a.arguments[:3]
                reasons = () if allowed else (symbol_name(a.arguments[3]),)
                found.append(Decision("trigger", symbol_name(e), f"{symbol_name(o)}:{ab}", allowed, reasons,
                                      self._citations(a), self._strength(a)))
        return sorted(found, key=lambda d: (d.subject, d.other or "", str(d.allowed)))
