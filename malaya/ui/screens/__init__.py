"""Full-window screens: menu, load, settings, replay viewer, game end, and the battle."""
