"""Grounding and solving the rule base with clingo: one-shot solves, warm sessions, batches of
questions."""
