"""Every CR rule number the rule base cites exists in the CR it was built against (issue 5).

A simple line check (the CR parser is issue 3's): a citation ``"601.3"`` must be a line starting
``601.3. `` and ``"601.3a"`` a line starting ``601.3a `` in the 2026-04-17 CR.
"""

from __future__ import annotations

import re
from pathlib import Path

RULES_ASP = Path(__file__).resolve().parent.parent / "rules_asp"


def cited_numbers() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for path in sorted(RULES_ASP.rglob("*.lp")):
        for number in re.findall(r'"(\d{3}\.\d+[a-z]?)"', path.read_text(encoding="utf-8")):
            out.setdefault(number, set()).add(str(path.relative_to(RULES_ASP)))
    return out


def test_every_cited_rule_number_is_a_rule_of_the_cr(cr_newest):
    lines = cr_newest.read_text(encoding="utf-8-sig").splitlines()
    starts = {line.split(" ", 1)[0] for line in lines if line[:1].isdigit()}
    cited = cited_numbers()
    assert "601.3" in cited and "702.34a" in cited  # the casting files are read
    missing = {n: sorted(files) for n, files in cited.items()
               if (n + "." if n[-1].isdigit() else n) not in starts}
    assert missing == {}


def test_the_line_check_rejects_a_number_that_is_not_a_rule(cr_newest):
    # 601.3z is not in the CR: the check above would report it.
    starts = {line.split(" ", 1)[0] for line in cr_newest.read_text(encoding="utf-8-sig").splitlines()}
    assert "601.3z" not in starts and "601.3." in starts and "601.3a" in starts
