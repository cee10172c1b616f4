"""Failures a test schedules on purpose: `fake.fail_next("POST", "/channels/*/messages", 429)`."""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase

ERROR_MESSAGES: dict[int, str] = {
    0: "General error",
    10003: "Unknown Channel",
    10008: "Unknown Message",
    10013: "Unknown User",
    10015: "Unknown Webhook",
    10062: "Unknown interaction",
    40060: "Interaction has already been acknowledged.",
    50001: "Missing Access",
    50005: "Cannot edit a message authored by another user",
    50006: "Cannot send an empty message",
    50007: "Cannot send messages to this user",
    50013: "Missing Permissions",
    50027: "Invalid Webhook Token",
    50035: "Invalid Form Body",
    40003: "You are opening direct messages too fast.",
    30046: "Maximum number of edits to messages older than 1 hour reached. Try again later.",
}

STATUS_MESSAGES: dict[int, str] = {
    400: "400: Bad Request",
    401: "401: Unauthorized",
    403: "403: Forbidden",
    404: "404: Not Found",
    405: "405: Method Not Allowed",
    500: "500: Internal Server Error",
    502: "502: Bad Gateway",
    503: "503: Service Unavailable",
}


def error_message(status: int, code: int) -> str:
    if code:
        return ERROR_MESSAGES.get(code, f"Error {code}")
    return STATUS_MESSAGES.get(status, f"{status}")


@dataclass
class FaultRule:
    method: str
    route: str
    status: int
    code: int
    remaining: int
    retry_after: float
    is_global: bool
    message: str | None

    def matches(self, method: str, route: str, path: str) -> bool:
        if self.method not in ("*", method):
            return False
        return (
            self.route == route or fnmatchcase(path, self.route) or fnmatchcase(route, self.route)
        )


class FaultInjector:
    """Rules consumed in the order they were added; each answers `count` matching requests."""

    def __init__(self) -> None:
        self.rules: list[FaultRule] = []

    def add(self, rule: FaultRule) -> None:
        self.rules.append(rule)

    def take(self, method: str, route: str, path: str) -> FaultRule | None:
        for rule in self.rules:
            if rule.remaining > 0 and rule.matches(method, route, path):
                rule.remaining -= 1
                if rule.remaining == 0:
                    self.rules.remove(rule)
                return rule
        return None

    def pending(self) -> list[FaultRule]:
        return [rule for rule in self.rules if rule.remaining > 0]
