"""The package as a user gets it: wheel contents, console script, shipped demo, fact-file safety."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from pyrules.cli import main

REPO = Path(__file__).resolve().parent.parent


def test_wheel_contains_every_grammar_and_rule_file(tmp_path):
    # Build the wheel from the checkout and compare its data files with the source tree.
    if not (REPO / "pyproject.toml").exists():
        pytest.skip("not running from a source checkout")
    # Build from a copy of the tracked sources: setuptools reuses a build/ folder left in a checkout,
    # which could hide a missing or stale file.
    src = tmp_path / "src"
    tracked = subprocess.run(["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True).stdout
    for name in tracked.splitlines():
        if (REPO / name).is_file():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, src / name)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(tmp_path), str(src)], check=True, cwd=tmp_path)
    (wheel,) = tmp_path.glob("pyrules-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    grammars = {f"pyrules/parser/{p.relative_to(src / 'parser')}" for p in (src / "parser").rglob("*.lark")}
    rule_files = {f"pyrules/rules_asp/{p.relative_to(src / 'rules_asp')}" for p in (src / "rules_asp").rglob("*.lp")}
    assert grammars and rule_files
    assert grammars <= names
    assert rule_files <= names
    assert "pyrules/examples/there_theyre_their.json" in names


def test_demo_prints_the_answers_with_citations(capsys):
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "l1: mana value 6 (CR 202.3, 202.3d, 709.4b)" in out
    assert "alice may cast There (g1)" in out and "alice may cast They're (g1)" in out
    assert "alice may not cast Their (g1) with sword: mana value 3 is more than 2" in out
    assert "tutor cannot find l1: mana value 6 is more than 4" in out
    assert "spells: 1 card(s) (CR 709.2" in out


def test_console_script_version_and_help_from_another_directory(tmp_path):
    exe = Path(sys.executable).with_name("pyrules")
    if not exe.exists():
        pytest.skip("pyrules console script not installed in this environment")
    out = subprocess.run([str(exe), "--version"], capture_output=True, text=True, cwd=tmp_path, check=True)
    assert out.stdout.strip() == "pyrules 0.1.0"
    helptext = subprocess.run([str(exe), "--help"], capture_output=True, text=True, cwd=tmp_path, check=True)
    assert "solve" in helptext.stdout and "demo" in helptext.stdout


def test_solve_runs_the_shipped_fact_file(capsys):
    from importlib import resources

    ex = resources.files("pyrules.examples")
    assert main(["solve", "--cards", str(ex / "there_theyre_their.json"), str(ex / "split_card_state.lp")]) == 0
    out = capsys.readouterr().out
    assert "may_not_cast(alice,g1,3,sword,mana_value(3,at_most,2))" in out
    assert "effect_count(spells,1)   [CR 709.2, 709.4c]" in out


@pytest.mark.parametrize("text,expected", [
    ("a.\n#script (python)\ndef f(): pass\n#end.\n", ":2:1: #script refused"),
    ("a.\nb(@f(1)).\n", ":2:3: external function call (@...) refused"),
    ("a.\nb(.\n", ":2:3: ASP syntax error"),
])
def test_fact_file_with_script_or_bad_syntax_is_refused_in_one_line(tmp_path, capsys, text, expected):
    path = tmp_path / "state.lp"
    path.write_text(text, encoding="utf-8")
    assert main(["solve", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert f"{path}{expected}" in err


def test_bad_card_json_is_reported_with_line_and_column(tmp_path, capsys):
    path = tmp_path / "cards.json"
    path.write_text('[{"name": "X",\n  "layout": }]', encoding="utf-8")
    assert main(["cards", "parse", str(path)]) == 2
    assert f"{path}:2:13: invalid JSON" in capsys.readouterr().err
