"""The battle screen and all its parts: its panels, its map view and its input handlers (issue 28 §3).

Only the router imports the screen classes (:mod:`.screen`, :mod:`.lesson`, :mod:`.pbem_turn`); what other
screens share (key map, widgets, dialogs, the replay panel, the Mini-Map) stays in the shared folders.
"""
