"""Pure, deterministic rule engines. Standard library and pydantic only."""
