"""The rule base: clingo programs, one file per CR area; installed as ``pyrules.rules_asp``.

Only data lives here (``*.lp``); ``pyrules.solver`` loads them.
"""
