"""Checks of the knowledge base itself: cards vs rules, the rule base vs itself, citations vs the
CR, card-pool coverage."""
