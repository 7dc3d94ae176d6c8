"""The client's frame: the window loop, the screen stack, transitions and the router, settings, game flow."""
