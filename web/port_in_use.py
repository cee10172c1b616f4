"""The web port's one failure a bot start reports, apart from the server so that a process
serving no pages need not import them to catch it."""

from __future__ import annotations


class PortInUse(Exception):
    """The web port is taken: said in words an operator can act on."""
