"""pyrules' plain-text card format → Scryfall-shaped card records: grammar ``plain_card.lark``.

The format (documented in the grammar and the README): per card a name line, an optional mana
cost line, a type line, Oracle text lines and an optional last line with power/toughness,
``Loyalty: N`` or ``Defense: N``; a line ``//`` separates faces, blank lines separate cards,
``Layout: <name>`` may start a card.

Example::

    >>> plain_card_records("Shock\\n{R}\\nInstant\\nShock deals 2 damage to any target.")[0]["name"]
    'Shock'
"""

from __future__ import annotations

from typing import Any

from lark import Transformer
from lark.exceptions import UnexpectedInput

from pyrules.errors import CardTextError
from pyrules.parser.grammar import lalr_parser


class _PlainCard(Transformer):
    def __default_token__(self, token):
        return token

    def name(self, c):
        return ("name", str(c[0]).strip())

    def cost(self, c):
        return ("mana_cost", str(c[0]).strip())

    def type_line(self, c):
        return ("type_line", str(c[0]).strip())

    def text_line(self, c):
        return ("text", str(c[0]).strip())

    def power_toughness(self, c):
        p, t = str(c[0]).strip().split("/")
        return ("pt", (p, t))

    def loyalty(self, c):
        return ("loyalty", str(c[0]).split(":")[1].strip())

    def defense(self, c):
        return ("defense", str(c[0]).split(":")[1].strip())

    def face(self, c):
        face: dict[str, Any] = {}
        texts = []
        for key, value in c:
            if key == "text":
                texts.append(value)
            elif key == "pt":
                face["power"], face["toughness"] = value
            else:
                face[key] = value
        face["oracle_text"] = "\n".join(texts)
        return face

    def card(self, c):
        layout = None
        if c and not isinstance(c[0], dict):
            layout = str(c[0]).split(":")[1].strip()
            c = c[1:]
        faces = list(c)
        if len(faces) == 1:
            rec = dict(faces[0])
            rec["layout"] = layout or "normal"
            return rec
        return {"name": " // ".join(f["name"] for f in faces), "layout": layout or "split",
                "card_faces": faces}

    def start(self, c):
        return list(c)


_TRANSFORMER = _PlainCard()


def plain_card_records(text: str, source: str = "<plain card>") -> list[dict[str, Any]]:
    """Parse plain-text cards into Scryfall-shaped records (``name``, ``mana_cost``,
    ``type_line``, ``oracle_text``, ``power``/``toughness``/``loyalty``/``defense``,
    ``card_faces`` and ``layout``), one per card.

    Raises:
        CardTextError: the text does not follow the format (with line and column).
    """
    # Leading/trailing blank lines and comment lines carry nothing; positions stay exact because
    # only whole lines at the start are dropped and counted.
    lines = text.split("\n")
    skipped = 0
    while lines and (not lines[0].strip() or lines[0].lstrip().startswith("#")):
        lines.pop(0)
        skipped += 1
    if not any(line.strip() for line in lines):
        raise CardTextError("no card: the text is empty or holds only blank lines and comments "
                            "(expected: name, optional mana cost line, type line, text lines)", source)
    text = "\n".join(lines).rstrip() + "\n"
    try:
        tree = lalr_parser("plain_card").parse(text)
    except UnexpectedInput as err:
        line = getattr(err, "line", None)
        token = getattr(err, "token", None)
        if getattr(token, "type", None) == "BRACE_LINE":
            raise CardTextError(f"not a mana cost line: {str(token).strip()!r} (a mana cost line holds only "
                                "mana symbols, each in braces: {2}{R}; a line starting with '{' is text only "
                                "after the type line)", source, None if line is None else line + skipped,
                                getattr(err, "column", None)) from None
        raise CardTextError("not a plain-text card (expected: name, optional mana cost line, type "
                            "line, text lines, optional P/T line; '//' between faces, a blank line "
                            "between cards)", source, None if line is None else line + skipped,
                            getattr(err, "column", None)) from None
    return _TRANSFORMER.transform(tree)
