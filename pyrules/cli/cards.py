"""``pyrules cards``: card files → facts, and the coverage report of the card grammars.

Commands (added to the main parser by :func:`register`):
    pyrules cards parse FILE... [--format lp|json]   card JSON or plain-text cards -> facts
    pyrules cards coverage FILE... [--workers N] [--top N] [--json] [--cr FILE]
                                                      coverage levels L0..L3 (pyrules.checks.coverage)

Both keep each JSON card record's result in a cache keyed by the record's text and by a hash of
the grammars and their transformers (:class:`pyrules.inputs.card_cache.CardCache`): ``--cache DIR`` (default
``$PYRULES_CACHE_DIR`` or ``~/.cache/pyrules``), ``--no-cache`` to read everything afresh.

Exit codes: 0 done; 2 bad input (one line ``file:line:column: message`` on stderr; for JSON card
data ``file: record N ("name"): message``). ``cards parse`` reports every refused record and prints
the other cards' facts (exit code 2); ``cards coverage`` counts a refused record as a card that
could not be read and lists it in the report.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from typing import Any


def _card_json(card) -> dict[str, Any]:
    """A card definition as JSON-ready data, with each face's abilities."""
    out = {"name": card.name, "layout": card.layout, "source": card.source,
           "promo_types": list(card.promo_types), "problems": [asdict(p) for p in card.problems],
           "faces": []}
    for face in card.faces:
        out["faces"].append({
            "index": face.index, "name": face.name,
            "mana_cost": face.mana_cost.text if face.mana_cost else None,
            "type_line": face.type_line.text if face.type_line else None,
            "oracle_text": face.oracle_text, "power": face.power, "toughness": face.toughness,
            "loyalty": face.loyalty, "defense": face.defense,
            "abilities": [asdict(a) for a in face.abilities],
            "oracle_problem": asdict(face.oracle_problem) if face.oracle_problem else None})
    return out


def _cache(args: argparse.Namespace):
    import sys

    from pyrules.inputs.card_cache import CardCache

    if args.no_cache:
        return None
    return CardCache(args.cache, warn=lambda text: print(f"pyrules: warning: {text}", file=sys.stderr))


def _card_output(card, fmt: str) -> str:
    from pyrules.facts.card_facts import card_facts

    if fmt == "json":
        return json.dumps(_card_json(card), ensure_ascii=False, default=str) + "\n"
    return "".join(f"{s}.\n" for s in card_facts(card))


def _cmd_parse(args: argparse.Namespace) -> int:
    """Facts (or JSON) of every card of the files. A JSON record that is refused
    (:func:`pyrules.inputs.cards.cards_from_json`) is reported on stderr, one line naming the file, the
    record's index and name, and the others are printed; the exit code is then 2."""
    import sys

    from pyrules.inputs.cards import cards_from_json, load_any_cards
    from pyrules.inputs.card_cache import record_key
    from pyrules.checks.coverage import read_records
    from pyrules.errors import CardTextError

    cache = _cache(args)
    refused = 0
    for path in args.files:
        if not str(path).lower().endswith(".json"):
            for card in load_any_cards(path):
                sys.stdout.write(_card_output(card, args.format))
            continue
        records, source = read_records(path)
        for i, rec in enumerate(records):
            key = record_key(rec) if cache is not None else None
            text = cache.get(args.format, key) if key is not None else None
            if not isinstance(text, str):
                try:
                    text = "".join(_card_output(card, args.format) for card in cards_from_json(rec, source, i))
                except CardTextError as err:
                    print(f"pyrules: error: {err}", file=sys.stderr)
                    refused += 1
                    continue
                if key is not None:
                    cache.put(args.format, key, text)
            sys.stdout.write(text)
    if cache is not None:
        cache.save()
    return 2 if refused else 0


def _cmd_coverage(args: argparse.Namespace) -> int:
    from pyrules.checks.coverage import pool_coverage

    from pyrules.checks.keyword_coverage import keyword_coverage

    cov = pool_coverage(args.files, workers=args.workers, progress=not args.quiet, cache=_cache(args))
    doc = None
    if args.cr is not None:
        from pyrules.inputs.comprehensive_rules import load_comprehensive_rules
        doc = load_comprehensive_rules(args.cr)
    kw = keyword_coverage(doc)  # CR 702 definitions read, keyword abilities interpreted (issue 19)
    if args.json:
        print(json.dumps({"levels": {k: {"count": n, "of": d, "percent": round(p, 2)}
                                     for k, (n, d, p) in cov.levels().items()},
                          "cards": cov.cards, "faces": cov.faces, "abilities": cov.abilities,
                          "frames_nonstandard": cov.frames_nonstandard,
                          "errors": cov.errors,
                          "keyword_definitions": {"count": kw.definitions_read, "of": kw.definitions},
                          "keywords_interpreted": {"count": kw.keywords_interpreted, "of": kw.keywords},
                          "unparsed_patterns": cov.unparsed_patterns.most_common(args.top)}, indent=2))
    else:
        print(cov.report(args.top))
        print("\n".join(kw.lines()))
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``cards parse`` and ``cards coverage`` to the ``pyrules`` command's subparsers."""
    cards = subparsers.add_parser("cards", help="card definitions: parse card files to facts, coverage")
    sub = cards.add_subparsers(dest="cards_command", metavar="ACTION", required=True)
    parse = sub.add_parser("parse", help="card JSON or plain-text cards -> ASP facts (or JSON)")
    parse.add_argument("files", nargs="+", metavar="FILE",
                       help="*.json (Scryfall/MTGJSON) or plain-text card files")
    parse.add_argument("--format", choices=("lp", "json"), default="lp")
    _cache_options(parse)
    parse.set_defaults(func=_cmd_parse)
    cov = sub.add_parser("coverage", help="how much of the cards the grammars read (L0..L3)")
    cov.add_argument("files", nargs="+", metavar="FILE", help="card JSON files")
    cov.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    cov.add_argument("--top", type=int, default=15, help="unparsed patterns to list (default 15)")
    cov.add_argument("--json", action="store_true", help="print JSON")
    cov.add_argument("--quiet", action="store_true", help="no progress on stderr")
    cov.add_argument("--cr", metavar="FILE", default=None,
                     help="CR text file whose 702 keyword definitions to count (default: the package's reading)")
    _cache_options(cov)
    cov.set_defaults(func=_cmd_coverage)


def _cache_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cache", metavar="DIR", default=None,
                        help="cache folder (default $PYRULES_CACHE_DIR or ~/.cache/pyrules)")
    parser.add_argument("--no-cache", action="store_true", help="read every card afresh, no cache")
