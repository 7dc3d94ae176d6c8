"""Overlays over a screen (opaque=False): help, ledger, text, save-as, continue-from-here."""
