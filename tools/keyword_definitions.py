#!/usr/bin/env python3
"""Write pyrules/facts/keyword_definitions.json: the keyword-definition facts (CR 702, issue 19) of
the newest CR in the shared data (or the CR file given), the meanings the rule base uses when no CR
file is loaded. Run from the repository root when the CR or the grammars change; ``--check`` only
tells whether the file is current (exit 1 if not). tests/test_keyword_definitions.py checks it.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "pyrules" / "facts" / "keyword_definitions.json"


def newest_cr() -> Path:
    """The newest ``MagicCompRules-*.txt`` of the shared data (``$PYRULES_SHARED/data`` or ../shared/data)."""
    shared = Path(os.environ.get("PYRULES_SHARED", ROOT.parent / "shared"))
    return sorted((shared / "data" / "cr").glob("MagicCompRules-*.txt"))[-1]


def rendered(cr: Path) -> str:
    from pyrules.facts.keyword_definitions import definitions_data
    from pyrules.inputs.comprehensive_rules import load_comprehensive_rules

    data = definitions_data(load_comprehensive_rules(cr), cr.name)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    paths = [a for a in argv if a != "--check"]
    text = rendered(Path(paths[0]) if paths else newest_cr())
    if check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        print("current" if current == text else f"{TARGET} is not current: run tools/keyword_definitions.py")
        return 0 if current == text else 1
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
