"""The New Game page: the scenario list, its briefing, sides, seed, the computer's level and options."""
