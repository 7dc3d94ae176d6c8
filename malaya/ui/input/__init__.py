"""Input every screen shares: the key map, keys that move the view, held keys."""
