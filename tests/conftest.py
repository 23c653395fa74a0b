"""Shared fixtures: where the real inputs (``../shared``) are.

``PYRULES_SHARED`` may point at another copy of the shared folder (the one holding ``data/``,
``seeds/`` and ``cases/``). Tests that need it skip with a reason when it is missing, except
under ``CI=true``, where a missing ``shared/data`` is a failure: CI must test on real input.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

_REPO = Path(__file__).resolve().parent.parent


def _shared_root() -> Path:
    env = os.environ.get("PYRULES_SHARED")
    return Path(env).resolve() if env else (_REPO.parent / "shared").resolve()


def _require(path: Path, what: str) -> Path:
    if path.exists():
        return path
    message = f"{what} not found at {path} (set PYRULES_SHARED to the shared folder)"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message)
    pytest.skip(message)


@pytest.fixture(scope="session", autouse=True)
def _card_cache_in_tmp(tmp_path_factory):
    """Keep the card-text cache (pyrules.inputs.card_cache.CardCache) of test runs out of the user's home."""
    mp = pytest.MonkeyPatch()
    mp.setenv("PYRULES_CACHE_DIR", str(tmp_path_factory.mktemp("card-cache")))
    yield
    mp.undo()


@pytest.fixture(scope="session")
def shared_root() -> Path:
    """The shared folder (``data/``, ``seeds/``, ``cases/``)."""
    return _require(_shared_root(), "shared folder")


@pytest.fixture(scope="session")
def shared_data(shared_root: Path) -> Path:
    """``shared/data``: CR text files, card data, rulings."""
    return _require(shared_root / "data", "shared/data")


@pytest.fixture(scope="session")
def cr_dir(shared_data: Path) -> Path:
    """Folder of the six real Comprehensive Rules text files."""
    return _require(shared_data / "cr", "shared/data/cr")


@pytest.fixture(scope="session")
def cr_newest(cr_dir: Path) -> Path:
    """The newest CR file (effective 2026-04-17); rule numbers in CLAIMS.md refer to it."""
    return _require(cr_dir / "MagicCompRules-20260417.txt", "CR 2026-04-17")


@pytest.fixture(scope="session")
def cards_dir(shared_data: Path) -> Path:
    """``shared/data/cards``."""
    return _require(shared_data / "cards", "shared/data/cards")


@pytest.fixture(scope="session")
def cases(shared_root: Path) -> dict[str, dict]:
    """The shared judge cases, by ID (``A04`` …)."""
    path = _require(shared_root / "cases" / "cases.jsonl", "shared/cases/cases.jsonl")
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            case = json.loads(line)
            out[case["id"]] = case
    return out


@pytest.fixture(scope="session")
def oracle_records(cards_dir: Path) -> dict[str, dict]:
    """Real card records (Scryfall objects) by name: the compact Oracle files (a non-token record
    wins over a token of the same name), then the MB2 and UNH set files (playtest and Un- cards)."""
    out: dict[str, dict] = {}
    for name in ("scryfall-oracle-compact-A-K.json", "scryfall-oracle-compact-L-Z.json"):
        for rec in json.loads((cards_dir / name).read_text(encoding="utf-8")):
            if rec["name"] not in out or out[rec["name"]].get("layout") == "token":
                out[rec["name"]] = rec
    for name in ("all_cards_mb2.json", "all_cards_unh.json"):
        for rec in json.loads((cards_dir / "scryfall-sets" / name).read_text(encoding="utf-8")):
            out[rec["name"]] = rec
    return out


@pytest.fixture(scope="session")
def kb_of(oracle_records):
    """``kb_of(*names)``: a KnowledgeBase over the named real cards (from :func:`oracle_records`)."""
    from pyrules import KnowledgeBase
    from pyrules.inputs.cards import cards_from_json

    def make(*names: str):
        return KnowledgeBase(cards_from_json([oracle_records[n] for n in names]))
    return make


#: Test files that take 25 s or more on one core (``pytest --durations=0``, 2026-12-02), longest
#: first. They are collected first, so that ``pytest -n auto --dist loadfile`` (the README's test
#: command, pytest-xdist) hands them out before the short files and both workers finish together;
#: the order of the tests within a file is unchanged. Only a schedule: no test depends on it.
LONG_FILES = ("test_warm.py", "test_timeline_triggers.py", "test_timeline_trigger_cards.py",
              "test_consistency.py", "test_cards_oracle.py", "test_timeline.py",
              "test_timeline_tokens_and_cards.py", "test_readme.py", "test_timeline_control_and_types.py",
              "test_timeline_effects.py", "test_batches_dask.py", "test_plan.py", "test_honest_inputs.py",
              "test_dead_rules.py")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Collect the :data:`LONG_FILES` first, longest first (a stable sort: every other file, and the
    tests of each file, keep their order)."""
    rank = {name: i for i, name in enumerate(LONG_FILES)}
    items.sort(key=lambda item: rank.get(item.path.name, len(LONG_FILES)))
