"""Generator of the Malaya campaign map (Tiled TMX) from tools/geography/malaya.toml."""
