"""Message payload checks Discord applies and discord.py does not (answered with 50035).

Each problem is a `FormError` with the dotted path of the offending field, so the error body can
be nested the way Discord nests it (`{"components": {"0": {"components": {"1": {"custom_id":
{"_errors": [...]}}}}}}`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .model import COMPONENTS_V2, JsonDict

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_EMBED_TITLE = 256
MAX_EMBED_DESCRIPTION = 4096
MAX_EMBED_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_FOOTER = 2048
MAX_AUTHOR_NAME = 256
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_SELECT_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_LABEL = 80
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_V2_COMPONENTS = 40

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
LINK_STYLE = 5
PREMIUM_STYLE = 6
SELECT_TYPES = (3, 5, 6, 7, 8)


@dataclass(frozen=True)
class FormError:
    path: str
    code: str
    message: str


def _too_long(path: str, limit: int) -> FormError:
    return FormError(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _check_length(errors: list[FormError], path: str, value: Any, limit: int) -> int:
    if value is None:
        return 0
    text = str(value)
    if len(text) > limit:
        errors.append(_too_long(path, limit))
    return len(text)


def validate_message(payload: JsonDict, *, prefix: str = "", creating: bool) -> list[FormError]:
    """Problems Discord would report for a message create or edit body."""
    errors: list[FormError] = []
    if "content" in payload:
        _check_length(errors, f"{prefix}content", payload["content"], MAX_CONTENT)
    embeds = payload.get("embeds") or []
    _validate_embeds(errors, embeds, prefix)
    flags = int(payload.get("flags") or 0)
    components = payload.get("components") or []
    if flags & COMPONENTS_V2:
        _validate_v2_components(errors, components, prefix)
    else:
        _validate_rows(errors, components, prefix)
    if creating and not any(
        (
            payload.get("content"),
            embeds,
            components,
            payload.get("attachments"),
            payload.get("poll"),
            payload.get("sticker_ids"),
        )
    ):
        errors.append(
            FormError(f"{prefix}content", "EMPTY_MESSAGE", "Cannot send an empty message")
        )
    return errors


def _validate_embeds(errors: list[FormError], embeds: list[JsonDict], prefix: str) -> None:
    if len(embeds) > MAX_EMBEDS:
        errors.append(_too_long(f"{prefix}embeds", MAX_EMBEDS))
    total = 0
    for index, embed in enumerate(embeds):
        path = f"{prefix}embeds.{index}."
        total += _check_length(errors, f"{path}title", embed.get("title"), MAX_EMBED_TITLE)
        total += _check_length(
            errors, f"{path}description", embed.get("description"), MAX_EMBED_DESCRIPTION
        )
        footer = embed.get("footer") or {}
        total += _check_length(errors, f"{path}footer.text", footer.get("text"), MAX_FOOTER)
        author = embed.get("author") or {}
        total += _check_length(errors, f"{path}author.name", author.get("name"), MAX_AUTHOR_NAME)
        fields = embed.get("fields") or []
        if len(fields) > MAX_EMBED_FIELDS:
            errors.append(_too_long(f"{path}fields", MAX_EMBED_FIELDS))
        for number, embed_field in enumerate(fields):
            field_path = f"{path}fields.{number}."
            for key, limit in (("name", MAX_FIELD_NAME), ("value", MAX_FIELD_VALUE)):
                value = embed_field.get(key)
                if value is None or str(value) == "":
                    errors.append(
                        FormError(
                            f"{field_path}{key}", "BASE_TYPE_REQUIRED", "This field is required"
                        )
                    )
                total += _check_length(errors, f"{field_path}{key}", value, limit)
    if total > MAX_EMBED_TOTAL:
        errors.append(
            FormError(
                f"{prefix}embeds",
                "MAX_EMBED_SIZE_EXCEEDED",
                "Embed size exceeds maximum size of 6000",
            )
        )


def _validate_rows(errors: list[FormError], rows: list[JsonDict], prefix: str) -> None:
    if len(rows) > MAX_ROWS:
        errors.append(_too_long(f"{prefix}components", MAX_ROWS))
    seen: set[str] = set()
    for row_index, row in enumerate(rows):
        row_path = f"{prefix}components.{row_index}."
        if row.get("type") != ACTION_ROW:
            errors.append(
                FormError(
                    f"{row_path}type",
                    "UNION_TYPE_CHOICES",
                    "Top-level components must be action rows",
                )
            )
            continue
        children = row.get("components") or []
        selects = [c for c in children if c.get("type") in SELECT_TYPES]
        if not children:
            errors.append(
                FormError(f"{row_path}components", "BASE_TYPE_REQUIRED", "This field is required")
            )
        if selects and len(children) > 1:
            errors.append(
                FormError(
                    f"{row_path}components",
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "A select fills its row",
                )
            )
        elif len(children) > MAX_BUTTONS_PER_ROW:
            errors.append(_too_long(f"{row_path}components", MAX_BUTTONS_PER_ROW))
        for child_index, child in enumerate(children):
            _validate_interactive(errors, child, f"{row_path}components.{child_index}.", seen)


def _validate_v2_components(
    errors: list[FormError], components: list[JsonDict], prefix: str
) -> None:
    seen: set[str] = set()
    count = 0

    def walk(items: list[JsonDict], path: str) -> None:
        nonlocal count
        for index, item in enumerate(items):
            count += 1
            item_path = f"{path}{index}."
            if item.get("type") in (BUTTON, *SELECT_TYPES):
                _validate_interactive(errors, item, item_path, seen)
            walk(item.get("components") or [], f"{item_path}components.")
            accessory = item.get("accessory")
            if isinstance(accessory, dict):
                count += 1
                _validate_interactive(errors, accessory, f"{item_path}accessory.", seen)

    walk(components, f"{prefix}components.")
    if count > MAX_V2_COMPONENTS:
        errors.append(_too_long(f"{prefix}components", MAX_V2_COMPONENTS))


def _validate_interactive(
    errors: list[FormError], item: JsonDict, path: str, seen: set[str]
) -> None:
    kind = item.get("type")
    custom_id = item.get("custom_id")
    needs_custom_id = kind in SELECT_TYPES or (
        kind == BUTTON and item.get("style") not in (LINK_STYLE, PREMIUM_STYLE)
    )
    if needs_custom_id:
        if not custom_id:
            errors.append(
                FormError(f"{path}custom_id", "BASE_TYPE_REQUIRED", "This field is required")
            )
        elif len(custom_id) > MAX_CUSTOM_ID:
            errors.append(_too_long(f"{path}custom_id", MAX_CUSTOM_ID))
        elif custom_id in seen:
            errors.append(
                FormError(
                    f"{path}custom_id",
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            )
        if custom_id:
            seen.add(custom_id)
    if kind == BUTTON:
        _check_length(errors, f"{path}label", item.get("label"), MAX_LABEL)
        if item.get("style") == LINK_STYLE and not item.get("url"):
            errors.append(FormError(f"{path}url", "BASE_TYPE_REQUIRED", "This field is required"))
        if not item.get("label") and not item.get("emoji") and item.get("style") != PREMIUM_STYLE:
            errors.append(
                FormError(
                    f"{path}label", "BASE_TYPE_REQUIRED", "A button needs a label or an emoji"
                )
            )
    if kind in SELECT_TYPES:
        _check_length(errors, f"{path}placeholder", item.get("placeholder"), MAX_PLACEHOLDER)
        _validate_select_counts(errors, item, path)
    if kind == STRING_SELECT:
        options = item.get("options") or []
        if not options:
            errors.append(
                FormError(f"{path}options", "BASE_TYPE_REQUIRED", "This field is required")
            )
        if len(options) > MAX_SELECT_OPTIONS:
            errors.append(_too_long(f"{path}options", MAX_SELECT_OPTIONS))
        values: set[str] = set()
        for index, option in enumerate(options):
            option_path = f"{path}options.{index}."
            for key in ("label", "value", "description"):
                _check_length(errors, f"{option_path}{key}", option.get(key), MAX_OPTION_TEXT)
            value = str(option.get("value"))
            if value in values:
                errors.append(
                    FormError(
                        f"{option_path}value",
                        "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                        "Option values must be unique",
                    )
                )
            values.add(value)


def _validate_select_counts(errors: list[FormError], item: JsonDict, path: str) -> None:
    low = int(item.get("min_values", 1))
    high = int(item.get("max_values", 1))
    if not 0 <= low <= MAX_SELECT_OPTIONS:
        errors.append(
            FormError(f"{path}min_values", "NUMBER_TYPE_MAX", "min_values must be 0 to 25")
        )
    if not 1 <= high <= MAX_SELECT_OPTIONS or high < low:
        errors.append(
            FormError(
                f"{path}max_values", "NUMBER_TYPE_MAX", "max_values must be 1 to 25, >= min_values"
            )
        )
    options = item.get("options")
    if item.get("type") == STRING_SELECT and options is not None and high > len(options):
        errors.append(
            FormError(
                f"{path}max_values", "NUMBER_TYPE_MAX", "max_values exceeds the number of options"
            )
        )


def validate_modal(payload: JsonDict, *, prefix: str = "data.") -> list[FormError]:
    errors: list[FormError] = []
    custom_id = payload.get("custom_id")
    if not custom_id:
        errors.append(
            FormError(f"{prefix}custom_id", "BASE_TYPE_REQUIRED", "This field is required")
        )
    else:
        _check_length(errors, f"{prefix}custom_id", custom_id, MAX_CUSTOM_ID)
    title = payload.get("title")
    if not title:
        errors.append(FormError(f"{prefix}title", "BASE_TYPE_REQUIRED", "This field is required"))
    else:
        _check_length(errors, f"{prefix}title", title, 45)
    if not payload.get("components"):
        errors.append(
            FormError(f"{prefix}components", "BASE_TYPE_REQUIRED", "This field is required")
        )
    return errors


def nest_errors(problems: list[FormError]) -> JsonDict:
    """Discord's nested `errors` object from flat dotted paths."""
    root: JsonDict = {}
    for problem in problems:
        node = root
        for part in problem.path.split("."):
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": problem.code, "message": problem.message})
    return root
