"""Triggered abilities read from Oracle text: "Whenever you put one or more [kind] counters on
[object]" (122.6, 603.2, 603.2c) and the tokens such an ability will create when it resolves
(603.3a, 608.2c, 111.1-111.3). Case C04 (shared/cases/cases.jsonl) and its neighbours: wither
(702.80a), infect (702.90c), and events that put no counters. Rule numbers: the CR effective
2026-04-17. Real card text throughout.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import load_cards

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_outcomes_rules import creature, game, kb, keyword_counters, rules  # noqa: F401,E402

ORACLE_FILES = ("scryfall-oracle-compact-A-K.json", "scryfall-oracle-compact-L-Z.json")


def triggered(out) -> list[tuple[str, ...]]:
    return [t.args for t in out.results("triggers_on")]


# ------------------------------------------------------------------------- the Oracle grammar ---

@pytest.fixture(scope="module")
def counter_trigger_cards(cards_dir: Path) -> dict:
    """The real Oracle cards with "Whenever you put one or more ... counters on" sampled below."""
    names = {"Hapatra, Vizier of Poisons", "Obelisk Spider", "Nest of Scarabs", "Stocking the Pantry",
             "Exemplar of Light", "Aragorn, Company Leader", "Defiant Greatmaw", "Kate Stewart",
             "Omarthis, Ghostfire Initiate", "Terrasymbiosis"}
    out = {}
    for f in ORACLE_FILES:
        for c in load_cards(cards_dir / f, names=names):
            out[c.name] = {str(s) for s in card_facts(c)}
    assert set(out) == names
    return out


# 122.6, 603.1: the trigger condition as a fact: put_counters(you, Kind, Object); Kind as counters/3
# (pt(-1,-1), 122.1a) or any (no kind written); Object as the other trigger conditions' objects.
READ = [
    ("Hapatra, Vizier of Poisons", 2, "put_counters(you,pt(-1,-1),any(creature))"),
    ("Obelisk Spider", 3, "put_counters(you,pt(-1,-1),any(creature))"),
    ("Nest of Scarabs", 1, "put_counters(you,pt(-1,-1),any(creature))"),
    ("Stocking the Pantry", 1, "put_counters(you,pt(1,1),you_control(creature))"),
    ("Exemplar of Light", 3, "put_counters(you,pt(1,1),self)"),
    ("Aragorn, Company Leader", 2, "put_counters(you,any,self)"),
    ("Defiant Greatmaw", 2, "put_counters(you,pt(-1,-1),self)"),
]


@pytest.mark.parametrize("name,ability,cond", READ, ids=[n for n, _, _ in READ])
def test_put_counters_trigger_condition_is_read(counter_trigger_cards, name, ability, cond):
    c = json.dumps(name)
    f = counter_trigger_cards[name]
    assert f"face_triggers_on({c},1,{ability},{cond})" in f
    assert not any(x.startswith(f"card_unparsed({c},1,oracle_text({ability}),\"you put") for x in f)


def test_hapatra_token_effect_is_read(counter_trigger_cards):
    # 111.1, 111.3: "create a 1/1 green Snake creature token with deathtouch".
    c = json.dumps("Hapatra, Vizier of Poisons")
    f = counter_trigger_cards["Hapatra, Vizier of Poisons"]
    assert {f"creates_tokens({c},1,2,1,1)", f'creates_token_power_toughness({c},1,2,1,"1","1")',
            f"creates_token_color({c},1,2,1,green)", f'creates_token_subtype({c},1,2,1,"Snake")',
            f"creates_token_card_type({c},1,2,1,creature)", f"creates_token_keyword({c},1,2,1,deathtouch)"} <= f
    assert not any(x.startswith(f"card_unparsed({c},1,oracle_text(2)") for x in f)


@pytest.mark.parametrize("name,text", [
    # "a permanent you control" and "another colorless creature" are objects the grammar doesn't read:
    # no reading is given rather than a wrong one.
    ("Kate Stewart", "you put one or more time counters on a permanent you control"),
    ("Omarthis, Ghostfire Initiate", "you put one or more +1/+1 counters on another colorless creature"),
])
def test_unread_put_counters_objects_stay_unparsed(counter_trigger_cards, name, text):
    c = json.dumps(name)
    f = counter_trigger_cards[name]
    assert any(x.startswith(f"card_unparsed({c},1,oracle_text(") and text in x for x in f)
    assert not any("put_counters(you," in x for x in f)


# ---------------------------------------------------------------------------- the rule base ---

def test_c04_infect_counters_trigger_hapatra_and_make_a_snake(kb, game):
    # 702.90c, 120.3d: Blight Mamba's infect damage to b's 3/3 is a -1/-1 counter a puts on it;
    # 122.6, 603.2: so Hapatra's "Whenever you put one or more -1/-1 counters on a creature" triggers;
    # 603.3a, 111.2: resolving, a creates a 1/1 green Snake creature token with deathtouch (111.3).
    creature(game, "h", "Hapatra, Vizier of Poisons", "a")
    creature(game, "m", "Blight Mamba", "a")
    creature(game, "g", "Hill Giant", "b")
    game.deal_damage("combat", "m", "g", 1, combat=True)
    out = kb.ask(game).outcomes()
    (t,) = out.results("triggers_on")
    assert t.args == ("combat", "h", "2", "g")
    assert {"603.2", "122.6", "702.90c", "120.3d"} <= rules(t)
    (tok,) = out.triggered_tokens()
    assert (tok.source, tok.ability, tok.player, tok.count) == ("h", 2, "a", 1)
    assert (tok.power, tok.toughness, tok.colors, tok.subtypes, tok.card_types, tok.keywords) == (
        "1", "1", ("green",), ("Snake",), ("creature",), ("deathtouch",))
    assert {"603.3a", "111.2"} <= rules(tok)


def test_c04_wither_counters_trigger_hapatra(kb, game):
    # 702.80a, 120.3d: Kulrath Knight (3/3 wither) puts three -1/-1 counters: one occurrence, one trigger.
    creature(game, "h", "Hapatra, Vizier of Poisons", "a")
    creature(game, "k", "Kulrath Knight", "a")
    creature(game, "g", "Hill Giant", "b")
    game.deal_damage("combat", "k", "g", 3, combat=True)
    out = kb.ask(game).outcomes()
    (t,) = out.results("triggers_on")
    assert t.args == ("combat", "h", "2", "g") and "702.80a" in rules(t) and "702.90c" not in rules(t)
    assert [x.count for x in out.triggered_tokens()] == [1]


def test_hapatra_triggers_once_per_creature_in_one_event(kb, game):
    # 603.2c: one combat damage event with counters put on two creatures: two occurrences, two
    # triggers; two sources putting counters on the same creature are one occurrence for it.
    creature(game, "h", "Hapatra, Vizier of Poisons", "a")
    creature(game, "m", "Blight Mamba", "a")
    creature(game, "s", "Plague Stinger", "a")
    creature(game, "e", "Glistener Elf", "a")
    creature(game, "g", "Hill Giant", "b")
    creature(game, "w", "Grizzly Bears", "b")
    game.deal_damage("combat", "m", "g", 1, combat=True)
    game.deal_damage("combat", "s", "g", 1, combat=True)
    game.deal_damage("combat", "e", "w", 1, combat=True)
    out = kb.ask(game).outcomes()
    assert triggered(out) == [("combat", "h", "2", "g"), ("combat", "h", "2", "w")]
    assert [(t.occurrence, t.count) for t in out.triggered_tokens()] == [("g", 1), ("w", 1)]


def test_hapatra_dealt_lethal_damage_in_the_same_step_still_triggers(kb, game):
    # 603.10: trigger conditions are checked immediately after the event, when Hapatra (2/2, dealt 2)
    # is still on the battlefield: state-based actions come later (704.3).
    creature(game, "h", "Hapatra, Vizier of Poisons", "a")
    creature(game, "m", "Blight Mamba", "a")
    creature(game, "g", "Hill Giant", "b")
    creature(game, "w", "Grizzly Bears", "b")
    game.deal_damage("combat", "m", "g", 1, combat=True)
    game.deal_damage("combat", "w", "h", 2, combat=True)
    out = kb.ask(game).outcomes()
    assert triggered(out) == [("combat", "h", "2", "g")]
    assert out.sba("destroyed", "h") is not None


@pytest.mark.parametrize("source,owner,recipient,amount", [
    ("Blight Mamba", "a", "g", 0),      # 120.3, 603.2g: 0 damage is no damage: no counter, no trigger
    ("Grizzly Bears", "a", "g", 2),     # 120.3e: no wither or infect: damage is marked, no counter
    ("Blight Mamba", "b", "w", 1),      # 702.90c: b puts the counter (on a's creature), not "you" (a)
    ("Blight Mamba", "a", "b", 1),      # 120.3b: infect damage to a player is poison counters
])
def test_no_counter_put_by_you_on_a_creature_no_trigger(kb, game, source, owner, recipient, amount):
    creature(game, "h", "Hapatra, Vizier of Poisons", "a")
    creature(game, "s", source, owner)
    creature(game, "g", "Hill Giant", "b")
    creature(game, "w", "Grizzly Bears", "a")
    game.deal_damage("combat", "s", recipient, amount, combat=True)
    out = kb.ask(game).outcomes()
    assert out.results("triggers_on") == [] and out.results("triggers") == []
    assert out.triggered_tokens() == [] and out.results("trigger_undecided") == []


def test_obelisk_spider_triggers_but_creates_no_token(kb, game):
    # 603.2: Obelisk Spider's ability triggers on a's wither counters; its effect makes no token.
    creature(game, "o", "Obelisk Spider", "a")
    creature(game, "k", "Kulrath Knight", "a")
    creature(game, "g", "Hill Giant", "b")
    game.deal_damage("combat", "k", "g", 3, combat=True)
    out = kb.ask(game).outcomes()
    assert triggered(out) == [("combat", "o", "3", "g")]
    assert out.triggered_tokens() == []


def test_minus_counters_dont_trigger_a_plus_one_counters_ability(kb, game):
    # 122.6, 603.2: Stocking the Pantry waits for +1/+1 counters; -1/-1 counters on a's own creature
    # (a's wither source dealt it damage) are not its trigger event.
    game.add_object("p", "Stocking the Pantry", "battlefield", "a", controller="a")
    creature(game, "k", "Kulrath Knight", "a")
    creature(game, "w", "Grizzly Bears", "a")
    game.deal_damage("e", "k", "w", 1)
    out = kb.ask(game).outcomes()
    assert out.counters("w", "-1/-1") == 1
    assert out.results("triggers_on") == [] and out.results("trigger_undecided") == []


def test_a_counter_trigger_with_unread_effect_is_undecided_not_guessed(kb, game):
    # 603.4: an ability whose text is partly unread (Aragorn, Company Leader's "put one of each of those
    # kinds of counters on up to one other target creature") might hold an intervening "if" clause: its
    # trigger event occurred (a's wither damage put a -1/-1 counter on it), but whether it triggers is
    # undecided. (Defiant Greatmaw's "remove a -1/-1 counter from ..." is read since issue 19's
    # removes_counters/6.)
    creature(game, "d", "Aragorn, Company Leader", "a")
    creature(game, "k", "Kulrath Knight", "a")
    game.deal_damage("e", "k", "d", 1)
    out = kb.ask(game).outcomes()
    assert out.results("triggers_on") == [] and out.triggered_tokens() == []
    (u,) = out.results("trigger_undecided")
    assert u.args == ("e", "d", "2", "unread_text") and "603.4" in rules(u)   # its ability 2


def test_nest_of_scarabs_read_in_full_triggers_but_its_token_count_is_not_applied(kb, game):
    # Issue 19 (session 7): "create that many 1/1 black Insect creature tokens" is read (effect_x_is:
    # the number is the event's, 608.2c), so no intervening "if" hides in the text: it triggers on
    # a's infect counters (603.2). No rule applies the "that many" tokens: none is listed as created,
    # and the trigger is an assumed answer, not a derived one.
    game.add_object("n", "Nest of Scarabs", "battlefield", "a", controller="a")
    creature(game, "m", "Blight Mamba", "a")
    creature(game, "g", "Hill Giant", "b")
    game.deal_damage("combat", "m", "g", 1, combat=True)
    out = kb.ask(game).outcomes()
    (t,) = out.results("triggers_on")
    assert t.args == ("combat", "n", "1", "g") and t.strength == "assumed"
    assert out.triggered_tokens() == [] and out.results("trigger_undecided") == []
