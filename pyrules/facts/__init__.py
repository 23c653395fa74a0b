"""Inputs -> ASP facts: the card definitions' facts, the game state builder
(:class:`pyrules.facts.state.GameState`, one mixin per CR area) and scenario files read into it."""
