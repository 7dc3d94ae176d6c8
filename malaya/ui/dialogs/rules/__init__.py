"""The rules reference page."""
