"""Payments from dual lands in sequences (issue 18; rules_asp/time/mana_payment_in_sequences.lp): the
payment derived in a step finds one whenever one exists (601.2h, 107.4), not only where taking the
first unit that fits works: Plateau ({R} or {W}) and Taiga ({R} or {G}) pay {R}{W} with Taiga's red and
Plateau's white. The moment's verdict (casting/mana_payment.lp, Hall's condition) already decided these;
the sequence's payment now agrees with it, and an activation no payment can cover is refused naming the
set of colors short (601.2h, 602.2b, 118.3). Real cards, posed as sequences."""

from __future__ import annotations

import pytest

from timeline_helpers import atom as _atom
from timeline_helpers import two_player_state
from timeline_helpers import user_steps as _user_steps

CARDS = ("Lightning Helix", "Sunhome Guildmage", "Boros Guildmage", "Plateau", "Taiga", "Forest", "Plains",
         "Volcanic Island")


@pytest.fixture(scope="module")
def kb(kb_of):
    kb = kb_of(*CARDS)
    kb.time_limit = 120
    return kb


def _state(*objects):
    s = two_player_state(*objects)
    s.ask_payments()
    return s


def _unapplied(step) -> list[str]:
    return [str(f) for f in step.state if f.name == "unapplied_effect"]


def test_plateau_and_taiga_pay_lightning_helix_red_from_taiga_601_2h_107_4a(kb):
    # Plateau (a) is ordered first; {R} taking it would leave {W} only Taiga, which can't be white.
    s = _state(("helix", "Lightning Helix", "hand", "alice"), ("a", "Plateau", "battlefield", "alice"),
               ("b", "Taiga", "battlefield", "alice"))
    (pay,) = kb.ask(s).payments("helix")
    assert pay.payable is True  # the moment's verdict
    s.then_cast("alice", "helix", targets=["bob"])
    cast = _user_steps(kb.run(s))[0]
    assert cast.refused is None
    assert _atom("tapped(a)") in cast.state and _atom("tapped(b)") in cast.state
    assert _unapplied(cast) == []  # before: payment_not_applied(no_payment_derived)


def test_sunhome_guildmages_1rw_paid_by_taiga_plateau_and_forest_602_2b_107_4a(kb):
    # "{1}{R}{W}: Creatures you control get +1/+0": red from Taiga, white from Plateau, {1} from the Forest.
    s = _state(("mage", "Sunhome Guildmage", "battlefield", "alice"), ("a", "Plateau", "battlefield", "alice"),
               ("b", "Taiga", "battlefield", "alice"), ("f", "Forest", "battlefield", "alice"))
    s.then_activate("alice", "mage", 1)
    act = _user_steps(kb.run(s))[0]
    assert act.refused is None
    assert {_atom("tapped(a)"), _atom("tapped(b)"), _atom("tapped(f)")} <= set(act.state)
    assert "unapplied_effect(mage,1,cost_not_paid(mana))" not in _unapplied(act)


def test_two_duals_that_cant_cover_red_and_white_refuse_the_activation_601_2h_118_3(kb):
    # Plateau, Forest, Forest: three mana, one red and one white each possible, but {R} and {W} can be paid
    # only with red or white mana and only Plateau gives either (Hall's condition fails for {red, white}).
    s = _state(("mage", "Sunhome Guildmage", "battlefield", "alice"), ("a", "Plateau", "battlefield", "alice"),
               ("f1", "Forest", "battlefield", "alice"), ("f2", "Forest", "battlefield", "alice"))
    s.then_activate("alice", "mage", 1)
    tl = kb.run(s)
    assert not tl.finished
    assert str(tl.steps[-1].refused) == "cannot_pay(missing(or(w,r),2,1))"  # before: cost_not_paid(mana)
    assert {"601.2h", "602.2b"} <= set(tl.steps[-1].refused_citations)
    assert not any(_atom(f"tapped({x})") in tl.steps[-1].state for x in ("a", "f1", "f2"))


def test_two_duals_of_one_shared_color_refuse_lightning_helix_in_the_moment_and_the_sequence_601_2h(kb):
    # Taiga and Volcanic Island: both red, neither white.
    s = _state(("helix", "Lightning Helix", "hand", "alice"), ("b", "Taiga", "battlefield", "alice"),
               ("v", "Volcanic Island", "battlefield", "alice"))
    (pay,) = kb.ask(s).payments("helix")
    assert (pay.payable, pay.reasons) == (False, ("missing(w,1,0)",))
    s.then_cast("alice", "helix", targets=["bob"])
    assert str(kb.run(s).steps[-1].refused) == "cannot_pay(missing(w,1,0))"


def test_plains_and_volcanic_island_pay_boros_guildmages_hybrid_cost_107_4e(kb):
    # {R/W}{R/W}: white from the Plains, red from Volcanic Island ({U} or {R}).
    s = _state(("gm", "Boros Guildmage", "hand", "alice"), ("p", "Plains", "battlefield", "alice"),
               ("v", "Volcanic Island", "battlefield", "alice"))
    (pay,) = kb.ask(s).payments("gm")
    assert pay.payable is True and pay.total_cost == "{R/W}{R/W}"
    s.then_cast("alice", "gm")
    cast = _user_steps(kb.run(s))[0]
    assert cast.refused is None and _atom("tapped(p)") in cast.state and _atom("tapped(v)") in cast.state
    assert _unapplied(cast) == []
