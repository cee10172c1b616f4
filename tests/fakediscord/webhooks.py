"""Interaction callbacks and the interaction webhook (follow-ups, @original edits).

The 3-second rule lives here: a callback later than `fake.ack_deadline` after dispatch is answered
10062 and recorded as a violation; a second callback is answered 40060. Follow-ups and edits work
through the token for 15 minutes after dispatch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from .http import BODY, ApiError, json_response, no_content
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    TOKEN_LIFETIME,
    Callback,
    FakeInteraction,
)
from .model import EPHEMERAL, LOADING, FakeMessage, JsonDict
from .payloads import message_payload
from .records import Violation
from .validation import validate_message, validate_modal

if TYPE_CHECKING:
    from .server import FakeDiscord

PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9
CHAT_INPUT_COMMAND_MESSAGE = 20


def register_interaction_routes(router: web.UrlDispatcher, fake: FakeDiscord, prefix: str) -> None:
    routes = InteractionRoutes(fake)
    router.add_post(
        prefix + "/interactions/{interaction_id}/{interaction_token}/callback", routes.callback
    )
    base = prefix + "/webhooks/{webhook_id}/{webhook_token}"
    router.add_post(base, routes.followup)
    router.add_get(base + "/messages/{message_id}", routes.get_message)
    router.add_patch(base + "/messages/{message_id}", routes.edit_message)
    router.add_delete(base + "/messages/{message_id}", routes.delete_message)


class InteractionRoutes:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.world = fake.world

    # --- POST /interactions/{id}/{token}/callback ---------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        interaction = self.fake.interactions.get(int(request.match_info["interaction_id"]))
        if interaction is None or interaction.token != request.match_info["interaction_token"]:
            raise ApiError(404, 10062)
        body: JsonDict = request[BODY] or {}
        elapsed = self.fake.now() - interaction.dispatched_at
        attempt = Callback(
            type=int(body.get("type", 0)), data=body.get("data"), status=0, elapsed=elapsed
        )
        interaction.callbacks.append(attempt)
        try:
            response = self._answer_callback(request, interaction, attempt, body)
        except ApiError as error:
            attempt.status, attempt.error_code = error.status, error.code
            raise
        attempt.status = response.status
        return response

    def _answer_callback(
        self, request: web.Request, interaction: FakeInteraction, attempt: Callback, body: JsonDict
    ) -> web.Response:
        if interaction.acknowledged:
            self.fake._record_violation(
                Violation(
                    "double_ack",
                    interaction.id,
                    "a second callback for an acknowledged interaction",
                    attempt.elapsed,
                )
            )
            raise ApiError(400, 40060)
        if interaction.expired or attempt.elapsed > self.fake.ack_deadline:
            interaction.expired = True
            self.fake._record_violation(
                Violation(
                    "late_ack",
                    interaction.id,
                    f"callback {attempt.elapsed:.3f}s after dispatch"
                    f" (deadline {self.fake.ack_deadline}s)",
                    attempt.elapsed,
                )
            )
            raise ApiError(404, 10062)
        kind = attempt.type
        data: JsonDict = body.get("data") or {}
        message: FakeMessage | None = None
        if kind == CHANNEL_MESSAGE:
            message = self.fake._new_message(
                request,
                interaction.channel,
                data,
                prefix="data.",
                interaction=interaction,
                message_type=_message_type(interaction),
            )
            interaction.original_message_id = message.id
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = self.fake._new_message(
                request,
                interaction.channel,
                {},
                interaction=interaction,
                flags=flags,
                message_type=_message_type(interaction),
                check=False,
            )
            interaction.original_message_id = message.id
            interaction.awaiting_first_followup = True
        elif kind in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            source = self._source_message(interaction, kind)
            if kind == UPDATE_MESSAGE and source is not None:
                self.fake._edit_message(request, source, data, prefix="data.")
                message = source
            interaction.original_message_id = source.id if source is not None else None
        elif kind == AUTOCOMPLETE_RESULT:
            if interaction.type != AUTOCOMPLETE:
                raise _bad_type()
            interaction.autocomplete_choices = list(data.get("choices") or [])
        elif kind == MODAL:
            if interaction.type in (MODAL_SUBMIT, AUTOCOMPLETE):
                raise _bad_type()
            self.fake._check_payload(request, validate_modal(data))
            interaction.modal = data
        else:
            raise _bad_type()
        interaction.acknowledged = True
        interaction.response_type = kind
        if request.query.get("with_response") not in ("1", "true", "True"):
            return no_content()
        return json_response(self._callback_answer(interaction, kind, message))

    def _source_message(self, interaction: FakeInteraction, kind: int) -> FakeMessage | None:
        if interaction.type not in (MESSAGE_COMPONENT, MODAL_SUBMIT):
            raise _bad_type()
        source = self.world.messages.get(interaction.source_message_id or 0)
        if source is None or source.deleted:
            if interaction.type == MODAL_SUBMIT and kind == DEFERRED_UPDATE:
                return None
            raise ApiError(404, 10008)
        return source

    def _callback_answer(
        self, interaction: FakeInteraction, kind: int, message: FakeMessage | None
    ) -> JsonDict:
        summary: JsonDict = {"id": str(interaction.id), "type": interaction.type}
        if interaction.original_message_id is not None:
            original = self.world.messages[interaction.original_message_id]
            summary.update(
                response_message_id=str(original.id),
                response_message_loading=original.loading,
                response_message_ephemeral=original.ephemeral,
            )
        answer: JsonDict = {"interaction": summary}
        if message is not None:
            answer["resource"] = {"type": kind, "message": message_payload(self.world, message)}
        return answer

    # --- /webhooks/{application_id}/{token}[/messages/{id}] ---------------------------------

    def _interaction(self, request: web.Request) -> FakeInteraction:
        interaction = self.fake._by_token.get(request.match_info["webhook_token"])
        if interaction is None or request.match_info["webhook_id"] != str(self.fake.application_id):
            raise ApiError(404, 10015)
        if self.fake.now() - interaction.dispatched_at > TOKEN_LIFETIME:
            self.fake._record_violation(
                Violation(
                    "expired_token",
                    interaction.id,
                    f"{request.method} {request.path} after the 15-minute token life",
                )
            )
            raise ApiError(401, 50027)
        if not interaction.acknowledged:
            # Discord only knows the interaction's webhook once the interaction was answered.
            raise ApiError(404, 10015)
        return interaction

    def _owned_message(self, request: web.Request, interaction: FakeInteraction) -> FakeMessage:
        raw = request.match_info["message_id"]
        if raw == "@original":
            message_id = interaction.original_message_id
        else:
            try:
                message_id = int(raw)
            except ValueError:
                raise ApiError(404, 10008) from None
            if (
                message_id not in interaction.followup_ids
                and message_id != interaction.original_message_id
            ):
                message_id = None
        message = self.world.messages.get(message_id or 0)
        if message is None or message.deleted:
            raise ApiError(404, 10008)
        return message

    async def followup(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request)
        body: JsonDict = request[BODY] or {}
        if interaction.awaiting_first_followup:
            # The first follow-up after a "thinking" defer fills the loading message and keeps
            # the defer's visibility, whatever flags the follow-up asked for.
            original = self.world.messages[interaction.original_message_id or 0]
            self.fake._check_payload(request, validate_message(body, creating=True))
            self.fake._edit_message(
                request, original, {k: v for k, v in body.items() if k != "flags"}
            )
            interaction.awaiting_first_followup = False
            interaction.followup_ids.append(original.id)
            message = original
        else:
            message = self.fake._new_message(
                request,
                interaction.channel,
                body,
                interaction=interaction,
                message_type=_message_type(interaction),
            )
            interaction.followup_ids.append(message.id)
        if request.query.get("wait") not in ("1", "true", "True"):
            return no_content()
        return json_response(message_payload(self.world, message))

    async def get_message(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request)
        return json_response(message_payload(self.world, self._owned_message(request, interaction)))

    async def edit_message(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request)
        message = self._owned_message(request, interaction)
        self.fake._edit_message(request, message, request[BODY] or {})
        if message.id == interaction.original_message_id:
            interaction.awaiting_first_followup = False
        return json_response(message_payload(self.world, message))

    async def delete_message(self, request: web.Request) -> web.Response:
        interaction = self._interaction(request)
        message = self._owned_message(request, interaction)
        self.fake._delete_message(message)
        if message.id == interaction.original_message_id:
            # Deleting the "thinking" message resolves it: a later follow-up is a message of
            # its own, with its own flags (discord/discord-api-docs#2739).
            interaction.awaiting_first_followup = False
        return no_content()


def _message_type(interaction: FakeInteraction) -> int:
    return CHAT_INPUT_COMMAND_MESSAGE if interaction.type == APPLICATION_COMMAND else 0


def _bad_type() -> ApiError:
    return ApiError(
        400,
        50035,
        errors={
            "type": {
                "_errors": [
                    {
                        "code": "INTERACTION_RESPONSE_TYPE_INVALID",
                        "message": "Interaction response type is invalid here",
                    }
                ]
            }
        },
    )
