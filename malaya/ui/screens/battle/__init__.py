"""The battle screen and its parts: AI driver, saves, map marks and commands."""
