"""pyrules: a Magic: The Gathering rules knowledge base and inference system.

Card text and the Comprehensive Rules (CR) are read with Lark grammars (``pyrules.parser``,
source folder ``parser/``) into ASP facts; clingo programs (``pyrules.rules_asp``, source
folder ``rules_asp/``) derive verdicts, each citing the CR rules behind it.
"""

from __future__ import annotations

import os as _os

__version__ = "0.1.0"

# In an installed wheel, parser/ and rules_asp/ are sub-packages of pyrules. When the package is
# imported straight from a source checkout (``python -m pytest`` in the repo), they sit beside
# pyrules/ instead: let the import system find them there too.
_checkout_root = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
if not _os.path.isdir(_os.path.join(_os.path.dirname(__file__), "parser")) and _os.path.isfile(
    _os.path.join(_checkout_root, "rules_asp", "__init__.py")
):
    __path__.append(_checkout_root)  # type: ignore[name-defined]  # noqa: F821


from pyrules.answers.answer_set import Answers  # noqa: E402
from pyrules.api import KnowledgeBase  # noqa: E402
from pyrules.facts.state import GameState  # noqa: E402

__all__ = ["Answers", "GameState", "KnowledgeBase", "__version__"]
