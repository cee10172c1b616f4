"""``python -m bot``: the settings are read and checked before the bot's modules are imported,
so that a bad setting is said at once."""

from bot.settings import checked_settings

checked = checked_settings()
if checked is None:
    raise SystemExit(2)

from bot.app import main  # noqa: E402  (the second or two of imports, once the settings hold)

raise SystemExit(main(checked))
