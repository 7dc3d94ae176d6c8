"""The battle screen's input: the map's input handlers (the only writers of the selection), keyboard, mouse."""
