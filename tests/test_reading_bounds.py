"""Every input file is read bounded and located (pyrules.inputs.reading), and fact files are checked
before clingo sees them (pyrules.inputs.fact_files): non-regular files, oversized files, NUL bytes,
invalid UTF-8, non-ASCII names, deep terms, forged #show output, many facts, many misspelt
predicates, and an inconsistent state whose explanation would outlast the time limit.

The classes are those of issue 12 (robustness reproducers S7, C8, C9, C11, H1-H4, L1, D1); the
inputs here are generated, not the reproducer files.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyrules.checks.coverage import read_records
from pyrules.cli import main
from pyrules.errors import (
    CardTextError, FactFileError, PyrulesError, RulesDocumentError, ScenarioError,
)
from pyrules.facts.scenario import load_scenario
from pyrules.inputs.cards import load_cards, load_plain_card
from pyrules.inputs.comprehensive_rules import load_comprehensive_rules
from pyrules.inputs.fact_files import (
    MAX_NESTING, MAX_OPERATORS, parse_fact_text, read_fact_file, unknown_predicate_warnings,
)
from pyrules.inputs.reading import read_text
from pyrules.solving.deadline import Deadline, TimeLimitReached

#: Every loader of a user file, with the error class it raises.
LOADERS = {
    "fact file": (read_fact_file, FactFileError, ".lp"),
    "card JSON": (load_cards, CardTextError, ".json"),
    "card records": (read_records, CardTextError, ".json"),
    "plain card": (load_plain_card, CardTextError, ".txt"),
    "scenario": (load_scenario, ScenarioError, ".toml"),
    "CR file": (load_comprehensive_rules, RulesDocumentError, ".txt"),
}


@contextlib.contextmanager
def _within(seconds: int):
    """Fail (TimeoutError) instead of hanging if the block takes longer than ``seconds``."""
    def on_alarm(signum, frame):
        raise TimeoutError(f"took longer than {seconds} s")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


# --- only regular files are read (C11, H4) ----------------------------------------------------

@pytest.mark.parametrize("kind", LOADERS)
def test_a_fifo_is_refused_at_once_by_every_loader(tmp_path, kind):
    load, error, suffix = LOADERS[kind]
    fifo = tmp_path / f"pipe{suffix}"
    os.mkfifo(fifo)  # nobody ever writes: opening it to read would block for ever
    start = time.monotonic()
    with _within(10), pytest.raises(error) as info:
        load(fifo)
    assert time.monotonic() - start < 2
    assert info.value.source == str(fifo)
    assert "FIFO" in info.value.message and "\n" not in str(info.value)


@pytest.mark.parametrize("kind", LOADERS)
def test_a_character_device_and_a_directory_are_refused(tmp_path, kind):
    load, error, _ = LOADERS[kind]
    with _within(10):
        with pytest.raises(error) as info:
            load("/dev/zero")  # endless: reading it whole would eat the memory
        assert info.value.source == "/dev/zero" and "character device" in info.value.message
        with pytest.raises(error) as info:
            load(tmp_path)
        assert "directory" in info.value.message


def test_the_cli_refuses_a_fifo_given_as_fact_file_and_as_a_scenarios_card_file(tmp_path, capsys):
    fifo = tmp_path / "facts.lp"
    os.mkfifo(fifo)
    scenario = tmp_path / "s.toml"
    scenario.write_text(f'cards = ["{fifo}"]\n[[players]]\nplayer = "alice"\n', encoding="utf-8")
    with _within(20):
        assert main(["solve", "--time-limit", "1", str(fifo)]) == 2
        assert main(["ask", "--time-limit", "1", str(scenario)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and all(f"{fifo}: cannot read" in line and "FIFO" in line for line in err)


def test_a_file_over_the_size_bound_is_refused_and_one_at_it_is_read(tmp_path, monkeypatch):
    monkeypatch.setenv("PYRULES_MAX_INPUT_BYTES", "100")
    at_limit = tmp_path / "ok.lp"
    at_limit.write_bytes(b"player(a).\n" * 9 + b"\n")  # exactly 100 bytes
    assert at_limit.stat().st_size == 100
    assert len(read_fact_file(at_limit)) == 10  # #program base. + 9 facts
    over = tmp_path / "big.lp"
    over.write_bytes(b"player(a).\n" * 10)
    with pytest.raises(FactFileError) as info:
        read_fact_file(over)
    assert info.value.source == str(over) and "110 bytes" in info.value.message
    monkeypatch.setenv("PYRULES_MAX_INPUT_BYTES", "lots")
    with pytest.raises(PyrulesError, match="PYRULES_MAX_INPUT_BYTES"):
        read_text(over, "fact file")


# --- text: UTF-8 located by line and column, NUL refused, BOM dropped (L1, D1) ---------------

_TEXT = st.lists(st.text(alphabet="abc xyz(),.\"é€𝄞", max_size=30), min_size=1, max_size=8).map("\n".join)


def _line_column(prefix: str) -> tuple[int, int]:
    return prefix.count("\n") + 1, len(prefix) - (prefix.rfind("\n") + 1) + 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_TEXT, data=st.data(), kind=st.sampled_from(sorted(LOADERS)))
def test_invalid_utf8_is_reported_at_its_line_and_column_in_characters(text, data, kind):
    load, error, suffix = LOADERS[kind]
    at = data.draw(st.integers(0, len(text)))
    raw = text[:at].encode() + b"\xff" + text[at:].encode()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"bad{suffix}"
        path.write_bytes(raw)
        with pytest.raises(error) as info:
            load(path)
    err = info.value
    assert (err.source, err.line, err.column) == (str(path), *_line_column(text[:at]))
    assert "UTF-8" in err.message and "offset" not in err.message


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_TEXT, data=st.data(), kind=st.sampled_from(sorted(LOADERS)))
def test_a_nul_byte_is_refused_at_its_line_and_column(text, data, kind):
    load, error, suffix = LOADERS[kind]
    at = data.draw(st.integers(0, len(text)))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"nul{suffix}"
        path.write_bytes((text[:at] + "\0" + text[at:]).encode())
        with pytest.raises(error) as info:
            load(path)
    assert (info.value.line, info.value.column) == _line_column(text[:at])
    assert "NUL" in info.value.message


def test_a_nul_in_fact_text_given_in_memory_is_refused_too():
    # clingo reads text as a C string: the facts after the NUL would vanish without a word.
    with pytest.raises(FactFileError) as info:
        parse_fact_text("player(alice).\nobject(o1). \0object(o2).\n", "mem.lp")
    assert (info.value.line, info.value.column) == (2, 13)


def test_a_utf8_byte_order_mark_is_dropped(tmp_path):
    facts = tmp_path / "bom.lp"
    facts.write_bytes(b"\xef\xbb\xbfplayer(alice).\n")
    assert "player(alice)." in [str(s) for s in read_fact_file(facts)]
    scenario = tmp_path / "bom.toml"
    scenario.write_bytes(b'\xef\xbb\xbf[[players]]\nplayer = "alice"\n')
    assert load_scenario(scenario).state is not None
    bad = tmp_path / "bad.lp"
    bad.write_bytes(b"\xef\xbb\xbfp(a).\nq(\xc3).\n")  # a truncated two-byte character on line 2
    with pytest.raises(FactFileError) as info:
        read_fact_file(bad)
    assert (info.value.line, info.value.column) == (2, 3)


# --- fact files: the prescan before clingo (C8, C9) -------------------------------------------

@settings(max_examples=40, deadline=None)
@given(before=st.text(alphabet="abcxyz_", min_size=1, max_size=6), after=st.text(alphabet="abcxyz_", max_size=6),
       char=st.characters(min_codepoint=0x80, exclude_categories=("Cs",)))
def test_a_non_ascii_character_in_a_name_is_refused_with_its_location(before, after, char):
    # clingo's parser would abort the whole process (PANIC) on such a name.
    text = f"player(alice).\n  {before}{char}{after}(alice).\n"
    with pytest.raises(FactFileError) as info:
        parse_fact_text(text, "n.lp")
    assert (info.value.source, info.value.line, info.value.column) == ("n.lp", 2, 3 + len(before))
    assert "non-ASCII" in info.value.message


def test_non_ascii_text_in_strings_and_comments_is_accepted():
    statements = parse_fact_text('object_card(o1, "Æther Vial"). % Jötun Grunt\n%* «block» *%\n', "s.lp")
    assert 'object_card(o1,"Æther Vial").' in [str(s) for s in statements]


@pytest.mark.parametrize("opening, closing", [("f(", ")"), ("(", ",a)"), ("{", "}")])
def test_a_term_nested_too_deep_is_refused_where_it_gets_too_deep(opening, closing):
    deep = 5 * MAX_NESTING
    text = "p(" + opening * deep + "a" + closing * deep + ").\n"
    with pytest.raises(FactFileError) as info:
        parse_fact_text(text, "deep.lp")
    assert info.value.line == 1 and info.value.column == 2 + len(opening) * MAX_NESTING
    assert "nested" in info.value.message


def test_a_term_at_the_nesting_bound_is_accepted():
    depth = MAX_NESTING - 1  # p( is one level
    statements = parse_fact_text("p(" + "f(" * depth + "a" + ")" * depth + ").\n", "ok.lp")
    assert str(statements[-1]).startswith("p(f(f(")


def test_a_long_chain_of_operators_is_refused_not_a_crash():
    # 1+1+...+1 is a term as deep as it is long: 20,000 of them overflowed clingo's printer.
    text = "p(" + "+".join(["1"] * 20_000) + ").\n"
    with pytest.raises(FactFileError) as info:
        parse_fact_text(text, "ops.lp")
    assert info.value.line == 1 and "operators" in info.value.message
    ok = "p(" + "+".join(["1"] * MAX_OPERATORS) + ").\n"
    assert len(parse_fact_text(ok, "ok.lp")) == 2


def test_the_prescan_allows_priorities_intervals_and_negative_numbers():
    statements = parse_fact_text("n(1..3). m(-2). :~ n(X). [X@2, X]\n", "p.lp")
    assert len(statements) == 4


# --- fact files: no forged answers through #show, no ignored #program parts (S7) -------------

@pytest.mark.parametrize("show", [
    "#show X : aux(X).",                 # the reported form
    "#show -X : aux(X).",                # classical negation of a variable
    "#show (f(X);X) : aux(X).",          # a pool with a variable in it
    "#show X+0 : aux(X).",               # an expression
    "#show @f(X) : aux(X).",             # an external call's value
])
def test_a_show_term_without_a_fixed_predicate_is_refused(show):
    text = 'aux(may_cast(alice,o1,1,forged)).\naux(cites(may_cast(alice,o1,1,forged),"999.9z")).\n' + show
    with pytest.raises(FactFileError) as info:
        parse_fact_text(text, "foundation/show.lp", allow_scripts=True)  # refused even with scripts allowed
    assert (info.value.line, info.value.column) == (3, 1)
    assert "#show" in info.value.message


def test_a_show_term_of_a_users_own_predicate_is_accepted_and_a_derived_one_refused():
    assert len(parse_fact_text("aux(a).\n#show f(X) : aux(X).\n#show aux/1.\n", "ok.lp")) == 4
    with pytest.raises(FactFileError, match="may_cast/4 is derived"):
        parse_fact_text("aux(a).\n#show may_cast(X,X,1,X) : aux(X).\n", "bad.lp")


def test_solve_refuses_a_fact_file_that_shows_forged_answers(tmp_path, capsys):
    path = tmp_path / "forge.lp"
    path.write_text("player(alice).\naux(may_cast(alice,o1,1,forged)).\n#show X : aux(X).\n", encoding="utf-8")
    assert main(["solve", str(path)]) == 2
    captured = capsys.readouterr()
    assert "forged" not in captured.out
    assert captured.err.startswith(f"pyrules: error: {path}:3:1: #show")


def test_a_program_part_that_would_never_be_grounded_is_refused():
    with pytest.raises(FactFileError) as info:
        parse_fact_text("player(alice).\n#program later.\nplayer(bob).\n", "prog.lp")
    assert (info.value.line, info.value.column) == (2, 1) and "ignored" in info.value.message
    assert len(parse_fact_text("#program base.\nplayer(bob).\n", "base.lp")) == 3


# --- fact files: many facts, many misspelt predicates (H2, H3) --------------------------------

def test_fifty_thousand_facts_are_checked_in_well_under_a_second(tmp_path):
    path = tmp_path / "many.lp"
    path.write_text("".join(f"player(p{i}).\n" for i in range(50_000)), encoding="utf-8")
    parse_fact_text("player(a).", "warm.lp")  # the rule base's predicates are read once per process
    start = time.perf_counter()
    statements = read_fact_file(path)
    warnings = unknown_predicate_warnings([(str(path), statements)])
    took = time.perf_counter() - start
    print(f"50,000 facts read and checked in {took:.2f} s", file=sys.stderr)
    assert len(statements) == 50_001 and warnings == []
    assert took < 3  # about 0.5 s on an idle core; generous for a shared CI machine


def test_thousands_of_misspelt_predicates_give_a_bounded_list_of_warnings(tmp_path):
    path = tmp_path / "typos.lp"
    path.write_text("".join(f"plyer{i}(a).\n" for i in range(3000)), encoding="utf-8")
    start = time.perf_counter()
    warnings = unknown_predicate_warnings([(str(path), read_fact_file(path))])
    took = time.perf_counter() - start
    print(f"3,000 unknown predicates warned about in {took:.2f} s", file=sys.stderr)
    assert len(warnings) == 21
    assert warnings[0].startswith(f"{path}:1:1: warning: plyer0/1 is read by no rule")
    assert warnings[-1] == "warning: ... and 2980 more predicate(s) read by no rule (first 20 listed)"
    assert took < 3


# --- the time limit covers reading, checking and explaining (H1) ------------------------------

def test_checking_stops_at_an_expired_deadline(tmp_path):
    path = tmp_path / "f.lp"
    path.write_text("player(alice).\n", encoding="utf-8")
    deadline = Deadline(0.001)
    time.sleep(0.01)
    with pytest.raises(TimeLimitReached):
        read_fact_file(path, deadline=deadline)


def test_a_time_limit_handed_on_is_never_zero():
    # A check and then remaining() may see the limit pass in between and hand on 0 s (no limit, or
    # a ValueError of the solver); left() reads the clock once.
    deadline = Deadline(0.001)
    time.sleep(0.01)
    with pytest.raises(TimeLimitReached, match="time limit of 0.001 s reached while solving"):
        deadline.left("solving")
    assert 0 < Deadline(60).left("solving") <= 60


def test_explaining_an_inconsistent_state_stays_within_the_time_limit(tmp_path, capsys):
    # `ok` is a fact (guarded in the explanation), so `not ok` stays open while the core is
    # sought: 160,000 ground rules of q/2, far more than the limit allows explaining.
    path = tmp_path / "unsat.lp"
    path.write_text("player(alice).\nok.\n:- ok.\n" + "".join(f"p({i}).\n" for i in range(400))
                    + "q(X,Y) :- p(X), p(Y), not ok.\n", encoding="utf-8")
    start = time.monotonic()
    code = main(["solve", "--time-limit", "3", str(path)])
    took = time.monotonic() - start
    print(f"inconsistent state answered in {took:.1f} s under --time-limit 3", file=sys.stderr)
    captured = capsys.readouterr()
    out = captured.out
    assert code == 1 and took < 3 + 5, (code, took, out, captured.err)
    assert "could not be explained" not in captured.err, captured.err
    assert out.startswith(("inconsistent state", "unknown (time limit of 3 s reached)"))
    if out.startswith("inconsistent"):
        assert "time limit" in out.splitlines()[-1] or "fact: ok" in out


def test_an_inconsistent_state_is_still_explained_when_the_limit_leaves_time(tmp_path, capsys):
    path = tmp_path / "bad.lp"
    path.write_text("object(o). in_zone(o, hand).\n:- in_zone(o, hand).\n", encoding="utf-8")
    assert main(["solve", "--time-limit", "60", str(path)]) == 1
    assert capsys.readouterr().out.splitlines()[1:] == ["  fact: in_zone(o,hand)"]


def test_json_solve_reports_unknown_when_the_limit_passes_while_reading(tmp_path, capsys, monkeypatch):
    path = tmp_path / "f.lp"
    path.write_text("player(alice).\n", encoding="utf-8")
    import pyrules.solving.deadline as deadline_module

    monkeypatch.setattr(deadline_module.Deadline, "expired", lambda self: True)
    assert main(["solve", "--json", str(path)]) == 1
    assert json.loads(capsys.readouterr().out) == {"status": "unknown", "answers": []}


# --- fact files: any text is accepted or refused with a location, never a crash ---------------

_ASP_PIECES = st.sampled_from([
    "p", "q", "player", "may_cast", "X", "Y", "_", "(", ")", ",", ".", ":-", ":", ";", "not ", "-", "+",
    "*", "..", "#show", "#program", "#external", "#const", "#minimize", "{", "}", "[", "]", "@", "1", "0",
    '"é"', '"a\\"b"', "%é\n", "%*x*%", "\n", " ", "|", "&", "~", "#include", "#script", "plàyer", "ü",
    "\u2028", "\t", "=", "!=", "<", "#count", "#sum", "'", "a'", "#defined", "cites", "#end", "#end.",
    "#script (python)", " (lua) "])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pieces=st.lists(_ASP_PIECES, max_size=40))
def test_any_fact_text_is_parsed_or_refused_with_a_location_never_a_crash(pieces):
    # A clingo PANIC would abort this whole test process; a RecursionError or UnicodeError fails it.
    text = "".join(pieces)
    for allow_scripts in (False, True):
        try:
            parse_fact_text(text, "fuzz.lp", allow_scripts=allow_scripts)
        except FactFileError as err:
            assert err.source == "fuzz.lp" and "\n" not in str(err)


# --- grounding errors of fact files (issue 12 fuzz finding: clingo's info message about
# state_error/1 was taken for the error, and the error named "grounding", not the file) ------

_GROUNDING_ERRORS = [
    ("p(X).", "unsafe variables"),
    ("q(Y) :- player(alice).", "unsafe variables"),
    ("r(X) :- not player(X).", "unsafe variables"),
    ("s(X) :- X < 3.", "unsafe variables"),
    ("{ u(X) } :- player(Y).", "unsafe variables"),
]


@pytest.mark.parametrize("bad, what", _GROUNDING_ERRORS)
@pytest.mark.parametrize("position", ["only file", "first of two", "second of two"])
def test_a_grounding_error_names_the_fact_file_and_line_never_an_info_message(tmp_path, capsys, bad, what,
                                                                              position):
    good = tmp_path / "good.lp"
    good.write_text("player(alice).\nactive_player(alice).\n", encoding="utf-8")
    broken = tmp_path / "broken.lp"
    broken.write_text(f"object(o1).\n{bad}\n", encoding="utf-8")
    files = {"only file": [broken], "first of two": [broken, good], "second of two": [good, broken]}[position]
    code = main(["solve", "--time-limit", "20", *map(str, files)])
    err = capsys.readouterr().err
    errors = [line for line in err.splitlines() if line.startswith("pyrules: error:")]
    assert code == 2 and len(errors) == 1, err
    assert errors[0].startswith(f"pyrules: error: {broken}:2:1: {what}"), errors[0]
    assert "info:" not in errors[0] and "grounding:" not in errors[0]


# --- a file name with a NUL names no file: refused by name (issue 12 fuzz finding) -----------

@pytest.mark.parametrize("kind", LOADERS)
def test_a_file_name_with_a_nul_is_refused_by_every_loader_with_its_name(tmp_path, kind):
    load, error, suffix = LOADERS[kind]
    with pytest.raises(error) as info:
        load(str(tmp_path / f"in{suffix}\0x"))
    assert "NUL" in info.value.message and str(info.value).startswith(f"{tmp_path}/in{suffix}\\x00x: ")


def test_a_scenario_card_file_name_with_a_nul_is_refused_at_its_line(tmp_path):
    path = tmp_path / "s.toml"
    path.write_text('# cards\n\ncards = ["cards.json\\u0000x"]\n[[players]]\nplayer = "alice"\n', encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert (info.value.source, info.value.line) == (str(path), 3) and "NUL" in info.value.message


# --- the fast path for plain facts reads strings too (issue 12 fuzz finding: 200,000 facts with
# a card name took 7 s of CPU in the checks) -----------------------------------------------------

_FACT_STRINGS = st.text(st.sampled_from('ab,()."\\;{}[] :-%\n'), max_size=8)


@settings(max_examples=300, deadline=None)
@given(args=st.lists(st.one_of(_FACT_STRINGS, st.sampled_from(["o1", "7", "-2", "f(x)", "1..3", "X"])),
                     min_size=0, max_size=4),
       negated=st.booleans(), body=st.sampled_from(["", " :- player(a)"]))
def test_a_facts_signature_on_the_fast_path_is_the_one_its_syntax_tree_gives(args, negated, body):
    from pyrules.inputs.fact_files import _fact_signature, asserted_signatures

    terms = [a if a in ("o1", "7", "-2", "f(x)", "1..3", "X") else '"' + a.replace("\\", "\\\\").replace('"', '\\"')
             .replace("\n", "\\n") + '"' for a in args]
    text = ("-" if negated else "") + "q" + (f"({','.join(terms)})" if terms else "") + body + "."
    (stm,) = [s for s in parse_fact_text(text, "f.lp") if s.ast_type.name != "Program"]
    fast = _fact_signature(stm)
    if fast is not None:
        assert [fast] == [sig for sig, _ in asserted_signatures(stm)]
    assert fast is None or body == ""


def test_two_hundred_thousand_facts_with_card_names_are_checked_in_a_few_seconds(tmp_path):
    path = tmp_path / "many.lp"
    path.write_text("".join(f'object(x{i}). object_card(x{i}, "Shock, the \\"Bolt\\"").\n' for i in range(100_000)),
                    encoding="utf-8")
    parse_fact_text("player(a).", "warm.lp")
    start = time.process_time()
    statements = read_fact_file(path)
    took = time.process_time() - start
    print(f"200,000 facts with strings read and checked in {took:.2f} s of CPU", file=sys.stderr)
    assert len(statements) == 200_001 and statements.asserted.keys() == {("object", 1), ("object_card", 2)}
    assert took < 10  # about 1.6 s once; 4.5-5 s on 2026-12-02 (1eb0151 4.47 s, HEAD 4.96 s alone; 6.2 s in a full run); 7 s then, before strings took the fast path


@settings(max_examples=60, deadline=None)
@given(label=st.text(min_size=1, max_size=30))
def test_unknown_predicate_warnings_are_one_line_whatever_the_file_name(label):
    # A fact file's name may hold a newline (and a would-be directive after it): each warning about a
    # misspelt predicate still prints as exactly one line, naming the file with the newline escaped.
    from pyrules.inputs.fact_files import parse_fact_text, unknown_predicate_warnings

    warnings = unknown_predicate_warnings([(label, parse_fact_text("in_zonee(o1).\n", "f.lp"))])
    assert len(warnings) == 1
    assert "\n" not in warnings[0] and "\r" not in warnings[0]
    assert "in_zonee/1 is read by no rule" in warnings[0]
