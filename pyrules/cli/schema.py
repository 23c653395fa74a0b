"""``pyrules schema``: print the fact schema (rules_asp/foundation/schema.lp)."""

from __future__ import annotations

import argparse


def _cmd_schema(args: argparse.Namespace) -> int:
    from importlib import resources

    path = resources.files("pyrules.rules_asp") / "foundation" / "schema.lp"
    if args.path:
        print(path)
    else:
        print(path.read_text(encoding="utf-8"), end="")
    return 0
