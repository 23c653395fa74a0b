"""The plain-text card format and the ``pyrules cards`` commands (issue 4)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from pyrules.errors import CardTextError
from pyrules.facts.card_facts import card_facts
from pyrules.inputs.cards import cards_from_text, load_cards, load_plain_card

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
    from pyrules.cli import cards as cli_cards

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


def test_cli_coverage_cache_rerun_gives_the_same_report(cards_dir, capsys, tmp_path):
    # The second run reads every record's counts from the cache (keyed by the record's text and
    # the grammar hash) and prints the same report.
    from pyrules.inputs.card_cache import CardCache, grammar_hash

    mb2 = str(cards_dir / "scryfall-sets" / "all_cards_mb2.json")
    argv = ["cards", "coverage", "--quiet", "--workers", "1", "--json", "--cache", str(tmp_path), mb2]
    args = _cli().parse_args(argv)
    args.func(args)
    first = capsys.readouterr().out
    (path,) = tmp_path.glob("cards-*")  # plain JSON, one file per grammar version and kind
    assert path.name == f"cards-{grammar_hash()}-coverage.json"
    cache = CardCache(tmp_path)
    args = _cli().parse_args(argv)
    args.func(args)
    assert capsys.readouterr().out == first and json.loads(first)["cards"] == 385
    from pyrules.inputs.card_cache import record_key
    from pyrules.checks.coverage import read_records

    records, _ = read_records(mb2)
    assert all(cache.get("coverage", record_key(r)) is not None for r in records)
    assert cache.misses == 0 and cache.hits == 385


def test_cli_parse_cache_gives_the_same_facts(cards_dir, capsys, tmp_path):
    blb = str(cards_dir / "scryfall-sets" / "all_cards_blb.json")
    outs = []
    for extra in (["--no-cache"], ["--cache", str(tmp_path)], ["--cache", str(tmp_path)]):
        args = _cli().parse_args(["cards", "parse", *extra, blb])
        assert args.func(args) == 0
        outs.append(capsys.readouterr().out)
    assert outs[0] == outs[1] == outs[2]
    assert 'face_triggers_on("Roughshod Duo",1,2,expend(4)).' in outs[2].splitlines()


def test_grammar_hash_changes_with_the_grammar(tmp_path):
    # A grammar change must invalidate the cache: the hash covers parser/*.lark and *.py.
    import shutil

    import pyrules
    import pyrules.parser
    from pyrules.inputs.card_cache import grammar_hash

    parser = tmp_path / "parser"
    pkg = tmp_path / "pyrules"
    shutil.copytree(Path(pyrules.parser.__file__).parent, parser, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(Path(pyrules.__file__).parent, pkg, ignore=shutil.ignore_patterns("__pycache__"))
    before = grammar_hash(parser, pkg)
    assert before == grammar_hash()
    lark_file = parser / "oracle_text.lark"
    lark_file.write_text(lark_file.read_text(encoding="utf-8") + "\n// changed\n", encoding="utf-8")
    assert grammar_hash(parser, pkg) != before
