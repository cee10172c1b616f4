"""Choices of several items in a private panel that are still being made.

A pick of up to 25 items is one Discord select with its min and max values: one click makes
the move. A longer list is paged, 25 to a page; what the player ticked on each page, and the
page of the list they are at, are kept here until they confirm, keyed by match, seat and the
digest of the prompt, so a choice never outlives the question it was made for. The list's page
is its own: the panel's pages of other moves turn apart from it. It is kept in memory only:
after a restart the player ticks again (the move itself is never half made).
"""

from __future__ import annotations

from collections import OrderedDict

from games.core import Pick

PAGE_SIZE = 25
# Choices kept at once across all tables; the oldest is forgotten first.
KEPT = 2_000

Key = tuple[int, int, str]


def pages(pick: Pick) -> int:
    return max(1, -(-len(pick.options) // PAGE_SIZE))


def page_options(pick: Pick, page: int) -> tuple[str, ...]:
    return pick.options[page * PAGE_SIZE:(page + 1) * PAGE_SIZE]


class PickChoices:
    def __init__(self) -> None:
        self._chosen: OrderedDict[Key, tuple[str, ...]] = OrderedDict()
        self._pages: OrderedDict[Key, int] = OrderedDict()

    def chosen(self, key: Key) -> tuple[str, ...]:
        return self._chosen.get(key, ())

    def page(self, key: Key) -> int:
        """The page of the list the player is at (the first until they turn it)."""
        return self._pages.get(key, 0)

    def turn(self, key: Key, page: int) -> None:
        self._pages[key] = page
        self._pages.move_to_end(key)
        while len(self._pages) > KEPT:
            self._pages.popitem(last=False)

    def set_page(self, key: Key, pick: Pick, page: int, ticked: list[str]) -> tuple[str, ...]:
        """Replaces what was ticked on ``page`` by ``ticked``; returns the whole choice, in
        the options' order."""
        on_page = set(page_options(pick, page))
        kept = {item for item in self.chosen(key) if item not in on_page}
        kept.update(item for item in ticked if item in on_page)
        choice = tuple(item for item in pick.options if item in kept)
        self._chosen[key] = choice
        self._chosen.move_to_end(key)
        while len(self._chosen) > KEPT:
            self._chosen.popitem(last=False)
        return choice

    def clear(self, key: Key) -> None:
        self._chosen.pop(key, None)
