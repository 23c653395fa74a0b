"""Card data and CR documents of any shape (issue 12: classes S2, C3-C7, L2, D2, D4).

Per class, what must hold for every input, not only the reproducer files:

- C3/C5/C7/L2, card JSON: any value in any field (null, booleans, integers of any size, strings
  with lone surrogates, lists, objects, lists nested hundreds deep) either loads — every record
  a card, every unreadable field a Problem (``card_unparsed``) — or is refused with a
  CardTextError naming the file and the record's index (and its name when it has one). No other
  exception, from ``load_cards``, ``card_facts`` or ``pyrules cards parse``.
- C4/D2, numbers: a printed power/toughness is a ``face_power``/``face_toughness`` number, a
  star value of 208.2 (no fact, as before), or ``card_unparsed``; never nothing. A mana symbol's
  number beyond clingo's 32 bits is ``card_unparsed``.
- C6, deep nesting: refused with an error, or read; the coverage workers get every record.
- S2, the card cache: a planted, corrupt, oversized or foreign file runs nothing and is rebuilt.
- D4, the CR: a rule number printed twice keeps both texts in ``cr parse --format json`` and is a
  ``cr check`` finding with its line.

The hypothesis tests run a few hundred examples (a few seconds); for a longer run set
``PYRULES_LONG_FUZZ_EXAMPLES`` (examples per test), e.g.
``PYRULES_LONG_FUZZ_EXAMPLES=5000 pytest tests/test_card_input_robustness.py``.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import pickle
import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyrules.cli import main
from pyrules.errors import CardTextError
from pyrules.facts.card_facts import card_facts
from pyrules.inputs.card_cache import CardCache, grammar_hash, record_key
from pyrules.inputs.cards import cards_from_text, load_cards


def _examples(default: int) -> int:
    return int(os.environ.get("PYRULES_LONG_FUZZ_EXAMPLES") or default)


def _settings(default: int):
    return settings(max_examples=_examples(default), deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _run_cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


# ----------------------------------------------------------------------------------------------
# Values of every JSON type

_SURROGATE_TEXT = st.sampled_from(["\ud800", "Sh\udfffock", "\udc00", "a\ud83d"])
_TEXT = st.one_of(st.text(max_size=12), _SURROGATE_TEXT,
                  st.sampled_from(["{R}", "{2147483648}", "Instant", "Creature — Bear", "3", "*", "1+*",
                                   "∞", "3.5", "+1", "Flying", "normal", "split", "playtest"]))
_INTS = st.one_of(st.integers(-5, 20), st.sampled_from([2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 10 ** 40,
                                                        -(10 ** 4000), 10 ** 4200]))
_SCALARS = st.one_of(st.none(), st.booleans(), _INTS, st.floats(allow_nan=False, allow_infinity=False), _TEXT)


def _nested(depth: int):
    value: object = []
    for _ in range(depth):
        value = [value]
    return value


_JSON_VALUES = st.one_of(
    _SCALARS,
    st.recursive(_SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                   st.dictionaries(st.text(max_size=6), inner, max_size=3)),
                 max_leaves=6),
    st.lists(st.one_of(st.none(), _INTS, _TEXT, st.just({})), min_size=1, max_size=3),
    st.integers(1, 600).map(_nested),
)


def _paths(value, prefix=()):
    """Every key/index path of a record, to depth 3 (the fields the loaders read, and others)."""
    out = []
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value[:2])
    else:
        return out
    for k, v in items:
        out.append((*prefix, k))
        if len(prefix) < 2:
            out += _paths(v, (*prefix, k))
    return out


def _replace(record, path, value):
    target = record
    for k in path[:-1]:
        try:
            target = target[k]
        except (KeyError, IndexError, TypeError):
            return
    if isinstance(target, dict) or isinstance(target, list) and isinstance(path[-1], int) and path[-1] < len(target):
        target[path[-1]] = value


def _v5(rec: dict) -> dict:
    """A Scryfall record in MTGJSON v5's field names (the data holds no v5 file)."""
    out = {"name": rec["name"], "layout": rec.get("layout", "normal")}
    faces = rec.get("card_faces")
    if faces:
        out["faces"] = [{"faceName": f["name"], "manaCost": f.get("mana_cost"), "type": f.get("type_line"),
                         "text": f.get("oracle_text")} for f in faces]
    else:
        out.update({"manaCost": rec.get("mana_cost"), "type": rec.get("type_line"), "text": rec.get("oracle_text"),
                    "power": rec.get("power"), "toughness": rec.get("toughness")})
    return out


_REAL_NAMES = ("Shock", "Grizzly Bears", "Fire // Ice", "Tarmogoyf")


@pytest.fixture(scope="module")
def real_records(oracle_records, cards_dir):
    """Real records: Scryfall (the Oracle files), the same in v5 field names, MTGJSON v3 (APC)."""
    scryfall = [copy.deepcopy(oracle_records[n]) for n in _REAL_NAMES]
    apc = json.loads((cards_dir / "mtgjson3-sets" / "APC.json").read_text(encoding="utf-8"))
    v3 = [c for c in apc["cards"] if c["name"] in ("Fire", "Ice", "Goblin Legionnaire")]
    assert len(v3) == 3
    return {"scryfall": scryfall, "v5": [_v5(r) for r in scryfall], "v3": v3}


def _write_json(data) -> Path:
    fd, name = tempfile.mkstemp(suffix=".json", prefix="cards-")
    with os.fdopen(fd, "w", encoding="ascii") as fh:
        json.dump(data, fh)  # ensure_ascii: lone surrogates are written as \ud800 escapes
    return Path(name)


_TEXT_FIELDS = {"mana_cost", "type_line", "oracle_text"}
_PRINTED_FIELDS = {"power", "toughness", "loyalty", "defense"}


def _is_unicode(s: str) -> bool:
    try:
        s.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


def _wrong_type(field: str, value) -> bool:
    """What the Scryfall schema says of a top-level face field: text fields hold Unicode strings,
    printed values strings or integers; null is absent."""
    if value is None:
        return False
    if isinstance(value, str):
        return not _is_unicode(value)
    if field in _PRINTED_FIELDS:
        return not isinstance(value, int) or isinstance(value, bool)
    return True


@_settings(250)
@given(fmt=st.sampled_from(["scryfall", "v5", "v3"]), which=st.integers(0, 3), position=st.integers(0, 2),
       data=st.data())
def test_card_records_with_any_json_values_load_or_are_refused_naming_file_and_record(
        real_records, fmt, which, position, data):
    base = real_records[fmt]
    rec = copy.deepcopy(base[which % len(base)])
    changes = data.draw(st.lists(st.tuples(st.sampled_from(_paths(rec)), _JSON_VALUES), min_size=1, max_size=3))
    for path, value in changes:
        _replace(rec, path, value)
    others = [copy.deepcopy(r) for i, r in enumerate(base) if i != which % len(base)][:2]
    records = others[:position] + [rec] + others[position:]
    path = _write_json({"name": "Apocalypse", "cards": records} if fmt == "v3" else records)
    try:
        try:
            cards = load_cards(path)
        except CardTextError as err:
            message = str(err)
            assert _is_unicode(message)  # printable on one line
            assert err.source == str(path) and message.startswith(f"{path}: ")
            if "JSON" not in message:  # a whole-file JSON error has line and column instead
                index = position
                assert f"record {index}" in message or fmt == "v3" and "record " in message, message
                name = rec.get("name") if isinstance(rec, dict) else None
                if fmt != "v3" and isinstance(name, str) and _is_unicode(name) and name and name[:80].isprintable():
                    # (a name with control characters is shown escaped, "\x7f": checked by _is_unicode above)
                    assert json.dumps(name[:80], ensure_ascii=False) in message
            return
        # Loaded: no record dropped, every face field of the wrong type kept as a Problem.
        if fmt != "v3":
            assert len(cards) == len(records)
            card = cards[position]
            if fmt == "scryfall" and not rec.get("card_faces"):
                for field in _TEXT_FIELDS | _PRINTED_FIELDS:
                    if _wrong_type(field, rec.get(field)):
                        assert any(p.field == field for p in card.problems), (field, rec.get(field))
        for card in cards:
            facts = card_facts(card)
            assert facts and all(_is_unicode(str(s)) for s in facts)
            assert all(_is_unicode(p.text) and _is_unicode(p.message) for p in card.problems)
        code, out, err_text = _run_cli("cards", "parse", "--no-cache", str(path))
        assert code == 0 and "card(" in out and err_text == ""
    finally:
        path.unlink()


@_settings(60)
@given(bad=_JSON_VALUES, field=st.sampled_from(["name", "card_faces", "promo_types", "layout", "mana_cost"]))
def test_cards_parse_reports_each_refused_record_and_prints_the_others(real_records, bad, field):
    shock, bears = (copy.deepcopy(r) for r in real_records["scryfall"][:2])
    shock[field] = bad
    path = _write_json([bears, shock, bears])
    try:
        code, out, err = _run_cli("cards", "parse", "--no-cache", str(path))
        assert "internal error" not in err and "Traceback" not in err
        assert out.count('card("Grizzly Bears").') == 2  # the good records are never lost
        if code == 2:
            (line,) = err.splitlines()
            assert line.startswith(f"pyrules: error: {path}: record 1")
        else:
            assert code == 0 and err == ""
    finally:
        path.unlink()


def test_refused_record_error_names_file_index_name_and_field(tmp_path, real_records):
    shock = copy.deepcopy(real_records["scryfall"][0])
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([real_records["scryfall"][1], real_records["scryfall"][1], {**shock, "card_faces": 7},
                                {"nome": "B"}]), encoding="utf-8")
    with pytest.raises(CardTextError) as err:
        load_cards(path)
    assert str(err.value) == f'{path}: record 2 ("Shock"): card_faces must be a list of objects, not int'
    code, out, text = _run_cli("cards", "parse", "--no-cache", str(path))
    assert code == 2 and out.count('card("Grizzly Bears").') == 2
    assert text.splitlines() == [
        f'pyrules: error: {path}: record 2 ("Shock"): card_faces must be a list of objects, not int',
        f'pyrules: error: {path}: record 3: no "name" (a card record needs the card\'s name, a string)']
    v3 = tmp_path / "set.json"
    v3.write_text(json.dumps({"name": "Apocalypse", "cards": [*real_records["v3"], {"name": "A", "names": [["A"]]}]}),
                  encoding="utf-8")
    with pytest.raises(CardTextError, match=r'record 3 \("A"\): names must be a list of strings, not a list whose '
                                            r'item 0 is a list'):
        load_cards(v3)
    # the set itself loads: the split card from its two face records, the creature alone
    v3.write_text(json.dumps({"name": "Apocalypse", "cards": real_records["v3"]}), encoding="utf-8")
    assert sorted(c.name for c in load_cards(v3)) == ["Fire // Ice", "Goblin Legionnaire"]


def test_text_field_of_the_wrong_type_is_card_unparsed_and_the_card_kept(tmp_path, real_records):
    bears = copy.deepcopy(real_records["scryfall"][1])
    bears.update(oracle_text=["Trample"], power=2.5, toughness=2, type_line="Creature — Be\udc00ar")
    path = _write_json([bears])
    try:
        (card,) = load_cards(path)
    finally:
        path.unlink()
    assert {(p.field, p.text) for p in card.problems} >= {("oracle_text", "<a list>"), ("power", "2.5"),
                                                          ("type_line", "Creature — Be\\udc00ar")}
    facts = {str(s) for s in card_facts(card)}
    assert 'face_toughness("Grizzly Bears",1,2)' in facts  # an integer toughness is read (MTGJSON v3 style)
    assert 'card_unparsed("Grizzly Bears",1,power,"2.5")' in facts
    assert 'card_unparsed("Grizzly Bears",1,oracle_text,"<a list>")' in facts
    assert not any(f.startswith("face_power(") or f.startswith("face_card_type(") for f in facts)


def test_lone_surrogate_in_a_name_refuses_the_record_with_a_printable_message(tmp_path):
    path = tmp_path / "s.json"
    path.write_text('[{"name": "Shock", "type_line": "Instant"}, {"name": "\\ud800x", "type_line": "Instant"}]',
                    encoding="utf-8")
    with pytest.raises(CardTextError) as err:
        load_cards(path)
    assert str(err.value) == (f"{path}: record 1: name must be a text string, not a string holding the lone "
                              "surrogate U+D800")
    path.write_text('[{"name": "Sh\\u0000ock", "type_line": "Instant"}]', encoding="utf-8")
    with pytest.raises(CardTextError, match="record 0: name must be a text string, not a string holding a NUL"):
        load_cards(path)  # a clingo string ends at the NUL: it would be the card "Sh"


# ----------------------------------------------------------------------------------------------
# C5, C6: integers of thousands of digits, deep nesting


def test_integer_literal_of_thousands_of_digits_is_refused_with_line_and_column(tmp_path):
    path = tmp_path / "big.json"
    path.write_text('[{"name": "A",\n "type_line": "Creature", "power": ' + "9" * 5000 + "}]", encoding="utf-8")
    with pytest.raises(CardTextError) as err:
        load_cards(path)
    assert (err.value.line, err.value.column) == (2, 36)
    assert "more than 4300 digits" in err.value.message
    code, _, text = _run_cli("cards", "coverage", "--quiet", "--no-cache", "--workers", "1", str(path))
    assert code == 2 and text.startswith(f"pyrules: error: {path}:2:36: ")


@pytest.mark.parametrize("depth", [50, 600, 5000, 100_000])
def test_deep_nesting_is_read_or_refused_never_a_recursion_error(tmp_path, depth):
    path = tmp_path / "deep.json"
    path.write_text('[{"name": "Shock", "type_line": "Instant", "extra": ' + "[" * depth + "]" * depth + "}]",
                    encoding="utf-8")
    if depth < 900:
        assert [c.name for c in load_cards(path)] == ["Shock"]
    else:
        with pytest.raises(CardTextError, match="nested too deeply"):
            load_cards(path)
    code, out, err = _run_cli("cards", "parse", "--no-cache", str(path))
    assert (code, "internal error" in err) == ((0, False) if depth < 900 else (2, False))


def test_coverage_workers_read_records_nested_deeper_than_pickle_writes(tmp_path):
    # 600 levels: json reads it, pickle (the process pool's transport) cannot write it.
    deep = "[" * 600 + "]" * 600
    path = tmp_path / "pool.json"
    path.write_text("[" + ",".join(f'{{"name": "C{i}", "type_line": "Instant", "x": {deep}}}' for i in range(450))
                    + "]", encoding="utf-8")
    code, out, err = _run_cli("cards", "coverage", "--json", "--quiet", "--no-cache", "--workers", "2", str(path))
    assert code == 0, err
    assert json.loads(out)["cards"] == 450


# ----------------------------------------------------------------------------------------------
# C4, D2: printed numbers


_STAR = re.compile(r"([0-9]+[+-])?\*([+-][0-9]+)?\Z")
_PT_TEXT = st.one_of(st.text(alphabet="0123456789+-−*.½∞?²X", min_size=1, max_size=6),
                     st.integers(-(10 ** 12), 10 ** 12).map(str), st.integers(1, 40).map(lambda n: "9" * n),
                     st.just("9" * 5000), st.text(min_size=1, max_size=4))


def _pt_facts(card) -> dict[str, tuple[list, list]]:
    facts = card_facts(card)
    out = {}
    for which in ("power", "toughness"):
        numbers = [s.arguments[2].number for s in facts if s.name == f"face_{which}"]
        unparsed = [s.arguments[3].string for s in facts if s.name == "card_unparsed"
                    and s.arguments[2].name == which]
        out[which] = (numbers, unparsed)
    return out


def _expect_pt(value: str, numbers: list, unparsed: list) -> None:
    text = value.replace("−", "-")
    if _STAR.match(text):  # 208.2: set by a characteristic-defining ability (604.3), no printed value
        assert numbers == [] and unparsed == []
    elif re.fullmatch(r"-?[0-9]+", text) and len(text) < 20 and -(2 ** 31) <= int(text) <= 2 ** 31 - 1:
        assert numbers == [int(text)] and unparsed == []
    else:  # the text as given; a NUL or a lone surrogate (no clingo string holds one) escaped
        shown = value if _is_unicode(value) and "\x00" not in value else \
            value.replace("\x00", "\\x00").encode("utf-8", "backslashreplace").decode()
        assert numbers == [] and unparsed == [shown]


@_settings(300)
@given(power=_PT_TEXT, toughness=_PT_TEXT)
def test_printed_power_toughness_is_a_number_a_star_value_or_card_unparsed(power, toughness):
    from pyrules.inputs.cards import cards_from_json

    (card,) = cards_from_json({"name": "Giant", "type_line": "Creature — Giant", "power": power,
                               "toughness": toughness})
    got = _pt_facts(card)
    _expect_pt(power, *got["power"])
    _expect_pt(toughness, *got["toughness"])


@_settings(150)
@given(power=st.text(alphabet="0123456789+-−*X", min_size=1, max_size=14),
       toughness=st.one_of(st.integers(0, 10 ** 15).map(str), st.just("9" * 5000)))
def test_plain_text_card_power_toughness_is_a_number_a_star_value_or_card_unparsed(power, toughness):
    (card,) = cards_from_text(f"Giant\n{{G}}\nCreature — Giant\n{power}/{toughness}\n")
    got = _pt_facts(card)
    _expect_pt(power, *got["power"])
    _expect_pt(toughness, *got["toughness"])


@_settings(150)
@given(amount=st.one_of(st.integers(0, 2 ** 31 + 10), st.integers(0, 10 ** 30), st.just(10 ** 4200)),
       hybrid=st.booleans())
def test_mana_symbol_number_beyond_32_bits_is_card_unparsed(amount, hybrid):
    from pyrules.inputs.cards import cards_from_json

    cost = f"{{{amount}/W}}{{R}}" if hybrid else f"{{R}}{{{amount}}}"
    (card,) = cards_from_json({"name": "Cost", "type_line": "Instant", "mana_cost": cost})
    facts = card_facts(card)
    symbols = [s.arguments[3] for s in facts if s.name == "face_mana_symbol"]
    unparsed = [s for s in facts if s.name == "card_unparsed" and s.arguments[2].name == "mana_cost"]
    if amount <= 2 ** 31 - 1:
        assert unparsed == [] and [s.arguments[0].number for s in symbols
                                   if s.name in ("generic", "monocolored_hybrid")] == [amount]
    else:
        assert symbols == [] and [u.arguments[3].string for u in unparsed] == [cost]
        assert "2147483647" in card.problems[0].message


def test_pt_reproducer_values_give_facts_or_card_unparsed():
    from pyrules.inputs.cards import cards_from_json

    cards = list(cards_from_json([{"name": "Inf", "type_line": "Creature — Elemental", "power": "∞",
                                   "toughness": "3.5"},
                                  {"name": "Goyf", "type_line": "Creature", "power": "*", "toughness": "1+*"},
                                  {"name": "Aug", "type_line": "Creature", "power": "+1", "toughness": "−1"}]))
    assert [_pt_facts(c) for c in cards] == [
        {"power": ([], ["∞"]), "toughness": ([], ["3.5"])},
        {"power": ([], []), "toughness": ([], [])},        # 208.2a: Tarmogoyf's */1+*
        {"power": ([], ["+1"]), "toughness": ([-1], [])}]


# ----------------------------------------------------------------------------------------------
# S2: the card cache


_MARKER = Path(tempfile.gettempdir()) / "pyrules-test-cache-code-ran"


class _Planted:
    def __reduce__(self):
        return (os.system, (f"touch {_MARKER}",))


def _planted_files(directory: Path, kind: str, how: str) -> Path:
    path = directory / f"cards-{grammar_hash()}-{kind}.json"
    directory.mkdir(parents=True, exist_ok=True)
    if how == "pickle":
        path.write_bytes(pickle.dumps(_Planted()))
    elif how == "pickle-after-header":
        body = pickle.dumps(_Planted())
        header = {"format": "pyrules-card-cache", "version": 1, "grammar": grammar_hash(), "kind": kind}
        path.write_bytes(json.dumps(header).encode() + b"\n" + body)
    elif how == "old-pickle-name":
        (directory / f"cards-{grammar_hash()}.pickle").write_bytes(pickle.dumps(_Planted()))
        return path
    elif how == "garbage":
        path.write_bytes(os.urandom(3000))
    elif how == "fifo":
        os.mkfifo(path)
    elif how == "symlink":
        path.symlink_to("/dev/zero")
    elif how == "deep":
        path.write_bytes(b"[" * 100_000)
    if path.exists() and not path.is_symlink() and not path.is_fifo():
        path.chmod(0o600)
    return path


@pytest.mark.parametrize("how", ["pickle", "pickle-after-header", "old-pickle-name", "garbage", "fifo", "symlink",
                                 "deep"])
def test_planted_cache_file_runs_nothing_and_is_rebuilt(tmp_path, real_records, how):
    _MARKER.unlink(missing_ok=True)
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps(real_records["scryfall"]), encoding="utf-8")
    cache_dir = tmp_path / "cache"
    path = _planted_files(cache_dir, "lp", how)
    fresh = _run_cli("cards", "parse", "--no-cache", str(cards))
    code, out, err = _run_cli("cards", "parse", "--cache", str(cache_dir), str(cards))
    assert not _MARKER.exists()
    assert (code, out) == (0, fresh[1])
    if how != "old-pickle-name":
        assert err.startswith(f"pyrules: warning: ignored the card cache file {path}: ") and err.count("\n") == 1
    # rebuilt: a valid file now, read by the next run without a warning, every record a hit
    assert path.is_file() and not path.is_symlink() and path.stat().st_mode & 0o077 == 0
    cache = CardCache(cache_dir, warn=pytest.fail)
    assert all(cache.get("lp", record_key(r)) for r in real_records["scryfall"]) and cache.misses == 0
    assert _run_cli("cards", "parse", "--cache", str(cache_dir), str(cards)) == (0, fresh[1], "")
    assert not [p.name for p in cache_dir.iterdir() if p.name.endswith(".tmp")]  # writes are atomic
    assert not _MARKER.exists()


def test_corrupt_oversized_or_foreign_cache_files_are_ignored_with_a_warning(tmp_path, monkeypatch):
    key = "ab" * 20
    cache = CardCache(tmp_path)
    cache.put("lp", key, 'card("X").\n')
    cache.save()
    path = cache.path("lp")
    good = path.read_bytes()
    cases = {
        "its digest does not match": good[:-5] + b"x" + good[-4:],             # one byte changed
        "an entry is not": None,                                              # a value of the wrong type
        "not a card cache file of this grammar": good.replace(grammar_hash().encode(), b"0" * 16, 1),
        "writable by other users": good,
    }
    header, body = good.split(b"\n", 1)
    import hashlib
    wrong = json.dumps({key: 5}).encode()
    cases["an entry is not"] = header.replace(json.loads(header)["blake2b"].encode(),
                                              hashlib.blake2b(wrong).hexdigest().encode()) + b"\n" + wrong
    for reason, content in cases.items():
        path.write_bytes(content)
        path.chmod(0o666 if reason.startswith("writable") else 0o600)
        warnings: list[str] = []
        assert CardCache(tmp_path, warn=warnings.append).get("lp", key) is None
        assert len(warnings) == 1 and reason in warnings[0], (reason, warnings)
    path.write_bytes(good)
    path.chmod(0o600)
    assert CardCache(tmp_path, warn=pytest.fail).get("lp", key) == 'card("X").\n'
    monkeypatch.setattr(CardCache, "MAX_BYTES", len(good) - 1)
    warnings = []
    assert CardCache(tmp_path, warn=warnings.append).get("lp", key) is None
    assert "larger than" in warnings[0]


# ----------------------------------------------------------------------------------------------
# D4: a rule number printed twice


_CR = """Magic: The Gathering Comprehensive Rules

These rules are effective as of April 17, 2026.

Introduction

Intro.

Contents

1. Game Concepts
100. General
Glossary
Credits

1. Game Concepts

100. General

{rules}

Glossary

Game
See rule 100.1.

Credits

Someone
"""


@_settings(25)
@given(n=st.integers(2, 6), twice=st.data())
def test_cr_rule_printed_twice_keeps_both_texts_in_json_and_is_a_check_finding(tmp_path_factory, n, twice):
    from pyrules.inputs import comprehensive_rules as crmod
    from pyrules.checks import cr_document
    from pyrules.parser.comprehensive_rules import parse_comprehensive_rules

    numbers = [f"100.{i}." for i in range(1, n + 1)]
    rules = [f"{num} Rule text number {i}." for i, num in enumerate(numbers, 1)]
    k = twice.draw(st.integers(0, n - 1))
    at = twice.draw(st.integers(k + 1, n))
    rules.insert(at, f"{numbers[k]} A second text for {numbers[k]}")
    text = _CR.format(rules="\n\n".join(rules))
    doc = parse_comprehensive_rules(text, "dup.txt")
    lines = text.split("\n")
    first = lines.index(rules[k]) + 1
    second = lines.index(rules[at]) + 1
    data = crmod.cr_json(doc)
    number = numbers[k].rstrip(".")
    assert data["duplicates"] == [{"number": number, "line": second, "text": f"A second text for {numbers[k]}",
                                   "examples": [], "first_line": first, "first_text": f"Rule text number {k + 1}."}]
    assert data["counts"]["duplicates"] == 1
    (finding,) = [f for f in cr_document.check_document(doc) if f.kind == "duplicate_number"]
    assert (finding.rule, finding.line, finding.severity, finding.detail) == (number, second, "error", str(first))


def test_cr_cli_shows_a_duplicated_real_rule_in_json_and_check(tmp_path, cr_newest):
    text = cr_newest.read_text(encoding="utf-8-sig")
    start = text.index("702.19a Trample is a static ability")
    end = text.index("\n", start)
    line = text.count("\n", 0, start) + 1
    path = tmp_path / "cr.txt"
    path.write_text(text[:end] + "\n\n702.19a A second 702.19a, printed by mistake." + text[end:], encoding="utf-8")
    code, out, err = _run_cli("cr", "parse", "--format", "json", str(path))
    assert code == 0, err
    (d,) = json.loads(out)["duplicates"]
    assert (d["number"], d["line"], d["text"], d["first_line"]) == (
        "702.19a", line + 2, "A second 702.19a, printed by mistake.", line)
    assert d["first_text"].startswith("Trample is a static ability")
    code, out, err = _run_cli("cr", "check", str(path))
    assert code == 1
    assert f"{path}:{line + 2}: error: rule number 702.19a is printed more than once (first at line {line}) " \
           "[duplicate_number]" in out.splitlines()


def test_card_checks_workers_read_records_nested_deeper_than_pickle_writes(tmp_path, cr_newest):
    from pyrules.checks.card_checks import check_cards
    from pyrules.inputs.comprehensive_rules import load_comprehensive_rules

    deep = "[" * 600 + "]" * 600
    path = tmp_path / "pool.json"
    path.write_text("[" + ",".join(f'{{"name": "C{i}", "type_line": "Instant", "x": {deep}}}' for i in range(450))
                    + ',{"name": "Bad", "card_faces": 3}]', encoding="utf-8")
    report = check_cards([path], load_comprehensive_rules(cr_newest), workers=2)
    assert report.cards == 450
    assert report.errors == [(str(path), "Bad", f'{path}: record 450 ("Bad"): card_faces must be a list of objects, '
                                                 "not int")]


# ----------------------------------------------------------------------------------------------
# A list item that is no card record (issue 12 fuzz finding: a number in a list of cards was
# reported without its record, as if the whole file were refused)

@pytest.mark.parametrize("item", [2.5, 7, None, True, "Shock", [], [{"name": "Shock"}]])
def test_a_list_item_that_is_no_object_is_refused_with_its_record_index(tmp_path, real_records, item):
    bears = real_records["scryfall"][1]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([{**bears, "name": ["x"]}, item, bears]), encoding="utf-8")
    code, out, err = _run_cli("cards", "parse", "--no-cache", str(path))
    assert code == 2 and out.count('card("Grizzly Bears").') == 1  # the good record is kept
    lines = err.splitlines()
    # one located line per refused record, each naming its own record
    assert len(lines) == 2 and lines[0].startswith(f"pyrules: error: {path}: record 0")
    assert lines[1].startswith(f"pyrules: error: {path}: record 1") and "not a card record (an object)" in lines[1]
    with pytest.raises(CardTextError, match=r": record 1\b"):
        list(cards_from_json_items(path))


def cards_from_json_items(path: Path):
    """Each record of a JSON list file through cards_from_json with its index (as cards parse does)."""
    from pyrules.inputs.cards import cards_from_json

    for i, rec in enumerate(json.loads(path.read_text(encoding="utf-8"))):
        if i:  # record 0 is the one with a bad name
            yield from cards_from_json(rec, str(path), record=i)
