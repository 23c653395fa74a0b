"""Batches on an executor (issue 21): a batch on a Dask LocalCluster gives the same answers as
local processes and as single cold queries, on real Oracle cards from ``shared/data``; a failing
state in the middle is reported in place; Dask is optional (importing pyrules does not need it,
asking for it without it is one pyrules error); clingo symbols cross process boundaries as values.

The Dask tests skip with a reason when ``dask.distributed`` is not installed; the tests on shared
data follow tests/conftest.py (skip when it is missing, fail under ``CI=true``).
"""

from __future__ import annotations

import io
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from pyrules import GameState, KnowledgeBase
from pyrules.errors import QueryError, QuestionError
from pyrules.solving.one_shot import solve

ORACLE = ("scryfall-oracle-compact-A-K.json", "scryfall-oracle-compact-L-Z.json")
# Real cards of different kinds: instants, a split card, sorceries, creatures with and without
# flash, lands, a card without a mana cost (suspend), a card with an alternative cost.
NAMES = ("Lightning Bolt", "Counterspell", "Fire // Ice", "Brainstorm", "Wrath of God", "Llanowar Elves",
         "Ambush Viper", "Snapcaster Mage", "Forest", "Dryad Arbor", "Ancestral Vision", "Force of Will")


@pytest.fixture(scope="module")
def oracle_kb(cards_dir: Path) -> KnowledgeBase:
    return KnowledgeBase.from_files([cards_dir / f for f in ORACLE], names=NAMES)


def _state(name: str, zone: str = "hand", active: str = "b", phase: str = "precombat_main") -> GameState:
    """Card ``name`` as object c of player a in ``zone``; ``active``'s ``phase``, a holds priority."""
    s = GameState()
    s.add_player("a")
    s.add_player("b")
    s.set_turn(active, phase, None, "a")
    s.add_object("c", name, zone, "a")
    return s


def _castability(answers) -> tuple:
    """Per face of c: (face, castable?, blocking reasons), from castable/6 and cast_blocked/7."""
    return tuple((o.face, o.allowed, o.reasons) for o in answers.cast_options("c") if o.method == "normal")


def _states() -> list[GameState]:
    """24 states: each card at instant speed (b's turn) and at sorcery speed (a's own main phase)."""
    return [_state(n, active=active) for active in ("b", "a") for n in NAMES]


@pytest.fixture(scope="module")
def cold(oracle_kb) -> list[tuple]:
    """:func:`_castability` of each of :func:`_states` by a single cold query (``kb.ask``)."""
    return [_castability(oracle_kb.ask(s)) for s in _states()]


@pytest.fixture(scope="module", params=[False, True], ids=["threads", "processes"])
def dask_client(request):
    distributed = pytest.importorskip("distributed", reason="dask.distributed is not installed (pyrules[dask])")
    import cloudpickle

    # The questions below use this module's functions: a worker process cannot import a test
    # module, so they travel by value.
    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=request.param,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as client:
        yield client


def test_a_dask_batch_gives_the_answers_of_local_processes_and_of_single_queries(oracle_kb, dask_client, cold):
    states = _states()
    # The answers are real: Lightning Bolt is castable at instant speed, Wrath of God only in its
    # controller's own main phase (307.1), a land never (305.1: played, not cast).
    assert cold[NAMES.index("Lightning Bolt")] == ((1, True, ()),)
    assert not cold[NAMES.index("Wrath of God")][0][1]
    assert cold[len(NAMES) + NAMES.index("Wrath of God")][0][1]
    assert cold[NAMES.index("Forest")] == ()
    local = oracle_kb.ask_many(states, lambda a: _castability(a), workers=2, chunk_size=5)
    dask = oracle_kb.ask_many(states, lambda a: _castability(a), chunk_size=5, scheduler=dask_client)
    assert local == cold
    assert dask == cold
    # question None: the shown atoms, as texts; the same on Dask as in this process.
    assert (oracle_kb.ask_many(states[:4], scheduler=dask_client, chunk_size=3)
            == oracle_kb.ask_many(states[:4], workers=1, chunk_size=3))


def test_a_failing_state_in_the_middle_of_a_dask_batch_is_reported_and_loses_no_other(oracle_kb, dask_client, cold):
    states = _states()[:9]
    unknown = _state("No Such Card")
    raising = _state("Counterspell")
    raising.add_object("x9", "Forest", "battlefield", "a")

    def question(answers):  # raises for the one state that has an object x9
        try:
            answers.mana_value("x9")
        except QueryError:
            return _castability(answers)
        raise KeyError("x9 is not wanted")

    batch = states[:4] + [unknown] + states[4:6] + [raising] + states[6:]
    results = oracle_kb.ask_many(batch, question, chunk_size=3, scheduler=dask_client)
    assert [r for i, r in enumerate(results) if i not in (4, 7)] == cold[:9]
    assert isinstance(results[4], QueryError) and "No Such Card" in str(results[4])
    assert isinstance(results[7], QuestionError) and results[7].error_type == "KeyError"


def test_iter_many_streams_results_in_input_order(oracle_kb, cold):
    stream = oracle_kb.iter_many(_states()[:6], _castability, workers=2, chunk_size=2)
    assert next(stream) == cold[0]
    assert list(stream) == cold[1:6]


@pytest.fixture(scope="module")
def mb2_local(cards_dir, cr_newest):
    """The MB2 set file, its CR, and its card report from this process (check_cards, 1 worker)."""
    from pyrules.checks.card_checks import check_cards
    from pyrules.inputs.comprehensive_rules import load_comprehensive_rules

    doc = load_comprehensive_rules(cr_newest)
    mb2 = cards_dir / "scryfall-sets" / "all_cards_mb2.json"
    return mb2, doc, check_cards([mb2], doc, workers=1, chunk_size=100)


def test_check_cards_on_dask_reports_what_it_reports_locally(mb2_local, dask_client):
    from pyrules.checks.card_checks import check_cards

    mb2, doc, local = mb2_local
    dask = check_cards([mb2], doc, chunk_size=100, scheduler=dask_client)
    assert local.cards == 385 and local.findings
    assert (dask.cards, dask.card_names, dask.errors) == (local.cards, local.card_names, local.errors)
    assert dask.findings == local.findings


def test_importing_pyrules_does_not_import_dask():
    code = ("import sys, pyrules, pyrules.solving.batches, pyrules.checks.card_checks, pyrules.cli.check; "
            "print(sorted(m for m in ('dask', 'distributed', 'tqdm') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_asking_for_dask_without_it_installed_is_one_pyrules_error(monkeypatch, tmp_path, capsys):
    from importlib import resources

    from pyrules.cli import main

    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    kb = KnowledgeBase()
    with pytest.raises(QueryError, match=r"dask.distributed is not installed \(pip install 'pyrules\[dask\]'\)"):
        kb.ask_many([GameState()], scheduler="tcp://127.0.0.1:8786")
    cr = tmp_path / "cr.txt"
    cr.write_text("Magic: The Gathering Comprehensive Rules\n", encoding="utf-8")
    card = resources.files("pyrules.examples") / "there_theyre_their.json"
    code = main(["check", "--cr", str(cr), "--cards", str(card), "--scheduler", "tcp://127.0.0.1:8786"])
    err = capsys.readouterr().err.strip().splitlines()
    assert code == 2
    assert len(err) == 1 and "pyrules[dask]" in err[0] and "Traceback" not in err[0]


def test_an_unreachable_scheduler_is_one_pyrules_error(monkeypatch):
    pytest.importorskip("distributed", reason="dask.distributed is not installed (pyrules[dask])")
    monkeypatch.setattr("pyrules.solving.executors.CONNECT_TIMEOUT", 1.0)
    with pytest.raises(QueryError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        KnowledgeBase().ask_many([GameState()], scheduler="tcp://127.0.0.1:9")


def test_clingo_symbols_are_pickled_as_values_for_another_process():
    import clingo

    import pyrules.asp_terms  # noqa: F401  (registers the pickling of symbols)

    sym = clingo.Function("f", [clingo.String("x y"), clingo.Number(-3), clingo.Function("g", [], False),
                                clingo.Supremum])
    out = subprocess.run([sys.executable, "-c", "import pickle, sys, pyrules; print(pickle.loads(sys.stdin.buffer.read()))"],
                         input=pickle.dumps(sym), capture_output=True, check=True)
    assert out.stdout.decode().strip() == str(sym) == 'f("x y",-3,-g,#sup)'


def test_the_progress_bar_shows_only_when_asked_or_on_a_terminal(oracle_kb, monkeypatch):
    from pyrules.solving.executors import LONG_BATCH, progress_bar

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stderr", io.StringIO())  # not a terminal
    assert progress_bar(LONG_BATCH * 10, None, "state", "t") is None
    monkeypatch.setattr(sys, "stderr", Terminal())
    assert progress_bar(LONG_BATCH * 10, False, "state", "t") is None  # asked for none
    assert progress_bar(LONG_BATCH - 1, None, "state", "t") is None  # a short batch: no bar
    bar = progress_bar(LONG_BATCH, None, "state", "t")
    assert bar is not None
    bar.close()
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)  # asked for: shown even when stderr is no terminal
    results = oracle_kb.ask_many(_states()[:3], _castability, workers=1, progress=True)
    assert len(results) == 3 and "3/3" in err.getvalue()


def test_a_session_with_the_common_facts_fixed_answers_as_cold_and_refuses_a_state_without_them(oracle_kb):
    # ask_many's sessions ground the facts every state of the chunk has as plain facts (issue 21,
    # throughput): each answer still equals the cold one; a state lacking such a fact is refused.
    from pyrules.solving.warm import WarmSession

    states = _states()
    session = WarmSession(oracle_kb, states, fix_common=True)
    assert session._fixed  # the players, a's priority, c in a's hand: in every state
    for s in states[::2]:  # one card of each kind at each speed
        assert frozenset(map(str, session.solve_symbols(s))) == frozenset(map(str, solve(oracle_kb.facts(s)).symbols))
    no_card = GameState()  # every fact of it is in the universe, but c in a's hand is not one of them
    no_card.add_player("a")
    no_card.add_player("b")
    no_card.set_turn("b", "precombat_main", None, "a")
    with pytest.raises(QueryError, match="lacks a fact every state"):
        session.solve_symbols(no_card)


def test_local_workers_are_replaced_by_fresh_processes_and_answers_stay_equal(oracle_kb, monkeypatch, cold):
    # Memory flat over a whole-pool batch (issue 21): every RECYCLE_AFTER chunks the local pool
    # is replaced by fresh processes (clingo never frees a symbol a process made).
    import os

    monkeypatch.setattr("pyrules.solving.executors.RECYCLE_AFTER", 2)
    states = _states()[:8]
    answers = oracle_kb.ask_many(states, lambda a: (os.getpid(), _castability(a)), workers=2, chunk_size=1)
    assert [a for _, a in answers] == cold[:8]
    assert len({pid for pid, _ in answers}) >= 4 and os.getpid() not in {pid for pid, _ in answers}


def test_pyrules_check_cards_with_scheduler_reports_what_local_processes_report(mb2_local, cr_newest, dask_client,
                                                                                  capsys):
    import json

    from pyrules.cli import main

    mb2, _, local = mb2_local
    address = dask_client.scheduler.address
    if not address.startswith("tcp://"):
        pytest.skip("the command line connects by address: the process cluster's tcp:// scheduler")
    code = main(["check", "--cr", str(cr_newest), "--cards", str(mb2), "--summary", "--format", "json",
                 "--scheduler", address])
    rows = json.loads(capsys.readouterr().out)
    assert code in (0, 1)
    summary = [r["summary"] for r in rows if r["check"] == "cards_summary"]
    expected = local.summary()
    assert [{k: v for k, v in s.items() if k != "seconds"} for s in summary] == [
        {k: v for k, v in expected.items() if k != "seconds"}]


def test_a_failing_batch_of_check_cards_is_reported_per_record_and_the_others_are_checked(mb2_local, monkeypatch):
    import pyrules.checks.card_checks as card_checks

    mb2, doc, local = mb2_local
    real = card_checks._chunk_check

    def fails_on_the_second_batch(catalog, item):
        records, _ = item
        if records[0][0] == 100:  # the batch of records 100..199
            raise MemoryError("out of memory in this batch")
        return real(catalog, item)

    monkeypatch.setattr(card_checks, "_chunk_check", fails_on_the_second_batch)
    report = card_checks.check_cards([mb2], doc, workers=1, chunk_size=100)
    lost = [e for e in report.errors if "not checked" in e[2]]
    assert [e[1] for e in lost] == [f"record {i}" for i in range(100, 200)]
    assert all("MemoryError: out of memory in this batch" in e[2] for e in lost)
    assert report.cards == local.cards - 100
    assert report.findings and set(report.findings) < set(local.findings)  # the other batches' findings
