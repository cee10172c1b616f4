"""Per-game presentation below both adapters (Discord and web)."""
