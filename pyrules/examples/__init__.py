"""Examples shipped with pyrules (card definitions and game states) for the README and the demo."""
