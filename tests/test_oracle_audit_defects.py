"""The defects the issue 19 audit found in "fully read" abilities, on real cards: a damage recipient
keeps its qualifier (120.1, 115.1), a keyword printed in a level striation is level-gated (711.2b),
a spree mode keeps its "+" cost (702.172a).
"""

from __future__ import annotations

import pytest

from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_json
from pyrules.parser.oracle_text import parse_oracle_text


def facts(oracle_records, name: str) -> set[str]:
    (card,) = cards_from_json([oracle_records[name]], "test")
    return {str(s) for s in card_facts(card)}


@pytest.mark.parametrize("text,recipients", [
    ("~ deals 2 damage to each opponent.", [("each", "opponent")]),
    ("~ deals 1 damage to each creature without flying.",
     [("each", ("object", "creature", ("not_has_keyword", "flying")))]),
    ("~ deals 3 damage to target creature an opponent controls.",
     [("target", ("object", "creature", ("controlled_by", "an_opponent")))]),
    ("~ deals 2 damage to target player.", [("target", "player")]),
    ("~ deals 2 damage to each creature you control.",
     [("each", ("object", "creature", ("controlled_by", "you")))]),
    ("~ deals 2 damage to each other creature.", [("each", ("object", "creature", ("other",)))]),
    ("~ deals 4 damage to target creature or planeswalker.", [("target", ("one_of", "creature", "planeswalker"))]),
    ("~ deals 2 damage to each creature and each player.", [("each", "creature"), ("each", "player")]),
])
def test_damage_recipient_keeps_its_qualifier(text, recipients):
    (ab,) = parse_oracle_text(text, "X", is_spell_face=True)
    assert ab.unparsed == []
    assert [f[3] for f in ab.semantics if f[0] == "deals_damage"] == recipients


@pytest.mark.parametrize("text", [
    "~ deals 2 damage to an opponent.",                     # who chooses the opponent: not read
    "~ deals 2 damage to each creature with flying or reach.",  # a quality list not read
])
def test_damage_recipient_with_an_unread_qualifier_is_not_read(text):
    (ab,) = parse_oracle_text(text, "X", is_spell_face=True)
    assert ab.semantics == [] and ab.unparsed


def test_each_player_recipient_names_players_on_a_real_card(oracle_records):
    # "each player" was each("") (an empty quality): it names each(player).
    f = facts(oracle_records, "Flame Rift")
    assert 'deals_damage("Flame Rift",1,1,self,4,each(player))' in f


def test_keyword_in_a_level_striation_is_level_gated(oracle_records):
    # 711.2b: Student of Warfare has first strike only with 2-6 level counters, double strike with 7+.
    f = facts(oracle_records, "Student of Warfare")
    assert 'striation_keyword("Student of Warfare",1,4,2,first_strike)' in f
    assert 'striation_keyword("Student of Warfare",1,7,5,double_strike)' in f
    assert 'face_ability("Student of Warfare",1,4,static)' in f
    assert not any(x.startswith('face_keyword("Student of Warfare",1,first_strike)') for x in f)
    assert not any(x.startswith('face_keyword("Student of Warfare",1,double_strike)') for x in f)
    assert 'face_keyword("Student of Warfare",1,level_up)' in f  # the level up keyword holds always


def test_other_ability_in_a_striation_is_not_read_as_always_on(oracle_records):
    # "{T}: This creature deals 1 damage to any target." printed under LEVEL 2-3 (Brimstone Mage?):
    # any non-keyword ability in a striation keeps the counters condition as residue.
    name = next(n for n, r in oracle_records.items()
                if "LEVEL" in (r.get("oracle_text") or "") and "deals 1 damage to any target" in r["oracle_text"])
    f = facts(oracle_records, name)
    damage = [x for x in f if x.startswith("deals_damage(")]
    assert damage
    a = damage[0].split(",")[-4]
    assert f'card_unparsed("{name}",1,oracle_text({a}),"striation condition")' in f


def test_spree_mode_keeps_its_plus_cost(oracle_records):
    f = facts(oracle_records, "Caught in the Crossfire")
    assert 'spree_mode_cost_mana_symbol("Caught in the Crossfire",1,2,1,generic(1))' in f
    assert 'spree_mode_cost_mana_symbol("Caught in the Crossfire",1,3,1,generic(1))' in f
