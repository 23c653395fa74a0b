"""``pyrules clingo [clingo options] FILE...``: the rule base under clingo's own command line.

Built on :mod:`clingo.application`: the rule base is loaded, the user's files are read safely by
:mod:`pyrules.inputs.fact_files` (no ``#script``, ``#include`` or ``@function`` unless
``--allow-scripts``), and clingo grounds, solves and prints as ``clingo`` itself does.
``--cards=FILE`` (repeatable) adds card definitions for the cards the fact files name.

Only the options in :data:`ALLOWED_OPTIONS` are passed to clingo; every other option is refused
before clingo sees it, with one line naming it. None of them reads or writes a file: clingo's
options that do (``--configuration=<file>``, ``--lemma-in``, ``--lemma-out``, ``--hcc-out``,
``--tester``, ``--mode``) and those that change what is run or printed
(``--text``, ``--output``, ``--pre``) are refused. Values are checked too:
``--configuration`` takes only clingo's built-in names, and ``-c``/``--const`` takes
``<name>=<term>`` without ``@``-calls unless ``--allow-scripts``. Long options are written in full
(clingo's abbreviations such as ``--stat`` are refused), values of options whose value is
optional (``--stats``, ``--verbose``, ``--quiet``, ``--project``, ``--help``) follow ``=``, and a
bare number is not taken as clingo's model count (use ``-n N``).

Exit codes, as for every ``pyrules`` command (clingo's own codes 10/20/30/65/128 are mapped):
0 answered (a model, no ``state_error``); 1 no answer (unsatisfiable, a ``state_error`` derived —
the state is inconsistent —, or interrupted by ``--time-limit``/memory before the search finished);
2 bad input or usage (a refused option or file, a syntax or grounding error), reported on one line
(``file:line:column: message``).
"""

from __future__ import annotations

import difflib
import re
import sys
from dataclasses import dataclass
from typing import Sequence

from clingo import ast
from clingo.application import Application, ApplicationOptions, Flag, clingo_main

from pyrules import __version__
from pyrules.errors import FactFileError, PyrulesError
from pyrules.inputs.rule_base import rule_files
from pyrules.solving.clingo_messages import fact_file_at, one_line_error


@dataclass(frozen=True)
class _Option:
    """One allowed option: long name, short letter (or ""), how it takes a value
    (``"none"``, ``"required"``, ``"optional"``: only after ``=``), the pattern the value must
    match in full (None: any, checked elsewhere), and the help line."""

    name: str
    short: str
    value: str
    pattern: str | None
    help: str


_INT = r"\d{1,9}"
#: The options ``pyrules clingo`` passes to clingo (plus its own ``--cards``, ``--allow-scripts``).
ALLOWED_OPTIONS: tuple[_Option, ...] = (
    _Option("models", "n", "required", _INT, "compute at most N models (0 for all; default 1)"),
    _Option("outf", "", "required", r"[0-3]", "output: 0 default, 1 competition, 2 JSON, 3 none"),
    _Option("time-limit", "", "required", _INT, "stop grounding and solving after N seconds (0 no limit)"),
    _Option("stats", "s", "optional", rf"[12](,[12])?", "print statistics (=2 full)"),
    _Option("verbose", "V", "optional", r"[0-9]", "verbosity level"),
    _Option("quiet", "q", "optional", r"[0-2](,[0-2]){0,2}", "print models/costs/calls: 0 all, 1 last, 2 none"),
    _Option("opt-mode", "", "required", r"(opt|enum|optN|ignore)(,-?\d{1,9})*", "optimization algorithm"),
    _Option("enum-mode", "e", "required", r"bt|record|domRec|brave|cautious|auto", "enumeration algorithm "
            "(brave: union of the models, cautious: their intersection)"),
    _Option("project", "", "optional", r"(show|project|auto)(,[0-3])?|no", "projective enumeration"),
    _Option("const", "c", "required", None, "NAME=TERM: replace constant NAME by TERM (no @-calls)"),
    _Option("parallel-mode", "t", "required", r"\d{1,2}(,(compete|split))?", "N threads[,compete|split]"),
    _Option("seed", "", "required", _INT, "random seed"),
    _Option("configuration", "", "required", r"auto|frumpy|jumpy|tweety|handy|crafty|trendy|many",
            "built-in solver configuration (a configuration file is refused)"),
    _Option("warn", "W", "required", r"none|all|(no-)?(atom-undefined|file-included|operation-undefined|"
            r"global-variable|other)", "enable/disable warnings"),
    _Option("out-hide-aux", "", "none", None, "hide auxiliary atoms in answers"),
    _Option("help", "h", "optional", r"[1-3]", "print this help and exit"),
    _Option("version", "v", "none", None, "print version information and exit"),
    _Option("cards", "", "required", None, "card data file (JSON or plain text) for the cards the facts name"),
    _Option("allow-scripts", "", "none", None, "allow #script, #include and @-calls in the files and -c"),
    _Option("no-allow-scripts", "", "none", None, "refuse them (the default)"),
)
_BY_NAME = {o.name: o for o in ALLOWED_OPTIONS}
#: The options clingo accepts more than once; any other given twice is refused (clingo's own
#: 'multiple occurrences' error names no file and no pyrules option).
_REPEATABLE = frozenset({"const", "warn", "cards"})
_BY_SHORT = {o.short: o for o in ALLOWED_OPTIONS if o.short}
#: clingo options refused because they read or write files, or run something other than the rule base.
_FILE_OPTIONS = {"configuration": "a configuration file", "lemma-in": "reads a file", "lemma-out": "writes a file",
                 "hcc-out": "writes files", "tester": "passes options unchecked", "mode": "runs clingo without "
                 "the fact-file checks", "text": "prints the ground program instead", "output": "prints the "
                 "ground program instead", "pre": "prints the simplified program instead"}

HELP = """\
usage: pyrules clingo [options] FILE...

The pyrules rule base plus the fact files FILE... (checked as for `pyrules solve`), ground and
solved by clingo with clingo's own output. Options (only these; any other clingo option is
refused, so that no option reads or writes a file you did not name as input):

{options}

Exit codes (as every pyrules command; clingo's own 10/20/30/65/128 are mapped):
  0  answered: a model without state_error
  1  no answer: unsatisfiable, state_error derived (inconsistent state), or interrupted by
     --time-limit before the search finished
  2  bad input or usage: a refused option or file, a syntax or grounding error (one line on
     stderr: file:line:column: message)
"""


def help_text() -> str:
    """The ``pyrules clingo --help`` text: the allowed options and the exit codes."""
    lines = []
    for o in ALLOWED_OPTIONS:
        spell = f"--{o.name}" + {"none": "", "required": "=<arg>", "optional": "[=<arg>]"}[o.value]
        if o.short:
            spell += f", -{o.short}" + (" <arg>" if o.value == "required" else "")
        lines.append(f"  {spell:<28} {o.help}")
    return HELP.format(options="\n".join(lines))


class UsageError(PyrulesError):
    """A ``pyrules clingo`` command-line argument was refused (names the argument)."""


def _check_const(value: str, allow_scripts: bool) -> str:
    """``-c NAME=TERM``: one constant definition whose term has no ``@``-call (unless scripts are
    allowed), read by clingo's parser; return NAME, else UsageError naming the value."""
    from pyrules.inputs.fact_files import _external_call

    if not value.isascii() or not value.isprintable():
        raise UsageError(f"-c {value!r}: only printable ASCII text is accepted")
    statements: list[ast.AST] = []
    try:
        ast.parse_string(f"#const {value}.", statements.append, logger=lambda code, msg: None)
    except RuntimeError:
        raise UsageError(f"-c {value!r}: expected NAME=TERM (a constant name, '=', an ASP term)") from None
    defs = [s for s in statements if s.ast_type != ast.ASTType.Program]
    if len(defs) != 1 or defs[0].ast_type != ast.ASTType.Definition:
        raise UsageError(f"-c {value!r}: expected NAME=TERM (one constant definition)")
    if not allow_scripts and _external_call(defs[0]) is not None:
        raise UsageError(f"-c {value!r}: an @-call would run script code (pass --allow-scripts to allow it)")
    return defs[0].name


def _refusal(spelled: str, name: str) -> UsageError:
    if name in _FILE_OPTIONS:
        return UsageError(f"option {spelled} refused: {_FILE_OPTIONS[name]} (pyrules clingo --help lists the "
                          "options it accepts)")
    close = [n for n in _BY_NAME if n.startswith(name)] or difflib.get_close_matches(name, list(_BY_NAME), n=1)
    hint = f" (did you mean --{close[0]}?)" if close and len(name) > 1 else ""
    return UsageError(f"option {spelled} refused: not one of the options pyrules clingo accepts{hint} "
                      "(pyrules clingo --help lists them)")


def check_arguments(arguments: Sequence[str]) -> tuple[list[str], list[str], bool]:
    """Check ``pyrules clingo``'s command line against :data:`ALLOWED_OPTIONS`.

    Returns:
        ``(clingo_arguments, files, wants_help_or_version)``: the options rewritten in full
        (``--name=value``) followed by the files, so that clingo reads exactly what was checked.

    Raises:
        UsageError: an option that is not allowed, a value that does not fit, a bare number, ``--``,
            an option other than ``-c``/``-W`` given twice.
    """
    options: list[tuple[_Option, str | None, str]] = []
    files: list[str] = []
    args = list(arguments)
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "--":
            raise UsageError("'--' is not accepted: name files that start with '-' as ./-name")
        if arg.startswith("--"):
            name, eq, value = arg[2:].partition("=")
            option = _BY_NAME.get(name)
            if option is None:
                raise _refusal(f"--{name}", name)
            attached = value if eq else None
        elif arg.startswith("-") and len(arg) > 1:
            option = _BY_SHORT.get(arg[1])
            if option is None:
                raise _refusal(arg[:2], arg[1])
            attached = arg[2:] or None
            if attached is not None and attached.startswith("="):
                attached = attached[1:]
            if attached is not None and option.value == "none":
                raise UsageError(f"option {arg} refused: -{option.short} takes no value (options are not grouped)")
        else:
            if re.fullmatch(r"[+-]?\d+", arg.strip()):
                raise UsageError(f"{arg!r}: a bare number is not accepted (a file name is expected; give the "
                                 "number of models as -n N, option values after '=', e.g. --verbose=2)")
            files.append(arg)
            continue
        spelled = arg.partition("=")[0] if arg.startswith("--") else f"-{option.short}"
        if option.value == "none" and attached is not None:
            raise UsageError(f"option {spelled} refused: it takes no value")
        if option.value == "required" and attached is None:
            if i >= len(args):
                raise UsageError(f"option {spelled} needs a value")
            attached = args[i]
            i += 1
        if attached is not None and option.pattern is not None and not re.fullmatch(option.pattern, attached):
            if option.name == "configuration":
                raise UsageError(f"option {spelled}={attached} refused: only clingo's built-in configurations "
                                 f"({option.pattern.replace('|', ', ')}) are accepted, not a file")
            raise UsageError(f"option {spelled}: value {attached!r} refused (pyrules clingo --help lists the "
                             "values it accepts)")
        if option.name not in _REPEATABLE and any(o.name == option.name for o, _, _ in options):
            raise UsageError(f"option {spelled} given twice: it takes one value (only -c/--const, -W/--warn "
                             "and --cards may be repeated)")
        options.append((option, attached, spelled))
    allow_scripts = False
    for option, _, _ in options:
        if option.name in ("allow-scripts", "no-allow-scripts"):
            allow_scripts = option.name == "allow-scripts"
    constants: set[str] = set()
    for option, value, _ in options:
        if option.name == "const":
            name = _check_const(value, allow_scripts)
            if name in constants:  # clingo itself fails with "parsing failed", naming nothing
                raise UsageError(f"-c {value!r}: constant {name} is already defined by an earlier -c")
            constants.add(name)
    wants_info = any(o.name in ("help", "version") for o, _, _ in options)
    if not files and not wants_info:
        raise UsageError("no fact file given (usage: pyrules clingo [options] FILE...)")
    out = [f"--{o.name}" + ("" if v is None else f"={v}") for o, v, _ in options]
    return out, files, wants_info


class PyrulesClingo(Application):
    """clingo application: rule base + checked fact files + card facts, then ground and solve.

    After :func:`clingo.application.clingo_main` returns, ``ran`` says whether ``main`` ran,
    ``error`` holds the input error that stopped it (None if none), ``result`` the solve result
    and ``state_errors`` the ``state_error/1`` atoms of the models."""

    program_name = "pyrules clingo"
    version = __version__
    message_limit = 20

    def __init__(self) -> None:
        self._allow_scripts = Flag(False)
        self._cards: list[str] = []
        self.error: PyrulesError | None = None
        self.ran = False
        self.internal: str | None = None
        self.result = None
        self.state_errors: list[str] = []
        self._errors: list[str] = []
        self._per_file: list[tuple[str, list[ast.AST]]] = []

    def logger(self, code, message: str) -> None:
        """clingo's messages: errors are kept for the one-line error; warnings on the user's files
        go to stderr (``<string>``, clingo's name for a fact file's statements, replaced by the
        file's name where there is one file); notes on the rule base (``<block>``) are not the
        user's concern and are dropped."""
        if ": error: " in message:
            self._errors.append(message)
        elif not message.startswith("<block>:"):
            if message.startswith("<string>:") and len(self._per_file) == 1:
                message = self._per_file[0][0] + message[len("<string>"):]
            print(message.rstrip("\n"), file=sys.stderr)

    def register_options(self, options: ApplicationOptions) -> None:
        """Add ``--cards=FILE`` and ``--allow-scripts`` to clingo's options."""
        def add_cards(value: str) -> bool:
            self._cards.append(value)
            return True

        options.add("pyrules", "cards", "Card data file (JSON or plain text) for the cards the facts name",
                    add_cards, multi=True, argument="<file>")
        options.add_flag("pyrules", "allow-scripts", "Allow #script, #include and @functions in the files",
                         self._allow_scripts)

    def main(self, control, files: Sequence[str]) -> None:
        """Load the rule base, the checked files and the card facts; ground; solve."""
        self.ran = True
        try:
            self._main(control, files)
        except PyrulesError as err:
            self.error = err
        except RuntimeError as err:  # clingo stopped (grounding errors): its messages say where
            self.error = one_line_error(self._errors, str(err))
            if self.error.source == "<string>":  # fact files' statements are parsed from text
                self.error.source = fact_file_at(self._per_file, self.error)
        except Exception as err:  # noqa: BLE001 — a bug: one line, never clingo's traceback
            self.internal = f"{type(err).__name__}: {' '.join(str(err).split())[:500]}"

    def _main(self, control, files: Sequence[str]) -> None:
        from pyrules.asp_terms import add_facts
        from pyrules.facts.card_facts import card_facts
        from pyrules.inputs.cards import load_cards
        from pyrules.inputs.card_definitions import one_per_name
        from pyrules.cli.common import _named_cards
        from pyrules.inputs.fact_files import read_fact_file, unknown_predicate_warnings

        per_file = self._per_file = [(f, read_fact_file(f, allow_scripts=self._allow_scripts.flag)) for f in files]
        statements = [s for _, stms in per_file for s in stms]
        for warning in unknown_predicate_warnings(per_file):
            print(f"pyrules: {warning}", file=sys.stderr)
        names = _named_cards(statements)
        cards = one_per_name(c for path in self._cards for c in load_cards(path, names=names))
        facts = [f for c in cards for f in card_facts(c)]
        from pyrules.facts.keyword_definitions import default_keyword_definition_symbols
        facts += default_keyword_definition_symbols()  # what the keywords mean (CR 702), as values
        for _, text in rule_files():
            control.add("base", [], text)
        with ast.ProgramBuilder(control) as builder:
            for stm in statements:
                builder.add(stm)
        add_facts(control, facts)  # card facts as values (asp_terms), never parsed as program text
        control.ground([("base", [])])

        def on_model(model) -> None:
            self.state_errors += [str(s) for s in model.symbols(shown=True) if s.name == "state_error"]

        self.result = control.solve(on_model=on_model)


def exit_code(app: PyrulesClingo, clingo_code: int) -> int:
    """pyrules' exit code (0 answered, 1 no answer, 2 bad input) for a finished run of ``app``
    whose :func:`clingo_main` returned ``clingo_code`` (clingo: 10 SAT, 20 UNSAT, 30 SAT and all
    models, +1 interrupted, 33 memory, 65 error, 128 not run)."""
    if app.error is not None or app.internal is not None or clingo_code & 64 or clingo_code & 128:
        return 2
    if not app.ran:  # --help, --version (0), or clingo refused its command line
        return 0 if clingo_code == 0 else 2
    result = app.result
    if result is None or clingo_code & 1 or clingo_code == 33 or result.interrupted or not result.satisfiable:
        return 1
    return 1 if app.state_errors else 0


def run(arguments: Sequence[str]) -> int:
    """Run ``pyrules clingo`` with ``arguments``; return the exit code (module docstring: 0
    answered, 1 no answer, 2 bad input; refusals and errors are one line on stderr)."""
    try:
        clingo_arguments, files, wants_info = check_arguments(arguments)
    except UsageError as err:
        print(f"pyrules clingo: error: {err}", file=sys.stderr)
        return 2
    if any(a == "--help" or a.startswith("--help=") for a in clingo_arguments):
        print(help_text(), end="")
        return 0
    app = PyrulesClingo()
    code = clingo_main(app, clingo_arguments + files)
    if app.error is not None:
        print(f"pyrules: error: {app.error}", file=sys.stderr)
    elif app.internal is not None:
        print(f"pyrules: internal error: {app.internal} (please report)", file=sys.stderr)
    elif app.ran and app.state_errors:
        print(f"pyrules: no answer: inconsistent state: {', '.join(sorted(set(app.state_errors)))}",
              file=sys.stderr)
    return exit_code(app, code)
