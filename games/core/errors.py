"""Errors an engine raises to a caller."""


class IllegalAction(ValueError):
    """An action the rules do not allow right now.

    The message is written for the player who tried it: the bot shows it to them as is
    (through the message catalog when ``key`` is set).
    """

    def __init__(self, message: str, *, key: str = "core.illegal", **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params = params
