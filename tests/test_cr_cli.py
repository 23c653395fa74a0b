"""``pyrules cr ...`` handlers, called through an argparse parser built here."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from pyrules.cli import cr as cli_cr
from pyrules.errors import PyrulesError, QueryError, RulesDocumentError


@pytest.fixture(scope="session")
def cli() -> argparse.ArgumentParser:
    """A parser with only the ``cr`` command group registered."""
    parser = argparse.ArgumentParser(prog="pyrules")
    cli_cr.register(parser.add_subparsers(dest="command"))
    return parser


@pytest.fixture(scope="session")
def newest(cr_newest: Path) -> str:
    return str(cr_newest)


@pytest.fixture(scope="session")
def cr_file(cr_dir: Path):
    """Stamp -> path string of a CR file."""
    return lambda stamp: str(cr_dir / f"MagicCompRules-{stamp}.txt")


def run(cli, argv, capsys) -> tuple[int, str]:
    args = cli.parse_args(argv)
    code = args.func(args)
    return code, capsys.readouterr().out


def test_cr_parse_lp(cli, newest, capsys):
    code, out = run(cli, ["cr", "parse", newest], capsys)
    assert code == 0
    assert out.startswith("% ASP facts for the Comprehensive Rules 2026-04-17")
    assert 'cr_parent("709.3a","709.3").' in out
    assert 'cr_keyword_ability("flash","702.8").' in out
    assert 'cr_keyword_counter("vigilance").' in out


def test_cr_parse_json(cli, newest, capsys):
    code, out = run(cli, ["cr", "parse", newest, "--format", "json"], capsys)
    data = json.loads(out)
    assert code == 0
    assert data["counts"]["numbered_rules"] == 3138
    assert data["counts"]["glossary_entries"] == 730


def test_cr_show_rule_children_examples_and_citations(cli, newest, capsys):
    code, out = run(cli, ["cr", "show", "702.34a", "--cr", newest], capsys)
    assert code == 0
    assert out.startswith("702.34a Flashback appears on some instants and sorceries.")
    assert "Cites: 601.2b, 601.2f, 601.2g, 601.2h" in out
    code, out = run(cli, ["cr", "show", "601.2f", "--cr", newest], capsys)
    cited_by = [line for line in out.splitlines() if line.startswith("Cited by: ")][0]
    assert "702.34a" in cited_by
    code, out = run(cli, ["cr", "show", "702.34", "--cr", newest], capsys)
    assert out.startswith("702.34. Flashback")
    assert "  702.34a Flashback appears" in out
    code, out = run(cli, ["cr", "show", "601.3b", "--cr", newest], capsys)
    assert "  Example: An effect says that you may cast Aura spells" in out


def test_cr_show_section(cli, newest, capsys):
    code, out = run(cli, ["cr", "show", "7", "--cr", newest], capsys)
    assert code == 0 and out.startswith("7. Additional Rules")
    assert "  702. Keyword Abilities" in out


def test_cr_show_unknown_rule_is_a_query_error(cli, newest):
    args = cli.parse_args(["cr", "show", "702.999z", "--cr", newest])
    with pytest.raises(QueryError) as info:
        args.func(args)
    assert "702.999z" in str(info.value)


def test_cr_show_requires_cr_file(cli, capsys):
    with pytest.raises(SystemExit) as info:
        cli.parse_args(["cr", "show", "702.34a"])
    assert info.value.code == 2
    assert "--cr" in capsys.readouterr().err


def test_cr_diff_text_and_json(cli, cr_file, capsys):
    old, new = cr_file("20260116"), cr_file("20260227")
    code, out = run(cli, ["cr", "diff", old, new], capsys)
    assert code == 0
    assert out.splitlines()[0] == ("CR 2026-01-16 -> 2026-02-27: 6 added, 0 removed, "
                                   "6 changed, 3 renumbered")
    assert "+ 111.10v A Mutagen token" in out
    code, out = run(cli, ["cr", "diff", old, new, "--format", "json"], capsys)
    assert "111.10v" in json.loads(out)["added"]


@pytest.mark.parametrize("stamp, exit_code, errors", [("20260417", 0, 0), ("20240802", 1, 1)])
def test_cr_check_exit_code(stamp, exit_code, errors, cli, cr_file, capsys):
    code, out = run(cli, ["cr", "check", cr_file(stamp)], capsys)
    assert code == exit_code
    assert out.splitlines()[-1].endswith(f"{errors} error(s)")
    if errors:
        assert "glossary entry “Map” refers to rule 110.10" in out


def test_cr_check_json(cli, newest, capsys):
    code, out = run(cli, ["cr", "check", newest, "--format", "json"], capsys)
    # The 2026-04-17 CR has no findings (Daybound/Nightbound and ∞ are in its glossary).
    assert code == 0 and json.loads(out) == []


def test_cr_parse_bad_file_raises_user_error(cli, tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text('[{"name": "Fire // Ice"}]\n', encoding="utf-8")
    args = cli.parse_args(["cr", "parse", str(bad)])
    with pytest.raises(RulesDocumentError) as info:
        args.func(args)
    assert isinstance(info.value, PyrulesError)
    assert str(info.value).startswith(f"{bad}:1:1: expected")
    assert "\n" not in str(info.value)
