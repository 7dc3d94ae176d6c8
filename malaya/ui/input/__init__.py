"""Input: keys that move the view, the mouse press/drag layer and the battle screen's handlers."""
