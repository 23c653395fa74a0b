"""The CR's keyword definitions (702) read as card text: "“Flash” means “You may play this card any
time you could cast an instant.”" (702.8a) → the keyword, its parameters and its meaning's facts.

A keyword definition is a sentence of a 702 rule of the form ``HEAD means PART (and PART)*``
(``means the effect is`` for 702.174d-i), where HEAD names the keyword with its parameters
("Flashback [cost]", "Rampage N", "Hexproof from [quality]", "[Type]cycling [cost]"; "“Haunt” on an
instant or sorcery spell" adds where it applies; "It" in the topic's own rule names the topic's
keyword, 702.167a) and each PART is a quoted ability in card language. A sentence whose head names no
keyword ("“When you cycle this card” means ...", 702.29c) defines a phrase, not a keyword, and is
not one.

Each part is read as one ability of a card (the parameters written in as stand-in values, see
:data:`PARAMETER_STANDINS`): first by the Oracle-text grammar (:func:`pyrules.parser.oracle_text.
parse_oracle_text`, used read-only), then each sentence that grammar leaves unread by
``keyword_definitions.lark`` (forms of card language the Oracle-text grammar does not read yet). What
neither reads stays in the part's ``unparsed`` records: a definition with an unread part keeps the
facts it could read plus the record of the rest. :mod:`pyrules.facts.keyword_definitions` turns
the facts into ASP facts, with the stand-ins mapped back to ``param(cost)``, ``param(number)``,
``param(quality)``.

Example::

    >>> from pyrules.inputs.comprehensive_rules import load_comprehensive_rules
    >>> doc = load_comprehensive_rules("MagicCompRules-20260417.txt")
    >>> d = next(d for d in keyword_definitions(doc) if d.keyword == "flash")
    >>> d.rule, d.parts
    ('702.8a', ('You may play this card any time you could cast an instant.',))
    >>> read_part(d.parts[0]).semantics
    [('may_act_any_time_instant', 'play', 'self')]
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from lark import Lark, Token, Transformer
from lark.exceptions import LarkError

from pyrules.errors import CardTextError
from pyrules.parser.grammar import grammar_text
from pyrules.parser.oracle_text import (KEYWORD_PATTERNS, KEYWORD_VARIANTS, Ability, Unparsed, keyword_constant,
                                        parse_oracle_text)

#: Stand-in values written into a definition's text for its parameters before it is read, and the
#: parameter each stands for (mapped back by :mod:`pyrules.facts.keyword_definitions`). Chosen so
#: that no 702 definition uses them literally: a generic {17}, the number 19, the creature type
#: Kithkin ([quality], [type] and [text] are qualities of objects: 702.11d, 702.29e, 702.41a).
PARAMETER_STANDINS: dict[str, tuple[str, str]] = {
    "cost": (r"\[[Cc]ost\]", "{17}"),
    "number": (r"(?<![\w\[])N(?![\w\]])", "19"),
    "quality": (r"\[(?:[Qq]uality|[Tt]ype|[Tt]ext)\]", "Kithkin"),
}

_QUOTED = r"“[^”]*”"
# A definition sentence: its head (quoted, maybe "on a ...", or bare words from a sentence start),
# "means" ("means the effect is"), then quoted parts joined by commas / "and".
_STATEMENT = re.compile(
    rf"(?:^|(?<=[.”),] ))(?P<head>{_QUOTED}(?: on an? (?P<context>[a-z ]+?)| without a cost)?"
    rf"|(?:[A-Z][^\s“”.]*)(?: [^\s“”.]+){{0,4}}?)"
    rf" means (?:the effect is )?(?P<parts>{_QUOTED}(?:(?:,? and |, |(?<=,”) ){_QUOTED})*)")
_HEAD_PARAMETERS = (("cost", re.compile(r"\[cost\]", re.I)), ("number", re.compile(r"(?<![\w\[])N(?![\w\]])")),
                    ("x", re.compile(r"(?<![\w\[])X(?![\w\]])")),
                    ("quality", re.compile(r"\[(?:quality|type|text)\]", re.I)))


@dataclass(frozen=True)
class KeywordDefinition:
    """One keyword definition of the CR (702).

    Attributes:
        keyword: the keyword's constant (:func:`pyrules.parser.oracle_text.keyword_constant`:
            ``flash``, ``hexproof``, ``cycling`` for "[Type]cycling", ``multikicker``).
        rule: the rule whose text holds it (``"702.8a"``).
        line: that rule's line in the CR file.
        head: what is defined, as printed without quotation marks (``"Hexproof from [quality]"``).
        context: where the definition applies when the head says so (``"permanent"`` for
            "“Hexproof” on a permanent means", 702.11b), or None.
        parameters: the head's parameters in order: ``cost``, ``number`` (N), ``x`` (X, 702.54b),
            ``quality`` ([quality], [type], [text]).
        parts: the quoted abilities it means, as printed (curly apostrophes made straight).
    """

    keyword: str
    rule: str
    line: int
    head: str
    context: str | None
    parameters: tuple[str, ...]
    parts: tuple[str, ...]


def _keyword_names(doc) -> list[tuple[str, str]]:
    """(lower-case name, constant) of every keyword a head may start with, longest first: the 702
    headers ("daybound and nightbound" as its two words), the CR-named variants and the
    "[Type]cycling" / "[Quality] offering" heads (their keyword's constant)."""
    names = {e.name: keyword_constant(e.name) for e in doc.catalogs.keyword_abilities}
    for part in ("daybound", "nightbound"):
        names[part] = part
    names.update({v: keyword_constant(v) for v in KEYWORD_VARIANTS})
    names.update({"[type]cycling": "cycling", "[quality] offering": "offering", "∞": "infinity"})
    return sorted(names.items(), key=lambda kv: (-len(kv[0]), kv[0]))


def _keyword_of(head: str, names: list[tuple[str, str]], topic_keyword: str | None) -> str | None:
    low = head.lower()
    if low == "it":
        return topic_keyword
    for name, constant in names:
        if low.startswith(name) and not low[len(name):len(name) + 1].isalpha():
            return constant
    # A variant the CR names in its keyword's rule ("Sticker kicker [cost]", 702.33h): the words
    # before the parameters, ending with the keyword's name.
    words = re.split(r" (?:\[|N\b|X\b|—)", low)[0]
    topic = topic_keyword and topic_keyword.replace("_", " ")
    if topic and words.endswith(" " + topic):
        return keyword_constant(words)
    return None


def keyword_definitions(doc) -> list[KeywordDefinition]:
    """Every keyword definition of the 702 rules of ``doc`` (a parsed CR,
    :class:`pyrules.parser.comprehensive_rules.RulesDocument`), in rule order.

    A definition sentence whose head names no keyword (a phrase such as "When you cycle this
    card") is left out; see the module docstring for the shape.
    """
    names = _keyword_names(doc)
    topics = {e.rule: keyword_constant(e.name) for e in doc.catalogs.keyword_abilities}
    out: list[KeywordDefinition] = []
    for number, rule in doc.rules.items():
        if not number.startswith("702.") or rule.level != "subrule":
            continue
        text = rule.text.replace("’", "'")
        for m in _STATEMENT.finditer(text):
            head = m.group("head")
            quoted = head.startswith("“")
            name = head[1:head.index("”")] if quoted else head
            keyword = _keyword_of(name.rstrip(",. "), names, topics.get(rule.parent))
            if keyword is None:
                continue
            parameters = tuple(p for _, p in sorted((rx.search(name).start(), p) for p, rx in _HEAD_PARAMETERS
                                                    if rx.search(name)))
            parts = tuple(p.rstrip(",").strip() for p in re.findall(r"“([^”]*)”", m.group("parts")))
            out.append(KeywordDefinition(keyword, number, rule.line, name, m.group("context"), parameters, parts))
    return out


# --------------------------------------------------------------------------------------------
# Reading one part.

@lru_cache(maxsize=None)
def _meaning_parser() -> Lark:
    return Lark(grammar_text("keyword_definitions"), parser="lalr", lexer="contextual",
                start=["meaning", "trigger", "cost"], maybe_placeholders=False, cache=True)


#: Terminals whose text is a value of the facts, and how it is written (others: lower case).
_VALUES = {"NUMBER": int, "MANA": str, "PT": str, "TOKEN_NAME": str, "KITHKIN": str,
           "ABILITY_PARAMETER": lambda t: ("param", "ability")}


class _Meaning(Transformer):
    """``keyword_definitions.lark`` trees → facts ``(predicate, *args)`` as the Oracle-text reader
    writes them (no card, face or ability). A rule alternative's name is its fact's predicate,
    its values (terminals and sub-rules) the arguments; a sub-rule with no values is a constant
    (``self_permanent``, ``opponents``); "this card", "this spell", "it" ... are ``self``."""

    def __default__(self, data, children, meta):
        values = [self._value(c) for c in children]
        return (str(data), *values) if values else str(data)

    @staticmethod
    def _value(c):
        if isinstance(c, Token):
            convert = _VALUES.get(c.type)
            return convert(str(c)) if convert else str(c).lower()
        return c

    @staticmethod
    def _fact(value) -> tuple:
        return value if isinstance(value, tuple) else (value,)

    def meaning(self, c):
        return c[0] if isinstance(c[0], list) else [self._fact(c[0])]

    def trigger(self, c):
        return [("trigger_event", self._fact(c[0]))]

    def cost(self, c):
        return [("cost", self._fact(c[0]))]

    def self_ref(self, c):
        return "self"

    def act_play(self, c):
        return "play"

    def act_cast(self, c):
        return "cast"

    def self_permanent(self, c):
        return "self_permanent"

    def self_permanent_or_player(self, c):
        return "self_permanent_or_player"

    def split_second_lock(self, c):
        return ("split_second_lock",)  # 702.61a

    def by_opponents(self, c):
        return "opponents"

    def times(self, c):
        return "any_number_of_times"

    def cant_be_target(self, c):
        # 115.4, 702.11b, 702.18a: spells and abilities (of whom) can't target it.
        return ("cant_be_the_target", c[0], c[1] if len(c) > 1 else "anyone")

    def is_colorless(self, c):
        return ("is_colorless", "self")  # 105.2c, 702.114a

    def optional_additional_cost(self, c):
        # 601.2b, 601.2f: pay(Cost, once | any_number_of_times) or sacrifice(What).
        values = [v for v in (self._value(x) for x in c) if v != "self"]  # "to cast this spell"
        first = values[0] if values else None
        if isinstance(first, tuple) and first[0] == "pay_times":
            return ("optional_additional_cost", ("pay", first[1], "any_number_of_times"))
        if isinstance(first, tuple) and first[0] == "pay_sacrifice":
            return ("optional_additional_cost", ("sacrifice", first[1]))
        times = "any_number_of_times" if "any_number_of_times" in values else "once"
        return ("optional_additional_cost", ("pay", first, times))

    def from_zone(self, c):
        return str(c[0]).lower()

    def mana_cost_of(self, c):
        return "mana_cost"

    def cast_permission(self, c):
        # Who may play or cast the card itself, and how (keyword_definitions.lark, cast_permission).
        act, values = c[0], [self._value(x) for x in c[2:]]
        tail = values[-1]
        kind, args = (tail, ()) if isinstance(tail, str) else (tail[0], tail[1:])
        zone = next((v for v in values[:-1] if v in ("graveyard", "hand")), "any")
        how = tuple(v for v in values[:-1] if v in ("cast_transformed", "cast_converted"))
        if kind == "any_time_instant" and not how and zone == "any":
            # 702.8a, 117.1a: the action may be taken whenever its player could cast an instant.
            return ("may_act_any_time_instant", act, "self")
        if kind == "if_discarded_this_turn":
            return ("may_act_from_zone_if_discarded_this_turn", act, zone)  # 702.187c
        if act != "cast":
            raise ValueError("only a spell is cast for a cost")
        if kind == "by_paying":
            # 118.9, 601.2b: may_cast_for_alternative_cost(self, Zone, Cost, Extra...) (Zone any:
            # wherever it may be cast from; Extra: how it is cast, a condition, what else is paid).
            mana = next(a for a in args if isinstance(a, str) and a.startswith("{"))
            extra = how + tuple(a for a in args if a != mana and a != "mana_cost")
            return ("may_cast_for_alternative_cost", "self", zone, mana, *extra)
        if kind == "by_discarding":
            # 601.2b, 601.2f: an additional cost of discarding a (land) card.
            what = "land_card" if "land" in args else "card"
            return ("may_cast_with_additional_cost", "self", zone, ("discard", what),
                    *(a for a in args if a == "resulting_spell"))
        if kind == "face_down":
            # 708.2, 702.37a, 702.168a: the face-down spell's P/T, characteristics and the cost paid
            # (generic(N) when it is generic mana, as {3} is).
            cost = args[-1]
            generic = re.fullmatch(r"\{([0-9]+)\}", cost)
            return ("may_cast_face_down", args[0], ("characteristics", *args[1:-1]),
                    ("generic", int(generic.group(1))) if generic else cost)
        raise ValueError(f"no reading for {kind}")

    def reveal_then_cast(self, c):
        return [("trigger_event", ("reveal", "self", "this_way")), c[1]]

    def cast_from_zone(self, c):
        if c[0] != "cast":
            raise ValueError("only casting from a zone is read here")
        return ("cast_from_zone", "this_half", self._value(c[1]).lower())

    def cant_block_while_counter(self, c):
        return ("cant_block_while_counter", "self", self._value(c[1]))

    def chosen_action(self, c):
        return c

    def creates_token(self, c):
        return ("creates_token", *[self._value(x) for x in c])


def _sentence_facts(sentence: str, start: str = "meaning") -> list[tuple] | None:
    """The facts of one sentence (``start``: ``meaning``, a ``trigger`` condition, a ``cost``) by
    ``keyword_definitions.lark``, or None if it is not read."""
    try:
        return _Meaning().transform(_meaning_parser().parse(sentence.strip().rstrip(".").strip(), start=start))
    except (LarkError, ValueError):
        return None


def with_standins(text: str) -> str:
    """``text`` with each parameter written as its stand-in value (:data:`PARAMETER_STANDINS`)."""
    for pattern, standin in PARAMETER_STANDINS.values():
        text = re.sub(pattern, standin, text)
    return text


@lru_cache(maxsize=4096)
def _read(text: str) -> Ability:
    try:
        abilities = parse_oracle_text(text if text.endswith((".", "!")) else text + ".")
    except CardTextError:  # longer than the Oracle-text reader accepts: unread, never half read
        abilities = []
    ability = abilities[0] if len(abilities) == 1 else Ability(1, "unclassified", text, 1,
                                                               unparsed=[Unparsed("ability", text, 1)])
    if [f[0] for f in ability.semantics] == ["self_cost_change"]:
        # 702.125a (issue 19, session 13): the Oracle grammar reads "This spell costs {1} less to cast for
        # each opponent you have" as self_cost_change/5, which no rule applies; the keyword rules
        # (keywords/defined_costs.lp) interpret the definition through costs_less_for_each, so the
        # sentence is read by the keyword grammar as before.
        ability = replace(ability, semantics=[], unparsed=[Unparsed("effect", text.rstrip("."), 1)])
    unread: list[Unparsed] = []
    semantics = list(ability.semantics)
    kind = ability.kind
    for u in ability.unparsed:
        start = {"effect": "meaning", "ability": "meaning", "cost": "cost",
                 "condition": "trigger" if kind == "triggered" else None}.get(u.part)
        facts = _sentence_facts(u.text, start) if start else None
        if facts is None:
            unread.append(u)
            continue
        semantics += facts
        if kind == "unclassified":
            kind = "static"
    return replace(ability, kind=kind, semantics=semantics, unparsed=unread)


def read_part(part: str) -> Ability:
    """One quoted part of a definition read as one ability of a card (parameters as stand-ins).

    Returns:
        An :class:`pyrules.parser.oracle_text.Ability` (kind, facts in ``semantics``, what is not
        read in ``unparsed``); a part the line grammar splits into more than one ability is one
        ``unclassified`` ability with the whole part unread. The result is a copy: callers may
        change it.
    """
    ability = _read(with_standins(part))
    return replace(ability, semantics=list(ability.semantics), unparsed=list(ability.unparsed))
