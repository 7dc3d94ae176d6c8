"""Small drawing kit: buttons, text, fields, panels, dice."""
