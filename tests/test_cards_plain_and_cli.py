"""The plain-text card format and the ``pyrules cards`` commands (issue 4)."""

from __future__ import annotations

import argparse
import json

import pytest

from pyrules.card_facts import card_facts
from pyrules.cards import cards_from_text, load_cards, load_plain_card
from pyrules.errors import CardTextError

THERE_PLAIN = """# MB2 #537, as a plain-text card
There
{U}
Instant — Lesson
Exile target creature you control, then return it to the battlefield under its owner's control.
//
They're
{1}{U}
Instant — Lesson
Up to three target creatures can't be blocked this turn.
//
Their
{2}{U}
Instant — Lesson
Target opponent gains control of target creature you control.

Yeva, Nature's Herald
{2}{G}{G}
Legendary Creature — Elf Shaman
Flash (You may cast this spell any time you could cast an instant.)
You may cast green creature spells as though they had flash.
4/4
"""


def _cli():
    from pyrules import cli_cards

    parser = argparse.ArgumentParser(prog="pyrules")
    cli_cards.register(parser.add_subparsers())
    return parser


def test_plain_text_card_gives_the_same_facts_as_the_scryfall_record(cards_dir, tmp_path):
    # The plain-text There // They're // Their is the same card definition as MB2 #537 (709.1).
    path = tmp_path / "cards.txt"
    path.write_text(THERE_PLAIN, encoding="utf-8")
    there, yeva = load_plain_card(path)
    (real,) = load_cards(cards_dir / "scryfall-sets" / "all_cards_mb2.json", names={"There // They're // Their"})
    assert (there.name, there.layout) == ("There // They're // Their", "split")
    promo = {s for s in card_facts(real) if s.name == "card_promo_type"}
    assert set(card_facts(there)) == set(card_facts(real)) - promo
    assert yeva.faces[0].power == "4" and yeva.faces[0].abilities[0].keywords[0].constant == "flash"


def test_plain_text_errors_name_line_and_column():
    with pytest.raises(CardTextError) as err:
        cards_from_text("# c\nShock\n{R}\n\n\n//\nX", "bad.txt")
    # Line 4 is the blank line where the type line of Shock belongs (after the comment, name, cost).
    assert err.value.source == "bad.txt" and err.value.line == 4


def test_cli_cards_parse_lp_and_json(cards_dir, capsys, tmp_path):
    path = tmp_path / "cards.txt"
    path.write_text(THERE_PLAIN, encoding="utf-8")
    args = _cli().parse_args(["cards", "parse", str(path)])
    assert args.func(args) == 0
    out = capsys.readouterr().out
    assert 'allowed_spell_quality("Yeva, Nature\'s Herald",1,2,1,color(green)).' in out.splitlines()
    args = _cli().parse_args(["cards", "parse", "--format", "json",
                              str(cards_dir / "scryfall-sets" / "all_cards_blb.json")])
    args.func(args)
    duo = next(json.loads(line) for line in capsys.readouterr().out.splitlines()
               if json.loads(line)["name"] == "Roughshod Duo")
    assert duo["faces"][0]["abilities"][1]["semantics"][0] == ["trigger_event", ["expend", 4]]


def test_cli_cards_coverage_reports_four_levels(cards_dir, capsys):
    args = _cli().parse_args(["cards", "coverage", "--quiet", "--workers", "1", "--json",
                              str(cards_dir / "scryfall-sets" / "all_cards_mb2.json")])
    assert args.func(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["cards"] == 385
    assert set(report["levels"]) == {"L0", "L1", "L2", "L3"}
    assert report["levels"]["L0"]["percent"] >= 99.0
    assert report["unparsed_patterns"]
