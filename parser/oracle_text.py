"""Oracle text → abilities (CR 113, 207.2, 602, 603, 606, 700.2, 702): grammar ``oracle_text.lark``.

A face's Oracle text is read one ability at a time: one line per ability (the bullet lines of a
modal "Choose one —" belong to the line before them). Reminder text in parentheses is kept apart
(207.2a). Each ability is classified (keyword, activated, triggered, static, spell, chapter …),
keyword lines are read in full with their parameters (702), and each effect sentence is read for
meaning where the grammar knows the pattern; every part the grammar cannot give meaning to is kept
as an :class:`Unparsed` record. Nothing is dropped silently.

Self-references are normalized before parsing: the card's name, each face's name and, for a
legendary card, the part of its name before the comma (Yeva) become ``~``; "this spell",
"this creature" … are the grammar's ``SELF`` terminal.

Example::

    >>> [a.kind for a in parse_oracle_text("Flying, haste\\n{T}: Add {R}.", "Dragon")]
    ['keyword', 'activated']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import LarkError, UnexpectedInput, VisitError

from pyrules.errors import CardTextError
from pyrules.parser.grammar import grammar_text
from pyrules.parser.oracle_swallow import unaccounted_words
from pyrules.parser.mana_cost import ManaSymbol, parse_mana_cost

# Longest text of one face the grammar is asked to read; longer texts are reported, not parsed
# (a 100 kB "card" must not stall a batch).
MAX_TEXT_LENGTH = 20_000

# --------------------------------------------------------------------------------------------
# Keyword names: the CR 702 headers plus the variants the CR names in its rules.

#: Variants of 702 keyword abilities that the CR names in a subrule (name -> (keyword, rule)).
KEYWORD_VARIANTS: dict[str, tuple[str, str]] = {
    "multikicker": ("kicker", "702.33c"),
    "megamorph": ("morph", "702.37b"),
    "commander ninjutsu": ("ninjutsu", "702.49d"),
    "double agenda": ("hidden agenda", "702.106f"),
    "totem armor": ("umbra armor", "702.89b"),
    "daybound": ("daybound and nightbound", "702.145b"),
    "nightbound": ("daybound and nightbound", "702.145e"),
    "partner with": ("partner", "702.124j"),
    "choose a background": ("partner", "702.124k"),
    "doctor's companion": ("partner", "702.124m"),
    "friends forever": ("partner", "702.124i"),
}
#: Keyword shapes with a variable word the CR defines as a pattern (regex -> (keyword, rule)).
KEYWORD_PATTERNS: dict[str, tuple[str, str]] = {
    r"[a-z]+walk": ("landwalk", "702.14a"),              # "[type]walk"
    r"(?:basic )?[a-z]+cycling": ("cycling", "702.29e"),  # "[Type]cycling"
    r"[a-z]+ offering": ("offering", "702.48a"),         # "[Quality] offering"
}


def keyword_names_from_cr(path: str | Path) -> list[str]:
    """Keyword ability names of the CR at ``path``: its 702.x headers (lower case, as
    ``pyrules.inputs.comprehensive_rules`` catalogs them) with "Daybound and Nightbound" and "∞ (Infinity)" split into
    the words printed on cards, plus :data:`KEYWORD_VARIANTS`; sorted longest first.

    Raises:
        RulesDocumentError: the CR file cannot be read.
    """
    from pyrules.inputs.comprehensive_rules import load_comprehensive_rules

    names = {e.name for e in load_comprehensive_rules(path).catalogs.keyword_abilities}
    names.discard("daybound and nightbound")
    names = {"∞" if n.startswith("∞") else n for n in names}
    names |= set(KEYWORD_VARIANTS)
    return sorted(names, key=lambda n: (-len(n), n))


def _alternation(names: list[str]) -> str:
    return "|".join(re.escape(n).replace("\\ ", " ").replace("/", "\\/") for n in names)


def render_keyword_terminals(keywords: list[str], ability_words: list[str]) -> str:
    """The ``KEYWORD`` and ``ABILITY_WORD`` terminal definitions for ``oracle_text.lark``."""
    kw = _alternation(sorted(keywords, key=lambda n: (-len(n), n)))
    pats = "|".join(KEYWORD_PATTERNS)
    aw = _alternation(sorted(ability_words, key=lambda n: (-len(n), n))).replace("’", "['’]")
    return (f"KEYWORD.4: /(?i:{pats}|{kw})(?![A-Za-z])/\n"
            f"// END KEYWORDS\nABILITY_WORD.4: /(?i:{aw})(?= *—)/")


def regenerate_grammar(cr_path: str | Path, grammar_path: str | Path | None = None) -> None:
    """Rewrite the generated keyword terminals of ``oracle_text.lark`` from the CR at ``cr_path``
    (702 headers + variants; 207.2c ability words). A maintenance step, run when the CR changes."""
    from pyrules.inputs.comprehensive_rules import load_comprehensive_rules

    grammar_path = Path(grammar_path or Path(__file__).with_name("oracle_text.lark"))
    doc = load_comprehensive_rules(cr_path)
    text = grammar_path.read_text(encoding="utf-8")
    start = text.index("// BEGIN KEYWORDS\n") + len("// BEGIN KEYWORDS\n")
    end = text.index("\n", text.index("ABILITY_WORD.4:"))
    block = render_keyword_terminals(keyword_names_from_cr(cr_path), list(doc.catalogs.ability_words))
    grammar_path.write_text(text[:start] + block + text[end:], encoding="utf-8")


def grammar_keyword_names() -> list[str]:
    """The fixed keyword names in the grammar's ``KEYWORD`` terminal (lower case)."""
    m = re.search(r"KEYWORD\.4: /\(\?i:(.*)\)\(\?!", grammar_text("oracle_text"))
    alts = m.group(1).split("|") if m else []
    return [a.replace("\\", "") for a in alts[len(KEYWORD_PATTERNS):]]


def keyword_constant(name: str) -> str:
    """The snake_case constant of a keyword as written on a card (schema.lp ``face_keyword/3``):
    ``"First strike"`` → ``first_strike``; landwalk/typecycling/offering forms → their CR keyword;
    CR-named variants (multikicker, megamorph …) keep their own name."""
    low = name.lower().replace("’", "'")
    if low not in KEYWORD_VARIANTS:
        for pat, (kw, _) in KEYWORD_PATTERNS.items():
            if re.fullmatch(pat, low) and low not in ("cycling",):
                return kw
    if low == "∞":
        return "infinity"
    return re.sub(r"[^a-z0-9]+", "_", low).strip("_")


# --------------------------------------------------------------------------------------------
# Plain data the transformer produces.

@dataclass(frozen=True)
class Keyword:
    """One keyword ability on a keyword line (702).

    Attributes:
        name: as printed (``"Flashback"``, ``"Swampwalk"``).
        constant: snake_case constant for facts (``flashback``, ``landwalk``).
        mana_cost: mana symbols of its cost (``Flashback {2}{R}``), or ().
        number: its number (``Toxic 2``, ``Suspend 4—{1}{G}``), or None.
        quality: its "from"/quality words (``"red"`` for protection from red, ``"Swamp"`` for
            swampwalk, ``"creature"`` for enchant creature), or None.
        cost_text: a non-mana "—" cost (``"Discard a card"``), or None.
        power_toughness: the P/T a keyword gives (``Prototype {1}{U}{U} — 2/1``, 702.160a):
            ``("2", "1")``, or None.
    """

    name: str
    constant: str
    mana_cost: tuple[ManaSymbol, ...] = ()
    number: int | None = None
    quality: str | None = None
    cost_text: str | None = None
    power_toughness: tuple[str, str] | None = None


@dataclass(frozen=True)
class Unparsed:
    """A part of an ability the grammar could not give meaning to.

    Attributes:
        part: which part: ``ability`` (the whole line), ``cost``, ``condition``, ``effect``,
            ``keyword_cost``.
        text: the text, whole (self-references normalized to ``~``).
        column: 1-based column in the ability's line.
    """

    part: str
    text: str
    column: int


@dataclass
class Ability:
    """One ability of a face (113.1).

    Attributes:
        index: 1-based position in the face's text.
        kind: ``keyword`` (702), ``activated`` (602, incl. loyalty 606), ``triggered`` (603,
            incl. chapter abilities 714.2b), ``static`` (604), ``spell`` (113.3a, on instants and
            sorceries), or ``unclassified`` when the line grammar could not read the line.
        text: the line as printed, reminder text included (self-references normalized).
        line: 1-based line of the face's Oracle text where the ability starts.
        ability_word: the 207.2c ability word in front of it (``landfall``), or None.
        loyalty_cost: for a loyalty ability (606.4) its cost as printed (``"+1"``, ``"−3"``), or None.
        modes: the bullet modes of a modal ability (700.2), as text.
        keywords: the keywords of a keyword line.
        reminder: the reminder texts (207.2a), kept apart.
        semantics: facts read from the text, as tuples ``(predicate, *args)`` without the card,
            face and ability (``("deals_damage", "self", 3, ("any_target",))``).
        unparsed: what could not be read for meaning.
    """

    index: int
    kind: str
    text: str
    line: int
    ability_word: str | None = None
    loyalty_cost: str | None = None
    modes: list[str] = field(default_factory=list)
    keywords: list[Keyword] = field(default_factory=list)
    reminder: list[str] = field(default_factory=list)
    semantics: list[tuple] = field(default_factory=list)
    unparsed: list[Unparsed] = field(default_factory=list)


# --------------------------------------------------------------------------------------------
# Parsers (built once per process, LALR + contextual lexer, tables cached by Lark).

_REMINDERS: list[Token] = []


def _collect_reminder(tok: Token) -> Token:
    _REMINDERS.append(tok)
    return tok


@lru_cache(maxsize=None)
def _parser() -> Lark:
    return Lark(grammar_text("oracle_text"), parser="lalr", lexer="contextual",
                start=["ability", "plain_ability", "sentence", "trigger_condition", "cost", "spell_choice",
                       "state_condition", "x_quantity"],
                propagate_positions=False,  # spans come from the tokens (_span): 20% faster maybe_placeholders=False, cache=True,
                lexer_callbacks={"REMINDER": _collect_reminder})


@lru_cache(maxsize=None)
def _basic_lexer():
    return _parser()._build_lexer()


def tokenize_only(text: str) -> int:
    """Run only a basic Lark lexer of this grammar's terminals over ``text`` (the benchmark's
    bare tokenizing pass, built once per process); return the number of tokens.

    Raises:
        lark.exceptions.UnexpectedCharacters: a character no terminal matches.
    """
    from lark.lexer import LexerState
    from lark.utils import TextSlice

    return sum(1 for _ in _basic_lexer().lex(LexerState(TextSlice.cast_from(text)), None))


# --------------------------------------------------------------------------------------------
# Transformers.

def _s(tok) -> str:
    return str(tok)


class _KeywordLine(Transformer):
    def __init__(self) -> None:
        super().__init__()

    def mana_cost(self, c):
        return "".join(str(t) for t in c)

    def kw_words(self, c):
        return " ".join(str(t) for t in c)

    def kw_cost_words(self, c):
        out = ""
        for t in c:
            s = str(t)
            out += s if (s == "," or not out) else " " + s
        return out

    def _kw(self, tok, **kw):
        name = str(tok)
        low = name.lower()
        quality = kw.pop("quality", None)
        # Landwalk, typecycling and offering carry their quality in the keyword's word (702.14a,
        # 702.29e, 702.48a).
        for pat, (base, _) in KEYWORD_PATTERNS.items():
            if re.fullmatch(pat, low) and low != "cycling" and base != low:
                quality = quality or re.sub(r"walk$| ?cycling$| offering$", "", name)
        cost = kw.pop("mana", None)
        mana = parse_mana_cost(cost).symbols if cost else ()
        return Keyword(name, keyword_constant(name), mana, quality=quality, **kw)

    def kw_plain(self, c):
        return [self._kw(c[0])]

    def kw_mana(self, c):
        return [self._kw(c[0], mana=c[1])]

    def kw_number(self, c):
        return [self._kw(c[0], number=int(c[1]))]

    def kw_number_mana(self, c):
        return [self._kw(c[0], number=int(c[1]), mana=c[-1])]

    def kw_cost(self, c):
        return [self._kw(c[0], cost_text=c[-1])]

    def kw_from(self, c):
        return [self._kw(c[0], quality=c[-1])]

    def kw_quality(self, c):
        return [self._kw(c[0], quality=c[1])]

    def kw_quality_mana(self, c):
        return [self._kw(c[0], quality=c[1], mana=c[2])]

    def kw_quality_number(self, c):
        return [self._kw(c[0], quality=c[1], number=int(c[2]))]

    def kw_mana_cost(self, c):
        return [self._kw(c[0], mana=c[1], cost_text=c[-1])]

    def kw_mana_pt(self, c):
        return [self._kw(c[0], mana=c[1], power_toughness=_pt(str(c[-1])))]

    def kw_mana_pair(self, c):
        return [self._kw(c[0], mana=c[1]), self._kw(c[0], mana=c[3])]

    def keyword_line(self, c):
        return [k for group in c if isinstance(group, list) for k in group]


_KEYWORD_LINE = _KeywordLine()


class _Sentence(Transformer):
    """A ``sentence``/``trigger_condition``/``cost`` tree → a list of fact tuples."""

    # --- shared pieces
    def you(self, c):
        return "you"

    def any_player(self, c):
        return "any_player"

    def each_player(self, c):
        return "each_player"

    def each_opponent(self, c):
        return "each_opponent"

    def color(self, c):
        return ("color", str(c[0]).lower())

    def card_type(self, c):
        return ("card_type", _singular(str(c[0]).lower()))

    def not_card_type(self, c):
        return ("not_card_type", str(c[0]).lower()[3:])

    def supertype(self, c):
        word = str(c[0]).lower()
        # 700.6: "historic" is no supertype (205.4a) but a quality of its own (legendary, artifact or Saga).
        return ("historic",) if word == "historic" else ("supertype", word)

    def subtype(self, c):
        if str(c[0]).lower() in _NOT_SUBTYPES:
            raise ValueError(f"{c[0]!r} is no subtype")  # a capitalized first word ("Attacking creatures")
        return ("subtype", str(c[0]))

    def spell_group(self, c):
        return tuple(q for q in c if isinstance(q, tuple))

    def self_group(self, c):
        return (("self",),)

    def spell_groups(self, c):
        out = []
        for g in c:
            if isinstance(g, tuple):
                out.append(g)
            elif isinstance(g, list):  # "instant or sorcery spell": one group per alternative
                out += g
        return out

    def this_turn(self, c):
        return ("duration", "this_turn")

    text = ""

    def cond_words(self, c):
        return self.text[c[0].start_pos:c[-1].end_pos]

    def during_turn(self, c):
        return ("during", str(c[0]).lower())

    def until_your_next_turn(self, c):
        return ("duration", "until_your_next_turn")

    def as_long_as(self, c):
        return ("condition", "as_long_as", c[-1])

    def if_condition(self, c):
        return ("condition", "if", c[-1])

    def pay_more(self, c):
        return ("pay_more", "".join(str(t) for t in c if isinstance(t, Token) and t.type == "MANA"))

    def number(self, c):
        return int(c[0])

    def x(self, c):
        return "x"

    def one(self, c):
        return 1

    def number_word(self, c):
        return _NUMBER_WORDS[str(c[0]).lower()]

    # --- 601.3b/c/d cast as though it had flash
    def cast_as_though_flash(self, c):
        if ("duration", "until_end_of_turn") in c:
            raise ValueError("'until end of turn, you may cast ... as though it had flash' is not read")
        who = next(x for x in c if isinstance(x, str))
        groups = next(x for x in c if isinstance(x, list))
        out: list[tuple] = []
        for g, quals in enumerate(groups, start=1):
            out.append(("allows_cast_as_though_flash", who, g))
            out += [("allowed_spell_quality", g, _quality_term(q)) for q in quals]
        for x in c:
            if isinstance(x, tuple):
                out += _choice_facts(x) or _modifier_facts(x)
        return out

    def cast_free_as_though_flash(self, c):
        # 118.9, 609.4 (Aluren): one permission; the flash part only with the free cast.
        return self.cast_as_though_flash(c)

    def without_paying_mana_costs(self, c):
        return ("without_paying_mana_cost",)

    # 601.3b: choices of the proposal that an "if" condition names (start rule spell_choice).
    def choice_x_at_most(self, c):
        return ("x_at_most", int(c[0]))

    def choice_targets_commander(self, c):
        return ("targets_designation", "commander")

    # 202.3: "with mana value N or less/greater".
    def mana_value_at_most(self, c):
        return ("mana_value_at_most", int(c[0]))

    def mana_value_at_least(self, c):
        return ("mana_value_at_least", int(c[0]))

    # 118.9: "You may pay [mana] rather than pay the mana cost for [spells] you cast."
    def may_pay_rather_than_mana_cost(self, c):
        who = c[0]
        mana = next(x for x in c[1:] if isinstance(x, list) and x and x[0][0] == "pays_mana")
        groups = next(x for x in c[1:] if isinstance(x, list) and x is not mana)
        out = [("allows_alternative_cost", who, g) for g in range(1, len(groups) + 1)]
        out += [("allowed_spell_quality", g, _quality_term(q)) for g, qs in enumerate(groups, 1) for q in qs]
        out += [("alternative_cost_mana_symbol", i, sym) for _, _, i, sym in mana]
        return out

    def next_spell_as_though_flash(self, c):
        quals = next(x for x in c if isinstance(x, tuple))
        out = [("allows_cast_as_though_flash", "you", 1), ("permission_applies_to", "next_spell_this_turn")]
        out += [("allowed_spell_quality", 1, _quality_term(q)) for q in quals]
        return out

    # 701.18b: "The next creature card you play this turn can be played as though it had flash"
    # (Scout's Warning): a card played as a land or cast as a spell.
    def next_card_play_as_though_flash(self, c):
        out = [("allows_play_as_though_flash", "you", 1), ("permission_applies_to", "next_card_played_this_turn")]
        out += [("allowed_spell_quality", 1, _quality_term(q)) for q in c if isinstance(q, tuple)]
        return out

    # --- 702.8a/611.3a conditional keyword
    def has_keyword_as_long_as(self, c):
        if c[0] != ("self",):
            raise ValueError("a conditional keyword grant to another object is not read yet")
        kw = keyword_constant(str(next(t for t in c if isinstance(t, Token) and t.type == "KEYWORD_NAME")))
        if kw != "flash" and not self.spell_face:
            # The condition through the state-condition slot: conditional_effect (as "As long as ...,
            # this creature has [keyword]"); flash keeps its own reading (card_effects.lp, 601.3d).
            saved = self.text
            try:
                cond = _checked(c[-1], "state_condition")
            except (LarkError, ValueError, StopIteration):
                cond = None
            finally:
                self.text = saved
            if cond is not None:
                return [("conditional_effect", "as_long_as", cond, ("grants_keyword", ("self",), kw))]
        return [("has_keyword_as_long_as", kw), ("condition_text", "as_long_as", c[-1])]

    # --- casting restrictions
    def only_as_sorcery(self, c):
        players = c[0]
        groups = next(x for x in c if isinstance(x, list))
        out = [("can_cast_only_as_sorcery", players, g) for g in range(1, len(groups) + 1)]
        out += [("restricted_spell_quality", g, _quality_term(q)) for g, qs in enumerate(groups, 1) for q in qs]
        return out

    def cant_cast(self, c):
        players = c[0]
        groups = next(x for x in c if isinstance(x, list))
        out = [("cant_cast", players, g) for g in range(1, len(groups) + 1)]
        out += [("restricted_spell_quality", g, _quality_term(q)) for g, qs in enumerate(groups, 1) for q in qs]
        for x in c:
            if isinstance(x, Token) and x.type == "DURING_TURN":
                out.append(("restriction_during", _during(str(x))))
            elif isinstance(x, tuple):
                out += _modifier_facts(x)
        return out

    # --- 601.3 cast from zones
    def graveyard(self, c):
        return ("zone", "graveyard")

    def top_of_library(self, c):
        return ("zone", "library_top")

    def exile(self, c):
        return ("zone", "exile")

    def hand(self, c):
        return ("zone", "hand")

    def during_your_turn(self, c):
        return ("during", "during your turn")

    def cast_objects(self, c):
        return ("cast", c[0])

    def lands_and_spells(self, c):
        return ("play_lands_and_cast", c[0])

    def cast_from_zone(self, c):
        who = next(x for x in c if isinstance(x, str))
        kind, groups = next(x for x in c if isinstance(x, tuple) and x[0] in ("cast", "play_lands_and_cast"))
        zone = next(x for x in c if isinstance(x, tuple) and x[0] == "zone")[1]
        out = [("allows_cast_from_zone", who, zone, g) for g in range(1, len(groups) + 1)]
        out += [("allowed_spell_quality", g, _quality_term(q)) for g, qs in enumerate(groups, 1) for q in qs]
        if kind == "play_lands_and_cast":
            out.append(("allows_play_lands_from_zone", who, zone))
        for x in c:
            if isinstance(x, tuple) and x[0] in ("duration", "during", "without_paying_mana_cost"):
                out += _modifier_facts(x)
        return out

    # --- 118.9b an alternative cost a permission requires; 601.2f cost changes and floors
    def chosen_name(self, c):
        return ("chosen_name",)

    def more(self, c):
        return "more"

    def less(self, c):
        return "less"

    def pay_life_equal_to_mana_value(self, c):
        return "pay_life_equal_to_mana_value"

    def permission_alternative_cost(self, c):
        return [("permission_alternative_cost", next(x for x in c if isinstance(x, str) and not isinstance(x, Token)))]

    def spell_cost_change(self, c):
        # "[group] [you cast] cost {N} more/less to cast": one group; who casts (each player if unsaid).
        group = [q for q in c if isinstance(q, tuple)]
        who = next((x for x in c if isinstance(x, str) and not isinstance(x, Token) and x == "you"), "each_player")
        mana = "".join(str(t) for t in c if isinstance(t, Token) and t.type == "MANA")
        syms = parse_mana_cost(mana).symbols
        change = next(x for x in c if x in ("more", "less") and not isinstance(x, Token))
        other = [sym for sym in syms if sym.kind != "generic"]
        if other and change != "less":
            raise ValueError("a cost increase by colored mana is not read yet")
        n = sum(sym.amount for sym in syms if sym.kind == "generic")
        # 118.7b-f: "cost {W}{B} less": the symbols other than generic mana, in order (colored_reductions.lp)
        symbols = [("spell_cost_reduction_mana", 1, j, sym) for j, sym in enumerate(other, start=1)]
        return [("spell_cost_modifier", who, (change, n), 1)] + symbols + [("modified_spell_quality", 1, q) for q in group]

    def self_cost_change(self, c):
        # 601.2f, 113.6d: "This spell costs {N} more/less to cast [for each X | if C | as long as C]":
        # self_cost_change(Ch, When), Ch = less(N) | more(N) (generic mana only; another symbol: not read).
        mana = "".join(str(t) for t in c if isinstance(t, Token) and t.type == "MANA")
        syms = parse_mana_cost(mana).symbols
        if any(sym.kind != "generic" for sym in syms):
            raise ValueError("a cost change by mana other than generic is not read")
        change = next(x for x in c if x in ("more", "less") and not isinstance(x, Token))
        return [("self_cost_change", (change, sum(sym.amount for sym in syms)), c[-1])]

    def self_cost_for_each(self, c):
        return ("for_each", c[-1])

    def self_cost_if(self, c):
        return ("if", c[-1])

    def self_cost_as_long_as(self, c):
        return ("as_long_as", c[-1])

    def reduction_colored_only(self, c):
        # 118.7b-c overridden: the ability's reduction by colored mana takes no generic mana
        return [("spell_cost_reduction_colored_only",)]

    def spell_cost_floor(self, c):
        low, floor = [x for x in c if isinstance(x, int)]
        if low != floor:
            raise ValueError("a floor other than 'less than N ... costs N' is not read")
        out = [("spell_cost_floor_ability", floor)]
        if any(isinstance(t, Token) and t.type == "UNTAPPED_CONDITION" for t in c):
            out.append(("applies_as_long_as_untapped",))
        return out

    # --- 120 damage
    def any_target(self, c):
        return ("any_target",)

    def target_player_or_planeswalker(self, c):
        return ("target_player_or_planeswalker",)

    # --- issue 19: more shared-slot forms
    def group_object(self, c):
        # "Attacking creatures", "White creatures you control": every such permanent (611.3a).
        # "Creatures you control" alone is each_you_control(T), as before (schema.lp, Affected).
        noun = _singular(str(next(t for t in c if isinstance(t, Token) and t.type == "PLURAL_TYPE")).lower())
        quals = tuple(q for q in c if isinstance(q, tuple))
        if quals == (("controlled_by", "you"),):
            return ("each_you_control", noun)
        return ("all", ("object", noun, *quals))

    def other_group_object(self, c):
        # 109.2, 611.3a (issue 19): "Other creatures you control" other_you_control(T); with any other
        # quality all(object(T, Q..., other)), every quality of the phrase and "other" (not the source).
        noun = _singular(str(next(t for t in c if isinstance(t, Token) and t.type == "PLURAL_TYPE")).lower())
        quals = tuple(q for q in c if isinstance(q, tuple))
        if quals == (("controlled_by", "you"),):
            return ("other_you_control", noun)
        return ("all", ("object", noun, *quals, ("other",)))

    def you_draw_cards(self, c):
        return [("draws_cards", "you", next(x for x in c if isinstance(x, int) or x == "x"))]

    def you_sacrifice_effect(self, c):
        n = next(x for x in c if isinstance(x, int) or x == "x")
        return [("sacrifices", "you", c[-1], n)]

    # --- 615.1a prevention effects of the shared object phrase (issue 19, helper-37)
    def all_damage(self, c):
        return "all_damage"

    def combat_damage(self, c):
        return "combat_damage"

    def prevent_to(self, c):
        return ("to", c[-1])

    def prevent_by(self, c):
        return ("by", c[-1])

    def prevent_to_and_by(self, c):
        return ("to_and_by", c[-1])

    def prevent_damage(self, c):
        kind, (direction, obj) = c[0], c[1]
        return [("prevents_damage", kind, direction, obj)] + [x for x in c[2:] if isinstance(x, tuple)]

    def prevent_damage_by_subject(self, c):
        return [("prevents_damage", c[0], "by", c[1])] + [x for x in c[2:] if isinstance(x, tuple)]

    def you_sacrifice_another_effect(self, c):
        # 701.21a: one permanent of that type other than the source (as the cost's "another_[type]")
        return [("sacrifices", "you", "another_" + _singular(str(c[-1]).lower()), 1)]

    def gain_control_effect(self, c):
        affected = next(x for x in c if isinstance(x, tuple) and x[0] != "duration")
        dur = [x for x in c if isinstance(x, tuple) and x[0] == "duration"]
        # 611.2a: the duration of the control change itself (effect_duration/4 is the whole ability's:
        # "Gain control of target creature. ... It gains haste until end of turn." is control for good).
        return [("gains_control", "you", affected)] + dur + [("control_duration", x[1]) for x in dur]

    # --- 205.1b, 613.1d, 613.4b: a permanent becomes a creature until end of turn (manlands)
    def becomes_head(self, c):
        p, t = _pt(str(next(x for x in c if isinstance(x, Token) and x.type == "PT")))
        if not (p.isdigit() and t.isdigit()):
            raise ValueError("a power/toughness other than numbers is not read")
        return ("becomes_head", int(p), int(t))

    def becomes_colors(self, c):
        return ("colors", [str(x).lower() for x in c if isinstance(x, Token) and x.type == "COLOR_WORD"])

    def with_all_creature_types(self, c):
        return ("with", True, [])

    def with_keywords(self, c):
        return ("with", False, next(x for x in c if isinstance(x, list)))

    def becomes_body(self, c):
        colors = next((x[1] for x in c if isinstance(x, tuple) and x[0] == "colors"), [])
        with_ = next((x for x in c if isinstance(x, tuple) and x[0] == "with"), ("with", False, []))
        subtypes = [str(x) for x in c if isinstance(x, Token) and x.type == "SUBTYPE_WORD"]
        types = [str(x).lower() for x in c if isinstance(x, Token) and x.type == "TYPE_WORD"]
        if types[-1] != "creature":
            raise ValueError("a permanent becoming a noncreature is not read")
        return ("becomes_body", colors, subtypes, types, with_[1], with_[2])

    def becomes_creature(self, c):
        if ("duration", "until_end_of_turn") not in c:
            raise ValueError("a permanent becoming a creature other than until end of turn is not read")
        _, p, t = next(x for x in c if isinstance(x, tuple) and x[0] == "becomes_head")
        _, colors, subtypes, types, all_types, keywords = next(
            x for x in c if isinstance(x, tuple) and x[0] == "becomes_body")
        obj = ("self",)
        out = [("becomes_creature", obj, p, t)]
        out += [("becomes_type", obj, ("card_type", ty)) for ty in types]
        out += [("becomes_type", obj, ("subtype", s)) for s in subtypes]
        out += [("becomes_type", obj, ("color", col)) for col in colors]
        if all_types:
            out.append(("becomes_type", obj, "all_creature_types"))
        out += [("grants_keyword", obj, k) for k in keywords]
        return out + [("duration", "until_end_of_turn")]

    def still_a(self, c):
        return [("still_a", ("it",), _singular(str(c[-1]).lower()))]

    def you_control_object(self, c):
        return [("gains_control", "you", c[-1])]

    def extra_turn(self, c):
        who = next((x for x in c if isinstance(x, str) and not isinstance(x, Token)), "you")
        return [("takes_extra_turn", who)]

    def can_block_only_with(self, c):
        return [("combat_restriction", c[0], ("can_block_only", ("object", "creature",
                                                                  ("has_keyword", keyword_constant(str(c[-1]))))))]

    def cant_be_blocked_by_characteristic(self, c):
        char = next(t for t in c if isinstance(t, Token) and t.type == "CHARACTERISTIC")
        n = next(x for x in c if isinstance(x, (int, str)) and not isinstance(x, Token) and not isinstance(x, tuple))
        way = "at_most" if str(c[-1]).lower() == "less" else "at_least"
        q = (re.sub(r"\W+", "_", str(char).lower()) + "_" + way, n)
        return [("combat_restriction", c[0], ("cant_be_blocked_by", ("object", "creature", q)))]

    def self_exploits(self, c):
        return [("trigger_event", ("exploits", "self"))]

    def object_becomes_target(self, c):
        return [("trigger_event", ("becomes_target_of_spell_or_ability", _obj(c[0])))]

    def deals_damage_to_an_opponent(self, c):
        return [("trigger_event", ("deals_damage_to", _obj(c[0]), "an_opponent"))]

    def you_cycle_or_discard(self, c):
        return [("trigger_event", ("cycle_or_discard_card", "you"))]

    def ring_tempts_you(self, c):
        return [("trigger_event", ("ring_tempts", "you"))]

    def ring_tempts(self, c):
        return [("keyword_action", "you", "the_ring_tempts_you", 1)]

    def target_either(self, c):
        return ("target", ("one_of", c[0], c[1]))

    def target_card_from_a_graveyard(self, c):
        return ("target", ("card_in", "a_graveyard"))

    def up_to_one_target_card_from_a_graveyard(self, c):
        return ("up_to_one_target", ("card_in", "a_graveyard"))

    def self_mutates(self, c):
        return [("trigger_event", ("mutates", "self"))]

    def you_cast_spell_targeting_self(self, c):
        return [("trigger_event", ("cast_spell_that_targets", "you", "self"))]

    def target_object(self, c):
        # 115.1: "target" + an object phrase; the shapes read before keep their terms.
        d = c[0]
        if isinstance(d, str):
            return ("target", d)
        noun, quals = d[1], d[2:]
        known = {(("controlled_by", "you"),): "target_you_control",
                 (("controlled_by", "an_opponent"),): "target_opponent_controls",
                 (("not_controlled_by", "you"),): "target_you_dont_control"}
        if quals in known:
            return (known[quals], noun)
        if noun == "permanent" and quals == (("not_card_type", "land"),):
            return ("target", "nonland_permanent")
        return ("target", d)

    def target(self, c):
        if len(c) == 1 and isinstance(c[0], str) and not isinstance(c[0], Token):
            return ("target", c[0])
        return ("target", _singular(str(c[-1]).lower()))

    # 120.1, 115.1: a damage recipient; an object phrase (object_desc) keeps every quality.
    def object_noun(self, c):
        return _singular(str(c[0]).lower())

    def object_adjective(self, c):
        return c[0]

    def group_adjective(self, c):
        return c[0]

    def object_desc(self, c):
        noun = next(x for x in c if isinstance(x, str))
        quals = [q for q in c if isinstance(q, tuple)]
        return ("object", noun, *quals) if quals else noun

    def dmg_target(self, c):
        return ("target", c[0])

    def dmg_target_either(self, c):
        return ("target", ("one_of", c[0], c[1]))

    def dmg_each(self, c):
        return ("each", c[0])

    def dmg_each_other(self, c):
        d = c[0]
        return ("each", ("object", d, ("other",)) if isinstance(d, str) else (*d, ("other",)))

    def dmg_player(self, c):
        term = c[0]
        mapped = {"target_player": ("target", "player"), "target_opponent": ("target", "opponent"),
                  "each_opponent": ("each", "opponent"), "each_player": ("each", "player"),
                  "you": "you", "that_player": "that_player", "its_controller": "its_controller"}
        if term not in mapped:
            raise ValueError(f"damage to {term} is not read")  # "an opponent": who chooses is not read
        return mapped[term]

    def dmg_unread(self, c):
        raise ValueError("a qualified player-or-planeswalker target is not read")

    def damage_recipients(self, c):
        return [x for x in c if not isinstance(x, Token)]

    def each_player_recipient(self, c):
        return ("each", "player")

    def each_opponent_recipient(self, c):
        return ("each", "opponent")

    def without_keyword(self, c):
        return ("not_has_keyword", keyword_constant(str(c[0])))

    def you_control_suffix(self, c):
        return ("controlled_by", "you")

    def you_dont_control_suffix(self, c):
        return ("not_controlled_by", "you")

    def deal_damage(self, c):
        # One fact per recipient of each "[amount] damage to [recipients]" part (120.1).
        parts = [x for x in c[1:] if not isinstance(x, Token)]
        out = []
        for amount, recipients in zip(parts[0::2], parts[1::2]):
            out += [("deals_damage", c[0][0], amount, r) for r in recipients]
        if len(parts) > 2 and len({_names_target(f[3]) for f in out}) > 1:
            # A target's damage and another recipient's in one ability: the rules apply an ability's
            # damage by its target (resolution_effects.lp), so the other would go unapplied unseen.
            raise ValueError("damage to a target and to another recipient is not read")
        return out

    def dmg_target_opponent_or_planeswalker(self, c):
        return ("target", ("one_of", "opponent", "planeswalker"))

    def dmg_that_controller(self, c):
        # 108.4: the controller of the object "that [type]" names.
        t = re.match(r"that (\w+)", str(c[0]), re.IGNORECASE).group(1).lower()
        return ("controller_of", ("that", t))

    # --- 701.8 destroy
    def lands(self, c):
        return ("card_type", "land")

    def creatures(self, c):
        return ("card_type", "creature")

    def artifacts(self, c):
        return ("card_type", "artifact")

    def enchantments(self, c):
        return ("card_type", "enchantment")

    def permanent(self, c):
        return ("permanent",)

    def nonland_permanent(self, c):
        return ("not_card_type", "land")

    def emblem(self, c):
        return ("emblem",)

    def gameplay_tracker(self, c):
        return ("gameplay_tracker",)

    # 115.1: a target narrowed by qualities: ("object", Noun, Quality...)
    def qualified_target(self, c):
        noun = next((_singular(str(t).lower()) for t in c if isinstance(t, Token) and t.type == "TYPE_WORD"),
                    "permanent")
        return ("object", noun, *[q for q in c if isinstance(q, tuple)])

    def not_color(self, c):
        return ("not_color", str(c[0]).lower()[3:])

    def not_basic(self, c):
        return ("not_supertype", "basic")

    def is_tapped(self, c):
        return ("tapped",)

    def is_untapped(self, c):
        return ("untapped",)

    def is_attacking(self, c):
        return ("attacking",)

    def is_blocking(self, c):
        return ("blocking",)

    def is_attacking_or_blocking(self, c):
        return ("attacking_or_blocking",)

    def with_keyword(self, c):
        return ("has_keyword", keyword_constant(str(c[0])))

    def characteristic_at_least(self, c):
        return (re.sub(r"\W+", "_", str(c[0]).lower()) + "_at_least", c[1])

    def characteristic_at_most(self, c):
        return (re.sub(r"\W+", "_", str(c[0]).lower()) + "_at_most", c[1])

    def an_opponent_controls(self, c):
        return ("controlled_by", "an_opponent")

    def destroy_qualities(self, c):
        return list(c)

    def destroy_target(self, c):
        if len(c[-1]) > 1 and any(q[0] == "object" and len(q) > 2 and q[-1][0] in _SUFFIX_QUALITIES
                                  for q in c[-1]):
            # "target artifact or enchantment an opponent controls": the suffix may narrow every
            # alternative or the last one only; not read.
            raise ValueError("a suffix on one of several target alternatives is not read")
        return [("destroy_target", 1)] + [("destroy_target_may_be", 1, _quality_term(q)) for q in c[-1]]

    def destroy_all(self, c):
        return [("destroy_all", _quality_term(q)) for q in c[-1]]

    # --- TL;DR
    def exile_target_if(self, c):
        t = _singular(str(c[-1]).lower())
        return [("exile_target", 1, ("card_type", t)),
                ("exile_only_if", 1, "has_ability_other_than_keywords")]

    # --- keyword grants
    def self(self, c):
        return ("self",)

    def target_you_control(self, c):
        return ("target_you_control", _singular(str(c[-1]).lower()))

    def enchanted(self, c):
        return ("enchanted", _singular(str(c[-1]).lower()))

    def equipped(self, c):
        return ("equipped", _singular(str(c[-1]).lower()))

    def each_you_control(self, c):
        return ("each_you_control", _singular(str(c[-1]).lower()))

    def creatures_you_control(self, c):
        return ("each_you_control", "creature")

    def all_of_subtype(self, c):
        word = _subtype_singular(str(c[0]))
        if word is None:
            raise ValueError("an irregular plural subtype is not read")  # "Merfolk"
        return ("all", ("subtype", word))

    def all_subtype_creatures(self, c):
        # "All Sliver creatures": every creature with that subtype (205.3m; the word is singular here)
        word = str(c[0])
        if word.lower() in _NOT_SUBTYPES:
            raise ValueError(f"{word!r} is no subtype")
        return ("all", ("object", "creature", ("subtype", word)))

    def commander_creatures_you_own(self, c):
        return ("commander_creatures_you_own",)

    def other_subtype_you_control(self, c):
        # "Other Zombies you control": each other permanent of that subtype its controller controls
        # (a regular plural only: "Elves", "Merfolk" are not read).
        word = _subtype_singular(str(next(t for t in c if isinstance(t, Token) and t.type == "SUBTYPE_WORD")))
        if word is None:
            raise ValueError("an irregular plural subtype is not read")
        return ("all", ("object", "permanent", ("subtype", word), ("controlled_by", "you"), ("other",)))

    def up_to_one_target(self, c):
        return ("up_to_one_target", _singular(str(c[-1]).lower()))

    def up_to_targets(self, c):
        # 115.1d: "up to N target [objects]": up_to_targets(N, T), a slot of up to N targets.
        return ("up_to_targets", c[0], _singular(str(c[-1]).lower()))

    def it(self, c):
        return ("it",)

    def keyword_names(self, c):
        return [keyword_constant(str(t)) for t in c if isinstance(t, Token) and t.type == "KEYWORD_NAME"]

    def until_eot(self, c):
        return ("duration", "until_end_of_turn")

    # --- 113.10 abilities added in quotation marks; 114.2 emblems
    def granted_keyword(self, c):
        return keyword_constant(str(c[0]))

    def quoted_ability(self, c):
        return granted_ability(str(c[0]))

    def granted_protection_from_chosen_color(self, c):
        return ("protection_from_chosen", "color")

    def granted_abilities(self, c):
        return list(c)

    def create_emblem(self, c):
        return [("creates_emblem", c[0], granted_ability(str(q)))
                for q in c[1:] if isinstance(q, Token) and q.type == "QUOTED"]

    def flashback_grant(self, c):
        # 702.34a, 611.2a: target(card_in_your_graveyard(Types)) gains flashback until end of turn.
        kinds = tuple(k.strip().lower() for k in str(c[0]).split(" or "))
        return [("grants_keyword", ("target", ("card_in_your_graveyard",) + kinds), "flashback"),
                ("duration", "until_end_of_turn")]

    def flashback_grant_each(self, c):
        # 702.34a, 611.2c: each card of those types in your graveyard as the spell resolves.
        kinds = tuple(k.strip().lower() for k in str(c[0]).replace(" and ", " or ").split(" or "))
        return [("grants_keyword", ("each_card_in_your_graveyard",) + kinds, "flashback"),
                ("duration", "until_end_of_turn")]

    def flashback_cost_is_mana_cost(self, c):
        # 702.34a: the granted flashback cost is the card's mana cost.
        return [("granted_keyword_cost", "flashback", "mana_cost")]

    def keyword_grant(self, c):
        # "Until end of turn, [affected] gains ..." puts the duration first.
        affected = next(x for x in c if isinstance(x, tuple) and x[0] != "duration")
        # 613.1f (issue 19): a grant to a qualified group (all(object(T, Q...))) is read; no rule of
        # card_effects.lp applies it (interpreted.lp lists ability_grants_keyword to all(_) as read by no
        # rule; as a spell resolves it is an unapplied effect), never dropped.
        kws = next(x for x in c if isinstance(x, list))
        dur = next((x for x in c if isinstance(x, tuple) and x and x[0] == "duration"), None)
        out = [("grants_keyword", affected, k) if isinstance(k, str)
               else ("grants_protection_from_chosen", affected, k[1]) if isinstance(k, tuple) and k[0] == "protection_from_chosen"
               else ("ability_grants_ability", affected, k)
               for k in kws]
        pt = next((x for x in c if isinstance(x, Token) and x.type == "PT"), None)
        if pt is not None:
            p, t = _pt(str(pt))
            out.append(("gets_pt", affected, p, t))
        if dur:
            out.append(dur)
        return out

    # --- 122 counters
    def keyword_counter(self, c):
        return ("keyword", keyword_constant(str(c[0])))

    def pt_counter(self, c):
        p, t = _pt(str(c[0]))
        return ("pt", p, t)

    def named_counter(self, c):
        return ("named", str(c[0]).lower())

    def put_counters(self, c):
        n = next(x for x in c if isinstance(x, (int, str)) and not isinstance(x, Token))
        kind = next(x for x in c if isinstance(x, tuple) and x[0] in ("keyword", "pt", "named"))
        recipient = c[-1]
        return [("puts_counters", kind, n, recipient)]

    # --- 111 tokens
    def token_color(self, c):
        # "green and white": the "and" between colors is a token_color with no value (111.3).
        return ("color", str(c[0]).lower()) if c and isinstance(c[0], Token) and c[0].type == "COLOR_WORD" else None

    def token_subtype(self, c):
        return ("subtype", str(c[0]))

    def token_types(self, c):
        return [("card_type", str(t).lower()) for t in c]

    def token_with(self, c):
        return [("keyword", k) for k in c[0]]

    def token_named(self, c):
        return ("name", " ".join(str(t) for t in c))

    def token_spec(self, c):
        spec: list[tuple] = []
        for x in c:
            if isinstance(x, Token) and x.type == "PT":
                p, t = _pt(str(x))
                spec.append(("power_toughness", p, t))
            elif isinstance(x, tuple):
                spec.append(x)
            elif isinstance(x, list):
                spec += x
        return spec

    def token_entering(self, c):
        return ("entering", "tapped_and_attacking")

    def token_tapped(self, c):
        return ("entering", "tapped")

    def create_tokens(self, c):
        n, spec = c[0], next(x for x in c if isinstance(x, list))
        entering = [x[1] for x in c if isinstance(x, tuple) and x[0] == "entering"]
        out = self._token_facts(n, spec)
        if entering:
            # 111.1, 508.4: how the tokens enter; every fact of the creation wrapped, so no rule makes
            # them untapped (tokens_enter/5: no rule reads it; not on an instant or sorcery yet).
            self._not_on_spell("tokens that enter tapped")
            how = "tapped_and_attacking" if "tapped_and_attacking" in entering else "tapped"
            out = [("tokens_enter", how, f) for f in out]
        return out

    def _token_facts(self, n, spec):
        out = [("creates_tokens", 1, n)]
        for s in spec:
            if s[0] == "power_toughness":
                out.append(("creates_token_power_toughness", 1, s[1], s[2]))
            elif s[0] == "name":
                out.append(("creates_token_named", 1, s[1]))
            else:
                out.append((f"creates_token_{s[0]}", 1, s[1]))
        # 111.4: two or more subtypes in the order written (a token's name is its subtypes in that order)
        subtypes = [s[1] for s in spec if s[0] == "subtype"]
        if len(subtypes) >= 2:
            out += [("creates_token_subtype_order", 1, k, name) for k, name in enumerate(subtypes, start=1)]
        return out

    # --- 121 draw
    def draw_cards(self, c):
        n = next(x for x in c if isinstance(x, (int, str)) and not isinstance(x, Token))
        return [("draws_cards", "you", n)]

    def target_player_draws(self, c):
        n = next(x for x in c if isinstance(x, (int, str)) and not isinstance(x, Token))
        return [("draws_cards", "target_player", n)]

    def _player_draws(self, who, c):
        n = next(x for x in c if isinstance(x, (int, str)) and not isinstance(x, Token))
        return [("draws_cards", who, n)]

    def each_player_draws(self, c):
        return self._player_draws("each_player", c)

    def each_opponent_draws(self, c):
        return self._player_draws("each_opponent", c)

    def target_opponent_draws(self, c):
        return self._player_draws("target_opponent", c)

    def that_player_draws(self, c):
        return self._player_draws("that_player", c)

    # --- activation limits (602.5b, 602.5d; issue 19, session 7): one slot, shared by every limit
    def activation_restriction(self, c):
        return [f for x in c if isinstance(x, tuple) for f in [x]]

    def activate_this_ability(self, c):
        # only after "[who] may" (optional_clause fills in who)
        return [("activate_only", ("player_may_activate", None))] + [x for x in c if isinstance(x, tuple)]

    def limit_as_sorcery(self, c):
        return ("activate_only_as_sorcery",)

    def limit_once_each_turn(self, c):
        return ("activate_only_once_each_turn",)

    def limit_as_instant(self, c):
        return ("activate_only", "as_an_instant")

    def limit_once(self, c):
        return ("activate_only", "once")

    def limit_during(self, c):
        return ("activate_only", ("during", _during(str(c[0])[len("during "):])))

    def limit_during_any_upkeep(self, c):
        return ("activate_only", ("during", "upkeep"))

    def limit_during_combat(self, c):
        return ("activate_only", ("during", "combat"))

    def limit_during_declare_step(self, c):
        return ("activate_only", ("during", "declare_" + str(c[-1]).lower()))

    def limit_before_attackers(self, c):
        return ("activate_only", "before_attackers_are_declared")

    def limit_if(self, c):
        return ("activate_only", ("if", c[-1]))

    def sacrifice_if_cast_when_sorcery_couldnt(self, c):
        # 307.5a, 603.7 (Armor of Thorns): a delayed sacrifice if cast when a sorcery couldn't have been.
        return [("sacrifice_if_cast_when_sorcery_couldnt",)]

    def sentence(self, c):
        clauses = [clause for clause in c if isinstance(clause, list)]
        out = []
        under_if_you_do = under_reflexive = False
        for i, clause in enumerate(clauses):
            if under_if_you_do and clause and clause[0][0] not in _NOT_EFFECTS:
                # 608.2c: "If you do, [X] and [Y]" / "If you do, [X], then [Y]": every clause after it in
                # the sentence happens only if the player did (not only the first)
                clause = clause + [("if_you_do", clause[0][0])]
            elif under_reflexive and clause and clause[0][0] not in _NOT_EFFECTS:
                clause = clause + [("reflexive_trigger", clause[0][0])]   # 603.12: the same for "When you do"
            elif any(f[0] == "player_may" for f in clause) and i + 1 < len(clauses):
                # 608.2d: "you may [X] and [Y]": whether Y is part of the choice is not read
                raise ValueError("'you may' followed by another clause in the sentence")
            under_if_you_do = under_if_you_do or any(f[0] == "if_you_do" for f in clause)
            under_reflexive = under_reflexive or any(f[0] == "reflexive_trigger" for f in clause)
            out += clause
        if ("activate_only", ("player_may_activate", None)) in out:
            raise ValueError("'activate this ability' with no player who may")
        return out

    def optional_clause(self, c):
        # 608.2d: "you may [do X]" - X's facts, and which effect the player may choose to do.
        who, facts = c[0], c[-1]
        if facts and facts[0] == ("activate_only", ("player_may_activate", None)):
            # 602.2: "Any player may activate this ability" (otherwise its controller only)
            return [("activate_only", ("player_may_activate", who))] + facts[1:]
        return facts + [("player_may", who, facts[0][0])] if facts else facts

    def station_striation(self, c):
        return [("station_striation", int(str(c[0]).split()[1].rstrip("+")))]

    def striation_power_toughness(self, c):
        p, t = _pt(str(c[0]))
        return [("striation_power_toughness", p, t)]

    # --- 502.3 untapping; 402.2 hand size; 305.2 land plays; 615 prevention; 603.7a delayed effects
    def doesnt_untap(self, c):
        return [("doesnt_untap", c[0], c[1], c[2])]

    def every_untap_step(self, c):
        return "every"

    def next_untap_step(self, c):
        return "next"

    def choose_not_to_untap(self, c):
        return [("chooses_not_to_untap", "you", c[0])]

    def no_maximum_hand_size(self, c):
        return [("no_maximum_hand_size", c[0])]

    def look_at_top_card_any_time(self, c):
        if c[0] != ("top_cards_of_library", "you", 1):
            raise ValueError("only the top card is looked at any time")
        return [("looks_at_top_card_any_time", "you")]

    def each_of_your_turns(self, c):
        return ("each_of_your_turns",)

    def play_additional_lands(self, c):
        n = next(x for x in c if isinstance(x, int) or x == "x")
        when = c[-1][-1]  # ("duration", "this_turn") or ("each_of_your_turns",)
        return [("plays_additional_lands", "you", n, when)]

    def prevent_next_damage(self, c):
        amount, recipient = c[0], c[-1]
        return [("prevents_next_damage", amount, recipient if isinstance(recipient, tuple) else recipient),
                ("duration", "this_turn")]

    def may_play_that_card_this_turn(self, c):
        # 601.3: a permission to play the card just named (exiled), this turn.
        return [("may_play", ("that", "card"), "this_turn")]

    def may_play_them_for(self, c):
        # 601.3, 611.2a: a permission to play the card(s) just named, for the duration the words give:
        # exactly one of a leading "Until ..." or a trailing "this turn" / "until the end of your next turn".
        text = str(c[0]).lower()
        durations = [d for k, d in (("until end of turn,", "until_end_of_turn"), ("this turn", "this_turn"),
                                    ("until the end of your next turn", "until_end_of_your_next_turn")) if k in text]
        if len(durations) != 1:
            raise ValueError("a permission to play with no duration or two durations is not read")
        obj = ("that", "card") if "that card" in text else ("those", "cards")
        return [("may_play", obj, durations[0])]

    def get_poison_counters_effect(self, c):
        # 122.1f: poison counters given to a player (104.3d: ten or more and that player loses)
        return [("gets_poison_counters", c[0], next(x for x in c[1:] if isinstance(x, int) or x == "x"))]

    def all_counters(self, c):
        return "all"

    def removed_count(self, c):
        return c[0]

    def remove_counters_effect(self, c):
        # 122.1: counters removed from an object (Kind "any": "a counter" / "all counters" of every kind)
        n = c[0]
        kind = next((x for x in c[1:-1] if isinstance(x, tuple)), "any")
        return [("removes_counters", kind, n, c[-1])]

    def prevent_next_time(self, c):
        # 615.8: the next instance of damage from the chosen source (a source of that quality, 609.7a)
        quals = [q for q in c[:-1] if isinstance(q, tuple)]
        return [("prevents_next_damage_from", ("source_of_your_choice", *quals), c[-1]), ("duration", "this_turn")]

    def dies_replacement(self, c):
        # 614.1a: if_would_die_instead(C, F, A, Ref, exile, this_turn | always)
        ref = c[0]
        lasting = "this_turn" if any(x == ("duration", "this_turn") for x in c[1:]) else "always"
        return [("if_would_die_instead", ref, "exile", lasting)]

    def graveyard_exile_replacement(self, c):
        # 614.1a: if_put_into_graveyard_instead(C, F, A, card | card_or_token, any | opponent, exile)
        objects = "card_or_token" if any(getattr(x, "data", None) == "graveyard_token" for x in c) else "card"
        whose = next(x for x in c if x in ("any", "opponent"))
        return [("if_put_into_graveyard_instead", objects, whose, "exile")]

    def damage_replacement(self, c):
        # 614.1a, 614.2: if_would_deal_damage_instead(C, F, A, Source, Recipients, Change) — Source any |
        # object(source | T, Q...) (the shared object phrase); Recipients any | permanent_or_player |
        # opponent_or_opponents_permanent; Change times(2 | 3) | plus(N)
        parts = [x for x in c if not isinstance(x, Token)]
        recipients = parts[1] if len(parts) == 3 else "any"
        return [("if_would_deal_damage_instead", parts[0], recipients, parts[-1])]

    def token_replacement(self, c):
        # 614.1a, 614.16: if_would_create_tokens_instead(C, F, A, any | creature, you, times(2))
        kind = next(x for x in c if x in ("any", "creature"))
        return [("if_would_create_tokens_instead", kind, "you", ("times", 2))]

    def counter_replacement_plus(self, c):
        # 614.1a, 122.6: if_would_put_counters_instead(C, F, A, pt(P, T), creature_you_control, plus(1)) —
        # the kind named twice must be the same
        kinds = [_pt(str(x)) for x in c]
        if len(kinds) != 2 or kinds[0] != kinds[1]:
            raise ValueError("a counter replacement naming two kinds of counters: not read here")
        p, t = kinds[0]
        return [("if_would_put_counters_instead", ("pt", int(p), int(t)), "creature_you_control", ("plus", 1))]

    def counter_replacement_twice(self, c):
        # 614.1a, 122.6: if_would_put_counters_instead(C, F, A, any, permanent_you_control, times(2))
        return [("if_would_put_counters_instead", "any", "permanent_you_control", ("times", 2))]

    def draw_replacement(self, c):
        # 614.1a, 614.11: if_would_draw_instead(C, F, A, you | a_player | an_opponent); a replacement
        # with a choice or a condition of its own ("you may ...", "unless", "only"): not read here
        rest = str(c[-1]).lower()
        if re.search(r"\b(may|unless|only|as long as)\b", rest):
            raise ValueError("a draw replacement with a choice or condition: not read here")
        # the rest (what is drawn, any "while ..." condition, what replaces the draw) is not read: an unread part of the
        # ability (Unparsed, so the ability is not fully read and its text is listed as unread)
        return [("if_would_draw_instead", c[0]), ("effect_text", str(c[-1]).strip())]

    def draw_by_you(self, c):
        return "you"

    def draw_by_a_player(self, c):
        return "a_player"

    def draw_by_an_opponent(self, c):
        return "an_opponent"

    def any_tokens(self, c):
        return "any"

    def creature_tokens(self, c):
        return "creature"

    def source_desc(self, c):
        quals = [q for q in c if isinstance(q, tuple)]
        return ("object", "source", *quals) if quals else "any"

    def source_object(self, c):
        d = c[-1]
        return ("object", d) if isinstance(d, str) else d

    def permanent_or_player(self, c):
        return "permanent_or_player"

    def opponent_or_opponents_permanent(self, c):
        return "opponent_or_opponents_permanent"

    def damage_times(self, c):
        return ("times", {"double": 2, "triple": 3}[str(c[0]).lower()])

    def damage_plus(self, c):
        return ("plus", int(c[-1]))

    def graveyard_token(self, c):
        return Tree("graveyard_token", [])

    def any_graveyard(self, c):
        return "any"

    def opponents_graveyard(self, c):
        return "opponent"

    def damage_unpreventable(self, c):
        # 615.12: damage_unpreventable(C, F, A), with effect_duration this_turn when it says so
        return [("damage_unpreventable",)] + [x for x in c if x == ("duration", "this_turn")]

    def cant_gain_life(self, c):
        # 119.7: cant_gain_life(C, F, A, Who), with effect_duration this_turn when it says so
        return [("cant_gain_life", c[0])] + [x for x in c[1:] if x == ("duration", "this_turn")]

    def dies_replacement_self(self, c):
        # 614.1a, 700.4: "If this creature would die, exile it instead" — the object itself (SELF)
        lasting = "this_turn" if any(x == ("duration", "this_turn") for x in c[1:]) else "always"
        return [("if_would_die_instead", ("self",), "exile", lasting)]

    def prevent_all_combat_damage(self, c):
        if c[0] != "combat_damage":
            raise ValueError("prevent all damage that would be dealt this turn: not read here")
        return [("prevents_all_combat_damage",), ("duration", "this_turn")]

    def sacrifice_it(self, c):
        return [("sacrifices", "you", "it", 1)]

    def next_turns_upkeep(self, c):
        return "beginning_of_next_turns_upkeep"

    def next_end_step(self, c):
        return "beginning_of_next_end_step"

    def delayed_effect(self, c):
        facts = c[0]
        # "at end of combat" (511.1): the delayed ability triggers at the end of combat step (603.7a)
        when = "end_of_combat" if isinstance(c[-1], Token) and c[-1].type == "AT_END_OF_COMBAT" else c[-1]
        return facts + [("delayed_until", facts[0][0], when)]


    def that_card_ref(self, c):
        return ("that", "card")

    def exiled_card_ref(self, c):
        return ("exiled_card",)

    def exiled_cards_ref(self, c):
        return ("exiled_cards",)

    def owner_control(self, c):
        return "its_owner"

    def your_control(self, c):
        return "you"

    def return_to_battlefield(self, c):
        # 400.7, 610.3: returns_to_battlefield(Obj, Under, tapped | untapped), Obj the object the ability
        # names (it, they, that card, that creature, the exiled card(s)); another object is not read. "at the
        # beginning of the next end step": delayed_until(returns_to_battlefield, When) (603.7a).
        obj = next(x for x in c if isinstance(x, tuple))
        if obj[0] not in ("it", "they", "that", "exiled_card", "exiled_cards"):
            raise ValueError("a return to the battlefield of this object is not read")
        under = next(x for x in c if isinstance(x, str) and not isinstance(x, Token) and x in ("its_owner", "you"))
        tapped = any(isinstance(t, Token) and t.type == "TAPPED" for t in c)
        out = [("returns_to_battlefield", obj, under, "tapped" if tapped else "untapped")]
        when = next((x for x in c if isinstance(x, str) and not isinstance(x, Token) and x.startswith("beginning_of")), None)
        if when:
            out.append(("delayed_until", "returns_to_battlefield", when))
        return out

    def paired_effect(self, c):
        # 702.95a: "As long as this creature is paired with another creature, each of those creatures / both
        # creatures ...": each fact of the pair under the condition the state-condition slot reads for
        # "~ is paired with another creature" (object_is(self, paired_with(another_creature)))
        self._not_on_spell("a soulbond pair's effect")
        cond = ("object_is", ("self",), ("paired_with", "another_creature"))
        return [("conditional_effect", "as_long_as", cond, f) for f in c[-1]]

    def paired_pt(self, c):
        p, t = _pt(str(next(x for x in c if isinstance(x, Token) and x.type == "PT")))
        return [("gets_pt", ("paired_creatures",), p, t)]

    def paired_grant(self, c):
        kws = next(x for x in c if isinstance(x, list))
        if not all(isinstance(k, str) for k in kws):
            raise ValueError("a quoted ability or a chosen protection under a condition is not read")
        return [("grants_keyword", ("paired_creatures",), k) for k in kws]

    def paired_pt_grant(self, c):
        return self.paired_pt(c) + self.paired_grant(c)

    def triggers_only_once_each_turn(self, c):
        return [("triggers_only_once_each_turn",)]

    # --- players
    def target_player(self, c):
        return "target_player"

    def target_opponent(self, c):
        return "target_opponent"

    def that_player(self, c):
        return "that_player"

    def its_controller(self, c):
        return "its_controller"

    def an_opponent(self, c):
        return "an_opponent"

    def defending_player(self, c):
        return "defending_player"   # 506.2: the player the attacking creature attacks (or whose planeswalker)

    # --- objects (affected)
    def target_opponent_controls(self, c):
        return ("target_opponent_controls", _singular(str(c[0]).lower()))

    def target_you_dont_control(self, c):
        return ("target_you_dont_control", _singular(str(c[0]).lower()))

    def target_permanent(self, c):
        return ("target", "permanent")

    def target_nonland_permanent(self, c):
        return ("target", "nonland_permanent")

    def another_target(self, c):
        # 115.1: "another target creature" keeps another_target(T); with qualities, the target's
        # object phrase with quality other (not the source: "another", 109.2).
        d = c[-1]
        if isinstance(d, str):
            return ("another_target", d)
        return ("target", (*d, ("other",)))

    def enchanted_permanent(self, c):
        return ("enchanted", "permanent")

    def each_object(self, c):
        # "Each creature you control ...": every such permanent (611.3a, 122.1), the term of the plural
        # phrase ("Creatures you control": each_you_control(T); with any other quality all(object(T, Q...)),
        # every quality of the phrase: schema.lp, Affected)
        d = c[-1]
        if isinstance(d, str):
            return ("all", d)
        if d[2:] == (("controlled_by", "you"),):
            return ("each_you_control", d[1])
        return ("all", d)

    def each_other_object(self, c):
        # "Each other creature you control": other_you_control(T) as "Other creatures you control" (109.2)
        d = c[-1]
        if isinstance(d, str):
            return ("all", ("object", d, ("other",)))
        if d[2:] == (("controlled_by", "you"),):
            return ("other_you_control", d[1])
        return ("all", (*d, ("other",)))

    def all_plural(self, c):
        # "all creatures" all(creature); "all creatures you control" each_you_control(creature) (as "Creatures
        # you control"); any other quality all(object(T, Q...)) with every quality of the phrase
        noun = _singular(str(next(t for t in c if isinstance(t, Token) and t.type == "PLURAL_TYPE")).lower())
        quals = tuple(q for q in c if isinstance(q, tuple))
        if not quals:
            return ("all", noun)
        if quals == (("controlled_by", "you"),):
            return ("each_you_control", noun)
        return ("all", ("object", noun, *quals))

    def all_creatures(self, c):
        return ("all", "creature")

    def that(self, c):
        return ("that", _singular(str(c[-1]).lower()))

    def cards_you_own_not_on_battlefield(self, c):
        # 702.8a (Teferi, Mage of Zhalfir): "Creature cards you own that aren't on the battlefield".
        return ("cards_you_own_not_on_battlefield", _singular(str(c[0]).lower()))

    # --- 106.1, 605 mana
    def mana_run(self, c):
        return tuple(s for t in c for s in parse_mana_cost(str(t)).symbols)

    def mana_options(self, c):
        return [x for x in c if isinstance(x, tuple)]

    def add_mana(self, c):
        return [("adds_mana", o, i, sym) for o, run in enumerate(c[-1], start=1)
                for i, sym in enumerate(run, start=1)]

    def any_color(self, c):
        return "any_color"

    def any_one_color(self, c):
        return "any_one_color"

    def chosen_color(self, c):
        return "chosen_color"

    def any_combination_of_colors(self, c):
        return "any_combination_of_colors"

    def add_mana_choice(self, c):
        n = next(x for x in c if isinstance(x, int) or x == "x")
        return [("adds_mana_choice", n, c[-1])]

    # --- 614.1c/d enters
    def enters_tapped(self, c):
        return [("enters_tapped", c[0])]

    def enters_with_counters(self, c):
        n = next(x for x in c[1:] if isinstance(x, (int, str)) and not isinstance(x, Token))
        kind = next(x for x in c[1:] if isinstance(x, tuple) and x[0] in ("keyword", "pt", "named"))
        return [("enters_with_counters", c[0], kind, n)]

    # --- 613.4c P/T
    def pt_change(self, c):
        p, t = _pt(str(next(x for x in c if isinstance(x, Token) and x.type == "PT")))
        out = [("gets_pt", c[0], p, t)]
        out += [x for x in c[1:] if isinstance(x, tuple) and x[0] == "duration"]
        return out

    def switch_pt(self, c):
        # 613.4d: the object's power and toughness are switched (layer 7d); "this creature's" / "~'s" is
        # the ability's source, "target creature's" a target (115.1). Other possessors are not read.
        who = re.sub(r"['’]s$", "", str(c[0])).lower()
        if who in ("~", "this creature"):
            obj: object = "self"
        elif who == "target creature":
            obj = ("target", "creature")
        else:
            raise ValueError(f"switching {who}'s power and toughness is not read")
        return [("switches_pt", obj)] + [x for x in c[1:] if isinstance(x, tuple) and x[0] == "duration"]

    # --- 119.3 life
    def gain_life(self, c):
        return [("gains_life", c[0], c[-1])]

    def you_gain_life_effect(self, c):
        # "gain 3 life" (an instruction to you, or after "you may"); "gains 3 life" with no subject
        # ("Target player sacrifices a creature, then gains 3 life") is said of the player before
        # (608.2c): not "you", so not read here.
        if str(c[0]).lower() == "gains":
            raise ValueError("'gains N life' with no subject names the player before it")
        return [("gains_life", "you", c[-1])]

    def get_energy(self, c):
        return [("gets_energy", c[0], len(c) - 1)]

    def lose_life(self, c):
        return [("loses_life", c[0], c[-1])]

    # --- 701 keyword actions
    def keyword_action(self, c):
        return [("keyword_action", "you", _action(c[0]), _action_number(c[1:]))]

    def actor_keyword_action(self, c):
        return [("keyword_action", c[0], _action(c[1]), _action_number(c[2:]))]

    def keyword_action_on(self, c):
        return [("keyword_action", c[1], _action(c[0]), 1)]

    def keyword_action_top_card(self, c):
        # 701.40a, 701.58a: you manifest / cloak the top card of your library (keyword_action/6 with
        # Action manifest(top_card_of_library) | cloak(top_card_of_library)); no other action is read so.
        action = _action(c[0])
        if action not in ("manifest", "cloak"):
            raise ValueError(f"'{c[0]} the top card of your library' is not read")
        return [("keyword_action", "you", (action, "top_card_of_library"), 1)]

    # 701.14a, 701.3a, 701.20a: keyword actions with objects (keyword_action/6, Action a term).
    def have_pt_change(self, c):
        return c[-1]

    def amass_of_type(self, c):
        # 701.47a: "Amass [subtype] N": Action amass(subtype(S)) N times (keyword_action/6).
        if _action(c[0]) != "amass":
            raise ValueError(f"{c[0]} [subtype] N is not read")
        word = str(c[1])  # "Zombies" -> Zombie, "Orcs" -> Orc; "Elves", "...men" are not read
        if not word.endswith("s") or word.endswith(("ves", "men")):
            raise ValueError("an irregular plural subtype is not read")
        return [("keyword_action", "you", ("amass", ("subtype", word[:-1])), int(str(c[2])))]

    def beginning_of_step_of_controller(self, c):
        m = re.match(r"(upkeep|end step|draw step) of (enchanted|equipped) (\w+)", str(c[0]), re.IGNORECASE)
        step = {"upkeep": "upkeep", "end step": "end", "draw step": "draw"}[m.group(1).lower()]
        who = ("controller_of", (m.group(2).lower(), m.group(3).lower()))
        return [("trigger_event", ("beginning_of_step", who, step))]

    def fight_effect(self, c):
        return [("keyword_action", c[0], ("fight", c[-1]), 1)]

    def attach_effect(self, c):
        return [("keyword_action", "you", ("attach", c[0], c[1]), 1)]

    def reveal_hand(self, c):
        return [("keyword_action", c[0], "reveal_hand", 1)]

    def reveal_your_hand(self, c):
        return [("keyword_action", "you", "reveal_hand", 1)]

    def sacrifice_it_effect(self, c):
        return [("sacrifices", "you", "it", 1)]

    def sacrifice_that_effect(self, c):
        return [("sacrifices", "you", ("that", _singular(str(c[-1]).lower())), 1)]

    def exile_top_of_library(self, c):
        # 401.1, 701.13a: "Exile the top card / the top three cards of your library."
        return [("exiles", ("top_cards_of_library", "you", c[-1]))]

    # --- 701.9 discard
    def discard_effect(self, c):
        return [("discards_cards", "you", c[0])]

    def player_discards(self, c):
        return [("discards_cards", c[0], c[-1])]

    # --- 701.6 counter
    def countered_spell(self, c):
        return ("spell", c[0])

    def either_spell_group(self, c):
        return [(c[0],), (c[1],)]

    def countered_activated(self, c):
        return ("activated_ability",)

    def countered_triggered(self, c):
        return ("triggered_ability",)

    def countered_activated_or_triggered(self, c):
        return ("activated_or_triggered",)

    def counter_unless(self, c):
        return ("unless", "".join(str(t) for t in c))

    def counter_spell(self, c):
        out: list[tuple] = [("counter_target", 1)]
        g = 0
        for x in c:
            if not isinstance(x, tuple):
                continue
            if x[0] == "spell":
                for group in (x[1] if isinstance(x[1], list) else [x[1]]):
                    g += 1
                    out.append(("counter_target_may_be", 1, ("spell", g)))
                    out += [("countered_spell_quality", g, q) for q in group]
            elif x[0] == "activated_or_triggered":
                out += [("counter_target_may_be", 1, "activated_ability"),
                        ("counter_target_may_be", 1, "triggered_ability")]
            elif x[0] == "unless":
                out += [("counter_unless_controller_pays", 1, i, sym)
                        for i, sym in enumerate(parse_mana_cost(x[1]).symbols, start=1)]
            else:
                out.append(("counter_target_may_be", 1, x[0]))
        return out

    # --- 707.10 copies of spells, 707.2/707.9 a permanent entering as a copy (issue 17)
    def copy_spell(self, c):
        # copy_target(C, F, A, 1), copy_target_may_be(.., 1, spell(G)) and countered_spell_quality/5
        # (the spell group's qualities, read by casting/targets.lp as for "counter target spell")
        out: list[tuple] = [("copy_target", 1)]
        g = 0
        for x in c:
            if isinstance(x, tuple) and x[0] == "spell":
                for group in (x[1] if isinstance(x[1], list) else [x[1]]):
                    g += 1
                    out.append(("copy_target_may_be", 1, ("spell", g)))
                    out += [("countered_spell_quality", g, q) for q in group]
            elif isinstance(x, tuple) and x[0] in ("activated_ability", "triggered_ability", "activated_or_triggered"):
                raise ValueError("copying an ability is not read")
            elif x == "you_control":
                out.append(("copy_target_you_control", 1))
            elif isinstance(x, list):
                out += x
        return out

    def copy_you_control(self, c):
        return "you_control"

    def may_choose_new_targets(self, c):
        # 707.10c: the copy's controller may change its targets as it is put on the stack
        return [("may_choose_new_targets",)]

    def enters_as_copy(self, c):
        # 707.2, 614.1c: may_enter_as_copy(C, F, A, Original) and copy_exception(C, F, A, E) (707.9)
        original = next(x for x in c if isinstance(x, str) and not isinstance(x, Token))
        out: list[tuple] = [("may_enter_as_copy", original)]
        for x in c:
            if isinstance(x, list):
                out += x
        return out

    def copy_any_creature_on_battlefield(self, c):
        return "any_creature_on_battlefield"

    def copy_creature_or_planeswalker_you_control(self, c):
        return "creature_or_planeswalker_you_control"

    def copy_exceptions(self, c):
        return [("copy_exception", x) for x in c if isinstance(x, tuple)]

    def copy_additional_subtype(self, c):
        word = str(c[0]).split()[2]
        return ("additional_subtype", word)

    def copy_has_ability(self, c):
        return ("has_ability", str(next(x for x in c if isinstance(x, Token) and x.type == "QUOTED")).strip()[1:-1])

    def copy_additional_counter(self, c):
        text = str(c[0]).lower()
        kind = ("pt", 1, 1) if "+1/+1" in text else ("named", "loyalty")
        return ("additional_counter_if", kind, "creature" if text.endswith("creature") else "planeswalker")

    def copy_not_legendary(self, c):
        return ("not_legendary",) if "if the spell" not in str(c[0]).lower() else ("not_legendary_if_legendary",)

    # --- 400.7 zone changes: return
    def return_to_hand(self, c):
        return [("returns_to_hand", c[0])]

    def return_chosen_to_hand(self, c):
        # the player who controls the ability chooses one such object as it resolves (no target, 115.1)
        d = c[0]
        if not (isinstance(d, tuple) and ("controlled_by", "you") in d[2:]):
            raise ValueError("returning an object the player doesn't control is not read")
        return [("returns_to_hand", ("chosen_by", "you", 1, d))]

    def target_card(self, c):
        return ("target_card", *[q for q in c if isinstance(q, tuple)])

    def target_card_either(self, c):
        # 115.1: the card must have one of the two card types ("instant or sorcery card").
        if "permanent" in c:
            raise ValueError("'permanent card' as an alternative is not read")
        return ("target_card", ("one_of", ("card_type", c[0]), ("card_type", c[1])))

    def target_permanent_card(self, c):
        # 110.4a: a permanent card (an artifact, battle, creature, enchantment, land or planeswalker card),
        # with the adjectives' qualities before it ("nonland permanent card").
        return ("target_card", *[q for q in c if isinstance(q, tuple)], ("permanent",))

    def up_to_target_cards(self, c):
        n = next(x for x in c if isinstance(x, (int, str)) and not isinstance(x, Token))
        return ("up_to_target_cards", n, *[q for q in c if isinstance(q, tuple)])

    def battlefield(self, c):
        return ("zone", "battlefield_tapped" if c else "battlefield")

    def return_from_graveyard(self, c):
        return [("returns_from_graveyard", c[0], c[-1][1])]

    # --- 701.23 search, 701.24 shuffle
    def search_cards(self, c):
        return ("search_for", c[0], [q for x in c[1:] for q in (x if isinstance(x, list) else [x])
                                     if isinstance(q, tuple)])

    def search_up_to(self, c):
        return ("search_for", ("up_to", c[0]), [q for x in c[1:] for q in (x if isinstance(x, list) else [x])
                                                if isinstance(q, tuple)])

    def search_quals_all(self, c):
        return [q for q in c if isinstance(q, tuple)]

    def search_permanent(self, c):
        return ("permanent",)

    def search_or(self, c):
        return [q for q in c if isinstance(q, tuple)]

    def search_quals_either(self, c):
        # The last quality of the first run and those after it are the alternatives.
        run, rest = [q for q in c if isinstance(q, tuple)], c[-1]
        return run[:-1] + [("one_of", run[-1], *rest)]

    def search_mana_value(self, c):
        n = next(x for x in c if not isinstance(x, Token))
        which = str(next(t for t in c if isinstance(t, Token) and t.type == "LESS_GREATER")).lower()
        return ("mana_value_at_most" if which == "less" else "mana_value_at_least", n)

    def search_named_self(self, c):
        return ("named", "self")

    def put_onto_battlefield(self, c):
        tapped = any(isinstance(t, Token) and t.type == "TAPPED" for t in c)
        return ("search_puts_found", "battlefield_tapped" if tapped else "battlefield")

    def put_into_hand(self, c):
        return ("search_puts_found", "hand")

    def reveal_found(self, c):
        return ("search_reveals_found",)

    def search_library(self, c):
        _, n, quals = c[0]
        out = [("searches_library", "you", n)] + [("search_card_quality", q) for q in quals]
        out += [x for x in c[1:] if isinstance(x, tuple)]
        return out + [f for x in c[1:] if isinstance(x, list) for f in x]

    def search_zones(self, c):
        # 701.23a: "Search your library and/or graveyard for ...": searches_zones(.., Who, zones(Z...), N)
        zones, (_, n, quals) = c[0], c[1]
        out = [("searches_zones", "you", ("zones", *zones), n)] + [("search_card_quality", q) for q in quals]
        out += [x for x in c[2:] if isinstance(x, tuple)]
        return out + [f for x in c[2:] if isinstance(x, list) for f in x]

    def search_zone_list(self, c):
        return [z for z in c if isinstance(z, str) and not isinstance(z, Token)]

    def sz_library(self, c):
        return "library"

    def sz_graveyard(self, c):
        return "graveyard"

    def sz_hand(self, c):
        return "hand"

    def search_named_card(self, c):
        return ("named", str(c[0])[len("named "):])

    def shuffle_if_library_searched(self, c):
        # 701.23a, 701.24a: "If you search your library this way, shuffle." (after a search of several zones)
        return [("shuffles_if_library_searched", "you")]

    def search_shuffle_put_on_top(self, c):
        # "..., then shuffle and put that card on top": the found card goes on top after the shuffle.
        return self.search_library(c) + [("shuffles_library", "you"), ("search_puts_found", "library_top_after_shuffle")]

    def shuffle_library(self, c):
        return [("shuffles_library", "you")]

    def shuffle_graveyard_into_library(self, c):
        # 400.3, 701.24a: the player's graveyard into that player's library, which is then shuffled
        return [("shuffles_graveyard_into_library", c[0])]

    def you_shuffle_graveyard_into_library(self, c):
        return [("shuffles_graveyard_into_library", "you")]

    # --- 701.26 tap/untap, 701.19 regenerate
    def tap(self, c):
        return [("taps", c[-1])]

    def untap(self, c):
        return [("untaps", c[-1])]

    def regenerate(self, c):
        return [("regenerates", c[-1])]

    # --- 508.1c/d, 509.1b/c combat restrictions and requirements
    def _combat(self, kind, what, c):
        out = [(kind, c[0], what)]
        return out + [x for x in c[1:] if isinstance(x, tuple) and x[0] == "duration"]

    def cant_block(self, c):
        return self._combat("combat_restriction", "cant_block", c)

    def cant_attack(self, c):
        return self._combat("combat_restriction", "cant_attack", c)

    def cant_attack_or_block(self, c):
        return self._combat("combat_restriction", "cant_attack_or_block", c)

    def cant_be_blocked(self, c):
        return self._combat("combat_restriction", "cant_be_blocked", c)

    def attacks_each_combat_if_able(self, c):
        return self._combat("combat_requirement", "attacks_each_combat_if_able", c)

    def blocks_each_combat_if_able(self, c):
        return self._combat("combat_requirement", "blocks_each_combat_if_able", c)

    #: Set while a face that is an instant or sorcery is read (:func:`_read_line`).
    spell_face = False

    def _requirement(self, what, c):
        # On a spell's face too: resolution_effects.lp lists it as an unapplied spell_effect (issue 19).
        return self._combat("combat_requirement", what, c)

    def attacks_if_able(self, c):
        return self._requirement("attacks_if_able", c)

    def blocks_if_able(self, c):
        return self._requirement("blocks_if_able", c)

    def must_be_blocked_if_able(self, c):
        return self._requirement("must_be_blocked_if_able", c)

    def blocks_object_if_able(self, c):
        # "Target creature blocks this creature this turn if able": blocks(Obj) if able (509.1c).
        return self._requirement(("blocks_if_able", c[1]), [c[0]] + c[2:])

    def all_able_block(self, c):
        # "All creatures able to block this creature do so." (509.1c)
        if str(next(t for t in c if isinstance(t, Token) and t.type == "PLURAL_TYPE")).lower() != "creatures":
            raise ValueError("only creatures block")
        c = [x for x in c if not (isinstance(x, Token) and x.type == "PLURAL_TYPE")]
        return self._requirement("all_able_creatures_block_it", c)

    def cant_be_countered(self, c):
        return [("cant_be_countered", c[0])]

    # --- 601.2b, 118.8 additional costs
    def additional_cost(self, c):
        facts = c[-1]
        if any(f[0] != "cost" for f in facts):
            raise ValueError("additional mana cost not read yet")
        return [("spell_additional_cost", f[1]) for f in facts]

    # --- 701.21 sacrifice, 701.13 exile
    def sacrifice_self_effect(self, c):
        return [("sacrifices", "you", "self", 1)]

    def player_sacrifices(self, c):
        n = next(x for x in c[1:] if isinstance(x, (int, str)) and not isinstance(x, Token))
        return [("sacrifices", c[0], c[-1], n)]

    def exile_object(self, c):
        return [("exiles", c[-1])]

    # --- 725, 726 designations; 716.2a class levels
    def become_monarch(self, c):
        return [("gets_designation", c[0], "monarch")]

    def take_initiative(self, c):
        return [("gets_designation", c[0], "initiative")]

    def class_level(self, c):
        return [("class_level_becomes", int(c[-1]))]

    def modal_choice(self, c):
        return [("modal", str(c[0]).rstrip("— ").lower())]

    # --- trigger conditions (603.1)
    def expend(self, c):
        return [("trigger_event", ("expend", int(c[-1])))]

    def object_enters(self, c):
        return [("trigger_event", ("enters", _obj(c[0])))]

    def object_dies(self, c):
        return [("trigger_event", ("dies", _obj(c[0])))]

    def object_attacks(self, c):
        return [("trigger_event", ("attacks", _obj(c[0])))]

    def object_blocks(self, c):
        return [("trigger_event", ("blocks", _obj(c[0])))]

    def object_attacks_or_blocks(self, c):
        return self.object_attacks(c) + self.object_blocks(c)

    def object_enters_or_dies(self, c):
        return self.object_enters(c) + self.object_dies(c)

    def object_becomes_blocked(self, c):
        return [("trigger_event", ("becomes_blocked", _obj(c[0])))]

    def object_is_dealt_damage(self, c):
        return [("trigger_event", ("is_dealt_damage", _obj(c[0])))]

    def you_cycle_self(self, c):
        return [("trigger_event", ("cycle", "you", "self"))]

    def _casts(self, who, groups):
        out = [("trigger_event", ("cast", who, g)) for g in range(1, len(groups) + 1)]
        return out + [("trigger_spell_quality", g, q) for g, qs in enumerate(groups, 1) for q in qs]

    def player_casts(self, c):
        return self._casts("any_player", c[-1])

    def opponent_casts(self, c):
        return self._casts("an_opponent", c[-1])

    def you_draw_a_card(self, c):
        return [("trigger_event", ("draw_card", "you"))]

    def they(self, c):
        return ("they",)

    def cant_be_regenerated(self, c):
        return [("cant_be_regenerated", c[0])]

    def pay_mana(self, c):
        syms = parse_mana_cost("".join(str(t) for t in c)).symbols
        return [("pays_mana", "you", i, sym) for i, sym in enumerate(syms, start=1)]

    def pay_energy_effect(self, c):
        # 107.14: paying {E} removes that many energy counters from the player (never mana)
        n = next((x for x in c if not isinstance(x, Token)), None)
        count = n if n is not None else sum(1 for t in c if isinstance(t, Token) and t.type == "ENERGY")
        return [("pays_energy", "you", count)]

    def _player_keyword(self, who, keyword):
        # 702.11c, 702.18a: only "You have ..." (the controller of its source) is read
        if who != "you":
            raise ValueError(f"'{keyword}' given to a player other than you")
        return [("player_keyword", who, keyword)]

    def player_has_hexproof(self, c):
        return self._player_keyword(c[0], "hexproof")

    def player_has_shroud(self, c):
        return self._player_keyword(c[0], "shroud")

    def if_you_do(self, c):
        facts = c[-1]
        return facts + [("if_you_do", facts[0][0])] if facts else facts

    def when_you_do(self, c):
        # 603.12: "When you do, [X]": X is the effect of a reflexive triggered ability of this ability;
        # the optional action it waits for is named when the sentence is added (_reflexive_named).
        facts = c[-1]
        return facts + [("reflexive_trigger", facts[0][0])] if facts else facts

    def self_enters(self, c):
        return [("trigger_event", ("enters", "self"))]

    def self_dies(self, c):
        return [("trigger_event", ("dies", "self"))]

    def self_attacks(self, c):
        return [("trigger_event", ("attacks", "self"))]

    def beginning_of_your_upkeep(self, c):
        return [("trigger_event", ("beginning_of_step", "you", "upkeep"))]

    def beginning_of_your_end_step(self, c):
        return [("trigger_event", ("beginning_of_step", "you", "end"))]

    def self_enters_or_attacks(self, c):
        return [("trigger_event", ("enters", "self")), ("trigger_event", ("attacks", "self"))]

    def self_leaves_battlefield(self, c):
        return [("trigger_event", ("leaves_battlefield", "self"))]

    def deals_combat_damage_to_player(self, c):
        return [("trigger_event", ("deals_combat_damage_to_player", c[0]))]

    def beginning_of_combat_on_your_turn(self, c):
        return [("trigger_event", ("beginning_of_step", "you", "beginning_of_combat"))]

    def your_next(self, c):
        return "you_next"

    def beginning_of_step(self, c):
        step = {"upkeep": "upkeep", "end step": "end", "draw step": "draw", "combat": "beginning_of_combat",
                "precombat main phase": "precombat_main"}[str(c[-1]).lower()]
        return [("trigger_event", ("beginning_of_step", c[0], step))]

    def trigger_you_control(self, c):
        return ("you_control", _trigger_noun(c[0]))

    def trigger_another_you_control(self, c):
        return ("another_you_control", _trigger_noun(c[0]))

    def trigger_another_nontoken_you_control(self, c):
        return ("another_nontoken_you_control", _trigger_noun(c[0]))

    def trigger_opponent_controls(self, c):
        return ("an_opponent_controls", _trigger_noun(c[0]))

    def self_or_object_enters(self, c):
        return self.object_enters(c[:1]) + self.object_enters(c[1:])

    def self_or_object_dies(self, c):
        return self.object_dies(c[:1]) + self.object_dies(c[1:])

    def object_becomes_tapped(self, c):
        return [("trigger_event", ("becomes_tapped", _obj(c[0])))]

    def object_becomes_untapped(self, c):
        return [("trigger_event", ("becomes_untapped", _obj(c[0])))]

    def object_turned_face_up(self, c):
        return [("trigger_event", ("turned_face_up", _obj(c[0])))]

    def object_put_into_graveyard_from_battlefield(self, c):
        return [("trigger_event", ("put_into_graveyard_from_battlefield", _obj(c[0])))]

    def you_cast_second_spell_each_turn(self, c):
        return [("trigger_event", ("cast_second_spell_each_turn", "you"))]

    def player_discards_a_card(self, c):
        return [("trigger_event", ("discard_card", c[0]))]

    def you_sacrifice(self, c):
        return [("trigger_event", ("sacrifice", "you", c[-1]))]

    def trigger_a_desc(self, c):
        # "a creature" any(T); "a creature you control" you_control(T); "a creature an opponent
        # controls" an_opponent_controls(T); a subtype as the noun ("a Dragon you control") as before;
        # any other phrase: its object(T, Q...) term (issue 19).
        d = c[-1]
        if isinstance(d, str):
            return ("any", d)
        known = {(("controlled_by", "you"),): "you_control", (("controlled_by", "an_opponent"),): "an_opponent_controls"}
        return (known[d[2:]], d[1]) if d[2:] in known else d

    def trigger_another_desc(self, c):
        d = c[-1]
        if isinstance(d, str):
            return ("another", d)
        if d[2:] == (("controlled_by", "you"),):
            return ("another_you_control", d[1])
        return (*d, ("other",))

    def object_blocks_or_becomes_blocked(self, c):
        return self.object_blocks(c) + self.object_becomes_blocked(c)

    def object_blocks_object(self, c):
        return [("trigger_event", ("blocks_object", _obj(c[0]), c[-1]))]

    def object_becomes_blocked_by(self, c):
        return [("trigger_event", ("becomes_blocked_by", _obj(c[0]), c[-1]))]

    def object_deals_combat_damage_to(self, c):
        return [("trigger_event", ("deals_combat_damage_to", _obj(c[0]), c[-1]))]

    def object_deals_damage_to_a_player(self, c):
        return [("trigger_event", ("deals_damage_to", _obj(c[0]), "a_player"))]

    def object_attacks_alone(self, c):
        return [("trigger_event", ("attacks_alone", _obj(c[0])))]

    def object_enters_or_leaves(self, c):
        return self.object_enters(c) + [("trigger_event", ("leaves_battlefield", _obj(c[0])))]

    def object_enters_or_turned_face_up(self, c):
        return self.object_enters(c) + self.object_turned_face_up(c)

    def object_enters_or_put_into_graveyard(self, c):
        return self.object_enters(c) + self.object_put_into_graveyard_from_battlefield(c)

    def object_blocks_or_becomes_blocked_by(self, c):
        return self.object_blocks(c) + self.object_becomes_blocked_by(c)

    def object_attacks_and_isnt_blocked(self, c):
        return [("trigger_event", ("attacks_and_isnt_blocked", _obj(c[0])))]

    def object_deals_damage(self, c):
        return [("trigger_event", ("deals_damage", _obj(c[0])))]

    def object_becomes_monstrous(self, c):
        return [("trigger_event", ("becomes_monstrous", _obj(c[0])))]

    def object_put_into_graveyard_from_anywhere(self, c):
        return [("trigger_event", ("put_into_graveyard_from_anywhere", _obj(c[0])))]

    def counters_are_put_on(self, c):
        # Kind as put_counters/3 of a trigger: pt(X, Y) with numbers (122.6).
        p, t = _pt(str(next(x for x in c if isinstance(x, Token) and x.type == "PT")))
        if not (re.fullmatch(r"[+-]?[0-9]+", p) and re.fullmatch(r"[+-]?[0-9]+", t)):
            raise ValueError("counters of a kind with X are not read here")
        return [("trigger_event", ("counters_put_on", ("pt", int(p), int(t)), _obj(c[-1])))]

    def one_or_more_deal_combat_damage_to_player(self, c):
        noun = _singular(str(next(t for t in c if isinstance(t, Token) and t.type == "PLURAL_TYPE")).lower())
        quals = [q for q in c if isinstance(q, tuple)]
        return [("trigger_event", ("one_or_more_deal_combat_damage_to_player", ("object", noun, *quals) if quals else noun))]

    def object_attacks_you_or_your_planeswalker(self, c):
        return [("trigger_event", ("attacks_you_or_planeswalker_you_control", c[0]))]

    def beginning_of_your_step(self, c):
        step = {"first main phase": "precombat_main", "precombat main phase": "precombat_main",
                "second main phase": "postcombat_main", "postcombat main phase": "postcombat_main",
                "draw step": "draw"}[str(c[-1]).lower()]
        return [("trigger_event", ("beginning_of_step", "you", step))]

    def end_of_combat(self, c):
        return [("trigger_event", ("beginning_of_step", "each_player", "end_of_combat"))]

    def you_cast_or_copy(self, c):
        groups = c[-1]
        out = [("trigger_event", ("cast_or_copy", "you", g)) for g in range(1, len(groups) + 1)]
        return out + [("trigger_spell_quality", g, q) for g, qs in enumerate(groups, 1) for q in qs]

    def you_commit_crime(self, c):
        return [("trigger_event", ("commit_crime", "you"))]

    def you_scry(self, c):
        return [("trigger_event", ("scry", "you"))]

    def opponent_draws_a_card(self, c):
        return [("trigger_event", ("draw_card", "an_opponent"))]

    def chaos_ensues(self, c):
        return [("trigger_event", ("chaos_ensues",))]

    def you_set_in_motion(self, c):
        return [("trigger_event", ("set_in_motion", "you", "self"))]

    def you_crank_self(self, c):
        return [("trigger_event", ("crank", "you", "self"))]

    def day_night_changes(self, c):
        return [("trigger_event", ("day_night_changes",))]

    def object_attacks_while_saddled(self, c):
        return [("trigger_event", ("attacks_while_saddled", _obj(c[0])))]

    def object_and_others_attack(self, c):
        n = _NUMBER_WORDS[str(next(t for t in c if isinstance(t, Token) and t.type == "NUMBER_WORD")).lower()]
        return [("trigger_event", ("attacks_with_at_least_others", _obj(c[0]), n))]

    def object_explores(self, c):
        if _action(c[-1]) != "explore":
            raise ValueError(f"a trigger on '{c[-1]}' is not read")
        return [("trigger_event", ("explores", _obj(c[0])))]

    def object_attacks_you(self, c):
        return [("trigger_event", ("attacks_you", _obj(c[0])))]

    def player_cycles_a_card(self, c):
        return [("trigger_event", ("cycle", "any_player", "a_card"))]

    def you_cycle_another_card(self, c):
        return [("trigger_event", ("cycle", "you", "another_card"))]

    def you_cycle_or_discard_another_card(self, c):
        return [("trigger_event", ("cycle_or_discard_card", "you", "another_card"))]

    def you_attack_with_at_least(self, c):
        n = _NUMBER_WORDS[str(next(t for t in c if isinstance(t, Token) and t.type == "NUMBER_WORD")).lower()]
        return [("trigger_event", ("attack_with_at_least", "you", n))]

    def object_becomes_target_of_opponent(self, c):
        return [("trigger_event", ("becomes_target_of_spell_or_ability_controlled_by", _obj(c[0]), "an_opponent"))]

    def object_becomes_target_of_spell(self, c):
        return [("trigger_event", ("becomes_target_of_spell", _obj(c[0])))]

    def object_deals_combat_damage_to_player_or_planeswalker(self, c):
        return [("trigger_event", ("deals_combat_damage_to_player_or_planeswalker", _obj(c[0])))]

    def you_sacrifice_another(self, c):
        return [("trigger_event", ("sacrifice", "you", ("another", c[-1])))]

    def cards_leave_your_graveyard(self, c):
        q = next((x for x in c if isinstance(x, tuple)), None)
        return [("trigger_event", ("cards_leave_graveyard", "you", q if q is not None else "any_card"))]

    def player_casts_second_spell_each_turn(self, c):
        return [("trigger_event", ("cast_second_spell_each_turn", "any_player"))]

    def you_gain_life_first_time_each_turn(self, c):
        return [("trigger_event", ("gain_life_first_time_each_turn", "you"))]

    def with_counter(self, c):
        # 122.1: "with a +1/+1 counter on it": has_counter(pt(X, Y)) (X, Y numbers).
        p, t = _pt(str(next(x for x in c if isinstance(x, Token) and x.type == "PT")))
        if not (re.fullmatch(r"[+-]?[0-9]+", p) and re.fullmatch(r"[+-]?[0-9]+", t)):
            raise ValueError("counters of a kind with X are not read here")
        return ("has_counter", ("pt", int(p), int(t)))

    def trigger_nontoken_you_control(self, c):
        return ("nontoken_you_control", _singular(str(c[0]).lower()))

    def you_gain_life(self, c):
        return [("trigger_event", ("gain_life", "you"))]

    def you_attack(self, c):
        return [("trigger_event", ("attack", "you"))]

    def you_draw_second_card_each_turn(self, c):
        return [("trigger_event", ("draw_second_card_each_turn", "you"))]

    # 122.6: "Whenever you put one or more [kind] counters on [object]". The kind is a counter-kind
    # term as in counters/3 (pt(-1, -1) with numbers, 122.1a), named(Name), or any (no kind written).
    def you_put_counters(self, c):
        obj = _obj(c[-1])
        # counters.lp interprets put_counters(you, K, Obj) for the object shapes it reads (any(T),
        # you_control(T), another(T), another_you_control(T) with T a card type): "a permanent you
        # control" or a phrase with more qualities would be read by no rule there as if it never
        # triggered, so it is not read.
        if isinstance(obj, tuple) and (obj[0] == "object" or obj[-1] == "permanent"):
            raise ValueError("a put-counters trigger on this object is not read")
        return [("trigger_event", ("put_counters", "you", c[-2], obj))]

    def put_pt_counters(self, c):
        p, t = _pt(str(c[0]))
        return ("pt", int(p), int(t))

    def put_named_counters(self, c):
        return ("named", str(c[0]).lower())

    def put_any_counters(self, c):
        return "any"

    def you_cast(self, c):
        groups = c[-1]
        out = [("trigger_event", ("cast", "you", g)) for g in range(1, len(groups) + 1)]
        out += [("trigger_spell_quality", g, _quality_term(q)) for g, qs in enumerate(groups, 1) for q in qs]
        return out

    # --- costs (602.1a, 118)
    def mana_part(self, c):
        return [("cost_mana", "".join(str(t) for t in c))]

    def sacrifice_self(self, c):
        return [("cost", ("sacrifice", "self"))]

    def cost_object(self, c):
        if c and isinstance(c[0], Token) and c[0].type == "TYPE_WORD":
            return _singular(str(c[0]).lower())
        if c and isinstance(c[0], Token) and c[0].type == "SUBTYPE_WORD":
            return ("subtype", _singular(str(c[0])))
        return _singular(str(c[-1]).lower()) if c else "permanent"

    def cost_objects(self, c):
        return c[0] if len(c) == 1 else ("any_of", *c)

    def qualified_object(self, c):
        # the noun is a TYPE_WORD/PLURAL_TYPE token, or the anonymous "permanent" (filtered out)
        if isinstance(c[-1], Token):
            return ("object", _singular(str(c[-1]).lower()), *c[:-1])
        return ("object", "permanent", *c)

    def object_mana_value_at_least(self, c):
        noun = _singular(str(c[0]).lower()) if c[0].type == "TYPE_WORD" else "permanent"
        return ("object", noun, ("mana_value_at_least", int(c[-1])))

    def card_qualities(self, c):
        return c[0] if len(c) == 1 else ("any_of", *c)

    def sacrifice_another(self, c):
        return [("cost", ("sacrifice", "another_" + _singular(str(c[-1]).lower()), 1))]

    def discard_at_random(self, c):
        return [("cost", ("discard_at_random", c[0]))]

    def discard_quality(self, c):
        return [("cost", ("discard", c[0], c[1]))]

    def pay_half_life_rounded_up(self, c):
        return [("cost", ("pay_life", "half_rounded_up"))]

    def pay_life_for_each_card_in_hand(self, c):
        return [("cost", ("pay_life_for_each", int(c[0]), "card_in_hand"))]

    def pay_mana_part(self, c):
        return [("cost_mana", "".join(str(t) for t in c))]

    def pay_mana_and_life(self, c):
        return [("cost_mana", "".join(str(t) for t in c[:-1])), ("cost", ("pay_life", int(c[-1])))]

    def pay_mana_count(self, c):
        return [("cost_mana", str(c[1]) * c[0])]

    def pay_energy(self, c):
        return [("cost", ("pay_energy", c[0] if isinstance(c[0], int) else len(c)))]

    def energy_option(self, c):
        return ("pay_energy", len(c))

    def mana_option(self, c):
        return ("mana", *parse_mana_cost("".join(str(t) for t in c)).symbols)

    def remove_a_counter(self, c):
        return ("remove_counters", "any", c[0])

    def pay_either(self, c):
        opts = [o[0][1] if isinstance(o, list) else o for o in c]
        return [("cost", ("either", *opts))]

    def exile_cards_from_graveyard(self, c):
        return [("cost", ("exile_cards_from_graveyard", c[0], *c[1:]))]

    def exile_self_cost(self, c):
        return [("cost", ("exile", "self"))]

    def sacrifice_another_either(self, c):
        kinds = [_singular(str(t).lower()) for t in c if isinstance(t, Token) and t.type == "TYPE_WORD"]
        return [("cost", ("sacrifice", ("another", ("one_of", *kinds)), 1))]

    def sacrifice_another_or_a(self, c):
        # "another creature or an artifact": "another" qualifies the first kind only
        first, second = [_singular(str(t).lower()) for t in c if isinstance(t, Token) and t.type == "TYPE_WORD"]
        return [("cost", ("sacrifice", ("one_of", ("another", first), second), 1))]

    def mill_cost(self, c):
        return [("cost", ("mill", c[0]))]

    def keyword_action_self_cost(self, c):
        verb = str(c[0]).lower()
        if verb not in ("exert", "tap"):
            raise ValueError(f"'{verb} this' as a cost is not read")
        return [("cost", (verb, "self"))]

    def remove_counters_from_object(self, c):
        n = next(x for x in c if isinstance(x, (int, str)) and not isinstance(x, Token))
        kind = next(x for x in c if isinstance(x, tuple) and x[0] in ("keyword", "pt", "named"))
        return [("cost", ("remove_counters_from", kind, n, c[-1]))]

    def return_self_to_hand_cost(self, c):
        return [("cost", ("return_to_hand", "self"))]

    def put_counters_on_self_cost(self, c):
        n = next(x for x in c if isinstance(x, (int, str)) and not isinstance(x, Token))
        kind = next(x for x in c if isinstance(x, tuple) and x[0] in ("keyword", "pt", "named"))
        return [("cost", ("put_counters", kind, n, "self"))]

    def exile_other_cards_with_card_types(self, c):
        return [("cost", ("exile_other_cards_from_graveyard", "any_number",
                          ("card_types_among_at_least", _NUMBER_WORDS[str(c[0]).lower()])))]

    def exile_from_hand(self, c):
        return [("cost", ("exile_from_hand", c[0], c[1]))]

    def exile_you_control(self, c):
        return [("cost", ("exile_you_control", c[1], c[0]))]

    def reveal_from_hand(self, c):
        return [("cost", ("reveal_from_hand", c[0], c[1]))]

    def return_you_control_to_hand(self, c):
        return [("cost", ("return_to_hand", c[1], c[0]))]

    def collect_evidence(self, c):
        return [("cost", ("collect_evidence", int(c[0])))]

    def get_poison_counters(self, c):
        return [("cost", ("get_poison_counters", c[0]))]

    def add_mana_cost(self, c):
        return [("cost", ("add_mana", *parse_mana_cost("".join(str(t) for t in c)).symbols))]

    def opponent_gains_life(self, c):
        return [("cost", ("opponent_gains_life", next(x for x in c if not isinstance(x, Token))))]

    def draw_cost(self, c):
        return [("cost", ("draw", c[0]))]

    def exile_top_card_of_library(self, c):
        return [("cost", ("exile_top_card_of_library", 1))]

    def flip_coin(self, c):
        return [("cost", ("flip_coin",))]

    def gain_control(self, c):
        return [("cost", ("gain_control", c[1], c[0], "you_dont_control"))]

    def put_cards_from_a_graveyard_on_bottom(self, c):
        return [("cost", ("put_from_a_graveyard_on_bottom_of_library", c[0]))]

    def exile_other_cards_from_graveyard(self, c):
        return [("cost", ("exile_other_cards_from_graveyard", c[0]))]

    def tap_untapped(self, c):
        return [("cost", ("tap_untapped", c[-1], c[0]))]

    def another(self, c):
        return "another_" + _singular(str(c[-1]).lower())

    def sacrifice(self, c):
        return [("cost", ("sacrifice", c[-1], c[-2] if isinstance(c[-2], int) else 1))]

    def discard(self, c):
        n = next(x for x in c if isinstance(x, (int, str)) and not isinstance(x, Token))
        return [("cost", ("discard", n))]

    def discard_self(self, c):
        return [("cost", ("discard", "self"))]

    def pay_life(self, c):
        return [("cost", ("pay_life", int(c[-1])))]

    def exile_self_from_graveyard(self, c):
        return [("cost", ("exile_from_graveyard", "self"))]

    def remove_counters(self, c):
        n = next(x for x in c if isinstance(x, (int, str)) and not isinstance(x, Token))
        kind = next(x for x in c if isinstance(x, tuple))
        return [("cost", ("remove_counters", kind, n))]

    def cost(self, c):
        return [f for part in c for f in part]


    # --- issue 19, session 6: shared slots (compared quantities, state conditions, counts) ----------
    def _not_on_spell(self, what: str) -> None:
        # A fact of these templates on an instant or sorcery would be an effect no resolution rule
        # applies or lists (rules_asp/time: spell_effect/4): not read there.
        if self.spell_face:
            raise ValueError(f"{what} on an instant or sorcery is not read yet")

    def at_least(self, c):
        return ("at_least", c[0])

    def at_most(self, c):
        return ("at_most", c[0])

    def subtype_object(self, c):
        # 205.3: "a Swamp" is a permanent with that subtype.
        return ("object", "permanent", ("subtype", str(c[0])))

    def state_objects(self, c):
        objs = [x for x in c if not isinstance(x, Token)]
        return objs[0] if len(objs) == 1 else ("one_of", *objs)

    def another_either_object(self, c):
        return ("one_of", *(self.another_object([x]) for x in c if not isinstance(x, Token)))

    def either_color_object(self, c):
        # "a black or green permanent": a permanent of one of the colors (105.2)
        pair = next(str(t) for t in c if isinstance(t, Token) and t.type == "COLOR_PAIR").lower().split(" or ")
        noun = next(x for x in c if not (isinstance(x, Token) and x.type == "COLOR_PAIR"))
        return ("object", str(noun).lower(), ("one_of", ("color", pair[0]), ("color", pair[1])))

    def a_token(self, c):
        return ("object", "permanent", ("token",))     # 111.1: a token on the battlefield

    def another_object(self, c):
        d = c[-1]
        return ("object", d, ("other",)) if isinstance(d, str) else (*d, ("other",))

    def plural_object(self, c):
        noun = next(_singular(str(t).lower()) for t in c if isinstance(t, Token) and t.type == "PLURAL_TYPE")
        quals = [q for q in c if isinstance(q, tuple)]
        if any(isinstance(t, Token) and t.type == "OTHER" for t in c):
            quals.append(("other",))
        return ("object", noun, *quals) if quals else noun

    def plural_subtype(self, c):
        # "no Islands", "two or more Mountains": the subtype's regular plural ("Plains" is both).
        word = "Plains" if str(c[0]) == "Plains" else _subtype_singular(str(c[0]))
        if word is None:
            raise ValueError("an irregular or unknown plural subtype is not read")
        return ("object", "permanent", ("subtype", word),
                *[q for q in c[1:] if isinstance(q, tuple)])   # "Shrines you control": its suffixes

    def state_trigger(self, c):
        # 603.8: a state trigger ("When you control no Islands, ..."): triggers whenever the state holds.
        return [("trigger_event", ("state", c[0]))]

    def cond_you_control(self, c):
        return ("controls", "you", ("at_least", 1, c[-1]))

    def cond_you_control_none(self, c):
        return ("controls", "you", ("at_most", 0, c[-1]))

    def cond_you_control_count(self, c):
        (cmp, n), obj = c[0], c[1]
        return ("controls", "you", (cmp, n, obj))

    def cond_life(self, c):
        return ("life_total", c[0], c[-1])

    def a_player(self, c):
        return "a_player"

    def cond_opponents(self, c):
        return ("opponent_count", "you", c[-1])

    def cond_no_cards_in_hand(self, c):
        return ("cards_in", "hand", "you", ("at_most", 0))

    def cond_cards_in_your_graveyard(self, c):
        return ("cards_in", "graveyard", "you", c[-1])

    def cond_cards_in_opponent_graveyard(self, c):
        return ("cards_in", "graveyard", "an_opponent", c[-1])

    def cond_card_types_in_your_graveyard(self, c):
        return ("card_types_among", "graveyard", "you", c[-1])

    def cond_citys_blessing(self, c):
        return ("has_designation", "you", "citys_blessing")

    def cond_defending_player_controls(self, c):
        return ("controls", "defending_player", ("at_least", 1, c[-1]))

    def state_condition(self, c):
        return c[0]

    def enters_tapped_unless(self, c):
        self._not_on_spell("a conditional enters-tapped")
        return [("enters_tapped_unless", c[0], c[-1])]

    def gets_pt_as_long_as(self, c):
        self._not_on_spell("a conditional P/T change")
        p, t = _pt(str(next(x for x in c if isinstance(x, Token) and x.type == "PT")))
        # the same fact as "As long as [condition], [object] gets +N/+N" (_conditional_read)
        return [("conditional_effect", "as_long_as", c[-1], ("gets_pt", c[0], p, t))]

    def gets_pt_for_each(self, c):
        p, t = _pt(str(next(x for x in c if isinstance(x, Token) and x.type == "PT")))
        return [("gets_pt_for_each", c[0], p, t, c[-1])]

    def count_permanents(self, c):
        d = c[-1]
        if any(isinstance(t, Token) and t.type == "OTHER" for t in c):
            d = ("object", d, ("other",)) if isinstance(d, str) else (*d, ("other",))
        return ("permanents", d)

    def count_subtype_you_control(self, c):
        return ("permanents", ("object", "permanent", ("subtype", str(c[0])), ("controlled_by", "you")))

    def count_other_subtype_you_control(self, c):
        word = str(next(t for t in c if isinstance(t, Token) and t.type == "SUBTYPE_WORD"))
        return ("permanents", ("object", "permanent", ("subtype", word), ("controlled_by", "you"), ("other",)))

    def count_subtype_opponents_control(self, c):
        return ("permanents", ("object", "permanent", ("subtype", str(c[0])), ("controlled_by", "an_opponent")))

    def count_cards_in_your_hand(self, c):
        return ("cards_in", "hand", "you")

    def count_cards_in_your_graveyard(self, c):
        return ("cards_in", "graveyard", "you", *[q for q in c if isinstance(q, tuple)])

    def count_attached(self, c):
        return ("attached_to", "it", ("subtype", str(c[0])))

    def destroy_it(self, c):
        return [("destroys", ("it",))]

    def destroy_them(self, c):
        return [("destroys", ("they",))]

    def destroy_that(self, c):
        return [("destroys", ("that", c[-1]))]

    def _combat_limit(self, what, c):
        return [("combat_limit", c[0], what)] + [x for x in c[1:] if isinstance(x, tuple) and x[0] == "duration"]

    def can_block_additional(self, c):
        return self._combat_limit(("can_block_additional", 1, "creature"), c)

    def can_block_any_number(self, c):
        if "creature" not in c:
            raise ValueError("'can block any number of' other than creatures is not read")
        return self._combat_limit(("can_block_any_number", "creature"), [x for x in c if x != "creature"])

    def blockers_at_most_one(self, c):
        return self._combat_limit(("blockers_at_most", 1, "creature"), c)

    def blockers_at_least(self, c):
        cmp, n = next(x for x in c if isinstance(x, tuple) and x[0] in ("at_least", "at_most"))
        if cmp != "at_least" or c[-1] != "creature":
            raise ValueError("'except by N or fewer creatures' is not read")
        return self._combat_limit(("blockers_at_least", n, "creature"), [c[0]])

    def cant_attack_alone(self, c):
        return self._combat_limit("cant_attack_alone", c)

    def cant_block_alone(self, c):
        return self._combat_limit("cant_block_alone", c)

    def cant_attack_or_block_alone(self, c):
        return self._combat_limit("cant_attack_or_block_alone", c)

    def cant_attack_unless(self, c):
        return self._combat_limit(("cant_attack_unless", c[-1]), c[:1])

    def cant_block_unless(self, c):
        return self._combat_limit(("cant_block_unless", c[-1]), c[:1])

    def cant_be_blocked_as_long_as(self, c):
        return self._combat_limit(("cant_be_blocked_as_long_as", c[-1]), c[:1])

    def top(self, c):
        return "top"

    def bottom(self, c):
        return "bottom"

    def put_on_library(self, c):
        return [("puts_on_library", c[0], c[-1])]

    def put_from_hand_onto_battlefield(self, c):
        card = next(q for q in c if isinstance(q, tuple))   # a_card: card(Q...)
        tapped = any(isinstance(t, Token) and t.type == "TAPPED" for t in c)
        return [("puts_onto_battlefield", "you", card, "hand", "tapped" if tapped else "untapped")]

    # --- 401.2, 401.4, 608.2c: cards from the top of a library (issue 19, helper-h3)
    def top_cards(self, c):
        # "the top card / the top four cards / the top X cards of your library" (401.1)
        return ("top_cards_of_library", "you", c[0])

    def looks_at_top(self, c):
        return [("looks_at", "you", c[0])]

    def reveals_top(self, c):
        return [("reveals", "you", c[0])]

    def among_quals(self, c):
        # kept tokens: "," and "or". Without "or" every quality holds ("a noncreature, nonland card");
        # with it, as search_quals_either: the last quality of the first run and those after it are the
        # alternatives, the ones before hold for each ("a basic Forest, Plains, or Island card")
        words = [str(x).lower() for x in c if isinstance(x, Token)]
        quals = [q for q in c if isinstance(q, tuple)]
        if "or" not in words:
            return quals
        first = next(i for i, x in enumerate(c) if isinstance(x, Token))
        run = [q for q in c[:first] if isinstance(q, tuple)]
        rest = [q for q in c[first:] if isinstance(q, tuple)]
        return run[:-1] + [("one_of", run[-1], *rest)]

    def card_permanent(self, c):
        return ("permanent",)

    def a_card(self, c):
        # "a creature card", "an artifact or enchantment card", "a creature card with power 2 or less":
        # card(Q...) (109.2)
        return ("card", *c[0], *[q for q in c[1:] if isinstance(q, tuple)])   # card_permanent, suffixes

    def from_among_them(self, c):
        return None

    def among_up_to_count(self, c):
        return ("among_them", ("up_to", c[0]), "card")

    def among_count(self, c):
        # "one of them", "two of those cards", "one" (the cards looked at or revealed)
        return ("among_them", c[0], "card")

    def the_rest(self, c):
        return "the_rest"

    def that_card(self, c):
        return ("that", "card")

    def those_cards(self, c):
        return "they"

    def those_quality_cards(self, c):
        return ("those", ("card", *[q for q in c if isinstance(q, tuple)]))

    def all_revealed(self, c):
        return ("all_revealed", ("card", *c[0]))

    def chosen_among(self, c):
        return ("among_them", 1, c[0])

    def chosen_up_to(self, c):
        return ("among_them", ("up_to", c[0]), ("card", *c[1], *[q for q in c[2:] if isinstance(q, tuple)]))

    def chosen_any_number(self, c):
        return ("among_them", "any_number", ("card", *c[0], *[q for q in c[1:] if isinstance(q, tuple)]))

    def all_revealed_either(self, c):
        # "all creature and land cards revealed this way": each card that is one or the other
        return ("all_revealed", ("card", ("one_of", *[q for q in c if isinstance(q, tuple)])))

    def into_hand(self, c):
        return "hand"

    def into_graveyard(self, c):
        return "graveyard"

    def onto_battlefield(self, c):
        tapped = any(isinstance(t, Token) and t.type == "TAPPED" for t in c)
        return "battlefield_tapped" if tapped else "battlefield"

    def random_order(self, c):
        return "random_order"

    def any_order(self, c):
        return "any_order"

    def on_library(self, c):
        # 401.4: "on the bottom of your library in a random order" -> library(bottom, random_order);
        # no order written -> library(bottom)
        return ("library", *c)

    def back_on_top(self, c):
        # "put them back in any order": on top of the library they came from (401.4)
        return ("library", "top", c[0])

    def put_looked_cards(self, c):
        # "Put one of them into your hand and the rest on the bottom of your library in any order":
        # puts_cards(Cards, Zone) per object phrase; "the rest": puts_rest(Zone) (608.2c: the cards
        # looked at or revealed that no other instruction puts elsewhere)
        out = []
        for cards, zone in zip(c[0::2], c[1::2]):
            out.append(("puts_rest", zone) if cards == "the_rest" else ("puts_cards", cards, zone))
        return out

    def chooses_card(self, c):
        return [("chooses", c[0], ("among_them", 1, c[1]))]

    def chooses_of_them(self, c):
        return [("chooses", c[0], ("among_them", c[1], "card"))]

    # --- 106.6: "Spend this mana only to ..." (issue 19): one mana_spend_only fact per use
    def mana_spend_only(self, c):
        uses = [u for x in c if isinstance(x, list) for u in x]
        return [("mana_spend_only", u) for u in uses]

    def spend_cast(self, c):
        # "cast a creature spell" -> cast(card_type(creature)); "cast spells" -> cast (any spell)
        groups = next(x for x in c if isinstance(x, list))
        return [("cast", *g) if g else "cast" for g in groups]

    def spend_activate(self, c):
        return ["activate"]

    def spend_activate_of(self, c):
        # "activate abilities of artifacts" -> activate(card_type(artifact))
        src = next(x for x in c if isinstance(x, tuple))
        return [("activate", *src)]

    def spend_abilities(self, c):
        return None

    def spend_source_quals(self, c):
        quals = [q for q in c if isinstance(q, tuple)]
        has_source = any(isinstance(t, Token) and t.type == "SPEND_SOURCE" for t in c)
        if not has_source and quals and quals[-1][0] == "subtype":
            # "abilities of Dragons": the plural names the subtype (205.3m); another plural is not read
            single = _subtype_singular(quals[-1][1])
            if single is None:
                raise ValueError(f"{quals[-1][1]!r}: no plural subtype read")
            quals[-1] = ("subtype", single)
        elif not has_source and quals and quals[-1][0] != "subtype":
            raise ValueError("'of [quality]' without a noun is not read")
        return tuple(quals)

    def spend_source_plural(self, c):
        return (("card_type", _singular(str(c[0]).lower())),)

    def player_discards_that_card(self, c):
        # 701.9a: the card named before (608.2c): discards_card(C, F, A, Who, that(card))
        return [("discards_card", c[0], ("that", "card"))]

    def reveal_and_put(self, c):
        # 608.2c: "reveal a creature card from among them and put it into your hand": the put only if
        # a card was revealed (if_you_do/4); with "you may", the reveal is the choice (608.2d)
        card, zone = [x for x in c if x is not None]
        return [("reveals", "you", ("among_them", 1, card)), ("puts_cards", "it", zone), ("if_you_do", "puts_cards")]

    def attack_as_though_no_defender(self, c):
        return [("attacks_as_though_no_defender", c[0])] + [x for x in c[1:] if isinstance(x, tuple) and x[0] == "duration"]


    # --- the shared quantity slot (107.3c; issue 19, session 7): x_quantity -> [quantity term]
    def x_quantity(self, c):
        return [c[-1]]

    def that_much(self, c):
        return [("that_much",)]

    def that_many(self, c):
        return [("that_many",)]

    def its_characteristic(self, c):
        return ("characteristic", _characteristic(c[-1]), "it")

    def characteristic_of(self, c):
        who = re.sub(r"['’]s$", "", str(c[0])).lower()
        if who in ("~", "this creature", "this artifact", "this enchantment", "this permanent", "this land",
                   "this planeswalker", "this vehicle", "this card", "this spell"):
            ref: object = "self"
        else:
            first, noun = who.split(" ", 1) if not who.startswith("the ") else who[4:].split(" ", 1)
            ref = (first, noun)   # that(creature) | sacrificed(creature) | exiled(card) | enchanted(creature) ...
        return ("characteristic", _characteristic(c[-1]), ref)

    def number_of(self, c):
        return ("number_of", c[-1])

    def your_life_total(self, c):
        return ("life_total", "you")

    def devotion_to(self, c):
        return ("devotion", "you", str(c[-1]).lower())

    def greatest_among(self, c):
        return ("greatest", _characteristic(c[0]), c[-1])

    def twice(self, c):
        return ("twice", c[-1])

    def number_plus(self, c):
        return ("plus", int(c[0]), c[-1])

    def count_plural_permanents(self, c):
        return ("permanents", c[-1])

    def count_cards_in_that_players_hand(self, c):
        return ("cards_in", "hand", "that_player")

    def count_plural_permanents_all(self, c):
        return ("permanents", c[0])

    def count_permanents_all(self, c):
        d = c[-1]
        if any(isinstance(t, Token) and t.type == "OTHER" for t in c):
            d = ("object", d, ("other",)) if isinstance(d, str) else (*d, ("other",))
        return ("permanents", d)

    def count_colors_spent(self, c):
        return ("colors_of_mana_spent", "it")

    def count_times_kicked(self, c):
        return ("times_kicked", "it")

    def for_each(self, c):
        return [("for_each", c[-1])]

    def count_cards_in_all_graveyards(self, c):
        return ("cards_in", "graveyard", "all_players", *[q for q in c if isinstance(q, tuple)])

    def life_lost_this_way(self, c):
        return ("this_way", "life_lost")

    def damage_dealt_this_way(self, c):
        return ("this_way", "damage_dealt")

    def power_and_toughness(self, c):
        return "power_and_toughness"

    def power(self, c):
        return "power"

    def toughness(self, c):
        return "toughness"

    def characteristic_defined(self, c):
        # 604.3: the card's own power and/or toughness, defined by a quantity (208.2a).
        return [("characteristic_defined", c[1], c[-1])]

    # --- "[object] is [state]" conditions (issue 19, session 7): object_is(Ref, State)
    def cond_object_is(self, c):
        return ("object_is", c[0], c[-1])

    def cond_it_is(self, c):
        return ("object_is", ("it",), c[-1])

    def graveyard_replacement(self, c):
        # 614.1a: a replacement effect of the object itself, from any zone (no rule reads it)
        return [("if_would_be_put_into_graveyard_instead", ("self",), "exile")]

    def state_equipped(self, c):
        return "equipped"

    def state_enchanted(self, c):
        return "enchanted"

    def state_untapped(self, c):
        return "untapped"

    def state_tapped(self, c):
        return "tapped"

    def state_attacking(self, c):
        return "attacking"

    def state_blocking(self, c):
        return "blocking"

    def state_monstrous(self, c):
        return "monstrous"

    def state_paired(self, c):
        return ("paired_with", "another_creature")

    def state_has_quality(self, c):
        qs = [q for q in c if isinstance(q, tuple)]
        return qs[0] if len(qs) == 1 else ("one_of", *qs)

    def state_has_supertype(self, c):
        return ("supertype", str(c[-1]).lower())

    def cond_you_control_commander(self, c):
        return ("controls", "you", "commander")

    def cond_cards_in_hand(self, c):
        return ("cards_in", "hand", "you", c[-1])

    def cond_you_are_monarch(self, c):
        return ("has_designation", "you", "monarch")

    def count_opponents(self, c):
        return ("opponents", "you")

    def count_basic_land_types(self, c):
        return ("basic_land_types_among", ("object", "land", ("controlled_by", "you")))

    # --- more state conditions (issue 19, helper-37): the shared slot of "as long as" / "if" / "unless"
    # / "activate only if"; each Cond a term of conditional_effect/6 or activate_only/4 (schema.lp),
    # which no rule reads (an assumption of the answers).
    def cond_you_life(self, c):
        return ("life_total", "you", c[-1])        # 119.1

    def cond_an_opponent_life(self, c):
        return ("life_total", "an_opponent", c[-1])

    def cond_you_dont_control(self, c):
        return ("controls", "you", ("at_most", 0, c[-1]))

    def cond_an_opponent_controls(self, c):
        return ("controls", "an_opponent", ("at_least", 1, c[-1]))

    def cond_your_turn(self, c):
        return ("turn_of", "you")                 # as "during your turn" (611.3a)

    def cond_was_kicked(self, c):
        return ("was_kicked", c[0])               # 702.33d

    def cond_mana_spent(self, c):
        # 601.2h: that mana symbol's mana was among the mana spent to cast the object
        mana = next(str(t) for t in c if isinstance(t, Token) and t.type == "MANA")
        return ("mana_spent_to_cast", c[-1], mana)

    def cond_tribute_not_paid(self, c):
        return ("tribute_not_paid", ("self",))    # 702.104b

    def cond_died_this_turn(self, c):
        return ("died_this_turn", c[-1], "any_player")                     # 700.4

    def cond_died_under_your_control_this_turn(self, c):
        return ("died_this_turn", c[-1], "you")

    def cond_left_battlefield_this_turn(self, c):
        return ("left_battlefield_this_turn", c[-1], "any_player")         # 603.6c

    def cond_left_battlefield_under_your_control_this_turn(self, c):
        return ("left_battlefield_this_turn", c[-1], "you")

    def cond_gained_life_this_turn(self, c):
        return ("life_gained_this_turn", c[0], ("at_least", 1))            # 119.3

    def cond_gained_life_count_this_turn(self, c):
        return ("life_gained_this_turn", c[0], c[-1])

    def cond_lost_life_this_turn(self, c):
        return ("life_lost_this_turn", c[0], ("at_least", 1))

    def cond_spells_cast_this_turn(self, c):
        return ("spells_cast_this_turn", "you", c[-1])                     # 601.2i

    def cond_cards_drawn_this_turn(self, c):
        return ("cards_drawn_this_turn", "you", c[-1])                     # 121.1

    def cond_attacked_this_turn(self, c):
        return ("attacked_this_turn", c[0])                                # 508.1

    def cond_descended_this_turn(self, c):
        return ("descended_this_turn", "you")                              # 700.11

    def cond_quality_cards_in_your_graveyard(self, c):
        cmp, quals = (x for x in c if isinstance(x, tuple))
        return ("cards_in", "graveyard", "you", cmp, quals)

    # --- more quantities (issue 19, helper-37): what "for each" / "the number of" counts
    def count_counters_on(self, c):
        return ("counters_on", c[0], c[-1])                 # 122.1: counters of that kind on that object

    def count_died_this_turn(self, c):
        return ("died_this_turn", c[0])                     # 700.4: put into a graveyard from the battlefield

    def count_subtype_died_this_turn(self, c):
        return ("died_this_turn", ("object", "permanent", ("subtype", str(c[0]))))

    def count_in_your_party(self, c):
        # 700.8: "the number of creatures in your party" (a Cleric, a Rogue, a Warrior, a Wizard at most)
        if c[0] != "creature":
            raise ValueError("only creatures are in a party")
        return ("creatures_in_party", "you")

    def life_you_gained_this_turn(self, c):
        return ("life_gained_this_turn", "you")             # 119.3

    def cond_one_entered_this_turn(self, c):
        # 603.6a: a permanent entered the battlefield under your control this turn
        return ("entered_this_turn", "you", ("at_least", 1, c[-1]))

    def cond_entered_this_turn(self, c):
        (cmp, n), obj = c[0], c[1]
        return ("entered_this_turn", "you", (cmp, n, obj))

    def cond_you_cast_it(self, c):
        # "if you cast it [from your hand]": the object was cast (601.2), not put onto the battlefield
        zone = "hand" if any(isinstance(x, Tree) and x.data == "cast_from_hand" for x in c) else "any_zone"
        return ("cast_by", c[0] if isinstance(c[0], tuple) else ("it",), "you", zone)

    def cond_total_power(self, c):
        # "creatures you control have total power 8 or greater": the sum of their powers (208.1)
        n = next(int(t) for t in c if isinstance(t, Token) and t.type == "NUMBER")
        return ("total_power", c[0], ("at_least", n))

    def cond_that_player_cards_in_hand(self, c):
        return ("cards_in", "hand", "that_player", c[-1])

    def card_qualities_all(self, c):
        qs = [q for q in c if isinstance(q, tuple)]
        return qs[0] if len(qs) == 1 else ("all_of", *qs)

    def card_qualities_either(self, c):
        return ("any_of", *(q for q in c if isinstance(q, tuple)))   # "instant and/or sorcery"

    def card_quality_permanent(self, c):
        return ("permanent_card",)                                        # 110.4b


_SENTENCE = _Sentence()

#: Capitalized words the subtype terminal may match at a sentence's start that are no subtype (205.3).
_NOT_SUBTYPES = frozenset({"attacking", "blocking", "tapped", "untapped", "other", "target", "each", "all",
                           "enchanted", "equipped", "nontoken", "token", "another", "up", "until", "gain",
                           "take", "you", "your", "its", "their", "that", "those", "this", "creatures"})

#: The creature types of CR 205.3m whose plural is not the word plus "s" (issue 19, helper-37): "-ies"
#: from "-ie" (Faerie, Zombie) or "-y" (Ally, Army, Harpy, Mercenary), "-ves" (Dwarf, Elf, Werewolf, Wolf),
#: "-men" (Cyberman). Any other "-ies", "-ves", "-men" or "-ss" word is not read as a plural subtype.
_IRREGULAR_SUBTYPE_PLURALS = {"Faeries": "Faerie", "Zombies": "Zombie", "Allies": "Ally", "Armies": "Army",
                              "Harpies": "Harpy", "Mercenaries": "Mercenary", "Dwarves": "Dwarf", "Elves": "Elf",
                              "Werewolves": "Werewolf", "Wolves": "Wolf", "Cybermen": "Cyberman"}


def _subtype_singular(word: str) -> str | None:
    """The subtype a plural word names ("Goblins" -> "Goblin", "Elves" -> "Elf"), or None when the
    plural is not a regular one and not in :data:`_IRREGULAR_SUBTYPE_PLURALS` (205.3m)."""
    if word in _IRREGULAR_SUBTYPE_PLURALS:
        return _IRREGULAR_SUBTYPE_PLURALS[word]
    if not word.endswith("s") or word.endswith(("ves", "ies", "men", "ss")):
        return None
    return word[:-1]


_NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten".split())}


#: Keyword actions (701) as written in text -> the CR's action, snake_case.
_ACTION_FORMS = {"scries": "scry", "clashes with an opponent": "clash", "clash with an opponent": "clash",
                 "manifests dread": "manifest_dread", "ventures into the dungeon": "venture_into_the_dungeon",
                 "opens an attraction": "open_an_attraction", "amasses": "amass", "monstrosity": "monstrosity"}


def _action(tok) -> str:
    """The 701 keyword action of a verb as written ("surveils" -> surveil, "Explores" -> explore)."""
    low = str(tok).lower()
    if low in _ACTION_FORMS:
        return _ACTION_FORMS[low]
    first, _, rest = low.partition(" ")
    if first.endswith("s") and first not in ("support", "goad") and not first.endswith("ss"):
        first = first[:-1]
    return re.sub(r"[^a-z]+", "_", f"{first} {rest}".strip())


def _action_number(rest: list) -> object:
    """The number of a keyword action ("Scry 2" -> 2); 1 when none is written ("Investigate")."""
    return next((x for x in rest if isinstance(x, int) or x == "x"), 1)


def _obj(term: tuple) -> object:
    """An object reference of a trigger event: the object itself is the constant ``self``
    (as in ``enters(self)``), anything else its term (``enchanted(creature)``)."""
    return "self" if term == ("self",) else term


#: Qualities written after the noun of a target ("with flying", "an opponent controls").
_SUFFIX_QUALITIES = ("has_keyword", "power_at_least", "power_at_most", "toughness_at_least",
                     "toughness_at_most", "mana_value_at_least", "mana_value_at_most", "controlled_by")


def _trigger_noun(tok) -> object:
    """The object noun of a trigger condition: a card type constant ("creature"), or for a
    capitalized subtype word ("Dragon") ``("subtype", "Dragon")``."""
    if isinstance(tok, Token) and tok.type == "SUBTYPE_WORD":
        return ("subtype", str(tok))
    return _singular(str(tok).lower())


def _names_target(recipient: object) -> bool:
    """A damage recipient that is a target (115.1): any_target, target(...), target_player_or_planeswalker."""
    return isinstance(recipient, tuple) and recipient[0] in ("any_target", "target", "target_player_or_planeswalker")


def _characteristic(tok) -> str:
    """A CHARACTERISTIC token as a constant: power | toughness | mana_value (208.1, 202.3)."""
    return re.sub(r"\W+", "_", str(tok).lower())


def _singular(word: str) -> str:
    return {"sorceries": "sorcery"}.get(word, word[:-1] if word.endswith("s") and word != "class" else word)


def _pt(text: str) -> tuple[str, str]:
    p, t = text.replace("−", "-").split("/")
    return p, t


def _during(text: str) -> str:
    return re.sub(r"[^a-z]+", "_", text.lower().replace("'s", "")).strip("_")


def _quality_term(q: tuple) -> tuple:
    return q


def _modifier_facts(x: tuple) -> list[tuple]:
    if x[0] == "duration":
        return [("permission_duration", x[1])]
    if x[0] == "during":
        return [("permission_during", _during(x[1]))]
    if x[0] == "condition":
        return [("permission_condition", x[1]), ("condition_text", x[1], x[2])]
    if x[0] == "pay_more":
        syms = parse_mana_cost(x[1]).symbols
        return [("permission_condition", "if_additional_cost_paid")] + [
            ("permission_additional_cost", i, s) for i, s in enumerate(syms, start=1)]
    if x[0] == "without_paying_mana_cost":
        return [("permission_without_paying_mana_cost",)]
    return []


def _choice_facts(x: tuple) -> list[tuple]:
    """An "if" condition that names a choice made while proposing the spell (601.3b: "if X is 3 or
    less", "if it targets a commander"), read with the grammar's ``spell_choice`` rule:
    ``permission_condition`` ``if_choice`` and ``permission_choice``; [] for any other condition."""
    if x[0] != "condition" or x[1] != "if":
        return []
    try:
        choice = _SENTENCE.transform(_parser().parse(x[2], start="spell_choice"))
    except LarkError:
        return []
    return [("permission_condition", "if_choice"), ("permission_choice", choice)]


# --------------------------------------------------------------------------------------------
# Reading a face's text.

_SPLIT_SENTENCES = re.compile(r'(?<=\.)\s+(?=[A-Z~"])')


def _sentences(text: str) -> list[tuple[str, int]]:
    """Split effect text at sentence ends outside quotes; (sentence without final '.', offset)."""
    out: list[tuple[str, int]] = []
    depth = False
    start = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in '"“”':
            depth = not depth if ch == '"' else ch == "“"
        elif ch == "." and not depth and (i + 1 == len(text) or text[i + 1] == " "):
            out.append((text[start:i].strip(), start))
            start = i + 1
        i += 1
    if text[start:].strip():
        out.append((text[start:].strip(), start))
    return [(s, o + (len(text[o:]) - len(text[o:].lstrip()))) for s, o in out if s]


#: Facts whose last argument is an ability given in quotation marks (113.10, 114.2).
_GRANTING = ("ability_grants_ability", "creates_emblem")


def _unwrapped(fact: tuple) -> tuple:
    while fact[0] in ("in_mode", "in_granted"):
        fact = fact[2]
    return fact


def _add_facts(ability: Ability, facts: list[tuple], column: int, mode: int | None = None) -> None:
    """Add sentence facts; a condition kept as words (no meaning yet) becomes an Unparsed record.
    Facts of a mode (700.2) are wrapped as ``("in_mode", M, fact)``. A fact that gives an ability in
    quotation marks (:data:`_GRANTING`) gets the quoted ability's number K in this ability
    (``("granted", K)``) and the quoted ability's facts follow as ``("in_granted", K, fact)``."""
    for f in facts:
        if f[0] == "condition_text":
            ability.unparsed.append(Unparsed("condition", f[2], column))
            continue
        if f[0] == "effect_text":   # an effect the sentence names but no template reads (kept unread)
            ability.unparsed.append(Unparsed("effect", f[1], column))
            continue
        granted: list[tuple] = []
        if f[0] in _GRANTING and isinstance(f[-1], Ability):
            k = 1 + sum(1 for s in ability.semantics if _unwrapped(s)[0] in _GRANTING)
            inner = f[-1]
            f = (*f[:-1], ("granted", k))
            granted = [("in_granted", k, ("granted_ability_kind", inner.kind))]
            granted += [("in_granted", k, g) for g in inner.semantics]
        for g in [f] + granted:
            ability.semantics.append(g if mode is None else ("in_mode", mode, g))


def granted_ability(quoted: str) -> Ability:
    """The ability in quotation marks of "has "[ability]"" (113.10) or "an emblem with "[ability]""
    (114.2), read with this grammar as an ability line of its own.

    Raises:
        ValueError: the quoted ability is not read in full (any unparsed part), is no ability
            (reminder text, a keyword line), or names the card itself ("~": the name in a granted
            ability refers to the object that grants it, not the one that has it: not read).
    """
    inner = quoted.strip()[1:-1].strip()
    if not inner or "~" in inner:
        raise ValueError("a quoted ability naming its source is not read")
    saved = _SENTENCE.text
    try:
        ab = _read_line(inner, False)
    finally:
        _SENTENCE.text = saved
    if ab.unparsed or ab.kind in ("unclassified", "reminder", "keyword") or ab.ability_word or ab.modes:
        raise ValueError("quoted ability not read in full")
    return ab


def _read_sentence(sentence: str) -> list[tuple]:
    """The facts of one sentence (start rule ``sentence``).

    Raises:
        LarkError, ValueError, StopIteration: the sentence is not read.
    """
    return _checked(sentence, "sentence")


def _checked(text: str, start: str) -> list[tuple]:
    """The facts of ``text`` read from start rule ``start``, if every content word the grammar
    matched reaches a fact (the swallow check, :func:`pyrules.parser.oracle_swallow.unaccounted_words`).

    Raises:
        LarkError, StopIteration: not read.
        ValueError: not read, or a matched word no fact carries (the part is kept unread).
    """
    _SENTENCE.text = text
    tree = _parser().parse(text, start=start)
    facts = _SENTENCE.transform(tree)
    missing = unaccounted_words(tree, facts)
    if missing:
        raise ValueError(f"words no fact carries: {missing}")
    return facts


#: Where a sentence's instructions follow one another (608.2c: in the order written): ", then",
#: " then" and ", and" before a lower-case word. A clause is read apart only when the whole
#: sentence is not read (partial reads, issue 19).
_CLAUSE_BREAK = re.compile(r",? then (?=[a-z~])|, and (?=[a-z~])")
#: A first clause that starts with one of these words governs the clauses after it (a condition,
#: a time, an optional "may" or a replacement), so they are never read apart from it.
_GOVERNING = re.compile(r"(if|unless|as long as|as|when|whenever|at|during|until|for each|each time|"
                        r"instead|where|while|after|before|otherwise|rather)\b|.*\b(may|instead|unless|"
                        r"rather than|for each|this way|except)\b", re.IGNORECASE)


def _clauses(sentence: str) -> list[tuple[str, int]]:
    """``sentence`` cut at its clause breaks (:data:`_CLAUSE_BREAK`): (clause, offset) pairs; the
    whole sentence alone when its first clause governs the rest (:data:`_GOVERNING`). A ", and"
    break counts only if the clause after it is read on its own (else it is a list: "target
    artifact, creature, and enchantment")."""
    out: list[tuple[str, int]] = []
    start = 0
    for m in _CLAUSE_BREAK.finditer(sentence):
        if sentence.count('"', 0, m.start()) % 2 or sentence.count("“", 0, m.start()) > sentence.count("”", 0, m.start()):
            continue  # inside a quoted ability
        out.append((sentence[start:m.start()], start))
        start = m.end()
    out.append((sentence[start:], start))
    if len(out) > 1 and _GOVERNING.match(out[0][0]):
        return [(sentence, 0)]
    merged: list[tuple[str, int]] = [out[0]]
    for clause, off in out[1:]:
        if sentence[:off].endswith(", and "):
            try:
                _read_sentence(clause.strip())
            except (LarkError, ValueError, StopIteration):
                prev, poff = merged.pop()
                merged.append((sentence[poff:off + len(clause)], poff))
                continue
        merged.append((clause, off))
    return [(c.strip(), o) for c, o in merged if c.strip()]


#: The verbs of a clause's predicate that one subject may share ("Enchanted creature gets +1/+1 and
#: can't block."): each predicate after " and " is read with the subject of the first.
_PREDICATE_VERBS = r"(?:gets?|gains?|has|have|can't|can|attacks|blocks|is|are|must|loses?|doesn't|don't|becomes?|draws|discards)"
_SHARED_PREDICATE = re.compile(rf" and (?={_PREDICATE_VERBS}\b)")
_FIRST_VERB = re.compile(rf"\b{_PREDICATE_VERBS}\b")
#: A subject that names a target: the later predicates say "it" (608.2c: the same object, one target).
_TARGET_SUBJECT = re.compile(r"(?:another |up to one )?target\b", re.IGNORECASE)
_TARGET_PLAYER_SUBJECT = re.compile(r"target (?:player|opponent)\Z", re.IGNORECASE)


def _shared_subject_read(clause: str) -> list[tuple] | None:
    """The facts of a clause whose predicates share one subject ("[subject] gets +2/+2 until end of
    turn and can't be blocked this turn"), read as one clause per predicate: the subject with the
    first, and with each later one the same subject, or "it" when the subject names a target (608.2c:
    the words refer to that target, which is chosen once, 115.1). None unless every part is read
    (each with the swallow check) and the subject is plain words (no comma, no quotation)."""
    cuts = [m for m in _SHARED_PREDICATE.finditer(clause)
            if not clause.count('"', 0, m.start()) % 2 and clause.count("“", 0, m.start()) == clause.count("”", 0, m.start())]
    if not cuts:
        return None
    verb = _FIRST_VERB.search(clause, 0, cuts[0].start())
    if verb is None or verb.start() == 0:
        return None
    subject = clause[:verb.start()].strip()
    if not subject or any(ch in subject for ch in ',"“'):
        return None
    # a target player or opponent: "that player" (608.2c: the same player, one target)
    later = ("that player" if _TARGET_PLAYER_SUBJECT.match(subject) else "it") if _TARGET_SUBJECT.match(subject) else subject
    parts = [clause[:cuts[0].start()]]
    parts += [later + " " + clause[m.end():(cuts[i + 1].start() if i + 1 < len(cuts) else len(clause))]
              for i, m in enumerate(cuts)]
    facts: list[tuple] = []
    for p in parts:
        try:
            facts += _read_sentence(p.strip())
        except (LarkError, ValueError, StopIteration):
            return None
    return facts


#: A sentence whose first clause is a condition on the game state (611.3a "as long as"; 603.4 and
#: 608.2c "if"; "during your turn", 611.3a): the condition, then the effect it governs.
_CONDITION_PREFIX = re.compile(r"(as long as|if|during your turn)\b(.*?), (?=\S)", re.IGNORECASE)
_CONDITION_SUFFIX = re.compile(r" as long as ([^,]+)$", re.IGNORECASE)
#: "... unless [player] pays [mana | N life]" (118.12: an effect offering a player a choice to pay).
_UNLESS_PAYS = re.compile(r" unless (you|they|that player|its controller) pays? (?:((?:\{[^{}\s]+\})+)|(\d+) life)$",
                          re.IGNORECASE)
#: "... unless you [do something else]" (118.12a: the same as "You may [do something else]. If you don't,
#: [effect]"): the something else is a cost, read by the ``cost`` start rule ("discard a card", "sacrifice
#: a land", "return a land you control to its owner's hand").
_UNLESS_DOES = re.compile(r" unless (you|they) (?=(?:discard|sacrifice|return|exile|tap|remove|reveal|put|pay)\b)(?P<cost>.+)$",
                          re.IGNORECASE)
#: Facts that can be the effect of a condition: plain values only (no quoted ability, no cost, no mode).
_NOT_CONDITIONAL = frozenset({"cost_mana", "cost", "condition_text", "player_may", "if_you_do", "modal", "chapter",
                              "ability_grants_ability", "creates_emblem", "in_mode", "in_granted", "conditional_effect",
                              "effect_x_is", "tokens_enter"})


def _conditional_read(sentence: str) -> list[tuple] | None:
    """The facts of "As long as [condition], [effect]" / "If [condition], [effect]" / "During your
    turn, [effect]" (the condition read by ``state_condition``, the effect as a sentence, each with the
    swallow check): one ``("conditional_effect", Kind, Condition, Fact)`` per fact of the effect, so that
    no rule applies the effect without its condition. None if not both read, or on an instant or
    sorcery's face (no resolution rule lists conditional_effect yet)."""
    if _SENTENCE.spell_face:
        return None
    unless = _UNLESS_PAYS.search(sentence)
    if unless is not None:
        # "[effect] unless you pay {2}": the effect happens only if the player doesn't pay (118.12)
        who = unless.group(1).lower().replace(" ", "_")
        syms = re.findall(r"\{[^{}]+\}", unless.group(2) or "")
        if unless.group(3) is not None:
            payment = ("pays_life", int(unless.group(3)))
        elif all(x == "{E}" for x in syms):
            payment = ("pays_energy", len(syms))        # 107.14: energy counters, not mana
        elif "{E}" in syms:
            return None
        else:
            payment = ("pays_mana", unless.group(2))
        return _governed("unless", ("player_pays", who, payment), sentence[:unless.start()])
    does = _UNLESS_DOES.search(sentence)
    if does is not None:
        # 118.12a: the player may pay the cost; the effect happens only if they don't
        try:
            (cost,) = _checked(does.group("cost").strip(), "cost")
        except (LarkError, ValueError, StopIteration):
            cost = None
        if cost is not None and cost[0] == "cost":
            return _governed("unless", ("player_pays", does.group(1).lower(), ("pays_cost", cost[1])),
                             sentence[:does.start()])
    m = _CONDITION_PREFIX.match(sentence)
    if m is None:
        # "[effect] as long as [condition]" (611.3a): the condition governs every predicate before it
        tail = _CONDITION_SUFFIX.search(sentence)
        if tail is None:
            return _trailing_condition_read(sentence)
        try:
            cond = _checked(tail.group(1), "state_condition")
        except (LarkError, ValueError, StopIteration):
            return None
        return _governed("as_long_as", cond, sentence[:tail.start()])
    head, cond_text, rest = m.group(1).lower(), m.group(2).strip(), sentence[m.end():]
    if head == "during your turn":
        if cond_text:
            return None
        kind, cond = "as_long_as", ("turn_of", "you")   # 611.3a: applies during that player's turns
    else:
        try:
            kind, cond = head.replace(" ", "_"), _checked(cond_text, "state_condition")
        except (LarkError, ValueError, StopIteration):
            return None
    return _governed(kind, cond, rest)


#: "[effect] if [condition]" / "[effect] unless [condition]" (603.4, 608.2c; 614.1d): a condition on the
#: game state written after the one instruction it governs ("This creature enters with a +1/+1 counter on
#: it if a creature died this turn", "sacrifice it unless {U} was spent to cast it").
_TRAILING_CONDITION = re.compile(r" (if|unless) (?P<cond>[^,]+)$", re.IGNORECASE)
#: An effect with more than one instruction: which of them a trailing condition governs is not read.
_SEVERAL_INSTRUCTIONS = re.compile(r",|\b(?:and|then|or)\b", re.IGNORECASE)


def _trailing_condition_read(sentence: str) -> list[tuple] | None:
    """The facts of "[effect] if [condition]" / "[effect] unless [condition]" (:data:`_TRAILING_CONDITION`)
    as ``conditional_effect`` facts of kind ``if`` / ``unless`` (unless: the effect happens only if the
    condition does not hold), the condition read by ``state_condition``; None unless both are read and
    the effect is one instruction (no comma, "and", "then" or "or": which one "if" governs is unsure)."""
    m = _TRAILING_CONDITION.search(sentence)
    if m is None:
        return None
    effect = sentence[:m.start()]
    if _SEVERAL_INSTRUCTIONS.search(effect):
        return None
    try:
        cond = _checked(m.group("cond").strip(), "state_condition")
    except (LarkError, ValueError, StopIteration):
        return None
    return _governed(m.group(1).lower(), cond, effect)


def _governed(kind: str, cond: tuple, rest: str) -> list[tuple] | None:
    """``conditional_effect`` facts of effect text ``rest`` under condition ``cond`` (None: not read)."""
    try:
        effect = _read_sentence(rest.strip())
    except (LarkError, ValueError, StopIteration):
        effect = _shared_subject_read(rest.strip())
        if effect is None:
            return None
    # "If [condition], you may draw a card" (608.2d under 603.4 / 608.2c): the choice is wrapped with
    # the effect it offers, when it names every effect of the clause (issue 19, helper-37)
    optional = {f[2] for f in effect if f[0] == "player_may"}
    if optional and optional != {f[0] for f in effect if f[0] not in ("player_may", "duration")}:
        return None
    if not effect or any(f[0] in _NOT_CONDITIONAL - {"player_may"} for f in effect) or any(
            isinstance(v, Ability) for f in effect for v in f):
        return None
    return [("conditional_effect", kind, cond, f) for f in effect]


#: The shared quantity slot (107.3c): where a defined quantity stands in an effect's words, and the words
#: of the same effect with X in its place (each pattern: the sentence -> (effect with X, quantity text)).
_X_WORD = re.compile(r"\bX\b")
_EQUAL_TO_AFTER = re.compile(r"^(?P<pre>.*?\b(?:gains?|loses?|draws?|mills?)) (?P<what>life|cards) (?P<q>equal to .+)$",
                             re.IGNORECASE)
_DAMAGE_TO_EQUAL = re.compile(r"^(?P<pre>.*?\bdeals?) damage to (?P<r>.+?) (?P<q>equal to .+)$", re.IGNORECASE)
_DAMAGE_EQUAL_TO = re.compile(r"^(?P<pre>.*?\bdeals?) damage (?P<q>equal to .+?) (?P<r>to .+)$", re.IGNORECASE)
_A_NUMBER_OF = re.compile(r"^(?P<pre>.*?)\ba number of (?P<what>.+?) (?P<q>equal to .+)$", re.IGNORECASE)
_WHERE_X = re.compile(r"^(?P<body>.*), (?P<q>where X is .+)$")
_THAT_MUCH = re.compile(r"\bthat (?:much|many)\b", re.IGNORECASE)


#: "[effect with an amount] for each [count]": the amount the effect says, where it stands (one only):
#: a token count, a counter count, cards drawn, life, damage, a P/T change (each number of it the same).
_FOR_EACH = re.compile(r"^(?P<body>.+?) for each (?P<what>.+)$", re.IGNORECASE)
_NUMBER_WORD_VALUES = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_AMOUNT_SITES = (
    (re.compile(r"\b(?P<n>a|an|one|two|three|\d+) (?P<rest>(?:[^ ]+ ){0,8}?)tokens?\b", re.IGNORECASE), "{rest}tokens"),
    (re.compile(r"\b(?P<n>a|an|one|two|three|\d+) (?P<rest>[+−\-]?\d+/[+−\-]?\d+|[a-z]+) counters? on\b", re.IGNORECASE),
     "{rest} counters on"),
    (re.compile(r"\b(?P<n>a|one|two|three|\d+) (?P<rest>)cards?\b", re.IGNORECASE), "cards"),
    (re.compile(r"\b(?P<n>\d+) (?P<rest>)(?P<what>life|damage)\b", re.IGNORECASE), "{what}"),
)
_PT_CHANGE = re.compile(r"(?<![\w/])([+−\-])(\d+)/([+−\-])(\d+)(?![\w/])")


def _for_each_amount(body: str) -> tuple[str, int] | None:
    """``body`` with X where its one amount stands, and that amount (None: no single amount)."""
    found = []
    for rx, rep in _AMOUNT_SITES:
        for m in rx.finditer(body):
            n = m.group("n").lower()
            value = int(n) if n.isdigit() else _NUMBER_WORD_VALUES[n]
            repl = "X " + rep.format(rest=m.group("rest"), what=m.groupdict().get("what") or "")
            found.append((body[:m.start()] + repl + body[m.end():], value))
    pts = list(_PT_CHANGE.finditer(body))
    if len(pts) == 1 and body[:pts[0].start()].rstrip().lower().endswith(("get", "gets")):
        m = pts[0]
        nums = {int(m.group(2)), int(m.group(4))} - {0}
        if len(nums) == 1:
            (value,) = nums
            sides = [(m.group(1), m.group(2)), (m.group(3), m.group(4))]
            pt = "/".join(sign + ("X" if int(n) else n) for sign, n in sides)
            found.append((body[:m.start()] + pt + body[m.end():], value))
    return found[0] if len(found) == 1 else None


def _quantity_forms(sentence: str) -> list[tuple[str, str, int | None]]:
    """The readings of ``sentence`` as (effect with X, quantity text) for the shared quantity slot:
    ", where X is [quantity]" (X already in the effect), "that much" / "that many" (once), and "equal
    to [quantity]" after damage, life, cards or "a number of [things]" (the sentence has no X of its
    own: 107.3i, every X of an object has one value). Several splits when the quantity's end is not
    known ("damage equal to [Q] to [R]": each " to " after "equal to")."""
    m = _WHERE_X.match(sentence)
    if m is not None:
        return [(m.group("body"), m.group("q"), None)] if _X_WORD.search(m.group("body")) else []
    if _X_WORD.search(sentence):
        return []
    found = list(_THAT_MUCH.finditer(sentence))
    if len(found) == 1:
        f = found[0]
        return [(sentence[:f.start()] + "X" + sentence[f.end():], f.group(0), None)]
    if found:
        return []
    if sentence.lower().count("equal to") != 1:
        m = _FOR_EACH.match(sentence)
        if m is None or sentence.lower().count("for each") != 1 or " equal to " in sentence.lower():
            return []
        amount = _for_each_amount(m.group("body"))
        return [] if amount is None else [(amount[0], f"for each {m.group('what')}", amount[1])]
    out: list[tuple[str, str, int | None]] = []
    if (m := _EQUAL_TO_AFTER.match(sentence)) is not None:
        out.append((f"{m.group('pre')} X {m.group('what')}", m.group("q"), None))
    if (m := _DAMAGE_TO_EQUAL.match(sentence)) is not None:
        out.append((f"{m.group('pre')} X damage to {m.group('r')}", m.group("q"), None))
    if (m := _A_NUMBER_OF.match(sentence)) is not None:
        out.append((f"{m.group('pre')}X {m.group('what')}", m.group("q"), None))
    if (m := _DAMAGE_EQUAL_TO.match(sentence)) is not None:
        pre, rest = m.group("pre"), sentence[m.end("pre") + len(" damage "):]
        for cut in re.finditer(r" to ", rest):
            if cut.start() > len("equal to"):
                out.append((f"{pre} X damage {rest[cut.start() + 1:]}", rest[:cut.start()], None))
    return out


def _has_x(value) -> bool:
    """Whether a fact (nested tuples) holds the amount X: x, or a P/T change "+X" / "-X"."""
    if isinstance(value, str):
        return value.lower() in ("x", "+x", "-x")
    return isinstance(value, tuple) and any(_has_x(v) for v in value)


def _quantity_read(sentence: str) -> list[tuple] | None:
    """The facts of a sentence whose amount the text defines (107.3c; :func:`_quantity_forms`): the
    effect read with X (any template that takes X, with the swallow check), the quantity read by the
    ``x_quantity`` start rule; each fact of the effect (one at least holds X) becomes
    ``("effect_x_is", Quantity, Fact)``: no rule reads the effect as one with a chosen X (107.3a is for
    an X the text leaves undefined), and no fact of it stands alone (a token's color, a duration).
    None if no reading has both parts read, or on an instant or sorcery's face (no resolution rule lists
    effect_x_is yet: rules_asp/time spell_effect/4)."""
    if _SENTENCE.spell_face:
        return None
    for effect_text, quantity_text, times in _quantity_forms(sentence):
        try:
            (quantity,) = _checked(quantity_text.strip(), "x_quantity")
            effect = _read_sentence(effect_text.strip())
        except (LarkError, ValueError, StopIteration):
            continue
        if (quantity[0] == "for_each") != (times is not None):
            continue
        if times is not None:
            # "gain 2 life for each creature you control": X is 2 times that number
            quantity = ("times", times, ("number_of", quantity[1]))
        if not any(_has_x(f) for f in effect) or any(f[0] in _NOT_CONDITIONAL for f in effect) or any(
                isinstance(v, Ability) for f in effect for v in f):
            continue
        return [("effect_x_is", quantity, f) for f in effect]
    return None


#: "[you] may have [object or player] [verb] ...": the player may cause another to act (608.2d; "you may
#: have it deal 3 damage to any target", "you may have target opponent discard a card"). Read as "[you]
#: may [object or player] [verb]s ..." by the clause's own template: the clause's facts and player_may.
_CAUSATIVE = re.compile(r"^(?P<who>you) may have (?P<subject>.+?) (?P<verb>deal|discard|lose|gain|draw|fight|sacrifice|mill)"
                        r"(?P<rest> .+)$", re.IGNORECASE)


def _causative_read(sentence: str) -> list[tuple] | None:
    """The facts of "you may have [subject] [verb] ..." (:data:`_CAUSATIVE`), read as "you may [subject]
    [verb]s ...", with the swallow check; None if not read."""
    m = _CAUSATIVE.match(sentence)
    if m is None or re.search(r",| and ", m.group("subject")):
        return None
    try:
        facts = _read_sentence(f"{m.group('who')} may {m.group('subject')} {m.group('verb')}s{m.group('rest')}")
    except (LarkError, ValueError, StopIteration):
        return None
    optional = {f[2] for f in facts if f[0] == "player_may"}
    # player_may names one effect: every effect fact of the clause must be that one (else some would
    # be read as done whatever the player chooses)
    effects = {f[0] for f in facts if f[0] not in ("player_may", "duration")}
    return facts if len(optional) == 1 and effects == optional else None


def _read_effect(text: str, offset: int, ability: Ability, part: str = "effect",
                 mode: int | None = None) -> None:
    """Read each sentence of ``text`` for meaning. A sentence not read as a whole is read clause by
    clause (:func:`_clauses`): the facts of the clauses read are kept, each clause not read becomes
    an Unparsed record of its own (a sentence of one clause: the sentence)."""
    for sentence, off in _sentences(text):
        sentence = sentence.strip()
        try:
            _add_facts(ability, _reflexive_named(_read_sentence(sentence), ability, mode), offset + off + 1, mode)
            continue
        except (LarkError, ValueError, StopIteration):
            pass
        conditional = _conditional_read(sentence)
        if conditional is None:
            conditional = _quantity_read(sentence)
        if conditional is None:
            conditional = _causative_read(sentence)
        if conditional is not None:
            try:
                _add_facts(ability, _reflexive_named(conditional, ability, mode), offset + off + 1, mode)
                continue
            except ValueError:
                pass
        clauses = _clauses(sentence)
        read: list[tuple[list[tuple] | None, str, int]] = []
        for clause, coff in clauses:
            try:
                read.append((_read_sentence(clause) if len(clauses) > 1 else None, clause, coff))
            except (LarkError, ValueError, StopIteration):
                read.append((None, clause, coff))
            if read[-1][0] is None and len(clauses) > 1:
                read[-1] = (_quantity_read(clause), clause, coff)
            if read[-1][0] is None:
                shared = _shared_subject_read(clause)
                if shared is not None:
                    read[-1] = (shared, clause, coff)
        for facts, clause, coff in read:
            try:
                facts = None if facts is None else _reflexive_named(facts, ability, mode)
            except ValueError:
                facts = None
            if facts is None:
                ability.unparsed.append(Unparsed(part, clause, offset + off + coff + 1))
            else:
                _add_facts(ability, facts, offset + off + coff + 1, mode)


def _reflexive_named(facts: list[tuple], ability: Ability, mode: int | None) -> list[tuple]:
    """603.12: name the optional action a "When you do, [X]" waits for: each ``("reflexive_trigger", P)``
    becomes ``("reflexive_trigger", Action, P)``, Action the one effect the ability's earlier "you may
    [action]" makes optional (608.2d; a ``player_may`` fact of ``you``, in the same mode).

    Raises:
        ValueError: a "When you do" with no such action before it, or with two or more, or inside
            another construct (a "where X is ..." sentence): not read.
    """
    if any(f[0] != "reflexive_trigger" and "'reflexive_trigger'" in repr(f) for f in facts):
        raise ValueError("'When you do' inside another construct")
    if not any(f[0] == "reflexive_trigger" for f in facts):
        return facts
    earlier = [s if mode is None else s[2] for s in ability.semantics
               if mode is None or (s[0] == "in_mode" and s[1] == mode)]
    actions = sorted({f[2] for f in earlier if f[0] == "player_may" and f[1] == "you"})
    if len(actions) != 1:
        raise ValueError("'When you do' with no single optional action before it")
    return [("reflexive_trigger", actions[0], f[1]) if f[0] == "reflexive_trigger" else f for f in facts]


def _read_part(text: str, start: str, ability: Ability, part: str, column: int) -> None:
    try:
        _add_facts(ability, _checked(text.strip(), start), column)
    except (LarkError, ValueError, StopIteration):
        ability.unparsed.append(Unparsed(part, text.strip(), column))


def _strip_reminder(text: str) -> str:
    return re.sub(r"\s*\((?:[^()\n]|\([^()\n]*\))*\)", "", text).strip()


def _classify(tree: Tree, line_text: str, ability: Ability, is_spell_face: bool) -> None:
    """Fill ``ability`` from the line tree: kind, parts, and the reading of each part."""
    kind = tree.data
    children = tree.children
    # 113.3a/113.3d: instructions on an instant or sorcery are spell abilities, else static.
    other_kind = "spell" if is_spell_face else "static"
    if kind == "keyword_line":
        ability.kind = "keyword"
        ability.keywords = _KEYWORD_LINE.transform(tree)
        for i, kw in enumerate(ability.keywords):
            kind = _DASH_PARAMETERS.get(kw.constant, ("cost", ""))[0] if kw.cost_text is not None else None
            if kind == "quality":
                ability.keywords[i] = replace(kw, quality=kw.cost_text, cost_text=None)
            elif kind == "condition":
                ability.keywords[i] = replace(kw, cost_text=None)
                ability.unparsed.append(Unparsed("condition", kw.cost_text, 1))
            elif kind == "cost":
                _read_part(kw.cost_text, "cost", ability, "keyword_cost", 1)
        return
    if kind == "keyword_with_ability":
        # 702.169a, 702.178a: "Solved — [ability]", "Max speed — [ability]": a keyword whose ability
        # is the text after the dash (static, triggered or activated).
        name = str(children[0])
        ability.keywords = [Keyword(name, keyword_constant(name))]
        inner = children[2]
        dash = children[1].end_pos
        line_text = " " * dash + line_text[dash:]
        while inner.data in ("after_word", "plain"):
            inner = inner.children[0]
        _classify(inner, line_text, ability, is_spell_face)
        if ability.keywords[0].constant == "visit":
            ability.kind = "triggered"  # 702.159a: "Visit — [Effect]" means "Whenever you roll to visit ..."
        elif ability.keywords[0].constant == "infinity":
            # 702.186b: "∞ — [Ability]": the permanent has the ability only as long as it is
            # harnessed (701.64), a condition not read yet: kept as an unparsed condition.
            ability.unparsed.append(Unparsed("condition", name, 1))
        return
    if kind == "ability_word":
        ability.ability_word = str(children[0]).lower().replace("’", "'")
        inner = children[2]
        dash = children[1].end_pos
        line_text = " " * dash + line_text[dash:]  # keep positions, drop the word (207.2c)
        while inner.data in ("after_word", "plain"):
            inner = inner.children[0]
        _classify(inner, line_text, ability, is_spell_face)
        return
    text = _strip_reminder(line_text.split("\n")[0])
    modes = [m for ch in children if isinstance(ch, Tree) and ch.data == "modes" for m in ch.children]
    for m, mode in enumerate(modes, start=1):
        start, end = _span(mode)
        mtext = line_text[start:end].lstrip("• ").strip()
        ability.modes.append(mtext)
        _read_effect(_strip_reminder(mtext), start, ability, "mode", m)
    full_text = line_text
    line_text = line_text.split("\n")[0]
    if kind == "reminder_only":
        ability.kind = "reminder"  # 207.2a: reminder text only, no rules meaning
    elif kind == "activated":
        ability.kind = "activated"
        cost_tree = children[0]
        cost_end = _span(cost_tree)[1]
        colon = line_text.index(":", cost_end) if ":" in line_text[cost_end:] else cost_end
        _read_part(line_text[:colon], "cost", ability, "cost", 1)
        _read_effect(_strip_reminder(line_text[colon + 1:]), colon + 1, ability)
    elif kind == "loyalty":
        ability.kind = "activated"  # 606.3: loyalty abilities are activated abilities
        ability.loyalty_cost = str(children[0]).strip("[]")
        colon = line_text.index(":")
        _read_effect(_strip_reminder(line_text[colon + 1:]), colon + 1, ability)
    elif kind in ("triggered", "chapter"):
        ability.kind = "triggered"  # 603.1; 714.2b chapter abilities are triggered abilities
        if kind == "chapter":
            dash = line_text.index("—")
            ability.semantics.append(("chapter", tuple(_roman(str(t)) for t in children[0].children)))
            _read_effect(_strip_reminder(line_text[dash + 1:]), dash + 1, ability)
            return
        trig = children[0]
        after = line_text[trig.end_pos:] if hasattr(trig, "end_pos") else line_text
        after_clean = _strip_reminder(after)
        comma = after_clean.find(",")
        if comma < 0:
            ability.unparsed.append(Unparsed("condition", after_clean, trig.end_pos + 1))
            return
        cond, effect = after_clean[:comma], after_clean[comma + 1:]
        _read_part(cond, "trigger_condition", ability, "condition", trig.end_pos + 1)
        _intervening_if(effect.strip(), ability)
        _read_effect(effect.strip(), trig.end_pos + comma + 2, ability)
    elif kind == "modal":
        ability.kind = other_kind
        head = str(children[0])
        ability.semantics.append(("modal", head.rstrip("— ").lower()))
        for m, mode in enumerate(children[1:], start=1):
            start, end = _span(mode)
            mtext = full_text[start:end].lstrip("• ").strip()
            ability.modes.append(mtext)
            _read_effect(_strip_reminder(mtext), start, ability, "mode", m)
    elif kind == "spree_mode":
        ability.kind = other_kind
        dash = line_text.index("—")
        # 702.172a: "+ [cost] — [effect]": the mode's additional cost, paid if the mode is chosen.
        ability.semantics.append(("spree_mode_cost", str(children[0]).lstrip("+ ").strip()))
        _read_effect(_strip_reminder(line_text[dash + 1:]), dash + 1, ability, "mode")
    elif kind == "level":
        ability.kind = "static"  # 711.2b
        ability.semantics.append(("level_range", str(children[0])))
    else:  # other
        # 604.3, 604.3a — "[this object] is [colorless / a color]" conveys a characteristic: a
        # characteristic-defining (static) ability, on an instant or sorcery too (Ghostfire), never
        # an instruction followed as the spell resolves (113.3a)
        # 113.6d, 601.2f — "This spell costs {1} less to cast ...": modifies what the object costs to cast, a
        # static ability that functions on the stack, on an instant or sorcery too (113.3a)
        ability.kind = "static" if re.match(r"(~ is|(~|this spell) costs)\b", text.strip(), re.IGNORECASE) else other_kind
        _read_effect(text, 0, ability)


#: 603.4: "When/Whenever/At [trigger event], if [condition], [effect]": the "if" right after the
#: trigger condition (the intervening "if" clause; the condition up to the first comma).
_INTERVENING_IF = re.compile(r"if (?P<cond>.*?), (?=\S)", re.IGNORECASE)


def _intervening_if(effect: str, ability: Ability) -> None:
    """603.4: a triggered ability's effect text that starts with an "if" clause: its condition, read by
    the shared ``state_condition`` slot, becomes the fact ``("intervening_if", Cond)`` (the effect is
    read as before, its facts unchanged); a condition not read adds nothing (the effect text stays as
    the effect reading leaves it: conditional_effect or unread)."""
    m = _INTERVENING_IF.match(effect)
    if m is None:
        return
    try:
        cond = _checked(m.group("cond").strip(), "state_condition")
    except (LarkError, ValueError, StopIteration):
        return
    ability.semantics.append(("intervening_if", cond))


def _span(tree: Tree) -> tuple[int, int]:
    """Start and end offset of ``tree`` in its text: from its first to its last token (the parser
    does not propagate positions; every rule whose span is asked for keeps its tokens)."""
    first = last = tree
    while isinstance(first, Tree):
        first = first.children[0]
    while isinstance(last, Tree):
        last = last.children[-1]
    return first.start_pos, last.end_pos


#: Keywords whose "—" parameter is not a cost (702.1: keyword [parameter]) -> (what it is, CR rule).
#: A ``condition`` is kept as an Unparsed record of part ``condition`` (its meaning is not read);
#: a ``quality`` becomes the keyword's :attr:`Keyword.quality`. Every other "—" parameter is a cost.
_DASH_PARAMETERS: dict[str, tuple[str, str]] = {
    "companion": ("condition", "702.139a"),  # "Companion—[Condition]": a starting-deck condition
    "partner": ("quality", "702.124i"),       # "Partner—[text]": "Partner—Character select"
    "modular": ("quality", "702.43"),         # "Modular—Sunburst" (702.43a example): N from sunburst
}


def _roman(s: str) -> int:
    return {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6}[s]


def _ability_lines(text: str) -> list[tuple[str, int]]:
    """Lines of ``text`` with their 1-based line numbers; bullet lines join the line before."""
    out: list[tuple[str, int]] = []
    for n, line in enumerate(text.split("\n"), start=1):
        line = line.rstrip()
        if not line.strip():
            continue
        if line.lstrip().startswith("•") and out:
            out[-1] = (out[-1][0] + "\n" + line.strip(), out[-1][1])
        else:
            out.append((line.strip(), n))
    return out


#: After a name: it goes on as a longer proper name ("Stangg Twin", "Ajani's Pridemate",
#: "Titania, Gaea Incarnate", "Tuktuk the Returned", "Myojin of Night's Reach").
_LONGER_NAME_AFTER = re.compile(r"(?:'s?)? [A-Z]|, [A-Z]| (?:of|the) [A-Z]")
#: Before a name: it ends a longer proper name ("Kobolds of Kher Keep", "Keeper of Kookus",
#: "Search for Azcanta", "Storm the Vault").
#: Not after a sentence's first word ("Whenever the ~ enters" is a self-reference).
_LONGER_NAME_BEFORE = re.compile(r"(?<![.:—\n(\"] )(?<!^)(?<=\S )[A-Z][\w'-]* (?:of|for|the) $")


def normalize_self_references(text: str, names: list[str]) -> str:
    """Replace the card's own names (longest first, whole words) with ``~`` (201.5: a name in
    rules text refers to the object itself; 201.5c: a shortened name too). A name that is only part
    of a longer proper name — another card's or a token's (Kher Keep's token "Kobolds of Kher Keep",
    Stangg's "Stangg Twin", Ajani's "Ajani's Pridemate") — is not a self-reference and is kept."""
    for n in sorted({n for n in names if n}, key=len, reverse=True):
        if n not in text:  # the common case: no need to build the pattern
            continue

        def self_reference(m: re.Match, text: str = text) -> str:
            if _LONGER_NAME_AFTER.match(text, m.end()) or _LONGER_NAME_BEFORE.search(text, 0, m.start()):
                return m.group(0)
            return "~"
        text = re.sub(rf"(?<![\w~]){re.escape(n)}(?![\w])", self_reference, text)
    return text


def self_names(card_name: str, face_name: str, legendary: bool) -> list[str]:
    """Names that refer to the object itself in a face's text: the face's name, the card's full
    name and, for a legendary object, the name's part before the comma (201.5, 201.5a).
    The short name is only used for legendary faces, where the CR (201.5a) allows it."""
    names = [face_name, card_name]
    # An Alchemy rebalanced card ("A-Skyclave Shadowcat", Scryfall's prefix for the digital version)
    # is printed with its name without the prefix: its text names it so (201.5).
    names += [n[2:] for n in (face_name, card_name) if n.startswith("A-") and len(n) > 2]
    if legendary:  # a shortened name is a face's (never one cut from the joined "A // B" card name)
        for n in (face_name,) + (() if " // " in card_name else (card_name,)):
            if "," in n:
                names.append(n.split(",")[0].strip())
            elif " of " in n or " the " in n:
                names.append(re.split(r" (?:of|the) ", n)[0].strip())
    return names


def parse_oracle_text(text: str, face_name: str = "", card_name: str = "", *, legendary: bool = False,
                      is_spell_face: bool = False, source: str = "<oracle text>") -> list[Ability]:
    """Split one face's Oracle text into abilities and read them.

    Args:
        text: the face's Oracle text (lines separated by ``\\n``).
        face_name, card_name: names that refer to the object itself (normalized to ``~``).
        legendary: the face is legendary (its short name also refers to itself, 201.5a).
        is_spell_face: the face is an instant or sorcery (instructions are spell abilities, 113.3a).
        source: where the text comes from, for errors.

    Returns:
        One :class:`Ability` per line; unreadable parts are in each ability's ``unparsed``; a
        line the line grammar cannot read at all has kind ``unclassified`` and one ``ability``
        Unparsed record.

    Raises:
        CardTextError: ``text`` is longer than :data:`MAX_TEXT_LENGTH` characters.
    """
    if len(text) > MAX_TEXT_LENGTH:
        raise CardTextError(f"Oracle text of {len(text)} characters is longer than the "
                            f"{MAX_TEXT_LENGTH} this reader accepts", source, 1, MAX_TEXT_LENGTH + 1)
    norm = normalize_self_references(text, self_names(card_name or face_name, face_name, legendary))
    out: list[Ability] = []
    for index, (line, lineno) in enumerate(_ability_lines(norm), start=1):
        t = _read_line(line, is_spell_face)
        out.append(Ability(index, t.kind, t.text, lineno, t.ability_word, t.loyalty_cost, list(t.modes),
                           list(t.keywords), list(t.reminder), list(t.semantics), list(t.unparsed)))
    return out


@lru_cache(maxsize=1 << 16)
def _read_line(line: str, is_spell_face: bool) -> Ability:
    """Read one ability line (self-references normalized) into an :class:`Ability` with index and
    line 0. Cached per process: the result depends on the line's text and ``is_spell_face`` only,
    and the pool's 60,000 ability lines have 37,000 distinct texts ("Flying" 2,500 times).
    Callers copy the result (:func:`parse_oracle_text`); the cached one is never handed out."""
    ability = Ability(0, "unclassified", line, 0)
    tree = None
    for start in ("ability", "plain_ability"):
        _REMINDERS.clear()
        try:
            tree = _parser().parse(line, start=start)
            break
        except UnexpectedInput:
            continue
        except (LarkError, VisitError):
            break
    ability.reminder = [str(t)[1:-1] for t in _REMINDERS]
    if tree is None:
        ability.unparsed.append(Unparsed("ability", _strip_reminder(line), 1))
        return ability
    node = tree
    while node.data in ("ability", "plain_ability", "plain"):
        node = node.children[0]
    saved = _SENTENCE.spell_face
    _SENTENCE.spell_face = is_spell_face
    try:
        _classify(node, line, ability, is_spell_face)
    except (LarkError, VisitError, ValueError):
        ability.kind = "unclassified"
        ability.unparsed.append(Unparsed("ability", _strip_reminder(line), 1))
        ability.semantics.clear()
    finally:
        _SENTENCE.spell_face = saved
    _keep_unlisted_effects_apart(ability)
    return ability


#: Effect facts no resolution rule applies (rules_asp/time; issue 19, session 6). Most are listed as
#: unapplied spell effects now (resolution_effects.lp), so alone in an ability, of a permanent or of an
#: instant or sorcery, they are read; beside another effect of a resolving ability the other would be
#: applied without them (608.2c: half applied), so such an ability is kept unread.
_UNLISTED_EFFECTS = frozenset({"conditional_effect", "effect_x_is", "characteristic_defined", "tokens_enter", "puts_on_library", "destroys", "puts_onto_battlefield", "attacks_as_though_no_defender",
                               "combat_limit", "gets_pt_for_each", "enters_tapped_unless"})
#: Facts that are no effect applied on resolution (what triggers it, how long, who may choose, costs).
_NOT_EFFECTS = frozenset({"intervening_if", "trigger_event", "trigger_spell_quality", "duration", "player_may", "cost_mana", "cost",
                          "delayed_until",  # when its effect fact happens (603.7a), no effect of its own
                          "activate_only", "activate_only_as_sorcery", "activate_only_once_each_turn", "triggers_only_once_each_turn",
                          "chapter"})


def _keep_unlisted_effects_apart(ability: Ability) -> None:
    """An activated, triggered or spell ability (608.2: it resolves) with a fact of
    :data:`_UNLISTED_EFFECTS` beside another effect fact gets its text as an Unparsed record: the
    ability is then withheld as a whole where it resolves, never half applied."""
    if ability.kind not in ("activated", "triggered", "spell"):
        return
    names = {_unwrapped(f)[0] for f in ability.semantics}
    if names & _UNLISTED_EFFECTS and names - _UNLISTED_EFFECTS - _NOT_EFFECTS:
        ability.unparsed.append(Unparsed("effect", _strip_reminder(ability.text), 1))
