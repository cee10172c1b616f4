"""HTTP plumbing shared by the REST routes: JSON answers, API errors, reading request bodies."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from .faults import error_message
from .payloads import error_body
from .records import Cause, RecordedRequest


@dataclass
class UploadedFile:
    field: str
    filename: str
    size: int
    content_type: str


# Per-request storage the middleware fills for the route handlers.
RECORD: web.RequestKey[RecordedRequest] = web.RequestKey("record", RecordedRequest)
BODY: web.RequestKey[Any] = web.RequestKey("body")
FILES: web.RequestKey[list[UploadedFile]] = web.RequestKey("files")


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    # discord.py parses a body only when Content-Type is exactly application/json (no charset).
    all_headers = {"Content-Type": "application/json", **(headers or {})}
    return web.Response(body=json.dumps(data).encode(), status=status, headers=all_headers)


def no_content() -> web.Response:
    return web.Response(status=204)


class ApiError(Exception):
    """An error answer in Discord's shape; `cause` says whose fault it is (see records.Cause)."""

    def __init__(
        self,
        status: int,
        code: int = 0,
        *,
        cause: Cause = "client",
        errors: dict[str, Any] | None = None,
        message: str | None = None,
    ) -> None:
        super().__init__(f"{status} {code} {message or error_message(status, code)}")
        self.status = status
        self.code = code
        self.cause: Cause = cause
        self.errors = errors
        self.message = message or error_message(status, code)

    def response(self, headers: dict[str, str] | None = None) -> web.Response:
        return json_response(error_body(self.code, self.message, self.errors), self.status, headers)


async def read_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    """The JSON payload (from a JSON body or a multipart `payload_json`) and any files."""
    if not request.can_read_body:
        return None, []
    content_type = request.content_type
    if content_type == "application/json":
        return await request.json(), []
    if content_type.startswith("multipart/"):
        payload: Any = None
        files: list[UploadedFile] = []
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):
                continue
            data = await part.read()
            name = part.name or ""
            if name == "payload_json":
                payload = json.loads(data)
            else:
                files.append(
                    UploadedFile(
                        field=name,
                        filename=part.filename or name,
                        size=len(data),
                        content_type=part.headers.get("Content-Type", "application/octet-stream"),
                    )
                )
        return payload, files
    raw = await request.read()
    return (json.loads(raw) if raw else None), []
