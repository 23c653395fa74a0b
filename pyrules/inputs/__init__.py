"""Reading the inputs: card files (Scryfall, MTGJSON, plain text), the Comprehensive Rules
document, ASP fact files and the rule base's own files."""
