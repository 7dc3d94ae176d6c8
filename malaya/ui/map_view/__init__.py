"""The interactive map view: the Mini-Map and the animations of moves and combats."""
