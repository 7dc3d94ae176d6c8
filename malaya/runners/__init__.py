"""Headless runners beside the command line (layer 7): whole games played without a window."""
