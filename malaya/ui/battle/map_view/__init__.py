"""The battle map's drawing: dynamic layers over the map, and the animations."""
