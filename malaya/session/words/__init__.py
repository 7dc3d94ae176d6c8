"""Every word a player reads: sentences for events and refusals, the message log, the side panel and the rules
reference (its prose as data files under ``texts/``, the scenario's numbers filled in)."""
