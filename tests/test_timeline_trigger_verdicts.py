"""'Why not' for triggered abilities in sequences (rules_asp/time/trigger_verdicts.lp), posed as event
sequences with real cards: the answers of the event's moment (Answers.trigger_verdicts, kind
"triggers") give, for an ability whose event happened but which did not trigger, the failed condition
— "only once each turn" already used (603.2), an object that entered or died not matching the trigger's
object phrase (603.6a, 700.4, 603.10a): the source itself for "another", a quality it lacks, its
controller (109.5, 102.2)."""

from __future__ import annotations

from timeline_helpers import two_player_state as _state
from timeline_helpers import user_steps as _user_steps
from timeline_helpers import kb_of  # noqa: F401 (the fixture: a time limit for sequences)


def _verdicts(tl):
    """(subject, source:ability, allowed, reasons, rules) of every trigger verdict of the sequence."""
    return [(d.subject, d.other, d.allowed, d.reasons, {c.rule for c in d.citations})
            for st in tl.steps for d in st.before.trigger_verdicts()]


def test_mary_jane_watson_why_not_quality_controller_once_and_another_603_2_603_6a(kb_of):
    # alice's Mary Jane Watson: "Whenever a Spider you control enters, draw a card. This ability
    # triggers only once each turn." (the turn's history recorded: nothing triggered yet)
    # - alice's Grizzly Bears enters: not a Spider (subtype("Spider"));
    # - bob's Giant Spider is put onto the battlefield: not alice's (controller(you), 109.5);
    # - alice's first Giant Spider triggers it (c1 drawn); her second does not: already this turn (603.2);
    # - Soul Warden ("Whenever another creature enters") enters: not "another" for itself, and no
    #   Spider for Mary Jane.
    kb = kb_of("Mary Jane Watson", "Giant Spider", "Grizzly Bears", "Soul Warden")
    s = _state(("mj", "Mary Jane Watson", "battlefield", "alice"), ("sp1", "Giant Spider", "hand", "alice"),
               ("sp2", "Giant Spider", "hand", "alice"), ("gb", "Grizzly Bears", "hand", "alice"),
               ("sw", "Soul Warden", "hand", "alice"), ("bsp", "Giant Spider", "hand", "bob"),
               ("c1", "Grizzly Bears", "library", "alice"), ("c2", "Grizzly Bears", "library", "alice"))
    s.set_library_order("alice", ["c1", "c2"])
    s.record_turn_history()
    s.then_cast("alice", "gb")
    s.then_resolve()
    s.then_move("bsp", "battlefield")
    s.then_cast("alice", "sp1")
    s.then_resolve()
    s.then_put_triggers()
    s.then_resolve()
    s.then_cast("alice", "sp2")
    s.then_resolve()
    s.then_cast("alice", "sw")
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    verdicts = _verdicts(tl)
    assert [v[:4] for v in verdicts] == [
        ("enters(gb)", "mj:1", False, ('subtype("Spider")',)),
        ("enters(bsp)", "mj:1", False, ("controller(you)",)),
        ("enters(sp2)", "mj:1", False, ("triggered_earlier_this_turn",)),
        ("enters(sw)", "mj:1", False, ('subtype("Spider")',)),
        ("enters(sw)", "sw:1", False, ("another",))]
    assert all({"603.2"} <= v[4] for v in verdicts)
    assert all("603.6a" in v[4] for v in verdicts if v[3] != ("triggered_earlier_this_turn",))
    assert "109.5" in verdicts[1][4]
    # the first Spider did trigger: no verdict of "not" for it
    assert not any(v[0] == "enters(sp1)" for v in verdicts)
    assert tl.final.assumptions() == []


def test_bastion_and_zulaport_why_not_an_opponents_creature_dies_700_4(kb_of):
    # "Whenever a creature you control dies" (Bastion of Remembrance) and "Whenever this creature or
    # another creature you control dies" (Zulaport Cutthroat): bob's Grizzly Bears Bolted is not
    # alice's (controller(you), looked back on, 603.10a); Zulaport Cutthroat Bolted triggers both (its
    # own "this creature": no verdict of "not another" for it).
    kb = kb_of("Zulaport Cutthroat", "Bastion of Remembrance", "Grizzly Bears", "Lightning Bolt")
    s = _state(("zc", "Zulaport Cutthroat", "battlefield", "alice"), ("bas", "Bastion of Remembrance", "battlefield", "alice"),
               ("bb", "Grizzly Bears", "battlefield", "bob"), ("b1", "Lightning Bolt", "hand", "alice"),
               ("b2", "Lightning Bolt", "hand", "alice"))
    s.then_cast("alice", "b1", targets=["bb"])
    s.then_resolve()
    s.then_cast("alice", "b2", targets=["zc"])
    s.then_resolve()
    tl = kb.run(s)
    assert tl.finished, tl.steps[-1].refused
    verdicts = _verdicts(tl)
    assert [v[:4] for v in verdicts] == [("dies(bb)", "bas:2", False, ("controller(you)",)),
                                         ("dies(bb)", "zc:1", False, ("controller(you)",))]
    assert all({"700.4", "603.10a", "109.5"} <= v[4] for v in verdicts)
    pending = {str(f.arguments[0]) for f in tl.steps[-1].state if f.name == "pending_trigger"}
    t = _user_steps(tl)[-1].time
    assert {p.split(",")[0] for p in pending} == {"ability(bas", "ability(zc"}
    assert all(p.endswith(f",{t})") for p in pending)
