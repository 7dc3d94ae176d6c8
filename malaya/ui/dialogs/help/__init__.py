"""The Help overlay and the rule tables it shows."""
