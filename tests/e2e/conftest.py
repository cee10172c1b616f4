"""End-to-end tests run the real discord.py client against the fake Discord in tests/fakediscord."""

from tests.fakediscord.fixtures import fail_on_logged_errors, fake_discord

__all__ = ["fail_on_logged_errors", "fake_discord"]
