"""Play by e-mail: dice and sealing both players trust (:mod:`.crypto`), combat as orders (:mod:`.orders`)."""
