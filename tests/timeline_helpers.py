"""Helpers of the sequence tests (tests/test_timeline*.py): a two-player state with 20 life each,
expected atoms written by hand, and what a Timeline holds."""

from __future__ import annotations

import pytest

import clingo

from pyrules import GameState


def atom(text: str) -> clingo.Symbol:
    """An expected atom, written by hand in the test (test-side parsing only)."""
    return clingo.parse_term(text)


def two_player_state(*objects, active="alice", phase="precombat_main", step=None) -> GameState:
    """alice and bob at 20 life, ``active``'s turn and priority (none in the untap step, 502.4);
    ``objects`` are (id, card, zone, owner), a permanent controlled by its owner since the turn began (302.6)."""
    s = GameState()
    s.add_player("alice")
    s.add_player("bob")
    s.set_life("alice", 20)
    s.set_life("bob", 20)
    s.set_turn(active, phase, step, None if step == "untap" else active)
    for obj, card, zone, owner in objects:
        s.add_object(obj, card, zone, owner, controller=owner if zone == "battlefield" else None)
        if zone == "battlefield":
            s.controlled_since_turn_began(obj)
    return s


def oracle_scenario(tmp_path, shared_data, body: str, name: str = "s.toml"):
    """A scenario file in ``tmp_path``: ``body`` (TOML) after a ``cards`` key naming the two compact
    Oracle files of ``shared_data``; its path."""
    import json
    cards = [str(shared_data / "cards" / f"scryfall-oracle-compact-{part}.json") for part in ("A-K", "L-Z")]
    path = tmp_path / name
    path.write_text(f"cards = {json.dumps(cards)}\n" + body, encoding="utf-8")
    return path


def holds(timeline, text: str, time: int | None = None) -> bool:
    """Whether fluent ``text`` holds at ``time`` (default: after the last step)."""
    state = timeline.steps[-1].state if time is None else timeline.state_at(time)
    return atom(text) in state


def user_steps(timeline):
    """The steps of the user's events (not the state-based-action checks)."""
    return [s for s in timeline.steps if s.user_event is not None]


@pytest.fixture
def kb_of(kb_of):
    """The session's ``kb_of`` (conftest.py) with a time limit for a whole sequence (120 s: the machine
    running the tests may be loaded). A test module of sequences imports it by name."""
    def make(*names):
        kb = kb_of(*names)
        kb.time_limit = 120
        return kb
    return make


def run_whole(kb, state):
    """``kb.run(state)`` with the whole lifted program grounded at every step (no slice,
    pyrules.timeline.slicing): what the sliced run is compared with."""
    import pyrules.timeline.run as run
    original = run.solve_timeline
    try:
        run.solve_timeline = lambda *a, **k: original(*a, **k, whole=True)
        return run.run_timeline(kb, state)
    finally:
        run.solve_timeline = original


def cast_at_graveyard_card(kb_of, spell: tuple[str, str], card: tuple[str, str]):
    """alice casts ``spell`` (object id, card name; in her hand) targeting ``card`` (object id, card
    name; in her graveyard), and it resolves: the run, checked to have finished."""
    (sid, sname), (cid, cname) = spell, card
    s = two_player_state((sid, sname, "hand", "alice"), (cid, cname, "graveyard", "alice"))
    s.then_cast("alice", sid, targets=[cid])
    s.then_resolve()
    tl = kb_of(sname, cname).run(s)
    assert tl.finished, tl.steps[-1].refused
    return tl


#: A scenario (TOML) in which bob's Dapper Shieldmate, with a shield counter (122.1c) and a regeneration
#: shield (701.19a), is destroyed: two effects that replace the destruction, whose order bob picks (616.1).
SHIELDMATE_DESTROY = """
[[players]]
player = "alice"
[[players]]
player = "bob"
[[effects]]
kind = "set_turn"
active_player = "alice"
phase = "precombat_main"
priority = "alice"
[[objects]]
obj = "d"
card = "Dapper Shieldmate"
zone = "battlefield"
owner = "bob"
controller = "bob"
[[effects]]
builder-method = "add_counters"
obj = "d"
kind = "shield"
number = 1
[[effects]]
builder-method = "regeneration_shield"
obj = "d"
[[events]]
kind = "destroy"
obj = "d"
"""
