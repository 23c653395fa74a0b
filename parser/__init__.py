"""Lark grammars (``*.lark``) and their transformers; installed as ``pyrules.parser``.

Each grammar is built once per process (module-level cache) with LALR and the contextual lexer.
"""
