"""The map view other screens share: the Mini-Map (the battle and the replay viewer)."""
