"""The README's invite permissions: the integer it gives is the sum of the table above it."""

from __future__ import annotations

import re
from pathlib import Path

import discord

README = Path(__file__).parent.parent / "README.md"
# Discord's names in the portal where discord.py's flag is named differently.
FLAG_NAMES = {"view_channels": "view_channel"}


def test_the_invite_integer_is_the_sum_of_the_permission_table() -> None:
    text = README.read_text(encoding="utf-8")
    table = text.split("| permission | why |", 1)[1].split("\n\n", 1)[0]
    names = [row.split("|")[1].strip() for row in table.strip().splitlines()[1:]]
    assert {"Attach Files", "Create Private Threads", "Send Messages"} <= set(names)
    permissions = discord.Permissions.none()
    for name in names:
        flag = name.lower().replace(" ", "_")
        setattr(permissions, FLAG_NAMES.get(flag, flag), True)
    stated = re.search(r"permissions integer `(\d+)`", text)
    assert stated is not None
    assert int(stated.group(1)) == permissions.value
