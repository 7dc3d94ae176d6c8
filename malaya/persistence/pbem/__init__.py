"""Play by e-mail: turn files (:mod:`.turnfile`), the chain that checks them (:mod:`.ledger`), the player's games."""
