"""The long fuzz run of issue 12: pyrules' five input kinds, mutated, through the API and the CLI.

Run it on demand (not in CI; ``tests/test_fuzz_smoke.py`` runs the same harness on 60 inputs)::

    .venv/bin/python tests/fuzz/run_fuzz.py --count 10000 --seed 1 --out /tmp/pyrules-fuzz
    .venv/bin/python tests/fuzz/run_fuzz.py --kinds cards,facts --count 500 --time-limit 2
    .venv/bin/python tests/fuzz/run_fuzz.py --seed 1 --replay facts:17     # re-run one input

What it generates (each input from ``random.Random(f"{seed}:{kind}:{index}")``, so one seed gives
the same inputs every time, whatever the worker split; the seed is printed first):

* ``cards``: real records of ``shared/data/cards`` (Scryfall compact and set files, MTGJSON v3 set
  files, MTGJSON v5 records) and plain-text cards made from them, mutated: fields of the wrong JSON
  type, numbers over 32 bits and of thousands of digits, lone surrogates, non-ASCII words, NUL,
  deep nesting, ASP injection payloads (``#include "<canary>"``, ``#script (python) ... #end.``,
  ``@f(1)``, ``. forged(1). %``), newlines, ``"`` and ``\\`` in names and layouts, truncations, byte
  flips, invalid UTF-8; a planted or corrupted card cache for ``cards parse --cache``.
* ``cr``: excerpts of the real CR text files (and whole files), with rules duplicated, renumbered
  past 32 bits, odd subtype and keyword names, payloads in rule text, CRLF/CR line ends, UTF-16,
  BOMs, NUL, invalid UTF-8, truncations and byte flips; file names with a newline and an
  ``#include`` in them.
* ``facts``: ``pyrules/examples/*.lp`` and fact files written from random builder states, with
  ``#include``/``#script``/``@``/``#show`` payloads in many spellings, derived predicates asserted,
  deep terms, huge numbers, non-ASCII names, unsafe rules, unbounded grounding, contradictions,
  misspelt predicates, many facts, NUL, invalid UTF-8.
* ``scenarios``: TOML like ``pyrules/examples/*.toml`` built from random builder calls, with wrong
  types, payloads in ids and card names, unknown or private builder methods, card paths that are
  missing, a folder, ``/dev/zero`` or a FIFO, inline plain-text cards, text-level damage.
* ``builder``: random ``GameState`` builder calls with good and bad arguments (wrong types,
  ``clingo`` symbols, surrogates, huge numbers), then ``KnowledgeBase.ask`` and the answer
  accessors (and now and then ``warm``, ``ask_many``, odd ``KnowledgeBase`` arguments).

How it runs: the main process writes each input to a folder and hands it to one of at most two
worker processes (``--workers``), which run it through the Python API in-process (and the CLI's
``main()`` in-process for ``solve``/``ask``/``cards parse``) and, for ``--cli-fraction`` of the
inputs, through a ``pyrules solve/ask/clingo/cards parse/cards coverage/cr parse/cr check/cr
show/check`` subprocess with a timeout. Workers run under a 4 GB address-space limit.

What it checks, and how each run is classified:

* ``ok`` (an answer), ``no-answer`` (NoAnswerError, exit 1) and ``error`` (a PyrulesError, or exit
  2 with a one-line message that names the input file) are fine.
* FAILURE: any other exception; a traceback or ``PANIC`` in any output; an exit code other than
  0/1/2 (a signal too); an error message of several lines (one located line per refused record,
  as ``cards parse`` reports them, is fine) or one that names no input file; a
  command (in-process or CLI) running past ``--time-limit`` + 10 s (a hang: the worker is killed);
  a worker process dying (an abort); the secret string of the canary files (which payloads
  ``#include``) in any output; a marker file written by a payload's code; a file in the watched
  folder (targets of ``--lemma-out`` and payload writes) or in the input's own folder changed or
  created; an answer forged by a payload (its token as an ASP constant in answers outside
  strings); a NUL byte in a text file accepted.

It prints totals per kind and per class, then each distinct failure signature with its count and
the first input that showed it, saved under ``--out`` (``<signature>/``: the input files,
``case.json`` with the runs and outputs, ``reproduce.sh``). ``--out`` also gets ``summary.json``
and ``runs.jsonl`` (every run: input, channel, class, seconds, message).
Exit code 0 when no run failed, 1 otherwise.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import inspect
import io
import json
import os
import random
import re
import secrets
import select
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve()
REPO = HERE.parents[2]
KINDS = ("cards", "cr", "facts", "scenarios", "builder")
CLASSES = ("ok", "no-answer", "error", "FAILURE")
HANG_SLACK = 10.0  # the issue's bound: time limit + 10 s
MEMORY_LIMIT = 4 * 1024 ** 3


def shared_data() -> Path:
    """``$PYRULES_SHARED/data`` or ``<repo>/../shared/data`` (as tests/conftest.py)."""
    env = os.environ.get("PYRULES_SHARED")
    return (Path(env) if env else REPO.parent / "shared").resolve() / "data"


def pyrules_command() -> list[str]:
    """The ``pyrules`` console script beside this interpreter, else ``python -m pyrules``."""
    exe = Path(sys.executable).with_name("pyrules")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "pyrules"]


# ================================================================================================
# The run's folder: canary, markers, watched files
# ================================================================================================


@dataclass
class Root:
    """The temporary folder of one run.

    ``canary/secret.lp`` and ``canary/secret.txt`` hold ``secret`` (payloads ``#include`` them; no
    output may ever contain it); ``markers/`` is where payload code would write ``<case id>``;
    ``watched/`` holds files payloads try to overwrite; ``work/`` is the workers' current folder
    (with ``secret.lp`` linked in, for relative includes); ``cases/`` the inputs."""

    path: Path
    secret: str
    forge: str

    @property
    def canary(self) -> Path:
        return self.path / "canary" / "secret.lp"

    @property
    def canary_txt(self) -> Path:
        return self.path / "canary" / "secret.txt"

    @property
    def markers(self) -> Path:
        return self.path / "markers"

    @property
    def watched(self) -> Path:
        return self.path / "watched"

    @property
    def victim(self) -> Path:
        return self.watched / "victim.txt"

    @property
    def work(self) -> Path:
        return self.path / "work"

    @property
    def cases(self) -> Path:
        return self.path / "cases"

    @classmethod
    def create(cls, base: str | None = None) -> "Root":
        path = Path(tempfile.mkdtemp(prefix="pyrules-fuzz-", dir=base))
        secret = "cnry" + secrets.token_hex(8)
        forge = "zqforge" + secrets.token_hex(4)
        root = cls(path, secret, forge)
        for d in ("canary", "markers", "watched", "work", "cases", "cache", "xdg"):
            (path / d).mkdir()
        s = secret
        root.canary.write_text(
            f'may_cast(alice,o1,1,"{s}").\ncites(may_cast(alice,o1,1,"{s}"),"999.9z").\n'
            f'state_error({s}).\nfinding("{s}", error, "100.1", 1, "{s}").\n{s}.\n#show {s}/0.\n',
            encoding="utf-8")
        root.canary_txt.write_text(f"{s}\n{s} {s}\n", encoding="utf-8")
        for name in ("secret.lp", "secret.txt"):
            (root.work / name).symlink_to(root.path / "canary" / name)
        root.victim.write_text("victim: must never change\n", encoding="utf-8")
        (root.watched / "shock.json").write_text(json.dumps([SHOCK]), encoding="utf-8")
        (root.watched / "state.lp").write_text(MINI_STATE, encoding="utf-8")
        return root

    def snapshot(self) -> dict[str, tuple]:
        """Name -> (size, mtime, digest) of every file in ``watched/`` (and the canary folder)."""
        out = {}
        for d in (self.watched, self.path / "canary"):
            for p in sorted(d.iterdir()):
                st = p.lstat()
                digest = hashlib.sha1(p.read_bytes()).hexdigest() if stat.S_ISREG(st.st_mode) else ""
                out[str(p.relative_to(self.path))] = (st.st_size, st.st_mtime_ns, digest)
        return out

    def restore(self) -> None:
        """Put the watched files back as :meth:`create` wrote them."""
        for p in list(self.watched.iterdir()):
            if p.is_dir() and not p.is_symlink():
                shutil.rmtree(p)
            else:
                p.unlink()
        self.victim.write_text("victim: must never change\n", encoding="utf-8")
        (self.watched / "shock.json").write_text(json.dumps([SHOCK]), encoding="utf-8")
        (self.watched / "state.lp").write_text(MINI_STATE, encoding="utf-8")


SHOCK = {"name": "Shock", "mana_cost": "{R}", "type_line": "Instant",
         "oracle_text": "Shock deals 2 damage to any target.", "layout": "normal"}
MINI_STATE = ('player(alice).\nplayer(bob).\nobject(o1).\nobject_card(o1, "Shock").\nowner(o1, alice).\n'
              'in_zone(o1, hand).\nactive_player(alice).\nphase(precombat_main).\nhas_priority(alice).\n')


# ================================================================================================
# Weird values and payloads
# ================================================================================================

NON_ASCII = ["été", "Æther", "λ", "🂡", "ｆｕｌｌ", "e\u0301", "\u202eevil", "日本", "\u00a0", "ß", "İ",
             "\u2028", "\ufeff", "Ⅻ", "−1", "٣"]
NEWLINES = ["\n", "\r\n", "\r", "\x0b", "\x0c", "\x85", "\u2028"]
BIG_INTS = [2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 63, -(2 ** 63) - 1, 2 ** 64, 10 ** 20]
JSON_ODD = [None, True, False, 0, -1, 1.5, 1e308, -0.0, [], {}, [None], ["x"], [[]], {"a": 1}, [1, 2], "", " "]
ASP_ODD_TERMS = ['"a\\"b"', '"a\\\\b"', '"x\\ny"', "#sup", "#inf", "(1,2)", "1..3", "a;b", "X", "_",
                 '"@f(1)"', "2147483648", "-2147483649", "99999999999999999999", "été", '"été"', "Æther",
                 "f(X)", "-a", "|1|", "1/0", '"\\u0000"', "\"'\"", "a.b", "'a'", "A", "1.5", "@f(1)"]
INCLUDE_SPELLINGS = ['#include "{c}".', "#include <{c}>.", '# include "{c}".', '#include"{c}".',
                     '#include "{c}" .', '#include\n"{c}".', '%* x *%#include "{c}".', '#INCLUDE "{c}".',
                     '#include "secret.lp".', "#include 'secret.lp'.", '#include "{ct}".']


def payloads(root: Root, case_id: str) -> list[str]:
    """Injection payloads for ``case_id``: they would read the canary, run code writing the case's
    marker file, overwrite the victim file, or forge an answer with the run's forge token."""
    c, ct = str(root.canary), str(root.canary_txt)
    m = str(root.markers / case_id)
    t = root.forge
    script = f"#script (python)\nimport os\nopen({m!r}, 'w').write('ran')\n#end."
    out = [s.format(c=c, ct=ct) for s in INCLUDE_SPELLINGS]
    out += [
        script,
        f"#script (python) open({m!r},'w').write('x') #end.",
        f"#script (python)\ndef f(x):\n    open({m!r}, 'w').write('ran')\n    return x\n#end.\np(@f(1)).",
        f'#script (lua)\nio.open("{m}", "w"):write("ran")\n#end.',
        "@f(1)", "p(@f(1)).", "#const c=@f(1).", "p :- @f(1) = 1.",
        f". {t}(1). %", f"normal).\n{t}(1).\npad(1",
        f'normal).\nmay_cast(alice,o1,1,{t}).\ncites(may_cast(alice,o1,1,{t}),"999.9z").\npad(1',
        f'normal).\n#include "{c}".\npad(1', f'x).\n{script}\npad(1',
        f"aux(may_cast(alice,o1,1,{t})).\n#show X : aux(X).",
        f'#show may_cast(alice,o1,1,{t}) : player(alice).', "#show.",
        "#external p(1).", "#program p(k).", "#defined aux/1.", "#project a.", "#heuristic a. [1,true]",
        "#edge (a,b).", "#minimize{1:a}.", "%* unclosed comment", "%", '"', "\\", '\\"', "\"\\", "\\n",
        "a\"b", "a\\b", "\")).\n#include \"{}\".\n%".format(c), "{" + t + "}", "$(id)", "`id`",
        "'; DROP TABLE cards; --", "../../../../etc/passwd", "${HOME}", "%s%s%s%n", "{0}", "{{}}",
    ]
    return out


def breakouts(root: Root, case_id: str, base: str) -> list[str]:
    """Payloads that close the term (``base).``), the string (``base").``) or the ``%`` comment
    (a line break) ``base`` would sit in if it were pasted into program text, then include the
    canary, forge an answer or run code."""
    c, t = str(root.canary), root.forge
    m = str(root.markers / case_id)
    script = f"#script (python)\nimport os\nopen({m!r}, 'w').write('ran')\n#end."
    forge = f'may_cast(alice,o1,1,{t}).\ncites(may_cast(alice,o1,1,{t}),"999.9z").'
    return [f'{base}).\n#include "{c}".\npad(1', f"{base}).\n{forge}\npad(1", f"{base}).\n{script}\npad(1",
            f'{base}").\n#include "{c}".\npad("', f'{base}"). {forge} pad("', f'{base}").\n{script}\npad("',
            f'{base}\n#include "{c}".\n', f"{base}\n{forge}\n", f"{base}). {t}(1). pad(1",
            f'{base}",{t}). pad("', f"{base},{t}). pad({base}"]


def weird_string(rng: random.Random, root: Root, case_id: str, base: str = "x") -> str:
    """A string to put where a name, a layout or a text goes."""
    r = rng.random()
    if r < 0.35:
        if rng.random() < 0.5:
            return rng.choice(breakouts(root, case_id, base[:40]))
        p = rng.choice(payloads(root, case_id))
        return rng.choice([p, base + p, p + base, base[: rng.randint(0, len(base))] + p])
    if r < 0.5:
        return rng.choice([base + rng.choice(NON_ASCII), rng.choice(NON_ASCII), rng.choice(NON_ASCII) + base])
    if r < 0.6:
        return rng.choice(["\ud800", "a\udfff", base + "\udc80", "\ud83d"])
    if r < 0.68:
        return rng.choice([base + "\x00", "\x00", "a\x00b", "\x01\x02\x1f"])
    if r < 0.78:
        nl = rng.choice(NEWLINES)
        return rng.choice([base + nl + base, nl, base + nl])
    if r < 0.84:
        return rng.choice([str(b) for b in BIG_INTS] + ["9" * rng.randint(20, 5000), "-" + "9" * 30, "1e400"])
    if r < 0.88:
        return rng.choice(["A" * rng.randint(1000, 100_000), "{R}" * rng.randint(100, 5000), "(" * 5000])
    if r < 0.94:
        return rng.choice(['a"b', "a\\b", '\\"', '"', "\\", "'", "", " ", "\t", base.upper(), base + " " + base])
    return rng.choice(["∞", "3.5", "+1", "*", "1+*", "X", "-0", "½", "?", "{∞}", "{2147483648}", "{-1}", "{U/P}",
                       "{D}", "{}", "{", "}", "{" * 100])


def weird_json(rng: random.Random, root: Root, case_id: str, base=None, depth: int = 0):
    """A JSON value of the wrong type, a huge number, deep nesting, or a weird string."""
    r = rng.random()
    if r < 0.3:
        return rng.choice(JSON_ODD)
    if r < 0.45:
        return rng.choice(BIG_INTS + [int("9" * rng.randint(20, 4000)), -int("9" * 40)])
    if r < 0.5:
        deep = rng.choice([[], {}, "x"])
        for _ in range(rng.choice([50, 1000, 20_000, 100_000])):
            deep = [deep] if rng.random() < 0.5 else {"a": deep}
        return deep
    if r < 0.6 and depth < 3:
        return [weird_json(rng, root, case_id, base, depth + 1) for _ in range(rng.randint(0, 3))]
    if r < 0.65 and depth < 3:
        return {weird_string(rng, root, case_id): weird_json(rng, root, case_id, base, depth + 1)}
    return weird_string(rng, root, case_id, base if isinstance(base, str) else "x")


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    """One byte-level mutation: truncation, byte flips, invalid UTF-8, NUL, BOM, CR line ends."""
    op = rng.randrange(9)
    n = len(data)
    if op == 0 and n:
        return data[: rng.randrange(n)]
    if op == 1 and n:
        b = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            b[rng.randrange(n)] = rng.randrange(256)
        return bytes(b)
    if op == 2:
        i = rng.randint(0, n)
        return data[:i] + rng.choice([b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80",
                                      b"\xe2\x82", b"\xc0\xaf"]) + data[i:]
    if op == 3:
        i = rng.randint(0, n)
        return data[:i] + b"\x00" + data[i:]
    if op == 4:
        return rng.choice([b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf\xef\xbb\xbf"]) + data
    if op == 5:
        return data.replace(b"\n", rng.choice([b"\r\n", b"\r", b"\n\n", b"\x0b"]))
    if op == 6 and n:
        i = rng.randrange(n)
        return data[:i] + data[i:i + rng.randint(1, 200)] * rng.randint(2, 50) + data[i:]
    if op == 7:
        return b""
    return data + rng.choice([b"\x00", b"\n\x1a", b"\xff", b"%*", b'"', b"\\"])


# ================================================================================================
# Real inputs to start from
# ================================================================================================


class Corpus:
    """Real records and texts, loaded once in the main process (from shared/data and examples)."""

    def __init__(self, data: Path) -> None:
        pick = random.Random(20261201)
        self.data = data
        cards = data / "cards"
        compact = []
        for name in ("scryfall-oracle-compact-A-K.json", "scryfall-oracle-compact-L-Z.json"):
            recs = json.loads((cards / name).read_text(encoding="utf-8"))
            compact += pick.sample(recs, 1500)
        # Keep every multi-face card of the sample and enough single-faced ones.
        self.scryfall = compact
        sets = sorted((cards / "scryfall-sets").glob("all_cards_*.json"))
        self.scryfall_full = []
        for p in sets:
            recs = json.loads(p.read_text(encoding="utf-8"))
            self.scryfall_full += pick.sample(recs, min(120, len(recs)))
        focus = json.loads((cards / "mechanics-focus-subset.json").read_text(encoding="utf-8"))
        self.focus = pick.sample(focus, min(600, len(focus)))
        self.mtgjson3 = []
        for p in sorted((cards / "mtgjson3-sets").glob("*.json"))[:6]:
            d = json.loads(p.read_text(encoding="utf-8"))
            self.mtgjson3 += [(d, r) for r in pick.sample(d["cards"], min(60, len(d["cards"])))]
        v5 = json.loads((data / "rulings" / "mtgjson5-selected-cards-with-rulings.json").read_text(encoding="utf-8"))
        self.mtgjson5 = [r for r in v5["cards"] if isinstance(r, dict)]
        # Cards for states (builder, facts, scenarios): single-faced and split cards, lands, creatures.
        self.state_cards = self._state_cards(compact)
        self.cr_files = sorted((data / "cr").glob("MagicCompRules-*.txt"))
        self.cr_text = self.cr_files[-1].read_text(encoding="utf-8-sig")
        self.cr_lines = self.cr_text.splitlines()
        self._index_cr()
        ex = REPO / "pyrules" / "examples"
        self.example_lp = [p.read_text(encoding="utf-8") for p in sorted(ex.glob("*.lp"))]
        self.example_toml = [p.read_text(encoding="utf-8") for p in sorted(ex.glob("*.toml"))]
        self.example_cards = json.loads((ex / "there_theyre_their.json").read_text(encoding="utf-8"))
        self.example_cards = self.example_cards if isinstance(self.example_cards, list) else [self.example_cards]

    @staticmethod
    def _state_cards(records: list[dict]) -> list[dict]:
        want = {"Instant": 8, "Sorcery": 6, "Creature": 10, "Land": 5, "Artifact": 4, "Enchantment": 3,
                "Planeswalker": 2}
        out, seen = [], Counter()
        for r in records:
            tl = r.get("type_line") or ""
            for k, n in want.items():
                if k in tl and seen[k] < n and "//" not in tl:
                    out.append(r)
                    seen[k] += 1
                    break
            else:
                if r.get("layout") in ("split", "adventure", "modal_dfc") and seen["multi"] < 6:
                    out.append(r)
                    seen["multi"] += 1
        return out + [SHOCK]

    def _index_cr(self) -> None:
        lines = self.cr_lines
        starts = [i for i, l in enumerate(lines) if l.strip() == "Glossary"]
        credits = [i for i, l in enumerate(lines) if l.strip() == "Credits"]
        self.body_start = next(i for i, l in enumerate(lines) if i > 20 and re.match(r"^1\. Game Concepts", l))
        self.glossary_start = starts[-1]
        self.credits_start = credits[-1]
        self.topics = []  # (line index of "NNN. Title", end index)
        heads = [i for i in range(self.body_start, self.glossary_start) if re.match(r"^\d{3}\. \S", lines[i])]
        for a, b in zip(heads, heads[1:] + [self.glossary_start]):
            self.topics.append((a, b))
        self.sections = {i: l for i, l in enumerate(lines[self.body_start:self.glossary_start], self.body_start)
                         if re.match(r"^\d\. \S", l)}


# ================================================================================================
# Cases
# ================================================================================================


@dataclass
class Case:
    """One generated input: its files (name -> bytes; ``None`` for a FIFO), what the worker runs
    in-process (``api``, kind-specific), and the CLI commands (``{case}`` = its folder)."""

    kind: str
    index: int
    case_id: str
    files: dict[str, bytes | None] = field(default_factory=dict)
    api: dict = field(default_factory=dict)
    cli: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    nul_text: bool = False  # a text input holds a NUL byte: accepting it loses data (issue 12)

    @property
    def prefix(self) -> str:
        return f"fz-{self.case_id}"


def _cid(kind: str, index: int) -> str:
    return f"{kind}-{index:05d}"


def asp_string(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def toml_string(s: str) -> str:
    out = []
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif o < 0x20 or o == 0x7f or 0xd800 <= o <= 0xdfff:
            out.append(f"\\u{o:04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return "nan" if v != v else ("inf" if v == float("inf") else "-inf" if v == float("-inf") else repr(v))
    if isinstance(v, str):
        return toml_string(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v if x is not None) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{toml_key(k)} = {toml_value(x)}" for k, x in v.items() if x is not None) + "}"
    return toml_string(str(v))


def toml_key(k) -> str:
    k = str(k)
    return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else toml_string(k)


def toml_document(doc: dict) -> str:
    lines = []
    for k, v in doc.items():
        if not (isinstance(v, list) and v and all(isinstance(x, dict) for x in v)) and v is not None:
            lines.append(f"{toml_key(k)} = {toml_value(v)}")
    for k, v in doc.items():
        if isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
            for table in v:
                lines.append(f"\n[[{toml_key(k)}]]")
                lines += [f"{toml_key(a)} = {toml_value(b)}" for a, b in table.items() if b is not None]
    return "\n".join(lines) + "\n"


def _text(v) -> str:
    """``v`` as card text: itself if a string, else its repr (a deep structure: a marker)."""
    if isinstance(v, str):
        return v
    try:
        return repr(v)[:1000]
    except RecursionError:
        return "[[[["


def plain_text_card(rec: dict) -> str:
    """A Scryfall record in pyrules' plain-text card format (README)."""
    faces = rec.get("card_faces") if isinstance(rec.get("card_faces"), list) else None
    faces = [f for f in faces or [rec] if isinstance(f, dict)] or [rec]
    lines = []
    layout = rec.get("layout", "normal")
    if len(faces) > 1 and layout != "split":
        lines.append(f"Layout: {layout}")
    for i, f in enumerate(faces):
        if i:
            lines.append("//")
        lines.append(_text(f.get("name", "")))
        if f.get("mana_cost"):
            lines.append(_text(f["mana_cost"]))
        lines.append(_text(f.get("type_line", "")))
        lines += [l for l in _text(f.get("oracle_text") or "").split("\n") if l]
        if f.get("power") is not None:
            lines.append(f"{_text(f.get('power'))}/{_text(f.get('toughness'))}")
        elif f.get("loyalty"):
            lines.append(f"Loyalty: {_text(f['loyalty'])}")
        elif f.get("defense"):
            lines.append(f"Defense: {_text(f['defense'])}")
    return "\n".join(lines) + "\n"


CARD_KEYS = ["name", "layout", "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty",
             "defense", "card_faces", "promo_types", "keywords", "colors", "names", "faces", "manaCost", "type",
             "text", "faceName", "promoTypes", "object", "data", "cards", "cmc", "set", "all_parts"]


def encode_json(rng: random.Random, data) -> bytes:
    """JSON text of ``data`` (``ensure_ascii`` either way; lone surrogates as CESU bytes then)."""
    try:
        text = json.dumps(data, ensure_ascii=rng.random() < 0.5)
    except (RecursionError, ValueError):  # nesting too deep for json.dumps: write it as text
        return deep_json_text(rng)
    return text.encode("utf-8", "surrogatepass")


def deep_json_text(rng: random.Random) -> bytes:
    n = rng.choice([1000, 50_000, 200_000])
    return (b"[" * n + b"]" * n) if rng.random() < 0.5 else (b'{"a":' * n + b"1" + b"}" * n)


class Generator:
    """Builds the cases of a run from the corpus, deterministically from the seed."""

    def __init__(self, corpus: Corpus, root: Root, seed: int, time_limit: float, cli_fraction: float) -> None:
        self.c = corpus
        self.root = root
        self.seed = seed
        self.tl = time_limit
        self.cli_fraction = cli_fraction
        from pyrules.facts.state import GameState  # the builder's own signatures, read once

        self.methods = {n: inspect.signature(f) for n, f in inspect.getmembers(GameState, inspect.isfunction)
                        if not n.startswith("_") and n not in ("facts", "card_names")}

    def case(self, kind: str, index: int) -> Case:
        rng = random.Random(f"{self.seed}:{kind}:{index}")
        case = Case(kind, index, _cid(kind, index))
        getattr(self, "_" + kind)(rng, case)
        use_cli = rng.random() < self.cli_fraction
        if not use_cli:
            case.cli = []
        if kind in ("cards", "cr", "facts") and rng.random() < 0.006:
            self._special_input(rng, case)
        for name, data in case.files.items():
            if data is not None and name.endswith((".lp", ".txt", ".toml")):
                try:
                    text = data.decode("utf-16") if data[:2] in (b"\xff\xfe", b"\xfe\xff") else data.decode("utf-8")
                except UnicodeDecodeError:
                    continue
                case.nul_text = case.nul_text or ("\x00" in text and name in case.api.get("nul_checked", ()))
        return case

    @staticmethod
    def _special_input(rng: random.Random, case: Case) -> None:
        """The input file is a FIFO (reading blocks) or ``/dev/zero`` (endless): C11, H4."""
        name = case.api["file"]
        if rng.random() < 0.6:
            case.files[name] = None
            case.notes.append("the input is a FIFO")
            return
        case.files.pop(name, None)
        case.api["file"] = "/dev/zero"
        case.notes.append("the input is /dev/zero")
        old = "{case}/" + name

        def swap(argv):
            return [a.replace(old, "/dev/zero") for a in argv]
        case.cli = [swap(a) for a in case.cli]
        if "argv" in case.api:
            case.api["argv"] = swap(case.api["argv"])

    # ---------------------------------------------------------------------------------------- cards

    def _card_records(self, rng: random.Random) -> tuple[str, object]:
        """(shape, data): real records in one of the JSON shapes pyrules reads."""
        r = rng.random()
        c = self.c
        if r < 0.35:
            return "list", [dict(x) for x in rng.sample(c.scryfall, rng.randint(1, 3))]
        if r < 0.5:
            return "list", [dict(x) for x in rng.sample(c.scryfall_full, rng.randint(1, 2))]
        if r < 0.62:
            return "list", [dict(x) for x in rng.sample(c.focus, rng.randint(1, 3))]
        if r < 0.72:
            d, rec = rng.choice(c.mtgjson3)
            recs = [dict(rec)] + ([dict(x) for x in d["cards"] if x.get("names") and x.get("name") in
                                   (rec.get("names") or [])] if rec.get("names") else [])
            return "v3", {"name": d.get("name"), "code": d.get("code"), "cards": recs}
        if r < 0.8:
            return "list", [{k: v for k, v in x.items() if k != "rulings"} for x in
                            rng.sample(c.mtgjson5, min(len(c.mtgjson5), rng.randint(1, 2)))]
        if r < 0.85:
            return "object", dict(rng.choice(c.scryfall))
        if r < 0.9:
            return "search", {"object": "list", "data": [dict(x) for x in rng.sample(c.scryfall, 2)]}
        return "plain", [dict(x) for x in rng.sample(c.scryfall + c.example_cards, rng.randint(1, 2))]

    def _mutate_record(self, rng: random.Random, case: Case, rec: dict) -> None:
        op = rng.random()
        keys = list(rec.keys()) or ["name"]
        if op < 0.25:  # S1's class: a string of the card that would break out of program text
            key = rng.choice(["layout", "layout", "name", "type_line", "mana_cost", "power", "toughness", "loyalty",
                              "oracle_text", "promo_types", "keywords", "colors", "card_faces"])
            base = rec.get(key) if isinstance(rec.get(key), str) else "normal"
            bad = rng.choice(breakouts(self.root, case.case_id, base))
            if key in ("promo_types", "keywords", "colors"):
                rec[key] = [bad]
            elif key == "card_faces":
                faces = rec.get("card_faces")
                if isinstance(faces, list) and faces and isinstance(faces[0], dict):
                    faces[0] = dict(faces[0], **{rng.choice(["name", "type_line", "mana_cost", "layout"]): bad})
                else:
                    rec["layout"] = bad
            else:
                rec[key] = bad
        elif op < 0.55:
            key = rng.choice(["layout", "name", "mana_cost", "type_line", "oracle_text", "power", "toughness",
                              "promo_types"] + keys)
            base = rec.get(key) if isinstance(rec.get(key), str) else "x"
            rec[key] = weird_string(rng, self.root, case.case_id, base) if rng.random() < 0.6 else \
                weird_json(rng, self.root, case.case_id, base)
        elif op < 0.6:
            rec[rng.choice(CARD_KEYS)] = weird_json(rng, self.root, case.case_id)
        elif op < 0.7:
            rec.pop(rng.choice(keys), None)
        elif op < 0.85 and isinstance(rec.get("card_faces"), list) and rec["card_faces"]:
            faces = rec["card_faces"]
            i = rng.randrange(len(faces))
            if isinstance(faces[i], dict):
                f = dict(faces[i])
                k = rng.choice(["name", "mana_cost", "type_line", "oracle_text", "power", "layout"])
                f[k] = weird_string(rng, self.root, case.case_id, f.get(k) if isinstance(f.get(k), str) else "x")
                faces[i] = f
            else:
                faces[i] = weird_json(rng, self.root, case.case_id)
        elif op < 0.92:
            rec["promo_types"] = [weird_string(rng, self.root, case.case_id, "playtest")]
        else:
            key = rng.choice([k for k in keys if isinstance(rec.get(k), str)] or ["name"])
            s = rec.get(key) if isinstance(rec.get(key), str) else "x"
            i = rng.randint(0, len(s))
            rec[key] = s[:i] + rng.choice(payloads(self.root, case.case_id) + NON_ASCII + NEWLINES) + s[i:]

    def _cards(self, rng: random.Random, case: Case) -> None:
        shape, data = self._card_records(rng)
        recs = data["cards"] if shape == "v3" else data["data"] if shape == "search" else \
            [data] if shape == "object" else data
        for _ in range(rng.choice([0, 1, 1, 1, 2, 2, 3, 4])):
            if recs and rng.random() < 0.9:
                i = rng.randrange(len(recs))
                if isinstance(recs[i], dict):
                    self._mutate_record(rng, case, recs[i])
            elif shape in ("list", "plain") and rng.random() < 0.5:
                recs.insert(rng.randint(0, len(recs)), weird_json(rng, self.root, case.case_id))
            else:
                data = weird_json(rng, self.root, case.case_id) if rng.random() < 0.3 else data
        names = [r.get("name") for r in recs if isinstance(r, dict) and isinstance(r.get("name"), str)]
        if shape == "plain":
            text = "\n".join(plain_text_card(r) for r in recs if isinstance(r, dict))
            if rng.random() < 0.7:
                lines = text.split("\n")
                for _ in range(rng.randint(1, 3)):
                    i = rng.randrange(len(lines))
                    lines[i] = rng.choice([weird_string(rng, self.root, case.case_id, lines[i]),
                                           lines[i] + rng.choice(["", " 99999999999/1", " //", "{2147483648}"]),
                                           "Layout: " + weird_string(rng, self.root, case.case_id, "split"),
                                           rng.choice(["∞/3.5", "+1/-1", "99999999999/1", "*/*", "1/", "/"]),
                                           "Loyalty: " + rng.choice(["X", "99999999999", "-1", "é"]), "//", ""])
                text = "\n".join(lines)
            raw = text.encode("utf-8", "surrogatepass")
            fname = f"{case.prefix}-cards.txt"
            case.api["nul_checked"] = [fname]
        else:
            raw = encode_json(rng, data)
            fname = f"{case.prefix}-cards.json"
        if rng.random() < 0.2:
            raw = mutate_bytes(rng, raw)
        if rng.random() < 0.02:
            raw = deep_json_text(rng)
        if rng.random() < 0.01:
            raw = b'[{"name": "A", "power": ' + b"9" * rng.choice([5000, 100_000]) + b"}]"
        case.files[fname] = raw
        case.api.update(op="cards", file=fname, names=names[:3], tl=self.tl, inprocess_parse=rng.random() < 0.5)
        name = names[0] if names else "Shock"
        state = MINI_STATE.replace('"Shock"', asp_string(name))
        case.files[f"{case.prefix}-state.lp"] = state.encode("utf-8", "surrogatepass")
        f, s = "{case}/" + fname, "{case}/" + f"{case.prefix}-state.lp"
        tl = f"{self.tl:g}"
        choice = rng.random()
        if choice < 0.1:
            # a planted or damaged cache (S2): the worker fills {case}/cache from its template
            case.api["cache"] = rng.choice(["pickle", "flip", "truncate", "garbage", "json"])
            case.cli = [["cards", "parse", "--cache", "{case}/cache", f]]
        elif choice < 0.35:
            case.cli = [["cards", "parse", "--no-cache", f] + (["--format", "json"] if rng.random() < 0.3 else [])]
        elif choice < 0.6:
            case.cli = [["solve", "--time-limit", tl, "--cards", f, s] + (["--json"] if rng.random() < 0.3 else [])]
        elif choice < 0.75:
            case.cli = [["clingo", f"--cards={f}", f"--time-limit={max(1, int(self.tl))}", s]]
        elif choice < 0.85:
            case.cli = [["cards", "coverage", "--workers", "1", "--quiet", "--no-cache", f]]
        else:
            scen = {"cards": [fname], "players": [{"player": "alice"}],
                    "objects": [{"obj": "o1", "card": name, "zone": "hand", "owner": "alice"}],
                    "effects": [{"builder-method": "set_turn", "active_player": "alice", "phase": "precombat_main",
                                 "priority": "alice"}]}
            case.files[f"{case.prefix}-scenario.toml"] = toml_document(scen).encode("utf-8", "surrogatepass")
            case.cli = [["ask", "--time-limit", tl, "{case}/" + f"{case.prefix}-scenario.toml", "cast"]]

    # ------------------------------------------------------------------------------------------- cr

    def _cr_excerpt(self, rng: random.Random) -> list[str]:
        c = self.c
        lines = c.cr_lines
        topics = sorted(rng.sample(c.topics, rng.randint(1, 3)))
        if rng.random() < 0.3:  # the subtype and keyword catalogs are read from these topics
            special = [t for t in c.topics if lines[t[0]].startswith(("205.", "702.", "701.", "122.", "500."))]
            topics = sorted(set(topics) | {rng.choice(special)})
        body, contents = [], []
        last_section = None
        for a, b in topics:
            sec_no = lines[a][0]
            sec = next(l for i, l in c.sections.items() if l.startswith(sec_no + ". "))
            if sec != last_section:
                body += [sec, ""]
                contents.append(sec)
                last_section = sec
            chunk = lines[a:b]
            if len(chunk) > 80:
                chunk = chunk[: rng.randint(20, 80)]
            body += chunk + [""]
            contents.append(lines[a])
        g0 = c.glossary_start + 2
        gl = lines[g0:c.credits_start]
        k = rng.randrange(max(1, len(gl) - 30))
        glossary = gl[k:k + rng.randint(0, 30)]
        while glossary and glossary[0].strip():  # start at an entry
            glossary = glossary[1:]
        while glossary and glossary[-1].strip():  # and end after one
            glossary = glossary[:-1]
        if not any(l.strip() for l in glossary):  # at least one entry
            first = next(i for i, l in enumerate(gl) if l.strip())
            glossary = gl[first:gl.index("", first)] + [""]
        head = [lines[0], "", next(l for l in lines[:10] if l.startswith("These rules are effective")), "",
                "Introduction", "", "This document is the ultimate authority for Magic.", "", "Contents", ""]
        return head + contents + ["Glossary", "Credits", ""] + body + ["Glossary", ""] + glossary + \
            ["", "Credits", "", "Magic: The Gathering Original Game Design: Richard Garfield", ""]

    def _mutate_cr_lines(self, rng: random.Random, case: Case, lines: list[str]) -> None:
        rule_idx = [i for i, l in enumerate(lines) if re.match(r"^\d{3}\.\d+[a-z]?\.? ", l)] or [len(lines) // 2]
        i = rng.choice(rule_idx)
        op = rng.randrange(12)
        w = weird_string(rng, self.root, case.case_id, "Adventure")
        if op == 0:
            num, _, text = lines[i].partition(" ")
            lines[i] = f"{num} {text[: rng.randint(0, len(text))]}{w} {text}"
        elif op == 1:
            lines.insert(i + 1, lines[i])  # a duplicated rule (D4)
        elif op == 2:
            big = rng.choice(["2147483648", "99999999999999999999", "4294967296", "0", "9" * 400])
            lines[i] = re.sub(r"^\d{3}", big if rng.random() < 0.5 else lines[i][:3], lines[i], count=1)
            lines[i] = re.sub(r"\.(\d+)", "." + rng.choice([big, "0", "00", "1"]), lines[i], count=1)
        elif op == 3:
            sub = [j for j, l in enumerate(lines) if " types are " in l or "are called" in l] or [i]
            j = rng.choice(sub)
            lines[j] = re.sub(r"types are (.*)\.$", lambda m: "types are " + ", ".join(
                [w, rng.choice(NON_ASCII), "Time Lord", "magic spell"] + m.group(1).split(", ")[:2]) + ".",
                lines[j])
            if "are called" in lines[j]:
                lines[j] = lines[j].replace("are called", f"are called {w}")
        elif op == 4:
            lines.insert(i, f"702.{rng.choice(['999', '1', '2147483648'])}. {w}")
        elif op == 5:
            lines[i] = lines[i] + " See rule " + rng.choice(["99999999999.1", "999.9z", "7", "100.1a.", w]) + "."
        elif op == 6:
            for _ in range(rng.randint(1, 5)):
                if lines:
                    del lines[rng.randrange(len(lines))]
        elif op == 7:
            k = rng.randrange(len(lines))
            j = rng.randrange(len(lines))
            lines[k], lines[j] = lines[j], lines[k]
        elif op == 8:
            d = [j for j, l in enumerate(lines) if l.startswith("These rules are effective")]
            if d:
                lines[d[0]] = rng.choice(["These rules are effective as of Smarch 99, 99999999999.",
                                          "These rules are effective as of April 31, 2026.",
                                          f"These rules are effective as of {w}.", "These rules are effective"])
        elif op == 9:
            lines.insert(rng.randrange(len(lines) + 1), w)
        elif op == 10:
            lines[i] = lines[i] + " " + "x" * rng.choice([1000, 100_000])
        else:
            g = [j for j, l in enumerate(lines) if l == "Glossary"]
            if g:
                lines.insert(g[-1] + 2, w)
                lines.insert(g[-1] + 3, "See rule " + rng.choice(["100.1", "2147483648.1", w]) + ".")
                lines.insert(g[-1] + 4, "")

    def _cr(self, rng: random.Random, case: Case) -> None:
        whole = rng.random() < 0.15
        if whole:
            lines = rng.choice(self.c.cr_files).read_text(encoding="utf-8-sig").splitlines()
        else:
            lines = self._cr_excerpt(rng)
        orig = "\n".join(lines) + "\n"
        for _ in range(rng.choice([0, 1, 1, 2, 3, 5])):
            self._mutate_cr_lines(rng, case, lines)
        text = "\n".join(lines) + "\n"
        enc = rng.random()
        raw = (("\ufeff" if rng.random() < 0.7 else "") + text).encode("utf-8", "surrogatepass") if enc < 0.9 \
            else text.encode("utf-16", "surrogatepass")
        if rng.random() < 0.25:
            raw = mutate_bytes(rng, raw)
        name = f"{case.prefix}-cr.txt"
        if rng.random() < 0.08:  # S3: a newline and ASP in the file's name
            name = rng.choice([f'{case.prefix}\n#include "secret.lp".\n%.txt',
                               f'{case.prefix}"\n#include "secret.lp".\n%"cr.txt', f"{case.prefix} été cr.txt",
                               f'{case.prefix}").\n{self.root.forge}(1).\n%.txt', f"{case.prefix}\\cr.txt"])
        case.files[name] = raw
        case.files[f"{case.prefix}-orig.txt"] = orig.encode("utf-8", "surrogatepass")
        case.files[f"{case.prefix}-shock.json"] = json.dumps([SHOCK]).encode()
        rule = rng.choice(["100.1", "601.2", "702", "7", "205.3k", "99999999999", "1.1", "x", ""])
        case.api.update(op="cr", file=name, orig=f"{case.prefix}-orig.txt", tl=self.tl, rule=rule,
                        diff=rng.random() < 0.3, check=not whole or rng.random() < 0.5, show=rng.random() < 0.3,
                        kb=rng.random() < 0.1, cards=f"{case.prefix}-shock.json", nul_checked=[name])
        f = "{case}/" + name
        case.cli = [rng.choice([["cr", "parse", f], ["cr", "parse", "--format", "json", f], ["cr", "check", f],
                                ["cr", "check", "--format", "json", f], ["cr", "show", rule or "100.1", "--cr", f],
                                ["cr", "diff", "{case}/" + f"{case.prefix}-orig.txt", f], ["check", "--cr", f]])]

    # ---------------------------------------------------------------------------------------- facts

    def _random_state(self, rng: random.Random, weird: float) -> tuple[list[tuple], list[dict]]:
        """Builder calls ``(method, args, kwargs)`` (values encoded, see :func:`encode_value`) and
        the card records their objects name."""
        players = rng.sample(["alice", "bob", "carol"], rng.randint(1, 3))
        calls = [("add_player", [p], {}) for p in players]
        cards = rng.sample(self.c.state_cards, rng.randint(1, 4))
        objs = []
        for i in range(rng.randint(0, 5)):
            card = rng.choice(cards)
            o = f"o{i + 1}"
            objs.append(o)
            calls.append(("add_object", [o, card["name"]], {"zone": rng.choice(ZONES), "owner": rng.choice(players)}))
        calls.append(("set_turn", [rng.choice(players), rng.choice(PHASES)],
                      {"priority": rng.choice(players)} | ({"step": rng.choice(STEPS)} if rng.random() < 0.4 else {})))
        ctx = {"players": players, "objects": objs, "cards": [c["name"] for c in cards]}
        for _ in range(rng.randint(0, 6)):
            calls.append(self._random_call(rng, ctx, weird))
        if rng.random() < weird:  # weird values in the basic calls too
            i = rng.randrange(len(calls))
            m, a, k = calls[i]
            if a:
                a = list(a)
                a[rng.randrange(len(a))] = self._weird_value(rng, "x")
                calls[i] = (m, a, k)
        return calls, cards

    def _good_value(self, rng: random.Random, name: str, ann: str, ctx: dict):
        pl, ob = ctx["players"], ctx["objects"] or ["o1"]
        if name in ("player", "active_player", "priority", "owner", "controller", "recipient_player"):
            return rng.choice(pl)
        if name in ("obj", "spell", "original", "copy", "blocker", "attacker", "target", "battle", "only_object",
                    "source", "recipient", "attacked"):
            return rng.choice(ob + (pl if name in ("recipient", "target", "attacked") else []))
        if name == "zone":
            return rng.choice(ZONES)
        if name == "phase":
            return rng.choice(PHASES)
        if name == "step":
            return rng.choice(STEPS)
        if name in ("card", "card_a", "card_b", "name"):
            return rng.choice(ctx["cards"])
        if name in ("card_types",):
            return rng.sample(["instant", "sorcery", "creature", "land", "artifact"], rng.randint(0, 2))
        if name in ("keyword",):
            return rng.choice(["flying", "haste", "flash", "trample", "infect", "ward"])
        if name in ("subtypes",):
            return rng.sample(["Goblin", "Elf", "Human", "Wizard"], rng.randint(0, 2))
        if name in ("cost_symbols",):
            return rng.sample(["{T}", "{1}", "{R}", "{Q}"], rng.randint(0, 2))
        if name in ("face", "number", "mana", "amount", "life", "counters", "turn", "ability", "x_value",
                    "cast_face") or "int" in ann:
            return rng.choice([0, 1, 1, 2, 3, 20])
        if "bool" in ann:
            return rng.random() < 0.5
        if "Iterable" in ann or "list" in ann or "tuple" in ann:
            return [f"e{rng.randint(1, 3)}"]
        if name == "kind":
            return rng.choice(["+1/+1", "-1/-1", "loyalty", "treasure", "flying"])
        return rng.choice(["e1", "e2", "ev1", "sword", "monarch", "normal"])

    def _weird_value(self, rng: random.Random, base):
        r = rng.random()
        if r < 0.45:
            return weird_string(rng, self.root, "builder", base if isinstance(base, str) else "x")
        if r < 0.65:
            return rng.choice(BIG_INTS + [-1, 0, 10 ** 40])
        if r < 0.8:
            return rng.choice([None, True, 1.5, float("nan"), float("inf"), [], {}, ["x", 1], [None], "", b"x"])
        if r < 0.9:
            return {"$fz": rng.choice(["supremum", "infimum", "number", "function", "string", "object", "tuple",
                                       "set", "generator"])}
        return [weird_string(rng, self.root, "builder")]

    def _random_call(self, rng: random.Random, ctx: dict, weird: float) -> tuple:
        name = rng.choice(sorted(self.methods))
        sig = self.methods[name]
        args, kwargs = [], {}
        for pname, p in list(sig.parameters.items())[1:]:
            if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
                continue
            required = p.default is p.empty
            if not required and rng.random() < 0.6:
                continue
            if required and rng.random() < 0.03:  # a missing required argument
                continue
            ann = str(p.annotation)
            v = self._good_value(rng, pname, ann, ctx)
            if rng.random() < weird:
                v = self._weird_value(rng, v)
            if p.kind == p.KEYWORD_ONLY or (not required and rng.random() < 0.5):
                kwargs[pname] = v
            else:
                if kwargs:  # keep positional order valid
                    kwargs[pname] = v
                else:
                    args.append(v)
        if rng.random() < 0.02:
            kwargs["bogus"] = 1  # an unexpected keyword argument
        return name, args, kwargs

    def _facts(self, rng: random.Random, case: Case) -> None:
        r = rng.random()
        cards: list[dict] = [SHOCK]
        if r < 0.2 and self.c.example_lp:
            text = rng.choice(self.c.example_lp)
            cards = self.c.example_cards
        elif r < 0.35:
            text = MINI_STATE
        else:
            calls, cards = self._random_state(rng, 0.0)
            text = facts_text(calls)
        lines = text.splitlines()
        pl = payloads(self.root, case.case_id)
        for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 4])):
            op = rng.randrange(14)
            i = rng.randint(0, len(lines))
            if op <= 2:
                lines.insert(i, rng.choice(pl))
            elif op == 3 and lines:
                j = rng.randrange(len(lines))
                lines[j] = re.sub(r"\(([^(),]+)", lambda m: "(" + rng.choice(ASP_ODD_TERMS), lines[j], count=1)
            elif op == 4 and lines:
                j = rng.randrange(len(lines))
                lines[j] = re.sub(r",\s*([^(),]+)\)", lambda m: "," + rng.choice(ASP_ODD_TERMS) + ")", lines[j], count=1)
            elif op == 5:
                depth = rng.choice([100, 2000, 20_000])
                lines.insert(i, "p(" + "f(" * depth + "1" + ")" * depth + ").")
            elif op == 6:
                lines.insert(i, rng.choice(["p(X+1) :- p(X). p(0).", ":- player(alice).", "p(X) :- not q(X).",
                                            "p(X).", "{ q(1..20) }.", "1 { a; b } 1.", "q(1..100000).",
                                            "x_value(o1, 1..1000).", "p(X) :- X = 1..2147483647.",
                                            "state_error(fuzz).", ":- not player(alice).", "a :- not a."]))
            elif op == 7:
                name = rng.choice(["pé", "Player", "_p", "p-q", "playr", "objectt", "in_zonee", "é"])
                lines.insert(i, f"{name}(1).")
            elif op == 8:
                n = rng.choice([100, 3000]) if rng.random() < 0.8 else 50_000
                lines += [f"zq{j}_{rng.randint(0, 9)}(o{j})." for j in range(n)] if rng.random() < 0.5 else \
                    [f"object(x{j}). object_card(x{j}, \"Shock\"). owner(x{j}, alice). in_zone(x{j}, library)."
                     for j in range(n)]
            elif op == 9 and lines:
                j = rng.randrange(len(lines))
                lines[j] = lines[j][: rng.randint(0, len(lines[j]))]
            elif op == 10 and lines:
                j = rng.randrange(len(lines))
                lines.insert(j, lines[j])
            elif op == 11:
                lines.insert(i, f"may_cast(alice,o1,1,{self.root.forge}).")
            elif op == 12:
                lines.insert(i, rng.choice(["%* block", "*%", "%" + rng.choice(pl), '"unterminated']))
            elif lines:
                j = rng.randrange(len(lines))
                lines[j] = lines[j] + rng.choice(NON_ASCII + ["\x00", " % " + rng.choice(pl)])
        raw = ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass")
        if rng.random() < 0.2:
            raw = mutate_bytes(rng, raw)
        name = f"{case.prefix}-facts.lp"
        if rng.random() < 0.03:
            name = f'{case.prefix}\n#include "secret.lp".\n%.lp'
        case.files[name] = raw
        cname = f"{case.prefix}-cards.json"
        case.files[cname] = json.dumps(cards).encode()
        tl = f"{self.tl:g}"
        with_cards = rng.random() < 0.7
        argv = ["solve", "--time-limit", tl] + (["--cards", "{case}/" + cname] if with_cards else []) + \
            (["--json"] if rng.random() < 0.3 else []) + ["{case}/" + name]
        case.api.update(op="facts", file=name, cards=cname if with_cards else None, tl=self.tl,
                        argv=argv, nul_checked=[name])
        if rng.random() < 0.6:
            case.cli = [argv]
        else:
            opts = [f"--time-limit={max(1, int(self.tl))}"]
            extra = ["--outf=2", "-n 0", "--stats", f"--lemma-out={self.root.victim}",
                     f"--configuration={self.root.canary_txt}", "--mode=gringo", "--text", "-c c=@f(1)",
                     "--output-debug=text", f"--lemma-in={self.root.canary_txt}", "--heuristic=Domain",
                     "--verbose=2", "--quiet=2", "--enum-mode=cautious", "--const x=1", "-V0", "--warn=all",
                     "--pre", "--seed=1", "-t 2", "--help", "--version", "5", "--stat", "--models=0",
                     "--configuration=trendy", f"--hcc-out={self.root.victim}", "--no-such-option",
                     "--opt-mode=enum", "--project", f"--cards={self.root.canary_txt}"]
            for _ in range(rng.randint(0, 3)):
                opts += rng.choice(extra).split(" ", 1)
            case.cli = [["clingo"] + opts + (["--cards={case}/" + cname] if with_cards else []) + ["{case}/" + name]]

    # ------------------------------------------------------------------------------------ scenarios

    def _scenarios(self, rng: random.Random, case: Case) -> None:
        import tomllib

        cname = f"{case.prefix}-cards.json"
        if rng.random() < 0.15 and self.c.example_toml:
            doc = tomllib.loads(rng.choice(self.c.example_toml))
            doc["cards"] = [cname]
            cards = self.c.example_cards
        else:
            calls, cards = self._random_state(rng, 0.0)
            doc = {"cards": [cname], "players": [], "objects": [], "effects": []}
            for m, a, k in calls:
                if m == "add_player":
                    doc["players"].append(dict(zip(["player"], a), **k))
                elif m == "add_object":
                    doc["objects"].append(dict(zip(["obj", "card"], a), **k))
                else:
                    sig = self.methods.get(m)
                    if sig is None:
                        continue
                    params = [p for p in list(sig.parameters)[1:]]
                    entry = {"builder-method": m} if rng.random() < 0.8 or "kind" in params else {"kind": m}
                    entry.update(zip(params, a))
                    entry.update(k)
                    doc["effects"].append({x: y for x, y in entry.items() if not isinstance(y, dict)})
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            op = rng.randrange(10)
            tables = [t for sect in ("players", "objects", "effects") if isinstance(doc.get(sect), list)
                      for t in doc[sect] if isinstance(t, dict)]
            if op <= 3 and tables:
                t = rng.choice(tables)
                k = rng.choice(list(t) or ["obj"])
                t[k] = self._weird_value(rng, t.get(k)) if rng.random() < 0.5 else \
                    weird_string(rng, self.root, case.case_id, t.get(k) if isinstance(t.get(k), str) else "x")
                if isinstance(t[k], dict) and "$fz" in t[k]:
                    t[k] = rng.choice([{"1": "colored(r)"}, {"a": {"b": 1}}, {}])
                if isinstance(t[k], bytes):
                    t[k] = "b"
            elif op == 4 and tables:
                rng.choice(tables)[rng.choice(["bogus", "builder-method", "kind", "self", "__class__"])] = \
                    rng.choice(["__init__", "facts", "_requirements", "__setattr__", "card_names", "__reduce__",
                                "add_player", "nope", 1, ["x"]])
            elif op == 5:
                doc[rng.choice(["cards", "players", "objects", "effects", "card_text", "bogus"])] = \
                    rng.choice([5, "x", [1], [{}], {"a": 1}, True, [[]]])
            elif op == 6:
                doc["cards"] = [rng.choice([f"{case.prefix}-missing.json", "{case}", "../" * 12 + "etc/passwd",
                                            "/dev/null", f"{case.prefix}\n#include \"secret.lp\".\n%.json",
                                            f"{case.prefix}-cards.json\x00x", "", "."])]
                if doc["cards"][0] == "{case}":
                    doc["cards"] = ["."]
            elif op == 7:
                rec = rng.choice(self.c.state_cards)
                text = plain_text_card(rec)
                if rng.random() < 0.7:
                    tl_ = text.split("\n")
                    j = rng.randrange(len(tl_))
                    tl_[j] = weird_string(rng, self.root, case.case_id, tl_[j])
                    text = "\n".join(tl_)
                doc["card_text"] = text
            elif op == 8 and rng.random() < 0.15:
                special = rng.choice(["/dev/zero", "fifo"])
                if special == "fifo":
                    case.files[f"{case.prefix}-fifo.json"] = None
                    doc["cards"] = [f"{case.prefix}-fifo.json"]
                else:
                    doc["cards"] = ["/dev/zero"]
            elif tables:
                t = rng.choice(tables)
                for k in list(t):
                    if isinstance(t[k], int) and not isinstance(t[k], bool):
                        t[k] = rng.choice(BIG_INTS + [-1, 10 ** 400])
        text = toml_document(doc)
        raw = text.encode("utf-8", "surrogatepass")
        if rng.random() < 0.12:
            raw = mutate_bytes(rng, raw)
        name = f"{case.prefix}-scenario.toml"
        case.files[name] = raw
        case.files[cname] = json.dumps(cards).encode()
        case.files[f"{case.prefix}-mini-cr.txt"] = "\n".join(self._cr_excerpt(rng)).encode()
        question = rng.choice(["all", "cast", "mana-value", "search", "count", "discard", "damage", "sba",
                               "attack", "land", "permission", "proposal"])
        argv = ["ask", "--time-limit", f"{self.tl:g}"] + (["--json"] if rng.random() < 0.3 else []) + \
            (["--cr", "{case}/" + f"{case.prefix}-mini-cr.txt"] if rng.random() < 0.1 else []) + \
            ["{case}/" + name, question]
        case.api.update(op="scenarios", file=name, argv=argv, tl=self.tl)
        case.cli = [argv]

    # -------------------------------------------------------------------------------------- builder

    def _builder(self, rng: random.Random, case: Case) -> None:
        calls, _cards = self._random_state(rng, rng.choice([0.0, 0.0, 0.05, 0.15, 0.4]))
        extra = {}
        r = rng.random()
        if r < 0.05:
            extra["kb_time_limit"] = rng.choice(["5", 0, -1, float("nan"), float("inf"), None, 10 ** 40, True])
        elif r < 0.08:
            extra["ask_arg"] = rng.choice(["none", "str", "int", "list"])
        elif r < 0.13:
            extra["warm"] = True
        elif r < 0.16:
            extra["ask_many"] = rng.choice([1, 2])
        queries = []
        for _ in range(rng.randint(0, 4)):
            q = rng.choice(["cast_options", "cast_verdicts", "land_plays", "mana_value", "search_verdicts", "count",
                            "discarded", "derived", "symbols", "citations"])
            arg = rng.choice(["o1", "o2", "e1", "ev1", "may_cast", None]) if rng.random() < 0.7 else \
                self._weird_value(rng, "o1")
            queries.append((q, arg))
        case.api.update(op="builder", calls=[encode_call(c) for c in calls], extra=extra,
                        queries=[(q, encode_value(a)) for q, a in queries], tl=self.tl)
        case.files[f"{case.prefix}-calls.py"] = builder_script(case.api).encode("utf-8", "surrogatepass")
        case.cli = []


ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")
PHASES = ("beginning", "precombat_main", "combat", "postcombat_main", "ending")
STEPS = ("untap", "upkeep", "draw", "beginning_of_combat", "declare_attackers", "declare_blockers",
         "combat_damage", "end_of_combat", "end", "cleanup")


def encode_value(v):
    """A builder argument as JSON (special values tagged ``{"$fz": ...}``)."""
    if isinstance(v, bytes):
        return {"$fz": "bytes", "v": v.decode("latin-1")}
    if isinstance(v, float) and (v != v or v in (float("inf"), float("-inf"))):
        return {"$fz": "float", "v": repr(v)}
    if isinstance(v, (list, tuple)):
        return [encode_value(x) for x in v]
    if isinstance(v, dict) and "$fz" not in v:
        return {"$fz": "dict", "v": [[encode_value(a), encode_value(b)] for a, b in v.items()]}
    return v


def decode_value(v):
    import clingo

    if isinstance(v, list):
        return [decode_value(x) for x in v]
    if isinstance(v, dict):
        tag = v.get("$fz")
        if tag == "bytes":
            return v["v"].encode("latin-1")
        if tag == "float":
            return float(v["v"])
        if tag == "dict":
            return {decode_value(a) if not isinstance(a, list) else tuple(a): decode_value(b) for a, b in v["v"]}
        return {"supremum": clingo.Supremum, "infimum": clingo.Infimum, "number": clingo.Number(7),
                "function": clingo.Function("alice"), "string": clingo.String("o1"), "object": object(),
                "tuple": ("o1",), "set": {"o1"}, "generator": (x for x in ["o1"])}[tag]
    return v


def value_source(v) -> str:
    """Python source for an encoded value (for the reproducer scripts)."""
    if isinstance(v, list):
        return "[" + ", ".join(value_source(x) for x in v) + "]"
    if isinstance(v, dict):
        tag = v.get("$fz")
        if tag == "bytes":
            return repr(v["v"].encode("latin-1"))
        if tag == "float":
            return f"float({v['v']!r})"
        if tag == "dict":
            return "{" + ", ".join(f"{value_source(a)}: {value_source(b)}" for a, b in v["v"]) + "}"
        return {"supremum": "clingo.Supremum", "infimum": "clingo.Infimum", "number": "clingo.Number(7)",
                "function": 'clingo.Function("alice")', "string": 'clingo.String("o1")', "object": "object()",
                "tuple": '("o1",)', "set": '{"o1"}', "generator": '(x for x in ["o1"])'}[tag]
    return repr(v)


def encode_call(call: tuple) -> list:
    m, a, k = call
    return [m, [encode_value(x) for x in a], {n: encode_value(x) for n, x in k.items()}]


def facts_text(calls: list[tuple]) -> str:
    """The facts of a builder state made of good calls (for fact-file seeds), as text."""
    from pyrules.facts.state import GameState

    g = GameState()
    for m, a, k in calls:
        try:
            getattr(g, m)(*a, **k)
        except Exception:  # noqa: BLE001 — a seed state; bad calls just leave their facts out
            pass
    try:
        return "".join(f"{s}.\n" for s in g.facts())
    except Exception:  # noqa: BLE001
        return MINI_STATE


def builder_script(api: dict) -> str:
    """A stand-alone Python script replaying a builder case."""
    lines = ['"""Replays a pyrules fuzz builder case (tests/fuzz/run_fuzz.py)."""', "import clingo",
             "from pyrules import GameState, KnowledgeBase", "from pyrules.inputs.cards import load_cards",
             "from pyrules.errors import PyrulesError", "import json, sys",
             "kb = KnowledgeBase(load_cards(sys.argv[1] if len(sys.argv) > 1 else 'base_cards.json'), "
             f"time_limit={api['tl']!r})", "g = GameState()", "calls = ["]
    for m, a, k in api["calls"]:
        args = ", ".join([value_source(x) for x in a] + [f"{n}={value_source(x)}" for n, x in k.items()])
        lines.append(f"    (lambda: g.{m}({args})),")
    lines += ["]", "for call in calls:", "    try:", "        call()", "    except PyrulesError as e:",
              "        print('pyrules error:', e)", "answers = kb.ask(g)", "print(answers.cast_options())"]
    for q, a in api["queries"]:
        lines.append(f"try: print(answers.{q}({value_source(a) if a is not None else ''}))\n"
                     f"except PyrulesError as e: print('pyrules error:', e)")
    return "\n".join(lines) + "\n"


# ================================================================================================
# Classifying runs
# ================================================================================================

_FRAME = re.compile(r'File "([^"]+)", line \d+, in (\S+)')
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def _frame_name(path: str, func: str) -> str:
    p = Path(path)
    return f"{p.parent.name}/{p.name}:{func}"


def innermost(frames: list[tuple[str, str]]) -> str:
    """The innermost frame in pyrules' own code (``pyrules/x.py:func``), else the innermost one."""
    own = [f for f in frames if "/pyrules/" in f[0] or "/parser/" in f[0] or "/rules_asp/" in f[0]]
    own = [f for f in own if "/tests/fuzz/" not in f[0]]
    if own:
        return _frame_name(*own[-1])
    return _frame_name(*frames[-1]) if frames else "?"


def traceback_signature(text: str) -> str:
    frames = _FRAME.findall(text)
    exc = "?"
    lines = [l for l in text.splitlines() if l.strip()]
    for l in reversed(lines):
        m = re.match(r"^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning|Fault))\b", l)
        if m:
            exc = m.group(1)
            break
    return f"{exc} at {innermost(frames)}"


def command_name(argv: list[str]) -> str:
    """``cards parse``, ``cr check``, ``solve``, ``clingo`` … of a pyrules command line."""
    return " ".join(argv[:2]) if argv[0] in ("cards", "cr") else argv[0]


#: Commands whose output is ASP or JSON (where a forged atom would be one), not prose.
FACT_OUTPUTS = ("solve", "clingo", "cards parse", "cr parse")


class ForgedAnswer(Exception):
    """An answer holds the run's forge token as an ASP constant: a payload became program text."""


def forged_symbols(symbols, token: str) -> list[str]:
    """Atoms among ``symbols`` (clingo symbols) with ``token`` as a constant or function name."""
    def has(sym) -> bool:
        if sym.type == sym.type.Function:
            return sym.name == token or any(has(a) for a in sym.arguments)
        return False
    return [str(s) for s in symbols if has(s)]


def forged(text: str, token: str) -> bool:
    """The forge token as an ASP constant (not inside a string) in ``text``."""
    return re.search(rf"(?<![A-Za-z0-9_]){token}(?![A-Za-z0-9_])", _STRING.sub('""', text)) is not None


def names_input(message: str, tokens: list[str]) -> bool:
    return any(t and t in message for t in tokens)


def norm_message(msg: str, tokens: list[str]) -> str:
    for t in sorted(tokens, key=len, reverse=True):
        msg = msg.replace(t, "<file>")
    msg = re.sub(r"/[^\s:'\"]+", "<path>", msg)
    msg = re.sub(r"'[^']*'|\"[^\"]*\"", "<q>", msg)
    msg = re.sub(r"\d+", "N", msg)
    return msg[:60]


@dataclass
class Run:
    """One run of an input through one channel (``api:<stage>``, ``main:<command>``, ``cli:<command>``)."""

    channel: str
    cls: str
    signature: str = ""
    detail: str = ""
    seconds: float = 0.0

    def as_dict(self) -> dict:
        return self.__dict__.copy()


def check_output(channel: str, text: str, root: Root) -> Run | None:
    if root.secret in text:
        return Run(channel, "FAILURE", f"canary file read: its secret in the output of {channel}", text[-2000:])
    if "PANIC" in text:
        return Run(channel, "FAILURE", f"clingo PANIC in {channel}", text[-2000:])
    if "Traceback (most recent call last)" in text:
        return Run(channel, "FAILURE", f"traceback in {channel}: {traceback_signature(text)}", text[-3000:])
    return None


def _is_noise(line: str) -> bool:
    """stderr lines that are not the error itself: warnings, clingo info messages and their
    indented continuation lines."""
    if line.startswith(("pyrules: error", "pyrules clingo: error", "*** ERROR")):
        return False
    return (not line.strip() or line.startswith((" ", "\t")) or re.match(r"^(pyrules: )?(warning|info)\b", line)
            is not None or re.match(r"^\S.*?: (warning|info): ", line) is not None or line.startswith("*** Info"))


def separate_record_errors(lines: list[str], tokens: list[str]) -> bool:
    """Whether several error lines are one located error per refused record, as ``cards parse``
    reports them (``pyrules: error: <file>: record N ...: message``, each naming an input and a
    record of its own): fine. One error split over several lines is not."""
    records = []
    for line in lines:
        found = re.match(r"pyrules: error: .*?: record (\d+)\b", line)
        if not found or not names_input(line, tokens):
            return False
        records.append(found.group(1))
    return len(set(records)) == len(records)


def classify_exit(channel: str, rc: int, out: str, err: str, root: Root, tokens: list[str], nul: bool) -> Run:
    bad = check_output(channel, out + "\n" + err, root)
    if bad:
        return bad
    if rc not in (0, 1, 2):
        sig = f"signal {-rc}" if rc < 0 else f"exit code {rc}"
        return Run(channel, "FAILURE", f"{channel}: {sig}", (out[-1500:] + "\n--stderr--\n" + err[-1500:]))
    internal = re.search(r"internal error:? *(.*)", err)
    if internal:  # a catch-all for an exception that should have been a pyrules error
        return Run(channel, "FAILURE", f"{channel}: internal error {norm_message(internal.group(1), tokens)[:45]}",
                   err[-2000:])
    if rc in (0, 1) and channel.split(":", 1)[-1] in FACT_OUTPUTS and forged(out, root.forge):
        return Run(channel, "FAILURE", f"forged answer in the output of {channel}", out[-2000:])
    if rc == 2:
        lines = [l for l in err.splitlines() if not _is_noise(l)]
        if len(lines) > 1 and separate_record_errors(lines, tokens):
            return Run(channel, "error", detail=lines[0][:300])
        if len(lines) != 1:
            return Run(channel, "FAILURE", f"{channel}: exit 2 with {'no' if not lines else 'a multi-line'} error "
                       f"message", err[-2000:])
        if not names_input(lines[0], tokens):
            return Run(channel, "FAILURE", f"{channel}: error without a location: "
                       f"{norm_message(lines[0], tokens)}", lines[0][:1000])
        return Run(channel, "error", detail=lines[0][:300])
    if nul and rc == 0:
        return Run(channel, "FAILURE", f"{channel}: a NUL byte in a text input was accepted", out[-500:])
    return Run(channel, "ok" if rc == 0 else "no-answer", detail=(err.strip().splitlines() or [""])[-1][:300])


def classify_exception(channel: str, exc: BaseException, tokens: list[str] | None) -> Run:
    """``tokens``: names one of which a file error must mention (None: no location needed)."""
    from pyrules.errors import NoAnswerError, PyrulesError

    if isinstance(exc, PyrulesError):
        msg = str(exc)
        if "\n" in msg.strip() or "\r" in msg:
            return Run(channel, "FAILURE", f"{channel}: {type(exc).__name__} message spans several lines",
                       msg[:1000])
        if isinstance(exc, NoAnswerError):
            return Run(channel, "no-answer", detail=msg[:300])
        if tokens is not None and not names_input(msg, tokens):
            return Run(channel, "FAILURE", f"{channel}: {type(exc).__name__} without a location: "
                       f"{norm_message(msg, tokens)}", msg[:1000])
        return Run(channel, "error", detail=msg[:300])
    frames = [(f.filename, f.name) for f in traceback.extract_tb(exc.__traceback__)]
    tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    if all("/tests/fuzz/" in f[0] for f in frames) and isinstance(exc, TypeError):
        what = "a missing argument" if "missing" in str(exc) else "an unexpected argument" \
            if "unexpected" in str(exc) else norm_message(str(exc), [])
        return Run(channel, "FAILURE", f"{channel}: TypeError from the call itself ({what})", tb[-3000:])
    return Run(channel, "FAILURE", f"{channel}: {type(exc).__name__} at {innermost(frames)}", tb[-3000:])


# ================================================================================================
# The worker: runs cases in-process and through the CLI
# ================================================================================================


class Worker:
    """Runs cases sent by the main process (one JSON line each on stdin), answering on ``result_fd``."""

    def __init__(self, root: Root, time_limit: float, wid: int, result_fd: int) -> None:
        self.root = root
        self.tl = time_limit
        self.wid = wid
        self.out = os.fdopen(result_fd, "w", buffering=1)
        from pyrules import GameState, KnowledgeBase
        from pyrules.inputs.cards import load_cards

        self.base_cards = load_cards(root.work / "base_cards.json")
        self.kb = KnowledgeBase(self.base_cards, time_limit=time_limit)
        g = GameState()
        g.add_player("alice")
        g.add_object("o1", "Shock", zone="hand", owner="alice")
        self.kb.ask(g)  # the rule base parsed once, before the first case is timed
        self.cache_template = root.path / "cache-template"

    def send(self, **msg) -> None:
        self.out.write(json.dumps(msg) + "\n")

    def capture(self) -> tuple["Capture", "Capture"]:
        """Files for a stage's stdout and stderr, written through at once (if clingo kills the
        process, what it printed is still there for the main process to read)."""
        return (Capture(self.root.path / f"capture-{self.wid}-out.txt"),
                Capture(self.root.path / f"capture-{self.wid}-err.txt"))

    def stage(self, name: str) -> None:
        self.send(t="stage", stage=name)

    def serve(self) -> None:
        for line in sys.stdin:
            spec = json.loads(line)
            runs = self.run_case(spec)
            self.send(t="done", runs=[r.as_dict() for r in runs])

    # --- helpers

    def api(self, runs: list[Run], channel: str, fn, tokens: list[str] | None, nul: bool = False,
            group: str | None = None):
        """Run ``fn()`` in-process, capturing its output; append its Run; return its value or None."""
        self.stage(channel)
        buf_out, buf_err = self.capture()
        start = time.monotonic()
        value, run = None, None
        try:
            with contextlib.redirect_stdout(buf_out), contextlib.redirect_stderr(buf_err):
                value = fn()
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
            run = classify_exit(channel, code, buf_out.getvalue(), buf_err.getvalue(), self.root, tokens or [], False)
        except BaseException as exc:  # noqa: BLE001 — classified, never lost
            run = classify_exception(group or channel, exc, tokens)
            if group and run.cls == "FAILURE":
                run.detail = f"{channel}\n{run.detail}"
            run.channel = channel
        secs = time.monotonic() - start
        text = buf_out.getvalue() + buf_err.getvalue() + ("" if value is None else _text_of(value))
        bad = check_output(channel, text, self.root)
        if bad:
            run = bad
        elif run is not None and self.root.secret in run.detail:
            run = Run(channel, "FAILURE", f"canary file read: its secret in the error of {channel}", run.detail)
        if run is None and nul:
            run = Run(channel, "FAILURE", f"{channel}: a NUL byte in a text input was accepted")
        if run is None:
            run = Run(channel, "ok")
        if secs > self.tl + HANG_SLACK:
            run = Run(channel, "FAILURE", f"{channel}: ran {secs:.0f} s, past the time limit + {HANG_SLACK:g} s",
                      run.signature or run.cls)
        run.seconds = round(secs, 3)
        runs.append(run)
        return value if run.cls in ("ok",) else None

    def main(self, runs: list[Run], argv: list[str], tokens: list[str], nul: bool) -> None:
        """The CLI's ``main()`` in-process, classified like an exit code."""
        from pyrules.cli import main

        channel = "main:" + command_name(argv)
        self.stage(channel)
        buf_out, buf_err = self.capture()
        start = time.monotonic()
        try:
            with contextlib.redirect_stdout(buf_out), contextlib.redirect_stderr(buf_err):
                rc = main(argv)
            run = classify_exit(channel, int(rc), buf_out.getvalue(), buf_err.getvalue(), self.root, tokens, nul)
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 2
            run = classify_exit(channel, code, buf_out.getvalue(), buf_err.getvalue(), self.root, tokens, nul)
        except BaseException as exc:  # noqa: BLE001
            run = classify_exception(channel, exc, None)
        secs = time.monotonic() - start
        if secs > self.tl + HANG_SLACK:
            run = Run(channel, "FAILURE", f"{channel}: ran {secs:.0f} s, past the time limit + {HANG_SLACK:g} s",
                      run.signature or run.cls)
        run.seconds = round(secs, 3)
        runs.append(run)

    def cli(self, runs: list[Run], argv: list[str], cwd: Path, tokens: list[str], nul: bool) -> None:
        channel = "cli:" + command_name(argv)
        self.stage(channel)
        start = time.monotonic()
        proc = subprocess.Popen(pyrules_command() + argv, cwd=cwd, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=self.tl + HANG_SLACK)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
            runs.append(Run(channel, "FAILURE", f"{channel}: hang past the time limit + {HANG_SLACK:g} s",
                            (out + err).decode("utf-8", "replace")[-1500:], round(time.monotonic() - start, 3)))
            return
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)  # stray children of the command
        run = classify_exit(channel, proc.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"),
                            self.root, tokens, nul)
        run.seconds = round(time.monotonic() - start, 3)
        runs.append(run)

    # --- kinds

    def run_case(self, spec: dict) -> list[Run]:
        case_dir = Path(spec["dir"])
        api = spec["api"]
        # Files an error may name as its location: the case's own, and the special and canary files
        # some command lines name as inputs (``--cards=<canary>``): an error naming one is located.
        tokens = [spec["prefix"], str(case_dir), "/dev/zero", "/dev/null", "etc/passwd",
                  str(self.root.path / "canary")]
        runs: list[Run] = []
        try:
            getattr(self, "_" + api["op"])(runs, api, case_dir, tokens, spec)
        except BaseException as exc:  # noqa: BLE001 — the harness itself; reported as such
            runs.append(Run("harness", "FAILURE", f"harness: {type(exc).__name__}: {exc}"[:200],
                            traceback.format_exc()[-3000:]))
        nul = spec.get("nul", False)
        for argv in spec["cli"]:
            if argv[:3] == ["cards", "parse", "--cache"]:
                self._plant_cache(case_dir / "cache", api.get("cache", "flip"), spec["prefix"])
            argv = [a.replace("{case}", str(case_dir)) for a in argv]
            # a refused option is located by its name
            options = [a.split("=", 1)[0] for a in argv if a.startswith("-") and len(a) > 1]
            options += [f"'{o.lstrip('-')}'" for o in options]
            options += [f"'{a}'" for a in argv if "/" not in a]  # a refused bare argument, quoted
            self.cli(runs, argv, case_dir, tokens + options, nul)
        return runs

    def _plant_cache(self, cache: Path, how: str, prefix: str) -> None:
        """S2: a card cache that is a planted pickle, or the worker's own cache damaged."""
        import pickle

        cache.mkdir(exist_ok=True)
        if not self.cache_template.exists():
            tmp = self.root.path / f"cache-template-{self.wid}"
            subprocess.run(pyrules_command() + ["cards", "parse", "--cache", str(tmp), str(self.root.watched /
                                                                                         "shock.json")],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)
            with contextlib.suppress(OSError):
                tmp.rename(self.cache_template)
        names = [p.name for p in self.cache_template.iterdir()] if self.cache_template.exists() else []
        try:
            from pyrules.inputs.card_cache import grammar_hash
            names = sorted(set(names) | {f"cards-{grammar_hash()}.pickle"})
        except Exception:  # noqa: BLE001 — the cache's naming changed: damage what the template has
            pass
        marker = self.root.markers / f"{prefix[3:]}"

        class Evil:
            def __reduce__(self):
                return (os.system, (f"echo code ran from the card cache > {marker}",))

        for name in names:
            src = self.cache_template / name
            data = src.read_bytes() if src.is_file() else b""
            if how == "pickle":
                data = pickle.dumps(Evil())
            elif how == "flip" and data:
                b = bytearray(data)
                for _ in range(4):
                    b[random.randrange(len(b))] = random.randrange(256)
                data = bytes(b)
            elif how == "truncate":
                data = data[: len(data) // 2]
            elif how == "garbage":
                data = os.urandom(200)
            elif how == "json":
                data = json.dumps({"lp": {"x": "may_cast(alice,o1,1,forged)."}}).encode()
            (cache / name).write_bytes(data)

    def _cards(self, runs, api, case_dir, tokens, spec) -> None:
        from pyrules import GameState, KnowledgeBase
        from pyrules.facts.card_facts import card_facts
        from pyrules.answers.report import QUESTIONS, report, report_json

        path = case_dir / api["file"]
        kb = self.api(runs, "api:load cards", lambda: KnowledgeBase.from_files([path], time_limit=api["tl"]), tokens,
                      nul=spec.get("nul", False))
        if api.get("inprocess_parse"):
            self.main(runs, ["cards", "parse", "--no-cache", str(path)], tokens, spec.get("nul", False))
        if kb is None:
            return
        cards = list(kb.cards.values()) + list(kb.tokens.values())
        self.api(runs, "api:card facts", lambda: [str(f) for c in cards for f in card_facts(c)], tokens)
        names = sorted(kb.cards)[:3]
        if not names:
            return

        def ask():
            g = GameState()
            g.add_player("alice")
            g.add_player("bob")
            zones = ["hand", "battlefield", "graveyard"]
            for i, n in enumerate(names):
                g.add_object(f"o{i + 1}", n, zone=zones[i % 3], owner="alice")
            g.set_turn("alice", "precombat_main", priority="alice")
            answers = kb.ask(g)
            return exercise(answers, g, report, report_json, QUESTIONS, self.root.forge)

        self.api(runs, "api:ask with the cards", ask, None)

    def _cr(self, runs, api, case_dir, tokens, spec) -> None:
        from pyrules.inputs import comprehensive_rules as cr
        from pyrules.checks import cr_changes
        from pyrules.checks import cr_document
        from pyrules.facts import cr_facts
        from pyrules.api import KnowledgeBase

        path = case_dir / api["file"]
        doc = self.api(runs, "api:load CR", lambda: cr.load_comprehensive_rules(path), tokens,
                       nul=spec.get("nul", False))
        if doc is None:
            return
        self.api(runs, "api:CR facts and JSON",
                 lambda: cr_facts.cr_facts(doc) + json.dumps(cr.cr_json(doc), ensure_ascii=False), tokens)
        self.api(runs, "api:rule_exists", lambda: [cr.rule_exists(doc, n) for n in ("100.1", api["rule"], "702")],
                 tokens)
        if api.get("check"):
            self.api(runs, "api:check_document", lambda: [str(f) for f in cr_document.check_document(doc)], tokens)
        if api.get("diff"):
            def diff():
                old = cr.load_comprehensive_rules(case_dir / api["orig"])
                return json.dumps(cr_changes.diff_rules(old, doc).to_json(), ensure_ascii=False)
            self.api(runs, "api:diff_rules", diff, tokens)
        if api.get("show"):
            self.main(runs, ["cr", "show", api["rule"] or "100.1", "--cr", str(path)], tokens, False)
        if api.get("kb"):
            def kb_ask():
                from pyrules import GameState
                kb = KnowledgeBase.from_files([case_dir / api["cards"]], cr_file=path, time_limit=api["tl"])
                g = GameState()
                g.add_player("alice")
                g.add_object("o1", "Shock", zone="hand", owner="alice")
                g.set_turn("alice", "precombat_main", priority="alice")
                return [o.citations for o in kb.ask(g).cast_options()]
            self.api(runs, "api:ask with a CR", kb_ask, tokens)

    def _facts(self, runs, api, case_dir, tokens, spec) -> None:
        from pyrules.inputs.fact_files import read_fact_file
        from pyrules.solving.deadline import Deadline

        path = case_dir / api["file"]
        # The API reads without a bound unless given a deadline; the run is held to the time limit,
        # so it gets one (a 9 MB fact file parses in about 18 s on a loaded machine: seed 2029).
        self.api(runs, "api:read_fact_file",
                 lambda: len(read_fact_file(path, deadline=Deadline(self.tl))), tokens,
                 nul=spec.get("nul", False))
        argv = [a.replace("{case}", str(case_dir)) for a in api["argv"]]
        self.main(runs, argv, tokens, spec.get("nul", False))

    def _scenarios(self, runs, api, case_dir, tokens, spec) -> None:
        from pyrules.facts.scenario import load_scenario

        path = case_dir / api["file"]
        self.api(runs, "api:load_scenario", lambda: repr(load_scenario(path).state.facts()), tokens)
        argv = [a.replace("{case}", str(case_dir)) for a in api["argv"]]
        self.main(runs, argv, tokens, False)

    def _builder(self, runs, api, case_dir, tokens, spec) -> None:
        from pyrules import GameState, KnowledgeBase
        from pyrules.answers.report import QUESTIONS, report, report_json

        g = GameState()
        for m, a, k in api["calls"]:
            args = [decode_value(x) for x in a]
            kwargs = {n: decode_value(x) for n, x in k.items()}
            self.api(runs, f"api:GameState.{m}", lambda: getattr(g, m)(*args, **kwargs) and None, None,
                     group="api:GameState")
        extra = api["extra"]
        kb = self.kb
        if "kb_time_limit" in extra:
            kb = self.api(runs, "api:KnowledgeBase(time_limit=...)",
                          lambda: KnowledgeBase(self.base_cards, time_limit=decode_value(extra["kb_time_limit"])),
                          None)
            if kb is None:
                return
        if "ask_arg" in extra:
            bad = {"none": None, "str": "state", "int": 5, "list": [g]}[extra["ask_arg"]]
            self.api(runs, "api:ask(not a state)", lambda: kb.ask(bad), None)
            return
        self.api(runs, "api:state facts", lambda: [str(s) for s in g.facts()], None)
        holder = {}

        def ask():
            holder["a"] = kb.ask(g)
            return exercise(holder["a"], g, report, report_json, QUESTIONS, self.root.forge)

        self.api(runs, "api:ask", ask, None)
        if "a" in holder:
            answers = holder["a"]
            for q, a in api["queries"]:
                arg = decode_value(a)
                if q in ("cast_options", "cast_verdicts", "land_plays") and arg is None:
                    self.api(runs, f"api:Answers.{q}", lambda: getattr(answers, q)(), None)
                else:
                    self.api(runs, f"api:Answers.{q}", lambda: getattr(answers, q)(arg), None)
        if extra.get("warm"):
            self.api(runs, "api:warm", lambda: repr(kb.warm([g]).ask(g).cast_options()), None)
        if extra.get("ask_many"):
            self.api(runs, "api:ask_many", lambda: repr(kb.ask_many([g, g], lambda a: len(a.cast_options()),
                                                                    workers=extra["ask_many"], chunk_size=1)), None)


class Capture(io.TextIOWrapper):
    """A text file written through to the OS on every write, strict UTF-8 as a real stdout."""

    def __init__(self, path: Path) -> None:
        self.path = path
        super().__init__(open(path, "wb", buffering=0), encoding="utf-8", write_through=True)

    def getvalue(self) -> str:
        self.flush()
        return self.path.read_bytes().decode("utf-8", "replace")


def read_capture(root: Root, wid: int) -> str:
    """What the worker's current stage printed (after it died)."""
    parts = []
    for name in ("out", "err"):
        p = root.path / f"capture-{wid}-{name}.txt"
        if p.exists():
            parts.append(p.read_bytes().decode("utf-8", "replace"))
    return "\n".join(parts)


def exercise(answers, state, report, report_json, questions, token: str) -> str:
    """Read everything an answer offers (as the CLI and a caller would); return it as text.

    Raises:
        ForgedAnswer: a derived atom holds ``token`` (a payload's constant)."""
    atoms = [s for syms in getattr(answers, "_atoms", {}).values() for s in syms]
    bad = forged_symbols(atoms, token)
    if bad:
        raise ForgedAnswer(", ".join(bad[:5]))
    parts = [repr(answers.cast_options()), repr(answers.cast_verdicts()), repr(answers.land_plays()),
             repr(answers.proposals()), repr(answers.assumptions())]
    parts += [v.explain() for v in answers.cast_verdicts()]
    parts += [repr(answers.mana_value(o)) for o in state.objects]
    parts.append(report(answers, state, questions))
    parts.append(json.dumps(report_json(answers, state, questions), ensure_ascii=False))
    return "\n".join(parts)


def _text_of(value) -> str:
    """The text an in-process run produced (its return value, if text or a list of texts)."""
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return "\n".join(value)
    return ""


# ================================================================================================
# The main process: schedule, watch, report
# ================================================================================================


class WorkerProcess:
    def __init__(self, root: Root, wid: int, time_limit: float) -> None:
        self.wid = wid
        self.root = root
        self.log = root.path / f"worker-{wid}.log"
        self.log_offset = self.log.stat().st_size if self.log.exists() else 0
        r, w = os.pipe()
        env = dict(os.environ, PYRULES_CACHE_DIR=str(root.path / "cache"), XDG_CACHE_HOME=str(root.path / "xdg"),
                   PYTHONFAULTHANDLER="1")
        logf = open(self.log, "ab")
        self.proc = subprocess.Popen(
            [sys.executable, str(HERE), "--worker", str(wid), "--root", str(root.path), "--secret", root.secret,
             "--forge", root.forge, "--time-limit", str(time_limit), "--result-fd", str(w)],
            stdin=subprocess.PIPE, stdout=logf, stderr=logf, cwd=root.work, env=env, pass_fds=(w,),
            start_new_session=True, preexec_fn=_limit_memory, text=True)
        logf.close()
        os.close(w)
        self.rfd = r
        self.buf = b""
        self.case: Case | None = None
        self.stage = "start"
        self.stage_start = time.monotonic()
        self.case_start = 0.0

    def send(self, spec: dict) -> None:
        self.proc.stdin.write(json.dumps(spec) + "\n")
        self.proc.stdin.flush()

    def read_messages(self) -> list[dict] | None:
        """Messages ready on the pipe; None when the worker closed it (it died)."""
        chunk = os.read(self.rfd, 1 << 16)
        if not chunk:
            return None
        self.buf += chunk
        msgs = []
        while b"\n" in self.buf:
            line, self.buf = self.buf.split(b"\n", 1)
            msgs.append(json.loads(line))
        return msgs

    def new_log(self) -> str:
        with open(self.log, "rb") as fh:
            fh.seek(self.log_offset)
            data = fh.read()
        self.log_offset += len(data)
        return data.decode("utf-8", "replace")

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        os.close(self.rfd)


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def _worker_main(args) -> None:
    root = Root(Path(args.root), args.secret, args.forge)
    Worker(root, args.time_limit, args.worker, args.result_fd).serve()


def write_case(root: Root, case: Case) -> Path:
    d = root.cases / case.case_id
    d.mkdir(parents=True, exist_ok=True)
    for name, data in case.files.items():
        if data is None:
            os.mkfifo(d / name)
        else:
            (d / name).write_bytes(data)
    for name in ("secret.lp", "secret.txt"):
        (d / name).symlink_to(root.path / "canary" / name)
    return d


def dir_state(d: Path) -> dict[str, tuple]:
    out = {}
    for p in d.rglob("*"):
        rel = str(p.relative_to(d))
        if rel == "cache" or rel.startswith("cache/"):
            continue
        st = p.lstat()
        out[rel] = (st.st_size, st.st_mtime_ns, stat.S_IFMT(st.st_mode))
    return out


def _copy_case(src: Path, dst: Path) -> list[str]:
    """Copy a case folder, regular files only (a FIFO is noted, not opened)."""
    dst.mkdir(parents=True, exist_ok=True)
    special = []
    for p in src.iterdir():
        if p.is_symlink():
            continue
        if p.is_file():
            shutil.copy2(p, dst / p.name)
        elif p.is_dir():
            shutil.copytree(p, dst / p.name, symlinks=True, ignore_dangling_symlinks=True)
        else:
            special.append(p.name)
    return special


@dataclass
class Summary:
    """Totals of a run: per kind and class (each input counted once, by its worst run), the
    failures by signature, and timing."""

    seed: int
    count: int = 0
    per_kind: dict = field(default_factory=lambda: defaultdict(Counter))
    runs: Counter = field(default_factory=Counter)
    failures: dict = field(default_factory=dict)
    seconds: float = 0.0
    out: str = ""

    def report(self) -> str:
        lines = [f"seed {self.seed}: {self.count} inputs in {self.seconds:.0f} s "
                 f"({self.seconds / max(1, self.count):.3f} s each; runs: "
                 + ", ".join(f"{k} {v}" for k, v in sorted(self.runs.items())) + ")"]
        lines.append(f"{'kind':<10}" + "".join(f"{c:>10}" for c in CLASSES) + f"{'total':>10}")
        for kind in KINDS:
            if kind in self.per_kind:
                c = self.per_kind[kind]
                lines.append(f"{kind:<10}" + "".join(f"{c.get(k, 0):>10}" for k in CLASSES)
                             + f"{sum(c.values()):>10}")
        total = Counter()
        for c in self.per_kind.values():
            total.update(c)
        lines.append(f"{'all':<10}" + "".join(f"{total.get(k, 0):>10}" for k in CLASSES) + f"{sum(total.values()):>10}")
        lines.append(f"{len(self.failures)} distinct failure signature(s)")
        for sig, f in sorted(self.failures.items(), key=lambda x: -x[1]["count"]):
            lines.append(f"  [{f['count']:>4}x] {sig}")
            lines.append(f"         first: {f['case']}  -> {f['repro']}")
        return "\n".join(lines)


def _slug(sig: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", sig).strip("-")[:90] + "-" + hashlib.sha1(sig.encode()).hexdigest()[:6]


class Runner:
    def __init__(self, seed: int, count: int, kinds: list[str], time_limit: float, out: Path,
                 cli_fraction: float, workers: int, quiet: bool = False) -> None:
        self.seed, self.count, self.kinds = seed, count, kinds
        self.tl, self.out, self.quiet = time_limit, out, quiet
        self.workers_n = max(1, min(2, workers))
        self.root = Root.create()
        self.corpus = Corpus(shared_data())
        (self.root.work / "base_cards.json").write_text(json.dumps(self.corpus.state_cards), encoding="utf-8")
        self.gen = Generator(self.corpus, self.root, seed, time_limit, cli_fraction)
        self.summary = Summary(seed)
        self.summary.out = str(out)
        self.watch = self.root.snapshot()
        self.in_flight: list[str] = []
        out.mkdir(parents=True, exist_ok=True)
        self.log = (out / "runs.jsonl").open("w", encoding="utf-8")

    def cases(self, only: str | None = None):
        if only:
            kind, index = only.split(":")
            yield self.gen.case(kind, int(index))
            return
        for i in range(self.count):
            kind = self.kinds[i % len(self.kinds)]
            try:
                yield self.gen.case(kind, i // len(self.kinds))
            except Exception as exc:  # noqa: BLE001 — a bug of this harness: reported, the run goes on
                case = Case(kind, i // len(self.kinds), _cid(kind, i // len(self.kinds)))
                frames = [(f.filename, f.name) for f in traceback.extract_tb(exc.__traceback__)]
                d = write_case(self.root, case)
                self.record(case, d, dir_state(d), [Run("generator", "FAILURE", f"harness: generator "
                            f"{type(exc).__name__} at {_frame_name(*frames[-1])}", traceback.format_exc())], "")

    def spec(self, case: Case, d: Path) -> dict:
        return {"dir": str(d), "prefix": case.prefix, "api": case.api, "cli": case.cli, "nul": case.nul_text}

    def record(self, case: Case, d: Path, before: dict, runs: list[Run], log: str) -> None:
        runs = list(runs)
        bad_log = check_output("worker output", log, self.root)
        if bad_log and "Traceback" not in log:
            runs.append(bad_log)
        marker = self.root.markers / case.case_id  # payloads of other inputs write their own markers
        if marker.exists():
            runs.append(Run("watch", "FAILURE", f"code ran: a payload wrote its marker file ({case.kind})",
                            marker.read_text(encoding="utf-8", errors="replace")[:500]))
            marker.unlink()
        now = self.root.snapshot()
        if now != self.watch:
            changed = sorted(k for k in set(now) | set(self.watch) if now.get(k) != self.watch.get(k))
            runs.append(Run("watch", "FAILURE", f"file touched outside the input: {', '.join(changed)} ({case.kind})",
                            f"{changed!r}; inputs in flight: {', '.join(self.in_flight)}"))
            self.root.restore()
            self.watch = self.root.snapshot()
        after = dir_state(d)
        if after != before:
            changed = sorted(k for k in set(after) | set(before) if after.get(k) != before.get(k))
            runs.append(Run("watch", "FAILURE", f"file written beside the input ({case.kind})", repr(changed)[:500]))
        worst = max(runs, key=lambda r: CLASSES.index(r.cls)).cls if runs else "ok"
        self.summary.per_kind[case.kind][worst] += 1
        self.summary.count += 1
        for r in runs:
            self.summary.runs[r.channel.split(":")[0]] += 1
            if r.cls != "FAILURE":
                continue
            sig = f"{case.kind}: {r.signature}"
            if ("multi-line" in sig or "several lines" in sig) and any("\n" in n or "\r" in n for n in case.files):
                sig += " (an input's file name has a line break)"
            entry = self.summary.failures.get(sig)
            if entry:
                entry["count"] += 1
                continue
            repro = self.out / _slug(sig)
            self.summary.failures[sig] = {"count": 1, "case": f"{case.kind}:{case.index}", "repro": str(repro)}
            self.save_repro(case, d, runs, r, repro, sig)
        if worst != "FAILURE":
            shutil.rmtree(d, ignore_errors=True)
        if self.log is not None:
            for r in runs:
                self.log.write(json.dumps({"case": case.case_id, "channel": r.channel, "class": r.cls,
                                           "seconds": r.seconds, "signature": r.signature,
                                           "detail": r.detail[:300]}) + "\n")

    def save_repro(self, case: Case, d: Path, runs: list[Run], failing: Run, repro: Path, sig: str) -> None:
        special = _copy_case(d, repro)
        if case.kind == "builder":
            (repro / "base_cards.json").write_text(json.dumps(self.corpus.state_cards), encoding="utf-8")
        cmds = [" ".join(["pyrules"] + [_sh(a.replace("{case}", ".")) for a in argv]) for argv in case.cli]
        info = {"signature": sig, "kind": case.kind, "case": f"{case.kind}:{case.index}", "seed": self.seed,
                "replay": f"python tests/fuzz/run_fuzz.py --seed {self.seed} --time-limit {self.tl:g} "
                          f"--replay {case.kind}:{case.index}",
                "failing_run": failing.as_dict(), "runs": [r.as_dict() for r in runs], "api": case.api,
                "cli": cmds, "fifo_or_special_files": special, "canary": str(self.root.canary),
                "note": "payload paths point into the run's temporary folder (canary, markers); --replay "
                        "regenerates the same input in a new one"}
        (repro / "case.json").write_text(json.dumps(info, indent=1, ensure_ascii=True), encoding="utf-8")
        sh = ["#!/bin/sh", f"# {sig}", 'cd "$(dirname "$0")"']
        sh += [f"mkfifo {_sh(n)} 2>/dev/null" for n in special]
        if case.kind == "builder":
            sh.append(f"python {_sh(case.prefix + '-calls.py')} base_cards.json")
        sh += cmds
        sh.append(f"# or: {info['replay']}")
        (repro / "reproduce.sh").write_text("\n".join(sh) + "\n", encoding="utf-8")

    def run(self, only: str | None = None) -> Summary:
        start = time.monotonic()
        workers = [WorkerProcess(self.root, i, self.tl) for i in range(self.workers_n)]
        pending = self.cases(only)
        active: dict[int, tuple[Case, Path, dict, list]] = {}
        done = 0
        last_print = time.monotonic()
        exhausted = False
        try:
            while True:
                for w in workers:
                    if w.case is None and not exhausted:
                        case = next(pending, None)
                        if case is None:
                            exhausted = True
                            break
                        d = write_case(self.root, case)
                        w.case = case
                        w.case_start = w.stage_start = time.monotonic()
                        w.stage = "queued"
                        active[w.wid] = (case, d, dir_state(d), [])
                        w.send(self.spec(case, d))
                busy = [w for w in workers if w.case is not None]
                self.in_flight = [w.case.case_id for w in busy]
                if not busy:
                    break
                limit = self.tl + HANG_SLACK + 5
                timeout = max(0.05, min(w.stage_start + limit - time.monotonic() for w in busy))
                ready, _, _ = select.select([w.rfd for w in busy], [], [], timeout)
                for i, w in enumerate(workers):
                    if w.case is None:
                        continue
                    case, d, before, _ = active[w.wid]
                    if w.rfd in ready:
                        msgs = w.read_messages()
                        if msgs is None:  # the worker died in this case
                            rc = w.proc.wait()
                            log = w.new_log()
                            printed = read_capture(self.root, w.wid) + "\n" + log
                            why = " after a clingo PANIC" if "PANIC" in printed else ""
                            self.record(case, d, before, [Run(
                                w.stage, "FAILURE", f"{w.stage}: the process died ({_died(rc)}){why}",
                                printed[-3000:])], log)
                            w.kill()
                            workers[i] = WorkerProcess(self.root, w.wid, self.tl)
                            done += 1
                            continue
                        for m in msgs:
                            if m["t"] == "stage":
                                w.stage, w.stage_start = m["stage"], time.monotonic()
                            elif m["t"] == "done":
                                runs = [Run(**r) for r in m["runs"]]
                                self.record(case, d, before, runs, w.new_log())
                                w.case = None
                                done += 1
                    elif time.monotonic() - w.stage_start > limit:
                        log = w.new_log()
                        w.kill()
                        self.record(case, d, before, [Run(w.stage, "FAILURE", f"{w.stage}: hang past the time "
                                                          f"limit + {HANG_SLACK:g} s (killed)", log[-2000:])], log)
                        workers[i] = WorkerProcess(self.root, w.wid, self.tl)
                        done += 1
                if not self.quiet and time.monotonic() - last_print > 30:
                    last_print = time.monotonic()
                    el = last_print - start
                    print(f"  {done}/{self.count} inputs, {el:.0f} s, {len(self.summary.failures)} failure "
                          f"signature(s)", file=sys.stderr, flush=True)
        finally:
            for w in workers:
                with contextlib.suppress(Exception):
                    w.proc.stdin.close()
                w.kill()
            left = sorted(p.name for p in self.root.markers.iterdir())
            if left:  # markers no input's own check saw
                self.summary.failures["code ran: marker files left at the end"] = {
                    "count": len(left), "case": ", ".join(left[:10]), "repro": "(see the inputs named)"}
            self.summary.seconds = time.monotonic() - start
            self.out.mkdir(parents=True, exist_ok=True)
            (self.out / "summary.json").write_text(json.dumps({
                "seed": self.seed, "count": self.summary.count, "seconds": round(self.summary.seconds, 1),
                "per_kind": {k: dict(v) for k, v in self.summary.per_kind.items()}, "runs": dict(self.summary.runs),
                "failures": self.summary.failures}, indent=1), encoding="utf-8")
            if not os.environ.get("PYRULES_FUZZ_KEEP"):  # keep the run's folder (worker logs) to debug
                shutil.rmtree(self.root.path, ignore_errors=True)
            self.log.close()
        return self.summary


def _died(rc: int) -> str:
    if rc < 0:
        try:
            return f"signal {signal.Signals(-rc).name}"
        except ValueError:
            return f"signal {-rc}"
    return f"exit code {rc}"


def _sh(s: str) -> str:
    import shlex

    return shlex.quote(s)


def run(seed: int | None = None, count: int = 10_000, kinds=KINDS, time_limit: float = 3.0,
        out: str | Path | None = None, cli_fraction: float = 0.15, workers: int = 2, quiet: bool = False,
        only: str | None = None) -> Summary:
    """Run the fuzz harness; return its :class:`Summary` (also written to ``out/summary.json``)."""
    seed = secrets.randbelow(10 ** 6) if seed is None else seed
    out = Path(out) if out else Path(tempfile.mkdtemp(prefix="pyrules-fuzz-out-"))
    if not quiet:
        print(f"pyrules fuzz: seed {seed}, {count} inputs, kinds {','.join(kinds)}, time limit {time_limit:g} s, "
              f"out {out}", flush=True)
    runner = Runner(seed, count, list(kinds), time_limit, out, cli_fraction, workers, quiet)
    return runner.run(only)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seed", type=int, default=None, help="seed (default: random, printed)")
    p.add_argument("--count", type=int, default=10_000, help="inputs in all (default 10000)")
    p.add_argument("--kinds", default=",".join(KINDS), help=f"comma-separated subset of {','.join(KINDS)}")
    p.add_argument("--time-limit", type=float, default=3.0, help="pyrules' time limit in seconds (default 3); "
                   "a command running past it + 10 s is a hang")
    p.add_argument("--out", default=None, help="folder for reproducers and summary.json (default: a new temp folder)")
    p.add_argument("--cli-fraction", type=float, default=0.15, help="share of inputs also run through the CLI")
    p.add_argument("--workers", type=int, default=2, help="worker processes (1 or 2)")
    p.add_argument("--replay", metavar="KIND:INDEX", help="run only this input of the seed (verbose)")
    p.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    p.add_argument("--root", help=argparse.SUPPRESS)
    p.add_argument("--secret", help=argparse.SUPPRESS)
    p.add_argument("--forge", help=argparse.SUPPRESS)
    p.add_argument("--result-fd", type=int, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.worker is not None:
        _worker_main(args)
        return 0
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = set(kinds) - set(KINDS)
    if unknown:
        p.error(f"unknown kinds: {', '.join(sorted(unknown))}")
    if args.replay:
        args.seed = 0 if args.seed is None else args.seed
        args.cli_fraction = 1.0
        args.count = 1
    summary = run(args.seed, args.count, kinds, args.time_limit, args.out, args.cli_fraction, args.workers,
                  only=args.replay)
    print(summary.report())
    if args.replay and summary.failures:
        for f in summary.failures.values():
            print(Path(f["repro"], "case.json").read_text(encoding="utf-8")[:6000])
    return 1 if summary.failures else 0


if __name__ == "__main__":
    sys.exit(main())
