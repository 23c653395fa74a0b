"""The mana value of every kind of mana symbol (202.3, 107.4; issue 23: tests that notice when a rule
changes), checked against an independent source: Scryfall's ``cmc`` of the same real card record.
One card per symbol kind (generic, colored, {C}, {X}, hybrid, monocolored hybrid {2/W}, colorless
hybrid {C/W}, Phyrexian, hybrid Phyrexian, snow), so a changed constant or deleted rule for one kind
fails its row; then a seeded sample of the card pool.
"""

from __future__ import annotations

import random

import pytest

from pyrules import GameState

SYMBOL_CARDS = {
    "Hill Giant": "{3}{R}",                      # generic N counts N, a colored symbol 1 (202.3)
    "Lightning Bolt": "{R}",
    "Thought-Knot Seer": "{3}{C}",               # {C} counts 1 (107.4c)
    "Breaker of Creation": "{6}{C}{C}",
    "Fireball": "{X}{R}",                        # X is 0 off the stack (202.3e)
    "Kitchen Finks": "{1}{G/W}{G/W}",            # hybrid: 1 each (202.3f)
    "Spectral Procession": "{2/W}{2/W}{2/W}",    # monocolored hybrid {2/W}: its larger part, 2 (202.3f)
    "Ulalek, Fused Atrocity": "{C/W}{C/U}{C/B}{C/R}{C/G}",  # colorless hybrid: 1 each
    "Gitaxian Probe": "{U/P}",                   # Phyrexian: 1 (202.3g)
    "Ajani, Sleeper Agent": "{1}{G}{G/W/P}{W}",  # hybrid Phyrexian: 1
    "Arcum's Astrolabe": "{S}",                  # snow: 1 (107.4h)
}


def in_hand(names) -> GameState:
    s = GameState()
    s.add_player("a")
    for i, name in enumerate(names):
        s.add_object(f"o{i}", name, "hand", "a")
    return s


@pytest.mark.parametrize("name", SYMBOL_CARDS)
def test_mana_value_of_each_symbol_kind_is_scryfalls_cmc_202_3(kb_of, oracle_records, name):
    record = oracle_records[name]
    assert record["mana_cost"] == SYMBOL_CARDS[name]
    mv = kb_of(name).ask(in_hand([name])).mana_value("o0")
    assert mv is not None and mv.value == int(record["cmc"])
    assert "202.3" in {c.rule for c in mv.citations}


def test_mana_value_of_a_seeded_sample_of_the_pool_is_scryfalls_cmc(kb_of, oracle_records):
    # 60 normal-layout cards with a mana cost, seeded: each has Scryfall's cmc, or no answer at all
    # (unknown beats a guess), and most have an answer.
    pool = sorted(n for n, r in oracle_records.items()
                  if r.get("layout") == "normal" and r.get("mana_cost") and "card_faces" not in r)
    names = random.Random(23).sample(pool, 60)
    answers = kb_of(*names).ask(in_hand(names))
    values = {name: answers.mana_value(f"o{i}") for i, name in enumerate(names)}
    wrong = {n: (v.value, oracle_records[n]["cmc"]) for n, v in values.items()
             if v is not None and v.value != int(oracle_records[n]["cmc"])}
    assert wrong == {}
    assert sum(v is not None for v in values.values()) >= 57


@pytest.mark.parametrize("zone,cast_face,fused,value", [
    ("hand", None, False, 5),     # 709.4: off the stack, a split card's mana value is its halves' total
    ("stack", 1, False, 3),       # 709.3b: on the stack, only the half cast: Turn {2}{U}
    ("stack", 2, False, 2),       # Burn {1}{R}
    ("stack", None, True, 5),     # 709.4d, 702.102c: a fused split spell has both halves' characteristics
])
def test_mana_value_of_a_split_card_by_zone_cast_half_and_fuse_709_4(kb_of, oracle_records, zone, cast_face, fused, value):
    name = "Turn // Burn"
    assert int(oracle_records[name]["cmc"]) == 5
    s = GameState()
    s.add_player("a")
    s.add_object("tb", name, zone, "a", controller="a" if zone == "stack" else None, cast_face=cast_face, fused=fused)
    mv = kb_of(name).ask(s).mana_value("tb")
    assert mv is not None and mv.value == value


@pytest.mark.parametrize("zone,melded,why,cited,not_cited", [
    ("battlefield", True, None, {"202.3c", "712.8g"}, {"712.4b"}),      # 11: Bruna 7 + Gisela 4
    ("battlefield", False, "melded_front_faces_unknown", {"202.3c", "712.8g"}, {"712.4b"}),
    ("hand", False, "meld_back_face_not_melded", {"712.4b"}, {"712.8g"}),
])
def test_mana_value_of_a_meld_back_face_and_each_reason_it_is_unknown_cites_its_rule(kb_of, zone, melded, why,
                                                                                      cited, not_cited):
    brisela, bruna, gisela = "Brisela, Voice of Nightmares", "Bruna, the Fading Light", "Gisela, the Broken Blade"
    s = GameState()
    s.add_player("a")
    s.add_object("b", brisela, zone, "a", controller="a" if zone == "battlefield" else None)
    if melded:
        s.set_melded_from("b", bruna, gisela)
    answers = kb_of(brisela, bruna, gisela).ask(s)
    if why is None:
        mv = answers.mana_value("b")
        assert mv.value == 11
        rules = {c.rule for c in mv.citations}
    else:
        assert answers.mana_value("b") is None
        (unknown,) = answers.derived("mana_value_unknown_why")
        assert unknown.args == ("b", why)
        rules = {c.rule for c in unknown.citations}
    assert cited <= rules and not (not_cited & rules)
