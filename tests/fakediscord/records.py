"""What the fake writes down: every REST request, broken rules and rejected payloads."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from .validation import FormError

# Why an answer was what it was:
#   ok        2xx
#   client    a 4xx the bot could have avoided (bad payload, double ack, unknown id, ...)
#   world     a 4xx the world caused (DMs closed, missing permission set by the test)
#   injected  an answer forced by `fail_next`
#   rate      a 429 from the fake's own rate-limit buckets (the bot ignored the headers)
Cause = Literal["ok", "client", "world", "injected", "rate"]


@dataclass
class RecordedRequest:
    index: int
    method: str
    route: str
    path: str
    query: dict[str, str]
    json: Any
    time: float
    status: int = 0
    error_code: int | None = None
    cause: Cause = "ok"
    # Interaction callbacks and interaction webhooks do not count against the global limit.
    interaction_route: bool = False
    response: Any = None
    duration: float = 0.0
    # The names of the files uploaded with the request (multipart bodies).
    files: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        code = f" code={self.error_code}" if self.error_code is not None else ""
        return f"#{self.index} {self.method} {self.path} -> {self.status}{code} ({self.cause})"


@dataclass(frozen=True)
class Violation:
    """A broken interaction rule: late acknowledgement, double acknowledgement, expired token."""

    kind: Literal["late_ack", "double_ack", "expired_token"]
    interaction_id: int
    detail: str
    elapsed: float = 0.0


@dataclass
class InvalidPayload:
    request: RecordedRequest
    problems: list[FormError] = field(default_factory=list)

    def __str__(self) -> str:
        listed = "; ".join(f"{p.path}: {p.message}" for p in self.problems)
        return f"{self.request.method} {self.request.route}: {listed}"
